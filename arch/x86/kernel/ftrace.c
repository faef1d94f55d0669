// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 side of dynamic function tracing: rewriting a call site
 * between a 5-byte nop and a call (to __fentry__ as the compiler left it,
 * or to a trampoline of ftrace_64.S), and later building the per-ops
 * trampolines.
 *
 * The build compiles this file for DYNAMIC_FTRACE, FUNCTION_GRAPH_TRACER
 * and FTRACE_SYSCALLS. Step 0 of issue 6 has only the boot-time half of
 * ftrace_make_nop(): each site of the kernel must hold exactly the call
 * to __fentry__ the compiler made, and becomes the 5-byte nop through
 * text_poke_early(), while one CPU runs and the text is writable. Step 1
 * adds ftrace_make_call() and the run-time path (text_poke_queue() under
 * text_mutex), step 4 the module sites.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <asm/nops.h>
#include <asm/text-patching.h>

#ifdef CONFIG_DYNAMIC_FTRACE
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	const void *site = (const void *)rec->ip;
	u8 now[MCOUNT_INSN_SIZE];
	const u8 *want;

	/* TODO(issue 6, steps 1 and 4): at run time, and module sites. */
	if (mod || system_state != SYSTEM_BOOTING)
		return -EINVAL;

	if (copy_from_kernel_nofault(now, site, MCOUNT_INSN_SIZE)) {
		pr_err("cannot read the call site at %pS\n", site);
		return -EFAULT;
	}
	want = text_gen_insn(CALL_INSN_OPCODE, site, (void *)addr);
	if (memcmp(now, want, MCOUNT_INSN_SIZE)) {
		pr_err("unexpected bytes %*ph at the call site %pS\n",
		       MCOUNT_INSN_SIZE, now, site);
		return -EINVAL;
	}
	text_poke_early((void *)site, x86_nops[MCOUNT_INSN_SIZE],
			MCOUNT_INSN_SIZE);
	return 0;
}

/*
 * mark_rodata_ro() makes the trampolines read-only with the kernel's
 * text. TODO(issue 6, step 3): there are none before per-ops trampolines.
 */
void set_ftrace_ops_ro(void)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE */
