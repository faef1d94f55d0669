/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the filter engine takes from include/linux/trace_events.h: the
 * field descriptor and its filter types, as defined there (the Makefile's
 * check-header step compares them).
 */
#ifndef _TOOLS_TF_TRACE_EVENTS_H
#define _TOOLS_TF_TRACE_EVENTS_H
#include "../kshim.h"
#include <linux/list.h>

#define MAX_FILTER_STR_VAL	256U

struct ftrace_event_field {
	struct list_head	link;
	const char		*name;
	const char		*type;
	int			filter_type;
	int			offset;
	int			size;
	int			is_signed;
	int			len;
};

enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_COMM,
	FILTER_CPU,
};
#endif
