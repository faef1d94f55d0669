// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace's writer: what the block layer did, a struct blk_io_trace
 * per action, filtered per queue.
 *
 * The block layer's tracepoints (include/trace/events/block.h) fire for
 * every queue. The probes here are registered while any queue has a
 * struct blk_trace (blk_probes_get()); each looks at its queue's
 * q->blk_trace under RCU and returns at once when there is none. An
 * action a session wants is written:
 *  - into the session's relay channel while it runs (BLKTRACESTART),
 *    with magic, a per-CPU sequence number and ktime_get()'s time: what
 *    blktrace(8) reads and blkparse(1) decodes;
 *  - into the blk tracer's buffer, as a TRACE_BLK entry, while that
 *    tracer is current: for every session, running or not (the ones
 *    /sys/block/DEV/trace/enable sets up have no channel).
 * Upstream sends everything to the tracer while it is on, and a running
 * blktrace gets nothing meanwhile; here each gets its own copy.
 *
 * Filters: a session takes an action whose categories meet its act_mask
 * (BLK_TC_*: the direction, sync, meta, ahead, flush, fua and discard
 * from the operation, fs or pc from the request), whose sector (when it
 * has one) lies in [start_lba, end_lba], and, if it names a pid, made
 * by that task. The sysfs files change these while writers read them:
 * each is read once per action.
 *
 * Notes: besides actions, a channel carries what the decoder needs to
 * name and place them: a process note (pid and comm) when a task first
 * acts after a start, a timestamp note (wall-clock seconds and
 * nanoseconds) at each start. A message note carries the text of
 * blk_add_trace_msg() or of a write to the session's msg file. In the
 * tracer's buffer only message notes are written: the buffer has its own
 * comm cache and clock.
 *
 * Process notes: each start bumps blk_generation; a task whose
 * btrace_seq differs takes the generation and notes itself to every
 * running session. The running sessions are an RCU list: writers walk it
 * inside the probes' rcu_read_lock(); starts and stops change it under
 * blk_running_lock, and a stop waits for a grace period, so that a
 * session is on the list at most once even to a writer still walking it.
 *
 * Context: the tracepoints fire in task, softirq and hardirq context,
 * never in NMI. A channel's per-CPU buffer is reserved and filled with
 * interrupts off, as relay requires; the per-CPU sequence numbers and
 * message buffers are used inside such a section too.
 *
 * Lost records: a record the channel has no room for (its sub-buffers
 * all full, as the channel never overwrites, or the record bigger than a
 * sub-buffer) counts in the session's dropped, which blktrace reads and
 * reports; the tracer's buffer counts its own overruns.
 */

#include <linux/blk-cgroup.h>
#include <linux/cgroup.h>
#include <linux/ktime.h>
#include <linux/relay.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <trace/events/block.h>

#include "blk_internal.h"

struct trace_array __rcu *blk_tracer_array;

/* One record, as the probes describe it before it is written. */
struct blk_act {
	u64		sector;		/* 0: the action has none */
	u32		bytes;
	u32		what;		/* action | BLK_TC_ACT(categories) */
	int		error;		/* -errno; the record keeps 16 bits */
	u32		len;		/* of data */
	const void	*data;
	struct bio	*bio;		/* whose cgroup to name, or NULL */
	u64		cgid;		/* 0: none recorded */
};

/*
 * The data a record may carry: its pdu_len is 16 bits and holds the
 * cgroup id too. Only blk_add_driver_data() can ask for more; such a
 * record counts as dropped.
 */
#define BLK_DATA_MAX	(U16_MAX - sizeof(u64))

static size_t blk_payload(const struct blk_act *a)
{
	return (a->cgid ? sizeof(u64) : 0) + a->len;
}

/* Everything of a record but magic, sequence and time, from a. */
static void blk_fill(struct blk_io_trace *t, const struct blk_trace *bt,
		     const struct blk_act *a, pid_t pid, int cpu)
{
	void *tail = t + 1;

	t->sector = a->sector;
	t->bytes = a->bytes;
	t->action = a->what | (a->cgid ? __BLK_TA_CGROUP : 0);
	t->pid = pid;
	t->device = bt->dev;
	t->cpu = cpu;
	t->error = a->error;
	t->pdu_len = blk_payload(a);
	if (a->cgid) {
		memcpy(tail, &a->cgid, sizeof(u64));
		tail += sizeof(u64);
	}
	if (a->len)
		memcpy(tail, a->data, a->len);
}

/* Into bt's relay channel; sequenced records (actions) number per CPU. */
static void blk_to_channel(struct blk_trace *bt, const struct blk_act *a,
			   pid_t pid, bool sequenced)
{
	struct blk_io_trace *t;
	unsigned long flags;

	/* relay's per-CPU buffer: nothing else on this CPU may reserve */
	local_irq_save(flags);
	t = relay_reserve(bt->rchan, sizeof(*t) + blk_payload(a));
	if (t) {
		t->magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
		t->sequence = sequenced ? ++*this_cpu_ptr(bt->sequence) : 0;
		t->time = ktime_to_ns(ktime_get());
		blk_fill(t, bt, a, pid, smp_processor_id());
	} else {
		/* full (the channel never overwrites) or too big */
		atomic_inc(&bt->dropped);
	}
	local_irq_restore(flags);
}

/*
 * Into the blk tracer's buffer, as a TRACE_BLK entry, with the context
 * as it is (upstream's entries all say irqs off, whatever they were).
 */
static void blk_to_tracer(struct trace_array *tr, const struct blk_trace *bt,
			  const struct blk_act *a)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	unsigned int ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct blk_io_trace *t;

	if (!buffer)
		return;
	event = trace_buffer_lock_reserve(buffer, TRACE_BLK,
					  sizeof(*t) + blk_payload(a), ctx);
	if (!event)
		return;
	/* magic and sequence are the entry header, which is filled in */
	t = blk_entry_io(ring_buffer_event_data(event));
	t->time = 0;
	blk_fill(t, bt, a, current->pid, raw_smp_processor_id());
	tracing_record_cmdline(current);
	trace_buffer_unlock_commit(tr, buffer, event, ctx);
}

/* ---- the running sessions and the process notes ---- */

static DEFINE_MUTEX(blk_running_lock);
static LIST_HEAD(blk_running);
static unsigned int blk_generation;

/* A task new to the running sessions names itself to them. RCU held. */
static void blk_note_task(struct task_struct *tsk)
{
	/* pairs with the release in blk_running_add(): the list has bt */
	unsigned int gen = smp_load_acquire(&blk_generation);
	struct blk_act a = {
		.what	= BLK_TN_PROCESS,
		.data	= tsk->comm,
		.len	= sizeof(tsk->comm),
	};
	struct blk_trace *bt;

	if (likely(tsk->btrace_seq == gen))
		return;
	/*
	 * Only current's own probes and interrupts arriving on its CPU
	 * write btrace_seq; an interrupt between the test and this store
	 * notes the task once more, which the decoder takes as a rename.
	 */
	tsk->btrace_seq = gen;
	list_for_each_entry_rcu(bt, &blk_running, running_list)
		blk_to_channel(bt, &a, tsk->pid, false);
}

/* bt starts running. Under q->debugfs_mutex. */
void blk_running_add(struct blk_trace *bt)
{
	mutex_lock(&blk_running_lock);
	list_add_rcu(&bt->running_list, &blk_running);
	/*
	 * Published after bt is on the list: a task that sees the new
	 * generation walks a list that has bt. (2^32 starts later a task
	 * that slept through them all could miss its note: its pid then
	 * shows without a name.)
	 */
	smp_store_release(&blk_generation, blk_generation + 1);
	mutex_unlock(&blk_running_lock);
}

/* bt stops running. Under q->debugfs_mutex; sleeps. */
void blk_running_del(struct blk_trace *bt)
{
	mutex_lock(&blk_running_lock);
	list_del_rcu(&bt->running_list);
	mutex_unlock(&blk_running_lock);
	/*
	 * A writer may still be on bt in the list: a start right now would
	 * link it in again in front of that writer, which would then walk
	 * part of the list twice. Once nobody is on it, it is free to go.
	 */
	synchronize_rcu();
	INIT_LIST_HEAD(&bt->running_list);
}

/* The timestamp note that starts a channel's run: wall-clock time. */
void blk_note_time(struct blk_trace *bt)
{
	struct timespec64 now;
	u32 words[2];
	struct blk_act a = {
		.what	= BLK_TN_TIMESTAMP,
		.data	= words,
		.len	= sizeof(words),
	};

	ktime_get_real_ts64(&now);
	/* the format has 32 bits of seconds: blkparse's, until 2106 */
	words[0] = (u32)now.tv_sec;
	words[1] = now.tv_nsec;
	blk_to_channel(bt, &a, 0, false);
}

/* ---- actions ---- */

static bool blk_wanted(const struct blk_trace *bt, u32 what, u64 sector,
		       pid_t pid)
{
	u32 mask = READ_ONCE(bt->act_mask);
	u32 want_pid = READ_ONCE(bt->pid);

	if (!((mask << BLK_TC_SHIFT) & what))
		return false;
	if (sector && (sector < READ_ONCE(bt->start_lba) ||
		       sector > READ_ONCE(bt->end_lba)))
		return false;
	return !want_pid || want_pid == pid;
}

/* The categories (BLK_TC_*) an operation and its flags fall in. */
static u32 blk_op_categories(blk_opf_t opf)
{
	enum req_op op = opf & REQ_OP_MASK;
	u32 tc = op_is_write(op) ? BLK_TC_WRITE : BLK_TC_READ;

	if (opf & REQ_SYNC)
		tc |= BLK_TC_SYNC;
	if (opf & REQ_RAHEAD)
		tc |= BLK_TC_AHEAD;
	if (opf & REQ_META)
		tc |= BLK_TC_META;
	if ((opf & REQ_PREFLUSH) || op == REQ_OP_FLUSH)
		tc |= BLK_TC_FLUSH;
	if (opf & REQ_FUA)
		tc |= BLK_TC_FUA;
	if (op == REQ_OP_DISCARD || op == REQ_OP_SECURE_ERASE)
		tc |= BLK_TC_DISCARD;
	return tc;
}

/* The cgroup a bio was issued from, when the blk_cgroup option asks. */
static u64 blk_bio_cgid(struct bio *bio)
{
#ifdef CONFIG_BLK_CGROUP
	struct cgroup_subsys_state *css;

	if (!bio || !(READ_ONCE(blk_opts.val) & BLK_OPT_CGROUP))
		return 0;
	css = bio_blkcg_css(bio);
	return css ? cgroup_id(css->cgroup) : 0;
#else
	return 0;
#endif
}

/* Record a for bt, if wanted, where it goes. RCU held. */
static void blk_record(struct blk_trace *bt, struct blk_act *a, blk_opf_t opf)
{
	struct trace_array *tr = rcu_dereference(blk_tracer_array);
	/* pairs with blk_trace_start(): running, bt is on the list */
	bool running = smp_load_acquire(&bt->trace_state) == Blktrace_running;
	pid_t pid = current->pid;

	if (!tr && !running)
		return;
	a->what |= BLK_TC_ACT(blk_op_categories(opf));
	if (!blk_wanted(bt, a->what, a->sector, pid))
		return;
	if (a->len > BLK_DATA_MAX) {
		/* a record cannot say so much: lost, and counted */
		atomic_inc(&bt->dropped);
		return;
	}
	a->cgid = blk_bio_cgid(a->bio);
	if (tr)
		blk_to_tracer(tr, bt, a);
	if (running) {
		blk_note_task(current);
		blk_to_channel(bt, a, pid, true);
	}
}

/* Record a, a probe's, in q's session if it has one. */
static void blk_queue_record(struct request_queue *q, struct blk_act *a,
			     blk_opf_t opf)
{
	struct blk_trace *bt;

	rcu_read_lock();
	bt = rcu_dereference(q->blk_trace);
	if (bt)
		blk_record(bt, a, opf);
	rcu_read_unlock();
}

/* A request's action: fs or pc, and its first bio's cgroup. */
static void blk_rq_action(struct request *rq, u32 action, int error,
			  unsigned int bytes)
{
	struct blk_act a = {
		.sector	= blk_rq_trace_sector(rq),
		.bytes	= bytes,
		.what	= action | BLK_TC_ACT(blk_rq_is_passthrough(rq) ?
					      BLK_TC_PC : BLK_TC_FS),
		.error	= error,
		.bio	= rq->bio,
	};

	blk_queue_record(rq->q, &a, rq->cmd_flags);
}

static void blk_probe_rq_insert(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_INSERT, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_issue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_ISSUE, 0, blk_rq_bytes(rq));
}

/* a request merged into another: blktrace shows it as a back merge */
static void blk_probe_rq_merge(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_BACKMERGE, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_requeue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_REQUEUE, 0, blk_rq_bytes(rq));
}

static void blk_probe_rq_complete(void *data, struct request *rq,
				  blk_status_t error, unsigned int nr_bytes)
{
	blk_rq_action(rq, BLK_TA_COMPLETE, blk_status_to_errno(error), nr_bytes);
}

/* An action on bio in q, with data (len bytes) after the record. */
static void blk_bio_action(struct request_queue *q, struct bio *bio,
			   u32 action, int error, const void *data, u32 len)
{
	struct blk_act a = {
		.sector	= bio->bi_iter.bi_sector,
		.bytes	= bio->bi_iter.bi_size,
		.what	= action,
		.error	= error,
		.data	= data,
		.len	= len,
		.bio	= bio,
	};

	blk_queue_record(q, &a, bio->bi_opf);
}

static struct request_queue *blk_bio_queue(struct bio *bio)
{
	return bio->bi_bdev->bd_disk->queue;
}

static void blk_probe_bio_bounce(void *data, struct bio *bio)
{
	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_BOUNCE, 0, NULL, 0);
}

static void blk_probe_bio_complete(void *data, struct request_queue *q,
				   struct bio *bio)
{
	blk_bio_action(q, bio, BLK_TA_COMPLETE,
		       blk_status_to_errno(bio->bi_status), NULL, 0);
}

static void blk_probe_bio_backmerge(void *data, struct bio *bio)
{
	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_BACKMERGE, 0, NULL, 0);
}

static void blk_probe_bio_frontmerge(void *data, struct bio *bio)
{
	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_FRONTMERGE, 0, NULL, 0);
}

static void blk_probe_bio_queue(void *data, struct bio *bio)
{
	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_QUEUE, 0, NULL, 0);
}

static void blk_probe_getrq(void *data, struct bio *bio)
{
	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_GETRQ, 0, NULL, 0);
}

/* bio is split at new_sector: the record carries it, big-endian */
static void blk_probe_split(void *data, struct bio *bio,
			    unsigned int new_sector)
{
	__be64 at = cpu_to_be64(new_sector);

	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_SPLIT,
		       blk_status_to_errno(bio->bi_status), &at, sizeof(at));
}

/* bio now goes to its device and sector, from dev's sector from */
static void blk_probe_bio_remap(void *data, struct bio *bio, dev_t dev,
				sector_t from)
{
	struct blk_io_trace_remap r = {
		.device_from	= cpu_to_be32(dev),
		.device_to	= cpu_to_be32(bio_dev(bio)),
		.sector_from	= cpu_to_be64(from),
	};

	blk_bio_action(blk_bio_queue(bio), bio, BLK_TA_REMAP,
		       blk_status_to_errno(bio->bi_status), &r, sizeof(r));
}

/* A queue-wide action: no sector, no size, no direction of its own. */
static void blk_queue_action(struct request_queue *q, u32 action,
			     const void *data, u32 len)
{
	struct blk_act a = {
		.what	= action,
		.data	= data,
		.len	= len,
	};

	blk_queue_record(q, &a, 0);
}

static void blk_probe_plug(void *data, struct request_queue *q)
{
	blk_queue_action(q, BLK_TA_PLUG, NULL, 0);
}

/* the plug's depth, big-endian; explicit: by the task, not a timer */
static void blk_probe_unplug(void *data, struct request_queue *q,
			     unsigned int depth, bool explicit)
{
	__be64 n = cpu_to_be64(depth);

	blk_queue_action(q, explicit ? BLK_TA_UNPLUG_IO : BLK_TA_UNPLUG_TIMER,
			 &n, sizeof(n));
}

/* rq now goes to its queue's disk, from dev's sector from */
static void blk_probe_rq_remap(void *data, struct request *rq, dev_t dev,
			       sector_t from)
{
	struct blk_io_trace_remap r = {
		.device_from	= cpu_to_be32(dev),
		.device_to	= cpu_to_be32(disk_devt(rq->q->disk)),
		.sector_from	= cpu_to_be64(from),
	};

	struct blk_act a = {
		.sector	= blk_rq_pos(rq),
		.bytes	= blk_rq_bytes(rq),
		.what	= BLK_TA_REMAP,
		.data	= &r,
		.len	= sizeof(r),
		.bio	= rq->bio,
	};

	blk_queue_record(rq->q, &a, rq->cmd_flags);
}

/**
 * blk_add_driver_data - record a driver's data about a request
 * @rq: the request
 * @data: the data
 * @len: its length in bytes
 *
 * Writes a BLK_TA_DRV_DATA record with @data to @rq's queue's session,
 * if it has one that wants BLK_TC_DRV_DATA. Data too long for a record
 * (over 65527 bytes) is not written and counts as dropped.
 */
void blk_add_driver_data(struct request *rq, void *data, size_t len)
{
	struct blk_act a = {
		.sector	= blk_rq_trace_sector(rq),
		.bytes	= blk_rq_bytes(rq),
		.what	= BLK_TA_DRV_DATA,
		.data	= data,
		/* too long either way: blk_record() counts it if wanted */
		.len	= min_t(size_t, len, U32_MAX),
		.bio	= rq->bio,
	};

	blk_queue_record(rq->q, &a, 0);
}
EXPORT_SYMBOL_GPL(blk_add_driver_data);

/**
 * __blk_trace_note_message - record a message in a queue's session
 * @bt: the session (the caller holds the RCU read lock it was found under)
 * @css: the cgroup the message is about, or NULL
 * @fmt: printf format of the message
 *
 * Writes a BLK_TN_MESSAGE note of at most BLK_TN_MAX_MSG - 1 characters,
 * if @bt wants BLK_TC_NOTIFY, to its channel while it runs and to the blk
 * tracer while that is on. blk_add_trace_msg() is the way in.
 */
void __blk_trace_note_message(struct blk_trace *bt,
			      struct cgroup_subsys_state *css,
			      const char *fmt, ...)
{
	struct blk_act a = { .what = BLK_TN_MESSAGE };
	struct trace_array *tr;
	unsigned long flags;
	bool running;
	va_list args;
	char *buf;

	if (!(READ_ONCE(bt->act_mask) & BLK_TC_NOTIFY))
		return;
	rcu_read_lock();
	tr = rcu_dereference(blk_tracer_array);
	/* pairs with blk_trace_start(), as in blk_record() */
	running = smp_load_acquire(&bt->trace_state) == Blktrace_running;
	if (!tr && !running)
		goto out;
	/* the CPU's message buffer is ours while interrupts are off */
	local_irq_save(flags);
	buf = this_cpu_ptr(bt->msg_data);
	va_start(args, fmt);
	a.len = vscnprintf(buf, BLK_TN_MAX_MSG, fmt, args);
	va_end(args);
	a.data = buf;
#ifdef CONFIG_BLK_CGROUP
	/*
	 * A message names its cgroup as an action does: when the option
	 * asks and there is one. Upstream gives every other message the
	 * root's id (1), and blkparse before 1.3 (Debian 12's 1.2) drops
	 * every note that carries an id: their messages never show.
	 */
	if (css && (READ_ONCE(blk_opts.val) & BLK_OPT_CGROUP))
		a.cgid = cgroup_id(css->cgroup);
#endif
	if (tr)
		blk_to_tracer(tr, bt, &a);
	if (running)
		blk_to_channel(bt, &a, current->pid, false);
	local_irq_restore(flags);
out:
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(__blk_trace_note_message);

/* ---- the probes, on while any queue has a session ---- */

/* Each tracepoint and its probe; their prototypes checked below. */
#define BLK_PROBES(P)					\
	P(block_rq_insert, blk_probe_rq_insert)		\
	P(block_rq_issue, blk_probe_rq_issue)		\
	P(block_rq_merge, blk_probe_rq_merge)		\
	P(block_rq_requeue, blk_probe_rq_requeue)	\
	P(block_rq_complete, blk_probe_rq_complete)	\
	P(block_rq_remap, blk_probe_rq_remap)		\
	P(block_bio_bounce, blk_probe_bio_bounce)	\
	P(block_bio_complete, blk_probe_bio_complete)	\
	P(block_bio_backmerge, blk_probe_bio_backmerge)	\
	P(block_bio_frontmerge, blk_probe_bio_frontmerge) \
	P(block_bio_queue, blk_probe_bio_queue)		\
	P(block_getrq, blk_probe_getrq)			\
	P(block_plug, blk_probe_plug)			\
	P(block_unplug, blk_probe_unplug)		\
	P(block_split, blk_probe_split)			\
	P(block_bio_remap, blk_probe_bio_remap)

#define BLK_PROBE_ENTRY(tp, fn)	{ &__tracepoint_##tp, fn },
#define BLK_PROBE_CHECK(tp, fn)	check_trace_callback_type_##tp(fn);

static const struct {
	struct tracepoint	*tp;
	void			*fn;
} blk_probes[] = {
	BLK_PROBES(BLK_PROBE_ENTRY)
};

static void __maybe_unused blk_probes_typecheck(void)
{
	BLK_PROBES(BLK_PROBE_CHECK)
}

static DEFINE_MUTEX(blk_probes_lock);
static unsigned int blk_probes_users;	/* sessions, under blk_probes_lock */

static void blk_probes_off(unsigned int n)
{
	while (n--)
		tracepoint_probe_unregister(blk_probes[n].tp, blk_probes[n].fn,
					    NULL);
	/* no probe still runs: the sessions may be freed */
	tracepoint_synchronize_unregister();
}

/**
 * blk_probes_get - a new session needs the probes
 *
 * Return: 0, or the error of registering them (then none is).
 */
int blk_probes_get(void)
{
	unsigned int i;
	int ret = 0;

	mutex_lock(&blk_probes_lock);
	if (blk_probes_users) {
		blk_probes_users++;
		goto out;
	}
	for (i = 0; i < ARRAY_SIZE(blk_probes); i++) {
		ret = tracepoint_probe_register(blk_probes[i].tp,
						blk_probes[i].fn, NULL);
		if (ret) {
			blk_probes_off(i);
			goto out;
		}
	}
	blk_probes_users = 1;
out:
	mutex_unlock(&blk_probes_lock);
	return ret;
}

/* A session is gone; the last one takes the probes off. */
void blk_probes_put(void)
{
	mutex_lock(&blk_probes_lock);
	if (!--blk_probes_users)
		blk_probes_off(ARRAY_SIZE(blk_probes));
	mutex_unlock(&blk_probes_lock);
}
