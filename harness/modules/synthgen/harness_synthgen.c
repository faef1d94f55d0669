// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events made and recorded by kernel code (the synth_event_*
 * API of linux/trace_events.h), for test_events_synth.sh.
 *
 * Loading makes synthetic/synth_gen_arr (synth_event_create(), every
 * kind of field) and synthetic/synth_gen_cmd (the dynevent_cmd
 * functions), checks the API's errors, enables both in the top instance
 * and records each way the API offers, then disables them; the result
 * of each step is in the parameter "steps". Writing N to the parameter
 * "fire" records synth_gen_arr once more with pid N (nothing if it is
 * not enabled; N < 0: its strings NULL; N = 100: a comm too long).
 * Unloading removes both events, unless the test did.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

static char steps[512];
module_param_string(steps, steps, sizeof(steps), 0444);
MODULE_PARM_DESC(steps, "each step and its result");

static void step(const char *what, int ret)
{
	size_t n = strlen(steps);

	snprintf(steps + n, sizeof(steps) - n, "%s%s=%d", n ? " " : "", what,
		 ret);
}

static struct synth_field_desc arr_fields[] = {
	{ .type = "u64",		.name = "lat" },
	{ .type = "pid_t",		.name = "pid" },
	{ .type = "char[16]",		.name = "comm" },
	{ .type = "char[]",		.name = "name" },
	{ .type = "s8",			.name = "small" },
	{ .type = "gfp_t",		.name = "gfp" },
	{ .type = "unsigned int",	.name = "u" },
};

/*
 * A negative pid records no strings: NULL for both; pid 100 a comm
 * longer than its char[16].
 */
static int arr_trace(struct trace_event_file *file, u64 lat, int pid)
{
	const char *comm = pid < 0 ? NULL : pid == 100 ?
			   "a-string-longer-than-16" : "synthgen";
	const char *name = pid < 0 ? NULL : "dynamic string";

	return synth_event_trace(file, ARRAY_SIZE(arr_fields), lat,
				 (u64)pid, (u64)(long)comm, (u64)(long)name,
				 (u64)-2, (__force u64)GFP_KERNEL, (u64)0xffffffff);
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	struct trace_event_file *file;
	int pid, ret;

	ret = kstrtoint(val, 0, &pid);
	if (ret)
		return ret;
	file = trace_get_event_file(NULL, "synthetic", "synth_gen_arr");
	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = arr_trace(file, 1000 + pid, pid);
	trace_put_event_file(file);
	return ret;
}

static const struct kernel_param_ops fire_ops = {
	.set	= fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "record synth_gen_arr with this pid");

/* Record with each way of the API into the enabled events. */
static void record_all(struct trace_event_file *arr,
		       struct trace_event_file *cmd)
{
	struct synth_event_trace_state st;
	u64 vals[ARRAY_SIZE(arr_fields)] = {
		2, 43, (u64)(long)"array", (u64)(long)"from an array", 7,
		0, 1,
	};
	int ret;

	step("trace", arr_trace(arr, 12345678901ULL, 4242));
	step("trace_array", synth_event_trace_array(arr, vals,
						    ARRAY_SIZE(vals)));
	/* the wrong number of values */
	step("trace_short", synth_event_trace_array(arr, vals, 3));
	/* a record field by field cannot hold a dynamic string */
	ret = synth_event_trace_start(arr, &st);
	step("start_dyn", ret);
	if (!ret)
		synth_event_trace_end(&st);

	ret = synth_event_trace_start(cmd, &st);
	step("start", ret);
	if (!ret) {
		synth_event_add_next_val(11, &st);
		synth_event_add_next_val((u64)(long)"next", &st);
		synth_event_add_next_val(12, &st);
		step("next", synth_event_add_next_val(-13, &st));
		step("past", synth_event_add_next_val(14, &st));
		step("mixed", synth_event_add_val("a", 1, &st));
		step("end", synth_event_trace_end(&st));
	}
	ret = synth_event_trace_start(cmd, &st);
	if (!ret) {
		synth_event_add_val("c", -21, &st);
		synth_event_add_val("s", (u64)(long)"named", &st);
		synth_event_add_val("a", 22, &st);
		step("noname", synth_event_add_val("nope", 1, &st));
		step("end2", synth_event_trace_end(&st));
	}
}

static int __init harness_synthgen_init(void)
{
	struct trace_event_file *arr = NULL, *cmdf = NULL;
	struct dynevent_cmd cmd;
	char *buf;
	int ret;

	buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	ret = synth_event_create("synth_gen_arr", arr_fields,
				 ARRAY_SIZE(arr_fields), THIS_MODULE);
	step("create", ret);
	if (ret)
		goto fail;
	/* the same name again */
	step("again", synth_event_create("synth_gen_arr", arr_fields, 1,
					 THIS_MODULE));

	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_start(&cmd, "synth_gen_cmd", THIS_MODULE,
					"u64", "a", "char[16]", "s");
	if (!ret)
		ret = synth_event_add_field(&cmd, "unsigned int", "b");
	if (!ret)
		ret = synth_event_add_field_str(&cmd, "s32 c");
	/* a type that is none: refused as it is added */
	step("badtype", synth_event_add_field(&cmd, "chr", "x"));
	if (!ret)
		ret = synth_event_gen_cmd_end(&cmd);
	step("gen", ret);
	if (ret)
		goto fail_arr;
	step("delete_none", synth_event_delete("synth_gen_none"));

	arr = trace_get_event_file(NULL, "synthetic", "synth_gen_arr");
	cmdf = trace_get_event_file(NULL, "synthetic", "synth_gen_cmd");
	if (IS_ERR(arr) || IS_ERR(cmdf)) {
		step("files", -ENOENT);
		goto fail_files;
	}
	/* not enabled: nothing recorded, no error */
	step("off", arr_trace(arr, 1, 1));
	ret = trace_array_set_clr_event(arr->tr, "synthetic", "synth_gen_arr",
					true);
	if (!ret)
		ret = trace_array_set_clr_event(cmdf->tr, "synthetic",
						"synth_gen_cmd", true);
	step("enable", ret);
	if (!ret)
		record_all(arr, cmdf);
	/* while its file is held, an event cannot go */
	step("busy", synth_event_delete("synth_gen_cmd"));
	trace_array_set_clr_event(arr->tr, "synthetic", "synth_gen_arr",
				  false);
	trace_array_set_clr_event(cmdf->tr, "synthetic", "synth_gen_cmd",
				  false);
	trace_put_event_file(arr);
	trace_put_event_file(cmdf);
	kfree(buf);
	return 0;

fail_files:
	if (!IS_ERR_OR_NULL(arr))
		trace_put_event_file(arr);
	if (!IS_ERR_OR_NULL(cmdf))
		trace_put_event_file(cmdf);
	synth_event_delete("synth_gen_cmd");
fail_arr:
	synth_event_delete("synth_gen_arr");
fail:
	kfree(buf);
	pr_err("harness_synthgen: %s\n", steps);
	return -EINVAL;
}

static void __exit harness_synthgen_exit(void)
{
	synth_event_delete("synth_gen_cmd");
	synth_event_delete("synth_gen_arr");
}

module_init(harness_synthgen_init);
module_exit(harness_synthgen_exit);
MODULE_DESCRIPTION("synthetic events made by kernel code, for the tracefs tests");
MODULE_LICENSE("GPL");
