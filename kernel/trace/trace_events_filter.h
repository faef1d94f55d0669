/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event filter engine's interface (trace_events_filter.c).
 *
 * A filter is compiled from the text written to an event's (or a group's)
 * "filter" file or given after "if" in a trigger, against the fields the
 * event's records have. The compiled filter is immutable: the core keeps
 * a pointer to it, replaces it under event_mutex, and frees the old one
 * after a grace period (tracepoint_synchronize_unregister()). Matching
 * takes no lock and allocates nothing, so it may run in any context.
 *
 * The text is taken as upstream's filter files take it: the caller has
 * already removed trailing white space (strstrip()) and handled "0",
 * which clears a filter and never reaches the engine.
 */
#ifndef _KERNEL_TRACE_EVENTS_FILTER_H
#define _KERNEL_TRACE_EVENTS_FILTER_H

#include <linux/trace_events.h>
#include <linux/list.h>
#include <linux/types.h>

struct event_filter;

/*
 * Error kinds, the index into event_filter_errors[] (upstream's texts, in
 * upstream's order, as error_log prints them).
 */
enum {
	FILT_ERR_NONE,
	FILT_ERR_INVALID_OP,
	FILT_ERR_TOO_MANY_OPEN,
	FILT_ERR_TOO_MANY_CLOSE,
	FILT_ERR_MISSING_QUOTE,
	FILT_ERR_OPERAND_TOO_LONG,
	FILT_ERR_EXPECT_STRING,
	FILT_ERR_EXPECT_DIGIT,
	FILT_ERR_ILLEGAL_FIELD_OP,
	FILT_ERR_FIELD_NOT_FOUND,
	FILT_ERR_ILLEGAL_INTVAL,
	FILT_ERR_BAD_SUBSYS_FILTER,
	FILT_ERR_TOO_MANY_PREDS,
	FILT_ERR_INVALID_FILTER,
	FILT_ERR_IP_FIELD_ONLY,
	FILT_ERR_INVALID_VALUE,
	FILT_ERR_ERRNO,
	FILT_ERR_NO_FILTER,
	FILT_ERR_MAX,
};

extern const char *event_filter_errors[FILT_ERR_MAX];

/*
 * Where a parse failed, ready for tracing_log_err(tr, "event filter parse
 * error", text, event_filter_errors, err_index, pos): err_index is a
 * FILT_ERR_* (FILT_ERR_ERRNO with pos 0 when the failure has no text of
 * its own), pos is upstream's caret position.
 */
struct filter_parse_error {
	int	err_index;
	int	pos;
};

/* event_filter_parse() flags */
#define EVENT_FILTER_GROUP	0x1	/* one event of a group's filter write */

/*
 * Compile @text against the fields of @field_lists[0..@nr_lists - 1]
 * (struct ftrace_event_field linked by ->link: the event's own, then the
 * common ones), searched in that order, then the pseudo-fields every event
 * has (CPU, cpu, common_cpu, COMM, comm).
 *
 * Returns 0 and a working filter in *@out, or a negative errno, as
 * upstream's filter files return it (-EINVAL mostly; a few syntax errors
 * give -EPERM, -ENOENT or -ESRCH there, and so here). On failure *@out is
 * a filter that matches everything and whose text is the error report
 * the filter file shows (NULL if even that could not be allocated), and
 * @pe says what to log. With EVENT_FILTER_GROUP, errors are reported as
 * a group write reports them for each of its events.
 */
int event_filter_parse(struct list_head *const *field_lists, int nr_lists,
		       const char *text, unsigned int flags,
		       struct event_filter **out, struct filter_parse_error *pe);

/*
 * A filter that only carries an error report for @text (a group's own
 * filter after a failed write): matches everything. NULL without memory.
 */
struct event_filter *event_filter_new_error(const char *text, int err_index,
					    int pos);

/* True if @record passes @f (a NULL filter passes everything). */
bool event_filter_match(const struct event_filter *f, void *record);

/*
 * What reading the filter file shows, without the final newline the file
 * adds: the text as written, or the error report.
 */
const char *event_filter_text(const struct event_filter *f);

/* Frees @f (NULL is fine); waiting for its readers is the caller's job. */
void event_filter_free(struct event_filter *f);

/* The filter_type a field of C type @type gets (FILTER_OTHER...). */
int filter_assign_type(const char *type);

/* What a group's filter file shows when its last write succeeded. */
#define EVENT_FILTER_GROUP_DEFAULT_TEXT					\
	"### global filter ###\n"					\
	"# Use this to set filters for multiple events.\n"		\
	"# Only events with the given fields will be affected.\n"	\
	"# If no events are modified, an error message will be displayed here"

#endif /* _KERNEL_TRACE_EVENTS_FILTER_H */
