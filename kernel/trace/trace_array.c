// SPDX-License-Identifier: GPL-2.0
/*
 * Trace arrays: the top-level one and the instances, their ring buffers,
 * their on/off switches, and the write path every recorder shares.
 *
 * The top level is allocated at boot with minimal buffers (one page a
 * CPU) and grown to trace_buf_size the first time someone starts
 * tracing (a tracer, a resize, a snapshot...), so that a kernel that is
 * never traced does not pay for the memory. Instances are full size from
 * the start.
 *
 * Lifetime: an array lives on trace_arrays until rmdir. Every open file
 * of it holds a reference (tr->ref, under trace_types_lock), and rmdir
 * refuses with -EBUSY while one is held. Recorders never take
 * references: they run with preemption disabled, and an array is freed
 * only after synchronize_rcu() following its removal from the list and
 * the disabling of its buffer.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/sched/clock.h>
#include <linux/security.h>
#include <linux/cpuhotplug.h>

#include "trace.h"

/* Serialises configuration changes and the array list (see trace.h). */
DEFINE_MUTEX(trace_types_lock);
LIST_HEAD(trace_arrays);

struct trace_array global_trace = {
	.trace_flags = 0,	/* set by early_trace_init() */
	.buffer_percent = 50,
};

/* Until early_trace_init() has run, and after a fatal sanity failure. */
static int tracing_disabled = 1;

/* Bytes per CPU of a full-size buffer (trace_buf_size=). */
#define TRACE_BUF_SIZE_DEFAULT	1441792UL
unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;

static int __init set_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	/* zero would leave nothing to trace into: keep the default */
	if (size)
		trace_buf_size = size;
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

int tracing_is_disabled(void)
{
	return READ_ONCE(tracing_disabled) ? -ENODEV : 0;
}

int trace_array_get(struct trace_array *tr)
{
	struct trace_array *t;
	int ret = -ENODEV;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &trace_arrays, list) {
		if (t == tr) {
			tr->ref++;
			ret = 0;
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

void trace_array_put(struct trace_array *tr)
{
	if (!tr)
		return;
	mutex_lock(&trace_types_lock);
	if (!WARN_ON_ONCE(tr->ref <= 0))
		tr->ref--;
	mutex_unlock(&trace_types_lock);
}
EXPORT_SYMBOL_GPL(trace_array_put);

int tracing_check_open_get_tr(struct trace_array *tr)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	ret = tracing_is_disabled();
	if (ret)
		return ret;
	if (tr && trace_array_get(tr) < 0)
		return -ENODEV;
	return 0;
}

int tracing_open_generic(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	filp->private_data = inode->i_private;
	return 0;
}

int tracing_open_generic_tr(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	filp->private_data = tr;
	return 0;
}

int tracing_release_generic_tr(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return 0;
}

/* ---- the context word and the write path ---- */

unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return trace_ctx_word(irqs_status);
}
EXPORT_SYMBOL_GPL(tracing_gen_ctx_irq_test);

struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, len);
	if (event)
		tracing_generic_entry_update(ring_buffer_event_data(event),
					     type, trace_ctx);
	return event;
}

static void commit_and_name(struct trace_array *tr,
			    struct trace_buffer *buffer,
			    struct ring_buffer_event *event)
{
	ring_buffer_unlock_commit(buffer, event);
	/*
	 * The name for the pid `trace` will print, saved before the task
	 * can exit. Tgids are saved by events only, as upstream does.
	 */
	if (trace_opt(tr, TRACE_OPT_RECORD_CMD) && !in_nmi())
		trace_save_comm(current);
}

void trace_buffer_unlock_commit(struct trace_array *tr,
				struct trace_buffer *buffer,
				struct ring_buffer_event *event,
				unsigned int trace_ctx)
{
	commit_and_name(tr, buffer, event);
#ifdef CONFIG_STACKTRACE
	/* skip this function, the recorder and its caller's wrapper */
	trace_record_stack(tr, buffer, trace_ctx, 2);
#endif
}

void trace_buffer_commit_nostack(struct trace_array *tr,
				 struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	commit_and_name(tr, buffer, event);
}

/* ---- on and off ---- */

bool tracer_tracing_is_on(struct trace_array *tr)
{
	struct trace_buffer *buffer = READ_ONCE(tr->array_buffer.buffer);

	if (buffer)
		return ring_buffer_record_is_set_on(buffer);
	return !READ_ONCE(tr->buffer_disabled);
}

void tracer_tracing_on(struct trace_array *tr)
{
	if (tr->array_buffer.buffer)
		ring_buffer_record_on(tr->array_buffer.buffer);
	WRITE_ONCE(tr->buffer_disabled, 0);
}

void tracer_tracing_off(struct trace_array *tr)
{
	if (tr->array_buffer.buffer)
		ring_buffer_record_off(tr->array_buffer.buffer);
	WRITE_ONCE(tr->buffer_disabled, 1);
}

void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

static void record_disable_all(struct trace_array *tr)
{
	ring_buffer_record_disable(tr->array_buffer.buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->max_buffer.buffer)
		ring_buffer_record_disable(tr->max_buffer.buffer);
#endif
}

static void record_enable_all(struct trace_array *tr)
{
	ring_buffer_record_enable(tr->array_buffer.buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	if (tr->max_buffer.buffer)
		ring_buffer_record_enable(tr->max_buffer.buffer);
#endif
}

/*
 * tracing_stop_tr()/tracing_start_tr() nest: the buffers record again
 * when the last stop is undone. The count is under start_lock because
 * the latency tracers stop and start from any context.
 */
void tracing_stop_tr(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (tr->stop_count++ == 0 && tr->array_buffer.buffer)
		record_disable_all(tr);
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

void tracing_start_tr(struct trace_array *tr)
{
	unsigned long flags;

	if (tracing_disabled)
		return;
	raw_spin_lock_irqsave(&tr->start_lock, flags);
	if (tr->stop_count > 0 && --tr->stop_count == 0 &&
	    tr->array_buffer.buffer)
		record_enable_all(tr);
	raw_spin_unlock_irqrestore(&tr->start_lock, flags);
}

void tracing_stop(void)
{
	tracing_stop_tr(&global_trace);
}

void tracing_start(void)
{
	tracing_start_tr(&global_trace);
}

/* ---- buffers ---- */

static u64 array_buffer_now(struct array_buffer *buf, int cpu)
{
	if (!buf->buffer)
		return trace_clock_local();
	return ring_buffer_time_stamp(buf->buffer);
}

/*
 * Empty @cpu's part of @buf, or with RING_BUFFER_ALL_CPUS the part of
 * every online CPU, which also restarts the buffer's time base.
 */
static void array_buffer_empty(struct array_buffer *buf, int cpu)
{
	struct trace_buffer *rb = buf->buffer;

	if (!rb)
		return;
	/*
	 * No synchronize_rcu() here: both resets below hold off and wait
	 * out the writers themselves. A second grace period made every
	 * tracer switch and every clearing of the buffer wait for it (11
	 * ms of stopping function_graph, traced under QEMU).
	 */
	ring_buffer_record_disable(rb);
	if (cpu != RING_BUFFER_ALL_CPUS) {
		ring_buffer_reset_cpu(rb, cpu);
	} else {
		buf->time_start = array_buffer_now(buf, buf->cpu);
		ring_buffer_reset_online_cpus(rb);
	}
	ring_buffer_record_enable(rb);
}

void tracing_reset_cpu(struct array_buffer *buf, int cpu)
{
	array_buffer_empty(buf, cpu);
}

void tracing_reset_online_cpus(struct array_buffer *buf)
{
	array_buffer_empty(buf, RING_BUFFER_ALL_CPUS);
}

/* Empty both buffers of tr (the snapshot's too, where there is one). */
static void array_reset_both(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	tracing_reset_online_cpus(&tr->max_buffer);
#endif
}

void tracing_reset_all_online_cpus_unlocked(void)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list)
		array_reset_both(tr);
}

void tracing_reset_all_online_cpus(void)
{
	mutex_lock(&trace_types_lock);
	tracing_reset_all_online_cpus_unlocked();
	mutex_unlock(&trace_types_lock);
}

static int alloc_array_buffer(struct trace_array *tr, struct array_buffer *buf,
			      unsigned long size)
{
	unsigned int rb_flags = trace_opt(tr, TRACE_OPT_OVERWRITE) ?
				RB_FL_OVERWRITE : 0;

	buf->tr = tr;
	buf->data = alloc_percpu(struct trace_array_cpu);
	buf->buffer = buf->data ? ring_buffer_alloc(size, rb_flags) : NULL;
	if (!buf->buffer) {
		free_percpu(buf->data);
		buf->data = NULL;
		return -ENOMEM;
	}
	ring_buffer_set_clock(buf->buffer, trace_clocks[tr->clock_id].func);
	buf->time_start = array_buffer_now(buf, buf->cpu);
	return 0;
}

static void free_array_buffer(struct array_buffer *buf)
{
	if (buf->buffer) {
		ring_buffer_free(buf->buffer);
		buf->buffer = NULL;
	}
	free_percpu(buf->data);
	buf->data = NULL;
}

int allocate_trace_buffers(struct trace_array *tr, int size)
{
	int ret;

	ret = alloc_array_buffer(tr, &tr->array_buffer, size);
	if (ret)
		return ret;
#ifdef CONFIG_TRACER_MAX_TRACE
	/*
	 * The spare buffer exists from the start, at the minimum size, so
	 * that a max-latency swap never allocates; snapshot grows it.
	 */
	ret = alloc_array_buffer(tr, &tr->max_buffer,
				 snapshot_at_boot ? size : 1);
	if (ret) {
		free_array_buffer(&tr->array_buffer);
		return ret;
	}
	tr->allocated_snapshot = snapshot_at_boot;
#endif
	return 0;
}

void free_trace_buffers(struct trace_array *tr)
{
	free_array_buffer(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
	free_array_buffer(&tr->max_buffer);
	tr->allocated_snapshot = false;
#endif
}

int tracing_resize_ring_buffer(struct trace_array *tr, unsigned long size,
			       int cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!tr->array_buffer.buffer)
		return 0;
	ret = ring_buffer_resize(tr->array_buffer.buffer, size, cpu);
	if (ret < 0)
		return ret;
#ifdef CONFIG_TRACER_MAX_TRACE
	/* the spare must stay the same size, or a swap would change sizes */
	if (tr->allocated_snapshot) {
		ret = tracing_resize_max_buffer(tr, size, cpu);
		if (ret < 0) {
			unsigned long old;

			/* put the live buffer back to what the spare has */
			old = ring_buffer_size(tr->max_buffer.buffer,
					       cpu == RING_BUFFER_ALL_CPUS ?
					       0 : cpu);
			ring_buffer_resize(tr->array_buffer.buffer, old, cpu);
			return ret;
		}
	}
#endif
	if (tr == &global_trace)
		tr->buffer_expanded = true;
	return 0;
}

int tracing_update_buffers(void)
{
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (!global_trace.buffer_expanded)
		ret = tracing_resize_ring_buffer(&global_trace, trace_buf_size,
						 RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	return ret;
}

bool __init trace_boot_wants_buffers(void)
{
#ifdef CONFIG_TRACER_SNAPSHOT
	if (snapshot_at_boot)
		return true;
#endif
	if (trace_event_boot_wants_buffers())	/* events: trace_event= */
		return true;
	return trace_boot_tracer_wanted();
}

/* ---- instances ---- */

static struct trace_array *find_array_locked(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

static struct dentry *instances_dir;

static void free_array(struct trace_array *tr)
{
	ftrace_array_free(tr);
	free_trace_buffers(tr);
	free_cpumask_var(tr->tracing_cpumask);
	kfree(tr->name);
	kfree(tr);
}

/* Make an array called name; [L] held. */
static struct trace_array *create_array_locked(const char *name)
{
	struct trace_array *tr;
	int ret = -ENOMEM;

	if (find_array_locked(name))
		return ERR_PTR(-EEXIST);

	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	tr->name = kstrdup(name, GFP_KERNEL);
	if (!tr->name)
		goto fail;
	if (!zalloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		goto fail;
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
	raw_spin_lock_init(&tr->start_lock);
#ifdef CONFIG_TRACER_MAX_TRACE
	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
#endif
	INIT_LIST_HEAD(&tr->err_log);
	trace_array_init_events(tr);	/* events */
	/* the fork-following options start off in a new instance */
	tr->trace_flags = global_trace.trace_flags &
			  ~(TRACE_FL(EVENT_FORK) | TRACE_FL(FUNC_FORK));
	tr->buffer_percent = 50;
	tr->current_trace = &nop_trace;
	tr->buffer_expanded = true;

	ret = allocate_trace_buffers(tr, trace_buf_size);
	if (ret)
		goto fail;

	if (instances_dir) {
		tr->dir = tracefs_create_dir(name, instances_dir);
		if (!tr->dir) {
			ret = -EINVAL;
			goto fail;
		}
	}
	list_add(&tr->list, &trace_arrays);
	if (tr->dir)
		init_tracer_tracefs(tr, tr->dir);
	return tr;

fail:
	free_array(tr);
	return ERR_PTR(ret);
}

struct trace_array *trace_array_create(const char *name)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	tr = create_array_locked(name);
	mutex_unlock(&trace_types_lock);
	return tr;
}

int trace_array_destroy_locked(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);

	if (tr == &global_trace)
		return -EINVAL;
	if (tr->ref || tr->trace_ref ||
	    (tr->current_trace && tr->current_trace->enabled > 1))
		return -EBUSY;

	list_del(&tr->list);
	/* no new writer finds it; stop the ones that did */
	tracer_tracing_off(tr);
	/* uncounted before its reset, as in tracing_set_tracer() */
	if (tr->current_trace)
		tr->current_trace->enabled--;
	if (tr->current_trace && tr->current_trace->reset)
		tr->current_trace->reset(tr);
	tr->current_trace = &nop_trace;
	destroy_tracer_options(tr);
	ftrace_probes_clear(tr);	/* they may hold its events */
	event_trace_del_tracer(tr);	/* events: before their files go */
	tracefs_remove(tr->dir);
	err_log_clear(tr);
	synchronize_rcu();
	free_array(tr);
	return 0;
}

int trace_array_destroy(struct trace_array *tr)
{
	struct trace_array *t;
	int ret = -ENODEV;

	if (!tr)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &trace_arrays, list) {
		if (t == tr) {
			ret = trace_array_destroy_locked(tr);
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

struct trace_array *trace_array_get_by_name(const char *name)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	tr = find_array_locked(name);
	if (!tr) {
		tr = create_array_locked(name);
		if (IS_ERR(tr))
			tr = NULL;
	}
	if (tr)
		tr->ref++;
	mutex_unlock(&trace_types_lock);
	return tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	tr = trace_array_create(name);
	return PTR_ERR_OR_ZERO(tr);
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	mutex_lock(&trace_types_lock);
	tr = find_array_locked(name);
	if (tr)
		ret = trace_array_destroy_locked(tr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

__init void create_trace_instances(struct dentry *d_tracer)
{
	instances_dir = tracefs_create_instance_dir("instances", d_tracer,
						    instance_mkdir,
						    instance_rmdir);
	if (!instances_dir)
		pr_warn("Could not create tracefs 'instances' directory\n");
}

/* ---- boot ---- */

/*
 * The top level exists from early in start_kernel(), before tracefs,
 * so that trace_printk() and boot-time tracers can record.
 */
__init void early_trace_init(void)
{
	struct trace_array *tr = &global_trace;
	unsigned long size = 1;

	tr->trace_flags = trace_default_flags;
	raw_spin_lock_init(&tr->start_lock);
#ifdef CONFIG_TRACER_MAX_TRACE
	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
#endif
	INIT_LIST_HEAD(&tr->err_log);
	trace_array_init_events(tr);	/* events */
	if (!alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		return;
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
	/*
	 * Ring buffers add themselves to this hotplug state so that a CPU
	 * coming up gets its buffer: it must exist before the first one.
	 */
	if (cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE, "trace/RB:prepare",
				    trace_rb_cpu_prepare, NULL) < 0) {
		pr_err("tracing: no CPU hotplug state for the ring buffers\n");
		return;
	}
	tr->current_trace = &nop_trace;
	nop_trace.enabled++;

	/* asked for at boot: start at full size */
	if (trace_boot_wants_buffers()) {
		size = trace_buf_size;
		tr->buffer_expanded = true;
	}
	if (allocate_trace_buffers(tr, size) < 0) {
		pr_err("tracing: could not allocate the trace buffers\n");
		return;
	}
#ifdef CONFIG_TRACER_SNAPSHOT
	/* alloc_snapshot is for the top level only */
	snapshot_at_boot = false;
#endif
	list_add(&tr->list, &trace_arrays);
	register_tracer(&nop_trace);
	WRITE_ONCE(tracing_disabled, 0);
}

__init void trace_init(void)
{
	init_trace_output();
	trace_event_init();	/* events: registry, trace_event= */
}

/*
 * trace_clock= and trace_options= are applied once interrupts are on:
 * changing the clock empties the buffers (an RCU wait) and some options
 * allocate (record-tgid's map), which start_kernel() must not do while
 * it still runs with interrupts off.
 */
static __init int apply_trace_boot_settings(void)
{
	if (tracing_is_disabled())
		return 0;
	trace_apply_boot_clock();
	apply_trace_boot_options();
	return 0;
}
core_initcall(apply_trace_boot_settings);
