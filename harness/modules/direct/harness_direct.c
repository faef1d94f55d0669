// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls (register_ftrace_direct() and friends), for
 * test_fn_direct.sh: x86-64 with DYNAMIC_FTRACE_WITH_DIRECT_CALLS, ours
 * and upstream's. Elsewhere it loads and does nothing.
 *
 * Two trampolines of its own, tramp_a and tramp_b, count their entries
 * (hits_a, hits_b) and return into the function. At load it checks the
 * following, and refuses to load (-EINVAL, "harness_direct: FAIL: ..."
 * in the kernel log) if one fails:
 *  - the ip API: a call of the function enters the trampoline once and
 *    the function still runs; a second direct call on it is -EBUSY, one
 *    on a function without a call site -ENODEV; modify with the wrong
 *    old trampoline is -EINVAL, with the right one sends the calls to
 *    the new one; with an ops of the function tracer's kind on the
 *    function too, both are called; an ops that may change ip (IPMODIFY)
 *    is refused there (-EBUSY: no ops_func); after unregister no call
 *    enters the trampoline, and a second unregister is -ENODEV;
 *  - the _multi API: one ops sends two functions to its trampoline; a
 *    second ops on one of them is -EBUSY; an ops naming no function is
 *    -EINVAL; modify moves both; unregister stops both, and a second
 *    unregister is -EINVAL;
 *  - sharing with an IPMODIFY ops through ops_func: the owner is asked
 *    (SHARE_IPMODIFY_PEER) before such an ops comes onto its function,
 *    and the call then enters the trampoline and goes where that ops
 *    sent it; told when it goes (DISABLE_..._PEER); a direct ops coming
 *    onto a function such an ops holds is asked (SHARE_IPMODIFY_SELF),
 *    and its answer (-EAGAIN) is what register returns;
 *  - no call is lost while the trampoline is modified over and over
 *    under a thread calling the function, with and without another ops
 *    on it (each call enters exactly one of the two trampolines);
 *  - with ours=1, what upstream 6.1 WARNs on: unregister with the
 *    wrong trampoline is -EINVAL.
 *
 * With hold=1 it then keeps a direct call on harness_direct_target()
 * to tramp_a until unloaded. Writing N to the call parameter calls
 * harness_direct_target(N); result reads what that returned, hits_a how
 * many calls entered tramp_a.
 *
 *	insmod harness_direct.ko hold=1
 *	echo 7 >/sys/module/harness_direct/parameters/call
 *	cat /sys/module/harness_direct/parameters/result	(8)
 */
#define pr_fmt(fmt) "harness_direct: " fmt

#include <linux/ftrace.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "harness_direct.h"

static int result;
module_param(result, int, 0444);
MODULE_PARM_DESC(result, "what the last call returned");

static int hits_a, hits_b;
module_param(hits_a, int, 0444);
MODULE_PARM_DESC(hits_a, "entries of tramp_a");
module_param(hits_b, int, 0444);
MODULE_PARM_DESC(hits_b, "entries of tramp_b");

static bool hold;
module_param(hold, bool, 0444);
MODULE_PARM_DESC(hold, "keep a direct call on harness_direct_target()");

static bool ours;
module_param(ours, bool, 0444);
MODULE_PARM_DESC(ours, "check what upstream 6.1 WARNs on");

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
#include <linux/cpumask.h>
#include <asm/ibt.h>
#include <asm/linkage.h>
#include <asm/text-patching.h>
#include <asm/unaligned.h>

static int calls;

/* Side effects, so that the compiler keeps every call. */
static noinline int harness_direct_target(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x + 1;
}

static noinline int harness_direct_second(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x + 2;
}

static noinline int harness_direct_other(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x * 100;
}

/* No call site: a direct call there is -ENODEV. */
static noinline notrace int harness_direct_untraced(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x;
}

/* Calls the compiler can neither specialise nor inline. */
static int call_fn(int (*fn)(int), int x)
{
	OPTIMIZER_HIDE_VAR(fn);
	return fn(x);
}

/* What the trampolines call; atomics, for the thread of the race check. */
static atomic_t entered_a, entered_b;

void harness_direct_hit_a(void)
{
	atomic_inc(&entered_a);
}

void harness_direct_hit_b(void)
{
	atomic_inc(&entered_b);
}

/*
 * Entered as if the function had called it first thing: keep the
 * argument registers, count, and return into the function.
 */
#define TRAMP(name, hit)						\
asm(".pushsection .text, \"ax\", @progbits\n"			\
	".type " #name ", @function\n"					\
	".globl " #name "\n"						\
	#name ":\n"							\
	ASM_ENDBR							\
	"	pushq %rbp\n"						\
	"	movq %rsp, %rbp\n"					\
	"	pushq %rdi\n	pushq %rsi\n	pushq %rdx\n"		\
	"	pushq %rcx\n	pushq %r8\n	pushq %r9\n"		\
	"	call " #hit "\n"					\
	"	popq %r9\n	popq %r8\n	popq %rcx\n"		\
	"	popq %rdx\n	popq %rsi\n	popq %rdi\n"		\
	"	leave\n"						\
	ASM_RET								\
	".size " #name ", .-" #name "\n"				\
	".popsection\n")

TRAMP(harness_direct_tramp_a, harness_direct_hit_a);
TRAMP(harness_direct_tramp_b, harness_direct_hit_b);

#define TRAMP_A	((unsigned long)harness_direct_tramp_a)
#define TRAMP_B	((unsigned long)harness_direct_tramp_b)

/* Report a failed check; the module then refuses to load. */
static __printf(1, 2) int fail(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("FAIL: %pV", &vaf);
	va_end(args);
	return -EINVAL;
}

/* Call fn(x): 0 if it returned want and entered tramp_a a, tramp_b b times. */
static int expect(const char *what, int (*fn)(int), int x, int want,
		  int a, int b)
{
	int v;

	atomic_set(&entered_a, 0);
	atomic_set(&entered_b, 0);
	v = call_fn(fn, x);
	if (v != want || atomic_read(&entered_a) != a ||
	    atomic_read(&entered_b) != b)
		return fail("%s: returned %d (want %d), entered a %d b %d times (want %d %d)\n",
			    what, v, want, atomic_read(&entered_a),
			    atomic_read(&entered_b), a, b);
	return 0;
}

/* The site behind an endbr64 under IBT (ftrace_location() is not exported). */
static unsigned long site_of(void *fn)
{
	unsigned long ip = (unsigned long)fn;

	if (is_endbr(*(u32 *)ip))
		ip += ENDBR_INSN_SIZE;
	return ip;
}

/*
 * Whether the site of harness_direct_target() calls tramp itself (the
 * direct call alone), or something else (shared: ftrace_regs_caller).
 */
static int site_calls(unsigned long tramp, bool want, const char *what)
{
	u8 *site = (u8 *)site_of(harness_direct_target);
	unsigned long to = 0;
	bool calls;

	if (site[0] == CALL_INSN_OPCODE)
		to = (unsigned long)site + MCOUNT_INSN_SIZE +
		     (long)get_unaligned((s32 *)(site + 1));
	calls = to == tramp;
	if (calls != want)
		return fail("%s: the site holds %*ph (a call of %ps), %s\n",
			    what, MCOUNT_INSN_SIZE, site, (void *)to,
			    want ? "not a call of the trampoline" :
				   "a call of the trampoline itself");
	return 0;
}

static int count_hits;

static void count_cb(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	WRITE_ONCE(count_hits, count_hits + 1);
}

/*
 * One ops for each use, here and below: upstream's ftrace_free_filter()
 * leaves an ops' hashes pointing at what it freed, so an ops whose
 * filter was freed is never given a filter or registered again.
 */
enum { IP_API, RACE, SHARE_FIRST, SHARE_SECOND, USES };

static struct ftrace_ops count_ops[USES] = {
	[0 ... USES - 1] = { .func = count_cb },
};

/* Sends harness_direct_target() or _second() to harness_direct_other(). */
static void redirect_cb(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	if (regs)
		regs->ip = site_of(harness_direct_other) + MCOUNT_INSN_SIZE;
}

static struct ftrace_ops redirect_ops[USES] = {
	[0 ... USES - 1] = {
		.func	= redirect_cb,
		.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
	},
};

static int filter(struct ftrace_ops *ops, void *fn)
{
	int ret = ftrace_set_filter_ip(ops, (unsigned long)fn, 0, 1);

	return ret ? fail("ftrace_set_filter_ip(%ps): %d\n", fn, ret) : 0;
}

/* The trampoline check_ip_api()'s direct call has now, for its cleanup. */
static unsigned long cur;

static int move(unsigned long to)
{
	int ret = modify_ftrace_direct((unsigned long)harness_direct_target,
				       cur, to);

	if (ret)
		return fail("modify_ftrace_direct to %ps: %d\n", (void *)to, ret);
	cur = to;
	return 0;
}

static int check_ip_api(void)
{
	unsigned long target = (unsigned long)harness_direct_target;
	int ret;

	ret = register_ftrace_direct(target, TRAMP_A);
	if (ret)
		return fail("register_ftrace_direct: %d\n", ret);
	cur = TRAMP_A;
	ret = expect("direct to a", harness_direct_target, 1, 2, 1, 0) ?:
	      site_calls(TRAMP_A, true, "alone");
	if (ret)
		goto out;
	ret = register_ftrace_direct(target, TRAMP_B);
	if (ret != -EBUSY) {
		ret = fail("a second direct call: %d, want -EBUSY\n", ret);
		goto out;
	}
	ret = register_ftrace_direct((unsigned long)harness_direct_untraced,
				     TRAMP_B);
	if (ret != -ENODEV) {
		if (!ret)
			unregister_ftrace_direct((unsigned long)harness_direct_untraced,
						 TRAMP_B);
		ret = fail("a direct call without a site: %d, want -ENODEV\n",
			   ret);
		goto out;
	}
	ret = modify_ftrace_direct(target, TRAMP_B, TRAMP_A);
	if (ret != -EINVAL) {
		ret = fail("modify from the wrong trampoline: %d, want -EINVAL\n",
			   ret);
		goto out;
	}
	ret = move(TRAMP_B) ?:
	      expect("modified to b", harness_direct_target, 1, 2, 0, 1) ?:
	      site_calls(TRAMP_B, true, "modified alone");
	if (ret)
		goto out;

	/* Another ops on the function: the site is shared. */
	ret = filter(&count_ops[IP_API], harness_direct_target);
	if (ret)
		goto out;
	ret = register_ftrace_function(&count_ops[IP_API]);
	if (ret) {
		ret = fail("register_ftrace_function beside it: %d\n", ret);
		goto out;
	}
	count_hits = 0;
	ret = expect("shared", harness_direct_target, 5, 6, 0, 1) ?:
	      site_calls(TRAMP_B, false, "shared");
	if (!ret && count_hits != 1)
		ret = fail("the other ops was called %d times, want 1\n",
			   count_hits);
	if (!ret)
		ret = move(TRAMP_A) ?:
		      expect("shared, modified to a", harness_direct_target,
			     5, 6, 1, 0) ?:
		      move(TRAMP_B);
	unregister_ftrace_function(&count_ops[IP_API]);
	ftrace_free_filter(&count_ops[IP_API]);
	if (ret)
		goto out;

	ret = filter(&redirect_ops[IP_API], harness_direct_target);
	if (ret)
		goto out;
	ret = register_ftrace_function(&redirect_ops[IP_API]);
	if (!ret)
		unregister_ftrace_function(&redirect_ops[IP_API]);
	ftrace_free_filter(&redirect_ops[IP_API]);
	if (ret != -EBUSY) {
		ret = fail("an IPMODIFY ops on a direct call without ops_func: %d, want -EBUSY\n",
			   ret);
		goto out;
	}
	if (ours) {
		ret = unregister_ftrace_direct(target, TRAMP_A);
		if (ret != -EINVAL) {
			ret = fail("unregister with the wrong trampoline: %d, want -EINVAL\n",
				   ret);
			goto out;
		}
	}
	ret = site_calls(TRAMP_B, true, "alone again");
	if (ret)
		goto out;
	ret = unregister_ftrace_direct(target, cur);
	if (ret)
		return fail("unregister_ftrace_direct: %d\n", ret);
	ret = unregister_ftrace_direct(target, cur);
	if (ret != -ENODEV)
		return fail("a second unregister: %d, want -ENODEV\n", ret);
	return expect("unregistered", harness_direct_target, 1, 2, 0, 0);

out:
	unregister_ftrace_direct(target, cur);
	return ret;
}

static struct ftrace_ops multi_ops, other_multi_ops, empty_ops;

static int check_multi(void)
{
	int ret;

	ret = ftrace_set_filter_ip(&multi_ops,
				   (unsigned long)harness_direct_target, 0, 1) ?:
	      ftrace_set_filter_ip(&multi_ops,
				   (unsigned long)harness_direct_second, 0, 0);
	if (ret)
		return fail("ftrace_set_filter_ip: %d\n", ret);
	ret = register_ftrace_direct_multi(&empty_ops, TRAMP_A);
	if (ret != -EINVAL)
		return fail("register_ftrace_direct_multi of no function: %d, want -EINVAL\n",
			    ret);
	ret = unregister_ftrace_direct_multi(&multi_ops, TRAMP_A);
	if (ret != -EINVAL)
		return fail("unregister_ftrace_direct_multi before register: %d, want -EINVAL\n",
			    ret);
	ret = register_ftrace_direct_multi(&multi_ops, TRAMP_A);
	if (ret)
		return fail("register_ftrace_direct_multi: %d\n", ret);
	ret = expect("multi, first", harness_direct_target, 1, 2, 1, 0) ?:
	      expect("multi, second", harness_direct_second, 1, 3, 1, 0);
	if (ret)
		goto out;

	ret = ftrace_set_filter_ip(&other_multi_ops,
				   (unsigned long)harness_direct_second, 0, 1);
	if (ret) {
		ret = fail("ftrace_set_filter_ip: %d\n", ret);
		goto out;
	}
	ret = register_ftrace_direct_multi(&other_multi_ops, TRAMP_B);
	if (ret != -EBUSY) {
		if (!ret)
			unregister_ftrace_direct_multi(&other_multi_ops, TRAMP_B);
		ret = fail("a second multi ops on a function: %d, want -EBUSY\n",
			   ret);
		goto out;
	}
	ret = modify_ftrace_direct_multi(&multi_ops, TRAMP_B);
	if (ret) {
		ret = fail("modify_ftrace_direct_multi: %d\n", ret);
		goto out;
	}
	ret = expect("multi modified, first", harness_direct_target, 1, 2, 0, 1) ?:
	      expect("multi modified, second", harness_direct_second, 1, 3, 0, 1);
out:
	if (unregister_ftrace_direct_multi(&multi_ops, TRAMP_B) && !ret)
		ret = fail("unregister_ftrace_direct_multi failed\n");
	if (!ret) {
		ret = unregister_ftrace_direct_multi(&multi_ops, TRAMP_B);
		ret = ret == -EINVAL ? 0 :
		      fail("a second unregister_ftrace_direct_multi: %d, want -EINVAL\n",
			   ret);
	}
	if (!ret)
		ret = expect("multi unregistered", harness_direct_second, 1, 3,
			     0, 0);
	ftrace_free_filter(&multi_ops);
	ftrace_free_filter(&other_multi_ops);
	return ret;
}

/* ---- sharing with an ops that may change ip ---- */

static int answer;
static int asked[3];

static int share_func(struct ftrace_ops *ops, enum ftrace_ops_cmd cmd)
{
	if (cmd >= ARRAY_SIZE(asked))
		return -EINVAL;
	asked[cmd]++;
	return cmd == FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF ? answer : 0;
}

/* A fresh one each time: upstream cannot register an ops again after a failure. */
static struct ftrace_ops share_ops[3];

static int check_share(void)
{
	int ret;

	/* A direct ops first, then an IPMODIFY one on its function. */
	share_ops[0].ops_func = share_func;
	ret = ftrace_set_filter_ip(&share_ops[0],
				   (unsigned long)harness_direct_target, 0, 1);
	if (ret)
		return fail("ftrace_set_filter_ip: %d\n", ret);
	ret = register_ftrace_direct_multi(&share_ops[0], TRAMP_A);
	if (ret)
		return fail("register_ftrace_direct_multi (share): %d\n", ret);
	ret = filter(&redirect_ops[SHARE_FIRST], harness_direct_target);
	if (ret)
		goto out0;
	ret = register_ftrace_function(&redirect_ops[SHARE_FIRST]);
	if (ret) {
		ret = fail("an IPMODIFY ops on a direct call whose owner agrees: %d\n",
			   ret);
		goto out0;
	}
	ret = expect("shared with IPMODIFY", harness_direct_target, 3, 300, 1, 0);
	unregister_ftrace_function(&redirect_ops[SHARE_FIRST]);
	ftrace_free_filter(&redirect_ops[SHARE_FIRST]);
	if (!ret && (asked[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER] != 1 ||
		     asked[FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER] != 1))
		ret = fail("the owner was asked PEER %d, DISABLE %d times, want 1 and 1\n",
			   asked[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER],
			   asked[FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER]);
out0:
	unregister_ftrace_direct_multi(&share_ops[0], TRAMP_A);
	ftrace_free_filter(&share_ops[0]);
	if (ret)
		return ret;

	/* An IPMODIFY ops first, then direct ones. */
	ret = filter(&redirect_ops[SHARE_SECOND], harness_direct_second);
	if (ret)
		return ret;
	ret = register_ftrace_function(&redirect_ops[SHARE_SECOND]);
	if (ret) {
		ftrace_free_filter(&redirect_ops[SHARE_SECOND]);
		return fail("register IPMODIFY: %d\n", ret);
	}
	share_ops[1].ops_func = share_func;
	share_ops[2].ops_func = share_func;
	ret = ftrace_set_filter_ip(&share_ops[1],
				   (unsigned long)harness_direct_second, 0, 1) ?:
	      ftrace_set_filter_ip(&share_ops[2],
				   (unsigned long)harness_direct_second, 0, 1);
	if (ret) {
		ret = fail("ftrace_set_filter_ip: %d\n", ret);
		goto out1;
	}
	asked[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF] = 0;
	answer = -EAGAIN;
	ret = register_ftrace_direct_multi(&share_ops[1], TRAMP_A);
	if (ret != -EAGAIN || !asked[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF]) {
		if (!ret)
			unregister_ftrace_direct_multi(&share_ops[1], TRAMP_A);
		ret = fail("a direct ops whose owner answers -EAGAIN: %d, asked %d times\n",
			   ret, asked[FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF]);
		goto out1;
	}
	answer = 0;
	ret = register_ftrace_direct_multi(&share_ops[2], TRAMP_A);
	if (ret) {
		ret = fail("a direct ops whose owner agrees: %d\n", ret);
		goto out1;
	}
	ret = expect("IPMODIFY, then direct", harness_direct_second, 3, 300,
		     1, 0);
	unregister_ftrace_direct_multi(&share_ops[2], TRAMP_A);
out1:
	unregister_ftrace_function(&redirect_ops[SHARE_SECOND]);
	ftrace_free_filter(&redirect_ops[SHARE_SECOND]);
	ftrace_free_filter(&share_ops[1]);
	ftrace_free_filter(&share_ops[2]);
	return ret;
}

/* ---- no call lost while the trampoline changes ---- */

#define RACE_ROUNDS	100

static atomic_t race_calls;

static int race_caller(void *unused)
{
	while (!kthread_should_stop()) {
		call_fn(harness_direct_target, 1);
		atomic_inc(&race_calls);
		cond_resched();
	}
	return 0;
}

/*
 * A modification can take less than one time slice of the caller's
 * vCPU (a pointer store where the site is shared; QEMU with one TCG
 * thread runs vCPUs in turns): wait, for at most RACE_WAIT, until the
 * caller has completed two calls, so that at least one began after the
 * change, before making the next one.
 */
#define RACE_WAIT	(HZ / 10)

static void race_wait_calls(void)
{
	int seen = atomic_read(&race_calls);
	unsigned long end = jiffies + RACE_WAIT;

	while (atomic_read(&race_calls) - seen < 2 && time_before(jiffies, end))
		cond_resched();
}

static int check_race(bool shared)
{
	unsigned long target = (unsigned long)harness_direct_target;
	unsigned long from = TRAMP_A, to = TRAMP_B;
	int ret, i, n, a, b, cpu;
	struct task_struct *t;

	ret = register_ftrace_direct(target, from);
	if (ret)
		return fail("register_ftrace_direct (race): %d\n", ret);
	if (shared) {
		ret = filter(&count_ops[RACE], harness_direct_target) ?:
		      register_ftrace_function(&count_ops[RACE]);
		if (ret) {
			ret = fail("register_ftrace_function (race): %d\n", ret);
			goto out;
		}
	}
	atomic_set(&race_calls, 0);
	atomic_set(&entered_a, 0);
	atomic_set(&entered_b, 0);
	t = kthread_create(race_caller, NULL, "harness_direct");
	if (IS_ERR(t)) {
		ret = fail("kthread_create: %ld\n", PTR_ERR(t));
		goto out;
	}
	/* On another CPU than this one, which patches. */
	cpu = cpumask_any_but(cpu_online_mask, raw_smp_processor_id());
	if (cpu < nr_cpu_ids)
		kthread_bind(t, cpu);
	wake_up_process(t);
	/* Let it start calling before the first change. */
	while (!atomic_read(&race_calls))
		cond_resched();
	for (i = 0; i < RACE_ROUNDS && !ret; i++) {
		ret = modify_ftrace_direct(target, from, to);
		if (!ret)
			swap(from, to);
		race_wait_calls();
	}
	kthread_stop(t);
	n = atomic_read(&race_calls);
	a = atomic_read(&entered_a);
	b = atomic_read(&entered_b);
	if (ret)
		ret = fail("modify_ftrace_direct (race, round %d): %d\n", i, ret);
	else if (a + b != n)
		ret = fail("%s: %d calls entered a %d, b %d times\n",
			   shared ? "shared" : "alone", n, a, b);
	/* Calls under the changes to both, or nothing was tested. */
	else if (n < RACE_ROUNDS || !a || !b)
		ret = fail("%s: only %d calls (a %d, b %d) under %d changes\n",
			   shared ? "shared" : "alone", n, a, b, RACE_ROUNDS);
	else
		pr_info("%s: %d modifications under %d calls, none lost (a %d, b %d)\n",
			shared ? "shared" : "alone", RACE_ROUNDS, n, a, b);
out:
	if (shared) {
		unregister_ftrace_function(&count_ops[RACE]);
		ftrace_free_filter(&count_ops[RACE]);
	}
	unregister_ftrace_direct(target, from);
	return ret;
}

static int call_set(const char *val, const struct kernel_param *kp)
{
	int n, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	WRITE_ONCE(result, call_fn(harness_direct_target, n));
	WRITE_ONCE(hits_a, atomic_read(&entered_a));
	WRITE_ONCE(hits_b, atomic_read(&entered_b));
	return 0;
}

static const struct kernel_param_ops call_ops = {
	.set = call_set,
};
module_param_cb(call, &call_ops, NULL, 0200);
MODULE_PARM_DESC(call, "write N: call harness_direct_target(N)");

static int __init harness_direct_init(void)
{
	int ret;

	ret = check_ip_api() ?: check_multi() ?: check_share() ?:
	      check_race(false) ?: check_race(true);
	if (ret || !hold)
		return ret;
	atomic_set(&entered_a, 0);
	atomic_set(&entered_b, 0);
	ret = register_ftrace_direct((unsigned long)harness_direct_target,
				     TRAMP_A);
	if (ret)
		pr_err("FAIL: register_ftrace_direct (held): %d\n", ret);
	return ret;
}

static void __exit harness_direct_exit(void)
{
	if (hold)
		unregister_ftrace_direct((unsigned long)harness_direct_target,
					 TRAMP_A);
}
#else
static int __init harness_direct_init(void)
{
	pr_info("no direct calls in this kernel\n");
	return 0;
}

static void __exit harness_direct_exit(void)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

module_init(harness_direct_init);
module_exit(harness_direct_exit);
MODULE_DESCRIPTION("Direct call checks for test_fn_direct.sh");
MODULE_LICENSE("GPL");
