// SPDX-License-Identifier: GPL-2.0
/*
 * Diverted returns: what lets a tracer see kernel functions return.
 *
 * Each task has a small stack of the returns it has diverted
 * (task->ret_stack, FTRACE_RETFUNC_DEPTH entries, allocated the first
 * time a user registers and kept until the task is freed). When a
 * traced function is entered, the arch's ftrace_graph_func() (an
 * ftrace_ops callback) calls ftrace_graph_hook() with the slot holding
 * the function's return address. If the user's entry callback wants the
 * return, the real address goes on the stack and the slot gets
 * return_to_handler; when the function returns there, the arch's
 * return_to_handler calls ftrace_return_to_handler(), which calls the
 * user's return callback, pops the entry and gives back the real
 * address to jump to.
 *
 * Only the task itself pushes and pops, but interrupts (and NMIs) nest
 * on the same stack: each push or pop of an interrupt ends before the
 * interrupted code goes on, so the code below only has to order its own
 * steps against a nested user of the same slots (see the comments at
 * each step). Unwinders read another task's stack only while it is
 * stopped, or their own.
 *
 * The depth of an entry (what the tracer indents by) is one more than
 * the task's curr_ret_depth: the calls that whatever nests now (an
 * interrupt, an NMI) sits inside. A call counts there from when its
 * user takes it until its return is handled, not from the push to the
 * pop: fgraph.c counts an entry once the entry callback has accepted it
 * and uncounts it once the return callback is done, and a callback that
 * records calls moves either point to its record (fgraph_depth_in() and
 * fgraph_depth_out(), trace_graph.h). So what nests before the call's
 * entry record (the entry callback still deciding) is beside it, before
 * it; what nests from there to its return record is inside it; what
 * nests after is beside it again: the depth changes together with the
 * records and the user's per-task state (the function_graph tracer's
 * set_graph_function and set_graph_notrace marks).
 *
 * One user at a time (register_ftrace_graph() says -EBUSY to a second):
 * the function_graph tracer, the latency tracers' display-graph, or the
 * function profiler's timing.
 *
 * The stacks are never freed while the task lives: returns diverted
 * while a user was registered still come back after it left, and need
 * their entries. Once a user has registered, every new task gets a
 * stack at fork.
 */

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <trace/events/sched.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_graph.h"

DEFINE_STATIC_KEY_FALSE(kill_ftrace_graph);

/* Serialises register_ftrace_graph() and unregister_ftrace_graph(). */
static DEFINE_MUTEX(fgraph_lock);

/*
 * A user is registered: new tasks get a stack. Read locklessly at fork;
 * a task forked while it changes may miss a stack, and is then never
 * graph traced (function_graph_enter() refuses a task without one).
 */
static bool fgraph_on;

/* Each CPU's idle task's stack, kept across CPU hotplug. */
static DEFINE_PER_CPU(struct ftrace_ret_stack *, fgraph_idle_stack);

/*
 * The sleep-time option of the function_graph tracer (on by default):
 * off, the time a task spends scheduled out is taken off the durations
 * of the functions it is inside.
 */
bool fgraph_sleep_time = true;

static int fgraph_entry_stub(struct ftrace_graph_ent *trace)
{
	return 0;
}

static void fgraph_return_stub(struct ftrace_graph_ret *trace)
{
}

/*
 * The registered user's callbacks; the stubs while there is none. Set
 * before the ops that calls the entry one is registered, reset once it
 * is unregistered (which waits for every CPU in a callback).
 */
static trace_func_graph_ent_t fgraph_entry = fgraph_entry_stub;
static trace_func_graph_ret_t fgraph_return = fgraph_return_stub;

/*
 * The ops that diverts returns, through the arch's ftrace_graph_func():
 * the top level's set_ftrace_filter and set_ftrace_notrace choose its
 * functions, as upstream's. Its callback guards itself (no
 * FTRACE_OPS_FL_RECURSION), so a trampoline calls it directly.
 *
 * Unregister does not wait for the tasks preempted inside its
 * trampoline (see ftrace_tramp_free_later()): one may resume and call
 * ftrace_graph_func() after unregister_ftrace_graph() returned. It then
 * finds the stub entry callback, or the entry callback of the next user,
 * which is registered by then, and diverts nothing or a return that user
 * handles: the stacks are never freed.
 */
static struct ftrace_ops fgraph_ops = {
	.func	= ftrace_graph_func,
};

bool fgraph_late_calls_harmless(const struct ftrace_ops *ops)
{
	return ops == &fgraph_ops;
}

void ftrace_graph_stop(void)
{
	static_branch_enable(&kill_ftrace_graph);
}

int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp)
{
	struct task_struct *t = current;
	struct ftrace_ret_stack *stack = READ_ONCE(t->ret_stack);
	struct ftrace_ret_stack *top;
	struct ftrace_graph_ent trace;
	trace_func_graph_ent_t entry;
	int idx;

	if (!stack)
		return -EBUSY;
	idx = t->curr_ret_stack + 1;
	if (idx >= FTRACE_RETFUNC_DEPTH) {
		atomic_inc(&t->trace_overrun);
		return -EBUSY;
	}
	/*
	 * Claim the slot before filling it. An interrupt from here on
	 * pushes above it; one before this store used the same slot, but
	 * had popped it again before we got here.
	 */
	t->curr_ret_stack = idx;
	barrier();
	top = &stack[idx];
	top->ret = ret;
	top->func = func;
	top->calltime = trace_clock_local();
	top->subtime = 0;
	top->fp = frame_pointer;
	top->retp = retp;

	trace.func = func;
	/*
	 * Not counted yet: an interrupt from here until the callback takes
	 * the call gets this same depth, beside it (it pushes above our
	 * slot all the same).
	 */
	trace.depth = t->curr_ret_depth + 1;
	entry = READ_ONCE(fgraph_entry);
	if (entry(&trace)) {
		/* Counted, unless the callback counted it already. */
		barrier();
		t->curr_ret_depth = trace.depth;
		return 0;
	}

	/*
	 * Not wanted: not counted (the callback may have counted it before
	 * it refused), then the slot given back; nothing diverted uses it.
	 */
	t->curr_ret_depth = trace.depth - 1;
	barrier();
	t->curr_ret_stack = idx - 1;
	return -EBUSY;
}

void ftrace_graph_hook(unsigned long ip, unsigned long *parent,
		       unsigned long frame_pointer, unsigned long *retp)
{
	unsigned long ret = *parent;
	int bit;

	if (ftrace_graph_is_dead() ||
	    atomic_read(&current->tracing_graph_pause))
		return;
	/* The entry callback runs traced code: no second diversion inside. */
	bit = ftrace_test_recursion_trylock(ip, ret);
	if (bit < 0)
		return;
	if (!function_graph_enter(ret, ip, frame_pointer, retp))
		*parent = (unsigned long)return_to_handler;
	ftrace_test_recursion_unlock(bit);
}

/*
 * Where a return goes when its entry is not there (a broken stack): on
 * into a panic, as there is no address to go back to.
 */
static void __noreturn fgraph_lost_return(void)
{
	panic("function graph: a diverted return was lost\n");
}

unsigned long ftrace_return_to_handler(unsigned long frame_pointer)
{
	struct task_struct *t = current;
	struct ftrace_ret_stack *top;
	struct ftrace_graph_ret trace;
	int idx = t->curr_ret_stack;
	trace_func_graph_ret_t retfunc;
	unsigned long ret;

	if (unlikely(idx < 0 || idx >= FTRACE_RETFUNC_DEPTH || !t->ret_stack)) {
		ftrace_graph_stop();
		pr_emerg("function graph: return with no diverted return on %s-%d's stack\n",
			 t->comm, t->pid);
		return (unsigned long)fgraph_lost_return;
	}
	top = &t->ret_stack[idx];
	/*
	 * The frame the function returns from must be the one it was
	 * entered with: a mismatch means the stack was unwound past
	 * diverted returns (or is corrupt), and the entry is not this
	 * function's.
	 */
	if (unlikely(top->fp && frame_pointer && top->fp != frame_pointer)) {
		ftrace_graph_stop();
		pr_emerg("function graph: %ps returns with frame %lx, entered with %lx\n",
			 (void *)top->func, frame_pointer, top->fp);
		return (unsigned long)fgraph_lost_return;
	}
	ret = top->ret;
	trace.func = top->func;
	trace.calltime = top->calltime;
	trace.overrun = atomic_read(&t->trace_overrun);
	/*
	 * Still counted: an interrupt from here until the callback
	 * uncounts the call nests inside it, one level deeper.
	 */
	trace.depth = t->curr_ret_depth;
	trace.rettime = trace_clock_local();
	retfunc = READ_ONCE(fgraph_return);
	retfunc(&trace);
	/*
	 * Uncounted, unless the callback did it already; popped only then:
	 * the callback may read the entry (the profiler's subtime), and
	 * until here an interrupt pushes above it.
	 */
	barrier();
	t->curr_ret_depth = trace.depth - 1;
	barrier();
	t->curr_ret_stack = idx - 1;
	return ret;
}

struct ftrace_ret_stack *
ftrace_graph_get_ret_stack(struct task_struct *task, int idx)
{
	int i = task->curr_ret_stack - idx;

	if (!task->ret_stack || i < 0 || i >= FTRACE_RETFUNC_DEPTH)
		return NULL;
	return &task->ret_stack[i];
}

unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct ftrace_ret_stack *stack = READ_ONCE(task->ret_stack);
	int i, top;

	if (ret != (unsigned long)return_to_handler || !stack)
		return ret;
	top = min(READ_ONCE(task->curr_ret_stack), FTRACE_RETFUNC_DEPTH - 1);
	/*
	 * From the outermost: a function that tail-calls another (a jump)
	 * leaves one slot diverted twice, and only the outer entry holds
	 * the real address; the inner one holds return_to_handler.
	 */
	for (i = 0; i <= top; i++)
		if (stack[i].retp == retp)
			return stack[i].ret;
	return ret;
}

/*
 * A task's stack starts empty; publish it only once it is. t may be
 * running, inside pause_graph_tracing() even: its pause count is its
 * own, set to 0 at fork, and from then on only the task changes it.
 */
static void fgraph_give_stack(struct task_struct *t,
			      struct ftrace_ret_stack *stack)
{
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	t->curr_ret_stack = -1;
	t->curr_ret_depth = -1;
	/* An interrupt of t that sees the stack sees it empty. */
	smp_store_release(&t->ret_stack, stack);
}

static struct ftrace_ret_stack *fgraph_alloc_stack(gfp_t gfp)
{
	return kmalloc_array(FTRACE_RETFUNC_DEPTH,
			     sizeof(struct ftrace_ret_stack), gfp);
}

void ftrace_graph_init_task(struct task_struct *t)
{
	struct ftrace_ret_stack *stack;

	/* t is a copy of its parent: none of the parent's stack is its. */
	t->ret_stack = NULL;
	t->curr_ret_stack = -1;
	t->curr_ret_depth = -1;
	atomic_set(&t->tracing_graph_pause, 0);
	atomic_set(&t->trace_overrun, 0);
	if (!READ_ONCE(fgraph_on))
		return;
	stack = fgraph_alloc_stack(GFP_KERNEL);
	if (stack)
		fgraph_give_stack(t, stack);
}

void ftrace_graph_exit_task(struct task_struct *t)
{
	struct ftrace_ret_stack *stack = t->ret_stack;

	t->ret_stack = NULL;
	/* t is dead: nothing of it runs, nothing returns through it. */
	kfree(stack);
}

/*
 * An idle task is (re)made for cpu, which is not running it: it gets the
 * CPU's stack, which outlives it, if a user is registered or the CPU
 * has one already.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	struct ftrace_ret_stack **idle = per_cpu_ptr(&fgraph_idle_stack, cpu);
	struct ftrace_ret_stack *own = t->ret_stack;

	t->ret_stack = NULL;
	/* Forked while a user was registered: that stack becomes the CPU's. */
	if (own && own != *idle) {
		if (*idle)
			kfree(own);
		else
			*idle = own;
	}
	if (!*idle && READ_ONCE(fgraph_on))
		*idle = fgraph_alloc_stack(GFP_KERNEL);
	if (*idle)
		fgraph_give_stack(t, *idle);
}

/*
 * Hand the n stacks of batch to tasks without one; the number used, or
 * -1 if some task was left without (the batch ran out). The tasklist
 * lock keeps tasks from being freed (or a freed one from being handed
 * one) while we walk.
 */
static int fgraph_hand_out(struct ftrace_ret_stack **batch, int n)
{
	struct task_struct *g, *t;
	int used = 0;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, t) {
		if (t->ret_stack)
			continue;
		if (used == n) {
			used = -1;
			/* for_each_process_thread() is two loops */
			goto out;
		}
		fgraph_give_stack(t, batch[used++]);
	}
out:
	read_unlock(&tasklist_lock);
	return used;
}

/*
 * Give every task without a stack one, a batch at a time: the stacks
 * are allocated first, then handed out. Tasks forked meanwhile get
 * theirs at fork, since fgraph_on is set first.
 */
static int fgraph_stack_all_tasks(void)
{
	struct ftrace_ret_stack *batch[FTRACE_RETSTACK_ALLOC_SIZE];
	int n, used, cpu;

	do {
		for (n = 0; n < FTRACE_RETSTACK_ALLOC_SIZE; n++) {
			batch[n] = fgraph_alloc_stack(GFP_KERNEL);
			if (!batch[n])
				break;
		}
		used = fgraph_hand_out(batch, n);
		/* More tasks than stacks: another batch, if memory allows. */
		if (used < 0 && n < FTRACE_RETSTACK_ALLOC_SIZE)
			return -ENOMEM;
	} while (used < 0);
	while (used < n)
		kfree(batch[used++]);

	for_each_online_cpu(cpu)
		if (!idle_task(cpu)->ret_stack)
			ftrace_graph_init_idle_task(idle_task(cpu), cpu);
	return 0;
}

/*
 * At each switch: note when prev left; with sleep-time off, push the
 * start of every function next is inside forward by the time it was
 * away, so their durations leave it out. next is not running yet, so
 * its stack is ours to change.
 */
static void fgraph_switch_probe(void *data, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	unsigned long long now = trace_clock_local();
	unsigned long long away;
	int i;

	prev->ftrace_timestamp = now;
	if (READ_ONCE(fgraph_sleep_time) || !next->ftrace_timestamp ||
	    !next->ret_stack)
		return;
	away = now - next->ftrace_timestamp;
	for (i = min(next->curr_ret_stack, FTRACE_RETFUNC_DEPTH - 1);
	     i >= 0; i--)
		next->ret_stack[i].calltime += away;
}

int register_ftrace_graph(struct fgraph_ops *gops)
{
	int ret;

	mutex_lock(&fgraph_lock);
	if (READ_ONCE(fgraph_entry) != fgraph_entry_stub) {
		ret = -EBUSY;
		goto out;
	}
	if (ftrace_graph_is_dead()) {
		ret = -ENODEV;
		goto out;
	}
	WRITE_ONCE(fgraph_on, true);
	/* fgraph_on before the walk: a fork after it allocates itself. */
	smp_mb();
	ret = fgraph_stack_all_tasks();
	if (ret)
		goto out;
	ret = register_trace_sched_switch(fgraph_switch_probe, NULL);
	if (ret)
		goto out;

	WRITE_ONCE(fgraph_return, gops->retfunc);
	WRITE_ONCE(fgraph_entry, gops->entryfunc);
	fgraph_ops.sets_of = &top_trace_array()->fn_ops;
	ret = register_ftrace_function(&fgraph_ops);
	if (ret) {
		WRITE_ONCE(fgraph_entry, fgraph_entry_stub);
		WRITE_ONCE(fgraph_return, fgraph_return_stub);
		unregister_trace_sched_switch(fgraph_switch_probe, NULL);
	}
out:
	mutex_unlock(&fgraph_lock);
	return ret;
}

void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	mutex_lock(&fgraph_lock);
	if (READ_ONCE(fgraph_entry) != gops->entryfunc)
		goto out;
	/*
	 * The stub first: a call that comes after unregister returned (a
	 * task that resumes inside the trampoline) must not reach the user.
	 * Calls during the unregister's pass read either; those that read
	 * the user's entry do so with preemption off, and unregister waits
	 * for every CPU to have left them.
	 */
	WRITE_ONCE(fgraph_entry, fgraph_entry_stub);
	unregister_ftrace_function(&fgraph_ops);
	/*
	 * Returns diverted until now still come back: they find the stub
	 * return callback, and their entries on the stacks, kept.
	 */
	WRITE_ONCE(fgraph_return, fgraph_return_stub);
	/*
	 * No wait for the probe: it only writes tasks' stacks, which stay,
	 * and a late run of it is harmless.
	 */
	unregister_trace_sched_switch(fgraph_switch_probe, NULL);
	/* New tasks need no stack until the next user. */
	WRITE_ONCE(fgraph_on, false);
out:
	mutex_unlock(&fgraph_lock);
}
