// SPDX-License-Identifier: GPL-2.0
/*
 * Pid lists and their tracefs files, for every pid filter of an array:
 * set_event_pid and set_event_notrace_pid (trace_events.c) and
 * set_ftrace_pid and set_ftrace_notrace_pid (ftrace_pid.c). Each owner
 * keeps its lists, their lock and what a change does (probes, per-CPU
 * state); this file parses, prints and follows forks. See trace_pid.h.
 *
 * A list is a bitmap as large as pid_max was when it was written (or
 * the largest pid in it): a lookup on the hot path is one test_bit().
 * A write builds a new list aside and the owner swaps it in, so that a
 * bad word leaves the old list untouched, as upstream.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "trace.h"
#include "trace_pid.h"

/* ---- lists ---- */

bool trace_pid_list_has(struct trace_pid_list *list, pid_t pid)
{
	return pid >= 0 && pid < list->nr_bits && test_bit(pid, list->bits);
}

int trace_pid_list_next(struct trace_pid_list *list, unsigned int from)
{
	unsigned long bit;

	if (from >= list->nr_bits)
		return -1;
	bit = find_next_bit(list->bits, list->nr_bits, from);
	return bit < list->nr_bits ? bit : -1;
}

static struct trace_pid_list *pid_list_alloc(unsigned int nr_bits)
{
	struct trace_pid_list *list;

	nr_bits = ALIGN(nr_bits, BITS_PER_LONG);
	list = vzalloc(struct_size(list, bits, BITS_TO_LONGS(nr_bits)));
	if (list)
		list->nr_bits = nr_bits;
	return list;
}

/* A copy of list (NULL: an empty one) with room for pids < nr_bits. */
static struct trace_pid_list *pid_list_copy(struct trace_pid_list *list,
					    unsigned int nr_bits)
{
	struct trace_pid_list *copy;

	if (list)
		nr_bits = max(nr_bits, list->nr_bits);
	copy = pid_list_alloc(nr_bits);
	if (copy && list)
		bitmap_copy(copy->bits, list->bits, list->nr_bits);
	return copy;
}

/* The pids upstream's pid lists can hold: below 2^30. */
#define PID_LIST_LIMIT	BIT(30)

/* Add the pid word (NUL-ended) to *list, growing it if need be. */
static int pid_list_add_word(struct trace_pid_list **list, const char *word)
{
	struct trace_pid_list *bigger;
	unsigned long pid;

	if (kstrtoul(word, 0, &pid))
		return -EINVAL;
	/* upstream answers a pid its lists cannot hold (2^30) with -1 */
	if (pid >= PID_LIST_LIMIT)
		return -EPERM;
	/*
	 * Upstream also takes the pids no task can have (pid_max never
	 * exceeds PID_MAX_LIMIT); they match nothing, so they are not kept.
	 */
	if (pid >= PID_MAX_LIMIT)
		return 0;
	if (pid >= (*list)->nr_bits) {
		bigger = pid_list_copy(*list, pid + 1);
		if (!bigger)
			return -ENOMEM;
		vfree(*list);
		*list = bigger;
	}
	__set_bit(pid, (*list)->bits);
	return 0;
}

/* The longest pid word, as upstream's parser takes it. */
#define PID_WORD_MAX	127
/* The user's text is read this much at a time. */
#define PID_CHUNK	256

/*
 * Feed the characters of buf to the word being gathered in word (*len
 * characters so far); each completed word goes into *list.
 */
static int pid_words_feed(struct trace_pid_list **list, const char *buf,
			  size_t n, char *word, int *len, int *nr)
{
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		if (!isspace(buf[i])) {
			if (*len >= PID_WORD_MAX)
				return -EINVAL;
			word[(*len)++] = buf[i];
			continue;
		}
		if (!*len)
			continue;
		word[*len] = '\0';
		*len = 0;
		ret = pid_list_add_word(list, word);
		if (ret)
			return ret;
		(*nr)++;
	}
	return 0;
}

int trace_pid_list_parse(struct trace_pid_list *old, const char __user *ubuf,
			 size_t cnt, struct trace_pid_list **out)
{
	char buf[PID_CHUNK], word[PID_WORD_MAX + 1];
	struct trace_pid_list *list;
	int len = 0, nr = 0, ret = 0;
	size_t n;

	*out = NULL;
	/* all or nothing: the new list is built aside, old is untouched */
	list = pid_list_copy(old, READ_ONCE(pid_max));
	if (!list)
		return -ENOMEM;
	while (cnt && !ret) {
		n = min_t(size_t, cnt, sizeof(buf));
		if (copy_from_user(buf, ubuf, n)) {
			ret = -EFAULT;
			break;
		}
		ret = pid_words_feed(&list, buf, n, word, &len, &nr);
		ubuf += n;
		cnt -= n;
		cond_resched();
	}
	/* the last word needs no white space after it */
	if (!ret && len)
		ret = pid_words_feed(&list, " ", 1, word, &len, &nr);
	if (ret || trace_pid_list_next(list, 0) < 0) {
		vfree(list);
		return ret;
	}
	*out = list;
	return 0;
}

bool trace_pid_ignored(struct trace_pid_list *pids,
		       struct trace_pid_list *no_pids,
		       struct task_struct *task)
{
	return (pids && !trace_pid_list_has(pids, task->pid)) ||
	       (no_pids && trace_pid_list_has(no_pids, task->pid));
}

void trace_pid_list_free(struct trace_pid_list *list)
{
	vfree(list);
}

static void pid_list_fork(struct trace_pid_list *list, struct task_struct *self,
			  struct task_struct *child)
{
	/*
	 * Atomic bit set: racing forks and exits touch other bits. A
	 * writer of the pid file copying the list at this moment may miss
	 * the child, as upstream's may.
	 */
	if (list && trace_pid_list_has(list, self->pid) &&
	    child->pid < list->nr_bits)
		set_bit(child->pid, list->bits);
}

static void pid_list_exit(struct trace_pid_list *list, struct task_struct *task)
{
	/* atomic: see pid_list_fork() */
	if (list && task->pid < list->nr_bits)
		clear_bit(task->pid, list->bits);
}

void trace_pid_filter_fork(struct trace_pid_list __rcu **pids,
			   struct trace_pid_list __rcu **no_pids,
			   struct task_struct *self, struct task_struct *child)
{
	pid_list_fork(rcu_dereference_sched(*pids), self, child);
	pid_list_fork(rcu_dereference_sched(*no_pids), self, child);
}

void trace_pid_filter_exit(struct trace_pid_list __rcu **pids,
			   struct trace_pid_list __rcu **no_pids,
			   struct task_struct *task)
{
	pid_list_exit(rcu_dereference_sched(*pids), task);
	pid_list_exit(rcu_dereference_sched(*no_pids), task);
}

/* ---- the files ---- */

/* What an open pid file reads: its array, its owner, which list. */
struct pid_seq {
	struct trace_array		*tr;
	const struct trace_pid_file_ops	*ops;
	int				type;	/* TRACE_PIDS or TRACE_NO_PIDS */
};

/*
 * A position is pid + 1, so that pid 0 is not NULL (and no pid reaches
 * PID_MAX_LIMIT); past that, the "empty" line.
 */
#define PID_SEQ_EMPTY	((void *)(PID_MAX_LIMIT + 1L))

static void *pid_seq_at(struct seq_file *m, unsigned int from)
{
	struct pid_seq *ps = m->private;
	struct trace_pid_list *list = ps->ops->get(ps->tr, ps->type);
	int pid = list ? trace_pid_list_next(list, from) : -1;

	return pid < 0 ? NULL : (void *)(long)(pid + 1);
}

static void *pid_seq_start(struct seq_file *m, loff_t *pos)
{
	struct pid_seq *ps = m->private;
	void *v;
	loff_t i;

	mutex_lock(ps->ops->lock);
	v = pid_seq_at(m, 0);
	if (!v && ps->ops->empty)
		return *pos ? NULL : PID_SEQ_EMPTY;
	for (i = 0; v && i < *pos; i++)
		v = pid_seq_at(m, (long)v);
	return v;
}

static void *pid_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	(*pos)++;
	if (v == PID_SEQ_EMPTY)
		return NULL;
	return pid_seq_at(m, (long)v);
}

static void pid_seq_stop(struct seq_file *m, void *v)
{
	struct pid_seq *ps = m->private;

	mutex_unlock(ps->ops->lock);
}

static int pid_seq_show(struct seq_file *m, void *v)
{
	struct pid_seq *ps = m->private;

	if (v == PID_SEQ_EMPTY)
		seq_printf(m, "%s\n", ps->ops->empty);
	else
		seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations pid_seq_ops = {
	.start	= pid_seq_start,
	.next	= pid_seq_next,
	.stop	= pid_seq_stop,
	.show	= pid_seq_show,
};

int trace_pid_file_open(struct inode *inode, struct file *filp,
			const struct trace_pid_file_ops *ops, int type)
{
	struct trace_array *tr = inode->i_private;
	struct pid_seq *ps;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = -ENOMEM;
	ps = kmalloc(sizeof(*ps), GFP_KERNEL);
	if (!ps)
		goto fail;
	ps->tr = tr;
	ps->ops = ops;
	ps->type = type;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(ops->lock);
		ops->set(tr, type, NULL);
		mutex_unlock(ops->lock);
	}
	ret = seq_open(filp, &pid_seq_ops);
	if (ret)
		goto fail;
	((struct seq_file *)filp->private_data)->private = ps;
	return 0;
fail:
	kfree(ps);
	trace_array_put(tr);
	return ret;
}

int trace_pid_file_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m = filp->private_data;
	struct pid_seq *ps = m->private;
	struct trace_array *tr = ps->tr;

	kfree(ps);
	seq_release(inode, filp);
	trace_array_put(tr);
	return 0;
}

ssize_t trace_pid_file_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct pid_seq *ps = m->private;
	struct trace_pid_list *list;
	int ret;

	if (!cnt)
		return 0;
	if (ps->ops->expand_buffers) {
		ret = tracing_update_buffers();
		if (ret < 0)
			return ret;
	}

	mutex_lock(ps->ops->lock);
	/* all or nothing: the list changes only if every pid is good */
	ret = trace_pid_list_parse(ps->ops->get(ps->tr, ps->type), ubuf, cnt,
				   &list);
	if (!ret)
		ret = ps->ops->set(ps->tr, ps->type, list);
	mutex_unlock(ps->ops->lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}
