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
 * record's key), or a field of this event's record. SYSTEM.EVENT is the
 * event whose variables the histogram reads: a record fires when they
 * are set for its key, that is when it matches an earlier record of
 * that event. The parameters' number and types must be the synthetic
 * event's fields'.
 *
 * Lifetime: an action holds its synthetic event (its users count, so
 * that removing the event is EBUSY) until its histogram is freed, after
 * no CPU can be running it.
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

struct hist_action {
	char			*sys, *event;	/* onmatch()'s */
	char			*name;	/* "trace", or the event's name */
	char			*synth;	/* the synthetic event's name */
	bool			trace_kw; /* trace(SYNTH,...) */
	char			*params[SYNTH_FIELDS_MAX];
	unsigned int		n_params;
	struct hist_param	*p;	/* n_params of them */
	struct synth_event	*se;	/* held: its users */
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
	kfree(a->sys);
	kfree(a->event);
	kfree(a->name);
	kfree(a->synth);
	kfree(a);
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

static int hist_onmatch_parse(struct hist_parse *p, struct hist_action *a,
			      char *text)
{
	char *match, *sys, *name, *params;

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
	/* ".NAME(PARAMS)" */
	strsep(&text, ".");
	name = text ? strsep(&text, "(") : NULL;
	if (!name || !text) {
		hist_err(p, HE_ACTION_NOT_FOUND, NULL);
		return -EINVAL;
	}
	if (str_has_prefix(name, "save") || str_has_prefix(name, "snapshot")) {
		hist_err(p, HE_ACTION_MISMATCH, name);
		return -EINVAL;
	}
	a->name = kstrdup(name, GFP_KERNEL);
	if (!a->name)
		return -ENOMEM;
	a->trace_kw = str_has_prefix(name, "trace");
	params = strsep(&text, ")");
	return params ? hist_action_params(p, a, params) : 0;
}

int hist_action_parse(struct hist_parse *p, char *text)
{
	struct hist_data *hd = p->hd;
	struct hist_action *a;
	int ret;

	/* onmax() and onchange() are not taken yet: refused, not ignored */
	if (!str_has_prefix(text, "onmatch("))
		return -EINVAL;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	hd->actions[hd->n_actions++] = a;
	ret = hist_onmatch_parse(p, a, text + strlen("onmatch("));
	return ret;
}

bool hist_action_match_event(const struct hist_data *hd, unsigned int i,
			     const char **sys, const char **event)
{
	if (i >= hd->n_actions || !hd->actions[i]->sys)
		return false;
	*sys = hd->actions[i]->sys;
	*event = hd->actions[i]->event;
	return true;
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

/* One parameter: "$VAR", "SYS.EVENT.$VAR", "FIELD" (of this event). */
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
	} else if (!own) {
		/* a field of another event would need a variable there */
		hist_err(p, HE_FIELD_VAR_PARSE_FAIL, a->params[i]);
		ret = -EINVAL;
		goto out;
	} else {
		hp->kind = HP_FIELD;
		p->key = false;
		hp->f = hist_atom_parse(p, x);
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

int hist_actions_create(struct hist_parse *p)
{
	unsigned int i;
	int ret;

	for (i = 0; i < p->hd->n_actions; i++) {
		ret = hist_action_create(p, p->hd->actions[i]);
		if (ret)
			return ret;
	}
	return 0;
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
		if (!hist_str_same(x->sys, y->sys) ||
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
