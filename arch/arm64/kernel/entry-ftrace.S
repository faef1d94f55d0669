/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code of the function tracer on arm64.
 *
 * The kernel is built with -fpatchable-function-entry=2: every traceable
 * function starts with two nops. Boot (ftrace.c, ftrace_init_nop())
 * makes the first one "mov x9, x30"; the second is switched between the
 * nop and "bl ftrace_caller" while some ftrace_ops wants the function.
 * So on entry here:
 *
 *   x30  the instruction after the bl: the traced function's first
 *        instruction of its own (the site is x30 - 4)
 *   x9   the traced function's return address (its caller's x30)
 *   x29  the caller's frame pointer; sp the traced function's, as it
 *        was on entry (the function has not touched either yet)
 *
 * x0-x8 (arguments, indirect result) and x18-x30 are live; x9-x17 are
 * free at a function's entry under the AAPCS64, so x9-x17 need no saving.
 *
 *  ftrace_caller  builds the frame below, calls the callback at the
 *                 ftrace_call label with (ip, parent_ip, op, regs), and
 *                 goes on into the traced function.
 *  ftrace_stub    the callback that does nothing, with the ftrace_func_t
 *                 type (for CFI), where no callback is installed.
 *
 * The frame, from the stack pointer up:
 *
 *   0 .. PT_REGS_SIZE-1   struct pt_regs: x0-x8, x29 (fp), x30 (the
 *                         traced function's return address), sp and pc
 *                         (where the traced function goes on) are set;
 *                         its stackframe[] is ftrace_caller's own frame
 *                         record {fp of the record above, x30}
 *   PT_REGS_SIZE          a frame record {caller's x29, x9}, standing
 *                         in for the traced function's caller
 *
 * With x29 pointing at ftrace_caller's record, an unwind from a callback
 * reports the traced function (from x30) and then its caller (from x9)
 * and goes on up the caller's chain, though the traced function has not
 * pushed a record of its own yet.
 *
 * On the way out x0-x8, x29 and x30 come back from pt_regs, so that a
 * callback may change them, and the code returns to regs->pc with
 * "ret x9": a ret needs no BTI landing pad at its target, and x9 is
 * free again by then. x19-x28 are callee-saved in the callback.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>
#include <asm/insn.h>

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
SYM_CODE_START(ftrace_caller)
	bti	c

	/* The caller's record; the stack stays 16-byte aligned. */
	stp	x29, x9, [sp, #-16]!
	mov	x29, sp
	sub	sp, sp, #PT_REGS_SIZE

	stp	x0, x1, [sp, #S_X0]
	stp	x2, x3, [sp, #S_X2]
	stp	x4, x5, [sp, #S_X4]
	stp	x6, x7, [sp, #S_X6]
	str	x8, [sp, #S_X8]

	/* The traced function's sp as it was on entry, before the record. */
	add	x10, sp, #PT_REGS_SIZE + 16
	str	x10, [sp, #S_SP]
	/* Its fp and lr, which are the caller's. */
	ldr	x11, [x29]
	stp	x11, x9, [sp, #S_FP]
	/* Where it goes on after the hook. */
	str	x30, [sp, #S_PC]

	/* ftrace_caller's own record, inside pt_regs. */
	stp	x29, x30, [sp, #S_STACKFRAME]
	add	x29, sp, #S_STACKFRAME

	/* ip: the bl's own address, which is what the records hold. */
	sub	x0, x30, #AARCH64_INSN_SIZE
	/* parent_ip: where the traced function returns to. */
	mov	x1, x9
	/* op: the ops the core installed with the callback. */
	ldr_l	x2, function_trace_op
	mov	x3, sp

	/* Patched by ftrace_update_ftrace_func() to call the callback. */
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	bl	ftrace_stub

	ldp	x0, x1, [sp, #S_X0]
	ldp	x2, x3, [sp, #S_X2]
	ldp	x4, x5, [sp, #S_X4]
	ldp	x6, x7, [sp, #S_X6]
	ldr	x8, [sp, #S_X8]
	ldp	x29, x30, [sp, #S_FP]
	ldr	x9, [sp, #S_PC]

	add	sp, sp, #PT_REGS_SIZE + 16
	ret	x9
SYM_CODE_END(ftrace_caller)
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_REGS */

SYM_TYPED_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)
