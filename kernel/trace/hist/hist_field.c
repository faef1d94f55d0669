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
};

void hist_err(struct hist_parse *p, enum hist_err err, const char *word)
{
	const char *at = word ? strstr(p->cmd, word) : NULL;

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

/* Those a key or a value may not have. */
#define HF_NOT_KEY	(HF_PERCENT | HF_GRAPH)
#define HF_NOT_VAL	(HF_LOG2 | HF_BUCKET | HF_SYM | HF_SYM_OFFSET | \
			 HF_SYSCALL)

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
		return 0;
	}
	if (!strcmp(name, "common_timestamp")) {
		f->kind = HK_TIMESTAMP;
		return 0;
	}
	field = hist_find_field(trace_get_fields(file->event_call), name);
	if (!field && (!strcmp(name, "cpu") || !strcmp(name, "CPU"))) {
		f->kind = HK_CPU;
		return 0;
	}
	if (!field)
		field = hist_find_field(&event_common_fields, name);
	/* a flexible array (size 0) has no value of its own */
	if (!field || !field->size)
		return -ENOENT;
	f->field = field;
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

struct hist_field *hist_field_parse(struct hist_parse *p, const char *text,
				    bool key)
{
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
		goto sized;
	}
	if (isdigit(name[0])) {
		if (kstrtoull(name, 0, &f->constant))
			goto fail;
		f->kind = HK_CONST;
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
	if (!key && (f->mods & HF_NOT_VAL)) {
		hist_err(p, HE_BAD_FIELD_MODIFIER, text);
		ret = -EINVAL;
		goto fail;
	}
	/* a sum of strings means nothing: refused, with no log entry */
	if (!key && f->kind == HK_STR) {
		ret = -EINVAL;
		goto fail;
	}
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
	kfree(f);
}

const char *hist_field_name(const struct hist_field *f)
{
	switch (f->kind) {
	case HK_NUM:
	case HK_STR:
		return f->field->name;
	case HK_CPU:
		return "common_cpu";
	case HK_TIMESTAMP:
		return "common_timestamp";
	default:
		return "";
	}
}

void hist_field_print(struct seq_file *m, const struct hist_field *f)
{
	int i;

	switch (f->kind) {
	case HK_HITCOUNT:
		seq_puts(m, "hitcount");
		break;
	case HK_STACK:
		seq_puts(m, "stacktrace");
		break;
	case HK_CONST:
		seq_printf(m, "%llu", f->constant);
		break;
	default:
		seq_puts(m, hist_field_name(f));
	}
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++) {
		if (f->mods & hist_mods[i].mod) {
			seq_printf(m, ".%s", hist_mods[i].name);
			break;
		}
	}
	if (f->mods & HF_BUCKET)
		seq_printf(m, "=%lu", f->buckets);
}

static bool hist_same_event_field(const struct ftrace_event_field *a,
				  const struct ftrace_event_field *b)
{
	if (a == b)
		return true;
	if (!a || !b)
		return false;
	return !strcmp(a->name, b->name) && !strcmp(a->type, b->type) &&
	       a->size == b->size && a->is_signed == b->is_signed;
}

bool hist_field_same(const struct hist_field *a, const struct hist_field *b)
{
	return a->kind == b->kind && a->mods == b->mods &&
	       hist_same_event_field(a->field, b->field) &&
	       a->size == b->size && a->offset == b->offset &&
	       a->is_signed == b->is_signed && a->buckets == b->buckets &&
	       a->constant == b->constant;
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
