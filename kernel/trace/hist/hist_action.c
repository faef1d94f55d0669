// SPDX-License-Identifier: GPL-2.0
/*
 * Hist actions: what a histogram does when a record updates one of its
 * entries, beyond counting.
 *
 *	onmatch(SYSTEM.EVENT).trace(SYNTH,PARAM,...)
 *	onmatch(SYSTEM.EVENT).SYNTH(PARAM,...)
 *
 * fires the synthetic event SYNTH with the parameters' values: $VAR, a
 * variable of this histogram (its value just set) or of another one
 * (SYSTEM.EVENT's first: hist_var.c's reference, read with the
 * record's key), or a field: of this event's record if it has one of
 * that name, else of SYSTEM.EVENT (or the event the parameter names),
 * whose value a histogram made there for it keeps by key, as a
 * variable (hist_field_var_ref()). SYSTEM.EVENT is the
 * event whose variables the histogram reads: a record fires when they
 * are set for its key, that is when it matches an earlier record of
 * that event. The parameters' number and types must be the synthetic
 * event's fields'.
 *
 *	onmax($VAR).save(FIELD,...)
 *	onchange($VAR).save(FIELD,...)
 *
 * keep, per entry, the largest (or the last different) value of the
 * histogram's variable VAR and, each time it changes so, the values of
 * the record's FIELDs; the hist file shows them under the entry. The
 * tracked value is an atomic64_t of the element, updated by cmpxchg
 * (two records at once on two CPUs: the larger wins, none is lost); the
 * saved values are written by the context that moved it, so two
 * contexts that move it at once may mix theirs, as upstream's do.
 *
 *	onmax($VAR).snapshot()
 *	onchange($VAR).snapshot()
 *
 * track VAR per entry in the same way and, when an entry's value moves,
 * take a snapshot of the array's buffer if the value is also the
 * largest (or a change) over all entries: a conditional snapshot
 * (trace_snapshot.c), whose update() decides under max_lock, so that
 * of two racing records only the winner's value, key and comm are kept
 * with the snapshot it takes. The hist file then says what triggered
 * it. An array has one conditional snapshot at a time: a second such
 * action, or one while a latency tracer owns the spare buffer, is EBUSY.
 *
 * Lifetime: an action holds its synthetic event (its users count, so
 * that removing the event is EBUSY), and a snapshot action the array's
 * conditional snapshot, until its histogram is freed, after no CPU can
 * be running it.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hist.h"
#include "synth.h"

/* Where a parameter's value comes from. */
enum hist_param_kind {
	HP_FIELD,	/* a field of the record (a string: its address) */
	HP_VAR,		/* a variable of this histogram */
	HP_REF,		/* another histogram's variable */
};

struct hist_param {
	enum hist_param_kind	kind;
	struct hist_field	*f;	/* HP_FIELD, HP_REF */
	unsigned int		var;	/* HP_VAR */
};

enum hist_handler { HH_MATCH, HH_MAX, HH_CHANGE };

/*
 * What a snapshot action keeps with the snapshot: the value over all
 * entries and the entry that set it. Written by the update() under
 * max_lock; the hist file reads it without the lock, as upstream's.
 */
struct hist_snap {
	u64			val;
	bool			taken;
	struct hist_elt_priv	*priv;	/* the entry's comm */
	u8			key[];	/* the histogram's key_size */
};

/* What tracing_snapshot_cond() passes to the update(). */
struct hist_snap_ctx {
	const struct hist_action	*a;
	const struct tracing_map_elt	*elt;
	unsigned int			key_size;
	u64				val;
};

struct hist_action {
	enum hist_handler	handler;
	char			*var_text; /* onmax()'s, onchange()'s "$VAR" */
	int			var;	/* ... that variable */
	unsigned int		track;	/* its slot in the element's track[] */
	unsigned int		save;	/* its first slot in strs[] */
	char			*sys, *event;	/* onmatch()'s */
	char			*name;	/* "trace", or the event's name */
	char			*synth;	/* the synthetic event's name */
	bool			trace_kw; /* trace(SYNTH,...) */
	bool			snapshot; /* onmax/onchange().snapshot() */
	char			*params[SYNTH_FIELDS_MAX];
	unsigned int		n_params;
	struct hist_param	*p;	/* n_params of them */
	struct synth_event	*se;	/* held: its users */
	struct hist_snap	*snap;	/* snapshot(): held, tr's */
	struct trace_array	*tr;	/* ... on this array */
};

static void hist_action_free(struct hist_action *a)
{
	unsigned int i;

	if (a->se)
		a->se->users--;
	for (i = 0; a->p && i < a->n_params; i++)
		hist_field_free(a->p[i].f);
	for (i = 0; i < a->n_params; i++)
		kfree(a->params[i]);
	kfree(a->p);
	kfree(a->var_text);
	kfree(a->sys);
	kfree(a->event);
	kfree(a->name);
	kfree(a->synth);
	kfree(a);
}

void hist_actions_detach(struct hist_data *hd)
{
	struct hist_action *a;
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (!a->snap)
			continue;
		/* after this no update() can be running with snap: it may go */
		if (tracing_cond_snapshot_data(a->tr) == a->snap)
			tracing_snapshot_cond_disable(a->tr);
		kfree(a->snap->priv);
		kfree(a->snap);
		a->snap = NULL;
	}
}

void hist_actions_free(struct hist_data *hd)
{
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++)
		hist_action_free(hd->actions[i]);
	hd->n_actions = 0;
}

/* "NAME(P,P...)": the parameters, as upstream splits them. */
static int hist_action_params(struct hist_parse *p, struct hist_action *a,
			      char *params)
{
	bool first = true;
	char *param;

	while (params) {
		if (a->n_params == SYNTH_FIELDS_MAX) {
			hist_err(p, HE_TOO_MANY_PARAMS, NULL);
			return -EINVAL;
		}
		param = strim(strsep(&params, ","));
		if (strlen(param) < 2) {
			hist_err(p, HE_INVALID_PARAM, param);
			return -EINVAL;
		}
		param = kstrdup(param, GFP_KERNEL);
		if (!param)
			return -ENOMEM;
		if (first && a->trace_kw)
			a->synth = param;
		else
			a->params[a->n_params++] = param;
		first = false;
	}
	return 0;
}

/* ".NAME(...": the action's name, *text left after the "(". */
static int hist_action_name(struct hist_parse *p, struct hist_action *a,
			    char **text)
{
	char *name;

	strsep(text, ".");
	name = *text ? strsep(text, "(") : NULL;
	if (!name || !*text) {
		hist_err(p, HE_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	a->name = kstrdup(name, GFP_KERNEL);
	return a->name ? 0 : -ENOMEM;
}

static int hist_onmatch_parse(struct hist_parse *p, struct hist_action *a,
			      char *text)
{
	char *match, *sys, *name, *params;
	int ret;

	match = strsep(&text, ")");
	if (!text) {
		hist_err(p, HE_NO_CLOSING_PAREN, match);
		return -EINVAL;
	}
	sys = strsep(&match, ".");
	if (!match) {
		hist_err(p, HE_SUBSYS_NOT_FOUND, sys);
		return -EINVAL;
	}
	if (!hist_find_file(p->tr, sys, match)) {
		hist_err(p, HE_INVALID_SUBSYS_EVENT, match);
		return -EINVAL;
	}
	a->sys = kstrdup(sys, GFP_KERNEL);
	a->event = kstrdup(match, GFP_KERNEL);
	if (!a->sys || !a->event)
		return -ENOMEM;
	ret = hist_action_name(p, a, &text);
	if (ret)
		return ret;
	name = a->name;
	if (str_has_prefix(name, "save") || str_has_prefix(name, "snapshot")) {
		hist_err(p, HE_ACTION_MISMATCH, name);
		return -EINVAL;
	}
	a->trace_kw = str_has_prefix(name, "trace");
	params = strsep(&text, ")");
	return params ? hist_action_params(p, a, params) : 0;
}

/* "onmax($VAR).save(F,...)": the part after "onmax(". */
static int hist_track_parse(struct hist_parse *p, struct hist_action *a,
			    char *text)
{
	char *var, *name, *params;
	int ret;

	var = strsep(&text, ")");
	if (!text) {
		hist_err(p, HE_NO_CLOSING_PAREN, var);
		return -EINVAL;
	}
	a->var_text = kstrdup(var, GFP_KERNEL);
	if (!a->var_text)
		return -ENOMEM;
	ret = hist_action_name(p, a, &text);
	if (ret)
		return ret;
	name = a->name;
	if (str_has_prefix(name, "save")) {
		params = strsep(&text, ")");
		if (!params) {
			hist_err(p, HE_NO_SAVE_PARAMS, NULL);
			return -EINVAL;
		}
		return hist_action_params(p, a, params);
	}
	if (str_has_prefix(name, "snapshot")) {
		/* its parameters, if any, are ignored, as upstream's */
		strsep(&text, ")");
		if (!text) {
			hist_err(p, HE_NO_CLOSING_PAREN, NULL);
			return -EINVAL;
		}
		a->snapshot = true;
		return 0;
	}
	hist_err(p, HE_ACTION_MISMATCH, name);
	return -EINVAL;
}

int hist_action_parse(struct hist_parse *p, char *text)
{
	struct hist_data *hd = p->hd;
	struct hist_action *a;
	size_t n;

	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	hd->actions[hd->n_actions++] = a;
	n = str_has_prefix(text, "onmatch(");
	if (n)
		return hist_onmatch_parse(p, a, text + n);
	n = str_has_prefix(text, "onmax(");
	a->handler = n ? HH_MAX : HH_CHANGE;
	if (!n)
		n = str_has_prefix(text, "onchange(");
	return hist_track_parse(p, a, text + n);
}

bool hist_action_match_event(const struct hist_data *hd, unsigned int i,
			     const char **sys, const char **event)
{
	/* (an onmax() or onchange() names no event: nothing of it) */
	for (; i < hd->n_actions; i++) {
		if (hd->actions[i]->sys) {
			*sys = hd->actions[i]->sys;
			*event = hd->actions[i]->event;
			return true;
		}
	}
	return false;
}

/* What a parameter is, as the type check sees it. */
static const struct hist_field *hist_param_field(const struct hist_data *hd,
						 const struct hist_param *hp)
{
	return hp->kind == HP_VAR ? hd->vars[hp->var].expr : hp->f;
}

/* Whether the parameter may fill the synthetic event's field. */
static bool hist_param_fits(const struct hist_field *f,
			    const struct synth_field *sf)
{
	bool str = sf->kind == SYNTH_STR || sf->kind == SYNTH_DYN_STR;
	bool stack = f->kind == HK_STACK, sf_stack = sf->kind == SYNTH_STACK;

	/* a char[] field takes any string */
	if (sf->kind == SYNTH_DYN_STR && strstr(f->type, "char["))
		return true;
	if (stack != sf_stack)
		return false;
	if (sf_stack)
		return true;
	if (!strcmp(sf->type, f->type))
		return true;
	return sf->size == f->tsize && (str || sf->is_signed == f->is_signed);
}

/* One parameter: "$VAR", "SYS.EVENT.$VAR", "FIELD", "SYS.EVENT.FIELD". */
static int hist_param_make(struct hist_parse *p, struct hist_action *a,
			   unsigned int i)
{
	struct trace_event_call *call = p->file->event_call;
	struct hist_param *hp = &a->p[i];
	char *copy, *sys = NULL, *event = NULL, *x;
	bool own;
	int ret = 0, v;

	copy = kstrdup(a->params[i], GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	x = copy;
	if (strchr(x, '.')) {
		sys = strsep(&x, ".");
		event = strsep(&x, ".");
		if (!x) {
			ret = -EINVAL;
			goto out;
		}
	}
	own = !sys || (!strcmp(sys, call->class->system) &&
		       !strcmp(event, trace_event_name(call)));
	if (x[0] == '$') {
		v = own ? hist_var_find(p->hd, x + 1) : -1;
		if (v >= 0) {
			hp->kind = HP_VAR;
			hp->var = v;
			goto out;
		}
		hp->kind = HP_REF;
		hp->f = hist_ref_parse(p, own ? NULL : sys, own ? NULL : event,
				       x + 1, false);
	} else {
		/*
		 * A field: this event's if it has it (tried quietly), else
		 * the named event's, or the onmatch() event's, kept there
		 * in a variable (a histogram made for it, as upstream's).
		 */
		hp->f = ERR_PTR(-ENOENT);
		if (own) {
			p->key = false;
			p->quiet = true;
			hp->f = hist_atom_parse(p, x);
			p->quiet = false;
		}
		hp->kind = HP_FIELD;
		if (IS_ERR(hp->f) && PTR_ERR(hp->f) != -ENOMEM) {
			hp->kind = HP_REF;
			hp->f = hist_field_var_ref(p, sys ?: a->sys,
						   event ?: a->event, x);
		}
		if (IS_ERR(hp->f)) {
			/* EINVAL whatever went wrong, as upstream's, but memory */
			ret = PTR_ERR(hp->f) == -ENOMEM ? -ENOMEM : -EINVAL;
			hp->f = NULL;
			goto out;
		}
	}
	if (IS_ERR(hp->f)) {
		ret = PTR_ERR(hp->f);
		hp->f = NULL;
		if (ret == -ENOENT) {
			hist_err(p, HE_PARAM_NOT_FOUND, a->params[i]);
			ret = -EINVAL;
		}
	}
out:
	kfree(copy);
	return ret;
}

static int hist_action_create(struct hist_parse *p, struct hist_action *a)
{
	const char *name = a->trace_kw ? a->synth : a->name;
	struct synth_event *se;
	unsigned int i;
	int ret;

	se = name ? synth_event_find(name) : NULL;
	if (!se) {
		hist_err(p, HE_SYNTH_EVENT_NOT_FOUND, name);
		return -EINVAL;
	}
	a->p = kcalloc(max(a->n_params, 1U), sizeof(*a->p), GFP_KERNEL);
	if (!a->p)
		return -ENOMEM;
	for (i = 0; i < a->n_params; i++) {
		ret = hist_param_make(p, a, i);
		if (ret)
			return ret;
		if (i >= se->nfields ||
		    !hist_param_fits(hist_param_field(p->hd, &a->p[i]),
				     &se->fields[i])) {
			hist_err(p, HE_SYNTH_TYPE_MISMATCH, a->params[i]);
			return -EINVAL;
		}
	}
	if (a->n_params != se->nfields) {
		hist_err(p, HE_SYNTH_COUNT_MISMATCH, se->name);
		return -EINVAL;
	}
	a->se = se;
	se->users++;
	return 0;
}

/* Whether the snapshot goes ahead: max_lock held, irqs off. */
static bool hist_snap_update(struct trace_array *tr, void *cond_data)
{
	const struct hist_snap_ctx *ctx = cond_data;
	const struct hist_elt_priv *priv = ctx->elt->priv;
	struct hist_snap *snap = ctx->a->snap;

	if (ctx->a->handler == HH_MAX ? ctx->val <= snap->val :
					ctx->val == snap->val)
		return false;
	snap->val = ctx->val;
	memcpy(snap->key, ctx->elt->key, ctx->key_size);
	memcpy(snap->priv->comm, priv->comm, sizeof(priv->comm));
	snap->taken = true;
	return true;
}

/* snapshot(): the array's conditional snapshot, ours until freed. */
static int hist_snap_create(struct hist_parse *p, struct hist_action *a)
{
	struct hist_snap *snap;
	int ret;

	snap = kzalloc(struct_size(snap, key, p->hd->key_size), GFP_KERNEL);
	if (!snap)
		return -ENOMEM;
	snap->priv = kzalloc(sizeof(*snap->priv), GFP_KERNEL);
	if (!snap->priv) {
		kfree(snap);
		return -ENOMEM;
	}
	/* (EBUSY without a log entry, as upstream's) */
	ret = tracing_snapshot_cond_enable(p->tr, snap, hist_snap_update);
	if (ret) {
		kfree(snap->priv);
		kfree(snap);
		return ret;
	}
	a->snap = snap;
	a->tr = p->tr;
	p->hd->track = true;
	return 0;
}

/* onmax(), onchange(): the variable, and save()'s fields of this event. */
static int hist_track_create(struct hist_parse *p, struct hist_action *a,
			     unsigned int *n_save)
{
	struct hist_data *hd = p->hd;
	struct hist_param *hp;
	unsigned int i;

	if (a->var_text[0] != '$') {
		hist_err(p, HE_ONX_NOT_VAR, a->var_text);
		return -EINVAL;
	}
	a->var = hist_var_find(hd, a->var_text + 1);
	if (a->var < 0 || hd->vars[a->var].str >= 0) {
		hist_err(p, HE_ONX_VAR_NOT_FOUND, a->var_text + 1);
		return -EINVAL;
	}
	if (a->snapshot)
		return hist_snap_create(p, a);
	/* (EEXIST, as upstream's) */
	if (a->n_params && ++*n_save > 1) {
		hist_err(p, HE_TOO_MANY_SAVE_ACTIONS, NULL);
		return -EEXIST;
	}
	if (hd->n_strs + a->n_params > HIST_STRS_MAX)
		return -EINVAL;
	a->p = kcalloc(max(a->n_params, 1U), sizeof(*a->p), GFP_KERNEL);
	if (!a->p)
		return -ENOMEM;
	for (i = 0; i < a->n_params; i++) {
		hp = &a->p[i];
		hp->kind = HP_FIELD;
		p->key = false;
		hp->f = hist_atom_parse(p, a->params[i]);
		if (IS_ERR(hp->f)) {
			hp->f = NULL;
			/* upstream's three entries: no field, no parse, none */
			hist_err(p, HE_FIELD_VAR_PARSE_FAIL, a->params[i]);
			hist_err(p, HE_FIELD_VAR_CREATE_FAIL, a->params[i]);
			return -EINVAL;
		}
		if (hp->f->kind != HK_NUM && hp->f->kind != HK_STR) {
			hist_err(p, HE_FIELD_VAR_CREATE_FAIL, a->params[i]);
			return -EINVAL;
		}
	}
	a->save = hd->n_strs;
	hd->n_strs += a->n_params;
	hd->track = true;
	return 0;
}

int hist_actions_create(struct hist_parse *p)
{
	struct hist_action *a;
	unsigned int i, n_save = 0, n_track = 0;
	int ret;

	for (i = 0; i < p->hd->n_actions; i++) {
		a = p->hd->actions[i];
		if (a->handler == HH_MATCH) {
			ret = hist_action_create(p, a);
		} else {
			a->track = n_track++;
			ret = hist_track_create(p, a, &n_save);
		}
		if (ret)
			return ret;
	}
	return 0;
}

/* Whether v moves the tracked value: the winner of a race saves. */
static bool hist_track_moves(const struct hist_action *a, atomic64_t *t,
			     u64 v)
{
	s64 old = atomic64_read(t);

	if (a->handler == HH_CHANGE)
		return (u64)atomic64_xchg(t, v) != v;
	/*
	 * cmpxchg: a larger value set meanwhile (another CPU, or an NMI
	 * here) is seen and kept; ours goes in only over a smaller one.
	 */
	do {
		if (v <= (u64)old)
			return false;
	} while (!atomic64_try_cmpxchg(t, &old, v));
	return true;
}

static void hist_track_run(struct hist_rec *r, const struct hist_action *a,
			   struct tracing_map_elt *elt, const u64 *vars)
{
	struct hist_elt_priv *priv = elt->priv;
	const struct hist_field *f;
	unsigned int i;
	u64 v;

	if (!hist_track_moves(a, &priv->track[a->track], vars[a->var]))
		return;
	if (a->snapshot) {
		struct hist_snap_ctx ctx = {
			.a = a, .elt = elt, .key_size = r->hd->key_size,
			.val = vars[a->var],
		};

		tracing_snapshot_cond(r->tr, &ctx);
		return;
	}
	for (i = 0; i < a->n_params; i++) {
		f = a->p[i].f;
		if (f->kind == HK_STR) {
			hist_field_copy_str(f, r->rec, priv->strs[a->save + i],
					    HIST_STR_MAX);
		} else {
			v = hist_field_value(r, f);
			memcpy(priv->strs[a->save + i], &v, sizeof(v));
		}
	}
}

void hist_actions_run(struct hist_rec *r, struct tracing_map_elt *elt,
		      const u64 *vars)
{
	const struct hist_data *hd = r->hd;
	u64 vals[SYNTH_FIELDS_MAX];
	const struct hist_action *a;
	const struct hist_param *hp;
	unsigned int i, j;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler != HH_MATCH) {
			hist_track_run(r, a, elt, vars);
			continue;
		}
		for (j = 0; j < a->n_params; j++) {
			hp = &a->p[j];
			if (hp->kind == HP_VAR)
				vals[j] = vars[hp->var];
			else if (hp->f->kind == HK_STR)
				vals[j] = (unsigned long)hist_field_str(hp->f,
									r->rec);
			else
				vals[j] = hist_field_value(r, hp->f);
		}
		synth_event_fire(a->se, vals);
	}
}

void hist_actions_print(struct seq_file *m, const struct hist_data *hd)
{
	const struct hist_action *a;
	unsigned int i, j;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (a->handler != HH_MATCH) {
			seq_printf(m, ":%s(%s).%s(",
				   a->handler == HH_MAX ? "onmax" : "onchange",
				   a->var_text, a->name);
			for (j = 0; j < a->n_params; j++)
				seq_printf(m, "%s%s", j ? "," : "",
					   a->params[j]);
			seq_putc(m, ')');
			continue;
		}
		seq_printf(m, ":onmatch(%s.%s).%s(", a->sys, a->event, a->name);
		if (a->trace_kw)
			seq_puts(m, a->synth);
		for (j = 0; j < a->n_params; j++)
			seq_printf(m, "%s%s", j || a->trace_kw ? "," : "",
				   a->params[j]);
		seq_putc(m, ')');
	}
}

static bool hist_str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

bool hist_actions_same(const struct hist_data *a, const struct hist_data *b)
{
	const struct hist_action *x, *y;
	unsigned int i, j;

	if (a->n_actions != b->n_actions)
		return false;
	for (i = 0; i < a->n_actions; i++) {
		x = a->actions[i];
		y = b->actions[i];
		if (x->handler != y->handler ||
		    !hist_str_same(x->var_text, y->var_text) ||
		    !hist_str_same(x->sys, y->sys) ||
		    !hist_str_same(x->event, y->event) ||
		    !hist_str_same(x->name, y->name) ||
		    !hist_str_same(x->synth, y->synth) ||
		    x->n_params != y->n_params)
			return false;
		for (j = 0; j < x->n_params; j++)
			if (strcmp(x->params[j], y->params[j]))
				return false;
	}
	return true;
}

void hist_actions_show(struct seq_file *m, const struct hist_data *hd,
		       const struct tracing_map_elt *elt)
{
	const struct hist_elt_priv *priv = elt->priv;
	const struct hist_action *a;
	const struct hist_field *f;
	unsigned int i, j;
	u64 v;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		/* a snapshot's is said once, after the entries */
		if (a->handler == HH_MATCH || a->snapshot)
			continue;
		seq_printf(m, "\n\t%s: %10llu",
			   a->handler == HH_MAX ? "max" : "changed",
			   (u64)atomic64_read(&priv->track[a->track]));
		for (j = 0; j < a->n_params; j++) {
			f = a->p[j].f;
			if (f->kind == HK_STR) {
				seq_printf(m, "  %s: %-32s", a->params[j],
					   priv->strs[a->save + j]);
				continue;
			}
			memcpy(&v, priv->strs[a->save + j], sizeof(v));
			seq_printf(m, "  %s: %10llu", a->params[j], v);
		}
	}
}

void hist_actions_show_snapshot(struct seq_file *m, const struct hist_data *hd)
{
	const struct hist_action *a;
	struct tracing_map_elt elt = { };
	unsigned int i;

	for (i = 0; i < hd->n_actions; i++) {
		a = hd->actions[i];
		if (!a->snap || !a->snap->taken)
			continue;
		seq_puts(m, "\nSnapshot taken (see tracing/snapshot).  Details:\n");
		seq_printf(m, "\ttriggering value { %s(%s) }: %10llu",
			   a->handler == HH_MAX ? "onmax" : "onchange",
			   a->var_text, a->snap->val);
		seq_puts(m, "\ttriggered by event with key: ");
		elt.key = a->snap->key;
		elt.priv = a->snap->priv;
		hist_print_keys(m, hd, &elt);
		seq_putc(m, '\n');
	}
}
