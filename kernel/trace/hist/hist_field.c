// SPDX-License-Identifier: GPL-2.0
/*
 * The keys and values of a histogram: the text of one parsed against
 * the event's fields, and its value read from a record.
 *
 * A key takes a fixed place in the map's key, 8-byte aligned, so that a
 * compound key is the fields' places side by side and two keys are
 * equal when their bytes are:
 *  - a number (of any size and sign) takes a u64, sign-extended, after
 *    its modifier (.log2, .buckets) is applied;
 *  - a string takes its field's size (a char[N]) or HIST_STR_MAX (a
 *    dynamic string), and is kept NUL-terminated, cut if need be;
 *  - stacktrace takes HIST_STACK_DEPTH return addresses, 0-ended.
 * The caller zeroes the key first, so the bytes after a string's NUL
 * and after a short stack are zero too.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stacktrace.h>
#include <linux/seq_file.h>
#include <linux/math64.h>
#include <linux/bitops.h>
#include <asm/unaligned.h>

#include "hist.h"

/*
 * Frames of the trigger machinery above the function that hit the
 * event: this function, the hist record path, the trigger walk and the
 * commit. The event's probe calls the commit last, so compilers make it
 * a tail call and its frame is gone by then.
 */
#define HIST_STACK_SKIP		4

static const char * const hist_err_text[] = {
	[HE_NAMED_MISMATCH] =
		"Named hist trigger doesn't match existing named trigger (includes variables)",
	[HE_TRIGGER_EEXIST] = "Hist trigger already exists",
	[HE_TRIGGER_ENOENT_CLEAR] = "Can't clear or continue a nonexistent hist trigger",
	[HE_SET_CLOCK_FAIL] = "Couldn't set trace_clock",
	[HE_BAD_FIELD_MODIFIER] = "Invalid field modifier",
	[HE_FIELD_NOT_FOUND] = "Couldn't find field",
	[HE_EMPTY_ASSIGNMENT] = "Empty assignment",
	[HE_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[HE_EMPTY_SORT_FIELD] = "Empty sort field",
	[HE_TOO_MANY_SORT_FIELDS] = "Too many sort fields (Max = 2)",
	[HE_INVALID_SORT_FIELD] = "Sort field must be a key or a val",
	[HE_TOO_MANY_VARS] = "Too many variables defined",
	[HE_DUPLICATE_VAR] = "Variable already defined",
	[HE_VAR_NOT_UNIQUE] =
		"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[HE_MALFORMED_ASSIGNMENT] = "Malformed assignment",
	[HE_TOO_MANY_SUBEXPR] = "Too many subexpressions (3 max)",
	[HE_TIMESTAMP_MISMATCH] = "Timestamp units in expression don't match",
	[HE_VAR_NOT_FOUND] = "Couldn't find variable",
	[HE_INVALID_REF_KEY] = "Using variable references in keys not supported",
	[HE_INVALID_STR_OPERAND] = "String type can not be an operand in expression",
	[HE_EXPECT_NUMBER] = "Expecting numeric literal",
	[HE_UNARY_MINUS_SUBEXPR] = "Unary minus not supported in sub-expressions",
	[HE_DIVISION_BY_ZERO] = "Division by zero",
	[HE_SYNTH_EVENT_NOT_FOUND] = "Couldn't find synthetic event",
	[HE_SYNTH_TYPE_MISMATCH] = "Param type doesn't match synthetic event field type",
	[HE_SYNTH_COUNT_MISMATCH] = "Param count doesn't match synthetic event field count",
	[HE_TOO_MANY_PARAMS] = "Too many action params",
	[HE_PARAM_NOT_FOUND] = "Couldn't find param",
	[HE_INVALID_PARAM] = "Invalid action param",
	[HE_ACTION_NOT_FOUND] = "No action found",
	[HE_ACTION_MISMATCH] = "Handler doesn't support action",
	[HE_NO_CLOSING_PAREN] = "No closing paren found",
	[HE_SUBSYS_NOT_FOUND] = "Missing subsystem",
	[HE_INVALID_SUBSYS_EVENT] = "Invalid subsystem or event name",
	[HE_FIELD_VAR_PARSE_FAIL] = "Couldn't parse field variable",
	[HE_ONX_NOT_VAR] = "For onmax(x) or onchange(x), x must be a variable",
	[HE_ONX_VAR_NOT_FOUND] = "Couldn't find onmax or onchange variable",
	[HE_FIELD_VAR_CREATE_FAIL] = "Couldn't create field variable",
	[HE_NO_SAVE_PARAMS] = "No params found for save()",
	[HE_TOO_MANY_SAVE_ACTIONS] = "Can't have more than one save() action per hist",
	[HE_TOO_MANY_FIELD_VARS] = "Too many field variables defined",
	[HE_EVENT_FILE_NOT_FOUND] = "Event file not found",
	[HE_HIST_NOT_FOUND] = "Matching event histogram not found",
	[HE_HIST_CREATE_FAIL] = "Couldn't create histogram for field",
	[HE_SYNTH_VAR_NOT_FOUND] = "Couldn't find synthetic variable",
};

void hist_err(struct hist_parse *p, enum hist_err err, const char *word)
{
	const char *at = word ? strstr(p->cmd, word) : NULL;

	if (p->quiet)
		return;
	tracing_log_err(p->tr, p->loc, p->cmd, hist_err_text, err,
			at ? at - p->cmd : 0);
}

/* The modifiers, in the order the trigger's line looks for them. */
static const struct {
	unsigned int	mod;
	const char	*name;
} hist_mods[] = {
	{ HF_HEX, "hex" },
	{ HF_SYM, "sym" },
	{ HF_SYM_OFFSET, "sym-offset" },
	{ HF_EXECNAME, "execname" },
	{ HF_SYSCALL, "syscall" },
	{ HF_LOG2, "log2" },
	{ HF_BUCKET, "buckets" },
	{ HF_USECS, "usecs" },
	{ HF_PERCENT, "percent" },
	{ HF_GRAPH, "graph" },
};

/* Those a key may not have (values' and variables': hist.h). */
#define HF_NOT_KEY	(HF_PERCENT | HF_GRAPH)

/*
 * One modifier: its flag, or 0 if there is no such. "bucket=N" and
 * "buckets=N" set f->buckets; "percent" and "graph" are prefixes, as
 * upstream takes them. *bad: where the error points (a bad N: at it).
 */
static unsigned int hist_mod_parse(struct hist_field *f, const char *name,
				   const char *mod, const char **bad)
{
	unsigned long n;
	const char *num;
	int i;

	if (str_has_prefix(mod, "percent"))
		return HF_PERCENT;
	if (str_has_prefix(mod, "graph"))
		return HF_GRAPH;
	num = mod + str_has_prefix(mod, "bucket");
	if (num != mod) {
		if (*num == 's')
			num++;
		*bad = num;
		if (*num != '=')
			return 0;
		*bad = ++num;
		if (kstrtoul(num, 0, &n) || !n)
			return 0;
		f->buckets = n;
		return HF_BUCKET;
	}
	/* a pid has a name; nothing else does */
	if (!strcmp(mod, "execname"))
		return strcmp(name, "common_pid") ? 0 : HF_EXECNAME;
	/* hist_field_parse() writes sym-offset so, for its operators */
	if (!strcmp(mod, "symXoffset"))
		return HF_SYM_OFFSET;
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++)
		if (hist_mods[i].mod != HF_BUCKET &&
		    !strcmp(mod, hist_mods[i].name))
			return hist_mods[i].mod;
	return 0;
}

static struct ftrace_event_field *hist_find_field(struct list_head *head,
						  const char *name)
{
	struct ftrace_event_field *field;

	list_for_each_entry(field, head, link)
		if (!strcmp(field->name, name))
			return field;
	return NULL;
}

static bool hist_is_string(const struct ftrace_event_field *field)
{
	return field->filter_type == FILTER_STATIC_STRING ||
	       field->filter_type == FILTER_DYN_STRING ||
	       field->filter_type == FILTER_RDYN_STRING;
}

/*
 * The event's field of that name, as the filters find them: its own
 * first, then "cpu" (the recording CPU), then the common fields.
 * -ENOENT if none; -EINVAL if it is one a histogram cannot read (a
 * function pointer, a number of an odd size, a string that is a
 * pointer to elsewhere is read as a number, as upstream).
 */
static int hist_field_bind(struct hist_field *f,
			   struct trace_event_file *file, const char *name)
{
	struct ftrace_event_field *field;

	if (!strcmp(name, "common_cpu")) {
		f->kind = HK_CPU;
		f->type = "unsigned int";
		f->tsize = sizeof(int);
		return 0;
	}
	if (!strcmp(name, "common_timestamp")) {
		f->kind = HK_TIMESTAMP;
		f->type = "u64";
		f->tsize = sizeof(u64);
		f->usecs = f->mods & HF_USECS;
		return 0;
	}
	field = hist_find_field(trace_get_fields(file->event_call), name);
	if (!field && (!strcmp(name, "cpu") || !strcmp(name, "CPU"))) {
		f->kind = HK_CPU;
		f->type = "unsigned int";
		f->tsize = sizeof(int);
		return 0;
	}
	if (!field)
		field = hist_find_field(&event_common_fields, name);
	/* a flexible array (size 0) has no value of its own */
	if (!field || !field->size)
		return -ENOENT;
	f->field = field;
	f->fname = kstrdup(field->name, GFP_KERNEL);
	f->ftype = kstrdup(field->type, GFP_KERNEL);
	if (!f->fname || !f->ftype)
		return -ENOMEM;
	f->fsize = field->size;
	f->fsigned = field->is_signed;
	f->type = f->ftype;
	f->tsize = field->size;
	if (hist_is_string(field)) {
		f->kind = HK_STR;
		return 0;
	}
	if (field->filter_type == FILTER_TRACE_FN)
		return -EINVAL;
	switch (field->size) {
	case 1: case 2: case 4: case 8:
		break;
	default:
		return -EINVAL;
	}
	f->kind = HK_NUM;
	f->is_signed = field->is_signed;
	return 0;
}

/* The bytes f takes in a key, 8-aligned. */
static unsigned int hist_key_bytes(const struct hist_field *f)
{
	switch (f->kind) {
	case HK_STR:
		if (f->field->filter_type == FILTER_STATIC_STRING)
			return ALIGN(f->field->size, sizeof(u64));
		return HIST_STR_MAX;
	case HK_STACK:
		return HIST_STACK_DEPTH * sizeof(unsigned long);
	default:
		return sizeof(u64);
	}
}

struct hist_field *hist_atom_parse(struct hist_parse *p, const char *text)
{
	bool key = p->key;
	struct hist_field *f;
	char *name, *mod;
	const char *bad;
	int ret = -EINVAL;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	name = kstrdup(text, GFP_KERNEL);
	if (!f || !name) {
		ret = -ENOMEM;
		goto fail;
	}
	if (key && !strcmp(name, "stacktrace")) {
		f->kind = HK_STACK;
		f->type = "unsigned long[]";
		goto sized;
	}
	if (isdigit(name[0])) {
		if (kstrtoull(name, 0, &f->constant)) {
			hist_err(p, HE_EXPECT_NUMBER, text);
			goto fail;
		}
		f->kind = HK_CONST;
		f->type = "u64";
		f->tsize = sizeof(u64);
		goto sized;
	}
	mod = name;
	name = strsep(&mod, ".");
	if (mod) {
		bad = mod;
		f->mods = hist_mod_parse(f, name, mod, &bad);
		if (!f->mods || (key && (f->mods & HF_NOT_KEY))) {
			hist_err(p, HE_BAD_FIELD_MODIFIER, bad);
			goto fail;
		}
	}
	ret = hist_field_bind(f, p->file, name);
	if (ret == -ENOENT) {
		hist_err(p, HE_FIELD_NOT_FOUND, name);
		ret = -EINVAL;
	}
	if (ret)
		goto fail;
sized:
	f->size = hist_key_bytes(f);
	kfree(name);
	return f;
fail:
	kfree(name);
	kfree(f);
	return ERR_PTR(ret);
}

void hist_field_free(struct hist_field *f)
{
	if (!f)
		return;
	hist_field_free(f->operands[0]);
	hist_field_free(f->operands[1]);
	kfree(f->text);
	kfree(f->fname);
	kfree(f->ftype);
	kfree(f);
}

const char *hist_field_name(const struct hist_field *f)
{
	switch (f->kind) {
	case HK_NUM:
	case HK_STR:
		return f->fname;
	case HK_CPU:
		return "common_cpu";
	case HK_TIMESTAMP:
		return "common_timestamp";
	case HK_EXPR:
	case HK_VAR_REF:
		return f->text;
	default:
		return "";
	}
}

/* The text of f into buf at *pos; false if it does not fit. */
static bool hist_text_put(char *buf, size_t *pos, const struct hist_field *f)
{
	size_t n = HIST_STR_MAX - *pos;
	int i, len;

	switch (f->kind) {
	case HK_HITCOUNT:
		len = snprintf(buf + *pos, n, "hitcount");
		break;
	case HK_STACK:
		len = snprintf(buf + *pos, n, "stacktrace");
		break;
	case HK_CONST:
		len = snprintf(buf + *pos, n, "%llu", f->constant);
		break;
	default:
		len = snprintf(buf + *pos, n, "%s", hist_field_name(f));
	}
	if (len >= n)
		return false;
	*pos += len;
	/* an expression shows no modifier of its own: its operands do */
	if (f->kind == HK_EXPR || f->kind == HK_VAR_REF)
		return true;
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++) {
		if (f->mods & hist_mods[i].mod) {
			len = snprintf(buf + *pos, HIST_STR_MAX - *pos, ".%s",
				       hist_mods[i].name);
			if (len >= HIST_STR_MAX - *pos)
				return false;
			*pos += len;
			break;
		}
	}
	if (f->mods & HF_BUCKET) {
		len = snprintf(buf + *pos, HIST_STR_MAX - *pos, "=%lu",
			       f->buckets);
		if (len >= HIST_STR_MAX - *pos)
			return false;
		*pos += len;
	}
	return true;
}

char *hist_field_text(const struct hist_field *f)
{
	char *buf = kzalloc(HIST_STR_MAX, GFP_KERNEL);
	size_t pos = 0;

	if (buf && !hist_text_put(buf, &pos, f)) {
		kfree(buf);
		buf = NULL;
	}
	return buf;
}

void hist_field_print(struct seq_file *m, const struct hist_field *f)
{
	char buf[HIST_STR_MAX];
	size_t pos = 0;

	if (hist_text_put(buf, &pos, f))
		seq_puts(m, buf);
}

/*
 * Upstream's notion of the same field: kind and modifier, the event
 * field's name, type, size and sign, place and size in the key. Not
 * the bucket size, a constant's value or an expression's operands: a
 * trigger differing only in those is the same one (EEXIST, removed by
 * the other's "!").
 */
bool hist_field_same(const struct hist_field *a, const struct hist_field *b)
{
	if (a->kind != b->kind || a->mods != b->mods ||
	    a->size != b->size || a->offset != b->offset ||
	    a->is_signed != b->is_signed || !a->fname != !b->fname)
		return false;
	return !a->fname ||
	       (!strcmp(a->fname, b->fname) && !strcmp(a->ftype, b->ftype) &&
		a->fsize == b->fsize && a->fsigned == b->fsigned);
}

/* An integer field of the record, sign-extended. */
static u64 hist_read_num(const struct ftrace_event_field *field, void *rec)
{
	void *at = rec + field->offset;

	switch (field->size) {
	case 1:
		return field->is_signed ? (u64)(s64)*(s8 *)at : *(u8 *)at;
	case 2:
		return field->is_signed ? (u64)(s64)(s16)get_unaligned((u16 *)at)
					: get_unaligned((u16 *)at);
	case 4:
		return field->is_signed ? (u64)(s64)(s32)get_unaligned((u32 *)at)
					: get_unaligned((u32 *)at);
	default:
		return get_unaligned((u64 *)at);
	}
}

/* ilog2 of v rounded up to a power of two; 0 for 0 and 1. */
static u64 hist_log2(u64 v)
{
	return v > 1 ? fls64(v - 1) : 0;
}

u64 hist_op(char op, u64 a, u64 b)
{
	switch (op) {
	case '+':
		return a + b;
	case '-':
		return a - b;
	case '*':
		return a * b;
	default:
		/* a divisor that is 0 when the record comes: -1, as upstream */
		return b ? div64_u64(a, b) : -1ULL;
	}
}

static u64 hist_expr_value(const struct hist_rec *r, const struct hist_field *f)
{
	u64 a = hist_field_value(r, f->operands[0]);

	if (f->op == 'u')
		return -a;
	return hist_op(f->op, a, hist_field_value(r, f->operands[1]));
}

u64 hist_field_value(const struct hist_rec *r, const struct hist_field *f)
{
	u64 v;

	switch (f->kind) {
	case HK_HITCOUNT:
		return 1;
	case HK_NUM:
		v = hist_read_num(f->field, r->rec);
		break;
	case HK_CPU:
		v = raw_smp_processor_id();
		break;
	case HK_TIMESTAMP:
		v = ring_buffer_event_time_stamp(r->buffer, r->event);
		/* rounded to the nearest, as `trace` shows stamps */
		if (r->hd->usecs && trace_clock_in_ns(r->tr))
			v = div_u64(v + NSEC_PER_USEC / 2, NSEC_PER_USEC);
		break;
	case HK_CONST:
		v = f->constant;
		break;
	case HK_VAR_REF:
		v = r->refs[f->ref];
		break;
	case HK_EXPR:
		v = hist_expr_value(r, f);
		break;
	default:
		return 0;
	}
	if (f->mods & HF_LOG2)
		v = hist_log2(v);
	else if (f->mods & HF_BUCKET)
		v = div64_u64(v, f->buckets) * f->buckets;
	return v;
}

/* A string field's text in rec, and how many bytes it may have. */
static const char *hist_read_str(const struct ftrace_event_field *field,
				 void *rec, unsigned int *len)
{
	u32 loc;

	if (field->filter_type == FILTER_STATIC_STRING) {
		*len = field->size;
		return rec + field->offset;
	}
	loc = get_unaligned((u32 *)(rec + field->offset));
	*len = loc >> 16;
	if (field->filter_type == FILTER_RDYN_STRING)
		return rec + field->offset + sizeof(u32) + (loc & 0xffff);
	return rec + (loc & 0xffff);
}

void hist_field_copy_str(const struct hist_field *f, void *rec, char *buf,
			 size_t size)
{
	unsigned int len;
	const char *str = hist_read_str(f->field, rec, &len);

	len = strnlen(str, min_t(size_t, len, size - 1));
	memcpy(buf, str, len);
	buf[len] = '\0';
}

const char *hist_field_str(const struct hist_field *f, void *rec)
{
	unsigned int len;

	return hist_read_str(f->field, rec, &len);
}

void hist_field_key(const struct hist_rec *r, const struct hist_field *f,
		    void *key)
{
	unsigned int len;
	const char *str;
	u64 v;

	switch (f->kind) {
	case HK_STR:
		str = hist_read_str(f->field, r->rec, &len);
		/* the last byte stays 0: the key is a C string */
		memcpy(key + f->offset, str, strnlen(str, min(len, f->size - 1)));
		return;
	case HK_STACK:
		stack_trace_save(key + f->offset, HIST_STACK_DEPTH,
				 HIST_STACK_SKIP);
		return;
	default:
		v = hist_field_value(r, f);
		memcpy(key + f->offset, &v, sizeof(v));
	}
}
