/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics files under trace_stat/ (trace_stat.c).
 *
 * A provider describes one file with a struct tracer_stat: an iterator
 * over its entries (stat_start, then stat_next until NULL), an optional
 * comparison that orders them (the file lists the greatest first), an
 * optional header and a printer. Each open of the file collects and
 * sorts the entries again, so a reader sees the statistics as they were
 * at open time, in order; the entries themselves must stay valid until
 * the file is closed (stat_release, if set, is called on each of them
 * then). The layout is upstream's, which the branch profiler also uses.
 */
#ifndef _KERNEL_TRACE_TRACE_STAT_H
#define _KERNEL_TRACE_TRACE_STAT_H

#include <linux/seq_file.h>
#include <linux/types.h>

struct tracer_stat {
	/* the file's name under trace_stat/ */
	const char		*name;
	/* the first entry, or NULL if there is none */
	void			*(*stat_start)(struct tracer_stat *trace);
	/* the entry after prev (idx counts from 1), or NULL at the end */
	void			*(*stat_next)(void *prev, int idx);
	/* optional: > 0 if the first entry should come before the second */
	cmp_func_t		stat_cmp;
	/* print one entry */
	int			(*stat_show)(struct seq_file *s, void *p);
	/* optional: called on each entry when a reader is done with it */
	void			(*stat_release)(void *stat);
	/* optional: print the lines above the entries */
	int			(*stat_headers)(struct seq_file *s);
};

/* Create trace_stat/NAME (the directory on first use). */
int register_stat_tracer(struct tracer_stat *trace);
/* Remove it; readers that have it open keep their copy of the order. */
void unregister_stat_tracer(struct tracer_stat *trace);

#endif /* _KERNEL_TRACE_TRACE_STAT_H */
