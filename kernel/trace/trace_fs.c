// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs tree: which files every trace array gets, which only the
 * top level gets, and the small control files that are a number or a
 * mask (tracing_on, buffer sizes, buffer_percent, tracing_cpumask,
 * timestamp_mode).
 *
 * A file's inode->i_private is its trace array. Per-CPU files also
 * carry the CPU, as cpu + 1 in inode->i_cdev (0: all CPUs), which is
 * what tracing_get_cpu() decodes.
 */
#include <linux/kernel.h>
#include <linux/debugfs.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/slab.h>

#include "trace.h"

struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (!d)
		pr_warn("Could not create tracefs '%s' entry\n", name);
	return d;
}

static struct dentry *trace_create_cpu_file(const char *name, umode_t mode,
					    struct dentry *parent, void *data,
					    long cpu,
					    const struct file_operations *fops)
{
	struct dentry *d = trace_create_file(name, mode, parent, data, fops);

	if (d)
		d_inode(d)->i_cdev = (void *)(cpu + 1);
	return d;
}

int tracing_get_cpu(struct inode *inode)
{
	if (inode->i_cdev)
		return (long)inode->i_cdev - 1;
	return RING_BUFFER_ALL_CPUS;
}

int trace_get_user_ulong(const char __user *ubuf, size_t cnt,
			 unsigned long *val)
{
	return kstrtoul_from_user(ubuf, cnt, 10, val);
}

/* ---- tracing_on ---- */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[4];
	int len;

	len = snprintf(buf, sizeof(buf), "%d\n", tracer_tracing_is_on(tr));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Turn recording on or off and tell the tracer; under trace_types_lock. */
static void tracing_on_switch(struct trace_array *tr, bool on)
{
	struct tracer *t = tr->current_trace;

	if (on) {
		tracer_tracing_on(tr);
		if (t->start)
			t->start(tr);
		return;
	}
	tracer_tracing_off(tr);
	if (t->stop)
		t->stop(tr);
	/* blocked readers return what there is */
	ring_buffer_wake_waiters(tr->array_buffer.buffer, RING_BUFFER_ALL_CPUS);
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	if (tr->array_buffer.buffer && !!val != tracer_tracing_is_on(tr))
		tracing_on_switch(tr, val);
	mutex_unlock(&trace_types_lock);
	(*ppos)++;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* ---- buffer_size_kb, buffer_total_size_kb, free_buffer ---- */

/*
 * A CPU's buffer size as it is now. A CPU that was not up when the
 * buffer was made gets its buffer, at the others' size, when it comes
 * up; until then it has none and does not count.
 */
static unsigned long cpu_size(struct trace_array *tr, int cpu)
{
	return ring_buffer_size(tr->array_buffer.buffer, cpu);
}

static ssize_t buffer_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	unsigned long size = 0;
	bool same = true;
	char buf[64];
	int c, len;

	mutex_lock(&trace_types_lock);
	if (cpu != RING_BUFFER_ALL_CPUS) {
		len = snprintf(buf, sizeof(buf), "%lu\n",
			       cpu_size(tr, cpu) >> 10);
		goto out;
	}
	for_each_possible_cpu(c) {
		unsigned long sz = cpu_size(tr, c);

		if (!sz)
			continue;
		if (!size)
			size = sz;
		else if (size != sz)
			same = false;
	}
	if (!same)
		len = snprintf(buf, sizeof(buf), "X\n");
	else if (!tr->buffer_expanded)
		len = snprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
			       size >> 10, trace_buf_size >> 10);
	else
		len = snprintf(buf, sizeof(buf), "%lu\n", size >> 10);
out:
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Resize and record the size asked for, which buffer_size_kb shows. */
int tracing_resize_and_record(struct trace_array *tr, unsigned long size,
			      int cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = tracing_resize_ring_buffer(tr, size, cpu);
	return ret < 0 ? ret : 0;
}

static ssize_t buffer_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	unsigned long kb;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	/* a size of 0 would leave no buffer; more than fits a long is absurd */
	if (!kb || kb > (ULONG_MAX >> 10))
		return -EINVAL;

	mutex_lock(&trace_types_lock);
	ret = tracing_resize_and_record(tr, kb << 10, tracing_get_cpu(inode));
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int buffer_size_open(struct inode *inode, struct file *filp)
{
	return tracing_open_generic_tr(inode, filp);
}

static const struct file_operations buffer_size_fops = {
	.open		= buffer_size_open,
	.read		= buffer_size_read,
	.write		= buffer_size_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static ssize_t buffer_total_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long size = 0, expanded = 0;
	char buf[64];
	int cpu, len;

	mutex_lock(&trace_types_lock);
	for_each_possible_cpu(cpu) {
		size += cpu_size(tr, cpu) >> 10;
		expanded += trace_buf_size >> 10;
	}
	if (tr->buffer_expanded)
		len = snprintf(buf, sizeof(buf), "%lu\n", size);
	else
		len = snprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
			       size, expanded);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations buffer_total_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_total_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/* Writing anything succeeds; the buffer is shrunk when the file closes. */
static ssize_t free_buffer_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	if (trace_opt(tr, TRACE_OPT_STOP_ON_FREE))
		tracer_tracing_off(tr);
	mutex_lock(&trace_types_lock);
	tracing_resize_and_record(tr, 0, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations free_buffer_fops = {
	.open		= tracing_open_generic_tr,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
};

/* ---- buffer_percent ---- */

static ssize_t buffer_percent_show(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[16];
	int len;

	len = snprintf(buf, sizeof(buf), "%u\n", READ_ONCE(tr->buffer_percent));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t buffer_percent_store(struct file *filp,
				    const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long percent;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &percent);
	if (ret)
		return ret;
	if (percent > 100)
		return -EINVAL;
	WRITE_ONCE(tr->buffer_percent, percent);
	(*ppos)++;
	return cnt;
}

static const struct file_operations buffer_percent_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_percent_show,
	.write		= buffer_percent_store,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* ---- tracing_cpumask ---- */

static ssize_t cpumask_read(struct file *filp, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	char *buf;
	int len;
	ssize_t ret;

	len = snprintf(NULL, 0, "%*pb\n", cpumask_pr_args(tr->tracing_cpumask));
	/* the mask comes whole, in one read, as upstream gives it */
	if (len >= cnt)
		return -EINVAL;
	buf = kmalloc(len + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	len = snprintf(buf, len + 1, "%*pb\n",
		       cpumask_pr_args(tr->tracing_cpumask));
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

/* CPUs leaving the mask stop recording; CPUs joining it start again. */
static void set_tracing_cpumask(struct trace_array *tr, struct cpumask *new)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	int cpu;

	for_each_possible_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->tracing_cpumask);
		bool now = cpumask_test_cpu(cpu, new);

		if (was == now)
			continue;
		if (now) {
			atomic_dec(&per_cpu_ptr(tr->array_buffer.data,
						cpu)->disabled);
			ring_buffer_record_enable_cpu(buffer, cpu);
		} else {
			atomic_inc(&per_cpu_ptr(tr->array_buffer.data,
						cpu)->disabled);
			ring_buffer_record_disable_cpu(buffer, cpu);
		}
	}
	cpumask_copy(tr->tracing_cpumask, new);
}

static ssize_t cpumask_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	cpumask_var_t new;
	int ret;

	if (!zalloc_cpumask_var(&new, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse_user(ubuf, cnt, new);
	if (!ret) {
		mutex_lock(&trace_types_lock);
		set_tracing_cpumask(tr, new);
		mutex_unlock(&trace_types_lock);
		ret = cnt;
	}
	free_cpumask_var(new);
	return ret;
}

static const struct file_operations tracing_cpumask_fops = {
	.open		= tracing_open_generic_tr,
	.read		= cpumask_read,
	.write		= cpumask_write,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

/* ---- timestamp_mode ---- */

static int timestamp_mode_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;

	if (ring_buffer_time_stamp_abs(tr->array_buffer.buffer))
		seq_puts(m, "delta [absolute]\n");
	else
		seq_puts(m, "[delta] absolute\n");
	return 0;
}

static int timestamp_mode_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = single_open(file, timestamp_mode_show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int timestamp_mode_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

static const struct file_operations timestamp_mode_fops = {
	.open		= timestamp_mode_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= timestamp_mode_release,
};

/* ---- events/: what exists before the event machinery ---- */

/*
 * events/header_page and events/header_event describe the ring buffer's
 * page and entry headers to tools decoding trace_pipe_raw.
 */
static ssize_t rb_header_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	int (*print)(struct trace_seq *s) = file_inode(filp)->i_private;
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	print(s);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static const struct file_operations rb_header_fops = {
	.open		= tracing_open_generic,
	.read		= rb_header_read,
	.llseek		= default_llseek,
};

#ifndef CONFIG_EVENT_TRACING
/*
 * events/enable without the event machinery: no event can be enabled,
 * so it reads 0 and accepts 0 and 1.
 */
static ssize_t events_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, "0\n", 2);
}

static ssize_t events_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations events_enable_fops = {
	.open		= tracing_open_generic,
	.read		= events_enable_read,
	.write		= events_enable_write,
	.llseek		= default_llseek,
};
#endif

/* Every array has its events/, as it will have its own event files. */
static void create_events_dir(struct trace_array *tr)
{
	struct dentry *d_print;
	struct dentry *d = trace_create_entry_formats(tr->dir, &d_print);

	if (IS_ERR_OR_NULL(d))
		return;
	trace_create_file("header_page", TRACE_MODE_READ, d,
			  ring_buffer_print_page_header, &rb_header_fops);
	trace_create_file("header_event", TRACE_MODE_READ, d,
			  ring_buffer_print_entry_header, &rb_header_fops);
#ifdef CONFIG_EVENT_TRACING
	/* events: enable, set_event..., the event directories */
	event_trace_add_tracer(tr, d);
	event_trace_add_marker(tr, d_print);
#else
	trace_create_file("enable", TRACE_MODE_WRITE, d, NULL,
			  &events_enable_fops);
#endif
}

/* ---- per_cpu/ ---- */

static void create_cpu_dir(struct trace_array *tr, long cpu)
{
	struct dentry *d;
	char name[32];

	snprintf(name, sizeof(name), "cpu%ld", cpu);
	d = tracefs_create_dir(name, tr->percpu_dir);
	if (!d) {
		pr_warn("Could not create tracefs '%s' entry\n", name);
		return;
	}
	trace_create_cpu_file("trace_pipe", TRACE_MODE_READ, d, tr, cpu,
			      &tracing_pipe_fops);
	trace_create_cpu_file("trace", TRACE_MODE_WRITE, d, tr, cpu,
			      &tracing_fops);
	trace_create_cpu_file("trace_pipe_raw", TRACE_MODE_READ, d, tr, cpu,
			      &tracing_buffers_fops);
	trace_create_cpu_file("stats", TRACE_MODE_READ, d, tr, cpu,
			      &tracing_stats_fops);
	trace_create_cpu_file("buffer_size_kb", TRACE_MODE_WRITE, d, tr, cpu,
			      &buffer_size_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_cpu_file("snapshot", TRACE_MODE_WRITE, d, tr, cpu,
			      &snapshot_fops);
	trace_create_cpu_file("snapshot_raw", TRACE_MODE_READ, d, tr, cpu,
			      &snapshot_raw_fops);
#endif
}

void tracing_init_tracefs_percpu(struct trace_array *tr, long cpu)
{
	if (!tr->percpu_dir)
		tr->percpu_dir = tracefs_create_dir("per_cpu", tr->dir);
	if (!tr->percpu_dir) {
		pr_warn("Could not create tracefs 'per_cpu' entry\n");
		return;
	}
	create_cpu_dir(tr, cpu);
}

/* ---- the tree ---- */

void init_tracer_tracefs(struct trace_array *tr, struct dentry *d)
{
	int cpu;

	trace_create_file("available_tracers", TRACE_MODE_READ, d, tr,
			  &show_traces_fops);
	trace_create_file("current_tracer", TRACE_MODE_WRITE, d, tr,
			  &set_tracer_fops);
	trace_create_file("tracing_cpumask", TRACE_MODE_WRITE, d, tr,
			  &tracing_cpumask_fops);
	trace_create_file("trace_options", TRACE_MODE_WRITE, d, tr,
			  &tracing_iter_fops);
	trace_create_file("trace", TRACE_MODE_WRITE, d, tr, &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, tr,
			  &tracing_pipe_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, tr,
			  &buffer_size_fops);
	trace_create_file("buffer_total_size_kb", TRACE_MODE_READ, d, tr,
			  &buffer_total_fops);
	trace_create_file("free_buffer", 0200, d, tr, &free_buffer_fops);
	trace_create_file("trace_marker", 0220, d, tr, &tracing_mark_fops);
	trace_create_file("trace_marker_raw", 0220, d, tr,
			  &tracing_mark_raw_fops);
	trace_create_file("trace_clock", TRACE_MODE_WRITE, d, tr,
			  &trace_clock_fops);
	trace_create_file("tracing_on", TRACE_MODE_WRITE, d, tr,
			  &tracing_on_fops);
	trace_create_file("timestamp_mode", TRACE_MODE_READ, d, tr,
			  &timestamp_mode_fops);
	trace_create_file("buffer_percent", TRACE_MODE_WRITE, d, tr,
			  &buffer_percent_fops);
#ifdef CONFIG_TRACER_MAX_TRACE
	trace_create_file("tracing_max_latency", TRACE_MODE_WRITE, d, tr,
			  &tracing_max_lat_fops);
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_file("snapshot", TRACE_MODE_WRITE, d, tr, &snapshot_fops);
#endif
	trace_create_file("error_log", TRACE_MODE_WRITE, d, tr,
			  &tracing_err_log_fops);

	ftrace_create_filter_files(tr, d);
	create_trace_options_dir(tr);
	create_events_dir(tr);
	for_each_possible_cpu(cpu)
		tracing_init_tracefs_percpu(tr, cpu);
}

static struct vfsmount *trace_automount(struct dentry *mntpt, void *unused)
{
	/* old scripts look under debugfs: mount tracefs there on first use */
	struct file_system_type *fs = get_fs_type("tracefs");
	struct vfsmount *mnt = NULL;

	if (fs) {
		mnt = vfs_submount(mntpt, fs, "tracefs", NULL);
		put_filesystem(fs);
	}
	if (IS_ERR_OR_NULL(mnt))
		return NULL;
	mntget(mnt);
	return mnt;
}

/*
 * The top level's files go in the tracefs root: its tr->dir stays NULL,
 * which tracefs takes as the root.
 */
int tracing_init_dentry(void)
{
	static struct dentry *debugfs_link;

	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Tracing disabled due to lockdown\n");
		return -EPERM;
	}
	if (debugfs_link)
		return 0;
	if (!tracefs_initialized())
		return -ENODEV;
	debugfs_link = debugfs_create_automount("tracing", NULL,
						trace_automount, NULL);
	if (IS_ERR_OR_NULL(debugfs_link))
		debugfs_link = ERR_PTR(-ENODEV);	/* tried once */
	return 0;
}

static __init int tracer_init_tracefs(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret || tracing_is_disabled())
		return 0;

	mutex_lock(&trace_types_lock);
	init_tracer_tracefs(&global_trace, NULL);
	mutex_unlock(&trace_types_lock);
	event_trace_init_tracefs();	/* events */
	ftrace_create_toplevel_files();

	trace_create_file("README", TRACE_MODE_READ, NULL, NULL,
			  &tracing_readme_fops);
	trace_create_file("saved_cmdlines", TRACE_MODE_READ, NULL, NULL,
			  &tracing_saved_cmdlines_fops);
	trace_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, NULL, NULL,
			  &tracing_saved_cmdlines_size_fops);
	trace_create_file("saved_tgids", TRACE_MODE_READ, NULL, NULL,
			  &tracing_saved_tgids_fops);
	trace_create_file("printk_formats", TRACE_MODE_READ, NULL, NULL,
			  &ftrace_formats_fops);
	trace_create_file("tracing_thresh", TRACE_MODE_WRITE, NULL,
			  &global_trace, &tracing_thresh_fops);
	create_trace_instances(NULL);
	return 0;
}
fs_initcall(tracer_init_tracefs);
