/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blktrace's parts, and what they share.
 *
 *   blk_session.c	the sessions of the ioctls (BLKTRACESETUP, START,
 *			STOP, TEARDOWN; sg's calls): a queue's struct
 *			blk_trace with its relay channel and debugfs files,
 *			its start and stop, its removal; the block:*
 *			tracepoint probes, on while any queue is traced
 *   blk_record.c	the probes and the writer: a struct blk_io_trace
 *			per action, into the session's relay channel and,
 *			while the blk tracer is on, into its trace buffer;
 *			the process and message notes
 *   blk_output.c	the "blk" tracer and its TRACE_BLK entry's text
 *			(default, blk_classic, verbose) and binary output
 *   blk_sysfs.c	/sys/block/DEV[/PART]/trace/: sessions without a
 *			channel, for the blk tracer
 *
 * A queue has at most one struct blk_trace, q->blk_trace, published
 * under RCU; q->debugfs_mutex serialises everything that sets it up,
 * changes or removes it. Its layout is include/linux/blktrace_api.h's,
 * which the block layer reads (act_mask, for BLK_TC_NOTIFY).
 */
#ifndef _KERNEL_TRACE_BLK_INTERNAL_H
#define _KERNEL_TRACE_BLK_INTERNAL_H

#include <linux/blktrace_api.h>
#include <linux/blkdev.h>

#include "../trace.h"

/* The blk tracer's own options (options/blk_*), bits of blk_opts.val. */
#define BLK_OPT_CLASSIC		BIT(0)	/* blkparse's layout, no context */
#define BLK_OPT_CGROUP		BIT(1)	/* record each bio's cgroup id */
#define BLK_OPT_CGNAME		BIT(2)	/* show its path, not its id */

extern struct tracer_flags blk_opts;

/*
 * The array the blk tracer writes to, or NULL. Writers read it under
 * RCU (the probes' rcu_read_lock()); the tracer's reset clears it and
 * waits for a grace period before the core may reset or free the array.
 */
extern struct trace_array __rcu *blk_tracer_array;

/*
 * A TRACE_BLK entry is a struct blk_io_trace whose first 8 bytes, magic
 * and sequence, the entry header (struct trace_entry) takes; time is 0
 * (the entry has its timestamp). The cgroup id, if the action says so,
 * then the action's data follow it, as in the relay channel.
 */
static inline struct blk_io_trace *blk_entry_io(const struct trace_entry *ent)
{
	return (struct blk_io_trace *)ent;
}

/* blk_session.c */
struct blk_trace *blk_trace_new(dev_t dev, struct block_device *bdev);
void blk_trace_free(struct request_queue *q, struct blk_trace *bt);
int blk_trace_detach(struct request_queue *q);

/* blk_record.c: the probes, the running sessions, the start's note */
int blk_probes_get(void);
void blk_probes_put(void);
void blk_running_add(struct blk_trace *bt);
void blk_running_del(struct blk_trace *bt);
void blk_note_time(struct blk_trace *bt);

#endif /* _KERNEL_TRACE_BLK_INTERNAL_H */
