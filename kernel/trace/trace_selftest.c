// SPDX-License-Identifier: GPL-2.0
/*
 * Tracer self-tests at boot (CONFIG_FTRACE_STARTUP_TEST): the tests that
 * the tracers' ->selftest point to. trace_tracer.c runs them late in
 * boot, on the top-level array with no tracer on, and takes a tracer
 * whose test fails out of available_tracers.
 *
 * The function tracer's test checks, with the targets of
 * trace_selftest_dynamic.c:
 *  - a filter of one function: exactly its calls are recorded;
 *  - no filter (every site patched, then unpatched): both targets are;
 *  - two more ops at once, through the list function: each sees what
 *    its filter and notrace sets let through;
 *  - an ops whose callback calls its traced function is not called
 *    again from inside itself more than the recursion guard allows;
 *  - a site calling a trampoline that was silenced runs its function
 *    untraced, and returns to its caller;
 *  - a late call through the trampoline of an ops that has left does
 *    not reach its callback.
 */

#define pr_fmt(fmt) "ftrace selftest: " fmt

#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/kthread.h>
#include <linux/ring_buffer.h>
#include <linux/sched/rt.h>
#include <uapi/linux/sched/types.h>

#include "trace.h"

#ifdef CONFIG_FUNCTION_TRACER
#include "ftrace_internal.h"

/* The site of fn, as the records and the callbacks name it. */
static unsigned long site_of(void *fn)
{
	return ftrace_location((unsigned long)fn);
}

/* Consume tr's buffer; count the function records of the two targets. */
static void count_fn_records(struct trace_array *tr, unsigned long *n1,
			     unsigned long *n2)
{
	unsigned long s1 = site_of(ftrace_selftest_target1);
	unsigned long s2 = site_of(ftrace_selftest_target2);
	struct trace_buffer *buf = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	int cpu;

	*n1 = *n2 = 0;
	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buf, cpu, NULL, NULL))) {
			struct ftrace_entry *e = ring_buffer_event_data(event);

			if (e->ent.type != TRACE_FN)
				continue;
			*n1 += e->ip == s1;
			*n2 += e->ip == s2;
		}
	}
}

/* Run tracer t on tr while calling target1 n1 and target2 n2 times. */
static void trace_targets(struct tracer *t, struct trace_array *tr, int n1,
			  int n2)
{
	int i, v = 0;

	tracing_reset_online_cpus(&tr->array_buffer);
	t->init(tr);
	for (i = 0; i < n1; i++)
		v = ftrace_selftest_target1(v);
	for (i = 0; i < n2; i++)
		v = ftrace_selftest_target2(v);
	/*
	 * Keep the targets' records: removing the ops may wait for RCU
	 * tasks (its trampoline), long enough for every other traced
	 * function to overwrite a boot-sized buffer.
	 */
	tracer_tracing_off(tr);
	t->reset(tr);
	tracer_tracing_on(tr);
}

/* ---- several ops through the list function ---- */

struct test_ops {
	struct ftrace_ops	ops;
	unsigned long		hits[2];	/* of target1, target2 */
	bool			recurse;	/* calls target1 itself */
};

static void test_ops_call(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct test_ops *to = container_of(op, struct test_ops, ops);

	if (ip == site_of(ftrace_selftest_target1))
		to->hits[0]++;
	else if (ip == site_of(ftrace_selftest_target2))
		to->hits[1]++;
	else
		return;
	/* The list function must not come back here from this call. */
	if (to->recurse)
		ftrace_selftest_target1(0);
}

static int test_ops_setup(struct test_ops *to, char *filter, char *skip)
{
	int ret = 0;

	to->ops.func = test_ops_call;
	/* The core's guard is what the recursion test checks. */
	to->ops.flags = FTRACE_OPS_FL_RECURSION;
	if (filter)
		ret = ftrace_set_filter(&to->ops, (unsigned char *)filter,
					strlen(filter), 1);
	if (!ret && skip)
		ret = ftrace_set_notrace(&to->ops, (unsigned char *)skip,
					 strlen(skip), 1);
	return ret;
}

static int test_several_ops(void)
{
	static struct test_ops a, b;
	char t1[] = "ftrace_selftest_target1";
	char both[] = "ftrace_selftest_target*";
	char t2[] = "ftrace_selftest_target2";
	int i, ret, v = 0;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ret = test_ops_setup(&a, t1, NULL) ?: test_ops_setup(&b, both, t2);
	if (ret)
		goto free;
	ret = register_ftrace_function(&a.ops);
	if (ret)
		goto free;
	ret = register_ftrace_function(&b.ops);
	if (!ret) {
		for (i = 0; i < 2; i++)
			v = ftrace_selftest_target1(v);
		v = ftrace_selftest_target2(v);
		unregister_ftrace_function(&b.ops);
	}
	unregister_ftrace_function(&a.ops);
	if (!ret && (a.hits[0] != 2 || a.hits[1] || b.hits[0] != 2 ||
		     b.hits[1])) {
		pr_err("ops hits (target1 target2): a %lu %lu, b %lu %lu; want 2 0 each\n",
		       a.hits[0], a.hits[1], b.hits[0], b.hits[1]);
		ret = -EINVAL;
	}
free:
	ftrace_free_filter(&a.ops);
	ftrace_free_filter(&b.ops);
	return ret;
}

/*
 * An ops whose callback calls its own traced function. The recursion
 * guard lets one nested call through (it may be a change of context
 * that preempt_count() does not show yet, as upstream's guard allows),
 * so each call reaches the callback once or twice, never more.
 */
static int test_recursion(void)
{
	static struct test_ops c;
	char t1[] = "ftrace_selftest_target1";
	int ret;

	memset(&c, 0, sizeof(c));
	c.recurse = true;
	ret = test_ops_setup(&c, t1, NULL) ?: register_ftrace_function(&c.ops);
	if (!ret) {
		ftrace_selftest_target1(0);
		unregister_ftrace_function(&c.ops);
		if (c.hits[0] != 1 && c.hits[0] != 2) {
			pr_err("a recursing callback ran %lu times for one call\n",
			       c.hits[0]);
			ret = -EINVAL;
		}
	}
	ftrace_free_filter(&c.ops);
	return ret;
}

/*
 * The core silences a trampoline when a pass fails and sites may keep
 * calling it. Such a site must still run its function, untraced, and
 * return to its caller: on arm64 the site reaches the slot's closed
 * gate, which has to give the function back the return address the
 * site's bl overwrote (a CPU running a gate from a fetch older than
 * its opening takes the same path); on x86-64 the trampoline calls the
 * stub. Then the ops leaves as usual. Archs without trampolines skip it.
 */
static int test_silenced_tramp(void)
{
	static struct test_ops d;
	char t1[] = "ftrace_selftest_target1";
	int ret, v;

	memset(&d, 0, sizeof(d));
	ret = test_ops_setup(&d, t1, NULL) ?: register_ftrace_function(&d.ops);
	if (ret)
		goto free;
	if (d.ops.trampoline) {
		v = ftrace_selftest_target1(0);
		arch_ftrace_tramp_silence(d.ops.trampoline);
		v = ftrace_selftest_target1(v);
		if (v != 2 || d.hits[0] != 1) {
			pr_err("through a silenced trampoline: %d, %lu calls; want 2, 1\n",
			       v, d.hits[0]);
			ret = -EINVAL;
		}
	}
	unregister_ftrace_function(&d.ops);
free:
	ftrace_free_filter(&d.ops);
	return ret;
}

/* The entry a registered ops' trampoline calls (NULL: no trampoline). */
static ftrace_func_t tramp_entry(struct ftrace_ops *ops)
{
	ftrace_func_t entry = NULL;

	if (ops->tramp_slot) {
		mutex_lock(&ftrace_lock);
		ftrace_tramp_ops(ops->tramp_slot, &entry);
		mutex_unlock(&ftrace_lock);
	}
	return entry;
}

/*
 * The unwinder must find a trampoline's code for as long as the code
 * lives, since a task may be inside it after unregister returned: when
 * kallsyms names the code, the lookup describes it. Checked under
 * ftrace_lock, which freeing the code takes.
 */
static int check_tramp_lookup(unsigned long addr, const char *when)
{
	struct ftrace_ops *found;
	unsigned long start, size;
	int ret = 0;

	mutex_lock(&ftrace_lock);
	if (ftrace_tramp_of(addr, &start, &size)) {
		found = ftrace_ops_trampoline(addr);
		if (!found || found->trampoline != start ||
		    found->trampoline_size != size) {
			pr_err("%s, trampoline %pS is live but the lookup gives %pS\n",
			       when, (void *)start,
			       found ? (void *)found->trampoline : NULL);
			ret = -EINVAL;
		}
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}

/*
 * A task preempted inside a trampoline before its call may resume after
 * unregister returned: the trampoline of a static ops is only freed
 * later, in the background (ftrace_tramp_free_later()), so the task then
 * calls the trampoline's entry. For an ops the core guards, that is the
 * assist, which must not call the callback of an ops no longer
 * registered. The entry is called here as such a task would.
 */
static int test_late_tramp_call(void)
{
	static struct test_ops l;
	char t1[] = "ftrace_selftest_target1";
	unsigned long addr, again;
	ftrace_func_t entry;
	int ret;

	memset(&l, 0, sizeof(l));
	ret = test_ops_setup(&l, t1, NULL) ?: register_ftrace_function(&l.ops);
	if (ret)
		goto free;
	entry = tramp_entry(&l.ops);
	addr = l.ops.trampoline;
	unregister_ftrace_function(&l.ops);
	if (entry) {
		entry(site_of(ftrace_selftest_target1), _THIS_IP_, &l.ops,
		      NULL);
		if (l.hits[0]) {
			pr_err("a late call through a trampoline reached an unregistered ops\n");
			ret = -EINVAL;
		}
	}
	if (addr && !ret)
		ret = check_tramp_lookup(addr, "after unregister");
	/* Back with another trampoline while the first waits to go. */
	if (addr && !ret && !register_ftrace_function(&l.ops)) {
		again = l.ops.trampoline;
		ret = check_tramp_lookup(addr, "registered again") ?:
		      (again ? check_tramp_lookup(again, "the second one") : 0);
		unregister_ftrace_function(&l.ops);
	}
free:
	ftrace_free_filter(&l.ops);
	return ret;
}

/*
 * An array's function tracer ops (FTRACE_OPS_FL_TRACE_ARRAY) leaves
 * unregister without waiting for RCU tasks, its trampoline silenced and
 * freed later: a task already past the trampoline's call still runs the
 * callback after the tracer stopped. That call must write nothing. It
 * is made here as such a task would, with the entry the trampoline
 * called (the callback itself, or the assist for a guarded ops).
 */
static int test_late_tracer_call(struct tracer *t, struct trace_array *tr)
{
	char t1[] = "ftrace_selftest_target1";
	ftrace_func_t entry;
	unsigned long n1, n2;
	int ret;

	ret = ftrace_set_filter(&tr->fn_ops, (unsigned char *)t1, strlen(t1),
				1);
	if (ret)
		return ret;
	tracing_reset_online_cpus(&tr->array_buffer);
	t->init(tr);
	entry = tramp_entry(&tr->fn_ops);
	t->reset(tr);
	ftrace_set_filter(&tr->fn_ops, NULL, 0, 1);
	if (!entry)
		return 0;
	entry(site_of(ftrace_selftest_target1), _THIS_IP_, &tr->fn_ops, NULL);
	count_fn_records(tr, &n1, &n2);
	if (n1) {
		pr_err("a late call through the tracer's trampoline wrote %lu records\n",
		       n1);
		return -EINVAL;
	}
	return 0;
}

/* -EAGAIN: skipped (the top level's sets were given at boot). */
int trace_selftest_startup_function(struct tracer *t, struct trace_array *tr)
{
	char t1[] = "ftrace_selftest_target1";
	unsigned long n1, n2;
	int ret;

	/* ftrace_filter= or ftrace_notrace= at boot: the sets are the user's */
	if (rcu_access_pointer(tr->fn_ops.filter_ips) ||
	    rcu_access_pointer(tr->fn_ops.notrace_ips))
		return -EAGAIN;
	if (!site_of(ftrace_selftest_target1) ||
	    !site_of(ftrace_selftest_target2)) {
		pr_err("the targets have no call site\n");
		return -EINVAL;
	}

	ret = ftrace_set_filter(&tr->fn_ops, (unsigned char *)t1, strlen(t1),
				1);
	if (ret)
		return ret;
	trace_targets(t, tr, 3, 2);
	count_fn_records(tr, &n1, &n2);
	/* back to no filter, for the next test and for the user */
	ftrace_set_filter(&tr->fn_ops, NULL, 0, 1);
	if (n1 != 3 || n2) {
		pr_err("filtered: %lu and %lu records, want 3 and 0\n", n1, n2);
		return -EINVAL;
	}

	trace_targets(t, tr, 1, 1);
	count_fn_records(tr, &n1, &n2);
	if (n1 != 1 || n2 != 1) {
		pr_err("every function: %lu and %lu records, want 1 and 1\n",
		       n1, n2);
		return -EINVAL;
	}
	return test_late_tracer_call(t, tr) ?: test_several_ops() ?:
	       test_recursion() ?: test_silenced_tramp() ?:
	       test_late_tramp_call();
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

#include "trace_graph.h"

/*
 * A task inside pause_graph_tracing() (every trace_printk() is) while
 * the first user registers, and so hands it a return stack: once it has
 * unpaused, its pause count is back to 0, and the task is graph traced
 * again. The thread is made before the registration, so it has no stack
 * unless a user has registered before in this boot.
 */
struct pause_probe {
	struct completion	paused;
	struct completion	go;
};

static int pause_probe_fn(void *arg)
{
	struct pause_probe *p = arg;
	int after;

	pause_graph_tracing();
	complete(&p->paused);
	wait_for_completion(&p->go);
	unpause_graph_tracing();
	after = atomic_read(&current->tracing_graph_pause);
	/* kthread_stop() collects the result; wait for it. */
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return after;
}

/*
 * Consume tr's buffer: the graph records of target1, entries and
 * returns; false if a return ends before it starts.
 */
static bool count_graph_records(struct trace_array *tr, unsigned long *ent,
				unsigned long *ret)
{
	unsigned long s1 = site_of(ftrace_selftest_target1);
	struct trace_buffer *buf = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	bool sane = true;
	int cpu;

	*ent = *ret = 0;
	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buf, cpu, NULL, NULL))) {
			struct ftrace_graph_ent_entry *e;
			struct ftrace_graph_ret_entry *r;

			e = ring_buffer_event_data(event);
			if (e->ent.type == TRACE_GRAPH_ENT) {
				*ent += e->graph_ent.func == s1;
				continue;
			}
			if (e->ent.type != TRACE_GRAPH_RET)
				continue;
			r = ring_buffer_event_data(event);
			if (r->ret.func != s1)
				continue;
			(*ret)++;
			if (r->ret.rettime < r->ret.calltime)
				sane = false;
		}
	}
	return sane;
}

/*
 * fgraph's trampoline is freed in the background, and left calling
 * ftrace_graph_func(): a task preempted inside it may resume after
 * unregister_ftrace_graph() returned, and then runs ftrace_graph_hook(),
 * which must reach the entry callback of no user and divert nothing.
 * The call is made here as such a task would, for a user that takes
 * every call; should it be diverted, the entry is taken back.
 */
static int late_graph_calls;

static int late_graph_entry(struct ftrace_graph_ent *trace)
{
	late_graph_calls++;
	return 1;
}

static void late_graph_return(struct ftrace_graph_ret *trace)
{
}

static int test_late_graph_call(void)
{
	static struct fgraph_ops gops = {
		.entryfunc	= late_graph_entry,
		.retfunc	= late_graph_return,
	};
	unsigned long ret_addr = (unsigned long)test_late_graph_call;
	unsigned long slot = ret_addr;
	int top = current->curr_ret_stack;
	int depth = current->curr_ret_depth;
	int err;

	err = register_ftrace_graph(&gops);
	if (err)
		return err;
	unregister_ftrace_graph(&gops);
	late_graph_calls = 0;
	ftrace_graph_hook(site_of(ftrace_selftest_target1), &slot, 0, &slot);
	if (!late_graph_calls && slot == ret_addr &&
	    current->curr_ret_stack == top)
		return 0;
	current->curr_ret_stack = top;
	current->curr_ret_depth = depth;
	pr_err("graph: a call after unregister reached the old user %d times%s\n",
	       late_graph_calls, slot == ret_addr ? "" : " and was diverted");
	return -EINVAL;
}

/*
 * The function_graph tracer, filtered on target1 (the top level's
 * set_ftrace_filter, which it follows): each call is one entry and one
 * return record, and a return does not end before its entry. The
 * target returns its result through the diverted return. A task paused
 * during the registration comes out of it unpaused (pause_probe_fn()).
 * And a call after unregister reaches no user (test_late_graph_call()).
 */
int trace_selftest_startup_function_graph(struct tracer *t,
					  struct trace_array *tr)
{
	char t1[] = "ftrace_selftest_target1";
	struct pause_probe probe;
	struct task_struct *paused;
	unsigned long ent, ret;
	bool sane, had_stack;
	int err, i, v = 0, after;

	if (rcu_access_pointer(tr->fn_ops.filter_ips) ||
	    rcu_access_pointer(tr->fn_ops.notrace_ips))
		return -EAGAIN;
	err = ftrace_set_filter(&tr->fn_ops, (unsigned char *)t1, strlen(t1),
				1);
	if (err)
		return err;
	init_completion(&probe.paused);
	init_completion(&probe.go);
	paused = kthread_run(pause_probe_fn, &probe, "fgraph_selftest");
	if (IS_ERR(paused)) {
		ftrace_set_filter(&tr->fn_ops, NULL, 0, 1);
		return PTR_ERR(paused);
	}
	wait_for_completion(&probe.paused);
	had_stack = !!READ_ONCE(paused->ret_stack);
	tracing_reset_online_cpus(&tr->array_buffer);
	err = t->init(tr);
	complete(&probe.go);
	if (!err) {
		for (i = 0; i < 3; i++)
			v = ftrace_selftest_target1(v);
		tracer_tracing_off(tr);
		t->reset(tr);
		tracer_tracing_on(tr);
		/* with the filter still on the one function */
		err = test_late_graph_call();
	}
	ftrace_set_filter(&tr->fn_ops, NULL, 0, 1);
	after = kthread_stop(paused);
	if (err)
		return err;
	if (after) {
		pr_err("graph: a task paused during the registration has a pause count of %d once unpaused, not 0\n",
		       after);
		return -EINVAL;
	}
	if (had_stack)
		pr_info("graph: a user registered earlier, the hand-out of stacks was not tested\n");
	sane = count_graph_records(tr, &ent, &ret);
	if (ent != 3 || ret != 3 || !sane || v != 3) {
		pr_err("graph: %lu entries, %lu returns%s, result %d; want 3, 3, 3\n",
		       ent, ret, sane ? "" : " (one ends before it starts)", v);
		return -EINVAL;
	}
	return 0;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
#endif /* CONFIG_FUNCTION_TRACER */

#if defined(CONFIG_IRQSOFF_TRACER) || defined(CONFIG_PREEMPT_TRACER)
/*
 * A latency tracer must keep a section of 100 us with interrupts off
 * (irqsoff), preemption off (preemptoff) or both (preemptirqsoff): the
 * maximum is at least that long and the spare buffer holds its trace.
 * -EAGAIN (skipped) with tracing_thresh set (it may keep nothing) or
 * with the snapshot buffer allocated at boot.
 */
int trace_selftest_startup_latency(struct tracer *t, struct trace_array *tr)
{
	bool irqs = strcmp(t->name, "preemptoff");
	bool preempt = strcmp(t->name, "irqsoff");
	unsigned long max, max0, entries;
	bool fn;
	u64 start;
	int ret;

	/* with alloc_snapshot the spare buffer is the user's: nop frees it */
	if (tracing_thresh || tr->allocated_snapshot)
		return -EAGAIN;
	/*
	 * Without function-trace: the function tracer's test patches every
	 * site already, and three more passes each way would slow the boot.
	 */
	/* the test's section is not the user's: keep their maximum */
	max0 = READ_ONCE(tr->max_latency);
	fn = trace_opt(tr, TRACE_OPT_FUNCTION);
	if (fn)
		set_tracer_flag(tr, TRACE_OPT_FUNCTION, 0);
	ret = tracing_set_tracer(tr, t->name);
	if (ret)
		goto out;
	if (preempt)
		preempt_disable();
	if (irqs)
		local_irq_disable();
	/* timed by the buffer's clock: udelay() may be calibrated far off */
	start = ring_buffer_time_stamp(tr->array_buffer.buffer);
	while (ring_buffer_time_stamp(tr->array_buffer.buffer) - start <
	       100 * NSEC_PER_USEC)
		cpu_relax();
	if (irqs)
		local_irq_enable();
	if (preempt)
		preempt_enable();
	/* no later section may swap the spare buffer while it is read */
	tracer_tracing_off(tr);
	max = READ_ONCE(tr->max_latency);
	entries = ring_buffer_entries(tr->max_buffer.buffer);
	tracer_tracing_on(tr);
	tracing_set_tracer(tr, "nop");
	if (max < 100 * NSEC_PER_USEC || !entries) {
		pr_err("%s: max latency %lu ns, %lu entries kept\n", t->name,
		       max, entries);
		ret = -EINVAL;
	}
out:
	WRITE_ONCE(tr->max_latency, max0);
	if (fn)
		set_tracer_flag(tr, TRACE_OPT_FUNCTION, 1);
	return ret;
}
#endif

#ifdef CONFIG_SCHED_TRACER

/*
 * The woken task of the wakeup tracers' test: a kthread of the policy
 * the tracer follows (SCHED_DEADLINE for wakeup_dl, SCHED_FIFO else),
 * which sleeps until woken and then says it ran.
 */
struct wk_test {
	bool			dl;
	bool			go;	/* the test woke it */
	int			ret;	/* the policy change's */
	struct completion	ready;	/* its policy is set */
	struct completion	ran;	/* it ran after the wakeup */
};

static int wk_test_thread(void *arg)
{
	struct wk_test *wt = arg;
	/* 100 us of every 10 ms: a deadline task runs before any other */
	struct sched_attr attr = {
		.size		= sizeof(attr),
		.sched_policy	= SCHED_DEADLINE,
		.sched_runtime	= 100 * NSEC_PER_USEC,
		.sched_deadline	= 10 * NSEC_PER_MSEC,
		.sched_period	= 10 * NSEC_PER_MSEC,
	};

	if (wt->dl)
		wt->ret = sched_setattr_nocheck(current, &attr);
	else
		sched_set_fifo(current);
	/* asleep before the test may wake it: set before ready */
	set_current_state(TASK_INTERRUPTIBLE);
	complete(&wt->ready);
	/* a spurious wakeup is not the test's */
	while (!READ_ONCE(wt->go)) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	complete(&wt->ran);
	/* until kthread_stop() */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/*
 * wakeup, wakeup_rt, wakeup_dl: a kthread of a policy the tracer
 * follows, asleep, is woken by this (normal) task: the tracer keeps
 * that wait, a maximum above 0 with records in the spare buffer.
 * -EAGAIN (skipped) with tracing_thresh set or the snapshot buffer
 * allocated at boot, as trace_selftest_startup_latency().
 */
int trace_selftest_startup_wakeup(struct tracer *t, struct trace_array *tr)
{
	struct wk_test wt = { .dl = !strcmp(t->name, "wakeup_dl") };
	unsigned long max, max0, entries;
	struct task_struct *p;
	bool fn;
	int ret;

	if (tracing_thresh || tr->allocated_snapshot)
		return -EAGAIN;
	init_completion(&wt.ready);
	init_completion(&wt.ran);
	p = kthread_run(wk_test_thread, &wt, "ftrace-wakeup-test");
	if (IS_ERR(p))
		return PTR_ERR(p);
	wait_for_completion(&wt.ready);
	if (wt.ret) {
		/* e.g. EPERM: isolated CPUs outside the root domain */
		pr_info("%s: no deadline test thread (%d): not tested\n",
			t->name, wt.ret);
		WRITE_ONCE(wt.go, true);
		kthread_stop(p);
		return -EAGAIN;
	}
	/* asleep (off the runqueue), so that the wakeup is the test's */
	while (!wait_task_inactive(p, TASK_INTERRUPTIBLE))
		usleep_range(1000, 2000);

	max0 = READ_ONCE(tr->max_latency);
	/* as the latency tracers' test: no pass over every function */
	fn = trace_opt(tr, TRACE_OPT_FUNCTION);
	if (fn)
		set_tracer_flag(tr, TRACE_OPT_FUNCTION, 0);
	ret = tracing_set_tracer(tr, t->name);
	if (ret) {
		WRITE_ONCE(wt.go, true);
		goto out;
	}
	WRITE_ONCE(wt.go, true);
	wake_up_process(p);
	wait_for_completion(&wt.ran);
	/* no later wait may swap the spare buffer while it is read */
	tracing_stop_tr(tr);
	max = READ_ONCE(tr->max_latency);
	entries = ring_buffer_entries(tr->max_buffer.buffer);
	tracing_start_tr(tr);
	tracing_set_tracer(tr, "nop");
	if (!max || !entries) {
		pr_err("%s: max latency %lu ns, %lu entries kept\n", t->name,
		       max, entries);
		ret = -EINVAL;
	}
out:
	WRITE_ONCE(tr->max_latency, max0);
	if (fn)
		set_tracer_flag(tr, TRACE_OPT_FUNCTION, 1);
	kthread_stop(p);
	return ret;
}
#endif /* CONFIG_SCHED_TRACER */
