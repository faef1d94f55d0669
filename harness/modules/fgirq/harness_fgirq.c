// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupts over traced calls, for the function_graph tests
 * (test_fn_graph_irq.sh): a tight loop of calls on one CPU while a
 * pinned hrtimer interrupts that CPU every few microseconds, so that
 * interrupts land anywhere in the calls, in the tracer's own entry and
 * return paths too.
 *
 * Writing N to /sys/module/harness_fgirq/parameters/run calls
 * harness_fgirq_outer() N times in the writer's task (or for max_ms
 * milliseconds, whichever ends first), kept on the CPU it started on;
 * each call calls harness_fgirq_inner(), which calls
 * harness_fgirq_leaf(). Meanwhile an hrtimer fires every period_ns
 * nanoseconds on that CPU (a hard interrupt; its callback is
 * harness_fgirq_tick()). Reading run gives the calls made by the last
 * write, reading fired the interrupts it took.
 *
 *	insmod harness_fgirq.ko
 *	echo 20000 >/sys/module/harness_fgirq/parameters/run
 */
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>

static unsigned long harness_fgirq_sum;

/*
 * Each does some work after its call, so that the compiler cannot make
 * the call a jump (a tail call returns straight to the caller's caller).
 */
static noinline void harness_fgirq_leaf(unsigned long i)
{
	WRITE_ONCE(harness_fgirq_sum, READ_ONCE(harness_fgirq_sum) + i);
}

static noinline void harness_fgirq_inner(unsigned long i)
{
	harness_fgirq_leaf(i);
	WRITE_ONCE(harness_fgirq_sum, READ_ONCE(harness_fgirq_sum) ^ i);
}

static noinline void harness_fgirq_outer(unsigned long i)
{
	harness_fgirq_inner(i);
	WRITE_ONCE(harness_fgirq_sum, READ_ONCE(harness_fgirq_sum) + 1);
}

static unsigned int period_ns = 20000;
module_param(period_ns, uint, 0600);
MODULE_PARM_DESC(period_ns, "the hrtimer's period during a run, in ns (at least 1000)");

static unsigned int max_ms = 3000;
module_param(max_ms, uint, 0600);
MODULE_PARM_DESC(max_ms, "a run ends after this many ms at most");

static unsigned long fired;
module_param(fired, ulong, 0400);
MODULE_PARM_DESC(fired, "the hrtimer interrupts of the last run");

static DEFINE_MUTEX(run_mutex);
static unsigned long run_calls;	/* the calls of the last run */
static struct hrtimer tick;
static ktime_t tick_period;
static bool ticking;

static noinline enum hrtimer_restart harness_fgirq_tick(struct hrtimer *t)
{
	fired++;
	if (!READ_ONCE(ticking))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, tick_period);
	return HRTIMER_RESTART;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned long n, i;
	unsigned int ns;
	ktime_t end;
	int ret;

	ret = kstrtoul(val, 0, &n);
	if (ret)
		return ret;
	ns = READ_ONCE(period_ns);
	if (ns < 1000)
		return -EINVAL;
	mutex_lock(&run_mutex);
	/* The timer is pinned to the CPU it is started on: so is the loop. */
	migrate_disable();
	fired = 0;
	tick_period = ns_to_ktime(ns);
	WRITE_ONCE(ticking, true);
	hrtimer_start(&tick, tick_period, HRTIMER_MODE_REL_PINNED_HARD);
	end = ktime_add_ms(ktime_get(), READ_ONCE(max_ms));
	for (i = 0; i < n;) {
		harness_fgirq_outer(i++);
		if (!(i & 63) && ktime_after(ktime_get(), end))
			break;
	}
	WRITE_ONCE(ticking, false);
	hrtimer_cancel(&tick);
	migrate_enable();
	run_calls = i;
	mutex_unlock(&run_mutex);
	return 0;
}

static int run_get(char *buf, const struct kernel_param *kp)
{
	return sprintf(buf, "%lu\n", READ_ONCE(run_calls));
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
	.get = run_get,
};
module_param_cb(run, &run_ops, NULL, 0600);
MODULE_PARM_DESC(run, "write N: N calls of harness_fgirq_outer() under an hrtimer storm; read: the calls of the last run");

static int __init harness_fgirq_init(void)
{
	hrtimer_init(&tick, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	tick.function = harness_fgirq_tick;
	return 0;
}

static void __exit harness_fgirq_exit(void)
{
	/* A run holds the module (its parameter file is open): none now. */
	hrtimer_cancel(&tick);
}

module_init(harness_fgirq_init);
module_exit(harness_fgirq_exit);
MODULE_DESCRIPTION("traced calls under an hrtimer interrupt storm, for the function_graph tests");
MODULE_LICENSE("GPL");
