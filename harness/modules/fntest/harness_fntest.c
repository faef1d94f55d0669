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
 *	insmod harness_fntest.ko
 *	echo 3 >/sys/module/harness_fntest/parameters/fire
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>

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

static int __init harness_fntest_init(void)
{
	harness_fntest_alpha(0);
	return 0;
}

static void __exit harness_fntest_exit(void)
{
}

module_init(harness_fntest_init);
module_exit(harness_fntest_exit);
MODULE_DESCRIPTION("functions of a module, for the function tracing tests");
MODULE_LICENSE("GPL");
