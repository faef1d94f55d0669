// SPDX-License-Identifier: GPL-2.0
/*
 * Which functions an ftrace_ops wants: its filter and notrace sets.
 *
 * A set is an immutable sorted array of call-site addresses (struct
 * ftrace_ip_set). An ops with no filter set (or an empty one) wants
 * every function; one in its notrace set it never wants. The list
 * function looks an ip up with a binary search, under
 * preempt_disable_notrace() and without a lock, so a set is never
 * changed in place: an edit builds a new set, publishes it with
 * rcu_assign_pointer(), brings the sites in line, and frees the old set
 * after every walk that could still read it is over
 * (call_rcu_tasks_rude(): the walks run where RCU may not be watching,
 * as for unregistering an ops).
 *
 * Edits come from set_ftrace_filter and set_ftrace_notrace (one glob a
 * word; ftrace_tracefs.c) and from the kernel API below. A word is:
 *   glob      every function whose name matches (*, ? and [...]);
 *   !glob     remove those from the set;
 *   N         the N-th line of available_filter_functions (from 1);
 *   glob:mod:M  the functions of module M that match glob ("*" or an
 *             empty glob: all of them); M may be a glob, "!M" means every
 *             module but M, an empty M the kernel itself.
 * A word that matches nothing is -EINVAL, and nothing of it is applied.
 *
 * As upstream, a "glob:mod:M" word written to set_ftrace_filter or
 * set_ftrace_notrace while no module M is loaded is kept (per ops) and
 * applied when M loads; "!glob:mod:M" forgets kept words ("!*:mod:M"
 * all of M's), and ">" all of the file's. The file lists them after its
 * functions, as written. While a filter has kept words and no function,
 * it traces nothing (not everything), as upstream.
 *
 * When a module goes, its addresses leave every set that may name them
 * (the registered ops' and every trace array's, upstream covers the
 * arrays only): a later module may be loaded at the same place. A set
 * emptied that way reads as empty, and a filter then traces nothing, as
 * upstream's (whose stale entries match nothing), not everything; it
 * stays so through edits that append to it, until one truncates it.
 * The function probes on those sites go too (ftrace_probes.c).
 *
 * Locking: trace_types_lock (for the list of arrays), then
 * ftrace_filter_lock, which serialises edits, then ftrace_lock, which
 * guards the published sets of registered ops and the tables of sites,
 * then mod_words_lock for the kept words.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "trace.h"
#include "ftrace_internal.h"

/* Serialises the edits of every ops' sets; outside ftrace_lock. */
DEFINE_MUTEX(ftrace_filter_lock);

static int ftrace_ip_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* A word kept for a module not loaded yet: "func:mod:module". */
struct mod_word {
	struct list_head	list;
	struct ftrace_ops	*ops;
	bool			exclude;	/* of the notrace set */
	char			*func;
	char			*module;
};

/* The kept words, oldest first. [mod_words_lock] */
static LIST_HEAD(mod_words);
static DEFINE_MUTEX(mod_words_lock);

/**
 * ftrace_ip_set_alloc - an empty set with room for @nr addresses
 * @nr: how many addresses the caller will add
 *
 * Every set is made here, so that none starts with stale fields.
 *
 * Return: the set (nr 0, not emptied), or NULL without memory.
 */
struct ftrace_ip_set *ftrace_ip_set_alloc(unsigned long nr)
{
	struct ftrace_ip_set *set;

	set = kvmalloc(struct_size(set, ips, nr), GFP_KERNEL);
	if (set) {
		set->nr = 0;
		set->emptied = false;
	}
	return set;
}

void ftrace_ip_set_free(struct ftrace_ip_set *set)
{
	kvfree(set);
}

static void ip_set_free_rcu(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct ftrace_ip_set, rcu));
}

bool ftrace_ip_set_has(const struct ftrace_ip_set *set, unsigned long ip)
{
	unsigned long lo = 0, hi = set->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (set->ips[mid] == ip)
			return true;
		if (set->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/*
 * a + b (add) or a - b (!add), both sorted: a new sorted set. a may be
 * NULL (empty).
 */
static struct ftrace_ip_set *ip_set_merge(const struct ftrace_ip_set *a,
					  const struct ftrace_ip_set *b,
					  bool add)
{
	unsigned long na = a ? a->nr : 0, i = 0, j = 0;
	struct ftrace_ip_set *out;

	out = ftrace_ip_set_alloc(na + (add ? b->nr : 0));
	if (!out)
		return NULL;
	out->emptied = a && a->emptied;
	while (i < na || (add && j < b->nr)) {
		unsigned long x;

		if (i < na && (j >= b->nr || a->ips[i] < b->ips[j])) {
			x = a->ips[i++];
		} else if (i < na && a->ips[i] == b->ips[j]) {
			x = a->ips[i++];
			j++;
			if (!add)
				continue;
		} else {
			x = b->ips[j++];
			if (!add)
				continue;
		}
		out->ips[out->nr++] = x;
	}
	return out;
}

/* What a word selects, apart from its '!'. */
struct word_spec {
	const char	*func;		/* a glob, "" for any */
	const char	*mod;		/* a glob, "" for the kernel; NULL: any */
	bool		not_mod;	/* every module but mod (mod[0] was '!') */
};

/* Split "func:mod:M" into spec; -EINVAL for another command. */
static int word_parse(char *word, struct word_spec *spec)
{
	char *colon = strchr(word, ':');

	spec->func = word;
	spec->mod = NULL;
	spec->not_mod = false;
	if (!colon)
		return 0;
	/* Commands (func:traceon...) are not handled here. */
	if (strncmp(colon + 1, "mod:", 4))
		return -EINVAL;
	*colon = '\0';
	spec->mod = colon + 5;
	if (spec->mod[0] == '!') {
		spec->not_mod = true;
		spec->mod++;
	}
	return 0;
}

/* Whether the site at ip, a function of module modname, is one of spec. */
static bool spec_matches(const struct word_spec *spec, const char *fn,
			 const char *modname)
{
	if (spec->mod) {
		bool in;

		if (!*spec->mod)
			in = !modname;
		else
			in = modname && glob_match(spec->mod, modname);
		if (in == spec->not_mod)
			return false;
		if (!*spec->func)
			return true;
	}
	return glob_match(spec->func, fn);
}

/*
 * The sites one word selects (without its '!'), sorted, in a new set:
 * an empty set if none does. Under ftrace_filter_lock; takes ftrace_lock
 * so that no module's table comes or goes during the walk.
 */
static struct ftrace_ip_set *word_match(const struct word_spec *spec)
{
	char name[KSYM_NAME_LEN];
	struct ftrace_ip_set *set;
	struct dyn_ftrace *rec;
	unsigned long index = 0;
	bool by_index = false;

	if (isdigit(spec->func[0])) {
		if (kstrtoul(spec->func, 10, &index))
			return ERR_PTR(-EINVAL);
		by_index = true;
	}

	mutex_lock(&ftrace_lock);
	set = ftrace_ip_set_alloc(ftrace_nr_recs);
	if (!set) {
		mutex_unlock(&ftrace_lock);
		return ERR_PTR(-ENOMEM);
	}
	for_each_live_rec(rec) {
		unsigned long size, offset;
		char *modname;
		const char *fn;

		if (by_index) {
			if (--index)
				continue;
			set->ips[set->nr++] = rec->ip;
			break;
		}
		fn = kallsyms_lookup(rec->ip, &size, &offset, &modname, name);
		if (fn && spec_matches(spec, fn, modname))
			set->ips[set->nr++] = rec->ip;
	}
	mutex_unlock(&ftrace_lock);
	return set;
}

/* The sites a glob (or a line number) selects, in a new set. */
struct ftrace_ip_set *ftrace_match_sites(const char *glob)
{
	struct word_spec spec = { .func = glob };

	return word_match(&spec);
}

/* Add (or take out) what spec selects to *setp: -EINVAL if nothing. */
static int apply_spec(struct ftrace_ip_set **setp,
		      const struct word_spec *spec, bool remove)
{
	struct ftrace_ip_set *match, *next;

	match = word_match(spec);
	if (IS_ERR(match))
		return PTR_ERR(match);
	if (!match->nr) {
		ftrace_ip_set_free(match);
		return -EINVAL;
	}
	next = ip_set_merge(*setp, match, !remove);
	ftrace_ip_set_free(match);
	if (!next)
		return -ENOMEM;
	ftrace_ip_set_free(*setp);
	*setp = next;
	return 0;
}

/*
 * Apply one word to *setp (replaced by a new set on success).
 * -EINVAL if it selects no function, or is a command (func:cmd) other
 * than :mod:.
 */
int ftrace_filter_apply_word(struct ftrace_ip_set **setp, char *word)
{
	struct word_spec spec;
	bool remove = false;
	int ret;

	if (word[0] == '!') {
		remove = true;
		word++;
	}
	ret = word_parse(word, &spec);
	if (ret)
		return ret;
	if (!*spec.func && !spec.mod)
		return -EINVAL;
	return apply_spec(setp, &spec, remove);
}

/* ---- words kept for modules not loaded yet ---- */

static void mod_word_free(struct mod_word *mw)
{
	kfree(mw->func);
	kfree(mw->module);
	kfree(mw);
}

/* Whether a module of that exact name is loaded (or loading). */
static bool module_loaded(const char *name)
{
	bool ret;

	/* find_module() walks the RCU list of modules. */
	preempt_disable();
	ret = !!find_module(name);
	preempt_enable();
	return ret;
}

/*
 * A ":mod:" word that matched nothing: keep it for when its module
 * loads, or with remove, forget the kept words it names. -EINVAL if
 * the module is loaded (the word really matches nothing) or, with
 * remove, if no kept word goes.
 */
static int mod_word_keep(struct ftrace_ops *ops, bool exclude,
			 const struct word_spec *spec, bool remove)
{
	struct mod_word *mw, *tmp;
	int ret = -EINVAL;

	if (remove) {
		mutex_lock(&mod_words_lock);
		list_for_each_entry_safe(mw, tmp, &mod_words, list) {
			if (mw->ops != ops || mw->exclude != exclude ||
			    strcmp(mw->module, spec->mod))
				continue;
			if (strcmp(spec->func, "*") && strcmp(spec->func, mw->func))
				continue;
			list_del(&mw->list);
			mod_word_free(mw);
			ret = 0;
		}
		mutex_unlock(&mod_words_lock);
		return ret;
	}
	/* "!M" and globs are kept as written, as upstream does. */
	if (spec->not_mod || module_loaded(spec->mod))
		return -EINVAL;

	mw = kzalloc(sizeof(*mw), GFP_KERNEL);
	if (!mw)
		return -ENOMEM;
	mw->ops = ops;
	mw->exclude = exclude;
	mw->func = kstrdup(spec->func, GFP_KERNEL);
	mw->module = kstrdup(spec->mod, GFP_KERNEL);
	if (!mw->func || !mw->module) {
		mod_word_free(mw);
		return -ENOMEM;
	}
	mutex_lock(&mod_words_lock);
	list_add_tail(&mw->list, &mod_words);
	mutex_unlock(&mod_words_lock);
	return 0;
}

int ftrace_filter_file_word(struct ftrace_ops *ops, bool exclude,
			    struct ftrace_ip_set **setp, char *word)
{
	struct word_spec spec;
	bool remove = false;
	char *copy;
	int ret;

	lockdep_assert_held(&ftrace_filter_lock);
	/* Parsing splits the word: keep the caller's intact for its log. */
	copy = kstrdup(word, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	word = copy;
	if (word[0] == '!') {
		remove = true;
		word++;
	}
	ret = word_parse(word, &spec);
	if (ret)
		goto out;
	ret = -EINVAL;
	if (!*spec.func && !spec.mod)
		goto out;
	ret = apply_spec(setp, &spec, remove);
	if (ret == -EINVAL && spec.mod && *spec.mod)
		ret = mod_word_keep(ops, exclude, &spec, remove);
out:
	kfree(copy);
	return ret;
}

void ftrace_filter_mod_clear(struct ftrace_ops *ops, bool exclude)
{
	struct mod_word *mw, *tmp;

	mutex_lock(&mod_words_lock);
	list_for_each_entry_safe(mw, tmp, &mod_words, list) {
		if (mw->ops == ops && mw->exclude == exclude) {
			list_del(&mw->list);
			mod_word_free(mw);
		}
	}
	mutex_unlock(&mod_words_lock);
}

unsigned long ftrace_filter_mod_count(struct ftrace_ops *ops, bool exclude)
{
	struct mod_word *mw;
	unsigned long n = 0;

	mutex_lock(&mod_words_lock);
	list_for_each_entry(mw, &mod_words, list)
		n += mw->ops == ops && mw->exclude == exclude;
	mutex_unlock(&mod_words_lock);
	return n;
}

/*
 * Show the idx-th kept word of ops' set on m ("func:mod:M", as upstream
 * lists them); nothing if it went meanwhile.
 */
void ftrace_filter_mod_show(struct seq_file *m, struct ftrace_ops *ops,
			    bool exclude, unsigned long idx)
{
	struct mod_word *mw;

	mutex_lock(&mod_words_lock);
	list_for_each_entry(mw, &mod_words, list) {
		if (mw->ops != ops || mw->exclude != exclude || idx--)
			continue;
		seq_printf(m, "%s:mod:%s\n", mw->func, mw->module);
		break;
	}
	mutex_unlock(&mod_words_lock);
}

void ftrace_filter_mod_loaded(struct module *mod)
{
	struct mod_word *mw, *tmp;
	LIST_HEAD(todo);

	mutex_lock(&ftrace_filter_lock);
	mutex_lock(&mod_words_lock);
	list_for_each_entry_safe(mw, tmp, &mod_words, list) {
		if (!strcmp(mw->module, mod->name))
			list_move_tail(&mw->list, &todo);
	}
	mutex_unlock(&mod_words_lock);

	/*
	 * One edit per set: the words of the first one's ops and set
	 * taken together, until none is left. The ops cannot go meanwhile:
	 * its array frees its sets under ftrace_filter_lock.
	 */
	while (!list_empty(&todo)) {
		struct mod_word *first;
		struct ftrace_ip_set *set;

		first = list_first_entry(&todo, struct mod_word, list);
		set = ftrace_filter_copy(first->ops, first->exclude);
		list_for_each_entry_safe(mw, tmp, &todo, list) {
			struct word_spec spec = {
				.func = mw->func, .mod = mw->module,
			};

			if (mw->ops != first->ops || mw->exclude != first->exclude)
				continue;
			/* Nothing matched (or no memory): the word goes. */
			if (set)
				apply_spec(&set, &spec, false);
			if (mw != first) {
				list_del(&mw->list);
				mod_word_free(mw);
			}
		}
		if (set)
			ftrace_filter_install(first->ops, first->exclude, set);
		list_del(&first->list);
		mod_word_free(first);
	}
	mutex_unlock(&ftrace_filter_lock);
}

/* ---- sites that went ---- */

/*
 * Replace ops' set by one without grp's sites in [start, end), if it
 * has any. Under ftrace_filter_lock and ftrace_lock.
 */
static void forget_in(struct ftrace_ops *ops, bool exclude,
		      struct ftrace_rec_group *grp, unsigned long start,
		      unsigned long end)
{
	struct ftrace_ip_set __rcu **slot = exclude ? &ops->notrace_ips :
						      &ops->filter_ips;
	struct ftrace_ip_set *cur, *next;
	unsigned long i;

	cur = rcu_dereference_protected(*slot, lockdep_is_held(&ftrace_lock));
	if (!cur)
		return;
	next = ftrace_ip_set_alloc(cur->nr);
	if (!next)
		return;	/* stale ips match no site; a reused address might */
	for (i = 0; i < cur->nr; i++) {
		unsigned long ip = cur->ips[i];

		if (ip >= start && ip < end && ftrace_rec_group_has(grp, ip))
			continue;
		next->ips[next->nr++] = ip;
	}
	if (next->nr == cur->nr) {
		ftrace_ip_set_free(next);
		return;
	}
	/*
	 * An emptied set stays (reads as empty, as upstream's): a filter
	 * then traces nothing, a notrace set excludes nothing.
	 */
	next->emptied = cur->emptied || !next->nr;
	/*
	 * The list function may still read cur (preemption off, maybe
	 * where RCU does not watch): it sees cur or next, both right for
	 * every live site, and cur goes after a rude RCU-tasks period.
	 */
	rcu_assign_pointer(*slot, next);
	call_rcu_tasks_rude(&cur->rcu, ip_set_free_rcu);
}

void ftrace_filter_forget(struct ftrace_rec_group *grp, unsigned long start,
			  unsigned long end)
{
	struct trace_array *tr;
	struct ftrace_ops *op;

	mutex_lock(&trace_types_lock);
	mutex_lock(&ftrace_filter_lock);
	mutex_lock(&ftrace_lock);
	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		forget_in(op, false, grp, start, end);
		forget_in(op, true, grp, start, end);
	}
	/* The arrays' ops, registered or not (each only once if both). */
	list_for_each_entry(tr, &trace_arrays, list) {
		forget_in(&tr->fn_ops, false, grp, start, end);
		forget_in(&tr->fn_ops, true, grp, start, end);
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&ftrace_filter_lock);
	/* The probes' ops lost these sites above; now the probes go. */
	ftrace_probes_forget(grp, start, end);
	mutex_unlock(&trace_types_lock);
}

/* A private copy of the set ops has now (an empty one if none). */
struct ftrace_ip_set *ftrace_filter_copy(struct ftrace_ops *ops, bool exclude)
{
	struct ftrace_ip_set *cur, *copy;

	lockdep_assert_held(&ftrace_filter_lock);
	cur = rcu_dereference_protected(exclude ? ops->notrace_ips : ops->filter_ips,
					lockdep_is_held(&ftrace_filter_lock));
	copy = ftrace_ip_set_alloc(cur ? cur->nr : 0);
	if (copy && cur) {
		memcpy(copy->ips, cur->ips, cur->nr * sizeof(cur->ips[0]));
		copy->nr = cur->nr;
		copy->emptied = cur->emptied;
	}
	return copy;
}

/* Whether a registered ops reads the sets of ops. [ftrace_lock] */
static bool sets_in_use(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (op == ops || op->sets_of == ops)
			return true;
	}
	return false;
}

/* Drop from a private set the ips that are no live site. [ftrace_lock] */
static void prune_gone(struct ftrace_ip_set *set)
{
	unsigned long i, n = 0;

	lockdep_assert_held(&ftrace_lock);
	for (i = 0; i < set->nr; i++) {
		if (ftrace_rec_find(set->ips[i]))
			set->ips[n++] = set->ips[i];
	}
	set->nr = n;
}

/*
 * Make set (consumed) the filter or notrace set of ops, and bring the
 * sites in line if ops, or an ops following its sets, is registered. An
 * empty set is stored as none (all functions), but for a filter with
 * words kept for modules and for an emptied one (see the struct).
 */
int ftrace_filter_install(struct ftrace_ops *ops, bool exclude,
			  struct ftrace_ip_set *set)
{
	struct ftrace_ip_set __rcu **slot = exclude ? &ops->notrace_ips :
						      &ops->filter_ips;
	struct ftrace_ip_set *old;
	bool keep_empty = false;
	int ret = 0;

	lockdep_assert_held(&ftrace_filter_lock);
	/* A filter with words kept for modules traces none of the rest. */
	if (!exclude)
		keep_empty = ftrace_filter_mod_count(ops, false);

	mutex_lock(&ftrace_lock);
	if (set) {
		unsigned long had = set->nr;

		/*
		 * Sites of a module that went since the set was built: not
		 * to be named (the same addresses may be another module's
		 * later). A set emptied so stays, as in forget_in().
		 */
		prune_gone(set);
		if (!set->nr && had)
			set->emptied = true;
		if (!set->nr && !set->emptied && (exclude || !keep_empty)) {
			ftrace_ip_set_free(set);
			set = NULL;
		}
	}
	old = rcu_dereference_protected(*slot, lockdep_is_held(&ftrace_lock));
	/*
	 * A registered ops that may change ip keeps to the rules it was
	 * registered under (ftrace_ipmodify_check()) with the new set.
	 */
	if (ops->flags & FTRACE_OPS_FL_ENABLED) {
		struct ftrace_ip_set __rcu **oslot = exclude ? &ops->filter_ips :
							       &ops->notrace_ips;
		struct ftrace_ip_set *other;

		other = rcu_dereference_protected(*oslot,
						  lockdep_is_held(&ftrace_lock));
		ret = exclude ? ftrace_ipmodify_check(ops, other, set) :
				ftrace_ipmodify_check(ops, set, other);
		if (ret) {
			mutex_unlock(&ftrace_lock);
			ftrace_ip_set_free(set);
			return ret;
		}
	}
	/*
	 * Publish first: a site still on for a function the ops no
	 * longer wants reaches the list function, which asks the new set
	 * and skips the ops; a site turned on below finds the new set.
	 */
	rcu_assign_pointer(*slot, set);
	if (sets_in_use(ops))
		ret = ftrace_update_sites();
	mutex_unlock(&ftrace_lock);

	/*
	 * Freed once no walk of the list can still read it, without
	 * waiting here: a grace period (tens of ms under a slow CPU) for
	 * each edit made arming many kprobes on ftrace sites, one filter
	 * edit each, last 20 times upstream's.
	 */
	if (old)
		call_rcu_tasks_rude(&old->rcu, ip_set_free_rcu);
	return ret;
}

/* ---- the kernel API ---- */

/*
 * Apply the words of buf (len bytes; not NUL-terminated) to ops' set,
 * which starts empty with reset.
 */
static int set_regex(struct ftrace_ops *ops, bool exclude,
		     unsigned char *buf, int len, int reset)
{
	struct ftrace_ip_set *set;
	char *text, *p, *word;
	int ret = 0;

	/* (NULL, 0, 1) just clears the set */
	text = buf ? kmemdup_nul(buf, len, GFP_KERNEL) : kzalloc(1, GFP_KERNEL);
	if (!text)
		return -ENOMEM;

	mutex_lock(&ftrace_filter_lock);
	set = reset ? ftrace_ip_set_alloc(0) : ftrace_filter_copy(ops, exclude);
	if (!set) {
		ret = -ENOMEM;
		goto out;
	}
	p = text;
	while ((word = strsep(&p, " \t\n"))) {
		if (!*word)
			continue;
		ret = ftrace_filter_apply_word(&set, word);
		if (ret)
			break;
	}
	if (ret)
		ftrace_ip_set_free(set);
	else
		ret = ftrace_filter_install(ops, exclude, set);
out:
	mutex_unlock(&ftrace_filter_lock);
	kfree(text);
	return ret;
}

int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return set_regex(ops, false, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return set_regex(ops, true, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/*
 * Add (or with remove, take out) the functions at ips to ops' filter,
 * which starts empty with reset. Each ip must be a call site, or the
 * start of a function that has one: -ENOENT otherwise.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_ip_set *set, *sites, *next;
	unsigned int i;
	int ret = 0;

	sites = ftrace_ip_set_alloc(cnt);
	if (!sites)
		return -ENOMEM;
	for (i = 0; i < cnt; i++) {
		unsigned long site = ftrace_location(ips[i]);

		if (!site) {
			ftrace_ip_set_free(sites);
			return -ENOENT;
		}
		sites->ips[sites->nr++] = site;
	}
	sort(sites->ips, sites->nr, sizeof(sites->ips[0]), ftrace_ip_cmp,
	     NULL);

	mutex_lock(&ftrace_filter_lock);
	set = reset ? ftrace_ip_set_alloc(0) : ftrace_filter_copy(ops, false);
	next = set ? ip_set_merge(set, sites, !remove) : NULL;
	ftrace_ip_set_free(set);
	if (next)
		ret = ftrace_filter_install(ops, false, next);
	else
		ret = -ENOMEM;
	mutex_unlock(&ftrace_filter_lock);
	ftrace_ip_set_free(sites);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/*
 * Drop both sets of an ops that is not registered (its owner is about
 * to free it).
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	/* Still registered: the list function may read them. */
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return;
	ftrace_filter_mod_clear(ops, false);
	ftrace_filter_mod_clear(ops, true);
	ftrace_ip_set_free(rcu_dereference_protected(ops->filter_ips, true));
	ftrace_ip_set_free(rcu_dereference_protected(ops->notrace_ips, true));
	RCU_INIT_POINTER(ops->filter_ips, NULL);
	RCU_INIT_POINTER(ops->notrace_ips, NULL);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);
