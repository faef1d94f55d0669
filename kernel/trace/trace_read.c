// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a trace array's buffer: `trace` (a non-consuming seq_file over
 * every CPU, merged by time), `trace_pipe` (consuming, blocking, poll,
 * splice), the per_cpu/ variants, `trace_pipe_raw` (whole ring buffer
 * pages, for tools) and `stats`.
 *
 * Merging: each CPU's buffer is in time order, so the next entry of the
 * whole array is the oldest of the CPUs' next entries. A non-consuming
 * reader walks a ring buffer iterator per CPU; the entry it hands to the
 * printers is copied into iter->temp first, because advancing an
 * iterator may recycle the page the entry was in. A consuming reader
 * peeks, prints and then consumes, so its entry stays in the reader
 * page it owns until it is done with it.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/pipe_fs_i.h>
#include <linux/splice.h>
#include <linux/poll.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>

#include "trace.h"

static bool iter_covers(struct trace_iterator *iter, int cpu)
{
	return iter->cpu_file == RING_BUFFER_ALL_CPUS || iter->cpu_file == cpu;
}

/* The next entry of one CPU, without moving past it. */
static struct ring_buffer_event *peek_cpu(struct trace_iterator *iter,
					  int cpu, u64 *ts,
					  unsigned long *lost)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	struct ring_buffer_iter *bi = iter->buffer_iter ?
				      iter->buffer_iter[cpu] : NULL;

	*lost = 0;
	if (bi) {
		struct ring_buffer_event *event = ring_buffer_iter_peek(bi, ts);

		/* the writer lapped the iterator: say so, count unknown */
		if (event && ring_buffer_iter_dropped(bi))
			*lost = (unsigned long)-1;
		return event;
	}
	if (iter->buffer_iter)	/* a CPU without an iterator: none there */
		return NULL;
	return ring_buffer_peek(buffer, cpu, ts, lost);
}

static struct trace_entry *find_next(struct trace_iterator *iter,
				     int *ent_cpu, u64 *ent_ts,
				     unsigned long *ent_lost, int *ent_size)
{
	struct ring_buffer_event *best = NULL;
	unsigned long best_lost = 0;
	u64 best_ts = 0;
	int cpu, best_cpu = -1;

	for_each_possible_cpu(cpu) {
		struct ring_buffer_event *event;
		unsigned long lost;
		u64 ts;

		if (!iter_covers(iter, cpu))
			continue;
		if (!iter->buffer_iter &&
		    ring_buffer_empty_cpu(iter->array_buffer->buffer, cpu))
			continue;
		event = peek_cpu(iter, cpu, &ts, &lost);
		if (event && (!best || ts < best_ts)) {
			best = event;
			best_ts = ts;
			best_cpu = cpu;
			best_lost = lost;
		}
	}
	if (!best)
		return NULL;
	if (ent_cpu)
		*ent_cpu = best_cpu;
	if (ent_ts)
		*ent_ts = best_ts;
	if (ent_lost)
		*ent_lost = best_lost;
	if (ent_size)
		*ent_size = ring_buffer_event_length(best);
	return ring_buffer_event_data(best);
}

struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts)
{
	return find_next(iter, ent_cpu, ent_ts, NULL, NULL);
}

/* Keep a private copy of a non-consuming reader's entry. */
static struct trace_entry *hold_entry(struct trace_iterator *iter,
				      struct trace_entry *ent, int size)
{
	if (size > iter->temp_size) {
		void *temp = kmalloc(max(size, 128), GFP_KERNEL);

		if (!temp)
			return NULL;
		kfree(iter->temp);
		iter->temp = temp;
		iter->temp_size = max(size, 128);
	}
	memcpy(iter->temp, ent, size);
	return iter->temp;
}

struct trace_entry *trace_find_next_entry_inc(struct trace_iterator *iter)
{
	struct trace_entry *ent;

	ent = find_next(iter, &iter->cpu, &iter->ts, &iter->lost_events,
			&iter->ent_size);
	if (ent && iter->buffer_iter) {
		ent = hold_entry(iter, ent, iter->ent_size);
		ring_buffer_iter_advance(iter->buffer_iter[iter->cpu]);
	}
	iter->ent = ent;
	if (ent)
		iter->idx++;
	return ent;
}

void trace_consume(struct trace_iterator *iter)
{
	ring_buffer_consume(iter->array_buffer->buffer, iter->cpu, &iter->ts,
			    &iter->lost_events);
}

static void buffer_entries_cpu(struct array_buffer *buf,
			       unsigned long *entries, unsigned long *total,
			       int cpu)
{
	unsigned long n, skipped;

	n = ring_buffer_entries_cpu(buf->buffer, cpu);
	skipped = per_cpu_ptr(buf->data, cpu)->skipped_entries;
	if (skipped) {
		/*
		 * A latency tracer hid the entries before its section; the
		 * overruns are of the hidden part, so they are not counted.
		 */
		n -= min(n, skipped);
		*entries = n;
		*total = n;
		return;
	}
	*entries = n;
	*total = n + ring_buffer_overrun_cpu(buf->buffer, cpu);
}

void trace_buffer_total_entries(struct array_buffer *buf,
				unsigned long *entries, unsigned long *total)
{
	unsigned long e, t;
	int cpu;

	*entries = 0;
	*total = 0;
	for_each_possible_cpu(cpu) {
		buffer_entries_cpu(buf, &e, &t, cpu);
		*entries += e;
		*total += t;
	}
}

void trace_total_entries_cpu(struct trace_array *tr, unsigned long *entries,
			     unsigned long *total, int cpu)
{
	buffer_entries_cpu(&tr->array_buffer, entries, total, cpu);
}

void trace_total_entries(struct trace_array *tr, unsigned long *entries,
			 unsigned long *total)
{
	trace_buffer_total_entries(&tr->array_buffer, entries, total);
}

/* Nothing (more) to read for this iterator. */
int trace_empty(struct trace_iterator *iter)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!iter_covers(iter, cpu))
			continue;
		if (iter->buffer_iter) {
			if (iter->buffer_iter[cpu] &&
			    !ring_buffer_iter_empty(iter->buffer_iter[cpu]))
				return 0;
		} else if (!ring_buffer_empty_cpu(iter->array_buffer->buffer,
						  cpu)) {
			return 0;
		}
	}
	return 1;
}

/* ---- common to `trace` and `trace_pipe` ---- */

static struct trace_iterator *iter_alloc(struct trace_array *tr, int cpu,
					 bool snapshot)
{
	struct trace_iterator *iter;

	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		return NULL;
	if (!zalloc_cpumask_var(&iter->started, GFP_KERNEL)) {
		kfree(iter);
		return NULL;
	}
	mutex_init(&iter->mutex);
	iter->tr = tr;
	iter->cpu_file = cpu;
	iter->snapshot = snapshot;
	iter->array_buffer = &tr->array_buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	/* the snapshot file, or a max tracer's `trace`, show the spare */
	if (snapshot || tr->current_trace->print_max)
		iter->array_buffer = &tr->max_buffer;
#endif
	iter->trace = tr->current_trace;
	iter->idx = -1;
	iter->pos = -1;
	if (trace_opt(tr, TRACE_OPT_LATENCY_FMT))
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
	if (trace_clock_in_ns(tr))
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	return iter;
}

static void iter_free(struct trace_iterator *iter)
{
	mutex_destroy(&iter->mutex);
	free_cpumask_var(iter->started);
	kfree(iter->buffer_iter);
	kfree(iter->temp);
	kfree(iter);
}

/* ---- `trace`: a seq_file ---- */

/*
 * Between records of a long walk (a seek, which renders every record
 * up to the offset in one call, or the skip over the records before a
 * latency section): a quiescent state for RCU Tasks, as cond_resched()
 * is in a kernel without preemption. A preemptible kernel counts none
 * while a task is preempted in the kernel, so without this a reader
 * walking a big buffer holds up the RCU-tasks grace period that freeing
 * a trampoline waits for: test_fn_tramp's switch waits 23 s on upstream
 * for a walk of 840k records, 1 s here. Only iter->mutex is held.
 */
static void iter_qs(void)
{
	cond_resched_tasks_rcu_qs();
}

/*
 * A latency tracer's `trace` (the spare buffer, not the snapshot file)
 * shows the kept section: it ran on buf->cpu from time_start on (or,
 * after a swap of every CPU's pages, buf->whole, on every CPU from
 * time_start on). Its CPU's pages still hold what came before, and the
 * other CPUs' pages sections kept earlier. Step over those records and
 * count them in skipped_entries, which the header's counts leave out.
 */
static void iter_skip_before_section(struct trace_iterator *iter, int cpu)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	struct ring_buffer_iter *bi = iter->buffer_iter[cpu];
	struct array_buffer *buf = iter->array_buffer;
	unsigned long n = 0;
	u64 ts;

	if (iter->snapshot || buf != &iter->tr->max_buffer)
		return;
	while (ring_buffer_iter_peek(bi, &ts) &&
	       ((!buf->whole && cpu != buf->cpu) || ts < buf->time_start)) {
		ring_buffer_iter_advance(bi);
		n++;
		iter_qs();
	}
	per_cpu_ptr(buf->data, cpu)->skipped_entries = n;
#endif
}

static void iter_rewind(struct trace_iterator *iter)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!iter->buffer_iter[cpu])
			continue;
		ring_buffer_iter_reset(iter->buffer_iter[cpu]);
		iter_skip_before_section(iter, cpu);
	}
	cpumask_clear(iter->started);
	iter->ent = NULL;
	iter->idx = -1;
	iter->pos = 0;		/* position 0 is the header */
	iter->leftover = 0;
}

/*
 * Move to position pos + 1: returns the iterator, or NULL at the end.
 * ERR_PTR(-EINTR), without a move, once the task is killed: a seek far
 * into a big buffer renders every record on the way in one call, which
 * may take minutes on a slow machine, and a kill ends it there.
 * seq_file hands the error back (the seek fails and rewinds the file),
 * and the iterator stays at a position it can go on from or rewind to.
 */
static void *iter_step(struct trace_iterator *iter)
{
	iter_qs();
	if (fatal_signal_pending(current))
		return ERR_PTR(-EINTR);
	iter->leftover = 0;
	if (!trace_find_next_entry_inc(iter))
		return NULL;
	iter->pos++;
	return iter;
}

static void *s_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	void *p;

	mutex_lock(&iter->mutex);
	/* the same position again: seq_file retries after an overflow */
	if (*pos == iter->pos && (*pos == 0 || iter->ent))
		return iter;
	if (iter->pos < 0 || *pos < iter->pos)
		iter_rewind(iter);
	while (iter->pos < *pos) {
		p = iter_step(iter);
		if (p != iter)
			return p;
	}
	return iter;
}

static void *s_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;

	(*pos)++;
	return iter_step(iter);
}

static void s_stop(struct seq_file *m, void *p)
{
	struct trace_iterator *iter = m->private;

	mutex_unlock(&iter->mutex);
}

static int s_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = v;

	if (iter->pos == 0) {
		trace_show_header(m, iter);
		return 0;
	}
	/* a retry after overflow re-emits the text, not the side effects */
	if (!iter->leftover) {
		trace_seq_init(&iter->seq);
		if (print_trace_line(iter) == TRACE_TYPE_PARTIAL_LINE) {
			/* an entry bigger than the whole seq: say so */
			trace_seq_init(&iter->seq);
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
		}
	}
	iter->leftover = seq_write(m, iter->seq.buffer,
				   trace_seq_used(&iter->seq)) ? 1 : 0;
	return 0;
}

static const struct seq_operations tracer_seq_ops = {
	.start		= s_start,
	.next		= s_next,
	.stop		= s_stop,
	.show		= s_show,
};

static int start_iterators(struct trace_iterator *iter)
{
	int cpu;

	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	if (!iter->buffer_iter)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		if (!iter_covers(iter, cpu))
			continue;
		iter->buffer_iter[cpu] =
			ring_buffer_read_start(iter->array_buffer->buffer, cpu,
					       GFP_KERNEL);
	}
	return 0;
}

static void finish_iterators(struct trace_iterator *iter)
{
	int cpu;

	if (!iter->buffer_iter)
		return;
	for_each_possible_cpu(cpu)
		if (iter->buffer_iter[cpu])
			ring_buffer_read_finish(iter->buffer_iter[cpu]);
}

static void clear_on_truncate(struct trace_array *tr, int cpu)
{
	struct array_buffer *buf = &tr->array_buffer;

	if (cpu == RING_BUFFER_ALL_CPUS)
		tracing_reset_online_cpus(buf);
	else
		tracing_reset_cpu(buf, cpu);
}

int tracing_open_trace(struct inode *inode, struct file *file, bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	struct trace_iterator *iter;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	/* `: > trace` empties the buffer; opening snapshot never does */
	if (!snapshot && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC))
		clear_on_truncate(tr, cpu);

	if (!(file->f_mode & FMODE_READ)) {
		file->private_data = NULL;
		return 0;
	}

	mutex_lock(&trace_types_lock);
	ret = -ENOMEM;
	iter = iter_alloc(tr, cpu, snapshot);
	if (!iter)
		goto fail;
	/* Annotate CPU buffer starts when entries were overwritten */
	if (ring_buffer_overruns(iter->array_buffer->buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
	if (!snapshot && trace_opt(tr, TRACE_OPT_PAUSE_ON_TRACE))
		tracing_stop_tr(tr);
	ret = start_iterators(iter);
	if (ret)
		goto fail_iter;
	ret = seq_open(file, &tracer_seq_ops);
	if (ret)
		goto fail_iter;
	((struct seq_file *)file->private_data)->private = iter;
	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
	mutex_unlock(&trace_types_lock);
	return 0;

fail_iter:
	finish_iterators(iter);
	if (!snapshot && trace_opt(tr, TRACE_OPT_PAUSE_ON_TRACE))
		tracing_start_tr(tr);
	iter_free(iter);
fail:
	mutex_unlock(&trace_types_lock);
	trace_array_put(tr);
	return ret;
}

static int tracing_open(struct inode *inode, struct file *file)
{
	return tracing_open_trace(inode, file, false);
}

int tracing_release_trace(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct seq_file *m = file->private_data;
	struct trace_iterator *iter;

	if (!(file->f_mode & FMODE_READ) || !m) {
		trace_array_put(tr);
		return 0;
	}
	iter = m->private;
	mutex_lock(&trace_types_lock);
	if (iter->trace && iter->trace->close)
		iter->trace->close(iter);
	finish_iterators(iter);
	if (!iter->snapshot && trace_opt(tr, TRACE_OPT_PAUSE_ON_TRACE))
		tracing_start_tr(tr);
	mutex_unlock(&trace_types_lock);
	iter_free(iter);
	seq_release(inode, file);
	trace_array_put(tr);
	return 0;
}

/* `echo > trace` opens with O_TRUNC; what is written does not matter. */
ssize_t tracing_write_stub(struct file *filp, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	return count;
}

loff_t tracing_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

const struct file_operations tracing_fops = {
	.open		= tracing_open,
	.read		= seq_read,
	.write		= tracing_write_stub,
	.llseek		= tracing_lseek,
	.release	= tracing_release_trace,
};

/* ---- trace_pipe ---- */

static int tpipe_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	iter = iter_alloc(tr, tracing_get_cpu(inode), false);
	if (!iter) {
		mutex_unlock(&trace_types_lock);
		trace_array_put(tr);
		return -ENOMEM;
	}
	/* a consuming reader never shows the max buffer */
	iter->array_buffer = &tr->array_buffer;
	iter->pos = 0;
	/* no "buffer started" annotations in a pipe */
	cpumask_setall(iter->started);
	filp->private_data = iter;
	tr->trace_ref++;
	if (iter->trace->pipe_open)
		iter->trace->pipe_open(iter);
	mutex_unlock(&trace_types_lock);
	nonseekable_open(inode, filp);
	return 0;
}

static int tpipe_release(struct inode *inode, struct file *filp)
{
	struct trace_iterator *iter = filp->private_data;
	struct trace_array *tr = inode->i_private;
	struct tracer *t;

	mutex_lock(&trace_types_lock);
	t = iter->trace;
	if (t->pipe_close)
		t->pipe_close(iter);
	tr->trace_ref--;
	mutex_unlock(&trace_types_lock);
	iter_free(iter);
	trace_array_put(tr);
	return 0;
}

static bool tpipe_empty(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;

	if (iter->cpu_file == RING_BUFFER_ALL_CPUS)
		return ring_buffer_empty(buffer);
	return ring_buffer_empty_cpu(buffer, iter->cpu_file);
}

/*
 * Wait until there is something to read. Returns 1 when there is, 0 at
 * end of file (tracing was turned off after something was read), or an
 * error. Called with iter->mutex held; drops it while sleeping.
 */
static int pipe_wait(struct trace_iterator *iter, struct file *filp)
{
	int ret;

	while (tpipe_empty(iter)) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		/*
		 * With tracing off, a reader that already got something
		 * sees the end rather than waiting for writes that will
		 * not come; one that got nothing yet waits (for
		 * tracing_on), as `cat trace_pipe` users expect.
		 */
		if (!tracer_tracing_is_on(iter->tr) && iter->pos)
			return 0;
		mutex_unlock(&iter->mutex);
		ret = ring_buffer_wait(iter->array_buffer->buffer,
				       iter->cpu_file, 0);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
		if (signal_pending(current))
			return -EINTR;
	}
	return 1;
}

/*
 * Print and consume entries into iter->seq until it is full or the
 * buffer is empty. An entry that does not fit stays in the buffer.
 * Returns the entries found, or -EFBIG when the first one found does not
 * fit in an empty page (it is left in the buffer, iter->cpu on it).
 */
static int pipe_fill(struct trace_iterator *iter, size_t limit)
{
	int found = 0;

	trace_seq_init(&iter->seq);
	while (trace_find_next_entry_inc(iter)) {
		int before = trace_seq_used(&iter->seq);
		enum print_line_t ret = print_trace_line(iter);

		if (ret == TRACE_TYPE_PARTIAL_LINE ||
		    trace_seq_has_overflowed(&iter->seq)) {
			/* undo the partial text; the entry is read next time */
			iter->seq.seq.len = before;
			iter->seq.full = 0;
			return before ? found : -EFBIG;
		}
		found++;
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		iter->pos++;
		if (trace_seq_used(&iter->seq) >= limit)
			break;
	}
	return found;
}

/*
 * Wait for entries and print them into iter->seq, at least one line of
 * text. Returns 1 with text in iter->seq, 0 at end of file, or an error.
 */
static int pipe_text(struct trace_iterator *iter, struct file *filp,
		     size_t limit)
{
	int ret;

	for (;;) {
		ret = pipe_wait(iter, filp);
		if (ret <= 0)
			return ret;
		ret = pipe_fill(iter, limit);
		if (trace_seq_used(&iter->seq))
			return 1;
		if (ret == -EFBIG) {
			/* larger than a page: it would never fit, drop it */
			trace_consume(iter);
			continue;
		}
		if (ret)	/* all declined by the printers: wait for more */
			continue;
		/*
		 * None found, and yet the buffer did not look empty: its
		 * counters run ahead of what is readable while a writer on
		 * another CPU is between counting a record and publishing
		 * its commit (or between claiming the head page and counting
		 * its overrun). That writer has preemption off and finishes
		 * soon; wait for it rather than taking this for the end of
		 * file, which would stop a reader such as cat for good.
		 */
		if (signal_pending(current))
			return -EINTR;
		mutex_unlock(&iter->mutex);
		schedule_timeout_interruptible(1);
		mutex_lock(&iter->mutex);
	}
}

static ssize_t tpipe_read(struct file *filp, char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct trace_iterator *iter = filp->private_data;
	ssize_t ret;

	/* trace_seq_to_user() counts in int */
	cnt = min_t(size_t, cnt, INT_MAX);
	mutex_lock(&iter->mutex);
	/* what a short read left over goes first */
	if (iter->seq.readpos < trace_seq_used(&iter->seq)) {
		ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
		goto out;
	}
	/* then what the tracer sends ahead of the records (mmiotrace's) */
	if (iter->trace->pipe_header) {
		trace_seq_init(&iter->seq);
		if (iter->trace->pipe_header(iter) &&
		    trace_seq_used(&iter->seq)) {
			ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
			if (ret == -EBUSY)
				ret = 0;
			goto out;
		}
	}
	ret = pipe_text(iter, filp, min_t(size_t, cnt, PAGE_SIZE - 1));
	if (ret <= 0)
		goto out;
	ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
	if (ret == -EBUSY)
		ret = 0;
out:
	mutex_unlock(&iter->mutex);
	return ret;
}

static __poll_t tpipe_poll(struct file *filp, poll_table *poll_table)
{
	struct trace_iterator *iter = filp->private_data;

	if (trace_opt(iter->tr, TRACE_OPT_BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	/* as upstream, a pipe is ready at buffer_percent full */
	return ring_buffer_poll_wait(iter->array_buffer->buffer,
				     iter->cpu_file, filp, poll_table,
				     READ_ONCE(iter->tr->buffer_percent));
}

static void trace_pipe_buf_release(struct pipe_inode_info *pipe,
				   struct pipe_buffer *buf)
{
	put_page(buf->page);
}

static bool trace_pipe_buf_get(struct pipe_inode_info *pipe,
			       struct pipe_buffer *buf)
{
	return try_get_page(buf->page);
}

static const struct pipe_buf_operations trace_text_pipe_buf_ops = {
	.release	= trace_pipe_buf_release,
	.get		= trace_pipe_buf_get,
};

static void spd_release_page(struct splice_pipe_desc *spd, unsigned int i)
{
	__free_page(spd->pages[i]);
}

/*
 * The pipe buffers still free. The caller holds the pipe's lock across
 * our splice_read (splice_file_to_pipe(), or the private pipe of
 * splice_direct_to_actor()), so this cannot shrink before splice_to_pipe().
 */
static unsigned int pipe_free_slots(struct pipe_inode_info *pipe)
{
	unsigned int used = pipe_occupancy(pipe->head, pipe->tail);

	return used < pipe->max_usage ? pipe->max_usage - used : 0;
}

/*
 * Splice the text of the entries into @pipe, one page of text per pipe
 * buffer. Entries are consumed as they are printed, so a page that
 * splice_to_pipe() has no room for would take its records (and the LOST
 * markers among them) with it: never fill more pages than the pipe has
 * free buffers. The @len the VFS passes is capped to that space in
 * bytes, but pipe_fill() stops only once a page reaches its limit, so
 * a page holds less than PAGE_SIZE and the bytes alone would ask for
 * one page more than fits.
 */
static ssize_t tpipe_splice_read(struct file *filp, loff_t *ppos,
				 struct pipe_inode_info *pipe,
				 size_t len, unsigned int flags)
{
	struct trace_iterator *iter = filp->private_data;
	struct partial_page partial[PIPE_DEF_BUFFERS];
	struct page *pages[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.pages		= pages,
		.partial	= partial,
		.nr_pages	= 0,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.ops		= &trace_text_pipe_buf_ops,
		.spd_release	= spd_release_page,
	};
	unsigned int max_pages;
	ssize_t ret;
	int i;

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;
	max_pages = min_t(unsigned int, spd.nr_pages_max, pipe_free_slots(pipe));
	/* The callers wait for room first; 0 here would read as EOF. */
	if (!max_pages) {
		splice_shrink_spd(&spd);
		return -EAGAIN;
	}

	mutex_lock(&iter->mutex);
	for (i = 0; i < max_pages && len; i++) {
		size_t limit = min_t(size_t, len, PAGE_SIZE - 1);
		size_t n;

		/* The page first: text consumed must have a place to go. */
		spd.pages[i] = alloc_page(GFP_KERNEL);
		if (!spd.pages[i])
			break;
		/*
		 * What a short read() left over goes first. The first page
		 * waits for text; the others take what is there.
		 */
		if (iter->seq.readpos >= trace_seq_used(&iter->seq)) {
			if (!i) {
				ret = pipe_text(iter, filp, limit);
				if (ret <= 0) {
					__free_page(spd.pages[i]);
					goto out;
				}
			} else {
				pipe_fill(iter, limit);
			}
		}
		n = trace_seq_used(&iter->seq) - iter->seq.readpos;
		if (!n) {
			__free_page(spd.pages[i]);
			break;
		}
		memcpy(page_address(spd.pages[i]),
		       iter->seq.buffer + iter->seq.readpos, n);
		spd.partial[i].offset = 0;
		spd.partial[i].len = n;
		spd.nr_pages++;
		len -= min(len, n);
		trace_seq_init(&iter->seq);
		if (tpipe_empty(iter))
			break;
	}
	mutex_unlock(&iter->mutex);
	/* none only when the first page could not be had: 0 is EOF */
	ret = spd.nr_pages ? splice_to_pipe(pipe, &spd) : -ENOMEM;
	splice_shrink_spd(&spd);
	return ret;
out:
	mutex_unlock(&iter->mutex);
	splice_shrink_spd(&spd);
	return ret;
}

const struct file_operations tracing_pipe_fops = {
	.open		= tpipe_open,
	.poll		= tpipe_poll,
	.read		= tpipe_read,
	.splice_read	= tpipe_splice_read,
	.release	= tpipe_release,
	.llseek		= no_llseek,
};

/* ---- trace_pipe_raw: ring buffer pages as they are ---- */

struct raw_reader {
	struct trace_array	*tr;
	struct trace_buffer	*buffer;
	int			cpu;
	void			*page;		/* a spare read page */
	unsigned int		read;		/* bytes of it handed out */
	bool			full;		/* page holds unread data */
	struct mutex		lock;
};

int tracing_open_raw(struct inode *inode, struct file *filp, bool snapshot)
{
	struct trace_array *tr = inode->i_private;
	struct raw_reader *r;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	r->tr = tr;
	r->cpu = tracing_get_cpu(inode);
	r->buffer = tr->array_buffer.buffer;
#ifdef CONFIG_TRACER_MAX_TRACE
	if (snapshot)
		r->buffer = tr->max_buffer.buffer;
#endif
	mutex_init(&r->lock);
	filp->private_data = r;
	mutex_lock(&trace_types_lock);
	tr->trace_ref++;
	mutex_unlock(&trace_types_lock);
	return nonseekable_open(inode, filp);
}

static int tracing_buffers_open(struct inode *inode, struct file *filp)
{
	return tracing_open_raw(inode, filp, false);
}

static ssize_t tracing_buffers_read(struct file *filp, char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct raw_reader *r = filp->private_data;
	size_t size;
	int ret;

	if (!count)
		return 0;
	mutex_lock(&r->lock);
	if (!r->page) {
		r->page = ring_buffer_alloc_read_page(r->buffer, r->cpu);
		if (IS_ERR(r->page)) {
			ret = PTR_ERR(r->page);
			r->page = NULL;
			goto out;
		}
	}
	while (!r->full) {
		ret = ring_buffer_read_page(r->buffer, &r->page, count, r->cpu,
					    0);
		if (ret >= 0) {
			r->full = true;
			r->read = 0;
			break;
		}
		if (filp->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			goto out;
		}
		if (!tracer_tracing_is_on(r->tr)) {
			ret = 0;	/* nothing more will come */
			goto out;
		}
		mutex_unlock(&r->lock);
		ret = ring_buffer_wait(r->buffer, r->cpu, 0);
		mutex_lock(&r->lock);
		if (ret)
			goto out;
		if (signal_pending(current)) {
			ret = -EINTR;
			goto out;
		}
	}
	/* the rest of the page, up to a whole page per read */
	size = min_t(size_t, PAGE_SIZE - r->read, count);
	if (copy_to_user(ubuf, r->page + r->read, size)) {
		ret = -EFAULT;
		goto out;
	}
	r->read += size;
	if (r->read >= PAGE_SIZE)
		r->full = false;
	ret = size;
out:
	mutex_unlock(&r->lock);
	return ret;
}

static int tracing_buffers_release(struct inode *inode, struct file *file)
{
	struct raw_reader *r = file->private_data;
	struct trace_array *tr = r->tr;

	mutex_lock(&trace_types_lock);
	tr->trace_ref--;
	mutex_unlock(&trace_types_lock);
	if (r->page)
		ring_buffer_free_read_page(r->buffer, r->cpu, r->page);
	mutex_destroy(&r->lock);
	kfree(r);
	trace_array_put(tr);
	return 0;
}

static __poll_t tracing_buffers_poll(struct file *filp, poll_table *pt)
{
	struct raw_reader *r = filp->private_data;

	if (trace_opt(r->tr, TRACE_OPT_BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(r->buffer, r->cpu, filp, pt,
				     READ_ONCE(r->tr->buffer_percent));
}

/* A page spliced out: it goes back to the ring buffer's spare pool. */
struct raw_page_ref {
	refcount_t		refs;
	struct trace_buffer	*buffer;
	void			*page;
	int			cpu;
};

static void raw_page_put(struct raw_page_ref *ref)
{
	if (!refcount_dec_and_test(&ref->refs))
		return;
	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->page);
	kfree(ref);
}

static void raw_pipe_buf_release(struct pipe_inode_info *pipe,
				 struct pipe_buffer *buf)
{
	raw_page_put((struct raw_page_ref *)buf->private);
	buf->private = 0;
}

static bool raw_pipe_buf_get(struct pipe_inode_info *pipe,
			     struct pipe_buffer *buf)
{
	struct raw_page_ref *ref = (struct raw_page_ref *)buf->private;

	return refcount_inc_not_zero(&ref->refs);
}

static const struct pipe_buf_operations raw_pipe_buf_ops = {
	.release	= raw_pipe_buf_release,
	.get		= raw_pipe_buf_get,
};

static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	raw_page_put((struct raw_page_ref *)spd->partial[i].private);
}

static ssize_t tracing_buffers_splice_read(struct file *file, loff_t *ppos,
					   struct pipe_inode_info *pipe,
					   size_t len, unsigned int flags)
{
	struct page *pages_def[PIPE_DEF_BUFFERS];
	struct partial_page partial_def[PIPE_DEF_BUFFERS];
	struct raw_reader *r = file->private_data;
	struct splice_pipe_desc spd = {
		.pages		= pages_def,
		.partial	= partial_def,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.ops		= &raw_pipe_buf_ops,
		.spd_release	= raw_spd_release,
	};
	ssize_t ret = 0;
	int i;

	/* whole pages only, as tools use it */
	if (*ppos & (PAGE_SIZE - 1) || len & (PAGE_SIZE - 1))
		return -EINVAL;
	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;

	mutex_lock(&r->lock);
again:
	for (i = 0; i < spd.nr_pages_max && len; i++) {
		struct raw_page_ref *ref;

		ref = kzalloc(sizeof(*ref), GFP_KERNEL);
		if (!ref) {
			ret = -ENOMEM;
			break;
		}
		refcount_set(&ref->refs, 1);
		ref->buffer = r->buffer;
		ref->cpu = r->cpu;
		ref->page = ring_buffer_alloc_read_page(r->buffer, r->cpu);
		if (IS_ERR(ref->page)) {
			ret = PTR_ERR(ref->page);
			kfree(ref);
			break;
		}
		/* full pages only, unless the writer is done */
		if (ring_buffer_read_page(r->buffer, &ref->page, PAGE_SIZE,
					  r->cpu, 1) < 0) {
			ring_buffer_free_read_page(r->buffer, r->cpu,
						   ref->page);
			kfree(ref);
			break;
		}
		spd.pages[i] = virt_to_page(ref->page);
		spd.partial[i].offset = 0;
		spd.partial[i].len = PAGE_SIZE;
		spd.partial[i].private = (unsigned long)ref;
		spd.nr_pages++;
		*ppos += PAGE_SIZE;
		len -= PAGE_SIZE;
	}

	if (!spd.nr_pages) {
		if (ret)
			goto out;
		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			goto out;
		mutex_unlock(&r->lock);
		ret = ring_buffer_wait(r->buffer, r->cpu,
				       READ_ONCE(r->tr->buffer_percent));
		mutex_lock(&r->lock);
		if (ret)
			goto out;
		if (signal_pending(current)) {
			ret = -EINTR;
			goto out;
		}
		/* woken with tracing off: the partial page is all there is */
		if (!tracer_tracing_is_on(r->tr)) {
			ret = 0;
			goto out;
		}
		goto again;
	}
	ret = splice_to_pipe(pipe, &spd);
out:
	mutex_unlock(&r->lock);
	splice_shrink_spd(&spd);
	return ret;
}

const struct file_operations tracing_buffers_fops = {
	.open		= tracing_buffers_open,
	.read		= tracing_buffers_read,
	.poll		= tracing_buffers_poll,
	.release	= tracing_buffers_release,
	.splice_read	= tracing_buffers_splice_read,
	.llseek		= no_llseek,
};

/* ---- per_cpu/cpuN/stats ---- */

static void put_ts(struct trace_seq *s, struct trace_array *tr,
		   const char *what, u64 t)
{
	if (trace_clock_in_ns(tr)) {
		unsigned long usec = do_div(t, NSEC_PER_SEC) / NSEC_PER_USEC;

		trace_seq_printf(s, "%s: %5llu.%06lu\n", what, t, usec);
	} else {
		trace_seq_printf(s, "%s: %llu\n", what, t);
	}
}

static ssize_t tracing_stats_read(struct file *filp, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	int cpu = tracing_get_cpu(inode);
	struct trace_seq *s;
	ssize_t ret;
	u64 t;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	trace_seq_printf(s, "entries: %ld\n",
			 ring_buffer_entries_cpu(buffer, cpu));
	trace_seq_printf(s, "overrun: %ld\n",
			 ring_buffer_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "commit overrun: %ld\n",
			 ring_buffer_commit_overrun_cpu(buffer, cpu));
	trace_seq_printf(s, "bytes: %ld\n", ring_buffer_bytes_cpu(buffer, cpu));
	t = ring_buffer_oldest_event_ts(buffer, cpu);
	put_ts(s, tr, "oldest event ts", t);
	t = ring_buffer_time_stamp(buffer);
	put_ts(s, tr, "now ts", t);
	trace_seq_printf(s, "dropped events: %ld\n",
			 ring_buffer_dropped_events_cpu(buffer, cpu));
	trace_seq_printf(s, "read events: %ld\n",
			 ring_buffer_read_events_cpu(buffer, cpu));
	ret = simple_read_from_buffer(ubuf, count, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

const struct file_operations tracing_stats_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_stats_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};
