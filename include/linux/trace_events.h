/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tracing core shares with code that records or prints entries:
 * the header every entry starts with, the iterator a printer is handed,
 * the registry of entry types (struct trace_event), and the context word
 * (irq state, preempt depth) that writers pack into each header.
 *
 * The event machinery proper (struct trace_event_call and its files,
 * filters, triggers, perf and BPF hooks) is CONFIG_EVENT_TRACING's and
 * has only declarations here while that option cannot be selected.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/hardirq.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_array;
struct array_buffer;
struct tracer;
struct dentry;
struct bpf_prog;
union bpf_attr;
struct trace_event_call;
struct trace_event_file;
struct event_filter;
struct trace_event;

/*
 * The first bytes of every entry the tracing core writes (binary ABI:
 * the common_* fields of every format file).
 */
struct trace_entry {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
};

#define TRACE_EVENT_TYPE_MAX						\
	((1 << (sizeof(((struct trace_entry *)0)->type) * 8)) - 1)

/*
 * A reader's position in a trace array's buffer, and the text it is
 * building. Printers (struct trace_event_functions) write into seq; the
 * fields from seq on are reset for each read of a consuming reader.
 */
struct trace_iterator {
	struct trace_array	*tr;
	struct tracer		*trace;
	struct array_buffer	*array_buffer;
	void			*private;
	int			cpu_file;
	struct mutex		mutex;	/* one reader of this open file at a time */
	struct ring_buffer_iter	**buffer_iter;
	unsigned long		iter_flags;
	void			*temp;
	unsigned int		temp_size;
	char			*fmt;
	unsigned int		fmt_size;
	long			wait_index;

	/* scratch for the __print_*() helpers of event output */
	struct trace_seq	tmp_seq;

	cpumask_var_t		started;

	/* reading the snapshot buffer rather than the live one */
	bool			snapshot;

	/* reset on every read of trace_pipe */
	struct trace_seq	seq;
	struct trace_entry	*ent;
	unsigned long		lost_events;
	int			leftover;
	int			ent_size;
	int			cpu;
	u64			ts;

	loff_t			pos;
	long			idx;
};

enum trace_iter_flags {
	TRACE_FILE_LAT_FMT	= 1,
	TRACE_FILE_ANNOTATE	= 2,
	TRACE_FILE_TIME_IN_NS	= 4,
};

/* What a printer reports for one entry. */
enum print_line_t {
	TRACE_TYPE_PARTIAL_LINE	= 0,	/* the seq filled up: retry later */
	TRACE_TYPE_HANDLED	= 1,
	TRACE_TYPE_UNHANDLED	= 2,	/* let the default printer try */
	TRACE_TYPE_NO_CONSUME	= 3	/* handled, but keep the entry */
};

typedef enum print_line_t (*trace_print_func)(struct trace_iterator *iter,
					      int flags,
					      struct trace_event *event);

struct trace_event_functions {
	trace_print_func	trace;
	trace_print_func	raw;
	trace_print_func	hex;
	trace_print_func	binary;
};

/*
 * An entry type: its number (given by register_trace_event() when 0)
 * and how to print it in each output format.
 */
struct trace_event {
	struct hlist_node		node;
	struct list_head		list;
	int				type;
	struct trace_event_functions	*funcs;
};

int register_trace_event(struct trace_event *event);
int unregister_trace_event(struct trace_event *event);

enum print_line_t trace_handle_return(struct trace_seq *s);

int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event);
__printf(2, 3)
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...);
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...);

/* The context bits of trace_entry.flags. */
enum trace_flag_type {
	TRACE_FLAG_IRQS_OFF		= 0x01,
	TRACE_FLAG_IRQS_NOSUPPORT	= 0x02,
	TRACE_FLAG_NEED_RESCHED		= 0x04,
	TRACE_FLAG_HARDIRQ		= 0x08,
	TRACE_FLAG_SOFTIRQ		= 0x10,
	TRACE_FLAG_PREEMPT_RESCHED	= 0x20,
	TRACE_FLAG_NMI			= 0x40,
	TRACE_FLAG_BH_OFF		= 0x80,
};

/*
 * The context word: TRACE_FLAG_* in bits 16-23, the preempt depth
 * (saturated at 15) in bits 0-3 and the migrate-disable depth (also
 * saturated) in bits 4-7, so that an entry header takes it as is.
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status);

/* The context word for saved irq flags (ignored without irq tracing). */
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	unsigned int irqs = TRACE_FLAG_IRQS_NOSUPPORT;

	if (IS_ENABLED(CONFIG_TRACE_IRQFLAGS_SUPPORT))
		irqs = irqs_disabled_flags(irqflags) ? TRACE_FLAG_IRQS_OFF : 0;
	return tracing_gen_ctx_irq_test(irqs);
}

/* The context word of the current context. */
static inline unsigned int tracing_gen_ctx(void)
{
	unsigned long irqflags = 0;

	if (IS_ENABLED(CONFIG_TRACE_IRQFLAGS_SUPPORT))
		local_save_flags(irqflags);
	return tracing_gen_ctx_flags(irqflags);
}

/*
 * The context of the caller of the code that asks: a tracepoint probe
 * runs with preemption disabled by the tracepoint itself, which is not
 * the traced code's depth.
 */
static inline unsigned int tracing_gen_ctx_dec(void)
{
	unsigned int trace_ctx = tracing_gen_ctx();

	if (IS_ENABLED(CONFIG_PREEMPTION) && (trace_ctx & 0xf))
		trace_ctx--;
	return trace_ctx;
}

static inline void tracing_generic_entry_update(struct trace_entry *entry,
						unsigned short type,
						unsigned int trace_ctx)
{
	entry->type = type;
	entry->pid = current->pid;
	entry->preempt_count = trace_ctx & 0xff;
	entry->flags = trace_ctx >> 16;
}

struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx);

#define TRACE_RECORD_CMDLINE	BIT(0)
#define TRACE_RECORD_TGID	BIT(1)

void tracing_record_taskinfo(struct task_struct *task, int flags);
void tracing_record_taskinfo_sched_switch(struct task_struct *prev,
					  struct task_struct *next, int flags);
void tracing_record_cmdline(struct task_struct *task);
void tracing_record_tgid(struct task_struct *task);

enum trace_reg {
	TRACE_REG_REGISTER,
	TRACE_REG_UNREGISTER,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER,
	TRACE_REG_PERF_UNREGISTER,
	TRACE_REG_PERF_OPEN,
	TRACE_REG_PERF_CLOSE,
	TRACE_REG_PERF_ADD,
	TRACE_REG_PERF_DEL,
#endif
};

/* How a probe's bpf program is run: no BPF events in this build. */
static inline unsigned int trace_call_bpf(struct trace_event_call *call,
					  void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event,
					     struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event) { }

static inline int perf_event_query_prog_array(struct perf_event *event,
					      void __user *info)
{
	return -EOPNOTSUPP;
}

struct bpf_raw_event_map;

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_prog *p)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_prog *p)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp) { }

static inline int bpf_get_perf_event_info(const struct perf_event *event,
					  u32 *prog_id, u32 *fd_type,
					  const char **buf, u64 *probe_offset,
					  u64 *probe_addr)
{
	return -EOPNOTSUPP;
}

static inline int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

/* Entries of struct trace_event_file's flags that other code tests. */
enum {
	EVENT_FILE_FL_ENABLED_BIT,
	EVENT_FILE_FL_RECORDED_CMD_BIT,
	EVENT_FILE_FL_RECORDED_TGID_BIT,
	EVENT_FILE_FL_FILTERED_BIT,
	EVENT_FILE_FL_NO_SET_FILTER_BIT,
	EVENT_FILE_FL_SOFT_MODE_BIT,
	EVENT_FILE_FL_SOFT_DISABLED_BIT,
	EVENT_FILE_FL_TRIGGER_MODE_BIT,
	EVENT_FILE_FL_TRIGGER_COND_BIT,
	EVENT_FILE_FL_PID_FILTER_BIT,
	EVENT_FILE_FL_WAS_ENABLED_BIT,
};

#define PERF_MAX_TRACE_SIZE	8192

#ifdef CONFIG_PERF_EVENTS
/* perf's own, defined in kernel/events/core.c whatever tracing has */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif

#endif /* _LINUX_TRACE_EVENT_H */
