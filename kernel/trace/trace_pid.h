/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pid lists and the files that edit them, shared by the two pid filters
 * of an array: the events' (set_event_pid, set_event_notrace_pid, in
 * trace_events.c) and the function tracer's (set_ftrace_pid,
 * set_ftrace_notrace_pid, in ftrace_pid.c). trace_pid.c has the code.
 *
 * A list is replaced whole under its owner's mutex and read under
 * RCU-sched; only the fork-following options flip single bits of a
 * published list in place (trace_pid_filter_fork/exit).
 */
#ifndef _KERNEL_TRACE_TRACE_PID_H
#define _KERNEL_TRACE_TRACE_PID_H

#include <linux/types.h>
#include <linux/fs.h>

struct trace_array;
struct task_struct;
struct mutex;

/*
 * A set of pids: a bitmap of nr_bits bits, replaced (never resized)
 * under the owner's mutex, read under RCU-sched. Forks and exits flip
 * bits in place with atomic bit operations.
 */
struct trace_pid_list {
	unsigned int	nr_bits;
	unsigned long	bits[];
};

/* The two lists of a filter: the followed pids and the ignored ones. */
enum {
	TRACE_PIDS	= BIT(0),	/* set_event_pid, set_ftrace_pid */
	TRACE_NO_PIDS	= BIT(1),	/* ..._notrace_pid */
};

bool trace_pid_list_has(struct trace_pid_list *list, pid_t pid);
/* The next pid >= from in list, or -1. */
int trace_pid_list_next(struct trace_pid_list *list, unsigned int from);
void trace_pid_list_free(struct trace_pid_list *list);
/*
 * Parse a write of a pid file (pids separated by white space, read
 * from user memory a chunk at a time) into a new list holding the pids
 * of old too. *out is NULL when the result is empty. Returns 0 or
 * -EINVAL (not a number), -EPERM (pid out of range, as upstream's -1),
 * -EFAULT or -ENOMEM.
 */
int trace_pid_list_parse(struct trace_pid_list *old, const char __user *ubuf,
			 size_t cnt, struct trace_pid_list **out);

/*
 * Whether a filter made of pids (NULL: follow every task) and no_pids
 * (NULL: ignore none) leaves task out.
 */
bool trace_pid_ignored(struct trace_pid_list *pids,
		       struct trace_pid_list *no_pids,
		       struct task_struct *task);
/*
 * Fork following, for a filter's two lists (either may be NULL), from
 * the sched_process_fork and _free probes (RCU-sched): child joins a
 * list if self is in it, and task leaves both when it goes.
 */
void trace_pid_filter_fork(struct trace_pid_list __rcu **pids,
			   struct trace_pid_list __rcu **no_pids,
			   struct task_struct *self, struct task_struct *child);
void trace_pid_filter_exit(struct trace_pid_list __rcu **pids,
			   struct trace_pid_list __rcu **no_pids,
			   struct task_struct *task);

/*
 * The owner of a pair of pid files. get and set run under lock. set
 * (list NULL: clear) takes list over: it publishes it and frees the one
 * it replaces, or frees it and returns an errno. Clearing never fails.
 */
struct trace_pid_file_ops {
	struct mutex		*lock;		/* the owner's, over its lists */
	struct trace_pid_list	*(*get)(struct trace_array *tr, int type);
	int			(*set)(struct trace_array *tr, int type,
				       struct trace_pid_list *list);
	/* the line an empty list reads as, or NULL: nothing */
	const char		*empty;
	/* grow the array's buffers to full size on a write (events) */
	bool			expand_buffers;
};

/*
 * The file operations of a pid file: open with the owner and the kind
 * of list (TRACE_PIDS or TRACE_NO_PIDS); reads list the pids one a line,
 * O_TRUNC clears, a write adds to what is there.
 */
int trace_pid_file_open(struct inode *inode, struct file *filp,
			const struct trace_pid_file_ops *ops, int type);
ssize_t trace_pid_file_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos);
int trace_pid_file_release(struct inode *inode, struct file *filp);

#endif /* _KERNEL_TRACE_TRACE_PID_H */
