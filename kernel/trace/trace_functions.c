// SPDX-License-Identifier: GPL-2.0
/*
 * The "function" tracer: one TRACE_FN record ("func <-parent") per call
 * of every traceable kernel function.
 *
 * Each array that makes it its current tracer registers its ftrace_ops
 * (tr->fn_ops, whose filters set_ftrace_filter and set_ftrace_notrace
 * edit), with the array as private; the list function calls every such
 * ops, so the top level and any instance trace at once.
 *
 * Its options:
 *  func_stack_trace  the kernel stack after each record (TRACE_STACK);
 *  func-no-repeats   a run of calls of one function from one place is
 *                    one record, then a TRACE_FUNC_REPEATS record with
 *                    the number of repeats and the time of the last.
 * The callback is chosen when the ops is registered; changing an option
 * while the tracer runs registers the ops again with another callback.
 * The options belong to the tracer, so they are the same in every array
 * (as upstream's); an array picks up a change when it next starts the
 * tracer.
 *
 * set_ftrace_pid and set_ftrace_notrace_pid (ftrace_pid.c): every
 * callback first asks ftrace_pid_skip() whether the running task is
 * left out, a per-CPU load the pid filter keeps up to date.
 *
 * Not done: function records are not passed to the trace exports
 * (trace_export.c), and events/ftrace/function has no filter.
 */

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/setup.h>
#include <linux/trace_recursion.h>

#include "trace.h"
#include "ftrace_pid.h"

enum {
	FUNC_OPT_STACK		= BIT(0),
	FUNC_OPT_NO_REPEATS	= BIT(1),
};

static struct tracer_opt func_opts[] = {
	TRACER_OPT(func_stack_trace, FUNC_OPT_STACK),
	{ "func-no-repeats", FUNC_OPT_NO_REPEATS },
	{ }
};

/* The last call a CPU recorded, and how often it repeated since. */
struct fn_last {
	unsigned long	ip;
	unsigned long	parent_ip;
	u64		ts;		/* of the last repeat */
	unsigned int	count;
};

static struct tracer_flags func_flags = {
	.val	= 0,
	.opts	= func_opts,
};

/*
 * A record's context word from the one of this callback: without the
 * preemption that the list function (when it called us) disabled. For
 * the stack variants, which take no guard of their own; the guarded
 * callbacks use fn_ctx_at(), after fn_gen_ctx_dec() has taken off the
 * preemption their own guard disabled.
 */
static __always_inline unsigned int fn_ctx(unsigned int trace_ctx)
{
	if (IS_ENABLED(CONFIG_PREEMPTION) && ftrace_list_walking() &&
	    (trace_ctx & 0xf))
		trace_ctx--;
	return trace_ctx;
}

/*
 * tracing_gen_ctx_dec() inline, the call saved on every record: the
 * callbacks' guard disabled preemption, which is not the traced code's.
 */
static __always_inline unsigned int fn_gen_ctx_dec(void)
{
	unsigned int irqs = TRACE_FLAG_IRQS_NOSUPPORT;
	unsigned int trace_ctx;

	if (IS_ENABLED(CONFIG_TRACE_IRQFLAGS_SUPPORT))
		irqs = irqs_disabled() ? TRACE_FLAG_IRQS_OFF : 0;
	trace_ctx = trace_ctx_word(irqs);
	if (IS_ENABLED(CONFIG_PREEMPTION) && (trace_ctx & 0xf))
		trace_ctx--;
	return trace_ctx;
}

/*
 * fn_ctx() for a callback holding bit from ftrace_test_recursion_trylock():
 * the list function's guard is the one of the same level, so the level
 * need not be computed from preempt_count again (a dozen instructions a
 * record). The transition bit has no level of its own: ask
 * ftrace_list_walking() then, as fn_ctx() does.
 */
static __always_inline unsigned int fn_ctx_at(unsigned int trace_ctx, int bit)
{
	bool walking;

	if (!IS_ENABLED(CONFIG_PREEMPTION) || !(trace_ctx & 0xf))
		return trace_ctx;
	if (unlikely(bit == TRACE_FTRACE_START + TRACE_CTX_TRANSITION))
		walking = ftrace_list_walking();
	else
		walking = trace_recursion_test(bit - TRACE_FTRACE_START +
					       TRACE_LIST_START);
	return trace_ctx - walking;
}

/* Whether this CPU records for tr now. */
static __always_inline bool fn_cpu_on(struct trace_array *tr)
{
	struct trace_array_cpu *data = this_cpu_ptr(tr->array_buffer.data);

	return !atomic_read(&data->disabled);
}

/*
 * Whether a callback leaves this call out: the tracer is not started
 * (or is stopping) in tr, or the task is not traced (set_ftrace_pid).
 *
 * fn_on is off while register_ftrace_function() and
 * unregister_ftrace_function() patch every site: the functions those
 * passes run are not recorded, as upstream's function tracer does not
 * record them (its function_enabled). So a pass does not fill the
 * buffer with its own calls, nor spend its time writing them. A plain
 * READ_ONCE() suffices: a callback seeing the old value either way
 * records one call more or less at the edge of the start or stop.
 */
static __always_inline bool fn_skip(struct trace_array *tr)
{
	return !READ_ONCE(tr->fn_on) || ftrace_pid_skip(tr);
}

/*
 * func-no-repeats: whether this call repeats the CPU's last one (then it
 * is only counted). Preemption or interrupts are off.
 */
static __always_inline bool fn_repeat(struct trace_array *tr,
				      struct fn_last *last, unsigned long ip,
				      unsigned long parent_ip)
{
	if (last->ip != ip || last->parent_ip != parent_ip ||
	    last->count >= U16_MAX)
		return false;
	last->count++;
	last->ts = ring_buffer_time_stamp(trace_array_buffer(tr));
	return true;
}

/* A new call: record the repeats of the previous one, if any. */
static void fn_repeats_flush(struct trace_array *tr, struct fn_last *last,
			     unsigned long ip, unsigned long parent_ip,
			     unsigned int trace_ctx)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	struct func_repeats_entry *entry;
	u64 delta;

	if (last->count) {
		event = trace_buffer_lock_reserve(buffer, TRACE_FUNC_REPEATS,
						  sizeof(*entry), trace_ctx);
		if (event) {
			entry = ring_buffer_event_data(event);
			entry->ip = last->ip;
			entry->parent_ip = last->parent_ip;
			entry->count = last->count;
			delta = ring_buffer_event_time_stamp(buffer, event) -
				last->ts;
			entry->top_delta_ts = delta >> 32;
			entry->bottom_delta_ts = (u32)delta;
			trace_buffer_commit_nostack(tr, buffer, event);
		}
	}
	last->ip = ip;
	last->parent_ip = parent_ip;
	last->count = 0;
}

/* function_trace_call() once tr records: guard, context word, record. */
static noinline void fn_trace_guarded(unsigned long ip,
				      unsigned long parent_ip,
				      struct trace_array *tr)
{
	unsigned int trace_ctx;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	trace_ctx = fn_ctx_at(fn_gen_ctx_dec(), bit);
	if (!ftrace_pid_skip(tr) && fn_cpu_on(tr))
		trace_function_record(tr, ip, parent_ip, trace_ctx);
	ftrace_test_recursion_unlock(bit);
}

/*
 * While the tracer starts or stops, the patching pass makes some 600000
 * calls that return at fn_on. Alone here, that test costs 4
 * instructions, where the whole callback's entry and exit (it saves six
 * registers) cost 19: a tenth of what starting every function takes.
 * A traced call pays 2 for it, the move of tr and the jump.
 */
static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;

	/* Its trampoline may call it with preemption on (fn_set_callback()). */
	if (READ_ONCE(tr->fn_on))
		fn_trace_guarded(ip, parent_ip, tr);
}

/*
 * With the stack: the stack walk itself runs traced functions, so this
 * CPU's records are held off (data->disabled) for the whole of it, with
 * interrupts off so that an interrupt's functions are not lost to it.
 */
static void function_stack_trace_call(unsigned long ip,
				      unsigned long parent_ip,
				      struct ftrace_ops *op,
				      struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct trace_array_cpu *data;
	unsigned int trace_ctx;
	unsigned long flags;

	if (fn_skip(tr))
		return;
	local_irq_save(flags);
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		trace_ctx = fn_ctx(tracing_gen_ctx_flags(flags));
		trace_function_record(tr, ip, parent_ip, trace_ctx);
		/*
		 * Leave out this callback, the list function and
		 * ftrace_caller: the stack starts at the traced function.
		 */
		trace_array_record_stack(tr, 4);
	}
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
}

static void function_no_repeats_call(unsigned long ip,
				     unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct fn_last *last;
	unsigned int trace_ctx;
	int bit;

	if (fn_skip(tr))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!fn_cpu_on(tr))
		goto out;
	/* The guard disabled preemption: this CPU's state is ours. */
	last = this_cpu_ptr((struct fn_last __percpu *)tr->fn_last);
	if (fn_repeat(tr, last, ip, parent_ip))
		goto out;
	trace_ctx = fn_ctx_at(fn_gen_ctx_dec(), bit);
	fn_repeats_flush(tr, last, ip, parent_ip, trace_ctx);
	trace_function_record(tr, ip, parent_ip, trace_ctx);
out:
	ftrace_test_recursion_unlock(bit);
}

static void function_stack_no_repeats_call(unsigned long ip,
					   unsigned long parent_ip,
					   struct ftrace_ops *op,
					   struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct trace_array_cpu *data;
	struct fn_last *last;
	unsigned int trace_ctx;
	unsigned long flags;

	if (fn_skip(tr))
		return;
	local_irq_save(flags);
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		last = this_cpu_ptr((struct fn_last __percpu *)tr->fn_last);
		if (!fn_repeat(tr, last, ip, parent_ip)) {
			trace_ctx = fn_ctx(tracing_gen_ctx_flags(flags));
			fn_repeats_flush(tr, last, ip, parent_ip, trace_ctx);
			trace_function_record(tr, ip, parent_ip, trace_ctx);
			/* as in function_stack_trace_call() */
			trace_array_record_stack(tr, 4);
		}
	}
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
}

static ftrace_func_t fn_callback(u32 flags)
{
	switch (flags & (FUNC_OPT_STACK | FUNC_OPT_NO_REPEATS)) {
	case FUNC_OPT_STACK:
		return function_stack_trace_call;
	case FUNC_OPT_NO_REPEATS:
		return function_no_repeats_call;
	case FUNC_OPT_STACK | FUNC_OPT_NO_REPEATS:
		return function_stack_no_repeats_call;
	default:
		return function_trace_call;
	}
}

/*
 * Give the (unregistered) ops the callback for the options in flags, and
 * the core's guard (FTRACE_OPS_FL_RECURSION) if that callback needs it:
 * the stack variants skip a fixed number of frames and the repeats
 * state is per CPU, both read before a guard of their own could be
 * taken. function_trace_call() guards itself, as upstream's does, so
 * its trampoline calls it directly: the guard's wrapper cost some 60
 * instructions a call (harness/profile-fn.sh), also during the passes
 * that switch the tracer, when every call returns at fn_on.
 */
static void fn_set_callback(struct ftrace_ops *ops, u32 flags)
{
	ops->func = fn_callback(flags);
	/* Not registered: the late calls of ftrace_tramp_assist() read it. */
	if (ops->func == function_trace_call)
		WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_RECURSION);
	else
		WRITE_ONCE(ops->flags, ops->flags | FTRACE_OPS_FL_RECURSION);
}

/* A new run of the callback starts with no call to repeat. */
static void fn_last_clear(struct trace_array *tr)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr((struct fn_last __percpu *)tr->fn_last, cpu),
		       0, sizeof(struct fn_last));
}

/*
 * The ops is the array's (tr->fn_ops), so that its filter sets outlive
 * the tracer; the per-CPU repeats state lives while the tracer runs.
 */
static int function_trace_init(struct trace_array *tr)
{
	struct ftrace_ops *ops = &tr->fn_ops;
	int ret;

	tr->fn_last = alloc_percpu(struct fn_last);
	if (!tr->fn_last)
		return -ENOMEM;
	fn_set_callback(ops, func_flags.val);
	/*
	 * The callbacks return at fn_on (off before unregister), or write
	 * to the buffer, which outlives the ops: a late call is harmless
	 * (ftrace_tramp_free_later()). tr->fn_last is read only under the
	 * core's guard, which the assist takes only while registered.
	 */
	WRITE_ONCE(ops->flags, ops->flags | FTRACE_OPS_FL_TRACE_ARRAY);
	ops->private = tr;
	ret = register_ftrace_function(ops);
	if (ret) {
		free_percpu(tr->fn_last);
		tr->fn_last = NULL;
		return ret;
	}
	/* Every site is patched: record from now on (see fn_skip()). */
	WRITE_ONCE(tr->fn_on, true);
	return 0;
}

static void function_trace_reset(struct trace_array *tr)
{
	if (!tr->fn_last)
		return;
	/* Stop recording first: the pass that follows is not traced. */
	WRITE_ONCE(tr->fn_on, false);
	/* When this returns no CPU runs the callback. */
	unregister_ftrace_function(&tr->fn_ops);
	free_percpu(tr->fn_last);
	tr->fn_last = NULL;
}

static int function_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			     int set)
{
	struct ftrace_ops *ops = &tr->fn_ops;
	u32 flags = set ? old_flags | bit : old_flags & ~bit;
	int ret;

	if (!(bit & (FUNC_OPT_STACK | FUNC_OPT_NO_REPEATS)))
		return -EINVAL;
	/* Not running in tr, or no change: the flag only. */
	if (!tr->fn_last || ops->func == fn_callback(flags))
		return 0;
	/* Off and on again, so that no CPU runs the old callback. */
	WRITE_ONCE(tr->fn_on, false);
	unregister_ftrace_function(ops);
	fn_set_callback(ops, flags);
	fn_last_clear(tr);
	ret = register_ftrace_function(ops);
	if (!ret)
		WRITE_ONCE(tr->fn_on, true);
	return ret;
}

static struct tracer function_trace = {
	.name		= "function",
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.flags		= &func_flags,
	.set_flag	= function_set_flag,
	.allow_instances = true,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_function,
#endif
};

/*
 * ftrace_filter= and ftrace_notrace=: the top level's sets from boot,
 * functions separated by commas, as upstream. They are in place before
 * the tracer registers, so that ftrace=function starts with them.
 */
static char fn_boot_filter[COMMAND_LINE_SIZE] __initdata;
static char fn_boot_notrace[COMMAND_LINE_SIZE] __initdata;

static int __init fn_boot_filter_setup(char *str)
{
	strscpy(fn_boot_filter, str, sizeof(fn_boot_filter));
	return 1;
}
__setup("ftrace_filter=", fn_boot_filter_setup);

static int __init fn_boot_notrace_setup(char *str)
{
	strscpy(fn_boot_notrace, str, sizeof(fn_boot_notrace));
	return 1;
}
__setup("ftrace_notrace=", fn_boot_notrace_setup);

static void __init fn_boot_set(char *list, bool exclude, const char *param)
{
	struct ftrace_ops *ops = &top_trace_array()->fn_ops;
	int ret;

	if (!list[0])
		return;
	strreplace(list, ',', ' ');
	if (exclude)
		ret = ftrace_set_notrace(ops, (unsigned char *)list,
					 strlen(list), 1);
	else
		ret = ftrace_set_filter(ops, (unsigned char *)list,
					strlen(list), 1);
	if (ret)
		pr_warn("ftrace: %s%s: a function matches nothing (%d); ignored\n",
			param, list, ret);
}

static __init int init_function_trace(void)
{
	fn_boot_set(fn_boot_filter, false, "ftrace_filter=");
	fn_boot_set(fn_boot_notrace, true, "ftrace_notrace=");
	return register_tracer(&function_trace);
}
core_initcall(init_function_trace);
