// SPDX-License-Identifier: GPL-2.0
/*
 * rbbench: the cost of ring_buffer_lock_reserve() + filling the payload +
 * ring_buffer_unlock_commit() in user space, one writer thread per
 * simulated CPU, without and with a concurrent consuming reader.
 *
 * Time is the writer thread's own CPU time (CLOCK_THREAD_CPUTIME_ID), so
 * a writer the host deschedules (2 cores, a reader thread, other load) is
 * not charged for it; cache traffic caused by the reader is charged. The
 * trace clock is the shim's trace_clock_local(): rdtsc scaled to ns, no
 * syscall. No signals are sent: this is the uncontended hot path.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <getopt.h>

#include "shim/kshim.h"
#include <linux/ring_buffer.h>

static struct trace_buffer *buffer;
static int opt_cpus = 2;
static long opt_ops = 2000000;
static int opt_reps = 3;
static int writers_left, go;
static unsigned int cur_len;
static u64 (*cur_clock)(void);

/*
 * A per-thread counter as the trace clock: monotonic per CPU, which is
 * all the ring buffer needs, and nearly free. It shows the ring buffer's
 * own cost apart from the clock's (rdtsc is slow under virtualisation).
 */
static __thread u64 tick;

static u64 counter_clock(void)
{
	return ++tick;
}

struct wres {
	pthread_t thread;
	int cpu;
	double ns;
	long ok;
} __aligned(64);

static struct wres wr[SHIM_MAX_CPUS];

static void pin(int cpu)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % (n > 0 ? n : 1), &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static double thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static noinline long run_ops(long n, unsigned int len)
{
	struct ring_buffer_event *ev;
	long i, ok = 0;
	u32 *p;

	for (i = 0; i < n; i++) {
		ev = ring_buffer_lock_reserve(buffer, len);
		if (unlikely(!ev))
			continue;
		p = ring_buffer_event_data(ev);
		p[0] = i;			/* a store per 8 bytes */
		p[len / 4 - 1] = i;
		ring_buffer_unlock_commit(buffer, ev);
		ok++;
	}
	return ok;
}

static void *writer(void *arg)
{
	struct wres *w = arg;
	double t0;

	pin(w->cpu);
	shim_cpu = w->cpu;
	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		sched_yield();
	run_ops(opt_ops / 10, cur_len);		/* warm up */
	t0 = thread_ns();
	w->ok = run_ops(opt_ops, cur_len);
	w->ns = (thread_ns() - t0) / opt_ops;
	__atomic_fetch_sub(&writers_left, 1, __ATOMIC_RELEASE);
	return NULL;
}

static long reader_count;

static void *reader(void *arg)
{
	u64 ts;
	int c;

	pin(opt_cpus);
	while (__atomic_load_n(&writers_left, __ATOMIC_ACQUIRE)) {
		for (c = 0; c < opt_cpus; c++)
			while (ring_buffer_consume(buffer, c, &ts, NULL))
				reader_count++;
	}
	return NULL;
}

/* Mean ns per reserve+commit over the writers; best of opt_reps runs. */
static double measure(unsigned int len, bool with_reader, long *consumed)
{
	double best = 1e30, sum;
	pthread_t rd;
	int rep, c;

	for (rep = 0; rep < opt_reps; rep++) {
		buffer = ring_buffer_alloc(1 << 20, RB_FL_OVERWRITE);
		if (!buffer) {
			fprintf(stderr, "rbbench: ring_buffer_alloc failed\n");
			exit(1);
		}
		ring_buffer_set_clock(buffer, cur_clock);
		cur_len = len;
		go = 0;
		writers_left = opt_cpus;
		reader_count = 0;
		for (c = 0; c < opt_cpus; c++) {
			wr[c].cpu = c;
			pthread_create(&wr[c].thread, NULL, writer, &wr[c]);
		}
		if (with_reader)
			pthread_create(&rd, NULL, reader, NULL);
		__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
		for (c = 0, sum = 0; c < opt_cpus; c++) {
			pthread_join(wr[c].thread, NULL);
			sum += wr[c].ns;
			if (wr[c].ok != opt_ops) {
				fprintf(stderr, "rbbench: %ld of %ld reserves failed\n",
					opt_ops - wr[c].ok, opt_ops);
				exit(1);
			}
		}
		if (with_reader)
			pthread_join(rd, NULL);
		if (sum / opt_cpus < best) {
			best = sum / opt_cpus;
			*consumed = reader_count;
		}
		ring_buffer_free(buffer);
	}
	return best;
}

static double clock_cost(u64 (*fn)(void))
{
	double t0 = thread_ns();
	u64 sink;
	int i;

	/* A store per call, so that no call's result goes unused. */
	for (i = 0; i < 1000000; i++)
		WRITE_ONCE(sink, fn());
	return (thread_ns() - t0) / 1000000;
}

static u64 mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	static const unsigned int sizes[] = { 8, 32, 128 };
	long consumed_no, consumed_yes;
	double no, yes;
	unsigned int i;
	int opt;

	while ((opt = getopt(argc, argv, "n:N:r:")) != -1) {
		switch (opt) {
		case 'n':
			opt_cpus = atoi(optarg);
			break;
		case 'N':
			opt_ops = atol(optarg);
			break;
		case 'r':
			opt_reps = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: rbbench [-n cpus] [-N ops] [-r repeats]\n");
			return 2;
		}
	}
	if (opt_cpus < 1 || opt_cpus >= SHIM_MAX_CPUS || opt_ops < 1000 || opt_reps < 1)
		return 2;
	shim_nr_cpus = opt_cpus;
	nr_cpu_ids = opt_cpus;

#ifdef SHIM_LOCAL_CPU
	printf("rbbench: local_t = unlocked x86 instructions (kernel semantics)\n");
#else
	printf("rbbench: local_t = __atomic builtins (lock-prefixed RMWs)\n");
#endif
	printf("%d writer(s), %ld reserve+commit each, best of %d; writer thread CPU time\n",
	       opt_cpus, opt_ops, opt_reps);
	printf("trace clock (rdtsc, scaled): %.1f ns/call;", clock_cost(trace_clock_local));
	printf(" clock_gettime(MONOTONIC): %.1f ns/call\n", clock_cost(mono));
	printf("%-9s %14s %14s %14s %14s\n", "", "tsc clock", "tsc clock",
	       "counter clock", "counter clock");
	printf("%-9s %14s %14s %14s %14s\n", "payload", "no reader", "with reader",
	       "no reader", "with reader");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		printf("%4u B   ", sizes[i]);
		cur_clock = trace_clock_local;
		no = measure(sizes[i], false, &consumed_no);
		yes = measure(sizes[i], true, &consumed_yes);
		printf(" %8.1f ns/op %8.1f ns/op", no, yes);
		cur_clock = counter_clock;
		no = measure(sizes[i], false, &consumed_no);
		yes = measure(sizes[i], true, &consumed_yes);
		printf(" %8.1f ns/op %8.1f ns/op\n", no, yes);
		fflush(stdout);
	}
	return 0;
}
