// SPDX-License-Identifier: GPL-2.0
/*
 * The clocks a trace array can stamp its entries with, and trace_clock,
 * the file that shows and picks one.
 *
 * trace_clocks[] is in upstream's order, which is ABI: trace_clock lists
 * the names in it, and tools remember a clock by name. An array's
 * clock_id indexes the table. The ring buffer holds the function itself,
 * so writers never look at clock_id; a change of clock is made under
 * trace_types_lock and empties the array's buffers, since stamps of two
 * clocks cannot be put in one order.
 *
 * Boot: trace_clock= names the top level's clock; without it, a machine
 * whose sched_clock() is unstable falls back to "global" once that is
 * known (late in boot), as upstream does.
 */
#include <linux/sched/clock.h>
#include <linux/ktime.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/string.h>
#include <linux/init.h>

#include "trace.h"

const struct trace_clock_desc trace_clocks[] = {
	{ .name = "local",	.func = trace_clock_local,	.in_ns = 1 },
	{ .name = "global",	.func = trace_clock_global,	.in_ns = 1 },
	{ .name = "counter",	.func = trace_clock_counter,	.in_ns = 0 },
	{ .name = "uptime",	.func = trace_clock_jiffies,	.in_ns = 0 },
	{ .name = "perf",	.func = trace_clock,		.in_ns = 1 },
	{ .name = "mono",	.func = ktime_get_mono_fast_ns,	.in_ns = 1 },
	{ .name = "mono_raw",	.func = ktime_get_raw_fast_ns,	.in_ns = 1 },
	{ .name = "boot",	.func = ktime_get_boot_fast_ns,	.in_ns = 1 },
	{ .name = "tai",	.func = ktime_get_tai_fast_ns,	.in_ns = 1 },
	ARCH_TRACE_CLOCKS	/* x86-64: x86-tsc, in cycles */
};

const int trace_clocks_nr = ARRAY_SIZE(trace_clocks);

/* A clock's index by name, or -EINVAL. */
static int trace_clock_find(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		if (!strcmp(trace_clocks[i].name, name))
			return i;
	return -EINVAL;
}

/* Empty one of the array's buffers, if it has been allocated. */
static void trace_clock_reset(struct array_buffer *buf)
{
	if (buf->buffer)
		tracing_reset_online_cpus(buf);
}

int tracing_set_clock(struct trace_array *tr, const char *clockstr)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_set_clock_locked(tr, clockstr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

int tracing_set_clock_locked(struct trace_array *tr, const char *clockstr)
{
	struct trace_buffer *live, *spare;
	int id = trace_clock_find(clockstr);

	lockdep_assert_held(&trace_types_lock);
	if (id < 0)
		return id;
	/* output code reads clock_id without the lock: one store */
	WRITE_ONCE(tr->clock_id, id);
	tracing_buffer_pair(tr, &live, &spare);
	if (live)
		ring_buffer_set_clock(live, trace_clocks[id].func);
	if (spare)
		ring_buffer_set_clock(spare, trace_clocks[id].func);
	/* the old stamps cannot be compared with the new ones */
	trace_clock_reset(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	trace_clock_reset(&tr->max_buffer);
#endif
	return 0;
}

/* ---- the trace_clock file ---- */

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	int cur = READ_ONCE(tr->clock_id);
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++) {
		if (i)
			seq_putc(m, ' ');
		if (i == cur)
			seq_printf(m, "[%s]", trace_clocks[i].name);
		else
			seq_puts(m, trace_clocks[i].name);
	}
	seq_putc(m, '\n');
	return 0;
}

static int trace_clock_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = single_open(file, trace_clock_show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int trace_clock_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

/* The longest name written that upstream accepts (it refuses 64 bytes). */
#define TRACE_CLOCK_WRITE_MAX	63

static ssize_t trace_clock_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	char buf[TRACE_CLOCK_WRITE_MAX + 1];
	int ret;

	if (cnt > TRACE_CLOCK_WRITE_MAX)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';

	ret = tracing_set_clock(m->private, strstrip(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_clock_fops = {
	.open		= trace_clock_open,
	.read		= seq_read,
	.write		= trace_clock_write,
	.llseek		= seq_lseek,
	.release	= trace_clock_release,
};

/* ---- boot ---- */

#define TRACE_BOOT_CLOCK_MAX	100

static char trace_boot_clock[TRACE_BOOT_CLOCK_MAX] __initdata;
static bool trace_boot_clock_given __initdata;

static int __init trace_boot_clock_setup(char *str)
{
	strscpy(trace_boot_clock, str, sizeof(trace_boot_clock));
	trace_boot_clock_given = true;
	return 1;
}
__setup("trace_clock=", trace_boot_clock_setup);

void __init trace_apply_boot_clock(void)
{
	if (!trace_boot_clock_given)
		return;
	if (tracing_set_clock(&global_trace, trace_boot_clock) < 0)
		pr_warn("Trace clock %s not defined, going back to default\n",
			trace_boot_clock);
}

#ifdef CONFIG_HAVE_UNSTABLE_SCHED_CLOCK
/*
 * Whether sched_clock() is stable is decided by a late initcall: only
 * then can "local" be found unfit to order entries across CPUs.
 */
static __init int trace_clock_fallback(void)
{
	if (trace_boot_clock_given || sched_clock_stable())
		return 0;
	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Can not set tracing clock due to lockdown\n");
		return 0;
	}
	pr_warn("Unstable clock detected, switching default tracing clock to \"global\"\n"
		"If you want to keep using the local clock, then add:\n"
		"  \"trace_clock=local\"\n"
		"on the kernel command line\n");
	tracing_set_clock(&global_trace, "global");
	return 0;
}
late_initcall_sync(trace_clock_fallback);
#endif
