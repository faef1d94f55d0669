// SPDX-License-Identifier: GPL-2.0
/*
 * Functions to trace in a module, for the function tracing tests
 * (test_fn_module.sh): their call sites are the module's, so they show
 * up in available_filter_functions as "harness_fntest_* [harness_fntest]"
 * while the module is loaded.
 *
 * Writing a number N to /sys/module/harness_fntest/parameters/fire calls
 * harness_fntest_alpha() N times (at most 1000), each calling
 * harness_fntest_beta() once.
 *
 * Writing 1 to .../parameters/spin starts a kthread on each online CPU
 * that calls harness_fntest_alpha() in a loop, so that every CPU runs
 * the pair at once (test_probe_race); writing 0 (or rmmod) stops
 * them. Set up what patches the pair's call sites before starting them
 * and take it down after stopping them: under multi-threaded TCG a site
 * patched while another vCPU runs it can keep a stale int3 (README).
 *
 *	insmod harness_fntest.ko
 *	echo 3 >/sys/module/harness_fntest/parameters/fire
 */
#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>

static int harness_fntest_sum;

static noinline void harness_fntest_beta(int i)
{
	WRITE_ONCE(harness_fntest_sum, harness_fntest_sum + i);
}

static noinline void harness_fntest_alpha(int i)
{
	harness_fntest_beta(i);
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	int n, i, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	if (n < 0 || n > 1000)
		return -EINVAL;
	for (i = 0; i < n; i++)
		harness_fntest_alpha(i);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write N: N calls of harness_fntest_alpha()");

static DEFINE_MUTEX(spin_mutex);
static struct task_struct **spinners;	/* by CPU, while spinning */

static int spin_fn(void *unused)
{
	int i = 0;

	while (!kthread_should_stop()) {
		harness_fntest_alpha(i++);
		cond_resched();
	}
	return 0;
}

static void spin_stop(void)
{
	unsigned int cpu;

	if (!spinners)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (spinners[cpu])
			kthread_stop(spinners[cpu]);
	kfree(spinners);
	spinners = NULL;
}

static int spin_start(void)
{
	struct task_struct *t;
	unsigned int cpu;

	spinners = kcalloc(nr_cpu_ids, sizeof(*spinners), GFP_KERNEL);
	if (!spinners)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		t = kthread_create_on_cpu(spin_fn, NULL, cpu, "fntest_spin/%u");
		if (IS_ERR(t)) {
			cpus_read_unlock();
			spin_stop();
			return PTR_ERR(t);
		}
		spinners[cpu] = t;
		wake_up_process(t);
	}
	cpus_read_unlock();
	return 0;
}

static int spin_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret)
		return ret;
	mutex_lock(&spin_mutex);
	if (on && !spinners)
		ret = spin_start();
	else if (!on)
		spin_stop();
	mutex_unlock(&spin_mutex);
	return ret;
}

static int spin_get(char *buf, const struct kernel_param *kp)
{
	return sprintf(buf, "%d\n", !!READ_ONCE(spinners));
}

static const struct kernel_param_ops spin_ops = {
	.set = spin_set,
	.get = spin_get,
};
module_param_cb(spin, &spin_ops, NULL, 0600);
MODULE_PARM_DESC(spin, "1: call harness_fntest_alpha() on every CPU at once; 0: stop");

static int __init harness_fntest_init(void)
{
	harness_fntest_alpha(0);
	return 0;
}

static void __exit harness_fntest_exit(void)
{
	mutex_lock(&spin_mutex);
	spin_stop();
	mutex_unlock(&spin_mutex);
}

module_init(harness_fntest_init);
module_exit(harness_fntest_exit);
MODULE_DESCRIPTION("functions of a module, for the function tracing tests");
MODULE_LICENSE("GPL");
