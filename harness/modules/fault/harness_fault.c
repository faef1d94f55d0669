// SPDX-License-Identifier: GPL-2.0
/*
 * A module that misbehaves on purpose, to prove that the guest runner
 * fails a run when the kernel reports a problem.
 *
 *	insmod harness_fault.ko action=warn	one WARN, then loads fine
 *	insmod harness_fault.ko action=oops	a NULL dereference (insmod dies)
 */
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/module.h>
#include <linux/string.h>

static char *action = "none";
module_param(action, charp, 0444);
MODULE_PARM_DESC(action, "none, warn or oops");

static int __init harness_fault_init(void)
{
	if (!strcmp(action, "warn")) {
		WARN(1, "harness_fault: the WARN asked for\n");
	} else if (!strcmp(action, "oops")) {
		int *p = NULL;

		/* Keep the compiler from reasoning about the NULL. */
		OPTIMIZER_HIDE_VAR(p);
		pr_info("harness_fault: dereferencing NULL\n");
		return READ_ONCE(*p);
	} else if (strcmp(action, "none")) {
		pr_err("harness_fault: unknown action '%s'\n", action);
		return -EINVAL;
	}
	return 0;
}

static void __exit harness_fault_exit(void)
{
}

module_init(harness_fault_init);
module_exit(harness_fault_exit);
MODULE_DESCRIPTION("Faults on demand for the test harness");
MODULE_LICENSE("GPL");
