// SPDX-License-Identifier: GPL-2.0
/*
 * The "hist" trigger command:
 *
 *	hist:keys=K[,K...][:vals=V[,V...]][:sort=S[,S]][:size=N][:name=NAME]
 *	     [:clock=CLOCK][:pause|:cont|:continue|:clear] [if FILTER]
 *
 * with upstream 6.1's syntax, checks, error_log texts and carets.
 *
 * Lifetimes:
 *  - A histogram (struct hist_data: its fields and map) is made by the
 *    write that adds its first trigger, and holds a count of the
 *    triggers using it ([E]): one, or with name= every trigger of that
 *    name, on any event of any array. It goes when the last trigger
 *    that uses it is freed, which the trigger code does only after no
 *    CPU can be running the trigger: nobody inserts into a freed map.
 *  - A trigger (struct hist_trigger, the event_trigger's data) holds its
 *    histogram and its own pause state. A named trigger is also on
 *    hist_named ([E]) from its linking to its freeing.
 *  - Emptying a map (:clear) must not race with inserts: the histogram
 *    is marked clearing, every CPU is waited for, then the map is
 *    emptied and the mark taken off.
 *
 * The record path takes no lock: the map is lock-free, and what it
 * reads of the trigger and histogram does not change while linked,
 * but for the pause and clearing marks, each read once.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>

#include "hist.h"

static LIST_HEAD(hist_named);

/* What the write asked for, before anything is made of it. */
struct hist_attrs {
	char		*keys, *vals, *sort, *name, *clock;
	unsigned int	bits;
	char		*assign[HIST_VARS_MAX];	/* NAME=VALUE[,...] */
	unsigned int	n_assign;
	char		*actions[HIST_ACTIONS_MAX];
	unsigned int	n_actions;
	bool		pause, cont, clear;
};

/* ---- the record path ---- */

/* A new element of a histogram with an execname: the comm of the task. */
static void hist_elt_init(struct tracing_map_elt *elt, void *arg)
{
	struct hist_elt_priv *priv = elt->priv;

	/* in any context: the task's comm is read as it is, no lock */
	if (!current->pid)
		strscpy(priv->comm, "<idle>", sizeof(priv->comm));
	else
		memcpy(priv->comm, current->comm, sizeof(priv->comm) - 1);
}

/*
 * A variable's value for this record: a number, or for a string the
 * address of its copy in the element (a reader elsewhere may see the
 * copy change under it, as upstream's).
 */
static u64 hist_var_value(const struct hist_rec *r, const struct hist_var *v,
			  struct tracing_map_elt *elt)
{
	struct hist_elt_priv *priv = elt->priv;
	char *buf;

	if (v->str < 0)
		return hist_field_value(r, v->expr);
	/*
	 * The variable's own slot, even for .execname, whose value is the
	 * comm that the entry's creator had, as upstream's: priv->comm
	 * also serves an execname key, so it is never written here.
	 */
	buf = priv->strs[v->str];
	if (v->expr->mods & HF_EXECNAME)
		memcpy(buf, priv->comm, sizeof(priv->comm));
	else
		hist_field_copy_str(v->expr, r->rec, buf, HIST_STR_MAX);
	return (unsigned long)buf;
}

static void hist_record(struct event_trigger *t, struct trace_buffer *buffer,
			void *rec, struct ring_buffer_event *event)
{
	u64 key[HIST_KEY_SIZE_MAX / sizeof(u64)];
	struct hist_trigger *ht = t->data;
	struct hist_data *hd = ht->hd;
	const struct hist_data *fields = ht->own ?: hd;
	struct hist_rec r = {
		.hd = fields, .tr = t->file->tr, .buffer = buffer, .rec = rec,
		.event = event,
	};
	u64 vars[HIST_VARS_MAX];
	struct tracing_map_elt *elt;
	unsigned int i;

	/*
	 * Acquire: a CPU that sees clearing off after a clear sees the
	 * emptied map (hist_clear() releases it after emptying).
	 */
	if (READ_ONCE(ht->paused) || smp_load_acquire(&hd->clearing))
		return;
	/* the referenced histograms may have longer keys: zeros after ours */
	memset(key, 0, max(hd->key_size, fields->ref_key_size));
	for (i = 0; i < hd->n_keys; i++)
		hist_field_key(&r, fields->keys[i], key);
	/* another histogram's variable missing: the record counts for nothing */
	if (fields->n_refs && !hist_refs_read(&r, key))
		return;
	elt = tracing_map_insert(hd->map, key,
				 hd->execname ? hist_elt_init : NULL, NULL);
	if (!elt)
		return;
	tracing_map_add_sum(elt, 0, 1);
	for (i = 1; i < hd->n_vals; i++)
		tracing_map_add_sum(elt, i,
				    hist_field_value(&r, fields->vals[i]));
	for (i = 0; i < fields->n_vars; i++) {
		vars[i] = hist_var_value(&r, &fields->vars[i], elt);
		tracing_map_set_var(elt, i, vars[i]);
	}
	if (fields->n_actions)
		hist_actions_run(&r, elt, vars);
}

/* enable_hist and disable_hist, from the record path of their event. */
void hist_triggers_pause(struct trace_event_file *file, bool pause)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list)
		if (t->cmd == &hist_trigger_cmd)
			WRITE_ONCE(((struct hist_trigger *)t->data)->paused,
				   pause);
}

/* ---- histograms ---- */

/*
 * Give back what hd holds outside itself: the references to other
 * histograms (and their events), the histograms made for its actions,
 * its conditional snapshot. Done when the trigger that made hd goes,
 * even if joiners of its name keep hd: only that trigger runs hd's
 * references and actions, and what they point to may be another
 * array's, gone after it. Again later, it does nothing. [E]
 */
static void hist_data_detach(struct hist_data *hd)
{
	hist_actions_detach(hd);
	hist_refs_put(hd);
	hist_field_hists_drop(hd);
}

static void hist_data_free(struct hist_data *hd)
{
	unsigned int i;

	if (!hd)
		return;
	hist_data_detach(hd);
	hist_actions_free(hd);
	for (i = 0; i < hd->n_keys; i++)
		hist_field_free(hd->keys[i]);
	for (i = 0; i < hd->n_vals; i++)
		hist_field_free(hd->vals[i]);
	for (i = 0; i < hd->n_vars; i++) {
		hist_field_free(hd->vars[i].expr);
		kfree(hd->vars[i].name);
		kfree(hd->vars[i].text);
	}
	if (!IS_ERR_OR_NULL(hd->map))
		tracing_map_destroy(hd->map);
	kfree(hd->clock);
	kfree(hd);
}

void hist_data_put(struct hist_data *hd)
{
	if (hd && !--hd->ref)
		hist_data_free(hd);
}

/*
 * vals: hitcount first, always; then at most HIST_VALS_MAX - 1 fields.
 * As upstream's: "hitcount" may be named anywhere, but only the first
 * HIST_VALS_MAX items are looked at, and what follows them may only be
 * one more "hitcount".
 */
static int hist_parse_vals(struct hist_parse *p, struct hist_data *hd,
			   char *text)
{
	struct hist_field *f;
	unsigned int i;
	char *item;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->kind = HK_HITCOUNT;
	f->size = sizeof(u64);
	hd->vals[hd->n_vals++] = f;
	for (i = 0; i < HIST_VALS_MAX && hd->n_vals < HIST_VALS_MAX; i++) {
		item = strsep(&text, ",");
		if (!item)
			break;
		if (!strcmp(item, "hitcount"))
			continue;
		f = hist_field_parse(p, item, false);
		if (IS_ERR(f))
			return PTR_ERR(f);
		hd->vals[hd->n_vals++] = f;
		if ((f->mods & HF_NOT_VAL) || f->kind == HK_STACK) {
			hist_err(p, HE_BAD_FIELD_MODIFIER, item);
			return -EINVAL;
		}
		/* a sum of strings means nothing: refused, with no log entry */
		if (f->kind == HK_STR)
			return -EINVAL;
	}
	if (text && strcmp(text, "hitcount"))
		return -EINVAL;
	return 0;
}

static int hist_parse_keys(struct hist_parse *p, struct hist_data *hd,
			   char *text)
{
	struct hist_field *f;
	char *item;

	while ((item = strsep(&text, ","))) {
		if (hd->n_keys == HIST_KEYS_MAX)
			return -EINVAL;
		f = hist_field_parse(p, item, true);
		if (IS_ERR(f))
			return PTR_ERR(f);
		hd->keys[hd->n_keys++] = f;
		f->offset = hd->key_size;
		hd->key_size += f->size;
		if (hd->key_size > HIST_KEY_SIZE_MAX)
			return -EINVAL;
		if (f->mods & HF_EXECNAME)
			hd->execname = true;
	}
	return 0;
}

/* ".descending", ".ascending" or nothing: 1, 0; else logged, -EINVAL */
static int hist_sort_order(struct hist_parse *p, const char *mod)
{
	if (!mod || !strcmp(mod, "ascending"))
		return 0;
	if (!strcmp(mod, "descending"))
		return 1;
	hist_err(p, HE_INVALID_SORT_MODIFIER, mod);
	return -EINVAL;
}

/*
 * The sort= fields, by name: hitcount, or a value or key field (values
 * first, the first of that name). Without sort=, hitcount ascending.
 */
static int hist_parse_sort(struct hist_parse *p, struct hist_data *hd,
			   char *text)
{
	struct hist_sort *s;
	char *item, *name;
	unsigned int i;
	int order;

	hd->n_sort = 1;
	if (!text)
		return 0;
	for (hd->n_sort = 0; hd->n_sort < HIST_SORT_MAX; hd->n_sort++) {
		s = &hd->sort[hd->n_sort];
		item = strsep(&text, ",");
		if (!item)
			break;
		if (!*item) {
			hist_err(p, HE_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (hd->n_sort == HIST_SORT_MAX - 1 && text) {
			hist_err(p, HE_TOO_MANY_SORT_FIELDS, "sort=");
			return -EINVAL;
		}
		name = strsep(&item, ".");
		if (!*name) {
			hist_err(p, HE_EMPTY_SORT_FIELD, "sort=");
			return -EINVAL;
		}
		if (!strcmp(name, "hitcount")) {
			s->key = false;
			s->idx = 0;
			goto order;
		}
		for (i = 1; i < hd->n_vals; i++) {
			if (!strcmp(name, hist_field_name(hd->vals[i]))) {
				s->key = false;
				s->idx = i;
				goto order;
			}
		}
		for (i = 0; i < hd->n_keys; i++) {
			if (!strcmp(name, hist_field_name(hd->keys[i]))) {
				s->key = true;
				s->idx = i;
				goto order;
			}
		}
		hist_err(p, HE_INVALID_SORT_FIELD, name);
		return -EINVAL;
order:
		order = hist_sort_order(p, item);
		if (order < 0)
			return order;
		s->descending = order;
	}
	return 0;
}

/*
 * Whether the histogram reads the records' stamps, and in microseconds
 * (common_timestamp.usecs anywhere in it: then every stamp it reads).
 */
static void hist_field_stamps(struct hist_data *hd, struct hist_field *f)
{
	if (!f)
		return;
	if (f->kind == HK_TIMESTAMP) {
		hd->timestamps = true;
		if (f->mods & HF_USECS)
			hd->usecs = true;
	}
	hist_field_stamps(hd, f->operands[0]);
	hist_field_stamps(hd, f->operands[1]);
}

static void hist_data_stamps(struct hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->n_keys; i++)
		hist_field_stamps(hd, hd->keys[i]);
	for (i = 0; i < hd->n_vals; i++)
		hist_field_stamps(hd, hd->vals[i]);
	for (i = 0; i < hd->n_vars; i++)
		hist_field_stamps(hd, hd->vars[i].expr);
}

static struct hist_data *hist_data_new(struct hist_parse *p,
				       struct hist_attrs *a)
{
	struct hist_data *hd;
	unsigned int i;
	int ret;

	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd)
		return ERR_PTR(-ENOMEM);
	hd->ref = 1;
	INIT_LIST_HEAD(&hd->field_hists);
	hd->bits = a->bits ?: TRACING_MAP_BITS_DEFAULT;
	hd->clock = kstrdup(a->clock ?: "global", GFP_KERNEL);
	p->hd = hd;
	ret = hd->clock ? 0 : -ENOMEM;
	/* the onmatch() events first: variables are looked for there */
	for (i = 0; !ret && i < a->n_actions; i++)
		ret = hist_action_parse(p, a->actions[i]);
	if (!ret)
		ret = hist_vars_parse(p, a->assign, a->n_assign);
	if (!ret)
		ret = hist_parse_vals(p, hd, a->vals);
	if (!ret)
		ret = hist_parse_keys(p, hd, a->keys);
	if (!ret)
		ret = hist_parse_sort(p, hd, a->sort);
	/*
	 * The actions are created by hist_add(), once the write is known
	 * to make a new histogram: a removal, an update (:pause, :cont,
	 * :clear) or a join of a named one matches them by their text, as
	 * upstream's, and must not take what they hold (a conditional
	 * snapshot, histograms made on other events).
	 */
	if (ret) {
		hist_data_free(hd);
		return ERR_PTR(ret);
	}
	hist_data_stamps(hd);
	return hd;
}

/* The map, once the histogram is known to be a new one. */
static int hist_data_map(struct hist_data *hd)
{
	hd->map = tracing_map_create(hd->bits, hd->key_size, hd->n_vals,
				     hd->n_vars,
				     hd->execname || hd->n_strs || hd->track ?
				     struct_size((struct hist_elt_priv *)NULL,
						 strs, hd->n_strs) : 0);
	return PTR_ERR_OR_ZERO(hd->map);
}

/* ---- the attributes ---- */

static void hist_attrs_free(struct hist_attrs *a)
{
	unsigned int i;

	for (i = 0; i < a->n_assign; i++)
		kfree(a->assign[i]);
	for (i = 0; i < a->n_actions; i++)
		kfree(a->actions[i]);
	kfree(a->keys);
	kfree(a->vals);
	kfree(a->sort);
	kfree(a->name);
	kfree(a->clock);
}

/* Replace *slot with a copy of text. */
static int hist_attr_set(char **slot, const char *text)
{
	char *copy = kstrdup(text, GFP_KERNEL);

	if (!copy)
		return -ENOMEM;
	kfree(*slot);
	*slot = copy;
	return 0;
}

/* size=N: N rounded up to a power of two, its log2 within the limits */
static int hist_parse_size(const char *text, unsigned int *bits)
{
	unsigned long n;
	unsigned int b;
	int ret;

	/* kstrtoul()'s errno (ERANGE for too many digits), as upstream's */
	ret = kstrtoul(text, 0, &n);
	if (ret)
		return ret;
	b = n > 1 ? fls_long(n - 1) : 0;
	if (b < TRACING_MAP_BITS_MIN || b > TRACING_MAP_BITS_MAX)
		return -EINVAL;
	*bits = b;
	return 0;
}

enum hist_attr { HA_KEYS, HA_VALS, HA_SORT, HA_NAME, HA_CLOCK, HA_SIZE };

static const struct {
	const char	*prefix;
	enum hist_attr	attr;
} hist_attr_names[] = {
	{ "key=", HA_KEYS }, { "keys=", HA_KEYS },
	{ "val=", HA_VALS }, { "vals=", HA_VALS }, { "values=", HA_VALS },
	{ "sort=", HA_SORT }, { "name=", HA_NAME }, { "clock=", HA_CLOCK },
	{ "size=", HA_SIZE },
};

static int hist_parse_assignment(struct hist_parse *p, struct hist_attrs *a,
				 char *item)
{
	char *rhs = strchr(item, '=') + 1;
	int i;

	if (!*rhs) {
		hist_err(p, HE_EMPTY_ASSIGNMENT, item);
		return -EINVAL;
	}
	for (i = 0; i < ARRAY_SIZE(hist_attr_names); i++) {
		if (!str_has_prefix(item, hist_attr_names[i].prefix))
			continue;
		switch (hist_attr_names[i].attr) {
		case HA_KEYS:
			return hist_attr_set(&a->keys, rhs);
		case HA_VALS:
			return hist_attr_set(&a->vals, rhs);
		case HA_SORT:
			return hist_attr_set(&a->sort, rhs);
		case HA_NAME:
			/* kept whole: the line shows it, names match by it */
			return hist_attr_set(&a->name, item);
		case HA_CLOCK:
			return hist_attr_set(&a->clock, strim(rhs));
		case HA_SIZE:
			return hist_parse_size(rhs, &a->bits);
		}
	}
	/* variables, one or more: hist_vars_parse() splits them */
	if (a->n_assign == HIST_VARS_MAX) {
		hist_err(p, HE_TOO_MANY_VARS, item);
		return -EINVAL;
	}
	a->assign[a->n_assign] = kstrdup(item, GFP_KERNEL);
	return a->assign[a->n_assign++] ? 0 : -ENOMEM;
}

static int hist_parse_attrs(struct hist_parse *p, struct hist_attrs *a,
			    char *text)
{
	char *item;
	int ret;

	while ((item = strsep(&text, ":"))) {
		if (strchr(item, '=')) {
			ret = hist_parse_assignment(p, a, item);
			if (ret)
				return ret;
		} else if (!strcmp(item, "pause")) {
			a->pause = true;
		} else if (!strcmp(item, "cont") || !strcmp(item, "continue")) {
			a->cont = true;
		} else if (!strcmp(item, "clear")) {
			a->clear = true;
		} else if (a->n_actions < HIST_ACTIONS_MAX &&
			   (str_has_prefix(item, "onmatch(") ||
			    str_has_prefix(item, "onmax(") ||
			    str_has_prefix(item, "onchange("))) {
			a->actions[a->n_actions] = kstrdup(item, GFP_KERNEL);
			if (!a->actions[a->n_actions++])
				return -ENOMEM;
		} else {
			return -EINVAL;
		}
	}
	if (!a->keys)
		return -EINVAL;
	return 0;
}

/*
 * Split "ARGS [if FILTER]" at the first "if" with a blank on each side;
 * *filter is left at the "if". An "if" that starts the text or ends it
 * is an error, as upstream.
 */
static int hist_split_filter(char *args, char **filter)
{
	char *s = args;

	*filter = NULL;
	while ((s = strstr(s, "if"))) {
		if (s == args)
			return -EINVAL;
		if (s[-1] != ' ' && s[-1] != '\t') {
			s++;
			continue;
		}
		if (!s[2] || !s[3])
			return -EINVAL;
		if (s[2] != ' ' && s[2] != '\t') {
			s++;
			continue;
		}
		s[-1] = '\0';
		*filter = s;
		strim(args);
		return 0;
	}
	return 0;
}

/* ---- the triggers of a file ---- */

static struct hist_trigger *hist_named_find(const char *name)
{
	struct hist_trigger *ht;

	list_for_each_entry(ht, &hist_named, named)
		if (!strcmp(ht->name, name))
			return ht;
	return NULL;
}

static bool hist_data_same(const struct hist_data *a,
			   const struct hist_data *b)
{
	unsigned int i;

	if (a->n_keys != b->n_keys || a->n_vals != b->n_vals ||
	    a->n_sort != b->n_sort)
		return false;
	for (i = 0; i < a->n_keys; i++)
		if (!hist_field_same(a->keys[i], b->keys[i]))
			return false;
	for (i = 0; i < a->n_vals; i++)
		if (!hist_field_same(a->vals[i], b->vals[i]))
			return false;
	for (i = 0; i < a->n_sort; i++)
		if (a->sort[i].key != b->sort[i].key ||
		    a->sort[i].idx != b->sort[i].idx ||
		    a->sort[i].descending != b->sort[i].descending)
			return false;
	if (a->n_vars != b->n_vars)
		return false;
	for (i = 0; i < a->n_vars; i++)
		if (strcmp(a->vars[i].name, b->vars[i].name) ||
		    !hist_field_same(a->vars[i].expr, b->vars[i].expr))
			return false;
	return hist_actions_same(a, b);
}

/*
 * Whether t (a new trigger, not linked) is the same as test: the same
 * histogram shape and filter; when a name is in play (named: its
 * histogram), only triggers of that name match.
 */
static bool hist_match(struct event_trigger *t, struct event_trigger *test,
		       struct hist_data *named, bool ignore_filter)
{
	struct hist_trigger *ht = t->data, *ht_test = test->data;

	if (named ? ht_test->hd != named : !!ht_test->name)
		return false;
	if (!hist_data_same(ht->hd, ht_test->hd))
		return false;
	if (ignore_filter)
		return true;
	if (!t->filter_text != !test->filter_text)
		return false;
	return !t->filter_text || !strcmp(t->filter_text, test->filter_text);
}

static struct event_trigger *hist_find(struct event_trigger *t,
				       struct hist_data *named)
{
	struct event_trigger *test;

	list_for_each_entry(test, &t->file->triggers, list)
		if (test->cmd == &hist_trigger_cmd &&
		    hist_match(t, test, named, false))
			return test;
	return NULL;
}

static void hist_clear(struct hist_trigger *ht)
{
	struct hist_data *hd = ht->hd;
	struct hist_trigger *other;

	/* writers that see the mark keep off the map */
	WRITE_ONCE(hd->clearing, true);
	/* and those that did not are done once this returns */
	tracepoint_synchronize_unregister();
	tracing_map_clear(hd->map);
	/* release: the emptied map before the mark's removal */
	smp_store_release(&hd->clearing, false);
	/* as upstream's: clearing a named histogram resumes all its triggers */
	if (ht->name)
		list_for_each_entry(other, &hist_named, named)
			if (other->hd == hd)
				WRITE_ONCE(other->paused, false);
}

/*
 * Whether removing t would leave another histogram reading variables
 * that are gone: the last trigger of a histogram others read. [E]
 */
static bool hist_busy(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;

	return hist_data_busy(ht->hd) && ht->hd->ref - ht->hd->ref_users <= 1;
}

/* The trigger's data goes with it: hist_trigger_cmd.release. [E] */
static void hist_release(struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;

	if (!ht)
		return;
	if (!list_empty(&ht->named))
		list_del(&ht->named);
	/* the trigger that made hd: a joiner's is ht->own */
	if (!ht->own)
		hist_data_detach(ht->hd);
	hist_data_put(ht->hd);
	hist_data_put(ht->own);
	kfree(ht->name);
	kfree(ht);
}

/*
 * A new histogram trigger, or :pause/:cont/:clear of an existing one,
 * in upstream's order of checks.
 */
static int hist_add(struct event_trigger *t, struct hist_parse *p,
		    struct hist_attrs *a)
{
	struct hist_trigger *ht = t->data, *named_ht = NULL;
	struct hist_data *named = NULL, *own;
	struct event_trigger *old;
	int ret;

	if (a->name) {
		named_ht = hist_named_find(a->name);
		named = named_ht ? named_ht->hd : NULL;
	}
	/* an update of an existing one */
	if ((a->pause || a->cont || a->clear) &&
	    (!a->name || (named && hist_data_same(ht->hd, named)))) {
		list_for_each_entry(old, &t->file->triggers, list) {
			if (old->cmd != &hist_trigger_cmd ||
			    !hist_match(t, old, named, false))
				continue;
			if (a->pause || a->cont)
				WRITE_ONCE(((struct hist_trigger *)old->data)->paused,
					   a->pause);
			else
				hist_clear(old->data);
			event_trigger_free(t);
			return 0;
		}
	}
	ret = -EINVAL;
	if (named && !hist_data_same(ht->hd, named)) {
		hist_err(p, HE_NAMED_MISMATCH, a->name);
		goto fail;
	}
	if ((!a->name || named) && hist_find(t, named)) {
		hist_err(p, HE_TRIGGER_EEXIST, NULL);
		ret = -EEXIST;
		goto fail;
	}
	if (a->cont || a->clear) {
		hist_err(p, HE_TRIGGER_ENOENT_CLEAR, NULL);
		ret = -ENOENT;
		goto fail;
	}
	ht->paused = a->pause;
	if (named) {
		/*
		 * share the named one's map, read our event with our fields;
		 * run no actions (upstream's joiner creates none: the named
		 * histogram's first trigger runs them)
		 */
		hist_actions_free(ht->hd);
		ht->own = ht->hd;
		ht->hd = named;
		named->ref++;
	} else {
		ret = hist_actions_create(p);
		if (!ret)
			ret = hist_data_map(ht->hd);
		if (ret)
			goto fail;
	}
	/* the clock this trigger asked for, as upstream's, if it joined */
	own = ht->own ?: ht->hd;
	if (own->timestamps) {
		ret = tracing_set_clock_locked(t->file->tr, own->clock);
		if (ret) {
			hist_err(p, HE_SET_CLOCK_FAIL, own->clock);
			goto fail;
		}
	}
	ret = event_trigger_link(t);
	if (ret)
		goto fail;
	if (ht->name)
		list_add(&ht->named, &hist_named);
	return 0;
fail:
	event_trigger_free(t);
	return ret;
}

static int hist_remove(struct event_trigger *t, struct hist_attrs *a)
{
	struct hist_trigger *named = a->name ? hist_named_find(a->name) : NULL;
	struct event_trigger *old = hist_find(t, named ? named->hd : NULL);

	event_trigger_free(t);
	/* removing one that is not there succeeds, as upstream */
	if (!old)
		return 0;
	/* another histogram reads its variables */
	if (hist_busy(old))
		return -EBUSY;
	event_trigger_unlink_free(old);
	return 0;
}

static int hist_write(struct trace_event_file *file,
		      const struct trigger_cmd *cmd, bool remove, char *args)
{
	struct trace_event_call *call = file->event_call;
	struct hist_attrs a = { };
	struct hist_parse p = { .tr = file->tr, .file = file, .remove = remove };
	struct hist_trigger *ht;
	struct event_trigger *t;
	struct hist_data *hd;
	char *filter, *loc;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!args)
		return -EINVAL;
	p.cmd = kasprintf(GFP_KERNEL, "hist:%s", args);
	loc = kasprintf(GFP_KERNEL, "hist:%s:%s", call->class->system,
			trace_event_name(call));
	p.loc = loc;
	ret = -ENOMEM;
	if (!p.cmd || !loc)
		goto out;
	ret = hist_split_filter(args, &filter);
	if (!ret)
		ret = hist_parse_attrs(&p, &a, args);
	if (ret)
		goto out;
	hd = hist_data_new(&p, &a);
	ret = PTR_ERR(hd);
	if (IS_ERR(hd))
		goto out;

	ret = -ENOMEM;
	ht = kzalloc(sizeof(*ht), GFP_KERNEL);
	t = ht ? event_trigger_new(file, cmd) : NULL;
	if (!t) {
		hist_data_free(hd);
		kfree(ht);
		goto out;
	}
	INIT_LIST_HEAD(&ht->named);
	ht->hd = hd;
	t->data = ht;
	if (a.name) {
		ht->name = kstrdup(a.name, GFP_KERNEL);
		if (!ht->name) {
			event_trigger_free(t);
			goto out;
		}
	}
	if (filter) {
		ret = event_trigger_parse_filter(t, filter);
		if (ret) {
			event_trigger_free(t);
			goto out;
		}
	}
	if (remove)
		ret = hist_remove(t, &a);
	else
		ret = hist_add(t, &p, &a);
out:
	hist_attrs_free(&a);
	kfree(p.cmd);
	kfree(loc);
	return ret;
}

int hist_command(struct trace_event_file *file, bool remove,
		 const char *text)
{
	char *args = kstrdup(text, GFP_KERNEL);
	int ret;

	if (!args)
		return -ENOMEM;
	ret = hist_write(file, &hist_trigger_cmd, remove, args);
	kfree(args);
	return ret;
}

const struct trigger_cmd hist_trigger_cmd = {
	.name		= "hist",
	.type		= ETT_EVENT_HIST,
	.tail		= true,
	.trunc		= true,
	.busy		= hist_busy,
	.write		= hist_write,
	.record		= hist_record,
	.show		= hist_trigger_print,
	.release	= hist_release,
};
