// SPDX-License-Identifier: GPL-2.0
/*
 * The users of the function tracer (struct ftrace_ops) and the dispatch
 * of a call site to them.
 *
 * Registered ops sit on ftrace_ops_list, newest first. A site that some
 * ops wants calls ftrace_caller, whose ftrace_call calls the list
 * function below while any ops is registered, and ftrace_stub while none
 * is. The list function walks the list and calls each ops that wants
 * the function.
 *
 * Why ftrace_call itself never calls one ops' callback: ftrace_caller
 * loads the op argument and then calls ftrace_call, and a task can be
 * preempted between the two. Were ftrace_call switched from one ops'
 * callback to another's meanwhile, the task would resume calling the new
 * callback with the old ops. Both targets used here ignore the op
 * argument, so that race cannot hurt. A site that only one ops wants
 * calls that ops' own trampoline instead (ftrace_tramp.c), which has its
 * ops and its callback built in and never changes them.
 *
 * Lifetime of an ops: unregister_ftrace_function() unlinks it, updates
 * the sites, and waits with synchronize_rcu_tasks_rude() for every CPU
 * to leave the list function (which runs with preemption disabled, RCU
 * watching or not). If the ops had a trampoline, a task may also be
 * preempted inside it (PREEMPTION), about to call the callback: that is
 * waited out with synchronize_rcu_tasks(), and then the trampoline is
 * freed. When it returns the ops is called no more, and its owner may
 * free it.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/sysctl.h>
#include <linux/trace_recursion.h>

#include "ftrace_internal.h"

/* The ops list, the records' flags, every pass: see ftrace_internal.h. */
DEFINE_MUTEX(ftrace_lock);
struct ftrace_ops __rcu *ftrace_ops_list;
bool ftrace_disabled;
/* The sysctl; [ftrace_lock] to change, so that passes see one value. */
int ftrace_enabled __read_mostly = 1;

/*
 * The op argument ftrace_caller passes (ftrace_caller_op_ptr loads it).
 * Both callbacks ftrace_call can hold ignore it; it stays NULL until a
 * callback needs it.
 */
struct ftrace_ops *function_trace_op __read_mostly;

void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *ignored,
			       struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit;

	/*
	 * One walk per context: a callback calling a traced function
	 * (or an interrupt nesting inside one) does not re-enter the
	 * callbacks of its own context. This also disables preemption,
	 * which is what unregister_ftrace_function() waits out.
	 */
	bit = trace_test_and_set_recursion(ip, parent_ip, TRACE_LIST_START);
	if (bit < 0)
		return;

	for (op = rcu_dereference_raw(ftrace_ops_list); op;
	     op = rcu_dereference_raw(op->next)) {
		if (!ftrace_ops_wants(op, ip))
			continue;
		/* Callbacks that use RCU are skipped where it does not watch. */
		if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_is_watching())
			continue;
		op->func(ip, parent_ip, op, fregs);
	}

	trace_clear_recursion(bit);
}

/*
 * Whether this kernel can give ops what its flags ask for: every
 * register, ip changes and direct calls where the entry code saves them
 * all (FTRACE_FULL_REGS; direct calls with their own config). Elsewhere
 * an ops that asks for the registers only if supported gets the
 * arguments, as upstream's without WITH_REGS.
 */
static int ops_flags_supported(struct ftrace_ops *ops)
{
	if ((ops->flags & FTRACE_OPS_FL_DIRECT) &&
	    !IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS))
		return -EINVAL;
	if (IS_ENABLED(CONFIG_FTRACE_FULL_REGS))
		return 0;
	if (ops->flags & FTRACE_OPS_FL_IPMODIFY)
		return -EINVAL;
	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS) {
		if (!(ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
			return -EINVAL;
		ops->flags &= ~FTRACE_OPS_FL_SAVE_REGS;
	}
	return 0;
}

/*
 * A direct ops is about to share a function with one that may change ip:
 * whether its owner agrees (0), or the error to fail with.
 */
static int direct_may_share(struct ftrace_ops *ops)
{
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	if (ops->ops_func)
		return ops->ops_func(ops,
				     FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF);
#endif
	return -EBUSY;
}

/* The kinds of ops of which no two may want one function. */
#define OPS_EXCLUSIVE	(FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)

int ftrace_ipmodify_check(struct ftrace_ops *ops,
			  const struct ftrace_ip_set *filter,
			  const struct ftrace_ip_set *skip)
{
	unsigned long kind = ops->flags & OPS_EXCLUSIVE;
	bool asked = false;
	struct ftrace_ops *op;
	unsigned long i;
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (!kind)
		return 0;
	/* As upstream: not every function at once, and no notrace set. */
	if (!filter || skip)
		return -EINVAL;
	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		unsigned long other = op->flags & OPS_EXCLUSIVE;

		/*
		 * An ops that may change ip does not look at direct ones:
		 * their owners agreed before it registered (see
		 * ftrace_direct_ipmodify_prepare()).
		 */
		if (op == ops || !other ||
		    (kind == FTRACE_OPS_FL_IPMODIFY && other != kind))
			continue;
		for (i = 0; i < filter->nr; i++) {
			if (!ftrace_ops_wants(op, filter->ips[i]))
				continue;
			if (other == kind)
				return -EBUSY;
			/* A direct ops meets one that may change ip. */
			if (asked)
				continue;
			ret = direct_may_share(ops);
			if (ret)
				return ret;
			asked = true;
		}
	}
	return 0;
}

static int register_ops(struct ftrace_ops *ops);

/**
 * register_ftrace_function - have a callback called on function entry
 * @ops: the callback (func) and its flags; private is the owner's
 *
 * From the time this returns, @ops->func is called on the entry of each
 * traceable function of the kernel its filters select (all of them
 * when it has none: ftrace_set_filter()), from any context, with
 * preemption disabled, at most once per context level at a time.
 *
 * Return: 0; -EBUSY if @ops is registered already, or if it may change
 * ip (FTRACE_OPS_FL_IPMODIFY) in a function that another such ops
 * wants, or in one with a direct call whose owner does not agree;
 * -EINVAL if it asks for direct calls, every register or ip changes
 * where the entry code cannot give them (arm64), or if it may change ip
 * with no filter or with a notrace set; -ENODEV once patching has been
 * given up. Direct ops come through ftrace_direct.c.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	ret = ops_flags_supported(ops);
	if (ret)
		return ret;
	if (!(ops->flags & FTRACE_OPS_FL_IPMODIFY))
		return register_ops(ops);
	/*
	 * Ask the owners of the direct calls it would share functions
	 * with, and register before another direct call can come.
	 */
	ftrace_direct_lock_acquire();
	ret = ftrace_direct_ipmodify_prepare(ops);
	if (!ret)
		ret = register_ops(ops);
	ftrace_direct_lock_release();
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

static int register_ops(struct ftrace_ops *ops)
{
	struct ftrace_ip_set *filter, *skip;
	unsigned int had_tramp = 0;
	struct ftrace_ops *next;
	int ret;

	mutex_lock(&ftrace_lock);
	ret = -ENODEV;
	if (ftrace_disabled)
		goto out;
	ret = -EBUSY;
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		goto out;
	/* An ops that must never be switched off, while all are off. */
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		goto out;
	filter = rcu_dereference_protected(ops->filter_ips,
					   lockdep_is_held(&ftrace_lock));
	skip = rcu_dereference_protected(ops->notrace_ips,
					 lockdep_is_held(&ftrace_lock));
	ret = ftrace_ipmodify_check(ops, filter, skip);
	if (ret)
		goto out;

	/* Read by the assist of a trampoline (ftrace_tramp.c). */
	WRITE_ONCE(ops->flags, ops->flags | FTRACE_OPS_FL_ENABLED |
			       FTRACE_OPS_FL_INITIALIZED);
	/* Its trampoline is ready before a pass can point a site at it. */
	ftrace_tramp_attach(ops);
	/* Fully set up before a list walker can see it. */
	RCU_INIT_POINTER(ops->next, ftrace_ops_list);
	rcu_assign_pointer(ftrace_ops_list, ops);

	ret = ftrace_update_sites();
	if (ret) {
		/*
		 * Patching was given up part way: take the ops back out.
		 * Sites already patched keep calling the list function,
		 * which no longer finds it, or its trampoline, which is
		 * kept and made to call the stub.
		 */
		next = rcu_dereference_protected(ops->next,
						 lockdep_is_held(&ftrace_lock));
		rcu_assign_pointer(ftrace_ops_list, next);
		WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_ENABLED);
		had_tramp = ops->tramp_slot;
		ftrace_tramp_detach(ops, false);
	}
out:
	mutex_unlock(&ftrace_lock);
	if (ret && (ops->flags & FTRACE_OPS_FL_INITIALIZED))
		synchronize_rcu_tasks_rude();
	if (had_tramp)
		synchronize_rcu_tasks();
	return ret;
}

/**
 * unregister_ftrace_function - stop calling a callback
 * @ops: a registered ops
 *
 * When this returns, no CPU runs @ops->func any more, nor will.
 *
 * Return: 0, or -EBUSY if @ops is not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	unsigned int had_tramp, slot;
	struct ftrace_ops __rcu **p;
	struct ftrace_ops *op;
	int ret;

	mutex_lock(&ftrace_lock);
	for (p = &ftrace_ops_list;
	     (op = rcu_dereference_protected(*p,
				lockdep_is_held(&ftrace_lock)));
	     p = &op->next) {
		if (op == ops)
			break;
	}
	if (!op) {
		mutex_unlock(&ftrace_lock);
		return -EBUSY;
	}
	/*
	 * A walker that is on ops keeps following ops->next, which stays
	 * valid: only the pointer to ops changes.
	 */
	op = rcu_dereference_protected(ops->next,
				       lockdep_is_held(&ftrace_lock));
	rcu_assign_pointer(*p, op);
	WRITE_ONCE(ops->flags, ops->flags & ~FTRACE_OPS_FL_ENABLED);
	/*
	 * If patching fails here, ftrace_disabled is set and the sites
	 * still patched call the list function, which no longer finds ops,
	 * or its trampoline, which is kept and made to call the stub.
	 */
	ret = ftrace_update_sites();
	had_tramp = ops->tramp_slot;
	slot = ftrace_tramp_detach(ops, !ret);
	if (ftrace_tramp_free_later(ops, slot))
		had_tramp = 0;
	mutex_unlock(&ftrace_lock);

	/* Every walk (and trampoline lookup) that could see ops is over. */
	synchronize_rcu_tasks_rude();
	if (had_tramp) {
		/*
		 * And no task is preempted inside the trampoline. Without
		 * PREEMPTION none can be, and this is synchronize_rcu().
		 */
		synchronize_rcu_tasks();
		if (slot)
			ftrace_tramp_free(slot);
	}
	/* The direct calls it shared functions with may stop sharing. */
	if (ops->flags & FTRACE_OPS_FL_IPMODIFY)
		ftrace_direct_ipmodify_done(ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/*
 * Give up patching for good: no site is written again, and registering
 * fails with -ENODEV. Sites stay as they are.
 */
void ftrace_kill(void)
{
	WRITE_ONCE(ftrace_disabled, true);
}

/* Whether a registered ops must never be switched off (livepatch). */
static bool permanent_ops_registered(void)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	}
	return false;
}

/*
 * kernel.ftrace_enabled: an int, as upstream's (any nonzero value is
 * on). A change patches every site to match; -EBUSY to turn it off
 * while a permanent ops is registered.
 */
static int ftrace_enabled_sysctl(struct ctl_table *table, int write,
				 void *buffer, size_t *lenp, loff_t *ppos)
{
	int was, ret;

	mutex_lock(&ftrace_lock);
	was = ftrace_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (ret || !write || !was == !ftrace_enabled)
		goto out;
	if (!ftrace_enabled && permanent_ops_registered()) {
		ftrace_enabled = was;
		ret = -EBUSY;
		goto out;
	}
	ret = ftrace_update_sites();
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

static struct ctl_table ftrace_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.mode		= 0644,
		.proc_handler	= ftrace_enabled_sysctl,
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(ftrace_enabled),
	},
	{ }
};

static __init int ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_sysctls);
	return 0;
}
core_initcall(ftrace_sysctl_init);
