// SPDX-License-Identifier: GPL-2.0
/*
 * The arm64 side of dynamic function tracing: rewriting call sites
 * between a nop, "bl ftrace_caller" and a bl to a per-ops trampoline
 * (entry-ftrace.S), and handing out those trampolines.
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
 * A bl reaches +-128 MiB. ftrace_caller and the trampolines' pool are in
 * the kernel's text, which every site of the kernel reaches. Without
 * ARM64_MODULE_PLTS, module_alloc() places every module in the 128 MiB
 * below _etext, from where both are in range too. With it (and
 * RANDOMIZE_MODULE_REGION_FULL, as distributions build), a module may
 * lie up to 2 GiB away. The module loader then gives each module a PLT
 * entry that jumps to FTRACE_ADDR (module_init_ftrace_plt()), in the
 * module's own text, and a site that cannot reach ftrace_caller calls
 * that entry instead. A trampoline of the pool has no such entry: the
 * core does not point a site at a slot it cannot reach
 * (arch_ftrace_tramp_reaches()), and the site calls ftrace_caller
 * instead, whose list function calls the slot's ops as well. A site
 * that reaches neither is refused with -EINVAL, which the core reports
 * (ftrace_bug()).
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/bitops.h>
#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/smp.h>
#include <linux/string.h>

#include <asm/debug-monitors.h>
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

#ifdef CONFIG_ARM64_MODULE_PLTS
/*
 * The ftrace PLT entry of the module whose text holds pc, if it has one
 * within a bl's reach of pc; else 0. The core patches a module's sites
 * from ftrace_module_enable() (the module is COMING) until it is
 * released, while __module_text_address() finds it.
 */
static unsigned long module_ftrace_plt(unsigned long pc)
{
	unsigned long plt = 0;
	struct module *mod;

	preempt_disable();
	mod = __module_text_address(pc);
	if (mod && mod->arch.ftrace_trampolines)
		plt = (unsigned long)&mod->arch.ftrace_trampolines[FTRACE_PLT_IDX];
	preempt_enable();
	return plt && bl_reaches(pc, plt) ? plt : 0;
}
#else
static unsigned long module_ftrace_plt(unsigned long pc)
{
	return 0;
}
#endif

/*
 * What the site at pc must hold: "bl target", or the nop for target 0;
 * for a target out of reach, the bl to the module's PLT entry for
 * ftrace_caller (see the top of this file). AARCH64_BREAK_FAULT if
 * neither is in reach, which no site holds.
 */
static u32 site_insn(unsigned long pc, unsigned long target)
{
	if (!target)
		return aarch64_insn_gen_nop();
	if (!bl_reaches(pc, target)) {
		/* Only ftrace_caller has a PLT entry. */
		if (target != FTRACE_ADDR)
			return AARCH64_BREAK_FAULT;
		target = module_ftrace_plt(pc);
		if (!target)
			return AARCH64_BREAK_FAULT;
	}
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
 * pass; live sites are in text that stays mapped. A kprobe on the
 * function's first instruction (arm64 has no kprobes through ftrace)
 * holds its brk where the mov was, and steps the mov out of line: the
 * site is sound then too.
 */
bool ftrace_arch_site_holds(struct dyn_ftrace *rec, unsigned long target)
{
	const __le32 *now = (const __le32 *)rec->ip;
	u32 mov = aarch64_insn_gen_move_reg(AARCH64_INSN_REG_9,
					    AARCH64_INSN_REG_LR,
					    AARCH64_INSN_VARIANT_64BIT);
	u32 first = le32_to_cpu(READ_ONCE(now[-1]));

	if (first != mov &&
	    !(IS_ENABLED(CONFIG_KPROBES) && first == BRK64_OPCODE_KPROBES))
		return false;
	return le32_to_cpu(READ_ONCE(now[0])) == site_insn(rec->ip, target);
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

/*
 * Per-ops trampolines: the slots of ftrace_tramp_pool (entry-ftrace.S).
 * A slot's code is fixed; what makes it an ops' trampoline is its two
 * literals (the ops and what to call) and its gate, the first
 * instruction: "b ftrace_tramp_closed" (straight back into the traced
 * function) or a nop (go on to the literals and ftrace_ops_caller).
 *
 * The literals are only ever written while the gate is closed and no
 * site calls the slot, so a CPU never loads a half-written one:
 *   create:  a free slot (its gate closed since boot or since free);
 *            write both literals, then open the gate; only after this
 *            does a pass point any site at the slot. A CPU that still
 *            runs the closed gate from what it fetched before returns
 *            at once, the same as a site not yet patched.
 *   silence: close the gate; the literals stay as they were, so a CPU
 *            already past the gate calls what it always did. The slot
 *            is never taken again.
 *   free:    once no site calls the slot and no CPU or task is inside
 *            (the core has waited for both), close the gate and give
 *            the slot back.
 *
 * The pool is in the kernel's text next to ftrace_caller, so a site
 * reaches a slot whenever it reaches ftrace_caller.
 */
#define TRAMP_POOL		64
#define TRAMP_SLOT_SIZE		32
#define TRAMP_OPS_OFF		16
#define TRAMP_ENTRY_OFF		24
/* The slot's loads: "ldr x16, [pc + 12]" at +4, "ldr x17, [pc + 16]" at +8. */
#define TRAMP_LDR_OPS		0x58000070
#define TRAMP_LDR_ENTRY		0x58000091

/* Taken slots; free() runs outside ftrace_lock, hence atomic bit locks. */
static DECLARE_BITMAP(tramp_taken, TRAMP_POOL);

static unsigned long tramp_slot_addr(unsigned int i)
{
	return (unsigned long)ftrace_tramp_pool + i * TRAMP_SLOT_SIZE;
}

/* Whether entry-ftrace.S has the pool this file expects. */
static bool tramp_pool_ok(void)
{
	unsigned long pool = (unsigned long)ftrace_tramp_pool;
	const __le32 *slot = (const __le32 *)pool;

	return (unsigned long)ftrace_tramp_closed - pool ==
		       TRAMP_POOL * TRAMP_SLOT_SIZE &&
	       IS_ALIGNED(pool, TRAMP_SLOT_SIZE) &&
	       le32_to_cpu(slot[1]) == TRAMP_LDR_OPS &&
	       le32_to_cpu(slot[2]) == TRAMP_LDR_ENTRY;
}

/* The gate of the slot at addr: open (a nop) or closed. */
static int tramp_gate(unsigned long addr, bool open)
{
	u32 insn = open ? aarch64_insn_gen_nop() :
		aarch64_insn_gen_branch_imm(addr,
					    (unsigned long)ftrace_tramp_closed,
					    AARCH64_INSN_BRANCH_NOLINK);

	/* One aligned instruction, and the caches made to see it. */
	return aarch64_insn_patch_text_nosync((void *)addr, insn);
}

/*
 * Write the 8-byte literal at addr (the gate closed) as two 32-bit
 * halves through the patching alias, keeping its bytes as they are in
 * memory: aarch64_insn_write() stores an instruction little-endian.
 */
static int tramp_literal(unsigned long addr, unsigned long val)
{
	u32 half[2];
	int i, ret;

	memcpy(half, &val, sizeof(half));
	for (i = 0; i < 2; i++) {
		ret = aarch64_insn_write((void *)(addr + 4 * i),
					 le32_to_cpu((__force __le32)half[i]));
		if (ret)
			return ret;
	}
	return 0;
}

unsigned long arch_ftrace_tramp_create(struct ftrace_ops *ops,
				       ftrace_func_t entry,
				       unsigned long *size)
{
	unsigned long addr;
	unsigned int i;

	if (!tramp_pool_ok()) {
		pr_warn_once("ftrace_tramp_pool is not as expected: no trampolines\n");
		return 0;
	}
	for (i = 0; i < TRAMP_POOL; i++) {
		/* Pairs with free()'s unlock: the gate is seen closed. */
		if (!test_and_set_bit_lock(i, tramp_taken))
			break;
	}
	/* All taken: the ops goes through ftrace_caller. */
	if (i == TRAMP_POOL)
		return 0;
	addr = tramp_slot_addr(i);
	if (tramp_literal(addr + TRAMP_OPS_OFF, (unsigned long)ops) ||
	    tramp_literal(addr + TRAMP_ENTRY_OFF, (unsigned long)entry))
		goto fail;
	/*
	 * The literals are in memory before the gate opens: a CPU that
	 * runs the open gate loads these values, never the old ones.
	 */
	smp_wmb();
	if (tramp_gate(addr, true))
		goto fail;
	*size = TRAMP_SLOT_SIZE;
	return addr;
fail:
	clear_bit_unlock(i, tramp_taken);
	return 0;
}

void arch_ftrace_tramp_free(unsigned long addr)
{
	unsigned int i = (addr - (unsigned long)ftrace_tramp_pool) /
			 TRAMP_SLOT_SIZE;

	/*
	 * Closed before the slot is free again, so that the next create
	 * writes its literals behind a closed gate. Should the write fail,
	 * the slot stays taken rather than be reused open.
	 */
	if (tramp_gate(addr, false)) {
		pr_err("cannot close trampoline %pS: it is kept\n",
		       (void *)addr);
		return;
	}
	clear_bit_unlock(i, tramp_taken);
}

bool arch_ftrace_tramp_reaches(unsigned long ip, unsigned long addr)
{
	return bl_reaches(ip, addr);
}

void arch_ftrace_tramp_silence(unsigned long addr)
{
	/* Sites may keep calling it: they return at the gate from now on. */
	if (tramp_gate(addr, false))
		pr_err("cannot close trampoline %pS\n", (void *)addr);
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

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The function graph tracer's ops callback. fregs is ftrace_caller's
 * pt_regs, whose lr it gives back to the traced function on the way out:
 * diverting the return is rewriting that lr. The caller's frame pointer
 * (x29 at the entry) is the same when the function returns, and is what
 * the unwinder passes ftrace_graph_ret_addr() for this return.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = (struct pt_regs *)fregs;
	unsigned long fp = regs->regs[29];

	ftrace_graph_hook(ip, (unsigned long *)&regs->regs[30], fp,
			  (unsigned long *)fp);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
