// SPDX-License-Identifier: GPL-2.0
/*
 * The "function" tracer: one TRACE_FN record ("func <-parent") per call
 * of every traceable kernel function.
 *
 * Each array that makes it its current tracer registers an ftrace_ops
 * of its own, whose private field is the array; the list function calls
 * every such ops, so the top level and any instance trace at once.
 *
 * Its option func_stack_trace adds the kernel stack after each record
 * (a TRACE_STACK entry). The callback is chosen when the ops is
 * registered; changing the option while the tracer runs registers the
 * ops again with the other callback.
 *
 * TODO(issue 6): filters (set_ftrace_filter, step 2), pid filtering
 * (step 7), func-no-repeats, the trace exports of function records, and
 * the events/ftrace/function filter.
 */

#include <linux/ftrace.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>

#include "trace.h"

enum {
	FUNC_OPT_STACK	= BIT(0),
};

static struct tracer_opt func_opts[] = {
	TRACER_OPT(func_stack_trace, FUNC_OPT_STACK),
	{ }
};

static struct tracer_flags func_flags = {
	.val	= 0,
	.opts	= func_opts,
};

/* Whether this CPU records for tr now. */
static __always_inline bool fn_cpu_on(struct trace_array *tr)
{
	struct trace_array_cpu *data = this_cpu_ptr(tr->array_buffer.data);

	return !atomic_read(&data->disabled);
}

static __always_inline void fn_record(struct trace_array *tr,
				      unsigned long ip, unsigned long parent_ip,
				      unsigned int trace_ctx)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_buffer_commit_nostack(tr, buffer, event);
}

static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	unsigned int trace_ctx;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* The preemption the guard disabled is not the traced code's. */
	trace_ctx = tracing_gen_ctx_dec();
	if (fn_cpu_on(tr))
		fn_record(tr, ip, parent_ip, trace_ctx);
	ftrace_test_recursion_unlock(bit);
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

	local_irq_save(flags);
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		trace_ctx = tracing_gen_ctx_flags(flags);
		fn_record(tr, ip, parent_ip, trace_ctx);
		/*
		 * Leave out this callback, the list function and
		 * ftrace_caller: the stack starts at the traced function.
		 */
		trace_array_record_stack(tr, 4);
	}
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
}

static ftrace_func_t fn_callback(void)
{
	if (func_flags.val & FUNC_OPT_STACK)
		return function_stack_trace_call;
	return function_trace_call;
}

static int function_trace_init(struct trace_array *tr)
{
	struct ftrace_ops *ops;
	int ret;

	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	if (!ops)
		return -ENOMEM;
	ops->func = fn_callback();
	ops->private = tr;
	ops->flags = FTRACE_OPS_FL_DYNAMIC;
	ret = register_ftrace_function(ops);
	if (ret) {
		kfree(ops);
		return ret;
	}
	tr->fn_ops = ops;
	return 0;
}

static void function_trace_reset(struct trace_array *tr)
{
	struct ftrace_ops *ops = tr->fn_ops;

	if (!ops)
		return;
	/* When this returns no CPU runs the callback: ops can go. */
	unregister_ftrace_function(ops);
	tr->fn_ops = NULL;
	kfree(ops);
}

static int function_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			     int set)
{
	struct ftrace_ops *ops = tr->fn_ops;
	int ret;

	if (bit != FUNC_OPT_STACK)
		return -EINVAL;
	if (!!set == !!(old_flags & bit))
		return 0;
	/* Not running (another array's tracer, or none): the flag only. */
	if (!ops)
		return 0;
	unregister_ftrace_function(ops);
	ops->func = set ? function_stack_trace_call : function_trace_call;
	ret = register_ftrace_function(ops);
	if (ret) {
		tr->fn_ops = NULL;
		kfree(ops);
	}
	return ret;
}

static struct tracer function_trace = {
	.name		= "function",
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.flags		= &func_flags,
	.set_flag	= function_set_flag,
	.allow_instances = true,
};

static __init int init_function_trace(void)
{
	return register_tracer(&function_trace);
}
core_initcall(init_function_trace);
