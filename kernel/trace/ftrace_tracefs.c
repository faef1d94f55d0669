// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's tracefs files:
 *
 *  set_ftrace_filter, set_ftrace_notrace (each array)
 *	The filter and notrace sets of the array's function tracer ops.
 *	Read: the functions in the set, in address order, or a line that
 *	says the set is empty. Write: one word at a time (a glob, "!glob",
 *	or the index of a line of available_filter_functions); opening with
 *	O_TRUNC (">") starts from an empty set, otherwise (">>") from the
 *	current one. Each word is applied as its write completes it, to a
 *	private copy; the copy replaces the set when the file is closed. A
 *	word that matches nothing fails its write with -EINVAL and leaves an
 *	error_log entry, and then closing the file changes nothing. The
 *	sets stay with the array while other tracers run.
 *  set_ftrace_pid, set_ftrace_notrace_pid (each array)
 *	Made and freed with the others, but ftrace_pid.c's.
 *  available_filter_functions (top level)
 *	Every function with a call site, one a line, in address order.
 *  enabled_functions (top level)
 *	The functions whose site calls the trampoline now, with the number
 *	of ops that want each.
 *  dyn_ftrace_total_info (top level)
 *	The number of sites, and the pages and groups holding their records.
 */

#include <linux/ftrace.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "ftrace_internal.h"
#include "ftrace_pid.h"

/* The longest word a filter file takes, as upstream's parser. */
#define FILTER_WORD_MAX		(KSYM_NAME_LEN + 64)

/* An open set_ftrace_filter or set_ftrace_notrace. */
struct filter_file {
	struct trace_array	*tr;
	bool			exclude;
	bool			writing;
	bool			failed;	/* a word failed: install nothing */
	struct ftrace_ip_set	*set;	/* the private copy being edited */
	unsigned int		len;	/* of the word being read */
	char			word[FILTER_WORD_MAX];
};

static const char * const filter_errs[] = {
	"No function matches",
	"Word too long",
	"Commands are not supported yet",
};

enum { FE_NO_MATCH, FE_TOO_LONG, FE_COMMAND };

static void filter_log_err(struct filter_file *ff, int type)
{
	tracing_log_err(ff->tr, ff->exclude ? "set_ftrace_notrace" :
			"set_ftrace_filter", ff->word, filter_errs, type, 0);
}

/* ---- reading the sets ---- */

static struct ftrace_ip_set *shown_set(struct seq_file *m)
{
	struct filter_file *ff = m->private;
	struct ftrace_ops *ops = &ff->tr->fn_ops;

	return rcu_dereference_protected(ff->exclude ? ops->notrace_ips :
					 ops->filter_ips,
					 lockdep_is_held(&ftrace_filter_lock));
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	struct ftrace_ip_set *set;

	mutex_lock(&ftrace_filter_lock);
	set = shown_set(m);
	/* An empty set is one line saying so. */
	if (!set || !set->nr)
		return *pos ? NULL : SEQ_START_TOKEN;
	return *pos < set->nr ? &set->ips[*pos] : NULL;
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct ftrace_ip_set *set = shown_set(m);

	++*pos;
	if (v == SEQ_START_TOKEN || *pos >= set->nr)
		return NULL;
	return &set->ips[*pos];
}

static void set_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_filter_lock);
}

static int set_show(struct seq_file *m, void *v)
{
	struct filter_file *ff = m->private;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, ff->exclude ? "#### no functions disabled ####\n" :
			 "#### all functions enabled ####\n");
		return 0;
	}
	seq_printf(m, "%ps\n", (void *)*(unsigned long *)v);
	return 0;
}

static const struct seq_operations set_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.stop	= set_stop,
	.show	= set_show,
};

/* ---- editing them ---- */

static int filter_open(struct inode *inode, struct file *file, bool exclude)
{
	struct trace_array *tr = inode->i_private;
	struct filter_file *ff;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = -ENOMEM;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff)
		goto put;
	ff->tr = tr;
	ff->exclude = exclude;
	if (file->f_mode & FMODE_WRITE) {
		ff->writing = true;
		mutex_lock(&ftrace_filter_lock);
		if (file->f_flags & O_TRUNC)
			ff->set = kvzalloc(sizeof(*ff->set), GFP_KERNEL);
		else
			ff->set = ftrace_filter_copy(&tr->fn_ops, exclude);
		mutex_unlock(&ftrace_filter_lock);
		if (!ff->set)
			goto free;
	}
	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &set_seq_ops);
		if (ret)
			goto free;
		((struct seq_file *)file->private_data)->private = ff;
	} else {
		file->private_data = ff;
	}
	return 0;

free:
	if (ff->set)
		ftrace_ip_set_free(ff->set);
	kfree(ff);
put:
	trace_array_put(tr);
	return ret;
}

static int ftrace_filter_open(struct inode *inode, struct file *file)
{
	return filter_open(inode, file, false);
}

static int ftrace_notrace_open(struct inode *inode, struct file *file)
{
	return filter_open(inode, file, true);
}

static struct filter_file *file_ff(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

/* Apply the word collected so far, if any. */
static int filter_word_done(struct filter_file *ff)
{
	int ret;

	if (!ff->len)
		return 0;
	ff->word[ff->len] = '\0';
	mutex_lock(&ftrace_filter_lock);
	ret = ftrace_filter_apply_word(&ff->set, ff->word);
	mutex_unlock(&ftrace_filter_lock);
	if (ret == -EINVAL)
		filter_log_err(ff, strchr(ff->word, ':') ? FE_COMMAND :
			       FE_NO_MATCH);
	if (ret)
		ff->failed = true;
	ff->len = 0;
	return ret;
}

static ssize_t filter_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct filter_file *ff = file_ff(file);
	size_t done;
	int ret;

	for (done = 0; done < cnt; done++) {
		char c;

		if (get_user(c, ubuf + done))
			return -EFAULT;
		if (!isspace(c) && c) {
			if (ff->len >= FILTER_WORD_MAX - 1) {
				ff->word[ff->len] = '\0';
				filter_log_err(ff, FE_TOO_LONG);
				ff->failed = true;
				ff->len = 0;
				return -EINVAL;
			}
			ff->word[ff->len++] = c;
			continue;
		}
		ret = filter_word_done(ff);
		if (ret)
			return ret;
	}
	*ppos += cnt;
	return cnt;
}

static int filter_release(struct inode *inode, struct file *file)
{
	struct filter_file *ff = file_ff(file);
	struct trace_array *tr = ff->tr;

	if (ff->writing) {
		/*
		 * The last word needs no separator after it. Its error can
		 * only go to error_log (upstream ignores it silently).
		 */
		filter_word_done(ff);
		/*
		 * A word failed (its write said so): the whole edit is
		 * dropped and the set stays as it was. (Upstream installs
		 * what the other words did, over a set ">" emptied.)
		 */
		mutex_lock(&ftrace_filter_lock);
		if (!ff->failed)
			ftrace_filter_install(&tr->fn_ops, ff->exclude, ff->set);
		else
			ftrace_ip_set_free(ff->set);
		mutex_unlock(&ftrace_filter_lock);
	}
	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	kfree(ff);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations ftrace_filter_fops = {
	.open		= ftrace_filter_open,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= noop_llseek,
	.release	= filter_release,
};

static const struct file_operations ftrace_notrace_fops = {
	.open		= ftrace_notrace_open,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= noop_llseek,
	.release	= filter_release,
};

/* ---- the tables of sites (top level) ---- */

/* The live record at or after index *pos; *pos moves to it. */
static struct dyn_ftrace *rec_at(loff_t *pos, bool on_only)
{
	for (; *pos < ftrace_nr_recs; ++*pos) {
		struct dyn_ftrace *rec = &ftrace_recs[*pos];
		unsigned long flags = READ_ONCE(rec->flags);

		if (flags & REC_DEAD)
			continue;
		if (on_only && !(flags & REC_ON))
			continue;
		return rec;
	}
	return NULL;
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	return rec_at(pos, false);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return rec_at(pos, false);
}

static void avail_stop(struct seq_file *m, void *v)
{
}

static int avail_show(struct seq_file *m, void *v)
{
	struct dyn_ftrace *rec = v;

	seq_printf(m, "%ps\n", (void *)rec->ip);
	return 0;
}

static const struct seq_operations avail_seq_ops = {
	.start	= avail_start,
	.next	= avail_next,
	.stop	= avail_stop,
	.show	= avail_show,
};

static int avail_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return seq_open(file, &avail_seq_ops);
}

static const struct file_operations ftrace_avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* enabled_functions: under ftrace_lock, so that the counts hold still. */
static void *enabled_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ftrace_lock);
	return rec_at(pos, true);
}

static void *enabled_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return rec_at(pos, true);
}

static void enabled_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

static int enabled_show(struct seq_file *m, void *v)
{
	struct dyn_ftrace *rec = v;
	struct ftrace_ops *op;
	long n = 0;

	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (ftrace_ops_wants(op, rec->ip))
			n++;
	}
	/* The R, I and D columns (regs, ip changes, direct) stay blank. */
	seq_printf(m, "%ps (%ld)%s\n", (void *)rec->ip, n, "      ");
	return 0;
}

static const struct seq_operations enabled_seq_ops = {
	.start	= enabled_start,
	.next	= enabled_next,
	.stop	= enabled_stop,
	.show	= enabled_show,
};

static int enabled_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return seq_open(file, &enabled_seq_ops);
}

static const struct file_operations ftrace_enabled_fops = {
	.open		= enabled_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static ssize_t total_info_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long live = 0, bytes = ftrace_nr_recs * sizeof(*ftrace_recs);
	struct dyn_ftrace *rec;
	char buf[96];
	int len;

	for_each_live_rec(rec)
		live++;
	/* One group: the kernel's table, in one allocation. */
	len = scnprintf(buf, sizeof(buf), "%lu pages:%lu groups: %u\n", live,
			DIV_ROUND_UP(bytes, PAGE_SIZE), ftrace_recs ? 1 : 0);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations ftrace_total_info_fops = {
	.open		= tracing_open_generic,
	.read		= total_info_read,
	.llseek		= default_llseek,
};

void ftrace_create_filter_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, d, tr,
			  &ftrace_filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, d, tr,
			  &ftrace_notrace_fops);
	ftrace_pid_create_files(tr, d);
}

void __init ftrace_create_toplevel_files(void)
{
	trace_create_file("available_filter_functions", TRACE_MODE_READ,
			  NULL, NULL, &ftrace_avail_fops);
	trace_create_file("enabled_functions", TRACE_MODE_READ, NULL, NULL,
			  &ftrace_enabled_fops);
	trace_create_file("dyn_ftrace_total_info", TRACE_MODE_READ, NULL,
			  NULL, &ftrace_total_info_fops);
}

/* An array going away: its function tracer is off, its sets go too. */
void ftrace_array_free(struct trace_array *tr)
{
	mutex_lock(&ftrace_filter_lock);
	ftrace_free_filter(&tr->fn_ops);
	mutex_unlock(&ftrace_filter_lock);
	ftrace_pid_free(tr);
}
