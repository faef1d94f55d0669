// SPDX-License-Identifier: GPL-2.0
/*
 * likely() and unlikely() with known outcomes, for the branch tracer's
 * test (test_branch.sh). Writing a pattern of '0's and '1's to the "run"
 * parameter evaluates, for each character in turn, likely(c == '1') in
 * hbr_likely_site() and then unlikely(c == '1') in hbr_unlikely_site(),
 * and turns tracing off (tracing_off()) before returning, so that the
 * rest of the kernel's likely()s cannot overwrite those records before
 * the test reads them. The write fails with EINVAL on any other
 * character, before anything is evaluated.
 *
 *	echo 1101 >/sys/module/harness_branch/parameters/run
 *
 * With the branch tracer on, the pattern above leaves three "  ok  " and
 * one " MISS " entry for hbr_likely_site, the reverse for
 * hbr_unlikely_site.
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>

/* The number of '1's seen: the outcome is used, the site is not folded. */
static noinline int hbr_likely_site(char c)
{
	if (likely(c == '1'))
		return 1;
	return 0;
}

static noinline int hbr_unlikely_site(char c)
{
	if (unlikely(c == '1'))
		return 1;
	return 0;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	size_t i, n = strcspn(val, "\n");
	int ones = 0;

	if (!n)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (val[i] != '0' && val[i] != '1')
			return -EINVAL;
	for (i = 0; i < n; i++) {
		ones += hbr_likely_site(val[i]);
		ones -= hbr_unlikely_site(val[i]);
	}
	tracing_off();
	/* each '1' counted once each way */
	return ones ? -EIO : 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "a pattern of 0s and 1s: the outcomes to evaluate");

static int __init harness_branch_init(void)
{
	return 0;
}
module_init(harness_branch_init);

static void __exit harness_branch_exit(void)
{
}
module_exit(harness_branch_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("likely() and unlikely() with known outcomes");
