// SPDX-License-Identifier: GPL-2.0
/*
 * The trace clocks (see <linux/trace_clock.h> for what each one is).
 *
 * Every one of them may be called from any context, NMIs included, and
 * from inside the tracer itself, so none of them takes a lock or can
 * wait for another CPU. The file is built without function tracing
 * (kernel/trace/Makefile), and the notrace annotations keep that so
 * should a clock ever move elsewhere.
 *
 * trace_clock_global() is lock-free; its comment explains how.
 */
#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/trace_clock.h>

u64 notrace trace_clock_local(void)
{
	u64 now;

	/*
	 * sched_clock() may scale the counter it reads with per-CPU
	 * parameters: read both on one CPU.
	 */
	preempt_disable_notrace();
	now = sched_clock();
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

u64 notrace trace_clock_jiffies(void)
{
	/*
	 * A plain load rather than get_jiffies_64(): on 32-bit that one
	 * retries while the timekeeping CPU updates jiffies_64, forever in
	 * an NMI that interrupted the update. The price is that on 32-bit
	 * the load may tear once every 2^32 ticks, giving one event a
	 * visibly wrong stamp.
	 */
	return jiffies_64_to_clock_t(READ_ONCE(jiffies_64) - INITIAL_JIFFIES);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

/*
 * The latest time trace_clock_global() has handed out, on a cache line of
 * its own: every call reads it, and the calls whose CPU is ahead of it
 * write it.
 */
static atomic64_t global_clock_last ____cacheline_aligned_in_smp;

/*
 * trace_clock_global - local_clock(), made monotonic across CPUs
 *
 * Each call returns max(local_clock(), global_clock_last) and leaves
 * global_clock_last at least that high. So no call returns less than a
 * call that finished before it began (on this CPU by program order, on
 * another by whatever made the first call's finish visible here), even
 * though the CPUs' clocks disagree by up to a tick.
 *
 * Lock-free, with no interrupt masking, as follows. global_clock_last
 * only ever grows, and only by a successful cmpxchg from the value the
 * caller last saw; these form one total order on the variable (all that
 * is relied on, so relaxed ordering suffices). The races:
 *
 *  - another CPU, or an interrupt or NMI on this CPU, moves it between
 *    our load and our cmpxchg: the cmpxchg fails and hands us the newer
 *    value, and we compare again. Our clock reading stays valid: if the
 *    newer value passed it we return that value, else ours is still the
 *    later time and we retry storing it;
 *  - a failed cmpxchg means somebody else's succeeded, so some caller
 *    always makes progress, and a caller retries only while the stored
 *    time keeps rising below its own reading: the loop is short;
 *  - an NMI or interrupt that nests inside a call on the same CPU runs
 *    the same protocol on the same variable and cannot deadlock with it,
 *    unlike upstream's lock, which NMIs must skip (they then return an
 *    unpublished time that others may undercut).
 *
 * Where atomic64_t is emulated with hashed spinlocks (GENERIC_ATOMIC64,
 * some 32-bit architectures), an NMI could spin on a lock held by the
 * code it interrupted: NMIs there get local_clock() alone.
 */
u64 notrace trace_clock_global(void)
{
	s64 last;
	u64 now;

	if (IS_ENABLED(CONFIG_GENERIC_ATOMIC64) && in_nmi())
		return local_clock();

	now = local_clock();
	last = atomic64_read(&global_clock_last);
	for (;;) {
		/*
		 * Someone has already handed out a time at or past ours:
		 * hand out that one. It is already stored, so no write.
		 */
		if ((s64)(now - (u64)last) <= 0)
			return last;
		/*
		 * Publish ours, unless the stored time moved since we read
		 * it: then @last gets the newer value and we compare again.
		 */
		if (atomic64_try_cmpxchg_relaxed(&global_clock_last, &last, now))
			return now;
	}
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_counter;

/*
 * trace_clock_counter - a global count of calls, for strict ordering
 *
 * Unique and increasing in the order the calls' atomic increments take
 * effect, whatever CPU they run on; it says nothing about time.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_counter);
}
