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

/* The pt_regs plus the padding that keeps %rsp 16-byte aligned. */
#define FTRACE_FRAME	(FRAME_SIZE + 8)

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

	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
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

	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	R8(%rsp), %r8
	movq	R9(%rsp), %r9
	movq	RAX(%rsp), %rax
	movq	RBP(%rsp), %rbp

	addq	$FTRACE_FRAME, %rsp
SYM_INNER_LABEL(ftrace_caller_end, SYM_L_GLOBAL)
	RET
SYM_FUNC_END(ftrace_caller)
/*
 * The ORC unwinder reads a trampoline of an ops with
 * FTRACE_OPS_FL_SAVE_REGS as a copy of ftrace_regs_caller. No such ops
 * can register yet (full registers come with WITH_REGS), so every
 * trampoline is a copy of ftrace_caller, and the name only resolves.
 */
SYM_FUNC_ALIAS(ftrace_regs_caller, ftrace_caller)
#endif /* CONFIG_DYNAMIC_FTRACE */
