// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions, variables, and references to other histograms' variables.
 *
 * An expression is a tree of hist_fields: operands (hist_field.c's
 * atoms, references) under operators. Its text is split as upstream's
 * is, so that the same text means the same thing: at the rightmost "+"
 * or "-", else at the rightmost "*" or "/", so that operators of one
 * precedence go left to right; "-(...)" at the start is a unary minus.
 * There are no other parentheses. At most HIST_SUBEXPR_MAX operators.
 * Two constants under an operator are folded into one when parsed, so
 * the trigger's line shows the result ("x=16-8-4-2" shows "x=2").
 *
 * A variable (NAME=VALUE) is kept per entry of its histogram: each
 * record of the entry's key sets it. In its own trigger, $NAME stands
 * for its value as written: it is computed from the same record. In
 * another event's trigger, $NAME (or SYSTEM.EVENT.$NAME) is a reference:
 * the record looks up the entry of its own key in the variable's
 * histogram and reads the variable there; if the entry or the variable
 * is missing, the record counts for nothing in its histogram. A
 * reference that is the operand of an operator unsets the variable it
 * reads (it is read once), as upstream's: a latency is computed once per
 * start.
 *
 * Lifetimes: a reference holds the histogram it reads (its count, so
 * its map outlives the reader) and counts in its ref_users, which makes
 * the trigger that owns it refuse removal (EBUSY); and it holds the
 * event that histogram is on (trace_event_try_get_ref()), so that its
 * module cannot go. Both are dropped when the referencing histogram is
 * freed, after no CPU can be running it.
 */
#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hist.h"

static struct hist_field *hist_expr(struct hist_parse *p, char *text,
				    bool operand);

/* ---- expressions ---- */

/* The root operator of text, and where it is; 0 if none. */
static char hist_expr_root(char *text, char **at)
{
	char *minus = strrchr(text, '-'), *plus = strrchr(text, '+');
	char *div, *mult;

	if (minus == text) {
		*at = minus;
		return 'u';
	}
	if (plus && (!minus || plus > minus)) {
		*at = plus;
		return '+';
	}
	if (minus) {
		*at = minus;
		return '-';
	}
	div = strrchr(text, '/');
	mult = strrchr(text, '*');
	if (mult && (!div || mult > div)) {
		*at = mult;
		return '*';
	}
	*at = div;
	return div ? '/' : 0;
}

/* An operator's node on a (and b): it owns them from here. */
static struct hist_field *hist_expr_node(char op, struct hist_field *a,
					 struct hist_field *b)
{
	struct hist_field *e = kzalloc(sizeof(*e), GFP_KERNEL);
	char *ta = NULL, *tb = NULL;

	if (!e)
		goto fail;
	e->kind = HK_EXPR;
	e->op = op;
	e->operands[0] = a;
	e->operands[1] = b;
	e->usecs = a->usecs;
	e->type = a->type;
	e->tsize = a->tsize;
	e->is_signed = a->is_signed;
	e->size = sizeof(u64);
	ta = hist_field_text(a);
	tb = b ? hist_field_text(b) : NULL;
	if (!ta || (b && !tb))
		goto fail;
	if (op == 'u')
		e->text = kasprintf(GFP_KERNEL, "-(%s)", ta);
	else
		e->text = kasprintf(GFP_KERNEL, "%s%c%s", ta, op, tb);
	kfree(ta);
	kfree(tb);
	if (!e->text) {
		hist_field_free(e);
		return ERR_PTR(-ENOMEM);
	}
	return e;
fail:
	kfree(ta);
	kfree(tb);
	if (e) {
		hist_field_free(e);
	} else {
		hist_field_free(a);
		hist_field_free(b);
	}
	return ERR_PTR(-ENOMEM);
}

/* "-(...)": the only place parentheses may be. */
static struct hist_field *hist_unary(struct hist_parse *p, char *text)
{
	struct hist_field *a;
	char *inner, *close;

	if (++p->n_sub > HIST_SUBEXPR_MAX) {
		hist_err(p, HE_TOO_MANY_SUBEXPR, text);
		return ERR_PTR(-EINVAL);
	}
	if (text[1] != '(')
		return ERR_PTR(-EINVAL);
	inner = text + 2;
	close = strrchr(inner, ')');
	if (!close)
		return ERR_PTR(-EINVAL);
	if (close[1]) {
		hist_err(p, HE_UNARY_MINUS_SUBEXPR, inner);
		return ERR_PTR(-EINVAL);
	}
	*close = '\0';
	a = hist_expr(p, inner, true);
	if (IS_ERR(a))
		return a;
	if (a->kind == HK_STR) {
		hist_err(p, HE_INVALID_STR_OPERAND, inner);
		hist_field_free(a);
		return ERR_PTR(-EINVAL);
	}
	return hist_expr_node('u', a, NULL);
}

static struct hist_field *hist_binary(struct hist_parse *p, char *text,
				      char op, char *at)
{
	struct hist_field *a, *b, *f;
	char *right = at + 1;

	++p->n_sub;
	*at = '\0';
	/* both operands are needed */
	if (!*text || !*right)
		return ERR_PTR(-EINVAL);
	a = hist_expr(p, text, true);
	if (IS_ERR(a))
		return a;
	if (a->kind == HK_STR) {
		hist_err(p, HE_INVALID_STR_OPERAND, text);
		hist_field_free(a);
		return ERR_PTR(-EINVAL);
	}
	b = hist_expr(p, right, true);
	if (IS_ERR(b)) {
		hist_field_free(a);
		return b;
	}
	if (b->kind == HK_STR) {
		hist_err(p, HE_INVALID_STR_OPERAND, right);
		goto fail;
	}
	/* upstream's rule: both in microseconds or neither */
	if (a->usecs != b->usecs) {
		hist_err(p, HE_TIMESTAMP_MISMATCH, NULL);
		goto fail;
	}
	if (op == '/' && b->kind == HK_CONST && !b->constant) {
		hist_err(p, HE_DIVISION_BY_ZERO, right);
		hist_field_free(a);
		hist_field_free(b);
		return ERR_PTR(-EDOM);
	}
	if (a->kind == HK_CONST && b->kind == HK_CONST) {
		a->constant = hist_op(op, a->constant, b->constant);
		hist_field_free(b);
		return a;
	}
	f = hist_expr_node(op, a, b);
	return f;
fail:
	hist_field_free(a);
	hist_field_free(b);
	return ERR_PTR(-EINVAL);
}

/* $NAME in its own trigger: what NAME was set to, parsed in its place. */
static struct hist_field *hist_local_var(struct hist_parse *p, int i)
{
	struct hist_field *f;
	char *text;

	/* a variable defined by itself, or in a loop, is not found */
	if (p->depth >= HIST_VARS_MAX)
		return NULL;
	text = kstrdup(p->hd->vars[i].text, GFP_KERNEL);
	if (!text)
		return ERR_PTR(-ENOMEM);
	p->depth++;
	f = hist_expr(p, text, false);
	p->depth--;
	kfree(text);
	return f;
}

static struct hist_field *hist_ref_or_err(struct hist_parse *p,
					  const char *sys, const char *event,
					  const char *name, bool once)
{
	struct hist_field *f = hist_ref_parse(p, sys, event, name, once);

	if (PTR_ERR_OR_ZERO(f) == -ENOENT) {
		hist_err(p, HE_VAR_NOT_FOUND, name);
		return ERR_PTR(-EINVAL);
	}
	return f;
}

/* An operand: a reference, a local variable, or hist_field.c's atom. */
static struct hist_field *hist_operand(struct hist_parse *p, char *text,
				       bool operand)
{
	struct trace_event_call *call = p->file->event_call;
	struct hist_field *f;
	char *sys, *event;
	int i;

	sys = text;
	event = strchr(sys, '.');
	event = event ? strchr(event + 1, '.') : NULL;
	if (event) {
		/* SYSTEM.EVENT.X */
		sys = strsep(&text, ".");
		event = strsep(&text, ".");
		if (text[0] == '$' &&
		    (strcmp(sys, call->class->system) ||
		     strcmp(event, trace_event_name(call))))
			return hist_ref_or_err(p, sys, event, text + 1,
					       operand);
		/* of this very event: as if unqualified */
	}
	if (text[0] != '$')
		return hist_atom_parse(p, text);
	i = hist_var_find(p->hd, text + 1);
	if (i >= 0) {
		f = hist_local_var(p, i);
		if (f)
			return f;
		hist_err(p, HE_VAR_NOT_FOUND, text + 1);
		return ERR_PTR(-EINVAL);
	}
	return hist_ref_or_err(p, NULL, NULL, text + 1, operand);
}

/* operand: text is an operator's operand (its references read once) */
static struct hist_field *hist_expr(struct hist_parse *p, char *text,
				    bool operand)
{
	char *at;
	char op;

	if (p->n_sub > HIST_SUBEXPR_MAX) {
		hist_err(p, HE_TOO_MANY_SUBEXPR, text);
		return ERR_PTR(-EINVAL);
	}
	op = hist_expr_root(text, &at);
	if (!op)
		return hist_operand(p, text, operand);
	/* modifiers belong to the whole key only, not to its operands */
	p->key = false;
	if (op == 'u')
		return hist_unary(p, text);
	return hist_binary(p, text, op, at);
}

static bool hist_has_ref(const struct hist_field *f)
{
	return f && (f->kind == HK_VAR_REF || hist_has_ref(f->operands[0]) ||
		     hist_has_ref(f->operands[1]));
}

struct hist_field *hist_field_parse(struct hist_parse *p, const char *text,
				    bool key)
{
	struct hist_field *f;
	char *copy, *s;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return ERR_PTR(-ENOMEM);
	/* its "-" is no operator, as upstream's rewrite of it says */
	for (s = copy; (s = strstr(s, ".sym-offset")); s += 11)
		s[4] = 'X';
	p->n_sub = 0;
	p->key = key;
	f = hist_expr(p, copy, false);
	kfree(copy);
	if (!IS_ERR(f) && key && hist_has_ref(f)) {
		hist_err(p, HE_INVALID_REF_KEY, text);
		hist_field_free(f);
		return ERR_PTR(-EINVAL);
	}
	return f;
}

/* ---- variables ---- */

int hist_var_find(const struct hist_data *hd, const char *name)
{
	int i;

	for (i = 0; i < hd->n_vars; i++)
		if (!strcmp(hd->vars[i].name, name))
			return i;
	return -1;
}

struct trace_event_file *hist_find_file(struct trace_array *tr,
					const char *sys, const char *event)
{
	struct trace_event_file *file = find_event_file(tr, sys, event);

	if (!file && tr->marker_file && !strcmp(sys, "ftrace") &&
	    !strcmp(event, "print"))
		file = tr->marker_file;
	return file;
}

/* The histogram of file's hist triggers that has the variable, if any. */
static struct hist_data *hist_file_var(struct trace_event_file *file,
				       const char *name, int *idx)
{
	struct hist_trigger *ht;
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd != &hist_trigger_cmd)
			continue;
		ht = t->data;
		*idx = hist_var_find(ht->hd, name);
		if (*idx >= 0)
			return ht->hd;
	}
	return NULL;
}

/* Split "A=X,B=Y" items into p->hd's variables' names and texts. */
static int hist_vars_split(struct hist_parse *p, char *item)
{
	struct hist_data *hd = p->hd;
	struct hist_var *v;
	char *name;
	int idx;

	while ((name = strsep(&item, ","))) {
		char *text = name;

		name = strsep(&text, "=");
		if (!text) {
			hist_err(p, HE_MALFORMED_ASSIGNMENT, name);
			return -EINVAL;
		}
		if (hd->n_vars == HIST_VARS_MAX) {
			hist_err(p, HE_TOO_MANY_VARS, name);
			return -EINVAL;
		}
		if (!p->remove && (hist_var_find(hd, name) >= 0 ||
				   hist_file_var(p->file, name, &idx))) {
			hist_err(p, HE_DUPLICATE_VAR, name);
			return -EINVAL;
		}
		v = &hd->vars[hd->n_vars];
		v->str = -1;
		v->name = kstrdup(name, GFP_KERNEL);
		v->text = kstrdup(text, GFP_KERNEL);
		hd->n_vars++;
		if (!v->name || !v->text)
			return -ENOMEM;
	}
	return 0;
}

int hist_vars_parse(struct hist_parse *p, char **assign, unsigned int n)
{
	struct hist_data *hd = p->hd;
	struct hist_field *f;
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = hist_vars_split(p, assign[i]);
		if (ret)
			return ret;
	}
	for (i = 0; i < hd->n_vars; i++) {
		f = hist_field_parse(p, hd->vars[i].text, false);
		if (IS_ERR(f))
			return PTR_ERR(f);
		hd->vars[i].expr = f;
		if (f->mods & HF_NOT_VAR) {
			hist_err(p, HE_BAD_FIELD_MODIFIER, hd->vars[i].text);
			return -EINVAL;
		}
		if (f->kind == HK_STACK)
			return -EINVAL;
		/* a string, or a pid's comm: kept in the element, by copy */
		if (f->kind == HK_STR || (f->mods & HF_EXECNAME)) {
			if (hd->n_strs == HIST_STRS_MAX)
				return -EINVAL;
			hd->vars[i].str = hd->n_strs++;
			if (f->mods & HF_EXECNAME) {
				hd->execname = true;	/* elements keep a comm */
				f->type = "char[]";
				f->tsize = HIST_STR_MAX;
			}
		}
	}
	return 0;
}

/* ---- references ---- */

/*
 * The histogram with the variable: the named event's; else the
 * onmatch() events'; else the one event of the array that has it.
 */
static struct hist_data *hist_ref_find(struct hist_parse *p, const char *sys,
				       const char *event, const char *name,
				       int *idx, struct trace_event_file **at)
{
	struct trace_event_file *file;
	struct hist_data *hd, *found = NULL;
	const char *msys, *mevent;
	unsigned int i;
	int j;

	if (sys) {
		file = hist_find_file(p->tr, sys, event);
		*at = file;
		return file ? hist_file_var(file, name, idx) : NULL;
	}
	for (i = 0; hist_action_match_event(p->hd, i, &msys, &mevent); i++) {
		file = hist_find_file(p->tr, msys, mevent);
		hd = file ? hist_file_var(file, name, &j) : NULL;
		if (!hd || hd == found)
			continue;
		if (found) {
			hist_err(p, HE_VAR_NOT_UNIQUE, name);
			return ERR_PTR(-EINVAL);
		}
		found = hd;
		*idx = j;
		*at = file;
	}
	if (found)
		return found;
	list_for_each_entry(file, &p->tr->events, list) {
		hd = hist_file_var(file, name, &j);
		if (!hd)
			continue;
		if (found) {
			hist_err(p, HE_VAR_NOT_UNIQUE, name);
			return ERR_PTR(-EINVAL);
		}
		found = hd;
		*idx = j;
		*at = file;
	}
	/* trace_marker's histograms too */
	file = p->tr->marker_file;
	hd = file ? hist_file_var(file, name, &j) : NULL;
	if (hd && found) {
		hist_err(p, HE_VAR_NOT_UNIQUE, name);
		return ERR_PTR(-EINVAL);
	}
	if (hd) {
		found = hd;
		*idx = j;
		*at = file;
	}
	return found;
}

struct hist_field *hist_ref_parse(struct hist_parse *p, const char *sys,
				  const char *event, const char *name,
				  bool once)
{
	struct trace_event_file *file = NULL;
	struct hist_data *hd = p->hd, *target;
	struct hist_field *f;
	struct hist_ref *ref;
	int idx = -1;

	target = hist_ref_find(p, sys, event, name, &idx, &file);
	if (IS_ERR(target))
		return ERR_CAST(target);
	/* the caller says what was not found */
	if (!target)
		return ERR_PTR(-ENOENT);
	if (hd->n_refs == HIST_REFS_MAX) {
		hist_err(p, HE_TOO_MANY_VARS, name);
		return ERR_PTR(-EINVAL);
	}
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	if (sys)
		f->text = kasprintf(GFP_KERNEL, "%s.%s.$%s", sys, event, name);
	else
		f->text = kasprintf(GFP_KERNEL, "$%s", name);
	if (!f->text) {
		kfree(f);
		return ERR_PTR(-ENOMEM);
	}
	/* its event's module stays while we read its histogram */
	if (!trace_event_try_get_ref(file->event_call)) {
		hist_field_free(f);
		return ERR_PTR(-EBUSY);
	}
	f->kind = HK_VAR_REF;
	f->ref = hd->n_refs;
	f->size = sizeof(u64);
	f->usecs = target->vars[idx].expr->usecs;
	f->type = target->vars[idx].expr->type;
	f->tsize = target->vars[idx].expr->tsize;
	f->is_signed = target->vars[idx].expr->is_signed;
	ref = &hd->refs[hd->n_refs++];
	ref->hd = target;
	ref->file = file;
	ref->var = idx;
	ref->once = once;
	target->ref++;
	target->ref_users++;
	hd->ref_key_size = max(hd->ref_key_size, target->key_size);
	return f;
}

void hist_refs_put(struct hist_data *hd)
{
	struct hist_ref *ref;
	unsigned int i;

	for (i = 0; i < hd->n_refs; i++) {
		ref = &hd->refs[i];
		ref->hd->ref_users--;
		trace_event_put_ref(ref->file->event_call);
		hist_data_put(ref->hd);
	}
	hd->n_refs = 0;
}

/* ---- field variables: fields of another event, for onmatch() ---- */

/* The field a key reads, as a new histogram's keys= names it. */
static const char *hist_key_source(const struct hist_field *f)
{
	switch (f->kind) {
	case HK_CPU:
		return "common_cpu";
	case HK_TIMESTAMP:
		return "common_timestamp";
	case HK_STACK:
		return "stacktrace";
	default:
		return f->fname;
	}
}

/* Whether b's entries can be looked up with a's keys: same key types. */
static bool hist_keys_fit(const struct hist_data *a, const struct hist_data *b)
{
	const struct hist_field *x, *y;
	unsigned int i;

	if (a->n_keys != b->n_keys)
		return false;
	for (i = 0; i < a->n_keys; i++) {
		x = a->keys[i];
		y = b->keys[i];
		if (!x->type || !y->type || strcmp(x->type, y->type) ||
		    x->size != y->size || x->is_signed != y->is_signed)
			return false;
	}
	return true;
}

/* "keys=K,...:NAME=FIELD[ if FILTER]", from t's histogram, or NULL. */
static char *hist_field_hist_cmd(struct event_trigger *t, const char *name,
				 const char *field)
{
	struct hist_trigger *ht = t->data;
	const struct hist_data *hd = ht->own ?: ht->hd;
	struct seq_buf s;
	unsigned int i;
	char *buf;

	buf = kzalloc(HIST_STR_MAX, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, HIST_STR_MAX);
	seq_buf_puts(&s, "keys=");
	for (i = 0; i < hd->n_keys; i++)
		seq_buf_printf(&s, "%s%s", i ? "," : "",
			       hist_key_source(hd->keys[i]));
	seq_buf_printf(&s, ":%s=%s", name, field);
	if (t->filter_text)
		seq_buf_printf(&s, " if %s", t->filter_text);
	/* room for the NUL: a full buffer may have cut the text */
	if (seq_buf_has_overflowed(&s) || seq_buf_used(&s) >= HIST_STR_MAX) {
		kfree(buf);
		return NULL;
	}
	return buf;
}

/*
 * Make (or share) the histogram that keeps field in name on file:
 * beside the first histogram there whose keys fit ours, with its keys
 * and filter, so that it has an entry for each key that one has. In
 * upstream's order of checks.
 */
static int hist_field_hist_get(struct hist_parse *p,
			       struct trace_event_file *file,
			       const char *name, const char *field)
{
	struct hist_field_hist *fh;
	struct event_trigger *t;
	struct hist_trigger *ht;
	int idx, ret;

	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd != &hist_trigger_cmd)
			continue;
		ht = t->data;
		if (hist_keys_fit(p->hd, ht->own ?: ht->hd))
			break;
	}
	if (list_entry_is_head(t, &file->triggers, list)) {
		hist_err(p, HE_HIST_NOT_FOUND, field);
		return -EINVAL;
	}
	fh = kzalloc(sizeof(*fh), GFP_KERNEL);
	if (!fh)
		return -ENOMEM;
	fh->file = file;
	fh->cmd = hist_field_hist_cmd(t, name, field);
	if (!fh->cmd) {
		kfree(fh);
		return -E2BIG;
	}
	/*
	 * Another histogram's parameter made it: shared. Each maker keeps
	 * its command; each removes it when it goes, and the removal is
	 * EBUSY (the histogram stays) until the last reader has gone.
	 */
	if (!hist_file_var(file, name, &idx)) {
		ret = hist_command(file, false, fh->cmd);
		if (ret) {
			hist_err(p, HE_HIST_CREATE_FAIL, field);
			kfree(fh->cmd);
			kfree(fh);
			return ret;
		}
	}
	list_add_tail(&fh->link, &p->hd->field_hists);
	p->hd->n_field_hists++;
	return 0;
}

struct hist_field *hist_field_var_ref(struct hist_parse *p, const char *sys,
				      const char *event, const char *field)
{
	struct trace_event_file *file;
	struct hist_field *f;
	char *name;
	int ret;

	if (p->hd->n_field_hists == HIST_FIELD_HISTS_MAX) {
		hist_err(p, HE_TOO_MANY_FIELD_VARS, field);
		return ERR_PTR(-EINVAL);
	}
	file = hist_find_file(p->tr, sys, event);
	if (!file) {
		hist_err(p, HE_EVENT_FILE_NOT_FOUND, field);
		return ERR_PTR(-EINVAL);
	}
	/* upstream's prefix: no clash with the user's variables */
	name = kasprintf(GFP_KERNEL, "synthetic_%s", field);
	if (!name)
		return ERR_PTR(-ENOMEM);
	ret = hist_field_hist_get(p, file, name, field);
	if (ret) {
		kfree(name);
		return ERR_PTR(ret);
	}
	f = hist_ref_parse(p, sys, event, name, false);
	if (IS_ERR(f) && PTR_ERR(f) == -ENOENT) {
		hist_err(p, HE_SYNTH_VAR_NOT_FOUND, field);
		f = ERR_PTR(-EINVAL);
	}
	kfree(name);
	return f;
}

void hist_field_hists_drop(struct hist_data *hd)
{
	struct hist_field_hist *fh, *next;
	int ret;

	lockdep_assert_held(&event_mutex);
	/*
	 * Our references to them are gone (hist_refs_put() first), so
	 * they are busy only if another histogram reads their variable
	 * too: then the removal is EBUSY and the histogram stays, for
	 * that one's maker to remove, or the user. One already gone with
	 * its array (an instance's removal) is simply not found.
	 */
	list_for_each_entry_safe(fh, next, &hd->field_hists, link) {
		ret = hist_command(fh->file, true, fh->cmd);
		/* out of memory: the histogram stays, for the user to remove */
		if (ret && ret != -EBUSY)
			pr_warn_ratelimited("hist: could not remove 'hist:%s': %d\n",
					    fh->cmd, ret);
		list_del(&fh->link);
		kfree(fh->cmd);
		kfree(fh);
	}
	hd->n_field_hists = 0;
}

bool hist_refs_read(struct hist_rec *r, const void *key)
{
	const struct hist_data *hd = r->hd;
	struct tracing_map_elt *elt;
	const struct hist_ref *ref;
	unsigned int i;

	for (i = 0; i < hd->n_refs; i++) {
		ref = &hd->refs[i];
		/* its map is being emptied: as if the entry were gone */
		if (smp_load_acquire(&ref->hd->clearing))
			return false;
		elt = tracing_map_lookup(ref->hd->map, key);
		if (!elt || !tracing_map_var_set(elt, ref->var))
			return false;
		r->refs[i] = ref->once ? tracing_map_read_var_once(elt, ref->var) :
					 tracing_map_read_var(elt, ref->var);
	}
	return true;
}
