/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_CLOCK_H
#define _LINUX_TRACE_CLOCK_H

/*
 * The clocks a trace instance can stamp its events with (its trace_clock
 * file picks one), from the cheapest to the most coherent:
 *
 *  trace_clock_local()    sched_clock() of the running CPU; CPUs may
 *                         disagree with each other
 *  trace_clock()          local_clock(): CPUs agree to within about a tick
 *  trace_clock_global()   local_clock() made monotonic across all CPUs
 *  trace_clock_counter()  no time at all: a global count of calls
 *  trace_clock_jiffies()  ticks since boot, in USER_HZ units
 *
 * The architecture may add its own (ARCH_TRACE_CLOCKS, <asm/trace_clock.h>).
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/trace_clock.h>

u64 notrace trace_clock_local(void);
u64 notrace trace_clock(void);
u64 notrace trace_clock_global(void);
u64 notrace trace_clock_counter(void);
u64 notrace trace_clock_jiffies(void);

#endif /* _LINUX_TRACE_CLOCK_H */
