// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers behind the __print_*() and __get_bitmask() forms of an
 * event's TP_printk() (include/trace/stages/offsets.h).
 *
 * An event's printer formats its whole line with one printf-like call,
 * so a helper cannot print into the line itself: it writes its text,
 * NUL-terminated, into the iterator's scratch seq (iter->tmp_seq, reset
 * for each entry by trace_raw_output_prep()) and returns where that text
 * starts, for a "%s" of the event's format. Several helpers in one line
 * each take their own piece of the scratch seq. If the scratch seq fills
 * up, the text is cut short (the seq keeps what fitted): never an error.
 *
 * The text is upstream's, as tools compare it: flags are joined by the
 * delimiter with any unnamed bits last in hex, an unknown symbol is its
 * value in hex, arrays are "{0x1,0x2}".
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/trace_events.h>

/* A flag table entry: its bits are all set in @flags. */
static bool flag_matches(unsigned long long flags, unsigned long long mask)
{
	return (flags & mask) == mask;
}

/* Before every name but the first, the delimiter (if any). */
static void put_delim(struct trace_seq *p, const char *delim, bool *first)
{
	if (!*first && delim)
		trace_seq_puts(p, delim);
	*first = false;
}

/**
 * trace_print_flags_seq - name the bits of a flags word
 * @p: the scratch seq
 * @delim: put between two names (NULL: nothing)
 * @flags: the value
 * @flag_array: {mask, name} entries, ended by a NULL name
 *
 * Each entry whose bits are all in what is left of @flags is named and
 * its bits taken out, in table order; what no entry named ends the text
 * in hex. Nothing is printed for 0.
 *
 * Return: the start of the text in @p.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *text = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *f;
	bool first = true;

	for (f = flag_array; flags && f->name; f++) {
		if (!flag_matches(flags, f->mask))
			continue;
		flags &= ~f->mask;
		put_delim(p, delim, &first);
		trace_seq_puts(p, f->name);
	}
	if (flags) {
		put_delim(p, delim, &first);
		trace_seq_printf(p, "0x%lx", flags);
	}
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq - name a value
 * @p: the scratch seq
 * @val: the value
 * @symbol_array: {value, name} entries, ended by a NULL name
 *
 * Return: the start of the text in @p: the name of the first entry equal
 * to @val, or @val in hex if none is (or its name is empty).
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *text = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *s;

	for (s = symbol_array; s->name; s++) {
		if (s->mask == val) {
			trace_seq_puts(p, s->name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == text)
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/* The same for 64-bit values on 32-bit kernels (see trace_events.h). */
const char *
trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
			  unsigned long long flags,
			  const struct trace_print_flags_u64 *flag_array)
{
	const char *text = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *f;
	bool first = true;

	for (f = flag_array; flags && f->name; f++) {
		if (!flag_matches(flags, f->mask))
			continue;
		flags &= ~f->mask;
		put_delim(p, delim, &first);
		trace_seq_puts(p, f->name);
	}
	if (flags) {
		put_delim(p, delim, &first);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

const char *
trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
			    const struct trace_print_flags_u64 *symbol_array)
{
	const char *text = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *s;

	for (s = symbol_array; s->name; s++) {
		if (s->mask == val) {
			trace_seq_puts(p, s->name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == text)
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq - a bitmask as a list of hex words ("%*pb")
 * @p: the scratch seq
 * @bitmask_ptr: the mask, in whole longs
 * @bitmask_size: its size in bytes
 *
 * Return: the start of the text in @p.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *text = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * BITS_PER_BYTE);
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq - bytes in hex
 * @p: the scratch seq
 * @buf: the bytes
 * @len: how many
 * @concatenate: one run of digits ("%*phN") rather than spaced bytes
 *
 * The bytes go by lines of 16 (what "%*ph" prints at most), the pieces
 * joined without a separator, as upstream does.
 *
 * Return: the start of the text in @p.
 */
const char *trace_print_hex_seq(struct trace_seq *p,
				const unsigned char *buf, int len,
				bool concatenate)
{
	const char *text = trace_seq_buffer_ptr(p);
	int done;

	for (done = 0; done < len; done += 16) {
		int chunk = min(len - done, 16);

		if (concatenate)
			trace_seq_printf(p, "%*phN", chunk, buf + done);
		else
			trace_seq_printf(p, "%*ph", chunk, buf + done);
	}
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/* One element of an array, prefixed by @sep. */
static void put_element(struct trace_seq *p, const char *sep,
			const void *el, size_t el_size)
{
	switch (el_size) {
	case 1:
		trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)el);
		break;
	case 2:
		trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)el);
		break;
	case 4:
		trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)el);
		break;
	case 8:
		trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)el);
		break;
	}
}

/**
 * trace_print_array_seq - the elements of an array, in hex, in braces
 * @p: the scratch seq
 * @buf: the array
 * @count: its number of elements
 * @el_size: the size of one: 1, 2, 4 or 8
 *
 * Another size (which __print_array() refuses at build time) prints
 * "BAD SIZE:N" and the first byte, then goes on byte by byte.
 *
 * Return: the start of the text in @p.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *text = trace_seq_buffer_ptr(p);
	const void *end = buf + count * el_size;
	const char *sep = "";

	trace_seq_putc(p, '{');
	while (buf < end) {
		if (el_size != 1 && el_size != 2 && el_size != 4 &&
		    el_size != 8) {
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size,
					 *(const u8 *)buf);
			el_size = 1;
		} else {
			put_element(p, sep, buf, el_size);
		}
		sep = ",";
		buf += el_size;
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq - a hex dump (print_hex_dump()'s layout)
 * @p: the scratch seq
 * @prefix_str: put at the start of each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line (16 or 32)
 * @groupsize: bytes per group (1, 2, 4 or 8)
 * @buf: the bytes
 * @len: how many
 * @ascii: add the printable characters after each line
 *
 * The dump starts on a line of its own.
 *
 * Return: the start of the text in @p.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *text = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, 0);
	return text;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);
