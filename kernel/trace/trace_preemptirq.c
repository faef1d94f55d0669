// SPDX-License-Identifier: GPL-2.0
/*
 * The hardirq and preemption on/off hooks, and the preemptirq tracepoints
 * (irq_disable, irq_enable, preempt_disable, preempt_enable) they fire.
 *
 * With CONFIG_TRACE_IRQFLAGS, local_irq_disable() and friends call
 * trace_hardirqs_off() and trace_hardirqs_on(), and the entry code calls
 * the split variants (trace_hardirqs_off_finish() once RCU is watching,
 * trace_hardirqs_on_prepare() while it still is). Lockdep is told from
 * here too, except by the split variants, whose callers tell lockdep
 * themselves. With CONFIG_TRACE_PREEMPT_TOGGLE, the scheduler calls
 * trace_preempt_off() and trace_preempt_on() at the outermost
 * preempt_disable()/preempt_enable().
 *
 * A per-CPU flag remembers that this CPU reported its interrupts off, so
 * that nested or repeated disabling reports only one transition, and
 * enabling reports only after an off was reported. Nothing is fired from
 * NMI context: an NMI can hit between a transition and its report.
 *
 * The irqsoff and preemptoff latency tracers (trace_irqsoff.c) hook in
 * at the same transitions.
 */

#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>

#include "trace.h"

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE

void trace_preempt_off(unsigned long ip, unsigned long parent)
{
	if (in_nmi())
		return;
	trace_preempt_disable_rcuidle(ip, parent);
	tracer_preempt_off(ip, parent);
}

void trace_preempt_on(unsigned long ip, unsigned long parent)
{
	if (in_nmi())
		return;
	tracer_preempt_on(ip, parent);
	trace_preempt_enable_rcuidle(ip, parent);
}

#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */

#ifdef CONFIG_TRACE_IRQFLAGS

static DEFINE_PER_CPU(int, hardirqs_reported_off);

/*
 * Report interrupts enabled at @ip (called from @parent), if this CPU
 * reported them disabled. @rcu_safe: RCU may not be watching, so the
 * tracepoint must make it watch.
 */
static __always_inline void irqs_on_report(unsigned long ip,
					   unsigned long parent, bool rcu_safe)
{
	if (!this_cpu_read(hardirqs_reported_off))
		return;
	if (!in_nmi()) {
		tracer_hardirqs_on(ip, parent);
		if (rcu_safe)
			trace_irq_enable_rcuidle(ip, parent);
		else
			trace_irq_enable(ip, parent);
	}
	this_cpu_write(hardirqs_reported_off, 0);
}

static __always_inline void irqs_off_report(unsigned long ip,
					    unsigned long parent, bool rcu_safe)
{
	if (this_cpu_read(hardirqs_reported_off))
		return;
	this_cpu_write(hardirqs_reported_off, 1);
	if (!in_nmi()) {
		if (rcu_safe)
			trace_irq_disable_rcuidle(ip, parent);
		else
			trace_irq_disable(ip, parent);
		tracer_hardirqs_off(ip, parent);
	}
}

/* Entry code: interrupts are about to be enabled; lockdep is done apart. */
void trace_hardirqs_on_prepare(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1, false);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);

/* Entry code: interrupts were disabled; lockdep was told already. */
void trace_hardirqs_off_finish(void)
{
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1, false);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);

void trace_hardirqs_on(void)
{
	irqs_on_report(CALLER_ADDR0, CALLER_ADDR1, true);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);

void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	irqs_off_report(CALLER_ADDR0, CALLER_ADDR1, true);
}
EXPORT_SYMBOL(trace_hardirqs_off);

/* A kprobe in these would recurse: its handler disables interrupts. */
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_off);

#endif /* CONFIG_TRACE_IRQFLAGS */
