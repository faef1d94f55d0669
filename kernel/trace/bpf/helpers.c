// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers every tracing program type shares (bpf_events.h maps the
 * files of this directory; progs.c decides which type gets which).
 *
 * A helper is a BPF_CALL_x() function behind a struct bpf_func_proto. The
 * proto is the contract with the verifier: what each argument must be
 * (its memory may be uninitialised, must be read-only, is of a BTF type,
 * is the context), whether a GPL program is required, what comes back.
 * The verifier checks every call site against it, so the functions below
 * trust their arguments as far as the proto describes them, and no
 * further: a "probe" pointer may point anywhere and is read or written
 * only through the _nofault accessors.
 *
 * What is here:
 *  - memory: bpf_probe_read_{user,kernel}(_str), the legacy probe_read
 *    (user or kernel by the address, where the two do not overlap) and
 *    bpf_probe_write_user();
 *  - the current task, its registers, its cgroup, and signals to it;
 *  - perf: counters of a BPF_MAP_TYPE_PERF_EVENT_ARRAY, raw samples into
 *    its BPF output events (from a kprobe's pt_regs, and
 *    bpf_event_output() for the networking helpers), the scratch slots
 *    those use, the LBR snapshot;
 *  - d_path and the BTF printers, seq_file output of iterators;
 *  - the traced function's address, arguments and return value, the
 *    attach cookies, bpf_override_return().
 *
 * Limits. Helpers run wherever a program runs: any context up to NMI,
 * with preemption off or, for sleepable programs, migration off; none of
 * them sleeps. What cannot be done there is deferred (a signal from an
 * atomic context goes through a per-CPU irq_work) or refused with an
 * error the program sees (-EBUSY when the per-CPU room is taken). The
 * scratch slots give a helper a struct pt_regs and a perf_sample_data
 * without putting several hundred bytes on the stack of whatever the
 * program interrupted (an interrupt's, an NMI's); there are
 * BPF_SCRATCH_LEVELS of them per CPU, used as a stack.
 *
 * The BPF_CALL_x() functions are reached only through their protos: they
 * are global symbols because the macro makes them so, and are named
 * bpf_tr_* to stay clear of the ABI names (the helper ids) and of
 * kernel/bpf/core.c's bpf_probe_read_kernel(), which the interpreter
 * calls. kernel-doc cannot parse the macro, so their comments are plain.
 */
#include <linux/kernel.h>
#include <linux/bpf.h>
#include <linux/bpf_lsm.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/dcache.h>
#include <linux/error-injection.h>
#include <linux/filter.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/path.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/static_call.h>
#include <linux/uaccess.h>

#include <asm/tlb.h>
#ifdef CONFIG_X86_KERNEL_IBT
#include <asm/ibt.h>
#endif

#include "bpf_events.h"

/* ---- scratch slots ---- */

struct bpf_scratch_stack {
	int			depth;	/* slots in use on this CPU */
	struct bpf_scratch	slot[BPF_SCRATCH_LEVELS];
};

static DEFINE_PER_CPU(struct bpf_scratch_stack, bpf_scratch_stack);

/**
 * bpf_scratch_get() - claim this CPU's next free scratch slot
 *
 * Disables preemption: the slot belongs to the caller until
 * bpf_scratch_put(), which must come before the helper returns and in
 * the same context. Callable from any context, NMI included.
 *
 * Return: the slot, or NULL (preemption left as it was) when all
 * BPF_SCRATCH_LEVELS slots of this CPU are taken.
 */
struct bpf_scratch *bpf_scratch_get(void)
{
	int depth;

	preempt_disable();
	/*
	 * The claim is this one per-CPU increment, which a helper in an
	 * interrupt or NMI on this CPU sees entirely before or after. One
	 * that comes in after it takes the slot above ours and, running to
	 * its end before we resume, gives it back: slots are released in
	 * the reverse order of their claims, so slot[depth - 1] is ours
	 * until we decrement, whenever the interruption lands.
	 */
	depth = this_cpu_inc_return(bpf_scratch_stack.depth);
	if (unlikely(depth > BPF_SCRATCH_LEVELS)) {
		this_cpu_dec(bpf_scratch_stack.depth);
		preempt_enable();
		return NULL;
	}
	return this_cpu_ptr(&bpf_scratch_stack.slot[depth - 1]);
}

/**
 * bpf_scratch_put() - release the slot bpf_scratch_get() gave
 * @s: that slot, the last one claimed on this CPU
 *
 * Re-enables preemption.
 */
void bpf_scratch_put(struct bpf_scratch *s)
{
	int depth = __this_cpu_read(bpf_scratch_stack.depth);

	/* a slot released out of order would be handed out twice */
	WARN_ON_ONCE(depth < 1 ||
		     s != this_cpu_ptr(&bpf_scratch_stack.slot[depth - 1]));
	this_cpu_dec(bpf_scratch_stack.depth);
	preempt_enable();
}

/* ---- memory ---- */

/* How bpf_tr_read() reads: a combination of these. */
#define BPF_TR_READ_USER	0x1	/* a user address; else kernel */
#define BPF_TR_READ_STR		0x2	/* up to a NUL; else @size bytes */

/*
 * Every probe_read form, @how being a constant at each call: copy @size
 * bytes (or a string of at most @size bytes with its NUL) from @src into
 * @dst without faulting. On failure @dst is cleared, so that a program
 * ignoring the error does not go on with stale stack or map contents.
 * A string read stops at the NUL and leaves the rest of @dst as it was:
 * the length it returns tells the program what is valid.
 *
 * Return: the bytes copied (string forms: with the NUL), or -EFAULT.
 */
static __always_inline long bpf_tr_read(void *dst, u32 size,
					unsigned long src, unsigned int how)
{
	long ret;

	switch (how) {
	case BPF_TR_READ_USER:
		ret = copy_from_user_nofault(dst, (const void __user *)src,
					     size);
		break;
	case BPF_TR_READ_USER | BPF_TR_READ_STR:
		ret = strncpy_from_user_nofault(dst, (const void __user *)src,
						size);
		break;
	case BPF_TR_READ_STR:
		ret = strncpy_from_kernel_nofault(dst, (const void *)src, size);
		break;
	default:
		ret = copy_from_kernel_nofault(dst, (const void *)src, size);
		break;
	}
	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

/* bpf_probe_read_user(dst, size, unsafe_ptr): a user address */
BPF_CALL_3(bpf_tr_read_user, void *, dst, u32, size,
	   const void __user *, unsafe_ptr)
{
	return bpf_tr_read(dst, size, (unsigned long)unsafe_ptr,
			   BPF_TR_READ_USER);
}

const struct bpf_func_proto bpf_probe_read_user_proto = {
	.func		= bpf_tr_read_user,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};

/*
 * bpf_probe_read_user_str(dst, size, unsafe_ptr). Nothing past the NUL
 * is written (strncpy_from_user_nofault() masks its word-sized copies),
 * so equal strings read into equal zeroed buffers compare equal, as map
 * keys for instance.
 */
BPF_CALL_3(bpf_tr_read_user_str, void *, dst, u32, size,
	   const void __user *, unsafe_ptr)
{
	return bpf_tr_read(dst, size, (unsigned long)unsafe_ptr,
			   BPF_TR_READ_USER | BPF_TR_READ_STR);
}

const struct bpf_func_proto bpf_probe_read_user_str_proto = {
	.func		= bpf_tr_read_user_str,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};

/* bpf_probe_read_kernel(dst, size, unsafe_ptr): a kernel address */
BPF_CALL_3(bpf_tr_read_kernel, void *, dst, u32, size,
	   const void *, unsafe_ptr)
{
	return bpf_tr_read(dst, size, (unsigned long)unsafe_ptr, 0);
}

const struct bpf_func_proto bpf_probe_read_kernel_proto = {
	.func		= bpf_tr_read_kernel,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};

/* bpf_probe_read_kernel_str(dst, size, unsafe_ptr) */
BPF_CALL_3(bpf_tr_read_kernel_str, void *, dst, u32, size,
	   const void *, unsafe_ptr)
{
	return bpf_tr_read(dst, size, (unsigned long)unsafe_ptr,
			   BPF_TR_READ_STR);
}

const struct bpf_func_proto bpf_probe_read_kernel_str_proto = {
	.func		= bpf_tr_read_kernel_str,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
/*
 * The legacy bpf_probe_read() and bpf_probe_read_str(), from before the
 * user and kernel forms were told apart. Where user and kernel addresses
 * do not overlap, the address itself says which it is; elsewhere the
 * helpers do not exist (progs.c hands them out under the same option).
 */
static __always_inline unsigned int bpf_tr_read_compat_how(unsigned long src)
{
	return src < TASK_SIZE ? BPF_TR_READ_USER : 0;
}

BPF_CALL_3(bpf_tr_read_compat, void *, dst, u32, size,
	   const void *, unsafe_ptr)
{
	unsigned long src = (unsigned long)unsafe_ptr;

	return bpf_tr_read(dst, size, src, bpf_tr_read_compat_how(src));
}

const struct bpf_func_proto bpf_probe_read_compat_proto = {
	.func		= bpf_tr_read_compat,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};

BPF_CALL_3(bpf_tr_read_compat_str, void *, dst, u32, size,
	   const void *, unsafe_ptr)
{
	unsigned long src = (unsigned long)unsafe_ptr;

	return bpf_tr_read(dst, size, src,
			   bpf_tr_read_compat_how(src) | BPF_TR_READ_STR);
}

const struct bpf_func_proto bpf_probe_read_compat_str_proto = {
	.func		= bpf_tr_read_compat_str,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg3_type	= ARG_ANYTHING,
};
#endif /* CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE */

/*
 * Whether the current task's user memory is the one to act on: a task
 * of its own (not a kernel thread, not on its way out) whose mm is the
 * one loaded, not a temporary one (a text poke, an EFI call) an NMI may
 * have interrupted. Writes and signals require it.
 */
static bool bpf_tr_user_task_sound(void)
{
	if (current->flags & (PF_KTHREAD | PF_EXITING))
		return false;
	return nmi_uaccess_okay();
}

/*
 * bpf_probe_write_user(unsafe_ptr, src, size): write into the current
 * task's memory, from its own context only (not an interrupt's, where
 * the task is whichever was running). copy_to_user_nofault() checks the
 * range with access_ok() itself.
 */
BPF_CALL_3(bpf_tr_write_user, void __user *, unsafe_ptr, const void *, src,
	   u32, size)
{
	if (unlikely(in_interrupt() || !bpf_tr_user_task_sound()))
		return -EPERM;
	return copy_to_user_nofault(unsafe_ptr, src, size);
}

const struct bpf_func_proto bpf_probe_write_user_proto = {
	.func		= bpf_tr_write_user,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE,
};

/**
 * bpf_get_probe_write_proto() - bpf_probe_write_user for a program
 *
 * Called when the verifier meets a call to bpf_probe_write_user(), as
 * the program is loaded: refuses it to a loader without CAP_SYS_ADMIN,
 * and says in the kernel log who is installing a program that can
 * write user memory. The caller checks lockdown (LOCKDOWN_BPF_WRITE_USER)
 * first.
 *
 * Return: &bpf_probe_write_user_proto, or NULL to refuse the helper.
 */
const struct bpf_func_proto *bpf_get_probe_write_proto(void)
{
	if (!capable(CAP_SYS_ADMIN))
		return NULL;

	pr_warn_ratelimited("%s[%d] is installing a program with bpf_probe_write_user helper that may corrupt user memory!\n",
			    current->comm, task_pid_nr(current));
	return &bpf_probe_write_user_proto;
}

/* ---- the current task ---- */

/* bpf_get_current_task(): as a plain integer */
BPF_CALL_0(bpf_tr_current_task)
{
	return (unsigned long)current;
}

const struct bpf_func_proto bpf_get_current_task_proto = {
	.func		= bpf_tr_current_task,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
};

/* bpf_get_current_task_btf(): the same, typed for the verifier */
BPF_CALL_0(bpf_tr_current_task_btf)
{
	return (unsigned long)current;
}

const struct bpf_func_proto bpf_get_current_task_btf_proto = {
	.func		= bpf_tr_current_task_btf,
	.gpl_only	= true,
	.ret_type	= RET_PTR_TO_BTF_ID,
	.ret_btf_id	= &btf_tracing_ids[BTF_TRACING_TYPE_TASK],
};

BTF_ID_LIST_SINGLE(bpf_tr_pt_regs_btf_id, struct, pt_regs)

/* bpf_task_pt_regs(task): the user registers saved on @task's entry */
BPF_CALL_1(bpf_tr_task_pt_regs, struct task_struct *, task)
{
	return (unsigned long)task_pt_regs(task);
}

const struct bpf_func_proto bpf_task_pt_regs_proto = {
	.func		= bpf_tr_task_pt_regs,
	.gpl_only	= true,
	.ret_type	= RET_PTR_TO_BTF_ID,
	.ret_btf_id	= &bpf_tr_pt_regs_btf_id[0],
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &btf_tracing_ids[BTF_TRACING_TYPE_TASK],
};

/*
 * bpf_current_task_under_cgroup(map, idx): 1 if the current task is in
 * the cgroup at @idx of a BPF_MAP_TYPE_CGROUP_ARRAY or below it, else 0;
 * -E2BIG past the map's end, -EAGAIN for an empty entry.
 */
BPF_CALL_2(bpf_tr_task_under_cgroup, struct bpf_map *, map, u32, idx)
{
	struct bpf_array *array = container_of(map, struct bpf_array, map);
	struct cgroup *cgrp;

	if (unlikely(idx >= map->max_entries))
		return -E2BIG;
	/* the map swaps its entries under RCU: use the one read once */
	cgrp = READ_ONCE(array->ptrs[idx]);
	if (unlikely(!cgrp))
		return -EAGAIN;
	return task_under_cgroup_hierarchy(current, cgrp);
}

const struct bpf_func_proto bpf_current_task_under_cgroup_proto = {
	.func		= bpf_tr_task_under_cgroup,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_CONST_MAP_PTR,
	.arg2_type	= ARG_ANYTHING,
};

/* ---- signals ---- */

/*
 * A signal to the current task from a context that cannot take its
 * sighand lock (an interrupt, NMI, a section with preemption or
 * interrupts off) waits here for the irq_work, which runs on this CPU
 * as soon as interrupts are on. One per CPU.
 *
 * @task is also the slot's claim: NULL while the slot is free. A helper
 * takes the slot by moving @task from NULL to the current task with a
 * cmpxchg, then fills @sig and @type and queues @work; the irq_work
 * frees it once it has read them. A program interrupting another's
 * helper on this CPU (or its irq_work) between those steps finds the
 * slot taken and gets -EBUSY, instead of overwriting a signal that has
 * been accepted but not yet sent.
 */
struct bpf_tr_signal {
	struct irq_work		work;
	struct task_struct	*task;
	u32			sig;
	enum pid_type		type;
};

static void bpf_tr_signal_send(struct irq_work *work);

static DEFINE_PER_CPU(struct bpf_tr_signal, bpf_tr_signals) = {
	.work	= IRQ_WORK_INIT(bpf_tr_signal_send),
};

static void bpf_tr_signal_send(struct irq_work *work)
{
	struct bpf_tr_signal *slot = container_of(work, struct bpf_tr_signal,
						  work);
	struct task_struct *task = slot->task;
	enum pid_type type = slot->type;
	u32 sig = slot->sig;

	/*
	 * Free the slot once its contents are in locals: a program that
	 * interrupts the rest of this function may claim and refill it.
	 * The irq_work core cleared the pending bit before calling us, so
	 * that program's irq_work_queue() queues this work again.
	 */
	smp_store_release(&slot->task, NULL);

	group_send_sig_info(sig, SEND_SIG_PRIV, task, type);
	put_task_struct(task);
}

static long bpf_tr_send_signal(u32 sig, enum pid_type type)
{
	struct bpf_tr_signal *slot;

	if (unlikely(!bpf_tr_user_task_sound()))
		return -EPERM;
	/* init dying of an unhandled signal would panic the kernel */
	if (unlikely(is_global_init(current)))
		return -EPERM;

	if (!preempt_count() && !irqs_disabled())
		return group_send_sig_info(sig, SEND_SIG_PRIV, current, type);

	/*
	 * Deferred: the irq_work cannot report an error, so what can be
	 * checked now is. The task cannot leave this CPU while preemption
	 * or interrupts are off, so this CPU's slot stays this CPU's.
	 */
	if (unlikely(!valid_signal(sig)))
		return -EINVAL;
	slot = this_cpu_ptr(&bpf_tr_signals);
	/*
	 * The claim (see struct bpf_tr_signal): of two helpers on this CPU,
	 * one interrupting the other, only one moves @task off NULL. The
	 * winner owns @sig, @type and the queueing until the irq_work runs.
	 */
	if (cmpxchg(&slot->task, NULL, current))
		return -EBUSY;
	/* the irq_work may run after the task has exited: keep it */
	get_task_struct(current);
	slot->sig = sig;
	slot->type = type;
	/* cannot find the work pending: it is only while the slot is held */
	irq_work_queue(&slot->work);
	return 0;
}

/* bpf_send_signal(sig): to the current task's whole thread group */
BPF_CALL_1(bpf_tr_signal_process, u32, sig)
{
	return bpf_tr_send_signal(sig, PIDTYPE_TGID);
}

const struct bpf_func_proto bpf_send_signal_proto = {
	.func		= bpf_tr_signal_process,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
};

/* bpf_send_signal_thread(sig): to the current thread alone */
BPF_CALL_1(bpf_tr_signal_thread, u32, sig)
{
	return bpf_tr_send_signal(sig, PIDTYPE_PID);
}

const struct bpf_func_proto bpf_send_signal_thread_proto = {
	.func		= bpf_tr_signal_thread,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_ANYTHING,
};

/* ---- perf event arrays: counters and output ---- */

/*
 * The perf event at the entry of a BPF_MAP_TYPE_PERF_EVENT_ARRAY that
 * the index bits of @flags name (BPF_F_CURRENT_CPU: this CPU's); the
 * other bits of @flags are the caller's business.
 *
 * Return: the event, or ERR_PTR(-E2BIG) past the map's end,
 * ERR_PTR(-ENOENT) for an empty entry.
 */
static struct perf_event *bpf_tr_array_event(struct bpf_map *map, u64 flags)
{
	struct bpf_array *array = container_of(map, struct bpf_array, map);
	u64 index = flags & BPF_F_INDEX_MASK;
	struct bpf_event_entry *ee;

	if (index == BPF_F_CURRENT_CPU)
		index = smp_processor_id();
	if (unlikely(index >= map->max_entries))
		return ERR_PTR(-E2BIG);
	/*
	 * An update or delete of the entry frees the old one after an RCU
	 * grace period, which the running program holds off: the entry
	 * read once stays valid for the rest of the call.
	 */
	ee = READ_ONCE(array->ptrs[index]);
	if (!ee)
		return ERR_PTR(-ENOENT);
	return ee->event;
}

/* Read the counter of a perf event array's entry, on this CPU. */
static int bpf_tr_read_counter(struct bpf_map *map, u64 flags, u64 *value,
			       u64 *enabled, u64 *running)
{
	struct perf_event *event;

	if (unlikely(flags & ~BPF_F_INDEX_MASK))
		return -EINVAL;
	event = bpf_tr_array_event(map, flags);
	if (IS_ERR(event))
		return PTR_ERR(event);
	return perf_event_read_local(event, value, enabled, running);
}

/*
 * bpf_perf_event_read(map, flags): the counter's value, or an error in
 * its place (so a value in [-22, -2] cannot be told from one: the ABI
 * has it so, bpf_perf_event_read_value() is the way around it).
 */
BPF_CALL_2(bpf_tr_counter_read, struct bpf_map *, map, u64, flags)
{
	u64 value = 0;
	int err;

	err = bpf_tr_read_counter(map, flags, &value, NULL, NULL);
	if (err)
		return err;
	return value;
}

const struct bpf_func_proto bpf_perf_event_read_proto = {
	.func		= bpf_tr_counter_read,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_CONST_MAP_PTR,
	.arg2_type	= ARG_ANYTHING,
};

/*
 * bpf_perf_event_read_value(map, flags, buf, size): value, enabled and
 * running times into @buf, which must be exactly a struct
 * bpf_perf_event_value; on any error it is cleared.
 */
BPF_CALL_4(bpf_tr_counter_read_value, struct bpf_map *, map, u64, flags,
	   struct bpf_perf_event_value *, buf, u32, size)
{
	int err = -EINVAL;

	if (likely(size == sizeof(*buf)))
		err = bpf_tr_read_counter(map, flags, &buf->counter,
					  &buf->enabled, &buf->running);
	if (unlikely(err))
		memset(buf, 0, size);
	return err;
}

const struct bpf_func_proto bpf_perf_event_read_value_proto = {
	.func		= bpf_tr_counter_read_value,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_CONST_MAP_PTR,
	.arg2_type	= ARG_ANYTHING,
	.arg3_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg4_type	= ARG_CONST_SIZE,
};

/*
 * Send the raw record already in @s->raw as one sample of the entry of
 * @map that @flags' index bits name, with @regs. The entry must be a BPF
 * output event (PERF_COUNT_SW_BPF_OUTPUT) open on this CPU: its ring
 * buffer is written from its own CPU only.
 */
static int bpf_tr_output_raw(struct bpf_scratch *s, struct pt_regs *regs,
			     struct bpf_map *map, u64 flags)
{
	struct perf_event *event = bpf_tr_array_event(map, flags);

	if (IS_ERR(event))
		return PTR_ERR(event);
	if (unlikely(event->attr.type != PERF_TYPE_SOFTWARE ||
		     event->attr.config != PERF_COUNT_SW_BPF_OUTPUT))
		return -EINVAL;
	if (unlikely(event->oncpu != smp_processor_id()))
		return -EOPNOTSUPP;

	perf_sample_data_init(&s->sd, 0, 0);
	s->sd.raw = &s->raw;
	s->sd.sample_flags |= PERF_SAMPLE_RAW;
	return perf_event_output(event, &s->sd, regs);
}

/**
 * bpf_scratch_output() - bpf_perf_event_output() from a held scratch slot
 * @s: the caller's slot, from bpf_scratch_get(); its sd and raw are used
 * @regs: the registers the sample reports (may be @s->regs)
 * @map: a BPF_MAP_TYPE_PERF_EVENT_ARRAY
 * @flags: the entry: its index, or BPF_F_CURRENT_CPU; no other bit
 * @data: what the sample carries
 * @size: its length in bytes
 *
 * What each context's form of the helper does once it has the context's
 * registers.
 *
 * Return: 0, or -EINVAL (bad @flags, an entry that is not a BPF output
 * event), -E2BIG, -ENOENT, -EOPNOTSUPP (the event is on another CPU),
 * or perf_event_output()'s error.
 */
int bpf_scratch_output(struct bpf_scratch *s, struct pt_regs *regs,
		       struct bpf_map *map, u64 flags, void *data, u64 size)
{
	if (unlikely(flags & ~BPF_F_INDEX_MASK))
		return -EINVAL;
	/* one fragment; the size is the verifier-checked size of @data */
	s->raw = (struct perf_raw_record) {
		.frag = {
			.next	= NULL,
			.data	= data,
			.size	= size,
		},
	};
	return bpf_tr_output_raw(s, regs, map, flags);
}

/**
 * bpf_perf_output_regs() - bpf_perf_event_output() given the registers
 * @regs: the registers the sample reports
 * @map: a BPF_MAP_TYPE_PERF_EVENT_ARRAY
 * @flags: the entry: its index, or BPF_F_CURRENT_CPU; no other bit
 * @data: what the sample carries
 * @size: its length in bytes
 *
 * The forms whose context carries the registers (kprobe and uprobe
 * programs here, tracepoint and perf event programs in ctx_helpers.c):
 * a scratch slot for the sample, held for the call.
 *
 * Return: as bpf_scratch_output(), or -EBUSY without a free slot.
 */
int bpf_perf_output_regs(struct pt_regs *regs, struct bpf_map *map,
			 u64 flags, void *data, u64 size)
{
	struct bpf_scratch *s = bpf_scratch_get();
	int ret;

	if (unlikely(!s))
		return -EBUSY;
	ret = bpf_scratch_output(s, regs, map, flags, data, size);
	bpf_scratch_put(s);
	return ret;
}

/*
 * bpf_perf_event_output(ctx, map, flags, data, size) from a program whose
 * context is the probed task's struct pt_regs (kprobe, uprobe).
 */
BPF_CALL_5(bpf_tr_perf_output, struct pt_regs *, regs, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	return bpf_perf_output_regs(regs, map, flags, data, size);
}

const struct bpf_func_proto bpf_perf_event_output_proto = {
	.func		= bpf_tr_perf_output,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_CONST_MAP_PTR,
	.arg3_type	= ARG_ANYTHING,
	.arg4_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,
};

/**
 * bpf_event_output() - a sample of data and context into a perf array
 * @map: a BPF_MAP_TYPE_PERF_EVENT_ARRAY
 * @flags: its entry in the index bits (BPF_F_CURRENT_CPU: this CPU's);
 *	the other bits are the caller's (the networking helpers keep the
 *	length of context to copy there) and are ignored
 * @meta: the program's data, first in the sample
 * @meta_size: its length
 * @ctx: the program's context (an skb, an xdp_buff), after it
 * @ctx_size: how much of it, 0 for none
 * @ctx_copy: how to copy from @ctx (it may not be linear)
 *
 * The body of the networking programs' bpf_skb_output/bpf_xdp_output
 * and of kernel/bpf's own output helpers. The sample's registers are
 * this function's caller's.
 *
 * Return: 0 or a negative errno, as a u64; -EBUSY when this CPU has no
 * scratch slot left.
 */
u64 bpf_event_output(struct bpf_map *map, u64 flags, void *meta, u64 meta_size,
		     void *ctx, u64 ctx_size, bpf_ctx_copy_t ctx_copy)
{
	struct bpf_scratch *s = bpf_scratch_get();
	int ret;

	if (unlikely(!s))
		return -EBUSY;

	perf_fetch_caller_regs(&s->regs);
	s->frag = (struct perf_raw_frag) {
		.next	= NULL,
		.copy	= ctx_copy,
		.data	= ctx,
		.size	= ctx_size,
	};
	s->raw = (struct perf_raw_record) {
		.frag = {
			.next	= ctx_size ? &s->frag : NULL,
			.data	= meta,
			.size	= meta_size,
		},
	};
	ret = bpf_tr_output_raw(s, &s->regs, map, flags);
	bpf_scratch_put(s);
	return ret;
}

/*
 * bpf_get_branch_snapshot(buf, size, flags): the last branches the LBR
 * recorded, into @buf as struct perf_branch_entry; x86 alone has them.
 * The snapshot is taken first, before anything else the helper does
 * pushes the program's own branches out of the LBR.
 *
 * Return: the bytes written, -EINVAL for any flag, -ENOENT for none.
 */
BPF_CALL_3(bpf_tr_branch_snapshot, void *, buf, u32, size, u64, flags)
{
#ifdef CONFIG_X86
	const u32 entry_size = sizeof(struct perf_branch_entry);
	u32 entries;

	entries = static_call(perf_snapshot_branch_stack)(buf,
							  size / entry_size);
	if (unlikely(flags))
		return -EINVAL;
	if (!entries)
		return -ENOENT;
	return entries * entry_size;
#else
	return -ENOENT;
#endif
}

const struct bpf_func_proto bpf_get_branch_snapshot_proto = {
	.func		= bpf_tr_branch_snapshot,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_UNINIT_MEM,
	.arg2_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* ---- paths ---- */

/*
 * bpf_d_path(path, buf, sz): the path's name, at the start of @buf with
 * its NUL; its length with the NUL, 0 for an empty @buf, or d_path()'s
 * error (-ENAMETOOLONG). d_path() walks the dentries and mounts under
 * the rename and mount seqlocks: .allowed below keeps the helper to
 * functions whose struct path is a live, referenced one and which are
 * not called inside those locks.
 */
BPF_CALL_3(bpf_tr_d_path, struct path *, path, char *, buf, u32, sz)
{
	struct path copy;
	long err, len;
	char *name;

	if (!sz)
		return 0;
	/*
	 * The verifier vouches for @path's type, but it is the traced
	 * function's argument: read it without trusting it to be mapped.
	 */
	err = copy_from_kernel_nofault(&copy, path, sizeof(copy));
	if (err < 0)
		return err;

	name = d_path(&copy, buf, sz);
	if (IS_ERR(name))
		return PTR_ERR(name);
	/* d_path() builds the name at the end of @buf */
	len = buf + sz - name;
	memmove(buf, name, len);
	return len;
}

/* The functions a tracing program may call bpf_d_path() from. */
BTF_SET_START(bpf_tr_d_path_callers)
#ifdef CONFIG_SECURITY
BTF_ID(func, security_file_permission)
BTF_ID(func, security_inode_getattr)
BTF_ID(func, security_file_open)
#endif
#ifdef CONFIG_SECURITY_PATH
BTF_ID(func, security_path_truncate)
#endif
BTF_ID(func, vfs_truncate)
BTF_ID(func, vfs_fallocate)
BTF_ID(func, dentry_open)
BTF_ID(func, vfs_getattr)
BTF_ID(func, filp_close)
BTF_SET_END(bpf_tr_d_path_callers)

/*
 * Where a program's struct path is sure to be one that d_path() may
 * walk: an iterator's (files it holds), a sleepable LSM hook's, or an
 * argument of one of the functions above.
 */
static bool bpf_tr_d_path_allowed(const struct bpf_prog *prog)
{
	switch (prog->type) {
	case BPF_PROG_TYPE_TRACING:
		if (prog->expected_attach_type == BPF_TRACE_ITER)
			return true;
		break;
	case BPF_PROG_TYPE_LSM:
		return bpf_lsm_is_sleepable_hook(prog->aux->attach_btf_id);
	default:
		break;
	}
	return btf_id_set_contains(&bpf_tr_d_path_callers,
				   prog->aux->attach_btf_id);
}

BTF_ID_LIST_SINGLE(bpf_tr_path_btf_id, struct, path)

const struct bpf_func_proto bpf_d_path_proto = {
	.func		= bpf_tr_d_path,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &bpf_tr_path_btf_id[0],
	.arg2_type	= ARG_PTR_TO_MEM,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.allowed	= bpf_tr_d_path_allowed,
};

/* ---- BTF printing, iterators' seq_file ---- */

/* the BTF_F_* flags bpf_snprintf_btf() and bpf_seq_printf_btf() take */
#define BPF_TR_BTF_SHOW_FLAGS	(BTF_F_COMPACT | BTF_F_NONAME | \
				 BTF_F_PTR_RAW | BTF_F_ZERO)

/*
 * Check a struct btf_ptr from a program and find its type in vmlinux's
 * BTF (a type id of a module's BTF is not looked for; btf_ptr's own
 * flags are not used).
 *
 * Return: 0 with *@btfp and *@idp set; -EINVAL for unknown @flags, a
 * @ptr_size that is not the struct's, no vmlinux BTF or a zero type id;
 * -ENOENT for an id that names no type; vmlinux BTF's parse error.
 */
static int bpf_tr_btf_ptr_type(const struct btf_ptr *ptr, u32 ptr_size,
			       u64 flags, const struct btf **btfp, u32 *idp)
{
	const struct btf *btf;

	if (unlikely(flags & ~BPF_TR_BTF_SHOW_FLAGS))
		return -EINVAL;
	if (ptr_size != sizeof(*ptr))
		return -EINVAL;

	btf = bpf_get_btf_vmlinux();
	if (IS_ERR(btf))
		return PTR_ERR(btf);
	if (!btf)
		return -EINVAL;

	if (!ptr->type_id)
		return -EINVAL;
	/* ids are s32 in BTF's own functions: a larger one names nothing */
	if (ptr->type_id > S32_MAX || !btf_type_by_id(btf, ptr->type_id))
		return -ENOENT;

	*btfp = btf;
	*idp = ptr->type_id;
	return 0;
}

/*
 * bpf_snprintf_btf(str, str_size, ptr, btf_ptr_size, flags): the object
 * @ptr points to, shown by its BTF type into @str. Return as snprintf():
 * the length the whole would take; or an error.
 */
BPF_CALL_5(bpf_tr_snprintf_btf, char *, str, u32, str_size,
	   struct btf_ptr *, ptr, u32, btf_ptr_size, u64, flags)
{
	const struct btf *btf;
	u32 id;
	int err;

	err = bpf_tr_btf_ptr_type(ptr, btf_ptr_size, flags, &btf, &id);
	if (err)
		return err;
	return btf_type_snprintf_show(btf, id, ptr->ptr, str, str_size,
				      flags);
}

const struct bpf_func_proto bpf_snprintf_btf_proto = {
	.func		= bpf_tr_snprintf_btf,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_MEM,
	.arg2_type	= ARG_CONST_SIZE,
	.arg3_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg4_type	= ARG_CONST_SIZE,
	.arg5_type	= ARG_ANYTHING,
};

BTF_ID_LIST_SINGLE(bpf_tr_seq_file_btf_id, struct, seq_file)

/*
 * bpf_seq_printf(m, fmt, fmt_size, data, data_len): an iterator's line,
 * printed as bpf_snprintf() checks and converts the format; @data holds
 * the arguments, u64 each. -EOVERFLOW when the seq_file's buffer is
 * full (the iterator core then retries the object with a larger one).
 */
BPF_CALL_5(bpf_tr_seq_printf, struct seq_file *, m, char *, fmt,
	   u32, fmt_size, const void *, data, u32, data_len)
{
	struct bpf_bprintf_data bin = { .get_bin_args = true };
	int nr_args = bpf_trace_nr_varargs(data, data_len);
	int err;

	if (nr_args < 0)
		return nr_args;
	err = bpf_bprintf_prepare(fmt, fmt_size, data, nr_args, &bin);
	if (err < 0)
		return err;
	seq_bprintf(m, fmt, bin.bin_args);
	bpf_bprintf_cleanup(&bin);

	return seq_has_overflowed(m) ? -EOVERFLOW : 0;
}

const struct bpf_func_proto bpf_seq_printf_proto = {
	.func		= bpf_tr_seq_printf,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &bpf_tr_seq_file_btf_id[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE,
	.arg4_type	= ARG_PTR_TO_MEM | PTR_MAYBE_NULL | MEM_RDONLY,
	.arg5_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* bpf_seq_write(m, data, len): raw bytes; -EOVERFLOW if they do not fit */
BPF_CALL_3(bpf_tr_seq_write, struct seq_file *, m, const void *, data,
	   u32, len)
{
	if (seq_write(m, data, len))
		return -EOVERFLOW;
	return 0;
}

const struct bpf_func_proto bpf_seq_write_proto = {
	.func		= bpf_tr_seq_write,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &bpf_tr_seq_file_btf_id[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
};

/* bpf_seq_printf_btf(m, ptr, btf_ptr_size, flags): as bpf_snprintf_btf() */
BPF_CALL_4(bpf_tr_seq_printf_btf, struct seq_file *, m, struct btf_ptr *, ptr,
	   u32, btf_ptr_size, u64, flags)
{
	const struct btf *btf;
	u32 id;
	int err;

	err = bpf_tr_btf_ptr_type(ptr, btf_ptr_size, flags, &btf, &id);
	if (err)
		return err;
	return btf_type_seq_show_flags(btf, id, ptr->ptr, m, flags);
}

const struct bpf_func_proto bpf_seq_printf_btf_proto = {
	.func		= bpf_tr_seq_printf_btf,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_BTF_ID,
	.arg1_btf_id	= &bpf_tr_seq_file_btf_id[0],
	.arg2_type	= ARG_PTR_TO_MEM | MEM_RDONLY,
	.arg3_type	= ARG_CONST_SIZE_OR_ZERO,
	.arg4_type	= ARG_ANYTHING,
};

/* ---- the traced function: address, arguments, return value ---- */

/*
 * A BPF trampoline passes its programs a context of u64 slots, one per
 * argument of the traced function, then the return value (fexit,
 * fmod_ret, LSM); below the context it keeps the function's address at
 * [-2] and the number of arguments at [-1]. The verifier replaces calls
 * of the helpers below with those loads in tracing programs; other
 * programs that have a trampoline (LSM) call them.
 */
#define BPF_TR_TRAMP_IP		(-2)
#define BPF_TR_TRAMP_NR_ARGS	(-1)

static __always_inline u64 bpf_tr_tramp_slot(void *ctx, long n)
{
	return ((u64 *)ctx)[n];
}

/* bpf_get_func_ip(ctx) from a trampoline: the traced function's address */
BPF_CALL_1(bpf_tr_func_ip_tracing, void *, ctx)
{
	return bpf_tr_tramp_slot(ctx, BPF_TR_TRAMP_IP);
}

const struct bpf_func_proto bpf_get_func_ip_proto_tracing = {
	.func		= bpf_tr_func_ip_tracing,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/*
 * Where the function whose entry a kprobe is on starts. With IBT, a
 * probe asked for at a function's address is put past its ENDBR
 * instruction (kprobes will not replace it): the function starts one
 * ENDBR before the probe when one is there. Read with a nofault access,
 * for a probe at the start of a page whose previous page is unmapped.
 */
static unsigned long bpf_tr_func_start(unsigned long probe)
{
#ifdef CONFIG_X86_KERNEL_IBT
	u32 insn;

	if (!get_kernel_nofault(insn, (u32 *)(probe - ENDBR_INSN_SIZE)) &&
	    is_endbr(insn))
		return probe - ENDBR_INSN_SIZE;
#endif
	return probe;
}

/*
 * bpf_get_func_ip(ctx) from a kprobe: the probed function's address, or
 * 0 when the running probe is not on a function's entry (or none runs:
 * a uprobe).
 */
BPF_CALL_1(bpf_tr_func_ip_kprobe, struct pt_regs *, regs)
{
	struct kprobe *kp = kprobe_running();

	if (!kp || !(kp->flags & KPROBE_FLAG_ON_FUNC_ENTRY))
		return 0;
	return bpf_tr_func_start((unsigned long)kp->addr);
}

const struct bpf_func_proto bpf_get_func_ip_proto_kprobe = {
	.func		= bpf_tr_func_ip_kprobe,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/* bpf_get_func_arg(ctx, n, value): argument @n, -EINVAL past the last */
BPF_CALL_3(bpf_tr_func_arg, void *, ctx, u32, n, u64 *, value)
{
	if ((u64)n >= bpf_tr_tramp_slot(ctx, BPF_TR_TRAMP_NR_ARGS))
		return -EINVAL;
	*value = bpf_tr_tramp_slot(ctx, n);
	return 0;
}

const struct bpf_func_proto bpf_get_func_arg_proto = {
	.func		= bpf_tr_func_arg,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_ANYTHING,
	.arg3_type	= ARG_PTR_TO_FIXED_SIZE_MEM | MEM_UNINIT | MEM_WRITE |
			  MEM_ALIGNED,
	.arg3_size	= sizeof(u64),
};

/* bpf_get_func_ret(ctx, value): the slot after the arguments */
BPF_CALL_2(bpf_tr_func_ret, void *, ctx, u64 *, value)
{
	*value = bpf_tr_tramp_slot(ctx,
				   bpf_tr_tramp_slot(ctx, BPF_TR_TRAMP_NR_ARGS));
	return 0;
}

const struct bpf_func_proto bpf_get_func_ret_proto = {
	.func		= bpf_tr_func_ret,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_PTR_TO_FIXED_SIZE_MEM | MEM_UNINIT | MEM_WRITE |
			  MEM_ALIGNED,
	.arg2_size	= sizeof(u64),
};

/* bpf_get_func_arg_cnt(ctx) */
BPF_CALL_1(bpf_tr_func_arg_cnt, void *, ctx)
{
	return bpf_tr_tramp_slot(ctx, BPF_TR_TRAMP_NR_ARGS);
}

const struct bpf_func_proto bpf_get_func_arg_cnt_proto = {
	.func		= bpf_tr_func_arg_cnt,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/* ---- attach cookies ---- */

/*
 * bpf_get_attach_cookie(ctx) from a kprobe, uprobe or tracepoint
 * program: whoever runs it (attach.c's program arrays, the uprobe
 * handler) makes a struct bpf_trace_run_ctx current->bpf_ctx for it.
 */
BPF_CALL_1(bpf_tr_cookie_trace, void *, ctx)
{
	struct bpf_trace_run_ctx *run;

	run = container_of(current->bpf_ctx, struct bpf_trace_run_ctx, run_ctx);
	return run->bpf_cookie;
}

const struct bpf_func_proto bpf_get_attach_cookie_proto_trace = {
	.func		= bpf_tr_cookie_trace,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/*
 * bpf_get_attach_cookie(ctx) from a program on a trampoline, which runs
 * it with its struct bpf_tramp_run_ctx as current->bpf_ctx.
 */
BPF_CALL_1(bpf_tr_cookie_tracing, void *, ctx)
{
	struct bpf_tramp_run_ctx *run;

	run = container_of(current->bpf_ctx, struct bpf_tramp_run_ctx, run_ctx);
	return run->bpf_cookie;
}

const struct bpf_func_proto bpf_get_attach_cookie_proto_tracing = {
	.func		= bpf_tr_cookie_tracing,
	.gpl_only	= false,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
};

/* ---- error injection ---- */

#ifdef CONFIG_BPF_KPROBE_OVERRIDE
/*
 * bpf_override_return(regs, rc): make the probed function return @rc at
 * once, without running. attach.c lets a program that calls it onto a
 * kprobe only at the entry of a function open to error injection; the
 * kprobe handler sees the changed ip and resumes there.
 */
BPF_CALL_2(bpf_tr_override_return, struct pt_regs *, regs, unsigned long, rc)
{
	regs_set_return_value(regs, rc);
	override_function_with_return(regs);
	return 0;
}

const struct bpf_func_proto bpf_override_return_proto = {
	.func		= bpf_tr_override_return,
	.gpl_only	= true,
	.ret_type	= RET_INTEGER,
	.arg1_type	= ARG_PTR_TO_CTX,
	.arg2_type	= ARG_ANYTHING,
};
#endif /* CONFIG_BPF_KPROBE_OVERRIDE */
