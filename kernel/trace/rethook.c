// SPDX-License-Identifier: GPL-2.0
/*
 * Function return hooks (CONFIG_RETHOOK), the generic part.
 *
 * A user (kretprobes) allocates a struct rethook with its handler and
 * gives it a pool of nodes. To hook the return of the function being
 * entered, it takes a node from the pool and calls rethook_hook(): the
 * architecture saves the real return address in the node and replaces it
 * with its trampoline, and the node is pushed on the task's list of
 * pending returns (current->rethooks, newest first). When the function
 * returns into the trampoline, rethook_trampoline_handler() finds the
 * real return address, runs the handlers of the nodes of that frame and
 * gives the nodes back to their pools.
 *
 * Lifetime: a rethook holds one reference for itself plus one per node it
 * owns. rethook_free() clears the handler, so that no node is taken any
 * more and nodes coming back are freed instead of pooled; after an RCU
 * grace period (handlers run under preempt_disable()) the pooled nodes
 * are freed. Whichever drops the last reference frees the rethook.
 */

#include <linux/bug.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

/*
 * rh->handler is declared with __rcu inside its function pointer type
 * (upstream's linux/rethook.h), so what rcu_dereference_check() gives back
 * still carries the __rcu's noderef for sparse: the cast, as upstream's,
 * makes it the plain rethook_handler_t it is.
 */
static __always_inline rethook_handler_t rh_handler(struct rethook *rh)
{
	return (rethook_handler_t)rcu_dereference_check(rh->handler,
							rcu_read_lock_any_held());
}

static void rethook_put(struct rethook *rh, unsigned int refs)
{
	if (refcount_sub_and_test(refs, &rh->ref))
		kfree(rh);
}

/**
 * rethook_alloc() - Allocate a rethook.
 * @data: passed to @handler.
 * @handler: called on each hooked return.
 *
 * Return: the new rethook, with no nodes yet (see rethook_add_node()), or
 * NULL if @handler is NULL or memory is short.
 */
struct rethook *rethook_alloc(void *data, rethook_handler_t handler)
{
	struct rethook *rh;

	if (!handler)
		return NULL;
	rh = kzalloc(sizeof(*rh), GFP_KERNEL);
	if (!rh)
		return NULL;
	rh->data = data;
	rcu_assign_pointer(rh->handler, handler);
	refcount_set(&rh->ref, 1);
	return rh;
}

/**
 * rethook_add_node() - Give a node to a rethook's pool.
 * @rh: the rethook.
 * @node: a node allocated with kmalloc(), possibly inside a bigger object
 *	  that starts with it; the rethook frees it with kfree().
 */
void rethook_add_node(struct rethook *rh, struct rethook_node *node)
{
	node->rethook = rh;
	refcount_inc(&rh->ref);
	freelist_add(&node->freelist, &rh->pool);
}

/**
 * rethook_stop() - Stop hooking new returns.
 * @rh: the rethook.
 *
 * Handlers already running may go on; wait for an RCU grace period to be
 * sure they are done.
 */
void rethook_stop(struct rethook *rh)
{
	rcu_assign_pointer(rh->handler, NULL);
}

static void rethook_free_pool(struct rcu_head *head)
{
	struct rethook *rh = container_of(head, struct rethook, rcu);
	struct freelist_node *fn = rh->pool.head;
	unsigned int freed = 0;

	while (fn) {
		struct rethook_node *node;

		node = container_of(fn, struct rethook_node, freelist);
		fn = fn->next;
		kfree(node);
		freed++;
	}
	/* The pooled nodes' references and the rethook's own. */
	rethook_put(rh, freed + 1);
}

/**
 * rethook_free() - Release a rethook.
 * @rh: the rethook; the caller must not use it afterwards.
 *
 * The rethook and its nodes are freed once no return is pending on any of
 * its nodes; the handler is not called any more from now on.
 */
void rethook_free(struct rethook *rh)
{
	rethook_stop(rh);
	call_rcu(&rh->rcu, rethook_free_pool);
}

static void rethook_free_node(struct rcu_head *head)
{
	struct rethook_node *node = container_of(head, struct rethook_node, rcu);
	struct rethook *rh = node->rethook;

	kfree(node);
	rethook_put(rh, 1);
}

/**
 * rethook_recycle() - Give a node back.
 * @node: a node taken with rethook_try_get().
 *
 * The node goes back to its pool, or is freed if its rethook is being
 * freed.
 */
void rethook_recycle(struct rethook_node *node)
{
	if (likely(rh_handler(node->rethook)))
		freelist_add(&node->freelist, &node->rethook->pool);
	else
		call_rcu(&node->rcu, rethook_free_node);
}

/**
 * rethook_try_get() - Take a node from a rethook's pool.
 * @rh: the rethook.
 *
 * The caller has preemption disabled. Hook with rethook_hook(), or give
 * the node back with rethook_recycle().
 *
 * Return: a node, or NULL if the pool is empty or @rh is being freed.
 */
struct rethook_node *rethook_try_get(struct rethook *rh)
{
	struct freelist_node *fn;

	if (unlikely(!rh_handler(rh)))
		return NULL;
	/* The node is recycled through call_rcu(): RCU must be watching. */
	if (unlikely(!rcu_is_watching()))
		return NULL;
	fn = freelist_try_get(&rh->pool);
	return fn ? container_of(fn, struct rethook_node, freelist) : NULL;
}

/**
 * rethook_hook() - Hook the return of the function being entered.
 * @node: a node from rethook_try_get().
 * @regs: the registers at the function's entry.
 * @mcount: true when called from a function-entry (ftrace) callback, false
 *	    from a probe on the function's first instruction.
 */
void rethook_hook(struct rethook_node *node, struct pt_regs *regs, bool mcount)
{
	arch_rethook_prepare(node, regs, mcount);
	__llist_add(&node->llist, &current->rethooks);
}

/*
 * The first node after *@cur (from the newest if *@cur is NULL) on @tsk's
 * list that holds a real return address: nodes of nested hooks on the same
 * frame hold the trampoline's. Moves *@cur there and returns the address,
 * or returns 0 at the end of the list.
 */
static unsigned long rethook_next_ret_addr(struct task_struct *tsk,
					   struct llist_node **cur)
{
	struct llist_node *ln = *cur ? (*cur)->next : tsk->rethooks.first;
	unsigned long tramp = (unsigned long)arch_rethook_trampoline;

	for (; ln; ln = ln->next) {
		struct rethook_node *node;

		node = container_of(ln, struct rethook_node, llist);
		if (node->ret_addr != tramp) {
			*cur = ln;
			return node->ret_addr;
		}
	}
	return 0;
}

/**
 * rethook_find_ret_addr() - The real return address behind a trampoline.
 * @tsk: current, or a task that is not running.
 * @frame: the frame whose return address was replaced.
 * @cur: iteration state, *@cur NULL on the first call; unwinders call
 *	 again with the same @cur for the next hooked frame.
 *
 * Return: the return address, or 0 if none is pending for @frame.
 */
unsigned long rethook_find_ret_addr(struct task_struct *tsk,
				    unsigned long frame,
				    struct llist_node **cur)
{
	unsigned long addr;

	if (WARN_ON_ONCE(!cur))
		return 0;
	if (WARN_ON_ONCE(tsk != current && task_is_running(tsk)))
		return 0;

	while ((addr = rethook_next_ret_addr(tsk, cur))) {
		struct rethook_node *node;

		node = container_of(*cur, struct rethook_node, llist);
		if (node->frame == frame)
			break;
	}
	return addr;
}

/* Architectures that must repair the stack for unwinders override this. */
void __weak arch_rethook_fixup_return(struct pt_regs *regs,
				      unsigned long correct_ret_addr)
{
}

/**
 * rethook_trampoline_handler() - Handle a return into the trampoline.
 * @regs: the registers at the return, saved by the trampoline.
 * @frame: the frame that returned.
 *
 * Called by the architecture's trampoline. Runs the handlers of the nodes
 * of @frame, newest first, then unlinks and recycles those nodes.
 *
 * Return: the real return address, also set as @regs' instruction pointer.
 */
unsigned long rethook_trampoline_handler(struct pt_regs *regs,
					 unsigned long frame)
{
	struct llist_node *last = NULL, *ln, *next;
	unsigned long ret_addr;

	/* The oldest node of this frame is the one with the real address. */
	ret_addr = rethook_next_ret_addr(current, &last);
	if (!ret_addr)
		panic("rethook: a return without a pending return address\n");
	instruction_pointer_set(regs, ret_addr);

	/* Keeps the nodes' rethooks alive against rethook_free(). */
	preempt_disable_notrace();

	/*
	 * The nodes stay linked while the handlers run, so that a stack
	 * trace taken by a handler can still see through the trampoline.
	 */
	for (ln = current->rethooks.first; ln; ln = ln->next) {
		struct rethook_node *node;
		rethook_handler_t handler;

		node = container_of(ln, struct rethook_node, llist);
		if (WARN_ON_ONCE(node->frame != frame))
			break;
		handler = rh_handler(node->rethook);
		if (handler)
			handler(node, node->rethook->data, regs);
		if (ln == last)
			break;
	}

	arch_rethook_fixup_return(regs, ret_addr);

	ln = current->rethooks.first;
	current->rethooks.first = last->next;
	last->next = NULL;
	for (; ln; ln = next) {
		next = ln->next;
		rethook_recycle(container_of(ln, struct rethook_node, llist));
	}

	preempt_enable_notrace();
	return ret_addr;
}

/**
 * rethook_flush_task() - Recycle the nodes of a dead task.
 * @tk: the task, being freed; its hooked functions will never return.
 */
void rethook_flush_task(struct task_struct *tk)
{
	struct llist_node *ln = __llist_del_all(&tk->rethooks);

	while (ln) {
		struct rethook_node *node;

		node = container_of(ln, struct rethook_node, llist);
		ln = ln->next;
		preempt_disable();
		rethook_recycle(node);
		preempt_enable();
	}
}

/* Probing the return path would recurse into it. */
NOKPROBE_SYMBOL(rethook_recycle);
NOKPROBE_SYMBOL(rethook_try_get);
NOKPROBE_SYMBOL(rethook_hook);
NOKPROBE_SYMBOL(rethook_next_ret_addr);
NOKPROBE_SYMBOL(rethook_find_ret_addr);
NOKPROBE_SYMBOL(rethook_trampoline_handler);
