/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tracing core shares with code that records or prints entries:
 * the header every entry starts with, the iterator a printer is handed,
 * the registry of entry types (struct trace_event), and the context word
 * (irq state, preempt depth) that writers pack into each header.
 *
 * Then the event machinery (CONFIG_EVENT_TRACING): the descriptors the
 * TRACE_EVENT() macros of include/trace/trace_events.h emit for each
 * event (struct trace_event_class, trace_event_call and the field table),
 * the per-instance state of an event (struct trace_event_file), and the
 * runtime calls the generated probes make. The structures are defined
 * whatever the configuration, as upstream does, because perf, modules
 * and syscall metadata embed pointers to them; what they call is built
 * only with CONFIG_EVENT_TRACING (perf's part with CONFIG_PERF_EVENTS).
 * Names, field names and flag bits are upstream's: other kernel code and
 * out-of-tree modules use them.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
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
struct trace_subsystem_dir;
struct module;

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

/*
 * The helpers behind __print_flags(), __print_symbolic(), __get_bitmask(),
 * __print_hex(), __print_array() and __print_hex_dump() in an event's
 * TP_printk(): each appends its text to @p (the iterator's tmp_seq) and
 * returns where that text starts, for a "%s" of the event's format.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array);
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array);
#if BITS_PER_LONG == 32
/* On 64-bit, the _u64 forms of the macros use the ones above. */
const char *
trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
			  unsigned long long flags,
			  const struct trace_print_flags_u64 *flag_array);
const char *
trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
			    const struct trace_print_flags_u64 *symbol_array);
#endif
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size);
const char *trace_print_hex_seq(struct trace_seq *p,
				const unsigned char *buf, int len,
				bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size);
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii);

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

/* ------------------------------------------------------------------ */
/* The event machinery                                                 */
/* ------------------------------------------------------------------ */

/* What trace_event_class.reg() is asked to do for an event. */
enum trace_reg {
	TRACE_REG_REGISTER,
	TRACE_REG_UNREGISTER,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER,
	TRACE_REG_PERF_UNREGISTER,
	TRACE_REG_PERF_OPEN,
	TRACE_REG_PERF_CLOSE,
	/* ADD and DEL return 1 when reg() did the job itself, else 0. */
	TRACE_REG_PERF_ADD,
	TRACE_REG_PERF_DEL,
#endif
};

/* A field table entry's type for "ask define_fields() instead". */
#define TRACE_FUNCTION_TYPE ((const char *)~0UL)

/*
 * One entry of a class's field table (class->fields_array), ended by an
 * entry whose type is NULL. An entry either describes one field of the
 * record, which is placed at the next offset aligned to @align, or, when
 * @type is TRACE_FUNCTION_TYPE, names a function that adds the fields
 * itself with trace_define_field() (for records of variable shape).
 */
struct trace_event_fields {
	const char *type;
	union {
		struct {
			const char *name;
			const int  size;
			const int  align;
			const int  is_signed;
			const int  filter_type;
			const int  len;
		};
		int (*define_fields)(struct trace_event_call *call);
	};
};

/*
 * What the events of a DECLARE_EVENT_CLASS() share: the record's shape,
 * the probes that fill it, and how they are attached.
 */
struct trace_event_class {
	const char		*system;
	void			*probe;		/* the tracing probe */
#ifdef CONFIG_PERF_EVENTS
	void			*perf_probe;
#endif
	int			(*reg)(struct trace_event_call *event,
				       enum trace_reg type, void *data);
	struct trace_event_fields *fields_array;
	/* set for classes whose fields differ from event to event */
	struct list_head	*(*get_fields)(struct trace_event_call *call);
	/* the struct ftrace_event_field list built from fields_array */
	struct list_head	fields;
	int			(*raw_init)(struct trace_event_call *call);
};

/* The reg() of tracepoint events: attaches class->probe (or perf_probe). */
int trace_event_reg(struct trace_event_call *event,
		    enum trace_reg type, void *data);

/*
 * One field of an event's record, as the format file shows it and the
 * filter engine looks it up (class->fields or get_fields()).
 */
struct ftrace_event_field {
	struct list_head	link;
	const char		*name;
	const char		*type;
	int			filter_type;
	int			offset;
	int			size;
	int			is_signed;
	int			len;
};

/*
 * A record being written by a probe: trace_event_buffer_reserve() fills
 * it in, the probe writes the record at @entry, and
 * trace_event_buffer_commit() filters, triggers and commits it.
 */
struct trace_event_buffer {
	struct trace_buffer		*buffer;
	struct ring_buffer_event	*event;
	struct trace_event_file		*trace_file;
	void				*entry;
	unsigned int			trace_ctx;
	struct pt_regs			*regs;
};

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len);
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer);

/* Bits of trace_event_call.flags: what kind of event it is. */
enum {
	TRACE_EVENT_FL_FILTERED_BIT,
	TRACE_EVENT_FL_CAP_ANY_BIT,
	TRACE_EVENT_FL_NO_SET_FILTER_BIT,
	TRACE_EVENT_FL_IGNORE_ENABLE_BIT,
	TRACE_EVENT_FL_TRACEPOINT_BIT,
	TRACE_EVENT_FL_DYNAMIC_BIT,
	TRACE_EVENT_FL_KPROBE_BIT,
	TRACE_EVENT_FL_UPROBE_BIT,
	TRACE_EVENT_FL_EPROBE_BIT,
	TRACE_EVENT_FL_CUSTOM_BIT,
};

/*
 *  FILTERED:      a filter is attached (perf's)
 *  CAP_ANY:       perf lets unprivileged users open it
 *  NO_SET_FILTER: the filter failed to apply and is ignored
 *  IGNORE_ENABLE: internal event, not enabled through its enable file
 *  TRACEPOINT:    the event sits on a tracepoint (call->tp, not call->name)
 *  DYNAMIC:       created at run time, counted by call->refcnt
 *  KPROBE/UPROBE/EPROBE: a probe event of that kind
 *  CUSTOM:        a custom event not yet bound to its tracepoint
 */
enum {
	TRACE_EVENT_FL_FILTERED		= (1 << TRACE_EVENT_FL_FILTERED_BIT),
	TRACE_EVENT_FL_CAP_ANY		= (1 << TRACE_EVENT_FL_CAP_ANY_BIT),
	TRACE_EVENT_FL_NO_SET_FILTER	= (1 << TRACE_EVENT_FL_NO_SET_FILTER_BIT),
	TRACE_EVENT_FL_IGNORE_ENABLE	= (1 << TRACE_EVENT_FL_IGNORE_ENABLE_BIT),
	TRACE_EVENT_FL_TRACEPOINT	= (1 << TRACE_EVENT_FL_TRACEPOINT_BIT),
	TRACE_EVENT_FL_DYNAMIC		= (1 << TRACE_EVENT_FL_DYNAMIC_BIT),
	TRACE_EVENT_FL_KPROBE		= (1 << TRACE_EVENT_FL_KPROBE_BIT),
	TRACE_EVENT_FL_UPROBE		= (1 << TRACE_EVENT_FL_UPROBE_BIT),
	TRACE_EVENT_FL_EPROBE		= (1 << TRACE_EVENT_FL_EPROBE_BIT),
	TRACE_EVENT_FL_CUSTOM		= (1 << TRACE_EVENT_FL_CUSTOM_BIT),
};

#define TRACE_EVENT_FL_UKPROBE (TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_UPROBE)

/*
 * One event (event_<name> for a TRACE_EVENT()): its class, its name or
 * tracepoint, its entry type and printers, and TP_printk()'s text.
 */
struct trace_event_call {
	struct list_head	list;
	struct trace_event_class *class;
	union {
		const char		*name;
		struct tracepoint	*tp;	/* with TRACE_EVENT_FL_TRACEPOINT */
	};
	struct trace_event	event;
	char			*print_fmt;
	struct event_filter	*filter;
	/* static events live as long as their module, dynamic ones count */
	union {
		void			*module;
		atomic_t		refcnt;
	};
	void			*data;
	int			flags;		/* TRACE_EVENT_FL_* */

#ifdef CONFIG_PERF_EVENTS
	int				perf_refcount;
	struct hlist_head __percpu	*perf_events;
	struct bpf_prog_array __rcu	*prog_array;

	int	(*perf_perm)(struct trace_event_call *tp_event,
			     struct perf_event *p_event);
#endif
};

#ifdef CONFIG_DYNAMIC_EVENTS
bool trace_event_dyn_try_get_ref(struct trace_event_call *call);
void trace_event_dyn_put_ref(struct trace_event_call *call);
bool trace_event_dyn_busy(struct trace_event_call *call);
#else
/* No dynamic events in this build: nothing calls these for real. */
static inline bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	return false;
}

static inline void trace_event_dyn_put_ref(struct trace_event_call *call) { }

static inline bool trace_event_dyn_busy(struct trace_event_call *call)
{
	return true;
}
#endif

/*
 * Keep an event from going while it is used: an event of a module pins
 * the module, a dynamic event (none in this build yet) counts its users.
 */
static inline bool trace_event_try_get_ref(struct trace_event_call *call)
{
	bool dynamic = call->flags & TRACE_EVENT_FL_DYNAMIC;

	return dynamic ? trace_event_dyn_try_get_ref(call) :
			 try_module_get(call->module);
}

static inline void trace_event_put_ref(struct trace_event_call *call)
{
	if (!(call->flags & TRACE_EVENT_FL_DYNAMIC)) {
		module_put(call->module);
		return;
	}
	trace_event_dyn_put_ref(call);
}

/*
 * Dynamic events made from kernel code, as a line of their definition
 * file would make them (kernel/trace/probes/dynevent.c): a command is
 * built in a caller's buffer, then run by dynevent_create().
 */
#define MAX_DYNEVENT_CMD_LEN	(2048)

enum dynevent_type {
	DYNEVENT_TYPE_SYNTH = 1,
	DYNEVENT_TYPE_KPROBE,
	DYNEVENT_TYPE_NONE,
};

struct dynevent_cmd;

typedef int (*dynevent_create_fn_t)(struct dynevent_cmd *cmd);

struct dynevent_cmd {
	struct seq_buf		seq;		/* the definition so far */
	const char		*event_name;
	unsigned int		n_fields;
	enum dynevent_type	type;
	dynevent_create_fn_t	run_command;
	void			*private_data;
};

int dynevent_create(struct dynevent_cmd *cmd);

#ifdef CONFIG_SYNTH_EVENTS
/*
 * Synthetic events made and recorded by kernel code
 * (kernel/trace/hist/synth_event.c has each function's description).
 */
struct synth_field_desc {
	const char	*type;
	const char	*name;
};

struct synth_event;

/* A record being filled field by field (synth_event_trace_start()). */
struct synth_event_trace_state {
	struct trace_event_buffer	fbuffer;
	void				*entry;
	struct trace_buffer		*buffer;
	struct synth_event		*event;
	unsigned int			cur_field;
	unsigned int			n_u64;
	bool				disabled;
	bool				add_next;
	bool				add_name;
};

int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod);
int synth_event_delete(const char *name);
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...);
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields);
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name);
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name);
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields);
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...);
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals);
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state);
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state);
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state);
int synth_event_trace_end(struct synth_event_trace_state *trace_state);

/* The fields after name are pairs of strings, type then name; NULL ends. */
#define synth_event_gen_cmd_start(cmd, name, mod, ...)			\
	__synth_event_gen_cmd_start(cmd, name, mod, ## __VA_ARGS__, NULL)
#define synth_event_gen_cmd_end(cmd)	dynevent_create(cmd)
#endif

#ifdef CONFIG_KPROBE_EVENTS
int kprobe_event_delete(const char *name);
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...);
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...);

/* The arguments after loc, and the fields, are strings; NULL ends them. */
#define kprobe_event_gen_cmd_start(cmd, name, loc, ...)			\
	__kprobe_event_gen_cmd_start(cmd, false, name, loc, ## __VA_ARGS__, NULL)
#define kretprobe_event_gen_cmd_start(cmd, name, loc, ...)		\
	__kprobe_event_gen_cmd_start(cmd, true, name, loc, ## __VA_ARGS__, NULL)
#define kprobe_event_add_fields(cmd, ...)				\
	__kprobe_event_add_fields(cmd, ## __VA_ARGS__, NULL)
#define kprobe_event_add_field(cmd, field)				\
	__kprobe_event_add_fields(cmd, field, NULL)
#define kprobe_event_gen_cmd_end(cmd)		dynevent_create(cmd)
#define kretprobe_event_gen_cmd_end(cmd)	dynevent_create(cmd)
#endif

#ifdef CONFIG_PERF_EVENTS
/*
 * Whether the event has BPF programs: a racy peek used only as a hint.
 * A hook that sees none skips trace_call_bpf(); one that sees some has
 * trace_call_bpf() read the array again, under RCU.
 */
static inline bool bpf_prog_array_valid(struct trace_event_call *call)
{
	return !!READ_ONCE(call->prog_array);
}
#endif

static inline const char *trace_event_name(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_CUSTOM)
		return call->name;
	if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
		return call->tp ? call->tp->name : NULL;
	return call->name;
}

static inline struct list_head *
trace_get_fields(struct trace_event_call *event_call)
{
	struct trace_event_class *class = event_call->class;

	if (class->get_fields)
		return class->get_fields(event_call);
	return &class->fields;
}

#ifdef CONFIG_BPF_EVENTS
/* kernel/trace/bpf: BPF programs on the tracing hooks */
unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx);
int perf_event_attach_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			       u64 bpf_cookie);
void perf_event_detach_bpf_prog(struct perf_event *event);
int perf_event_query_prog_array(struct perf_event *event, void __user *info);
struct bpf_raw_event_map;
int bpf_probe_register(struct bpf_raw_event_map *btp, struct bpf_prog *prog);
int bpf_probe_unregister(struct bpf_raw_event_map *btp, struct bpf_prog *prog);
struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name);
void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp);
int bpf_get_perf_event_info(const struct perf_event *event, u32 *prog_id,
			    u32 *fd_type, const char **buf,
			    u64 *probe_offset, u64 *probe_addr);
int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog);
/* a raw tracepoint's probe runs its program on its arguments, as u64s */
void bpf_trace_run_args(struct bpf_prog *prog, u64 *args);
#else
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
#endif

/* Bits of trace_event_file.flags. */
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
	EVENT_FILE_FL_FREED_BIT,
};

/*
 *  ENABLED:       the event records in this instance
 *  RECORDED_CMD:  it asked for comms to be saved (sched_switch)
 *  RECORDED_TGID: it asked for tgids to be saved
 *  FILTERED:      a filter is attached in this instance
 *  NO_SET_FILTER: the filter failed to apply and is ignored
 *  SOFT_MODE:     enabled on behalf of triggers; SOFT_DISABLED decides
 *  SOFT_DISABLED: do not record, although the probe is attached
 *  TRIGGER_MODE:  triggers are attached and must be run
 *  TRIGGER_COND:  some trigger needs the record (has a filter)
 *  PID_FILTER:    the instance filters events by pid
 *  WAS_ENABLED:   was ever enabled (clear the buffer on module removal)
 *  FREED:         the file is going away; only its refcount is valid
 */
enum {
	EVENT_FILE_FL_ENABLED		= (1 << EVENT_FILE_FL_ENABLED_BIT),
	EVENT_FILE_FL_RECORDED_CMD	= (1 << EVENT_FILE_FL_RECORDED_CMD_BIT),
	EVENT_FILE_FL_RECORDED_TGID	= (1 << EVENT_FILE_FL_RECORDED_TGID_BIT),
	EVENT_FILE_FL_FILTERED		= (1 << EVENT_FILE_FL_FILTERED_BIT),
	EVENT_FILE_FL_NO_SET_FILTER	= (1 << EVENT_FILE_FL_NO_SET_FILTER_BIT),
	EVENT_FILE_FL_SOFT_MODE		= (1 << EVENT_FILE_FL_SOFT_MODE_BIT),
	EVENT_FILE_FL_SOFT_DISABLED	= (1 << EVENT_FILE_FL_SOFT_DISABLED_BIT),
	EVENT_FILE_FL_TRIGGER_MODE	= (1 << EVENT_FILE_FL_TRIGGER_MODE_BIT),
	EVENT_FILE_FL_TRIGGER_COND	= (1 << EVENT_FILE_FL_TRIGGER_COND_BIT),
	EVENT_FILE_FL_PID_FILTER	= (1 << EVENT_FILE_FL_PID_FILTER_BIT),
	EVENT_FILE_FL_WAS_ENABLED	= (1 << EVENT_FILE_FL_WAS_ENABLED_BIT),
	EVENT_FILE_FL_FREED		= (1 << EVENT_FILE_FL_FREED_BIT),
};

/*
 * An event in one trace instance: its directory there, its filter and
 * triggers. The probe of a tracepoint event is attached with the file as
 * its data. @flags is changed with atomic bit operations only; the probe
 * reads it unlocked, so a change may take a moment to be seen.
 */
struct trace_event_file {
	struct list_head		list;
	struct trace_event_call		*event_call;
	struct event_filter __rcu	*filter;
	struct dentry			*dir;
	struct trace_array		*tr;
	struct trace_subsystem_dir	*system;
	struct list_head		triggers;
	unsigned long			flags;	/* EVENT_FILE_FL_* */
	atomic_t			ref;	/* open files and users */
	atomic_t			sm_ref;	/* soft-mode users */
	atomic_t			tm_ref;	/* trigger-mode users */
};

/* A module's handle on an event of an instance (NULL instance: top). */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event);
void trace_put_event_file(struct trace_event_file *file);

/*
 * TRACE_EVENT_FLAGS() and TRACE_EVENT_PERF_PERM(), applied at boot to
 * the event_<name> defined before. Each ends with a function body, so
 * that the bare macro call in a trace header needs no semicolon.
 */
#define __TRACE_EVENT_FLAGS(name, value)				\
	static int __init trace_init_flags_##name(void);		\
	early_initcall(trace_init_flags_##name);			\
	static int __init trace_init_flags_##name(void)			\
	{								\
		event_##name.flags |= value;				\
		return 0;						\
	}

#define __TRACE_EVENT_PERF_PERM(name, expr...)				\
	static int perf_perm_##name(struct trace_event_call *tp_event,	\
				    struct perf_event *p_event)		\
	{								\
		return ({ expr; });					\
	}								\
	static int __init trace_init_perf_perm_##name(void);		\
	early_initcall(trace_init_perf_perm_##name);			\
	static int __init trace_init_perf_perm_##name(void)		\
	{								\
		event_##name.perf_perm = &perf_perm_##name;		\
		return 0;						\
	}

#define PERF_MAX_TRACE_SIZE	8192

/* The longest string a filter compares (a symbol name fits). */
#define MAX_FILTER_STR_VAL	256U

enum event_trigger_type {
	ETT_NONE		= (0),
	ETT_TRACE_ONOFF		= (1 << 0),
	ETT_SNAPSHOT		= (1 << 1),
	ETT_STACKTRACE		= (1 << 2),
	ETT_EVENT_ENABLE	= (1 << 3),
	ETT_EVENT_HIST		= (1 << 4),
	ETT_HIST_ENABLE		= (1 << 5),
	ETT_EVENT_EPROBE	= (1 << 6),
};

int filter_match_preds(struct event_filter *filter, void *rec);

enum event_trigger_type
event_triggers_call(struct trace_event_file *file,
		    struct trace_buffer *buffer, void *rec,
		    struct ring_buffer_event *event);
void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt);

/* True if the instance's pid filter drops events of the current task. */
bool trace_event_ignore_this_pid(struct trace_event_file *trace_file);

/* The slow path of trace_trigger_soft_disabled(). */
bool __trace_trigger_soft_disabled(struct trace_event_file *file);

/**
 * trace_trigger_soft_disabled - run a probe's record-less work first
 * @file: the event file the probe runs for
 *
 * Triggers that do not look at the record run here, before any space is
 * reserved. The flags are read once, unlocked: a racing change of them
 * only makes this one event follow the old or the new setting.
 *
 * Return: true if the probe must not record (soft-disabled, or its pid
 * is filtered out), false to go on.
 */
static __always_inline bool
trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long eflags = READ_ONCE(file->flags);

	if (likely(!(eflags & (EVENT_FILE_FL_TRIGGER_MODE |
			       EVENT_FILE_FL_SOFT_DISABLED |
			       EVENT_FILE_FL_PID_FILTER))))
		return false;
	/* triggers that need the record run at commit, which decides */
	if (likely(eflags & EVENT_FILE_FL_TRIGGER_COND))
		return false;
	return __trace_trigger_soft_disabled(file);
}

/* The filter_type of a field, for the filter engine. */
enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_COMM,
	FILTER_CPU,
};

/* The raw_init of tracepoint events: registers the entry type. */
int trace_event_raw_init(struct trace_event_call *call);
int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size,
		       int is_signed, int filter_type);
int trace_add_event_call(struct trace_event_call *call);
int trace_remove_event_call(struct trace_event_call *call);
/* Where the dynamic data of @call's records starts (its last field's end). */
int trace_event_get_offsets(struct trace_event_call *call);

int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set);
int trace_set_clr_event(const char *system, const char *event, int set);
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable);

#ifdef CONFIG_PERF_EVENTS
DECLARE_PER_CPU(struct pt_regs, perf_trace_regs);

/* The "tracepoint" PMU of perf (kernel/trace/trace_event_perf.c). */
int perf_trace_init(struct perf_event *event);
void perf_trace_destroy(struct perf_event *event);
int perf_trace_add(struct perf_event *event, int flags);
void perf_trace_del(struct perf_event *event, int flags);
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str);
void ftrace_profile_free_filter(struct perf_event *event);
#ifdef CONFIG_KPROBE_EVENTS
/* The "kprobe" PMU (kernel/trace/probes/kprobe_event.c). */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe);
void perf_kprobe_destroy(struct perf_event *event);
/* BPF_TASK_FD_QUERY of a kprobe event's perf event (kprobe_event.c) */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint);
#endif
#ifdef CONFIG_UPROBE_EVENTS
/* The "uprobe" PMU (kernel/trace/probes/uprobe_event.c). */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe);
void perf_uprobe_destroy(struct perf_event *event);
/* BPF_TASK_FD_QUERY of a uprobe event's perf event (uprobe_event.c) */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint);
#endif

/* What a perf probe records into: a per-CPU, per-context buffer. */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp);
void perf_trace_buf_update(void *record, u16 type);

/* perf's own, defined in kernel/events/core.c whatever tracing has */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
void perf_trace_run_bpf_submit(void *raw_data, int size, int rctx,
			       struct trace_event_call *call, u64 count,
			       struct pt_regs *regs, struct hlist_head *head,
			       struct task_struct *task);

/* Hand a record from perf_trace_buf_alloc() to the perf events on @head. */
static inline void
perf_trace_buf_submit(void *raw_data, int size, int rctx, u16 type,
		      u64 count, struct pt_regs *regs, void *head,
		      struct task_struct *task)
{
	perf_tp_event(type, count, raw_data, size, regs, head, rctx, task);
}
#endif

/* The longest string __assign_vstr() records, with its NUL. */
#define TRACE_EVENT_STR_MAX	512

/*
 * The length __vstring() reserves for @fmt with the arguments in *@va
 * (a va_list *). A macro: a va_list cannot be passed to an inline.
 */
#define __trace_event_vstr_len(fmt, va)				\
({								\
	va_list __vs_args;					\
	int __vs_len;						\
								\
	va_copy(__vs_args, *(va));				\
	__vs_len = vsnprintf(NULL, 0, fmt, __vs_args) + 1;	\
	va_end(__vs_args);					\
	min(__vs_len, TRACE_EVENT_STR_MAX);			\
})

#endif /* _LINUX_TRACE_EVENT_H */

/*
 * Custom events (include/trace/trace_custom_events.h) are not part of
 * this build: their forms expand to nothing. Outside the include guard,
 * like upstream, so that each trace header read gets them back.
 */
#ifndef TRACE_CUSTOM_EVENT
#define DECLARE_CUSTOM_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_CUSTOM_EVENT(template, name, proto, args)
#define TRACE_CUSTOM_EVENT(name, proto, args, struct, assign, print)
#endif
