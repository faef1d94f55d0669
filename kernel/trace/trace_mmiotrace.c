// SPDX-License-Identifier: GPL-2.0
/*
 * The mmiotrace tracer: memory-mapped I/O as a driver does it.
 *
 * The catching is the arch's (arch/x86/mm/mmio-mod.c and kmmio.c): while
 * it is enabled, each ioremap() a driver makes is watched by page faults,
 * and every read and write through the mapping is single-stepped and
 * handed to mmio_trace_rw(); the mapping itself, and its iounmap(), to
 * mmio_trace_mapping(); mmiotrace_printk() marks to mmio_trace_printk().
 * This file is what the tracing core adds: the "mmiotrace" tracer, whose
 * init and reset switch the arch's catching on and off (which takes every
 * CPU but the first offline meanwhile), the entries those calls write,
 * and their text, which tools read as upstream's (the version line, the
 * PCI devices, then one line an access, mapping or mark).
 *
 * Lifetimes: mmt_tr is the array the tracer runs on, set before the
 * arch's catching starts and cleared after disable_mmiotrace() returns,
 * which waits until no callback of the arch's can still run: a callback
 * sees either the array or NULL, never a stale one. One array at a time
 * (no instances), as upstream.
 *
 * Losses: an access the buffer refuses (full without overwrite, tracing
 * off) is counted in mmt_dropped; records the buffer overwrote are its
 * overrun count. A trace_pipe read reports both, once, as upstream's
 * "MARK 0.000000 Lost N events." line before the records that follow.
 */

#include <linux/kernel.h>
#include <linux/mmiotrace.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "trace.h"

static struct trace_array *mmt_tr;
static atomic_long_t mmt_dropped;
/*
 * The buffer's overrun count at the last report. One reader of
 * trace_pipe at a time takes a report (mmt_report_lock), so that two
 * never report the same losses; a count below it follows a reset (of
 * `trace`), after which every overrun counted is new.
 */
static unsigned long mmt_overruns_seen;
static DEFINE_MUTEX(mmt_report_lock);
/* the log says once a recording that it lost events, as upstream's */
static bool mmt_warned;

/* What a trace_pipe reader still has to send before the records. */
struct mmt_reader {
	struct pci_dev *next_dev;	/* holds a reference; NULL when done */
};

static void mmt_reset_counts(struct trace_array *tr)
{
	mutex_lock(&mmt_report_lock);
	atomic_long_set(&mmt_dropped, 0);
	mmt_overruns_seen = ring_buffer_overruns(tr->array_buffer.buffer);
	WRITE_ONCE(mmt_warned, false);
	mutex_unlock(&mmt_report_lock);
}

static int mmt_init(struct trace_array *tr)
{
	/* mmiotrace_printk()'s marks need trace_vprintk()'s buffers */
	int ret = trace_printk_scratch_init();

	if (ret)
		return ret;
	/* the core emptied the buffer before calling us */
	mmt_reset_counts(tr);
	WRITE_ONCE(mmt_tr, tr);
	enable_mmiotrace();
	return 0;
}

static void mmt_reset(struct trace_array *tr)
{
	/* returns once no arch callback runs or can start */
	disable_mmiotrace();
	WRITE_ONCE(mmt_tr, NULL);
	tracing_reset_online_cpus(&tr->array_buffer);
	mmt_reset_counts(tr);
}

/* tracing_on went to 1: a new recording, whose losses start at 0 */
static void mmt_start(struct trace_array *tr)
{
	tracing_reset_online_cpus(&tr->array_buffer);
	mmt_reset_counts(tr);
}

/* ---- the entries ---- */

/*
 * Write an entry of @type, @size bytes, whose payload after the common
 * header is the @len bytes at @data. The arch calls in from the debug
 * trap that ends a watched access (kmmio's post handler, NMI-like), or
 * with its trace lock held from ioremap() and iounmap().
 */
static void mmt_write(int type, size_t size, const void *data, size_t len)
{
	struct trace_array *tr = READ_ONCE(mmt_tr);
	struct trace_buffer *buffer = tr ? trace_array_buffer(tr) : NULL;
	unsigned int ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct trace_entry *ent;

	if (!tr)
		return;
	event = buffer ? trace_buffer_lock_reserve(buffer, type, size, ctx) : NULL;
	if (!event) {
		atomic_long_inc(&mmt_dropped);
		return;
	}
	ent = ring_buffer_event_data(event);
	memcpy(ent + 1, data, len);
	/* with options/stacktrace, a stack entry follows, as upstream's */
	trace_buffer_unlock_commit(tr, buffer, event, ctx);
}

/* An access: MMIO_READ, MMIO_WRITE or MMIO_UNKNOWN_OP. */
void mmio_trace_rw(struct mmiotrace_rw *rw)
{
	/* the payload follows the header with no padding */
	BUILD_BUG_ON(offsetof(struct trace_mmiotrace_rw, rw) != sizeof(struct trace_entry));
	mmt_write(TRACE_MMIO_RW, sizeof(struct trace_mmiotrace_rw), rw, sizeof(*rw));
}

/* An ioremap() (MMIO_PROBE) or iounmap() (MMIO_UNPROBE) while enabled. */
void mmio_trace_mapping(struct mmiotrace_map *map)
{
	BUILD_BUG_ON(offsetof(struct trace_mmiotrace_map, map) != sizeof(struct trace_entry));
	mmt_write(TRACE_MMIO_MAP, sizeof(struct trace_mmiotrace_map), map, sizeof(*map));
}

/* mmiotrace_printk(): a TRACE_PRINT entry, shown as a MARK line */
int mmio_trace_printk(const char *fmt, va_list args)
{
	return trace_vprintk(0, fmt, args);
}

/* ---- the text ---- */

/*
 * " SECS.USECS" of the entry's time, as every line has it: rounded to
 * the nearest us, the seconds cut to 32 bits, as upstream prints them.
 */
static void mmt_time(struct trace_seq *s, u64 ts)
{
	u64 us = div_u64(ts + NSEC_PER_USEC / 2, NSEC_PER_USEC);
	u32 rem;

	us = div_u64_rem(us, USEC_PER_SEC, &rem);
	trace_seq_printf(s, " %u.%06u", (u32)us, rem);
}

static enum print_line_t mmt_print_rw(struct trace_iterator *iter)
{
	struct trace_mmiotrace_rw *e = (struct trace_mmiotrace_rw *)iter->ent;
	const struct mmiotrace_rw *rw = &e->rw;
	struct trace_seq *s = &iter->seq;

	switch (rw->opcode) {
	case MMIO_READ:
	case MMIO_WRITE:
		trace_seq_printf(s, "%c %d", rw->opcode == MMIO_READ ? 'R' : 'W',
				 rw->width);
		mmt_time(s, iter->ts);
		trace_seq_printf(s, " %d 0x%llx 0x%lx 0x%lx 0\n", rw->map_id,
				 (unsigned long long)rw->phys, rw->value, rw->pc);
		break;
	case MMIO_UNKNOWN_OP:
		/* value: the instruction's first three bytes, high first */
		trace_seq_puts(s, "UNKNOWN");
		mmt_time(s, iter->ts);
		trace_seq_printf(s, " %d 0x%llx %02lx,%02lx,%02lx 0x%lx 0\n",
				 rw->map_id, (unsigned long long)rw->phys,
				 (rw->value >> 16) & 0xff, (rw->value >> 8) & 0xff,
				 rw->value & 0xff, rw->pc);
		break;
	default:
		trace_seq_puts(s, "rw what?\n");
		break;
	}
	return trace_handle_return(s);
}

static enum print_line_t mmt_print_map(struct trace_iterator *iter)
{
	struct trace_mmiotrace_map *e = (struct trace_mmiotrace_map *)iter->ent;
	const struct mmiotrace_map *m = &e->map;
	struct trace_seq *s = &iter->seq;

	switch (m->opcode) {
	case MMIO_PROBE:
		trace_seq_puts(s, "MAP");
		mmt_time(s, iter->ts);
		trace_seq_printf(s, " %d 0x%llx 0x%lx 0x%lx 0x0 0\n", m->map_id,
				 (unsigned long long)m->phys, m->virt, m->len);
		break;
	case MMIO_UNPROBE:
		trace_seq_puts(s, "UNMAP");
		mmt_time(s, iter->ts);
		trace_seq_printf(s, " %d 0x0 0\n", m->map_id);
		break;
	default:
		trace_seq_puts(s, "map what?\n");
		break;
	}
	return trace_handle_return(s);
}

/* A mark (mmiotrace_printk(), trace_marker): its text ends its line. */
static enum print_line_t mmt_print_mark(struct trace_iterator *iter)
{
	struct print_entry *e = (struct print_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_puts(s, "MARK");
	mmt_time(s, iter->ts);
	trace_seq_printf(s, " %s", e->buf);
	return trace_handle_return(s);
}

static enum print_line_t mmt_print_line(struct trace_iterator *iter)
{
	switch (iter->ent->type) {
	case TRACE_MMIO_RW:
		return mmt_print_rw(iter);
	case TRACE_MMIO_MAP:
		return mmt_print_map(iter);
	case TRACE_PRINT:
		return mmt_print_mark(iter);
	default:
		/* events and the rest have no place in this format */
		return TRACE_TYPE_HANDLED;
	}
}

/* ---- trace_pipe: the version, the PCI devices, the losses ---- */

/*
 * One device a line: bus and devfn, vendor and device, irq, then the
 * start of each of the first seven resources (with the region flags in
 * its low bits) and their sizes, then the bound driver's name.
 */
static void mmt_print_pcidev(struct trace_seq *s, struct pci_dev *dev)
{
	const struct pci_driver *drv = pci_dev_driver(dev);
	const struct resource *r;
	int i;

	trace_seq_printf(s, "PCIDEV %02x%02x %04x%04x %x", dev->bus->number,
			 dev->devfn, dev->vendor, dev->device, dev->irq);
	for (i = 0; i < 7; i++) {
		r = &dev->resource[i];
		trace_seq_printf(s, " %llx", (unsigned long long)
				 (r->start | (r->flags & PCI_REGION_FLAG_MASK)));
	}
	for (i = 0; i < 7; i++) {
		r = &dev->resource[i];
		trace_seq_printf(s, " %llx", r->start < r->end ?
				 (unsigned long long)resource_size(r) : 0ULL);
	}
	trace_seq_printf(s, " %s\n", drv ? drv->name : "");
}

static void mmt_pipe_open(struct trace_iterator *iter)
{
	struct mmt_reader *rd = kzalloc(sizeof(*rd), GFP_KERNEL);

	/* without it the version line alone opens the text */
	if (rd)
		rd->next_dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL);
	iter->private = rd;
	trace_seq_init(&iter->seq);
	trace_seq_puts(&iter->seq, "VERSION 20070824\n");
}

static void mmt_pipe_close(struct trace_iterator *iter)
{
	struct mmt_reader *rd = iter->private;

	if (rd) {
		pci_dev_put(rd->next_dev);
		kfree(rd);
	}
	iter->private = NULL;
}

/*
 * Before each batch of records: losses since the last report, or else
 * the next PCI device line while there are some left. Nonzero when it
 * put a line in iter->seq.
 */
static int mmt_pipe_header(struct trace_iterator *iter)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	struct mmt_reader *rd = iter->private;
	unsigned long over, lost;

	mutex_lock(&mmt_report_lock);
	over = ring_buffer_overruns(buffer);
	/* writers count refusals in any context: taken whole, atomically */
	lost = atomic_long_xchg(&mmt_dropped, 0);
	/* below the last count: the buffer was reset since, all are new */
	lost += over >= mmt_overruns_seen ? over - mmt_overruns_seen : over;
	mmt_overruns_seen = over;
	mutex_unlock(&mmt_report_lock);
	if (lost) {
		if (!xchg(&mmt_warned, true))
			pr_warn("mmiotrace has lost events\n");
		/* the losses happened before this, not at time 0 */
		trace_seq_printf(&iter->seq, "MARK 0.000000 Lost %lu events.\n", lost);
		return 1;
	}
	if (!rd || !rd->next_dev)
		return 0;
	mmt_print_pcidev(&iter->seq, rd->next_dev);
	/* takes a reference on the next and drops this one's */
	rd->next_dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, rd->next_dev);
	return 1;
}

static struct tracer mmiotrace_tracer __read_mostly = {
	.name		= "mmiotrace",
	.init		= mmt_init,
	.reset		= mmt_reset,
	.start		= mmt_start,
	.pipe_open	= mmt_pipe_open,
	.pipe_close	= mmt_pipe_close,
	.pipe_header	= mmt_pipe_header,
	.print_line	= mmt_print_line,
	/* it takes CPUs offline: not from the command line */
	.noboot		= true,
};

static __init int mmiotrace_tracer_init(void)
{
	return register_tracer(&mmiotrace_tracer);
}
device_initcall(mmiotrace_tracer_init);
