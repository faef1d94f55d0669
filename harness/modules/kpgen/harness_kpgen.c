// SPDX-License-Identifier: GPL-2.0
/*
 * Kprobe events made by kernel code (the dynevent_cmd API of
 * linux/trace_events.h), for test_events_kprobe_gen.sh. Loading makes
 * kprobes/gen_kprobe_test on do_sys_openat2 (dfd and the file name) and
 * kprobes/gen_kretprobe_test on its return ($retval), after checking
 * the API's errors; the result of each step is in the parameter
 * "steps". Unloading removes both events, unless the test did.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

static char steps[256];
module_param_string(steps, steps, sizeof(steps), 0444);
MODULE_PARM_DESC(steps, "each step and its result");

static void step(const char *what, int ret)
{
	size_t n = strlen(steps);

	snprintf(steps + n, sizeof(steps) - n, "%s%s=%d", n ? " " : "", what,
		 ret);
}

static int __init harness_kpgen_init(void)
{
	struct dynevent_cmd cmd;
	char *buf, small[16];
	int ret;

	buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	/* a command that does not fit its buffer is refused, not cut */
	kprobe_event_cmd_init(&cmd, small, sizeof(small));
	ret = kprobe_event_gen_cmd_start(&cmd, "gen_kprobe_test",
					 "do_sys_openat2");
	step("small", ret);
	if (ret != -E2BIG)
		goto fail;
	/* no place */
	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kprobe_event_gen_cmd_start(&cmd, "gen_kprobe_test", NULL);
	step("noloc", ret);
	if (ret != -EINVAL)
		goto fail;
	/* a place kprobes refuses: the command's error is the write's */
	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kprobe_event_gen_cmd_start(&cmd, "gen_kprobe_test",
					 "no_such_function_here");
	if (!ret)
		ret = kprobe_event_gen_cmd_end(&cmd);
	step("badloc", ret);
	if (!ret)
		goto fail;

	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kprobe_event_gen_cmd_start(&cmd, "gen_kprobe_test",
					 "do_sys_openat2", "dfd=$arg1:s32");
	if (!ret)
		ret = kprobe_event_add_field(&cmd, "file=+0($arg2):ustring");
	if (!ret)
		ret = kprobe_event_gen_cmd_end(&cmd);
	step("kprobe", ret);
	if (ret)
		goto fail;

	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kretprobe_event_gen_cmd_start(&cmd, "gen_kretprobe_test",
					    "do_sys_openat2", "$retval");
	if (!ret)
		ret = kretprobe_event_gen_cmd_end(&cmd);
	step("kretprobe", ret);
	if (ret) {
		kprobe_event_delete("gen_kprobe_test");
		goto fail;
	}
	/* a second one of the same name: the write's EEXIST */
	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kprobe_event_gen_cmd_start(&cmd, "gen_kprobe_test",
					 "do_sys_openat2");
	if (!ret)
		ret = kprobe_event_gen_cmd_end(&cmd);
	step("again", ret);
	kfree(buf);
	return 0;
fail:
	kfree(buf);
	pr_err("harness_kpgen: %s\n", steps);
	return -EINVAL;
}

static void __exit harness_kpgen_exit(void)
{
	kprobe_event_delete("gen_kretprobe_test");
	kprobe_event_delete("gen_kprobe_test");
}

module_init(harness_kpgen_init);
module_exit(harness_kpgen_exit);
MODULE_DESCRIPTION("kprobe events made by kernel code, for the tracefs tests");
MODULE_LICENSE("GPL");
