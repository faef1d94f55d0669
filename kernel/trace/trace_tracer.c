// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer registry: register_tracer(), the nop tracer, and the files
 * that pick an array's tracer (available_tracers, current_tracer).
 *
 * Tracers register once, at boot or from built-in initcalls, and are
 * never removed, so the list needs no lifetime rules beyond
 * trace_types_lock for its walkers. Switching an array's tracer resets
 * the old one, empties the buffer and initialises the new one; it is
 * refused with -EBUSY while a trace_pipe reader of the array is open,
 * because the reader's iterator belongs to the old tracer.
 *
 * With CONFIG_FTRACE_STARTUP_TEST a tracer's ->selftest runs late in boot
 * (tracers register from early initcalls, before what their tests need
 * is up); one that fails is taken out of the list again.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/ctype.h>

#include "trace.h"

struct tracer *trace_types;

/* ftrace=NAME: the tracer to start when it registers. */
#define BOOT_TRACER_LEN	100
static char boot_tracer[BOOT_TRACER_LEN] __initdata;
static bool boot_tracer_set __initdata;

static int __init set_cmdline_ftrace(char *str)
{
	strscpy(boot_tracer, str, BOOT_TRACER_LEN);
	boot_tracer_set = true;
	return 1;
}
__setup("ftrace=", set_cmdline_ftrace);

bool __init trace_boot_tracer_wanted(void)
{
	return boot_tracer_set;
}

/*
 * The nop tracer records nothing itself. Its two options exist to test
 * tracer options: setting test_nop_accept succeeds, test_nop_refuse is
 * refused.
 */
enum {
	NOP_OPT_ACCEPT	= BIT(0),
	NOP_OPT_REFUSE	= BIT(1),
};

static struct tracer_opt nop_opts[] = {
	{ "test_nop_accept", NOP_OPT_ACCEPT },
	{ "test_nop_refuse", NOP_OPT_REFUSE },
	{ }
};

static struct tracer_flags nop_flags = {
	.val	= 0,
	.opts	= nop_opts,
};

static int nop_trace_init(struct trace_array *tr)
{
	return 0;
}

static void nop_trace_reset(struct trace_array *tr)
{
}

static int nop_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			int set)
{
	if (bit == NOP_OPT_ACCEPT) {
		pr_info("nop tracer: test_nop_accept set to %d, accepted\n", set);
		return 0;
	}
	if (bit == NOP_OPT_REFUSE) {
		pr_info("nop tracer: test_nop_refuse set to %d, refused\n", set);
		return -EINVAL;
	}
	return 0;
}

struct tracer nop_trace __read_mostly = {
	.name		= "nop",
	.init		= nop_trace_init,
	.reset		= nop_trace_reset,
	.set_flag	= nop_set_flag,
	.flags		= &nop_flags,
	.allow_instances = true,
};

static struct tracer *find_tracer_locked(const char *name)
{
	struct tracer *t;

	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static bool tracer_allowed(struct trace_array *tr, struct tracer *t)
{
	return tr == &global_trace || t->allow_instances;
}

#ifdef CONFIG_FTRACE_STARTUP_TEST
/* Registered tracers whose test is still to run. */
#define SELFTESTS_MAX	16
static struct tracer *selftests[SELFTESTS_MAX] __initdata;
static int nr_selftests __initdata;
static bool selftests_off __initdata;

/*
 * What boot asked for uses the top-level array: a tracer started with
 * ftrace=, events with trace_event=. The tests would disturb it (and
 * reset its buffer), so none runs, as upstream does.
 */
void __init disable_tracing_selftest(const char *reason)
{
	if (selftests_off)
		return;
	selftests_off = true;
	pr_info("Ftrace startup test is disabled due to %s\n", reason);
}

static void __init selftest_postpone(struct tracer *type)
{
	if (!type->selftest)
		return;
	if (nr_selftests == SELFTESTS_MAX) {
		pr_warn("Selftest for tracer %s skipped: too many tracers\n",
			type->name);
		return;
	}
	selftests[nr_selftests++] = type;
}

/* Take type out of the list, and out of any array using it. */
static void __init tracer_remove(struct tracer *type)
{
	struct tracer **t;

	mutex_lock(&trace_types_lock);
	for (t = &trace_types; *t; t = &(*t)->next) {
		if (*t == type) {
			*t = type->next;
			break;
		}
	}
	update_tracer_options(&global_trace);
	mutex_unlock(&trace_types_lock);
}

static int __init run_selftest(struct tracer *type)
{
	struct trace_array *tr = &global_trace;
	int ret;

	if (selftests_off)
		return 0;
	if (tr->current_trace != &nop_trace || !tracer_tracing_is_on(tr)) {
		pr_info("Selftest for tracer %s skipped: the top-level array is in use\n",
			type->name);
		return 0;
	}
	/* the tests read what they record: the buffer must hold it */
	mutex_lock(&trace_types_lock);
	ret = tr->buffer_expanded ? 0 :
		tracing_resize_ring_buffer(tr, trace_buf_size,
					   RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	if (ret < 0)
		return ret;
	/* a line before too: a test that never ends shows where boot hung */
	pr_info("Testing tracer %s\n", type->name);
	ret = type->selftest(type, tr);
	tracing_reset_online_cpus(&tr->array_buffer);
	/* and one when done (a test's own messages come before it) */
	pr_info("Testing tracer %s: %s\n", type->name,
		ret == -EAGAIN ? "skipped" : ret ? "FAILED!" : "PASSED");
	if (ret == -EAGAIN)
		ret = 0;
	return ret;
}

static int __init run_selftests(void)
{
	int i;

	for (i = 0; i < nr_selftests; i++) {
		if (!run_selftest(selftests[i]))
			continue;
		WARN(1, "tracer: %s failed selftest, disabling\n",
		     selftests[i]->name);
		tracer_remove(selftests[i]);
	}
	nr_selftests = 0;
	return 0;
}
late_initcall(run_selftests);
#else
static inline void selftest_postpone(struct tracer *type) { }
#endif

__init int register_tracer(struct tracer *type)
{
	int ret = 0;

	if (!type->name) {
		pr_info("Tracer must have a name\n");
		return -EINVAL;
	}
	if (strlen(type->name) >= MAX_TRACER_SIZE) {
		pr_info("Tracer has a name longer than %d\n", MAX_TRACER_SIZE);
		return -EINVAL;
	}
	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Can not register tracer %s due to lockdown\n",
			type->name);
		return -EPERM;
	}

	mutex_lock(&trace_types_lock);
	if (find_tracer_locked(type->name)) {
		pr_info("Tracer %s already registered\n", type->name);
		ret = -EBUSY;
		goto out;
	}
	type->next = trace_types;
	trace_types = type;
	update_tracer_options(&global_trace);
	selftest_postpone(type);
out:
	mutex_unlock(&trace_types_lock);

	if (ret || !boot_tracer_set)
		return ret;
	if (strncmp(boot_tracer, type->name, BOOT_TRACER_LEN))
		return 0;
	pr_info("Starting tracer '%s'\n", type->name);
	tracing_set_tracer(&global_trace, type->name);
	boot_tracer_set = false;
	disable_tracing_selftest("running a tracer");
	return 0;
}

int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	struct tracer *t, *old;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	if (!tr->buffer_expanded) {
		ret = tracing_resize_ring_buffer(tr, trace_buf_size,
						 RING_BUFFER_ALL_CPUS);
		if (ret < 0)
			goto out;
	}
	t = find_tracer_locked(name);
	if (!t || !tracer_allowed(tr, t)) {
		ret = -EINVAL;
		goto out;
	}
	if (t == tr->current_trace)
		goto out;
	if (tr->trace_ref) {
		ret = -EBUSY;
		goto out;
	}
#ifdef CONFIG_TRACER_MAX_TRACE
	/* a conditional snapshot owns the spare buffer, as upstream */
	if (t->use_max_tr && READ_ONCE(tr->cond_snapshot)) {
		ret = -EBUSY;
		goto out;
	}
#endif
	old = tr->current_trace;
	/*
	 * No longer counted before its reset: the options it gives back
	 * (overwrite) are not refused as still in use by it.
	 */
	old->enabled--;
	if (old->reset)
		old->reset(tr);
	/* nop until the new one is up, so a failure leaves a sane state */
	tr->current_trace = &nop_trace;
	nop_trace.enabled++;

#ifdef CONFIG_TRACER_MAX_TRACE
	/* a max tracer's spare buffer goes with it */
	if (old->use_max_tr && !t->use_max_tr && tr->allocated_snapshot) {
		synchronize_rcu();	/* swaps in flight have finished */
		free_snapshot(tr);
	}
#endif

#ifdef CONFIG_TRACER_MAX_TRACE
	if (t->use_max_tr && !tr->allocated_snapshot) {
		ret = tracing_alloc_snapshot_instance(tr);
		if (ret < 0)
			goto out_nop;
	}
#endif
	tracing_reset_online_cpus(&tr->array_buffer);
	if (t->init) {
		ret = t->init(tr);
		if (ret)
			goto out_nop;
	}
	nop_trace.enabled--;
	tr->current_trace = t;
	t->enabled++;
out_nop:
	update_tracer_options(tr);
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---- available_tracers ---- */

static void *tracers_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct tracer *t = v;

	(*pos)++;
	for (t = t ? t->next : NULL; t; t = t->next)
		if (tracer_allowed(tr, t))
			return t;
	return NULL;
}

static void *tracers_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;
	struct tracer *t;
	loff_t n = 0;

	mutex_lock(&trace_types_lock);
	for (t = trace_types; t; t = t->next) {
		if (!tracer_allowed(tr, t))
			continue;
		if (n++ == *pos)
			return t;
	}
	return NULL;
}

static void tracers_seq_stop(struct seq_file *m, void *p)
{
	mutex_unlock(&trace_types_lock);
}

static int tracers_seq_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	struct tracer *t = v, *n;

	/* space separated, the last one followed by a newline */
	for (n = t->next; n && !tracer_allowed(tr, n); n = n->next)
		;
	seq_printf(m, "%s%c", t->name, n ? ' ' : '\n');
	return 0;
}

static const struct seq_operations available_tracers_seq_ops = {
	.start	= tracers_seq_start,
	.next	= tracers_seq_next,
	.stop	= tracers_seq_stop,
	.show	= tracers_seq_show,
};

static int available_tracers_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = seq_open(file, &available_tracers_seq_ops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = tr;
	return 0;
}

static int available_tracers_release(struct inode *inode, struct file *file)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, file);
}

const struct file_operations show_traces_fops = {
	.open		= available_tracers_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= available_tracers_release,
};

/* ---- current_tracer ---- */

static ssize_t tracing_set_trace_read(struct file *filp, char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 2];
	int len;

	mutex_lock(&trace_types_lock);
	len = snprintf(buf, sizeof(buf), "%s\n", tr->current_trace->name);
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t tracing_set_trace_write(struct file *filp,
				       const char __user *ubuf,
				       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 1];
	size_t len = min_t(size_t, cnt, MAX_TRACER_SIZE);
	int ret;

	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	ret = tracing_set_tracer(tr, strim(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations set_tracer_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_set_trace_read,
	.write		= tracing_set_trace_write,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};
