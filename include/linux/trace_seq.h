/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

#include <linux/seq_buf.h>

#include <asm/page.h>

/**
 * struct trace_seq - one page of text, built by a chain of output helpers
 * @buffer:	the text: its first trace_seq_used() bytes are valid
 * @seq:	the length and size of @buffer; code outside trace_seq.c
 *		(the event macros, the tracing core) reads them directly
 * @readpos:	how much of the text has been handed out to a reader
 * @full:	set when a write did not fit; every later write is refused
 *		until trace_seq_init()
 *
 * A write lands whole or not at all: one that does not fit leaves the
 * text as it was and sets @full, so a caller can flush what it has and
 * redo the whole record. A trace_seq of all zeroes is ready to use: the
 * first call into trace_seq.c initializes it.
 */
struct trace_seq {
	char			buffer[PAGE_SIZE];
	struct seq_buf		seq;
	size_t			readpos;
	int			full;
};

/**
 * trace_seq_init - empty a trace_seq and accept writes again
 * @s: the trace_seq
 */
static inline void
trace_seq_init(struct trace_seq *s)
{
	seq_buf_init(&s->seq, s->buffer, PAGE_SIZE);
	s->readpos = 0;
	s->full = 0;
}

/**
 * trace_seq_used - the length of the text in @s
 * @s: the trace_seq
 *
 * Never more than the size of the buffer, so it is safe to copy this many
 * bytes out of @s->buffer; @s->seq.len alone is not, should the seq_buf
 * underneath have been driven into its overflow state.
 */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/**
 * trace_seq_buffer_ptr - where the next write to @s will go
 * @s: the trace_seq
 *
 * Lets a caller remember the start of what it is about to write, to hand
 * that text on once written.
 */
static inline char *
trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + seq_buf_used(&s->seq);
}

/**
 * trace_seq_has_overflowed - has a write to @s been refused?
 * @s: the trace_seq
 *
 * True once something did not fit: @s takes nothing more until it is
 * initialized again.
 */
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#ifdef CONFIG_TRACING

/* Writers (all or nothing, see above). */
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len);
__printf(2, 3) void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0) void trace_seq_vprintf(struct trace_seq *s, const char *fmt,
				      va_list args);
__printf(2, 0) void trace_seq_bprintf(struct trace_seq *s, const char *fmt,
				      const u32 *binary);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits);
int trace_seq_path(struct trace_seq *s, const struct path *path);
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii);

/* Readers. */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt);
int trace_print_seq(struct seq_file *m, struct trace_seq *s);

#else /* !CONFIG_TRACING: the calls compile away */

static inline void trace_seq_puts(struct trace_seq *s, const char *str)
{
}

static inline void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}

static inline void trace_seq_putmem(struct trace_seq *s, const void *mem,
				    unsigned int len)
{
}

static inline void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
					unsigned int len)
{
}

static inline __printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}

static inline __printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
}

static inline __printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
}

static inline void trace_seq_bitmask(struct trace_seq *s,
				     const unsigned long *maskp, int nmaskbits)
{
}

static inline int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return 0;
}

static inline int trace_seq_hex_dump(struct trace_seq *s,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	return 0;
}

static inline int trace_seq_to_user(struct trace_seq *s, char __user *ubuf,
				    int cnt)
{
	return 0;
}

static inline int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	return 0;
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_SEQ_H */
