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
#include <linux/moduleloader.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <asm/nops.h>
#include <asm/nospec-branch.h>
#include <asm/set_memory.h>
#include <asm/text-patching.h>

#ifdef CONFIG_DYNAMIC_FTRACE
/* The label of ftrace_64.S that the patching code rewrites. */
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
 * Point the call at ftrace_call (inside ftrace_caller), and the one at
 * ftrace_regs_call (inside ftrace_regs_caller), at func. One
 * text_poke_bp() each: a CPU inside either calls the old callback or
 * the new one, never a torn address. Called in a pass.
 */
static void point_call(void (*label)(void), ftrace_func_t func)
{
	u8 want[MCOUNT_INSN_SIZE];

	site_insn(want, (unsigned long)label, (unsigned long)func);
	text_poke_bp(label, want, MCOUNT_INSN_SIZE, NULL);
}

int ftrace_update_ftrace_func(ftrace_func_t func)
{
	lockdep_assert_held(&text_mutex);
	/* Sites queued so far must land first: the queue is in order. */
	text_poke_finish();
	point_call(ftrace_call, func);
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS))
		point_call(ftrace_regs_call, func);
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

#ifdef CONFIG_MODULES
/*
 * Per-ops trampolines. One is a copy of ftrace_caller up to
 * ftrace_caller_end, then a return, then (8-byte aligned) a literal
 * holding the ops:
 *
 *   ftrace_caller .. ftrace_caller_end   the same bytes at the same
 *                                        offsets, but two instructions
 *   return                               RET, or the jmp to the return
 *                                        thunk under RETHUNK
 *   literal                              the ops
 *
 * The two rewritten instructions are the only relative ones of the
 * range: the op load at ftrace_caller_op_ptr becomes a rip-relative
 * load of the literal (same opcode and length), and the call at
 * ftrace_call calls the ops' entry. Nothing else moves, so the ORC
 * unwinder finds the frame of any trampoline address at the same offset
 * in ftrace_caller (orc_ftrace_find()). ENDBR (IBT) at the start is
 * copied as it is; the trampoline is only ever called directly.
 *
 * module_alloc() keeps it within a call's reach of the kernel's and the
 * modules' text. It is read-only and executable from before any site
 * can call it to its end, and never written again but by
 * arch_ftrace_tramp_silence(), through text_poke_bp().
 */
/* movq disp32(%rip), %rdx: REX.W, MOV r64 r/m64, ModRM rdx/rip. */
static const u8 op_load_insn[] = { 0x48, 0x8b, 0x15 };
#define OP_LOAD_SIZE	(sizeof(op_load_insn) + sizeof(s32))
/* The return: the thunk's jmp, or ret and an int3 (no straight line). */
#define TRAMP_RET_SIZE	(IS_ENABLED(CONFIG_RETHUNK) ? JMP32_INSN_SIZE : 2)

static unsigned long tramp_offset(void *label)
{
	return (unsigned long)label - (unsigned long)ftrace_caller;
}

unsigned long arch_ftrace_tramp_create(struct ftrace_ops *ops,
				       ftrace_func_t entry,
				       unsigned long *sizep)
{
	unsigned long len = tramp_offset(ftrace_caller_end);
	unsigned long op_off = tramp_offset(ftrace_caller_op_ptr);
	unsigned long call_off = tramp_offset(ftrace_call);
	unsigned long lit_off = ALIGN(len + TRAMP_RET_SIZE, sizeof(long));
	unsigned long size = lit_off + sizeof(long);
	unsigned long npages = DIV_ROUND_UP(size, PAGE_SIZE);
	u8 *src = (u8 *)ftrace_caller;
	s32 disp;
	u8 *t;

	/* ftrace_64.S must still have the instructions rewritten here. */
	if (memcmp(src + op_off, op_load_insn, sizeof(op_load_insn)) ||
	    src[call_off] != CALL_INSN_OPCODE) {
		pr_warn_once("ftrace_caller is not as expected: no trampolines\n");
		return 0;
	}
	t = module_alloc(size);
	if (!t)
		return 0;
	/*
	 * Under ftrace_lock no pass is running, so ftrace_call holds no
	 * int3 of text_poke_bp(); its bytes are rewritten anyway.
	 */
	memcpy(t, src, len);
	if (IS_ENABLED(CONFIG_RETHUNK)) {
		__text_gen_insn(t + len, JMP32_INSN_OPCODE, t + len,
				&__x86_return_thunk, JMP32_INSN_SIZE);
	} else {
		t[len] = RET_INSN_OPCODE;
		t[len + 1] = INT3_INSN_OPCODE;
	}
	memset(t + len + TRAMP_RET_SIZE, INT3_INSN_OPCODE,
	       lit_off - len - TRAMP_RET_SIZE);
	disp = (long)(t + lit_off) - (long)(t + op_off + OP_LOAD_SIZE);
	memcpy(t + op_off + sizeof(op_load_insn), &disp, sizeof(disp));
	*(unsigned long *)(t + lit_off) = (unsigned long)ops;
	__text_gen_insn(t + call_off, CALL_INSN_OPCODE, t + call_off, entry,
			CALL_INSN_SIZE);

	/* vfree() puts the pages back to writable, non-executable. */
	set_vm_flush_reset_perms(t);
	if (set_memory_ro((unsigned long)t, npages) ||
	    set_memory_x((unsigned long)t, npages)) {
		module_memfree(t);
		return 0;
	}
	*sizep = size;
	return (unsigned long)t;
}

void arch_ftrace_tramp_free(unsigned long addr)
{
	module_memfree((void *)addr);
}

void arch_ftrace_tramp_silence(unsigned long addr)
{
	unsigned long ip = addr + tramp_offset(ftrace_call);
	u8 want[CALL_INSN_SIZE];

	site_insn(want, ip, (unsigned long)ftrace_stub);
	mutex_lock(&text_mutex);
	text_poke_bp((void *)ip, want, CALL_INSN_SIZE, NULL);
	mutex_unlock(&text_mutex);
}
#endif /* CONFIG_MODULES */

/*
 * mark_rodata_ro() would make the trampolines made so far read-only:
 * ours are read-only from their creation on (they are never written in
 * place during boot, unlike upstream's), so there is nothing left to do.
 */
void set_ftrace_ops_ro(void)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The function graph tracer's ops callback. The entry code saved the
 * traced function's stack pointer as it was at the site: it points at
 * the function's return address, which the graph tracer diverts. x86-64
 * has no frame to check on return (the unwinder finds the entry by the
 * slot's address).
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long *slot = (unsigned long *)fregs->regs.sp;

	ftrace_graph_hook(ip, slot, 0, slot);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
