// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker and trace_marker_raw: user space writes into the buffer.
 *
 * A write to trace_marker becomes one TRACE_PRINT entry of its text,
 * ended with a newline if it has none; it prints as
 * "tracing_mark_write: <text>". A write to trace_marker_raw becomes one
 * TRACE_RAW_DATA entry: the first four bytes are an id, the rest is
 * payload. Both write into the array the file belongs to.
 *
 * Copying from user space: a reserved entry pins the CPU (the ring
 * buffer disables preemption until the commit), so the copy into it must
 * not sleep on a page fault. The pages are faulted in first, while
 * sleeping is still allowed; the copy into the entry then goes through
 * copy_from_user_nofault(), which gives up instead of faulting. Should
 * a page be reclaimed in between, the entry is dropped and the whole
 * thing retried a few times; an address that cannot be read at all gets
 * the text "<faulted>" recorded and -EFAULT returned, as upstream does.
 *
 * Triggers set in events/ftrace/print/trigger run between the reserve
 * and the commit of a trace_marker record, as upstream's do: a snapshot
 * trigger swaps the buffers while the record is still to be committed,
 * so the record ends up in what is then the snapshot.
 */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <linux/pagemap.h>

#include "trace.h"

/* a longer write is cut to this and the count written is this */
#define MARKER_MAX_BYTES	1024
/* a longer raw write is refused outright */
#define MARKER_RAW_MAX_BYTES	(3 * 1024)
#define MARKER_FAULTED		"<faulted>"
#define MARKER_FAULTED_LEN	(sizeof(MARKER_FAULTED) - 1)
/* a raw entry that faulted holds an id and the text above */
#define MARKER_RAW_FAULTED_LEN	(sizeof(unsigned int) + MARKER_FAULTED_LEN)
#define MARKER_COPY_TRIES	3

enum marker_copy {
	MARKER_COPIED,
	MARKER_RETRY,		/* readable, but a page went away: again */
	MARKER_FAULT,		/* unreadable */
};

/*
 * Copy cnt bytes from user space into a reserved entry. readable is what
 * the fault-in found: if it could read everything, a failure here means
 * a page was reclaimed since.
 */
static enum marker_copy marker_copy(void *dst, const char __user *ubuf,
				    size_t cnt, bool readable)
{
	if (!copy_from_user_nofault(dst, ubuf, cnt))
		return MARKER_COPIED;
	return readable ? MARKER_RETRY : MARKER_FAULT;
}

static bool marker_writable(struct trace_array *tr)
{
	return !tracing_is_disabled() && trace_opt(tr, TRACE_OPT_MARKERS);
}

/*
 * Reserve an entry of size bytes, or report why not: a buffer that does
 * not record is refused as if the file were not open for writing.
 */
static struct ring_buffer_event *
marker_reserve(struct trace_buffer *buffer, int type, size_t size,
	       unsigned int trace_ctx)
{
	if (!buffer)
		return NULL;
	return trace_buffer_lock_reserve(buffer, type, size, trace_ctx);
}

/* End the text of a print entry: a newline unless it has one, then NUL. */
static void marker_terminate(char *buf, size_t cnt)
{
	if (!cnt || buf[cnt - 1] != '\n')
		buf[cnt++] = '\n';
	buf[cnt] = '\0';
}

static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct print_entry *entry;
	enum event_trigger_type tt;
	enum marker_copy res;
	unsigned int trace_ctx;
	size_t size, len;
	bool readable;
	int tries;

	if (!marker_writable(tr))
		return -EINVAL;
	cnt = min_t(size_t, cnt, MARKER_MAX_BYTES);
	/* the text, a newline, a NUL; room for "<faulted>" in any case */
	size = sizeof(*entry) + max_t(size_t, cnt, MARKER_FAULTED_LEN) + 2;
	readable = !fault_in_readable(ubuf, cnt);

	for (tries = 1; ; tries++) {
		buffer = trace_array_buffer(tr);
		trace_ctx = tracing_gen_ctx();
		event = marker_reserve(buffer, TRACE_PRINT, size, trace_ctx);
		if (!event)
			return -EBADF;
		entry = ring_buffer_event_data(event);
		/* in this function, so that it prints as tracing_mark_write */
		entry->ip = _THIS_IP_;
		res = marker_copy(entry->buf, ubuf, cnt, readable);
		if (res != MARKER_RETRY || tries == MARKER_COPY_TRIES)
			break;
		/* drop the entry: faulting in may sleep */
		ring_buffer_discard_commit(buffer, event);
		readable = !fault_in_readable(ubuf, cnt);
	}
	if (res != MARKER_COPIED) {
		memcpy(entry->buf, MARKER_FAULTED, MARKER_FAULTED_LEN);
		len = MARKER_FAULTED_LEN;
	} else {
		len = cnt;
	}
	/* the filters of triggers see the text as written, without "\n" */
	entry->buf[len] = '\0';
	tt = trace_marker_triggers(tr, buffer, event);
	marker_terminate(entry->buf, len);
	trace_export_marker(tr, event);
	trace_buffer_commit_nostack(tr, buffer, event);
	trace_marker_post_triggers(tr, tt);
	return res == MARKER_COPIED ? cnt : -EFAULT;
}

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf,
				      size_t cnt, loff_t *fpos)
{
	struct trace_array *tr = filp->private_data;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	struct trace_buffer *buffer;
	enum marker_copy res;
	unsigned int trace_ctx;
	size_t size;
	bool readable;
	int tries;

	if (!marker_writable(tr))
		return -EINVAL;
	/* at least the id */
	if (cnt < sizeof(unsigned int) || cnt > MARKER_RAW_MAX_BYTES)
		return -EINVAL;
	cnt = min_t(size_t, cnt, MARKER_MAX_BYTES);
	/* as upstream: the id is counted twice, in the entry and in cnt */
	size = sizeof(*entry) + max_t(size_t, cnt, MARKER_RAW_FAULTED_LEN);
	readable = !fault_in_readable(ubuf, cnt);

	for (tries = 1; ; tries++) {
		buffer = trace_array_buffer(tr);
		trace_ctx = tracing_gen_ctx();
		event = marker_reserve(buffer, TRACE_RAW_DATA, size, trace_ctx);
		if (!event)
			return -EBADF;
		entry = ring_buffer_event_data(event);
		/* the id and the payload are contiguous, as in the user's */
		res = marker_copy((char *)entry + offsetof(typeof(*entry), id),
				  ubuf, cnt, readable);
		if (res != MARKER_RETRY || tries == MARKER_COPY_TRIES)
			break;
		ring_buffer_discard_commit(buffer, event);
		readable = !fault_in_readable(ubuf, cnt);
	}
	if (res != MARKER_COPIED) {
		entry->id = -1;
		memcpy(entry->buf, MARKER_FAULTED, MARKER_FAULTED_LEN);
	}
	trace_export_marker(tr, event);
	trace_buffer_commit_nostack(tr, buffer, event);
	return res == MARKER_COPIED ? cnt : -EFAULT;
}

static int tracing_mark_open(struct inode *inode, struct file *filp)
{
	stream_open(inode, filp);
	return tracing_open_generic_tr(inode, filp);
}

const struct file_operations tracing_mark_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_write,
	.release	= tracing_release_generic_tr,
};

const struct file_operations tracing_mark_raw_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_generic_tr,
};
