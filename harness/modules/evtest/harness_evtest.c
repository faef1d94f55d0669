// SPDX-License-Identifier: GPL-2.0
/*
 * Fires the trace events of harness_evtest.h (system "evtest") on demand,
 * for the tests of the event machinery: each burst fires every event
 * once, with that burst's sequence number.
 *
 *	insmod harness_evtest.ko str=TEXT
 *	echo 1 >/sys/kernel/tracing/events/evtest/enable
 *	echo 7 >/sys/module/harness_evtest/parameters/fire
 *
 * Needs -I of this directory (the Kbuild's ccflags), for the second
 * reading of the header by trace/define_trace.h.
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/in.h>

#define CREATE_TRACE_POINTS
#include "harness_evtest.h"

static char *str = "evtest";
module_param(str, charp, 0644);
MODULE_PARM_DESC(str, "string recorded by the dynamic events");

static int registered;

/* The registration callbacks of TRACE_EVENT_FN(): count the probes. */
int evtest_reg(void)
{
	registered++;
	return 0;
}

void evtest_unreg(void)
{
	registered--;
}

static __printf(2, 3) void evtest_fire_vstr(int seq, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	trace_evtest_vstr(seq, &vaf);
	va_end(args);
}

static noinline void evtest_burst(int seq)
{
	static const u8 bytes[8] = { 0xde, 0xad, 0xbe, 0xef, 0, 1, 0x7f, 0x80 };
	struct evtest_pair pair = { .a = -seq, .b = 3 };
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(8080),
		.sin_addr.s_addr = htonl(0x7f000001),
	};
	const struct sockaddr *sa = (struct sockaddr *)&sin;

	trace_evtest_fixed(seq, &pair, bytes, 12345678901ULL);
	trace_evtest_dyn(seq, str, cpu_possible_mask, sa, sizeof(sin));
	trace_evtest_dyn_print(seq, str, cpu_possible_mask, sa, sizeof(sin));
	trace_evtest_dyn_odd(seq, str, cpu_possible_mask, sa, sizeof(sin));
	trace_evtest_rel(seq, str, cpu_possible_mask, sa, sizeof(sin));
	evtest_fire_vstr(seq, "vstr %d %s", seq * 2, str);
	trace_evtest_cond(seq);
	trace_evtest_fn(seq);
	trace_evtest_fn_cond(seq);
	trace_evtest_perf(current, seq + 1);
	trace_evtest_nop(seq);
	trace_evtest_dyn_nop(seq, str, cpu_possible_mask, sa, sizeof(sin));
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	int seq, ret;

	ret = kstrtoint(val, 0, &seq);
	if (ret)
		return ret;
	evtest_burst(seq);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write N: fire every evtest event with seq N");

static int __init evtest_init(void)
{
	return 0;
}

static void __exit evtest_exit(void)
{
}

module_init(evtest_init);
module_exit(evtest_exit);
MODULE_DESCRIPTION("trace events using every TRACE_EVENT() form, on demand");
MODULE_LICENSE("GPL");
