// SPDX-License-Identifier: GPL-2.0
/*
 * Trampolines of their own for ftrace_ops: a site that exactly one ops
 * wants calls that ops' trampoline, which calls the ops' entry with the
 * ops built in, instead of ftrace_caller and the walk of the list
 * function. The arch builds the code (x86-64: a copy of ftrace_caller;
 * arm64: a slot of a fixed pool filled in); this file keeps the table
 * of trampolines, picks the entry each one calls, and answers the
 * lookups of the unwinder and of kernel_text_address(). Archs without
 * trampolines keep the weak hooks below, so their ops never get one and
 * every wanted site calls ftrace_caller.
 *
 * Why a table: a record must know which trampoline its site calls, for
 * the next rewrite and for check_sites(), even after the ops has left
 * the list (unregister unlinks it before the pass). A pointer per record
 * would grow struct dyn_ftrace from 16 to 24 bytes, some 360 KB over the
 * ~45k sites of a kernel; instead rec->flags keeps the slot number in
 * spare bits (REC_TRAMP_MASK), and the slot keeps the trampoline's
 * address for as long as any site may call it, ops or not.
 *
 * Lifetime of a slot, all under ftrace_lock but for the lookups:
 *   attach:  the code is built, read-only and executable, before the
 *            ops is linked and a pass points any site at it;
 *   detach:  after the pass of unregister (or of a failed register), the
 *            slot forgets its ops; if the pass failed, sites may still
 *            call it, so its call is pointed at ftrace_stub and it stays
 *            for good. The lookups still find the code, through its
 *            description (struct tramp_desc): a task still inside must
 *            unwind through it;
 *   free:    after synchronize_rcu_tasks_rude() (no wrapper still runs,
 *            no CPU is inside the code) and synchronize_rcu_tasks() (no
 *            task is preempted inside it), the lookups stop finding it,
 *            the code is freed and the slot can be taken again; the
 *            description goes after an RCU grace period, which lookups
 *            (preemption off) end within. Unregister waits for both,
 *            but for a static ops whose late calls do no harm (the
 *            top-level function tracer's, fgraph's): it hands the
 *            slot to a work that waits for both again
 *            (ftrace_tramp_free_later()), its trampoline calling the
 *            assist, fgraph's callback or, silenced, the stub.
 *
 * kallsyms names the code of each slot in use (from attach to free)
 * "ftrace_trampoline" of the pseudo-module "__builtin__ftrace", as
 * upstream does, in /proc/kallsyms and in stack traces; perf hears of it
 * as an out-of-line ksymbol and a text poke, for its copy of the text.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>
#include <linux/workqueue.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

/*
 * What the lookups give the unwinder for the code of a slot (x86's ORC
 * reads the flags and the trampoline's address): an ops that describes
 * the code, from attach to free. Not the registered ops: that is
 * detached before the waits for the tasks still inside the code, and a
 * static ops may come back meanwhile with the trampoline of another slot,
 * and neither may change how such a task's stack unwinds.
 */
struct tramp_desc {
	struct ftrace_ops	ops;
	struct rcu_head		rcu;
};

struct ftrace_tramp {
	/* The code, while any site may call it; 0: a free slot. */
	unsigned long		addr;
	unsigned long		size;
	/* What its call at ftrace_call calls. */
	ftrace_func_t		entry;
	/* Its ops while registered [ftrace_lock]; NULL otherwise. */
	struct ftrace_ops	*ops;
	/* For the lookups, while the code lives. */
	struct tramp_desc	*desc;
};

/* Slot 0 stands for ftrace_caller and is never used. */
static struct ftrace_tramp tramps[FTRACE_TRAMP_SLOTS];
/* One past the highest slot ever used: bounds the lookups' walk. */
static unsigned int tramps_end = 1;

/* Archs without trampolines: none is ever made. */
unsigned long __weak arch_ftrace_tramp_create(struct ftrace_ops *ops,
					      ftrace_func_t entry,
					      unsigned long *size)
{
	return 0;
}

void __weak arch_ftrace_tramp_free(unsigned long addr)
{
}

void __weak arch_ftrace_tramp_silence(unsigned long addr)
{
}

bool __weak arch_ftrace_tramp_reaches(unsigned long ip, unsigned long addr)
{
	return true;
}

/* Only called for moves between trampolines, which such archs lack. */
int __weak ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
			      unsigned long addr)
{
	return -EINVAL;
}

/*
 * What a trampoline calls for an ops that does not guard itself (it
 * asks for the core's recursion guard, or needs RCU watching): what the
 * list function does for one ops. It also checks that the ops still
 * wants ip: between a filter's change and the pass that moves the site
 * off the trampoline, the list function would skip such a call, and so
 * does this. Ops called directly (they guard themselves, as upstream's)
 * may get a call or two from that window, as upstream's do.
 *
 * And that the ops is still registered: a task preempted inside the
 * trampoline before its call may resume after unregister returned
 * (see ftrace_tramp_free_later()). The check runs with preemption off,
 * so unregister's synchronize_rcu_tasks_rude() waits out a CPU that
 * read ENABLED before unregister cleared it; one that reads it later
 * sees it clear, and the callback is not called.
 */
static void ftrace_tramp_assist(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	int bit;

	/*
	 * The list function's bits: one walk per context, and preemption
	 * off, which unregister_ftrace_function() waits out.
	 */
	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;
	if ((READ_ONCE(op->flags) & FTRACE_OPS_FL_ENABLED) &&
	    ftrace_ops_wants(op, ip) &&
	    (!(op->flags & FTRACE_OPS_FL_RCU) || rcu_is_watching()))
		op->func(ip, parent_ip, op, fregs);
	trace_clear_recursion(bit);
}

/* The function ops' trampoline calls. */
static ftrace_func_t tramp_entry(struct ftrace_ops *ops)
{
	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		return ftrace_tramp_assist;
	return ops->func;
}

void ftrace_tramp_attach(struct ftrace_ops *ops)
{
	struct ftrace_tramp *t = NULL;
	struct tramp_desc *desc;
	unsigned long addr, size = 0;
	unsigned int i;

	lockdep_assert_held(&ftrace_lock);
	ops->tramp_slot = 0;
	/* Sites of ops that need every register call ftrace_regs_caller. */
	if (ops->flags & FTRACE_OPS_FL_REGS_CALLER)
		return;
	for (i = 1; i < FTRACE_TRAMP_SLOTS; i++) {
		if (!tramps[i].addr) {
			t = &tramps[i];
			break;
		}
	}
	/* No slot left: the ops goes through the list function. */
	if (!t)
		return;
	desc = kzalloc(sizeof(*desc), GFP_KERNEL);
	if (!desc)
		return;
	addr = arch_ftrace_tramp_create(ops, tramp_entry(ops), &size);
	if (!addr) {
		kfree(desc);
		return;
	}
	WRITE_ONCE(t->addr, addr);
	WRITE_ONCE(t->size, size);
	t->entry = tramp_entry(ops);
	ops->trampoline = addr;
	ops->trampoline_size = size;
	WRITE_ONCE(ops->flags, ops->flags | FTRACE_OPS_FL_ALLOC_TRAMP);
	ops->tramp_slot = i;
	if (i >= tramps_end)
		WRITE_ONCE(tramps_end, i + 1);
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, addr, size, false,
			   FTRACE_TRAMP_SYM);
	perf_event_text_poke((void *)addr, NULL, 0, (void *)addr, size);
	WRITE_ONCE(t->ops, ops);
	desc->ops.flags = ops->flags;
	desc->ops.trampoline = addr;
	desc->ops.trampoline_size = size;
	/* A lookup that sees the description sees it filled in. */
	smp_store_release(&t->desc, desc);
}

unsigned int ftrace_tramp_detach(struct ftrace_ops *ops, bool moved)
{
	unsigned int slot = ops->tramp_slot;
	struct ftrace_tramp *t = &tramps[slot];

	lockdep_assert_held(&ftrace_lock);
	if (!slot)
		return 0;
	/* Lookups go on finding the code, by its description, until free. */
	WRITE_ONCE(t->ops, NULL);
	ops->trampoline = 0;
	ops->trampoline_size = 0;
	WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_ALLOC_TRAMP);
	ops->tramp_slot = 0;
	if (!moved) {
		/*
		 * The pass failed (patching was given up): sites may call
		 * the trampoline for ever. Its call now reaches the stub
		 * (the op it loads is then ignored), and the code and its
		 * slot are kept: freeing them would leave those sites
		 * calling freed memory.
		 */
		arch_ftrace_tramp_silence(t->addr);
		t->entry = ftrace_stub;
		return 0;
	}
	return slot;
}

void ftrace_tramp_free(unsigned int slot)
{
	struct ftrace_tramp *t = &tramps[slot];
	unsigned long addr = t->addr, size = t->size;
	struct tramp_desc *desc = t->desc;

	perf_event_text_poke((void *)addr, (void *)addr, size, NULL, 0);
	perf_event_ksymbol(PERF_RECORD_KSYMBOL_TYPE_OOL, addr, size, true,
			   FTRACE_TRAMP_SYM);
	/*
	 * kallsyms stops naming it before it goes. A reader that already
	 * took addr and size may still name the freed range: it only
	 * compares numbers.
	 */
	mutex_lock(&ftrace_lock);
	WRITE_ONCE(t->desc, NULL);
	WRITE_ONCE(t->addr, 0);
	WRITE_ONCE(t->size, 0);
	t->entry = NULL;
	mutex_unlock(&ftrace_lock);
	/*
	 * A lookup that took the description before we cleared it holds
	 * preemption off until it is done with it: an RCU reader.
	 */
	kfree_rcu(desc, rcu);
	arch_ftrace_tramp_free(addr);
}

/*
 * Slots waiting for tramp_free_work(): detached, no site calls them,
 * but a task may still be preempted inside. [ftrace_lock]
 */
static DECLARE_BITMAP(tramps_leaving, FTRACE_TRAMP_SLOTS);

static void tramp_free_work(struct work_struct *work)
{
	DECLARE_BITMAP(batch, FTRACE_TRAMP_SLOTS);
	unsigned int slot;

	mutex_lock(&ftrace_lock);
	bitmap_copy(batch, tramps_leaving, FTRACE_TRAMP_SLOTS);
	bitmap_zero(tramps_leaving, FTRACE_TRAMP_SLOTS);
	mutex_unlock(&ftrace_lock);
	/*
	 * The grace periods start after the passes that took these slots
	 * off their sites. RCU tasks' ends when no task is preempted inside
	 * one of them, but it does not watch the idle tasks: a CPU's idle
	 * loop calls traced functions too (some with RCU not watching), and
	 * a CPU can stall inside a trampoline (a vCPU the host deschedules).
	 * The rude one ends when every CPU has scheduled, so has left
	 * whatever trampoline it was in. Unregister waits for one too, but
	 * this work does not wait for unregister. Slots queued meanwhile
	 * wait for the next run of this work.
	 */
	synchronize_rcu_tasks_rude();
	synchronize_rcu_tasks();
	for_each_set_bit(slot, batch, FTRACE_TRAMP_SLOTS)
		ftrace_tramp_free(slot);
}

static DECLARE_WORK(tramp_free_wk, tramp_free_work);

bool ftrace_tramp_free_later(struct ftrace_ops *ops, unsigned int slot)
{
	lockdep_assert_held(&ftrace_lock);
	/*
	 * A task that resumes inside the trampoline calls its entry with
	 * ops, which must still be there to be read: ops in the kernel's
	 * own data never go. The assist finds it unregistered and calls
	 * nothing. A callback called directly would run: only that of an
	 * array's tracer (FTRACE_OPS_FL_TRACE_ARRAY) may, which checks
	 * the array's own state first and touches nothing that unregister
	 * lets its caller free; its trampoline is also made to call the
	 * stub, so that only a task already past the call gets there. And
	 * fgraph's, which finds the stub entry callback from then on,
	 * before the call as after it: its trampoline is left as it is,
	 * which spares the stop a text_poke_bp(). Any other ops waits in
	 * unregister as before.
	 */
	if (!slot || !is_kernel_core_data((unsigned long)ops))
		return false;
	if (tramps[slot].entry != ftrace_tramp_assist &&
	    !fgraph_late_calls_harmless(ops)) {
		if (!(ops->flags & FTRACE_OPS_FL_TRACE_ARRAY))
			return false;
		arch_ftrace_tramp_silence(tramps[slot].addr);
	}
	__set_bit(slot, tramps_leaving);
	schedule_work(&tramp_free_wk);
	return true;
}

unsigned long ftrace_tramp_addr(unsigned int slot)
{
	return tramps[slot].addr;
}

/* [ftrace_lock]: the ops of a slot, or NULL once it was detached. */
struct ftrace_ops *ftrace_tramp_ops(unsigned int slot, ftrace_func_t *entry)
{
	*entry = tramps[slot].entry;
	return tramps[slot].ops;
}

/**
 * ftrace_ops_trampoline - the trampoline that holds an address
 * @addr: a text address
 *
 * From any context (the unwinder, kernel_text_address(), NMI): no lock,
 * only reads. The code is found from its making until it is freed, after
 * the last task inside it has left, whether its ops is registered or not.
 *
 * Return: NULL, or an ops that describes the trampoline: its flags (those
 * of the ops it was made for), trampoline and trampoline_size. Not the
 * registered ops itself: nothing else in it is set. It stays valid for
 * as long as the caller keeps preemption off, or, for a task inside the
 * code, for as long as the task is there.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	struct ftrace_ops *found = NULL;
	unsigned int i, end;

	preempt_disable_notrace();
	end = READ_ONCE(tramps_end);
	for (i = 1; i < end; i++) {
		/* Pairs with attach's release: the description is filled. */
		struct tramp_desc *d = smp_load_acquire(&tramps[i].desc);

		if (d && addr - d->ops.trampoline < d->ops.trampoline_size) {
			found = &d->ops;
			break;
		}
	}
	preempt_enable_notrace();
	return found;
}

bool is_ftrace_trampoline(unsigned long addr)
{
	return !!ftrace_ops_trampoline(addr);
}

/* ---- for kallsyms (ftrace_kallsyms.c) ---- */

/*
 * The range of the slot-th trampoline in use, if any. A slot being
 * taken or freed meanwhile may give a range that is no longer code:
 * the callers only name it.
 */
static bool tramp_range(unsigned int slot, unsigned long *addr,
			unsigned long *size)
{
	*addr = READ_ONCE(tramps[slot].addr);
	*size = READ_ONCE(tramps[slot].size);
	return *addr && *size;
}

bool ftrace_tramp_of(unsigned long addr, unsigned long *start,
		     unsigned long *size)
{
	unsigned int i, end = READ_ONCE(tramps_end);

	for (i = 1; i < end; i++)
		if (tramp_range(i, start, size) && addr - *start < *size)
			return true;
	return false;
}

bool ftrace_tramp_nth(unsigned int n, unsigned long *start)
{
	unsigned int i, end = READ_ONCE(tramps_end);
	unsigned long size;

	for (i = 1; i < end; i++)
		if (tramp_range(i, start, &size) && !n--)
			return true;
	return false;
}
