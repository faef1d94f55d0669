/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the osnoise tracer (trace_osnoise.c) shares with its files in
 * tracefs's osnoise/ directory (trace_osnoise_fs.c).
 */
#ifndef _TRACE_OSNOISE_H
#define _TRACE_OSNOISE_H

#include <linux/cpumask.h>
#include <linux/mutex.h>
#include <linux/time64.h>
#include <linux/types.h>

/* The bits of osnoise/options, in the order the file lists them. */
enum osnoise_option {
	OSN_OPT_DEFAULTS,		/* reads set while all are default */
	OSN_OPT_WORKLOAD,		/* run the sampling threads */
	OSN_OPT_PANIC_ON_STOP,		/* panic() where tracing would stop */
	OSN_OPT_PREEMPT_DISABLE,	/* sample with preemption off */
	OSN_OPT_IRQ_DISABLE,		/* sample with interrupts off */
	OSN_OPT_MAX
};

#define OSN_OPT_DEFAULT_SET	BIT(OSN_OPT_WORKLOAD)

/*
 * The settings. Written under osnoise_lock; the sampling threads read
 * the numbers with READ_ONCE() at the start of each period. cpus and
 * options change only while the threads are stopped (see
 * osnoise_pause()).
 */
struct osnoise_settings {
	u64			period_us;
	u64			runtime_us;	/* <= period_us */
	u64			stop_single_us;	/* 0: never */
	u64			stop_total_us;	/* 0: never */
	unsigned long		options;
	struct cpumask		cpus;
#ifdef CONFIG_TIMERLAT_TRACER
	u64			timerlat_period_us;
	u64			print_stack_us;	/* 0: never */
#endif
};

#ifdef CONFIG_TIMERLAT_TRACER
/* The bounds of osnoise/timerlat_period_us. */
#define TLAT_PERIOD_MIN_US	100
#define TLAT_PERIOD_MAX_US	USEC_PER_SEC
#endif

extern struct osnoise_settings osnoise_set;
extern struct mutex osnoise_lock;

/*
 * Stop the sampling threads before cpus or options change, and start
 * them again after, if the tracer runs. osnoise_pause() takes
 * trace_types_lock, osnoise_resume() drops it.
 */
bool osnoise_pause(void);
void osnoise_resume(bool was_running);

/* Create the osnoise/ directory. */
int osnoise_create_files(void);

#endif /* _TRACE_OSNOISE_H */
