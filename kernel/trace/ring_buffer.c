// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing ring buffer.
 *
 * Layout. Each CPU owns a ring of pages (struct buffer_page, each with one
 * struct buffer_data_page of PAGE_SIZE) plus one page outside the ring that
 * belongs to the reader. Records are written only by the CPU that owns the
 * ring, from any context, and read by anyone under the per-CPU reader lock.
 * A data page starts with the absolute time of its first record and the
 * number of committed bytes; records follow, each a 4-byte header holding
 * its type/length and a 27-bit time delta to the record before it.
 * Deltas that do not fit get an 8-byte TIME_EXTEND before the record; a
 * writer that cannot know the time of the record before it writes an
 * absolute TIME_STAMP instead. Both formats are ABI (events/header_page,
 * events/header_event, per_cpu/cpuN/trace_pipe_raw).
 *
 * Writers. A writer on CPU c runs with preemption off. It may be
 * interrupted by softirq, irq and NMI writers on the same CPU, which run to
 * completion before it resumes: on one CPU, writers nest as a stack. That
 * is the whole basis of the write side:
 *
 *  - Space is claimed by one cmpxchg on the tail page's state word, which
 *    packs the write index, a CLOSED bit and the number of records on the
 *    page. A failed cmpxchg means a nested writer claimed space between our
 *    reads and the cmpxchg; it has finished by then, so we read again.
 *  - A record that does not fit closes the page (cmpxchg sets CLOSED at the
 *    current index, which is where the page's data ends). Whoever finds the
 *    tail page closed moves the tail to the next page; a nested writer can
 *    finish the move for the writer it interrupted.
 *  - The commit pointer (the end of data readers may see) is moved only by
 *    the outermost writer, when it commits: it publishes everything up to
 *    the tail, which includes the records of every writer nested inside it.
 *    `committing` counts the writers between reserve and commit.
 *  - Time: `last_stamp` is the time of the newest claimed record. A writer
 *    reads it, reads the clock, claims space, then publishes its own time
 *    with cmpxchg(last_stamp, what it read, its time). Between its first
 *    read and that cmpxchg it is "in the stamp window" (`stamp_busy`). A
 *    writer that finds another writer of its CPU in the window cannot know
 *    the time of the record before its own, so it writes an absolute stamp.
 *
 * The head page and the H/U flags. In overwrite mode a full ring makes the
 * writer push the head: the oldest page is dropped and reused. The reader
 * meanwhile swaps its page with the head page. Both are decided on one
 * word: the `next` link of the page before the head, whose low bits carry
 *   HEAD   - the page this link points to is the head page;
 *   UPDATE - a writer is pushing the head past that page.
 * The writer claims a push with cmpxchg(link, head|HEAD, head|UPDATE); the
 * reader swaps with cmpxchg(link, head|HEAD, reader page). Exactly one of
 * the two wins. While a push is in progress the reader finds no HEAD flag
 * and waits; a nested writer finds UPDATE and drops its record (irqs are
 * off across the push, so only an NMI can get there; it is counted in
 * dropped_events). tools/testing/ring_buffer/model checks this protocol
 * exhaustively with spin.
 *
 * Invariants (ring order): head <= commit <= tail. Pages after the tail
 * and before the head are free (state 0); pages are reset when they become
 * free (by the pusher, or by the reader before it puts its page back in
 * the ring), never when a writer enters them, so entering a page needs no
 * cleanup that could race with a nested writer already using it. The tail
 * never enters the commit page from behind, nor pushes the head while the
 * reader holds the commit page (commit_overrun) and, without overwrite,
 * never enters the head page (dropped_events).
 *
 * Accounting, per CPU: entries (records committed), overrun (records lost
 * by pushing the head), read (records consumed), dropped_events and
 * commit_overrun (records refused). Records in the buffer are
 * entries - overrun - read; every record a caller tried to write is
 * counted exactly once. A discarded record is in none of them. Every
 * consuming read moves read by the records it took: one per consume, one
 * per record copied out by a page read, and a page handed over whole by
 * the records its state word counts; iterators move nothing. The byte
 * count and the oldest time are worked out from the pages when asked:
 * the bytes from the reader's position to the commit, and the time of
 * the record the next consuming read would return.
 *
 * Copies without the writer's cooperation. Iterators and the oldest-time
 * look copy ring pages that overwrite may recycle while they copy. Each
 * page has a lap, a sequence count that is odd while the page is being
 * emptied (rb_recycle_page()): a copy begun at an even lap that still
 * holds after it is one lap's data.
 *
 * Limits, and why they suffice:
 *  - RB_IDX_BITS (17): the write index reaches the end of the page, so
 *    pages up to 128 KiB; the state word's remaining bits count records
 *    (a page of 4-byte headers at most). Both are checked at build time.
 *  - RB_NEST_MAX (16): write_ts has a slot per nesting level of writers
 *    between reserve and commit. Real nesting is task, softirq, irq, NMI
 *    and one transition level each; deeper levels share the last slot,
 *    which only affects the time a discard or the event-time query sees.
 *  - 1000 reservation retries: each retry means a nested writer claimed
 *    space or moved the tail between two of our reads. A thousand such
 *    in one reservation means a broken state word, a sanity check.
 *  - 100000 reader spins: the reader waits for a writer on another CPU
 *    to finish a head push, a few dozen instructions with irqs off;
 *    more spins than that is a lost flag, a sanity check.
 *  - 3 looks for the oldest time: each failed look means overwrite went
 *    round the ring under us; the answer is then 0, "unknown".
 *
 * The same file is compiled in user space by tools/testing/ring_buffer,
 * where threads are CPUs and signals are interrupts.
 */

#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/trace_seq.h>
#include <linux/spinlock.h>
#include <linux/irq_work.h>
#include <linux/slab.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/mutex.h>
#include <linux/list.h>
#include <linux/hardirq.h>
#include <linux/rcupdate.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <asm/local.h>
#include <asm/local64.h>

/* ---------------------------------------------------------------------
 * Formats
 */

struct buffer_data_page {
	u64		time_stamp;	/* time of the first record */
	local_t		commit;		/* committed bytes, and MISSED_* flags */
	unsigned char	data[];		/* records */
};

#define BUF_PAGE_HDR_SIZE	offsetof(struct buffer_data_page, data)
#define BUF_PAGE_SIZE		(PAGE_SIZE - BUF_PAGE_HDR_SIZE)

/* In the commit word of a page handed to a page reader. */
#define RB_MISSED_EVENTS	BIT(31)
#define RB_MISSED_STORED	BIT(30)
#define RB_MISSED_FLAGS		(RB_MISSED_EVENTS | RB_MISSED_STORED)

#define RB_HDR			4U
#define RB_STAMP_LEN		8U
#define RB_SMALL_MAX		(RINGBUF_TYPE_DATA_TYPE_LEN_MAX * 4U)
#define TS_SHIFT		27
#define TS_MASK			((1ULL << TS_SHIFT) - 1)
#define RB_ABS_BITS		59
#define RB_ABS_MASK		((1ULL << RB_ABS_BITS) - 1)

/*
 * The largest payload: with its header and length word it fills a page.
 * The first record of a page never needs a stamp before it (the page
 * header has the time), so any record fits on an empty page.
 */
#define RB_MAX_PAYLOAD		(BUF_PAGE_SIZE - RB_HDR - 4)

/* A page's state word: write index | CLOSED | records << RB_CNT_SHIFT. */
#define RB_IDX_BITS		17
#define RB_IDX_MASK		((1UL << RB_IDX_BITS) - 1)
#define RB_CLOSED		BIT(RB_IDX_BITS)
#define RB_CNT_SHIFT		(RB_IDX_BITS + 1)
#define RB_CNT_ONE		BIT(RB_CNT_SHIFT)

/* Low bits of a ring link. */
#define RB_FLAG_HEAD		1UL
#define RB_FLAG_UPDATE		2UL
#define RB_FLAG_MASK		3UL

/* Context bits for recursion: transition, NMI, irq, softirq, task. */
#define RB_CTX_TRANSITION	0
#define RB_CTX_TASK		4
#define RB_CTX_BITS		5

#define RB_NEST_MAX		16

/* buffer->record_disabled: the counter below, ring_buffer_record_off() above. */
#define RB_BUFFER_OFF		BIT(20)

/* cb->record_disabled: the counter below, a resize in progress above. */
#define RB_CPU_RESIZING		BIT(20)

struct buffer_page {
	struct list_head	list;	/* ring links; next carries H/U flags */
	local_t			state;	/* index | CLOSED | records */
	unsigned long		lap;	/* bumped each time the page is reset */
	unsigned int		read;	/* reader page: bytes consumed */
	struct buffer_data_page	*page;
};

struct rb_waiters {
	struct irq_work		work;
	wait_queue_head_t	waiters;
	wait_queue_head_t	full_waiters;
	/* any_pending: both flags in one load, for every commit's check */
	union {
		struct {
			bool	waiters_pending;
			bool	full_waiters_pending;
		};
		u16		any_pending;
	};
	int			shortest_full;
	unsigned long		wake_seq;
};

struct ring_buffer_per_cpu {
	int				cpu;
	struct trace_buffer		*buffer;
	raw_spinlock_t			reader_lock;
	unsigned long			nr_pages;
	struct buffer_page		*head_page;	/* reader's guess */
	struct buffer_page		*tail_page;
	struct buffer_page		*commit_page;
	struct buffer_page		*reader_page;
	atomic_t			record_disabled;
	atomic_t			resize_disabled;

	/* Writer side: only this CPU touches these. */
	local_t				committing;
	unsigned int			stamp_busy;
	unsigned int			current_context;
	unsigned int			nest;
	local64_t			last_stamp;
	u64				write_ts[RB_NEST_MAX];
	local_t				entries;
	local_t				overrun;
	local_t				commit_overrun;
	local_t				dropped_events;
	unsigned long			nmi_dropped;	/* see rb_nmi_refused() */
	local_t				pages_touched;
	local_t				pages_lost;

	/* Reader side: under reader_lock. */
	unsigned long			pages_read;
	unsigned long			read;
	unsigned long			last_overrun;
	unsigned long			lost_events;
	u64				read_stamp;

	struct rb_waiters		waiters;
};

struct trace_buffer {
	struct ring_buffer_per_cpu	**buffers;	/* by CPU number */
	cpumask_var_t			cpumask;	/* CPUs with a buffer */
	u64				(*clock)(void);
	atomic_t			record_disabled;
	atomic_t			failed;		/* a sanity check fired */
	bool				overwrite;
	bool				time_stamp_abs;
	unsigned long			nr_pages;	/* for CPUs that come up */
	struct mutex			mutex;		/* resize, reset */
	struct lock_class_key		*lock_key;
	struct hlist_node		node;		/* CPU hotplug instance */
	struct rb_waiters		waiters;
};

struct ring_buffer_iter {
	struct ring_buffer_per_cpu	*cpu_buffer;
	struct buffer_page		*page;	/* the page copied, or NULL */
	unsigned long			lap;	/* its lap when copied */
	unsigned int			head;	/* offset in the copy */
	unsigned int			end;	/* bytes in the copy */
	u64				stamp;	/* time at head */
	bool				dropped;
	struct buffer_page		*reader; /* reader page at the start */
	struct buffer_data_page		*copy;
};

static inline struct buffer_page *rb_link_page(unsigned long link)
{
	return list_entry((struct list_head *)(link & ~RB_FLAG_MASK),
			  struct buffer_page, list);
}

static inline unsigned long rb_link(struct buffer_page *bp)
{
	return (unsigned long)READ_ONCE(bp->list.next);
}

static inline struct buffer_page *rb_next_page(struct buffer_page *bp)
{
	return rb_link_page(rb_link(bp));
}

static inline struct buffer_page *rb_prev_page(struct buffer_page *bp)
{
	return list_entry(READ_ONCE(bp->list.prev), struct buffer_page, list);
}

static inline unsigned long rb_page_commit(struct buffer_page *bp)
{
	return local_read(&bp->page->commit) & ~RB_MISSED_FLAGS;
}

static inline unsigned long rb_page_records(unsigned long state)
{
	return state >> RB_CNT_SHIFT;
}

/*
 * Sanity checks that fail turn the whole buffer off and say so once; they
 * never WARN, never crash and never let a loop run on.
 */
static void rb_fail(struct trace_buffer *buffer, int cpu, const char *what)
{
	atomic_inc(&buffer->record_disabled);
	if (!atomic_xchg(&buffer->failed, 1))
		pr_err("ring buffer: CPU %d: %s; recording disabled\n", cpu, what);
}

static inline bool rb_check(struct ring_buffer_per_cpu *cb, bool bad,
			    const char *what)
{
	if (unlikely(bad))
		rb_fail(cb->buffer, cb->cpu, what);
	return bad;
}

#define RB_CHECK(cb, cond)	rb_check(cb, !!(cond), #cond)

/* ---------------------------------------------------------------------
 * Records
 */

int ring_buffer_print_entry_header(struct trace_seq *s)
{
	trace_seq_puts(s, "# compressed entry header\n");
	trace_seq_puts(s, "\ttype_len    :    5 bits\n");
	trace_seq_puts(s, "\ttime_delta  :   27 bits\n");
	trace_seq_puts(s, "\tarray       :   32 bits\n");
	trace_seq_putc(s, '\n');
	trace_seq_printf(s, "\tpadding     : type == %d\n",
			 RINGBUF_TYPE_PADDING);
	trace_seq_printf(s, "\ttime_extend : type == %d\n",
			 RINGBUF_TYPE_TIME_EXTEND);
	trace_seq_printf(s, "\ttime_stamp : type == %d\n",
			 RINGBUF_TYPE_TIME_STAMP);
	trace_seq_printf(s, "\tdata max type_len  == %d\n",
			 RINGBUF_TYPE_DATA_TYPE_LEN_MAX);

	return !trace_seq_has_overflowed(s);
}

int ring_buffer_print_page_header(struct trace_seq *s)
{
	struct buffer_data_page bdp;

	trace_seq_printf(s, "\tfield: u64 timestamp;\t"
			 "offset:0;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)sizeof(bdp.time_stamp),
			 (unsigned int)is_signed_type(u64));

	trace_seq_printf(s, "\tfield: local_t commit;\t"
			 "offset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)offsetof(struct buffer_data_page, commit),
			 (unsigned int)sizeof(bdp.commit),
			 (unsigned int)is_signed_type(long));

	trace_seq_printf(s, "\tfield: int overwrite;\t"
			 "offset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)offsetof(struct buffer_data_page, commit),
			 1,
			 (unsigned int)is_signed_type(long));

	trace_seq_printf(s, "\tfield: char data;\t"
			 "offset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)BUF_PAGE_HDR_SIZE,
			 (unsigned int)BUF_PAGE_SIZE,
			 (unsigned int)is_signed_type(char));

	return !trace_seq_has_overflowed(s);
}

/* Bytes a record with @len bytes of payload takes in a page. */
static inline unsigned int rb_record_size(unsigned long len)
{
	unsigned int size;

	len = ALIGN(len ? len : 1, 4);
	size = len + RB_HDR;
	if (len > RB_SMALL_MAX)
		size += 4;
	/*
	 * A discarded record that must keep its time delta becomes a
	 * TIME_EXTEND (8 bytes) plus padding (at least 8 bytes), so there
	 * are no 12-byte records.
	 */
	if (size == RB_STAMP_LEN + 4)
		size += 4;
	return size;
}

/* Bytes the entry at @e takes; 0 for padding that ends the page. */
static inline unsigned int rb_entry_size(struct ring_buffer_event *e)
{
	switch (e->type_len) {
	case RINGBUF_TYPE_PADDING:
		return e->time_delta ? e->array[0] + RB_HDR : 0;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_STAMP_LEN;
	case 0:
		return e->array[0] + RB_HDR;
	default:
		return e->type_len * 4 + RB_HDR;
	}
}

static inline u64 rb_stamp_value(struct ring_buffer_event *e)
{
	return ((u64)e->array[0] << TS_SHIFT) + e->time_delta;
}

static inline void rb_put_stamp(struct ring_buffer_event *e, int type, u64 val)
{
	e->type_len = type;
	e->time_delta = val & TS_MASK;
	e->array[0] = val >> TS_SHIFT;
}

/* An absolute stamp keeps 59 bits; the rest comes from a nearby time. */
static inline u64 rb_abs_time(u64 val, u64 near)
{
	val |= near & ~RB_ABS_MASK;
	if (val + (1ULL << (RB_ABS_BITS - 1)) < near)
		val += 1ULL << RB_ABS_BITS;
	return val;
}

static inline void rb_fill_record(struct ring_buffer_event *e,
				  unsigned int size, u32 delta)
{
	e->time_delta = delta;
	if (size - RB_HDR > RB_SMALL_MAX) {
		e->type_len = 0;
		e->array[0] = size - RB_HDR;
	} else {
		e->type_len = (size - RB_HDR) / 4;
	}
}

static inline bool rb_is_record(struct ring_buffer_event *e)
{
	return e->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX;
}

unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	if (!rb_is_record(event))
		return rb_entry_size(event);
	if (event->type_len)
		return event->type_len * 4;
	return event->array[0] - 4;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/*
 * A reader's time after the entry @e, from the time before it. Padding
 * keeps the time: its delta field only marks a discarded record.
 */
static inline u64 rb_time_after(struct ring_buffer_event *e, u64 now)
{
	switch (e->type_len) {
	case RINGBUF_TYPE_PADDING:
		return now;
	case RINGBUF_TYPE_TIME_EXTEND:
		return now + rb_stamp_value(e);
	case RINGBUF_TYPE_TIME_STAMP:
		return rb_abs_time(rb_stamp_value(e), now);
	default:
		return now + e->time_delta;
	}
}

/* ---------------------------------------------------------------------
 * Clock and switches
 */

static __always_inline u64 rb_clock(struct trace_buffer *buffer)
{
	return buffer->clock();
}

u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 now;

	preempt_disable_notrace();
	now = rb_clock(buffer);
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer,
				      int cpu, u64 *ts)
{
	/* Our stamps are the clock's own values. */
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	buffer->clock = clock;
}

void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	buffer->time_stamp_abs = abs;
}

bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return buffer->time_stamp_abs;
}

void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

static void rb_record_switch(struct trace_buffer *buffer, bool off)
{
	int old, new;

	/* cmpxchg: disable/enable change the counter bits concurrently. */
	do {
		old = atomic_read(&buffer->record_disabled);
		new = off ? old | RB_BUFFER_OFF : old & ~RB_BUFFER_OFF;
	} while (atomic_cmpxchg(&buffer->record_disabled, old, new) != old);
}

void ring_buffer_record_off(struct trace_buffer *buffer)
{
	rb_record_switch(buffer, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

void ring_buffer_record_on(struct trace_buffer *buffer)
{
	rb_record_switch(buffer, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}

bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_BUFFER_OFF);
}

void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpumask_test_cpu(cpu, buffer->cpumask))
		atomic_inc(&buffer->buffers[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpumask_test_cpu(cpu, buffer->cpumask))
		atomic_dec(&buffer->buffers[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/* ---------------------------------------------------------------------
 * Write side
 */

/*
 * Recursion guard: one bit per context level, the deepest lowest. The
 * read-modify-write needs no atomics: an interrupt that changes the word
 * in between restores it before it returns.
 */
static __always_inline bool rb_ctx_lock(struct ring_buffer_per_cpu *cb)
{
	unsigned int val = cb->current_context;
	unsigned int bit = RB_CTX_TASK - interrupt_context_level() + cb->nest;

	if (unlikely(val & (1U << bit))) {
		/*
		 * Interrupt entry code can run before preempt_count says we
		 * are in the new context: allow one level for that.
		 */
		bit = RB_CTX_TRANSITION + cb->nest;
		if (val & (1U << bit))
			return false;
	}
	cb->current_context = val | (1U << bit);
	return true;
}

/* Ours is the lowest bit set at or above our nest level. */
static __always_inline void rb_ctx_unlock(struct ring_buffer_per_cpu *cb)
{
	cb->current_context &= cb->current_context - (1U << cb->nest);
}

void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	struct ring_buffer_per_cpu *cb;

	preempt_disable_notrace();
	cb = buffer->buffers[raw_smp_processor_id()];
	cb->nest += RB_CTX_BITS;
}

void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	struct ring_buffer_per_cpu *cb;

	cb = buffer->buffers[raw_smp_processor_id()];
	cb->nest -= RB_CTX_BITS;
	preempt_enable_notrace();
}

/*
 * Publish everything up to the tail. Only the outermost writer calls this,
 * so nothing below us is mid-record; writers that interrupt us here finish
 * before we go on, and the loop picks up a tail they moved.
 */
static void rb_publish(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *cp = cb->commit_page;
	struct buffer_page *tail;
	unsigned long end;
	unsigned int guard;

	for (;;) {
		/*
		 * The guard bounds one pass: from the commit page to the tail
		 * we read is at most the ring plus the reader page. Writers
		 * that interrupt us may move the tail around the ring again
		 * (up to our commit page) before each new pass, so the walk
		 * as a whole has no such bound.
		 */
		guard = 0;
		tail = READ_ONCE(cb->tail_page);
		while (cp != tail) {
			/* A page the tail has left is closed: its end is final. */
			end = local_read(&cp->state) & RB_IDX_MASK;
			/* Records before the length that covers them. */
			smp_wmb(); /* pairs with the reader's smp_rmb() */
			local_set(&cp->page->commit, end);
			cp = rb_next_page(cp);
			/*
			 * The final length before the commit leaves the page:
			 * a reader that sees the commit gone from its page
			 * reads the length again (rb_reader_page()).
			 */
			smp_wmb();
			WRITE_ONCE(cb->commit_page, cp);
			if (RB_CHECK(cb, ++guard > cb->nr_pages + 2))
				return;
		}
		end = local_read(&tail->state) & RB_IDX_MASK;
		smp_wmb(); /* as above: records before the length */
		local_set(&tail->page->commit, end);
		barrier();
		/* An interrupt may have moved the tail after our read of it. */
		if (likely(READ_ONCE(cb->tail_page) == tail))
			return;
	}
}

static __always_inline bool rb_unpublished(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *tail = READ_ONCE(cb->tail_page);

	return READ_ONCE(cb->commit_page) != tail ||
	       rb_page_commit(tail) != (local_read(&tail->state) & RB_IDX_MASK);
}

static __always_inline void rb_end_commit(struct ring_buffer_per_cpu *cb)
{
	for (;;) {
		if (local_read(&cb->committing) == 1)
			rb_publish(cb);
		local_dec(&cb->committing);
		barrier();
		/*
		 * A writer that interrupted us after rb_publish() and before
		 * the decrement saw committing > 1 and left its record to us.
		 * If we were the outermost, take it now. If instead an
		 * interrupt came after the decrement, it was outermost itself
		 * and published its own record.
		 */
		if (likely(local_read(&cb->committing) || !rb_unpublished(cb)))
			return;
		/* A failed sanity check stopped publishing: do not spin. */
		if (unlikely(atomic_read(&cb->buffer->failed)))
			return;
		local_inc(&cb->committing);
	}
}

/*
 * A page's lap is a sequence count for the readers that copy a ring page
 * while its writer may recycle it (iterators, the oldest-time look):
 * overwrite pushes the head without any lock a reader holds. It is odd
 * while the page is being emptied and even otherwise, so a copy is the
 * page's data of one lap exactly when the lap read before it was even and
 * is unchanged after it. A single bump could not say that: a reader that
 * read the new lap could still read the old length and then copy the
 * records of the next lap, which start at the same offsets.
 */
static void rb_recycle_page(struct buffer_page *bp)
{
	WRITE_ONCE(bp->lap, bp->lap + 1);
	/*
	 * The odd lap before the reset and before every record written on
	 * the page from now on: a copier that saw any of them sees the lap
	 * changed when it looks again (rb_lap_held()).
	 */
	smp_wmb();
	local_set(&bp->state, 0);
	local_set(&bp->page->commit, 0);
	/*
	 * The reset before the even lap: a copier that reads the new lap
	 * reads a length of this lap, not the old page's (rb_lap_begin()).
	 */
	smp_wmb();
	WRITE_ONCE(bp->lap, bp->lap + 1);
}

/* Start a copy of @bp: false if it is being emptied right now. */
static bool rb_lap_begin(struct buffer_page *bp, unsigned long *lap)
{
	*lap = READ_ONCE(bp->lap);
	smp_rmb(); /* the lap before the page; pairs with rb_recycle_page() */
	return !(*lap & 1);
}

/* End a copy of @bp begun at @lap: true if the page kept that lap. */
static bool rb_lap_held(struct buffer_page *bp, unsigned long lap)
{
	smp_rmb(); /* the copy before the second look; pairs with the odd lap */
	return READ_ONCE(bp->lap) == lap;
}

/*
 * Push the head: the ring is full and overwrite is on, so the page after
 * the tail (@head, linked from @tail with the HEAD flag) is dropped and
 * becomes free for the tail. Returns true when the caller should retry.
 */
static bool rb_push_head(struct ring_buffer_per_cpu *cb,
			 struct buffer_page *tail, struct buffer_page *head)
{
	unsigned long hlink = (unsigned long)&head->list;
	struct buffer_page *nhead;
	unsigned long state, flags;

	/*
	 * Our own irqs stay out of the window; an NMI sees UPDATE and drops.
	 * The raw form: the traced one calls the irq tracers, lockdep and
	 * the preemptirq events, which would write into this buffer from
	 * inside our reservation and find the head claimed.
	 */
	raw_local_irq_save(flags);

	/*
	 * Read the page's record count before claiming it: once the claim
	 * succeeds nobody else can touch the page, and before it only the
	 * tail page is written, which @head is not.
	 */
	state = local_read(&head->state);

	/*
	 * The claim. It fails if the reader swapped the head out first
	 * (the link then points at the reader's page) or if a writer we
	 * interrupted pushed it already (the flag is gone).
	 */
	if (cmpxchg(&tail->list.next, (struct list_head *)(hlink | RB_FLAG_HEAD),
		    (struct list_head *)(hlink | RB_FLAG_UPDATE)) !=
	    (struct list_head *)(hlink | RB_FLAG_HEAD)) {
		raw_local_irq_restore(flags);
		return true;
	}

	local_add(rb_page_records(state), &cb->overrun);
	local_inc(&cb->pages_lost);

	/* Readers copying this page see its lap move and drop the copy. */
	rb_recycle_page(head);

	/*
	 * The next page becomes the head. Its link from @head carries no
	 * flag: there was one head, and the reader, whose swap of @head
	 * failed, changes only its own page and the link we own now.
	 */
	nhead = rb_next_page(head);
	WRITE_ONCE(head->list.next,
		   (struct list_head *)((unsigned long)&nhead->list | RB_FLAG_HEAD));

	/* Release: the link to the (now free) old head loses UPDATE. */
	smp_wmb(); /* the new HEAD flag before the release */
	WRITE_ONCE(tail->list.next, &head->list);

	/* Move onto the freed page; an NMI may have done it already. */
	if (cmpxchg(&cb->tail_page, tail, head) == tail)
		local_inc(&cb->pages_touched);

	raw_local_irq_restore(flags);
	return true;
}

/*
 * Whether the reader has taken @bp out of the ring: its swap points the
 * link of @bp's predecessor at the page it puts back, and nothing links
 * to a page while it is out.
 */
static inline bool rb_out_of_ring(struct buffer_page *bp)
{
	return rb_next_page(rb_prev_page(bp)) != bp;
}

/*
 * The tail page @tail is closed: move the tail to the next page. Returns
 * true if the caller should retry its reservation, false if the record
 * must be dropped (already counted).
 */
static bool rb_move_tail(struct ring_buffer_per_cpu *cb, struct buffer_page *tail)
{
	struct buffer_page *next, *commit;
	unsigned long link;

	/* An interrupt may have moved it between our read and now. */
	if (READ_ONCE(cb->tail_page) != tail)
		return true;

	link = rb_link(tail);
	next = rb_link_page(link);
	commit = READ_ONCE(cb->commit_page);

	/* The tail never laps the commit page (held by a writer below us). */
	if (next == commit) {
		local_inc(&cb->commit_overrun);
		return false;
	}

	/*
	 * Decide on the flags of our link alone, never on cb->reader_page:
	 * the reader sets that only after its swap has put its old page
	 * back into the ring, so for a moment it names a ring page, maybe
	 * our tail, whose link carries HEAD; taking it for the reader's
	 * page would walk into the head's records without pushing them.
	 * If the reader did take the page we fill, our link is plain and
	 * leads to the head, which is free: the reader only swaps our page
	 * when the rest of the ring is empty, and it does not swap again
	 * while the commit is on its page.
	 */
	if (link & RB_FLAG_HEAD) {
		/*
		 * The reader took the commit page (a writer below us is on
		 * it), so it is not in the ring and the check above cannot
		 * see us lap it: every page of the ring now holds records
		 * nobody has published. Pushing the head would recycle them
		 * under the outermost writer's feet; this is a commit
		 * overrun. A swap racing with us only moves the head, and
		 * our push would then fail its cmpxchg anyway.
		 */
		if (rb_out_of_ring(commit)) {
			local_inc(&cb->commit_overrun);
			return false;
		}
		if (!READ_ONCE(cb->buffer->overwrite)) {
			local_inc(&cb->dropped_events);
			return false;
		}
		return rb_push_head(cb, tail, next);
	}
	if (link & RB_FLAG_UPDATE) {
		/* We interrupted a push (we are an NMI): cannot pass it. */
		local_inc(&cb->dropped_events);
		return false;
	}

	if (cmpxchg(&cb->tail_page, tail, next) == tail)
		local_inc(&cb->pages_touched);
	return true;
}

static struct ring_buffer_event *
rb_reserve(struct ring_buffer_per_cpu *cb, unsigned long length, int nest)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned int size = rb_record_size(length);
	struct ring_buffer_event *event;
	struct buffer_page *tail;
	unsigned long state, idx, need;
	unsigned int tries = 0;
	u64 ts, prev, delta;
	int stamp;

	cb->stamp_busy++;
	barrier();
	for (;;) {
		tail = READ_ONCE(cb->tail_page);
		state = local_read(&tail->state);
		prev = local64_read(&cb->last_stamp);
		barrier();
		ts = rb_clock(buffer);
		barrier();

		if (RB_CHECK(cb, ++tries > 1000))
			goto fail;

		if (unlikely(state & RB_CLOSED)) {
			if (!rb_move_tail(cb, tail))
				goto fail;
			continue;
		}

		idx = state & RB_IDX_MASK;
		stamp = 0;
		delta = 0;
		if (!idx) {
			/* First on its page: the page header holds the time. */
		} else if (unlikely(buffer->time_stamp_abs)) {
			stamp = RINGBUF_TYPE_TIME_STAMP;
		} else if (unlikely(cb->stamp_busy > 1)) {
			/* A writer below us is in its window: last_stamp may
			 * not be the time of the record before ours.
			 */
			stamp = RINGBUF_TYPE_TIME_STAMP;
		} else if (unlikely(ts <= prev)) {
			/* Never let time go backwards for a reader. */
			ts = prev;
		} else {
			delta = ts - prev;
			if (unlikely(delta > TS_MASK))
				stamp = RINGBUF_TYPE_TIME_EXTEND;
		}
		need = size + (stamp ? RB_STAMP_LEN : 0);

		if (unlikely(idx + need > BUF_PAGE_SIZE)) {
			/*
			 * Close the page where its data ends. Failing means an
			 * interrupt wrote in between: start again.
			 */
			if (local_cmpxchg(&tail->state, state, state | RB_CLOSED) != state)
				continue;
			if (!rb_move_tail(cb, tail))
				goto fail;
			continue;
		}

		/*
		 * The claim. It fails only if a nested writer claimed space
		 * (or closed the page) after our reads; it has finished, so
		 * our reads are simply stale. The page cannot come back to
		 * the same state: that would take a full lap, and the tail
		 * cannot pass the commit page, which is at or before ours.
		 */
		if (local_cmpxchg(&tail->state, state,
				  state + need + RB_CNT_ONE) == state)
			break;
	}

	event = (struct ring_buffer_event *)&tail->page->data[idx];
	if (!idx)
		tail->page->time_stamp = ts;
	if (stamp) {
		rb_put_stamp(event, stamp, stamp == RINGBUF_TYPE_TIME_EXTEND ?
			     delta : ts & RB_ABS_MASK);
		event = (void *)event + RB_STAMP_LEN;
		delta = 0;
	}
	rb_fill_record(event, size, delta);

	/*
	 * Publish our time unless a writer that interrupted us after our
	 * claim (so after us in the page) has published a later one: then
	 * last_stamp no longer holds what we read, and the cmpxchg fails.
	 * If it published the same value we read, its time equals ours.
	 */
	local64_cmpxchg(&cb->last_stamp, prev, ts);
	barrier();
	cb->stamp_busy--;

	cb->write_ts[min(nest, RB_NEST_MAX) - 1] = ts;
	return event;

 fail:
	barrier();
	cb->stamp_busy--;
	return NULL;
}

/*
 * Every claim is a cmpxchg that an NMI may interrupt. An arch whose
 * cmpxchg an NMI can break (one made of irq disabling or a lock) must not
 * write from NMI context at all, and its local_t operations are no safer,
 * so the refusal is counted in a word of its own: NMIs do not nest, so
 * only one NMI writes it on this CPU at a time, and nothing else does.
 */
static __always_inline bool rb_nmi_refused(struct ring_buffer_per_cpu *cb)
{
	if (IS_ENABLED(CONFIG_ARCH_HAVE_NMI_SAFE_CMPXCHG) || !in_nmi())
		return false;
	WRITE_ONCE(cb->nmi_dropped, cb->nmi_dropped + 1);
	return true;
}

struct ring_buffer_event *
ring_buffer_lock_reserve(struct trace_buffer *buffer, unsigned long length)
{
	struct ring_buffer_per_cpu *cb;
	struct ring_buffer_event *event;
	int cpu, nest, disabled;

	preempt_disable_notrace();
	if (unlikely(atomic_read(&buffer->record_disabled)))
		goto out;
	cpu = raw_smp_processor_id();
	if (unlikely(!cpumask_test_cpu(cpu, buffer->cpumask)))
		goto out;
	cb = buffer->buffers[cpu];
	disabled = atomic_read(&cb->record_disabled);
	if (unlikely(disabled)) {
		/*
		 * One read decides both. With the resize in a flag of its
		 * own, a writer racing with the end of a resize could see
		 * the count still raised and the flag already clear, and
		 * refuse the record without counting it.
		 */
		if (disabled & RB_CPU_RESIZING)
			local_inc(&cb->dropped_events);
		goto out;
	}
	if (unlikely(length > RB_MAX_PAYLOAD)) {
		local_inc(&cb->dropped_events);
		goto out;
	}
	if (unlikely(rb_nmi_refused(cb)))
		goto out;
	if (unlikely(!rb_ctx_lock(cb))) {
		local_inc(&cb->dropped_events);
		goto out;
	}

	nest = local_inc_return(&cb->committing);
	event = rb_reserve(cb, length, nest);
	if (likely(event))
		return event;

	rb_end_commit(cb);
	rb_ctx_unlock(cb);
 out:
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

static bool rb_full_enough(struct ring_buffer_per_cpu *cb, int full);

/* Wake readers from irq_work: never from the writer itself. */
static __always_inline void rb_wakeups(struct trace_buffer *buffer,
				       struct ring_buffer_per_cpu *cb)
{
	if (unlikely(READ_ONCE(buffer->waiters.waiters_pending))) {
		WRITE_ONCE(buffer->waiters.waiters_pending, false);
		irq_work_queue(&buffer->waiters.work);
	}
	if (likely(!READ_ONCE(cb->waiters.any_pending)))
		return;
	if (READ_ONCE(cb->waiters.waiters_pending)) {
		WRITE_ONCE(cb->waiters.waiters_pending, false);
		irq_work_queue(&cb->waiters.work);
	}
	if (READ_ONCE(cb->waiters.full_waiters_pending) &&
	    rb_full_enough(cb, READ_ONCE(cb->waiters.shortest_full))) {
		WRITE_ONCE(cb->waiters.full_waiters_pending, false);
		irq_work_queue(&cb->waiters.work);
	}
}

int ring_buffer_unlock_commit(struct trace_buffer *buffer,
			      struct ring_buffer_event *event)
{
	struct ring_buffer_per_cpu *cb;

	cb = buffer->buffers[raw_smp_processor_id()];
	/* Counted before it is published: a reader never sees more. */
	local_inc(&cb->entries);
	rb_end_commit(cb);
	rb_wakeups(buffer, cb);
	rb_ctx_unlock(cb);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

int ring_buffer_write(struct trace_buffer *buffer,
		      unsigned long length, void *data)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, length);
	if (!event)
		return -EBUSY;
	memcpy(ring_buffer_event_data(event), data, length);
	return ring_buffer_unlock_commit(buffer, event);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/* The page between the commit and the tail that holds @event. */
static struct buffer_page *rb_page_of(struct ring_buffer_per_cpu *cb,
				      struct ring_buffer_event *event)
{
	unsigned long addr = (unsigned long)event & PAGE_MASK;
	struct buffer_page *bp = READ_ONCE(cb->commit_page);
	struct buffer_page *tail = READ_ONCE(cb->tail_page);
	unsigned long n;

	if ((unsigned long)tail->page == addr)
		return tail;
	for (n = 0; n <= cb->nr_pages + 1; n++) {
		if ((unsigned long)bp->page == addr)
			return bp;
		if (bp == tail)
			break;
		bp = rb_next_page(bp);
	}
	return NULL;
}

static void rb_discard(struct ring_buffer_per_cpu *cb,
		       struct ring_buffer_event *event, int nest)
{
	unsigned int size = rb_entry_size(event);
	struct buffer_page *bp = rb_page_of(cb, event);
	unsigned long state, start, end;
	u32 delta = event->time_delta;
	u64 ts = cb->write_ts[min(nest, RB_NEST_MAX) - 1];

	if (RB_CHECK(cb, !bp))
		return;

	start = (unsigned long)((void *)event - (void *)bp->page->data);
	end = start + size;

	/* Nested writers must not trust last_stamp while we touch it. */
	cb->stamp_busy++;
	barrier();

	/*
	 * The first record of a page is never given back. It has no stamp
	 * before it, so giving it back would return the state word to the
	 * very value a writer we interrupted may have read just before
	 * claiming the same first slot: that writer's cmpxchg would then
	 * succeed on a stale view, after we had already published our later
	 * time in last_stamp, and the records after it would be timed from
	 * ours. As a hole it changes the state for good.
	 */
	state = local_read(&bp->state);
	if (start && bp == READ_ONCE(cb->tail_page) &&
	    (state & (RB_IDX_MASK | RB_CLOSED)) == end &&
	    local_cmpxchg(&bp->state, state, state - size - RB_CNT_ONE) == state) {
		/*
		 * Given back: nothing was claimed after us (that would have
		 * moved the index). Our record carried the time only if it
		 * had no stamp before it and a non-zero delta; the record
		 * before ours is then at ts - delta.
		 */
		if (delta)
			local64_cmpxchg(&cb->last_stamp, ts, ts - delta);
	} else {
		/*
		 * Someone wrote after us: leave a hole. The time delta must
		 * survive for the records after us, so it goes into a
		 * TIME_EXTEND ahead of the padding.
		 */
		struct ring_buffer_event *pad = event;

		if (delta) {
			rb_put_stamp(event, RINGBUF_TYPE_TIME_EXTEND, delta);
			pad = (void *)event + RB_STAMP_LEN;
			size -= RB_STAMP_LEN;
		}
		if (size) {
			pad->type_len = RINGBUF_TYPE_PADDING;
			pad->time_delta = 1;
			pad->array[0] = size - RB_HDR;
		}
		/* One record less on the page; atomic against nested claims. */
		local_sub(RB_CNT_ONE, &bp->state);
	}

	barrier();
	cb->stamp_busy--;
}

void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct ring_buffer_per_cpu *cb;

	cb = buffer->buffers[raw_smp_processor_id()];
	rb_discard(cb, event, local_read(&cb->committing));
	rb_end_commit(cb);
	rb_ctx_unlock(cb);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct ring_buffer_per_cpu *cb;
	long nest;

	if (event->type_len == RINGBUF_TYPE_TIME_STAMP)
		return rb_abs_time(rb_stamp_value(event), rb_clock(buffer));

	cb = buffer->buffers[raw_smp_processor_id()];
	nest = local_read(&cb->committing);
	if (nest > 0)
		return cb->write_ts[min_t(long, nest, RB_NEST_MAX) - 1];
	return rb_clock(buffer);
}

/* ---------------------------------------------------------------------
 * Read side: everything here runs under the reader lock.
 */

/*
 * For sparse, the reader lock counts as taken on every path, the failed
 * NMI trylock included: rb_reader_unlock() balances it the same way.
 */
static bool rb_reader_lock(struct ring_buffer_per_cpu *cb, unsigned long *flags)
	__acquires(&cb->reader_lock)
{
	if (likely(!in_nmi())) {
		raw_spin_lock_irqsave(&cb->reader_lock, *flags);
		return true;
	}
	/* A dump from NMI context: never wait, and keep writers out. */
	local_irq_save(*flags);
	if (raw_spin_trylock(&cb->reader_lock))
		return true;
	atomic_inc(&cb->record_disabled);
	__acquire(&cb->reader_lock);
	return false;
}

static void rb_reader_unlock(struct ring_buffer_per_cpu *cb, bool locked,
			     unsigned long flags)
	__releases(&cb->reader_lock)
{
	if (locked)
		raw_spin_unlock(&cb->reader_lock);
	else
		__release(&cb->reader_lock);
	local_irq_restore(flags);
}

/* The head page: the one whose incoming link carries HEAD. */
static struct buffer_page *rb_find_head(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *bp = READ_ONCE(cb->head_page);
	unsigned long n, link;

	for (n = 0; n <= cb->nr_pages; n++) {
		link = rb_link(rb_prev_page(bp));
		if ((link & RB_FLAG_HEAD) && rb_link_page(link) == bp) {
			cb->head_page = bp;
			return bp;
		}
		bp = rb_next_page(bp);
	}
	/* A writer on another CPU is pushing it right now. */
	return NULL;
}

static void rb_reset_page(struct buffer_page *bp)
{
	bp->read = 0;
	rb_recycle_page(bp);
}

/*
 * The reader page, with unread committed data, after swapping it with the
 * head page if it had none left. NULL when there is nothing to read.
 */
static struct buffer_page *rb_reader_page(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *reader, *head, *prev, *nhead;
	struct list_head *expect;
	unsigned long overrun;
	unsigned int spins = 0;

	for (;;) {
		reader = cb->reader_page;
		/* The length before the records it covers. */
		if (reader->read < rb_page_commit(reader)) {
			smp_rmb(); /* the length before the records */
			return reader;
		}
		/* The writer is still on our page: nothing beyond it. */
		if (READ_ONCE(cb->commit_page) == reader)
			return NULL;
		/*
		 * The commit has left our page, but it may have done so
		 * after we read the length above: the writer sets the
		 * page's final length before it moves the commit on. Read
		 * it again, or the records it added since would be lost
		 * when our page goes back into the ring.
		 */
		smp_rmb(); /* pairs with the smp_wmb() in rb_publish() */
		if (reader->read < rb_page_commit(reader))
			continue;

		if (RB_CHECK(cb, ++spins > 100000))
			return NULL;

		head = rb_find_head(cb);
		if (!head) {
			cpu_relax();
			continue;
		}
		if (head == READ_ONCE(cb->commit_page) && !rb_page_commit(head))
			return NULL;

		/* Our page goes back into the ring in place of the head. */
		rb_reset_page(reader);
		prev = rb_prev_page(head);
		nhead = rb_next_page(head);
		reader->list.prev = &prev->list;
		WRITE_ONCE(reader->list.next, (struct list_head *)
			   ((unsigned long)&nhead->list | RB_FLAG_HEAD));
		smp_wmb(); /* our page's links before it enters the ring */

		/*
		 * The swap. It fails if a writer claimed the head for a push
		 * (UPDATE) or pushed it already; we look for the head again.
		 */
		expect = (struct list_head *)((unsigned long)&head->list | RB_FLAG_HEAD);
		if (cmpxchg(&prev->list.next, expect, &reader->list) != expect) {
			cpu_relax();
			continue;
		}
		nhead->list.prev = &reader->list;

		head->read = 0;
		cb->reader_page = head;
		cb->head_page = nhead;
		cb->pages_read++;
		cb->read_stamp = head->page->time_stamp;

		/* What was overwritten since the last swap is reported once. */
		overrun = local_read(&cb->overrun);
		cb->lost_events += overrun - cb->last_overrun;
		cb->last_overrun = overrun;
	}
}

/* The next record for a consuming reader; skips stamps and padding. */
static struct ring_buffer_event *rb_reader_peek(struct ring_buffer_per_cpu *cb,
						u64 *ts)
{
	struct ring_buffer_event *e;
	struct buffer_page *reader;
	unsigned long commit;
	unsigned int size;

	for (;;) {
		reader = rb_reader_page(cb);
		if (!reader)
			return NULL;
		commit = rb_page_commit(reader);
		e = (struct ring_buffer_event *)&reader->page->data[reader->read];
		size = rb_entry_size(e);
		if (!size) {
			reader->read = commit;
			continue;
		}
		if (RB_CHECK(cb, reader->read + size > commit)) {
			reader->read = commit;
			return NULL;
		}
		if (rb_is_record(e)) {
			if (ts)
				*ts = cb->read_stamp + e->time_delta;
			return e;
		}
		cb->read_stamp = rb_time_after(e, cb->read_stamp);
		reader->read += size;
	}
}

static void rb_reader_advance(struct ring_buffer_per_cpu *cb,
			      struct ring_buffer_event *e)
{
	cb->read_stamp += e->time_delta;
	cb->reader_page->read += rb_entry_size(e);
	cb->read++;
}

struct ring_buffer_event *
ring_buffer_peek(struct trace_buffer *buffer, int cpu, u64 *ts,
		 unsigned long *lost_events)
{
	struct ring_buffer_per_cpu *cb;
	struct ring_buffer_event *e;
	unsigned long flags;
	bool locked;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	cb = buffer->buffers[cpu];
	locked = rb_reader_lock(cb, &flags);
	e = rb_reader_peek(cb, ts);
	if (e && lost_events)
		*lost_events = cb->lost_events;
	rb_reader_unlock(cb, locked, flags);
	return e;
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

struct ring_buffer_event *
ring_buffer_consume(struct trace_buffer *buffer, int cpu, u64 *ts,
		    unsigned long *lost_events)
{
	struct ring_buffer_per_cpu *cb;
	struct ring_buffer_event *e;
	unsigned long flags;
	bool locked;

	preempt_disable();
	if (!cpumask_test_cpu(cpu, buffer->cpumask)) {
		preempt_enable();
		return NULL;
	}
	cb = buffer->buffers[cpu];
	locked = rb_reader_lock(cb, &flags);
	e = rb_reader_peek(cb, ts);
	if (e) {
		if (lost_events)
			*lost_events = cb->lost_events;
		cb->lost_events = 0;
		rb_reader_advance(cb, e);
	}
	rb_reader_unlock(cb, locked, flags);
	preempt_enable();
	return e;
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/* ---------------------------------------------------------------------
 * Iterators: non-consuming reads for the `trace` file. An iterator works
 * on a private copy of one page at a time, so writers may keep going.
 */

/* Copy @bp; false if a writer recycled it while we copied. */
static bool rb_iter_copy(struct ring_buffer_iter *it, struct buffer_page *bp)
{
	unsigned long lap, commit;

	if (!rb_lap_begin(bp, &lap))
		return false;
	commit = rb_page_commit(bp);
	smp_rmb(); /* the length before the records */
	it->copy->time_stamp = bp->page->time_stamp;
	memcpy(it->copy->data, bp->page->data, commit);
	if (!rb_lap_held(bp, lap))
		return false;
	it->page = bp;
	it->lap = lap;
	it->end = commit;
	return true;
}

static void rb_iter_restart(struct ring_buffer_iter *it)
{
	struct ring_buffer_per_cpu *cb = it->cpu_buffer;
	struct buffer_page *reader = cb->reader_page;

	it->page = NULL;
	it->reader = reader;
	if (rb_iter_copy(it, reader)) {
		it->head = reader->read;
		it->stamp = cb->read_stamp;
	}
}

/* Load the page after the one copied. False when there is none yet. */
static bool rb_iter_next_page(struct ring_buffer_iter *it)
{
	struct ring_buffer_per_cpu *cb = it->cpu_buffer;
	struct buffer_page *cur = it->page, *next;
	unsigned long lap = it->lap;
	unsigned int head = it->head;
	u64 stamp = it->stamp;

	/*
	 * A consuming read swapped the reader page since we started (both
	 * run under the reader lock, so this is stable). The page we stand
	 * on may be the old reader page, put back into the ring, and the
	 * commit page may now be the reader page, out of the ring: walking
	 * on would go round the ring forever. Start again where the
	 * consumer is; records between it and us show again, as they do
	 * upstream when `trace` and `trace_pipe` are read together.
	 */
	if (cb->reader_page != it->reader) {
		rb_iter_restart(it);
		return !!it->page;
	}

	/*
	 * The page we copied may have taken more records since: it was, or
	 * still is, the writer's page. A writer that moved on left it
	 * whole; copy it again and go on from where we were, or its last
	 * records would be skipped, uncounted. A page the writer recycled
	 * meanwhile fails the lap test: that is a loss, counted below.
	 */
	if (rb_page_commit(cur) > it->end || cur == READ_ONCE(cb->commit_page)) {
		if (rb_page_commit(cur) <= it->end)
			return false;
		if (rb_iter_copy(it, cur) && it->lap == lap) {
			it->head = head;
			/*
			 * At the start of the page the time is the page's
			 * own, which the writer set with its first record:
			 * the copy we had may predate that, and the time in
			 * it is then whatever an earlier lap left there.
			 */
			it->stamp = head ? stamp : it->copy->time_stamp;
			return true;
		}
		goto lost;
	}

	next = cur == cb->reader_page ? rb_find_head(cb) : rb_next_page(cur);
	if (!next)
		return false;
	/*
	 * Pages are recycled in ring order from the head, so if the page
	 * we came from is still intact after the copy, so was its successor
	 * while we copied it.
	 */
	if (rb_iter_copy(it, next) &&
	    (cur == cb->reader_page || READ_ONCE(cur->lap) == lap))
		goto loaded;

 lost:
	/* Overwritten under us: carry on from the oldest data left. */
	it->dropped = true;
	/*
	 * That is on the reader page if the writer is there too: a
	 * consuming read took the page it was writing, so the ring holds
	 * nothing unread, and no commit page in it would end a walk round
	 * it (one that went on until the writer left the reader page: for
	 * ever, if recording is off). The writer moves the commit page
	 * forward from the reader page into the ring, never back, and the
	 * reader page changes only under the reader lock we hold, so this
	 * holds for as long as we look.
	 */
	if (READ_ONCE(cb->commit_page) == cb->reader_page) {
		rb_iter_restart(it);
		return !!it->page;
	}
	next = rb_find_head(cb);
	if (!next || !rb_iter_copy(it, next)) {
		it->page = NULL;
		return false;
	}
 loaded:
	it->head = 0;
	it->stamp = it->copy->time_stamp;
	return true;
}

static struct ring_buffer_event *rb_iter_peek(struct ring_buffer_iter *it,
					      u64 *ts)
{
	struct ring_buffer_event *e;
	unsigned int size;

	if (!it->page) {
		rb_iter_restart(it);
		if (!it->page)
			return NULL;
	}
	for (;;) {
		if (it->head >= it->end) {
			if (!rb_iter_next_page(it))
				return NULL;
			continue;
		}
		e = (struct ring_buffer_event *)&it->copy->data[it->head];
		size = rb_entry_size(e);
		if (!size || it->head + size > it->end) {
			it->head = it->end;
			continue;
		}
		if (rb_is_record(e)) {
			if (ts)
				*ts = it->stamp + e->time_delta;
			return e;
		}
		it->stamp = rb_time_after(e, it->stamp);
		it->head += size;
	}
}

struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts)
{
	struct ring_buffer_per_cpu *cb = iter->cpu_buffer;
	struct ring_buffer_event *e;
	unsigned long flags;
	bool locked;

	locked = rb_reader_lock(cb, &flags);
	e = rb_iter_peek(iter, ts);
	rb_reader_unlock(cb, locked, flags);
	return e;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	struct ring_buffer_per_cpu *cb = iter->cpu_buffer;
	struct ring_buffer_event *e;
	unsigned long flags;
	bool locked;

	locked = rb_reader_lock(cb, &flags);
	e = rb_iter_peek(iter, NULL);
	if (e) {
		iter->stamp += e->time_delta;
		iter->head += rb_entry_size(e);
	}
	rb_reader_unlock(cb, locked, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool dropped = iter->dropped;

	iter->dropped = false;
	return dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	struct ring_buffer_per_cpu *cb = iter->cpu_buffer;
	unsigned long flags;
	bool locked;

	locked = rb_reader_lock(cb, &flags);
	rb_iter_restart(iter);
	rb_reader_unlock(cb, locked, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

struct ring_buffer_iter *
ring_buffer_read_start(struct trace_buffer *buffer, int cpu, gfp_t flags)
{
	struct ring_buffer_iter *iter;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	iter = kzalloc(sizeof(*iter), flags);
	if (!iter)
		return NULL;
	iter->copy = kmalloc(PAGE_SIZE, flags);
	if (!iter->copy) {
		kfree(iter);
		return NULL;
	}
	iter->cpu_buffer = buffer->buffers[cpu];
	/*
	 * The ring must keep its shape while an iterator walks it. Raised
	 * under the mutex, so that a resize, which holds it, either sees
	 * the count or is over. Where we may not sleep (a debugger's dump)
	 * a resize in progress makes us fail.
	 */
	if (gfpflags_allow_blocking(flags)) {
		mutex_lock(&buffer->mutex);
	} else if (!mutex_trylock(&buffer->mutex)) {
		kfree(iter->copy);
		kfree(iter);
		return NULL;
	}
	atomic_inc(&iter->cpu_buffer->resize_disabled);
	mutex_unlock(&buffer->mutex);
	ring_buffer_iter_reset(iter);
	return iter;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	atomic_dec(&iter->cpu_buffer->resize_disabled);
	kfree(iter->copy);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/* ---------------------------------------------------------------------
 * Page reads (trace_pipe_raw, splice)
 */

void *ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu)
{
	struct buffer_data_page *bdp;
	struct page *page;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return ERR_PTR(-ENODEV);
	page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_NORETRY, 0);
	if (!page)
		return ERR_PTR(-ENOMEM);
	bdp = page_address(page);
	bdp->time_stamp = 0;
	local_set(&bdp->commit, 0);
	return bdp;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu, void *data)
{
	free_page((unsigned long)data);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/*
 * Move a page of records into *@data_page. A whole unread page whose
 * writer has left is handed over by exchanging data pages; otherwise the
 * records that fit in @len are copied. With @full, only a page the writer
 * has left is returned. Returns 0 (the offset of the data) or -1.
 */
int ring_buffer_read_page(struct trace_buffer *buffer, void **data_page,
			  size_t len, int cpu, int full)
{
	struct buffer_data_page *bdp = data_page ? *data_page : NULL;
	struct ring_buffer_per_cpu *cb;
	struct buffer_page *reader;
	unsigned long flags, commit, lost, pos = 0;
	int ret = -1;
	bool locked, on_commit;

	if (!bdp || !cpumask_test_cpu(cpu, buffer->cpumask))
		return -1;
	if (len <= BUF_PAGE_HDR_SIZE)
		return -1;
	len = min_t(size_t, len - BUF_PAGE_HDR_SIZE, BUF_PAGE_SIZE);
	cb = buffer->buffers[cpu];

	locked = rb_reader_lock(cb, &flags);
	reader = rb_reader_page(cb);
	if (!reader)
		goto out;
	/*
	 * Look where the commit is first, then at the length: a writer that
	 * leaves our page sets its final length before it moves the
	 * commit, so if the commit has left, the length we read is final
	 * and the page may be handed over whole. The other order could
	 * hand over a page with records beyond the length we saw.
	 */
	on_commit = READ_ONCE(cb->commit_page) == reader;
	smp_rmb(); /* pairs with the smp_wmb() in rb_publish() */
	commit = rb_page_commit(reader);
	if (full && on_commit)
		goto out;
	lost = cb->lost_events;

	if (reader->read || len < commit || on_commit) {
		struct ring_buffer_event *e;
		unsigned int size;

		bdp->time_stamp = cb->read_stamp;
		while (reader->read < commit) {
			e = (void *)&reader->page->data[reader->read];
			size = rb_entry_size(e);
			if (!size)
				size = commit - reader->read;
			if (pos + size > len)
				break;
			memcpy(bdp->data + pos, e, size);
			pos += size;
			reader->read += size;
			if (rb_is_record(e)) {
				cb->read_stamp += e->time_delta;
				cb->read++;
			} else {
				cb->read_stamp = rb_time_after(e, cb->read_stamp);
			}
		}
		if (!pos)
			goto out;
	} else {
		struct buffer_data_page *mine = reader->page;

		/* The whole page is unread and finished: exchange pages. */
		cb->read += rb_page_records(local_read(&reader->state));
		reader->page = bdp;
		local_set(&bdp->commit, 0);
		reader->read = 0;
		bdp = mine;
		pos = commit;
	}

	commit = pos;
	if (lost) {
		commit |= RB_MISSED_EVENTS;
		if (pos + sizeof(long) <= BUF_PAGE_SIZE) {
			memcpy(&bdp->data[pos], &lost, sizeof(long));
			commit |= RB_MISSED_STORED;
			pos += sizeof(long);
		}
		cb->lost_events = 0;
	}
	local_set(&bdp->commit, commit);
	/* No stale bytes to user space. */
	if (pos < BUF_PAGE_SIZE)
		memset(&bdp->data[pos], 0, BUF_PAGE_SIZE - pos);
	*data_page = bdp;
	ret = 0;
 out:
	rb_reader_unlock(cb, locked, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/* ---------------------------------------------------------------------
 * Statistics
 */

static unsigned long rb_buffered(struct ring_buffer_per_cpu *cb)
{
	long n = local_read(&cb->entries) - local_read(&cb->overrun) -
		 READ_ONCE(cb->read);

	return n > 0 ? n : 0;
}

static struct ring_buffer_per_cpu *rb_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpu < 0 || !cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	return buffer->buffers[cpu];
}

unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb = rb_cpu(buffer, cpu);

	return cb ? rb_buffered(cb) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb = rb_cpu(buffer, cpu);

	return cb ? local_read(&cb->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb = rb_cpu(buffer, cpu);

	return cb ? local_read(&cb->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb = rb_cpu(buffer, cpu);

	return cb ? local_read(&cb->dropped_events) + READ_ONCE(cb->nmi_dropped) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb = rb_cpu(buffer, cpu);

	return cb ? READ_ONCE(cb->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb;
	struct buffer_page *bp, *commit;
	unsigned long flags, bytes, n;
	bool locked;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	cb = buffer->buffers[cpu];
	locked = rb_reader_lock(cb, &flags);
	bp = cb->reader_page;
	bytes = rb_page_commit(bp) - min_t(unsigned long, bp->read, rb_page_commit(bp));
	commit = READ_ONCE(cb->commit_page);
	if (commit != bp) {
		bp = rb_find_head(cb);
		for (n = 0; bp && n < cb->nr_pages; n++) {
			bytes += rb_page_commit(bp);
			if (bp == commit)
				break;
			bp = rb_next_page(bp);
		}
	}
	rb_reader_unlock(cb, locked, flags);
	return bytes;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += rb_buffered(buffer->buffers[cpu]);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += local_read(&buffer->buffers[cpu]->overrun);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/*
 * The time of the first record at or after byte @pos of @bdp, the time
 * at @pos being @ts, looking no further than @len bytes; false if there
 * is none. Stamps, holes and padding are stepped over as a reader does.
 * Nothing here is a sanity check: in overwrite mode a writer may recycle
 * a ring page while we look, and the caller finds that out by its lap.
 */
static bool rb_first_record_time(struct buffer_data_page *bdp,
				 unsigned long pos, unsigned long len,
				 u64 ts, u64 *out)
{
	struct ring_buffer_event *e;
	unsigned int size;

	while (pos < len) {
		e = (struct ring_buffer_event *)&bdp->data[pos];
		size = rb_entry_size(e);
		if (!size || pos + size > len)
			return false;
		if (rb_is_record(e)) {
			*out = ts + e->time_delta;
			return true;
		}
		ts = rb_time_after(e, ts);
		pos += size;
	}
	return false;
}

/*
 * The time of the record the next consuming read returns, or 0 if there
 * is none. Only reads: the reader page, from what was consumed of it,
 * then the ring from the head to the commit page.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb;
	struct buffer_page *bp, *commit;
	unsigned long flags, lap, len, n;
	unsigned int tries = 0;
	bool locked, found, held;
	u64 ts = 0;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	cb = buffer->buffers[cpu];
	locked = rb_reader_lock(cb, &flags);
	bp = cb->reader_page;
	/*
	 * Where the commit is, then the length, as in rb_reader_page(): if
	 * the commit has left our page, the length we read is final and
	 * every record not on it is in the ring.
	 */
	commit = READ_ONCE(cb->commit_page);
	smp_rmb(); /* pairs with the smp_wmb() in rb_publish() */
	len = rb_page_commit(bp);
	smp_rmb(); /* the length before the records it covers */
	if (rb_first_record_time(bp->page, bp->read, len, cb->read_stamp, &ts) ||
	    commit == bp)
		goto out;
 again:
	bp = rb_find_head(cb);
	for (n = 0; bp && n <= cb->nr_pages; n++) {
		/*
		 * Overwrite may push the head past this page and refill it
		 * while we look: a lap that was even and held across the
		 * look means what we read was one lap's data (see
		 * rb_recycle_page()). Otherwise look for the head again.
		 */
		found = false;
		held = rb_lap_begin(bp, &lap);
		if (held) {
			len = rb_page_commit(bp);
			smp_rmb(); /* the length before the records it covers */
			found = rb_first_record_time(bp->page, 0, len,
						     bp->page->time_stamp, &ts);
			held = rb_lap_held(bp, lap);
		}
		if (!held) {
			ts = 0;
			if (++tries < 3)
				goto again;
			break;
		}
		if (found || bp == READ_ONCE(cb->commit_page))
			break;
		bp = rb_next_page(bp);
	}
 out:
	rb_reader_unlock(cb, locked, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);

bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return true;
	return !rb_buffered(buffer->buffers[cpu]);
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		if (rb_buffered(buffer->buffers[cpu]))
			return false;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	return BUF_PAGE_SIZE * buffer->buffers[cpu]->nr_pages;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

size_t ring_buffer_nr_pages(struct trace_buffer *buffer, int cpu)
{
	return buffer->buffers[cpu]->nr_pages;
}

static size_t rb_dirty_pages(struct ring_buffer_per_cpu *cb)
{
	long n = local_read(&cb->pages_touched) - local_read(&cb->pages_lost) -
		 (long)READ_ONCE(cb->pages_read);

	return n > 0 ? n : 0;
}

size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	return rb_dirty_pages(buffer->buffers[cpu]);
}

/* ---------------------------------------------------------------------
 * Waiting for data
 */

static bool rb_full_enough(struct ring_buffer_per_cpu *cb, int full)
{
	if (!full)
		return rb_buffered(cb) != 0;
	/*
	 * The page the writer is on is not counted as dirty, so the count
	 * never reaches nr_pages: add it, or buffer_percent 100 would
	 * never be met in producer/consumer mode.
	 */
	return (rb_dirty_pages(cb) + 1) * 100 >= (size_t)full * cb->nr_pages;
}

static void rb_wake_work(struct irq_work *work)
{
	struct rb_waiters *w = container_of(work, struct rb_waiters, work);

	wake_up_all(&w->waiters);
	wake_up_all(&w->full_waiters);
}

static void rb_init_waiters(struct rb_waiters *w)
{
	init_irq_work(&w->work, rb_wake_work);
	init_waitqueue_head(&w->waiters);
	init_waitqueue_head(&w->full_waiters);
}

static struct rb_waiters *rb_waiters_of(struct trace_buffer *buffer, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS)
		return &buffer->waiters;
	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	return &buffer->buffers[cpu]->waiters;
}

/* Arm the writers' check, then look: a commit after the look wakes us. */
static bool rb_ready(struct trace_buffer *buffer, int cpu, int full,
		     struct rb_waiters *w)
{
	if (cpu == RING_BUFFER_ALL_CPUS || !full) {
		WRITE_ONCE(w->waiters_pending, true);
		smp_mb(); /* the flag before the look at the data */
		if (cpu == RING_BUFFER_ALL_CPUS)
			return !ring_buffer_empty(buffer);
		return !ring_buffer_empty_cpu(buffer, cpu);
	}
	if (!READ_ONCE(w->full_waiters_pending) || full < w->shortest_full)
		WRITE_ONCE(w->shortest_full, full);
	WRITE_ONCE(w->full_waiters_pending, true);
	smp_mb(); /* the flag before the look at the data */
	return rb_full_enough(buffer->buffers[cpu], full);
}

static bool rb_wait_done(struct trace_buffer *buffer, int cpu, int full,
			 struct rb_waiters *w, unsigned long seq)
{
	return READ_ONCE(w->wake_seq) != seq || rb_ready(buffer, cpu, full, w);
}

int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_waiters *w = rb_waiters_of(buffer, cpu);
	wait_queue_head_t *wq;
	unsigned long seq;

	if (!w)
		return -ENODEV;
	if (cpu == RING_BUFFER_ALL_CPUS)
		full = 0;
	wq = full ? &w->full_waiters : &w->waiters;
	seq = READ_ONCE(w->wake_seq);
	return wait_event_interruptible(*wq, rb_wait_done(buffer, cpu, full, w, seq));
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table, int full)
{
	struct rb_waiters *w = rb_waiters_of(buffer, cpu);

	if (!w)
		return EPOLLERR;
	if (cpu == RING_BUFFER_ALL_CPUS)
		full = 0;
	poll_wait(filp, full ? &w->full_waiters : &w->waiters, poll_table);
	if (rb_ready(buffer, cpu, full, w))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/*
 * Wake w's waiters whatever their condition: they see wake_seq moved.
 * Through irq_work, so any context may call it (a max swap of the
 * wakeup tracers runs in the scheduler, with a runqueue locked).
 */
static void rb_kick_waiters(struct rb_waiters *w)
{
	WRITE_ONCE(w->wake_seq, w->wake_seq + 1);
	smp_wmb(); /* the new wake_seq before the wakeup */
	irq_work_queue(&w->work);
}

void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb;
	struct rb_waiters *w;
	int i;

	if (!buffer)
		return;
	if (cpu == RING_BUFFER_ALL_CPUS) {
		/* each CPU's readers too (trace_pipe_raw, snapshot_raw) */
		for_each_cpu(i, buffer->cpumask) {
			/* pairs with trace_rb_cpu_prepare(): set before its bit */
			smp_rmb();
			/* a swap_cpu may move it: a spurious wakeup at worst */
			cb = READ_ONCE(buffer->buffers[i]);
			if (cb)
				rb_kick_waiters(&cb->waiters);
		}
		rb_kick_waiters(&buffer->waiters);
		return;
	}
	w = rb_waiters_of(buffer, cpu);
	if (w)
		rb_kick_waiters(w);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);

/* ---------------------------------------------------------------------
 * Allocation, resize, reset, swap
 */

static struct buffer_page *rb_alloc_page(int cpu)
{
	struct buffer_page *bp;
	struct page *page;

	bp = kzalloc_node(sizeof(*bp), GFP_KERNEL | __GFP_RETRY_MAYFAIL,
			  cpu_to_node(cpu));
	if (!bp)
		return NULL;
	page = alloc_pages_node(cpu_to_node(cpu),
				GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN, 0);
	if (!page) {
		kfree(bp);
		return NULL;
	}
	bp->page = page_address(page);
	bp->page->time_stamp = 0;
	local_set(&bp->page->commit, 0);
	return bp;
}

static void rb_free_page(struct buffer_page *bp)
{
	free_page((unsigned long)bp->page);
	kfree(bp);
}

/* Link @pages[0..n-1] into a ring whose head is pages[0]. No writer runs. */
static void rb_link_ring(struct buffer_page **pages, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		pages[i]->list.next = &pages[(i + 1) % n]->list;
		pages[i]->list.prev = &pages[(i + n - 1) % n]->list;
	}
	pages[n - 1]->list.next = (struct list_head *)
		((unsigned long)&pages[0]->list | RB_FLAG_HEAD);
}

static int rb_alloc_pages(struct buffer_page **pages, unsigned long n, int cpu)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		pages[i] = rb_alloc_page(cpu);
		if (!pages[i]) {
			while (i--)
				rb_free_page(pages[i]);
			return -ENOMEM;
		}
	}
	return 0;
}

static struct ring_buffer_per_cpu *
rb_alloc_cpu(struct trace_buffer *buffer, unsigned long nr_pages, int cpu)
{
	struct ring_buffer_per_cpu *cb;
	struct buffer_page **pages;

	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, cpu_to_node(cpu));
	if (!cb)
		return NULL;
	pages = kcalloc(nr_pages, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		goto free_cb;
	cb->reader_page = rb_alloc_page(cpu);
	if (!cb->reader_page)
		goto free_array;
	if (rb_alloc_pages(pages, nr_pages, cpu))
		goto free_reader;

	cb->cpu = cpu;
	cb->buffer = buffer;
	raw_spin_lock_init(&cb->reader_lock);
	lockdep_set_class(&cb->reader_lock, buffer->lock_key);
	rb_init_waiters(&cb->waiters);
	rb_link_ring(pages, nr_pages);
	cb->reader_page->list.next = &pages[0]->list;
	cb->reader_page->list.prev = &pages[nr_pages - 1]->list;
	cb->nr_pages = nr_pages;
	cb->head_page = pages[0];
	cb->tail_page = pages[0];
	cb->commit_page = pages[0];
	local_set(&cb->pages_touched, 1);
	kfree(pages);
	return cb;

 free_reader:
	rb_free_page(cb->reader_page);
 free_array:
	kfree(pages);
 free_cb:
	kfree(cb);
	return NULL;
}

static void rb_free_cpu(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *bp, *next;
	unsigned long n;

	if (!cb)
		return;
	irq_work_sync(&cb->waiters.work);
	bp = cb->tail_page == cb->reader_page ? rb_next_page(cb->reader_page) :
						cb->tail_page;
	for (n = 0; n < cb->nr_pages; n++) {
		next = rb_next_page(bp);
		rb_free_page(bp);
		bp = next;
	}
	rb_free_page(cb->reader_page);
	kfree(cb);
}

static unsigned long rb_pages_for(unsigned long size)
{
	return max(DIV_ROUND_UP(size, BUF_PAGE_SIZE), 2UL);
}

struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	int cpu;

	/*
	 * A page's state word (see RB_IDX_BITS): its index must reach the
	 * end of the page, and its count a page of records as small as a
	 * header. 17 index bits serve pages up to 128 KiB.
	 */
	BUILD_BUG_ON(BUF_PAGE_SIZE > RB_IDX_MASK);
	BUILD_BUG_ON(BUF_PAGE_SIZE / RB_HDR >= 1UL << (BITS_PER_LONG - RB_CNT_SHIFT));

	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	if (!zalloc_cpumask_var(&buffer->cpumask, GFP_KERNEL))
		goto free_buffer;
	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers), GFP_KERNEL);
	if (!buffer->buffers)
		goto free_mask;

	buffer->overwrite = flags & RB_FL_OVERWRITE;
	buffer->clock = trace_clock_local;
	buffer->lock_key = key;
	buffer->nr_pages = rb_pages_for(size);
	mutex_init(&buffer->mutex);
	rb_init_waiters(&buffer->waiters);

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		buffer->buffers[cpu] = rb_alloc_cpu(buffer, buffer->nr_pages, cpu);
		if (!buffer->buffers[cpu])
			goto free_cpus;
		cpumask_set_cpu(cpu, buffer->cpumask);
	}
	if (cpuhp_state_add_instance_nocalls_cpuslocked(CPUHP_TRACE_RB_PREPARE,
							&buffer->node))
		goto free_cpus;
	cpus_read_unlock();
	return buffer;

 free_cpus:
	for_each_cpu(cpu, buffer->cpumask)
		rb_free_cpu(buffer->buffers[cpu]);
	cpus_read_unlock();
	kfree(buffer->buffers);
 free_mask:
	free_cpumask_var(buffer->cpumask);
 free_buffer:
	kfree(buffer);
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	if (!buffer)
		return;
	cpuhp_state_remove_instance(CPUHP_TRACE_RB_PREPARE, &buffer->node);
	irq_work_sync(&buffer->waiters.work);
	for_each_cpu(cpu, buffer->cpumask)
		rb_free_cpu(buffer->buffers[cpu]);
	kfree(buffer->buffers);
	free_cpumask_var(buffer->cpumask);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	struct trace_buffer *buffer = hlist_entry(node, struct trace_buffer, node);
	struct ring_buffer_per_cpu *cb;
	int ret = 0;

	/* A resize of all CPUs sees this one in the mask, or sizes it so. */
	mutex_lock(&buffer->mutex);
	if (cpumask_test_cpu(cpu, buffer->cpumask))
		goto out;
	cb = rb_alloc_cpu(buffer, buffer->nr_pages, cpu);
	if (!cb) {
		ret = -ENOMEM;
		goto out;
	}
	buffer->buffers[cpu] = cb;
	/* The buffer before the bit that lets writers use it. */
	smp_wmb();
	cpumask_set_cpu(cpu, buffer->cpumask);
 out:
	mutex_unlock(&buffer->mutex);
	return ret;
}

void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	/* Writers read it once per page move; either value is consistent. */
	WRITE_ONCE(buffer->overwrite, !!val);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/*
 * Stop the writers of @cb: after this no writer is between reserve and
 * commit on it, and new ones back off. (A resize holds them off with
 * RB_CPU_RESIZING instead, so that they count what they drop.)
 */
static void rb_quiesce(struct ring_buffer_per_cpu *cb)
{
	atomic_inc(&cb->record_disabled);
	/* Writers hold preemption off from reserve to commit. */
	synchronize_rcu();
}

static void rb_unquiesce(struct ring_buffer_per_cpu *cb)
{
	atomic_dec(&cb->record_disabled);
}

/* Empty @cb. Writers are quiesced and the reader lock is held. */
static void rb_reset_cpu(struct ring_buffer_per_cpu *cb)
{
	struct buffer_page *bp, *first;
	unsigned long n;

	first = cb->tail_page;
	if (first == cb->reader_page)
		first = rb_next_page(first);
	bp = first;
	for (n = 0; n < cb->nr_pages; n++) {
		rb_reset_page(bp);
		bp->list.next = (struct list_head *)(rb_link(bp) & ~RB_FLAG_MASK);
		bp = rb_next_page(bp);
	}
	bp = rb_prev_page(first);
	bp->list.next = (struct list_head *)((unsigned long)&first->list | RB_FLAG_HEAD);
	rb_reset_page(cb->reader_page);
	cb->reader_page->list.next = &first->list;
	cb->reader_page->list.prev = &bp->list;

	cb->head_page = first;
	cb->tail_page = first;
	cb->commit_page = first;
	cb->current_context = 0;
	cb->stamp_busy = 0;
	local64_set(&cb->last_stamp, 0);
	local_set(&cb->entries, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped_events, 0);
	cb->nmi_dropped = 0;
	local_set(&cb->pages_touched, 1);
	local_set(&cb->pages_lost, 0);
	cb->pages_read = 0;
	cb->read = 0;
	cb->last_overrun = 0;
	cb->lost_events = 0;
	cb->read_stamp = 0;
}

void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	struct ring_buffer_per_cpu *cb;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return;
	cb = buffer->buffers[cpu];
	mutex_lock(&buffer->mutex);
	rb_quiesce(cb);
	raw_spin_lock_irq(&cb->reader_lock);
	rb_reset_cpu(cb);
	raw_spin_unlock_irq(&cb->reader_lock);
	rb_unquiesce(cb);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

static void rb_reset_cpus(struct trace_buffer *buffer, bool online_only)
{
	struct ring_buffer_per_cpu *cb;
	int cpu;

	mutex_lock(&buffer->mutex);
	for_each_cpu(cpu, buffer->cpumask) {
		cb = buffer->buffers[cpu];
		atomic_inc(&cb->record_disabled);
	}
	synchronize_rcu();
	for_each_cpu(cpu, buffer->cpumask) {
		cb = buffer->buffers[cpu];
		if (!online_only || cpu_online(cpu)) {
			raw_spin_lock_irq(&cb->reader_lock);
			rb_reset_cpu(cb);
			raw_spin_unlock_irq(&cb->reader_lock);
		}
		atomic_dec(&cb->record_disabled);
	}
	mutex_unlock(&buffer->mutex);
}

void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, true);
}

void ring_buffer_reset(struct trace_buffer *buffer)
{
	rb_reset_cpus(buffer, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/*
 * Rebuild @cb's ring with @nr pages, keeping its newest data. Writers are
 * quiesced and the reader lock held; @spare holds the pages to add (when
 * growing), @order room for the new ring, and dropped pages go to
 * @spare for the caller to free.
 */
static void rb_rebuild(struct ring_buffer_per_cpu *cb, unsigned long nr,
		       struct buffer_page **spare, unsigned long nspare,
		       struct buffer_page **order, unsigned long *nfree)
{
	struct buffer_page *bp, *head, *tail = cb->tail_page;
	unsigned long old = cb->nr_pages, ndata = 0, i, keep, drop;
	bool tail_out = tail == cb->reader_page;

	/* Ring order from the head: data pages up to the tail, then free. */
	head = tail_out ? rb_next_page(cb->reader_page) : rb_find_head(cb);
	if (RB_CHECK(cb, !head))
		head = rb_next_page(cb->reader_page);
	bp = head;
	for (i = 0; i < old; i++) {
		bp->list.next = (struct list_head *)(rb_link(bp) & ~RB_FLAG_MASK);
		order[i] = bp;
		if (!tail_out && !ndata && bp == tail)
			ndata = i + 1;
		bp = rb_next_page(bp);
	}

	*nfree = 0;
	if (nr < old) {
		/* Free pages go first, then the oldest data; never the tail. */
		drop = old - nr;
		keep = old - ndata;
		i = min(drop, keep);
		while (i--)
			spare[(*nfree)++] = order[--old];
		drop -= min(drop, keep);
		for (i = 0; i < drop; i++) {
			bp = order[i];
			local_add(rb_page_records(local_read(&bp->state)), &cb->overrun);
			local_inc(&cb->pages_lost);
			spare[(*nfree)++] = bp;
		}
		memmove(order, order + drop, (old - drop) * sizeof(*order));
		old -= drop;
	} else {
		/* New free pages go right after the tail. */
		memmove(order + ndata + nspare, order + ndata,
			(old - ndata) * sizeof(*order));
		for (i = 0; i < nspare; i++)
			order[ndata + i] = spare[i];
		old += nspare;
	}

	rb_link_ring(order, old);
	cb->nr_pages = old;
	cb->head_page = order[0];
	cb->reader_page->list.next = &order[0]->list;
	cb->reader_page->list.prev = &order[old - 1]->list;
	if (!tail_out && cb->commit_page != tail)
		cb->commit_page = tail;
}

/*
 * One CPU's part of a resize, allocated before any CPU changes: the pages
 * to add, room for the new ring's order, and afterwards the pages to free.
 */
struct rb_resize {
	struct buffer_page	**spare;
	struct buffer_page	**order;
	unsigned long		nspare;
	unsigned long		nfree;
};

static int rb_resize_prepare(struct ring_buffer_per_cpu *cb, unsigned long nr,
			     struct rb_resize *rs)
{
	unsigned long old = cb->nr_pages;

	rs->spare = kcalloc(max(nr, old), sizeof(*rs->spare), GFP_KERNEL);
	rs->order = kcalloc(max(nr, old), sizeof(*rs->order), GFP_KERNEL);
	if (!rs->spare || !rs->order)
		return -ENOMEM;
	if (nr > old) {
		if (rb_alloc_pages(rs->spare, nr - old, cb->cpu))
			return -ENOMEM;
		rs->nspare = nr - old;
	}
	/* Until a rebuild says otherwise, every page we hold goes back. */
	rs->nfree = rs->nspare;
	return 0;
}

static void rb_resize_release(struct rb_resize *rs)
{
	unsigned long i;

	for (i = 0; i < rs->nfree; i++)
		rb_free_page(rs->spare[i]);
	kfree(rs->spare);
	kfree(rs->order);
}

/* Whether ring_buffer_resize() changes @cpu's ring. */
static bool rb_resizes(struct trace_buffer *buffer, int cpu, int cpu_id,
		       unsigned long nr)
{
	return (cpu_id == RING_BUFFER_ALL_CPUS || cpu == cpu_id) &&
	       buffer->buffers[cpu]->nr_pages != nr;
}

/**
 * ring_buffer_resize - change the size of one CPU's ring or of all
 * @buffer: the buffer
 * @size: the new size in bytes, rounded up to whole pages; 0 asks for the
 *	smallest ring (two pages), which is how tracefs gives memory back
 * @cpu_id: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Growing keeps every record; shrinking drops free pages first, then the
 * oldest records, which count as overrun. Either every CPU asked for is
 * resized or none is: all memory is allocated before the first ring
 * changes, and the writers of all of them are held off across one grace
 * period (those that try meanwhile count a dropped event).
 *
 * Return: 0, -ENOMEM (nothing changed) or -EBUSY when an iterator is
 * open on one of the CPUs (nothing changed).
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu_id)
{
	struct ring_buffer_per_cpu *cb;
	struct rb_resize *rs;
	unsigned long nr;
	int cpu, ret = 0;

	if (!buffer)
		return 0;
	if (cpu_id != RING_BUFFER_ALL_CPUS &&
	    !cpumask_test_cpu(cpu_id, buffer->cpumask))
		return 0;
	nr = rb_pages_for(size);
	/* Refuse what memory cannot hold before touching anything. */
	if (size / BUF_PAGE_SIZE >= si_mem_available() ||
	    nr * (cpu_id == RING_BUFFER_ALL_CPUS ? num_online_cpus() : 1) >
	    si_mem_available())
		return -ENOMEM;
	rs = kcalloc(nr_cpu_ids, sizeof(*rs), GFP_KERNEL);
	if (!rs)
		return -ENOMEM;

	/*
	 * Iterators keep pointers to ring pages between calls, and they
	 * raise resize_disabled under this mutex (ring_buffer_read_start()),
	 * so what we read here holds until we are done.
	 */
	mutex_lock(&buffer->mutex);
	for_each_cpu(cpu, buffer->cpumask) {
		if ((cpu_id == RING_BUFFER_ALL_CPUS || cpu == cpu_id) &&
		    atomic_read(&buffer->buffers[cpu]->resize_disabled)) {
			ret = -EBUSY;
			goto out;
		}
	}
	for_each_cpu(cpu, buffer->cpumask) {
		if (!rb_resizes(buffer, cpu, cpu_id, nr))
			continue;
		ret = rb_resize_prepare(buffer->buffers[cpu], nr, &rs[cpu]);
		if (ret)
			goto out;
	}

	for_each_cpu(cpu, buffer->cpumask)
		if (rb_resizes(buffer, cpu, cpu_id, nr))
			atomic_add(RB_CPU_RESIZING, &buffer->buffers[cpu]->record_disabled);
	/* Writers hold preemption off from reserve to commit. */
	synchronize_rcu();
	for_each_cpu(cpu, buffer->cpumask) {
		if (!rb_resizes(buffer, cpu, cpu_id, nr))
			continue;
		cb = buffer->buffers[cpu];
		raw_spin_lock_irq(&cb->reader_lock);
		rb_rebuild(cb, nr, rs[cpu].spare, rs[cpu].nspare, rs[cpu].order,
			   &rs[cpu].nfree);
		raw_spin_unlock_irq(&cb->reader_lock);
		atomic_sub(RB_CPU_RESIZING, &cb->record_disabled);
	}
	if (cpu_id == RING_BUFFER_ALL_CPUS)
		buffer->nr_pages = nr;
 out:
	mutex_unlock(&buffer->mutex);
	for_each_cpu(cpu, buffer->cpumask)
		rb_resize_release(&rs[cpu]);
	kfree(rs);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	struct ring_buffer_per_cpu *a, *b;
	int ret = -EINVAL;

	if (!cpumask_test_cpu(cpu, buffer_a->cpumask) ||
	    !cpumask_test_cpu(cpu, buffer_b->cpumask))
		return -EINVAL;
	a = buffer_a->buffers[cpu];
	b = buffer_b->buffers[cpu];
	if (a->nr_pages != b->nr_pages)
		return -EINVAL;
	if (atomic_read(&buffer_a->record_disabled) ||
	    atomic_read(&buffer_b->record_disabled) ||
	    atomic_read(&a->record_disabled) ||
	    atomic_read(&b->record_disabled))
		return -EAGAIN;

	atomic_inc(&a->record_disabled);
	atomic_inc(&b->record_disabled);
	/* A writer we interrupted (or one on that CPU) is mid-record. */
	ret = -EBUSY;
	if (!local_read(&a->committing) && !local_read(&b->committing)) {
		buffer_a->buffers[cpu] = b;
		buffer_b->buffers[cpu] = a;
		a->buffer = buffer_b;
		b->buffer = buffer_a;
		ret = 0;
	}
	atomic_dec(&a->record_disabled);
	atomic_dec(&b->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
#endif

#ifdef CONFIG_RING_BUFFER_STARTUP_TEST
#include "ring_buffer_startup_test.c"
#endif
