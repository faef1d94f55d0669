// SPDX-License-Identifier: GPL-2.0
/*
 * Latency generator for the irqsoff and preemptoff tracers
 * (CONFIG_PREEMPTIRQ_DELAY_TEST).
 *
 * Loading the module starts a kthread called "<test_mode>_test" that spins
 * for delay microseconds, burst_size times in a row, with interrupts off
 * ("irq"), with preemption off ("preempt"), or switching between the two
 * on every section of the burst ("alternate", starting with irq). Every
 * section of a burst runs in its own non-inlined function, so the latency
 * tracers report a distinct location for each one. The load does not
 * return before the burst is over; ftracetest's
 * test.d/preemptirq/irqsoff_tracer.tc relies on that when it loads us with
 * test_mode=preempt delay=500000 and then looks for a 500 ms section.
 *
 * After its burst the thread sleeps until it is stopped, either on unload
 * or when a write to /sys/kernel/preemptirq_delay_test/trigger replaces it
 * with a new thread running a new burst.
 *
 * Bad parameters are refused when the module is loaded (-EINVAL and a
 * message), rather than leaving a thread that does nothing: an unknown
 * test_mode, or a cpu_affinity that is neither -1 nor an online CPU. If
 * the CPU goes away later, the thread reports it, skips its burst and the
 * trigger write fails.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/trace_clock.h>

#define MAX_BURST	10

static ulong delay = 100;
module_param(delay, ulong, 0444);
MODULE_PARM_DESC(delay, "Length of each critical section in microseconds (default 100)");

static char test_mode[12] = "irq";
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "What to disable: irq, preempt or alternate (default irq)");

static uint burst_size = 1;
module_param(burst_size, uint, 0444);
MODULE_PARM_DESC(burst_size, "Critical sections per burst, at most 10 (default 1)");

static int cpu_affinity = -1;
module_param(cpu_affinity, int, 0444);
MODULE_PARM_DESC(cpu_affinity, "CPU the test thread runs on (default -1: any)");

enum { MODE_IRQ, MODE_PREEMPT, MODE_ALTERNATE };

static const char * const mode_names[] = {
	[MODE_IRQ]		= "irq",
	[MODE_PREEMPT]		= "preempt",
	[MODE_ALTERNATE]	= "alternate",
};

static int mode;

/* Serializes trigger writes with each other and with unload. */
static DEFINE_MUTEX(run_lock);
static struct task_struct *runner;	/* thread of the last burst */
static DECLARE_COMPLETION(burst_over);
static int burst_err;			/* set by the thread before burst_over */

static void spin_delay(void)
{
	u64 span = (u64)delay * NSEC_PER_USEC;
	u64 t0 = trace_clock_local();

	while (trace_clock_local() - t0 < span)
		cpu_relax();
}

/*
 * Inlined into each section function below, so that the place where
 * interrupts or preemption get disabled is that function.
 */
static __always_inline void run_section(bool irqs)
{
	unsigned long flags;

	if (irqs) {
		local_irq_save(flags);
		spin_delay();
		local_irq_restore(flags);
	} else {
		preempt_disable();
		spin_delay();
		preempt_enable();
	}
}

#define SECTION_FN(n) \
	static noinline void section_##n(bool irqs) { run_section(irqs); }

SECTION_FN(0)
SECTION_FN(1)
SECTION_FN(2)
SECTION_FN(3)
SECTION_FN(4)
SECTION_FN(5)
SECTION_FN(6)
SECTION_FN(7)
SECTION_FN(8)
SECTION_FN(9)

static void (* const sections[MAX_BURST])(bool) = {
	section_0, section_1, section_2, section_3, section_4,
	section_5, section_6, section_7, section_8, section_9,
};

static int delay_thread(void *unused)
{
	unsigned int n = min_t(unsigned int, burst_size, MAX_BURST);
	unsigned int i;

	burst_err = 0;
	if (cpu_affinity >= 0) {
		burst_err = set_cpus_allowed_ptr(current,
						 cpumask_of(cpu_affinity));
		if (burst_err) {
			pr_err("cannot run on CPU %d (%d), burst skipped\n",
			       cpu_affinity, burst_err);
			n = 0;
		}
	}

	for (i = 0; i < n; i++)
		sections[i](mode == MODE_IRQ ||
			    (mode == MODE_ALTERNATE && i % 2 == 0));

	complete(&burst_over);

	/* Nothing more to do: sleep until kthread_stop(). */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void stop_runner(void)
{
	if (runner) {
		kthread_stop(runner);
		runner = NULL;
	}
}

/* Replace the current thread by a new one and wait for its burst. */
static int new_burst(void)
{
	struct task_struct *task;

	mutex_lock(&run_lock);
	stop_runner();
	reinit_completion(&burst_over);
	task = kthread_run(delay_thread, NULL, "%s_test", test_mode);
	if (IS_ERR(task)) {
		mutex_unlock(&run_lock);
		return PTR_ERR(task);
	}
	wait_for_completion(&burst_over);
	runner = task;
	mutex_unlock(&run_lock);

	return burst_err;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = new_burst();

	return ret ? ret : count;
}

static struct kobj_attribute trigger_attr = __ATTR_WO(trigger);

static struct attribute *pdt_attrs[] = {
	&trigger_attr.attr,
	NULL,
};

static const struct attribute_group pdt_group = {
	.attrs = pdt_attrs,
};

static struct kobject *pdt_kobj;

static int __init pdt_init(void)
{
	int ret;

	mode = match_string(mode_names, ARRAY_SIZE(mode_names), test_mode);
	if (mode < 0) {
		pr_err("test_mode=%s is not one of irq, preempt, alternate\n",
		       test_mode);
		return -EINVAL;
	}

	if (cpu_affinity < -1 || cpu_affinity >= (int)nr_cpu_ids ||
	    (cpu_affinity >= 0 && !cpu_online(cpu_affinity))) {
		pr_err("cpu_affinity=%d is neither -1 nor an online CPU\n",
		       cpu_affinity);
		return -EINVAL;
	}

	if (burst_size > MAX_BURST)
		pr_info("burst_size=%u, running %d sections per burst\n",
			burst_size, MAX_BURST);

	ret = new_burst();
	if (ret)
		goto stop;

	pdt_kobj = kobject_create_and_add("preemptirq_delay_test", kernel_kobj);
	if (!pdt_kobj) {
		ret = -ENOMEM;
		goto stop;
	}

	ret = sysfs_create_group(pdt_kobj, &pdt_group);
	if (ret) {
		kobject_put(pdt_kobj);
		goto stop;
	}
	return 0;

stop:
	mutex_lock(&run_lock);
	stop_runner();
	mutex_unlock(&run_lock);
	return ret;
}

static void __exit pdt_exit(void)
{
	/* Removing the file waits for trigger writes still in progress. */
	kobject_put(pdt_kobj);

	mutex_lock(&run_lock);
	stop_runner();
	mutex_unlock(&run_lock);
}

module_init(pdt_init);
module_exit(pdt_exit);

MODULE_DESCRIPTION("Disables interrupts or preemption for a while, to test the latency tracers");
MODULE_LICENSE("GPL");
