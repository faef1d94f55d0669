// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: the deepest kernel stack a traced function has been
 * entered with, and how much of it each function on it uses.
 *
 * It is an ftrace_ops of its own (stack_ops), registered while
 * /proc/sys/kernel/stack_tracer_enabled is set (or from boot with
 * "stacktrace"); stack_trace_filter edits its filter set as
 * set_ftrace_filter does the function tracer's ("stacktrace_filter=" at
 * boot). Its files, at the top level of tracefs:
 *
 *  stack_max_size	the depth of the deepest stack, in bytes; writing a
 *			number sets it (0 starts over)
 *  stack_trace		that stack: one line per function, innermost
 *			first, with its depth and the size of its frame
 *  stack_trace_filter	the functions whose entry is measured
 *
 * How a frame's size is found: on a new maximum the callback saves the
 * stack (stack_trace_save(), innermost return address first) and looks
 * for each return address in the stack memory itself, going up from its
 * own frame (a word signed by pointer authentication counts as the
 * address it signs: upstream compares the raw words, and so finds few
 * frames on a kernel with arm64's ARM64_PTR_AUTH_KERNEL). Where return
 * address i is stored tells how deep the stack was when the function
 * that it returns into called the next one; the difference between two
 * such depths is one function's frame. The innermost one is the return
 * address into the traced function that its call of ftrace_caller
 * pushed, so the maximum is counted from there: what the tracer's own
 * frames (ftrace_caller, the list function and the callback) add is
 * left out.
 *
 * Only the task stack is measured: interrupts and exceptions run on
 * stacks of their own on x86-64 (irq stack, IST stacks for NMI, #DB,
 * #MC, #DF), and their depth says nothing about the task's. NMI context
 * (which also covers int3 hit in the kernel) is left out altogether, as
 * it could interrupt the lock's holder.
 */

#define pr_fmt(fmt) "stack tracer: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>
#include <asm/setup.h>
#ifdef CONFIG_ARM64_PTR_AUTH_KERNEL
#include <asm/pointer_auth.h>
#endif

#include "trace.h"

/*
 * A word of the stack, as the return address it may be. With arm64's
 * pointer authentication a function signs its return address before
 * it saves it (paciasp), so the saved word carries a PAC in its top
 * bits, which the unwinder strips from the addresses it reports.
 */
#ifdef CONFIG_ARM64_PTR_AUTH_KERNEL
#define stack_word_ip(w)	ptrauth_strip_insn_pac(w)
#else
#define stack_word_ip(w)	(w)
#endif

/* The most return addresses kept of one stack. */
#define STACK_FRAMES_MAX	256

/*
 * A stack: its depth in bytes at the traced function's entry, and its
 * return addresses, innermost first, each with the number of bytes from
 * the slot that holds it to the top of the stack.
 */
struct stack_record {
	unsigned long	size;
	unsigned int	nr;
	unsigned long	ips[STACK_FRAMES_MAX];
	unsigned int	depth[STACK_FRAMES_MAX];
};

/*
 * The deepest stack (stack_max) and the one being measured (stack_new,
 * a scratch copy so that a candidate that turns out no deeper leaves the
 * maximum as it was). Both [stack_lock]; stack_max.size is also read
 * without it, as a hint, by the callback.
 */
static struct stack_record stack_max;
static struct stack_record stack_new;

/*
 * A raw spinning lock, taken with interrupts off and this CPU's
 * disable_stack_tracer raised: it is taken from inside traced code,
 * where a sleeping lock cannot be, and the raised counter keeps a traced
 * function called while it is held on this CPU from trying to take it
 * again.
 */
static arch_spinlock_t stack_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/*
 * The smallest number of bytes seen between the callback's own frame
 * and the traced function's return address (0 until the first maximum
 * is measured). Written under stack_lock, read without it.
 */
static unsigned long stack_overhead;

/*
 * Nonzero on a CPU while it must not be measured: the callback itself
 * runs there (recursion), a reader holds stack_lock there, or RCU has
 * asked (stack_tracer_disable()).
 */
DEFINE_PER_CPU(int, disable_stack_tracer);

/* The sysctl; stack_sysctl_lock serialises its changes. */
int stack_tracer_enabled;
static DEFINE_MUTEX(stack_sysctl_lock);

static unsigned long stack_top(void)
{
	return (unsigned long)task_stack_page(current) + THREAD_SIZE;
}

/*
 * Where on the stack, from start up to top, the return address ret is
 * stored; NULL if nowhere.
 */
static unsigned long *stack_find(unsigned long *start, unsigned long *top,
				 unsigned long ret)
{
	unsigned long *p;

	for (p = start; p < top; p++) {
		/* Reading other frames' slots: not an error for KASAN. */
		if (stack_word_ip(READ_ONCE_NOCHECK(*p)) == ret)
			return p;
	}
	return NULL;
}

/*
 * Fill stack_new from the current stack, as seen from marker (a local
 * of the callback), for the traced function at ip. [stack_lock]
 */
static void stack_measure(unsigned long ip, unsigned long *marker)
{
	struct stack_record *s = &stack_new;
	unsigned long *top = (unsigned long *)stack_top();
	unsigned long *from = marker, *slot;
	unsigned long traced = ip + MCOUNT_INSN_SIZE;
	unsigned int i, n, first;

	n = stack_trace_save(s->ips, STACK_FRAMES_MAX, 0);
	/*
	 * The entries before the return address into the traced function
	 * are the tracer's own. An unwinder that did not report it leaves
	 * them all in.
	 */
	for (first = 0; first < n && s->ips[first] != traced; first++)
		;
	if (first == n)
		first = 0;

	/*
	 * Each return address is searched for above the previous one. One
	 * that is not found (the unwinder got it from elsewhere, or a
	 * function kept it in a register) is left out.
	 */
	s->nr = 0;
	for (i = first; i < n; i++) {
		slot = stack_find(from, top, s->ips[i]);
		if (!slot)
			continue;
		s->ips[s->nr] = s->ips[i];
		s->depth[s->nr++] = (top - slot) * sizeof(*slot);
		from = slot + 1;
	}

#ifdef ARCH_FTRACE_SHIFT_STACK_TRACER
	/*
	 * The arch saves a return address below the locals of the function
	 * that saves it, so each depth found belongs to the next function.
	 */
	if (s->nr > 1) {
		memmove(&s->depth[0], &s->depth[1],
			(s->nr - 1) * sizeof(s->depth[0]));
		s->nr--;
	}
#endif

	if (s->nr && s->ips[0] == traced) {
		unsigned long overhead;

		s->size = s->depth[0];
		overhead = (top - marker) * sizeof(*marker) - s->size;
		if (!stack_overhead || overhead < stack_overhead)
			WRITE_ONCE(stack_overhead, overhead);
	} else {
		/* The traced function was not found: count from here. */
		s->size = (top - marker) * sizeof(*marker);
	}
}

static unsigned int stack_frame_size(const struct stack_record *s,
				     unsigned int i)
{
	return i + 1 < s->nr ? s->depth[i] - s->depth[i + 1] : s->depth[i];
}

/* Whether a stack overflow was reported. [stack_lock] */
static bool stack_overflow_told;

/* The stack on the console, on a stack overflow. */
static void stack_print(const struct stack_record *s)
{
	unsigned int i;

	pr_emerg("        Depth    Size   Location    (%u entries)\n"
		 "        -----    ----   --------\n", s->nr);
	for (i = 0; i < s->nr; i++)
		pr_emerg("%3u) %8u   %5u   %pS\n", i, s->depth[i],
			 stack_frame_size(s, i), (void *)s->ips[i]);
}

/* A stack deeper than the maximum is likely: measure it. */
static noinline void stack_check(unsigned long ip, unsigned long *marker)
{
	unsigned long flags;

	/*
	 * Interrupts off: an interrupt on this CPU would find the counter
	 * raised and skip anyway, but would also wait for the lock's
	 * holder elsewhere for nothing. The lock orders this CPU against
	 * others that found a new maximum at the same time.
	 */
	local_irq_save(flags);
	arch_spin_lock(&stack_lock);

	stack_measure(ip, marker);
	/*
	 * The hint may be stale and the overhead was a guess: only a stack
	 * really deeper than the one under the lock replaces it.
	 */
	if (stack_new.size > stack_max.size) {
		stack_max.nr = stack_new.nr;
		memcpy(stack_max.ips, stack_new.ips,
		       stack_new.nr * sizeof(stack_new.ips[0]));
		memcpy(stack_max.depth, stack_new.depth,
		       stack_new.nr * sizeof(stack_new.depth[0]));
		/* Last: the hint rises once the record is whole. */
		WRITE_ONCE(stack_max.size, stack_new.size);
	}

	/*
	 * A stack this deep may have run over the end of the task stack
	 * (its end marker is gone): say where, once. Upstream BUG()s here;
	 * with vmapped stacks a real overflow faults on the guard page
	 * first, so this is left to the report.
	 */
	if (task_stack_end_corrupted(current) && !stack_overflow_told) {
		stack_overflow_told = true;
		pr_emerg("the end of %s/%d's stack is overwritten\n",
			 current->comm, current->pid);
		stack_print(&stack_new);
	}

	arch_spin_unlock(&stack_lock);
	local_irq_restore(flags);
}

static void stack_trace_call(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long marker = 0;
	unsigned long depth;

	/* This CPU's counter is ours until it is dropped again. */
	preempt_disable_notrace();
	/*
	 * Recursion (the stack walk calls traced functions), a reader of
	 * the record holding the lock on this CPU, or RCU's request: any
	 * of them leaves the counter above 1. An interrupt or NMI that
	 * comes in between the increment and the check raises and lowers
	 * it again before returning, so a per-CPU add is enough.
	 */
	if (this_cpu_inc_return(disable_stack_tracer) != 1)
		goto out;
	/* Interrupt and exception stacks are not the task's. */
	if (!object_is_on_stack(&marker))
		goto out;
	/* NMI (and kernel int3) could interrupt the lock's holder. */
	if (in_nmi())
		goto out;
	/* The unwinder may use RCU, which must be watching. */
	if (!rcu_is_watching())
		goto out;

	/*
	 * The cheap test, without the lock: the depth here less the
	 * tracer's own frames (never more than their smallest measure, so
	 * the estimate is never short), against a maximum that may be
	 * raised by another CPU at any time (stack_check() looks again).
	 */
	depth = stack_top() - (unsigned long)&marker;
	if (depth > READ_ONCE(stack_max.size) + READ_ONCE(stack_overhead))
		stack_check(ip, &marker);
out:
	this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

static struct ftrace_ops stack_ops __read_mostly = {
	.func	= stack_trace_call,
	/* The core's guard, and the same frames, trampoline or not. */
	.flags	= FTRACE_OPS_FL_RECURSION,
};

/*
 * Take stack_lock from a file operation: interrupts off and this CPU's
 * counter raised, so that a traced function called meanwhile does not
 * try to take it.
 */
static unsigned long stack_lock_files(void)
{
	unsigned long flags;

	local_irq_save(flags);
	this_cpu_inc(disable_stack_tracer);
	arch_spin_lock(&stack_lock);
	return flags;
}

static void stack_unlock_files(unsigned long flags)
{
	arch_spin_unlock(&stack_lock);
	this_cpu_dec(disable_stack_tracer);
	local_irq_restore(flags);
}

/* ---- stack_max_size ---- */

static ssize_t stack_max_size_read(struct file *file, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	char buf[32];
	int len;

	len = scnprintf(buf, sizeof(buf), "%ld\n",
			(long)READ_ONCE(stack_max.size));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/*
 * A decimal number, as upstream: -EINVAL if it is not one, -ERANGE if
 * it does not fit. The saved stack stays until a deeper one replaces it.
 */
static ssize_t stack_max_size_write(struct file *file,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	unsigned long val, flags;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	flags = stack_lock_files();
	WRITE_ONCE(stack_max.size, val);
	stack_unlock_files(flags);
	return cnt;
}

static const struct file_operations stack_max_size_fops = {
	.open		= tracing_open_generic,
	.read		= stack_max_size_read,
	.write		= stack_max_size_write,
	.llseek		= default_llseek,
};

/* ---- stack_trace ---- */

/*
 * A reader prints a copy taken when it opened the file, so that the
 * lock is held only for the copy and not while symbols are looked up.
 */
struct stack_snapshot {
	bool			enabled;
	struct stack_record	rec;
};

static int stack_trace_show(struct seq_file *m, void *v)
{
	struct stack_snapshot *snap = m->private;
	struct stack_record *s = &snap->rec;
	unsigned int i;

	seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
		   "        -----    ----   --------\n", s->nr);
	if (!snap->enabled && !s->size)
		seq_puts(m, "#\n"
			 "#  Stack tracer disabled\n"
			 "#\n"
			 "# To enable the stack tracer, either add 'stacktrace' to the\n"
			 "# kernel command line\n"
			 "# or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'\n"
			 "#\n");
	for (i = 0; i < s->nr; i++)
		seq_printf(m, "%3u) %8u   %5u   %pS\n", i, s->depth[i],
			   stack_frame_size(s, i), (void *)s->ips[i]);
	return 0;
}

static int stack_trace_open(struct inode *inode, struct file *file)
{
	struct stack_snapshot *snap;
	unsigned long flags;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	snap = kmalloc(sizeof(*snap), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;

	flags = stack_lock_files();
	snap->rec.size = stack_max.size;
	snap->rec.nr = stack_max.nr;
	memcpy(snap->rec.ips, stack_max.ips,
	       stack_max.nr * sizeof(stack_max.ips[0]));
	memcpy(snap->rec.depth, stack_max.depth,
	       stack_max.nr * sizeof(stack_max.depth[0]));
	stack_unlock_files(flags);
	snap->enabled = READ_ONCE(stack_tracer_enabled);

	ret = single_open(file, stack_trace_show, snap);
	if (ret)
		kfree(snap);
	return ret;
}

static int stack_trace_release(struct inode *inode, struct file *file)
{
	kfree(((struct seq_file *)file->private_data)->private);
	return single_release(inode, file);
}

static const struct file_operations stack_trace_fops = {
	.open		= stack_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stack_trace_release,
};

/* ---- /proc/sys/kernel/stack_tracer_enabled ---- */

/*
 * kernel/sysctl.c's handler: an int, any nonzero value is on, as
 * upstream. The ops is registered on the change to on and unregistered
 * on the change to off; if that fails the value goes back and the
 * write gets the error.
 */
int stack_trace_sysctl(struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int was, ret;

	mutex_lock(&stack_sysctl_lock);
	was = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (ret || !write || !was == !stack_tracer_enabled)
		goto out;
	if (stack_tracer_enabled)
		ret = register_ftrace_function(&stack_ops);
	else
		ret = unregister_ftrace_function(&stack_ops);
	if (ret)
		stack_tracer_enabled = was;
out:
	mutex_unlock(&stack_sysctl_lock);
	return ret;
}

/* ---- boot: "stacktrace" and "stacktrace_filter=" ---- */

static char stack_boot_filter[COMMAND_LINE_SIZE] __initdata;

/*
 * Both start the tracer; the second also sets its filter (functions
 * separated by commas). Any other parameter that starts with
 * "stacktrace" is not ours (upstream takes it as "stacktrace").
 */
static int __init stack_boot_setup(char *str)
{
	size_t len = str_has_prefix(str, "_filter=");

	if (len)
		strscpy(stack_boot_filter, str + len,
			sizeof(stack_boot_filter));
	else if (*str)
		return 0;
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stack_boot_setup);

static __init int stack_trace_init(void)
{
	char *list = stack_boot_filter;
	int ret;

	if (tracing_init_dentry())
		return 0;
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &stack_max_size_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			  &stack_trace_fops);
	ftrace_create_ops_filter_file("stack_trace_filter", &stack_ops);

	if (list[0]) {
		strreplace(list, ',', ' ');
		ret = ftrace_set_filter(&stack_ops, (unsigned char *)list,
					strlen(list), 1);
		if (ret)
			pr_warn("stacktrace_filter=%s: a function matches nothing (%d); ignored\n",
				list, ret);
	}
	mutex_lock(&stack_sysctl_lock);
	if (stack_tracer_enabled) {
		ret = register_ftrace_function(&stack_ops);
		if (ret) {
			pr_warn("cannot start at boot (%d)\n", ret);
			stack_tracer_enabled = 0;
		}
	}
	mutex_unlock(&stack_sysctl_lock);
	return 0;
}
device_initcall(stack_trace_init);
