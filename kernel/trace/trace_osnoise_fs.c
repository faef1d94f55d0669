// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer's directory in tracefs:
 *
 *	period_us		a sampling period, in us (>= runtime_us)
 *	runtime_us		its sampling part (<= period_us)
 *	stop_tracing_us		stop recording after a gap longer than this
 *	stop_tracing_total_us	... or a period with more noise (0: never)
 *	cpus			the CPUs to sample, as a list ("0-3,8")
 *	options			[NO_]OPTION, one at a time, or DEFAULTS
 *	timerlat_period_us	timerlat's period, in us (100 to 1000000)
 *	print_stack		timerlat: trace the stack the timer found
 *				when the thread is later than this, in us
 *
 * The period and runtime take effect at the next period, the stop
 * files at once. A change of cpus or options stops the sampling
 * threads and starts them again.
 */

#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_osnoise.h"

/* A number file and the bounds the other settings put on it. */
struct osn_number {
	u64		*val;
	const u64	*floor;		/* NULL: none */
	const u64	*ceiling;	/* NULL: none */
};

static struct osn_number osn_period = {
	.val = &osnoise_set.period_us, .floor = &osnoise_set.runtime_us,
};

static struct osn_number osn_runtime = {
	.val = &osnoise_set.runtime_us, .ceiling = &osnoise_set.period_us,
};

static struct osn_number osn_stop_single = {
	.val = &osnoise_set.stop_single_us,
};

static struct osn_number osn_stop_total = {
	.val = &osnoise_set.stop_total_us,
};

#ifdef CONFIG_TIMERLAT_TRACER
static const u64 tlat_period_min = TLAT_PERIOD_MIN_US;
static const u64 tlat_period_max = TLAT_PERIOD_MAX_US;

static struct osn_number tlat_period = {
	.val = &osnoise_set.timerlat_period_us,
	.floor = &tlat_period_min, .ceiling = &tlat_period_max,
};

static struct osn_number tlat_print_stack = {
	.val = &osnoise_set.print_stack_us,
};
#endif

static ssize_t osn_number_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct osn_number *n = filp->private_data;
	char buf[24];
	int len;

	mutex_lock(&osnoise_lock);
	len = snprintf(buf, sizeof(buf), "%llu\n", *n->val);
	mutex_unlock(&osnoise_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t osn_number_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct osn_number *n = filp->private_data;
	u64 val;
	int ret;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	mutex_lock(&osnoise_lock);
	if ((n->floor && val < *n->floor) ||
	    (n->ceiling && val > *n->ceiling)) {
		mutex_unlock(&osnoise_lock);
		return -EINVAL;
	}
	/* the samplers read it with READ_ONCE() */
	WRITE_ONCE(*n->val, val);
	mutex_unlock(&osnoise_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osn_number_fops = {
	.open		= tracing_open_generic,
	.read		= osn_number_read,
	.write		= osn_number_write,
	.llseek		= generic_file_llseek,
};

/* ---- cpus ---- */

static ssize_t osn_cpus_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	ssize_t ret;
	char *text;

	mutex_lock(&osnoise_lock);
	text = kasprintf(GFP_KERNEL, "%*pbl\n",
			 cpumask_pr_args(&osnoise_set.cpus));
	mutex_unlock(&osnoise_lock);
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t osn_cpus_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	cpumask_var_t mask;
	bool running;
	char *text;
	int ret;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL)) {
		kfree(text);
		return -ENOMEM;
	}
	ret = cpulist_parse(strim(text), mask);
	kfree(text);
	if (ret) {
		free_cpumask_var(mask);
		return ret;
	}
	running = osnoise_pause();
	mutex_lock(&osnoise_lock);
	cpumask_copy(&osnoise_set.cpus, mask);
	mutex_unlock(&osnoise_lock);
	osnoise_resume(running);
	free_cpumask_var(mask);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osn_cpus_fops = {
	.open		= tracing_open_generic,
	.read		= osn_cpus_read,
	.write		= osn_cpus_write,
	.llseek		= generic_file_llseek,
};

/* ---- options ---- */

static const char * const osn_option_names[OSN_OPT_MAX] = {
	[OSN_OPT_DEFAULTS]		= "DEFAULTS",
	[OSN_OPT_WORKLOAD]		= "OSNOISE_WORKLOAD",
	[OSN_OPT_PANIC_ON_STOP]		= "PANIC_ON_STOP",
	[OSN_OPT_PREEMPT_DISABLE]	= "OSNOISE_PREEMPT_DISABLE",
	[OSN_OPT_IRQ_DISABLE]		= "OSNOISE_IRQ_DISABLE",
};

/* Every option, NO_-prefixed when off, each followed by a space. */
static int osn_options_show(struct seq_file *m, void *v)
{
	unsigned long opts;
	bool on;
	int i;

	mutex_lock(&osnoise_lock);
	opts = osnoise_set.options;
	mutex_unlock(&osnoise_lock);
	for (i = 0; i < OSN_OPT_MAX; i++) {
		if (i == OSN_OPT_DEFAULTS)
			on = opts == OSN_OPT_DEFAULT_SET;
		else
			on = opts & BIT(i);
		seq_printf(m, "%s%s ", on ? "" : "NO_", osn_option_names[i]);
	}
	seq_putc(m, '\n');
	return 0;
}

static int osn_options_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return single_open(filp, osn_options_show, NULL);
}

static ssize_t osn_options_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char *text, *name;
	bool on = true, running;
	int opt;

	if (cnt >= 256)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	name = strim(text);
	if (!strncmp(name, "NO_", 3)) {
		on = false;
		name += 3;
	}
	opt = match_string(osn_option_names, OSN_OPT_MAX, name);
	kfree(text);
	/* NO_DEFAULTS means nothing */
	if (opt < 0 || (opt == OSN_OPT_DEFAULTS && !on))
		return -EINVAL;

	running = osnoise_pause();
	mutex_lock(&osnoise_lock);
	if (opt == OSN_OPT_DEFAULTS)
		osnoise_set.options = OSN_OPT_DEFAULT_SET;
	else if (on)
		set_bit(opt, &osnoise_set.options);
	else
		clear_bit(opt, &osnoise_set.options);
	mutex_unlock(&osnoise_lock);
	osnoise_resume(running);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osn_options_fops = {
	.open		= osn_options_open,
	.read		= seq_read,
	.write		= osn_options_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

int osnoise_create_files(void)
{
	static const struct {
		const char			*name;
		void				*data;
		const struct file_operations	*fops;
	} files[] = {
		{ "period_us",		   &osn_period,	     &osn_number_fops },
		{ "runtime_us",		   &osn_runtime,     &osn_number_fops },
		{ "stop_tracing_us",	   &osn_stop_single, &osn_number_fops },
		{ "stop_tracing_total_us", &osn_stop_total,  &osn_number_fops },
		{ "cpus",		   NULL,	     &osn_cpus_fops },
		{ "options",		   NULL,	     &osn_options_fops },
#ifdef CONFIG_TIMERLAT_TRACER
		{ "timerlat_period_us",	   &tlat_period,     &osn_number_fops },
		{ "print_stack",	   &tlat_print_stack, &osn_number_fops },
#endif
	};
	struct dentry *dir;
	int i;

	if (tracing_init_dentry())
		return 0;
	dir = tracefs_create_dir("osnoise", NULL);
	if (IS_ERR_OR_NULL(dir)) {
		pr_warn("osnoise: no osnoise/ directory in tracefs\n");
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		if (!trace_create_file(files[i].name, TRACE_MODE_WRITE, dir,
				       files[i].data, files[i].fops)) {
			tracefs_remove(dir);
			return -ENOMEM;
		}
	}
	return 0;
}
