/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the files of the function tracer
 * (ftrace_records.c, ftrace_ops.c and those to come). Step 0 of issue 6
 * needs only the symbols the kernel's linker script defines or names.
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>

/* The table of call sites the build leaves in init data. */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/*
 * The list function, which calls every registered ops; the linker script
 * makes ftrace_ops_list_func an alias of it.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs);

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
