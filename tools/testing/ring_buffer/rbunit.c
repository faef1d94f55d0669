// SPDX-License-Identifier: GPL-2.0
/*
 * rbunit: the ring buffer's API edge cases, one thread, one CPU, a clock
 * the test sets by hand. ring_buffer.c is included rather than linked so
 * that the sanity-check test can damage a page the way a bug would.
 *
 * Each test prints "ok NAME" or "FAIL: ..." (and the program exits 1).
 */
#include "shim/kshim.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/*
 * Lock step: two threads (0 and 1) take turns, and the code under test
 * reaches a point at each READ_ONCE() and each read or write barrier,
 * where the running test's lk_point() may hand the turn to the other
 * thread. That makes one chosen interleaving of a race happen every time.
 * Outside a lock-step test (lk_me < 0) a point is one thread-local load.
 */
enum lk_kind { LK_READ, LK_RMB, LK_WMB };
static __thread int lk_me = -1;
static void lk_point(enum lk_kind kind, const void *addr);

#undef READ_ONCE
#define READ_ONCE(x) ({						\
	if (lk_me >= 0)						\
		lk_point(LK_READ, &(x));			\
	__atomic_load_n(&(x), __ATOMIC_RELAXED); })
/* The barriers as the shim's, each with its point (after, before). */
#undef smp_rmb
#define smp_rmb() do {						\
	__atomic_thread_fence(__ATOMIC_ACQUIRE); /* the shim's */	\
	if (lk_me >= 0)						\
		lk_point(LK_RMB, NULL);				\
} while (0)
#undef smp_wmb
#define smp_wmb() do {						\
	if (lk_me >= 0)						\
		lk_point(LK_WMB, NULL);				\
	__atomic_thread_fence(__ATOMIC_RELEASE); /* the shim's */	\
} while (0)

#include "../../../kernel/trace/ring_buffer.c"

static u64 fake_now = 1000000;

static u64 fake_clock(void)
{
	return fake_now;
}

static int failures;

/* Report a failed expectation; returns @ok so callers may stop early. */
static __printf(3, 4) bool expect(bool ok, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	printf("FAIL: rbunit.c:%d: ", line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	failures++;
	return false;
}

#define CHECK(cond, fmt, ...)	expect(cond, __LINE__, fmt, ##__VA_ARGS__)

/* Records of 100 bytes that go round a ring of 4 pages several times. */
#define LAP_RECORDS		((u32)(PAGE_SIZE / 2))

static pthread_mutex_t lk_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t lk_cond = PTHREAD_COND_INITIALIZER;
static int lk_turn, lk_done[2];
static void (*lk_hook)(enum lk_kind kind, const void *addr);

static void lk_point(enum lk_kind kind, const void *addr)
{
	if (lk_hook)
		lk_hook(kind, addr);
}

/* Wait for our turn; a schedule that never gives it back is a failure. */
static void lk_wait_turn(void)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 10;
	while (lk_turn != lk_me)
		if (pthread_cond_timedwait(&lk_cond, &lk_lock, &until) == ETIMEDOUT) {
			printf("FAIL: rbunit.c: lock step: thread %d never got its turn back\n",
			       lk_me);
			fflush(stdout);
			_exit(1);
		}
}

/* Give the turn to the other thread, unless it has finished. */
static void lk_switch(void)
{
	pthread_mutex_lock(&lk_lock);
	if (!lk_done[!lk_me]) {
		lk_turn = !lk_me;
		pthread_cond_broadcast(&lk_cond);
		lk_wait_turn();
	}
	pthread_mutex_unlock(&lk_lock);
}

static void lk_begin(int me)
{
	pthread_mutex_lock(&lk_lock);
	lk_me = me;
	lk_wait_turn();
	pthread_mutex_unlock(&lk_lock);
}

static void lk_end(void)
{
	pthread_mutex_lock(&lk_lock);
	lk_done[lk_me] = 1;
	lk_turn = !lk_me;
	pthread_cond_broadcast(&lk_cond);
	pthread_mutex_unlock(&lk_lock);
	lk_me = -1;
}

/* Run @t0 and @t1 in lock step, @t0 first, with @hook deciding turns. */
static void lk_run(void *(*t0)(void *), void *(*t1)(void *),
		   void (*hook)(enum lk_kind, const void *))
{
	pthread_t a, b;

	lk_turn = 0;
	lk_done[0] = 0;
	lk_done[1] = 0;
	lk_hook = hook;
	pthread_create(&a, NULL, t0, NULL);
	pthread_create(&b, NULL, t1, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	lk_hook = NULL;
}

static struct trace_buffer *new_buffer(unsigned long size, bool overwrite)
{
	struct trace_buffer *b;

	b = ring_buffer_alloc(size, overwrite ? RB_FL_OVERWRITE : 0);
	if (b)
		ring_buffer_set_clock(b, fake_clock);
	return b;
}

/* Write a record of @len bytes, each byte (seq + i); false if refused. */
static bool put(struct trace_buffer *b, unsigned int len, u32 seq)
{
	struct ring_buffer_event *e;
	unsigned char *p;
	unsigned int i;

	e = ring_buffer_lock_reserve(b, len);
	if (!e)
		return false;
	p = ring_buffer_event_data(e);
	for (i = 0; i < len; i++)
		p[i] = (unsigned char)(seq + i);
	ring_buffer_unlock_commit(b, e);
	return true;
}

/* Consume the next record: it must be @len bytes of @seq, at @ts. */
static bool take(struct trace_buffer *b, unsigned int len, u32 seq, u64 ts)
{
	struct ring_buffer_event *e;
	unsigned char *p;
	unsigned int i;
	u64 got;

	e = ring_buffer_consume(b, 0, &got, NULL);
	if (!e || ring_buffer_event_length(e) < len)
		return false;
	if (ts && got != ts) {
		printf("# record %u: time %llu, want %llu\n", seq,
		       (unsigned long long)got, (unsigned long long)ts);
		return false;
	}
	p = ring_buffer_event_data(e);
	for (i = 0; i < len; i++)
		if (p[i] != (unsigned char)(seq + i))
			return false;
	return true;
}

/* A record too big for a page is refused, counted, and harms nothing. */
static void test_oversized_reserve(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, true);
	unsigned long dropped;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put(b, 100, 1), "a small record");
	dropped = ring_buffer_dropped_events_cpu(b, 0);
	CHECK(!ring_buffer_lock_reserve(b, PAGE_SIZE), "a page-sized record was taken");
	CHECK(!ring_buffer_lock_reserve(b, RB_MAX_PAYLOAD + 1), "max + 1 was taken");
	CHECK(!ring_buffer_lock_reserve(b, ~0UL), "~0 bytes were taken");
	CHECK(ring_buffer_dropped_events_cpu(b, 0) == dropped + 3,
	      "refusals not counted: %lu", ring_buffer_dropped_events_cpu(b, 0) - dropped);
	/* The largest record fills an empty page by itself. */
	CHECK(put(b, RB_MAX_PAYLOAD, 2), "the largest record was refused");
	CHECK(put(b, 100, 3), "a record after the refusals");
	CHECK(take(b, 100, 1, 0), "record 1 damaged");
	CHECK(take(b, RB_MAX_PAYLOAD, 2, 0), "record 2 damaged");
	CHECK(take(b, 100, 3, 0), "record 3 damaged");
	CHECK(ring_buffer_empty_cpu(b, 0), "extra records");
	ring_buffer_free(b);
}

/* Refused resizes leave the buffer as it was, records included. */
static void test_resize_refused(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	size_t pages;
	u32 i;
	int ret;

	if (!CHECK(b, "no buffer"))
		return;
	pages = ring_buffer_nr_pages(b, 0);
	for (i = 0; i < 50; i++)
		CHECK(put(b, 64, i), "record %u", i);
	ret = ring_buffer_resize(b, ~0UL / 2, RING_BUFFER_ALL_CPUS);
	CHECK(ret == -ENOMEM, "absurd size gave %d", ret);
	ret = ring_buffer_resize(b, ~0UL, 0);
	CHECK(ret == -ENOMEM, "~0 for one CPU gave %d", ret);
	/* Memory runs out half way through the allocation. */
	shim_alloc_budget = 3;
	ret = ring_buffer_resize(b, 64 * PAGE_SIZE, RING_BUFFER_ALL_CPUS);
	shim_alloc_budget = -1;
	CHECK(ret == -ENOMEM, "allocation failure gave %d", ret);
	CHECK(ring_buffer_nr_pages(b, 0) == pages, "pages %zu -> %zu",
	      pages, ring_buffer_nr_pages(b, 0));
	CHECK(ring_buffer_entries_cpu(b, 0) == 50, "entries %lu",
	      ring_buffer_entries_cpu(b, 0));
	for (i = 0; i < 50; i++)
		CHECK(take(b, 64, i, 0), "record %u after refused resizes", i);
	CHECK(put(b, 64, 99) && take(b, 64, 99, 0), "writing after the refusals");
	ring_buffer_free(b);
}

/*
 * A resize of every CPU that runs out of memory part way changes none of
 * them (one CPU at a different size makes swaps refuse it for good), and
 * one that succeeds waits for one grace period, not one per CPU.
 */
static void test_resize_all_or_none(void)
{
	struct trace_buffer *b;
	struct ring_buffer_iter *it;
	unsigned long before, grace = 0;
	size_t pages, want;
	long budget;
	int cpu, ret = -ENOMEM;

	shim_nr_cpus = 4;
	b = new_buffer(8 * PAGE_SIZE, false);
	if (!CHECK(b, "no buffer"))
		goto out;
	pages = ring_buffer_nr_pages(b, 0);
	for (budget = 0; budget < 1000 && ret == -ENOMEM; budget++) {
		shim_alloc_budget = budget;
		before = shim_grace_periods;
		ret = ring_buffer_resize(b, 64 * PAGE_SIZE, RING_BUFFER_ALL_CPUS);
		shim_alloc_budget = -1;
		grace = shim_grace_periods - before;
		want = ret ? pages : ring_buffer_nr_pages(b, 0);
		for (cpu = 0; cpu < 4; cpu++)
			if (!CHECK(ring_buffer_nr_pages(b, cpu) == want,
				   "%ld allocations: resize gave %d, CPU %d has %zu pages, want %zu",
				   budget, ret, cpu, ring_buffer_nr_pages(b, cpu), want))
				goto out;
	}
	CHECK(!ret && ring_buffer_nr_pages(b, 0) >= 64, "resize gave %d, %zu pages",
	      ret, ring_buffer_nr_pages(b, 0));
	CHECK(grace == 1, "resizing 4 CPUs took %lu grace periods", grace);
	/* An iterator on one CPU: nothing changes on any. */
	pages = ring_buffer_nr_pages(b, 0);
	it = ring_buffer_read_start(b, 2, GFP_KERNEL);
	if (CHECK(it, "no iterator")) {
		ret = ring_buffer_resize(b, 8 * PAGE_SIZE, RING_BUFFER_ALL_CPUS);
		CHECK(ret == -EBUSY, "resize under an iterator gave %d", ret);
		for (cpu = 0; cpu < 4; cpu++)
			CHECK(ring_buffer_nr_pages(b, cpu) == pages,
			      "CPU %d resized under an iterator", cpu);
		ring_buffer_read_finish(it);
	}
 out:
	if (b)
		ring_buffer_free(b);
	shim_nr_cpus = 1;
}

/* Growing and shrinking keep what still fits; 0 means the minimum. */
static void test_resize_keeps(void)
{
	struct trace_buffer *b = new_buffer(4 * PAGE_SIZE, false);
	u32 i;

	if (!CHECK(b, "no buffer"))
		return;
	for (i = 0; i < 20; i++)
		CHECK(put(b, 64, i), "record %u", i);
	CHECK(!ring_buffer_resize(b, 32 * PAGE_SIZE, RING_BUFFER_ALL_CPUS), "grow");
	CHECK(ring_buffer_nr_pages(b, 0) >= 32, "grew to %zu pages",
	      ring_buffer_nr_pages(b, 0));
	for (i = 0; i < 10; i++)
		CHECK(take(b, 64, i, 0), "record %u after growing", i);
	CHECK(!ring_buffer_resize(b, 0, RING_BUFFER_ALL_CPUS), "resize to 0");
	CHECK(ring_buffer_nr_pages(b, 0) == 2, "size 0 gave %zu pages",
	      ring_buffer_nr_pages(b, 0));
	for (i = 10; i < 20; i++)
		CHECK(take(b, 64, i, 0), "record %u after shrinking", i);
	CHECK(ring_buffer_empty_cpu(b, 0), "extra records");
	ring_buffer_free(b);
}

/*
 * Pushing the head is the one place a writer turns irqs off. The traced
 * local_irq_save() would run the irq tracers (the preemptirq events,
 * lockdep) from inside the reservation, whose records would then find
 * the head claimed and be dropped. The hook stands in for them.
 */
static struct trace_buffer *irq_buf;
static int irq_traced_in_write;

static void irq_tracer(void)
{
	if (local_read(&irq_buf->buffers[0]->committing))
		irq_traced_in_write++;
}

static void test_push_irqs_untraced(void)
{
	u32 i;

	irq_buf = new_buffer(4 * PAGE_SIZE, true);
	if (!CHECK(irq_buf, "no buffer"))
		return;
	irq_traced_in_write = 0;
	shim_hardirqs_off_hook = irq_tracer;
	for (i = 0; i < LAP_RECORDS; i++)
		CHECK(put(irq_buf, 100, i), "record %u", i);
	shim_hardirqs_off_hook = NULL;
	CHECK(ring_buffer_overrun_cpu(irq_buf, 0) > 0, "no page was pushed");
	CHECK(!irq_traced_in_write, "the irq tracers ran %d times inside a reservation",
	      irq_traced_in_write);
	ring_buffer_free(irq_buf);
}

/*
 * An arch whose cmpxchg an NMI may break (no CONFIG_ARCH_HAVE_NMI_SAFE_-
 * CMPXCHG; the rbunit-arch build) refuses NMI writers and counts them;
 * x86-64 and arm64 take them.
 */
static void test_nmi_writer(void)
{
	struct trace_buffer *b = new_buffer(4 * PAGE_SIZE, true);
	unsigned long dropped;
	bool ok;

	if (!CHECK(b, "no buffer"))
		return;
	dropped = ring_buffer_dropped_events_cpu(b, 0);
	shim_ctx_level = 3;
	ok = put(b, 16, 1);
	shim_ctx_level = 0;
	if (IS_ENABLED(CONFIG_ARCH_HAVE_NMI_SAFE_CMPXCHG)) {
		CHECK(ok && take(b, 16, 1, 0), "an NMI writer was refused");
	} else {
		CHECK(!ok, "an NMI writer was let in without NMI-safe cmpxchg");
		CHECK(ring_buffer_dropped_events_cpu(b, 0) == dropped + 1,
		      "the refused NMI writer was not counted");
		ring_buffer_reset_cpu(b, 0);
		CHECK(!ring_buffer_dropped_events_cpu(b, 0), "a reset kept the count");
	}
	CHECK(put(b, 16, 2) && take(b, 16, 2, 0), "a task writer after it");
	ring_buffer_free(b);
}

/*
 * Time: deltas, a TIME_EXTEND for a jump past 27 bits, absolute stamps,
 * and a clock that goes backwards, which a reader must never see.
 */
static void test_time(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	u64 t0 = fake_now;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put(b, 8, 1), "first");
	fake_now += 5;
	CHECK(put(b, 8, 2), "delta");
	fake_now += 1ULL << 40;
	CHECK(put(b, 8, 3), "extend");
	fake_now -= 1000;
	CHECK(put(b, 8, 4), "backwards");
	ring_buffer_set_time_stamp_abs(b, true);
	fake_now += 3000;
	CHECK(put(b, 8, 5), "absolute");
	ring_buffer_set_time_stamp_abs(b, false);
	CHECK(take(b, 8, 1, t0), "first record's time");
	CHECK(take(b, 8, 2, t0 + 5), "delta record's time");
	CHECK(take(b, 8, 3, t0 + 5 + (1ULL << 40)), "extended record's time");
	CHECK(take(b, 8, 4, t0 + 5 + (1ULL << 40)), "time went backwards");
	CHECK(take(b, 8, 5, fake_now), "absolute record's time");
	ring_buffer_free(b);
}

/* A discarded record is never read; the last one is given back. */
static void test_discard(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	struct ring_buffer_event *e;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put(b, 32, 1), "first");
	e = ring_buffer_lock_reserve(b, 32);
	if (!CHECK(e, "reserve"))
		return;
	ring_buffer_discard_commit(b, e);
	CHECK(put(b, 32, 3), "third");
	CHECK(ring_buffer_entries_cpu(b, 0) == 2, "entries %lu",
	      ring_buffer_entries_cpu(b, 0));
	CHECK(take(b, 32, 1, 0), "first");
	CHECK(take(b, 32, 3, 0), "third");
	CHECK(ring_buffer_empty_cpu(b, 0), "the discarded record was read");
	ring_buffer_free(b);
}

/* Overwrite loses the oldest records, counts them, and tells readers. */
static void test_overrun_reported(void)
{
	struct trace_buffer *b = new_buffer(4 * PAGE_SIZE, true);
	struct buffer_data_page *bdp;
	unsigned long lost = 0, written = 0;
	void *page;

	if (!CHECK(b, "no buffer"))
		return;
	while (written < LAP_RECORDS)
		CHECK(put(b, 100, written++), "write");
	CHECK(ring_buffer_overrun_cpu(b, 0) > 0, "nothing overrun");
	page = ring_buffer_alloc_read_page(b, 0);
	if (!CHECK(!IS_ERR(page), "read page"))
		return;
	CHECK(ring_buffer_read_page(b, &page, PAGE_SIZE, 0, 0) == 0, "read_page");
	bdp = page;
	CHECK(local_read(&bdp->commit) & RB_MISSED_EVENTS,
	      "the page does not say events were missed");
	ring_buffer_free_read_page(b, 0, page);
	/* The next loss is reported to a consuming reader. */
	while (written < 2 * LAP_RECORDS)
		CHECK(put(b, 100, written++), "write");
	CHECK(ring_buffer_consume(b, 0, NULL, &lost), "consume");
	CHECK(lost > 0, "no lost events reported");
	while (ring_buffer_consume(b, 0, NULL, NULL))
		;
	CHECK(ring_buffer_overrun_cpu(b, 0) + ring_buffer_read_events_cpu(b, 0) ==
	      written, "overrun %lu + read %lu != written %lu",
	      ring_buffer_overrun_cpu(b, 0), ring_buffer_read_events_cpu(b, 0),
	      written);
	ring_buffer_free(b);
}

/*
 * A failed sanity check: a record whose length runs past its page's
 * commit. The buffer must turn recording off, report once, and every
 * call must still return.
 */
static void test_sanity_failure(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	struct ring_buffer_per_cpu *cb;
	struct ring_buffer_event *e;
	unsigned long reports;
	int i;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put(b, 16, 1) && put(b, 16, 2), "writes");
	cb = b->buffers[0];
	e = (struct ring_buffer_event *)cb->commit_page->page->data;
	e->type_len = 0;
	e->array[0] = PAGE_SIZE;	/* far past the commit */
	reports = shim_pr_err_count;
	for (i = 0; i < 3; i++) {
		CHECK(!ring_buffer_consume(b, 0, NULL, NULL), "a damaged record was read");
		/* Back to the damaged record: the check fires each time. */
		cb->reader_page->read = 0;
	}
	CHECK(shim_pr_err_count == reports + 1, "%lu reports, want 1",
	      shim_pr_err_count - reports);
	CHECK(!ring_buffer_record_is_on(b), "recording is still on");
	CHECK(!ring_buffer_lock_reserve(b, 16), "a write was taken after the failure");
	CHECK(!ring_buffer_peek(b, 0, NULL, NULL), "peek found a record");
	ring_buffer_free(b);
}

/* A reader waiting for a fill level (buffer_percent) sleeps until then. */
static struct trace_buffer *wait_buf;
static int wait_full, wait_done;

static void *waiter(void *unused)
{
	ring_buffer_wait(wait_buf, 0, wait_full);
	__atomic_store_n(&wait_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

/* Is the waiter done within @ms milliseconds? */
static bool waiter_done_within(int ms)
{
	struct timespec tick = { 0, 1000000 };

	while (ms-- > 0) {
		if (__atomic_load_n(&wait_done, __ATOMIC_SEQ_CST))
			return true;
		nanosleep(&tick, NULL);
	}
	return __atomic_load_n(&wait_done, __ATOMIC_SEQ_CST);
}

static void test_wait(void)
{
	static const int levels[] = { 0, 50, 100 };
	unsigned int k, n, per_page = BUF_PAGE_SIZE / 104;
	pthread_t t;
	u32 seq = 0;

	for (k = 0; k < ARRAY_SIZE(levels); k++) {
		wait_buf = new_buffer(10 * BUF_PAGE_SIZE, false);
		if (!CHECK(wait_buf, "no buffer"))
			return;
		wait_full = levels[k];
		wait_done = 0;
		if (!CHECK(!pthread_create(&t, NULL, waiter, NULL), "thread"))
			return;
		CHECK(!waiter_done_within(50), "full %d: woke on an empty buffer",
		      wait_full);
		/* Below the level (or, for 0, the first record). */
		n = wait_full ? per_page * 3 : 1;
		while (n--)
			put(wait_buf, 100, seq++);
		if (wait_full)
			CHECK(!waiter_done_within(100), "full %d: woke at 30%%",
			      wait_full);
		/* Fill it: producer/consumer mode stops at a full ring. */
		for (n = 0; wait_full && n < per_page * 12; n++)
			put(wait_buf, 100, seq++);
		CHECK(waiter_done_within(2000), "full %d: not woken when full",
		      wait_full);
		if (!__atomic_load_n(&wait_done, __ATOMIC_SEQ_CST))
			ring_buffer_wake_waiters(wait_buf, 0);
		pthread_join(t, NULL);
		ring_buffer_free(wait_buf);
	}
}

/*
 * An iterator left on the reader page while a consuming read swaps the
 * head page out as the new reader page, the writer's page among them: the
 * old reader page goes back into the ring and no ring page is the commit
 * page any more. The iterator must still end (it used to go round the
 * ring forever) and show what is left, in order.
 */
static void test_iter_consumer_swap(void)
{
	struct trace_buffer *b = new_buffer(4 * PAGE_SIZE, true);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *e;
	u32 seq, want = 2;
	int n = 0;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put(b, 16, 1), "record 1");
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	if (!CHECK(it, "no iterator"))
		goto out;
	/* the iterator sits on the empty reader page; the consumer swaps */
	CHECK(take(b, 16, 1, 0), "record 1 damaged");
	CHECK(put(b, 16, 2) && put(b, 16, 3), "records 2 and 3");
	/* a hang here is the bug: alarm() turns it into a failure */
	alarm(10);
	while ((e = ring_buffer_iter_peek(it, NULL)) && n < 10) {
		seq = *(unsigned char *)ring_buffer_event_data(e);
		CHECK(seq == want, "iterator read record %u, want %u", seq, want);
		want++;
		n++;
		ring_buffer_iter_advance(it);
	}
	alarm(0);
	CHECK(n == 2, "iterator read %d records after the swap, want 2", n);
	ring_buffer_read_finish(it);
 out:
	ring_buffer_free(b);
}

/*
 * An iterator that reached the end on an empty page, the writer's, after
 * a reset: the page's time is whatever an earlier lap left there until
 * the writer's first record sets it. A record written after that must
 * show its own time when the iterator goes on, not one from that lap.
 */
static void test_iter_time_after_reset(void)
{
	struct trace_buffer *b = new_buffer(4 * PAGE_SIZE, true);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *e;
	u64 ts = 0, t1;
	u32 i;

	if (!CHECK(b, "no buffer"))
		return;
	/* old times on every page */
	for (i = 0; i < 400; i++)
		CHECK(put(b, 100, i), "record %u", i);
	ring_buffer_reset_cpu(b, 0);
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	if (!CHECK(it, "no iterator"))
		goto out;
	CHECK(!ring_buffer_iter_peek(it, NULL), "a record after the reset");
	fake_now += 1000000000;
	t1 = fake_now;
	CHECK(put(b, 16, 1), "the new record");
	e = ring_buffer_iter_peek(it, &ts);
	CHECK(e && ts == t1, "the iterator gave the new record time %llu, want %llu",
	      (unsigned long long)ts, (unsigned long long)t1);
	ring_buffer_read_finish(it);
 out:
	ring_buffer_free(b);
}

/*
 * An iterator copying the head page while the writer pushes it, in the
 * interleaving that a lap bumped once before the reset let through: the
 * iterator reads the new lap and the old length, the writer empties the
 * page and writes new records from its start, the iterator copies them
 * with the old records still after them and finds the lap unchanged.
 * It then shows new records followed by old ones. Every record carries
 * its sequence number; what the iterator shows must rise.
 */
static struct {
	struct trace_buffer *b;
	struct ring_buffer_iter *it;
	struct buffer_page *target;
	unsigned long lap0;
	int stage, rmbs;
	u32 seq, got[4096];
	unsigned int ngot;
} lr;

static bool put_seq(struct trace_buffer *b, u32 seq)
{
	struct ring_buffer_event *e = ring_buffer_lock_reserve(b, 64);

	if (!e)
		return false;
	memset(ring_buffer_event_data(e), 0, 64);
	memcpy(ring_buffer_event_data(e), &seq, sizeof(seq));
	ring_buffer_unlock_commit(b, e);
	return true;
}

static void lr_collect(void)
{
	struct ring_buffer_event *e;

	while ((e = ring_buffer_iter_peek(lr.it, NULL)) && lr.ngot < 4096) {
		memcpy(&lr.got[lr.ngot++], ring_buffer_event_data(e), sizeof(u32));
		ring_buffer_iter_advance(lr.it);
	}
}

static void lr_hook(enum lk_kind kind, const void *addr)
{
	switch (lr.stage) {
	case 0:
		/* the iterator found the head and is about to read its lap */
		if (lk_me == 0 && kind == LK_READ && addr == &lr.target->lap) {
			lr.stage = 1;
			lk_switch();
		}
		break;
	case 1:
		/* the writer moved the page's lap but has not emptied it */
		if (lk_me == 1 && kind == LK_WMB && lr.target->lap != lr.lap0) {
			lr.stage = 2;
			lk_switch();
		}
		break;
	case 2:
		/* the iterator has read the lap and then the length */
		if (lk_me == 0 && kind == LK_RMB && ++lr.rmbs == 2) {
			lr.stage = 3;
			lk_switch();
		}
		break;
	}
}

/* CPU 0's writer (thread 1): into the head page, then five records on it. */
static void *lr_writer(void *arg)
{
	int after = 5;

	shim_cpu = 0;
	lk_begin(1);
	while (after && lr.seq < 100000) {
		CHECK(put_seq(lr.b, lr.seq), "write %u", lr.seq);
		lr.seq++;
		if (lr.stage >= 2)
			after--;
	}
	lk_end();
	return NULL;
}

/* The iterator (thread 0, which starts): as far as it gets. */
static void *lr_reader(void *arg)
{
	lk_begin(0);
	lr_collect();
	lk_end();
	return NULL;
}

static void test_iter_copy_vs_push(void)
{
	unsigned int i;

	memset(&lr, 0, sizeof(lr));
	lr.b = new_buffer(4 * PAGE_SIZE, true);
	if (!CHECK(lr.b, "no buffer"))
		return;
	/* a full ring: the next page the writer enters is the head */
	while (!ring_buffer_overrun_cpu(lr.b, 0)) {
		CHECK(put_seq(lr.b, lr.seq), "fill %u", lr.seq);
		lr.seq++;
	}
	lr.it = ring_buffer_read_start(lr.b, 0, GFP_KERNEL);
	if (!CHECK(lr.it, "no iterator"))
		goto out;
	lr.target = rb_find_head(lr.b->buffers[0]);
	lr.lap0 = lr.target->lap;
	lk_run(lr_reader, lr_writer, lr_hook);
	CHECK(lr.stage >= 2, "the interleaving did not happen (stage %d)", lr.stage);
	lr_collect();
	CHECK(lr.ngot > 0, "the iterator showed nothing");
	for (i = 1; i < lr.ngot; i++)
		if (!CHECK(lr.got[i] > lr.got[i - 1],
			   "the iterator showed record %u after record %u (%u of %u)",
			   lr.got[i], lr.got[i - 1], i, lr.ngot))
			break;
	CHECK(lr.got[lr.ngot - 1] == lr.seq - 1, "the last record shown is %u, want %u",
	      lr.got[lr.ngot - 1], lr.seq - 1);
	ring_buffer_read_finish(lr.it);
 out:
	ring_buffer_free(lr.b);
}

/*
 * Random sequences of every operation a reader or the tracing core may
 * run on one CPU's buffer while an iterator is open: writes (with time
 * gaps that need extends), consuming reads, page reads, resets, swaps
 * with a second buffer, recording turned off and on, iterator resets.
 * The iterator must end every walk (a hang is caught by alarm()) and
 * return only whole records. The seed and step are printed on failure.
 */
static unsigned long fuzz_state;
static unsigned long fuzz_seed, fuzz_step;
/* RBUNIT_FUZZ_OPS: a mask of the operations below to run (all) */
static unsigned long fuzz_ops = ~0UL;

static unsigned long fuzz_rand(unsigned long n)
{
	fuzz_state = fuzz_state * 6364136223846793005UL + 1442695040888963407UL;
	return (fuzz_state >> 33) % n;
}

static void fuzz_alarm(int sig)
{
	printf("FAIL: rbunit.c: iterator fuzz: no end to a walk, seed %lu step %lu\n",
	       fuzz_seed, fuzz_step);
	fflush(stdout);
	_exit(1);
}

/* Whether e is a record put() wrote: its bytes count up from the first. */
static bool fuzz_whole(struct ring_buffer_event *e)
{
	unsigned char *p = ring_buffer_event_data(e);
	unsigned int i, len = ring_buffer_event_length(e);

	/* put()'s lengths: multiples of 4, not 8 (see fuzz_one()) */
	for (i = 1; i < len && i < 200; i++)
		if (p[i] != (unsigned char)(p[0] + i) && p[i]) {
			printf("# len %u, byte %u: %u after %u\n", len, i, p[i], p[0]);
			return false;
		}
	return true;
}

static void fuzz_one(unsigned long seed)
{
	struct trace_buffer *b, *b2;
	struct ring_buffer_iter *it = NULL;
	struct ring_buffer_event *e;
	bool overwrite = seed & 1;
	int disabled = 0;
	void *page = NULL;
	u32 seq = 0;

	fuzz_seed = seed;
	fuzz_state = seed;
	b = new_buffer((2 + fuzz_rand(4)) * PAGE_SIZE, overwrite);
	b2 = new_buffer(ring_buffer_size(b, 0), overwrite);
	if (!CHECK(b && b2, "no buffers"))
		goto out;
	page = ring_buffer_alloc_read_page(b, 0);
	for (fuzz_step = 0; fuzz_step < 300; fuzz_step++) {
		unsigned long i, n, n2;
		unsigned long op = fuzz_rand(11);

		if (!(fuzz_ops & (1UL << op)))
			continue;
		switch (op) {
		case 0:
		case 1:
			n = 1 + fuzz_rand(60);
			for (i = 0; i < n; i++) {
				/* now and then a gap that needs an extend */
				fake_now += fuzz_rand(8) ? fuzz_rand(100) :
					    1UL << (27 + fuzz_rand(3));
				n2 = 4 * (1 + fuzz_rand(50));
				/* 8 bytes are stored as 12: the rest unwritten */
				put(b, n2 == 8 ? 12 : n2, seq++);
			}
			break;
		case 2:
			n = fuzz_rand(30);
			for (i = 0; i < n; i++)
				ring_buffer_consume(b, 0, NULL, NULL);
			break;
		case 3:
			if (it) {
				ring_buffer_read_finish(it);
				it = NULL;
			} else {
				it = ring_buffer_read_start(b, 0, GFP_KERNEL);
			}
			break;
		case 4:
		case 5:
			if (!it)
				break;
			n = fuzz_rand(4) ? fuzz_rand(40) : ~0UL;
			alarm(5);
			for (i = 0; i < n && (e = ring_buffer_iter_peek(it, NULL)); i++) {
				if (!CHECK(fuzz_whole(e),
					   "seed %lu step %lu: a damaged record",
					   seed, fuzz_step))
					goto out;
				ring_buffer_iter_advance(it);
			}
			alarm(0);
			break;
		case 6:
			if (!fuzz_rand(3))
				ring_buffer_reset_cpu(b, 0);
			break;
		case 7:
			if (page && !IS_ERR(page))
				ring_buffer_read_page(b, &page, PAGE_SIZE, 0, fuzz_rand(2));
			break;
		case 8:
			if (!fuzz_rand(3))
				ring_buffer_swap_cpu(b2, b, 0);
			break;
		case 9:
			if (disabled) {
				ring_buffer_record_enable(b);
				disabled = 0;
			} else {
				ring_buffer_record_disable(b);
				disabled = 1;
			}
			break;
		case 10:
			if (it)
				ring_buffer_iter_reset(it);
			break;
		}
	}
	if (it) {
		alarm(5);
		while (ring_buffer_iter_peek(it, NULL))
			ring_buffer_iter_advance(it);
		alarm(0);
		ring_buffer_read_finish(it);
		it = NULL;
	}
	if (disabled)
		ring_buffer_record_enable(b);
 out:
	alarm(0);
	if (page && !IS_ERR(page))
		ring_buffer_free_read_page(b, 0, page);
	if (it)
		ring_buffer_read_finish(it);
	if (b)
		ring_buffer_free(b);
	if (b2)
		ring_buffer_free(b2);
}

/*
 * An iterator that copied the writer's page and read on while the writer
 * added more records to that page and then went on to the next: the
 * records committed after the copy must show, in order, before those of
 * the next page. Nothing is overwritten here, so no gap is allowed.
 */
static void test_iter_live_edge(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	struct ring_buffer_iter *it;
	struct ring_buffer_event *e;
	u32 seq, want = 0, next = 0, round;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(put_seq(b, next++) && put_seq(b, next++), "records 0 and 1");
	it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	if (!CHECK(it, "no iterator"))
		goto out;
	alarm(10);
	/* each round: read all there is, then fill the page the copy is of */
	for (round = 0; round < 4 && !failures; round++) {
		while ((e = ring_buffer_iter_peek(it, NULL))) {
			memcpy(&seq, ring_buffer_event_data(e), sizeof(seq));
			if (!CHECK(seq == want, "round %u: iterator read record %u, want %u",
				   round, seq, want))
				break;
			want++;
			ring_buffer_iter_advance(it);
		}
		/* 64-byte records: 90 of them cross a page boundary or two */
		for (; next < want + 90; next++)
			CHECK(put_seq(b, next), "record %u", next);
	}
	alarm(0);
	CHECK(want == next - 90, "read %u records, want %u", want, next - 90);
	CHECK(!ring_buffer_iter_dropped(it), "the iterator says it dropped records");
	ring_buffer_read_finish(it);
 out:
	ring_buffer_free(b);
}

static void test_iter_fuzz(void)
{
	unsigned long seed, seeds = 5000;	/* RBUNIT_FUZZ_FIRST to seeds */
	char *env = getenv("RBUNIT_FUZZ_SEEDS");

	if (env)
		seeds = strtoul(env, NULL, 0);
	env = getenv("RBUNIT_FUZZ_OPS");
	if (env)
		fuzz_ops = strtoul(env, NULL, 0);
	signal(SIGALRM, fuzz_alarm);
	env = getenv("RBUNIT_FUZZ_FIRST");
	seed = env ? strtoul(env, NULL, 0) : 1;
	for (; seed <= seeds && !failures; seed++)
		fuzz_one(seed);
	signal(SIGALRM, SIG_DFL);
}

/*
 * The oldest event time is that of the next record to be read: after a
 * partial consume, across a TIME_EXTEND, and after a page read.
 */
static void test_oldest_ts(void)
{
	struct trace_buffer *b = new_buffer(8 * PAGE_SIZE, false);
	void *page;
	u64 t0 = fake_now;

	if (!CHECK(b, "no buffer"))
		return;
	CHECK(!ring_buffer_oldest_event_ts(b, 0), "empty buffer has a time");
	CHECK(put(b, 16, 1), "record 1");
	fake_now += 10;
	CHECK(put(b, 16, 2), "record 2");
	fake_now += 1ULL << 30;		/* a TIME_EXTEND before record 3 */
	CHECK(put(b, 16, 3), "record 3");
	CHECK(ring_buffer_oldest_event_ts(b, 0) == t0, "oldest is not record 1");
	CHECK(take(b, 16, 1, t0), "record 1");
	CHECK(ring_buffer_oldest_event_ts(b, 0) == t0 + 10,
	      "oldest %llu after a consume, want %llu",
	      (unsigned long long)ring_buffer_oldest_event_ts(b, 0),
	      (unsigned long long)(t0 + 10));
	CHECK(take(b, 16, 2, t0 + 10), "record 2");
	CHECK(ring_buffer_oldest_event_ts(b, 0) == fake_now,
	      "oldest %llu with a TIME_EXTEND ahead, want %llu",
	      (unsigned long long)ring_buffer_oldest_event_ts(b, 0),
	      (unsigned long long)fake_now);
	page = ring_buffer_alloc_read_page(b, 0);
	if (CHECK(!IS_ERR(page), "read page")) {
		CHECK(!ring_buffer_read_page(b, &page, PAGE_SIZE, 0, 0), "read_page");
		ring_buffer_free_read_page(b, 0, page);
	}
	CHECK(!ring_buffer_oldest_event_ts(b, 0) && !ring_buffer_entries_cpu(b, 0) &&
	      ring_buffer_read_events_cpu(b, 0) == 3,
	      "drained: oldest %llu, entries %lu, read %lu",
	      (unsigned long long)ring_buffer_oldest_event_ts(b, 0),
	      ring_buffer_entries_cpu(b, 0), ring_buffer_read_events_cpu(b, 0));
	ring_buffer_free(b);
}

/*
 * Statistics across every read path. A model remembers each record
 * written (sequence number and time); the buffer holds a suffix of them
 * in order, less what overwrite dropped. After each step, per CPU:
 *   written == entries + read events + overrun
 *   bytes covers the entries, and is 0 once a reader drained them
 *   oldest event ts == the time of the next record a consumer gets
 * and every record read, by any path, is the next one the model has.
 */
#define ST_MAX		20000

static u64 st_ts[ST_MAX];	/* time of record seq */
static u32 st_written;		/* records committed since the reset */
static u32 st_next;		/* lowest sequence number not yet read */
static unsigned long st_got;	/* records taken by consuming reads */
static unsigned long st_base;	/* the sequence number the reset left */
static unsigned int st_rand = 1;

static unsigned int st_random(void)
{
	st_rand = st_rand * 1103515245 + 12345;
	return st_rand >> 8;
}

static bool st_put(struct trace_buffer *b)
{
	struct ring_buffer_event *e;
	unsigned int len = 4 + 4 * (st_random() % 40);
	u32 seq = st_base + st_written;

	if (!(st_random() % 9))
		len = 100 + st_random() % 2000;
	fake_now += st_random() % 3 ? st_random() % 200 : 0;
	if (!(st_random() % 50))
		fake_now += 1ULL << 28;
	e = ring_buffer_lock_reserve(b, len);
	if (!e)
		return false;
	/* Now and then a record is thrown away: it counts nowhere. */
	if (!(st_random() % 11)) {
		ring_buffer_discard_commit(b, e);
		return true;
	}
	*(u32 *)ring_buffer_event_data(e) = seq;
	st_ts[seq % ST_MAX] = ring_buffer_event_time_stamp(b, e);
	ring_buffer_unlock_commit(b, e);
	st_written++;
	return true;
}

/* A record read with sequence number @seq at time @ts, consumed or not. */
static bool st_seen(u32 seq, u64 ts, u32 *next, const char *how)
{
	if (!CHECK(seq >= *next && seq < st_base + st_written,
		   "%s: record %u, expected %u..%lu", how, seq, *next,
		   st_base + st_written - 1))
		return false;
	if (!CHECK(ts == st_ts[seq % ST_MAX], "%s: record %u at %llu, written at %llu",
		   how, seq, (unsigned long long)ts,
		   (unsigned long long)st_ts[seq % ST_MAX]))
		return false;
	*next = seq + 1;
	return true;
}

/* Walk a page from ring_buffer_read_page(); returns the records in it. */
static long st_page(struct buffer_data_page *bdp)
{
	unsigned long commit = local_read(&bdp->commit) & ~RB_MISSED_FLAGS;
	struct ring_buffer_event *e;
	unsigned long pos = 0, n = 0;
	u64 ts = bdp->time_stamp;
	unsigned int size;

	while (pos < commit) {
		e = (void *)&bdp->data[pos];
		size = rb_entry_size(e);
		if (!size)
			break;
		if (!CHECK(pos + size <= commit, "record past the page's end"))
			return -1;
		if (rb_is_record(e)) {
			ts += e->time_delta;
			if (!st_seen(*(u32 *)ring_buffer_event_data(e), ts,
				     &st_next, "read_page"))
				return -1;
			n++;
		} else {
			ts = rb_time_after(e, ts);
		}
		pos += size;
	}
	return n;
}

static bool st_check(struct trace_buffer *b, const char *after)
{
	unsigned long entries = ring_buffer_entries_cpu(b, 0);
	unsigned long read = ring_buffer_read_events_cpu(b, 0);
	unsigned long overrun = ring_buffer_overrun_cpu(b, 0);
	unsigned long bytes = ring_buffer_bytes_cpu(b, 0);
	u64 oldest = ring_buffer_oldest_event_ts(b, 0);
	bool ok = true;
	u64 ts;

	ok &= CHECK(read == st_got, "after %s: read events %lu, %lu were read",
		    after, read, st_got);
	ok &= CHECK(st_written == entries + read + overrun,
		    "after %s: written %u != entries %lu + read %lu + overrun %lu",
		    after, st_written, entries, read, overrun);
	/*
	 * Each record takes 8 bytes at least. A hole left by a discard
	 * still takes its bytes until a reader steps over it.
	 */
	ok &= CHECK(bytes >= entries * 8, "after %s: %lu bytes for %lu entries",
		    after, bytes, entries);
	ok &= CHECK(ring_buffer_empty_cpu(b, 0) == !entries,
		    "after %s: empty %d with %lu entries", after,
		    ring_buffer_empty_cpu(b, 0), entries);
	/* Peeking may swap the reader page; the stats must say the same. */
	if (ring_buffer_peek(b, 0, &ts, NULL)) {
		ok &= CHECK(oldest == ts, "after %s: oldest ts %llu, next record at %llu",
			    after, (unsigned long long)oldest, (unsigned long long)ts);
		ok &= CHECK(oldest == ring_buffer_oldest_event_ts(b, 0),
			    "after %s: oldest ts moved when peeking", after);
		/* It may step over stamps and holes: bytes only go down. */
		ok &= CHECK(entries == ring_buffer_entries_cpu(b, 0) &&
			    bytes >= ring_buffer_bytes_cpu(b, 0),
			    "after %s: peeking changed entries or bytes", after);
	} else {
		ok &= CHECK(!entries, "after %s: %lu entries, nothing to peek",
			    after, entries);
	}
	return ok;
}

/* One consuming read of a page, @len bytes long, maybe full pages only. */
static bool st_read_page(struct trace_buffer *b, size_t len, int full)
{
	void *page = ring_buffer_alloc_read_page(b, 0);
	long n = 0;

	if (!CHECK(!IS_ERR(page), "no read page"))
		return false;
	if (ring_buffer_read_page(b, &page, len, 0, full) >= 0)
		n = st_page(page);
	ring_buffer_free_read_page(b, 0, page);
	if (n < 0)
		return false;
	st_got += n;
	return true;
}

static bool st_consume(struct trace_buffer *b, int n)
{
	struct ring_buffer_event *e;
	u64 ts;

	while (n-- > 0) {
		e = ring_buffer_consume(b, 0, &ts, NULL);
		if (!e)
			break;
		if (!st_seen(*(u32 *)ring_buffer_event_data(e), ts, &st_next,
			     "consume"))
			return false;
		st_got++;
	}
	return true;
}

/* An iterator pass reads without consuming: no statistic may move. */
static bool st_iterate(struct trace_buffer *b, int n)
{
	struct ring_buffer_iter *it = ring_buffer_read_start(b, 0, GFP_KERNEL);
	struct ring_buffer_event *e;
	u32 next = st_next;
	u64 ts;

	if (!CHECK(it, "no iterator"))
		return false;
	while (n-- > 0 && (e = ring_buffer_iter_peek(it, &ts))) {
		if (!st_seen(*(u32 *)ring_buffer_event_data(e), ts, &next,
			     "iterator"))
			break;
		ring_buffer_iter_advance(it);
	}
	ring_buffer_read_finish(it);
	return true;
}

static void st_run(bool overwrite, unsigned int steps, unsigned int seed)
{
	struct trace_buffer *b = new_buffer(6 * PAGE_SIZE, overwrite);
	unsigned int i, op, n;
	char what[64];

	if (!CHECK(b, "no buffer"))
		return;
	st_rand = seed;
	st_written = 0;
	st_next = 0;
	st_got = 0;
	st_base = 0;
	for (i = 0; i < steps; i++) {
		op = st_random() % 100;
		if (op < 55) {
			n = 1 + st_random() % 60;
			snprintf(what, sizeof(what), "step %u: %u writes", i, n);
			while (n--)
				st_put(b);
		} else if (op < 65) {
			n = 1 + st_random() % 30;
			snprintf(what, sizeof(what), "step %u: %u consumes", i, n);
			if (!st_consume(b, n))
				break;
		} else if (op < 75) {
			snprintf(what, sizeof(what), "step %u: whole page read", i);
			if (!st_read_page(b, PAGE_SIZE, st_random() % 2))
				break;
		} else if (op < 85) {
			n = BUF_PAGE_HDR_SIZE + 8 + st_random() % PAGE_SIZE;
			snprintf(what, sizeof(what), "step %u: %u-byte page read", i, n);
			if (!st_read_page(b, min_t(size_t, n, PAGE_SIZE), 0))
				break;
		} else if (op < 95) {
			snprintf(what, sizeof(what), "step %u: iterator", i);
			if (!st_iterate(b, st_random() % 200))
				break;
		} else if (op < 97) {
			snprintf(what, sizeof(what), "step %u: drain", i);
			while (ring_buffer_peek(b, 0, NULL, NULL))
				if (!st_read_page(b, PAGE_SIZE, 0))
					break;
			CHECK(!ring_buffer_bytes_cpu(b, 0), "%lu bytes after %s",
			      ring_buffer_bytes_cpu(b, 0), what);
		} else {
			snprintf(what, sizeof(what), "step %u: reset", i);
			ring_buffer_reset_cpu(b, 0);
			st_base += st_written;
			st_next = st_base;
			st_written = 0;
			st_got = 0;
		}
		/* Records overwrite dropped are skipped by st_seen(). */
		if (!st_check(b, what))
			break;
	}
	ring_buffer_free(b);
}

static void test_stats_overwrite(void)
{
	st_run(true, 3000, 1);
	st_run(true, 3000, 7);
}

static void test_stats_no_overwrite(void)
{
	st_run(false, 3000, 3);
	st_run(false, 3000, 11);
}

/* Run one test; it passes if it reported no failure. */
static void run(void (*test)(void), const char *name)
{
	int before = failures;

	test();
	printf("%s %s\n", failures == before ? "ok" : "not ok", name);
}

int main(void)
{
	shim_nr_cpus = 1;
	shim_cpu = 0;
	run(test_oversized_reserve, "oversized reserve");
	run(test_resize_refused, "refused resize keeps the buffer");
	run(test_resize_keeps, "resize keeps records");
	run(test_resize_all_or_none, "resizing every CPU changes all or none, one grace period");
	run(test_time, "time deltas, extends, absolute stamps");
	run(test_push_irqs_untraced, "pushing the head runs no irq tracer");
	run(test_nmi_writer, IS_ENABLED(CONFIG_ARCH_HAVE_NMI_SAFE_CMPXCHG) ?
	    "NMI writers taken (NMI-safe cmpxchg)" : "NMI writers refused and counted");
	run(test_discard, "discard");
	run(test_overrun_reported, "overrun counted and reported");
	run(test_iter_consumer_swap, "iterator ends after a consumer swaps its page out");
	run(test_iter_time_after_reset,
	    "iterator shows a record's own time on a page refilled after a reset");
	run(test_iter_copy_vs_push, "iterator never mixes two laps of a page (lock step)");
	run(test_iter_live_edge,
	    "iterator shows what the writer added to its copied page before moving on");
	run(test_iter_fuzz, "iterator under random operations ends and reads whole records");
	run(test_oldest_ts, "oldest event time is the next record's");
	run(test_stats_no_overwrite, "statistics over every read path");
	run(test_stats_overwrite, "statistics over every read path, overwrite");
	run(test_wait, "waiters wake at their fill level (buffer_percent)");
	run(test_sanity_failure, "failed sanity check turns the buffer off, once");
	printf("rbunit: %s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
