// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of kernel/trace/trace_events_filter.c in user space.
 *
 * A made-up event with one field of every kind (integers of each size and
 * signedness, char[16], __data_loc and __rel_loc strings, kernel and user
 * string pointers, a field of an odd size) and the common fields. The
 * expectations were derived by reading upstream 6.1's filter code and
 * its helpers (lib/kstrtox.c, lib/glob.c): every operator on every size
 * and signedness against typed C arithmetic; strings of every kind with
 * each match mode, upstream's quirks included; precedence, checked on
 * random expressions against a recursive evaluator; every error with its
 * errno, error_log index and caret position, and the filter file's text;
 * random text (no crash, no leak: ASan and UBSan); every allocation of a
 * parse failing in turn.
 *
 * Prints each failed check and a summary; exits 1 if any failed.
 */
#include "shim/kshim.h"
#include <linux/list.h>
#include "../../../kernel/trace/trace_events_filter.h"

static int checks, failures;

#define CHECK(cond, ...) check(!!(cond), __LINE__, __VA_ARGS__)

__printf(3, 4)
static bool check(bool ok, int line, const char *fmt, ...)
{
	va_list ap;

	checks++;
	if (ok)
		return true;
	failures++;
	fprintf(stderr, "FAIL line %d: ", line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

/* ------------------------------------------------------------ the event */

static unsigned char rec[512] __aligned(8);
static struct list_head event_fields = LIST_HEAD_INIT(event_fields);
static struct list_head common_fields = LIST_HEAD_INIT(common_fields);
static struct list_head *lists[] = { &event_fields, &common_fields };
static struct ftrace_event_field fields[32];
static int nr_fields;

static void add_field(struct list_head *l, const char *type, const char *name,
		      int offset, int size, int is_signed)
{
	struct ftrace_event_field *f = &fields[nr_fields++];

	f->type = type;
	f->name = name;
	f->offset = offset;
	f->size = size;
	f->is_signed = is_signed;
	f->filter_type = filter_assign_type(type);
	list_add_tail(&f->link, l);
}

enum {
	OFF_U8 = 8, OFF_S8 = 9, OFF_U16 = 10, OFF_S16 = 12, OFF_U32 = 16,
	OFF_S32 = 20, OFF_U64 = 24, OFF_S64 = 32, OFF_NAME = 40, OFF_DYN = 56,
	OFF_REL = 60, OFF_PTR = 64, OFF_UPTR = 72, OFF_ODD = 80, OFF_U64U = 84,
	OFF_BIG = 92, OFF_DATA = 128,
};

static void setup_event(void)
{
	add_field(&common_fields, "unsigned short", "common_type", 0, 2, 0);
	add_field(&common_fields, "unsigned char", "common_flags", 2, 1, 0);
	add_field(&common_fields, "unsigned char", "common_preempt_count", 3, 1, 0);
	add_field(&common_fields, "int", "common_pid", 4, 4, 1);
	add_field(&event_fields, "u8", "u8f", OFF_U8, 1, 0);
	add_field(&event_fields, "s8", "s8f", OFF_S8, 1, 1);
	add_field(&event_fields, "u16", "u16f", OFF_U16, 2, 0);
	add_field(&event_fields, "s16", "s16f", OFF_S16, 2, 1);
	add_field(&event_fields, "u32", "u32f", OFF_U32, 4, 0);
	add_field(&event_fields, "int", "s32f", OFF_S32, 4, 1);
	add_field(&event_fields, "u64", "u64f", OFF_U64, 8, 0);
	add_field(&event_fields, "s64", "s64f", OFF_S64, 8, 1);
	add_field(&event_fields, "char[16]", "name", OFF_NAME, 16, 0);
	add_field(&event_fields, "__data_loc char[]", "dyn", OFF_DYN, 4, 0);
	add_field(&event_fields, "__rel_loc char[]", "rel", OFF_REL, 4, 0);
	add_field(&event_fields, "const char *", "ptr", OFF_PTR, 8, 0);
	add_field(&event_fields, "char *", "uptr", OFF_UPTR, 8, 0);
	add_field(&event_fields, "struct odd", "odd", OFF_ODD, 3, 0);
	add_field(&event_fields, "u64", "u64u", OFF_U64U, 8, 0);
	add_field(&event_fields, "u128", "big", OFF_BIG, 16, 0);
}

static void put(int off, const void *v, int n)
{
	memcpy(rec + off, v, n);
}

/* Every string field holds @s (ptr and uptr point at a copy). */
static char str_copy[1100];

static void set_strings(const char *s)
{
	int n = strlen(s) + 1;
	u32 loc = (u32)n << 16 | OFF_DATA;
	u32 rel = (u32)n << 16 | (OFF_DATA + 40 - (OFF_REL + 4));
	const char *p = str_copy;

	memset(rec + OFF_NAME, 0, 16);
	memcpy(rec + OFF_NAME, s, n > 16 ? 15 : n);
	if (n <= 40) {
		memcpy(rec + OFF_DATA, s, n);
		memcpy(rec + OFF_DATA + 40, s, n);
	}
	put(OFF_DYN, &loc, 4);
	put(OFF_REL, &rel, 4);
	snprintf(str_copy, sizeof(str_copy), "%s", s);
	put(OFF_PTR, &p, sizeof(p));
	put(OFF_UPTR, &p, sizeof(p));
	snprintf(shim_task.comm, TASK_COMM_LEN, "%s", s);
}

/* ------------------------------------------------------------- helpers */

static int parse(const char *text, unsigned int flags, struct event_filter **f,
		 struct filter_parse_error *pe)
{
	*f = (void *)1;	/* must be overwritten */
	return event_filter_parse(lists, 2, text, flags, f, pe);
}

/* 1 or 0: the filter's verdict on rec; -1: it did not parse. */
static int verdict(const char *text)
{
	struct filter_parse_error pe;
	struct event_filter *f;
	int ret;

	ret = parse(text, 0, &f, &pe);
	if (ret) {
		event_filter_free(f);
		return -1;
	}
	if (!CHECK(!strcmp(event_filter_text(f), text), "text of '%s' is '%s'",
		   text, event_filter_text(f)))
		return -1;
	ret = event_filter_match(f, rec);
	event_filter_free(f);
	return ret;
}

static void match(int line, const char *text, int want)
{
	int got = verdict(text);

	check(got == want, line, "'%s': got %d, want %d", text, got, want);
}

#define MATCH(text, want) match(__LINE__, text, want)

static void expect_error(int line, const char *text, unsigned int flags,
			 int err, int index, int pos, const char *shown)
{
	struct filter_parse_error pe;
	struct event_filter *f;
	int ret = parse(text, flags, &f, &pe);

	check(ret == err && pe.err_index == index && pe.pos == pos, line,
	      "'%s': got %d %s@%d, want %d %s@%d", text, ret,
	      pe.err_index < FILT_ERR_MAX ? event_filter_errors[pe.err_index] : "?",
	      pe.pos, err, event_filter_errors[index], pos);
	if (ret && f) {
		check(event_filter_match(f, rec), line, "'%s': error filter must pass all", text);
		if (shown)
			check(!strcmp(event_filter_text(f), shown), line,
			      "'%s' shows '%s', want '%s'", text,
			      event_filter_text(f), shown);
	} else if (ret) {
		check(0, line, "'%s': no error filter", text);
	}
	if (!ret)
		event_filter_free(f);
	else
		event_filter_free(f);
}

#define ERR(text, err, index, pos) \
	expect_error(__LINE__, text, 0, err, FILT_ERR_##index, pos, NULL)
#define ERR_SHOWN(text, err, index, pos, shown) \
	expect_error(__LINE__, text, 0, err, FILT_ERR_##index, pos, shown)

/* ------------------------------------------------------------- numbers */

struct int_field {
	const char	*name;
	int		off, size;
	bool		is_signed;
};

static const struct int_field int_fields[] = {
	{ "u8f", OFF_U8, 1, false }, { "s8f", OFF_S8, 1, true },
	{ "u16f", OFF_U16, 2, false }, { "s16f", OFF_S16, 2, true },
	{ "u32f", OFF_U32, 4, false }, { "s32f", OFF_S32, 4, true },
	{ "u64f", OFF_U64, 8, false }, { "s64f", OFF_S64, 8, true },
	{ "u64u", OFF_U64U, 8, false },
	{ "common_type", 0, 2, false }, { "common_pid", 4, 4, true },
};

static const long long samples[] = {
	0, 1, 2, 3, 7, 8, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
	2147483647LL, 2147483648LL, 4294967295LL, 4294967296LL,
	1LL << 40, 0x7fffffffffffffffLL, -1, -2, -128, -129, -32768, -32769,
	-2147483647LL - 1, -(1LL << 40), -0x7fffffffffffffffLL - 1,
};

static const char *const op_names[] = { "==", "!=", "<", "<=", ">", ">=", "&" };

/*
 * v converted to the field's own C type, then widened back: every type
 * but u64 fits in a long long, and u64 keeps its bits.
 */
static long long in_field_type(const struct int_field *fd, long long v)
{
	switch (fd->size * (fd->is_signed ? -1 : 1)) {
	case 1: return (u8)v;
	case -1: return (s8)v;
	case 2: return (u16)v;
	case -2: return (s16)v;
	case 4: return (u32)v;
	case -4: return (s32)v;
	default: return v;
	}
}

/* Operator op (an index into op_names[]) on a three-way order and an AND. */
static int apply_op(int op, int order, bool anded)
{
	switch (op) {
	case 0: return order == 0;
	case 1: return order != 0;
	case 2: return order < 0;
	case 3: return order <= 0;
	case 4: return order > 0;
	case 5: return order >= 0;
	default: return anded;
	}
}

/* What the comparison gives, in the field's own C type. */
static int typed_cmp(const struct int_field *fd, int op, long long v, long long c)
{
	long long a = in_field_type(fd, v), b = in_field_type(fd, c);
	int order;

	if (fd->size == 8 && !fd->is_signed)
		order = ((u64)a > (u64)b) - ((u64)a < (u64)b);
	else
		order = (a > b) - (a < b);
	return apply_op(op, order, (a & b) != 0);
}

static void test_numbers(void)
{
	char text[128];
	size_t f, i, j;
	int op, form;

	for (f = 0; f < ARRAY_SIZE(int_fields); f++) {
		const struct int_field *fd = &int_fields[f];

		for (i = 0; i < ARRAY_SIZE(samples); i++) {
			long long v = samples[i];

			memset(rec, 0, OFF_NAME);
			put(fd->off, &v, fd->size);	/* little endian */
			for (j = 0; j < ARRAY_SIZE(samples); j++) {
				long long c = samples[j];

				if (c < 0 && !fd->is_signed)
					continue;
				for (op = 0; op < 7; op++) {
					unsigned long long mag = c < 0 ?
						-(unsigned long long)c : (unsigned long long)c;
					char val[64];

					form = (i + j + op) % 3;
					if (form == 0)
						snprintf(val, sizeof(val), "%lld", c);
					else if (form == 1)
						snprintf(val, sizeof(val), "%s0x%llx",
							 c < 0 ? "-" : "", mag);
					else
						snprintf(val, sizeof(val), "%s0%llo",
							 c < 0 ? "-" : "", mag);
					snprintf(text, sizeof(text), form == 1 ?
						 "%s%s%s" : "%s %s %s", fd->name,
						 op_names[op], val);
					/* values of 24 characters or more are refused */
					if (strlen(val) >= 24)
						MATCH(text, -1);
					else
						MATCH(text, typed_cmp(fd, op, v, c));
				}
			}
		}
	}
	/* unsigned fields take no minus sign */
	ERR("u8f == -1", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("u64f > -0", -EINVAL, ILLEGAL_INTVAL, 8);
	/* the largest values each way; one past them is out of range */
	memset(rec, 0, OFF_NAME);
	MATCH("u64f < 18446744073709551615", 1);
	MATCH("u64f == 0xFFFFFFFFFFFFFFFF", 0);
	ERR("u64f == 18446744073709551616", -EINVAL, ILLEGAL_INTVAL, 9);
	MATCH("s64f > -9223372036854775808", 1);
	ERR("s64f > -9223372036854775809", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("s64f > 9223372036854775808", -EINVAL, ILLEGAL_INTVAL, 8);
	MATCH("s64f == -0", 1);
	/* a value wider than the field is cut to its size */
	rec[OFF_U8] = 1;
	MATCH("u8f == 257", 1);
	MATCH("u8f == 0x101", 1);
	/* base 0 of kstrtoull: 0x hex, 0 octal, trailing junk rejected */
	rec[OFF_U8] = 8;
	MATCH("u8f == 010", 1);
	MATCH("u8f == 0X8", 1);
	MATCH("u8f == 8", 1);
	ERR("u8f == 08", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("u8f == 0x", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("u8f == 0xg", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("u8f == 1a", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("u8f == -", -EINVAL, ILLEGAL_INTVAL, 8);
	ERR("s8f == --1", -EINVAL, ILLEGAL_INTVAL, 8);
	/* 23 characters fit the number buffer, 24 do not */
	MATCH("u64f == 00000000000000000000010", 0);
	ERR("u64f == 000000000000000000000010", -EINVAL, OPERAND_TOO_LONG, 33);
	/* '&' is "any bit in common" */
	rec[OFF_U8] = 0x12;
	MATCH("u8f & 2", 1);
	MATCH("u8f & 0x21", 0);
	/* sizes with no comparison: never true, whatever the operator */
	MATCH("odd == 0", 0);
	MATCH("odd != 0", 0);
	MATCH("big < 5", 0);
	/* the pseudo-fields: cpu as an int, whatever its type says */
	shim_cpu = 2;
	MATCH("cpu == 2", 1);
	MATCH("CPU != 2", 0);
	MATCH("common_cpu > 1", 1);
	MATCH("cpu < -1", 0);
	MATCH("cpu >= 2 && cpu <= 2", 1);
	MATCH("cpu & 2", 0);
	shim_cpu = 0;
}

/* ------------------------------------------------------------- strings */

struct str_case {
	const char	*pattern;	/* after the operator */
	int		want[7];	/* name dyn rel ptr uptr comm COMM */
};

static void test_strings(void)
{
	static const char *const names[] = {
		"name", "dyn", "rel", "ptr", "uptr.ustring", "comm", "COMM",
	};
	static const struct str_case cases[] = {
		{ "== \"bash\"",	{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "== 'bash'",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "== \"bas\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "== \"bash1\"",	{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "== \"\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "!= \"bash\"",	{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "!= \"zsh\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"bash\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"ba*\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"bax*\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "~ \"*as*\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"*sa*\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
		/* upstream compares the end of char[N] arrays, not of the string */
		{ "~ \"*sh\"",		{ 0, 1, 1, 1, 1, 0, 0 } },
		{ "~ \"*\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"**\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"b?sh\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"b*h\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"*a*h\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"[ab]ash\"",	{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"[!b]ash\"",	{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "~ \"[a-c]as?\"",	{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"ba\\sh\"",	{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"!ba*\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "~ \"!zz*\"",		{ 1, 1, 1, 1, 1, 1, 1 } },
		{ "~ \"!bash\"",	{ 0, 0, 0, 0, 0, 0, 0 } },
		{ "~ \"!*sh\"",		{ 1, 0, 0, 0, 0, 1, 1 } },
		{ "~ \"ba\"",		{ 0, 0, 0, 0, 0, 0, 0 } },
	};
	size_t c, n;
	char text[300];

	set_strings("bash");
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		for (n = 0; n < ARRAY_SIZE(names); n++) {
			snprintf(text, sizeof(text), "%s %s", names[n],
				 cases[c].pattern);
			MATCH(text, cases[c].want[n]);
		}
	}
	/* .ustring reads through the user copy; without it, the kernel one */
	shim_user_copies = 0;
	MATCH("uptr.ustring == \"bash\"", 1);
	CHECK(shim_user_copies == 1, "user copies: %d", shim_user_copies);
	MATCH("uptr == \"bash\"", 1);
	CHECK(shim_user_copies == 1, "user copies: %d", shim_user_copies);
	/* .ustring is ignored elsewhere */
	MATCH("name.ustring == \"bash\"", 1);
	MATCH("u8f.ustring >= 0", 1);

	/* a digit first: the pattern is compared whole, '*' included */
	set_strings("1*");
	MATCH("ptr ~ \"1*\"", 1);
	MATCH("dyn ~ \"1*\"", 1);
	set_strings("12");
	MATCH("ptr ~ \"1*\"", 0);
	MATCH("ptr ~ \"!1*\"", 1);

	/* char[N]: bytes after the NUL still count for "*x*" (strnstr) */
	set_strings("ab");
	memcpy(rec + OFF_NAME + 3, "cd", 2);
	MATCH("name ~ \"*cd*\"", 1);
	MATCH("name == \"ab\"", 1);
	MATCH("name ~ \"ab*\"", 1);

	/* an empty __data_loc string: length 0 means "up to the NUL" */
	set_strings("");
	MATCH("dyn == \"\"", 1);
	MATCH("dyn ~ \"*\"", 1);
	{
		u32 loc = OFF_DATA;	/* length 0 */

		memcpy(rec + OFF_DATA, "xyz", 4);
		put(OFF_DYN, &loc, 4);
		MATCH("dyn == \"xyz\"", 1);
		MATCH("dyn ~ \"xy*\"", 1);
		MATCH("dyn ~ \"*y*\"", 1);
		MATCH("dyn ~ \"*z\"", 0);
		MATCH("dyn ~ \"x?z\"", 0);	/* the glob sees an empty string */
	}

	/* a pointer that faults fails the test, != included */
	{
		const char *bad = shim_bad_page + 8;

		set_strings("bash");
		put(OFF_PTR, &bad, sizeof(bad));
		MATCH("ptr == \"bash\"", 0);
		MATCH("ptr != \"bash\"", 0);
		MATCH("ptr ~ \"*\"", 0);
		MATCH("name == \"bash\"", 1);
	}

	/* pointed-to strings are compared up to 1023 bytes */
	{
		char big[1100];

		memset(big, 'a', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		set_strings(big);
		MATCH("ptr ~ \"a*\"", 1);
		MATCH("ptr ~ \"*aaa\"", 1);
	}

	/* the longest pattern: 255 bytes */
	{
		char text2[400], pat[300];

		memset(pat, 'x', 255);
		pat[255] = '\0';
		set_strings("x");
		snprintf(text2, sizeof(text2), "ptr == \"%s\"", pat);
		MATCH(text2, 0);
		snprintf(text2, sizeof(text2), "ptr == \"%sx\"", pat);
		ERR(text2, -EINVAL, OPERAND_TOO_LONG, 265);
	}
}

/* -------------------------------------------------------------- errors */

static void test_errors(void)
{
	set_strings("bash");
	memset(rec, 0, OFF_NAME);
	rec[OFF_U8] = 1;

	ERR_SHOWN("nofield == 1", -EINVAL, FIELD_NOT_FOUND, 8,
		  "nofield == 1\n        ^\nparse_error: Field not found\n");
	ERR("u8f == 1 && nofield == 2", -EINVAL, FIELD_NOT_FOUND, 20);
	ERR("u8f = 1", -EINVAL, INVALID_OP, 5);
	ERR_SHOWN("u8f", -EINVAL, INVALID_OP, 4,
		  "u8f\n   ^\nparse_error: Invalid operator\n");
	ERR("u8f == abc", -EINVAL, INVALID_VALUE, 8);
	/* a position past the end: the caret stops after the last column */
	ERR_SHOWN("u8f ==", -EINVAL, INVALID_VALUE, 7,
		  "u8f ==\n      ^\nparse_error: Invalid value (did you forget quotes)?\n");
	ERR("u8f == 'x'", -EINVAL, EXPECT_DIGIT, 8);
	ERR("name == 1", -EINVAL, EXPECT_STRING, 9);
	ERR("name < \"a\"", -EINVAL, ILLEGAL_FIELD_OP, 8);
	ERR("name & 'a'", -EINVAL, ILLEGAL_FIELD_OP, 8);
	ERR("u8f ~ 1", -EINVAL, ILLEGAL_FIELD_OP, 7);
	ERR("u8f == 1x", -EINVAL, ILLEGAL_INTVAL, 8);
	/* the prescan's errors come first, with upstream's odd errnos */
	ERR_SHOWN("name == \"bash", -ESRCH, MISSING_QUOTE, 8,
		  "name == \"bash\n        ^\nparse_error: Missing matching quote\n");
	ERR("name == '", -ESRCH, MISSING_QUOTE, 8);
	ERR("u8f == 1 && name ~ \"a", -ESRCH, MISSING_QUOTE, 19);
	ERR("nofield == 1 && name ~ \"a", -ESRCH, MISSING_QUOTE, 23);
	ERR_SHOWN("(u8f == 1", -ENOENT, TOO_MANY_OPEN, 0,
		  "(u8f == 1\n^\nparse_error: Too many '('\n");
	ERR("u8f == 1 && (u8f == 2", -ENOENT, TOO_MANY_OPEN, 12);
	ERR("((u8f == 1)", -ENOENT, TOO_MANY_OPEN, 0);
	ERR("(u8f == 1) && (u8f == 2", -ENOENT, TOO_MANY_OPEN, 14);
	ERR("!(u8f == 1", -ENOENT, TOO_MANY_OPEN, 1);
	ERR("(name == \")\"", -ENOENT, TOO_MANY_OPEN, 0);
	ERR("u8f == 1)", -EPERM, TOO_MANY_CLOSE, 8);
	ERR("u8f == 1 || (u8f == 2))", -EPERM, TOO_MANY_CLOSE, 22);
	ERR(")(", -EPERM, TOO_MANY_CLOSE, 0);
	/* after a term, only && || ) or the end */
	ERR("u8f == 1 u8f == 2", -EPERM, TOO_MANY_PREDS, 9);
	ERR("u8f == 1 & u8f == 2", -EPERM, TOO_MANY_PREDS, 9);
	ERR("u8f == 1 | u8f == 2", -EPERM, TOO_MANY_PREDS, 9);
	ERR("name == 'a'b", -EPERM, TOO_MANY_PREDS, 11);
	ERR("(u8f == 1) (u8f == 1)", -EPERM, TOO_MANY_PREDS, 11);
	ERR_SHOWN("u8f == 1 &&", -EINVAL, INVALID_FILTER, 11,
		  "u8f == 1 &&\n           ^\nparse_error: Meaningless filter expression\n");
	ERR("u8f == 1 ||", -EINVAL, INVALID_FILTER, 11);
	ERR("u8f == 1 && !", -EINVAL, INVALID_FILTER, 13);
	ERR("u8f == 1 && (", -ENOENT, TOO_MANY_OPEN, 12);
	ERR_SHOWN("!", -EINVAL, NO_FILTER, 1, "!\n ^\nparse_error: No filter found\n");
	ERR("!!  !", -EINVAL, NO_FILTER, 5);
	/* failures with nothing to point at: "Error" at 0 */
	ERR_SHOWN("", -EINVAL, ERRNO, 0, "\nError: (0)\n");
	ERR_SHOWN("()", -EINVAL, ERRNO, 0, "()\nError: (0)\n");
	/* two blanks, shown as they are before the newline */
	ERR_SHOWN("\x20\x20", -EINVAL, ERRNO, 0, "\x20\x20\nError: (0)\n");
	ERR_SHOWN("== 1", -EPERM, ERRNO, 0, "== 1\nError: (0)\n");
	ERR("&&", -EPERM, ERRNO, 0);
	ERR("u8f == 1 && && u8f == 1", -EPERM, ERRNO, 0);
	ERR("u8f==1&&&u8f==2", -EPERM, ERRNO, 0);
	ERR("name == \"a\" && \"b\"", -EPERM, ERRNO, 0);
	ERR("u8f == 1 && ()", -EPERM, ERRNO, 0);
	ERR("!= 1", -EPERM, ERRNO, 0);
	/*
	 * lib/ctype.c's Latin-1: 0xa0 is a blank, 0xc3 a letter. The blank
	 * is written in octal, \240, whose three digits end before the "1".
	 */
	MATCH("u8f\240==\2401", 1);
	ERR("\xc3\xa9 == 1", -EINVAL, FIELD_NOT_FOUND, 2);
	/* quoted parentheses and quotes are text */
	MATCH("(name != \")\" && name != \"'\")", 1);
	MATCH("name == \"it's\" || name == 'say \"hi\"'", 0);
	/* leading blanks are kept in the text */
	MATCH("   u8f == 1", 1);

	/* one event of a group write: upstream's group message, at 0 */
	expect_error(__LINE__, "nofield == 1", EVENT_FILTER_GROUP, -EINVAL,
		     FILT_ERR_BAD_SUBSYS_FILTER, 0,
		     "nofield == 1\n^\nparse_error: Couldn't find or set field in one of a subsystem's events\n");
	expect_error(__LINE__, "()", EVENT_FILTER_GROUP, -EINVAL,
		     FILT_ERR_BAD_SUBSYS_FILTER, 0, NULL);
	{
		struct event_filter *f = event_filter_new_error("x == 1",
				FILT_ERR_BAD_SUBSYS_FILTER, 0);

		CHECK(f && !strcmp("x == 1\n^\n"
				   "parse_error: Couldn't find or set field in one of a subsystem's events\n",
				   event_filter_text(f)),
		      "group error text");
		CHECK(f && event_filter_match(f, rec), "error filter passes");
		event_filter_free(f);
	}
	CHECK(event_filter_match(NULL, rec), "no filter passes all");
	CHECK(!strcmp(event_filter_errors[FILT_ERR_INVALID_VALUE],
		      "Invalid value (did you forget quotes)?"), "error text");
	CHECK(!strcmp(event_filter_errors[FILT_ERR_TOO_MANY_CLOSE], "Too few '('"),
	      "error text");
}

static void test_types(void)
{
	static const struct { const char *type; int want; } t[] = {
		{ "__data_loc char[]", FILTER_DYN_STRING },
		{ "__data_loc const char[]", FILTER_DYN_STRING },
		{ "__rel_loc char[]", FILTER_RDYN_STRING },
		{ "char[16]", FILTER_STATIC_STRING },
		{ "const char[10]", FILTER_STATIC_STRING },
		{ "unsigned char[6]", FILTER_STATIC_STRING },
		{ "char *", FILTER_PTR_STRING },
		{ "const char *", FILTER_PTR_STRING },
		{ "char * const", FILTER_OTHER },
		{ "unsigned char", FILTER_OTHER },
		{ "__data_loc u32[]", FILTER_OTHER },
		{ "u8[4]", FILTER_OTHER },
		{ "pid_t", FILTER_OTHER },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		CHECK(filter_assign_type(t[i].type) == t[i].want, "type '%s': %d",
		      t[i].type, filter_assign_type(t[i].type));
}

/* An event's own field hides a pseudo-field of the same name. */
static void test_shadowing(void)
{
	struct list_head own = LIST_HEAD_INIT(own);
	struct list_head *two[] = { &own, &common_fields };
	struct ftrace_event_field comm = {
		.name = "comm", .type = "u8", .offset = OFF_U8, .size = 1,
	}, cpu = {
		.name = "cpu", .type = "char[16]", .offset = OFF_NAME, .size = 16,
		.filter_type = FILTER_STATIC_STRING,
	};
	struct filter_parse_error pe;
	struct event_filter *f;
	int ret;

	list_add_tail(&comm.link, &own);
	list_add_tail(&cpu.link, &own);
	set_strings("zsh");
	rec[OFF_U8] = 9;
	ret = event_filter_parse(two, 2, "comm == 9 && cpu == \"zsh\" && COMM == \"zsh\"",
				 0, &f, &pe);
	CHECK(!ret && event_filter_match(f, rec), "own fields first: %d", ret);
	event_filter_free(f);
	/* the pseudo-fields come after the first list, before the others */
	ret = event_filter_parse(two, 1, "common_pid == 0", 0, &f, &pe);
	CHECK(ret == -EINVAL && pe.err_index == FILT_ERR_FIELD_NOT_FOUND,
	      "one list: %d", ret);
	event_filter_free(f);
}

/* ---------------------------------------------------- logic, precedence */

static void test_logic(void)
{
	set_strings("bash");
	memset(rec, 0, OFF_NAME);
	rec[OFF_U8] = 1;
#define T "u8f == 1"
#define F "u8f == 2"
	MATCH(T, 1);
	MATCH(F, 0);
	MATCH(T " || " F " && " F, 1);
	MATCH("(" T " || " F ") && " F, 0);
	MATCH(F " && " F " || " T, 1);
	MATCH(F " && (" F " || " T ")", 0);
	MATCH(F " || " F " || " F " || " T, 1);
	MATCH(T " && " T " && " T " && " F, 0);
	MATCH("!" T " || " T, 1);
	MATCH("!(" T " && " F ")", 1);
	MATCH("!(" T " || " F ") && " T, 0);
	MATCH("!!" T, 1);
	MATCH("!!!" T, 0);
	MATCH("! " T, 0);
	MATCH(T " && !(" F " || !" T ")", 1);
	MATCH("!(!(" T "))", 1);
	MATCH("((((" T "))))", 1);
	MATCH("!(" F ") && !(" F ")", 1);
	MATCH("!(" F " || " F ") && !(" T " && " F ")", 1);
	MATCH(T "&&" F "||" T "&&" T, 1);
	MATCH("(" T "||" F ")&&(" F "||" F ")", 0);
	MATCH("!(" T " && !(" F " || " F "))", 0);
	MATCH(F " || !(" F " && " T ") && " T, 1);
#undef T
#undef F
}

/* Random expressions against a recursive evaluator. */
enum { K_LEAF, K_AND, K_OR };

struct rnode {
	int	kind;
	bool	neg, val;
	int	l, r;
};

static struct rnode rnodes[256];
static int nr_rnodes;
static unsigned long long rng = 88172645463325252ULL;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng >> 11) % n;
}

static int rtree(int depth)
{
	int n = nr_rnodes++;

	rnodes[n].neg = !rnd(4);
	if (!depth || nr_rnodes > 200 || !rnd(3)) {
		rnodes[n].kind = K_LEAF;
		rnodes[n].val = rnd(2);
		return n;
	}
	rnodes[n].kind = rnd(2) ? K_AND : K_OR;
	rnodes[n].l = rtree(depth - 1);
	rnodes[n].r = rtree(depth - 1);
	return n;
}

static bool reval(int n)
{
	const struct rnode *x = &rnodes[n];
	bool v;

	if (x->kind == K_LEAF)
		v = x->val;
	else if (x->kind == K_AND)
		v = reval(x->l) && reval(x->r);
	else
		v = reval(x->l) || reval(x->r);
	return v ^ x->neg;
}

static const char *const true_terms[] = {
	"u8f == 1", "s16f < 0", "name == \"bash\"", "cpu == 0",
	"comm ~ \"ba*\"", "u32f & 4", "dyn != 'x'", "ptr ~ \"*as?\"",
};

static const char *const false_terms[] = {
	"u8f != 1", "s16f > 0", "dyn ~ \"x*\"", "u64f >= 10", "ptr == \"zsh\"",
	"rel ~ \"!b*\"", "common_pid != 0", "CPU>0",
};

static void rrender(int n, int parent, char *buf, size_t size)
{
	const struct rnode *x = &rnodes[n];
	const char *sp = rnd(2) ? " " : "";
	bool parens;

	/* a '!' takes a term or a group; || under && needs a group */
	parens = x->kind != K_LEAF &&
		 (x->neg || (parent == K_AND && x->kind == K_OR) || !rnd(4));
	if (x->neg)
		strncat(buf, rnd(2) ? "!" : "! ", size - strlen(buf) - 1);
	parens = parens || (x->kind == K_LEAF && !rnd(8));
	if (parens)
		strncat(buf, "(", size - strlen(buf) - 1);
	if (x->kind == K_LEAF) {
		strncat(buf, x->val ? true_terms[rnd(ARRAY_SIZE(true_terms))] :
			false_terms[rnd(ARRAY_SIZE(false_terms))],
			size - strlen(buf) - 1);
	} else {
		rrender(x->l, x->kind, buf, size);
		strncat(buf, sp, size - strlen(buf) - 1);
		strncat(buf, x->kind == K_AND ? "&&" : "||", size - strlen(buf) - 1);
		strncat(buf, sp, size - strlen(buf) - 1);
		rrender(x->r, x->kind, buf, size);
	}
	if (parens)
		strncat(buf, ")", size - strlen(buf) - 1);
}

static void test_random_logic(int rounds)
{
	static char text[16384];
	int i, root;

	set_strings("bash");
	memset(rec, 0, OFF_NAME);
	rec[OFF_U8] = 1;
	rec[OFF_U32] = 4;
	put(OFF_S16, &(s16){ -5 }, 2);
	for (i = 0; i < rounds; i++) {
		nr_rnodes = 0;
		root = rtree(1 + rnd(7));
		text[0] = '\0';
		rrender(root, K_LEAF, text, sizeof(text));
		MATCH(text, reval(root));
	}
}

/* ---------------------------------------------------------------- fuzz */

static void fuzz_one(const char *text)
{
	struct filter_parse_error pe;
	struct event_filter *f;
	int ret, len = strlen(text);

	ret = parse(text, 0, &f, &pe);
	if (!ret) {
		int v = event_filter_match(f, rec);

		CHECK(v == 0 || v == 1, "'%s': verdict %d", text, v);
		CHECK(!strcmp(event_filter_text(f), text), "'%s': text", text);
	} else {
		CHECK(ret == -EINVAL || ret == -EPERM || ret == -ENOENT ||
		      ret == -ESRCH, "'%s': errno %d", text, ret);
		CHECK(pe.err_index > FILT_ERR_NONE && pe.err_index < FILT_ERR_MAX &&
		      pe.pos >= 0 && pe.pos <= len + 1,
		      "'%s': error %d at %d", text, pe.err_index, pe.pos);
		CHECK(f && !strncmp(event_filter_text(f), text, len) &&
		      event_filter_match(f, rec), "'%s': error filter", text);
	}
	event_filter_free(f);
}

static void test_fuzz(int rounds)
{
	static const char *const tok[] = {
		"u8f", "s64f", "name", "dyn", "rel", "ptr", "uptr.ustring", "cpu",
		"comm", "odd", "x", " ", " ", "(", ")", "!", "&&", "||", "&", "|",
		"==", "!=", "<", "<=", ">", ">=", "~", "=", "\"", "'", "bash",
		"*", "?", "[", "]", "1", "-", "0x1f", "\\", "\xa0", "\xc3", "07",
		"\"ba*\"", "'*a?'", "\"[!a-c]*\"", "-9", "18446744073709551616",
	};
	static char text[8192];
	int i, n, k;

	set_strings("bash");
	for (i = 0; i < rounds; i++) {
		text[0] = '\0';
		n = rnd(30);
		for (k = 0; k < n; k++)
			strcat(text, tok[rnd(ARRAY_SIZE(tok))]);
		fuzz_one(text);
		/* and raw bytes */
		n = rnd(40);
		for (k = 0; k < n; k++)
			text[k] = 1 + rnd(255);
		text[n] = '\0';
		fuzz_one(text);
	}
	/* the deepest nesting a page allows */
	n = 0;
	for (k = 0; k < 2000; k++)
		text[n++] = k & 1 ? '(' : '!';
	strcpy(text + n, "u8f == 1");
	n += 8;
	for (k = 0; k < 1000; k++)
		text[n++] = ')';
	text[n] = '\0';
	rec[OFF_U8] = 1;
	MATCH(text, 1);
	/* and the most terms */
	n = 0;
	for (k = 0; k < 500; k++)
		n += sprintf(text + n, "%su16f==%d", k ? "||" : "", k + 2);
	MATCH(text, 0);
	n += sprintf(text + n, "||u16f==0");
	MATCH(text, 1);
}

/* Every allocation of a parse failing in turn: -ENOMEM, nothing leaked. */
static void test_alloc_failures(void)
{
	static const char *const texts[] = {
		"u8f == 1 && (name ~ \"ba*\" || !(ptr == \"x\"))",
		"nofield == 1",
		"u8f == 1 &&",
		"()",
	};
	struct filter_parse_error pe;
	struct event_filter *f;
	size_t t;
	int k, ret, ok_ret;

	for (t = 0; t < ARRAY_SIZE(texts); t++) {
		/* fewer allocations allowed first, so each one fails once */
		for (k = 0; k < 50; k++) {
			shim_alloc_budget = k;
			ret = parse(texts[t], 0, &f, &pe);
			shim_alloc_budget = -1;
			event_filter_free(f);
			if (ret != -ENOMEM)
				break;
		}
		ok_ret = parse(texts[t], 0, &f, &pe);
		event_filter_free(f);
		CHECK(k < 50 && ret == ok_ret, "'%s': %d after %d allocations, %d",
		      texts[t], ret, k, ok_ret);
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 20000;

	setup_event();
	/* first: the per-CPU string buffers are not there yet */
	test_alloc_failures();
	test_types();
	test_numbers();
	test_strings();
	test_errors();
	test_shadowing();
	test_logic();
	test_random_logic(rounds);
	test_fuzz(rounds * 5);
	CHECK(shim_warnings == 0, "%d WARN_ON()s", shim_warnings);
	printf("%d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
