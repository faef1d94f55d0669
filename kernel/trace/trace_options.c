// SPDX-License-Identifier: GPL-2.0
/*
 * Options: the core ones (a bit each in trace_array.trace_flags) and the
 * tracers' own (a bit each in tracer_flags.val, shared by every array).
 *
 * Users see them in two places, as upstream:
 *  - trace_options lists every core option of the build, then the
 *    current tracer's, as "name" or "noname"; writing "name" or
 *    "noname" sets or clears one (a tracer's only if it is current);
 *  - options/ holds a file per core option (reading "0" or "1") and a
 *    file per option of every tracer the array may use. Tracers' files
 *    stay when the current tracer changes: upstream creates them as
 *    tracers register and as arrays are made, and never removes them.
 *
 * A core option's file has the array as its i_private and is found by
 * its name, like every other per-array file. A tracer option's file
 * points into a record owned by the array (struct trace_option_dentry,
 * one per tracer, chained from tr->topts); an open finds that record by
 * address among the listed arrays under trace_types_lock, so a file of
 * an instance being removed never reaches freed memory. The records go
 * when the array goes (destroy_tracer_options()).
 *
 * All changes are made under trace_types_lock. Writers of entries read
 * trace_flags locklessly (trace_opt()): it is stored with WRITE_ONCE().
 */
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/init.h>

#include "trace.h"

const struct trace_opt_desc trace_opts[TRACE_OPT_NR] = {
	[TRACE_OPT_PRINT_PARENT]	= { "print-parent",	true },
	[TRACE_OPT_SYM_OFFSET]		= { "sym-offset",	true },
	[TRACE_OPT_SYM_ADDR]		= { "sym-addr",		true },
	[TRACE_OPT_VERBOSE]		= { "verbose",		true },
	[TRACE_OPT_RAW]			= { "raw",		true },
	[TRACE_OPT_HEX]			= { "hex",		true },
	[TRACE_OPT_BIN]			= { "bin",		true },
	[TRACE_OPT_BLOCK]		= { "block",		true },
	[TRACE_OPT_PRINTK]		= { "trace_printk",	true },
	[TRACE_OPT_ANNOTATE]		= { "annotate",		true },
	[TRACE_OPT_USERSTACKTRACE]	= { "userstacktrace",	true },
	[TRACE_OPT_SYM_USEROBJ]		= { "sym-userobj",	true },
	[TRACE_OPT_PRINTK_MSGONLY]	= { "printk-msg-only",	true },
	[TRACE_OPT_CONTEXT_INFO]	= { "context-info",	true },
	[TRACE_OPT_LATENCY_FMT]		= { "latency-format",	true },
	[TRACE_OPT_RECORD_CMD]		= { "record-cmd",	true },
	[TRACE_OPT_RECORD_TGID]		= { "record-tgid",	true },
	[TRACE_OPT_OVERWRITE]		= { "overwrite",	true },
	[TRACE_OPT_STOP_ON_FREE]	= { "disable_on_free",	true },
	[TRACE_OPT_IRQ_INFO]		= { "irq-info",		true },
	[TRACE_OPT_MARKERS]		= { "markers",		true },
	[TRACE_OPT_EVENT_FORK]		= { "event-fork",	true },
	[TRACE_OPT_PAUSE_ON_TRACE]	= { "pause-on-trace",	true },
	[TRACE_OPT_HASH_PTR]		= { "hash-ptr",		true },
	[TRACE_OPT_FUNCTION]		= { "function-trace",
					    IS_ENABLED(CONFIG_FUNCTION_TRACER) },
	[TRACE_OPT_FUNC_FORK]		= { "function-fork",
					    IS_ENABLED(CONFIG_FUNCTION_TRACER) },
	[TRACE_OPT_DISPLAY_GRAPH]	= { "display-graph",
					    IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) },
	[TRACE_OPT_STACKTRACE]		= { "stacktrace",
					    IS_ENABLED(CONFIG_STACKTRACE) },
};

u64 trace_default_flags __read_mostly =
	TRACE_FL(PRINT_PARENT) | TRACE_FL(PRINTK) | TRACE_FL(ANNOTATE) |
	TRACE_FL(CONTEXT_INFO) | TRACE_FL(RECORD_CMD) | TRACE_FL(OVERWRITE) |
	TRACE_FL(IRQ_INFO) | TRACE_FL(MARKERS) | TRACE_FL(HASH_PTR) |
	(IS_ENABLED(CONFIG_FUNCTION_TRACER) ? TRACE_FL(FUNCTION) : 0);

/* Options that only the top level has a file for under options/. */
#define TRACE_TOP_LEVEL_ONLY \
	(TRACE_FL(PRINTK) | TRACE_FL(PRINTK_MSGONLY) | TRACE_FL(RECORD_CMD))

/* The core option called name, or -EINVAL. */
static int core_opt_find(const char *name)
{
	int i;

	for (i = 0; i < TRACE_OPT_NR; i++)
		if (trace_opts[i].present && !strcmp(trace_opts[i].name, name))
			return i;
	return -EINVAL;
}

/* ---- changing options ---- */

int trace_keep_overwrite(struct tracer *tracer, u64 mask, int set)
{
	if (tracer->enabled && (mask & TRACE_FL(OVERWRITE)) && !set)
		return -1;
	return 0;
}

/* What turning a core option on or off does beyond its bit. */
static void core_opt_effect(struct trace_array *tr, enum trace_opt_bit bit,
			    bool on)
{
	struct trace_buffer *live, *spare;

	switch (bit) {
	case TRACE_OPT_RECORD_CMD:
		trace_cmdline_record_enable(on);
		break;
	case TRACE_OPT_RECORD_TGID:
		trace_tgid_record_enable(on);
		break;
	case TRACE_OPT_OVERWRITE:
		tracing_buffer_pair(tr, &live, &spare);
		if (live)
			ring_buffer_change_overwrite(live, on);
		if (spare)
			ring_buffer_change_overwrite(spare, on);
		break;
	default:
		/* the others are read where they apply */
		break;
	}
}

int set_tracer_flag(struct trace_array *tr, enum trace_opt_bit bit,
		    int enabled)
{
	u64 mask = BIT_ULL(bit);
	u64 flags = tr->trace_flags;
	struct tracer *t = tr->current_trace;

	if (bit >= TRACE_OPT_NR || !trace_opts[bit].present)
		return -EINVAL;
	if (!!(flags & mask) == !!enabled)
		return 0;
	if (t && t->flag_changed && t->flag_changed(tr, mask, !!enabled))
		return -EINVAL;

	flags = enabled ? flags | mask : flags & ~mask;
	/* writers test bits with READ_ONCE(): never a torn value */
	WRITE_ONCE(tr->trace_flags, flags);
	core_opt_effect(tr, bit, enabled);
	return 0;
}

/* Set or clear a tracer's option; the tracer may refuse. [L] */
static int tracer_opt_set(struct trace_array *tr, struct tracer *t,
			  const struct tracer_opt *opt, bool on)
{
	struct tracer_flags *fl = t->flags;
	int ret;

	if (t->set_flag) {
		ret = t->set_flag(tr, fl->val, opt->bit, on);
		if (ret)
			return ret;
	}
	WRITE_ONCE(fl->val, on ? fl->val | opt->bit : fl->val & ~opt->bit);
	return 0;
}

/* The option called name of tracer t, or NULL. */
static const struct tracer_opt *tracer_opt_find(struct tracer *t,
						const char *name)
{
	const struct tracer_opt *o;

	if (!t || !t->flags || !t->flags->opts)
		return NULL;
	for (o = t->flags->opts; o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

int trace_set_options(struct trace_array *tr, char *option)
{
	char *name = strstrip(option);
	bool on = true;
	const struct tracer_opt *o;
	int bit;

	if (str_has_prefix(name, "no")) {
		on = false;
		name += 2;
	}
	bit = core_opt_find(name);
	if (bit >= 0)
		return set_tracer_flag(tr, bit, on);

	o = tracer_opt_find(tr->current_trace, name);
	if (!o)
		return -EINVAL;
	return tracer_opt_set(tr, tr->current_trace, o, on);
}

/* ---- trace_options ---- */

static void show_opt(struct seq_file *m, const char *name, bool on)
{
	seq_printf(m, "%s%s\n", on ? "" : "no", name);
}

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	const struct tracer_opt *o;
	struct tracer *t;
	int i;

	mutex_lock(&trace_types_lock);
	for (i = 0; i < TRACE_OPT_NR; i++)
		if (trace_opts[i].present)
			show_opt(m, trace_opts[i].name, trace_opt(tr, i));

	t = tr->current_trace;
	if (t && t->flags && t->flags->opts)
		for (o = t->flags->opts; o->name; o++)
			show_opt(m, o->name, t->flags->val & o->bit);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = single_open(file, trace_options_show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

static int trace_options_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return single_release(inode, file);
}

/* Upstream takes at most 63 bytes per write to trace_options. */
#define TRACE_OPTIONS_WRITE_MAX	63

static ssize_t trace_options_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	char buf[TRACE_OPTIONS_WRITE_MAX + 1];
	int ret;

	if (cnt > TRACE_OPTIONS_WRITE_MAX)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';

	mutex_lock(&trace_types_lock);
	ret = trace_set_options(m->private, buf);
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_iter_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= trace_options_release,
};

/* ---- options/: shared by core and tracer option files ---- */

static ssize_t opt_file_read(char __user *ubuf, size_t cnt, loff_t *ppos,
			     bool on)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, on ? "1\n" : "0\n", 2);
}

/* An option file takes "0" or "1" (a newline may follow). */
static int opt_file_parse(const char __user *ubuf, size_t cnt, bool *on)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*on = val;
	return 0;
}

/* ---- options/<core option> ---- */

/* The core option an options/ file stands for, by the file's name. */
static int core_file_bit(struct file *file)
{
	return core_opt_find((const char *)file_dentry(file)->d_name.name);
}

static int core_file_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(inode->i_private);

	if (ret)
		return ret;
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t core_file_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	int bit = core_file_bit(file);

	if (bit < 0)
		return bit;
	return opt_file_read(ubuf, cnt, ppos,
			     trace_opt(file->private_data, bit));
}

static ssize_t core_file_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	int bit = core_file_bit(file);
	bool on;
	int ret;

	if (bit < 0)
		return bit;
	ret = opt_file_parse(ubuf, cnt, &on);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	ret = set_tracer_flag(file->private_data, bit, on);
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int core_file_release(struct inode *inode, struct file *file)
{
	trace_array_put(file->private_data);
	return 0;
}

static const struct file_operations core_opt_fops = {
	.open		= core_file_open,
	.read		= core_file_read,
	.write		= core_file_write,
	.llseek		= generic_file_llseek,
	.release	= core_file_release,
};

/* ---- options/<tracer option> ---- */

/*
 * The files of one tracer's options in one array. entry[i] is the file
 * of the tracer's opts[i]; its address is the file's i_private.
 */
struct trace_option_dentry {
	struct trace_option_dentry	*next;
	struct tracer			*tracer;
	unsigned int			nr;
	struct dentry			*entry[];
};

/* What an open tracer option file works on. */
struct topt_handle {
	struct trace_array		*tr;
	struct tracer			*tracer;
	const struct tracer_opt		*opt;
};

/* The record of tr that key points into, or NULL. [L] */
static struct trace_option_dentry *topt_owner(struct trace_array *tr,
					      void *key)
{
	struct trace_option_dentry *g;

	for (g = tr->topts; g; g = g->next)
		if (key >= (void *)g->entry && key < (void *)(g->entry + g->nr))
			return g;
	return NULL;
}

/*
 * Find the array and option behind key and take a reference on the
 * array. Only listed arrays are searched, under the lock that unlisting
 * takes, so the records looked at are alive.
 */
static int topt_get(void *key, struct topt_handle *h)
{
	struct trace_option_dentry *g;
	struct trace_array *tr;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if (tracing_is_disabled())
		return -ENODEV;

	ret = -ENODEV;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		g = topt_owner(tr, key);
		if (!g)
			continue;
		h->tr = tr;
		h->tracer = g->tracer;
		h->opt = &g->tracer->flags->opts[(struct dentry **)key -
						 g->entry];
		tr->ref++;	/* what trace_array_get() does, lock held */
		ret = 0;
		break;
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int topt_open(struct inode *inode, struct file *file)
{
	struct topt_handle *h;
	int ret;

	h = kmalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	ret = topt_get(inode->i_private, h);
	if (ret) {
		kfree(h);
		return ret;
	}
	file->private_data = h;
	return 0;
}

static ssize_t topt_read(struct file *file, char __user *ubuf, size_t cnt,
			 loff_t *ppos)
{
	struct topt_handle *h = file->private_data;

	return opt_file_read(ubuf, cnt, ppos,
			     READ_ONCE(h->tracer->flags->val) & h->opt->bit);
}

static ssize_t topt_write(struct file *file, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct topt_handle *h = file->private_data;
	bool on;
	int ret;

	ret = opt_file_parse(ubuf, cnt, &on);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	if (!!(h->tracer->flags->val & h->opt->bit) != on)
		ret = tracer_opt_set(h->tr, h->tracer, h->opt, on);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int topt_release(struct inode *inode, struct file *file)
{
	struct topt_handle *h = file->private_data;

	trace_array_put(h->tr);
	kfree(h);
	return 0;
}

static const struct file_operations tracer_opt_fops = {
	.open		= topt_open,
	.read		= topt_read,
	.write		= topt_write,
	.llseek		= generic_file_llseek,
	.release	= topt_release,
};

/* ---- building options/ ---- */

/* tr may use t, and t has options that tr has no files for yet. [L] */
static bool topt_wanted(struct trace_array *tr, struct tracer *t)
{
	struct trace_option_dentry *g;

	if (!t->flags || !t->flags->opts || !t->flags->opts[0].name)
		return false;
	if (tr != &global_trace && !t->allow_instances)
		return false;
	/* tracers may share one tracer_flags: one set of files for it */
	for (g = tr->topts; g; g = g->next)
		if (g->tracer->flags == t->flags)
			return false;
	return true;
}

static void topt_add(struct trace_array *tr, struct tracer *t)
{
	struct trace_option_dentry *g;
	unsigned int i, nr = 0;

	while (t->flags->opts[nr].name)
		nr++;
	g = kzalloc(struct_size(g, entry, nr), GFP_KERNEL);
	if (!g)
		return;
	g->tracer = t;
	g->nr = nr;
	for (i = 0; i < nr; i++)
		g->entry[i] = trace_create_file(t->flags->opts[i].name,
						TRACE_MODE_WRITE, tr->options,
						&g->entry[i],
						&tracer_opt_fops);
	/* published under trace_types_lock, which topt_get() takes */
	g->next = tr->topts;
	tr->topts = g;
}

void update_tracer_options(struct trace_array *tr)
{
	struct tracer *t;

	/* before tracefs (tracers registering at boot): created later */
	if (!tr->options)
		return;
	for (t = trace_types; t; t = t->next)
		if (topt_wanted(tr, t))
			topt_add(tr, t);
}

void create_trace_options_dir(struct trace_array *tr)
{
	bool top = tr == &global_trace;
	int i;

	if (!tr->options) {
		tr->options = tracefs_create_dir("options", tr->dir);
		if (!tr->options) {
			pr_warn("Could not create tracefs directory 'options'\n");
			return;
		}
		for (i = 0; i < TRACE_OPT_NR; i++) {
			if (!trace_opts[i].present)
				continue;
			if (!top && (BIT_ULL(i) & TRACE_TOP_LEVEL_ONLY))
				continue;
			trace_create_file(trace_opts[i].name, TRACE_MODE_WRITE,
					  tr->options, tr, &core_opt_fops);
		}
	}
	update_tracer_options(tr);
}

/* Is tr still in trace_arrays? [L] */
static bool trace_array_listed(struct trace_array *tr)
{
	struct trace_array *t;

	list_for_each_entry(t, &trace_arrays, list)
		if (t == tr)
			return true;
	return false;
}

void destroy_tracer_options(struct trace_array *tr)
{
	struct trace_option_dentry *g;

	/*
	 * Upstream keeps every tracer's files across a change of tracer:
	 * only an array that is going away (unlisted, so no open can
	 * find its records any more) loses them.
	 */
	if (trace_array_listed(tr))
		return;
	while (tr->topts) {
		g = tr->topts;
		tr->topts = g->next;
		kfree(g);
	}
}

/* ---- trace_options= at boot ---- */

#define TRACE_BOOT_OPTIONS_MAX	100

static char trace_boot_options[TRACE_BOOT_OPTIONS_MAX] __initdata;

static int __init trace_boot_options_setup(char *str)
{
	strscpy(trace_boot_options, str, sizeof(trace_boot_options));
	return 1;
}
__setup("trace_options=", trace_boot_options_setup);

/*
 * Apply each comma-separated option to the top level. Called again once
 * a boot tracer is up (its own options exist only then), so the list is
 * left intact: each option is parsed from a copy.
 */
void __init apply_trace_boot_options(void)
{
	char one[TRACE_BOOT_OPTIONS_MAX];
	const char *p = trace_boot_options;
	size_t len;

	while (*p) {
		len = strcspn(p, ",");
		if (len) {
			memcpy(one, p, len);
			one[len] = '\0';
			mutex_lock(&trace_types_lock);
			trace_set_options(&global_trace, one);
			mutex_unlock(&trace_types_lock);
		}
		p += len;
		if (*p == ',')
			p++;
	}
}
