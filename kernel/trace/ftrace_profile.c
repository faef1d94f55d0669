// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled and, per possible
 * CPU, trace_stat/functionN, which lists how many times each function
 * was called on that CPU since the profiler was last turned on and,
 * with CONFIG_FUNCTION_GRAPH_TRACER, how long the calls took.
 *
 * Writing 1 to function_profile_enabled clears the profile and starts
 * the callbacks; 0 stops them and leaves the profile to be read.
 *
 * With FUNCTION_GRAPH_TRACER (upstream's usual build) the profiler is a
 * function graph user (fgraph.c), so it cannot run beside the
 * function_graph tracer: whichever comes second gets -EBUSY, and so does
 * the write. The entry callback counts the hit; the return callback adds
 * the call's duration (rettime - calltime) and its square to the
 * function's slot on the CPU the call returns on. Without the sleep-time
 * option fgraph.c has already taken the time the task was scheduled out
 * off calltime; without graph-time each return adds its duration to its
 * parent's ret_stack subtime and takes off its own subtime, the time of
 * its traced callees. The files have upstream's "Function Hit Time Avg
 * s^2" columns, sorted by total time.
 *
 * Without FUNCTION_GRAPH_TRACER an ftrace_ops counts the hits, and the
 * files have upstream's "Function Hit" columns, sorted by hits.
 *
 * Either way the functions are the top array's set_ftrace_filter and
 * set_ftrace_notrace: fgraph.c's ops uses those sets, and so does
 * profile_ops (ops->sets_of). Upstream's profiler does the same in its
 * usual build; without function_graph its ops has empty sets of its own
 * and counts every function, where ours still follows the filter.
 *
 * The counts: each CPU has a table of (ip, hits[, time, time^2]) slots,
 * open-addressed on the ip and sized when the profiler is first enabled
 * from the number of call sites, so that it is at most two thirds full
 * even if every function runs on that CPU. It is allocated then and
 * never freed (stat readers may hold pointers into it, as with
 * upstream's pages); a later enable only clears it. A slot past the end,
 * whose ip is PROF_END, stops the readers' walk.
 *
 * The callbacks take no lock: a CPU's table is written only from that
 * CPU, and only by interrupts nesting on it, which local atomics order
 * (see prof_slot_of(), prof_hit() and prof_graph_return()). The hit
 * counter runs with preemption disabled (the recursion guard of the
 * ftrace_ops or of fgraph.c) in any context, NMI included. The return
 * callback runs in the returning code's context, maybe preemptible, and
 * disables interrupts to stay on one CPU; it only looks a slot up, and
 * drops the time of a function that has none on this CPU (its hit
 * counted on another CPU before the task moved), as upstream does. A
 * hit that finds no slot within PROF_PROBES steps (the table full, say
 * with modules loaded since it was sized) is counted in the CPU's lost
 * count, which disabling the profiler reports in the kernel log.
 */

#define pr_fmt(fmt) "ftrace profiler: " fmt

#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <asm/local.h>
#include <asm/local64.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_graph.h"
#include "trace_stat.h"

struct prof_slot {
	unsigned long	ip;	/* 0: free; set once per profile */
	local_t		hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	local64_t	time;	/* ns, summed over the calls timed */
	local64_t	time_sq; /* ns^2, the same sum of squares (mod 2^64) */
#endif
};

/* The ip of the slot after a table's last: where readers stop. */
#define PROF_END	(~0UL)
/* How far a hit looks for its slot before it counts as lost. */
#define PROF_PROBES	256

struct prof_cpu {
	struct prof_slot	*slots;	/* prof_size + 1 slots, or NULL */
	local_t			lost;	/* hits no slot was found for */
	struct tracer_stat	stat;	/* trace_stat/functionN */
};

static DEFINE_PER_CPU(struct prof_cpu, prof_cpus);

/*
 * Serialises turning the profiler on and off (with clearing and sizing
 * the tables) against the readers' printing.
 */
static DEFINE_MUTEX(prof_lock);
static bool prof_enabled;
/* Slots per table, a power of two; fixed once the tables exist. */
static unsigned int prof_bits;
static unsigned long prof_size;

/*
 * ip's slot in a table of this CPU; a free one is claimed for it if
 * claim. NULL if ip has none (within PROF_PROBES steps). Slots are
 * claimed in probe order and freed only by a clear, so a free slot on
 * the way means ip has none further on either.
 */
static struct prof_slot *prof_slot_of(struct prof_slot *slots,
				      unsigned long ip, bool claim)
{
	unsigned long i = hash_long(ip, prof_bits);
	unsigned int n;

	for (n = 0; n < PROF_PROBES; n++, i = (i + 1) & (prof_size - 1)) {
		unsigned long cur = READ_ONCE(slots[i].ip);

		if (!cur) {
			if (!claim)
				return NULL;
			/*
			 * An interrupt or NMI on this CPU may claim the
			 * same free slot between our read and our write:
			 * the local cmpxchg lets exactly one of us have
			 * it, and the loser reads the winner's ip (which
			 * may be its own, then it counts there too).
			 * Other CPUs never write this table.
			 */
			cur = cmpxchg_local(&slots[i].ip, 0UL, ip);
			if (!cur)
				cur = ip;
		}
		if (cur == ip)
			return &slots[i];
	}
	return NULL;
}

/* One call of ip on this CPU. Preemption is off. */
static void prof_hit(unsigned long ip)
{
	struct prof_cpu *pc = this_cpu_ptr(&prof_cpus);
	struct prof_slot *s = prof_slot_of(pc->slots, ip, true);

	/*
	 * One instruction on x86 (atomic on arm64): an interrupt counting
	 * the same function, or a lost hit, cannot undo our increment,
	 * nor we its.
	 */
	if (s)
		local_inc(&s->hits);
	else
		local_inc(&pc->lost);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The return callback may add times: set once the tables are clear and
 * before the graph user is registered, so that no call that returns
 * early goes untimed; cleared after it is unregistered, followed by a
 * grace period (prof_untime()), so that no late return adds to a table
 * being cleared. A late return is one that read fgraph.c's callback
 * pointer before the unregister and was then preempted: it may run in
 * a later profile, and adds one stray time there at worst.
 */
static bool prof_timing;

static int prof_graph_entry(struct ftrace_graph_ent *trace)
{
	struct ftrace_ret_stack *self;

	prof_hit(trace->func);
	/*
	 * fgraph.c has pushed this call's entry: it is idx 0. An interrupt
	 * nesting from here on pushes above it and only adds to it.
	 */
	self = ftrace_graph_get_ret_stack(current, 0);
	if (self)
		self->subtime = 0;
	return 1;
}

/*
 * Called before fgraph.c pops the returning call's entry: idx 0 is it,
 * idx 1 the call it returns into (its parent).
 */
static void prof_graph_return(struct ftrace_graph_ret *trace)
{
	struct ftrace_ret_stack *rs;
	struct prof_slot *s;
	unsigned long flags;
	u64 t;

	/*
	 * We may be preemptible: with interrupts off we stay on this CPU
	 * (its table is ours to write), only an NMI nests on us, and
	 * prof_untime()'s synchronize_rcu() waits for us.
	 */
	local_irq_save(flags);
	/* Pairs with prof_register()'s: seen set, the table is clear. */
	if (!smp_load_acquire(&prof_timing) || !trace->calltime)
		goto out;
	t = trace->rettime - trace->calltime;
	if (!READ_ONCE(fgraph_graph_time)) {
		/*
		 * The parent's subtime is written by its callees' returns
		 * alone. An NMI nesting here pushes above our entry, which
		 * is still on the stack, so its returns add to our
		 * subtime, never to the parent's: a plain add is safe.
		 */
		rs = ftrace_graph_get_ret_stack(current, 1);
		if (rs)
			rs->subtime += t;
		rs = ftrace_graph_get_ret_stack(current, 0);
		if (rs && rs->subtime < t)
			t -= rs->subtime;
		else
			t = 0;
	}
	/* Never claims: a slot without a hit would show a time alone. */
	s = prof_slot_of(this_cpu_ptr(&prof_cpus)->slots, trace->func, false);
	if (s) {
		/*
		 * Each add is one instruction on x86 (atomic on arm64): an
		 * NMI timing the same function on this CPU cannot lose our
		 * add, nor we its. A reader on another CPU may see one sum
		 * updated and not yet the other: one call's worth, once.
		 */
		local64_add(t, &s->time);
		local64_add(t * t, &s->time_sq);
	}
out:
	local_irq_restore(flags);
}

static struct fgraph_ops prof_graph_ops = {
	.entryfunc	= prof_graph_entry,
	.retfunc	= prof_graph_return,
};

/* No return callback adds times once this returns. [prof_lock] */
static void prof_untime(void)
{
	WRITE_ONCE(prof_timing, false);
	/* Every callback that saw it set ran with interrupts off. */
	synchronize_rcu();
}

/* -EBUSY while the function_graph tracer (another graph user) runs. */
static int prof_register(void)
{
	int ret;

	/*
	 * After prof_clear(): a late return of an earlier profile (see
	 * prof_timing) that sees this sees the cleared table.
	 */
	smp_store_release(&prof_timing, true);
	ret = register_ftrace_graph(&prof_graph_ops);
	if (ret)
		prof_untime();
	return ret;
}

static void prof_unregister(void)
{
	/* When this returns no CPU counts hits any more. */
	unregister_ftrace_graph(&prof_graph_ops);
	prof_untime();
}
#else /* !CONFIG_FUNCTION_GRAPH_TRACER */
static void profile_call(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	prof_hit(ip);
}

static struct ftrace_ops profile_ops = {
	.func		= profile_call,
	/* prof_hit() counts per CPU: the core's guard keeps it there. */
	.flags		= FTRACE_OPS_FL_RECURSION,
	.sets_of	= &global_trace.fn_ops,
};

static int prof_register(void)
{
	return register_ftrace_function(&profile_ops);
}

static void prof_unregister(void)
{
	/* When this returns no CPU is in profile_call() any more. */
	unregister_ftrace_function(&profile_ops);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* ---- trace_stat/functionN ---- */

/* The first used slot from s on, or NULL at the end of the table. */
static struct prof_slot *prof_used(struct prof_slot *s)
{
	for (; READ_ONCE(s->ip) != PROF_END; s++) {
		/* A slot just claimed counts from its first hit. */
		if (READ_ONCE(s->ip) && local_read(&s->hits))
			return s;
	}
	return NULL;
}

static void *prof_stat_start(struct tracer_stat *stat)
{
	struct prof_cpu *pc = container_of(stat, struct prof_cpu, stat);
	struct prof_slot *slots;

	mutex_lock(&prof_lock);
	slots = pc->slots;
	mutex_unlock(&prof_lock);
	return slots ? prof_used(slots) : NULL;
}

static void *prof_stat_next(void *prev, int idx)
{
	return prof_used((struct prof_slot *)prev + 1);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* Most total time first, as upstream with function_graph. */
static int prof_stat_cmp(const void *a, const void *b)
{
	u64 x = local64_read(&((const struct prof_slot *)a)->time);
	u64 y = local64_read(&((const struct prof_slot *)b)->time);

	return x < y ? -1 : x > y;
}

static int prof_stat_headers(struct seq_file *m)
{
	seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
		    "  --------                               ---    ----            ---             ---\n");
	return 0;
}

/* The text of the time columns; used under prof_lock only. */
static struct trace_seq prof_seq;

/*
 * After the hit count: the total time, the average and the sample
 * variance of the calls' times, in us (us^2 for the variance),
 * upstream's figures, with its u64 arithmetic (which wraps once the
 * sums pass 2^64: calls of seconds).
 */
static void prof_put_times(struct seq_file *m, unsigned long hits,
			   u64 time, u64 time_sq, u64 avg)
{
	u64 var = 0;
	u64 denom = (u64)hits * (hits - 1) * 1000;

	/*
	 * s^2 = (n * sum(x^2) - sum(x)^2) / (n * (n - 1)): the extra
	 * 1000 makes ns^2 us * ns, which trace_print_graph_duration()
	 * divides by 1000 again. One call has no variance.
	 */
	if (denom)
		var = div64_u64(hits * time_sq - time * time, denom);

	seq_puts(m, "    ");
	trace_seq_init(&prof_seq);
	trace_print_graph_duration(time, &prof_seq);
	trace_seq_puts(&prof_seq, "    ");
	trace_print_graph_duration(avg, &prof_seq);
	trace_seq_puts(&prof_seq, "    ");
	trace_print_graph_duration(var, &prof_seq);
	trace_print_seq(m, &prof_seq);
}
#else
/* Most hits first. */
static int prof_stat_cmp(const void *a, const void *b)
{
	long x = local_read(&((const struct prof_slot *)a)->hits);
	long y = local_read(&((const struct prof_slot *)b)->hits);

	return x < y ? -1 : x > y;
}

static int prof_stat_headers(struct seq_file *m)
{
	seq_puts(m, "  Function                               Hit\n"
		    "  --------                               ---\n");
	return 0;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

static int prof_stat_show(struct seq_file *m, void *v)
{
	struct prof_slot *s = v;
	char name[KSYM_SYMBOL_LEN];
	unsigned long hits, ip;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64 time, time_sq, avg;
#endif

	mutex_lock(&prof_lock);
	hits = local_read(&s->hits);
	/* Cleared by an enable since the file was opened: nothing to say. */
	if (!hits)
		goto out;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	time = local64_read(&s->time);
	time_sq = local64_read(&s->time_sq);
	avg = div64_ul(time, hits);
	/* As upstream: tracing_thresh (ns; 0 is off) hides the quicker. */
	if (avg < READ_ONCE(tracing_thresh))
		goto out;
#endif
	ip = READ_ONCE(s->ip);
	/* A function gone with its module: its address, then. */
	if (!kallsyms_lookup(ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%lx", ip);
	seq_printf(m, "  %-30.30s  %10lu", name, hits);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	prof_put_times(m, hits, time, time_sq, avg);
#endif
	seq_putc(m, '\n');
out:
	mutex_unlock(&prof_lock);
	return 0;
}

/* ---- function_profile_enabled ---- */

/* Size and allocate every possible CPU's table once. [prof_lock] */
static int prof_alloc(void)
{
	unsigned long want;
	int cpu;

	if (prof_size)
		return 0;
	want = max(ftrace_nr_recs + ftrace_nr_recs / 2, 1024UL);
	prof_bits = order_base_2(want);
	for_each_possible_cpu(cpu) {
		struct prof_cpu *pc = per_cpu_ptr(&prof_cpus, cpu);

		pc->slots = vzalloc_node(((1UL << prof_bits) + 1) *
					 sizeof(*pc->slots), cpu_to_node(cpu));
		if (!pc->slots)
			goto nomem;
		pc->slots[1UL << prof_bits].ip = PROF_END;
	}
	prof_size = 1UL << prof_bits;
	return 0;

nomem:
	for_each_possible_cpu(cpu) {
		struct prof_cpu *pc = per_cpu_ptr(&prof_cpus, cpu);

		vfree(pc->slots);
		pc->slots = NULL;
	}
	return -ENOMEM;
}

/*
 * A fresh profile. The callbacks are not registered, and
 * prof_unregister() waited out the last one still running.
 */
static void prof_clear(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct prof_cpu *pc = per_cpu_ptr(&prof_cpus, cpu);

		memset(pc->slots, 0, prof_size * sizeof(*pc->slots));
		local_set(&pc->lost, 0);
	}
}

static void prof_report_lost(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		long lost = local_read(&per_cpu_ptr(&prof_cpus, cpu)->lost);

		if (lost)
			pr_warn("CPU %d: %ld hits lost, no free slot among %lu\n",
				cpu, lost, prof_size);
	}
}

static int prof_set(bool on)
{
	int ret = 0;

	mutex_lock(&prof_lock);
	if (on == prof_enabled)
		goto out;
	if (on) {
		ret = prof_alloc();
		if (ret)
			goto out;
		prof_clear();
		ret = prof_register();
		if (ret)
			goto out;
	} else {
		prof_unregister();
		prof_report_lost();
	}
	prof_enabled = on;
out:
	mutex_unlock(&prof_lock);
	return ret;
}

static ssize_t prof_enabled_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	/* As upstream: any number, nonzero is on; -EINVAL, -ERANGE else. */
	ret = trace_get_user_ulong(ubuf, cnt, &val);
	if (ret)
		return ret;
	ret = prof_set(val);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static ssize_t prof_enabled_read(struct file *file, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(prof_enabled));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations prof_enabled_fops = {
	.open		= tracing_open_generic,
	.read		= prof_enabled_read,
	.write		= prof_enabled_write,
	.llseek		= default_llseek,
};

static __init int ftrace_profile_init(void)
{
	int cpu, ret;

	if (tracing_init_dentry())
		return 0;
	for_each_possible_cpu(cpu) {
		struct prof_cpu *pc = per_cpu_ptr(&prof_cpus, cpu);

		pc->stat = (struct tracer_stat) {
			.name		= kasprintf(GFP_KERNEL, "function%d", cpu),
			.stat_start	= prof_stat_start,
			.stat_next	= prof_stat_next,
			.stat_cmp	= prof_stat_cmp,
			.stat_headers	= prof_stat_headers,
			.stat_show	= prof_stat_show,
		};
		ret = pc->stat.name ? register_stat_tracer(&pc->stat) : -ENOMEM;
		if (ret) {
			pr_warn("no trace_stat/function%d: %d\n", cpu, ret);
			kfree(pc->stat.name);
			return 0;
		}
	}
	trace_create_file("function_profile_enabled", TRACE_MODE_WRITE, NULL,
			  NULL, &prof_enabled_fops);
	return 0;
}
fs_initcall(ftrace_profile_init);
