// SPDX-License-Identifier: GPL-2.0
/*
 * The event filter engine: compiles the text of a filter ("pid > 10 &&
 * comm ~ \"ba*\"") against the fields of an event's records, and runs it
 * on records.
 *
 * Language (upstream's): a term is FIELD OP VALUE; numeric fields take
 * == != < <= > >= & and a decimal, octal or hex number; string fields
 * take == != and ~ (a glob) and a quoted string. Terms combine with ! (on
 * the next term or parenthesised group), && and || (&& binds tighter),
 * and parentheses. Errors, their positions and the errnos returned are
 * upstream's, including its quirks (documented where they happen).
 *
 * Design. Compilation has three steps:
 *  1. A prescan checks quotes and parentheses and counts terms, which
 *     bounds every array the next steps use (nothing grows later).
 *  2. A two-state machine (expecting a term / expecting an operator)
 *     reads the text left to right. Each term becomes one instruction
 *     (the test) and one leaf of an expression tree; && and || are
 *     reduced with an explicit operator stack (operator precedence), so
 *     no recursion depends on the input. A '!' marks the leaf or the
 *     parenthesised group's node it applies to as negated.
 *  3. Code generation. Terms are tested in text order and evaluation
 *     short-circuits, so after term i runs, one of its two outcomes
 *     always continues with term i + 1 (the next leaf is the first one
 *     of the right side of some node whose left side term i ends), and
 *     the other either decides the whole expression or skips forward to
 *     a later term. Climbing the tree from leaf i with each outcome finds
 *     where it goes; the instruction keeps the outcome that leaves the
 *     straight line (jump_on) and where it goes (target).
 *
 * The program is an array of n instructions; position n means "match"
 * and n + 1 "no match". Every target is greater than the instruction's
 * own index, so a run is at most n tests, with no stack, recursion or
 * allocation: it may run in any context, NMI included.
 *
 * Strings behind pointers are copied (fault-safe) into a per-CPU buffer,
 * one per interrupt context level, so that a filter run in an interrupt
 * never overwrites the copy of the run it interrupted.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <linux/glob.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/uaccess.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/atomic.h>
#include <asm/unaligned.h>

#include "trace_events_filter.h"

const char *event_filter_errors[FILT_ERR_MAX] = {
	[FILT_ERR_NONE]			= "No error",
	[FILT_ERR_INVALID_OP]		= "Invalid operator",
	[FILT_ERR_TOO_MANY_OPEN]	= "Too many '('",
	[FILT_ERR_TOO_MANY_CLOSE]	= "Too few '('",
	[FILT_ERR_MISSING_QUOTE]	= "Missing matching quote",
	[FILT_ERR_OPERAND_TOO_LONG]	= "Operand too long",
	[FILT_ERR_EXPECT_STRING]	= "Expecting string field",
	[FILT_ERR_EXPECT_DIGIT]		= "Expecting numeric field",
	[FILT_ERR_ILLEGAL_FIELD_OP]	= "Illegal operation for field type",
	[FILT_ERR_FIELD_NOT_FOUND]	= "Field not found",
	[FILT_ERR_ILLEGAL_INTVAL]	= "Illegal integer value",
	[FILT_ERR_BAD_SUBSYS_FILTER]	=
		"Couldn't find or set field in one of a subsystem's events",
	[FILT_ERR_TOO_MANY_PREDS]	= "Too many terms in predicate expression",
	[FILT_ERR_INVALID_FILTER]	= "Meaningless filter expression",
	[FILT_ERR_IP_FIELD_ONLY]	=
		"Only 'ip' field is supported for function trace",
	[FILT_ERR_INVALID_VALUE]	= "Invalid value (did you forget quotes)?",
	[FILT_ERR_ERRNO]		= "Error",
	[FILT_ERR_NO_FILTER]		= "No filter found",
};

/* Comparison operators, in the order the parser tries them. */
enum filter_op {
	FOP_GLOB,
	FOP_NE,
	FOP_EQ,
	FOP_LE,		/* before "<": the parser takes the first that fits */
	FOP_LT,
	FOP_GE,
	FOP_GT,
	FOP_AND,
	FOP_NR,
};

static const char *const filter_op_text[FOP_NR] = {
	[FOP_GLOB] = "~", [FOP_NE] = "!=", [FOP_EQ] = "==", [FOP_LE] = "<=",
	[FOP_LT] = "<", [FOP_GE] = ">=", [FOP_GT] = ">", [FOP_AND] = "&",
};

/* What an instruction tests. */
enum filter_test {
	FT_NEVER,	/* a field size no comparison exists for: never true */
	FT_INT,		/* an integer field of 1, 2, 4 or 8 bytes */
	FT_CPU,		/* the CPU the record is written on */
	FT_COMM,	/* the writing task's comm */
	FT_STR_ARRAY,	/* char[N] in the record */
	FT_STR_LOC,	/* __data_loc: offset from the record's start */
	FT_STR_RELLOC,	/* __rel_loc: offset from the end of the field */
	FT_STR_PTR,	/* a kernel pointer to a string */
	FT_STR_USER,	/* a user pointer to a string (FIELD.ustring) */
};

/* How a string test compares (the ~ operator picks by the pattern). */
enum filter_str_mode {
	SM_FULL,	/* the whole string */
	SM_FRONT,	/* "abc*" */
	SM_MIDDLE,	/* "*abc*" */
	SM_END,		/* "*abc" */
	SM_GLOB,	/* anything else with * ? [ or \: lib/glob.c */
};

/* One term of the program. */
struct filter_insn {
	u8		test;		/* enum filter_test */
	u8		op;		/* enum filter_op */
	u8		mode;		/* enum filter_str_mode */
	u8		size;		/* FT_INT: bytes */
	bool		is_signed;	/* FT_INT: compare as signed */
	bool		negate;		/* strings: != and "!..." globs */
	bool		jump_on;	/* the outcome that jumps to target */
	int		target;		/* next instruction on jump_on */
	int		offset;		/* of the field in the record */
	int		field_len;	/* FT_STR_ARRAY, FT_COMM: bytes */
	int		pat_len;
	u64		val;		/* FT_INT: extended as the field is */
	char		*pat;		/* strings: NUL-terminated pattern */
};

struct event_filter {
	int			nr;	/* instructions; nr: match, nr + 1: not */
	char			*text;	/* what the filter file shows */
	struct filter_insn	prog[];
};

/* ------------------------------------------------------------ matching */

#define FILTER_STRBUF_SIZE	1024	/* longest pointed-to string compared */
#define FILTER_STRBUF_LEVELS	4	/* task, softirq, hardirq, NMI */

struct filter_strbuf {
	char	buf[FILTER_STRBUF_LEVELS][FILTER_STRBUF_SIZE];
};

/* Allocated by the first filter with a pointer string; kept for good. */
static struct filter_strbuf __percpu *filter_strbufs;

static bool filter_str_match(const struct filter_insn *in, const char *str,
			     int len)
{
	int n, k;

	/* len counts the NUL; 0 means "NUL-terminated, length unknown" */
	switch (in->mode) {
	case SM_FULL:
		if (!len)
			return !strcmp(str, in->pat);
		return len >= in->pat_len && !strncmp(str, in->pat, len);
	case SM_FRONT:
		if (len && len < in->pat_len)
			return false;
		return !strncmp(str, in->pat, in->pat_len);
	case SM_MIDDLE:
		if (!len)
			return strstr(str, in->pat);
		/* as strnstr(): may look past a NUL inside the len bytes */
		for (k = 0; k + in->pat_len <= len; k++)
			if (!memcmp(str + k, in->pat, in->pat_len))
				return true;
		return false;
	case SM_END:
		/* upstream's rule: the last len - 1 bytes, NUL or not */
		n = len - 1;
		return n >= in->pat_len &&
		       !memcmp(str + n - in->pat_len, in->pat, in->pat_len);
	default:
		return glob_match_len(in->pat, str, len);
	}
}

/* Copies the string at @ptr (kernel or user) where an interrupt cannot clobber it. */
static const char *filter_fetch_str(const struct filter_insn *in,
				    const void *ptr)
{
	struct filter_strbuf __percpu *bufs = READ_ONCE(filter_strbufs);
	char *buf;
	long ret;

	if (!bufs)
		return NULL;
	buf = this_cpu_ptr(bufs)->buf[interrupt_context_level()];
	if (in->test == FT_STR_USER)
		ret = strncpy_from_user_nofault(buf, (const char __user *)ptr,
						FILTER_STRBUF_SIZE);
	else
		ret = strncpy_from_kernel_nofault(buf, ptr, FILTER_STRBUF_SIZE);
	return ret < 0 ? NULL : buf;
}

static bool filter_test_str(const struct filter_insn *in, void *rec)
{
	const char *str;
	int len;
	u32 loc;

	switch (in->test) {
	case FT_COMM:
		str = current->comm;
		len = in->field_len;
		break;
	case FT_STR_ARRAY:
		str = rec + in->offset;
		len = in->field_len;
		break;
	case FT_STR_LOC:
	case FT_STR_RELLOC:
		/* low 16 bits: where the bytes are; high 16: how many */
		loc = get_unaligned((u32 *)(rec + in->offset));
		str = rec + (loc & 0xffff);
		if (in->test == FT_STR_RELLOC)
			str += in->offset + sizeof(u32);
		len = loc >> 16;
		break;
	default:
		str = filter_fetch_str(in, get_unaligned((void **)(rec + in->offset)));
		/* an unreadable string fails the test, even for != */
		if (!str)
			return false;
		len = strlen(str) + 1;
		break;
	}
	return filter_str_match(in, str, len) ^ in->negate;
}

static u64 filter_extend(u64 raw, int size, bool is_signed)
{
	int shift = 64 - 8 * size;

	if (is_signed)
		return (u64)((s64)(raw << shift) >> shift);
	return raw << shift >> shift;
}

static u64 filter_load(const void *p, int size)
{
	switch (size) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return get_unaligned((const u16 *)p);
	case 4:
		return get_unaligned((const u32 *)p);
	default:
		return get_unaligned((const u64 *)p);
	}
}

static bool filter_compare(int op, s64 a, s64 b, bool is_signed)
{
	u64 ua = a, ub = b;

	switch (op) {
	case FOP_EQ:
		return a == b;
	case FOP_NE:
		return a != b;
	case FOP_LT:
		return is_signed ? a < b : ua < ub;
	case FOP_LE:
		return is_signed ? a <= b : ua <= ub;
	case FOP_GT:
		return is_signed ? a > b : ua > ub;
	case FOP_GE:
		return is_signed ? a >= b : ua >= ub;
	case FOP_AND:
		return ua & ub;
	default:
		return false;
	}
}

static bool filter_test(const struct filter_insn *in, void *rec)
{
	u64 v;

	switch (in->test) {
	case FT_INT:
		v = filter_extend(filter_load(rec + in->offset, in->size),
				  in->size, in->is_signed);
		return filter_compare(in->op, v, in->val, in->is_signed);
	case FT_CPU:
		/* the CPU compares as an int; '&' is never true for it */
		if (in->op == FOP_AND)
			return false;
		return filter_compare(in->op, raw_smp_processor_id(),
				      (int)in->val, true);
	case FT_NEVER:
		return false;
	default:
		return filter_test_str(in, rec);
	}
}

bool event_filter_match(const struct event_filter *f, void *record)
{
	const struct filter_insn *in;
	int i = 0;

	if (!f)
		return true;
	while (i < f->nr) {
		in = &f->prog[i];
		if (filter_test(in, record) == in->jump_on)
			i = in->target;
		else
			i++;
	}
	return i == f->nr;
}

const char *event_filter_text(const struct event_filter *f)
{
	return f ? f->text : NULL;
}

void event_filter_free(struct event_filter *f)
{
	int i;

	if (!f)
		return;
	for (i = 0; i < f->nr; i++)
		kfree(f->prog[i].pat);
	kfree(f->text);
	kfree(f);
}

int filter_assign_type(const char *type)
{
	bool is_char = strstr(type, "char");

	if (is_char && strstr(type, "__data_loc"))
		return FILTER_DYN_STRING;
	if (is_char && strstr(type, "__rel_loc"))
		return FILTER_RDYN_STRING;
	if (is_char && strchr(type, '['))
		return FILTER_STATIC_STRING;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

/* ------------------------------------------------------------- parsing */

/* Tree nodes: leaves are nodes 0..max_terms - 1 (leaf i is term i). */
enum { FN_LEAF, FN_AND, FN_OR };

struct filter_node {
	int	parent;		/* -1: the root */
	int	first;		/* the first leaf under this node */
	int	right_first;	/* AND, OR: the first leaf of the right side */
	u8	kind;
	bool	negated;
	bool	is_left;	/* the left operand of its parent */
};

/* The operator stack: open parentheses and pending && / ||. */
struct filter_stack_op {
	u8	kind;		/* FN_AND, FN_OR, or FN_LEAF for '(' */
	bool	negated;	/* '(': a '!' came before it */
};

struct filter_parser {
	const char		*text;
	struct list_head *const	*lists;
	int			nr_lists;
	struct filter_parse_error *pe;
	struct event_filter	*f;		/* prog[] is filled here */
	int			max_terms;
	struct filter_node	*nodes;
	int			nr_nodes;
	int			*operands;	/* node indexes */
	int			nr_operands;
	struct filter_stack_op	*ops;
	int			nr_ops;
};

/* Records the first error (the only one, as parsing stops there). */
static int filter_fail(struct filter_parser *p, int err_index, int pos, int err)
{
	p->pe->err_index = err_index;
	p->pe->pos = pos;
	return err;
}

/* The pseudo-fields every event has, after its own fields (upstream's). */
static struct ftrace_event_field filter_pseudo_fields[] = {
	{ .name = "CPU", .type = "int", .filter_type = FILTER_CPU, .is_signed = 1 },
	{ .name = "cpu", .type = "int", .filter_type = FILTER_CPU, .is_signed = 1 },
	{ .name = "common_cpu", .type = "int", .filter_type = FILTER_CPU, .is_signed = 1 },
	{ .name = "COMM", .type = "char *", .filter_type = FILTER_COMM },
	{ .name = "comm", .type = "char *", .filter_type = FILTER_COMM },
};

static bool filter_name_is(const struct ftrace_event_field *field,
			   const char *name, int len)
{
	return !strncmp(field->name, name, len) && !field->name[len];
}

static const struct ftrace_event_field *
filter_find_field(const struct filter_parser *p, const char *name, int len)
{
	const struct ftrace_event_field *field;
	int l, k;

	for (l = 0; l < p->nr_lists; l++) {
		list_for_each_entry(field, p->lists[l], link)
			if (filter_name_is(field, name, len))
				return field;
		if (l)
			continue;
		for (k = 0; k < (int)ARRAY_SIZE(filter_pseudo_fields); k++)
			if (filter_name_is(&filter_pseudo_fields[k], name, len))
				return &filter_pseudo_fields[k];
	}
	return NULL;
}

static bool filter_is_string(const struct ftrace_event_field *field)
{
	switch (field->filter_type) {
	case FILTER_STATIC_STRING:
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
	case FILTER_PTR_STRING:
	case FILTER_COMM:
		return true;
	default:
		return false;
	}
}

/* The operator at @s, or -1. */
static int filter_match_op(const char *s)
{
	int op;

	for (op = 0; op < FOP_NR; op++)
		if (!strncmp(s, filter_op_text[op], strlen(filter_op_text[op])))
			return op;
	return -1;
}

/*
 * The ~ operator's pattern: a leading '!' negates; a pattern starting
 * with a digit is compared whole; one '*' at the start and/or the end
 * picks a cheap mode and is dropped; anything else special is a glob.
 */
static void filter_glob_mode(struct filter_insn *in)
{
	char *pat = in->pat;
	int n = in->pat_len, k;

	in->mode = SM_FULL;
	if (pat[0] == '!') {
		in->negate = true;
		pat++;
		n--;
	}
	for (k = 0; !isdigit(pat[0]) && k < n; k++) {
		if (pat[k] == '[' || pat[k] == '?' || pat[k] == '\\') {
			in->mode = SM_GLOB;
			break;
		}
		if (pat[k] != '*')
			continue;
		if (!k) {
			in->mode = SM_END;
			continue;
		}
		if (k == n - 1) {
			in->mode = in->mode == SM_END ? SM_MIDDLE : SM_FRONT;
			pat[k] = '\0';
		} else {
			in->mode = SM_GLOB;
		}
		break;
	}
	if (in->mode != SM_GLOB && !isdigit(pat[0]) && pat[0] == '*')
		pat++;
	in->pat_len = strlen(pat);
	memmove(in->pat, pat, in->pat_len + 1);
}

static int filter_strbuf_get(void)
{
	struct filter_strbuf __percpu *fresh;

	if (READ_ONCE(filter_strbufs))
		return 0;
	fresh = alloc_percpu(struct filter_strbuf);
	if (!fresh)
		return -ENOMEM;
	/*
	 * Two compilations may race here (filters and triggers of different
	 * mutexes): the first to publish wins and the other frees its copy.
	 * The cmpxchg orders the publication before any filter that uses
	 * the buffers becomes visible to the matching side.
	 */
	if (cmpxchg(&filter_strbufs, NULL, fresh))
		free_percpu(fresh);
	return 0;
}

/* A quoted VALUE at @j for a string @field; returns where the term ends. */
static int filter_parse_string(struct filter_parser *p, int j,
			       const struct ftrace_event_field *field,
			       bool user, struct filter_insn *in)
{
	const char *s = p->text;
	int end, ret;

	if (in->op != FOP_EQ && in->op != FOP_NE && in->op != FOP_GLOB)
		return filter_fail(p, FILT_ERR_ILLEGAL_FIELD_OP, j + 1, -EINVAL);
	if (!filter_is_string(field))
		return filter_fail(p, FILT_ERR_EXPECT_DIGIT, j + 1, -EINVAL);
	end = j + 1;
	while (s[end] && s[end] != s[j])
		end++;
	if (!s[end])
		return filter_fail(p, FILT_ERR_MISSING_QUOTE, end + 1, -EINVAL);
	in->pat_len = end - j - 1;
	if (in->pat_len >= MAX_FILTER_STR_VAL)
		return filter_fail(p, FILT_ERR_OPERAND_TOO_LONG, end + 1, -EINVAL);
	in->pat = kmemdup_nul(s + j + 1, in->pat_len, GFP_KERNEL);
	if (!in->pat)
		return -ENOMEM;
	in->negate = in->op == FOP_NE;
	in->mode = SM_FULL;
	if (in->op == FOP_GLOB)
		filter_glob_mode(in);

	switch (field->filter_type) {
	case FILTER_COMM:
		in->test = FT_COMM;
		in->field_len = TASK_COMM_LEN;
		break;
	case FILTER_STATIC_STRING:
		in->test = FT_STR_ARRAY;
		in->field_len = field->size;
		break;
	case FILTER_DYN_STRING:
		in->test = FT_STR_LOC;
		break;
	case FILTER_RDYN_STRING:
		in->test = FT_STR_RELLOC;
		break;
	default:
		in->test = user ? FT_STR_USER : FT_STR_PTR;
		ret = filter_strbuf_get();
		if (ret)
			return ret;
		break;
	}
	return end + 1;
}

/* A number VALUE at @j for a numeric @field; returns where the term ends. */
static int filter_parse_number(struct filter_parser *p, int j,
			       const struct ftrace_event_field *field,
			       struct filter_insn *in)
{
	const char *s = p->text;
	char num[24];		/* "0xffffffffffffffff" and more fit */
	int start = j, ret;
	u64 val;

	if (filter_is_string(field))
		return filter_fail(p, FILT_ERR_EXPECT_STRING, j + 1, -EINVAL);
	if (in->op == FOP_GLOB)
		return filter_fail(p, FILT_ERR_ILLEGAL_FIELD_OP, j + 1, -EINVAL);
	if (s[j] == '-')
		j++;
	while (isalnum(s[j]))
		j++;
	if (j - start >= sizeof(num))
		return filter_fail(p, FILT_ERR_OPERAND_TOO_LONG, j + 1, -EINVAL);
	memcpy(num, s + start, j - start);
	num[j - start] = '\0';
	if (field->is_signed)
		ret = kstrtoll(num, 0, (s64 *)&val);
	else
		ret = kstrtoull(num, 0, &val);
	if (ret)
		return filter_fail(p, FILT_ERR_ILLEGAL_INTVAL, start + 1, -EINVAL);

	in->val = val;
	if (field->filter_type == FILTER_CPU) {
		in->test = FT_CPU;
	} else if (field->size == 1 || field->size == 2 ||
		   field->size == 4 || field->size == 8) {
		in->test = FT_INT;
		in->size = field->size;
		in->is_signed = field->is_signed;
		in->val = filter_extend(val, in->size, in->is_signed);
	} else {
		in->test = FT_NEVER;
	}
	return j;
}

/*
 * One term starting at @start, into @in. Returns the index just past it,
 * or a negative errno. Upstream reports the positions of a term's errors
 * one past the offending character; so does this.
 */
static int filter_parse_term(struct filter_parser *p, int start,
			     struct filter_insn *in)
{
	const struct ftrace_event_field *field;
	const char *s = p->text;
	bool user = false;
	int j = start, op;

	while (isalnum(s[j]) || s[j] == '_')
		j++;
	/* no field name: upstream fails with -1 and nothing to log */
	if (j == start)
		return -EPERM;
	field = filter_find_field(p, s + start, j - start);
	if (!field)
		return filter_fail(p, FILT_ERR_FIELD_NOT_FOUND, j + 1, -EINVAL);
	if (!strncmp(s + j, ".ustring", 8)) {
		user = true;
		j += 8;
	}
	while (isspace(s[j]))
		j++;
	op = filter_match_op(s + j);
	if (op < 0)
		return filter_fail(p, FILT_ERR_INVALID_OP, j + 1, -EINVAL);
	in->op = op;
	j += strlen(filter_op_text[in->op]);
	while (isspace(s[j]))
		j++;
	in->offset = field->offset;

	if (s[j] == '\'' || s[j] == '"')
		return filter_parse_string(p, j, field, user, in);
	if (isdigit(s[j]) || s[j] == '-')
		return filter_parse_number(p, j, field, in);
	return filter_fail(p, FILT_ERR_INVALID_VALUE, j + 1, -EINVAL);
}

/* How tightly an operator binds: && before ||; '(' stops reductions. */
static int filter_prec(int kind)
{
	return kind == FN_AND ? 2 : kind == FN_OR ? 1 : 0;
}

/* Pops the operators binding at least @prec tightly into nodes. */
static void filter_reduce(struct filter_parser *p, int prec)
{
	struct filter_node *node, *left, *right;
	int n;

	while (p->nr_ops && filter_prec(p->ops[p->nr_ops - 1].kind) >= prec) {
		n = p->nr_nodes++;
		node = &p->nodes[n];
		right = &p->nodes[p->operands[--p->nr_operands]];
		left = &p->nodes[p->operands[p->nr_operands - 1]];
		node->kind = p->ops[--p->nr_ops].kind;
		node->negated = false;
		node->parent = -1;
		node->first = left->first;
		node->right_first = right->first;
		left->parent = n;
		left->is_left = true;
		right->parent = n;
		right->is_left = false;
		p->operands[p->nr_operands - 1] = n;
	}
}

/*
 * Reads the text (step 2 of the design). Returns 0 with the tree and the
 * tests built, or an errno with the error recorded.
 */
static int filter_read(struct filter_parser *p)
{
	const char *s = p->text;
	bool want_term = true, negated = false;
	struct filter_node *leaf;
	int i = 0, at, ret;
	char c;

	for (;;) {
		at = i;
		c = s[i++];
		if (want_term) {
			if (!c)
				break;
			if (isspace(c))
				continue;
			if (c == '(') {
				p->ops[p->nr_ops].kind = FN_LEAF;
				p->ops[p->nr_ops++].negated = negated;
				negated = false;
				continue;
			}
			/* "!=" and "!~" start no negation */
			if (c == '!' && s[i] != '=' && s[i] != '~') {
				negated = !negated;
				continue;
			}
			/* upstream's limit: the prescan's count, plus two */
			if (p->f->nr >= p->max_terms)
				return filter_fail(p, FILT_ERR_TOO_MANY_PREDS, at,
						   -EPERM);
			ret = filter_parse_term(p, at, &p->f->prog[p->f->nr]);
			if (ret < 0) {
				/* a term that failed after taking its pattern */
				kfree(p->f->prog[p->f->nr].pat);
				p->f->prog[p->f->nr].pat = NULL;
				return ret;
			}
			leaf = &p->nodes[p->f->nr];
			leaf->kind = FN_LEAF;
			leaf->negated = negated;
			leaf->parent = -1;
			leaf->first = p->f->nr;
			p->operands[p->nr_operands++] = p->f->nr++;
			negated = false;
			want_term = false;
			i = ret;
			continue;
		}
		if (isspace(c))
			continue;
		/*
		 * Errors after a term come back as -1 from upstream's parser
		 * (-EPERM), and a ')' too many is reported one past itself.
		 */
		if (c == '&' || c == '|') {
			if (s[i] != c)
				return filter_fail(p, FILT_ERR_TOO_MANY_PREDS, at,
						   -EPERM);
			i++;
			filter_reduce(p, filter_prec(c == '&' ? FN_AND : FN_OR));
			p->ops[p->nr_ops].kind = c == '&' ? FN_AND : FN_OR;
			p->ops[p->nr_ops++].negated = false;
			want_term = true;
			continue;
		}
		if (c && c != ')')
			return filter_fail(p, FILT_ERR_TOO_MANY_PREDS, at, -EPERM);
		filter_reduce(p, 1);
		if (!c)
			break;
		if (!p->nr_ops)
			return filter_fail(p, FILT_ERR_TOO_MANY_CLOSE, i, -EPERM);
		/* the group is one operand now; its '!' applies to it */
		p->nodes[p->operands[p->nr_operands - 1]].negated ^=
			p->ops[--p->nr_ops].negated;
	}
	if (!want_term && p->nr_ops)
		return filter_fail(p, FILT_ERR_TOO_MANY_OPEN, i, -EPERM);
	if (want_term && p->f->nr)
		return filter_fail(p, FILT_ERR_INVALID_FILTER, at, -EINVAL);
	/*
	 * Only blanks, '(' and '!': the prescan has balanced the
	 * parentheses, so none is open here.
	 */
	if (!p->f->nr)
		return filter_fail(p, FILT_ERR_NO_FILTER, at, -EINVAL);
	return 0;
}

/*
 * Where term @leaf's outcome @r leads (step 3 of the design): climb while
 * the outcome decides the node above; stop at the first node whose right
 * side must still be tested.
 */
static int filter_dest(const struct filter_parser *p, int leaf, bool r)
{
	const struct filter_node *node = &p->nodes[leaf], *up;
	bool v = r ^ node->negated, goes_on;

	while (node->parent >= 0) {
		up = &p->nodes[node->parent];
		/* true && ... or false || ...: the right side decides */
		goes_on = up->kind == FN_AND;
		if (node->is_left && v == goes_on)
			return up->right_first;
		v ^= up->negated;
		node = up;
	}
	return v ? p->f->nr : p->f->nr + 1;
}

static int filter_codegen(struct filter_parser *p)
{
	struct filter_insn *in;
	int i, if_true, if_false;

	for (i = 0; i < p->f->nr; i++) {
		in = &p->f->prog[i];
		if_true = filter_dest(p, i, true);
		if_false = filter_dest(p, i, false);
		if (if_true == i + 1) {
			in->jump_on = false;
			in->target = if_false;
		} else {
			in->jump_on = true;
			in->target = if_true;
		}
		/* one way goes on to the next term, the other forward */
		if ((if_true != i + 1 && if_false != i + 1) || in->target <= i)
			return -EINVAL;
	}
	return 0;
}

/* The '(' a missing ')' is reported at: upstream's backward search. */
static int filter_unclosed(const char *s, int end, int open)
{
	int level = open, i;
	char quote = 0;

	for (i = end - 1; i > 0; i--) {
		if (quote) {
			if (s[i] == quote)
				quote = 0;
		} else if (s[i] == '(') {
			if (level == open)
				return i;
			level--;
		} else if (s[i] == ')') {
			level++;
		} else if (s[i] == '\'' || s[i] == '"') {
			quote = s[i];
		}
	}
	return 0;
}

/*
 * Step 1: quotes closed, parentheses balanced; counts the terms (as
 * upstream counts them: runs of text between separators) and the depth.
 * The errnos are upstream's: its prescan's codes -1, -2, -3 reach the
 * writer as they are.
 */
static int filter_prescan(struct filter_parser *p, int *depth)
{
	const char *s = p->text;
	int i, open = 0, terms = 0, quote_at = 0;
	bool in_term = false;
	char quote = 0;

	*depth = 0;
	for (i = 0; s[i]; i++) {
		if (isspace(s[i]))
			continue;
		if (quote) {
			if (s[i] == quote)
				quote = 0;
			continue;
		}
		if (s[i] == '(' || s[i] == ')' ||
		    ((s[i] == '&' || s[i] == '|') && s[i + 1] == s[i])) {
			in_term = false;
			if (s[i] == '(')
				*depth = max(*depth, ++open);
			else if (s[i] == ')' && !open--)
				return filter_fail(p, FILT_ERR_TOO_MANY_CLOSE, i,
						   -EPERM);
			continue;
		}
		if (s[i] == '\'' || s[i] == '"') {
			quote = s[i];
			quote_at = i;
		}
		if (!in_term)
			terms++;
		in_term = true;
	}
	if (quote)
		return filter_fail(p, FILT_ERR_MISSING_QUOTE, quote_at, -ESRCH);
	if (open)
		return filter_fail(p, FILT_ERR_TOO_MANY_OPEN,
				   filter_unclosed(s, i, open), -ENOENT);
	/* nothing to test: -EINVAL, with no position to show */
	if (!terms)
		return -EINVAL;
	p->max_terms = terms + 2;
	return 0;
}

static int filter_compile(struct filter_parser *p)
{
	int depth, ret;

	ret = filter_prescan(p, &depth);
	if (ret)
		return ret;
	p->f = kzalloc(struct_size(p->f, prog, p->max_terms), GFP_KERNEL);
	p->nodes = kcalloc(2 * p->max_terms, sizeof(*p->nodes), GFP_KERNEL);
	p->operands = kcalloc(p->max_terms, sizeof(*p->operands), GFP_KERNEL);
	p->ops = kcalloc(p->max_terms + depth, sizeof(*p->ops), GFP_KERNEL);
	if (!p->f || !p->nodes || !p->operands || !p->ops)
		return -ENOMEM;
	p->nr_nodes = p->max_terms;
	ret = filter_read(p);
	if (!ret)
		ret = filter_codegen(p);
	return ret;
}

/* The filter file's text after a failure, as upstream shows it. */
static char *filter_error_text(const char *text, int err_index, int pos,
			       int err)
{
	int len = strlen(text);

	if (err_index == FILT_ERR_NONE)
		return kasprintf(GFP_KERNEL, "%s\nError: (%d)\n", text, err);
	/* the caret sits one column right of the logged position */
	if (pos > len)
		pos = len;
	if (pos)
		pos++;
	return kasprintf(GFP_KERNEL, "%s\n%*s\nparse_error: %s\n", text, pos,
			 "^", event_filter_errors[err_index]);
}

struct event_filter *event_filter_new_error(const char *text, int err_index,
					    int pos)
{
	struct event_filter *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return NULL;
	f->text = filter_error_text(text, err_index, pos, 0);
	if (!f->text) {
		kfree(f);
		return NULL;
	}
	return f;
}

int event_filter_parse(struct list_head *const *field_lists, int nr_lists,
		       const char *text, unsigned int flags,
		       struct event_filter **out, struct filter_parse_error *pe)
{
	struct filter_parser p = {
		.text = text, .lists = field_lists, .nr_lists = nr_lists,
		.pe = pe,
	};
	int ret;

	pe->err_index = FILT_ERR_NONE;
	pe->pos = 0;
	ret = filter_compile(&p);
	kfree(p.nodes);
	kfree(p.operands);
	kfree(p.ops);
	if (!ret) {
		p.f->text = kstrdup(text, GFP_KERNEL);
		if (p.f->text) {
			*out = p.f;
			return 0;
		}
		ret = -ENOMEM;
	}
	event_filter_free(p.f);

	/* upstream reports a group's failures in each event so */
	if (flags & EVENT_FILTER_GROUP) {
		pe->err_index = FILT_ERR_BAD_SUBSYS_FILTER;
		pe->pos = 0;
	}
	*out = kzalloc(sizeof(**out), GFP_KERNEL);
	if (*out) {
		(*out)->text = filter_error_text(text, pe->err_index, pe->pos,
						 ret == -ENOMEM ? ret : 0);
		if (!(*out)->text) {
			kfree(*out);
			*out = NULL;
		}
	}
	if (pe->err_index == FILT_ERR_NONE)
		pe->err_index = FILT_ERR_ERRNO;
	return ret;
}
