// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_ops that want every register, and kprobes on function entries
 * (which go through such ops), for test_fn_regs.sh: on x86-64 with
 * DYNAMIC_FTRACE_WITH_REGS and KPROBES_ON_FTRACE (ours and upstream's).
 * On arm64 (ours) it checks that such ops are refused instead (below).
 *
 * At load it checks the following, and refuses to load (-EINVAL, the
 * failed check in the kernel log, "harness_regs: FAIL: ...") if one
 * fails:
 *  - FTRACE_OPS_FL_SAVE_REGS: the callback gets pt_regs with the
 *    kernel's cs, ip just after the call site, sp at the return address
 *    into the caller, di holding the first argument and the flags of
 *    the caller (interrupts on); a change of di reaches the function;
 *    the callee-saved registers reach the function as the caller left
 *    them;
 *  - FTRACE_OPS_FL_IPMODIFY: a callback that sets regs->ip to another
 *    function has that one run instead, and return to the caller;
 *    another IPMODIFY ops on the same function is refused with -EBUSY,
 *    at register and at a filter change, as is one with no filter
 *    (-EINVAL; unless unfiltered=0);
 *  - a kprobe on a function's entry is an ftrace one
 *    (KPROBE_FLAG_FTRACE); its pre-handler sees ip one past the site
 *    (as for an int3), its post-handler the site plus its size.
 *
 * With hold=1 it then keeps an IPMODIFY ops on harness_regs_target()
 * (sending it to harness_regs_other()) and a kprobe on
 * harness_regs_other() until unloaded. Writing N to the call parameter
 * calls harness_regs_target(N); result reads what that returned,
 * kprobe_hits how often the kprobe fired.
 *
 *	insmod harness_regs.ko hold=1
 *	echo 7 >/sys/module/harness_regs/parameters/call
 *	cat /sys/module/harness_regs/parameters/result	(700)
 */
#define pr_fmt(fmt) "harness_regs: " fmt

#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#if defined(CONFIG_X86_64) && defined(CONFIG_DYNAMIC_FTRACE_WITH_REGS) && \
	defined(CONFIG_KPROBES_ON_FTRACE)
#include <asm/ibt.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>

static int calls;

/* Side effects, so that the compiler keeps every call. */
static noinline int harness_regs_target(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x + 1;
}

static noinline int harness_regs_other(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x * 100;
}

static noinline int harness_regs_spare(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x - 1;
}

/* Calls the compiler can neither specialise nor inline. */
static int target_fn(int x)
{
	int (*fn)(int) = harness_regs_target;

	OPTIMIZER_HIDE_VAR(fn);
	return fn(x);
}

static int spare_fn(int x)
{
	int (*fn)(int) = harness_regs_spare;

	OPTIMIZER_HIDE_VAR(fn);
	return fn(x);
}

static bool hold;
module_param(hold, bool, 0444);
MODULE_PARM_DESC(hold, "keep an IPMODIFY ops and a kprobe after load");

/*
 * Upstream 6.1 oopses (a NULL func_hash in
 * prepare_direct_functions_for_ipmodify()) on an IPMODIFY ops that
 * never had a filter: its test run leaves that check out.
 */
static bool unfiltered = true;
module_param(unfiltered, bool, 0444);
MODULE_PARM_DESC(unfiltered, "check that an IPMODIFY ops with no filter is refused");

static int result;
module_param(result, int, 0444);
MODULE_PARM_DESC(result, "what the last call returned");

static int kprobe_hits;
module_param(kprobe_hits, int, 0444);
MODULE_PARM_DESC(kprobe_hits, "hits of the held kprobe");

static int call_set(const char *val, const struct kernel_param *kp)
{
	int n, ret;

	ret = kstrtoint(val, 0, &n);
	if (ret)
		return ret;
	WRITE_ONCE(result, target_fn(n));
	return 0;
}

static const struct kernel_param_ops call_ops = {
	.set = call_set,
};
module_param_cb(call, &call_ops, NULL, 0200);
MODULE_PARM_DESC(call, "write N: call harness_regs_target(N)");

/*
 * The call site at fn's entry, behind its endbr64 under IBT
 * (ftrace_location() is not exported).
 */
static unsigned long site_of(void *fn)
{
	unsigned long ip = (unsigned long)fn;

	if (is_endbr(*(u32 *)ip))
		ip += ENDBR_INSN_SIZE;
	return ip;
}

/* ---- every register ---- */

static struct {
	int		hits;
	bool		regs, cs, ip, sp, di, flags;
	int		set_di;
} seen;

static void regs_cb(unsigned long ip, unsigned long parent_ip,
		    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	seen.hits++;
	if (!regs)
		return;
	seen.regs = true;
	seen.cs = regs->cs == __KERNEL_CS;
	seen.ip = regs->ip == ip + MCOUNT_INSN_SIZE;
	seen.sp = *(unsigned long *)regs->sp == parent_ip;
	seen.di = regs->di == 7;
	seen.flags = !!(regs->flags & X86_EFLAGS_IF);
	if (seen.set_di)
		regs->di = seen.set_di;
}

static struct ftrace_ops regs_ops = {
	.func	= regs_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS,
};

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

static int check_save_regs(void)
{
	unsigned long site = site_of(harness_regs_target);
	int ret, v;

	ret = ftrace_set_filter_ip(&regs_ops, site, 0, 1);
	if (ret)
		return fail("ftrace_set_filter_ip: %d\n", ret);
	ret = register_ftrace_function(&regs_ops);
	if (ret)
		return fail("register_ftrace_function(SAVE_REGS): %d\n", ret);

	v = target_fn(7);
	seen.set_di = 41;
	v += 1000 * target_fn(7);
	seen.set_di = 0;
	unregister_ftrace_function(&regs_ops);
	ftrace_free_filter(&regs_ops);

	if (seen.hits != 2 || !seen.regs)
		return fail("%d calls, regs %d\n", seen.hits, seen.regs);
	if (!seen.cs || !seen.ip || !seen.sp || !seen.di || !seen.flags)
		return fail("pt_regs: cs %d ip %d sp %d di %d flags %d\n",
			    seen.cs, seen.ip, seen.sp, seen.di, seen.flags);
	/* 8 from the first call, 42 from the one whose di became 41 */
	if (v != 8 + 42000)
		return fail("the calls returned %d, want 42008\n", v);
	return 0;
}

/* ---- ip changes ---- */

static void redirect_cb(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);

	if (regs)
		regs->ip = (unsigned long)harness_regs_other;
}

static struct ftrace_ops redirect_ops = {
	.func	= redirect_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
};

static struct ftrace_ops rival_ops = {
	.func	= redirect_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
};

static int rival_checks(void)
{
	unsigned long site = site_of(harness_regs_target);
	unsigned long spare = site_of(harness_regs_spare);
	int ret;

	/* no filter: every function */
	if (unfiltered) {
		ret = register_ftrace_function(&rival_ops);
		if (!ret)
			unregister_ftrace_function(&rival_ops);
		if (ret != -EINVAL)
			return fail("an IPMODIFY ops with no filter: %d, want %d\n",
				    ret, -EINVAL);
	}

	ret = ftrace_set_filter_ip(&rival_ops, site, 0, 1);
	if (ret)
		return fail("ftrace_set_filter_ip (rival): %d\n", ret);
	ret = register_ftrace_function(&rival_ops);
	if (!ret)
		unregister_ftrace_function(&rival_ops);
	if (ret != -EBUSY)
		return fail("a second IPMODIFY ops on one function: %d, want %d\n",
			    ret, -EBUSY);

	/* On another function it registers, and cannot move onto ours. */
	ret = ftrace_set_filter_ip(&rival_ops, spare, 0, 1);
	if (ret)
		return fail("ftrace_set_filter_ip (spare): %d\n", ret);
	ret = register_ftrace_function(&rival_ops);
	if (ret)
		return fail("an IPMODIFY ops on another function: %d\n", ret);
	ret = ftrace_set_filter_ip(&rival_ops, site, 0, 0);
	unregister_ftrace_function(&rival_ops);
	if (ret != -EBUSY)
		return fail("adding a function another IPMODIFY ops has: %d, want %d\n",
			    ret, -EBUSY);
	return 0;
}

/* A second IPMODIFY ops, while redirect_ops holds harness_regs_target. */
static int check_rival(void)
{
	int ret = rival_checks();

	ftrace_free_filter(&rival_ops);
	return ret;
}

static int check_ipmodify(bool keep)
{
	unsigned long site = site_of(harness_regs_target);
	int ret, before, n, v, w;

	ret = ftrace_set_filter_ip(&redirect_ops, site, 0, 1);
	if (ret)
		return fail("ftrace_set_filter_ip (redirect): %d\n", ret);
	ret = register_ftrace_function(&redirect_ops);
	if (ret)
		return fail("register_ftrace_function(IPMODIFY): %d\n", ret);
	before = READ_ONCE(calls);
	v = target_fn(7);
	n = READ_ONCE(calls) - before;
	/* a spare function, never wanted, runs as itself */
	w = spare_fn(7);

	ret = check_rival();
	if (!ret && (v != 700 || n != 1))
		ret = fail("through the redirect: %d (%d calls), want 700 (1 call)\n",
			   v, n);
	if (!ret && w != 6)
		ret = fail("harness_regs_spare(7) returned %d, want 6\n", w);
	/* Failed: the ops goes before the module's memory does. */
	if (ret || !keep) {
		unregister_ftrace_function(&redirect_ops);
		ftrace_free_filter(&redirect_ops);
		if (ret)
			return ret;
		if (target_fn(7) != 8)
			return fail("harness_regs_target still redirected\n");
	}
	return 0;
}

/* ---- kprobes ---- */

static struct {
	int		pre, post;
	bool		pre_ip, post_ip;
} kp_seen;

static int kp_pre(struct kprobe *p, struct pt_regs *regs)
{
	kp_seen.pre++;
	kp_seen.pre_ip = regs->ip == (unsigned long)p->addr + 1;
	return 0;
}

static void kp_post(struct kprobe *p, struct pt_regs *regs,
		    unsigned long flags)
{
	kp_seen.post++;
	kp_seen.post_ip = regs->ip == (unsigned long)p->addr +
				      MCOUNT_INSN_SIZE;
}

static struct kprobe kp = {
	.pre_handler	= kp_pre,
	.post_handler	= kp_post,
};

static int held_pre(struct kprobe *p, struct pt_regs *regs)
{
	WRITE_ONCE(kprobe_hits, kprobe_hits + 1);
	return 0;
}

static struct kprobe held_kp = {
	.pre_handler	= held_pre,
};

static int check_kprobe(void)
{
	int ret, v;

	kp.addr = (kprobe_opcode_t *)site_of(harness_regs_spare);
	ret = register_kprobe(&kp);
	if (ret)
		return fail("register_kprobe: %d\n", ret);
	v = spare_fn(7);
	unregister_kprobe(&kp);
	if (!(kp.flags & KPROBE_FLAG_FTRACE))
		return fail("the kprobe on a function's entry is not an ftrace one (flags %x)\n",
			    kp.flags);
	if (v != 6)
		return fail("the probed function returned %d, want 6\n", v);
	if (kp_seen.pre != 1 || kp_seen.post != 1)
		return fail("pre-handler %d, post-handler %d calls, want 1 and 1\n",
			    kp_seen.pre, kp_seen.post);
	if (!kp_seen.pre_ip || !kp_seen.post_ip)
		return fail("kprobe ip: pre %d post %d\n", kp_seen.pre_ip,
			    kp_seen.post_ip);
	return 0;
}

static int __init harness_regs_init(void)
{
	int ret;

	ret = check_save_regs() ?: check_kprobe() ?: check_ipmodify(hold);
	if (ret || !hold)
		return ret;
	held_kp.addr = (kprobe_opcode_t *)site_of(harness_regs_other);
	ret = register_kprobe(&held_kp);
	if (ret) {
		pr_err("FAIL: register_kprobe (held): %d\n", ret);
		unregister_ftrace_function(&redirect_ops);
		ftrace_free_filter(&redirect_ops);
	}
	return ret;
}

static void __exit harness_regs_exit(void)
{
	if (!hold)
		return;
	unregister_kprobe(&held_kp);
	unregister_ftrace_function(&redirect_ops);
	ftrace_free_filter(&redirect_ops);
}
#elif defined(CONFIG_ARM64) && defined(CONFIG_DYNAMIC_FTRACE)
/*
 * arm64 (ours): the entry code saves the argument registers only, so an
 * ops that needs every register or changes ip is refused (-EINVAL), and
 * one that wants them only if supported gets the arguments.
 */
static int calls, hits;
static bool got_regs;

static noinline int harness_regs_target(int x)
{
	WRITE_ONCE(calls, calls + 1);
	return x + 1;
}

static void args_cb(unsigned long ip, unsigned long parent_ip,
		    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits++;
	if (ftrace_get_regs(fregs))
		got_regs = true;
}

static struct ftrace_ops regs_ops = {
	.func	= args_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS,
};

static struct ftrace_ops ipmodify_ops = {
	.func	= args_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
};

static struct ftrace_ops if_supported_ops = {
	.func	= args_cb,
	.flags	= FTRACE_OPS_FL_SAVE_REGS |
		  FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED,
};

/* Register ops filtered on harness_regs_target: 0 or the error. */
static int try_register(struct ftrace_ops *ops)
{
	char name[] = "harness_regs_target";
	int ret;

	ret = ftrace_set_filter(ops, name, strlen(name), 1);
	if (ret) {
		pr_err("FAIL: ftrace_set_filter: %d\n", ret);
		return -EIO;
	}
	return register_ftrace_function(ops);
}

static int __init harness_regs_init(void)
{
	int (*fn)(int) = harness_regs_target;
	int ret, v;

	ret = try_register(&regs_ops);
	ftrace_free_filter(&regs_ops);
	if (ret != -EINVAL) {
		if (!ret)
			unregister_ftrace_function(&regs_ops);
		pr_err("FAIL: an ops with SAVE_REGS: %d, want %d\n", ret, -EINVAL);
		return -EINVAL;
	}
	ret = try_register(&ipmodify_ops);
	ftrace_free_filter(&ipmodify_ops);
	if (ret != -EINVAL) {
		if (!ret)
			unregister_ftrace_function(&ipmodify_ops);
		pr_err("FAIL: an ops with IPMODIFY: %d, want %d\n", ret, -EINVAL);
		return -EINVAL;
	}
	ret = try_register(&if_supported_ops);
	if (ret) {
		ftrace_free_filter(&if_supported_ops);
		pr_err("FAIL: an ops with SAVE_REGS_IF_SUPPORTED: %d\n", ret);
		return -EINVAL;
	}
	OPTIMIZER_HIDE_VAR(fn);
	v = fn(7);
	unregister_ftrace_function(&if_supported_ops);
	ftrace_free_filter(&if_supported_ops);
	if (v != 8 || hits != 1 || got_regs) {
		pr_err("FAIL: if supported: returned %d, %d calls, regs %d; want 8, 1, 0\n",
		       v, hits, got_regs);
		return -EINVAL;
	}
	return 0;
}

static void __exit harness_regs_exit(void)
{
}
#else
/* No function tracing: nothing to check. */
static int __init harness_regs_init(void)
{
	return -ENODEV;
}

static void __exit harness_regs_exit(void)
{
}
#endif

module_init(harness_regs_init);
module_exit(harness_regs_exit);
MODULE_DESCRIPTION("ftrace_ops with every register, and kprobes through them");
MODULE_LICENSE("GPL");
