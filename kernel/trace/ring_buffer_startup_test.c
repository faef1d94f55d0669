// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time self test of the ring buffer (CONFIG_RING_BUFFER_STARTUP_TEST),
 * included by ring_buffer.c. For RB_TEST_SECONDS a writer thread on each
 * CPU fills a small overwrite buffer with records of varying size, while
 * another thread keeps sending IPIs whose handlers write records nested in
 * whatever the writer was doing. Then every record left is checked (its
 * payload, and per CPU and context its sequence order) and, per CPU, the
 * records read plus those lost must equal those written.
 */

#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/smp.h>
#include <linux/sizes.h>

#define RB_TEST_SECONDS		10
#define RB_TEST_SIZE		SZ_1M
#define RB_TEST_CTXS		2	/* thread, IPI */

struct rb_test_record {
	u32	cpu;
	u32	ctx;
	u32	seq;
	u32	len;
	u8	fill[];
};

struct rb_test_cpu {
	atomic_long_t		written[RB_TEST_CTXS];	/* attempts */
	atomic_long_t		discarded;
	u32			next_seq[RB_TEST_CTXS];
	struct task_struct	*task;
};

static struct trace_buffer *rb_test_buffer;
static struct rb_test_cpu *rb_test_cpus;
static bool rb_test_stop;

static inline u8 rb_test_byte(u32 seq, u32 i)
{
	return (u8)(seq * 31 + i * 7 + 1);
}

/* Write one record of @len payload bytes; every eighth one is discarded. */
static void rb_test_write(int ctx, unsigned int len)
{
	int cpu = raw_smp_processor_id();
	struct rb_test_cpu *tc = &rb_test_cpus[cpu];
	struct ring_buffer_event *event;
	struct rb_test_record *rec;
	u32 seq, i;

	len = max_t(unsigned int, len, sizeof(*rec));
	event = ring_buffer_lock_reserve(rb_test_buffer, len);
	seq = tc->next_seq[ctx]++;
	if (!event) {
		atomic_long_inc(&tc->written[ctx]);
		return;
	}
	rec = ring_buffer_event_data(event);
	rec->cpu = cpu;
	rec->ctx = ctx;
	rec->seq = seq;
	rec->len = len;
	for (i = 0; i < len - sizeof(*rec); i++)
		rec->fill[i] = rb_test_byte(seq, i);
	if (!(seq & 7)) {
		ring_buffer_discard_commit(rb_test_buffer, event);
		atomic_long_inc(&tc->discarded);
		return;
	}
	ring_buffer_unlock_commit(rb_test_buffer, event);
	atomic_long_inc(&tc->written[ctx]);
}

static int rb_test_writer(void *unused)
{
	unsigned int n = 0;

	while (!READ_ONCE(rb_test_stop) && !kthread_should_stop()) {
		preempt_disable();
		rb_test_write(0, 16 + (n * 13) % 240);
		preempt_enable();
		if (!(++n & 63))
			cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void rb_test_ipi(void *unused)
{
	rb_test_write(1, 16 + (raw_smp_processor_id() * 17) % 80);
}

/* Check what is left; returns the number of problems found. */
static int rb_test_verify(void)
{
	struct ring_buffer_event *event;
	struct rb_test_record *rec;
	unsigned long lost, read, written, bad = 0;
	u32 last[RB_TEST_CTXS];
	u64 ts, last_ts;
	int cpu, c;
	u32 i;

	for_each_online_cpu(cpu) {
		struct rb_test_cpu *tc = &rb_test_cpus[cpu];

		read = 0;
		last_ts = 0;
		for (c = 0; c < RB_TEST_CTXS; c++)
			last[c] = U32_MAX;
		while ((event = ring_buffer_consume(rb_test_buffer, cpu, &ts, NULL))) {
			rec = ring_buffer_event_data(event);
			read++;
			if (ts < last_ts)
				bad++;
			last_ts = ts;
			if (rec->cpu != cpu || rec->ctx >= RB_TEST_CTXS ||
			    rec->len > ring_buffer_event_length(event)) {
				bad++;
				continue;
			}
			if (last[rec->ctx] != U32_MAX && rec->seq <= last[rec->ctx])
				bad++;
			last[rec->ctx] = rec->seq;
			for (i = 0; i < rec->len - sizeof(*rec); i++)
				if (rec->fill[i] != rb_test_byte(rec->seq, i)) {
					bad++;
					break;
				}
		}
		written = atomic_long_read(&tc->written[0]) +
			  atomic_long_read(&tc->written[1]);
		lost = ring_buffer_overrun_cpu(rb_test_buffer, cpu) +
		       ring_buffer_dropped_events_cpu(rb_test_buffer, cpu) +
		       ring_buffer_commit_overrun_cpu(rb_test_buffer, cpu);
		pr_info("Ring buffer startup test: CPU %d: written %lu (IPI %lu, discarded %lu), read %lu, lost %lu\n",
			cpu, written, atomic_long_read(&tc->written[1]),
			atomic_long_read(&tc->discarded), read, lost);
		if (read + lost != written) {
			pr_err("Ring buffer startup test: CPU %d: read + lost != written\n",
			       cpu);
			bad++;
		}
		if (!read || !atomic_long_read(&tc->written[1]))
			bad++;
	}
	return bad;
}

static int __init rb_startup_test(void)
{
	unsigned long end;
	int cpu, bad;

	pr_info("Ring buffer startup test: %d s, a writer per CPU plus IPIs\n",
		RB_TEST_SECONDS);
	rb_test_cpus = kcalloc(nr_cpu_ids, sizeof(*rb_test_cpus), GFP_KERNEL);
	rb_test_buffer = ring_buffer_alloc(RB_TEST_SIZE, RB_FL_OVERWRITE);
	if (!rb_test_cpus || !rb_test_buffer) {
		pr_err("Ring buffer startup test: FAILED (no memory)\n");
		goto out;
	}

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct task_struct *t;

		t = kthread_create_on_cpu(rb_test_writer, NULL, cpu, "rbtest/%u");
		if (IS_ERR(t))
			continue;
		rb_test_cpus[cpu].task = t;
		wake_up_process(t);
	}

	end = jiffies + RB_TEST_SECONDS * HZ;
	while (time_before(jiffies, end)) {
		on_each_cpu(rb_test_ipi, NULL, 0);
		usleep_range(100, 200);
	}
	WRITE_ONCE(rb_test_stop, true);
	for_each_online_cpu(cpu)
		if (rb_test_cpus[cpu].task)
			kthread_stop(rb_test_cpus[cpu].task);
	/* IPIs still in flight finish before we count. */
	on_each_cpu(rb_test_ipi, NULL, 1);
	cpus_read_unlock();

	bad = rb_test_verify();
	if (bad)
		pr_err("Ring buffer startup test: FAILED (%d problems)\n", bad);
	else
		pr_info("Ring buffer startup test: PASSED\n");
 out:
	ring_buffer_free(rb_test_buffer);
	kfree(rb_test_cpus);
	return 0;
}
late_initcall(rb_startup_test);
