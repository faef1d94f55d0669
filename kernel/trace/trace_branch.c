// SPDX-License-Identifier: GPL-2.0
/*
 * The branch profiler and the branch tracer: which way the kernel's
 * conditions went.
 *
 * With TRACE_BRANCH_PROFILING, include/linux/compiler.h makes every
 * likely(x) and unlikely(x) in code not built with DISABLE_BRANCH_PROFILING
 * call ftrace_likely_update() with a static struct ftrace_likely_data of
 * its own site (function, file, line, two counters and a count of the
 * times the compiler could fold the condition), which the linker gathers
 * between __start_annotated_branch_profile and its __stop_. With
 * PROFILE_ALL_BRANCHES every if () also counts, inline and without a
 * call, into a struct ftrace_branch_data between __start_branch_profile
 * and __stop_branch_profile: miss_hit[0] the times it was false,
 * miss_hit[1] true.
 *
 * This file has:
 *  - ftrace_likely_update(): counts each evaluation as right (correct)
 *    or wrong (incorrect) for the annotation; a folded condition counts
 *    as right, and in ->constant;
 *  - trace_stat/branch_annotated and trace_stat/branch_all: the counters,
 *    a line a site, in upstream's layout;
 *  - the "branch" tracer (BRANCH_TRACER): each evaluation also written to
 *    the buffer as a TRACE_BRANCH entry, and that entry's text.
 *
 * Counting: a site's counters are shared by every CPU that evaluates it,
 * so they are incremented atomically; a plain increment loses counts
 * when two CPUs meet on a hot condition. These are the arch's
 * uninstrumented atomics: KASAN's and KCSAN's checks are profiled code
 * and would call back in. (PROFILE_ALL_BRANCHES' counters are
 * compiler.h's plain increments, approximate under contention.)
 *
 * Recursion: what the writer calls outside kernel/trace (the trace clock,
 * the string copies, rcu_is_watching()) may be profiled and evaluate
 * likely() again. The writer holds a guard, one bit per context
 * (bt_guard_take()): a likely() that the writer itself causes is
 * counted but not recorded, while one in an interrupt or NMI arriving
 * meanwhile is recorded in its own context. With BRANCH_TRACER the
 * tracing code is built without the profiling (kernel/trace/Makefile):
 * the ring buffer's own code never calls back, only the clock it reads.
 *
 * Lifetimes: bt_array is the array the tracer writes to, or NULL. A
 * writer uses it with preemption off (the guard's) and only where RCU is
 * watching; the tracer's reset clears it and waits for a grace period,
 * after which no writer holds it. A likely() in code RCU does not watch
 * (early entry, idle) is counted but never recorded. One array at a
 * time: the tracer is not offered to instances, as upstream's.
 */

#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_stat.h"

/* A counter of a site: atomic, uninstrumented (see the top). */
static __always_inline void bt_count(unsigned long *counter)
{
	arch_atomic_long_inc((atomic_long_t *)counter);
}

/* ---- the tracer's writer ---- */

#ifdef CONFIG_BRANCH_TRACER
static struct trace_array *bt_array;

static void bt_write(struct trace_array *tr, struct ftrace_likely_data *f,
		     bool right, bool constant)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct trace_branch *e;

	if (atomic_read(&this_cpu_ptr(tr->array_buffer.data)->disabled))
		return;
	/* the context as at the likely(): without the guard's preempt_disable */
	event = trace_buffer_lock_reserve(buffer, TRACE_BRANCH, sizeof(*e),
					  tracing_gen_ctx_dec());
	if (!event)
		return;
	e = ring_buffer_event_data(event);
	e->line = f->data.line;
	/* cut to the field, the rest zeroed; the file without its path */
	strscpy_pad(e->func, f->data.func, sizeof(e->func));
	strscpy_pad(e->file, kbasename(f->data.file), sizeof(e->file));
	e->correct = right;
	e->constant = constant;
	trace_buffer_commit_nostack(tr, buffer, event);
}

/*
 * The writer's guard: a bit per context of TRACE_BRANCH_START's level,
 * without the transition bit the other guards have. A likely() that what
 * the writer calls evaluates (rcu_is_watching(), the clock the ring
 * buffer reads inside its reservation) finds its context's bit held and
 * is not recorded. Let through once, as a transition, it would write a
 * record from inside the outer writer's reservation: that moves the tail
 * under the outer writer, whose retry reads the clock again, whose
 * likely() writes again, until the ring buffer gives up and disables
 * itself. The cost: the likely()s of interrupt entry code that runs
 * before preempt_count says it is an interrupt are not recorded while
 * the interrupted context is writing.
 */
static __always_inline int bt_guard_take(void)
{
	int bit = TRACE_BRANCH_START + interrupt_context_level();

	if (trace_recursion_test(bit))
		return -1;
	trace_recursion_set(bit);
	/* set before anything we call can evaluate a likely() */
	barrier();
	preempt_disable_notrace();
	return bit;
}

static __always_inline void bt_guard_drop(int bit)
{
	preempt_enable_notrace();
	/* a reschedule in there is still inside the guard */
	barrier();
	trace_recursion_clear(bit);
}

static void bt_record(struct ftrace_likely_data *f, bool right, bool constant)
{
	struct trace_array *tr;
	int bit;

	/* the tracer off: one load, nothing more */
	if (!READ_ONCE(bt_array))
		return;
	bit = bt_guard_take();
	if (bit < 0)
		return;
	/*
	 * Preemption is off until the guard is dropped: bt_reset()'s grace
	 * period waits for a writer that found the array, unless RCU does
	 * not watch this CPU, where nothing is written.
	 */
	tr = READ_ONCE(bt_array);
	if (tr && rcu_is_watching())
		bt_write(tr, f, right, constant);
	bt_guard_drop(bit);
}
#else
static inline void bt_record(struct ftrace_likely_data *f, bool right,
			     bool constant) { }
#endif /* CONFIG_BRANCH_TRACER */

/**
 * ftrace_likely_update - count one evaluation of a likely() or unlikely()
 * @f: the site's data (compiler.h's static)
 * @val: what the condition was, 0 or 1
 * @expect: what the annotation said, 0 or 1
 * @is_constant: the compiler could fold the condition
 *
 * Called by the annotated likely() and unlikely() of profiled code, in
 * any context, including with user access open: that is closed first,
 * since nothing called from here may touch user memory.
 */
void ftrace_likely_update(struct ftrace_likely_data *f, int val,
			  int expect, int is_constant)
{
	unsigned long uaccess = user_access_save();
	bool right = !!val == !!expect;

	/* a constant is as the code says: counted as right */
	if (is_constant) {
		bt_count(&f->constant);
		right = true;
	}
	bt_record(f, right, is_constant);
	bt_count(right ? &f->data.correct : &f->data.incorrect);
	user_access_restore(uaccess);
}
EXPORT_SYMBOL(ftrace_likely_update);

/* ---- trace_stat/ ---- */

/* What a site's counters are worth, read once. */
struct bt_counts {
	unsigned long	right;		/* correct, or miss for branch_all */
	unsigned long	wrong;		/* incorrect, or hit */
};

static struct bt_counts bt_read(const struct ftrace_branch_data *d)
{
	struct bt_counts c = {
		.right	= READ_ONCE(d->correct),
		.wrong	= READ_ONCE(d->incorrect),
	};
	return c;
}

/* The share of wrong in per cent, or -1 if the site never ran. */
static long bt_wrong_percent(struct bt_counts c)
{
	if (!c.right)
		return c.wrong ? 100 : -1;
	return c.wrong * 100 / (c.right + c.wrong);
}

/* The columns after the counts: per cent ("X": never ran), where. */
static void bt_show_site(struct seq_file *m, const struct ftrace_branch_data *d,
			 struct bt_counts c)
{
	long pct = bt_wrong_percent(c);

	if (pct < 0)
		seq_puts(m, "  X ");
	else
		seq_printf(m, "%3ld ", pct);
	seq_printf(m, "%-30.30s %-20.20s %d\n", d->func, kbasename(d->file),
		   d->line);
}

static void *bt_annotated_start(struct tracer_stat *trace)
{
	struct ftrace_likely_data *f = __start_annotated_branch_profile;

	return f < __stop_annotated_branch_profile ? f : NULL;
}

static void *bt_annotated_next(void *prev, int idx)
{
	struct ftrace_likely_data *f = prev;

	return ++f < __stop_annotated_branch_profile ? f : NULL;
}

/*
 * The most often wrong first: by per cent wrong, then by the count of
 * wrong, and among equals the fewest right first (the best sites last).
 * The counters move while the file is opened; each comparison reads them
 * once, so the order is consistent but may trail the printed counts.
 */
static int bt_annotated_cmp(const void *a, const void *b)
{
	const struct ftrace_likely_data *fa = a, *fb = b;
	struct bt_counts ca = bt_read(&fa->data), cb = bt_read(&fb->data);
	long pa = bt_wrong_percent(ca), pb = bt_wrong_percent(cb);

	if (pa != pb)
		return pa > pb ? 1 : -1;
	if (ca.wrong != cb.wrong)
		return ca.wrong > cb.wrong ? 1 : -1;
	if (ca.right != cb.right)
		return ca.right < cb.right ? 1 : -1;
	return 0;
}

static int bt_annotated_headers(struct seq_file *m)
{
	seq_puts(m, " correct incorrect  %        Function                  File              Line\n"
		    " ------- ---------  -        --------                  ----              ----\n");
	return 0;
}

/* The characters of "/N", for the column that follows it. */
static int bt_slash_width(unsigned long n)
{
	int w = 2;

	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

static int bt_annotated_show(struct seq_file *m, void *v)
{
	struct ftrace_likely_data *f = v;
	struct bt_counts c = bt_read(&f->data);
	unsigned long constant = READ_ONCE(f->constant);

	if (!constant) {
		seq_printf(m, "%8lu %8lu ", c.right, c.wrong);
	} else {
		/* "right/constant" takes room from the wrong column */
		int w = bt_slash_width(constant);

		seq_printf(m, "%8lu/%lu %*lu ", c.right, constant,
			   w > 8 ? 0 : 8 - w, c.wrong);
	}
	bt_show_site(m, &f->data, c);
	return 0;
}

static struct tracer_stat bt_annotated_stat = {
	.name		= "branch_annotated",
	.stat_start	= bt_annotated_start,
	.stat_next	= bt_annotated_next,
	.stat_cmp	= bt_annotated_cmp,
	.stat_headers	= bt_annotated_headers,
	.stat_show	= bt_annotated_show,
};

#ifdef CONFIG_PROFILE_ALL_BRANCHES
static void *bt_all_start(struct tracer_stat *trace)
{
	struct ftrace_branch_data *d = __start_branch_profile;

	return d < __stop_branch_profile ? d : NULL;
}

static void *bt_all_next(void *prev, int idx)
{
	struct ftrace_branch_data *d = prev;

	return ++d < __stop_branch_profile ? d : NULL;
}

static int bt_all_headers(struct seq_file *m)
{
	seq_puts(m, "   miss      hit    %        Function                  File              Line\n"
		    " ------- ---------  -        --------                  ----              ----\n");
	return 0;
}

/* In the sites' order; "%" is the share of hits. */
static int bt_all_show(struct seq_file *m, void *v)
{
	struct ftrace_branch_data *d = v;
	struct bt_counts c = bt_read(d);

	seq_printf(m, "%8lu %8lu ", c.right, c.wrong);
	bt_show_site(m, d, c);
	return 0;
}

static struct tracer_stat bt_all_stat = {
	.name		= "branch_all",
	.stat_start	= bt_all_start,
	.stat_next	= bt_all_next,
	.stat_headers	= bt_all_headers,
	.stat_show	= bt_all_show,
};
#endif /* CONFIG_PROFILE_ALL_BRANCHES */

static __init int bt_stat_init(void)
{
	if (register_stat_tracer(&bt_annotated_stat))
		pr_warn("branch profiler: no trace_stat/branch_annotated\n");
#ifdef CONFIG_PROFILE_ALL_BRANCHES
	if (register_stat_tracer(&bt_all_stat))
		pr_warn("branch profiler: no trace_stat/branch_all\n");
#endif
	return 0;
}
fs_initcall(bt_stat_init);

/* ---- the tracer ---- */

#ifdef CONFIG_BRANCH_TRACER
static int bt_init(struct trace_array *tr)
{
	/* the core emptied the buffer before calling us */
	WRITE_ONCE(bt_array, tr);
	return 0;
}

static void bt_reset(struct trace_array *tr)
{
	WRITE_ONCE(bt_array, NULL);
	/* no writer still holds tr when the core resets or frees it */
	synchronize_rcu();
}

static void bt_print_header(struct seq_file *s)
{
	seq_puts(s, "#           TASK-PID    CPU#    TIMESTAMP  CORRECT  FUNC:FILE:LINE\n"
		    "#              | |       |          |         |       |\n");
}

static enum print_line_t bt_entry_trace(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct trace_branch *e = (struct trace_branch *)iter->ent;

	/* the entry's strings are NUL-terminated by size; %.*s all the same */
	trace_seq_printf(&iter->seq, "[%s] %.*s:%.*s:%d\n",
			 e->correct ? "  ok  " : " MISS ",
			 (int)sizeof(e->func), e->func,
			 (int)sizeof(e->file), e->file, e->line);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions bt_entry_funcs = {
	.trace	= bt_entry_trace,
};

static struct trace_event bt_entry_event = {
	.type	= TRACE_BRANCH,
	.funcs	= &bt_entry_funcs,
};

#ifdef CONFIG_FTRACE_STARTUP_TEST
/*
 * The kernel evaluates annotated conditions all the time (a sleep alone
 * schedules and takes timer interrupts): run the tracer for a while and
 * find entries that name a site, in a buffer whose entry count agrees.
 */
static int __init bt_selftest(struct tracer *t, struct trace_array *tr)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	unsigned long n = 0, bad = 0;
	int cpu, ret;

	ret = tracing_set_tracer(tr, t->name);
	if (ret)
		return ret;
	msleep(20);
	/* a writer recursing into the buffer would have made it give up */
	if (!ring_buffer_record_is_on(buffer)) {
		pr_err("branch: the ring buffer disabled itself\n");
		tracing_set_tracer(tr, "nop");
		return -EINVAL;
	}
	tracer_tracing_off(tr);
	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
			struct trace_branch *e = ring_buffer_event_data(event);

			if (e->ent.type != TRACE_BRANCH)
				continue;
			n++;
			bad += !e->func[0] || !e->file[0] || !e->line ||
			       e->func[TRACE_FUNC_SIZE] || e->file[TRACE_FILE_SIZE];
		}
	}
	tracer_tracing_on(tr);
	tracing_set_tracer(tr, "nop");
	if (!n || bad) {
		pr_err("branch: %lu entries, %lu of them bad\n", n, bad);
		return -EINVAL;
	}
	return 0;
}
#endif

static struct tracer bt_tracer __read_mostly = {
	.name		= "branch",
	.init		= bt_init,
	.reset		= bt_reset,
	.print_header	= bt_print_header,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= bt_selftest,
#endif
};

static __init int bt_tracer_init(void)
{
	if (!register_trace_event(&bt_entry_event))
		pr_warn("branch: no printer for its entries\n");
	return register_tracer(&bt_tracer);
}
device_initcall(bt_tracer_init);
#endif /* CONFIG_BRANCH_TRACER */
