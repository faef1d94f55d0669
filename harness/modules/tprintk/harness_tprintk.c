// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and trace_puts() on demand, for the tracefs tests
 * (test_core_trace_printk.sh). Each burst writes four records:
 *
 *	trace_printk() with a constant format and arguments	(bprint)
 *	trace_puts() of a constant string			(bputs)
 *	trace_printk() with a format that is not constant	(print)
 *	trace_printk() of the "msg" parameter			(bprint)
 *
 * A burst runs at load time and each time a number is written to the
 * "fire" parameter (/sys/module/harness_tprintk/parameters/fire), with
 * that number as its sequence number.
 *
 *	insmod harness_tprintk.ko msg=TEXT
 *	echo 7 >/sys/module/harness_tprintk/parameters/fire
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>

static char *msg = "hello";
module_param(msg, charp, 0644);
MODULE_PARM_DESC(msg, "text of the fourth record of each burst");

/* Not a constant expression: trace_printk() takes its slow path. */
static char *dyn_fmt = "harness_tprintk: dynamic seq=%d\n";
module_param(dyn_fmt, charp, 0444);
MODULE_PARM_DESC(dyn_fmt, "format of the third record (one %d)");

static noinline void harness_tprintk_burst(int seq)
{
	trace_printk("harness_tprintk: const seq=%d word=%s\n", seq, "abc");
	trace_puts("harness_tprintk: puts\n");
	trace_printk(dyn_fmt, seq);
	trace_printk("harness_tprintk: msg seq=%d %s\n", seq, msg);
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	int seq, ret;

	ret = kstrtoint(val, 0, &seq);
	if (ret)
		return ret;
	harness_tprintk_burst(seq);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write N: one burst with sequence number N");

static int __init harness_tprintk_init(void)
{
	harness_tprintk_burst(0);
	return 0;
}

static void __exit harness_tprintk_exit(void)
{
}

module_init(harness_tprintk_init);
module_exit(harness_tprintk_exit);
MODULE_DESCRIPTION("trace_printk() and trace_puts() for the tracefs tests");
MODULE_LICENSE("GPL");
