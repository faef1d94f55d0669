// SPDX-License-Identifier: GPL-2.0
/*
 * The functions the tracer self-tests trace (trace_selftest.c). This file
 * alone in kernel/trace is built with the function hook (see Makefile).
 */
#include "trace.h"

noinline int ftrace_selftest_target1(int x)
{
	/* keeps the call: the compiler cannot fold it away */
	barrier();
	return x + 1;
}

noinline int ftrace_selftest_target2(int x)
{
	barrier();
	return x + 2;
}
