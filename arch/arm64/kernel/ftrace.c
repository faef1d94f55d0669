// SPDX-License-Identifier: GPL-2.0
/*
 * The arm64 side of dynamic function tracing: rewriting call sites
 * between a nop and "bl ftrace_caller" (entry-ftrace.S).
 *
 * Each traceable function begins with the two nops of
 * -fpatchable-function-entry=2. A record's ip is the second one
 * (ftrace_call_adjust() in asm/ftrace.h adds 4 to the address the build
 * recorded):
 *
 *	as built	after boot	traced
 *	nop		mov x9, x30	mov x9, x30
 *	nop		nop		bl ftrace_caller
 *
 * The mov keeps the function's return address for ftrace_caller, whose
 * bl overwrites x30; x9 is a scratch register at a function's entry, so
 * the mov is harmless while the site is a nop. Boot writes the mov once
 * (ftrace_init_nop()); from then on only the second instruction changes.
 *
 * Every change is one aligned 32-bit instruction, written through the
 * fixmap alias by aarch64_insn_patch_text_nosync(), which then cleans
 * the line to the point of unification and invalidates it in every
 * CPU's instruction cache. The Arm ARM lets one CPU replace a NOP, B or
 * BL with another of them while other CPUs execute it: each of them
 * runs either the old or the new instruction, never a mix. So no
 * stop_machine() is needed, and a pass may sleep. A CPU may still run
 * the old instruction for a while from what it fetched before; at the
 * end of a pass, ftrace_arch_code_modify_post_process() interrupts
 * every CPU, and the exception return is a context synchronisation, so
 * when a pass is over every CPU runs the new text. The core brackets a
 * pass with text_mutex (prepare/post_process) as on x86, so that kprobes
 * and jump labels never rewrite text in the middle of it.
 *
 * A bl reaches +-128 MiB. ftrace_caller is in the kernel's text, and so
 * is every site for now (module sites are not recorded yet: issue 6,
 * step 4). Our config has neither ARM64_MODULE_PLTS nor RANDOMIZE_BASE,
 * so module_alloc() places every module in the 128 MiB below _etext,
 * from where ftrace_caller is always in range. A site out of range
 * anyway is refused with -EINVAL, which the core reports (ftrace_bug()).
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/smp.h>

#include <asm/insn.h>
#include <asm/patching.h>

#ifdef CONFIG_DYNAMIC_FTRACE
/* The label of entry-ftrace.S that ftrace_update_ftrace_func() rewrites. */
void ftrace_call(void);

/* Whether a bl at pc reaches target. */
static bool bl_reaches(unsigned long pc, unsigned long target)
{
	long offset = (long)target - (long)pc;

	return offset >= -SZ_128M && offset < SZ_128M;
}

/*
 * What the site at pc must hold: "bl target", or the nop for target 0.
 * AARCH64_BREAK_FAULT if target is out of reach, which no site holds.
 */
static u32 site_insn(unsigned long pc, unsigned long target)
{
	if (!target)
		return aarch64_insn_gen_nop();
	if (!bl_reaches(pc, target))
		return AARCH64_BREAK_FAULT;
	return aarch64_insn_gen_branch_imm(pc, target,
					   AARCH64_INSN_BRANCH_LINK);
}

/*
 * Check that the instruction at pc is old, then write new over it.
 * -EFAULT if it cannot be read, -EINVAL if it holds something else (the
 * core then gives up patching for good), -EPERM if the write fails.
 */
static int insn_replace(unsigned long pc, u32 old, u32 new)
{
	u32 now;

	if (aarch64_insn_read((void *)pc, &now)) {
		pr_err("cannot read the call site at %pS\n", (void *)pc);
		return -EFAULT;
	}
	if (now != old) {
		pr_err("call site %pS holds %08x, not the expected %08x\n",
		       (void *)pc, now, old);
		return -EINVAL;
	}
	/*
	 * One aligned 32-bit store: a CPU running this site concurrently
	 * executes either old or new (both are NOP or BL), never a torn
	 * instruction.
	 */
	if (aarch64_insn_patch_text_nosync((void *)pc, new))
		return -EPERM;
	return 0;
}

/* Rewrite the site of rec from the one for old_target to new_target. */
static int site_replace(struct dyn_ftrace *rec, unsigned long old_target,
			unsigned long new_target)
{
	unsigned long pc = rec->ip;
	u32 old = site_insn(pc, old_target);
	u32 new = site_insn(pc, new_target);

	if (old == AARCH64_BREAK_FAULT || new == AARCH64_BREAK_FAULT) {
		pr_err("%ps is out of the reach of a bl at %pS\n",
		       (void *)(old == AARCH64_BREAK_FAULT ? old_target :
				new_target), (void *)pc);
		return -EINVAL;
	}
	return insn_replace(pc, old, new);
}

/*
 * Boot, with rec->ip the second nop: make the first one mov x9, x30.
 * Called by ftrace_init() for each site before any is enabled; the
 * function may run meanwhile, which is fine as both are harmless.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	u32 mov = aarch64_insn_gen_move_reg(AARCH64_INSN_REG_9,
					    AARCH64_INSN_REG_LR,
					    AARCH64_INSN_VARIANT_64BIT);

	return insn_replace(rec->ip - AARCH64_INSN_SIZE,
			    aarch64_insn_gen_nop(), mov);
}

int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	/* TODO(issue 6, step 4): module sites. */
	if (mod)
		return -EINVAL;
	return site_replace(rec, addr, 0);
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	return site_replace(rec, 0, addr);
}

int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	return site_replace(rec, old_addr, addr);
}

/*
 * Whether a site holds what it should: mov x9, x30 then the bl to
 * target, or the nop for 0. For the core's check of every site after a
 * pass; live sites are in text that stays mapped.
 */
bool ftrace_arch_site_holds(struct dyn_ftrace *rec, unsigned long target)
{
	const __le32 *now = (const __le32 *)rec->ip;
	u32 mov = aarch64_insn_gen_move_reg(AARCH64_INSN_REG_9,
					    AARCH64_INSN_REG_LR,
					    AARCH64_INSN_VARIANT_64BIT);

	return le32_to_cpu(READ_ONCE(now[-1])) == mov &&
	       le32_to_cpu(READ_ONCE(now[0])) == site_insn(rec->ip, target);
}

/*
 * Point the bl at ftrace_call (inside ftrace_caller) at func. A CPU
 * inside ftrace_caller calls either the old callback or the new one:
 * the bl is replaced whole, as a site is. Called in a pass.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long pc = (unsigned long)ftrace_call;
	u32 new = site_insn(pc, (unsigned long)func);

	lockdep_assert_held(&text_mutex);
	if (new == AARCH64_BREAK_FAULT) {
		pr_err("%ps is out of the reach of ftrace_call\n", func);
		return -EINVAL;
	}
	if (aarch64_insn_patch_text_nosync((void *)pc, new))
		return -EPERM;
	return 0;
}

/* A pass holds text_mutex from prepare to post_process. */
void ftrace_arch_code_modify_prepare(void)
{
	mutex_lock(&text_mutex);
}

void ftrace_arch_code_modify_post_process(void)
{
	/*
	 * Every instruction of the pass is written and its cache lines are
	 * invalidated; an IPI to every other CPU makes each take an
	 * exception, whose return discards what it fetched before, so none
	 * runs an old instruction after this.
	 */
	kick_all_cpus_sync();
	mutex_unlock(&text_mutex);
}
#endif /* CONFIG_DYNAMIC_FTRACE */
