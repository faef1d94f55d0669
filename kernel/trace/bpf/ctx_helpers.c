// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers whose work depends on what the program's context is: those
 * that need the registers of the interrupted code (perf output, stack
 * walks) and those that read a perf event program's sample. helpers.c
 * has the rest; bpf_events.h lists the contexts.
 *
 * Where the registers come from:
 *  - tracepoint programs: the context is the event's record as the perf
 *    probe built it (include/trace/perf.h). Before running the programs,
 *    perf_trace_run_bpf_submit() stores the probe's struct pt_regs
 *    pointer over the record's first 8 bytes, which the verifier keeps
 *    programs from reading (tracepoint programs' fields start at 8).
 *    Syscall events build their programs' context in the same layout
 *    (trace_syscalls.c);
 *  - perf event programs: struct bpf_perf_event_data_kern, whose first
 *    member is the sample's registers pointer too, so they use the
 *    tracepoint forms (progs.c hands them out);
 *  - raw tracepoint and tracing programs: the context is the traced
 *    call's arguments and holds no registers. The helper makes them,
 *    perf_fetch_caller_regs() into a scratch slot: the helper's return
 *    address into the program and its frame, from where perf's and the
 *    stack map's unwinders walk out through the program and the
 *    tracepoint to the traced code.
 *
 * The stack helpers are kernel/bpf/stackmap.c's, called with the
 * registers as their first argument; perf output is helpers.c's
 * bpf_perf_output_regs(), or bpf_scratch_output() on a slot the raw
 * tracepoint forms already hold for their struct pt_regs. Output runs
 * with a scratch slot held (and so preemption off): a tracepoint hit
 * inside it runs its programs on the next slot, not over the one in use.
 */
#include <linux/kernel.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>

#include "bpf_events.h"

/*
 * The registers a tracepoint program's record, or a perf event program's
 * struct bpf_perf_event_data_kern, carries in its first 8 bytes.
 */
static __always_inline struct pt_regs *bpf_ctx_stored_regs(void *ctx)
{
	BUILD_BUG_ON(offsetof(struct bpf_perf_event_data_kern, regs) != 0);
	return *(struct pt_regs **)ctx;
}

/* ---- tracepoint (and perf event) programs ---- */

/* bpf_perf_event_output(ctx, map, flags, data, size) */
BPF_CALL_5(bpf_tp_perf_output, void *, ctx, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	return bpf_perf_output_regs(bpf_ctx_stored_regs(ctx), map, flags,
				    data, size);
}

const struct bpf_func_proto bpf_perf_event_output_proto_tp = {
	.func		= bpf_tp_perf_output,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_CONST_MAP_PTR,
	.arg3_type	= ARG_ANYTHING,
	.arg4_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* bpf_get_stackid(ctx, map, flags): the stack at the tracepoint */
BPF_CALL_3(bpf_tp_stackid, void *, ctx, struct bpf_map *, map, u64, flags)
{
	return bpf_get_stackid((unsigned long)bpf_ctx_stored_regs(ctx),
			       (unsigned long)map, flags, 0, 0);
}

const struct bpf_func_proto bpf_get_stackid_proto_tp = {
	.func		= bpf_tp_stackid,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_CONST_MAP_PTR,
	.arg3_type	= ARG_ANYTHING,
};

/* bpf_get_stack(ctx, buf, size, flags) */
BPF_CALL_4(bpf_tp_stack, void *, ctx, void *, buf, u32, size, u64, flags)
{
	return bpf_get_stack((unsigned long)bpf_ctx_stored_regs(ctx),
			     (unsigned long)buf, size, flags, 0);
}

const struct bpf_func_proto bpf_get_stack_proto_tp = {
	.func		= bpf_tp_stack,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* ---- raw tracepoint and tracing programs ---- */

/*
 * Each form claims a slot and fills its regs in its own body, not in a
 * function it calls: perf_fetch_caller_regs() records the frame and the
 * return address of the function it is expanded in.
 */

/* bpf_perf_event_output(ctx, map, flags, data, size) */
BPF_CALL_5(bpf_raw_tp_perf_output, struct bpf_raw_tracepoint_args *, args,
	   struct bpf_map *, map, u64, flags, void *, data, u64, size)
{
	struct bpf_scratch *s = bpf_scratch_get();
	int ret;

	if (unlikely(!s))
		return -EBUSY;
	perf_fetch_caller_regs(&s->regs);
	ret = bpf_scratch_output(s, &s->regs, map, flags, data, size);
	bpf_scratch_put(s);
	return ret;
}

const struct bpf_func_proto bpf_perf_event_output_proto_raw_tp = {
	.func		= bpf_raw_tp_perf_output,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_CONST_MAP_PTR,
	.arg3_type	= ARG_ANYTHING,
	.arg4_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* bpf_get_stackid(ctx, map, flags) */
BPF_CALL_3(bpf_raw_tp_stackid, struct bpf_raw_tracepoint_args *, args,
	   struct bpf_map *, map, u64, flags)
{
	struct bpf_scratch *s = bpf_scratch_get();
	int ret;

	if (unlikely(!s))
		return -EBUSY;
	perf_fetch_caller_regs(&s->regs);
	ret = bpf_get_stackid((unsigned long)&s->regs, (unsigned long)map,
			      flags, 0, 0);
	bpf_scratch_put(s);
	return ret;
}

const struct bpf_func_proto bpf_get_stackid_proto_raw_tp = {
	.func		= bpf_raw_tp_stackid,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_CONST_MAP_PTR,
	.arg3_type	= ARG_ANYTHING,
};

/* bpf_get_stack(ctx, buf, size, flags) */
BPF_CALL_4(bpf_raw_tp_stack, struct bpf_raw_tracepoint_args *, args,
	   void *, buf, u32, size, u64, flags)
{
	struct bpf_scratch *s = bpf_scratch_get();
	int ret;

	if (unlikely(!s))
		return -EBUSY;
	perf_fetch_caller_regs(&s->regs);
	ret = bpf_get_stack((unsigned long)&s->regs, (unsigned long)buf,
			    size, flags, 0);
	bpf_scratch_put(s);
	return ret;
}

/*
 * The helper writes its buffer: typed uninitialised memory, as the
 * other contexts' forms (a read-only buffer, which a program could pass
 * if it were typed so, would be written).
 */
const struct bpf_func_proto bpf_get_stack_proto_raw_tp = {
	.func		= bpf_raw_tp_stack,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* ---- perf event programs ---- */

/*
 * bpf_perf_prog_read_value(ctx, buf, size): the sampled event's counter,
 * enabled and running times, read on this CPU into @buf, which must be
 * exactly a struct bpf_perf_event_value; cleared on any error.
 */
BPF_CALL_3(bpf_pe_read_value, struct bpf_perf_event_data_kern *, ctx,
	   struct bpf_perf_event_value *, buf, u32, size)
{
	int err = -EINVAL;

	if (likely(size == sizeof(*buf)))
		err = perf_event_read_local(ctx->event, &buf->counter,
					    &buf->enabled, &buf->running);
	if (unlikely(err))
		memset(buf, 0, size);
	return err;
}

const struct bpf_func_proto bpf_perf_prog_read_value_proto = {
	.func		= bpf_pe_read_value,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg3_type	= ARG_CONST_SIZE,
};

/*
 * bpf_read_branch_records(ctx, buf, size, flags): the branch stack the
 * sample took (an event opened with PERF_SAMPLE_BRANCH_STACK), as many
 * whole struct perf_branch_entry as fit in @buf; with
 * BPF_F_GET_BRANCH_RECORDS_SIZE, only the size all of them would take.
 *
 * Return: bytes (copied, or needed); -EINVAL for other flags, no @buf or
 * a @size not a multiple of an entry; -ENOENT when the sample has no
 * branch stack.
 */
BPF_CALL_4(bpf_pe_branch_records, struct bpf_perf_event_data_kern *, ctx,
	   void *, buf, u32, size, u64, flags)
{
	const u32 entry_size = sizeof(struct perf_branch_entry);
	struct perf_sample_data *sd = ctx->data;
	struct perf_branch_stack *bs;
	u32 len;

	if (unlikely(flags & ~BPF_F_GET_BRANCH_RECORDS_SIZE))
		return -EINVAL;
	/* br_stack means something only if the sample says it was taken */
	if (unlikely(!(sd->sample_flags & PERF_SAMPLE_BRANCH_STACK)))
		return -ENOENT;
	bs = sd->br_stack;
	if (unlikely(!bs))
		return -ENOENT;

	len = bs->nr * entry_size;
	if (flags & BPF_F_GET_BRANCH_RECORDS_SIZE)
		return len;
	if (!buf || size % entry_size)
		return -EINVAL;
	len = min(len, size);
	memcpy(buf, bs->entries, len);
	return len;
}

const struct bpf_func_proto bpf_read_branch_records_proto = {
	.func		= bpf_pe_branch_records,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_MEM_OR_NULL,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* bpf_get_attach_cookie(ctx): the cookie the program was attached with */
BPF_CALL_1(bpf_pe_attach_cookie, struct bpf_perf_event_data_kern *, ctx)
{
	return ctx->event->bpf_cookie;
}

const struct bpf_func_proto bpf_get_attach_cookie_proto_pe = {
	.func		= bpf_pe_attach_cookie,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};
