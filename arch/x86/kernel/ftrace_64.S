/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry code of the function tracer on x86-64.
 *
 * Every traceable function starts with a 5-byte hook, compiled as a
 * call to __fentry__ and made a nop at boot; the patching code will turn
 * it into a call to a trampoline here when a function is traced, and
 * back. Until those trampolines exist (issue 6, step 1), this file has
 * only:
 *
 *  __fentry__   what a hook calls before boot (or module load) has made
 *               it a nop: return at once. MCOUNT_ADDR names it, so it
 *               stays, exported for modules.
 *  ftrace_stub  the callback that does nothing, with the ftrace_func_t
 *               type (for CFI), used wherever no callback is installed.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include <asm/export.h>
#include <asm/nospec-branch.h>

	.code64
	.section .text, "ax"

SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_TYPED_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)
