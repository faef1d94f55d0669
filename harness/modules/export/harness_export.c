// SPDX-License-Identifier: GPL-2.0
/*
 * A trace export for test_core_export.sh: it counts the trace_marker
 * records the top level hands it and keeps the text of the last one,
 * both readable as module parameters.
 */
#include <linux/module.h>
#include <linux/trace.h>
#include <linux/string.h>

static int count;
module_param(count, int, 0444);
MODULE_PARM_DESC(count, "marker records exported so far");

static char last[64];
module_param_string(last, last, sizeof(last), 0444);
MODULE_PARM_DESC(last, "the text of the last one");

/* The layout of a marker record (binary ABI: events/ftrace/print). */
struct marker_record {
	unsigned short	type;
	unsigned char	flags;
	unsigned char	preempt_count;
	int		pid;
	unsigned long	ip;
	char		buf[];
};

static void export_write(struct trace_export *export, const void *entry,
			 unsigned int size)
{
	const struct marker_record *r = entry;
	size_t n;

	if (size <= sizeof(*r))
		return;
	n = min_t(size_t, size - sizeof(*r), sizeof(last) - 1);
	memcpy(last, r->buf, n);
	last[n] = '\0';
	/* up to the first newline: the marker's own text */
	last[strcspn(last, "\n")] = '\0';
	WRITE_ONCE(count, count + 1);
}

static struct trace_export export = {
	.write	= export_write,
	.flags	= TRACE_EXPORT_MARKER,
};

static int __init harness_export_init(void)
{
	return register_ftrace_export(&export);
}

static void __exit harness_export_exit(void)
{
	unregister_ftrace_export(&export);
}

module_init(harness_export_init);
module_exit(harness_export_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("test harness: a trace export counting marker records");
