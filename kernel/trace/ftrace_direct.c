// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: the call site of a function calling its owner's
 * trampoline itself, instead of the tracer's entry code.
 *
 * A direct ops is an ftrace_ops with FTRACE_OPS_FL_DIRECT and
 * FTRACE_OPS_FL_SAVE_REGS whose direct_call is the trampoline of every
 * function its filter names. register_ftrace_direct_multi() makes the
 * caller's ops one (BPF: one ops per traced function, kept in its
 * struct bpf_trampoline); register_ftrace_direct() makes one of its own
 * for each ip (the samples/ftrace modules). Where a site goes
 * (ftrace_update.c):
 *
 *   only the direct ops wants the function: the site calls direct_call,
 *     whose distance the record keeps (REC_DIRECT);
 *   other ops want it too: the site calls ftrace_regs_caller (a direct
 *     ops asks for every register), whose list function calls them and
 *     direct_ops_func() below, which puts direct_call in regs->orig_ax;
 *     seeing it, ftrace_regs_caller leaves by a return into the
 *     trampoline, with the stack as the site's own call would have
 *     left it (ftrace_64.S).
 *
 * Either way the trampoline is entered alike: the arguments in their
 * registers and the return address into the function on top of the
 * stack, in whatever context the function runs.
 *
 * No two direct ops may want one function (ftrace_ipmodify_check()). An
 * ops that may change ip (livepatch) shares a function with a direct one
 * only if the direct ops' owner agrees: its ops_func is asked before
 * that ops registers (ftrace_direct_ipmodify_prepare()), or, for a
 * direct ops coming onto such a function, as it registers. The
 * trampoline is then entered with regs->ip, where that ops sends the
 * function, as its return address.
 *
 * Changing the trampoline (modify_ftrace_direct*()): direct_call is
 * written under ftrace_lock, and a pass rewrites each site that calls
 * the trampoline itself from the old call to the new one in one
 * text_poke_bp(). A CPU in the list function reads one value or the
 * other. So every call goes to one of the two trampolines, never to
 * neither. The old one must live until no task can be in it: that is
 * its owner's business (BPF waits for RCU-tasks before it frees an
 * image). Unregister waits for it: the trampoline may be a module's,
 * which goes with the module's text.
 *
 * Locking: ftrace_direct_lock (a mutex) serialises the changes of
 * direct calls, and the registration of an ops that may change ip with
 * the questions asked for it. It is taken before ftrace_filter_lock and
 * ftrace_lock. An ops_func is called with it held (and with ftrace_lock
 * too for ENABLE_SHARE_IPMODIFY_SELF): BPF's then calls
 * modify_ftrace_direct_multi_nolock().
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

static DEFINE_MUTEX(ftrace_direct_lock);

/* What a direct ops must have; register_ftrace_direct_multi() sets it. */
#define DIRECT_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)

/* A direct call of the ip API: its own ops, on one site. */
struct direct_ip {
	struct ftrace_ops	ops;
	unsigned long		site;
	struct list_head	list;
};

/* The direct calls of the ip API. [ftrace_direct_lock] */
static LIST_HEAD(direct_ips);
int ftrace_direct_func_count;

void ftrace_direct_lock_acquire(void)
{
	mutex_lock(&ftrace_direct_lock);
}

void ftrace_direct_lock_release(void)
{
	mutex_unlock(&ftrace_direct_lock);
}

/*
 * The callback of every direct ops, which the list function calls where
 * the function has other ops too. Only ftrace_regs_caller's frame has
 * the registers and looks at orig_ax: in the pass that moves a site to
 * it, the site may still call ftrace_caller once, and that call goes
 * without the trampoline, as the calls before registration did.
 */
static void direct_ops_func(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	/* modify_ftrace_direct*() may change it under a running CPU. */
	if (regs)
		arch_ftrace_set_direct_caller(regs, READ_ONCE(op->direct_call));
}

/**
 * ftrace_find_rec_direct - the direct call of a function
 * @ip: the function's call site
 *
 * Return: the trampoline the registered direct ops that wants @ip sends
 * it to, or 0 if there is none.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	unsigned long addr = 0;
	struct ftrace_ops *op;

	/* The walk the list function makes: ops leave after a rude GP. */
	preempt_disable_notrace();
	for (op = rcu_dereference_raw(ftrace_ops_list); op;
	     op = rcu_dereference_raw(op->next)) {
		if ((op->flags & FTRACE_OPS_FL_DIRECT) &&
		    ftrace_ops_wants(op, ip)) {
			addr = READ_ONCE(op->direct_call);
			break;
		}
	}
	preempt_enable_notrace();
	return addr;
}

/*
 * Send a registered direct ops' functions to addr. The functions do not
 * change, so no question is asked again. [ftrace_direct_lock]
 */
static int direct_retarget(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned long old;
	int ret = -ENODEV;

	lockdep_assert_held(&ftrace_direct_lock);
	mutex_lock(&ftrace_lock);
	if (ftrace_disabled)
		goto out;
	old = ops->direct_call;
	WRITE_ONCE(ops->direct_call, addr);
	ret = ftrace_update_sites();
	/*
	 * Patching was given up part way: sites already moved, and the
	 * list function, call addr; the others still call old, and none
	 * changes again. The owner must keep addr, so this is no error
	 * to it (it would free addr); both stay in use.
	 */
	if (ret) {
		pr_err("direct call from %ps to %ps left half moved\n",
		       (void *)old, (void *)addr);
		ret = 0;
	}
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

/*
 * Take ftrace_direct_lock and find the ip API's direct call on the site
 * of ip: NULL if there is none. The lock is held on return either way.
 */
static struct direct_ip *direct_ip_get(unsigned long ip)
{
	unsigned long site = ftrace_location(ip);
	struct direct_ip *d;

	mutex_lock(&ftrace_direct_lock);
	list_for_each_entry(d, &direct_ips, list) {
		if (site && d->site == site)
			return d;
	}
	return NULL;
}

/**
 * register_ftrace_direct - have a function's call site call a trampoline
 * @ip: the function (or its call site)
 * @addr: the trampoline
 *
 * From the time this returns, every call of the function enters @addr
 * first, as described at the top of this file; other ftrace_ops on the
 * function still see it.
 *
 * Return: 0; -ENODEV if @ip is no traceable function; -EBUSY if it has a
 * direct call already, or an ops that may change ip; -ENOMEM.
 */
int register_ftrace_direct(unsigned long ip, unsigned long addr)
{
	unsigned long site = ftrace_location(ip);
	struct direct_ip *d;
	int ret;

	if (!site)
		return -ENODEV;
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	d->site = site;
	d->ops.func = direct_ops_func;
	/* As upstream's: kernel.ftrace_enabled cannot turn it off. */
	d->ops.flags = DIRECT_FLAGS | FTRACE_OPS_FL_PERMANENT;
	d->ops.direct_call = addr;
	ret = ftrace_set_filter_ip(&d->ops, site, 0, 1);
	if (ret)
		goto out_free;

	mutex_lock(&ftrace_direct_lock);
	ret = register_ftrace_function(&d->ops);
	if (!ret) {
		list_add(&d->list, &direct_ips);
		ftrace_direct_func_count++;
	}
	mutex_unlock(&ftrace_direct_lock);
	if (!ret)
		return 0;
out_free:
	ftrace_free_filter(&d->ops);
	kfree(d);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - undo register_ftrace_direct()
 * @ip: the function (or its call site)
 * @addr: the trampoline it was registered with
 *
 * When this returns, no call of the function enters @addr, and no task
 * is left inside it: the caller may free it.
 *
 * Return: 0; -ENODEV if @ip has no direct call of this API; -EINVAL if
 * its trampoline is not @addr.
 */
int unregister_ftrace_direct(unsigned long ip, unsigned long addr)
{
	struct direct_ip *d = direct_ip_get(ip);
	int ret = -ENODEV;

	if (d)
		ret = d->ops.direct_call == addr ?
		      unregister_ftrace_function(&d->ops) : -EINVAL;
	if (!ret) {
		list_del(&d->list);
		ftrace_direct_func_count--;
	}
	mutex_unlock(&ftrace_direct_lock);
	if (ret)
		return ret;
	/*
	 * No CPU runs the list function for it any more; a task may still
	 * be preempted inside the trampoline, which its module's text is.
	 */
	synchronize_rcu_tasks();
	ftrace_free_filter(&d->ops);
	kfree(d);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct - send a function's direct call elsewhere
 * @ip: the function (or its call site)
 * @old_addr: the trampoline it calls now
 * @new_addr: the one it is to call
 *
 * Every call enters one of the two, none is missed. @old_addr may still
 * be running on some CPU or task when this returns.
 *
 * Return: 0; -ENODEV if @ip has no direct call of this API, or once
 * patching has been given up; -EINVAL if it does not call @old_addr.
 */
int modify_ftrace_direct(unsigned long ip, unsigned long old_addr,
			 unsigned long new_addr)
{
	struct direct_ip *d = direct_ip_get(ip);
	int ret = -ENODEV;

	if (d)
		ret = d->ops.direct_call == old_addr ?
		      direct_retarget(&d->ops, new_addr) : -EINVAL;
	mutex_unlock(&ftrace_direct_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);

/**
 * register_ftrace_direct_multi - send an ops' functions to a trampoline
 * @ops: an ops not registered, without a callback, whose filter names
 *	 the functions (ftrace_set_filter_ip() and friends)
 * @addr: the trampoline
 *
 * Each of the functions then enters @addr first, as with
 * register_ftrace_direct(). @ops becomes a direct ops: its callback and
 * flags are the core's until unregister_ftrace_direct_multi().
 *
 * Return: 0; -EINVAL if @ops is registered, has a callback, or names no
 * function; -EBUSY if one of them has a direct call already, or an ops
 * that may change ip and @ops->ops_func does not agree to share it (its
 * answer is returned then); -ENODEV if patching was given up.
 */
int register_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_ip_set *filter;
	int ret;

	if (ops->func || (ops->flags & FTRACE_OPS_FL_ENABLED))
		return -EINVAL;
	mutex_lock(&ftrace_direct_lock);
	/* The caller's own ops: nothing else edits its filter meanwhile. */
	filter = rcu_dereference_protected(ops->filter_ips, true);
	ret = -EINVAL;
	if (!filter || !filter->nr)
		goto out;
	ops->func = direct_ops_func;
	/* As upstream's: these flags and no others (no IPMODIFY). */
	ops->flags = DIRECT_FLAGS;
	ops->direct_call = addr;
	ret = register_ftrace_function(ops);
	if (ret) {
		ops->func = NULL;
		ops->direct_call = 0;
	}
out:
	mutex_unlock(&ftrace_direct_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct_multi);

/* Whether ops is a registered direct ops of the _multi API. */
static bool direct_multi_live(struct ftrace_ops *ops)
{
	return ops->func == direct_ops_func &&
	       (ops->flags & (DIRECT_FLAGS | FTRACE_OPS_FL_ENABLED)) ==
	       (DIRECT_FLAGS | FTRACE_OPS_FL_ENABLED);
}

/**
 * unregister_ftrace_direct_multi - undo register_ftrace_direct_multi()
 * @ops: the ops
 * @addr: its trampoline (unused: the ops knows it)
 *
 * When this returns, no call of its functions enters the trampoline
 * any more, and no task is left inside it. @ops may be registered again.
 *
 * Return: 0, or -EINVAL if @ops is not a registered direct ops.
 */
int unregister_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	int ret = -EINVAL;

	mutex_lock(&ftrace_direct_lock);
	if (direct_multi_live(ops))
		ret = unregister_ftrace_function(ops);
	mutex_unlock(&ftrace_direct_lock);
	if (ret)
		return ret;
	/*
	 * A task preempted inside ftrace_regs_caller between the list
	 * function and its return into the trampoline, or inside the
	 * trampoline: the owner may free it after this returns (a module's
	 * goes with its text), as upstream's ops of modules allow.
	 */
	if (IS_ENABLED(CONFIG_PREEMPTION))
		synchronize_rcu_tasks();
	ops->func = NULL;
	ops->direct_call = 0;
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct_multi);

/**
 * modify_ftrace_direct_multi_nolock - modify_ftrace_direct_multi(), for a
 * caller that holds the direct calls' lock: an ops_func answering the
 * core's question
 * @ops: a registered direct ops
 * @addr: the trampoline its functions are to call
 *
 * Return: as modify_ftrace_direct_multi().
 */
int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops,
				      unsigned long addr)
{
	lockdep_assert_held(&ftrace_direct_lock);
	if (!direct_multi_live(ops))
		return -EINVAL;
	return direct_retarget(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_multi_nolock);

/**
 * modify_ftrace_direct_multi - send a direct ops' functions elsewhere
 * @ops: a registered direct ops
 * @addr: the trampoline its functions are to call
 *
 * Every call enters the old trampoline or @addr, none is missed; the old
 * one may still be running on some CPU or task when this returns.
 *
 * Return: 0; -EINVAL if @ops is not a registered direct ops; -ENODEV once
 * patching has been given up.
 */
int modify_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	mutex_lock(&ftrace_direct_lock);
	ret = modify_ftrace_direct_multi_nolock(ops, addr);
	mutex_unlock(&ftrace_direct_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_multi);

/*
 * The registered direct ops after prev (from the start for NULL) that
 * wants a function ops names, or NULL. Direct ops come and go only under
 * ftrace_direct_lock, which the caller holds, so the one returned stays
 * on the list after ftrace_lock is dropped.
 */
static struct ftrace_ops *next_peer(struct ftrace_ops *ops,
				    struct ftrace_ops *prev)
{
	struct ftrace_ops __rcu **pos = prev ? &prev->next : &ftrace_ops_list;
	struct ftrace_ip_set *filter;
	struct ftrace_ops *op;
	unsigned long i;

	lockdep_assert_held(&ftrace_direct_lock);
	mutex_lock(&ftrace_lock);
	filter = rcu_dereference_protected(ops->filter_ips,
					   lockdep_is_held(&ftrace_lock));
	for (op = rcu_dereference_protected(*pos,
					    lockdep_is_held(&ftrace_lock));
	     op && filter; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (!(op->flags & FTRACE_OPS_FL_DIRECT))
			continue;
		for (i = 0; i < filter->nr; i++) {
			if (ftrace_ops_wants(op, filter->ips[i]))
				goto out;
		}
	}
	op = NULL;
out:
	mutex_unlock(&ftrace_lock);
	return op;
}

int ftrace_direct_ipmodify_prepare(struct ftrace_ops *ops)
{
	struct ftrace_ops *op = NULL;
	int ret;

	lockdep_assert_held(&ftrace_direct_lock);
	while ((op = next_peer(ops, op))) {
		if (!op->ops_func)
			return -EBUSY;
		ret = op->ops_func(op,
				   FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER);
		if (ret)
			return ret;
	}
	return 0;
}

void ftrace_direct_ipmodify_done(struct ftrace_ops *ops)
{
	struct ftrace_ops *op = NULL;

	mutex_lock(&ftrace_direct_lock);
	/* Answers are not needed: the owner may keep sharing. */
	while ((op = next_peer(ops, op))) {
		if (op->ops_func)
			op->ops_func(op,
				     FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER);
	}
	mutex_unlock(&ftrace_direct_lock);
}
