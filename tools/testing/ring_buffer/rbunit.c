// SPDX-License-Identifier: GPL-2.0
/*
 * rbunit: the ring buffer's API edge cases, one thread, one CPU, a clock
 * the test sets by hand. ring_buffer.c is included rather than linked so
 * that the sanity-check test can damage a page the way a bug would.
 *
 * Each test prints "ok NAME" or "FAIL: ..." (and the program exits 1).
 */
#include "shim/kshim.h"
#include "../../../kernel/trace/ring_buffer.c"
#include <unistd.h>

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
	while (written < 2000)
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
	while (written < 4000)
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
	run(test_time, "time deltas, extends, absolute stamps");
	run(test_discard, "discard");
	run(test_overrun_reported, "overrun counted and reported");
	run(test_iter_consumer_swap, "iterator ends after a consumer swaps its page out");
	run(test_wait, "waiters wake at their fill level (buffer_percent)");
	run(test_sanity_failure, "failed sanity check turns the buffer off, once");
	printf("rbunit: %s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
