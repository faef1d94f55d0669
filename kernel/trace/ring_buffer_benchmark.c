// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer throughput benchmark (CONFIG_RING_BUFFER_BENCHMARK).
 *
 * A producer thread reserves and commits 10-byte records into a private
 * 1 MB overwrite buffer for RUN_SECONDS, in bursts of write_iteration
 * records between clock reads, while a consumer thread drains every CPU.
 * Rounds alternate the consumer between reading by records and reading by
 * pages, with a pause of PAUSE_SECONDS between them. Each round reports
 * through trace_printk, with the lines tools parse for this benchmark:
 * "Time:", "Overruns:", "Read:", "Entries:", "Total:", "Missed:", "Hit:",
 * "Entries per millisec:" and "N ns per entry" (per successful write, and
 * a second time per attempt when some reservations failed).
 *
 * Every record carries the producer's CPU; the consumer checks it, and
 * walks page reads record by record. A mismatch prints "ERROR!" and stops.
 */

#include <linux/ring_buffer.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/err.h>

#define RUN_SECONDS		10
#define PAUSE_SECONDS		10
#define RECORD_BYTES		10
#define WAKE_EVERY		100	/* bursts between consumer wakeups */

static unsigned int disable_reader;
module_param(disable_reader, uint, 0644);
MODULE_PARM_DESC(disable_reader, "nonzero: no consumer thread, the producer alone");

static unsigned int write_iteration = 50;
module_param(write_iteration, uint, 0644);
MODULE_PARM_DESC(write_iteration, "events written in a burst, between two clock reads");

static int producer_nice = MAX_NICE;
module_param(producer_nice, int, 0644);
MODULE_PARM_DESC(producer_nice, "the producer thread's nice value");

static int consumer_nice = MAX_NICE;
module_param(consumer_nice, int, 0644);
MODULE_PARM_DESC(consumer_nice, "the consumer thread's nice value");

static int producer_fifo;
module_param(producer_fifo, int, 0644);
MODULE_PARM_DESC(producer_fifo, "the producer's class: 0 nice value, 1 low SCHED_FIFO, 2 SCHED_FIFO");

static int consumer_fifo;
module_param(consumer_fifo, int, 0644);
MODULE_PARM_DESC(consumer_fifo, "the consumer's class: 0 nice value, 1 low SCHED_FIFO, 2 SCHED_FIFO");

/* What the two threads share. */
static struct bench {
	struct trace_buffer	*buffer;
	struct task_struct	*producer;
	struct task_struct	*consumer;
	struct completion	consumer_ready;	/* round started */
	struct completion	consumer_done;	/* round drained */
	bool			round_over;	/* producer: stop reading */
	bool			by_pages;	/* this round's read mode */
	bool			failed;		/* a record was corrupt */
	unsigned long		round;		/* rounds started */
	unsigned long		read;		/* records read this round */
} bench;

static bool bench_stop(void)
{
	return READ_ONCE(bench.failed) || kthread_should_stop();
}

static void bench_fail(const char *why, int cpu)
{
	if (!xchg(&bench.failed, true)) {
		trace_printk("ERROR!\n");
		pr_err("ring_buffer_benchmark: cpu %d: %s\n", cpu, why);
	}
}

/* One record through ring_buffer_consume(); false when there was none. */
static bool read_one_record(int cpu)
{
	struct ring_buffer_event *event;
	int *payload;

	event = ring_buffer_consume(bench.buffer, cpu, NULL, NULL);
	if (!event)
		return false;
	payload = ring_buffer_event_data(event);
	if (*payload != cpu) {
		bench_fail("record from the wrong CPU", cpu);
		return false;
	}
	bench.read++;
	return true;
}

/*
 * Walk a page as read by ring_buffer_read_page(): a u64 stamp, a long
 * whose low 20 bits are the bytes used, then records with a 4-byte header
 * (type_len:5, time_delta:27). Returns the records found, or -1.
 */
static long check_page(void *page, int cpu)
{
	struct ring_buffer_event *event;
	unsigned long used, off = 0, size;
	unsigned char *data = page + sizeof(u64) + sizeof(long);
	unsigned long room = PAGE_SIZE - sizeof(u64) - sizeof(long);
	long records = 0;

	used = *(unsigned long *)(page + sizeof(u64)) & 0xfffff;
	if (used > room)
		return -1;
	while (off < used) {
		if (used - off < 4)
			return -1;
		event = (struct ring_buffer_event *)(data + off);
		switch (event->type_len) {
		case RINGBUF_TYPE_PADDING:
			if (!event->time_delta)
				return records;	/* the rest is empty */
			size = 4 + event->array[0];
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
		case RINGBUF_TYPE_TIME_STAMP:
			size = 8;
			break;
		case 0:
			size = 4 + event->array[0];
			if (*(int *)&event->array[1] != cpu)
				return -1;
			records++;
			break;
		default:
			size = 4 + 4 * event->type_len;
			if (*(int *)&event->array[0] != cpu)
				return -1;
			records++;
		}
		off += size;
	}
	return off == used ? records : -1;
}

/* One page through ring_buffer_read_page(); false when there was none. */
static bool read_one_page(int cpu)
{
	void *page;
	long records;
	bool got = false;

	page = ring_buffer_alloc_read_page(bench.buffer, cpu);
	if (IS_ERR(page))
		return false;
	if (ring_buffer_read_page(bench.buffer, &page, PAGE_SIZE, cpu, 1) >= 0) {
		records = check_page(page, cpu);
		if (records < 0)
			bench_fail("corrupt page", cpu);
		else
			bench.read += records;
		got = records > 0;
	}
	ring_buffer_free_read_page(bench.buffer, cpu, page);
	return got;
}

/* Drain every CPU until the producer ends the round. */
static void consume_round(void)
{
	bool found;
	int cpu;

	bench.read = 0;
	for (;;) {
		do {
			found = false;
			for_each_online_cpu(cpu) {
				if (bench.by_pages ? read_one_page(cpu) :
						     read_one_record(cpu))
					found = true;
				if (READ_ONCE(bench.failed))
					goto out;
			}
		} while (found);

		set_current_state(TASK_INTERRUPTIBLE);
		/*
		 * Checked after the state change, so a wakeup cannot slip
		 * by; acquire pairs with the producer's release.
		 */
		if (smp_load_acquire(&bench.round_over))
			break;
		schedule();
	}
 out:
	__set_current_state(TASK_RUNNING);
	complete(&bench.consumer_done);
}

static void park_until_stopped(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

/*
 * The consumer sleeps until the producer starts a round (bench.round
 * changes), so a wakeup that comes early is never lost.
 */
static int consumer_fn(void *unused)
{
	unsigned long seen = 0;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (bench_stop())
			break;
		if (READ_ONCE(bench.round) == seen) {
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		/* Pairs with the producer's release: its settings first. */
		seen = smp_load_acquire(&bench.round);
		complete(&bench.consumer_ready);
		consume_round();
	}
	__set_current_state(TASK_RUNNING);
	park_until_stopped();
	return 0;
}

/* How a thread was scheduled, in the report's words. */
static void report_policy(const char *who, int fifo, int nice)
{
	if (fifo)
		trace_printk("Running %s at SCHED_FIFO %s\n", who,
			     fifo == 1 ? "low" : "high");
	else
		trace_printk("Running %s at nice: %d\n", who, nice);
}

static void report(u64 usecs, unsigned long hit, unsigned long missed)
{
	unsigned long long entries = ring_buffer_entries(bench.buffer);
	unsigned long long overruns = ring_buffer_overruns(bench.buffer);
	unsigned long msecs = div_u64(usecs, USEC_PER_MSEC);

	if (!disable_reader)
		report_policy("Consumer", consumer_fifo, consumer_nice);
	report_policy("Producer", producer_fifo, producer_nice);
	if (!producer_fifo && !consumer_fifo &&
	    producer_nice == MAX_NICE && consumer_nice == MAX_NICE)
		trace_printk("WARNING!!! This test is running at lowest priority.\n");

	trace_printk("Time:     %llu (usecs)\n", usecs);
	trace_printk("Overruns: %llu\n", overruns);
	if (disable_reader)
		trace_printk("Read:     (reader disabled)\n");
	else
		trace_printk("Read:     %lu  (by %s)\n", bench.read,
			     bench.by_pages ? "pages" : "events");
	trace_printk("Entries:  %llu\n", entries);
	trace_printk("Total:    %llu\n", entries + overruns + bench.read);
	trace_printk("Missed:   %lu\n", missed);
	trace_printk("Hit:      %lu\n", hit);

	if (!msecs) {
		trace_printk("TIME IS ZERO??\n");
		msecs = 1;
	}
	hit /= msecs;
	missed /= msecs;
	trace_printk("Entries per millisec: %lu\n", hit);
	if (hit)
		trace_printk("%lu ns per entry\n", NSEC_PER_MSEC / hit);
	if (missed) {
		trace_printk("Total iterations per millisec: %lu\n", hit + missed);
		trace_printk("%lu ns per entry\n", NSEC_PER_MSEC / (hit + missed));
	}
}

/* Hammer the buffer for RUN_SECONDS, then stop the consumer's round. */
static void produce_round(void)
{
	unsigned long hit = 0, missed = 0, bursts = 0;
	struct ring_buffer_event *event;
	ktime_t start, now, end;
	unsigned int i;

	trace_printk("Starting ring buffer hammer\n");
	start = ktime_get();
	end = ktime_add_ns(start, RUN_SECONDS * NSEC_PER_SEC);
	do {
		for (i = 0; i < write_iteration; i++) {
			event = ring_buffer_lock_reserve(bench.buffer, RECORD_BYTES);
			if (!event) {
				missed++;
				continue;
			}
			*(int *)ring_buffer_event_data(event) = smp_processor_id();
			ring_buffer_unlock_commit(bench.buffer, event);
			hit++;
		}
		now = ktime_get();
		if (++bursts % WAKE_EVERY == 0) {
			if (bench.consumer)
				wake_up_process(bench.consumer);
		} else if (!IS_ENABLED(CONFIG_PREEMPTION)) {
			/* Without preemption, let others run between bursts. */
			cond_resched();
		}
	} while (ktime_before(now, end) && !bench_stop());
	trace_printk("End ring buffer hammer\n");

	if (bench.consumer) {
		reinit_completion(&bench.consumer_done);
		/* Release: the completion is reset before the consumer sees the flag. */
		smp_store_release(&bench.round_over, true);
		wake_up_process(bench.consumer);
		wait_for_completion(&bench.consumer_done);
	}
	report(ktime_us_delta(now, start), hit, missed);
}

static int producer_fn(void *unused)
{
	bool by_pages = false;

	while (!bench_stop()) {
		ring_buffer_reset(bench.buffer);
		bench.by_pages = by_pages;
		by_pages = !by_pages;
		WRITE_ONCE(bench.round_over, false);
		if (bench.consumer) {
			reinit_completion(&bench.consumer_ready);
			/* The round's settings before the consumer sees it. */
			smp_store_release(&bench.round, bench.round + 1);
			wake_up_process(bench.consumer);
			wait_for_completion(&bench.consumer_ready);
		}
		produce_round();
		if (bench_stop())
			break;
		trace_printk("Sleeping for %d secs\n", PAUSE_SECONDS);
		schedule_timeout_interruptible(PAUSE_SECONDS * HZ);
	}
	park_until_stopped();
	return 0;
}

static void set_priority(struct task_struct *task, int fifo, int nice)
{
	if (fifo >= 2)
		sched_set_fifo(task);
	else if (fifo == 1)
		sched_set_fifo_low(task);
	else
		set_user_nice(task, nice);
}

static int __init ring_buffer_benchmark_init(void)
{
	int ret;

	init_completion(&bench.consumer_ready);
	init_completion(&bench.consumer_done);
	bench.buffer = ring_buffer_alloc(1000000, RB_FL_OVERWRITE);
	if (!bench.buffer)
		return -ENOMEM;

	if (!disable_reader) {
		bench.consumer = kthread_create(consumer_fn, NULL, "rb_consumer");
		if (IS_ERR(bench.consumer)) {
			ret = PTR_ERR(bench.consumer);
			goto free_buffer;
		}
		set_priority(bench.consumer, consumer_fifo, consumer_nice);
	}

	bench.producer = kthread_create(producer_fn, NULL, "rb_producer");
	if (IS_ERR(bench.producer)) {
		ret = PTR_ERR(bench.producer);
		goto stop_consumer;
	}
	set_priority(bench.producer, producer_fifo, producer_nice);
	wake_up_process(bench.producer);
	return 0;

 stop_consumer:
	if (bench.consumer)
		kthread_stop(bench.consumer);
 free_buffer:
	ring_buffer_free(bench.buffer);
	return ret;
}

static void __exit ring_buffer_benchmark_exit(void)
{
	kthread_stop(bench.producer);
	if (bench.consumer)
		kthread_stop(bench.consumer);
	ring_buffer_free(bench.buffer);
}

module_init(ring_buffer_benchmark_init);
module_exit(ring_buffer_benchmark_exit);

MODULE_DESCRIPTION("ring_buffer_benchmark");
MODULE_LICENSE("GPL");
