// SPDX-License-Identifier: GPL-2.0
/*
 * The spare buffer of an array: snapshots and the max-latency swap.
 *
 * With CONFIG_TRACER_MAX_TRACE every array has a second ring buffer,
 * max_buffer, kept at two pages until something needs it. A snapshot
 * (`echo 1 > snapshot`, tracing_snapshot()) or a latency tracer that
 * found a new maximum swaps it with the live buffer: the live pages are
 * kept aside to be read at leisure and recording goes on into the other
 * buffer. A full swap exchanges the two buffer pointers; a per-CPU swap
 * exchanges one CPU's pages inside the ring buffer (ring_buffer_swap_cpu).
 *
 * Swaps run with interrupts off (a latency tracer calls them from the
 * critical section's end) and are serialised by the arch spinlock
 * tr->max_lock. tr->allocated_snapshot changes only under trace_types_lock
 * and max_lock together, and a swap tests it under max_lock, so a swap
 * never meets a spare buffer being grown or shrunk. Writers read
 * tr->array_buffer.buffer once per entry (READ_ONCE): one that read the
 * old pointer just before a swap finishes its entry in what is now the
 * spare buffer, as with upstream.
 *
 * Also here: tracing_thresh and tracing_max_latency (microseconds in
 * the files, nanoseconds inside), the snapshot and snapshot_raw files,
 * and the boot parameters alloc_snapshot, ftrace_boot_snapshot and
 * tracing_thresh=. This file is built with CONFIG_TRACING: the kernel.h
 * snapshot API and tracing_thresh exist in every tracing kernel.
 */
#include <linux/sched/signal.h>
#include <linux/cred.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "trace.h"

void tracing_buffer_pair(struct trace_array *tr, struct trace_buffer **live,
			 struct trace_buffer **spare)
{
#ifdef CONFIG_TRACER_MAX_TRACE
	unsigned long flags;

	/* a swap exchanges the two: read both between swaps */
	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	*live = tr->array_buffer.buffer;
	*spare = tr->max_buffer.buffer;
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
#else
	*live = READ_ONCE(tr->array_buffer.buffer);
	*spare = NULL;
#endif
}

/* ---- tracing_thresh and tracing_max_latency ---- */

unsigned long __read_mostly tracing_thresh;

static int __init tracing_thresh_setup(char *str)
{
	unsigned long usecs;

	if (kstrtoul(str, 0, &usecs) < 0)
		return 0;
	tracing_thresh = usecs * 1000;
	return 1;
}
__setup("tracing_thresh=", tracing_thresh_setup);

/* A value in ns shown in us; "all ones" is shown as -1, as upstream. */
static ssize_t usecs_read(unsigned long nsecs, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	char buf[32];
	int len;

	if (nsecs == ULONG_MAX)
		len = scnprintf(buf, sizeof(buf), "-1\n");
	else
		len = scnprintf(buf, sizeof(buf), "%lu\n", nsecs / 1000);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* A value in us written, in ns; -EINVAL if ns would not fit. */
static int usecs_parse(const char __user *ubuf, size_t cnt,
		       unsigned long *nsecs)
{
	unsigned long usecs;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &usecs);
	if (ret)
		return ret;
	if (check_mul_overflow(usecs, 1000UL, nsecs))
		return -EINVAL;
	return 0;
}

static ssize_t tracing_thresh_read(struct file *file, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return usecs_read(READ_ONCE(tracing_thresh), ubuf, cnt, ppos);
}

static ssize_t tracing_thresh_write(struct file *file,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	struct trace_array *tr = top_trace_array();
	unsigned long nsecs;
	int ret;

	ret = usecs_parse(ubuf, cnt, &nsecs);
	if (ret)
		return ret;

	mutex_lock(&trace_types_lock);
	/* latency tracers compare against it locklessly */
	WRITE_ONCE(tracing_thresh, nsecs);
	if (tr->current_trace && tr->current_trace->update_thresh)
		ret = tr->current_trace->update_thresh(tr);
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_thresh_fops = {
	.open		= tracing_open_generic,
	.read		= tracing_thresh_read,
	.write		= tracing_thresh_write,
	.llseek		= generic_file_llseek,
};

#ifdef CONFIG_TRACER_MAX_TRACE
static ssize_t tracing_max_lat_read(struct file *file, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(file)->i_private;

	return usecs_read(READ_ONCE(tr->max_latency), ubuf, cnt, ppos);
}

static ssize_t tracing_max_lat_write(struct file *file,
				     const char __user *ubuf, size_t cnt,
				     loff_t *ppos)
{
	struct trace_array *tr = file_inode(file)->i_private;
	unsigned long nsecs;
	int ret;

	ret = usecs_parse(ubuf, cnt, &nsecs);
	if (ret)
		return ret;
	/* the latency tracers read and raise it with interrupts off */
	WRITE_ONCE(tr->max_latency, nsecs);
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_max_lat_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_max_lat_read,
	.write		= tracing_max_lat_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/* ---- the swap ---- */

/*
 * Write msg as a print entry into buffer (which may be the spare one),
 * as upstream's notes from the snapshot code are.
 */
static void snapshot_note(struct trace_array *tr, struct trace_buffer *buffer,
			  const char *msg)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	size_t len = strlen(msg);

	if (!buffer || !trace_opt(tr, TRACE_OPT_PRINTK))
		return;
	trace_ctx = tracing_gen_ctx();
	ring_buffer_nest_start(buffer);
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + 1, trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->ip = _THIS_IP_;
		memcpy(entry->buf, msg, len + 1);
		trace_buffer_commit_nostack(tr, buffer, event);
	}
	ring_buffer_nest_end(buffer);
}

/*
 * Record in the spare buffer's per-CPU state who caused the latency now
 * kept there (the latency header of `trace` prints it). max_lock held.
 */
static void max_tr_record(struct trace_array *tr, struct task_struct *tsk,
			  int cpu)
{
	struct trace_array_cpu *data = per_cpu_ptr(tr->array_buffer.data, cpu);
	struct trace_array_cpu *max = per_cpu_ptr(tr->max_buffer.data, cpu);

	tr->max_buffer.cpu = cpu;
	tr->max_buffer.time_start = data->preempt_timestamp;

	max->saved_latency = tr->max_latency;
	max->critical_start = data->critical_start;
	max->critical_end = data->critical_end;
	strscpy(max->comm, tsk->comm, sizeof(max->comm));
	max->pid = tsk->pid;
	/* current's creds need no RCU: the irqs-off tracers run outside it */
	max->uid = tsk == current ? current_uid() : task_uid(tsk);
	max->nice = task_nice(tsk);
	max->policy = tsk->policy;
	max->rt_priority = tsk->rt_priority;

	trace_save_cmdline(tsk);
}

/*
 * Whether a swap may go ahead, max_lock held: always without a
 * conditional snapshot; with one, only its own swaps (cond_data set),
 * when its update() agrees.
 */
static bool snapshot_cond_agrees(struct trace_array *tr, void *cond_data)
{
	struct cond_snapshot *cs = tr->cond_snapshot;

	if (!cs)
		return true;
	return cond_data && cs->update(tr, cond_data);
}

void update_max_tr(struct trace_array *tr, struct task_struct *tsk, int cpu,
		   void *cond_data)
{
	struct trace_buffer *live, *spare;

	if (READ_ONCE(tr->stop_count))
		return;
	lockdep_assert_irqs_disabled();

	arch_spin_lock(&tr->max_lock);
	if (!tr->allocated_snapshot || !snapshot_cond_agrees(tr, cond_data)) {
		arch_spin_unlock(&tr->max_lock);
		return;
	}
	live = tr->array_buffer.buffer;
	spare = tr->max_buffer.buffer;

	/* the spare goes live: it records only if the live one did */
	if (ring_buffer_record_is_set_on(live))
		ring_buffer_record_on(spare);
	else
		ring_buffer_record_off(spare);

	/* writers load array_buffer.buffer once: either one is whole */
	WRITE_ONCE(tr->array_buffer.buffer, spare);
	WRITE_ONCE(tr->max_buffer.buffer, live);
	tr->max_buffer.whole = true;
	max_tr_record(tr, tsk, cpu);
	arch_spin_unlock(&tr->max_lock);

	/* readers blocked on the old spare (snapshot_raw) see it changed */
	ring_buffer_wake_waiters(spare, RING_BUFFER_ALL_CPUS);
}

void update_max_tr_single(struct trace_array *tr, struct task_struct *tsk,
			  int cpu)
{
	int ret;

	if (READ_ONCE(tr->stop_count))
		return;
	lockdep_assert_irqs_disabled();

	arch_spin_lock(&tr->max_lock);
	if (!tr->allocated_snapshot || tr->cond_snapshot) {
		arch_spin_unlock(&tr->max_lock);
		return;
	}
	ret = ring_buffer_swap_cpu(tr->max_buffer.buffer,
				   tr->array_buffer.buffer, cpu);
	/* a writer was mid-entry on that CPU: keep what the spare had */
	if (ret == -EBUSY)
		snapshot_note(tr, tr->max_buffer.buffer,
			      "Failed to swap buffers due to commit or resize in progress\n");
	tr->max_buffer.whole = false;
	max_tr_record(tr, tsk, cpu);
	arch_spin_unlock(&tr->max_lock);
}
#endif /* CONFIG_TRACER_MAX_TRACE */

#ifdef CONFIG_TRACER_SNAPSHOT

bool snapshot_at_boot;		/* alloc_snapshot */
static bool snapshot_take_at_boot __initdata;

static int __init alloc_snapshot_setup(char *str)
{
	snapshot_at_boot = true;
	return 1;
}
__setup("alloc_snapshot", alloc_snapshot_setup);

static int __init boot_snapshot_setup(char *str)
{
	snapshot_take_at_boot = true;
	snapshot_at_boot = true;
	return 1;
}
__setup("ftrace_boot_snapshot", boot_snapshot_setup);

/* Change allocated_snapshot where no swap can be running. [L] */
static void snapshot_set_allocated(struct trace_array *tr, bool allocated)
{
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	tr->allocated_snapshot = allocated;
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
}

/* Give the spare buffer the live one's size, on cpu or on all. [L] */
static int snapshot_match_size(struct trace_array *tr, int cpu)
{
	struct trace_buffer *live, *spare;
	unsigned long size;
	int c, ret;

	tracing_buffer_pair(tr, &live, &spare);
	if (!live || !spare)
		return -ENODEV;
	for_each_possible_cpu(c) {
		if (cpu != RING_BUFFER_ALL_CPUS && c != cpu)
			continue;
		size = ring_buffer_size(live, c);
		if (!size || size == ring_buffer_size(spare, c))
			continue;
		ret = ring_buffer_resize(spare, size, c);
		if (ret < 0)
			return ret;
	}
	return 0;
}

int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	int ret;

	if (tr->allocated_snapshot)
		return 0;
	ret = snapshot_match_size(tr, RING_BUFFER_ALL_CPUS);
	if (ret < 0) {
		/* give back whatever was grown */
		ring_buffer_resize(tr->max_buffer.buffer, 1,
				   RING_BUFFER_ALL_CPUS);
		return ret;
	}
	snapshot_set_allocated(tr, true);
	return 0;
}

void free_snapshot(struct trace_array *tr)
{
	/* first, so that no swap uses the buffer while it shrinks */
	snapshot_set_allocated(tr, false);
	/*
	 * Shrunk rather than freed: the buffer keeps its clock and
	 * overwrite mode, and max_buffer stays valid for readers.
	 */
	ring_buffer_resize(tr->max_buffer.buffer, 1, RING_BUFFER_ALL_CPUS);
	if (tr->max_buffer.buffer)
		tracing_reset_online_cpus(&tr->max_buffer);
}

int tracing_resize_max_buffer(struct trace_array *tr, unsigned long size,
			      int cpu)
{
	if (!tr->allocated_snapshot)
		return 0;
	return ring_buffer_resize(tr->max_buffer.buffer, size, cpu);
}

/* Two lines into the live buffer, saying why a snapshot was not taken. */
static void snapshot_refused(struct trace_array *tr, const char *l1,
			     const char *l2)
{
	snapshot_note(tr, trace_array_buffer(tr), l1);
	snapshot_note(tr, trace_array_buffer(tr), l2);
}

static void snapshot_take(struct trace_array *tr, void *cond_data)
{
	unsigned long flags;

	if (in_nmi()) {
		snapshot_refused(tr, "*** SNAPSHOT CALLED FROM NMI CONTEXT ***\n",
				 "*** snapshot is being ignored        ***\n");
		return;
	}
	if (!READ_ONCE(tr->allocated_snapshot)) {
		snapshot_refused(tr, "*** SNAPSHOT NOT ALLOCATED ***\n",
				 "*** stopping trace here!   ***\n");
		tracer_tracing_off(tr);
		return;
	}
	if (READ_ONCE(tr->current_trace)->use_max_tr) {
		snapshot_refused(tr, "*** LATENCY TRACER ACTIVE ***\n",
				 "*** Can not use snapshot (sorry) ***\n");
		return;
	}
	local_irq_save(flags);
	update_max_tr(tr, current, smp_processor_id(), cond_data);
	local_irq_restore(flags);
}

void tracing_snapshot_instance(struct trace_array *tr)
{
	snapshot_take(tr, NULL);
}

/* ---- conditional snapshots ---- */

void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	snapshot_take(tr, cond_data);
}

/* Set or clear tr->cond_snapshot where no swap is looking at it. */
static struct cond_snapshot *snapshot_cond_set(struct trace_array *tr,
					       struct cond_snapshot *cs)
{
	struct cond_snapshot *old;
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	old = tr->cond_snapshot;
	tr->cond_snapshot = cs;
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
	return old;
}

/* [L] held by the caller (a trigger's write holds it) */
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	struct cond_snapshot *cs;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	/* the owner of the spare buffer: a latency tracer, or another */
	if (tr->current_trace->use_max_tr || tr->cond_snapshot)
		return -EBUSY;
	cs = kzalloc(sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return -ENOMEM;
	cs->cond_data = cond_data;
	cs->update = update;
	ret = tracing_alloc_snapshot_instance(tr);
	if (ret) {
		kfree(cs);
		return ret;
	}
	snapshot_cond_set(tr, cs);
	return 0;
}

/*
 * Needs no [L]: a histogram's release may run without it. Once this
 * returns no swap can be calling the update() any more (they run under
 * max_lock), so the caller may free cond_data.
 */
int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	struct cond_snapshot *old = snapshot_cond_set(tr, NULL);

	kfree(old);
	return old ? 0 : -EINVAL;
}

void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	void *data = NULL;
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	if (tr->cond_snapshot)
		data = tr->cond_snapshot->cond_data;
	arch_spin_unlock(&tr->max_lock);
	local_irq_restore(flags);
	return data;
}

void tracing_snapshot(void)
{
	tracing_snapshot_instance(top_trace_array());
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

int tracing_alloc_snapshot(void)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = tracing_alloc_snapshot_instance(top_trace_array());
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot() < 0)
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

void __init ftrace_boot_snapshot(void)
{
	static const char msg[] = "** Boot snapshot taken **\n";

	if (!snapshot_take_at_boot)
		return;
	tracing_snapshot();
	__trace_puts(_THIS_IP_, msg, sizeof(msg) - 1);
}

/* ---- the snapshot file ---- */

void print_snapshot_help(struct seq_file *m, struct trace_iterator *iter)
{
	if (iter->tr->allocated_snapshot)
		seq_puts(m, "#\n# * Snapshot is allocated *\n#\n");
	else
		seq_puts(m, "#\n# * Snapshot is freed *\n#\n");
	seq_puts(m, "# Snapshot commands:\n");

	if (iter->cpu_file == RING_BUFFER_ALL_CPUS) {
		seq_puts(m, "# echo 0 > snapshot : Clears and frees snapshot buffer\n");
		seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
		seq_puts(m, "#                      Takes a snapshot of the main buffer.\n");
		seq_puts(m, "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n");
	} else {
		seq_puts(m, "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n");
		if (IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP)) {
			seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
			seq_puts(m, "#                      Takes a snapshot of the main buffer for this cpu.\n");
		} else {
			seq_puts(m, "# echo 1 > snapshot : Not supported with this kernel.\n");
			seq_puts(m, "#                     Must use main snapshot file to allocate.\n");
		}
		seq_puts(m, "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	}
	seq_puts(m, "#                      (Doesn't have to be '2' works with any number that\n");
	seq_puts(m, "#                       is not a '0' or '1')\n");
}

/*
 * Readers get the `trace` reader over the spare buffer. A write-only
 * open only holds the array, and O_TRUNC clears nothing (`echo 1 >
 * snapshot` swaps what the spare held into the live buffer, as
 * upstream). tracing_release_trace() undoes either.
 */
static int snapshot_open(struct inode *inode, struct file *file)
{
	int ret;

	if (file->f_mode & FMODE_READ)
		return tracing_open_trace(inode, file, true);
	ret = tracing_check_open_get_tr(inode->i_private);
	if (ret)
		return ret;
	file->private_data = NULL;
	return 0;
}

/* "0": free the spare buffer (the whole-array file only). */
static int snapshot_cmd_free(struct trace_array *tr, int cpu)
{
	if (cpu != RING_BUFFER_ALL_CPUS)
		return -EINVAL;
	if (tr->allocated_snapshot)
		free_snapshot(tr);
	return 0;
}

static void snapshot_swap_this_cpu(void *tr)
{
	update_max_tr_single(tr, current, smp_processor_id());
}

/* "1": allocate the spare buffer if needed, then swap. */
static int snapshot_cmd_take(struct trace_array *tr, int cpu)
{
	int ret;

	if (cpu != RING_BUFFER_ALL_CPUS &&
	    !IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP))
		return -EINVAL;
	if (tr->allocated_snapshot)
		ret = snapshot_match_size(tr, cpu);
	else
		ret = tracing_alloc_snapshot_instance(tr);
	if (ret < 0)
		return ret;

	if (cpu == RING_BUFFER_ALL_CPUS) {
		local_irq_disable();
		update_max_tr(tr, current, smp_processor_id(), NULL);
		local_irq_enable();
	} else {
		/* the CPU's own pages are swapped on that CPU */
		smp_call_function_single(cpu, snapshot_swap_this_cpu, tr, 1);
	}
	return 0;
}

/* Any other number: empty the spare buffer, if there is one. */
static void snapshot_cmd_clear(struct trace_array *tr, int cpu)
{
	if (!tr->allocated_snapshot)
		return;
	if (cpu == RING_BUFFER_ALL_CPUS)
		tracing_reset_online_cpus(&tr->max_buffer);
	else
		tracing_reset_cpu(&tr->max_buffer, cpu);
}

/* Carry out one write of the snapshot file for cpu (or all CPUs). */
static int snapshot_cmd(struct trace_array *tr, int cpu, unsigned long cmd)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	/* a latency tracer, or a conditional snapshot, owns the spare */
	if (tr->current_trace->use_max_tr || READ_ONCE(tr->cond_snapshot))
		ret = -EBUSY;
	else if (cmd == 0)
		ret = snapshot_cmd_free(tr, cpu);
	else if (cmd == 1)
		ret = snapshot_cmd_take(tr, cpu);
	else
		snapshot_cmd_clear(tr, cpu);
	mutex_unlock(&trace_types_lock);
	return ret;
}

static ssize_t snapshot_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(file);
	unsigned long cmd;
	int ret;

	/* as upstream, any write grows the boot-time buffers first */
	ret = tracing_update_buffers();
	if (!ret)
		ret = kstrtoul_from_user(ubuf, cnt, 10, &cmd);
	if (!ret)
		ret = snapshot_cmd(inode->i_private, tracing_get_cpu(inode),
				   cmd);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations snapshot_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= snapshot_write,
	.llseek		= tracing_lseek,
	.release	= tracing_release_trace,
};

/* ---- per_cpu/cpuN/snapshot_raw ---- */

static int snapshot_raw_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	bool busy;
	int ret;

	ret = tracing_open_raw(inode, file, true);
	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	busy = tr->current_trace->use_max_tr;
	mutex_unlock(&trace_types_lock);
	if (busy) {
		tracing_buffers_fops.release(inode, file);
		return -EBUSY;
	}
	return 0;
}

static ssize_t snapshot_raw_read(struct file *file, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return tracing_buffers_fops.read(file, ubuf, cnt, ppos);
}

static ssize_t snapshot_raw_splice(struct file *file, loff_t *ppos,
				   struct pipe_inode_info *pipe, size_t len,
				   unsigned int flags)
{
	return tracing_buffers_fops.splice_read(file, ppos, pipe, len, flags);
}

static int snapshot_raw_release(struct inode *inode, struct file *file)
{
	return tracing_buffers_fops.release(inode, file);
}

const struct file_operations snapshot_raw_fops = {
	.open		= snapshot_raw_open,
	.read		= snapshot_raw_read,
	.splice_read	= snapshot_raw_splice,
	.release	= snapshot_raw_release,
	.llseek		= no_llseek,
};

#else /* !CONFIG_TRACER_SNAPSHOT */

void tracing_snapshot(void)
{
	pr_warn_once("Snapshot feature not enabled, but internal snapshot used\n");
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

int tracing_alloc_snapshot(void)
{
	pr_warn_once("Snapshot feature not enabled, but snapshot allocation used\n");
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

void __init ftrace_boot_snapshot(void)
{
}

#endif /* CONFIG_TRACER_SNAPSHOT */
