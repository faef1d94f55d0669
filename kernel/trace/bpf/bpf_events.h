/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BPF programs on the tracing subsystem's hooks (CONFIG_BPF_EVENTS).
 *
 * kernel/bpf owns programs, maps, links and the verifier; this directory
 * owns where tracing programs run and what they may call there. The
 * files:
 *
 *   attach.c	   the program arrays of trace events: trace_call_bpf(),
 *		   attaching a program to a perf event and detaching it,
 *		   what PERF_EVENT_IOC_QUERY_BPF and BPF_TASK_FD_QUERY read
 *   raw_tp.c	   raw tracepoints: the table of struct bpf_raw_event_map
 *		   (vmlinux's section and each module's), a program as a
 *		   tracepoint's probe, running it (bpf_trace_run_args())
 *   helpers.c	   the helpers of every tracing program type: memory
 *		   reads, the current task, signals, perf counters and
 *		   output, d_path, BTF printing, function ip/arguments,
 *		   attach cookies, override_return
 *   ctx_helpers.c the helpers whose context differs per program type:
 *		   perf_event_output, get_stackid and get_stack from a
 *		   tracepoint, a raw tracepoint or a perf event
 *   printk.c	   bpf_trace_printk() and bpf_trace_vprintk(), into the
 *		   bpf_trace/bpf_trace_printk event (printk_event.h)
 *   progs.c	   the program types: the helpers each may call, what of
 *		   its context it may read, the verifier and prog ops
 *
 * include/trace/bpf_probe.h gives each TRACE_EVENT() its raw tracepoint
 * entry (the __bpf_raw_tp_map section) and its btf_trace_<name> type.
 *
 * Program contexts, per type:
 *   kprobe (kprobe and uprobe events, their PMUs, syscall events' perf
 *	side):			struct pt_regs of the probed task
 *   tracepoint:		the event's record, as perf builds it
 *   raw_tracepoint(_writable), tracing (BTF raw tracepoints, fentry,
 *	fexit, LSM, iterators):	u64 args[], one per argument
 *   perf_event:		struct bpf_perf_event_data_kern
 */
#ifndef _KERNEL_TRACE_BPF_EVENTS_H
#define _KERNEL_TRACE_BPF_EVENTS_H

#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>

/*
 * Scratch space for helpers that need a struct pt_regs or a struct
 * perf_sample_data for the length of one call (output from a raw
 * tracepoint, bpf_event_output()...). A helper holds its slot with
 * preemption off and gives it back before it returns, so the slots in
 * use on a CPU are those of the contexts nested there (task, softirq,
 * hardirq, NMI), each with at most two: its helper's, and that of a
 * program run from within that helper (a tracepoint or kprobe hit in
 * perf's output path), whose own runs stop there (bpf_prog_active, each
 * program's recursion guard). Eight slots: a claim beyond them fails
 * with NULL, which the helpers return as -EBUSY.
 */
#define BPF_SCRATCH_LEVELS	8

struct bpf_scratch {
	struct pt_regs		regs;
	struct perf_sample_data	sd;
	struct perf_raw_record	raw;
	struct perf_raw_frag	frag;
};

struct bpf_scratch *bpf_scratch_get(void);
void bpf_scratch_put(struct bpf_scratch *s);

/* helpers.c: bpf_perf_event_output()'s body, from a held slot */
int bpf_scratch_output(struct bpf_scratch *s, struct pt_regs *regs,
		       struct bpf_map *map, u64 flags, void *data, u64 size);
/* helpers.c: the same, claiming and releasing a slot around it */
int bpf_perf_output_regs(struct pt_regs *regs, struct bpf_map *map,
			 u64 flags, void *data, u64 size);

/*
 * The helpers taking their format's arguments as an array of u64
 * (bpf_seq_printf, bpf_trace_vprintk): how many @data_len bytes at @args
 * hold, or -EINVAL for a length that is not whole u64s, more than
 * bpf_bprintf_prepare() takes, or arguments without an array.
 */
static inline int bpf_trace_nr_varargs(const void *args, u32 data_len)
{
	if (data_len % sizeof(u64) ||
	    data_len > MAX_BPRINTF_VARARGS * sizeof(u64) ||
	    (data_len && !args))
		return -EINVAL;
	return data_len / sizeof(u64);
}

/* raw_tp.c: the kernel image's raw tracepoint entries (vmlinux.lds.h) */
extern struct bpf_raw_event_map __start__bpf_raw_tp[];
extern struct bpf_raw_event_map __stop__bpf_raw_tp[];

/*
 * helpers.c: protos kernel/bpf's bpf_base_func_proto() hands out too, in
 * place of its __weak stand-ins (kernel/bpf/helpers.c has no header
 * declaring them)
 */
extern const struct bpf_func_proto bpf_probe_read_user_proto;
extern const struct bpf_func_proto bpf_probe_read_user_str_proto;
extern const struct bpf_func_proto bpf_probe_read_kernel_proto;
extern const struct bpf_func_proto bpf_probe_read_kernel_str_proto;
extern const struct bpf_func_proto bpf_get_current_task_proto;
extern const struct bpf_func_proto bpf_get_current_task_btf_proto;
extern const struct bpf_func_proto bpf_task_pt_regs_proto;

/* helpers.c: protos the program types of progs.c hand out */
extern const struct bpf_func_proto bpf_probe_read_compat_proto;
extern const struct bpf_func_proto bpf_probe_read_compat_str_proto;
extern const struct bpf_func_proto bpf_probe_write_user_proto;
extern const struct bpf_func_proto bpf_current_task_under_cgroup_proto;
extern const struct bpf_func_proto bpf_send_signal_proto;
extern const struct bpf_func_proto bpf_send_signal_thread_proto;
extern const struct bpf_func_proto bpf_perf_event_read_proto;
extern const struct bpf_func_proto bpf_perf_event_read_value_proto;
extern const struct bpf_func_proto bpf_perf_event_output_proto;
extern const struct bpf_func_proto bpf_d_path_proto;
extern const struct bpf_func_proto bpf_seq_printf_proto;
extern const struct bpf_func_proto bpf_seq_write_proto;
extern const struct bpf_func_proto bpf_seq_printf_btf_proto;
extern const struct bpf_func_proto bpf_get_func_ip_proto_tracing;
extern const struct bpf_func_proto bpf_get_func_ip_proto_kprobe;
extern const struct bpf_func_proto bpf_get_func_arg_proto;
extern const struct bpf_func_proto bpf_get_func_ret_proto;
extern const struct bpf_func_proto bpf_get_func_arg_cnt_proto;
extern const struct bpf_func_proto bpf_get_attach_cookie_proto_trace;
extern const struct bpf_func_proto bpf_get_attach_cookie_proto_tracing;
extern const struct bpf_func_proto bpf_get_branch_snapshot_proto;
extern const struct bpf_func_proto bpf_override_return_proto;
const struct bpf_func_proto *bpf_get_probe_write_proto(void);

/* ctx_helpers.c */
extern const struct bpf_func_proto bpf_perf_event_output_proto_tp;
extern const struct bpf_func_proto bpf_get_stackid_proto_tp;
extern const struct bpf_func_proto bpf_get_stack_proto_tp;
extern const struct bpf_func_proto bpf_perf_event_output_proto_raw_tp;
extern const struct bpf_func_proto bpf_get_stackid_proto_raw_tp;
extern const struct bpf_func_proto bpf_get_stack_proto_raw_tp;
extern const struct bpf_func_proto bpf_perf_prog_read_value_proto;
extern const struct bpf_func_proto bpf_read_branch_records_proto;
extern const struct bpf_func_proto bpf_get_attach_cookie_proto_pe;

/* kernel/bpf/stackmap.c's helpers, called with a context's regs */
u64 bpf_get_stackid(u64 r1, u64 r2, u64 r3, u64 r4, u64 r5);
u64 bpf_get_stack(u64 r1, u64 r2, u64 r3, u64 r4, u64 r5);

/* net/core/filter.c's, for the tracing type (CONFIG_NET) */
extern const struct bpf_func_proto bpf_skb_output_proto;
extern const struct bpf_func_proto bpf_xdp_output_proto;
extern const struct bpf_func_proto bpf_xdp_get_buff_len_trace_proto;

/* kernel/trace/probes/kprobe_event.c: may a program there override? */
#ifdef CONFIG_KPROBE_EVENTS
bool kprobe_event_can_override(struct trace_event_call *call);
#else
static inline bool kprobe_event_can_override(struct trace_event_call *call)
{
	return false;
}
#endif

#endif /* _KERNEL_TRACE_BPF_EVENTS_H */
