// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last few errors of writes to control files, per trace
 * array, so that a user can read back what was refused and why:
 *
 *	[  123.456789] trace_options: error: <message>
 *	  Command: <what was written>
 *	             ^
 *
 * with the caret under the offending spot. Each array keeps its entries
 * on tr->err_log, oldest first; a new error beyond ERRLOG_MAX_ENTRIES
 * pushes out the oldest. Opening the file for writing with O_TRUNC
 * (echo > error_log) empties it. Errors come from writes to files, so
 * everything here runs in process context under one mutex.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/overflow.h>
#include <linux/sched/clock.h>

#include "trace.h"

#define ERRLOG_MAX_ENTRIES	8	/* per array, as upstream */
#define ERRLOG_LOC_MAX		128	/* "<loc>: error: " is cut to this */
#define ERRLOG_CMD_PREFIX	"  Command: "

struct errlog_entry {
	struct list_head	node;		/* on tr->err_log */
	u64			ts;		/* local_clock() */
	const char		*msg;		/* the caller's static text */
	u16			pos;		/* caret offset in cmd */
	char			loc[ERRLOG_LOC_MAX];
	char			cmd[];
};

static DEFINE_MUTEX(errlog_mutex);

void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos)
{
	struct errlog_entry *e, *oldest;
	size_t len = strlen(cmd) + 1;

	if (!tr)
		tr = top_trace_array();
	e = kmalloc(struct_size(e, cmd, len), GFP_KERNEL);
	if (!e)
		return;		/* the error itself is reported by errno */
	e->ts = local_clock();
	e->msg = errs[type];
	e->pos = pos;
	snprintf(e->loc, sizeof(e->loc), "%s: error: ", loc);
	memcpy(e->cmd, cmd, len);

	mutex_lock(&errlog_mutex);
	if (tr->n_err_log_entries >= ERRLOG_MAX_ENTRIES) {
		oldest = list_first_entry(&tr->err_log, struct errlog_entry,
					  node);
		list_del(&oldest->node);
		kfree(oldest);
	} else {
		tr->n_err_log_entries++;
	}
	list_add_tail(&e->node, &tr->err_log);
	mutex_unlock(&errlog_mutex);
}

void err_log_clear(struct trace_array *tr)
{
	struct errlog_entry *e, *tmp;

	mutex_lock(&errlog_mutex);
	list_for_each_entry_safe(e, tmp, &tr->err_log, node) {
		list_del(&e->node);
		kfree(e);
	}
	tr->n_err_log_entries = 0;
	mutex_unlock(&errlog_mutex);
}

/* ---- reading ---- */

static void *errlog_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&errlog_mutex);
	return seq_list_start(&tr->err_log, *pos);
}

static void *errlog_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void errlog_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&errlog_mutex);
}

static int errlog_show(struct seq_file *m, void *v)
{
	struct errlog_entry *e = list_entry(v, struct errlog_entry, node);
	u64 sec = e->ts;
	u32 ns = do_div(sec, NSEC_PER_SEC);

	seq_printf(m, "[%5llu.%06u] %s%s", sec, ns / 1000, e->loc,
		   e->msg);
	seq_printf(m, "\n" ERRLOG_CMD_PREFIX "%s\n", e->cmd);
	/* the caret sits under cmd[pos], past the prefix */
	seq_printf(m, "%*s^\n", (int)(sizeof(ERRLOG_CMD_PREFIX) - 1 + e->pos),
		   "");
	return 0;
}

static const struct seq_operations errlog_seq_ops = {
	.start	= errlog_start,
	.next	= errlog_next,
	.stop	= errlog_stop,
	.show	= errlog_show,
};

/* ---- the file ---- */

static int errlog_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		err_log_clear(tr);
	if (!(file->f_mode & FMODE_READ))
		return 0;
	ret = seq_open(file, &errlog_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = tr;
	return 0;
}

/* Writing only serves to truncate at open: anything written is taken. */
static ssize_t errlog_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	return cnt;
}

static loff_t errlog_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

static int errlog_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	if (file->f_mode & FMODE_READ)
		return seq_release(inode, file);
	return 0;
}

const struct file_operations tracing_err_log_fops = {
	.open		= errlog_open,
	.read		= seq_read,
	.write		= errlog_write,
	.llseek		= errlog_lseek,
	.release	= errlog_release,
};
