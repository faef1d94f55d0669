// SPDX-License-Identifier: GPL-2.0
/*
 * The users of the function tracer (struct ftrace_ops) and the dispatch
 * of a call site to them.
 *
 * Step 0 of issue 6 has no users yet: only the list function exists,
 * doing nothing, because the kernel's linker script names it
 * (ftrace_ops_list_func is an alias of arch_ftrace_ops_list_func).
 * Step 1 adds registering one ops, step 3 the list of several that this
 * function walks.
 */

#include "ftrace_internal.h"

void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs)
{
}
