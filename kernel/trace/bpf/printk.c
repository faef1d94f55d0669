// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_trace_printk() and bpf_trace_vprintk(): a program's printf into
 * the trace buffer, as the event bpf_trace:bpf_trace_printk
 * (printk_event.h), whose lines read "bpf_trace_printk: <text>".
 *
 * The format is checked and its arguments converted by kernel/bpf's
 * bpf_bprintf_prepare(), which bpf_snprintf() and bpf_seq_printf() use
 * too: it lets through only the conversions it vets (integers,
 * characters, strings read with a nofault copy, a few %p forms), so a
 * format cannot make the kernel read what the program could not. It lends
 * a per-CPU text buffer of MAX_BPRINTF_BUF bytes (a longer text is cut
 * there; the helpers return the length it would have had) for as long
 * as the event takes the text. bpf_trace_printk() takes up to three
 * arguments in registers, bpf_trace_vprintk() an array of up to
 * MAX_BPRINTF_VARARGS u64s.
 *
 * The event is written only while enabled, in the instances that have
 * it enabled. Loading a program that calls either helper enables it in
 * the top-level instance, every time (a user may have disabled it since
 * the last load: loading such a program says they want its text), from a
 * work item; see bpf_printk_enable_event(). Unlike
 * trace_printk(), nothing is allocated and no notice is printed in the
 * kernel log on first use: the text goes through an ordinary event.
 */
#include <linux/kernel.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/trace_events.h>
#include <linux/workqueue.h>

#include "bpf_events.h"

#define CREATE_TRACE_POINTS
#include "printk_event.h"

/* the arguments bpf_trace_printk() has room for after the format */
#define BPF_PRINTK_REG_ARGS	3

/*
 * Format @fmt (@fmt_size bytes, NUL included somewhere) with @nr_args
 * u64 arguments at @args and write the text as one event.
 *
 * Return: the text's length, or bpf_bprintf_prepare()'s error (-EINVAL
 * for a bad format or argument count, -EBUSY when this CPU's buffers
 * are all in use by nested callers).
 */
static int bpf_printk_emit(char *fmt, u32 fmt_size, const u64 *args,
			   u32 nr_args)
{
	struct bpf_bprintf_data bp = {
		.get_bin_args	= true,
		.get_buf	= true,
	};
	int len;

	len = bpf_bprintf_prepare(fmt, fmt_size, args, nr_args, &bp);
	if (len < 0)
		return len;
	len = bstr_printf(bp.buf, MAX_BPRINTF_BUF, fmt, bp.bin_args);
	trace_bpf_trace_printk(bp.buf);
	/* the buffers are this CPU's until then, preemption off */
	bpf_bprintf_cleanup(&bp);
	return len;
}

/* bpf_trace_printk(fmt, fmt_size, arg1, arg2, arg3) */
BPF_CALL_5(bpf_tr_printk, char *, fmt, u32, fmt_size, u64, arg1, u64, arg2,
	   u64, arg3)
{
	u64 args[BPF_PRINTK_REG_ARGS] = { arg1, arg2, arg3 };

	return bpf_printk_emit(fmt, fmt_size, args, ARRAY_SIZE(args));
}

static const struct bpf_func_proto bpf_trace_printk_proto = {
	.func		= bpf_tr_printk,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg2_type	= ARG_CONST_SIZE,
};

/* bpf_trace_vprintk(fmt, fmt_size, args, data_len) */
BPF_CALL_4(bpf_tr_vprintk, char *, fmt, u32, fmt_size, const void *, args,
	   u32, data_len)
{
	int nr_args = bpf_trace_nr_varargs(args, data_len);

	if (nr_args < 0)
		return nr_args;
	return bpf_printk_emit(fmt, fmt_size, args, nr_args);
}

static const struct bpf_func_proto bpf_trace_vprintk_proto = {
	.func		= bpf_tr_vprintk,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg2_type	= ARG_CONST_SIZE,
	.arg3_type	= ARG_PTR_TO_MEM | PTR_MAYBE_NULL | MEM_RDONLY,
	.arg4_type	= ARG_CONST_SIZE_OR_ZERO,
};

/*
 * Enable bpf_trace:bpf_trace_printk in the top-level instance, from
 * bpf_printk_event_work.
 *
 * Not done in the proto getters themselves: they run inside the
 * verifier, once for every path that reaches the call, from every
 * program type (bpf_base_func_proto() hands the helper out too), with
 * the locks of the loading path held: bpf_verifier_lock for an
 * unprivileged load, an RCU tasks trace read section for a program
 * loaded by a BPF syscall program. Enabling an event takes event_mutex,
 * then tracepoints_mutex, cpus_read_lock() and jump_label_lock; and
 * tracing waits for RCU tasks trace readers (unregistering a
 * tracepoint's probe) with event_mutex held, so a loader waiting for
 * event_mutex inside such a read section would wait forever. A kworker
 * holds none of them. As upstream's, the event is so enabled just after
 * the load, not before: a program attached and run in that window
 * prints into an event that is not yet enabled, and its text is not
 * recorded, as any disabled event's.
 */
static void bpf_printk_enable_event(struct work_struct *work)
{
	if (trace_set_clr_event("bpf_trace", "bpf_trace_printk", 1))
		pr_warn_ratelimited("could not enable bpf_trace_printk events\n");
}

static DECLARE_WORK(bpf_printk_event_work, bpf_printk_enable_event);

/**
 * bpf_get_trace_printk_proto() - bpf_trace_printk for a program
 *
 * Called when the verifier meets a call to bpf_trace_printk(), as the
 * program is loaded: has the bpf_trace_printk event enabled in the
 * top-level instance (soon after, from a work item; a work already
 * queued is not queued twice).
 *
 * Return: the helper's proto.
 */
const struct bpf_func_proto *bpf_get_trace_printk_proto(void)
{
	schedule_work(&bpf_printk_event_work);
	return &bpf_trace_printk_proto;
}

/**
 * bpf_get_trace_vprintk_proto() - bpf_trace_vprintk for a program
 *
 * As bpf_get_trace_printk_proto(), for bpf_trace_vprintk().
 *
 * Return: the helper's proto.
 */
const struct bpf_func_proto *bpf_get_trace_vprintk_proto(void)
{
	schedule_work(&bpf_printk_event_work);
	return &bpf_trace_vprintk_proto;
}
