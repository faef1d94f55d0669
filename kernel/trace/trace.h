/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing core's internal interface.
 *
 * A trace array (struct trace_array) is one independent tracing setup:
 * the top-level one at /sys/kernel/tracing, and one per directory made
 * under instances/. Each owns a ring buffer (and, with snapshots, a
 * spare one of the same size to swap with), its options, its clock, its
 * tracer and its tracefs directory. A tracer (struct tracer) is what
 * `current_tracer` selects; the nop tracer records nothing by itself and
 * leaves the buffer to trace_marker, trace_printk and events.
 *
 * The core is split by job, one file each:
 *	trace_array.c	trace arrays and their buffers, instances/,
 *			tracing_on, the context word
 *	trace_tracer.c	the tracer registry, the nop tracer, current_tracer
 *	trace_fs.c	building each array's tracefs files; the small files
 *	trace_read.c	trace, trace_pipe, per_cpu/ readers, trace_pipe_raw
 *	trace_output.c	formatting: headers, context, entry printers
 *	trace_entries.c	events/ftrace/: the formats of our own entries
 *	trace_options.c	options/, trace_options
 *	trace_clocks.c	the clocks, trace_clock
 *	trace_marker.c	trace_marker, trace_marker_raw
 *	trace_printk.c	trace_printk() and friends, printk_formats
 *	trace_cmdline.c	pid -> comm/tgid: saved_cmdlines, saved_tgids
 *	trace_snapshot.c	snapshot, the max-latency swap, tracing_thresh
 *	trace_irqsoff.c	the irqsoff/preemptoff latency tracers
 *	trace_wakeup.c	the wakeup latency tracers
 *	trace_latency.c	what the latency tracers share
 *	trace_osnoise.c	the osnoise and timerlat tracers
 *	trace_osnoise_fs.c	their osnoise/ directory
 *	trace_hwlat.c	the hwlat tracer, a hardware latency detector
 *	trace_mmiotrace.c	the mmiotrace tracer: the arch's MMIO accesses
 *	trace_branch.c	the likely()/unlikely() profiler, the branch tracer
 *	blk/		blktrace's sessions and the blk tracer (its own
 *			map in blk/blk_internal.h)
 *	probes/		dynamic_events, kprobe, uprobe and event probes,
 *			with the fetch-argument language (its own map in
 *			probes/probes.h)
 *	hist/		hist triggers and synthetic events (its own map in
 *			hist/hist.h)
 *	trace_errlog.c	error_log
 *	trace_dump.c	ftrace_dump(), dump on oops, traceoff_on_warning
 *	trace_readme.c	README
 *	trace_pid.c	pid lists and the files of the pid filters
 *
 * Locking: trace_types_lock (a mutex) serialises every change of the set
 * of arrays and tracers and of an array's configuration (tracer, sizes,
 * options, clock, snapshot). Writers of entries take no lock: the ring
 * buffer is lockless, and what they read of an array (flags, buffer
 * pointer) is read once with READ_ONCE() and stays valid because
 * configuration changes that free things wait for an RCU grace period
 * (synchronize_rcu(): writers run with preemption disabled).
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/ring_buffer.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/trace_clock.h>
#include <linux/trace.h>
#include <linux/tracefs.h>
#include <linux/seq_file.h>
#include <linux/cpumask.h>
#include <linux/mutex.h>
#include <linux/list.h>
#include <linux/fs.h>
#include <linux/jump_label.h>
#include <linux/mmiotrace.h>
#include <linux/percpu.h>
#include <asm/unaligned.h>

/* tracefs file modes, as upstream's */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/*
 * Entry types. The numbers are ABI (the ID of events/ftrace/NAME/format
 * and the `type` of binary records), so they never change.
 */
enum trace_type {
	__TRACE_FIRST_TYPE = 0,

	TRACE_FN,
	TRACE_CTX,
	TRACE_WAKE,
	TRACE_STACK,
	TRACE_PRINT,
	TRACE_BPRINT,
	TRACE_MMIO_RW,
	TRACE_MMIO_MAP,
	TRACE_BRANCH,
	TRACE_GRAPH_RET,
	TRACE_GRAPH_ENT,
	TRACE_USER_STACK,
	TRACE_BLK,
	TRACE_BPUTS,
	TRACE_HWLAT,
	TRACE_OSNOISE,
	TRACE_TIMERLAT,
	TRACE_RAW_DATA,
	TRACE_FUNC_REPEATS,

	__TRACE_LAST_TYPE,
};

/*
 * Entry layouts. Binary ABI: events/ftrace/NAME/format describes each,
 * and tools decode trace_pipe_raw with it.
 */
struct ftrace_entry {			/* TRACE_FN, "function" */
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
};

/*
 * TRACE_CTX, "context_switch", and TRACE_WAKE, "wakeup" (the wakeup
 * tracers): prev (the waker of a TRACE_WAKE) and next (the woken).
 * The states are task_state_index()'s.
 */
struct ctx_switch_entry {
	struct trace_entry	ent;
	unsigned int		prev_pid;
	unsigned int		next_pid;
	unsigned int		next_cpu;
	unsigned char		prev_prio;
	unsigned char		prev_state;
	unsigned char		next_prio;
	unsigned char		next_state;
};

/* TRACE_FUNC_REPEATS, "func_repeats": a function repeated count times */
struct func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;
	/* time from the last repeat to this record, split in 16+32 bits */
	u16			top_delta_ts;
	u32			bottom_delta_ts;
};

#define FTRACE_STACK_ENTRIES	8

struct stack_entry {			/* TRACE_STACK, "kernel_stack" */
	struct trace_entry	ent;
	int			size;
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

struct userstack_entry {		/* TRACE_USER_STACK, "user_stack" */
	struct trace_entry	ent;
	unsigned int		tgid;
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

struct bprint_entry {			/* TRACE_BPRINT, "bprint" */
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];
};

struct print_entry {			/* TRACE_PRINT, "print" */
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];
};

/* TRACE_HWLAT, "hwlat": a window with a gap over the threshold */
struct hwlat_entry {
	struct trace_entry	ent;
	u64			duration;	/* the longest inner gap, us */
	u64			outer_duration;	/* the longest outer gap, us */
	u64			nmi_total_ts;	/* time in NMIs meanwhile, us */
	struct timespec64	timestamp;	/* wall time of the first gap */
	unsigned int		nmi_count;
	unsigned int		seqnum;
	unsigned int		count;		/* rounds with a gap over */
};

/* TRACE_MMIO_RW, "mmiotrace_rw": an access mmiotrace caught */
struct trace_mmiotrace_rw {
	struct trace_entry	ent;
	struct mmiotrace_rw	rw;
};

/* TRACE_MMIO_MAP, "mmiotrace_map": an ioremap() or iounmap() it saw */
struct trace_mmiotrace_map {
	struct trace_entry	ent;
	struct mmiotrace_map	map;
};

/* TRACE_BRANCH, "branch": one likely() or unlikely() as it went */
#define TRACE_FUNC_SIZE		30	/* of the function's name kept */
#define TRACE_FILE_SIZE		20	/* of the file's, without its path */
struct trace_branch {
	struct trace_entry	ent;
	unsigned int		line;
	char			func[TRACE_FUNC_SIZE + 1];
	char			file[TRACE_FILE_SIZE + 1];
	char			correct;	/* 1: as the annotation said */
	char			constant;	/* 1: a compile-time constant */
};

#ifdef CONFIG_TRACE_BRANCH_PROFILING
/*
 * compiler.h's likely() calls it; it declares it only for the code it
 * profiles, and trace_branch.c is not.
 */
void ftrace_likely_update(struct ftrace_likely_data *f, int val,
			  int expect, int is_constant);
/* the profiled sites, as the linker script lays them out (trace_branch.c) */
extern struct ftrace_likely_data __start_annotated_branch_profile[];
extern struct ftrace_likely_data __stop_annotated_branch_profile[];
extern struct ftrace_branch_data __start_branch_profile[];
extern struct ftrace_branch_data __stop_branch_profile[];
#endif

/* TRACE_OSNOISE, "osnoise": one sampling period of a CPU (times in us) */
struct osnoise_entry {
	struct trace_entry	ent;
	u64			noise;		/* the sum of the gaps */
	u64			runtime;	/* how long it sampled */
	u64			max_sample;	/* the longest gap */
	unsigned int		hw_count;	/* gaps nothing explains */
	unsigned int		nmi_count;
	unsigned int		irq_count;
	unsigned int		softirq_count;
	unsigned int		thread_count;
};

/* TRACE_TIMERLAT, "timerlat": how late a timerlat activation ran (ns) */
struct timerlat_entry {
	struct trace_entry	ent;
	unsigned int		seqnum;		/* the activation */
	int			context;	/* 0: the timer's irq, 1: thread */
	u64			timer_latency;
};

struct raw_data_entry {			/* TRACE_RAW_DATA, "raw_data" */
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

struct bputs_entry {			/* TRACE_BPUTS, "bputs" */
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

/*
 * Core options: one bit each in trace_array.trace_flags. The order is
 * the order of trace_options and options/ (upstream's).
 */
enum trace_opt_bit {
	TRACE_OPT_PRINT_PARENT,
	TRACE_OPT_SYM_OFFSET,
	TRACE_OPT_SYM_ADDR,
	TRACE_OPT_VERBOSE,
	TRACE_OPT_RAW,
	TRACE_OPT_HEX,
	TRACE_OPT_BIN,
	TRACE_OPT_BLOCK,
	TRACE_OPT_PRINTK,		/* "trace_printk" */
	TRACE_OPT_ANNOTATE,
	TRACE_OPT_USERSTACKTRACE,
	TRACE_OPT_SYM_USEROBJ,
	TRACE_OPT_PRINTK_MSGONLY,
	TRACE_OPT_CONTEXT_INFO,
	TRACE_OPT_LATENCY_FMT,
	TRACE_OPT_RECORD_CMD,
	TRACE_OPT_RECORD_TGID,
	TRACE_OPT_OVERWRITE,
	TRACE_OPT_STOP_ON_FREE,		/* "disable_on_free" */
	TRACE_OPT_IRQ_INFO,
	TRACE_OPT_MARKERS,
	TRACE_OPT_EVENT_FORK,
	TRACE_OPT_PAUSE_ON_TRACE,
	TRACE_OPT_HASH_PTR,
	TRACE_OPT_FUNCTION,		/* "function-trace": the latency tracers */
	TRACE_OPT_FUNC_FORK,		/* "function-fork": ftrace_pid.c */
	TRACE_OPT_DISPLAY_GRAPH,	/* "display-graph": the latency tracers */
	TRACE_OPT_STACKTRACE,
	TRACE_OPT_NR,
};

#define TRACE_FL(bit)		BIT_ULL(TRACE_OPT_##bit)

/* One reader-visible option: its name and whether this build has it. */
struct trace_opt_desc {
	const char	*name;
	bool		present;
};

/* trace_options.c: the table, indexed by enum trace_opt_bit */
extern const struct trace_opt_desc trace_opts[TRACE_OPT_NR];
/* the options a new array starts with (the top level: after trace_options=) */
extern u64 trace_default_flags;

/* Per CPU state of an array's buffer. */
struct trace_array_cpu {
	atomic_t		disabled;	/* >0: this CPU records nothing */
	unsigned long		skipped_entries; /* hidden from `trace` */
	/*
	 * The latency tracers (trace_irqsoff.c): the section running on
	 * this CPU, its start time and the ip that opened it (0: none),
	 * then the ip that closed it; the max buffer's copy keeps the
	 * worst section's, with its latency and task (trace_snapshot.c).
	 * The wakeup tracers (trace_wakeup.c) keep the wakeup's time in
	 * preempt_timestamp of the woken task's CPU.
	 */
	u64			preempt_timestamp;
	unsigned long		critical_start;
	unsigned long		critical_end;
	unsigned long		saved_latency;	/* ns */
	char			comm[TASK_COMM_LEN];
	pid_t			pid;
	kuid_t			uid;
	unsigned long		policy;
	unsigned long		rt_priority;
	unsigned long		nice;
#ifdef CONFIG_EVENT_TRACING
	/* events: the pid filter drops the current task (trace_events.c) */
	bool			ignore_pid;
#endif
#ifdef CONFIG_FUNCTION_TRACER
	/*
	 * The function tracer's pid filter on this CPU (ftrace_pid.c):
	 * 0 none, -1 the running task is left out, pid + 1 of the task
	 * whose functions are recorded.
	 */
	int			fn_pid;
#endif
};

/* A ring buffer and its per-CPU state. */
struct array_buffer {
	struct trace_array		*tr;
	struct trace_buffer		*buffer;
	struct trace_array_cpu __percpu	*data;
	u64				time_start;	/* last reset */
	int				cpu;		/* of the max swap */
	/*
	 * The last max swap was of every CPU's pages (update_max_tr()),
	 * not of cpu's alone (update_max_tr_single()): the kept trace is
	 * on every CPU, from time_start on.
	 */
	bool				whole;
};

/* A tracer's own option (options/NAME), one bit of tracer_flags.val. */
struct tracer_opt {
	const char	*name;
	u32		bit;
};

struct tracer_flags {
	u32			val;
	struct tracer_opt	*opts;
	struct tracer		*trace;
};

#define TRACER_OPT(name, bit)	{ #name, bit }

/*
 * A tracer. Only name is required; every method may be NULL. init and
 * reset run under trace_types_lock when the tracer becomes (or stops
 * being) the current tracer of an array.
 */
struct tracer {
	const char		*name;
	struct tracer		*next;		/* in the list of tracers */
	int			enabled;	/* arrays using it */
	bool			allow_instances;
	bool			use_max_tr;	/* needs the snapshot buffer */
	bool			print_max;	/* `trace` shows the max buffer */
	bool			noboot;		/* refuse ftrace= at boot */
	struct tracer_flags	*flags;

	/* becoming and ceasing to be an array's current tracer */
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	/* 1 or 0 was written to tracing_on */
	void			(*start)(struct trace_array *tr);
	void			(*stop)(struct trace_array *tr);

	/* settings: tracing_thresh, options/ */
	int			(*update_thresh)(struct trace_array *tr);
	/* a tracer option changed: nonzero refuses the change */
	int			(*set_flag)(struct trace_array *tr, u32 old_flags,
					    u32 bit, int set);
	/* a core option changed while this tracer is current */
	int			(*flag_changed)(struct trace_array *tr,
						u64 mask, int set);

	/* readers of trace and trace_pipe */
	void			(*open)(struct trace_iterator *iter);
	void			(*close)(struct trace_iterator *iter);
	void			(*pipe_open)(struct trace_iterator *iter);
	void			(*pipe_close)(struct trace_iterator *iter);
	/*
	 * trace_pipe: text to send before the next records, called at each
	 * read with iter->seq empty; nonzero when it put some there
	 */
	int			(*pipe_header)(struct trace_iterator *iter);
	void			(*print_header)(struct seq_file *m);
	enum print_line_t	(*print_line)(struct trace_iterator *iter);

#ifdef CONFIG_FTRACE_STARTUP_TEST
	int			(*selftest)(struct tracer *trace,
					    struct trace_array *tr);
#endif
};

#define TRACE_ARRAY_MAX_NAME	NAME_MAX
#define MAX_TRACER_SIZE		100

/*
 * One tracing setup. Fields marked [L] change only under
 * trace_types_lock; hot-path readers use READ_ONCE().
 */
struct trace_array {
	struct list_head	list;		/* [L] in trace_arrays */
	char			*name;		/* NULL for the top level */
	struct array_buffer	array_buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	struct array_buffer	max_buffer;	/* the snapshot / max swap */
	bool			allocated_snapshot;	/* [L] */
	unsigned long		max_latency;
	arch_spinlock_t		max_lock;	/* orders max swaps */
	/* [L] and max_lock to set; read under max_lock (trace_snapshot.c) */
	struct cond_snapshot	*cond_snapshot;
#endif
	struct dentry		*dir;
	struct dentry		*options;
	struct dentry		*percpu_dir;
	struct trace_option_dentry *topts;	/* [L] the tracer's options */
	struct tracer		*current_trace;	/* [L] */
	u64			trace_flags;	/* [L] TRACE_FL() bits */
	int			buffer_disabled; /* tracing_on == 0 */
	int			stop_count;	/* tracing_stop() depth */
	raw_spinlock_t		start_lock;
	int			clock_id;	/* [L] into trace_clocks[] */
	unsigned int		buffer_percent;
	unsigned int		n_err_log_entries;
	struct list_head	err_log;	/* trace_errlog.c */
	cpumask_var_t		tracing_cpumask;
	int			ref;		/* [L] open files and users */
	int			trace_ref;	/* [L] open trace_pipe readers */
	bool			buffer_expanded; /* [L] grown to full size */
#ifdef CONFIG_EVENT_TRACING
	/* the event machinery's (trace_events.c), [E]: event_mutex */
	struct list_head	events;		/* trace_event_file, [E] */
	struct list_head	systems;	/* trace_subsystem_dir, [E] */
	struct dentry		*event_dir;	/* events/, [E] */
	struct trace_pid_list __rcu *filtered_pids;	/* set_event_pid */
	struct trace_pid_list __rcu *filtered_no_pids;	/* ..._notrace_pid */
	/* the triggers of trace_marker (events/ftrace/print/trigger) */
	struct trace_event_file	*marker_file;
#endif
#ifdef CONFIG_FUNCTION_TRACER
	/*
	 * The function tracer's ops, registered while it is the current
	 * tracer; its filter sets (set_ftrace_filter...) stay with the
	 * array. fn_last: its per-CPU func-no-repeats state. [L]
	 * fn_on: the callback records (trace_functions.c), read locklessly.
	 */
	struct ftrace_ops	fn_ops;
	void __percpu		*fn_last;
	bool			fn_on;
	/* the commands of set_ftrace_filter (ftrace_probes.c) */
	struct fn_probes	*fn_probes;
	/* set_ftrace_pid and set_ftrace_notrace_pid (ftrace_pid.c) */
	struct trace_pid_list __rcu *fn_pids;
	struct trace_pid_list __rcu *fn_no_pids;
#endif
};

extern struct mutex trace_types_lock;
extern struct list_head trace_arrays;
extern struct trace_array global_trace;

static inline struct trace_array *top_trace_array(void)
{
	return &global_trace;
}

static inline bool trace_opt(struct trace_array *tr, enum trace_opt_bit bit)
{
	return READ_ONCE(tr->trace_flags) & BIT_ULL(bit);
}

/* ---- trace_array.c ---- */

/* Take a reference on an array that is still listed; -ENODEV if gone. */
int trace_array_get(struct trace_array *tr);
/* void trace_array_put(struct trace_array *tr) is in linux/trace.h */
/* tracing_disabled check + trace_array_get(): for a file's open() */
int tracing_check_open_get_tr(struct trace_array *tr);
/* open/release for files whose inode->i_private is the array */
int tracing_open_generic_tr(struct inode *inode, struct file *filp);
int tracing_release_generic_tr(struct inode *inode, struct file *file);
/* open for files whose i_private is anything else */
int tracing_open_generic(struct inode *inode, struct file *filp);
/* tracefs can be used (not locked down, core initialised) */
int tracing_is_disabled(void);

/* The array whose ring buffer writers should use (NULL: not recording). */
static inline struct trace_buffer *trace_array_buffer(struct trace_array *tr)
{
	return READ_ONCE(tr->array_buffer.buffer);
}

/*
 * Reserve an entry of type and len bytes (header included) in buffer
 * and fill in its trace_entry from trace_ctx; commit with
 * trace_buffer_unlock_commit(). NULL if not recording or full.
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);
void trace_buffer_unlock_commit(struct trace_array *tr,
				struct trace_buffer *buffer,
				struct ring_buffer_event *event,
				unsigned int trace_ctx);
/* the same, without the stacktrace option's stack (trace_marker) */
void trace_buffer_commit_nostack(struct trace_array *tr,
				 struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

static __always_inline unsigned int trace_migrate_disable_depth(void)
{
#ifdef CONFIG_SMP
	return current->migration_disabled;
#else
	return 0;
#endif
}

/*
 * The context word of tracing_gen_ctx_irq_test(), which calls this: inline
 * for the function tracer, whose every record computes it.
 */
static __always_inline unsigned int trace_ctx_word(unsigned int irqs_status)
{
	unsigned int pc = preempt_count();
	unsigned int sc = softirq_count();
	unsigned int flags = irqs_status;

	/* Task context with bottom halves on, the common case: none of four. */
	if (unlikely((pc & (NMI_MASK | HARDIRQ_MASK)) || sc)) {
		if (pc & NMI_MASK)
			flags |= TRACE_FLAG_NMI;
		if (pc & HARDIRQ_MASK)
			flags |= TRACE_FLAG_HARDIRQ;
		if (sc & SOFTIRQ_OFFSET)	/* in_serving_softirq() */
			flags |= TRACE_FLAG_SOFTIRQ;
		/* more than the one level a serving softirq itself adds */
		if (sc >> (SOFTIRQ_SHIFT + 1))
			flags |= TRACE_FLAG_BH_OFF;
	}
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;

	return flags << 16 | min_t(unsigned int, pc & 0xff, 0xf) |
	       min_t(unsigned int, trace_migrate_disable_depth(), 0xf) << 4;
}

/* the comm only (record-cmd), as the core's own entries save */
void trace_save_comm(struct task_struct *tsk);

/*
 * The comm each CPU saved last (trace_cmdline.c writes it), so that a
 * task writing entry after entry (the function tracer writes millions)
 * saves its comm once per switch to this CPU and per change of its comm,
 * not once per entry: a save takes the one global lock.
 */
struct trace_comm_cache {
	unsigned int		seq;	/* odd while being written */
	pid_t			pid;	/* task_structs are reused */
	struct task_struct	*task;
	char			comm[TASK_COMM_LEN];	/* 8-byte aligned */
	unsigned int		gen;	/* trace_cmdline_gen of the save */
};
DECLARE_PER_CPU(struct trace_comm_cache, trace_comm_cache);
/* bumped with each new saved_cmdlines map: the caches go stale */
extern unsigned int trace_cmdline_gen;

/*
 * This runs on every record a task writes, so two loads a side: not
 * memcmp(), which is traced, nor a loop of 16 bytes (some 80
 * instructions a record). A comm being renamed meanwhile may compare
 * either way, as it could byte by byte; a rename is saved at the next
 * record after it.
 */
static __always_inline bool trace_comm_same(const char *a, const char *b)
{
	const u64 *x = (const u64 *)a, *y = (const u64 *)b;

	BUILD_BUG_ON(TASK_COMM_LEN != 2 * sizeof(u64));
	return get_unaligned(&x[0]) == get_unaligned(&y[0]) &&
	       get_unaligned(&x[1]) == get_unaligned(&y[1]);
}

/*
 * Whether this CPU's cache says tsk's comm is saved; preemption or
 * interrupts off. Then only this CPU writes the cache, with interrupts
 * off: an interrupt or NMI that saves between our loads, or that
 * interrupted a save half done, changes seq or leaves it odd, and the
 * answer is "not saved", which trace_save_comm() settles under its lock.
 * Compiler barriers suffice: writer and reader are on one CPU.
 */
static __always_inline bool trace_comm_cached(struct task_struct *tsk)
{
	struct trace_comm_cache *last = this_cpu_ptr(&trace_comm_cache);
	unsigned int seq = READ_ONCE(last->seq);
	bool same;

	barrier();
	same = last->task == tsk && last->pid == tsk->pid &&
	       last->gen == READ_ONCE(trace_cmdline_gen) &&
	       trace_comm_same(last->comm, tsk->comm);
	barrier();
	return same && !(seq & 1) && READ_ONCE(last->seq) == seq;
}

/*
 * ring_buffer_event_data() without the call: a record of up to
 * RINGBUF_TYPE_DATA_TYPE_LEN_MAX words keeps its length in type_len and
 * its data right after the header; a longer one has its length in
 * array[0] first.
 */
static __always_inline void *trace_event_payload(struct ring_buffer_event *e)
{
	return e->type_len ? (void *)&e->array[0] : (void *)&e->array[1];
}

/*
 * A TRACE_FN entry ("ip <-parent_ip") into tr's live buffer: the
 * function tracer's record, and the latency tracers' marks. What
 * trace_buffer_lock_reserve() and trace_buffer_commit_nostack() do,
 * open-coded: this runs on every traced call, and their calls cost
 * some 50 instructions of a record's 570 (harness/qemu-plugin's
 * count).
 */
static __always_inline void trace_function_record(struct trace_array *tr,
						  unsigned long ip,
						  unsigned long parent_ip,
						  unsigned int trace_ctx)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = ring_buffer_lock_reserve(buffer, sizeof(*entry));
	if (!event)
		return;
	entry = trace_event_payload(event);
	tracing_generic_entry_update(&entry->ent, TRACE_FN, trace_ctx);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	ring_buffer_unlock_commit(buffer, event);
	/*
	 * As trace_buffer_commit_nostack(), with in_nmi() read from the
	 * context word; preemption is off here.
	 */
	if (trace_opt(tr, TRACE_OPT_RECORD_CMD) &&
	    !((trace_ctx >> 16) & TRACE_FLAG_NMI) &&
	    !trace_comm_cached(current))
		trace_save_comm(current);
}

/* the array records: tracing_on, not stopped, this CPU enabled */
bool tracer_tracing_is_on(struct trace_array *tr);
void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);

/* Empty the buffer (all CPUs / one CPU) and restart its clock. */
void tracing_reset_online_cpus(struct array_buffer *buf);
void tracing_reset_cpu(struct array_buffer *buf, int cpu);
void tracing_reset_all_online_cpus(void);
/* The same, trace_types_lock held (dynamic events remove theirs so). */
void tracing_reset_all_online_cpus_unlocked(void);

/* Sizes: per CPU in bytes; RING_BUFFER_ALL_CPUS for all. [L] held. */
int tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
			       int cpu);
/* The first use of tracing grows the boot-time minimal buffers. */
int tracing_update_buffers(void);
extern unsigned long trace_buf_size;	/* trace_buf_size= */

/* Allocate an array's buffers (and the max buffer if wanted). [L] */
int allocate_trace_buffers(struct trace_array *tr, int size);
void free_trace_buffers(struct trace_array *tr);

/* instances/: make and remove arrays. */
struct trace_array *trace_array_create(const char *name);
int trace_array_destroy_locked(struct trace_array *tr);

/* Stop/start every array's recording (nesting: tracing_stop()). */
void tracing_stop_tr(struct trace_array *tr);
void tracing_start_tr(struct trace_array *tr);

/* ---- ftrace_tracefs.c: the function tracer's files ---- */

#ifdef CONFIG_DYNAMIC_FTRACE
/* set_ftrace_filter and set_ftrace_notrace of an array */
void ftrace_create_filter_files(struct trace_array *tr, struct dentry *d);
/* available_filter_functions, enabled_functions, dyn_ftrace_total_info */
void __init ftrace_create_toplevel_files(void);
/* a top-level file NAME that edits the filter of ops (never freed) */
void __init ftrace_create_ops_filter_file(const char *name,
					  struct ftrace_ops *ops);
/* the same for its notrace set */
void __init ftrace_create_ops_notrace_file(const char *name,
					   struct ftrace_ops *ops);
/* an array goes: free its function tracer's filter sets */
void ftrace_array_free(struct trace_array *tr);
/* an array goes: remove its probes, before its events go */
void ftrace_probes_clear(struct trace_array *tr);
#else
static inline void ftrace_probes_clear(struct trace_array *tr) { }
static inline void ftrace_create_filter_files(struct trace_array *tr,
					      struct dentry *d) { }
static inline void ftrace_create_toplevel_files(void) { }
static inline void ftrace_create_ops_filter_file(const char *name,
						 struct ftrace_ops *ops) { }
static inline void ftrace_create_ops_notrace_file(const char *name,
						  struct ftrace_ops *ops) { }
static inline void ftrace_array_free(struct trace_array *tr) { }
#endif

/* ---- trace_selftest.c: the tracers' ->selftest (FTRACE_STARTUP_TEST) ---- */

#ifdef CONFIG_FTRACE_STARTUP_TEST
/* trace_tracer.c: no tracer self-test runs at boot; says why, once */
void __init disable_tracing_selftest(const char *reason);
#else
static inline void disable_tracing_selftest(const char *reason) { }
#endif

int trace_selftest_startup_function(struct tracer *t, struct trace_array *tr);
int trace_selftest_startup_function_graph(struct tracer *t,
					  struct trace_array *tr);
/* irqsoff, preemptoff, preemptirqsoff: one section must be kept */
int trace_selftest_startup_latency(struct tracer *t, struct trace_array *tr);
/* wakeup, wakeup_rt, wakeup_dl: one wait must be kept */
int trace_selftest_startup_wakeup(struct tracer *t, struct trace_array *tr);
/* the functions they trace (trace_selftest_dynamic.c, built with the hook) */
int ftrace_selftest_target1(int x);
int ftrace_selftest_target2(int x);

/* ---- trace_irqsoff.c: the latency tracers' hooks ---- */

/*
 * trace_preemptirq.c calls them at each transition it reports, never in
 * NMI context: ip is the function that changed the state, parent its
 * caller.
 */
#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
void tracer_hardirqs_off(unsigned long ip, unsigned long parent);
void tracer_hardirqs_on(unsigned long ip, unsigned long parent);
void tracer_preempt_off(unsigned long ip, unsigned long parent);
void tracer_preempt_on(unsigned long ip, unsigned long parent);
#else
static inline void tracer_hardirqs_off(unsigned long ip, unsigned long parent) { }
static inline void tracer_hardirqs_on(unsigned long ip, unsigned long parent) { }
static inline void tracer_preempt_off(unsigned long ip, unsigned long parent) { }
static inline void tracer_preempt_on(unsigned long ip, unsigned long parent) { }
#endif

/* ---- trace_tracer.c ---- */

int __init register_tracer(struct tracer *type);
/* Make NAME the current tracer of tr. [L] not held. */
int tracing_set_tracer(struct trace_array *tr, const char *name);
extern struct tracer nop_trace;
/* The tracer list, for available_tracers (under trace_types_lock). */
extern struct tracer *trace_types;
/* ftrace= at boot names a tracer to start when it registers */
bool tracer_wanted_at_boot(const char *name);

/* ---- trace_fs.c ---- */

/* tracefs_create_file() that warns on failure, as every core file uses */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
/* Every file of one array (the top level's extra files are created too). */
void init_tracer_tracefs(struct trace_array *tr, struct dentry *d_tracer);
/* The top-level directory ("" when tracefs is mounted), or an error. */
int tracing_init_dentry(void);
/* Write helpers: parse one unsigned number from a user buffer. */
int trace_get_user_ulong(const char __user *ubuf, size_t cnt,
			 unsigned long *val);

/* ---- trace_read.c ---- */

/*
 * Advance the iterator to the next entry in time order over the CPUs it
 * covers; NULL at the end. Consuming readers use trace_consume() after.
 */
struct trace_entry *trace_find_next_entry_inc(struct trace_iterator *iter);
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts);
void trace_consume(struct trace_iterator *iter);
/* entries in the buffer / entries written (overruns included) */
void trace_total_entries(struct trace_array *tr, unsigned long *entries,
			 unsigned long *total);
void trace_total_entries_cpu(struct trace_array *tr, unsigned long *entries,
			     unsigned long *total, int cpu);
/* The per_cpu/cpuN/ directory's files. */
void tracing_init_tracefs_percpu(struct trace_array *tr, long cpu);
/* File operations shared with trace_fs.c and trace_snapshot.c. */
extern const struct file_operations tracing_fops;	/* trace */
extern const struct file_operations tracing_pipe_fops;	/* trace_pipe */
extern const struct file_operations tracing_buffers_fops; /* _pipe_raw */
extern const struct file_operations tracing_stats_fops;
/* open/release of a `trace`-like file over the live or snapshot buffer */
int tracing_open_trace(struct inode *inode, struct file *file, bool snapshot);

/* ---- trace_output.c ---- */

/* The core options a printer's flags argument carries. */
#define TRACE_SYM_FLAGS	(TRACE_FL(PRINT_PARENT) | TRACE_FL(SYM_OFFSET) | \
			 TRACE_FL(SYM_ADDR))

/*
 * Print the entry at iter->ent into iter->seq in the array's format,
 * after a "CPU:N [LOST M EVENTS]" line if iter->lost_events. The reader
 * sets iter->ent, ent_size, cpu, ts, idx and lost_events first, and at
 * open: TRACE_FILE_TIME_IN_NS (clock in ns), TRACE_FILE_LAT_FMT
 * (latency-format set), TRACE_FILE_ANNOTATE (`trace` over a buffer with
 * overruns), iter->started (trace_pipe: all set). No lock is needed.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter);
/*
 * The header slot of a `trace`-like file (trace, snapshot, per_cpu/N/
 * trace), i.e. all that upstream prints before the first entry line:
 * "# tracer: NAME\n#\n", then the snapshot help (snapshot file with an
 * empty buffer), else the tracer's print_header(m), else
 * trace_default_header(). The reader calls only this, with
 * m->private == iter (tracers' print_header(m) rely on it).
 */
void trace_show_header(struct seq_file *m, struct trace_iterator *iter);
/*
 * What follows "# tracer: NAME\n#\n" for tracers without print_header
 * (the entry counts and the legend, or the latency header): tracers'
 * print_header may call it, as may they trace_latency_header().
 */
void trace_default_header(struct seq_file *m, struct trace_iterator *iter);
void trace_latency_header(struct seq_file *m, struct trace_iterator *iter);
/* The latency format's "# NAME latency trace v1.1.5 on ..." block. */
void print_trace_header(struct seq_file *m, struct trace_iterator *iter);
/* "  <comm>-<pid> [cpu] flags ts: " for the default format */
int trace_print_context(struct trace_iterator *iter);
int trace_print_lat_context(struct trace_iterator *iter);
/* The five flag columns "dNh1." of an entry. */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry);
/* The latency format's delay mark for d ns ('$', '@', ... or ' '). */
char trace_find_mark(unsigned long long d);
/* "CPU:N [LOST M EVENTS]" */
void trace_print_lost_events(struct trace_iterator *iter);
/* A symbol with the sym-offset / sym-addr options applied. */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags);
void trace_seq_print_sym(struct trace_seq *s, unsigned long addr,
			 bool offset);
/*
 * The printers of entry types, by type number (NULL if none). The result
 * stays valid inside print_trace_line() (e.g. in a tracer's print_line)
 * or between trace_event_read_lock() and trace_event_read_unlock(idx).
 */
struct trace_event *ftrace_find_event(int type);
int trace_event_read_lock(void);
void trace_event_read_unlock(int idx);
/* The printer of formats an entry type leaves NULL: "type: N\n". */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event);
/* Register the printers of our own entry types (an initcall calls it). */
__init int init_trace_output(void);
/*
 * A time stamp as the default format prints it, into iter->seq, leading
 * space included: " %5lu.%06lu" (ns clocks) or " %12llu" (counters).
 */
void trace_print_timestamp(struct trace_iterator *iter, u64 ts);

/* needed by trace_output.c: owner trace_read.c */
/* nothing left to read in the iterator's buffer(s) */
int trace_empty(struct trace_iterator *iter);
/*
 * trace_total_entries() of one array_buffer (the header counts the
 * buffer being read: the snapshot file's is the max buffer).
 */
void trace_buffer_total_entries(struct array_buffer *buf,
				unsigned long *entries, unsigned long *total);

/* ---- trace_entries.c ---- */

/*
 * events/ftrace/NAME/format (and id where upstream has one) for our entry
 * types: makes events/ and events/ftrace/ under d_tracer (an array's
 * directory) and returns events/ (NULL on failure); *d_print is set to
 * events/ftrace/print/ (NULL on failure).
 */
struct dentry *trace_create_entry_formats(struct dentry *d_tracer,
					  struct dentry **d_print);

/* ---- trace_options.c ---- */

/*
 * options/ of an array. [L] for all three. create_trace_options_dir()
 * makes the directory, the core options' files and the tracers' (it
 * calls update_tracer_options()). update_tracer_options() adds the files
 * of every registered tracer the array may use that has none yet (call
 * it for the top level when a tracer registers; a no-op before
 * create_trace_options_dir()). As upstream, every tracer's files stay
 * whatever the current tracer: calling these on a change of tracer is
 * harmless but not needed. destroy_tracer_options() frees the records
 * of a removed array: call it after list_del(&tr->list) (it does
 * nothing to a listed array); it leaves the files to tracefs_remove().
 */
void create_trace_options_dir(struct trace_array *tr);
void update_tracer_options(struct trace_array *tr);
void destroy_tracer_options(struct trace_array *tr);
/* for a tracer's flag_changed: refuse clearing overwrite while enabled */
int trace_keep_overwrite(struct tracer *tracer, u64 mask, int set);
/* Set or clear one core option (the tracer may refuse). [L] */
int set_tracer_flag(struct trace_array *tr, enum trace_opt_bit bit,
		    int enabled);
/* Parse "name" or "noname" (core or tracer option) and apply it. [L] */
int trace_set_options(struct trace_array *tr, char *option);
/*
 * trace_options= from boot, applied to the top level (it takes
 * trace_types_lock): once the buffers exist, and again once a boot
 * tracer (ftrace=) is current, for that tracer's own options.
 */
void __init apply_trace_boot_options(void);
extern const struct file_operations tracing_iter_fops;	/* trace_options */

/* ---- trace_clocks.c ---- */

/* The clock of an array: an index into trace_clocks[]. */
struct trace_clock_desc {
	u64		(*func)(void);
	const char	*name;
	int		in_ns;		/* 0: counter/cycles, print raw */
};

extern const struct trace_clock_desc trace_clocks[];
extern const int trace_clocks_nr;
/*
 * Select a clock by name (-EINVAL if unknown) for the live and the spare
 * buffer, and empty both. Takes trace_types_lock.
 */
int tracing_set_clock(struct trace_array *tr, const char *clockstr);
/* The same with trace_types_lock held. */
int tracing_set_clock_locked(struct trace_array *tr, const char *clockstr);
/* trace_clock= from boot, for the top level once its buffers exist */
void __init trace_apply_boot_clock(void);
extern const struct file_operations trace_clock_fops;	/* trace_clock */

static inline bool trace_clock_in_ns(struct trace_array *tr)
{
	return trace_clocks[READ_ONCE(tr->clock_id)].in_ns;
}

/* ---- trace_marker.c ---- */

extern const struct file_operations tracing_mark_fops;
extern const struct file_operations tracing_mark_raw_fops;

/* ---- trace_export.c ---- */

DECLARE_STATIC_KEY_FALSE(trace_marker_exports_enabled);
DECLARE_STATIC_KEY_FALSE(trace_event_exports_enabled);
/* copies of a record being written, for the registered trace exports */
void trace_export_record(struct ring_buffer_event *event, int kind);

static inline void trace_export_marker(struct trace_array *tr,
				       struct ring_buffer_event *event)
{
	/* as upstream: the markers of every array, instances too */
	if (static_branch_unlikely(&trace_marker_exports_enabled))
		trace_export_record(event, TRACE_EXPORT_MARKER);
}

/* ---- trace_printk.c ---- */

extern const struct file_operations ftrace_formats_fops; /* printk_formats */
/*
 * Record into the top level (trace_vbprintk: TRACE_BPRINT of a format
 * that must outlive the entry; trace_vprintk: TRACE_PRINT) or into tr
 * (TRACE_PRINT). No check of the trace_printk option: the public entry
 * points (__trace_printk()...) make it. Nothing is recorded before
 * trace_printk_init_buffers(), trace_array_init_printk() or
 * trace_printk_scratch_init() has run.
 */
int trace_printk_scratch_init(void);
__printf(2, 0)
int trace_vbprintk(unsigned long ip, const char *fmt, va_list args);
__printf(2, 0)
int trace_vprintk(unsigned long ip, const char *fmt, va_list args);
__printf(3, 0)
int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args);
/* the linker's sections of trace_printk() formats and tracepoint strings */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];
/* str is one of the kernel's tracepoint_string()s */
bool trace_is_tracepoint_string(const char *str);
/*
 * The address printk_formats lists for the format fmt: fmt itself if it
 * is a kernel format (trace_printk() or tracepoint string) or a kept
 * copy of a module's, else the kept copy with the same text; NULL if
 * none. A bprint/bputs entry's format is safe to print if this is
 * non-NULL. Any context; does not allocate.
 */
const char *trace_printk_fmt_for(const char *fmt);

/* ---- trace_cmdline.c ---- */

/*
 * Remember the comm of tsk (while trace_cmdline_record_enable() has it
 * on, the default) and its tgid (while trace_tgid_record_enable() has it
 * on) for printing its entries. Any context, NMI included: a save that
 * would have to wait for the lock is dropped.
 */
void trace_save_cmdline(struct task_struct *tsk);
/* "<idle>" for pid 0, "<...>" if unknown; comm has TASK_COMM_LEN bytes */
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);		/* 0 if unknown */
extern const struct file_operations tracing_saved_cmdlines_fops;
extern const struct file_operations tracing_saved_cmdlines_size_fops;
extern const struct file_operations tracing_saved_tgids_fops;
/*
 * record-cmd / record-tgid of the top level turned on or off. Turning
 * record-tgid on the first time allocates the pid -> tgid map: process
 * context (it sleeps); -ENOMEM (and recording stays off) if that fails.
 */
void trace_cmdline_record_enable(bool on);
int trace_tgid_record_enable(bool on);
/*
 * Allocate the comm map: an early_initcall does it; early_trace_init()
 * may call it sooner so that comms are kept from the first entry.
 */
int __init trace_cmdline_init(void);

/* ---- trace_snapshot.c (built with CONFIG_TRACING) ---- */

/*
 * The live and the spare buffer of tr, read with no swap in between
 * (the pair is the same after any number of swaps). *spare is NULL
 * without CONFIG_TRACER_MAX_TRACE; either is NULL if not allocated.
 */
void tracing_buffer_pair(struct trace_array *tr, struct trace_buffer **live,
			 struct trace_buffer **spare);
/* tracing_thresh, in ns (the file, at the top level only, shows us) */
extern unsigned long tracing_thresh;
extern const struct file_operations tracing_thresh_fops; /* top level only */
/* allocate the top level's spare buffer (exported, as upstream) */
int tracing_alloc_snapshot(void);

#ifdef CONFIG_TRACER_SNAPSHOT
extern const struct file_operations snapshot_fops;	/* snapshot */
extern const struct file_operations snapshot_raw_fops;	/* snapshot_raw */
/* grow the spare buffer to the live one's sizes, if not yet done [L] */
int tracing_alloc_snapshot_instance(struct trace_array *tr);
/* swap now, or note in the buffer why not (tracing_snapshot() of tr) */
void tracing_snapshot_instance(struct trace_array *tr);
/* resize the spare buffer along with the live one [L] */
int tracing_resize_max_buffer(struct trace_array *tr, unsigned long size,
			      int cpu);
/* shrink the spare buffer to its minimum and empty it [L] */
void free_snapshot(struct trace_array *tr);
/* alloc_snapshot: the top level's spare buffer starts allocated */
extern bool snapshot_at_boot;
/*
 * needed by trace_output.c: owner trace_snapshot.c. The text `snapshot`
 * shows in place of the header while its buffer is empty.
 */
void print_snapshot_help(struct seq_file *m, struct trace_iterator *iter);
#else
static inline void print_snapshot_help(struct seq_file *m,
				       struct trace_iterator *iter) { }
#endif

/*
 * Conditional snapshots (upstream's API; a hist action's onmax() or
 * onchange() .snapshot() uses it). While one is set on an array, it
 * owns the spare buffer: tracing_snapshot_cond() swaps only if update()
 * (called with cond_data, under max_lock, irqs off) says so, any other
 * swap is refused, and writes of the snapshot file and latency tracers
 * are EBUSY. One at a time per array: a second is EBUSY.
 */
typedef bool (*cond_update_fn_t)(struct trace_array *tr, void *cond_data);
struct cond_snapshot {
	void			*cond_data;
	cond_update_fn_t	update;
};

#ifdef CONFIG_TRACER_SNAPSHOT
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data);
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update);
int tracing_snapshot_cond_disable(struct trace_array *tr);
void *tracing_cond_snapshot_data(struct trace_array *tr);
#else
static inline void tracing_snapshot_cond(struct trace_array *tr,
					 void *cond_data) { }
static inline int tracing_snapshot_cond_enable(struct trace_array *tr,
					       void *cond_data,
					       cond_update_fn_t update)
{
	return -ENODEV;
}

static inline int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	return -ENODEV;
}

static inline void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	return NULL;
}
#endif
#ifdef CONFIG_TRACER_MAX_TRACE
/*
 * The max-latency tracers, interrupts off: swap the live buffer (all of
 * it, or one CPU's) with the spare one and record tsk as the cause in
 * the spare buffer's per-CPU data. Nothing happens while the array is
 * stopped or without an allocated spare buffer.
 */
void update_max_tr(struct trace_array *tr, struct task_struct *tsk, int cpu,
		   void *cond_data);
void update_max_tr_single(struct trace_array *tr, struct task_struct *tsk,
			  int cpu);
extern const struct file_operations tracing_max_lat_fops; /* i_private: tr */
#endif

/* ---- trace_errlog.c ---- */

/*
 * Log an error of a write to a control file: loc names the file
 * ("trace_options", "instances/foo/current_tracer"...), cmd the text
 * written, errs[type] the message, pos the caret's offset in cmd.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos);
void err_log_clear(struct trace_array *tr);	/* on rmdir */
extern const struct file_operations tracing_err_log_fops;

/* ---- trace_dump.c ---- */

/*
 * ftrace_dump(), trace_dump_stack(), ftrace_dump_on_oops,
 * __disable_trace_on_warning, tracepoint_printk: see linux/kernel.h and
 * linux/ftrace.h.
 *
 * The stacktrace option: after committing an entry of tr into buffer,
 * record the kernel stack as a TRACE_STACK entry with the same context
 * word; nothing unless tr's stacktrace option is on. skip: how many of
 * the innermost callers to leave out, counted as upstream's
 * __ftrace_trace_stack() counts them. Any context.
 */
void trace_record_stack(struct trace_array *tr, struct trace_buffer *buffer,
			unsigned int trace_ctx, int skip);
/*
 * trace_dump_stack() into tr's buffer (the stacktrace trigger): a
 * TRACE_STACK entry whatever tr's options, skip counted as there.
 */
void trace_array_record_stack(struct trace_array *tr, int skip);
/* on while events should also be printed to the console (tp_printk) */
DECLARE_STATIC_KEY_FALSE(tracepoint_printk_key);

/* ---- trace_events.c: the event machinery's hooks in the core ---- */

#ifdef CONFIG_EVENT_TRACING
/* the lists of a new array, before it is listed in trace_arrays */
static inline void trace_array_init_events(struct trace_array *tr)
{
	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->systems);
}

/* trace_init(): register the kernel's events, enable trace_event= ones */
void __init trace_event_init(void);
/* trace_event= was given: the top level starts with full-size buffers */
bool __init trace_event_boot_wants_buffers(void);
/* the tracefs files of an array's events, under its events/ [L] */
int event_trace_add_tracer(struct trace_array *tr, struct dentry *d_events);
/* stop and remove an array's events, before its directory goes [L] */
void event_trace_del_tracer(struct trace_array *tr);
/* events/ftrace/print/trigger in d_print, for trace_marker's records [L] */
void event_trace_add_marker(struct trace_array *tr, struct dentry *d_print);
/*
 * Between reserving and committing a trace_marker record: run the
 * triggers that act before the commit, return those that act after it.
 */
static inline enum event_trigger_type
trace_marker_triggers(struct trace_array *tr, struct trace_buffer *buffer,
		      struct ring_buffer_event *event)
{
	struct trace_event_file *file = READ_ONCE(tr->marker_file);

	/* an unlocked peek: the list is walked under RCU by the call */
	if (!file || list_empty(&file->triggers))
		return ETT_NONE;
	return event_triggers_call(file, buffer,
				   ring_buffer_event_data(event), event);
}

/* after the commit: the triggers trace_marker_triggers() returned */
static inline void trace_marker_post_triggers(struct trace_array *tr,
					      enum event_trigger_type tt)
{
	if (!tt)
		return;
	/* the trigger list is walked under RCU-sched, as a probe's is */
	preempt_disable_notrace();
	event_triggers_post_call(READ_ONCE(tr->marker_file), tt);
	preempt_enable_notrace();
}

/* the top level's tracefs is ready: available_events, modules' events */
void __init event_trace_init_tracefs(void);
#else
static inline void trace_array_init_events(struct trace_array *tr) { }
static inline void trace_event_init(void) { }
static inline bool trace_event_boot_wants_buffers(void) { return false; }
static inline void event_trace_del_tracer(struct trace_array *tr) { }
static inline void event_trace_add_marker(struct trace_array *tr,
					  struct dentry *d_print) { }
static inline enum event_trigger_type
trace_marker_triggers(struct trace_array *tr, struct trace_buffer *buffer,
		      struct ring_buffer_event *event)
{
	return ETT_NONE;
}

static inline void trace_marker_post_triggers(struct trace_array *tr,
					      enum event_trigger_type tt) { }
static inline void event_trace_init_tracefs(void) { }
#endif

/* ---- trace_syscalls.c ---- */

#ifdef CONFIG_FTRACE_SYSCALLS
struct syscall_metadata;
/* Every syscall's metadata (SYSCALL_METADATA(), include/linux/syscalls.h) */
extern struct syscall_metadata *__start_syscalls_metadata[];
extern struct syscall_metadata *__stop_syscalls_metadata[];
/* The name of syscall number nr ("sys_openat"), or NULL. */
const char *get_syscall_name(int nr);
#else
static inline const char *get_syscall_name(int nr) { return NULL; }
#endif

/* ---- trace_readme.c ---- */

extern const struct file_operations tracing_readme_fops;

/* ---- more of the lead's files (trace_array/tracer/fs/read.c) ---- */

/* trace_array.c */
void __init create_trace_instances(struct dentry *d_tracer);
/* something at boot (ftrace=, alloc_snapshot...) wants full-size buffers */
bool trace_boot_wants_buffers(void);
/* trace_tracer.c */
extern const struct file_operations show_traces_fops;	/* available_tracers */
extern const struct file_operations set_tracer_fops;	/* current_tracer */
bool trace_boot_tracer_wanted(void);
/* trace_fs.c */
/* the CPU of a per_cpu/cpuN/ file, or RING_BUFFER_ALL_CPUS */
int tracing_get_cpu(struct inode *inode);
/* resize and remember the size for buffer_size_kb [L] */
int tracing_resize_and_record(struct trace_array *tr, unsigned long size,
			      int cpu);
/* trace_read.c: the pieces of `trace` that snapshot reuses */
int tracing_release_trace(struct inode *inode, struct file *file);
ssize_t tracing_write_stub(struct file *filp, const char __user *ubuf,
			   size_t count, loff_t *ppos);
loff_t tracing_lseek(struct file *file, loff_t offset, int whence);
/* open of trace_pipe_raw (snapshot false) or snapshot_raw (true) */
int tracing_open_raw(struct inode *inode, struct file *filp, bool snapshot);

#endif /* _KERNEL_TRACE_TRACE_H */
