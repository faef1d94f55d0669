// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 side of dynamic function tracing: rewriting call sites
 * between the 5-byte nop and a call to a trampoline of ftrace_64.S.
 *
 * Boot: each site of the kernel must hold exactly the call to
 * __fentry__ the compiler made, and becomes the nop through
 * text_poke_early(), while one CPU runs and the text is writable.
 *
 * Run time: the core (kernel/trace/ftrace_update.c) brackets a pass
 * with ftrace_arch_code_modify_prepare() and _post_process(), which hold
 * text_mutex throughout, so that jump labels, static calls, kprobes and
 * alternatives never rewrite text during a pass. Each site is checked
 * against the bytes it must hold before it is queued with
 * text_poke_queue(); the queue is flushed in batches by the int3
 * protocol of text_poke_bp(): int3 on the first byte, sync every CPU,
 * write the tail, sync, write the first byte, sync. A CPU that reaches
 * a site under its int3 emulates the new instruction, so no CPU ever
 * runs a torn one, and no stop_machine() is needed. The core's records
 * are sorted by address, which is the order text_poke_queue() batches
 * best.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <asm/nops.h>
#include <asm/text-patching.h>

#ifdef CONFIG_DYNAMIC_FTRACE
/* The labels of ftrace_64.S that the patching code rewrites. */
void ftrace_call(void);

/* What a site must hold: the call to target, or the nop for target 0. */
static void site_insn(u8 *buf, unsigned long ip, unsigned long target)
{
	if (!target)
		memcpy(buf, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
	else
		__text_gen_insn(buf, CALL_INSN_OPCODE, (void *)ip,
				(void *)target, MCOUNT_INSN_SIZE);
}

/*
 * Check that a site holds the instruction for old_target (0: the nop),
 * and queue its change to the one for new_target. -EFAULT if the site
 * cannot be read, -EINVAL if it holds something else: the core then
 * stops patching for good (ftrace_bug()).
 */
static int site_replace(struct module *mod, unsigned long ip,
			unsigned long old_target, unsigned long new_target)
{
	u8 now[MCOUNT_INSN_SIZE], old[MCOUNT_INSN_SIZE], want[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(now, (void *)ip, MCOUNT_INSN_SIZE)) {
		pr_err("cannot read the call site at %pS\n", (void *)ip);
		return -EFAULT;
	}
	site_insn(old, ip, old_target);
	if (memcmp(now, old, MCOUNT_INSN_SIZE)) {
		pr_err("call site %pS holds %*ph, not the expected %*ph\n",
		       (void *)ip, MCOUNT_INSN_SIZE, now, MCOUNT_INSN_SIZE,
		       old);
		return -EINVAL;
	}
	site_insn(want, ip, new_target);
	if (old_target == MCOUNT_ADDR &&
	    (mod || system_state == SYSTEM_BOOTING)) {
		/*
		 * ftrace_init(): one CPU runs, and the text is writable; or
		 * ftrace_module_init(): the module is not formed, so none of
		 * its text runs yet, and it is still writable.
		 */
		text_poke_early((void *)ip, want, MCOUNT_INSN_SIZE);
		return 0;
	}
	lockdep_assert_held(&text_mutex);
	text_poke_queue((void *)ip, want, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	return site_replace(mod, rec->ip, addr, 0);
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	return site_replace(NULL, rec->ip, 0, addr);
}

int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	return site_replace(NULL, rec->ip, old_addr, addr);
}

/*
 * Whether a site holds what it should: the call to target, or the nop
 * for 0. For the core's check of every site after a pass.
 */
bool ftrace_arch_site_holds(struct dyn_ftrace *rec, unsigned long target)
{
	const u8 *now = (const u8 *)rec->ip;
	u8 want[MCOUNT_INSN_SIZE];
	int i;

	site_insn(want, rec->ip, target);
	/*
	 * Live sites are in text that stays mapped. A plain loop: memcmp()
	 * is traced, and this runs for every site while tracing is on.
	 */
	for (i = 0; i < MCOUNT_INSN_SIZE; i++) {
		if (READ_ONCE(now[i]) != want[i])
			return false;
	}
	return true;
}

/*
 * Point the call at ftrace_call (inside ftrace_caller) at func. One
 * text_poke_bp(): a CPU inside ftrace_caller calls either the old
 * callback or the new one, never a torn address. Called in a pass.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	u8 want[MCOUNT_INSN_SIZE];

	lockdep_assert_held(&text_mutex);
	/* Sites queued so far must land first: the queue is in order. */
	text_poke_finish();
	site_insn(want, ip, (unsigned long)func);
	text_poke_bp((void *)ip, want, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/* A pass holds text_mutex from prepare to post_process. */
void ftrace_arch_code_modify_prepare(void)
{
	mutex_lock(&text_mutex);
}

void ftrace_arch_code_modify_post_process(void)
{
	/* The last, partial batch. */
	text_poke_finish();
	mutex_unlock(&text_mutex);
}

/*
 * mark_rodata_ro() makes the trampolines read-only with the kernel's
 * text. TODO(issue 6, step 3): there are none before per-ops trampolines.
 */
void set_ftrace_ops_ro(void)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE */
