/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of <linux/seq_buf.h> that <linux/trace_seq.h> uses: the
 * descriptor and its inline accessors. seq_buf's convention: len past
 * size means "overflowed"; the used length is then size.
 */
#ifdef TS_UPSTREAM
/* The run on upstream's code takes upstream's header whole. */
#include_next <linux/seq_buf.h>
#else
#ifndef _TOOLS_TS_LINUX_SEQ_BUF_H
#define _TOOLS_TS_LINUX_SEQ_BUF_H
#include "../kshim.h"

struct seq_buf {
	char *buffer;
	size_t size;
	size_t len;
};

static inline void seq_buf_init(struct seq_buf *s, char *buf, unsigned int size)
{
	s->buffer = buf;
	s->size = size;
	s->len = 0;
	if (size)
		buf[0] = '\0';
}

static inline bool seq_buf_has_overflowed(struct seq_buf *s)
{
	return s->len > s->size;
}

static inline unsigned int seq_buf_used(struct seq_buf *s)
{
	return s->len < s->size ? s->len : s->size;
}

static inline unsigned int seq_buf_buffer_left(struct seq_buf *s)
{
	return seq_buf_has_overflowed(s) ? 0 : s->size - s->len;
}

#endif
#endif /* TS_UPSTREAM */
