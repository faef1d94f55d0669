// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq: a page of text that output helpers append to, all or nothing.
 *
 * Design. struct seq_buf serves only as the descriptor of the page (the
 * event macros and the tracing core read s->seq.len and s->seq.size); the
 * writers below do not go through lib/seq_buf.c. Each one composes its
 * output in place, in the free tail of the page past s->seq.len, and
 * moves s->seq.len forward only once all of it is known to fit. So a
 * refused write has nothing to undo: it sets ->full, and from then on
 * every write is refused until trace_seq_init(). Bytes past s->seq.len
 * may hold the remains of a refused write; they are not part of the text.
 * Only trace_seq_hex_dump(), one write made of several lines, rolls back
 * to where it began.
 *
 * Formatted writes (the printf family, hex dumps) keep one byte past
 * their text for the NUL the formatters store, so they never fill the
 * last byte of the page; raw writes (puts, putc, putmem) may.
 *
 * A trace_seq has one writer at a time (its owner serializes), so there
 * is no locking here. A trace_seq of all zeroes is valid: every entry
 * point initializes it on first use.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/dcache.h>
#include <linux/uaccess.h>
#include <linux/seq_file.h>
#include <linux/trace_seq.h>

#include <asm/byteorder.h>

/* Bytes of memory per space-separated word of trace_seq_putmem_hex(). */
#define TS_HEX_WORD	8U

/* Set up a zero-filled trace_seq on first use. */
static inline void ts_ready(struct trace_seq *s)
{
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
}

/*
 * Is @s taking writes? Someone may have pushed s->seq into seq_buf's own
 * overflow state (len past size) behind our back: treat that as full.
 */
static bool ts_open(struct trace_seq *s)
{
	if (s->full)
		return false;
	ts_ready(s);
	if (unlikely(seq_buf_has_overflowed(&s->seq))) {
		s->full = 1;
		return false;
	}
	return true;
}

/* The first free byte, and how many are free from there. */
static inline char *ts_end(struct trace_seq *s)
{
	return s->buffer + s->seq.len;
}

static inline unsigned int ts_room(struct trace_seq *s)
{
	return s->seq.size - s->seq.len;
}

/*
 * Accept @len bytes a formatter wrote at ts_end() after being offered
 * @room bytes. Formatters report the length of their whole output, which
 * was stored complete only if the NUL after it fitted too.
 */
static bool ts_take_text(struct trace_seq *s, int len, unsigned int room)
{
	if (len < 0 || (unsigned int)len >= room)
		return false;
	s->seq.len += len;
	return true;
}

/* Append formatted text; on failure @s is left as it was (->full too). */
static __printf(2, 0)
bool ts_vformat(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int room = ts_room(s);

	return ts_take_text(s, vsnprintf(ts_end(s), room, fmt, args), room);
}

static __printf(2, 3)
bool ts_format(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;
	bool ok;

	va_start(args, fmt);
	ok = ts_vformat(s, fmt, args);
	va_end(args);
	return ok;
}

/**
 * trace_print_seq - move the text of a trace_seq into a seq_file
 * @m: the seq_file to write to
 * @s: the trace_seq to empty
 *
 * Returns 0 when the seq_file took the whole text, and then @s is emptied
 * (and accepts writes again); otherwise the seq_file's error, and @s is
 * left alone so that the caller can retry.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	ts_ready(s);
	ret = seq_write(m, s->buffer, trace_seq_used(s));
	if (!ret)
		trace_seq_init(s);
	return ret;
}

/**
 * trace_seq_vprintf - append vsnprintf() output to a trace_seq
 * @s: the trace_seq
 * @fmt: the format, with the kernel's vsnprintf() extensions
 * @args: its arguments
 *
 * All or nothing: if the text (and the NUL after it) does not fit, @s
 * keeps its text and refuses all further writes.
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	if (ts_open(s) && !ts_vformat(s, fmt, args))
		s->full = 1;
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_printf - append formatted text to a trace_seq
 * @s: the trace_seq
 * @fmt: the format, with the kernel's vsnprintf() extensions
 *
 * As trace_seq_vprintf().
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_bitmask - append a bitmap in hex, as "%*pb" prints it
 * @s: the trace_seq
 * @maskp: the bitmap
 * @nmaskbits: how many of its bits are valid
 *
 * Comma-separated 32-bit words, most significant first. All or nothing.
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	trace_seq_printf(s, "%*pb", nmaskbits, maskp);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_bprintf - append text from a format and its packed arguments
 * @s: the trace_seq
 * @fmt: the format
 * @binary: the arguments, as vbin_printf() packed them when the event was
 *	    recorded
 *
 * The formatting that a fast path such as trace_printk() put off, done
 * now with bstr_printf(). All or nothing.
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	unsigned int room;

	if (!ts_open(s))
		return;
	room = ts_room(s);
	if (!ts_take_text(s, bstr_printf(ts_end(s), room, fmt, binary), room))
		s->full = 1;
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_putmem - append raw bytes to a trace_seq
 * @s: the trace_seq
 * @mem: the bytes
 * @len: how many
 *
 * All or nothing; the bytes may fill the page to its last byte.
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	if (!ts_open(s))
		return;
	if (len > ts_room(s)) {
		s->full = 1;
		return;
	}
	memcpy(ts_end(s), mem, len);
	s->seq.len += len;
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_puts - append a string to a trace_seq
 * @s: the trace_seq
 * @str: the string, whose NUL is not copied
 *
 * All or nothing.
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append one character to a trace_seq
 * @s: the trace_seq
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	if (!ts_open(s))
		return;
	if (!ts_room(s)) {
		s->full = 1;
		return;
	}
	s->buffer[s->seq.len++] = c;
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem_hex - append memory in hex
 * @s: the trace_seq
 * @mem: the memory
 * @len: its size in bytes
 *
 * The memory is cut into words of up to 8 bytes, each printed as the
 * number it holds in this CPU's byte order, in lower-case hex digits,
 * and followed by a space. All or nothing.
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	const u8 *word = mem;
	unsigned int room, need, n, i;
	char *out;

	if (!ts_open(s))
		return;
	room = ts_room(s);
	/* Two digits a byte and a space a word; the first test bars overflow. */
	need = len > room / 2 ? room + 1 :
	       2 * len + DIV_ROUND_UP(len, TS_HEX_WORD);
	if (need > room) {
		s->full = 1;
		return;
	}

	out = ts_end(s);
	for (; len; len -= n, word += n) {
		n = min(len, TS_HEX_WORD);
		/* The most significant byte comes first. */
		for (i = 0; i < n; i++) {
#ifdef __BIG_ENDIAN
			out = hex_byte_pack(out, word[i]);
#else
			out = hex_byte_pack(out, word[n - 1 - i]);
#endif
		}
		*out++ = ' ';
	}
	s->seq.len += need;
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append the name of a file
 * @s: the trace_seq
 * @path: the file
 *
 * Newlines in the name are escaped as "\012", so that the name cannot
 * break the line it is printed on.
 *
 * Returns 1 if the name was appended, 0 if it did not fit (or @s was
 * already full); then nothing was appended and @s is full.
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	unsigned int room;
	char *start, *name, *end;

	if (!ts_open(s))
		return 0;
	room = ts_room(s);
	if (!room)
		goto refuse;

	/*
	 * d_path() builds the name at the far end of the room it is given;
	 * mangle_path() then slides it down to the start of that room,
	 * escaping as it goes, and fails if an escape would overtake the
	 * unread part of the name.
	 */
	start = ts_end(s);
	name = d_path(path, start, room);
	if (IS_ERR(name))
		goto refuse;
	end = mangle_path(start, name, "\n");
	if (!end)
		goto refuse;
	s->seq.len += end - start;
	return 1;

refuse:
	s->full = 1;
	return 0;
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_to_user - copy text not yet read out of a trace_seq to user space
 * @s: the trace_seq
 * @ubuf: the user buffer
 * @cnt: its size
 *
 * Copies from @s->readpos on, at most @cnt bytes, and moves @s->readpos
 * past what was copied.
 *
 * Returns the number of bytes copied (short if the copy faulted part way),
 * 0 if @cnt is 0, -EBUSY if there is nothing left to read, or -EFAULT if
 * not a byte could be copied.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	unsigned int used, n, uncopied;

	ts_ready(s);
	if (cnt <= 0)
		return 0;
	used = trace_seq_used(s);
	if (s->readpos >= used)
		return -EBUSY;

	n = min_t(unsigned int, cnt, used - s->readpos);
	uncopied = copy_to_user(ubuf, s->buffer + s->readpos, n);
	if (uncopied == n)
		return -EFAULT;
	n -= uncopied;
	s->readpos += n;
	return n;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);

/**
 * trace_seq_hex_dump - append a hex dump, as print_hex_dump() prints one
 * @s: the trace_seq
 * @prefix_str: printed at the start of every line
 * @prefix_type: then the line's address (%DUMP_PREFIX_ADDRESS), its offset
 *		 in @buf (%DUMP_PREFIX_OFFSET), or nothing (%DUMP_PREFIX_NONE)
 * @rowsize: bytes per line, 16 or 32 (anything else means 16)
 * @groupsize: bytes per group of digits: 1, 2, 4 or 8
 * @buf: the data
 * @len: its size
 * @ascii: whether to follow each line's digits with its bytes as text
 *
 * The lines come from hex_dump_to_buffer(). The whole dump is one write:
 * if its last line does not fit, none of it stays.
 *
 * Returns 1 when the dump was appended, 0 otherwise (and @s is full). An
 * empty dump is refused too when @s has no room left at all.
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	const u8 *data = buf;
	unsigned int start, room;
	size_t off, n;
	bool ok;

	if (!ts_open(s))
		return 0;
	start = s->seq.len;
	if (!ts_room(s))
		goto refuse;
	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;

	for (off = 0; off < len; off += n) {
		n = min_t(size_t, len - off, rowsize);

		switch (prefix_type) {
		case DUMP_PREFIX_ADDRESS:
			ok = ts_format(s, "%s%p: ", prefix_str, data + off);
			break;
		case DUMP_PREFIX_OFFSET:
			ok = ts_format(s, "%s%.8x: ", prefix_str,
				       (unsigned int)off);
			break;
		default:
			ok = ts_format(s, "%s", prefix_str);
			break;
		}
		if (!ok)
			goto rollback;

		/* The digits go straight into the page. */
		room = ts_room(s);
		if (!ts_take_text(s, hex_dump_to_buffer(data + off, n, rowsize,
							groupsize, ts_end(s),
							room, ascii), room))
			goto rollback;

		/* The newline, and a NUL after it as for all formatted text. */
		if (ts_room(s) < 2)
			goto rollback;
		s->buffer[s->seq.len++] = '\n';
		s->buffer[s->seq.len] = '\0';
	}
	return 1;

rollback:
	s->seq.len = start;
refuse:
	s->full = 1;
	return 0;
}
EXPORT_SYMBOL(trace_seq_hex_dump);
