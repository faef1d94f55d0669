// SPDX-License-Identifier: GPL-2.0
/*
 * rbstress: kernel/trace/ring_buffer.c under fire in user space.
 *
 * One writer thread per simulated CPU writes records from four contexts:
 * its task loop, "softirq" sections of that loop, an "irq" signal
 * (SIGUSR1, held off while the thread has irqs off) and an "NMI" signal
 * (SIGUSR2, never held off). Per-thread POSIX timers fire both signals
 * at the writers at a high rate. One reader thread per CPU drains that CPU's
 * buffer, rotating among consuming reads, page reads and iterators. A
 * controller (the main thread) meanwhile flips overwrite mode, resizes,
 * resets CPUs, opens record_disable windows, switches to absolute time
 * stamps and makes the clock jump.
 *
 * Every record carries its writer (CPU, context), a per-writer sequence
 * number, its length, the time the ring buffer gave it (read back with
 * ring_buffer_event_time_stamp() between reserve and commit) and a
 * checksum. README lists the checks; each failure prints "FAIL:" and
 * exits 1.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <getopt.h>
#include <sys/prctl.h>

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id	_sigev_un._tid
#endif

#include "shim/kshim.h"
#include <linux/ring_buffer.h>

#define NCTX		4
enum { CTX_TASK, CTX_SOFTIRQ, CTX_IRQ, CTX_NMI };
static const char *const ctx_name[NCTX] = { "task", "softirq", "irq", "nmi" };

#define SIG_IRQ		SIGUSR1
#define SIG_NMI		SIGUSR2

/* What a data page looks like (ABI; see events/header_page). */
#define PAGE_HDR	16
#define PAGE_DATA	(PAGE_SIZE - PAGE_HDR)
#define MISSED_EVENTS	BIT(31)
#define MISSED_STORED	BIT(30)

/* Payload layout, see rec_fill(). */
#define REC_MIN		8
#define REC_CSUM	16	/* from this length on: a 32-bit checksum */
#define REC_TS		24	/* from this length on: the record's time */
#define REC_MAX		4000
#define REC_TOO_BIG	PAGE_SIZE	/* refused, and counted as dropped */

/* Allowed distance of a record's time ahead of a reader's clock (TSC skew). */
#define TS_SLACK_NS	(10ULL * 1000 * 1000)

enum fault {
	FAULT_NONE,
	FAULT_CORRUPT,	/* flip a payload byte after checksumming */
	FAULT_SKIP,	/* do not count one committed record */
	FAULT_ORDER,	/* reuse a sequence number */
	FAULT_TS,	/* store a wrong time in the payload */
};

struct wstate {
	pthread_t thread;
	int cpu;
	u64 rng[NCTX];
	u32 seq[NCTX];
	/* Bumped from every interrupt level of this thread: atomic RMWs. */
	unsigned long attempts, written, discarded, counted_drops, refusals;
	unsigned long classified;
	unsigned long ctx_written[NCTX];
	unsigned long irq_runs, irq_deferred, nmi_runs;
	/* -F skip done (cpu 0's task context alone reads and sets it) */
	int skipped;
	/* Read by this thread's signal handlers: READ_ONCE/WRITE_ONCE. */
	int handlers_off;
	int park_req, parked, stop;
	timer_t timer[2];
} __aligned(64);

struct rstate {
	pthread_t thread;
	int cpu;
	u64 rng;
	s64 last_seq[NCTX];
	u64 last_ts;
	unsigned long consumed, consumed_at_reset;
	unsigned long by_consume, by_page, by_iter;
	unsigned long pages_whole, pages_partial, iter_passes, iter_dropped;
	unsigned long lost_reported, waits;
	void *rpage;
	unsigned long iter_gen;		/* odd while an iterator is open */
	int park_req, parked, stop, done;
} __aligned(64);

/* Counters of a CPU saved by the controller before each reset. */
struct acc {
	unsigned long overrun, dropped, commit_overrun, kread, reset_lost, resets;
};

static struct trace_buffer *buffer;
static struct wstate ws[SHIM_MAX_CPUS];
static struct rstate rs[SHIM_MAX_CPUS];
static struct acc acc[SHIM_MAX_CPUS];
static __thread struct wstate *cur_w;

static int opt_cpus = 2;
static int opt_secs = 5;
static u64 opt_seed;
static int opt_irq_us = 25;
static int opt_pages = 8;
static enum fault opt_fault;
static int opt_quiet;
static unsigned long opt_off;	/* -X: features turned off, for bisecting */

enum {
	OFF_RESIZE = 0x1, OFF_RESET = 0x2, OFF_WINDOW = 0x4, OFF_JUMP = 0x8,
	OFF_ABS = 0x10, OFF_DISCARD = 0x20, OFF_BURST = 0x40, OFF_NMI = 0x80,
	OFF_IRQ = 0x100, OFF_FLIP = 0x200, OFF_COPYW = 0x400, OFF_PAGES = 0x800,
	OFF_ITER = 0x1000,
};

#define OFF(f)	(opt_off & OFF_##f)

static u64 clock_jump;		/* added to the trace clock */
static unsigned long win_gen;	/* odd while a record_disable window is open */
static unsigned long n_resize, n_resize_busy, n_window, n_jump, n_abs, n_flip;

/* ------------------------------------------------------------ helpers */

static void sleep_us(long us);

/*
 * fail() formats too long to share a line with the call, kept whole so
 * that a failure message can be grepped for.
 */
#define FAIL_CSUM8 \
	"cpu %d %s: checksum mismatch (8-bit) in record len %u seq %u%s [h %08x/%02x stored %08x/%02x]"
#define FAIL_REFUSED \
	"cpu %d %s: reserve of %u bytes refused without counting it, outside any record_disable window%s"
#define FAIL_RESIZED \
	"cpu %d %s: the ring was resized (%zu -> %zu pages) between reserve and commit"
#define FAIL_RESIZE_ITER \
	"cpu %d: ring_buffer_resize() succeeded under an open iterator"

static __printf(1, 2) __noreturn void fail(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	n = snprintf(buf, sizeof(buf), "rbstress: FAIL: ");
	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 64)
		n = sizeof(buf) - 64;
	n += snprintf(buf + n, sizeof(buf) - n, " (seed %llu)\n",
		      (unsigned long long)opt_seed);
	/* Let a ring buffer sanity check racing with us say what it saw. */
	sleep_us(200000);
	if (write(2, buf, n) < 0)
		_exit(2);
	_exit(1);
}

static u64 rnd(u64 *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static u64 rnd_range(u64 *s, u64 lo, u64 hi)
{
	return lo + rnd(s) % (hi - lo + 1);
}

static void add(unsigned long *c, unsigned long n)
{
	__atomic_fetch_add(c, n, __ATOMIC_RELAXED);
}

static unsigned long get(unsigned long *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

static u64 test_clock(void)
{
	return trace_clock_local() + __atomic_load_n(&clock_jump, __ATOMIC_RELAXED);
}

static void pin(int cpu)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % (n > 0 ? n : 1), &set);
	sched_setaffinity(0, sizeof(set), &set);
	prctl(PR_SET_TIMERSLACK, 1000UL);
}

/* ------------------------------------------------------------ records */

static u32 rec_hash(const u8 *p, unsigned int len)
{
	u32 h = 2166136261u;
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (i == 7 || (len >= REC_CSUM && i >= 8 && i < 12))
			continue;
		h = (h ^ p[i]) * 16777619u;
	}
	return h;
}

static u8 fold8(u32 h)
{
	return h ^ (h >> 8) ^ (h >> 16) ^ (h >> 24);
}

/*
 * Bytes 0-3 sequence, 4-5 length | context << 13, 6 CPU, 7 8-bit check;
 * from REC_CSUM bytes 8-11 a 32-bit check; from REC_TS bytes 16-23 the
 * record's time; the rest a pattern. The checks cover every other byte.
 */
static void rec_fill(u8 *p, unsigned int len, int cpu, int ctx, u32 seq, u64 ts)
{
	u16 lc = len | ctx << 13;
	unsigned int i;
	u32 h;

	memcpy(p, &seq, 4);
	memcpy(p + 4, &lc, 2);
	p[6] = cpu;
	for (i = 8; i < len; i++)
		p[i] = seq * 31 + i * 7 + cpu;
	if (len >= REC_TS)
		memcpy(p + 16, &ts, 8);
	h = rec_hash(p, len);
	p[7] = fold8(h);
	if (len >= REC_CSUM)
		memcpy(p + 8, &h, 4);
}

struct rec {
	u32 seq;
	unsigned int len;
	int cpu, ctx;
	bool has_ts;
	u64 ts;
};

static const char *const kind_name[] = { "consume", "page", "iter" };
enum { K_CONSUME, K_PAGE, K_ITER };

/* Where a damaged record first departs from its pattern. */
static const char *rec_diag(const u8 *p, unsigned int len)
{
	static __thread char buf[256];
	u32 seq;
	unsigned int i, bad = 0;
	u8 want;

	memcpy(&seq, p, 4);
	for (i = 12; i < len; i++) {
		if (len >= REC_TS && i >= 16 && i < 24)
			continue;
		want = seq * 31 + i * 7 + p[6];
		if (p[i] != want) {
			if (!bad)
				snprintf(buf, sizeof(buf),
					 " (byte %u is %#x, want %#x; page offset %#lx",
					 i, p[i], want, (unsigned long)&p[i] & (PAGE_SIZE - 1));
			bad++;
		}
	}
	if (!bad) {
		int n = snprintf(buf, sizeof(buf), " (pattern intact; page offset %#lx; hdr-8..24:",
				 (unsigned long)p & (PAGE_SIZE - 1));

		for (i = 0; i < 32 && n < (int)sizeof(buf) - 4; i += 4) {
			u32 v;

			memcpy(&v, p - 8 + i, 4);
			n += snprintf(buf + n, sizeof(buf) - n, " %08x", v);
		}
		snprintf(buf + n, sizeof(buf) - n, ")");
		return buf;
	}
	snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), ", %u bad bytes)", bad);
	return buf;
}

/* Parse and verify one payload of @elen bytes (the event's length). */
static void rec_check(int cpu, int kind, const u8 *p, unsigned int elen, struct rec *r)
{
	u16 lc;
	u32 h, h2;

	if (elen < REC_MIN)
		fail("cpu %d %s: record of %u bytes, shorter than any written",
		     cpu, kind_name[kind], elen);
	memcpy(&r->seq, p, 4);
	memcpy(&lc, p + 4, 2);
	r->len = lc & 0x1fff;
	r->ctx = lc >> 13;
	r->cpu = p[6];
	if (r->len < REC_MIN || r->len > elen || elen > ALIGN(r->len, 4) + 4)
		fail("cpu %d %s: payload length %u does not fit the event length %u",
		     cpu, kind_name[kind], r->len, elen);
	h = rec_hash(p, r->len);
	if (p[7] != fold8(h)) {
		memcpy(&h2, p + 8, 4);
		fail(FAIL_CSUM8, cpu, kind_name[kind], r->len, r->seq, rec_diag(p, r->len),
		     h, fold8(h), h2, p[7]);
	}
	if (r->len >= REC_CSUM) {
		memcpy(&h2, p + 8, 4);
		if (h2 != h)
			fail("cpu %d %s: checksum mismatch in record len %u seq %u%s",
			     cpu, kind_name[kind], r->len, r->seq, rec_diag(p, r->len));
	}
	if (r->cpu != cpu || r->ctx >= NCTX)
		fail("cpu %d %s: record of cpu %d ctx %d in this CPU's buffer",
		     cpu, kind_name[kind], r->cpu, r->ctx);
	r->has_ts = r->len >= REC_TS;
	if (r->has_ts)
		memcpy(&r->ts, p + 16, 8);
}

/*
 * Order and time of a record a reader saw. @last_seq/@last_ts are the
 * reader's state for consumed records, or an iterator pass's own.
 */
static void rec_order(int cpu, int kind, struct rec *r, u64 ts,
		      s64 *last_seq, u64 *last_ts)
{
	u64 now;

	if ((s64)r->seq <= last_seq[r->ctx])
		fail("cpu %d %s: %s sequence %u after %lld: order lost or record duplicated",
		     cpu, kind_name[kind], ctx_name[r->ctx], r->seq,
		     (long long)last_seq[r->ctx]);
	last_seq[r->ctx] = r->seq;
	if (ts < *last_ts)
		fail("cpu %d %s: time went backwards: %llu after %llu (%s seq %u)",
		     cpu, kind_name[kind], (unsigned long long)ts,
		     (unsigned long long)*last_ts, ctx_name[r->ctx], r->seq);
	*last_ts = ts;
	if (r->has_ts && r->ts != ts)
		fail("cpu %d %s: %s seq %u: read time %llu, writer was given %llu",
		     cpu, kind_name[kind], ctx_name[r->ctx], r->seq,
		     (unsigned long long)ts, (unsigned long long)r->ts);
	now = test_clock();
	if (ts > now + TS_SLACK_NS)
		fail("cpu %d %s: record time %llu is in the future (now %llu)",
		     cpu, kind_name[kind], (unsigned long long)ts,
		     (unsigned long long)now);
}

/* --------------------------------------------------------- the writers */

static unsigned long kernel_drops(int cpu)
{
	return ring_buffer_dropped_events_cpu(buffer, cpu) +
	       ring_buffer_commit_overrun_cpu(buffer, cpu);
}

static unsigned int pick_len(u64 *rng)
{
	u64 r = rnd(rng) % 1000;

	if (r < 400)
		return rnd_range(rng, REC_MIN, 31);
	if (r < 900)
		return rnd_range(rng, 32, 160);
	if (r < 990)
		return rnd_range(rng, 161, 1000);
	if (r < 998)
		return rnd_range(rng, 1001, REC_MAX);
	return REC_TOO_BIG;
}

/*
 * A reserve that returned NULL was either counted by the ring buffer
 * (dropped_events or commit_overrun went up by one) or refused silently
 * (recording disabled). Nested contexts may count their own drops
 * between our two looks at the counters; they add theirs to
 * w->classified, which we subtract. Any other difference means a
 * refused record was counted twice or a counter moved by itself.
 */
/*
 * The two counters are read as one snapshot: a nested context that
 * counts a drop between the two reads moves both, so read again.
 */
static void drop_snapshot(struct wstate *w, unsigned long *d, unsigned long *c)
{
	unsigned long c1;

	do {
		*c = get(&w->classified);
		signal_barrier();
		*d = kernel_drops(w->cpu);
		signal_barrier();
		c1 = get(&w->classified);
	} while (c1 != *c);
}

static void classify_null(struct wstate *w, unsigned long d0, unsigned long c0,
			  unsigned long g0, unsigned int len)
{
	unsigned long g1 = __atomic_load_n(&win_gen, __ATOMIC_ACQUIRE);
	unsigned long d1, c1;
	long own;

	drop_snapshot(w, &d1, &c1);
	own = (long)(d1 - d0) - (long)(c1 - c0);

	if (own == 1) {
		add(&w->classified, 1);
		add(&w->counted_drops, 1);
		return;
	}
	if (own != 0)
		fail("cpu %d: one refused reserve moved dropped_events+commit_overrun by %ld",
		     w->cpu, own);
	if (!(g0 & 1) && g0 == g1)
		fail(FAIL_REFUSED, w->cpu, ctx_name[READ_ONCE(shim_ctx_level)], len,
		     ring_buffer_record_is_on(buffer) ? "" :
		     " (the buffer is disabled: a ring buffer sanity check fired)");
	add(&w->refusals, 1);
}

static void write_one(struct wstate *w, int ctx, bool big)
{
	u64 *rng = &w->rng[ctx];
	unsigned int len = big ? rnd_range(rng, 1000, REC_MAX) : pick_len(rng);
	struct ring_buffer_event *ev;
	unsigned long d0, c0, g0;
	size_t npages;
	u64 t0, ets;
	u32 seq;
	u8 *p;
	int how = rnd(rng) % 64;

	g0 = __atomic_load_n(&win_gen, __ATOMIC_ACQUIRE);
	drop_snapshot(w, &d0, &c0);
	t0 = test_clock();
	add(&w->attempts, 1);

	if (how == 0 && len <= REC_MAX && !OFF(COPYW)) {
		/* The copying interface; the time is unknown before the copy. */
		u8 buf[REC_MAX];

		seq = w->seq[ctx];
		rec_fill(buf, len < REC_TS ? len : REC_TS - 1, w->cpu, ctx, seq, 0);
		if (ring_buffer_write(buffer, len < REC_TS ? len : REC_TS - 1, buf)) {
			classify_null(w, d0, c0, g0, len);
			return;
		}
		w->seq[ctx] = seq + 1;
		add(&w->written, 1);
		add(&w->ctx_written[ctx], 1);
		return;
	}

	ev = ring_buffer_lock_reserve(buffer, len);
	if (!ev) {
		classify_null(w, d0, c0, g0, len);
		return;
	}
	if (len == REC_TOO_BIG)
		fail("cpu %d: a reserve of %u bytes succeeded", w->cpu, len);
	/* Resizes quiesce writers: none may complete while we hold a record. */
	npages = ring_buffer_nr_pages(buffer, w->cpu);
	if (ring_buffer_event_length(ev) < len ||
	    ring_buffer_event_length(ev) > ALIGN(len, 4) + 4)
		fail("cpu %d: reserved %u bytes, event length %u", w->cpu, len,
		     ring_buffer_event_length(ev));
	ets = ring_buffer_event_time_stamp(buffer, ev);
	if (ets < t0)
		fail("cpu %d %s: record time %llu before the clock read before reserving (%llu)",
		     w->cpu, ctx_name[ctx], (unsigned long long)ets,
		     (unsigned long long)t0);

	seq = w->seq[ctx]++;
	if (opt_fault == FAULT_ORDER && seq % 500 == 499)
		w->seq[ctx]--;
	if (opt_fault == FAULT_TS && seq % 500 == 499)
		ets++;
	p = ring_buffer_event_data(ev);
	rec_fill(p, len, w->cpu, ctx, seq, ets);
	if (opt_fault == FAULT_CORRUPT && seq % 500 == 499 && len >= REC_CSUM)
		p[len - 1] ^= 0x40;

	if (ring_buffer_nr_pages(buffer, w->cpu) != npages)
		fail(FAIL_RESIZED, w->cpu, ctx_name[ctx], npages,
		     ring_buffer_nr_pages(buffer, w->cpu));
	if (how == 1 && !OFF(DISCARD)) {
		ring_buffer_discard_commit(buffer, ev);
		add(&w->discarded, 1);
		return;
	}
	ring_buffer_unlock_commit(buffer, ev);
	/*
	 * The first record this path commits from seq 1000 on: seq 1000
	 * itself may have been discarded or copied in, and the fault must
	 * happen in every run for the teeth to bite.
	 */
	if (opt_fault == FAULT_SKIP && w->cpu == 0 && ctx == CTX_TASK &&
	    seq >= 1000 && !w->skipped) {
		w->skipped = 1;
		return;
	}
	add(&w->written, 1);
	add(&w->ctx_written[ctx], 1);
}

/* The "irq": irqs off and interrupt_context_level() 2 while it runs. */
static void run_irq(struct wstate *w)
{
	int level = READ_ONCE(shim_ctx_level), off = READ_ONCE(shim_irqs_off), n;

	WRITE_ONCE(shim_irqs_off, 1);
	WRITE_ONCE(shim_ctx_level, CTX_IRQ);
	signal_barrier();
	add(&w->irq_runs, 1);
	/*
	 * Now and then a burst of big records: with a small ring it wraps
	 * onto the page of the writer we interrupted (commit_overrun).
	 */
	if (rnd(&w->rng[CTX_IRQ]) % 32 == 0 && !OFF(BURST)) {
		for (n = 0; n < 8; n++)
			write_one(w, CTX_IRQ, true);
	} else {
		for (n = rnd(&w->rng[CTX_IRQ]) % 3; n >= 0; n--)
			write_one(w, CTX_IRQ, false);
	}
	signal_barrier();
	WRITE_ONCE(shim_ctx_level, level);
	WRITE_ONCE(shim_irqs_off, off);
}

/* local_irq_restore() with an irq pending: it fires now. */
static void irq_replay(void)
{
	struct wstate *w = cur_w;

	while (READ_ONCE(shim_irq_pending)) {
		WRITE_ONCE(shim_irq_pending, 0);
		signal_barrier();
		if (w && !READ_ONCE(w->handlers_off))
			run_irq(w);
	}
}

static void sig_irq(int sig)
{
	struct wstate *w = cur_w;
	int saved = errno;

	if (w && !READ_ONCE(w->handlers_off) && !OFF(IRQ)) {
		if (READ_ONCE(shim_irqs_off)) {
			/* Masked: stays pending until irqs come back on. */
			WRITE_ONCE(shim_irq_pending, 1);
			add(&w->irq_deferred, 1);
		} else {
			run_irq(w);
		}
	}
	errno = saved;
}

/* The "NMI": ignores the irqs-off flag; SIG_IRQ is blocked while it runs. */
static void sig_nmi(int sig)
{
	struct wstate *w = cur_w;
	int saved = errno, level, off;

	if (w && !READ_ONCE(w->handlers_off) && !OFF(NMI)) {
		level = READ_ONCE(shim_ctx_level);
		off = READ_ONCE(shim_irqs_off);
		WRITE_ONCE(shim_irqs_off, 1);
		WRITE_ONCE(shim_ctx_level, CTX_NMI);
		signal_barrier();
		add(&w->nmi_runs, 1);
		write_one(w, CTX_NMI, false);
		signal_barrier();
		WRITE_ONCE(shim_ctx_level, level);
		WRITE_ONCE(shim_irqs_off, off);
	}
	errno = saved;
}

/*
 * Interrupt sources: two POSIX timers per writer thread, delivering their
 * signal to that thread (SIGEV_THREAD_ID) from the host's hrtimers. No
 * sender thread needs the CPU, and a timer that fires while the thread
 * is descheduled interrupts it wherever it stopped.
 */
static void start_timers(struct wstate *w)
{
	struct sigevent sev;
	struct itimerspec its;
	long us[2] = { opt_irq_us, opt_irq_us * 37 / 10 + 1 };
	int sig[2] = { SIG_IRQ, SIG_NMI }, i;

	for (i = 0; i < 2; i++) {
		memset(&sev, 0, sizeof(sev));
		sev.sigev_notify = SIGEV_THREAD_ID;
		sev.sigev_signo = sig[i];
		sev.sigev_notify_thread_id = gettid();
		if (timer_create(CLOCK_MONOTONIC, &sev, &w->timer[i]))
			fail("timer_create: %s", strerror(errno));
		its.it_interval.tv_sec = us[i] / 1000000;
		its.it_interval.tv_nsec = us[i] % 1000000 * 1000;
		its.it_value = its.it_interval;
		if (timer_settime(w->timer[i], 0, &its, NULL))
			fail("timer_settime: %s", strerror(errno));
	}
}

static void stop_timers(struct wstate *w)
{
	timer_delete(w->timer[0]);
	timer_delete(w->timer[1]);
}

static void writer_park(struct wstate *w)
{
	/* Handlers stand down first: nothing of ours is mid-record now. */
	WRITE_ONCE(w->handlers_off, 1);
	signal_barrier();
	shim_rcu_idle_enter();
	__atomic_store_n(&w->parked, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&w->park_req, __ATOMIC_ACQUIRE))
		sleep_us(50);
	__atomic_store_n(&w->parked, 0, __ATOMIC_RELEASE);
	shim_rcu_idle_exit();
	signal_barrier();
	WRITE_ONCE(w->handlers_off, 0);
}

static void *writer_main(void *arg)
{
	struct wstate *w = arg;
	unsigned long flags;
	int i, n;

	pin(w->cpu);
	shim_cpu = w->cpu;
	cur_w = w;
	shim_rcu_idle_exit();
	signal_barrier();
	WRITE_ONCE(w->handlers_off, 0);
	start_timers(w);

	while (!__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE)) {
		shim_rcu_qs();
		if (__atomic_load_n(&w->park_req, __ATOMIC_ACQUIRE))
			writer_park(w);
		n = rnd_range(&w->rng[CTX_TASK], 1, 64);
		for (i = 0; i < n; i++) {
			switch (rnd(&w->rng[CTX_TASK]) % 16) {
			case 0:
				/* A softirq section: irqs and NMIs nest in it. */
				preempt_disable();
				WRITE_ONCE(shim_ctx_level, CTX_SOFTIRQ);
				signal_barrier();
				write_one(w, CTX_SOFTIRQ, false);
				write_one(w, CTX_SOFTIRQ, false);
				signal_barrier();
				WRITE_ONCE(shim_ctx_level, CTX_TASK);
				preempt_enable();
				break;
			case 1:
				/* An irqs-off section: a pending irq fires at the end. */
				local_irq_save(flags);
				write_one(w, CTX_TASK, false);
				local_irq_restore(flags);
				break;
			default:
				write_one(w, CTX_TASK, false);
			}
		}
		/* Let readers (and the host) have the CPU now and then. */
		if (rnd(&w->rng[CTX_TASK]) % 4 == 0)
			sleep_us(rnd(&w->rng[CTX_TASK]) % 200);
	}

	stop_timers(w);
	WRITE_ONCE(w->handlers_off, 1);
	signal_barrier();
	shim_rcu_idle_enter();
	return NULL;
}

/* --------------------------------------------------------- the readers */

static void read_consume(struct rstate *r)
{
	struct ring_buffer_event *e, *pe;
	unsigned long lost, before;
	struct rec rec;
	u64 ts, pts = 0;
	int i;

	for (i = 0; i < 64; i++) {
		pe = NULL;
		if (rnd(&r->rng) % 4 == 0)
			pe = ring_buffer_peek(buffer, r->cpu, &pts, NULL);
		before = ring_buffer_read_events_cpu(buffer, r->cpu);
		lost = 0;
		e = ring_buffer_consume(buffer, r->cpu, &ts, &lost);
		if (!e)
			break;
		/* We are this CPU's only reader: peek and consume agree. */
		if (pe && (pe != e || pts != ts))
			fail("cpu %d consume: peek saw %p at %llu, consume got %p at %llu",
			     r->cpu, (void *)pe, (unsigned long long)pts, (void *)e,
			     (unsigned long long)ts);
		if (ring_buffer_read_events_cpu(buffer, r->cpu) != before + 1)
			fail("cpu %d consume: read counter moved from %lu to %lu for one record",
			     r->cpu, before, ring_buffer_read_events_cpu(buffer, r->cpu));
		r->lost_reported += lost;
		rec_check(r->cpu, K_CONSUME, ring_buffer_event_data(e),
			  ring_buffer_event_length(e), &rec);
		rec_order(r->cpu, K_CONSUME, &rec, ts, r->last_seq, &r->last_ts);
		r->consumed++;
		r->by_consume++;
	}
}

static u64 abs_time(u64 val, u64 near)
{
	const u64 mask = (1ULL << 59) - 1;

	val |= near & ~mask;
	if (val + (1ULL << 58) < near)
		val += 1ULL << 59;
	return val;
}

/*
 * Decode a page from ring_buffer_read_page(): header (u64 time stamp,
 * local_t commit with the MISSED_* flags), then 4-byte event headers,
 * type_len:5 time_delta:27. Returns the number of data records.
 */
static unsigned long decode_page(struct rstate *r, const u8 *page, size_t len_arg)
{
	unsigned long commit, n = 0, lost;
	unsigned int pos = 0, type, delta, size, end;
	const u8 *data = page + PAGE_HDR;
	u32 hdr, a0;
	u64 ts;
	struct rec rec;

	memcpy(&ts, page, 8);
	memcpy(&commit, page + 8, 8);
	end = commit & ~(MISSED_EVENTS | MISSED_STORED);
	if (end > PAGE_DATA || end > len_arg - PAGE_HDR)
		fail("cpu %d page: %u bytes of data for a %zu-byte read",
		     r->cpu, end, len_arg);
	if ((commit & MISSED_STORED) && !(commit & MISSED_EVENTS))
		fail("cpu %d page: MISSED_STORED without MISSED_EVENTS", r->cpu);
	if (commit & MISSED_STORED) {
		memcpy(&lost, data + end, sizeof(lost));
		if (!lost)
			fail("cpu %d page: stored a count of 0 missed events", r->cpu);
		r->lost_reported += lost;
	}

	while (pos < end) {
		if (end - pos < 4)
			fail("cpu %d page: %u stray bytes at the end", r->cpu, end - pos);
		memcpy(&hdr, data + pos, 4);
		type = hdr & 31;
		delta = hdr >> 5;
		a0 = 0;
		if (end - pos >= 8)
			memcpy(&a0, data + pos + 4, 4);
		switch (type) {
		case RINGBUF_TYPE_PADDING:
			if (!delta) {
				size = end - pos;	/* the rest of the page */
				break;
			}
			size = a0 + 4;
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			ts += ((u64)a0 << 27) + delta;
			size = 8;
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			ts = abs_time(((u64)a0 << 27) + delta, ts);
			size = 8;
			break;
		case 0:
			size = a0 + 4;
			if (a0 < 4 || pos + size > end)
				fail("cpu %d page: bad long record length %u", r->cpu, a0);
			ts += delta;
			rec_check(r->cpu, K_PAGE, data + pos + 8, a0 - 4, &rec);
			rec_order(r->cpu, K_PAGE, &rec, ts, r->last_seq, &r->last_ts);
			n++;
			break;
		default:
			size = type * 4 + 4;
			if (pos + size > end)
				fail("cpu %d page: record runs past the data", r->cpu);
			ts += delta;
			rec_check(r->cpu, K_PAGE, data + pos + 4, type * 4, &rec);
			rec_order(r->cpu, K_PAGE, &rec, ts, r->last_seq, &r->last_ts);
			n++;
		}
		if (pos + size > end || size < 4)
			fail("cpu %d page: entry type %u size %u at %u runs past %u",
			     r->cpu, type, size, pos, end);
		pos += size;
	}
	return n;
}

static void read_pages(struct rstate *r)
{
	unsigned long before, after, n;
	size_t len;
	int i, full;

	for (i = 0; i < 4; i++) {
		len = PAGE_SIZE;
		if (rnd(&r->rng) % 3 == 0)
			len = rnd_range(&r->rng, PAGE_HDR + 8, PAGE_SIZE);
		full = rnd(&r->rng) % 4 == 0;
		before = ring_buffer_read_events_cpu(buffer, r->cpu);
		if (ring_buffer_read_page(buffer, &r->rpage, len, r->cpu, full))
			return;
		after = ring_buffer_read_events_cpu(buffer, r->cpu);
		n = decode_page(r, r->rpage, len);
		if (after - before != n)
			fail("cpu %d page: read counter moved by %lu, page holds %lu records",
			     r->cpu, after - before, n);
		r->consumed += n;
		r->by_page += n;
		if (len == PAGE_SIZE)
			r->pages_whole++;
		else
			r->pages_partial++;
	}
}

static void read_iter(struct rstate *r)
{
	struct ring_buffer_iter *it;
	struct ring_buffer_event *e;
	s64 seq[NCTX];
	u64 last, ts;
	struct rec rec;
	size_t npages;
	int i, n = rnd_range(&r->rng, 1, 512);

	it = ring_buffer_read_start(buffer, r->cpu, GFP_KERNEL);
	if (!it)
		fail("cpu %d iter: ring_buffer_read_start failed", r->cpu);
	__atomic_fetch_add(&r->iter_gen, 1, __ATOMIC_SEQ_CST);
	npages = ring_buffer_nr_pages(buffer, r->cpu);
	/* Whatever it shows is unconsumed, so newer than what we consumed. */
	memcpy(seq, r->last_seq, sizeof(seq));
	last = r->last_ts;
	for (i = 0; i < n; i++) {
		e = ring_buffer_iter_peek(it, &ts);
		if (!e)
			break;
		if (ring_buffer_iter_dropped(it))
			r->iter_dropped++;
		rec_check(r->cpu, K_ITER, ring_buffer_event_data(e),
			  ring_buffer_event_length(e), &rec);
		rec_order(r->cpu, K_ITER, &rec, ts, seq, &last);
		r->by_iter++;
		ring_buffer_iter_advance(it);
		if (rnd(&r->rng) % 256 == 0) {
			ring_buffer_iter_reset(it);
			memcpy(seq, r->last_seq, sizeof(seq));
			last = r->last_ts;
		}
	}
	r->iter_passes++;
	/* An open iterator holds ring pages: no resize may happen under it. */
	if (ring_buffer_nr_pages(buffer, r->cpu) != npages)
		fail("cpu %d iter: the ring was resized (%zu -> %zu pages) under an open iterator",
		     r->cpu, npages, ring_buffer_nr_pages(buffer, r->cpu));
	__atomic_fetch_add(&r->iter_gen, 1, __ATOMIC_SEQ_CST);
	ring_buffer_read_finish(it);
}

static void reader_park(struct rstate *r)
{
	__atomic_store_n(&r->parked, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&r->park_req, __ATOMIC_ACQUIRE))
		sleep_us(50);
	__atomic_store_n(&r->parked, 0, __ATOMIC_RELEASE);
}

static void *reader_main(void *arg)
{
	struct rstate *r = arg;
	unsigned long round = 0, before;

	pin(r->cpu + 1);
	r->rpage = ring_buffer_alloc_read_page(buffer, r->cpu);
	if (IS_ERR(r->rpage))
		fail("cpu %d: ring_buffer_alloc_read_page failed", r->cpu);

	while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE)) {
		if (__atomic_load_n(&r->park_req, __ATOMIC_ACQUIRE))
			reader_park(r);
		before = r->consumed + r->by_iter;
		switch ((round++ / 8) % 3) {
		case 0:
			read_consume(r);
			break;
		case 1:
			if (!OFF(PAGES))
				read_pages(r);
			break;
		default:
			if (!OFF(ITER))
				read_iter(r);
		}
		if (r->consumed + r->by_iter != before)
			continue;
		if (rnd(&r->rng) % 8 == 0) {
			/* Woken by a commit, or by the controller. */
			r->waits++;
			ring_buffer_wait(buffer, r->cpu, rnd(&r->rng) % 2 ? 0 : 25);
		} else {
			sleep_us(rnd(&r->rng) % 100);
		}
	}

	/* Writers are gone: drain the rest with both consuming reads. */
	for (;;) {
		before = r->consumed;
		read_pages(r);
		read_consume(r);
		if (r->consumed == before)
			break;
	}
	ring_buffer_free_read_page(buffer, r->cpu, r->rpage);
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* -------------------------------------------------------- the controller */

static void park(int *req, int *parked, int cpu, bool reader)
{
	__atomic_store_n(req, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(parked, __ATOMIC_ACQUIRE)) {
		/* A reader may sleep in ring_buffer_wait(). */
		if (reader)
			ring_buffer_wake_waiters(buffer, cpu);
		sleep_us(50);
	}
}

static void unpark(int *req, int *parked)
{
	__atomic_store_n(req, 0, __ATOMIC_RELEASE);
	while (__atomic_load_n(parked, __ATOMIC_ACQUIRE))
		sleep_us(20);
}

/*
 * ring_buffer_reset_cpu() zeroes the CPU's counters and drops what is
 * buffered, so the books are closed first. Its writer is parked in task
 * context with its signal handlers standing down, so no writer of the
 * CPU is between reserve and commit and none starts; its reader (the
 * only one) is parked outside the ring buffer. Nothing else touches the
 * CPU's counters, so what the accessors return is exact and stays so
 * until the reset: entries_cpu records are discarded by it, and
 * overrun/dropped/commit_overrun/read carry over into acc[].
 */
static void reset_cpu(int cpu)
{
	struct acc *a = &acc[cpu];
	struct rstate *r = &rs[cpu];
	unsigned long buffered, kread;

	park(&r->park_req, &r->parked, cpu, true);
	park(&ws[cpu].park_req, &ws[cpu].parked, cpu, false);

	buffered = ring_buffer_entries_cpu(buffer, cpu);
	kread = ring_buffer_read_events_cpu(buffer, cpu);
	if (kread != r->consumed - r->consumed_at_reset)
		fail("cpu %d: kernel counts %lu records read, the reader consumed %lu",
		     cpu, kread, r->consumed - r->consumed_at_reset);
	a->overrun += ring_buffer_overrun_cpu(buffer, cpu);
	a->dropped += ring_buffer_dropped_events_cpu(buffer, cpu);
	a->commit_overrun += ring_buffer_commit_overrun_cpu(buffer, cpu);
	a->kread += kread;
	a->reset_lost += buffered;
	a->resets++;
	r->consumed_at_reset = r->consumed;

	ring_buffer_reset_cpu(buffer, cpu);

	if (ring_buffer_entries_cpu(buffer, cpu) || ring_buffer_overrun_cpu(buffer, cpu) ||
	    ring_buffer_read_events_cpu(buffer, cpu) || kernel_drops(cpu) ||
	    !ring_buffer_empty_cpu(buffer, cpu) || ring_buffer_bytes_cpu(buffer, cpu))
		fail("cpu %d: not empty after ring_buffer_reset_cpu", cpu);
	unpark(&ws[cpu].park_req, &ws[cpu].parked);
	unpark(&r->park_req, &r->parked);
}

static void park_all_writers(bool on)
{
	int c;

	for (c = 0; c < opt_cpus; c++) {
		if (on)
			park(&ws[c].park_req, &ws[c].parked, c, false);
		else
			unpark(&ws[c].park_req, &ws[c].parked);
	}
}

static void disable_window(u64 *rng)
{
	int kind = rnd(rng) % 3, cpu = rnd(rng) % opt_cpus;

	__atomic_fetch_add(&win_gen, 1, __ATOMIC_SEQ_CST);	/* odd: open */
	if (kind == 0)
		ring_buffer_record_disable(buffer);
	else if (kind == 1)
		ring_buffer_record_off(buffer);
	else
		ring_buffer_record_disable_cpu(buffer, cpu);
	if (kind == 1 && ring_buffer_record_is_set_on(buffer))
		fail("ring_buffer_record_off did not stick");
	sleep_us(rnd(rng) % 500);
	if (kind == 0)
		ring_buffer_record_enable(buffer);
	else if (kind == 1)
		ring_buffer_record_on(buffer);
	else
		ring_buffer_record_enable_cpu(buffer, cpu);
	__atomic_fetch_add(&win_gen, 1, __ATOMIC_SEQ_CST);	/* even: closed */
	n_window++;
}

static void control(void)
{
	u64 rng = opt_seed ^ 0xc0417201;
	/* Wall time, not the test clock: that one jumps. */
	u64 start = trace_clock_local(), end = start + (u64)opt_secs * 1000000000ULL;
	bool overwrite = true;
	u64 next_flip = start;
	int ret, cpu, r;
	unsigned long size;

	while (trace_clock_local() < end) {
		if (trace_clock_local() >= next_flip && !OFF(FLIP)) {
			/* Both modes, each for about a quarter of the run. */
			overwrite = !overwrite;
			ring_buffer_change_overwrite(buffer, overwrite);
			next_flip = trace_clock_local() + (end - start) / 4;
			n_flip++;
		}
		sleep_us(rnd_range(&rng, 1000, 5000));
		r = rnd(&rng) % 100;
		cpu = rnd(&rng) % opt_cpus;
		if (r < 10 && !OFF(RESIZE)) {
			unsigned long g0[SHIM_MAX_CPUS];
			int which = rnd(&rng) % 3 ? cpu : RING_BUFFER_ALL_CPUS, c;

			for (c = 0; c < opt_cpus; c++)
				g0[c] = __atomic_load_n(&rs[c].iter_gen, __ATOMIC_SEQ_CST);
			size = rnd_range(&rng, 2, 24) * PAGE_DATA;
			ret = ring_buffer_resize(buffer, size, which);
			if (ret == -EBUSY)
				n_resize_busy++;	/* an iterator is open */
			else if (ret)
				fail("ring_buffer_resize(%lu) returned %d", size, ret);
			else
				n_resize++;
			/*
			 * An iterator open across the whole call holds ring
			 * pages: the resize must have been refused.
			 */
			for (c = 0; c < opt_cpus && !ret; c++) {
				if ((which == c || which == RING_BUFFER_ALL_CPUS) &&
				    (g0[c] & 1) &&
				    __atomic_load_n(&rs[c].iter_gen, __ATOMIC_SEQ_CST) == g0[c])
					fail(FAIL_RESIZE_ITER, c);
			}
		} else if (r < 18 && !OFF(RESET)) {
			reset_cpu(cpu);
		} else if (r < 40 && !OFF(WINDOW)) {
			disable_window(&rng);
		} else if (r < 45 && !OFF(JUMP)) {
			/* Deltas over 27 bits: TIME_EXTEND records. */
			__atomic_fetch_add(&clock_jump, rnd_range(&rng, 1ULL << 27, 1ULL << 31),
					   __ATOMIC_RELAXED);
			n_jump++;
		} else if (r < 48 && !OFF(ABS)) {
			park_all_writers(true);
			ring_buffer_set_time_stamp_abs(buffer,
						       !ring_buffer_time_stamp_abs(buffer));
			park_all_writers(false);
			n_abs++;
		} else {
			/* Read-only accessors, for coverage and sanity. */
			if (ring_buffer_nr_dirty_pages(buffer, cpu) >
			    ring_buffer_nr_pages(buffer, cpu) + 1)
				fail("cpu %d: %zu dirty pages of %zu", cpu,
				     ring_buffer_nr_dirty_pages(buffer, cpu),
				     ring_buffer_nr_pages(buffer, cpu));
			ring_buffer_bytes_cpu(buffer, cpu);
			ring_buffer_oldest_event_ts(buffer, cpu);
			ring_buffer_entries(buffer);
			ring_buffer_overruns(buffer);
		}
	}
	if (ring_buffer_time_stamp_abs(buffer)) {
		park_all_writers(true);
		ring_buffer_set_time_stamp_abs(buffer, false);
		park_all_writers(false);
	}
}

/* --------------------------------------------------------------- main */

static void usage_exit(void)
{
	fprintf(stderr,
		"usage: rbstress [-d seconds] [-n cpus] [-s seed] [-i irq_interval_us]\n"
		"                [-p pages] [-F corrupt|skip|order|ts] [-X mask] [-q]\n");
	exit(2);
}

static void install(int sig, void (*fn)(int), int block)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, block);
	if (sigaction(sig, &sa, NULL))
		fail("sigaction");
}

static int account(void)
{
	unsigned long tot_w = 0, tot_r = 0;
	int c, x, bad = 0;

	for (c = 0; c < opt_cpus; c++) {
		struct wstate *w = &ws[c];
		struct rstate *r = &rs[c];
		struct acc *a = &acc[c];
		unsigned long overrun = a->overrun + ring_buffer_overrun_cpu(buffer, c);
		unsigned long dropped = a->dropped + ring_buffer_dropped_events_cpu(buffer, c);
		unsigned long co = a->commit_overrun + ring_buffer_commit_overrun_cpu(buffer, c);
		unsigned long kread = a->kread + ring_buffer_read_events_cpu(buffer, c);
		unsigned long left = ring_buffer_entries_cpu(buffer, c);

		if (!opt_quiet) {
			printf("cpu %d: attempts %lu written %lu", c, w->attempts, w->written);
			printf(" (task %lu softirq %lu irq %lu nmi %lu) discarded %lu\n",
			       w->ctx_written[0], w->ctx_written[1], w->ctx_written[2],
			       w->ctx_written[3], w->discarded);
			printf("       consumed %lu (consume %lu,", r->consumed, r->by_consume);
			printf(" page %lu: %lu whole + %lu partial reads)",
			       r->by_page, r->pages_whole, r->pages_partial);
			printf(" iterated %lu in %lu passes (%lu dropped)\n",
			       r->by_iter, r->iter_passes, r->iter_dropped);
			printf("       overrun %lu dropped %lu commit_overrun %lu refused %lu",
			       overrun, dropped, co, w->refusals);
			printf(" reset-discarded %lu in %lu resets, lost reported %lu\n",
			       a->reset_lost, a->resets, r->lost_reported);
			printf("       irqs %lu (deferred %lu) nmis %lu, reader waits %lu\n",
			       w->irq_runs, w->irq_deferred, w->nmi_runs, r->waits);
		}
		if (left) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: %lu records left after the drain\n",
				c, left);
			bad = 1;
		}
		if (w->written != r->consumed + overrun + a->reset_lost + left) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: written %lu != read %lu + overrun %lu + reset %lu + left %lu\n",
				c, w->written, r->consumed, overrun, a->reset_lost, left);
			bad = 1;
		}
		if (w->attempts != w->written + w->discarded + dropped + co + w->refusals) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: attempts %lu != written %lu + discarded %lu + dropped %lu + commit_overrun %lu + refused %lu\n",
				c, w->attempts, w->written, w->discarded, dropped, co, w->refusals);
			bad = 1;
		}
		if (w->counted_drops != dropped + co) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: writers saw %lu counted drops, counters say %lu\n",
				c, w->counted_drops, dropped + co);
			bad = 1;
		}
		if (kread != r->consumed) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: kernel counts %lu read, reader consumed %lu\n",
				c, kread, r->consumed);
			bad = 1;
		}
		if (r->lost_reported > overrun) {
			fprintf(stderr,
				"rbstress: FAIL: cpu %d: readers told of %lu lost records, overrun is %lu\n",
				c, r->lost_reported, overrun);
			bad = 1;
		}
		/* Coverage: a run of 2 s or more must exercise every level. */
		for (x = 0; x < NCTX && opt_secs >= 2 && !opt_off; x++) {
			if (!w->ctx_written[x]) {
				fprintf(stderr,
					"rbstress: FAIL: cpu %d: no %s-context record written\n",
					c, ctx_name[x]);
				bad = 1;
			}
		}
		tot_w += w->written;
		tot_r += r->consumed;
	}
	if (shim_pr_err_count) {
		fprintf(stderr, "rbstress: FAIL: the ring buffer reported %lu sanity failures\n",
			shim_pr_err_count);
		bad = 1;
	}
	if (!opt_quiet) {
		printf("total: written %lu read %lu; resizes %lu (+%lu busy), windows %lu,",
		       tot_w, tot_r, n_resize, n_resize_busy, n_window);
		printf(" clock jumps %lu, abs toggles %lu, mode flips %lu\n",
		       n_jump, n_abs, n_flip);
	}
	return bad;
}

int main(int argc, char **argv)
{
	int c, opt, x;

	opt_seed = (u64)time(NULL) ^ getpid();
	while ((opt = getopt(argc, argv, "d:n:s:i:F:qX:p:")) != -1) {
		switch (opt) {
		case 'd':
			opt_secs = atoi(optarg);
			break;
		case 'n':
			opt_cpus = atoi(optarg);
			break;
		case 's':
			opt_seed = strtoull(optarg, NULL, 0);
			break;
		case 'i':
			opt_irq_us = atoi(optarg);
			break;
		case 'F':
			if (!strcmp(optarg, "corrupt"))
				opt_fault = FAULT_CORRUPT;
			else if (!strcmp(optarg, "skip"))
				opt_fault = FAULT_SKIP;
			else if (!strcmp(optarg, "order"))
				opt_fault = FAULT_ORDER;
			else if (!strcmp(optarg, "ts"))
				opt_fault = FAULT_TS;
			else
				usage_exit();
			break;
		case 'q':
			opt_quiet = 1;
			break;
		case 'p':
			opt_pages = atoi(optarg);
			break;
		case 'X':
			opt_off = strtoul(optarg, NULL, 0);
			break;
		default:
			usage_exit();
		}
	}
	if (opt_cpus < 1 || opt_cpus > SHIM_MAX_CPUS - 1 || opt_secs < 0)
		usage_exit();
	if (!opt_seed)
		opt_seed = 1;
	printf("rbstress: %d CPUs, %d s, seed %llu%s\n", opt_cpus, opt_secs,
	       (unsigned long long)opt_seed, opt_fault ? ", fault injected" : "");
	fflush(stdout);

	shim_nr_cpus = opt_cpus;
	nr_cpu_ids = opt_cpus;
	shim_irq_replay = irq_replay;
	install(SIG_IRQ, sig_irq, SIG_IRQ);
	install(SIG_NMI, sig_nmi, SIG_IRQ);

	buffer = ring_buffer_alloc(opt_pages * PAGE_DATA, RB_FL_OVERWRITE);
	if (!buffer)
		fail("ring_buffer_alloc");
	ring_buffer_set_clock(buffer, test_clock);

	for (c = 0; c < opt_cpus; c++) {
		ws[c].cpu = c;
		rs[c].cpu = c;
		WRITE_ONCE(ws[c].handlers_off, 1);
		for (x = 0; x < NCTX; x++)
			ws[c].rng[x] = opt_seed * (c * NCTX + x + 1) * 0x9e3779b97f4a7c15ULL | 1;
		rs[c].rng = opt_seed * (c + 101) * 0x9e3779b97f4a7c15ULL | 1;
		for (x = 0; x < NCTX; x++)
			rs[c].last_seq[x] = -1;
		if (pthread_create(&ws[c].thread, NULL, writer_main, &ws[c]) ||
		    pthread_create(&rs[c].thread, NULL, reader_main, &rs[c]))
			fail("pthread_create");
	}

	control();

	for (c = 0; c < opt_cpus; c++) {
		__atomic_store_n(&ws[c].stop, 1, __ATOMIC_RELEASE);
		pthread_join(ws[c].thread, NULL);
	}
	for (c = 0; c < opt_cpus; c++) {
		__atomic_store_n(&rs[c].stop, 1, __ATOMIC_RELEASE);
		while (!__atomic_load_n(&rs[c].done, __ATOMIC_ACQUIRE)) {
			ring_buffer_wake_waiters(buffer, c);
			sleep_us(500);
		}
		pthread_join(rs[c].thread, NULL);
	}

	if (account()) {
		fprintf(stderr, "rbstress: FAIL (seed %llu)\n", (unsigned long long)opt_seed);
		return 1;
	}
	ring_buffer_free(buffer);
	printf("rbstress: PASS\n");
	return 0;
}
