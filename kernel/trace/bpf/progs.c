// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing program types, as kernel/bpf's verifier sees them
 * (include/linux/bpf_types.h): for each, the helpers it may call, what
 * of its context it may read, and its ops.
 *
 *   kprobe		 kprobe, uprobe and syscall events; ctx: pt_regs
 *   tracepoint		 trace events; ctx: the record perf builds
 *   perf_event		 perf events' overflow; ctx: bpf_perf_event_data
 *   raw_tracepoint	 raw tracepoints; ctx: u64 args[]
 *   raw_tracepoint_writable  the same, and the tracepoint's buffer
 *   tracing		 BTF-typed raw tracepoints, fentry/fexit/fmod_ret,
 *			 iterators; ctx: u64 args[], typed by BTF
 *
 * The helpers each type may call are tables, looked up in order: the
 * type's own, then (for tracing) the raw tracepoint's, then the list
 * every tracing type shares, then kernel/bpf's base set. The first
 * table that names a helper decides, even when its gate then refuses
 * it (under lockdown, say), as the verifier expects: a refused helper
 * is not looked for in the next table. Lookups happen only when a
 * program is verified, so the tables are scanned; each ends with an
 * entry of BPF_FUNC_unspec, which names no helper.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <linux/btf.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/security.h>
#include <linux/trace_events.h>
#include <net/bpf_sk_storage.h>

#include "bpf_events.h"

/* When a helper named in a table is handed out, and which proto. */
enum helper_gate {
	GATE_NONE,
	GATE_READ_KERNEL,	/* not under lockdown's BPF_READ_KERNEL */
	GATE_WRITE_USER,	/* not under BPF_WRITE_USER; it warns */
	GATE_PRINTK,		/* bpf_get_trace_printk_proto() */
	GATE_VPRINTK,		/* bpf_get_trace_vprintk_proto() */
	GATE_TRAMPOLINE,	/* run by a BPF trampoline */
	GATE_ITER,		/* an iterator program */
};

struct helper_entry {
	enum bpf_func_id		id;
	enum helper_gate		gate;
	const struct bpf_func_proto	*proto;
};

#define HELPER(fn, proto)	{ BPF_FUNC_##fn, GATE_NONE, proto }
#define GATED(fn, gate, proto)	{ BPF_FUNC_##fn, GATE_##gate, proto }

#define TABLE_END		{ BPF_FUNC_unspec, GATE_NONE, NULL }

/* Every tracing type's helpers, before kernel/bpf's base set. */
static const struct helper_entry tracing_common[] = {
	HELPER(map_lookup_elem, &bpf_map_lookup_elem_proto),
	HELPER(map_update_elem, &bpf_map_update_elem_proto),
	HELPER(map_delete_elem, &bpf_map_delete_elem_proto),
	HELPER(map_push_elem, &bpf_map_push_elem_proto),
	HELPER(map_pop_elem, &bpf_map_pop_elem_proto),
	HELPER(map_peek_elem, &bpf_map_peek_elem_proto),
	HELPER(map_lookup_percpu_elem, &bpf_map_lookup_percpu_elem_proto),
	HELPER(ktime_get_ns, &bpf_ktime_get_ns_proto),
	HELPER(ktime_get_boot_ns, &bpf_ktime_get_boot_ns_proto),
	HELPER(tail_call, &bpf_tail_call_proto),
	HELPER(get_current_pid_tgid, &bpf_get_current_pid_tgid_proto),
	HELPER(get_current_task, &bpf_get_current_task_proto),
	HELPER(get_current_task_btf, &bpf_get_current_task_btf_proto),
	HELPER(task_pt_regs, &bpf_task_pt_regs_proto),
	HELPER(get_current_uid_gid, &bpf_get_current_uid_gid_proto),
	HELPER(get_current_comm, &bpf_get_current_comm_proto),
	GATED(trace_printk, PRINTK, NULL),
	HELPER(get_smp_processor_id, &bpf_get_smp_processor_id_proto),
	HELPER(get_numa_node_id, &bpf_get_numa_node_id_proto),
	HELPER(perf_event_read, &bpf_perf_event_read_proto),
	HELPER(current_task_under_cgroup, &bpf_current_task_under_cgroup_proto),
	HELPER(get_prandom_u32, &bpf_get_prandom_u32_proto),
	GATED(probe_write_user, WRITE_USER, NULL),
	HELPER(probe_read_user, &bpf_probe_read_user_proto),
	GATED(probe_read_kernel, READ_KERNEL, &bpf_probe_read_kernel_proto),
	HELPER(probe_read_user_str, &bpf_probe_read_user_str_proto),
	GATED(probe_read_kernel_str, READ_KERNEL,
	      &bpf_probe_read_kernel_str_proto),
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	GATED(probe_read, READ_KERNEL, &bpf_probe_read_compat_proto),
	GATED(probe_read_str, READ_KERNEL, &bpf_probe_read_compat_str_proto),
#endif
#ifdef CONFIG_CGROUPS
	HELPER(get_current_cgroup_id, &bpf_get_current_cgroup_id_proto),
	HELPER(get_current_ancestor_cgroup_id,
	       &bpf_get_current_ancestor_cgroup_id_proto),
#endif
	HELPER(send_signal, &bpf_send_signal_proto),
	HELPER(send_signal_thread, &bpf_send_signal_thread_proto),
	HELPER(perf_event_read_value, &bpf_perf_event_read_value_proto),
	HELPER(get_ns_current_pid_tgid, &bpf_get_ns_current_pid_tgid_proto),
	HELPER(ringbuf_output, &bpf_ringbuf_output_proto),
	HELPER(ringbuf_reserve, &bpf_ringbuf_reserve_proto),
	HELPER(ringbuf_submit, &bpf_ringbuf_submit_proto),
	HELPER(ringbuf_discard, &bpf_ringbuf_discard_proto),
	HELPER(ringbuf_query, &bpf_ringbuf_query_proto),
	HELPER(jiffies64, &bpf_jiffies64_proto),
	HELPER(get_task_stack, &bpf_get_task_stack_proto),
	HELPER(copy_from_user, &bpf_copy_from_user_proto),
	HELPER(copy_from_user_task, &bpf_copy_from_user_task_proto),
	HELPER(snprintf_btf, &bpf_snprintf_btf_proto),
	HELPER(per_cpu_ptr, &bpf_per_cpu_ptr_proto),
	HELPER(this_cpu_ptr, &bpf_this_cpu_ptr_proto),
	HELPER(task_storage_get, &bpf_task_storage_get_proto),
	HELPER(task_storage_delete, &bpf_task_storage_delete_proto),
	HELPER(for_each_map_elem, &bpf_for_each_map_elem_proto),
	HELPER(snprintf, &bpf_snprintf_proto),
	HELPER(get_func_ip, &bpf_get_func_ip_proto_tracing),
	HELPER(get_branch_snapshot, &bpf_get_branch_snapshot_proto),
	HELPER(find_vma, &bpf_find_vma_proto),
	GATED(trace_vprintk, VPRINTK, NULL),
	TABLE_END,
};

static const struct helper_entry kprobe_own[] = {
	HELPER(perf_event_output, &bpf_perf_event_output_proto),
	HELPER(get_stackid, &bpf_get_stackid_proto),
	HELPER(get_stack, &bpf_get_stack_proto),
#ifdef CONFIG_BPF_KPROBE_OVERRIDE
	HELPER(override_return, &bpf_override_return_proto),
#endif
	HELPER(get_func_ip, &bpf_get_func_ip_proto_kprobe),
	HELPER(get_attach_cookie, &bpf_get_attach_cookie_proto_trace),
	TABLE_END,
};

static const struct helper_entry tp_own[] = {
	HELPER(perf_event_output, &bpf_perf_event_output_proto_tp),
	HELPER(get_stackid, &bpf_get_stackid_proto_tp),
	HELPER(get_stack, &bpf_get_stack_proto_tp),
	HELPER(get_attach_cookie, &bpf_get_attach_cookie_proto_trace),
	TABLE_END,
};

/* A perf event program's record is a tracepoint's: the same output. */
static const struct helper_entry pe_own[] = {
	HELPER(perf_event_output, &bpf_perf_event_output_proto_tp),
	HELPER(get_stackid, &bpf_get_stackid_proto_pe),
	HELPER(get_stack, &bpf_get_stack_proto_pe),
	HELPER(perf_prog_read_value, &bpf_perf_prog_read_value_proto),
	HELPER(read_branch_records, &bpf_read_branch_records_proto),
	HELPER(get_attach_cookie, &bpf_get_attach_cookie_proto_pe),
	TABLE_END,
};

static const struct helper_entry raw_tp_own[] = {
	HELPER(perf_event_output, &bpf_perf_event_output_proto_raw_tp),
	HELPER(get_stackid, &bpf_get_stackid_proto_raw_tp),
	HELPER(get_stack, &bpf_get_stack_proto_raw_tp),
	TABLE_END,
};

static const struct helper_entry tracing_own[] = {
#ifdef CONFIG_NET
	HELPER(skb_output, &bpf_skb_output_proto),
	HELPER(xdp_output, &bpf_xdp_output_proto),
	HELPER(skc_to_tcp6_sock, &bpf_skc_to_tcp6_sock_proto),
	HELPER(skc_to_tcp_sock, &bpf_skc_to_tcp_sock_proto),
	HELPER(skc_to_tcp_timewait_sock, &bpf_skc_to_tcp_timewait_sock_proto),
	HELPER(skc_to_tcp_request_sock, &bpf_skc_to_tcp_request_sock_proto),
	HELPER(skc_to_udp6_sock, &bpf_skc_to_udp6_sock_proto),
	HELPER(skc_to_unix_sock, &bpf_skc_to_unix_sock_proto),
	HELPER(skc_to_mptcp_sock, &bpf_skc_to_mptcp_sock_proto),
	HELPER(sk_storage_get, &bpf_sk_storage_get_tracing_proto),
	HELPER(sk_storage_delete, &bpf_sk_storage_delete_tracing_proto),
	HELPER(sock_from_file, &bpf_sock_from_file_proto),
	HELPER(get_socket_cookie, &bpf_get_socket_ptr_cookie_proto),
	HELPER(xdp_get_buff_len, &bpf_xdp_get_buff_len_trace_proto),
#endif
	GATED(seq_printf, ITER, &bpf_seq_printf_proto),
	GATED(seq_write, ITER, &bpf_seq_write_proto),
	GATED(seq_printf_btf, ITER, &bpf_seq_printf_btf_proto),
	HELPER(d_path, &bpf_d_path_proto),
	GATED(get_func_arg, TRAMPOLINE, &bpf_get_func_arg_proto),
	GATED(get_func_ret, TRAMPOLINE, &bpf_get_func_ret_proto),
	GATED(get_func_arg_cnt, TRAMPOLINE, &bpf_get_func_arg_cnt_proto),
	GATED(get_attach_cookie, TRAMPOLINE,
	      &bpf_get_attach_cookie_proto_tracing),
	TABLE_END,
};

/* The proto an entry hands @prog: NULL when its gate refuses. */
static const struct bpf_func_proto *
helper_open(const struct helper_entry *e, const struct bpf_prog *prog)
{
	switch (e->gate) {
	case GATE_NONE:
		return e->proto;
	case GATE_READ_KERNEL:
		if (security_locked_down(LOCKDOWN_BPF_READ_KERNEL) < 0)
			return NULL;
		return e->proto;
	case GATE_WRITE_USER:
		if (security_locked_down(LOCKDOWN_BPF_WRITE_USER) < 0)
			return NULL;
		return bpf_get_probe_write_proto();
	case GATE_PRINTK:
		return bpf_get_trace_printk_proto();
	case GATE_VPRINTK:
		return bpf_get_trace_vprintk_proto();
	case GATE_TRAMPOLINE:
		return bpf_prog_has_trampoline(prog) ? e->proto : NULL;
	case GATE_ITER:
		return prog->expected_attach_type == BPF_TRACE_ITER ?
		       e->proto : NULL;
	}
	return NULL;
}

/*
 * Look @id up in @tables in order; the first table naming it decides.
 * Without one, kernel/bpf's base set.
 */
static const struct bpf_func_proto *
helper_find(const struct helper_entry *const *tables, unsigned int ntables,
	    enum bpf_func_id id, const struct bpf_prog *prog)
{
	const struct helper_entry *e;
	unsigned int t;

	for (t = 0; t < ntables; t++) {
		for (e = tables[t]; e->id != BPF_FUNC_unspec; e++) {
			if (e->id == id)
				return helper_open(e, prog);
		}
	}
	return bpf_base_func_proto(id);
}

static const struct bpf_func_proto *
kprobe_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	static const struct helper_entry *const chain[] = {
		kprobe_own, tracing_common,
	};

	return helper_find(chain, ARRAY_SIZE(chain), id, prog);
}

static const struct bpf_func_proto *
tp_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	static const struct helper_entry *const chain[] = {
		tp_own, tracing_common,
	};

	return helper_find(chain, ARRAY_SIZE(chain), id, prog);
}

static const struct bpf_func_proto *
pe_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	static const struct helper_entry *const chain[] = {
		pe_own, tracing_common,
	};

	return helper_find(chain, ARRAY_SIZE(chain), id, prog);
}

static const struct bpf_func_proto *
raw_tp_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	static const struct helper_entry *const chain[] = {
		raw_tp_own, tracing_common,
	};

	return helper_find(chain, ARRAY_SIZE(chain), id, prog);
}

/**
 * tracing_prog_func_proto - the helpers of BPF_PROG_TYPE_TRACING
 * @id: the helper asked for
 * @prog: the program being verified
 *
 * Also what BPF LSM programs and syscall programs fall back on
 * (kernel/bpf). Iterator programs get the iterators' own helpers last.
 *
 * Return: the helper's proto, or NULL if @prog may not call it.
 */
const struct bpf_func_proto *
tracing_prog_func_proto(enum bpf_func_id id, const struct bpf_prog *prog)
{
	static const struct helper_entry *const chain[] = {
		tracing_own, raw_tp_own, tracing_common,
	};
	const struct bpf_func_proto *fn;

	fn = helper_find(chain, ARRAY_SIZE(chain), id, prog);
	if (!fn && prog->expected_attach_type == BPF_TRACE_ITER)
		fn = bpf_iter_get_func_proto(id, prog);
	return fn;
}

/* ---- what each type may read of its context ---- */

/* Aligned reads within [lo, hi): every type's first condition. */
static bool ctx_read_in(int off, int size, enum bpf_access_type type,
			int lo, int hi)
{
	return type == BPF_READ && off >= lo && off + size <= hi &&
	       off % size == 0;
}

/* kprobe: any aligned read of the registers. */
static bool kprobe_prog_is_valid_access(int off, int size,
					enum bpf_access_type type,
					const struct bpf_prog *prog,
					struct bpf_insn_access_aux *info)
{
	return ctx_read_in(off, size, type, 0, sizeof(struct pt_regs));
}

/*
 * tracepoint: the record, but its first 8 bytes, which hold the
 * registers' address for the helpers (kernel/events' submit step).
 */
static bool tp_prog_is_valid_access(int off, int size,
				    enum bpf_access_type type,
				    const struct bpf_prog *prog,
				    struct bpf_insn_access_aux *info)
{
	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(u64));
	/* the end is not checked: the record's size is not known here */
	return off >= (int)sizeof(void *) && off < PERF_MAX_TRACE_SIZE &&
	       type == BPF_READ && off % size == 0;
}

static bool raw_tp_prog_is_valid_access(int off, int size,
					enum bpf_access_type type,
					const struct bpf_prog *prog,
					struct bpf_insn_access_aux *info)
{
	return bpf_tracing_ctx_access(off, size, type);
}

/* writable: args[0] is the tracepoint's buffer, the rest as raw_tp */
static bool raw_tp_writable_prog_is_valid_access(int off, int size,
						 enum bpf_access_type type,
						 const struct bpf_prog *prog,
						 struct bpf_insn_access_aux *info)
{
	if (!off) {
		if (size != sizeof(u64) || type != BPF_READ)
			return false;
		info->reg_type = PTR_TO_TP_BUFFER;
	}
	return bpf_tracing_ctx_access(off, size, type);
}

/*
 * perf_event: struct bpf_perf_event_data is the user's view (regs,
 * sample_period, addr); the kernel's context is struct
 * bpf_perf_event_data_kern, reached through pe_prog_convert_ctx_access().
 * sample_period and addr are u64 and may be read in narrower parts;
 * the registers only a long at a time (on 32-bit, a u64 read of two
 * registers at an offset 4 modulo 8 as well, as upstream allows).
 */
static bool pe_prog_is_valid_access(int off, int size,
				    enum bpf_access_type type,
				    const struct bpf_prog *prog,
				    struct bpf_insn_access_aux *info)
{
	const int u64_size = sizeof(u64);

	if (type != BPF_READ || off < 0 ||
	    off >= sizeof(struct bpf_perf_event_data))
		return false;
	if (off % size) {
		bool pair = sizeof(long) == 4 && size == 8 && off % size == 4;

		if (!pair)
			return false;
	}
	switch (off) {
	case bpf_ctx_range(struct bpf_perf_event_data, sample_period):
	case bpf_ctx_range(struct bpf_perf_event_data, addr):
		bpf_ctx_record_field_size(info, u64_size);
		return bpf_ctx_narrow_access_ok(off, size, u64_size);
	default:
		return size == sizeof(long);
	}
}

/* dst = ((struct bpf_perf_event_data_kern *)src)->data->FIELD */
static struct bpf_insn *pe_load_data(struct bpf_insn *insn,
				     const struct bpf_insn *si,
				     int field_off, u32 *target_size)
{
	*insn++ = BPF_LDX_MEM(BPF_FIELD_SIZEOF(struct bpf_perf_event_data_kern,
					       data),
			      si->dst_reg, si->src_reg,
			      offsetof(struct bpf_perf_event_data_kern, data));
	*insn++ = BPF_LDX_MEM(BPF_DW, si->dst_reg, si->dst_reg, field_off);
	*target_size = sizeof(u64);
	return insn;
}

static u32 pe_prog_convert_ctx_access(enum bpf_access_type type,
				      const struct bpf_insn *si,
				      struct bpf_insn *insn_buf,
				      struct bpf_prog *prog, u32 *target_size)
{
	struct bpf_insn *insn = insn_buf;

	BUILD_BUG_ON(sizeof_field(struct perf_sample_data, period) != 8);
	BUILD_BUG_ON(sizeof_field(struct perf_sample_data, addr) != 8);
	switch (si->off) {
	case offsetof(struct bpf_perf_event_data, sample_period):
		insn = pe_load_data(insn, si,
				    offsetof(struct perf_sample_data, period),
				    target_size);
		break;
	case offsetof(struct bpf_perf_event_data, addr):
		insn = pe_load_data(insn, si,
				    offsetof(struct perf_sample_data, addr),
				    target_size);
		break;
	default:
		/* a register: regs->(the same offset), a long */
		*insn++ = BPF_LDX_MEM(BPF_FIELD_SIZEOF(struct bpf_perf_event_data_kern,
						       regs),
				      si->dst_reg, si->src_reg,
				      offsetof(struct bpf_perf_event_data_kern,
					       regs));
		*insn++ = BPF_LDX_MEM(BPF_SIZEOF(long), si->dst_reg,
				      si->dst_reg, si->off);
		break;
	}
	return insn - insn_buf;
}

/**
 * bpf_prog_test_run_tracing - BPF_PROG_TEST_RUN of a tracing program
 * @prog: the program
 * @kattr: the command's attributes
 * @uattr: where the results go
 *
 * net/bpf/test_run.c has the real one when CONFIG_NET is set.
 *
 * Return: -ENOTSUPP.
 */
int __weak bpf_prog_test_run_tracing(struct bpf_prog *prog,
				     const union bpf_attr *kattr,
				     union bpf_attr __user *uattr)
{
	return -ENOTSUPP;
}

/* ---- the ops include/linux/bpf_types.h names ---- */

const struct bpf_verifier_ops kprobe_verifier_ops = {
	.get_func_proto		= kprobe_prog_func_proto,
	.is_valid_access	= kprobe_prog_is_valid_access,
};

const struct bpf_prog_ops kprobe_prog_ops = {
};

const struct bpf_verifier_ops tracepoint_verifier_ops = {
	.get_func_proto		= tp_prog_func_proto,
	.is_valid_access	= tp_prog_is_valid_access,
};

const struct bpf_prog_ops tracepoint_prog_ops = {
};

const struct bpf_verifier_ops perf_event_verifier_ops = {
	.get_func_proto		= pe_prog_func_proto,
	.is_valid_access	= pe_prog_is_valid_access,
	.convert_ctx_access	= pe_prog_convert_ctx_access,
};

const struct bpf_prog_ops perf_event_prog_ops = {
};

const struct bpf_verifier_ops raw_tracepoint_verifier_ops = {
	.get_func_proto		= raw_tp_prog_func_proto,
	.is_valid_access	= raw_tp_prog_is_valid_access,
};

/* BPF_PROG_TEST_RUN of a raw tracepoint program is net/bpf's */
const struct bpf_prog_ops raw_tracepoint_prog_ops = {
	.test_run	= IS_ENABLED(CONFIG_NET) ? bpf_prog_test_run_raw_tp : NULL,
};

const struct bpf_verifier_ops raw_tracepoint_writable_verifier_ops = {
	.get_func_proto		= raw_tp_prog_func_proto,
	.is_valid_access	= raw_tp_writable_prog_is_valid_access,
};

const struct bpf_prog_ops raw_tracepoint_writable_prog_ops = {
};

/* BTF decides what of the arguments a tracing program may read */
const struct bpf_verifier_ops tracing_verifier_ops = {
	.get_func_proto		= tracing_prog_func_proto,
	.is_valid_access	= bpf_tracing_btf_ctx_access,
};

const struct bpf_prog_ops tracing_prog_ops = {
	.test_run		= bpf_prog_test_run_tracing,
};
