/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code of the function tracer on x86-64.
 *
 * Every traceable function starts with a 5-byte hook, compiled as a
 * call to __fentry__ and made a nop at boot. The patching code
 * (ftrace.c) turns the hook into a call to ftrace_caller while some
 * ftrace_ops wants the function, and back into a nop when none does.
 *
 *  __fentry__     what a hook calls before boot (or module load) has
 *                 made it a nop: return at once. MCOUNT_ADDR names it,
 *                 so it stays, exported for modules.
 *  ftrace_caller  the trampoline: saves the argument registers in a
 *                 struct ftrace_regs and calls the callback at the
 *                 ftrace_call label with (ip, parent_ip, op, fregs).
 *  ftrace_stub    the callback that does nothing, with the ftrace_func_t
 *                 type (for CFI), where no callback is installed.
 *  return_to_handler  where a function returns to while the function
 *                 graph tracer has diverted its return (below).
 *
 * The frame ftrace_caller builds, from its stack pointer up:
 *
 *   0 .. FRAME_SIZE-1     struct pt_regs (only the fields below are set)
 *   FRAME_SIZE            padding, to keep the stack 16-byte aligned
 *   FTRACE_FRAME          the return address into the traced function
 *   FTRACE_FRAME + 8      the traced function's own return address
 *
 * Saved: rdi, rsi, rdx, rcx, r8 and r9 (the arguments), rax (varargs
 * count, and needed by the callee untouched), rbp, and the traced
 * function's ip and stack pointer. cs is stored as 0: that tells
 * arch_ftrace_get_regs() the frame holds arguments only, not full
 * registers (the callers that want those come with
 * DYNAMIC_FTRACE_WITH_REGS).
 *
 * objtool derives the ORC data of ftrace_caller from its stack
 * adjustments, so an unwind from a callback walks through the frame to
 * the traced function and on to its caller.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include <asm/export.h>
#include <asm/ptrace-abi.h>
#include <asm/nospec-branch.h>
#include <asm/ftrace.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>
#include <linux/objtool.h>

/* The pt_regs plus the padding that keeps %rsp 16-byte aligned. */
#define FTRACE_FRAME	(FRAME_SIZE + 8)

/*
 * The registers both entries save in pt_regs at %rsp and give back: the
 * arguments, rax (the varargs count, which the callee needs untouched)
 * and rbp.
 */
.macro save_args
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
.endm

.macro restore_args
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	R8(%rsp), %r8
	movq	R9(%rsp), %r9
	movq	RAX(%rsp), %rax
	movq	RBP(%rsp), %rbp
.endm

/* And the rest of the general registers, for ftrace_regs_caller. */
.macro restore_regs
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	RBX(%rsp), %rbx
	movq	R11(%rsp), %r11
	movq	R10(%rsp), %r10
	restore_args
.endm

	.code64
	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_TYPED_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_DYNAMIC_FTRACE
SYM_FUNC_START(ftrace_caller)
	subq	$FTRACE_FRAME, %rsp

	save_args
	movq	$0, CS(%rsp)

	/* The traced function's stack pointer, as it was at its hook. */
	leaq	FTRACE_FRAME+8(%rsp), %rdi
	movq	%rdi, RSP(%rsp)

	/* ip: the hook's own address, which is what the records hold. */
	movq	FTRACE_FRAME(%rsp), %rdi
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	%rdi, RIP(%rsp)
	/* parent_ip: where the traced function returns to. */
	movq	FTRACE_FRAME+8(%rsp), %rsi
	/* op: the ops the patching code installed with the callback. */
SYM_INNER_LABEL(ftrace_caller_op_ptr, SYM_L_GLOBAL)
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx

SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	call	ftrace_stub

	restore_args

	addq	$FTRACE_FRAME, %rsp
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
	RET
SYM_FUNC_END(ftrace_caller)

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
/*
 * ftrace_regs_caller: what a site calls while an ops that wants every
 * register (FTRACE_OPS_FL_SAVE_REGS, or one that may change where the
 * function goes on: FTRACE_OPS_FL_IPMODIFY) wants its function. Its
 * frame, from the stack pointer up:
 *
 *   0 .. FRAME_SIZE-1   struct pt_regs, every field set: the general
 *                       registers; ip, the instruction after the site
 *                       (as upstream's: kprobes and livepatch count on
 *                       it); the kernel's cs and ss (a nonzero cs tells
 *                       arch_ftrace_get_regs() the registers are all
 *                       there); flags; sp as it was at the site;
 *                       orig_ax 0, where a direct ops' callback puts
 *                       its trampoline
 *   REGS_FLAGS          the flags, pushed before anything here can
 *                       change them
 *   REGS_RET            the return address into the traced function
 *   REGS_RET + 8        the traced function's own return address
 *
 * On the way out the general registers and the flags come back from
 * pt_regs, and the return goes to regs->ip: a callback may change any
 * of them (a kprobe handler, livepatch sending the function to its
 * new version), or into a direct call's trampoline, if orig_ax names
 * one, with regs->ip as its return address. sp does not come back.
 * No per-ops trampoline is made
 * for such ops (ftrace_tramp.c): the unwinder would read it as a copy
 * of this code, but none exists.
 */
#define REGS_FLAGS	FRAME_SIZE
#define REGS_RET	(FRAME_SIZE + 8)

SYM_FUNC_START(ftrace_regs_caller)
	pushfq
	subq	$FRAME_SIZE, %rsp

	save_args
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%rbx, RBX(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	movq	REGS_FLAGS(%rsp), %rdi
	movq	%rdi, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	leaq	REGS_RET+8(%rsp), %rdi
	movq	%rdi, RSP(%rsp)

	movq	REGS_RET(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	/* ip: the site, as the records name it; parent_ip. */
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	REGS_RET+8(%rsp), %rsi
SYM_INNER_LABEL(ftrace_regs_caller_op_ptr, SYM_L_GLOBAL)
	movq	function_trace_op(%rip), %rdx
	movq	%rsp, %rcx

SYM_INNER_LABEL(ftrace_regs_call, SYM_L_GLOBAL)
	call	ftrace_stub

	/* Where the function goes on, and with which flags. */
	movq	RIP(%rsp), %rax
	movq	%rax, REGS_RET(%rsp)
	movq	EFLAGS(%rsp), %rax
	movq	%rax, REGS_FLAGS(%rsp)
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/* A direct call's trampoline to enter (ftrace_direct.c)? */
	movq	ORIG_RAX(%rsp), %rax
	testq	%rax, %rax
	jnz	.Lregs_direct
#endif
	restore_regs
	addq	$FRAME_SIZE, %rsp
	popfq
SYM_INNER_LABEL(ftrace_regs_caller_end, SYM_L_GLOBAL)
	RET

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/*
	 * Leave by a return into the trampoline, as if the site had called
	 * it: the flags move down one slot, to ss's (no longer needed),
	 * and the trampoline's address takes theirs, right under the
	 * return address into the function (regs->ip, stored above). Once
	 * the flags are popped, the stack is that of a function's entry.
	 */
.Lregs_direct:
	movq	REGS_FLAGS(%rsp), %rdi
	movq	%rdi, SS(%rsp)
	movq	%rax, REGS_FLAGS(%rsp)
	restore_regs
	addq	$SS, %rsp
	popfq
	UNWIND_HINT_FUNC
	RET
#endif
SYM_FUNC_END(ftrace_regs_caller)
#else
/*
 * The ORC unwinder names ftrace_regs_caller for the trampolines of ops
 * with FTRACE_OPS_FL_SAVE_REGS, which cannot register without
 * WITH_REGS: the name only has to resolve.
 */
SYM_FUNC_ALIAS(ftrace_regs_caller, ftrace_caller)
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_REGS */
#endif /* CONFIG_DYNAMIC_FTRACE */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: a function whose return address the graph tracer
 * replaced (ftrace_graph_func() in ftrace.c) returns here, with its
 * return value in rax and rdx. ftrace_return_to_handler() gives the
 * address it was to return to; that goes in the top slot of our frame,
 * which the final return pops, so the stack is as the function left it.
 *
 *   0   rax     8   rdx     16   the real return address
 *
 * It is entered by a return, not a call: nothing to unwind through (the
 * hint), and no ENDBR needed.
 *
 * The CPU's return stack buffer predicts each return from the calls it
 * saw. The traced function's return, which brought us here, used up the
 * entry of its call; a bare return from here would take the entry of
 * the call one frame up, and every return above would mispredict from
 * then on. So the final return is paired with a call of our own: the
 * call pushes an entry (and an address, dropped at once), the return
 * consumes that entry and jumps to the address the frame holds. The
 * return's prediction (the int3) is wrong, but only for this one, and
 * a return, unlike an indirect jump, needs no ENDBR at its target (IBT).
 * RET itself goes through the return thunk where the config asks for it.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_EMPTY
	ANNOTATE_NOENDBR
	subq	$24, %rsp
	movq	%rax, (%rsp)
	movq	%rdx, 8(%rsp)
	/* no frame pointer to check on x86-64 */
	xorl	%edi, %edi
	call	ftrace_return_to_handler
	movq	%rax, 16(%rsp)
	movq	8(%rsp), %rdx
	movq	(%rsp), %rax
	addq	$16, %rsp
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lrth_balanced
	int3
.Lrth_balanced:
	leaq	8(%rsp), %rsp
	RET
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
