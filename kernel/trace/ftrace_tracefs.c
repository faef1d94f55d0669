// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's tracefs files:
 *
 *  set_ftrace_filter, set_ftrace_notrace (each array)
 *	The filter and notrace sets of the array's function tracer ops.
 *	Read: the functions in the set, in address order, or a line that
 *	says the set is empty, then the "glob:mod:M" words kept for modules
 *	not loaded yet (ftrace_filter.c). Write: one word at a time (a
 *	glob, "!glob", "glob:mod:M", or the index of a line of
 *	available_filter_functions); opening with
 *	O_TRUNC (">") starts from an empty set, otherwise (">>") from the
 *	current one. Each word is applied as its write completes it, to a
 *	private copy; the copy replaces the set when the file is closed. A
 *	word that matches nothing fails its write with -EINVAL and leaves an
 *	error_log entry, and then closing the file changes nothing. The
 *	sets stay with the array while other tracers run. A command word
 *	("glob:cmd...", ftrace_probes.c) acts at once, and reading
 *	set_ftrace_filter lists the probes after the functions.
 *  FILE (top level, ftrace_create_ops_filter_file() and _notrace_file())
 *	The same for the filter or notrace set of an ops that is not an
 *	array's: the stack tracer's stack_trace_filter, the function_graph
 *	tracer's set_graph_function and set_graph_notrace. Errors go to the
 *	top level's error_log, under the file's name.
 *  set_ftrace_pid, set_ftrace_notrace_pid (each array)
 *	Made and freed with the others, but ftrace_pid.c's.
 *  available_filter_functions (top level)
 *	Every function with a call site, one a line: the kernel's in
 *	address order, then each module's (" [module]" after the name).
 *  enabled_functions (top level)
 *	The functions whose site calls the trampoline now, with the number
 *	of ops that want each, and for a site calling one ops' own
 *	trampoline: "tramp: ADDR (ops->func) ->what it calls".
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

/* An open set_ftrace_filter, set_ftrace_notrace or ops filter file. */
struct filter_file {
	struct trace_array	*tr;	/* held; NULL for an ops file */
	struct ftrace_ops	*ops;	/* whose set it is */
	const char		*name;	/* the file, for error_log */
	bool			exclude;
	bool			writing;
	bool			failed;	/* a word failed: install nothing */
	bool			at_probe; /* reading: the line is a probe's */
	unsigned long		mod_idx; /* the kept word being shown */
	struct ftrace_ip_set	*set;	/* the private copy being edited */
	unsigned int		len;	/* of the word being read */
	char			word[FILTER_WORD_MAX];
};

static const char * const filter_errs[] = {
	"No function matches",
	"Word too long",
};

enum { FE_NO_MATCH, FE_TOO_LONG };

static void filter_log_err(struct filter_file *ff, int type)
{
	tracing_log_err(ff->tr, ff->name, ff->word, filter_errs, type, 0);
}

/* ---- reading the sets ---- */

static struct ftrace_ip_set *shown_set(struct seq_file *m)
{
	struct filter_file *ff = m->private;
	struct ftrace_ops *ops = ff->ops;

	return rcu_dereference_protected(ff->exclude ? ops->notrace_ips :
					 ops->filter_ips,
					 lockdep_is_held(&ftrace_filter_lock));
}

/*
 * Line pos: the line saying there is no set, a function of the set, a
 * word kept for a module (ff itself stands for it), then, in an array's
 * set_ftrace_filter, the probes of the commands.
 */
static void *set_line(struct seq_file *m, loff_t pos)
{
	struct filter_file *ff = m->private;
	struct ftrace_ip_set *set = shown_set(m);
	unsigned long head = set ? 0 : 1, nr = set ? set->nr : 0, kept;

	ff->at_probe = false;
	if (pos < head)
		return SEQ_START_TOKEN;
	if (pos - head < nr)
		return &set->ips[pos - head];
	kept = ftrace_filter_mod_count(ff->ops, ff->exclude);
	if (pos - head - nr < kept) {
		ff->mod_idx = pos - head - nr;
		return ff;
	}
	/* only an array's set_ftrace_filter has probes */
	if (ff->exclude || !ff->tr)
		return NULL;
	ff->at_probe = true;
	return ftrace_probe_at(ff->tr, pos - head - nr - kept);
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ftrace_filter_lock);
	return set_line(m, *pos);
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	return set_line(m, ++*pos);
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
	if (v == ff)
		ftrace_filter_mod_show(m, ff->ops, ff->exclude, ff->mod_idx);
	else if (ff->at_probe)
		ftrace_probe_show(m, v);
	else
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

/*
 * Open a filter file of ops: tr's own set (tr held while the file is
 * open), or with tr NULL the set of an ops of its own, which lives as
 * long as the file.
 */
static int filter_open(struct file *file, struct trace_array *tr,
		       struct ftrace_ops *ops, bool exclude, const char *name)
{
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
	ff->ops = ops;
	ff->name = name;
	ff->exclude = exclude;
	if (file->f_mode & FMODE_WRITE) {
		ff->writing = true;
		mutex_lock(&ftrace_filter_lock);
		if (file->f_flags & O_TRUNC) {
			ff->set = kvzalloc(sizeof(*ff->set), GFP_KERNEL);
			ftrace_filter_mod_clear(ops, exclude);
		} else {
			ff->set = ftrace_filter_copy(ops, exclude);
		}
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
	if (tr)
		trace_array_put(tr);
	return ret;
}

static int ftrace_filter_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	return filter_open(file, tr, &tr->fn_ops, false, "set_ftrace_filter");
}

static int ftrace_notrace_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	return filter_open(file, tr, &tr->fn_ops, true, "set_ftrace_notrace");
}

/* An ops filter file: the ops is the inode's, the name the dentry's. */
static int ftrace_ops_filter_open(struct inode *inode, struct file *file)
{
	return filter_open(file, NULL, inode->i_private, false,
			   file_dentry(file)->d_name.name);
}

static int ftrace_ops_notrace_open(struct inode *inode, struct file *file)
{
	return filter_open(file, NULL, inode->i_private, true,
			   file_dentry(file)->d_name.name);
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
	if (ftrace_probe_word_is_cmd(ff->word)) {
		/* a command acts now, and logs its own errors */
		ret = ftrace_probe_word(ff->tr, ff->name, ff->word,
					ff->exclude || !ff->tr);
	} else {
		mutex_lock(&ftrace_filter_lock);
		ret = ftrace_filter_file_word(ff->ops, ff->exclude, &ff->set,
					      ff->word);
		mutex_unlock(&ftrace_filter_lock);
		if (ret == -EINVAL)
			filter_log_err(ff, FE_NO_MATCH);
	}
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
			ftrace_filter_install(ff->ops, ff->exclude, ff->set);
		else
			ftrace_ip_set_free(ff->set);
		mutex_unlock(&ftrace_filter_lock);
	}
	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	kfree(ff);
	if (tr)
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

static const struct file_operations ftrace_ops_filter_fops = {
	.open		= ftrace_ops_filter_open,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= noop_llseek,
	.release	= filter_release,
};

static const struct file_operations ftrace_ops_notrace_fops = {
	.open		= ftrace_ops_notrace_open,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= noop_llseek,
	.release	= filter_release,
};

/* ---- the tables of sites (top level) ---- */

/*
 * The live record at or after slot *pos; *pos moves to it. Under RCU
 * (available_filter_functions) or ftrace_lock (enabled_functions).
 */
static struct dyn_ftrace *rec_at(loff_t *pos, bool on_only)
{
	struct dyn_ftrace *rec;

	for (; (rec = ftrace_rec_slot(*pos)); ++*pos) {
		unsigned long flags = READ_ONCE(rec->flags);

		if (flags & REC_NOT_LIVE)
			continue;
		if (on_only && !(flags & REC_ON))
			continue;
		return rec;
	}
	return NULL;
}

/* Modules may come and go between reads: their tables last under RCU. */
static void *avail_start(struct seq_file *m, loff_t *pos)
	__acquires(RCU)
{
	rcu_read_lock();
	return rec_at(pos, false);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return rec_at(pos, false);
}

static void avail_stop(struct seq_file *m, void *v)
	__releases(RCU)
{
	rcu_read_unlock();
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
	struct ftrace_ops *op, *direct = NULL;
	bool ipmodify = false;
	ftrace_func_t entry;
	unsigned int slot;
	long n = 0;

	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (!ftrace_ops_wants(op, rec->ip))
			continue;
		n++;
		if (op->flags & FTRACE_OPS_FL_IPMODIFY)
			ipmodify = true;
		if (op->flags & FTRACE_OPS_FL_DIRECT)
			direct = op;
	}
	/*
	 * The R, I and D columns: the site calls ftrace_regs_caller (or a
	 * direct ops, which asks for the registers, is its only one), an
	 * ops may change ip, a direct call.
	 */
	seq_printf(m, "%ps (%ld)%s%s%s", (void *)rec->ip, n,
		   rec->flags & REC_REGS ? " R" : "  ",
		   ipmodify ? " I" : "  ", direct ? " D" : "  ");
	/*
	 * A site calling an ops' own trampoline: upstream's text for it,
	 * which shows the trampoline by its address (kallsyms names it
	 * here, not upstream).
	 */
	slot = rec_tramp_slot(rec->flags);
	if ((rec->flags & REC_ON) && slot) {
		op = ftrace_tramp_ops(slot, &entry);
		if (op)
			seq_printf(m, "\ttramp: 0x%lx (%pS) ->%pS",
				   ftrace_tramp_addr(slot),
				   (void *)op->func, (void *)entry);
		else
			seq_puts(m, "\ttramp: ERROR!");
	}
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	if (direct)
		seq_printf(m, "\n\tdirect-->%pS", (void *)direct->direct_call);
#endif
	seq_putc(m, '\n');
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
	unsigned long live, pages, groups;
	char buf[96];
	int len;

	/* Groups: the kernel's table and one per module. */
	mutex_lock(&ftrace_lock);
	ftrace_rec_stats(&live, &pages, &groups);
	mutex_unlock(&ftrace_lock);
	len = scnprintf(buf, sizeof(buf), "%lu pages:%lu groups: %lu\n", live,
			pages, groups);
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

/*
 * A top-level file that edits the filter set of ops, an ops that is
 * never freed (the stack tracer's), as set_ftrace_filter does an array's.
 */
void __init ftrace_create_ops_filter_file(const char *name,
					  struct ftrace_ops *ops)
{
	trace_create_file(name, TRACE_MODE_WRITE, NULL, ops,
			  &ftrace_ops_filter_fops);
}

/* The same for the notrace set of ops (set_graph_notrace). */
void __init ftrace_create_ops_notrace_file(const char *name,
					   struct ftrace_ops *ops)
{
	trace_create_file(name, TRACE_MODE_WRITE, NULL, ops,
			  &ftrace_ops_notrace_fops);
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
