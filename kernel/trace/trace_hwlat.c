// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer: time the hardware or the firmware takes from a CPU
 * behind the kernel's back (SMIs, a hypervisor running something else).
 *
 * Measuring. A kernel thread turns interrupts off and reads the clock
 * (trace_clock_local()) in a loop, two reads a round, for
 * hwlat_detector/width us, then sleeps until the end of the
 * hwlat_detector/window. Nothing of the kernel can run in between, so
 * a long gap is time the CPU spent elsewhere. A gap inside a round is an
 * inner one, a gap from one round to the next an outer one; a round with
 * either over the threshold (tracing_thresh, kept in us as upstream
 * does: a gap counts when its whole us exceed the threshold's) is
 * counted, and a window with such a round is traced as one TRACE_HWLAT
 * entry: the longest inner and outer gaps, the wall time of the first
 * counted round, the number of counted rounds, and the NMIs that came
 * meanwhile, which the NMI path reports through trace_hwlat_callback().
 * The longest gap of a traced window raises the array's
 * tracing_max_latency (kept in ns, as the file reads it).
 *
 * Threads. hwlat_detector/mode says where they run: "round-robin" (the
 * default), one thread "hwlatd" that moves to the next online CPU of the
 * array's tracing_cpumask before each window; "none", the same thread
 * left where the scheduler puts it among those CPUs; "per-cpu", a thread
 * "hwlatd/N" bound to each of them. A per-cpu thread stops when its CPU
 * goes offline and starts when it comes back.
 *
 * Lifetimes. One array at a time runs the tracer (hwl_tr; a second one
 * gets -EBUSY). Its init saves tracing_thresh and, if it is 0, sets the
 * threshold the last run ended with (10 us at first); its reset puts the
 * saved value back. The threads run while the array runs the tracer
 * with recording on: init, tracing_on, a change of mode and hotplug
 * start and stop them, always under trace_types_lock (hotplug's offline
 * side under the hotplug lock held for writing instead, which excludes
 * every start and stop, as they hold cpus_read_lock()). The array
 * outlives its threads: they are stopped before hwl_tr is cleared, so
 * they use it with no reference of their own.
 *
 * Limits. Interrupts stay off for at most HWL_SLICE_NS at a time: a
 * longer width is sampled in slices, with interrupts on and a chance to
 * schedule between them (time there is not measured), so that no width
 * holds up RCU or trips the lockup detectors. A thread sleeps at least
 * HWL_MIN_REST_US between windows, and at most HWL_MAX_REST_US (a
 * longer window is sampled every HWL_MAX_REST_US and a width). A stop
 * (kthread_stop()) ends a window at once, and a window cut short is not
 * traced. A round in which the clock went back ends its window untraced.
 * On architectures whose sched_clock() is not NMI-safe
 * (GENERIC_SCHED_CLOCK) NMIs are counted but not timed.
 */

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/ftrace_irq.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "trace.h"

#define HWL_DEFAULT_WINDOW_US	1000000
#define HWL_DEFAULT_WIDTH_US	500000
#define HWL_DEFAULT_THRESH	(10 * NSEC_PER_USEC)

#define HWL_SLICE_NS		NSEC_PER_SEC
#define HWL_MIN_REST_US		USEC_PER_MSEC
/* about 11.6 days: far from overflowing ktime_t */
#define HWL_MAX_REST_US		(1000000ULL * USEC_PER_SEC)

enum hwl_mode {
	HWL_MODE_NONE,
	HWL_MODE_ROUND_ROBIN,
	HWL_MODE_PER_CPU,
	HWL_MODE_NR,
};

static const char * const hwl_mode_names[HWL_MODE_NR] = {
	[HWL_MODE_NONE]		= "none",
	[HWL_MODE_ROUND_ROBIN]	= "round-robin",
	[HWL_MODE_PER_CPU]	= "per-cpu",
};

/* The files' settings: written under hwl_lock, read by threads under it. */
static DEFINE_MUTEX(hwl_lock);
static u64 hwl_width_us = HWL_DEFAULT_WIDTH_US;
static u64 hwl_window_us = HWL_DEFAULT_WINDOW_US;
static enum hwl_mode hwl_mode = HWL_MODE_ROUND_ROBIN;

/* The rest is under trace_types_lock. */
static struct trace_array *hwl_tr;	/* the array running the tracer */
static bool hwl_threads_up;		/* hwl_tr's threads were started */
static unsigned long hwl_saved_thresh;	/* tracing_thresh before init */
static unsigned long hwl_last_thresh = HWL_DEFAULT_THRESH;

/* The sequence number of the traced windows, from 1 after each init. */
static atomic_t hwl_seq;

/* One sampling thread and the NMIs seen during its current window. */
struct hwl_sampler {
	struct task_struct	*task;
	u64			nmi_enter;	/* when the current NMI came */
	u64			nmi_total;	/* ns in NMIs this window */
	unsigned int		nmi_count;
};

static struct hwl_sampler hwl_single;			/* not per-cpu */
static DEFINE_PER_CPU(struct hwl_sampler, hwl_bound);	/* per-cpu */

/* The sampler spinning on this CPU with interrupts off, if any. */
static DEFINE_PER_CPU(struct hwl_sampler *, hwl_spinning);

/*
 * Tells the NMI path to call trace_hwlat_callback(): threads are up. The
 * NMI path reads it with no lock: a call that comes just after the
 * threads stopped finds no sampler in hwl_spinning and does nothing.
 */
bool trace_hwlat_callback_enabled;

/**
 * trace_hwlat_callback - account an NMI to the hwlat sampler it interrupted
 * @enter: true on the NMI's entry, false on its exit
 *
 * Called by ftrace_nmi_enter() and ftrace_nmi_exit() while
 * trace_hwlat_callback_enabled is set. Counts the NMI, and times it
 * unless sched_clock() is not NMI-safe (GENERIC_SCHED_CLOCK), when it
 * interrupts a sampling thread spinning on this CPU; otherwise does
 * nothing.
 *
 * Context: NMI.
 */
void trace_hwlat_callback(bool enter)
{
	struct hwl_sampler *s = this_cpu_read(hwl_spinning);

	/*
	 * hwl_spinning is set and cleared by the task on this CPU with
	 * interrupts off; an NMI interrupts that task whole, so it sees the
	 * pointer set for the whole NMI or not at all, and the sampler
	 * reads the sums only after it cleared the pointer. NMIs do not
	 * nest: one start time per sampler is enough.
	 */
	if (!s)
		return;
	if (enter)
		s->nmi_count++;
	/* the generic sched_clock() may be mid-update in an NMI */
	if (IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
		return;
	if (enter)
		s->nmi_enter = trace_clock_local();
	else
		s->nmi_total += trace_clock_local() - s->nmi_enter;
}

/* ---- sampling ---- */

/* What the rounds of one window found (gaps in ns). */
struct hwl_window {
	u64			inner;
	u64			outer;
	unsigned int		count;
	struct timespec64	first;
};

enum hwl_end { HWL_DONE, HWL_STOPPED, HWL_BACKWARDS };

/*
 * Spin for len ns (interrupts are off), adding what the rounds find to
 * w: a gap of at least over ns counts.
 */
static enum hwl_end hwl_spin(struct hwl_window *w, u64 len, u64 over)
{
	u64 begin, before, after, last;
	s64 in, out;

	begin = trace_clock_local();
	last = begin;
	do {
		before = trace_clock_local();
		after = trace_clock_local();
		in = after - before;
		out = before - last;
		if (in < 0 || out < 0)
			return HWL_BACKWARDS;
		if (in >= over || out >= over) {
			if (!w->count)
				ktime_get_real_ts64(&w->first);
			w->count++;
		}
		w->inner = max_t(u64, w->inner, in);
		w->outer = max_t(u64, w->outer, out);
		last = after;
		/* a flag in our task_struct: cheap enough for every round */
		if (kthread_should_stop())
			return HWL_STOPPED;
	} while (after - begin < len);
	return HWL_DONE;
}

/* Raise tr's tracing_max_latency to lat ns; per-cpu threads race here. */
static void hwl_raise_max(struct trace_array *tr, unsigned long lat)
{
	unsigned long cur = READ_ONCE(tr->max_latency);

	while (lat > cur && !try_cmpxchg(&tr->max_latency, &cur, lat))
		;
}

static void hwl_trace(struct trace_array *tr, const struct hwl_window *w,
		      const struct hwl_sampler *s)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	struct hwlat_entry *e;
	unsigned int seq;

	/* numbered even when the buffer refuses it, as upstream's */
	seq = atomic_inc_return(&hwl_seq);
	if (!buffer)
		return;
	event = trace_buffer_lock_reserve(buffer, TRACE_HWLAT, sizeof(*e),
					  tracing_gen_ctx());
	if (!event)
		return;
	e = ring_buffer_event_data(event);
	e->duration = div_u64(w->inner, NSEC_PER_USEC);
	e->outer_duration = div_u64(w->outer, NSEC_PER_USEC);
	e->nmi_total_ts = div_u64(s->nmi_total, NSEC_PER_USEC);
	e->timestamp = w->first;
	e->nmi_count = s->nmi_count;
	e->seqnum = seq;
	e->count = w->count;
	trace_buffer_commit_nostack(tr, buffer, event);
	/* only a window the buffer kept: the file agrees with the trace */
	hwl_raise_max(tr, max(w->inner, w->outer));
}

/* One window's sampling part; width_us of it, in slices. */
static void hwl_sample(struct hwl_sampler *s, u64 width_us)
{
	u64 left = min_t(u64, width_us, U64_MAX / NSEC_PER_USEC) *
		   NSEC_PER_USEC;
	/*
	 * tracing_thresh's file writes it under trace_types_lock, which we
	 * do not take: one read a window. A gap counts when its whole us
	 * exceed the threshold's.
	 */
	u64 over = (READ_ONCE(tracing_thresh) / NSEC_PER_USEC + 1) *
		   NSEC_PER_USEC;
	struct hwl_window w = { };
	enum hwl_end end;
	u64 len;

	s->nmi_total = 0;
	s->nmi_count = 0;
	for (;;) {
		len = min_t(u64, left, HWL_SLICE_NS);
		local_irq_disable();
		/* NMIs account to s from here (see trace_hwlat_callback()) */
		this_cpu_write(hwl_spinning, s);
		end = hwl_spin(&w, len, over);
		this_cpu_write(hwl_spinning, NULL);
		left -= len;
		if (end != HWL_DONE) {
			local_irq_enable();
			return;
		}
		if (!left) {
			/* as upstream's, written with interrupts still off */
			if (w.count)
				hwl_trace(hwl_tr, &w, s);
			local_irq_enable();
			return;
		}
		local_irq_enable();
		/* let the tick, RCU and the lockup detectors have the CPU */
		cond_resched();
		if (kthread_should_stop())
			return;
	}
}

/* Sleep for us, or until kthread_stop(). */
static void hwl_rest(u64 us)
{
	ktime_t until = ktime_add_us(ktime_get(), min(us, HWL_MAX_REST_US));

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		/* after the state: a kthread_stop() from now on wakes us */
		if (kthread_should_stop())
			break;
		/* 0: the time came; else woken early, maybe spuriously */
		if (!schedule_hrtimeout(&until, HRTIMER_MODE_ABS))
			break;
	}
	__set_current_state(TASK_RUNNING);
}

/*
 * Round-robin: move to the next online CPU of tr's tracing_cpumask. The
 * mask may change meanwhile (its writers do not stop us): we go by one
 * reading of it, and stay put when it has no online CPU.
 */
static void hwl_move_on(struct trace_array *tr)
{
	int cpu = raw_smp_processor_id();
	int next;

	next = cpumask_next_and(cpu, tr->tracing_cpumask, cpu_online_mask);
	if (next >= nr_cpu_ids)
		next = cpumask_first_and(tr->tracing_cpumask, cpu_online_mask);
	if (next >= nr_cpu_ids || next == cpu)
		return;
	/* fails only if next went offline: then we sample where we are */
	set_cpus_allowed_ptr(current, cpumask_of(next));
}

static int hwl_thread(void *arg)
{
	struct hwl_sampler *s = arg;
	u64 width, window;
	enum hwl_mode mode;

	while (!kthread_should_stop()) {
		mutex_lock(&hwl_lock);
		width = hwl_width_us;
		window = hwl_window_us;
		mode = hwl_mode;
		mutex_unlock(&hwl_lock);

		if (mode == HWL_MODE_ROUND_ROBIN)
			hwl_move_on(hwl_tr);
		hwl_sample(s, width);
		hwl_rest(max_t(u64, window - width, HWL_MIN_REST_US));
	}
	return 0;
}

/* ---- threads: under trace_types_lock ---- */

/* Under cpus_read_lock(), or the hotplug lock held for writing. */
static int hwl_start_bound(unsigned int cpu)
{
	struct hwl_sampler *s = per_cpu_ptr(&hwl_bound, cpu);
	struct task_struct *t;

	if (s->task)
		return 0;
	t = kthread_run_on_cpu(hwl_thread, s, cpu, "hwlatd/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	s->task = t;
	return 0;
}

static void hwl_stop_bound(unsigned int cpu)
{
	struct hwl_sampler *s = per_cpu_ptr(&hwl_bound, cpu);

	if (s->task) {
		kthread_stop(s->task);
		s->task = NULL;
	}
}

static int hwl_start_single(struct trace_array *tr, enum hwl_mode mode)
{
	cpumask_var_t where;
	struct task_struct *t;
	int cpu;

	if (!zalloc_cpumask_var(&where, GFP_KERNEL))
		return -ENOMEM;
	t = kthread_create(hwl_thread, &hwl_single, "hwlatd");
	if (IS_ERR(t)) {
		free_cpumask_var(where);
		return PTR_ERR(t);
	}
	cpumask_and(where, tr->tracing_cpumask, cpu_online_mask);
	if (mode == HWL_MODE_ROUND_ROBIN) {
		/* the first window on the first CPU */
		cpu = cpumask_first(where);
		cpumask_clear(where);
		if (cpu < nr_cpu_ids)
			cpumask_set_cpu(cpu, where);
	}
	/* an empty mask (no online CPU traced): anywhere */
	if (!cpumask_empty(where))
		set_cpus_allowed_ptr(t, where);
	free_cpumask_var(where);
	hwl_single.task = t;
	wake_up_process(t);
	return 0;
}

static void hwl_stop_threads(void)
{
	unsigned int cpu;

	lockdep_assert_held(&trace_types_lock);
	if (!hwl_threads_up)
		return;
	cpus_read_lock();
	if (hwl_single.task) {
		kthread_stop(hwl_single.task);
		hwl_single.task = NULL;
	}
	/* offline CPUs' threads were stopped as they went */
	for_each_online_cpu(cpu)
		hwl_stop_bound(cpu);
	cpus_read_unlock();
	hwl_threads_up = false;
	WRITE_ONCE(trace_hwlat_callback_enabled, false);
}

static int hwl_start_threads(struct trace_array *tr)
{
	enum hwl_mode mode;
	unsigned int cpu;
	int ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if (hwl_threads_up)
		return 0;
	mutex_lock(&hwl_lock);
	mode = hwl_mode;
	mutex_unlock(&hwl_lock);

	WRITE_ONCE(trace_hwlat_callback_enabled, true);
	hwl_threads_up = true;
	cpus_read_lock();
	if (mode == HWL_MODE_PER_CPU) {
		for_each_cpu_and(cpu, tr->tracing_cpumask, cpu_online_mask) {
			ret = hwl_start_bound(cpu);
			if (ret)
				break;
		}
	} else {
		ret = hwl_start_single(tr, mode);
	}
	cpus_read_unlock();
	if (ret) {
		pr_err("hwlat: could not start the sampling threads (%d)\n",
		       ret);
		hwl_stop_threads();
	}
	return ret;
}

/* ---- CPU hotplug ---- */

struct hwl_online {
	struct work_struct	work;
	unsigned int		cpu;
};

static DEFINE_PER_CPU(struct hwl_online, hwl_online);

/*
 * A CPU came up: its per-cpu thread, if it should have one. The CPU may
 * have gone again before this runs: then it is offline and we leave it.
 */
static void hwl_online_fn(struct work_struct *work)
{
	unsigned int cpu = container_of(work, struct hwl_online, work)->cpu;
	bool per_cpu;

	mutex_lock(&trace_types_lock);
	mutex_lock(&hwl_lock);
	per_cpu = hwl_mode == HWL_MODE_PER_CPU;
	mutex_unlock(&hwl_lock);
	cpus_read_lock();
	if (hwl_threads_up && per_cpu && cpu_online(cpu) &&
	    cpumask_test_cpu(cpu, hwl_tr->tracing_cpumask) &&
	    hwl_start_bound(cpu))
		pr_err("hwlat: no sampling thread on CPU %u\n", cpu);
	cpus_read_unlock();
	mutex_unlock(&trace_types_lock);
}

/* From the hotplug thread, which may not take trace_types_lock. */
static int hwl_cpu_online(unsigned int cpu)
{
	schedule_work_on(cpu, &per_cpu(hwl_online, cpu).work);
	return 0;
}

static int hwl_cpu_offline(unsigned int cpu)
{
	hwl_stop_bound(cpu);
	return 0;
}

/* ---- the tracer ---- */

static int hwl_tracer_init(struct trace_array *tr)
{
	if (hwl_tr)
		return -EBUSY;
	hwl_tr = tr;
	atomic_set(&hwl_seq, 0);
	WRITE_ONCE(tr->max_latency, 0);
	hwl_saved_thresh = tracing_thresh;
	if (!tracing_thresh)
		WRITE_ONCE(tracing_thresh, hwl_last_thresh);
	if (tracer_tracing_is_on(tr))
		hwl_start_threads(tr);
	return 0;
}

static void hwl_tracer_reset(struct trace_array *tr)
{
	if (tr != hwl_tr)
		return;
	hwl_stop_threads();
	hwl_last_thresh = tracing_thresh;
	WRITE_ONCE(tracing_thresh, hwl_saved_thresh);
	hwl_tr = NULL;
}

static void hwl_tracer_start(struct trace_array *tr)
{
	if (tr == hwl_tr)
		hwl_start_threads(tr);
}

static void hwl_tracer_stop(struct trace_array *tr)
{
	if (tr == hwl_tr)
		hwl_stop_threads();
}

static struct tracer hwlat_tracer __read_mostly = {
	.name		= "hwlat",
	.init		= hwl_tracer_init,
	.reset		= hwl_tracer_reset,
	.start		= hwl_tracer_start,
	.stop		= hwl_tracer_stop,
	.allow_instances = true,
};

/* ---- hwlat_detector/ ---- */

/* width and window: each bounds the other (width <= window) */
static ssize_t hwl_us_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	u64 *val = filp->private_data;
	char buf[24];
	int len;

	mutex_lock(&hwl_lock);
	len = scnprintf(buf, sizeof(buf), "%llu\n", *val);
	mutex_unlock(&hwl_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t hwl_us_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;
	u64 us;
	int ret;

	ret = kstrtoull_from_user(ubuf, cnt, 10, &us);
	if (ret)
		return ret;
	mutex_lock(&hwl_lock);
	if ((val == &hwl_width_us && us > hwl_window_us) ||
	    (val == &hwl_window_us && us < hwl_width_us)) {
		mutex_unlock(&hwl_lock);
		return -EINVAL;
	}
	*val = us;
	mutex_unlock(&hwl_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations hwl_us_fops = {
	.open		= tracing_open_generic,
	.read		= hwl_us_read,
	.write		= hwl_us_write,
	.llseek		= generic_file_llseek,
};

/* mode: every mode, the current one in brackets */
static int hwl_mode_show(struct seq_file *m, void *v)
{
	enum hwl_mode cur;
	int i;

	mutex_lock(&hwl_lock);
	cur = hwl_mode;
	mutex_unlock(&hwl_lock);
	for (i = 0; i < HWL_MODE_NR; i++)
		seq_printf(m, i == cur ? "%s[%s]" : "%s%s", i ? " " : "",
			   hwl_mode_names[i]);
	seq_putc(m, '\n');
	return 0;
}

static int hwl_mode_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return single_open(filp, hwl_mode_show, NULL);
}

static ssize_t hwl_mode_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	char buf[32];
	bool was_up;
	int mode;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	mode = match_string(hwl_mode_names, HWL_MODE_NR, strim(buf));
	if (mode < 0)
		return -EINVAL;

	/* the threads of one mode stop before those of the other start */
	mutex_lock(&trace_types_lock);
	was_up = hwl_threads_up;
	hwl_stop_threads();
	mutex_lock(&hwl_lock);
	hwl_mode = mode;
	mutex_unlock(&hwl_lock);
	if (was_up)
		hwl_start_threads(hwl_tr);
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations hwl_mode_fops = {
	.open		= hwl_mode_open,
	.read		= seq_read,
	.write		= hwl_mode_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static void hwl_create_files(void)
{
	struct dentry *dir;

	if (tracing_init_dentry())
		return;
	dir = tracefs_create_dir("hwlat_detector", NULL);
	if (IS_ERR_OR_NULL(dir))
		goto fail;
	if (!trace_create_file("width", TRACE_MODE_WRITE, dir, &hwl_width_us,
			       &hwl_us_fops) ||
	    !trace_create_file("window", TRACE_MODE_WRITE, dir,
			       &hwl_window_us, &hwl_us_fops) ||
	    !trace_create_file("mode", TRACE_MODE_WRITE, dir, NULL,
			       &hwl_mode_fops)) {
		tracefs_remove(dir);
		goto fail;
	}
	return;
fail:
	pr_warn("hwlat: no hwlat_detector/ directory in tracefs\n");
}

/* ---- printing TRACE_HWLAT ---- */

static enum print_line_t hwl_entry_trace(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct hwlat_entry *e = (struct hwlat_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	/* upstream's text, to the byte */
	trace_seq_printf(s, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d",
			 e->seqnum, e->duration, e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 e->count);
	if (e->nmi_count) {
		/* not timed where sched_clock() is not NMI-safe */
		if (!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
			trace_seq_printf(s, " nmi-total:%llu", e->nmi_total_ts);
		trace_seq_printf(s, " nmi-count:%u", e->nmi_count);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t hwl_entry_raw(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct hwlat_entry *e = (struct hwlat_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%llu %lld %lld %09ld %u\n",
			 e->duration, e->outer_duration,
			 (long long)e->timestamp.tv_sec, e->timestamp.tv_nsec,
			 e->seqnum);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions hwl_entry_funcs = {
	.trace	= hwl_entry_trace,
	.raw	= hwl_entry_raw,
};

static struct trace_event hwl_entry_event = {
	.type	= TRACE_HWLAT,
	.funcs	= &hwl_entry_funcs,
};

static __init int hwlat_init(void)
{
	unsigned int cpu;
	int ret;

	for_each_possible_cpu(cpu) {
		INIT_WORK(&per_cpu(hwl_online, cpu).work, hwl_online_fn);
		per_cpu(hwl_online, cpu).cpu = cpu;
	}
	if (!register_trace_event(&hwl_entry_event))
		pr_warn("hwlat: no printer for its entries\n");
	ret = register_tracer(&hwlat_tracer);
	if (ret)
		return ret;
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"trace/hwlat:online",
					hwl_cpu_online, hwl_cpu_offline);
	if (ret < 0)
		pr_warn("hwlat: per-cpu threads do not follow CPU hotplug\n");
	hwl_create_files();
	return 0;
}
late_initcall(hwlat_init);
