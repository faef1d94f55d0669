/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recursion guards for tracing callbacks.
 *
 * A tracing callback can end up calling itself: a function-entry callback
 * calls a traced function, an event handler triggers its own event. Such
 * a callback takes a guard first and gives up if it is already held.
 *
 * The guards live in current->trace_recursion, which only the task itself
 * touches. A guard level is TRACE_CTX_BITS bits wide: one per context the
 * task can be running in (normal, softirq, hardirq, NMI), so that a
 * callback that interrupts the same callback in a lower context still
 * runs, and one "transition" bit. An interrupt handler runs for a short
 * while before preempt_count says it is one, and would look like a
 * reentry of the interrupted context; the transition bit lets one such
 * reentry through instead of losing its event. Bits above the levels are
 * single flags for the tracers' own use.
 */

#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

#include <linux/interrupt.h>
#include <linux/preempt.h>
#include <linux/sched.h>

#ifdef CONFIG_TRACING

/* The bits of a level, in the order of interrupt_context_level(). */
enum {
	TRACE_CTX_NORMAL,
	TRACE_CTX_SOFTIRQ,
	TRACE_CTX_IRQ,
	TRACE_CTX_NMI,
	TRACE_CTX_TRANSITION,
	TRACE_CTX_BITS,
};

/* The first bit of each level, and the single flags after them. */
enum {
	/* Callbacks of the function tracer (ftrace_ops). */
	TRACE_FTRACE_START	= 0 * TRACE_CTX_BITS,
	/* The function tracer's own walk of its callback list. */
	TRACE_LIST_START	= 1 * TRACE_CTX_BITS,
	/* Writers of trace events. */
	TRACE_EVENT_START	= 2 * TRACE_CTX_BITS,
	/*
	 * The branch tracer's writer (ftrace_likely_update()): what it
	 * calls outside kernel/trace may evaluate likely() again.
	 */
	TRACE_BRANCH_START	= 3 * TRACE_CTX_BITS,

	TRACE_RECURSION_FLAGS	= 4 * TRACE_CTX_BITS,
};

static __always_inline bool trace_recursion_test(int bit)
{
	return current->trace_recursion & BIT(bit);
}

static __always_inline void trace_recursion_set(int bit)
{
	current->trace_recursion |= BIT(bit);
}

static __always_inline void trace_recursion_clear(int bit)
{
	current->trace_recursion &= ~BIT(bit);
}

/**
 * trace_test_and_set_recursion - take the guard of a level
 * @ip: the traced address (for reports of recursion)
 * @pip: its caller
 * @start: the level: TRACE_FTRACE_START, TRACE_LIST_START, ...
 *
 * On success preemption is disabled until trace_clear_recursion().
 *
 * Return: the bit taken, to pass to trace_clear_recursion(), or -1 if the
 * guard is held in this context already.
 */
static __always_inline int trace_test_and_set_recursion(unsigned long ip,
							unsigned long pip,
							int start)
{
	unsigned long held = READ_ONCE(current->trace_recursion);
	int bit = start + interrupt_context_level();

	if (unlikely(held & BIT(bit))) {
		bit = start + TRACE_CTX_TRANSITION;
		if (held & BIT(bit))
			return -1;
	}
	WRITE_ONCE(current->trace_recursion, held | BIT(bit));
	/* The guard is visible to an interrupt before the callback runs. */
	barrier();
	preempt_disable_notrace();
	return bit;
}

/**
 * trace_clear_recursion - release a guard
 * @bit: what trace_test_and_set_recursion() returned
 */
static __always_inline void trace_clear_recursion(int bit)
{
	preempt_enable_notrace();
	barrier();
	trace_recursion_clear(bit);
}

/*
 * Whether the function tracer's list function is walking its callbacks
 * in this context: the callbacks it calls then run with one more level
 * of disabled preemption than the traced code had.
 */
static __always_inline bool ftrace_list_walking(void)
{
	return trace_recursion_test(TRACE_LIST_START +
				    interrupt_context_level());
}

/**
 * ftrace_test_recursion_trylock - guard a function tracer callback
 * @ip: the traced function
 * @parent_ip: its caller
 *
 * Return: -1 if the callback is running in this context already (return
 * at once), otherwise a bit to pass to ftrace_test_recursion_unlock().
 * Preemption is disabled in between.
 */
static __always_inline int ftrace_test_recursion_trylock(unsigned long ip,
							 unsigned long parent_ip)
{
	return trace_test_and_set_recursion(ip, parent_ip, TRACE_FTRACE_START);
}

/**
 * ftrace_test_recursion_unlock - end a guarded function tracer callback
 * @bit: what ftrace_test_recursion_trylock() returned
 */
static __always_inline void ftrace_test_recursion_unlock(int bit)
{
	trace_clear_recursion(bit);
}

#endif /* CONFIG_TRACING */
#endif /* _LINUX_TRACE_RECURSION_H */
