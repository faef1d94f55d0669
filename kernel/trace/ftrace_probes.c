// SPDX-License-Identifier: GPL-2.0
/*
 * Function probes: the commands of set_ftrace_filter.
 *
 * A word "glob:cmd[:arg]" written to an array's set_ftrace_filter puts
 * a probe on each function the glob selects; each call of the function
 * then runs the command against that array:
 *
 *   traceon[:N]             turn the array's recording on
 *   traceoff[:N]            turn it off
 *   stacktrace[:N]          record the kernel stack in its buffer
 *   dump                    ftrace_dump() every CPU's buffer, once
 *                           (so it reads back as "dump:count=1")
 *   cpudump                 the same for this CPU's buffer, once
 *   enable_event:S:E[:N]    let event S:E of the array record
 *   disable_event:S:E[:N]   stop it (the event stays in soft mode while
 *                           the probe exists, and its module is pinned)
 *
 * N limits how many times the probe acts. For traceon, traceoff and the
 * event commands a count is spent only when the probe changes something
 * (upstream does the same), so "traceoff:3" stops tracing three times,
 * however many CPUs run the function at once (where upstream's counts
 * can drift from its changes: test_probe_race).
 * "!glob:cmd[:...]" removes the probes of cmd (and of that event) from
 * the functions the glob selects; what follows cmd is not needed, as a
 * line read back from the file may carry a count. Opening the file with
 * O_TRUNC clears the filter, never the probes.
 *
 * Design. An array with probes has one ftrace_ops (struct fn_probes),
 * whose filter set is the set of probed functions, and a table of its
 * probes sorted by function. The table is immutable once published: an
 * edit builds a new one, publishes it with rcu_assign_pointer(), brings
 * the ops' filter in line and waits with synchronize_rcu_tasks_rude()
 * (every list-function walk runs with preemption off) before freeing
 * the old table and the probes it alone held. The probes themselves go
 * from table to table, so their counts survive edits. The ops is
 * registered only while the table is non-empty: an ops with no filter
 * would probe every function. Edits run under ftrace_filter_lock.
 *
 * Decisions where we differ from upstream: a function may carry several
 * enable_event (or disable_event) probes for different events, and a
 * counted and an uncounted probe of one command are the same probe
 * (upstream keeps them apart, and asks for the count again to remove
 * the counted one). Every refused word leaves an error_log entry.
 */

#include <linux/ftrace.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "ftrace_internal.h"
#ifdef CONFIG_EVENT_TRACING
#include "trace_events.h"
#endif

struct fn_probe;

struct probe_cmd {
	const char	*name;
	/* takes SYS:EVENT before its count */
	bool		event;
	/* acts once: its count is 1, and takes no other */
	bool		once;
	/* NULL: always; else whether firing would change something */
	bool		(*wanted)(struct fn_probe *p);
	void		(*fire)(struct fn_probe *p);
};

struct fn_probe {
	unsigned long		ip;
	const struct probe_cmd	*cmd;
	struct trace_array	*tr;
	struct trace_event_file	*file;	/* of the event commands */
	atomic_long_t		count;	/* what is left; -1: no limit */
	unsigned long		busy;	/* bit 0: a CPU is changing (below) */
	struct list_head	gone;	/* on probes_gone, once dropped */
};

/* The probes of one array, sorted by (ip, cmd, file). */
struct probe_table {
	unsigned int	nr;
	struct fn_probe	*p[];
};

struct fn_probes {
	struct ftrace_ops		ops;
	struct probe_table __rcu	*table;
};

/* ---- the commands ---- */

static bool traceon_wanted(struct fn_probe *p)
{
	return !tracer_tracing_is_on(p->tr);
}

static void traceon_fire(struct fn_probe *p)
{
	tracer_tracing_on(p->tr);
}

static bool traceoff_wanted(struct fn_probe *p)
{
	return tracer_tracing_is_on(p->tr);
}

static void traceoff_fire(struct fn_probe *p)
{
	tracer_tracing_off(p->tr);
}

/*
 * Frames to leave out so that a stack starts at the traced function:
 * trace_array_record_stack(), this function (a frame of its own: see
 * the barrier), probes_call(), the list function and the trampoline.
 * test_fn_commands checks it on both arches.
 */
#define PROBE_STACK_SKIP	5

static noinline void stacktrace_fire(struct fn_probe *p)
{
	trace_array_record_stack(p->tr, PROBE_STACK_SKIP);
	/* not a tail call: this frame is one of those skipped (arm64) */
	barrier();
}

static void dump_fire(struct fn_probe *p)
{
	ftrace_dump(DUMP_ALL);
}

static void cpudump_fire(struct fn_probe *p)
{
	ftrace_dump(DUMP_ORIG);
}

#ifdef CONFIG_EVENT_TRACING
/* The event's probe reads SOFT_DISABLED without a lock: atomic bit ops. */
static bool enable_event_wanted(struct fn_probe *p)
{
	return test_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &p->file->flags);
}

static void enable_event_fire(struct fn_probe *p)
{
	clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &p->file->flags);
}

static bool disable_event_wanted(struct fn_probe *p)
{
	return !enable_event_wanted(p);
}

static void disable_event_fire(struct fn_probe *p)
{
	set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &p->file->flags);
}
#endif

static const struct probe_cmd probe_cmds[] = {
	{ .name = "traceon", .wanted = traceon_wanted, .fire = traceon_fire },
	{ .name = "traceoff", .wanted = traceoff_wanted,
	  .fire = traceoff_fire },
	{ .name = "stacktrace", .fire = stacktrace_fire },
	{ .name = "dump", .once = true, .fire = dump_fire },
	{ .name = "cpudump", .once = true, .fire = cpudump_fire },
#ifdef CONFIG_EVENT_TRACING
	{ .name = "enable_event", .event = true,
	  .wanted = enable_event_wanted, .fire = enable_event_fire },
	{ .name = "disable_event", .event = true,
	  .wanted = disable_event_wanted, .fire = disable_event_fire },
#endif
};

static const struct probe_cmd *find_cmd(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probe_cmds); i++)
		if (!strcmp(probe_cmds[i].name, name))
			return &probe_cmds[i];
	return NULL;
}

/* ---- the hot path ---- */

/*
 * Take one use of p's count; false when none is left. Compare-and-swap:
 * CPUs hitting the last use at once spend it once.
 */
static __always_inline bool probe_spend(struct fn_probe *p)
{
	long left = atomic_long_read(&p->count);

	do {
		if (left < 0)
			return true;
		if (!left)
			return false;
	} while (!atomic_long_try_cmpxchg(&p->count, &left, left - 1));
	return true;
}

/*
 * Make the change p's command wants, spending one count for it. CPUs
 * running the function at once may all have seen the change wanted;
 * each spending a count would leave "enable_event:S:E:3" short of three
 * changes (ftracetest's func_event_triggers caught that once in make
 * check, both CPUs in schedule()). So the change is made under p's busy
 * bit, and looked for again there:
 * - a CPU finding the bit taken leaves: the holder makes the change, or
 *   finds it made or no count left. There is no lock to spin on, so an
 *   NMI on the holder's CPU leaves too.
 * - a CPU taking the bit after a holder let go sees the holder's change:
 *   clear_bit_unlock() orders the change before the release, and
 *   test_and_set_bit_lock() this CPU's second look after the acquire.
 * A write to tracing_on or the event's enable file can still race with
 * the change, as with any probe. test_probe_race has two probes undo
 * each other on both CPUs: 20000 changes each way for 20000 counts
 * (without the bit, one run spent traceoff's 20000 on 15168 changes).
 */
static __always_inline void probe_change(struct fn_probe *p)
{
	if (test_and_set_bit_lock(0, &p->busy))
		return;
	if (p->cmd->wanted(p) && probe_spend(p))
		p->cmd->fire(p);
	clear_bit_unlock(0, &p->busy);
}

/* The first index of t whose probe is at ip or after it. */
static __always_inline unsigned int table_lower(struct probe_table *t,
						unsigned long ip)
{
	unsigned int lo = 0, hi = t->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->p[mid]->ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The ops' callback. The list function calls it with preemption off
 * (which keeps the table it reads alive: see the top of the file) and
 * with its recursion bit held, so the traced functions a command runs
 * come back to no probe.
 */
static void probes_call(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fn_probes *fp = container_of(op, struct fn_probes, ops);
	struct probe_table *t = rcu_dereference_raw(fp->table);
	unsigned int i;

	if (!t)
		return;
	for (i = table_lower(t, ip); i < t->nr && t->p[i]->ip == ip; i++) {
		struct fn_probe *p = t->p[i];

		if (!p->cmd->wanted) {
			if (probe_spend(p))
				p->cmd->fire(p);
		} else if (p->cmd->wanted(p)) {
			/* the cheap look first: most calls change nothing */
			probe_change(p);
		}
	}
}

/* ---- edits (under ftrace_filter_lock) ---- */

static const char * const probe_errs[] = {
	"No function matches",
	"Unknown command",
	"Commands only work in set_ftrace_filter",
	"Bad count",
	"No such event",
	"Already set on every function matched",
	"No such probe to remove",
};

enum { PE_NO_MATCH, PE_UNKNOWN, PE_NOTRACE, PE_COUNT, PE_EVENT, PE_DUP,
	PE_NONE };

/* A parsed word. */
struct probe_word {
	bool			remove;
	char			*glob;
	const struct probe_cmd	*cmd;
	struct trace_event_file	*file;
	long			count;
};

static struct probe_table *cur_table(struct trace_array *tr)
{
	if (!tr->fn_probes)
		return NULL;
	return rcu_dereference_protected(tr->fn_probes->table,
					 lockdep_is_held(&ftrace_filter_lock));
}

/*
 * Edits hold event_mutex and ftrace_filter_lock, in that order (the
 * event core's: enabling a kprobe event takes ftrace_filter_lock to
 * edit kprobes' ftrace filter): an event command's file must not go
 * between finding it and holding it, and a probe releases its event
 * when it goes. Holding or releasing an event may arm or disarm a
 * kprobe, so neither happens under ftrace_filter_lock: a dropped probe
 * waits on probes_gone, and probes_unlock() releases its event once
 * ftrace_filter_lock is free; a command's first hold is taken before
 * it (ftrace_probe_word()).
 */
static LIST_HEAD(probes_gone);

static void probes_lock(void)
{
#ifdef CONFIG_EVENT_TRACING
	mutex_lock(&event_mutex);
#endif
	mutex_lock(&ftrace_filter_lock);
}

/* Unlock, then release the dropped probes' events and guard's hold. */
static void probes_unlock_release(struct trace_event_file *guard)
{
	struct fn_probe *p, *next;
	LIST_HEAD(gone);

	list_splice_init(&probes_gone, &gone);
	mutex_unlock(&ftrace_filter_lock);
	list_for_each_entry_safe(p, next, &gone, gone) {
#ifdef CONFIG_EVENT_TRACING
		if (p->file)
			event_soft_release(p->file);
#endif
		kfree(p);
	}
#ifdef CONFIG_EVENT_TRACING
	if (guard)
		event_soft_release(guard);
	mutex_unlock(&event_mutex);
#endif
}

static void probes_unlock(void)
{
	probes_unlock_release(NULL);
}

static int probe_cmp(const struct fn_probe *a, const struct fn_probe *b)
{
	if (a->ip != b->ip)
		return a->ip < b->ip ? -1 : 1;
	if (a->cmd != b->cmd)
		return a->cmd < b->cmd ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return 0;
}

static int probe_sort_cmp(const void *a, const void *b)
{
	return probe_cmp(*(struct fn_probe * const *)a,
			 *(struct fn_probe * const *)b);
}

/* Whether p is one the word names (its cmd, its event, a matched ip). */
static bool word_names(struct probe_word *w, struct ftrace_ip_set *match,
		       struct fn_probe *p)
{
	return p->cmd == w->cmd && p->file == w->file &&
	       ftrace_ip_set_has(match, p->ip);
}

static struct probe_table *table_alloc(unsigned int nr)
{
	struct probe_table *t;

	t = kvmalloc(struct_size(t, p, nr), GFP_KERNEL);
	if (t)
		t->nr = 0;
	return t;
}

/*
 * Free probes that no table holds and no walk can see any more, with
 * the hold on their events: at probes_unlock(). Under probes_lock().
 */
static void probes_free(struct fn_probe **p, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		list_add_tail(&p[i]->gone, &probes_gone);
}

/*
 * Make t (consumed; NULL or empty: no probes) tr's table: publish it,
 * bring the ops' filter and registration in line, wait out the walks of
 * the old table, then free it and the nr_gone probes of gone, which t
 * no longer holds (gone may point into the old table).
 */
static int table_install(struct trace_array *tr, struct probe_table *t,
			 struct fn_probe **gone, unsigned int nr_gone)
{
	struct fn_probes *fp = tr->fn_probes;
	struct probe_table *old = cur_table(tr);
	struct ftrace_ip_set *ips = NULL;
	bool registered = fp->ops.flags & FTRACE_OPS_FL_ENABLED;
	unsigned int i;
	int ret = 0;

	if (t && !t->nr) {
		kvfree(t);
		t = NULL;
	}
	if (t) {
		ips = ftrace_ip_set_alloc(t->nr);
		if (!ips) {
			kvfree(t);
			return -ENOMEM;
		}
		for (i = 0; i < t->nr; i++)
			if (!ips->nr || ips->ips[ips->nr - 1] != t->p[i]->ip)
				ips->ips[ips->nr++] = t->p[i]->ip;
	}

	/*
	 * The table first: a site still on for a function that lost its
	 * probes finds none in it; one turned on below finds its probes.
	 */
	rcu_assign_pointer(fp->table, t);
	if (!t) {
		/* Unregistering waits out every walk of the old table. */
		if (registered)
			unregister_ftrace_function(&fp->ops);
		ftrace_filter_install(&fp->ops, false, NULL);
	} else {
		/* Filter first: an ops with none would probe everything. */
		ret = ftrace_filter_install(&fp->ops, false, ips);
		if (!ret && !registered)
			ret = register_ftrace_function(&fp->ops);
		/* A walk may still read the old table. */
		synchronize_rcu_tasks_rude();
	}
	probes_free(gone, nr_gone);
	kvfree(old);
	return ret;
}

static struct fn_probes *probes_get(struct trace_array *tr)
{
	struct fn_probes *fp = tr->fn_probes;

	if (fp)
		return fp;
	fp = kzalloc(sizeof(*fp), GFP_KERNEL);
	if (!fp)
		return NULL;
	fp->ops.func = probes_call;
	/* The core's guard: preemption off, which the table's RCU needs. */
	fp->ops.flags = FTRACE_OPS_FL_RECURSION;
	fp->ops.private = tr;
	tr->fn_probes = fp;
	return fp;
}

static struct fn_probe *probe_new(struct probe_word *w, unsigned long ip,
				  struct trace_array *tr)
{
	struct fn_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	p->ip = ip;
	p->cmd = w->cmd;
	p->tr = tr;
	p->file = w->file;
	atomic_long_set(&p->count, w->count);
	return p;
}

/* Put the word's probe on every function of match that lacks it. */
static int probes_add(struct trace_array *tr, struct probe_word *w,
		      struct ftrace_ip_set *match)
{
	struct probe_table *old = cur_table(tr), *t;
	unsigned int nr_old = old ? old->nr : 0, i, j = 0, added = 0;
	int ret;

	if (!probes_get(tr))
		return -ENOMEM;
	t = table_alloc(nr_old + match->nr);
	if (!t)
		return -ENOMEM;
	for (i = 0; i < nr_old; i++)
		t->p[t->nr++] = old->p[i];
	/* both sorted by ip: walk the old table along the matches */
	for (i = 0; i < match->nr; i++) {
		struct fn_probe key = { .ip = match->ips[i], .cmd = w->cmd,
					.file = w->file };
		struct fn_probe *p;

		while (j < nr_old && probe_cmp(old->p[j], &key) < 0)
			j++;
		if (j < nr_old && !probe_cmp(old->p[j], &key))
			continue;
		p = probe_new(w, key.ip, tr);
		if (!p) {
			ret = -ENOMEM;
			goto undo;
		}
		t->p[t->nr++] = p;
		added++;
	}
	if (!added) {
		kvfree(t);
		return -EEXIST;
	}
#ifdef CONFIG_EVENT_TRACING
	for (i = nr_old; w->file && i < t->nr; i++) {
		ret = event_soft_hold(w->file);
		if (ret) {
			while (i-- > nr_old)
				event_soft_release(w->file);
			goto undo;
		}
	}
#endif
	sort(t->p, t->nr, sizeof(t->p[0]), probe_sort_cmp, NULL);
	return table_install(tr, t, NULL, 0);

undo:
	for (i = nr_old; i < t->nr; i++)
		kfree(t->p[i]);
	kvfree(t);
	return ret;
}

/* Which probes probes_drop() takes out. */
struct probe_pick {
	/* the probes a removal word names on the functions of match */
	struct probe_word	*w;
	struct ftrace_ip_set	*match;
	/* else those on the sites of grp in [start, end), which went */
	struct ftrace_rec_group	*grp;
	unsigned long		start, end;
};

static bool pick_has(const struct probe_pick *pk, struct fn_probe *p)
{
	if (pk->w)
		return word_names(pk->w, pk->match, p);
	return p->ip >= pk->start && p->ip < pk->end &&
	       ftrace_rec_group_has(pk->grp, p->ip);
}

/*
 * Make tr's table one without the probes pk picks. Returns how many
 * went, or an error.
 */
static int probes_drop(struct trace_array *tr, const struct probe_pick *pk)
{
	struct probe_table *old = cur_table(tr), *t;
	unsigned int i, nr_gone = 0;
	struct fn_probe **gone;
	int ret = 0;

	if (!old)
		return 0;
	t = table_alloc(old->nr);
	gone = kvmalloc_array(old->nr, sizeof(*gone), GFP_KERNEL);
	if (!t || !gone) {
		kvfree(t);
		kvfree(gone);
		return -ENOMEM;
	}
	for (i = 0; i < old->nr; i++) {
		struct fn_probe *p = old->p[i];

		if (pick_has(pk, p))
			gone[nr_gone++] = p;
		else
			t->p[t->nr++] = p;
	}
	if (nr_gone)
		ret = table_install(tr, t, gone, nr_gone);
	else
		kvfree(t);
	kvfree(gone);
	return ret ? ret : nr_gone;
}

/* Take the word's probe off the functions of match. */
static int probes_remove(struct trace_array *tr, struct probe_word *w,
			 struct ftrace_ip_set *match)
{
	struct probe_pick pk = { .w = w, .match = match };
	struct probe_table *old = cur_table(tr);
	unsigned int i, of_cmd = 0;
	int ret;

	if (!old)
		return -ENODEV;
	ret = probes_drop(tr, &pk);
	if (ret)
		return min(ret, 0);
	/*
	 * None went (old is still the table). As upstream: -ENODEV if the
	 * command has no probe at all, else -EINVAL.
	 */
	for (i = 0; i < old->nr; i++)
		of_cmd += old->p[i]->cmd == w->cmd;
	return of_cmd ? -EINVAL : -ENODEV;
}

/*
 * Parse "glob:cmd[:SYS:EVENT][:count]" (without its '!') into w.
 * Returns a PE_* error type, or -1 when it is good.
 */
static int probe_parse(struct trace_array *tr, char *word,
		       struct probe_word *w)
{
	char *arg, *name;

	w->glob = strsep(&word, ":");
	name = strsep(&word, ":");
	w->cmd = find_cmd(name);
	if (!w->cmd)
		return PE_UNKNOWN;
	arg = word;
	w->file = NULL;
	if (w->cmd->event) {
#ifdef CONFIG_EVENT_TRACING
		char *sys = strsep(&arg, ":");
		char *event = strsep(&arg, ":");

		if (!event)
			return PE_EVENT;
		w->file = find_event_file(tr, sys, event);
		if (!w->file)
			return PE_EVENT;
#endif
	}
	w->count = w->cmd->once ? 1 : -1;
	/* a removal needs no count; a line read back shows "count=N" */
	if (w->remove || !arg || !*arg)
		return -1;
	if (w->cmd->once || kstrtol(arg, 0, &w->count) || w->count < 0)
		return PE_COUNT;
	return -1;
}

/* Whether word (a set_ftrace_filter word) is a command, not ":mod:". */
bool ftrace_probe_word_is_cmd(const char *word)
{
	const char *cmd = strchr(word, ':');

	return cmd && strncmp(cmd + 1, "mod:", 4) && strcmp(cmd + 1, "mod");
}

/*
 * Apply a command word written to tr's set_ftrace_filter (exclude: to
 * set_ftrace_notrace, which takes none). Errors are logged under loc.
 */
int ftrace_probe_word(struct trace_array *tr, const char *loc, char *word,
		      bool exclude)
{
	struct ftrace_ip_set *match = NULL;
	struct probe_word w = { .remove = word[0] == '!' };
	struct trace_event_file *guard = NULL;
	char *text;
	int type, ret;

	text = kstrdup(word, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	if (exclude) {
		type = PE_NOTRACE;
		goto err;
	}
	probes_lock();
	type = probe_parse(tr, text + w.remove, &w);
	if (type >= 0)
		goto err_unlock;
#ifdef CONFIG_EVENT_TRACING
	/*
	 * A first hold may arm the event's probe (a kprobe edits its ftrace
	 * filter): take one outside ftrace_filter_lock, which the probes
	 * added below then only count on.
	 */
	if (!w.remove && w.file) {
		mutex_unlock(&ftrace_filter_lock);
		ret = event_soft_hold(w.file);
		mutex_lock(&ftrace_filter_lock);
		if (ret)
			goto out;
		guard = w.file;
	}
#endif
	match = ftrace_match_sites(w.glob);
	ret = PTR_ERR_OR_ZERO(match);
	if (ret)
		goto out;
	if (!match->nr) {
		type = PE_NO_MATCH;
		goto err_unlock;
	}
	ret = w.remove ? probes_remove(tr, &w, match) :
			 probes_add(tr, &w, match);
	if (ret == -EEXIST) {
		type = PE_DUP;
		goto err_unlock;
	}
	if (w.remove && (ret == -EINVAL || ret == -ENODEV))
		tracing_log_err(tr, loc, word, probe_errs, PE_NONE, 0);
	goto out;

err_unlock:
	probes_unlock_release(guard);
err:
	tracing_log_err(tr, loc, word, probe_errs, type, 0);
	ftrace_ip_set_free(match);
	kfree(text);
	return -EINVAL;

out:
	probes_unlock_release(guard);
	ftrace_ip_set_free(match);
	kfree(text);
	return ret;
}

/* ---- reading them back, and the array going ---- */

/* The n-th probe of tr, or NULL. Under ftrace_filter_lock. */
void *ftrace_probe_at(struct trace_array *tr, loff_t n)
{
	struct probe_table *t = cur_table(tr);

	return t && n < t->nr ? t->p[n] : NULL;
}

void ftrace_probe_show(struct seq_file *m, void *v)
{
	struct fn_probe *p = v;

	seq_printf(m, "%ps:%s", (void *)p->ip, p->cmd->name);
#ifdef CONFIG_EVENT_TRACING
	if (p->file)
		seq_printf(m, ":%s:%s", p->file->event_call->class->system,
			   trace_event_name(p->file->event_call));
#endif
	if (atomic_long_read(&p->count) < 0)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", atomic_long_read(&p->count));
}

/*
 * The sites of grp in [start, end) went (a module unloaded, or its init
 * text was freed), and their addresses already left the probes' filter
 * sets: drop the probes on them too, so that none is listed by a bare
 * address, none keeps an event held, and a function loaded later at
 * the same address starts with none. (Upstream keeps them.) Under
 * trace_types_lock, which keeps the list of arrays.
 */
void ftrace_probes_forget(struct ftrace_rec_group *grp, unsigned long start,
			  unsigned long end)
{
	struct probe_pick pk = { .grp = grp, .start = start, .end = end };
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	probes_lock();
	list_for_each_entry(tr, &trace_arrays, list)
		if (probes_drop(tr, &pk) < 0)
			/* they stay listed, but no site calls them any more */
			pr_warn("ftrace: no memory to drop the probes of gone functions\n");
	probes_unlock();
}

/*
 * tr is going: remove its probes (before its events go, which they may
 * hold) and their ops. trace_types_lock held.
 */
void ftrace_probes_clear(struct trace_array *tr)
{
	struct probe_table *old;

	probes_lock();
	old = cur_table(tr);
	if (old)
		table_install(tr, NULL, old->p, old->nr);
	probes_unlock();
	kfree(tr->fn_probes);
	tr->fn_probes = NULL;
}
