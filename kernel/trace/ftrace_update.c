// SPDX-License-Identifier: GPL-2.0
/*
 * Bringing the call sites in line with the registered ops.
 *
 * A pass runs under ftrace_lock, inside the arch's prepare/post_process
 * bracket (x86: text_mutex, with the writes batched through
 * text_poke_queue()). It first points ftrace_call at the list function
 * if any ops is registered, then walks every live record and patches
 * the sites whose state differs from what the ops want, and last points
 * ftrace_call at ftrace_stub if no ops is left. So a site is never made
 * to call ftrace_caller while ftrace_call would skip a registered ops
 * (an enabled site reaches every ops from its first call), and a CPU
 * still inside ftrace_caller after the last ops went calls the stub.
 *
 * Where to: a site that exactly one ops wants calls that ops' own
 * trampoline if it has one (ftrace_tramp.c), a direct ops' trampoline
 * (ftrace_direct.c), and ftrace_caller otherwise; two or more ops:
 * ftrace_caller (ftrace_regs_caller if one wants every register). The record keeps REC_ON and
 * the trampoline's slot (REC_TRAMP_MASK, 0 for ftrace_caller), which
 * stays valid after the ops left the list, so a move between any two
 * targets is one rewrite of the site (ftrace_modify_call()).
 *
 * A site found holding other bytes than its record says is a bug: the
 * pass stops, ftrace_disabled is set for good, and ftrace_bug() says
 * which site and what it held. Sites already rewritten stay as they
 * are; they call ftrace_caller, which stays valid forever.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/sched.h>

#include "ftrace_internal.h"

/* What ftrace_call calls now. [ftrace_lock] */
static ftrace_func_t ftrace_call_func = ftrace_stub;

/* The bits of rec->flags that say what the site calls. */
#define REC_TARGET	(REC_ON | REC_REGS | REC_TRAMP_MASK | REC_DIRECT | \
			 REC_DIRECT_DISP)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * The REC_DIRECT bits for a site at ip that calls the direct trampoline
 * at addr itself, or 0 if the site cannot reach it (it then calls
 * ftrace_regs_caller, whose way to the trampoline has no limit). The
 * margin keeps the distance from the end of a call instruction in reach
 * too.
 */
static unsigned long direct_bits(unsigned long ip, unsigned long addr)
{
	long dist = (long)(addr - ip);

	if (dist < (long)S32_MIN + 16 || dist > (long)S32_MAX - 16 ||
	    !arch_ftrace_tramp_reaches(ip, addr))
		return 0;
	return REC_DIRECT | ((unsigned long)dist << REC_DIRECT_SHIFT);
}

static unsigned long direct_addr(unsigned long ip, unsigned long target)
{
	return ip + (long)(s32)(target >> REC_DIRECT_SHIFT);
}
#else
static inline unsigned long direct_bits(unsigned long ip, unsigned long addr)
{
	return 0;
}

static inline unsigned long direct_addr(unsigned long ip,
					unsigned long target)
{
	return 0;
}
#endif

static inline unsigned long ops_direct_call(struct ftrace_ops *op)
{
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	return op->direct_call;
#else
	return 0;
#endif
}

/*
 * What the site of rec must call, as its REC_TARGET bits: 0 for the
 * nop, REC_ON for ftrace_caller, REC_ON and REC_REGS for
 * ftrace_regs_caller (whenever an ops that wants it needs every
 * register: such ops have no trampoline), REC_ON and a slot for a
 * trampoline, if the site can call it (arm64: a module out of a bl's
 * reach calls ftrace_caller, whose list function calls the ops too),
 * REC_ON, REC_REGS and REC_DIRECT with the distance for a direct ops'
 * trampoline, when only that ops wants the function.
 */
static unsigned long rec_target(struct dyn_ftrace *rec)
{
	struct ftrace_ops *op, *one = NULL;
	unsigned long regs = 0, direct;
	bool several = false;

	if (!ftrace_enabled)
		return 0;
	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (!ftrace_ops_wants(op, rec->ip))
			continue;
		if (op->flags & FTRACE_OPS_FL_REGS_CALLER)
			regs = REC_REGS;
		/* A second ops: the list function calls both. */
		if (one)
			several = true;
		one = op;
	}
	if (!one)
		return 0;
	if (!several && (one->flags & FTRACE_OPS_FL_DIRECT)) {
		direct = direct_bits(rec->ip, ops_direct_call(one));
		if (direct)
			return REC_ON | REC_REGS | direct;
	}
	if (several || regs)
		return REC_ON | regs;
	if (one->tramp_slot &&
	    !arch_ftrace_tramp_reaches(rec->ip,
				       ftrace_tramp_addr(one->tramp_slot)))
		return REC_ON;
	return REC_ON | ((unsigned long)one->tramp_slot << REC_TRAMP_SHIFT);
}

/* The address the REC_TARGET bits of ip's site stand for; 0: the nop. */
static unsigned long target_addr(unsigned long ip, unsigned long target)
{
	unsigned int slot = rec_tramp_slot(target);

	if (!(target & REC_ON))
		return 0;
	if (target & REC_DIRECT)
		return direct_addr(ip, target);
	if (IS_ENABLED(CONFIG_FTRACE_FULL_REGS) && (target & REC_REGS))
		return FTRACE_REGS_ADDR;
	return slot ? ftrace_tramp_addr(slot) : FTRACE_ADDR;
}

static void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	ftrace_kill();
	pr_err("giving up on function tracing: %s the call site at %pS (flags %lx) failed: %d\n",
	       rec->flags & REC_ON ? "disabling" : "enabling",
	       (void *)rec->ip, rec->flags, err);
}

static int set_call_func(ftrace_func_t func)
{
	int ret;

	if (func == ftrace_call_func)
		return 0;
	ret = ftrace_update_ftrace_func(func);
	if (!ret)
		ftrace_call_func = func;
	return ret;
}

#ifdef CONFIG_FTRACE_SITE_CHECK
/*
 * After a pass, read every live site back and compare it with its
 * record. A mismatch is reported like a failed patch.
 */
static int check_sites(void)
{
	struct dyn_ftrace *rec;
	unsigned long n = 0;

	for_each_live_rec(rec) {
		unsigned long target = target_addr(rec->ip, rec->flags);

		if (!ftrace_arch_site_holds(rec, target)) {
			ftrace_bug(-EINVAL, rec);
			return -EINVAL;
		}
		if (!(++n % 1024))
			cond_resched();
	}
	return 0;
}
#else
static inline int check_sites(void)
{
	return 0;
}
#endif

int ftrace_update_sites(void)
{
	bool any = ftrace_enabled && rcu_access_pointer(ftrace_ops_list);
	unsigned long n = 0;
	struct dyn_ftrace *rec;
	int ret = 0;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_disabled)
		return -ENODEV;

	ftrace_arch_code_modify_prepare();
	if (any)
		ret = set_call_func(arch_ftrace_ops_list_func);

	for_each_live_rec(rec) {
		unsigned long target, old, new;

		if (ret)
			break;
		target = rec_target(rec);
		if (target == (rec->flags & REC_TARGET))
			continue;
		old = target_addr(rec->ip, rec->flags);
		new = target_addr(rec->ip, target);
		if (!old)
			ret = ftrace_make_call(rec, new);
		else if (!new)
			ret = ftrace_make_nop(NULL, rec, old);
		else
			ret = ftrace_modify_call(rec, old, new);
		if (ret) {
			ftrace_bug(ret, rec);
			break;
		}
		rec->flags = (rec->flags & ~REC_TARGET) | target;
		/* Long passes (every site) let others run; text_mutex is held. */
		if (!(++n % 256))
			cond_resched();
	}

	if (!ret && !any)
		ret = set_call_func(ftrace_stub);
	ftrace_arch_code_modify_post_process();

	if (!ret)
		ret = check_sites();
	return ret;
}
