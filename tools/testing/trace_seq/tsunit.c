// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of kernel/trace/trace_seq.c in user space: every entry point,
 * the all-or-nothing rule at the exact boundary of each kind of write,
 * the refusal of everything once full, the output formats, and a long
 * random run checked against a model of the rules.
 *
 * Built with -DTS_UPSTREAM it runs against upstream's trace_seq.c and
 * lib/seq_buf.c instead (the Makefile's check-upstream), which pins the
 * expectations here to upstream's behaviour. The few cases where ours
 * deliberately differs are left out of that build.
 *
 * Prints each failed check and a summary; exits 1 if any check failed.
 */
#include <linux/trace_seq.h>
#include "shim/kshim.h"

#undef snprintf
#undef vsnprintf

static int checks, failures;

#define CHECK(cond) check(!!(cond), #cond, __func__, __LINE__)

static bool check(bool ok, const char *what, const char *fn, int line)
{
	checks++;
	if (!ok) {
		failures++;
		fprintf(stderr, "FAIL %s:%d: %s\n", fn, line, what);
	}
	return ok;
}

static void show(const char *label, const char *p, size_t n)
{
	size_t i;

	fprintf(stderr, "     %s (%zu): \"", label, n);
	for (i = 0; i < n && i < 300; i++) {
		unsigned char c = p[i];

		if (c == '\n')
			fputs("\\n", stderr);
		else if (c < 32 || c > 126)
			fprintf(stderr, "\\x%02x", c);
		else
			fputc(c, stderr);
	}
	fputs(i < n ? "\"...\n" : "\"\n", stderr);
}

/* The text of @s must be the @n bytes at @exp. */
#define TEXT_IS(s, exp, n) text_is(s, exp, n, __func__, __LINE__)
#define TEXT_IS_STR(s, exp) text_is_str(s, exp, __func__, __LINE__)

static void text_is(struct trace_seq *s, const char *exp, size_t n,
		    const char *fn, int line)
{
	size_t used = trace_seq_used(s);

	if (!check(used == n && !memcmp(s->buffer, exp, n), "text as expected",
		   fn, line)) {
		show("expected", exp, n);
		show("got     ", s->buffer, used);
	}
}

static void text_is_str(struct trace_seq *s, const char *exp,
			const char *fn, int line)
{
	text_is(s, exp, strlen(exp), fn, line);
}

static struct trace_seq *seq_zeroed(void)
{
	struct trace_seq *s = calloc(1, sizeof(*s));

	if (!s)
		abort();
	return s;
}

static struct trace_seq *seq_new(void)
{
	struct trace_seq *s = seq_zeroed();

	/* Garbage everywhere, so that nothing relies on zeroed memory. */
	memset(s, 0xa5, sizeof(*s));
	trace_seq_init(s);
	return s;
}

static char filler[2 * PAGE_SIZE];

/* A new trace_seq holding @n bytes of filler: PAGE_SIZE - @n are free. */
static struct trace_seq *seq_filled(size_t n)
{
	struct trace_seq *s = seq_new();

	trace_seq_putmem(s, filler, n);
	if (trace_seq_used(s) != n || trace_seq_has_overflowed(s))
		abort();
	return s;
}

/* A copy of the text of @s, to check later that a refusal left it alone. */
struct snap {
	size_t used;
	char text[PAGE_SIZE];
};

static void snap_take(struct snap *sn, struct trace_seq *s)
{
	sn->used = trace_seq_used(s);
	memcpy(sn->text, s->buffer, sn->used);
}

#define REFUSED(s, sn) refused(s, sn, __func__, __LINE__)

static void refused(struct trace_seq *s, struct snap *sn, const char *fn,
		    int line)
{
	check(trace_seq_has_overflowed(s), "the seq has overflowed", fn, line);
	text_is(s, sn->text, sn->used, fn, line);
}

static void seq_vprintf_wrap(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}

/* A string of @n copies of 'a'..'z' in turn (static, reused). */
static const char *str_of(size_t n)
{
	static char buf[2 * PAGE_SIZE];
	size_t i;

	if (n >= sizeof(buf))
		abort();
	for (i = 0; i < n; i++)
		buf[i] = 'a' + i % 26;
	buf[n] = '\0';
	return buf;
}

/* ------------------------------------------------------------- tests */

static void test_init(void)
{
	struct trace_seq *s = seq_new();

	CHECK(trace_seq_used(s) == 0);
	CHECK(trace_seq_buffer_ptr(s) == s->buffer);
	CHECK(!trace_seq_has_overflowed(s));
	CHECK(s->readpos == 0 && s->full == 0);
	CHECK(s->seq.buffer == s->buffer && s->seq.size == PAGE_SIZE);

	trace_seq_puts(s, "abc");
	CHECK(trace_seq_buffer_ptr(s) == s->buffer + 3);
	trace_seq_init(s);
	CHECK(trace_seq_used(s) == 0);
	TEXT_IS_STR(s, "");
	free(s);
}

/* A trace_seq of all zeroes is set up by whichever call comes first. */
static void test_zeroed(void)
{
	static const unsigned long mask[1] = { 0x3 };
	static const u32 bin[1] = { 7 };
	struct path path = { "/p" };
	struct seq_file m = { .buf = filler, .size = 8 };
	struct trace_seq *s;
	char ubuf[4];

	s = seq_zeroed();
	CHECK(trace_seq_used(s) == 0 && !trace_seq_has_overflowed(s));
	trace_seq_puts(s, "x");
	TEXT_IS_STR(s, "x");
	CHECK(s->seq.size == PAGE_SIZE && s->seq.buffer == s->buffer);
	free(s);

	s = seq_zeroed();
	trace_seq_printf(s, "%d", 12);
	TEXT_IS_STR(s, "12");
	free(s);

	s = seq_zeroed();
	seq_vprintf_wrap(s, "%s", "v");
	TEXT_IS_STR(s, "v");
	free(s);

	s = seq_zeroed();
	trace_seq_putc(s, 'c');
	TEXT_IS_STR(s, "c");
	free(s);

	s = seq_zeroed();
	trace_seq_putmem(s, "mm", 2);
	TEXT_IS_STR(s, "mm");
	free(s);

	s = seq_zeroed();
	trace_seq_putmem_hex(s, "\x0f", 1);
	TEXT_IS_STR(s, "0f ");
	free(s);

	s = seq_zeroed();
	trace_seq_bitmask(s, mask, 4);
	TEXT_IS_STR(s, "3");
	free(s);

	s = seq_zeroed();
	trace_seq_bprintf(s, "<%d>", bin);
	TEXT_IS_STR(s, "<7>");
	free(s);

	s = seq_zeroed();
	CHECK(trace_seq_path(s, &path) == 1);
	TEXT_IS_STR(s, "/p");
	free(s);

	s = seq_zeroed();
	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 1, "A", 1,
				 false) == 1);
	TEXT_IS_STR(s, "41\n");
	free(s);

	s = seq_zeroed();
	CHECK(trace_seq_to_user(s, ubuf, sizeof(ubuf)) == -EBUSY);
	CHECK(s->seq.size == PAGE_SIZE);
	free(s);

	s = seq_zeroed();
	CHECK(trace_print_seq(&m, s) == 0 && m.count == 0);
	CHECK(s->seq.size == PAGE_SIZE);
	free(s);
}

static void test_printf(void)
{
	struct trace_seq *s = seq_new();
	char *p;

	trace_seq_printf(s, "%d-%s-%05x", -3, "ab", 0x1f);
	TEXT_IS_STR(s, "-3-ab-0001f");
	CHECK(s->buffer[trace_seq_used(s)] == '\0');
	p = trace_seq_buffer_ptr(s);
	seq_vprintf_wrap(s, "[%c%u]", 'z', 9u);
	CHECK(!strcmp(p, "[z9]"));
	TEXT_IS_STR(s, "-3-ab-0001f[z9]");
	trace_seq_printf(s, "%s", "");
	TEXT_IS_STR(s, "-3-ab-0001f[z9]");
	CHECK(!trace_seq_has_overflowed(s));
	free(s);
}

/* Formatted text needs its length plus one byte (the NUL) free. */
static void test_printf_boundary(void)
{
	struct trace_seq *s;
	struct snap sn;
	size_t room;

	for (room = 1; room <= 12; room++) {
		s = seq_filled(PAGE_SIZE - room);
		trace_seq_printf(s, "%s", str_of(room - 1));
		CHECK(!trace_seq_has_overflowed(s));
		CHECK(trace_seq_used(s) == PAGE_SIZE - 1);
		CHECK(!memcmp(s->buffer + PAGE_SIZE - room, str_of(room - 1),
			      room - 1));
		free(s);

		s = seq_filled(PAGE_SIZE - room);
		snap_take(&sn, s);
		trace_seq_printf(s, "%s", str_of(room));
		REFUSED(s, &sn);
		free(s);

		s = seq_filled(PAGE_SIZE - room);
		snap_take(&sn, s);
		seq_vprintf_wrap(s, "%s!", str_of(room - 1));
		REFUSED(s, &sn);
		free(s);
	}

	/* Even an empty text needs its NUL. */
	s = seq_filled(PAGE_SIZE);
	snap_take(&sn, s);
	trace_seq_printf(s, "%s", "");
	REFUSED(s, &sn);
	free(s);

	/* More than a page at once. */
	s = seq_new();
	snap_take(&sn, s);
	trace_seq_printf(s, "%s", str_of(PAGE_SIZE + 5));
	REFUSED(s, &sn);
	free(s);
}

/* Raw writes may fill the page to its last byte, and no further. */
static void test_raw_boundary(void)
{
	struct trace_seq *s;
	struct snap sn;

	s = seq_filled(PAGE_SIZE - 3);
	trace_seq_puts(s, "abc");
	CHECK(trace_seq_used(s) == PAGE_SIZE && !trace_seq_has_overflowed(s));
	CHECK(!memcmp(s->buffer + PAGE_SIZE - 3, "abc", 3));
	CHECK(trace_seq_buffer_ptr(s) == s->buffer + PAGE_SIZE);
	/* Nothing more, but nothing is something that fits. */
	trace_seq_putmem(s, "", 0);
	trace_seq_puts(s, "");
	CHECK(!trace_seq_has_overflowed(s));
	snap_take(&sn, s);
	trace_seq_putc(s, 'x');
	REFUSED(s, &sn);
	free(s);

	s = seq_filled(PAGE_SIZE - 2);
	snap_take(&sn, s);
	trace_seq_puts(s, "abc");
	REFUSED(s, &sn);
	free(s);

	s = seq_filled(PAGE_SIZE - 1);
	trace_seq_putc(s, 'q');
	CHECK(trace_seq_used(s) == PAGE_SIZE && !trace_seq_has_overflowed(s));
	CHECK(s->buffer[PAGE_SIZE - 1] == 'q');
	free(s);

	s = seq_filled(PAGE_SIZE - 4);
	snap_take(&sn, s);
	trace_seq_putmem(s, "12345", 5);
	REFUSED(s, &sn);
	free(s);

	s = seq_new();
	trace_seq_putmem(s, "a\0b", 3);
	trace_seq_putc(s, '\0');
	trace_seq_putc(s, 0xff);
	TEXT_IS(s, "a\0b\0\xff", 5);
	snap_take(&sn, s);
	trace_seq_putmem(s, filler, PAGE_SIZE);
	REFUSED(s, &sn);
	free(s);
}

/* Once a write is refused, so is every later one, until init. */
static void test_full_refuses_all(void)
{
	static const unsigned long mask[1] = { 1 };
	static const u32 bin[1] = { 1 };
	struct path path = { "/x" };
	struct trace_seq *s = seq_new();
	struct snap sn;
	char ubuf[16];

	trace_seq_puts(s, "keep");
	trace_seq_putmem(s, filler, PAGE_SIZE);	/* refused */
	snap_take(&sn, s);
	CHECK(trace_seq_has_overflowed(s));
	CHECK(s->full);

	trace_seq_puts(s, "a");
	REFUSED(s, &sn);
	trace_seq_putc(s, 'a');
	REFUSED(s, &sn);
	trace_seq_putmem(s, "a", 1);
	REFUSED(s, &sn);
	trace_seq_putmem_hex(s, "a", 1);
	REFUSED(s, &sn);
	trace_seq_printf(s, "a");
	REFUSED(s, &sn);
	seq_vprintf_wrap(s, "a");
	REFUSED(s, &sn);
	trace_seq_bprintf(s, "%d", bin);
	REFUSED(s, &sn);
	trace_seq_bitmask(s, mask, 1);
	REFUSED(s, &sn);
	CHECK(trace_seq_path(s, &path) == 0);
	REFUSED(s, &sn);
	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 1, "a", 1,
				 false) == 0);
	REFUSED(s, &sn);

	/* Reading is not writing: the text kept is still there to read. */
	CHECK(trace_seq_to_user(s, ubuf, sizeof(ubuf)) == 4);
	CHECK(!memcmp(ubuf, "keep", 4));

	trace_seq_init(s);
	CHECK(!trace_seq_has_overflowed(s));
	trace_seq_puts(s, "again");
	TEXT_IS_STR(s, "again");
	free(s);
}

/* seq_buf's own overflow state (len past size) counts as full too. */
static void test_seq_buf_overflow(void)
{
	struct trace_seq *s = seq_new();

	s->seq.len = s->seq.size + 1;
	CHECK(trace_seq_has_overflowed(s));
	CHECK(trace_seq_used(s) == PAGE_SIZE);
	CHECK(trace_seq_buffer_ptr(s) == s->buffer + PAGE_SIZE);
	trace_seq_putc(s, 'a');
	trace_seq_printf(s, "b");
	trace_seq_puts(s, "c");
	CHECK(trace_seq_used(s) == PAGE_SIZE);
	CHECK(trace_seq_has_overflowed(s));
	free(s);
}

static void test_putmem_hex(void)
{
	static const u8 bytes[] = {
		0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
		0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe, 0x0a,
	};
	struct trace_seq *s;
	struct snap sn;
	size_t need;

	s = seq_new();
	trace_seq_putmem_hex(s, bytes, 0);
	TEXT_IS_STR(s, "");
	CHECK(!trace_seq_has_overflowed(s));
	/* Words of up to 8 bytes, each a number in the CPU's byte order. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	trace_seq_putmem_hex(s, bytes, 4);
	TEXT_IS_STR(s, "67452301 ");
	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, 10);
	TEXT_IS_STR(s, "efcdab8967452301 3210 ");
	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, 17);
	TEXT_IS_STR(s, "efcdab8967452301 fedcba9876543210 0a ");
#else
	trace_seq_putmem_hex(s, bytes, 4);
	TEXT_IS_STR(s, "01234567 ");
	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, 10);
	TEXT_IS_STR(s, "0123456789abcdef 1032 ");
	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, 17);
	TEXT_IS_STR(s, "0123456789abcdef 1032547698badcfe 0a ");
#endif
	free(s);

	/* All or nothing, up to the last byte of the page. */
	need = 2 * 10 + 2;
	s = seq_filled(PAGE_SIZE - need);
	trace_seq_putmem_hex(s, bytes, 10);
	CHECK(trace_seq_used(s) == PAGE_SIZE && !trace_seq_has_overflowed(s));
	free(s);

	/* Here the first word fits and the second does not. */
	s = seq_filled(PAGE_SIZE - need + 1);
	snap_take(&sn, s);
	trace_seq_putmem_hex(s, bytes, 10);
	REFUSED(s, &sn);
	free(s);

	s = seq_filled(PAGE_SIZE - 2);
	snap_take(&sn, s);
	trace_seq_putmem_hex(s, bytes, 1);
	REFUSED(s, &sn);
	free(s);

	s = seq_new();
	snap_take(&sn, s);
	trace_seq_putmem_hex(s, filler, PAGE_SIZE / 2);
	REFUSED(s, &sn);
	free(s);

#ifndef TS_UPSTREAM
	/* 2 * len wraps around: upstream then reads far past @mem. */
	s = seq_new();
	snap_take(&sn, s);
	trace_seq_putmem_hex(s, filler, 0x80000001u);
	REFUSED(s, &sn);
	free(s);
#endif
}

static void set_bit_in(unsigned long *map, int bit)
{
	map[bit / (8 * sizeof(long))] |= 1UL << (bit % (8 * sizeof(long)));
}

static void test_bitmask(void)
{
	unsigned long map[4] = { 0 };
	struct trace_seq *s = seq_new();
	struct snap sn;

	set_bit_in(map, 0);
	set_bit_in(map, 2);
	trace_seq_bitmask(s, map, 8);
	TEXT_IS_STR(s, "05");
	trace_seq_init(s);
	trace_seq_bitmask(s, map, 3);
	TEXT_IS_STR(s, "5");
	trace_seq_init(s);
	trace_seq_bitmask(s, map, 32);
	TEXT_IS_STR(s, "00000005");
	trace_seq_init(s);
	trace_seq_bitmask(s, map, 0);
	TEXT_IS_STR(s, "");

	set_bit_in(map, 32);
	trace_seq_init(s);
	trace_seq_bitmask(s, map, 36);
	TEXT_IS_STR(s, "1,00000005");
	trace_seq_init(s);
	trace_seq_bitmask(s, map, 64);
	TEXT_IS_STR(s, "00000001,00000005");

	memset(map, 0, sizeof(map));
	set_bit_in(map, 0);
	set_bit_in(map, 68);
	set_bit_in(map, 127);
	trace_seq_init(s);
	trace_seq_printf(s, "<");
	trace_seq_bitmask(s, map, 128);
	trace_seq_printf(s, ">");
	TEXT_IS_STR(s, "<80000000,00000010,00000000,00000001>");
	free(s);

	/* "00000001,00000005" is 17 characters: it takes 18 bytes. */
	memset(map, 0, sizeof(map));
	set_bit_in(map, 0);
	set_bit_in(map, 2);
	set_bit_in(map, 32);
	s = seq_filled(PAGE_SIZE - 18);
	trace_seq_bitmask(s, map, 64);
	CHECK(trace_seq_used(s) == PAGE_SIZE - 1 && !trace_seq_has_overflowed(s));
	free(s);
	s = seq_filled(PAGE_SIZE - 17);
	snap_take(&sn, s);
	trace_seq_bitmask(s, map, 64);
	REFUSED(s, &sn);
	free(s);
}

/* What vbin_printf() packs for "%d:%s:%x" with -5, "hi", 0xbeef. */
static const u32 bin_args[] = { (u32)-5, 0x00006968, 0xbeef };
#define BIN_FMT		"%d:%s:%x"
#define BIN_TEXT	"-5:hi:beef"

static void test_bprintf(void)
{
	size_t n = strlen(BIN_TEXT);
	struct trace_seq *s = seq_new();
	struct snap sn;
	char *p;

	/* The packing above assumes a little-endian host. */
	if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__) {
		free(s);
		return;
	}
	trace_seq_puts(s, "=");
	p = trace_seq_buffer_ptr(s);
	trace_seq_bprintf(s, BIN_FMT, bin_args);
	TEXT_IS_STR(s, "=" BIN_TEXT);
	CHECK(!strcmp(p, BIN_TEXT));
	free(s);

	s = seq_filled(PAGE_SIZE - n - 1);
	trace_seq_bprintf(s, BIN_FMT, bin_args);
	CHECK(trace_seq_used(s) == PAGE_SIZE - 1 && !trace_seq_has_overflowed(s));
	free(s);

	s = seq_filled(PAGE_SIZE - n);
	snap_take(&sn, s);
	trace_seq_bprintf(s, BIN_FMT, bin_args);
	REFUSED(s, &sn);
	free(s);
}

static void test_path(void)
{
	struct path plain = { "/tmp/file" }, nl = { "/a\nb\n" };
	struct path short_nl = { "/\n" }, seven = { "/abcdef" };
	struct trace_seq *s;
	struct snap sn;

	s = seq_new();
	trace_seq_puts(s, "f=");
	CHECK(trace_seq_path(s, &plain) == 1);
	TEXT_IS_STR(s, "f=/tmp/file");
	CHECK(trace_seq_path(s, &nl) == 1);
	TEXT_IS_STR(s, "f=/tmp/file/a\\012b\\012");
	CHECK(!trace_seq_has_overflowed(s));
	free(s);

	/* d_path() needs the name's length plus its NUL. */
	s = seq_filled(PAGE_SIZE - 8);
	CHECK(trace_seq_path(s, &seven) == 1);
	CHECK(trace_seq_used(s) == PAGE_SIZE - 1 && !trace_seq_has_overflowed(s));
	CHECK(!memcmp(s->buffer + PAGE_SIZE - 8, "/abcdef", 7));
	free(s);

	s = seq_filled(PAGE_SIZE - 7);
	snap_take(&sn, s);
	CHECK(trace_seq_path(s, &seven) == 0);
	REFUSED(s, &sn);
	free(s);

	/*
	 * "/\n" fits in 3 bytes, but its escaped form "/\012" needs room
	 * to grow in place: 6 bytes.
	 */
	s = seq_filled(PAGE_SIZE - 6);
	CHECK(trace_seq_path(s, &short_nl) == 1);
	CHECK(trace_seq_used(s) == PAGE_SIZE - 1);
	CHECK(!memcmp(s->buffer + PAGE_SIZE - 6, "/\\012", 5));
	free(s);

	s = seq_filled(PAGE_SIZE - 5);
	snap_take(&sn, s);
	CHECK(trace_seq_path(s, &short_nl) == 0);
	REFUSED(s, &sn);
	free(s);

	s = seq_filled(PAGE_SIZE);
	snap_take(&sn, s);
	CHECK(trace_seq_path(s, &plain) == 0);
	REFUSED(s, &sn);
	free(s);
}

static void test_to_user(void)
{
	struct trace_seq *s = seq_new();
	char ubuf[64];

	CHECK(trace_seq_to_user(s, ubuf, sizeof(ubuf)) == -EBUSY);
	trace_seq_puts(s, "hello world");
	CHECK(trace_seq_to_user(s, ubuf, 0) == 0);
	CHECK(s->readpos == 0);

	memset(ubuf, 0, sizeof(ubuf));
	CHECK(trace_seq_to_user(s, ubuf, 5) == 5);
	CHECK(!memcmp(ubuf, "hello", 5) && ubuf[5] == 0);
	CHECK(s->readpos == 5);
	CHECK(trace_seq_to_user(s, ubuf, 64) == 6);
	CHECK(!memcmp(ubuf, " world", 6));
	CHECK(s->readpos == 11);
	CHECK(trace_seq_to_user(s, ubuf, 64) == -EBUSY);
	CHECK(trace_seq_to_user(s, ubuf, 0) == 0);

	/* Writing more makes more to read, from where reading stopped. */
	trace_seq_puts(s, "!?");
	CHECK(trace_seq_to_user(s, ubuf, 1) == 1 && ubuf[0] == '!');
	CHECK(trace_seq_to_user(s, ubuf, 64) == 1 && ubuf[0] == '?');
	CHECK(s->readpos == 13);
	free(s);

	/* A fault part way: the bytes before it count as read. */
	s = seq_new();
	trace_seq_puts(s, "abcdefgh");
	memset(ubuf, 0, sizeof(ubuf));
	shim_user_bytes = 3;
	CHECK(trace_seq_to_user(s, ubuf, 8) == 3);
	CHECK(!memcmp(ubuf, "abc", 3) && s->readpos == 3);
	shim_user_bytes = 0;
	CHECK(trace_seq_to_user(s, ubuf, 8) == -EFAULT);
	CHECK(s->readpos == 3);
	shim_user_bytes = -1;
	CHECK(trace_seq_to_user(s, ubuf, 8) == 5);
	CHECK(!memcmp(ubuf, "defgh", 5) && s->readpos == 8);
	free(s);

	/* Only the accepted text is readable, never a refused write. */
	s = seq_filled(PAGE_SIZE - 2);
	trace_seq_printf(s, "%s", "xyz");
	s->readpos = PAGE_SIZE - 2;
	CHECK(trace_seq_to_user(s, ubuf, 64) == -EBUSY);
	free(s);

	/* A full page reads out whole. */
	s = seq_filled(PAGE_SIZE);
	{
		static char big[PAGE_SIZE + 10];

		CHECK(trace_seq_to_user(s, big, sizeof(big)) == PAGE_SIZE);
		CHECK(!memcmp(big, filler, PAGE_SIZE));
	}
	free(s);
}

static void test_print_seq(void)
{
	char out[64];
	struct seq_file small = { .buf = out, .size = 2 };
	struct seq_file m = { .buf = out, .size = sizeof(out) };
	struct trace_seq *s = seq_new();
	struct snap sn;

	trace_seq_puts(s, "abc");
	trace_seq_putmem(s, filler, PAGE_SIZE);	/* refused: full */
	s->readpos = 1;
	snap_take(&sn, s);

	/* The seq_file cannot take it: keep everything for a retry. */
	CHECK(trace_print_seq(&small, s) != 0);
	REFUSED(s, &sn);
	CHECK(s->readpos == 1);

	CHECK(trace_print_seq(&m, s) == 0);
	CHECK(m.count == 3 && !memcmp(out, "abc", 3));
	/* ...and once it took it, start over. */
	CHECK(trace_seq_used(s) == 0 && !trace_seq_has_overflowed(s));
	CHECK(s->readpos == 0);
	trace_seq_puts(s, "d");
	TEXT_IS_STR(s, "d");
	free(s);
}

static u8 dump_data[64];

static void test_hex_dump_format(void)
{
	static const u8 odd[] = { 0x00, 0x7f, 0x20, 0x80, 'a' };
	struct trace_seq *s = seq_new();
	char exp[512];
	int i;

	for (i = 0; i < (int)sizeof(dump_data); i++)
		dump_data[i] = 0x3c + i;

	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 1,
				 "\x00\x01\xfe\x41", 4, false) == 1);
	TEXT_IS_STR(s, "00 01 fe 41\n");

	trace_seq_init(s);
	CHECK(trace_seq_hex_dump(s, "P ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 20, true) == 1);
	TEXT_IS_STR(s,
		    "P 00000000: 3c 3d 3e 3f 40 41 42 43 44 45 46 47 48 49 4a 4b  <=>?@ABCDEFGHIJK\n"
		    "P 00000010: 4c 4d 4e 4f                                      LMNO\n");

	/* Groups are numbers in the CPU's byte order. */
	if (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
		trace_seq_init(s);
		CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_ADDRESS, 32, 4,
					 dump_data, 32, false) == 1);
		snprintf(exp, sizeof(exp), "%p: %s\n", (void *)dump_data,
			 "3f3e3d3c 43424140 47464544 4b4a4948 4f4e4d4c 53525150 57565554 5b5a5958");
		TEXT_IS_STR(s, exp);

		/* A rowsize other than 16 or 32 means 16. */
		trace_seq_init(s);
		CHECK(trace_seq_hex_dump(s, ">", DUMP_PREFIX_NONE, 20, 2,
					 dump_data, 16, true) == 1);
		TEXT_IS_STR(s,
			    ">3d3c 3f3e 4140 4342 4544 4746 4948 4b4a  <=>?@ABCDEFGHIJK\n");

		trace_seq_init(s);
		CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_OFFSET, 16, 8,
					 dump_data, 32, false) == 1);
		TEXT_IS_STR(s,
			    "00000000: 434241403f3e3d3c 4b4a494847464544\n"
			    "00000010: 535251504f4e4d4c 5b5a595857565554\n");
	}

	/* A group size that does not divide the length falls back to 1. */
	trace_seq_init(s);
	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 4,
				 dump_data, 6, false) == 1);
	TEXT_IS_STR(s, "3c 3d 3e 3f 40 41\n");

	/* Rows of 32, the last one short; the unprintable as '.'. */
	trace_seq_init(s);
	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 32, 1,
				 odd, sizeof(odd), true) == 1);
	/* 83 spaces: the text starts at column 32 * 2 + 32 + 1. */
	TEXT_IS_STR(s,
		    "00 7f 20 80 61                                                                                   .. .a\n");

	trace_seq_init(s);
	CHECK(trace_seq_hex_dump(s, "x", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 0, true) == 1);
	TEXT_IS_STR(s, "");
	CHECK(!trace_seq_has_overflowed(s));
	free(s);
}

/* The whole dump is one write: it fits whole or leaves nothing. */
static void test_hex_dump_boundary(void)
{
	struct trace_seq *s = seq_new();
	struct snap sn;
	size_t total;

	CHECK(trace_seq_hex_dump(s, "pfx ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 40, true) == 1);
	total = trace_seq_used(s);
	CHECK(total == 3 * (4 + 10 + 49 + 16 + 1) - 8);
	free(s);

	/* Fits, with the byte its NUL takes. */
	s = seq_filled(PAGE_SIZE - total - 1);
	CHECK(trace_seq_hex_dump(s, "pfx ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 40, true) == 1);
	CHECK(trace_seq_used(s) == PAGE_SIZE - 1 && !trace_seq_has_overflowed(s));
	free(s);

	/* The first two lines fit, the third does not: none of it stays. */
	s = seq_filled(PAGE_SIZE - total);
	snap_take(&sn, s);
	CHECK(trace_seq_hex_dump(s, "pfx ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 40, true) == 0);
	REFUSED(s, &sn);
	free(s);

	/* The last line's newline is what does not fit. */
	s = seq_filled(PAGE_SIZE - total + 1);
	snap_take(&sn, s);
	CHECK(trace_seq_hex_dump(s, "pfx ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 40, true) == 0);
	REFUSED(s, &sn);
	free(s);

	/* Not even the first prefix fits. */
	s = seq_filled(PAGE_SIZE - 3);
	snap_take(&sn, s);
	CHECK(trace_seq_hex_dump(s, "pfx ", DUMP_PREFIX_OFFSET, 16, 1,
				 dump_data, 40, true) == 0);
	REFUSED(s, &sn);
	free(s);

	/* No room at all: refused even when empty. */
	s = seq_filled(PAGE_SIZE);
	snap_take(&sn, s);
	CHECK(trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 1,
				 dump_data, 0, false) == 0);
	REFUSED(s, &sn);
	free(s);
}

/*
 * Random writes of random sizes, many near the end of the page, against
 * a model of the rules: raw writes need their length free, formatted ones
 * one byte more, hex words two digits a byte and a space; a write that
 * does not fit changes nothing and every later one is refused.
 */
static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng >> 11) % n;
}

static void test_random_model(void)
{
	static char model[PAGE_SIZE];
	struct trace_seq *s = seq_new();
	size_t mlen = 0;
	bool mfull = false;
	int iter, bad = 0;

	for (iter = 0; iter < 200000 && !bad; iter++) {
		size_t room = PAGE_SIZE - mlen;
		unsigned int op = rnd(6), n;
		const char *str;
		char text[3 * PAGE_SIZE];
		size_t tlen = 0;
		bool fits;

		/* Sizes around what is left, or small ones. */
		if (rnd(2)) {
			n = rnd(16);
		} else {
			n = room + rnd(8);
			n = n >= 4 ? n - 4 : 0;
		}
		if (n > PAGE_SIZE + 8)
			n = PAGE_SIZE + 8;
		str = str_of(n);

		switch (op) {
		case 0:
			trace_seq_puts(s, str);
			memcpy(text, str, n);
			tlen = n;
			fits = n <= room;
			break;
		case 1:
			trace_seq_putc(s, str[0] ? str[0] : '#');
			text[0] = str[0] ? str[0] : '#';
			tlen = 1;
			fits = room >= 1;
			break;
		case 2:
			trace_seq_putmem(s, filler + iter % 64, n);
			memcpy(text, filler + iter % 64, n);
			tlen = n;
			fits = n <= room;
			break;
		case 3:
			trace_seq_printf(s, "%s", str);
			memcpy(text, str, n);
			tlen = n;
			fits = n < room;
			break;
		case 4:
			n = n / 3;
			trace_seq_putmem_hex(s, str, n);
			{
				unsigned int i, w;
				const u8 *b = (const u8 *)str;

				for (i = 0; i < n; i += w) {
					unsigned int k;

					w = n - i < 8 ? n - i : 8;
					for (k = 0; k < w; k++) {
						u8 c = b[i + (__BYTE_ORDER__ ==
							__ORDER_BIG_ENDIAN__ ?
							k : w - 1 - k)];

						text[tlen++] = hex_asc_hi(c);
						text[tlen++] = hex_asc_lo(c);
					}
					text[tlen++] = ' ';
				}
			}
			fits = tlen <= room;
			break;
		default:
			if (rnd(8) == 0) {
				/* Start over, as a reader that flushed. */
				trace_seq_init(s);
				mlen = 0;
				mfull = false;
			}
			continue;
		}

		if (!mfull && fits) {
			memcpy(model + mlen, text, tlen);
			mlen += tlen;
		} else {
			mfull = true;
		}

		if (trace_seq_used(s) != mlen ||
		    memcmp(s->buffer, model, mlen) ||
		    trace_seq_has_overflowed(s) != mfull) {
			fprintf(stderr, "     op %u n %u at %zu/%zu, full %d/%d\n",
				op, n, (size_t)trace_seq_used(s), mlen,
				trace_seq_has_overflowed(s), mfull);
			bad = 1;
		}
		/* Full for long enough: start over. */
		if (mfull && rnd(4) == 0) {
			trace_seq_init(s);
			mlen = 0;
			mfull = false;
		}
	}
	CHECK(!bad);
	free(s);
}

/* Which trace_seq the summary line is about. */
#ifdef TS_UPSTREAM
#define TS_WHICH	" (upstream's trace_seq)"
#else
#define TS_WHICH	""
#endif

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(filler); i++)
		filler[i] = 'A' + i % 23;

	test_init();
	test_zeroed();
	test_printf();
	test_printf_boundary();
	test_raw_boundary();
	test_full_refuses_all();
	test_seq_buf_overflow();
	test_putmem_hex();
	test_bitmask();
	test_bprintf();
	test_path();
	test_to_user();
	test_print_seq();
	test_hex_dump_format();
	test_hex_dump_boundary();
	test_random_model();
	CHECK(shim_warnings == 0);
	CHECK(shim_printks == 0);

	printf("tsunit%s: %d checks, %d failed\n", TS_WHICH, checks, failures);
	return failures ? 1 : 0;
}
