// SPDX-License-Identifier: GPL-2.0
/*
 * The buffer as a last word: ftrace_dump() prints the top-level buffer
 * to the console (sysrq-z, panic, oops with ftrace_dump_on_oops), and
 * traceoff_on_warning freezes it at the first WARN(). Also the kernel
 * stack entries: trace_dump_stack() and the stacktrace option.
 *
 * ftrace_dump() may run in panic, oops or NMI context, on any CPU, while
 * other CPUs still trace: it allocates nothing (its iterator and scratch
 * buffers are static), lets one dumper in at a time (an atomic counter),
 * turns tracing off so that the buffer stops changing, and consumes the
 * buffer entry by entry, printing each line at KERN_EMERG.
 *
 * Kernel stacks are saved in a per-CPU scratch area, one per context
 * that can nest (task, softirq, irq, NMI), then copied into an entry of
 * the exact size: the entry's caller[] holds as many addresses as were
 * found, not just the eight its format file declares, as upstream's.
 */
#include <linux/kernel.h>
#include <linux/ftrace.h>
#include <linux/jump_label.h>
#include <linux/kdebug.h>
#include <linux/nmi.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/percpu.h>
#include <linux/stacktrace.h>
#include <linux/sysctl.h>

#include "trace.h"

/* 1 or DUMP_ALL: every CPU's buffer; 2 or DUMP_ORIG: the oopsing CPU's */
enum ftrace_dump_mode ftrace_dump_on_oops;
/* traceoff_on_warning */
int __disable_trace_on_warning;
/* tp_printk: events are also printed to the console (by the events code) */
int tracepoint_printk;
DEFINE_STATIC_KEY_FALSE(tracepoint_printk_key);
static bool tp_printk_possible;		/* asked for at boot */
static bool tp_printk_stop_on_boot __initdata;

/* ---- boot parameters ---- */

/* ftrace_dump_on_oops[=1|=2|=orig_cpu] */
static int __init set_ftrace_dump_on_oops(char *str)
{
	if (*str != '=' || !str[1] || !strcmp(str, "=1")) {
		ftrace_dump_on_oops = DUMP_ALL;
		return 1;
	}
	if (!strcmp(str, "=orig_cpu") || !strcmp(str, "=2")) {
		ftrace_dump_on_oops = DUMP_ORIG;
		return 1;
	}
	return 0;
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

static bool boot_flag_off(const char *str)
{
	return !strcmp(str, "=0") || !strcmp(str, "=off");
}

/* traceoff_on_warning[=0|=off|...] */
static int __init set_traceoff_on_warning(char *str)
{
	if (!boot_flag_off(str))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);

/* tp_printk[=0|=off|...]; tp_printk_stop_on_boot is the next one's */
static int __init set_tp_printk(char *str)
{
	if (*str == '_')
		return 0;
	if (!boot_flag_off(str))
		tracepoint_printk = 1;
	return 1;
}
__setup("tp_printk", set_tp_printk);

static int __init set_tp_printk_stop_on_boot(char *str)
{
	tp_printk_stop_on_boot = true;
	return 1;
}
__setup("tp_printk_stop_on_boot", set_tp_printk_stop_on_boot);

/* /proc/sys/kernel/tracepoint_printk: only if tp_printk was given at boot */
int tracepoint_printk_sysctl(struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	static DEFINE_MUTEX(tp_printk_mutex);
	int was, ret;

	mutex_lock(&tp_printk_mutex);
	was = tracepoint_printk;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!tp_printk_possible)
		tracepoint_printk = 0;
	if (!!was != !!tracepoint_printk) {
		if (tracepoint_printk)
			static_branch_enable(&tracepoint_printk_key);
		else
			static_branch_disable(&tracepoint_printk_key);
	}
	mutex_unlock(&tp_printk_mutex);
	return ret;
}

/* ---- kernel stack entries ---- */

/* enough for the largest stack entry a ring buffer page can hold */
#define STACK_SCRATCH_ENTRIES	512
#define STACK_NEST_MAX		4	/* task, softirq, irq, NMI */

struct stack_scratch {
	unsigned int	depth;
	unsigned long	calls[STACK_NEST_MAX][STACK_SCRATCH_ENTRIES];
};

static DEFINE_PER_CPU(struct stack_scratch, stack_scratch);

/*
 * Save the stack above skip frames of our callers into a TRACE_STACK
 * entry. The scratch level is taken as in trace_printk(): a nested
 * context that interrupts us between the read and the increment of depth
 * gives its level back before we resume.
 */
static noinline void record_kernel_stack(struct trace_buffer *buffer,
					 unsigned int trace_ctx, int skip)
{
	struct ring_buffer_event *event;
	struct stack_entry *entry;
	struct stack_scratch *s;
	unsigned int level, nr;

	/*
	 * No skip++ for this function's own frame: every unwinder reports
	 * it, ORC as well, so the callers' counts include it. What they add
	 * for other unwinders than ORC is their own frame, which ORC builds
	 * lose to a tail call (arm64, built with frame pointers and without
	 * sibling calls, reports both; the function tracer's stacks there
	 * started one frame too high).
	 */
	if (!buffer || !IS_ENABLED(CONFIG_STACKTRACE))
		return;
	/*
	 * A buffer that is off (tracing_on 0, or held off for a reset or a
	 * resize) would refuse the entry: leave the stack unwalked. The
	 * function tracer with func_stack_trace calls here for every
	 * function, and the walk is most of its cost. The check races with
	 * tracing_on: a stack at the edge is kept or lost like any other
	 * entry there.
	 */
	if (!ring_buffer_record_is_on(buffer))
		return;

	preempt_disable_notrace();
	s = this_cpu_ptr(&stack_scratch);
	level = s->depth;
	if (level >= STACK_NEST_MAX)
		goto out;
	s->depth = level + 1;
	barrier();

	nr = stack_trace_save(s->calls[level], STACK_SCRATCH_ENTRIES, skip);
	event = trace_buffer_lock_reserve(buffer, TRACE_STACK,
					  offsetof(struct stack_entry, caller) +
					  nr * sizeof(unsigned long),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->size = nr;
		/* caller[] is declared with 8 cells but has nr here */
		memcpy((void *)entry + offsetof(struct stack_entry, caller),
		       s->calls[level], nr * sizeof(unsigned long));
		/* not trace_buffer_unlock_commit(): it would come back here */
		ring_buffer_unlock_commit(buffer, event);
	}

	barrier();
	s->depth = level;
out:
	preempt_enable_notrace();
}

void trace_record_stack(struct trace_array *tr, struct trace_buffer *buffer,
			unsigned int trace_ctx, int skip)
{
	if (!trace_opt(tr, TRACE_OPT_STACKTRACE))
		return;
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC))
		skip++;
	record_kernel_stack(buffer, trace_ctx, skip);
}

void trace_dump_stack(int skip)
{
	if (tracing_is_disabled())
		return;
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC))
		skip++;
	record_kernel_stack(trace_array_buffer(top_trace_array()),
			    tracing_gen_ctx(), skip);
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

void trace_array_record_stack(struct trace_array *tr, int skip)
{
	/* the frame of this function, which other unwinders than ORC see */
	if (!IS_ENABLED(CONFIG_UNWINDER_ORC))
		skip++;
	record_kernel_stack(trace_array_buffer(tr), tracing_gen_ctx(), skip);
}

/* ---- traceoff_on_warning ---- */

static __printf(2, 3) void dump_note(unsigned long ip, const char *fmt, ...)
{
	struct trace_array *tr = top_trace_array();
	va_list ap;

	if (!trace_opt(tr, TRACE_OPT_PRINTK))
		return;
	va_start(ap, fmt);
	trace_array_vprintk(tr, ip, fmt, ap);
	va_end(ap);
}

void disable_trace_on_warning(void)
{
	if (!READ_ONCE(__disable_trace_on_warning))
		return;
	dump_note(_THIS_IP_, "Disabling tracing due to warning\n");
	tracing_off();
}

/* ---- ftrace_dump() ---- */

#define DUMP_LINE_MAX	1000	/* printk takes no more in one go */
#define DUMP_RULE	"---------------------------------\n"

static struct trace_iterator dump_iter;
static char dump_temp[PAGE_SIZE];	/* an entry fits in a page */
static char dump_fmt[PAGE_SIZE];
static atomic_t dump_running;

/* Set up dump_iter to consume the top level's buffer, all or one CPU. */
static void dump_iter_init(struct trace_array *tr, int cpu_file)
{
	struct trace_iterator *iter = &dump_iter;

	memset(iter, 0, sizeof(*iter));
	mutex_init(&iter->mutex);
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->array_buffer = &tr->array_buffer;
	iter->cpu_file = cpu_file;
	iter->temp = dump_temp;
	iter->temp_size = sizeof(dump_temp);
	iter->fmt = dump_fmt;
	iter->fmt_size = sizeof(dump_fmt);
	/* the latency format: the context of each line in full */
	iter->iter_flags = TRACE_FILE_LAT_FMT;
	if (ring_buffer_overruns(tr->array_buffer.buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	/* what the tracer's printer needs; never closed, as upstream */
	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
}

/* Forget the previous entry: what a consuming reader resets per entry. */
static void dump_iter_next_entry(struct trace_iterator *iter)
{
	size_t from = offsetof(struct trace_iterator, seq);

	/* from the iterator itself: seq and every field after it */
	memset((char *)iter + from, 0, sizeof(*iter) - from);
	iter->pos = -1;
}

static bool dump_empty(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;

	if (iter->cpu_file == RING_BUFFER_ALL_CPUS)
		return ring_buffer_empty(buffer);
	return ring_buffer_empty_cpu(buffer, iter->cpu_file);
}

static void dump_print_seq(struct trace_seq *s)
{
	int len = min(trace_seq_used(s), DUMP_LINE_MAX);

	s->buffer[len] = '\0';
	pr_emerg("%s", s->buffer);
	trace_seq_init(s);
}

static void dump_set_cpus_disabled(struct trace_array *tr, bool disable)
{
	struct trace_array_cpu __percpu *data = tr->array_buffer.data;
	int cpu;

	if (!data)
		return;
	for_each_possible_cpu(cpu) {
		if (disable)
			atomic_inc(&per_cpu_ptr(data, cpu)->disabled);
		else
			atomic_dec(&per_cpu_ptr(data, cpu)->disabled);
	}
}

/* Print and consume every entry; false if there were none. */
static bool dump_entries(struct trace_iterator *iter)
{
	bool any = false;

	while (!dump_empty(iter)) {
		if (!any)
			pr_emerg(DUMP_RULE);
		any = true;
		dump_iter_next_entry(iter);
		/* unreadable though not empty: stop rather than spin */
		if (!trace_find_next_entry_inc(iter))
			break;
		if (print_trace_line(iter) != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		dump_print_seq(&iter->seq);
		touch_nmi_watchdog();
	}
	return any;
}

static int dump_cpu_file(enum ftrace_dump_mode mode)
{
	switch (mode) {
	case DUMP_ALL:
		return RING_BUFFER_ALL_CPUS;
	case DUMP_ORIG:
		return raw_smp_processor_id();
	default:
		pr_emerg("Bad dumping mode, switching to all CPUs dump\n");
		return RING_BUFFER_ALL_CPUS;
	}
}

void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	struct trace_array *tr = top_trace_array();
	unsigned long flags;
	u64 userobj;
	int cpu_file;

	/*
	 * One dumper at a time: a second one (another CPU oopsing, or an
	 * NMI on this one) returns at once instead of printing the same
	 * buffer interleaved, or waiting on a dumper it interrupted.
	 */
	if (atomic_inc_return(&dump_running) != 1)
		goto out_dec;

	/* what happens from now on (more oopses) is not worth keeping */
	tracing_off();
	if (oops_dump_mode == DUMP_NONE)
		goto out_dec;

	local_irq_save(flags);
	cpu_file = dump_cpu_file(oops_dump_mode);
	/*
	 * Not under trace_types_lock (this may be a panic): a concurrent
	 * write of trace_options may lose its change of another option
	 * between the clear and the restore below.
	 */
	userobj = READ_ONCE(tr->trace_flags) & TRACE_FL(SYM_USEROBJ);
	/* user memory is not to be touched in a panic */
	WRITE_ONCE(tr->trace_flags, tr->trace_flags & ~userobj);

	pr_emerg("Dumping ftrace buffer:\n");
	if (!tr->array_buffer.buffer) {
		pr_emerg("   (ftrace buffer empty)\n");
		goto out_restore;
	}
	dump_iter_init(tr, cpu_file);
	dump_set_cpus_disabled(tr, true);
	if (dump_entries(&dump_iter))
		pr_emerg(DUMP_RULE);
	else
		pr_emerg("   (ftrace buffer empty)\n");
	dump_set_cpus_disabled(tr, false);

out_restore:
	WRITE_ONCE(tr->trace_flags, tr->trace_flags | userobj);
	local_irq_restore(flags);
out_dec:
	atomic_dec(&dump_running);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/* ---- dump on oops and panic ---- */

static int dump_on_panic(struct notifier_block *nb, unsigned long event,
			 void *unused)
{
	if (ftrace_dump_on_oops)
		ftrace_dump(ftrace_dump_on_oops);
	return NOTIFY_OK;
}

static struct notifier_block dump_panic_nb = {
	.notifier_call	= dump_on_panic,
	.priority	= 150,
};

static int dump_on_die(struct notifier_block *nb, unsigned long val,
		       void *data)
{
	if (val == DIE_OOPS && ftrace_dump_on_oops)
		ftrace_dump(ftrace_dump_on_oops);
	return NOTIFY_OK;
}

static struct notifier_block dump_die_nb = {
	.notifier_call	= dump_on_die,
	.priority	= 200,
};

static int __init trace_dump_init(void)
{
	atomic_notifier_chain_register(&panic_notifier_list, &dump_panic_nb);
	register_die_notifier(&dump_die_nb);
	if (tracepoint_printk) {
		tp_printk_possible = true;
		static_branch_enable(&tracepoint_printk_key);
	}
	return 0;
}
early_initcall(trace_dump_init);

static int __init trace_dump_late_init(void)
{
	if (tracepoint_printk && tp_printk_stop_on_boot) {
		static_branch_disable(&tracepoint_printk_key);
		tracepoint_printk = 0;
	}
	return 0;
}
late_initcall_sync(trace_dump_late_init);
