// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled and, per possible
 * CPU, trace_stat/functionN, which lists how many times each function
 * was called on that CPU since the profiler was last turned on.
 *
 * Writing 1 to function_profile_enabled clears the counts and registers
 * an ftrace_ops whose callback counts each call; 0 unregisters it and
 * leaves the counts to be read. The ops follows the top array's
 * set_ftrace_filter and set_ftrace_notrace (ops->sets_of), as
 * upstream's profiler does in its usual build, where it rides on the
 * function_graph tracer's ops, which shares those sets. Without
 * function_graph (this kernel has none yet) there are no times: the
 * files have upstream's "Function Hit" columns, sorted by hits.
 *
 * The counts: each CPU has a table of (ip, hits) slots, open-addressed
 * on the ip and sized when the profiler is first enabled from the
 * number of call sites, so that it is at most two thirds full even if
 * every function runs on that CPU. It is allocated then and never
 * freed (stat readers may hold pointers into it, as with upstream's
 * pages); a later enable only clears it. A slot past the end, whose ip
 * is PROF_END, stops the readers' walk.
 *
 * The callback runs with preemption disabled (the list function's
 * recursion guard) in any context, NMI included, and takes no lock: a
 * CPU's table is written only from that CPU, and only by interrupts
 * nesting on it, which a local cmpxchg and a local increment order (see
 * profile_call()). A hit that finds no slot within PROF_PROBES steps
 * (the table full, say with modules loaded since it was sized) is
 * counted in the CPU's lost count, which disabling the profiler
 * reports in the kernel log.
 */

#define pr_fmt(fmt) "ftrace profiler: " fmt

#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <asm/local.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_stat.h"

struct prof_slot {
	unsigned long	ip;	/* 0: free; set once per profile */
	local_t		hits;
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

static void profile_call(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct prof_cpu *pc = this_cpu_ptr(&prof_cpus);
	struct prof_slot *slots = pc->slots;
	unsigned long i = hash_long(ip, prof_bits);
	unsigned int n;

	for (n = 0; n < PROF_PROBES; n++, i = (i + 1) & (prof_size - 1)) {
		unsigned long cur = READ_ONCE(slots[i].ip);

		if (!cur) {
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
		if (cur == ip) {
			/*
			 * One instruction on x86 (atomic on arm64): an
			 * interrupt counting the same function cannot
			 * undo our increment, nor we its.
			 */
			local_inc(&slots[i].hits);
			return;
		}
	}
	/* Same reasoning: lost hits from any context all count. */
	local_inc(&pc->lost);
}

static struct ftrace_ops profile_ops = {
	.func		= profile_call,
	/* profile_call() counts per CPU: the core's guard keeps it there. */
	.flags		= FTRACE_OPS_FL_RECURSION,
	.sets_of	= &global_trace.fn_ops,
};

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

static int prof_stat_show(struct seq_file *m, void *v)
{
	struct prof_slot *s = v;
	char name[KSYM_SYMBOL_LEN];
	unsigned long hits;

	mutex_lock(&prof_lock);
	hits = local_read(&s->hits);
	/* Cleared by an enable since the file was opened: nothing to say. */
	if (hits) {
		unsigned long ip = READ_ONCE(s->ip);

		/* A function gone with its module: its address, then. */
		if (!kallsyms_lookup(ip, NULL, NULL, NULL, name))
			snprintf(name, sizeof(name), "0x%lx", ip);
		seq_printf(m, "  %-30.30s  %10lu\n", name, hits);
	}
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
 * A fresh profile. The callback is not registered, and
 * unregister_ftrace_function() waited out the last one still running.
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
		ret = register_ftrace_function(&profile_ops);
		if (ret)
			goto out;
	} else {
		unregister_ftrace_function(&profile_ops);
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
