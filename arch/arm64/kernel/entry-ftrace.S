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
 *  ftrace_ops_caller  the same for a per-ops trampoline of the pool
 *                 below, which hands it the op and the callback.
 *  ftrace_stub    the callback that does nothing, with the ftrace_func_t
 *                 type (for CFI), where no callback is installed.
 *  return_to_handler  where a function returns to while the function
 *                 graph tracer has diverted its return (at the end).
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

/* The pool of per-ops trampolines; ftrace.c has the slot size too. */
#define FTRACE_TRAMP_POOL	64
#define FTRACE_TRAMP_SLOT_SIZE	32

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_REGS
/*
 * The frame above, x0 (ip), x1 (parent_ip) and x3 (regs) set up; x2
 * (op) is the caller's to load. Uses x10 and x11 only, so that
 * ftrace_ops_caller's x16 and x17 survive it.
 */
	.macro	ftrace_frame_enter
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

	/* The entry code's own record, inside pt_regs. */
	stp	x29, x30, [sp, #S_STACKFRAME]
	add	x29, sp, #S_STACKFRAME

	/* ip: the bl's own address, which is what the records hold. */
	sub	x0, x30, #AARCH64_INSN_SIZE
	/* parent_ip: where the traced function returns to. */
	mov	x1, x9
	mov	x3, sp
	.endm

/* Back into the traced function, with what the callback left in pt_regs. */
	.macro	ftrace_frame_leave
	ldp	x0, x1, [sp, #S_X0]
	ldp	x2, x3, [sp, #S_X2]
	ldp	x4, x5, [sp, #S_X4]
	ldp	x6, x7, [sp, #S_X6]
	ldr	x8, [sp, #S_X8]
	ldp	x29, x30, [sp, #S_FP]
	ldr	x9, [sp, #S_PC]

	add	sp, sp, #PT_REGS_SIZE + 16
	ret	x9
	.endm

SYM_CODE_START(ftrace_caller)
	bti	c
	ftrace_frame_enter
	/* op: the ops the core installed with the callback. */
	ldr_l	x2, function_trace_op

	/* Patched by ftrace_update_ftrace_func() to call the callback. */
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	bl	ftrace_stub

	ftrace_frame_leave
SYM_CODE_END(ftrace_caller)

/*
 * The per-ops trampolines (ftrace.c, arch_ftrace_tramp_create()): a
 * site that one ops alone wants is "bl" to a slot of the pool, which
 * loads that ops (x16) and what to call for it (x17) from the slot's
 * literals and goes on here. The same frame as ftrace_caller's, so that
 * callbacks and unwinders see no difference; x16 and x17 are scratch
 * at a function's entry (the intra-procedure-call registers), and the
 * slot reaches here with a plain branch, which neither a linker veneer
 * (all of it is in .text) nor BTI gets in the way of.
 */
SYM_CODE_START(ftrace_ops_caller)
	ftrace_frame_enter
	mov	x2, x16
	blr	x17
	ftrace_frame_leave
SYM_CODE_END(ftrace_ops_caller)

/*
 * The pool: FTRACE_TRAMP_POOL slots of FTRACE_TRAMP_SLOT_SIZE bytes up
 * to ftrace_tramp_closed, in the kernel's text, so that every site that
 * reaches ftrace_caller reaches them too. A slot:
 *
 *   +0   the gate: "b ftrace_tramp_closed" while the slot is free or
 *        silenced, a nop while its ops may be called
 *   +4   ldr x16, +16     the ops
 *   +8   ldr x17, +24     what to call
 *   +12  b ftrace_ops_caller
 *   +16  the ops, +24 what to call: 8-byte literals
 *
 * They are written through the text-patching alias, and only while the
 * gate is closed: see arch_ftrace_tramp_create().
 */
	.balign	FTRACE_TRAMP_SLOT_SIZE
SYM_CODE_START(ftrace_tramp_pool)
	.rept	FTRACE_TRAMP_POOL
	b	ftrace_tramp_closed
	ldr	x16, 1f
	ldr	x17, 2f
	b	ftrace_ops_caller
1:	.quad	0
2:	.quad	0
	.endr
SYM_CODE_END(ftrace_tramp_pool)

/*
 * A closed gate: straight back into the traced function (x30), with x30
 * its own return address again (x9): the site's bl overwrote it, and
 * the function has yet to save it.
 */
SYM_CODE_START(ftrace_tramp_closed)
	mov	x10, x30
	mov	x30, x9
	ret	x10
SYM_CODE_END(ftrace_tramp_closed)
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_REGS */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: a function whose return the graph tracer diverted
 * (ftrace_graph_func() in ftrace.c set its lr here) returns here. Its
 * result may be in any of x0-x7, which are kept across the call; x29 is
 * back to its caller's frame, which ftrace_return_to_handler() checks
 * against the one the function was entered with, and which it gives
 * back the real return address for.
 */
SYM_CODE_START(return_to_handler)
	stp	x0, x1, [sp, #-64]!
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	mov	x0, x29
	bl	ftrace_return_to_handler
	mov	x30, x0
	ldp	x6, x7, [sp, #48]
	ldp	x4, x5, [sp, #32]
	ldp	x2, x3, [sp, #16]
	ldp	x0, x1, [sp], #64
	ret
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

SYM_TYPED_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)
