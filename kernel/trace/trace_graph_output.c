// SPDX-License-Identifier: GPL-2.0
/*
 * The text of function_graph records: the "CPU DURATION FUNCTION CALLS"
 * layout of `trace`, `trace_pipe` and ftrace_dump(), for the
 * function_graph tracer and for the latency tracers' display-graph.
 *
 * A call is two records, TRACE_GRAPH_ENT when it starts and
 * TRACE_GRAPH_RET when it returns. When the record after an entry on the
 * same CPU is its own return, the call is a leaf and prints as one line,
 * "func();" with its duration; otherwise the entry opens a block,
 * "func() {", that its return closes with "}".
 *
 * Seeing the next record: a `trace` reader walks a ring buffer iterator
 * per CPU and has copied the current entry, so we peek that CPU's
 * iterator and step past a leaf's return. A consuming reader
 * (`trace_pipe`, ftrace_dump()) can only see a CPU's first record, which
 * is the current entry: we take the entry out of the buffer ourselves
 * (after copying it) and peek. Its return, if a leaf, stays in the buffer
 * for the reader to consume after the line (TRACE_TYPE_HANDLED); an entry
 * that opens a block tells the reader to leave alone what now comes
 * first (TRACE_TYPE_NO_CONSUME).
 *
 * A line that does not fit in the reader's trace_seq: the reader drops
 * its partial text and offers the same record again, so every printer
 * restores the per-CPU state it changed for that line. A consuming
 * reader's entry is taken out only while its trace_seq has room for any
 * entry line (GRAPH_LINE_ROOM); should the line fail all the same, the
 * taken entry is kept in the reader state and printed first on the next
 * call, and if it was a leaf, its return, still in the buffer, is
 * skipped when it comes.
 *
 * The reader state (struct graph_reader in iter->private) is optional:
 * without it (no memory, or a reader whose tracer does not call
 * graph_trace_open()) every record prints on its own, without leaves,
 * task switch lines or hidden interrupts.
 *
 * Every byte of the output is upstream's: tools parse it.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/hardirq.h>
#include <asm/sections.h>

#include "trace_graph.h"

/* Spaces per level of call depth. */
#define GRAPH_INDENT		2
/* The task column centres "comm-pid" in this many characters ... */
#define GRAPH_TASK_WIDTH	14
/* ... keeping this much of the comm. */
#define GRAPH_TASK_COMM		7
/* The duration's number and " us " are padded to this plus 4. */
#define GRAPH_USECS_WIDTH	8
/* No run of spaces is longer (a bogus depth must not become a WARN). */
#define GRAPH_MAX_SPACES	PAGE_SIZE
/*
 * Room a consuming reader's trace_seq must still have for us to take an
 * entry out of the buffer: the longest entry line (task switch, two
 * interrupt lines, the columns, a KSYM_NAME_LEN symbol) is shorter, so
 * the line almost never fails to fit after the entry is gone.
 */
#define GRAPH_LINE_ROOM		1024
/* Tells our reader state from another tracer's use of iter->private. */
#define GRAPH_READER_MAGIC	0x66677270	/* "fgrp" */

/* What one reader remembers of one CPU's records. */
struct graph_cpu {
	pid_t		last_pid;	/* of the last line; -1: none yet */
	int		depth;		/* comments indent one level deeper */
	int		irq_depth;	/* a hidden interrupt's depth; -1: none */
	/* a leaf printed early: its return, still to come, is skipped */
	bool		skip_ret;
	unsigned long	skip_func;
	u64		skip_rettime;
	/* the function each open block was entered with, by depth */
	unsigned long	open_funcs[FTRACE_RETFUNC_DEPTH];
};

/* One function entry, with its return when it is a leaf. */
struct graph_rec {
	struct trace_entry	hdr;	/* pid and context flags */
	struct ftrace_graph_ent	call;
	struct ftrace_graph_ret	ret;	/* valid if leaf */
	u64			ts;
	int			cpu;
	bool			leaf;
};

struct graph_reader {
	u32			magic;
	/* rec was taken out of a consuming reader's buffer, not printed */
	bool			pending;
	struct graph_rec	rec;
	struct graph_cpu __percpu *cpus;
};

/* One line being printed, and for which record. */
struct graph_line {
	struct trace_iterator	*iter;
	struct trace_seq	*s;
	struct graph_cpu	*gc;	/* NULL without reader state */
	struct trace_entry	*hdr;
	u64			ts;
	int			cpu;
	u32			flags;	/* TRACE_GRAPH_*; LATENCY if those columns */
	bool			context; /* the context-info option */
};

/* What a line changed in its CPU's state, to take back if it failed. */
struct graph_undo {
	struct graph_cpu	*gc;
	pid_t			last_pid;
	int			depth;
	int			irq_depth;
	int			slot;	/* of open_funcs, or -1 */
	unsigned long		slot_func;
};

/*
 * A function of the __irq_entry text: the printer marks it with
 * "==========>" and "<==========" lines, and with funcgraph-irqs off
 * leaves out what runs inside it.
 */
static bool graph_is_irq_entry(unsigned long addr)
{
	return addr >= (unsigned long)__irqentry_text_start &&
	       addr < (unsigned long)__irqentry_text_end;
}

static bool graph_depth_in_range(int depth)
{
	return depth >= 0 && depth < FTRACE_RETFUNC_DEPTH;
}

static bool graph_lat_columns(struct trace_iterator *iter, u32 flags)
{
	return (flags & TRACE_GRAPH_PRINT_LATENCY) ||
	       trace_opt(iter->tr, TRACE_OPT_LATENCY_FMT);
}

/* ---- reader state ---- */

static struct graph_reader *graph_reader_of(struct trace_iterator *iter)
{
	struct graph_reader *rd = iter->private;

	if (rd && rd->magic == GRAPH_READER_MAGIC)
		return rd;
	return NULL;
}

static struct graph_cpu *graph_cpu_of(struct graph_reader *rd, int cpu)
{
	if (!rd || cpu < 0 || (unsigned int)cpu >= nr_cpu_ids)
		return NULL;
	return per_cpu_ptr(rd->cpus, cpu);
}

static void graph_cpu_reset(struct graph_cpu *gc)
{
	memset(gc, 0, sizeof(*gc));
	gc->last_pid = -1;
	gc->irq_depth = -1;
}

static void graph_undo_save(struct graph_undo *u, struct graph_cpu *gc,
			    int depth)
{
	u->gc = gc;
	if (!gc)
		return;
	u->last_pid = gc->last_pid;
	u->depth = gc->depth;
	u->irq_depth = gc->irq_depth;
	u->slot = graph_depth_in_range(depth) ? depth : -1;
	if (u->slot >= 0)
		u->slot_func = gc->open_funcs[u->slot];
}

static void graph_undo_restore(const struct graph_undo *u)
{
	struct graph_cpu *gc = u->gc;

	if (!gc)
		return;
	gc->last_pid = u->last_pid;
	gc->depth = u->depth;
	gc->irq_depth = u->irq_depth;
	if (u->slot >= 0)
		gc->open_funcs[u->slot] = u->slot_func;
}

/* The verdict on a line; a line that did not fit leaves no trace. */
static enum print_line_t graph_line_done(struct graph_line *line,
					 const struct graph_undo *u)
{
	if (!trace_seq_has_overflowed(line->s))
		return TRACE_TYPE_HANDLED;
	graph_undo_restore(u);
	return TRACE_TYPE_PARTIAL_LINE;
}

static void graph_line_init(struct graph_line *line,
			    struct trace_iterator *iter,
			    struct graph_reader *rd, u32 flags, int cpu,
			    u64 ts, struct trace_entry *hdr)
{
	line->iter = iter;
	line->s = &iter->seq;
	line->gc = graph_cpu_of(rd, cpu);
	line->hdr = hdr;
	line->ts = ts;
	line->cpu = cpu;
	line->flags = flags & ~TRACE_GRAPH_PRINT_LATENCY;
	if (graph_lat_columns(iter, flags))
		line->flags |= TRACE_GRAPH_PRINT_LATENCY;
	line->context = trace_opt(iter->tr, TRACE_OPT_CONTEXT_INFO);
}

/* ---- pieces of a line ---- */

static void graph_put_spaces(struct trace_seq *s, long n)
{
	if (n > 0)
		trace_seq_printf(s, "%*s", (int)min_t(long, n, GRAPH_MAX_SPACES),
				 "");
}

static void graph_put_indent(struct trace_seq *s, int depth)
{
	graph_put_spaces(s, (long)depth * GRAPH_INDENT);
}

/* Digits of the highest CPU number: the CPU column's width. */
static int graph_cpu_width(void)
{
	unsigned int top = nr_cpu_ids ? nr_cpu_ids - 1 : 0;
	int width = 1;

	for (; top >= 10; top /= 10)
		width++;
	return width;
}

static void graph_put_cpu(struct trace_seq *s, int cpu)
{
	trace_seq_printf(s, " %*d) ", graph_cpu_width(), cpu);
}

/* "comm-pid" centred in the task column. */
static void graph_put_task(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN];
	char task[GRAPH_TASK_COMM + 16];
	int pad;

	trace_find_cmdline(pid, comm);
	pad = GRAPH_TASK_WIDTH - scnprintf(task, sizeof(task), "%.*s-%d",
					   GRAPH_TASK_COMM, comm, pid);
	if (pad < 0)
		pad = 0;
	trace_seq_printf(s, "%*s%s%*s", pad / 2, "", task, pad - pad / 2, "");
}

/* Seconds and microseconds of a time stamp (truncated, not rounded). */
static void graph_put_abs_time(struct trace_seq *s, u64 ts)
{
	u32 ns = do_div(ts, NSEC_PER_SEC);

	trace_seq_printf(s, "%5lu.%06lu |  ", (unsigned long)ts,
			 (unsigned long)(ns / NSEC_PER_USEC));
}

/* Microseconds since the buffer's start. */
static void graph_put_rel_time(struct graph_line *line)
{
	u64 us = line->ts - line->iter->array_buffer->time_start;

	do_div(us, NSEC_PER_USEC);
	trace_seq_printf(line->s, "%9llu us |  ", us);
}

/* The columns before the duration, as the flags select them. */
static void graph_put_columns(struct graph_line *line)
{
	struct trace_seq *s = line->s;
	u32 flags = line->flags;

	if (!line->context)
		return;
	if (flags & TRACE_GRAPH_PRINT_ABS_TIME)
		graph_put_abs_time(s, line->ts);
	if (flags & TRACE_GRAPH_PRINT_REL_TIME)
		graph_put_rel_time(line);
	if (flags & TRACE_GRAPH_PRINT_CPU)
		graph_put_cpu(s, line->cpu);
	if (flags & TRACE_GRAPH_PRINT_PROC) {
		graph_put_task(s, line->hdr->pid);
		trace_seq_puts(s, " | ");
	}
	if (flags & TRACE_GRAPH_PRINT_LATENCY) {
		trace_seq_putc(s, ' ');
		trace_print_lat_fmt(s, line->hdr);
		trace_seq_puts(s, " | ");
	}
}

static bool graph_has_time_column(struct graph_line *line)
{
	return line->context && (line->flags & TRACE_GRAPH_PRINT_DURATION);
}

/*
 * A duration in microseconds: up to three decimals while the number
 * stays within 7 digits, then " us " and spaces up to the column width.
 * Also the function profiler's Time, Avg and s^2 columns.
 */
void trace_print_graph_duration(unsigned long long duration,
				struct trace_seq *s)
{
	u32 rem = do_div(duration, NSEC_PER_USEC);
	char num[24];
	int len = scnprintf(num, sizeof(num), "%llu", duration);
	int decimals = clamp(7 - len, 0, 3);
	int i;

	if (decimals) {
		for (i = decimals; i < 3; i++)
			rem /= 10;
		trace_seq_printf(s, "%s.%0*u us ", num, decimals, rem);
		len += decimals + 1;
	} else {
		trace_seq_printf(s, "%s us ", num);
	}
	graph_put_spaces(s, GRAPH_USECS_WIDTH - len);
}

/* The duration column: overhead mark, time, separator. */
static void graph_put_duration(struct graph_line *line, u64 ns)
{
	struct trace_seq *s = line->s;

	if (!graph_has_time_column(line))
		return;
	if (line->flags & TRACE_GRAPH_PRINT_OVERHEAD)
		trace_seq_printf(s, "%c ", trace_find_mark(ns));
	else
		trace_seq_puts(s, "  ");
	trace_print_graph_duration(ns, s);
	trace_seq_puts(s, "|  ");
}

/* The duration column of a line without a duration. */
static void graph_put_no_duration(struct graph_line *line)
{
	if (graph_has_time_column(line))
		trace_seq_puts(line->s, "              |  ");
}

/* The line around an interrupt entry function's calls. */
static void graph_put_irq_mark(struct graph_line *line, unsigned long func,
			       bool enter)
{
	struct trace_seq *s = line->s;

	if (!graph_is_irq_entry(func))
		return;
	graph_put_columns(line);
	if (graph_has_time_column(line))
		trace_seq_puts(s, "  ");
	trace_seq_puts(s, enter ? "==========>" : "<==========");
	if (graph_has_time_column(line))
		trace_seq_puts(s, " |");
	trace_seq_putc(s, '\n');
}

/* The lines that say another task runs on this CPU now. */
static void graph_put_task_switch(struct graph_line *line)
{
	struct graph_cpu *gc = line->gc;
	struct trace_seq *s = line->s;
	pid_t pid = line->hdr->pid;
	pid_t prev;

	if (!gc || gc->last_pid == pid)
		return;
	prev = gc->last_pid;
	gc->last_pid = pid;
	if (prev == -1)
		return;
	trace_seq_puts(s, " ------------------------------------------\n");
	graph_put_cpu(s, line->cpu);
	graph_put_task(s, prev);
	trace_seq_puts(s, " => ");
	graph_put_task(s, pid);
	trace_seq_puts(s, "\n ------------------------------------------\n\n");
}

/* ---- funcgraph-irqs off: what runs in interrupt entry functions ---- */

/* Whether an entry is hidden: it enters an interrupt, or is inside one. */
static bool graph_hide_irq_entry(struct graph_line *line,
				 const struct ftrace_graph_ent *call)
{
	struct graph_cpu *gc = line->gc;

	if (!gc || (line->flags & TRACE_GRAPH_PRINT_IRQS))
		return false;
	if (gc->irq_depth >= 0)
		return true;
	if (!graph_is_irq_entry(call->func))
		return false;
	gc->irq_depth = call->depth;
	return true;
}

/*
 * Whether a return is hidden: it is inside an interrupt, or leaves it
 * (at its depth or above, should the interrupt's own return be lost).
 */
static bool graph_hide_irq_return(struct graph_line *line,
				  const struct ftrace_graph_ret *ret)
{
	struct graph_cpu *gc = line->gc;

	if (!gc || (line->flags & TRACE_GRAPH_PRINT_IRQS) || gc->irq_depth < 0)
		return false;
	if (ret->depth <= gc->irq_depth)
		gc->irq_depth = -1;
	return true;
}

/* ---- the three kinds of lines ---- */

/* "func() {": a call whose return comes later. */
static void graph_print_open(struct graph_line *line,
			     const struct ftrace_graph_ent *call)
{
	struct graph_cpu *gc = line->gc;

	if (gc) {
		gc->depth = call->depth;
		if (graph_depth_in_range(call->depth))
			gc->open_funcs[call->depth] = call->func;
	}
	graph_put_task_switch(line);
	graph_put_irq_mark(line, call->func, true);
	graph_put_columns(line);
	graph_put_no_duration(line);
	graph_put_indent(line->s, call->depth);
	trace_seq_printf(line->s, "%ps() {\n", (void *)call->func);
}

/* "func();": a call and its return in one line. */
static void graph_print_leaf(struct graph_line *line,
			     const struct ftrace_graph_ent *call,
			     const struct ftrace_graph_ret *ret)
{
	struct graph_cpu *gc = line->gc;

	if (gc) {
		/* comments after a leaf are at the leaf's own depth */
		gc->depth = call->depth - 1;
		if (graph_depth_in_range(call->depth))
			gc->open_funcs[call->depth] = 0;
	}
	graph_put_task_switch(line);
	graph_put_irq_mark(line, call->func, true);
	graph_put_columns(line);
	graph_put_duration(line, ret->rettime - ret->calltime);
	graph_put_indent(line->s, call->depth);
	trace_seq_printf(line->s, "%ps();\n", (void *)call->func);
	graph_put_irq_mark(line, ret->func, false);
}

/* "}": the end of a block, named if asked or if its start is unknown. */
static void graph_print_close(struct graph_line *line,
			      const struct ftrace_graph_ret *ret)
{
	bool named = line->flags & TRACE_GRAPH_PRINT_TAIL;
	struct graph_cpu *gc = line->gc;
	struct trace_seq *s = line->s;

	if (gc) {
		gc->depth = ret->depth - 1;
		if (graph_depth_in_range(ret->depth)) {
			if (gc->open_funcs[ret->depth] != ret->func)
				named = true;
			gc->open_funcs[ret->depth] = 0;
		}
	}
	graph_put_task_switch(line);
	graph_put_columns(line);
	graph_put_duration(line, ret->rettime - ret->calltime);
	graph_put_indent(s, ret->depth);
	if (named)
		trace_seq_printf(s, "} /* %ps */\n", (void *)ret->func);
	else
		trace_seq_puts(s, "}\n");
	if (line->flags & TRACE_GRAPH_PRINT_OVERRUN)
		trace_seq_printf(s, " (Overruns: %u)\n", ret->overrun);
	graph_put_irq_mark(line, ret->func, false);
}

/* An entry's line (leaf or open block); PARTIAL_LINE leaves no trace. */
static enum print_line_t graph_print_call(struct graph_line *line,
					  struct graph_rec *rec)
{
	struct graph_undo undo;

	graph_undo_save(&undo, line->gc, rec->call.depth);
	if (rec->leaf)
		graph_print_leaf(line, &rec->call, &rec->ret);
	else
		graph_print_open(line, &rec->call);
	return graph_line_done(line, &undo);
}

/* ---- looking past an entry for its return ---- */

static bool graph_is_return_of(struct graph_rec *rec,
			       struct ring_buffer_event *event)
{
	struct ftrace_graph_ret_entry *next;

	if (!event || ring_buffer_event_length(event) < sizeof(*next))
		return false;
	next = ring_buffer_event_data(event);
	return next->ent.type == TRACE_GRAPH_RET &&
	       next->ent.pid == rec->hdr.pid &&
	       next->ret.func == rec->call.func;
}

static void graph_copy_return(struct graph_rec *rec,
			      struct ring_buffer_event *event)
{
	struct ftrace_graph_ret_entry *next = ring_buffer_event_data(event);

	rec->ret = next->ret;
	rec->leaf = true;
}

/* `trace`: the current entry is a copy; step past its return if next. */
static void graph_find_leaf_walking(struct trace_iterator *iter,
				    struct graph_rec *rec)
{
	struct ring_buffer_iter *bi = iter->buffer_iter[rec->cpu];
	struct ring_buffer_event *event;

	if (!bi)
		return;
	event = ring_buffer_iter_peek(bi, NULL);
	if (!graph_is_return_of(rec, event))
		return;
	graph_copy_return(rec, event);
	ring_buffer_iter_advance(bi);
}

/*
 * Whether a consuming reader's seq has room for an entry's line. An
 * empty one always has: the reader would drop a record that cannot fit.
 */
static bool graph_room_for_entry(struct trace_seq *s, int depth)
{
	long need = GRAPH_LINE_ROOM + (long)max(depth, 0) * GRAPH_INDENT;
	long used = trace_seq_used(s);

	return !used || (long)s->seq.size - used >= need;
}

/*
 * A consuming reader: the current entry is the CPU's first record; take
 * it out (rec is its copy) to see the one after it, which stays. False
 * if there was nothing to take (another reader took it).
 */
static bool graph_find_leaf_consuming(struct trace_iterator *iter,
				      struct graph_rec *rec)
{
	struct trace_buffer *buffer = iter->array_buffer->buffer;
	struct ring_buffer_event *event;

	if (!ring_buffer_consume(buffer, rec->cpu, NULL, NULL))
		return false;
	event = ring_buffer_peek(buffer, rec->cpu, NULL, NULL);
	if (graph_is_return_of(rec, event))
		graph_copy_return(rec, event);
	return true;
}

/* Whether a record is the return saved in rec. */
static bool graph_same_return(struct trace_entry *ent,
			      const struct ftrace_graph_ret *ret)
{
	struct ftrace_graph_ret_entry *e = (struct ftrace_graph_ret_entry *)ent;

	return ent->type == TRACE_GRAPH_RET && e->ret.func == ret->func &&
	       e->ret.depth == ret->depth &&
	       e->ret.calltime == ret->calltime &&
	       e->ret.rettime == ret->rettime;
}

/* ---- the records ---- */

static enum print_line_t graph_print_entry_record(struct trace_iterator *iter,
						  struct graph_reader *rd,
						  u32 flags)
{
	struct ftrace_graph_ent_entry *e =
		(struct ftrace_graph_ent_entry *)iter->ent;
	struct graph_line line;
	struct graph_rec rec;
	bool taken = false;

	memset(&rec, 0, sizeof(rec));
	rec.hdr = e->ent;
	rec.call = e->graph_ent;
	rec.ts = iter->ts;
	rec.cpu = iter->cpu;
	graph_line_init(&line, iter, rd, flags, rec.cpu, rec.ts, &rec.hdr);

	if (graph_hide_irq_entry(&line, &rec.call))
		return TRACE_TYPE_HANDLED;

	/*
	 * Without reader state, no leaves: nowhere to keep a taken entry.
	 * A consuming reader with too little room left: the entry waits
	 * for its next read rather than for a record to come after it.
	 */
	if (rd && iter->buffer_iter) {
		graph_find_leaf_walking(iter, &rec);
	} else if (rd) {
		if (!graph_room_for_entry(line.s, rec.call.depth))
			return TRACE_TYPE_PARTIAL_LINE;
		taken = graph_find_leaf_consuming(iter, &rec);
	}

	if (graph_print_call(&line, &rec) == TRACE_TYPE_PARTIAL_LINE) {
		if (taken) {
			rd->rec = rec;
			rd->pending = true;
		}
		return TRACE_TYPE_PARTIAL_LINE;
	}
	/* the reader would consume what follows the entry we took */
	if (taken && !rec.leaf)
		return TRACE_TYPE_NO_CONSUME;
	return TRACE_TYPE_HANDLED;
}

/*
 * The entry a consuming reader lost to a full trace_seq, before the
 * current record, which stays for the next call unless it is the
 * printed leaf's return.
 */
static enum print_line_t graph_print_pending(struct trace_iterator *iter,
					     struct graph_reader *rd,
					     u32 flags)
{
	struct graph_rec *rec = &rd->rec;
	struct graph_line line;
	struct graph_cpu *gc;

	graph_line_init(&line, iter, rd, flags, rec->cpu, rec->ts, &rec->hdr);
	if (graph_print_call(&line, rec) == TRACE_TYPE_PARTIAL_LINE)
		return TRACE_TYPE_PARTIAL_LINE;
	rd->pending = false;
	if (!rec->leaf)
		return TRACE_TYPE_NO_CONSUME;
	if (iter->cpu == rec->cpu) {
		if (graph_same_return(iter->ent, &rec->ret))
			return TRACE_TYPE_HANDLED;
		return TRACE_TYPE_NO_CONSUME;
	}
	gc = graph_cpu_of(rd, rec->cpu);
	if (gc) {
		gc->skip_ret = true;
		gc->skip_func = rec->ret.func;
		gc->skip_rettime = rec->ret.rettime;
	}
	return TRACE_TYPE_NO_CONSUME;
}

/* Whether the record is the return of a leaf printed already. */
static bool graph_printed_already(struct graph_reader *rd,
				  struct trace_iterator *iter)
{
	struct graph_cpu *gc = graph_cpu_of(rd, iter->cpu);
	struct ftrace_graph_ret_entry *e;

	if (!gc || !gc->skip_ret)
		return false;
	gc->skip_ret = false;
	if (iter->ent->type != TRACE_GRAPH_RET)
		return false;
	e = (struct ftrace_graph_ret_entry *)iter->ent;
	return e->ret.func == gc->skip_func &&
	       e->ret.rettime == gc->skip_rettime;
}

static enum print_line_t graph_print_return_record(struct trace_iterator *iter,
						   struct graph_reader *rd,
						   u32 flags)
{
	struct ftrace_graph_ret_entry *e =
		(struct ftrace_graph_ret_entry *)iter->ent;
	struct ftrace_graph_ret ret = e->ret;
	struct trace_entry hdr = e->ent;
	struct graph_line line;
	struct graph_undo undo;

	graph_line_init(&line, iter, rd, flags, iter->cpu, iter->ts, &hdr);
	if (graph_hide_irq_return(&line, &ret))
		return TRACE_TYPE_HANDLED;
	graph_undo_save(&undo, line.gc, ret.depth);
	graph_print_close(&line, &ret);
	return graph_line_done(&line, &undo);
}

/* The text of trace_printk()/trace_marker records, or an event's. */
static enum print_line_t graph_put_message(struct trace_iterator *iter,
					   struct trace_event *event)
{
	struct trace_entry *ent = iter->ent;
	struct trace_seq *s = &iter->seq;
	int sym_flags;

	switch (ent->type) {
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)ent)->str);
		break;
	case TRACE_BPRINT: {
		struct bprint_entry *be = (struct bprint_entry *)ent;

		trace_seq_bprintf(s, be->fmt, be->buf);
		break;
	}
	case TRACE_PRINT: {
		struct print_entry *pe = (struct print_entry *)ent;
		int len = iter->ent_size - (int)offsetof(struct print_entry, buf);

		trace_seq_printf(s, "%.*s", max(len, 0), pe->buf);
		break;
	}
	default:
		sym_flags = READ_ONCE(iter->tr->trace_flags) & TRACE_SYM_FLAGS;
		return event->funcs->trace(iter, sym_flags, event);
	}
	return trace_handle_return(s);
}

static bool graph_is_printk(struct trace_entry *ent)
{
	return ent->type == TRACE_BPUTS || ent->type == TRACE_BPRINT ||
	       ent->type == TRACE_PRINT;
}

/* A comment takes the line's place of its text's end of line. */
static void graph_drop_newline(struct trace_seq *s)
{
	int len = trace_seq_used(s);

	if (len > 0 && s->buffer[len - 1] == '\n')
		s->seq.len = len - 1;
}

/*
 * Any other record (trace_printk(), an event...): its text as a C
 * comment, one level deeper than the call it happened in.
 */
static enum print_line_t graph_print_comment(struct trace_iterator *iter,
					     struct graph_reader *rd,
					     u32 flags)
{
	struct trace_event *event = NULL;
	struct graph_line line;
	struct graph_undo undo;
	enum print_line_t ret;
	int depth;

	if (!graph_is_printk(iter->ent)) {
		event = ftrace_find_event(iter->ent->type);
		if (!event)
			return TRACE_TYPE_UNHANDLED;
	}
	graph_line_init(&line, iter, rd, flags, iter->cpu, iter->ts,
			iter->ent);
	graph_undo_save(&undo, line.gc, -1);
	depth = line.gc ? line.gc->depth : 0;

	graph_put_task_switch(&line);
	graph_put_columns(&line);
	graph_put_no_duration(&line);
	if (depth > 0)
		graph_put_indent(line.s, depth + 1);
	trace_seq_puts(line.s, "/* ");
	ret = graph_put_message(iter, event);
	if (ret == TRACE_TYPE_HANDLED && !trace_seq_has_overflowed(line.s)) {
		graph_drop_newline(line.s);
		trace_seq_puts(line.s, " */\n");
	}
	if (ret != TRACE_TYPE_HANDLED && ret != TRACE_TYPE_PARTIAL_LINE)
		return ret;
	return graph_line_done(&line, &undo);
}

/**
 * print_graph_function_flags - print a record in the function_graph layout
 * @iter: the reader, at the record (iter->ent)
 * @flags: TRACE_GRAPH_* bits: the columns and options
 *
 * Return: TRACE_TYPE_HANDLED, TRACE_TYPE_NO_CONSUME when a consuming
 * reader must leave its current record (we took a record ourselves),
 * TRACE_TYPE_PARTIAL_LINE when iter->seq is full (print the same record
 * again later) or TRACE_TYPE_UNHANDLED for records this layout leaves to
 * the default printers (functions and stacks).
 */
enum print_line_t print_graph_function_flags(struct trace_iterator *iter,
					     u32 flags)
{
	struct graph_reader *rd = graph_reader_of(iter);

	if (!iter->ent)
		return TRACE_TYPE_UNHANDLED;
	if (rd && rd->pending)
		return graph_print_pending(iter, rd, flags);
	if (rd && graph_printed_already(rd, iter))
		return TRACE_TYPE_HANDLED;

	switch (iter->ent->type) {
	case TRACE_GRAPH_ENT:
		return graph_print_entry_record(iter, rd, flags);
	case TRACE_GRAPH_RET:
		return graph_print_return_record(iter, rd, flags);
	case TRACE_FN:
	case TRACE_STACK:
		return TRACE_TYPE_UNHANDLED;
	default:
		return graph_print_comment(iter, rd, flags);
	}
}

/* ---- the header ---- */

/* The columns of the header, in line order, and their widths. */
static const struct {
	u32		flag;
	const char	*title;
	const char	*rule;
	int		lat_pad;	/* its share of the legend's indent */
} graph_header_columns[] = {
	{ TRACE_GRAPH_PRINT_ABS_TIME,	"     TIME       ",
					"      |         ",	16 },
	{ TRACE_GRAPH_PRINT_REL_TIME,	"   REL TIME     ",
					"      |         ",	16 },
	{ TRACE_GRAPH_PRINT_CPU,	" CPU",	" |  ",		4 },
	{ TRACE_GRAPH_PRINT_PROC,	"  TASK/PID       ",
					"   |    |        ",	17 },
	{ TRACE_GRAPH_PRINT_LATENCY,	"||||   ", "||||   ",	0 },
	{ TRACE_GRAPH_PRINT_DURATION,	"  DURATION   ",
					"   |   |      ",	0 },
};

/* The legend of the latency columns, indented to sit above them. */
static void graph_put_lat_legend(struct seq_file *m, u32 flags)
{
	static const char * const legend[] = {
		"  _-----=> irqs-off        ",
		" / _----=> need-resched    ",
		"| / _---=> hardirq/softirq ",
		"|| / _--=> preempt-depth   ",
		"||| /                      ",
	};
	int pad = 0;
	int i;

	for (i = 0; i < ARRAY_SIZE(graph_header_columns); i++) {
		if (flags & graph_header_columns[i].flag)
			pad += graph_header_columns[i].lat_pad;
	}
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_printf(m, "#%*s%s\n", pad, "", legend[i]);
}

static void graph_put_column_titles(struct seq_file *m, u32 flags)
{
	int i;

	seq_putc(m, '#');
	for (i = 0; i < ARRAY_SIZE(graph_header_columns); i++) {
		if (flags & graph_header_columns[i].flag)
			seq_puts(m, graph_header_columns[i].title);
	}
	seq_puts(m, "               FUNCTION CALLS\n");

	seq_putc(m, '#');
	for (i = 0; i < ARRAY_SIZE(graph_header_columns); i++) {
		if (flags & graph_header_columns[i].flag)
			seq_puts(m, graph_header_columns[i].rule);
	}
	seq_puts(m, "               |   |   |   |\n");
}

/**
 * print_graph_headers_flags - the column header of the layout
 * @m: the seq_file of a `trace`-like file (m->private: its iterator)
 * @flags: TRACE_GRAPH_* bits, as given to print_graph_function_flags()
 *
 * After the core's "# tracer: NAME" lines: with the latency format, the
 * latency header (nothing at all for an empty buffer) and the legend of
 * its columns; then the titles of the columns. Nothing without
 * context-info.
 */
void print_graph_headers_flags(struct seq_file *m, u32 flags)
{
	struct trace_iterator *iter = m->private;

	if (!iter || !iter->tr || !trace_opt(iter->tr, TRACE_OPT_CONTEXT_INFO))
		return;
	if (graph_lat_columns(iter, flags)) {
		if (trace_empty(iter))
			return;
		print_trace_header(m, iter);
		flags |= TRACE_GRAPH_PRINT_LATENCY;
		graph_put_lat_legend(m, flags);
	}
	graph_put_column_titles(m, flags);
}

/* ---- readers ---- */

/**
 * graph_trace_open - set up the printer's state for a reader
 * @iter: the reader being opened
 *
 * May run in atomic context (ftrace_dump()). Without memory the printer
 * still works, one record per line.
 */
void graph_trace_open(struct trace_iterator *iter)
{
	gfp_t gfp = preemptible() ? GFP_KERNEL : GFP_ATOMIC;
	struct graph_reader *rd;
	int cpu;

	iter->private = NULL;
	if (in_nmi())		/* no allocation there: do without */
		return;
	rd = kzalloc(sizeof(*rd), gfp | __GFP_NOWARN);
	if (!rd)
		goto no_memory;
	rd->cpus = alloc_percpu_gfp(struct graph_cpu, gfp | __GFP_NOWARN);
	if (!rd->cpus) {
		kfree(rd);
		goto no_memory;
	}
	for_each_possible_cpu(cpu)
		graph_cpu_reset(per_cpu_ptr(rd->cpus, cpu));
	rd->magic = GRAPH_READER_MAGIC;
	iter->private = rd;
	return;

no_memory:
	pr_warn_ratelimited("function_graph: no memory for a reader, printing records one by one\n");
}

/**
 * graph_trace_close - free what graph_trace_open() set up
 * @iter: the reader being closed
 */
void graph_trace_close(struct trace_iterator *iter)
{
	struct graph_reader *rd = graph_reader_of(iter);

	if (!rd)
		return;
	rd->magic = 0;
	free_percpu(rd->cpus);
	kfree(rd);
	iter->private = NULL;
}

/* ---- the entry types' printers, for any tracer ---- */

/*
 * A graph record read while the tracer is another one (or declined it):
 * the function_graph options decide the columns, as upstream.
 */
static enum print_line_t graph_event_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	return print_graph_function_flags(iter, graph_flags.val);
}

static struct trace_event_functions graph_event_funcs = {
	.trace	= graph_event_print,
};

static struct trace_event graph_events[] = {
	{ .type = TRACE_GRAPH_ENT,	.funcs = &graph_event_funcs },
	{ .type = TRACE_GRAPH_RET,	.funcs = &graph_event_funcs },
};

/**
 * init_graph_output - register the printers of the graph entry types
 *
 * The raw, hex and bin formats keep the core's "type: N" printer, as
 * upstream. Safe to call more than once.
 *
 * Return: 0, or -EBUSY if a type could not be registered.
 */
__init int init_graph_output(void)
{
	static bool done __initdata;
	int ret = 0;
	int i;

	if (done)
		return 0;
	done = true;
	for (i = 0; i < ARRAY_SIZE(graph_events); i++) {
		if (!register_trace_event(&graph_events[i])) {
			pr_warn("function_graph: no printer for entry type %d\n",
				graph_events[i].type);
			ret = -EBUSY;
		}
	}
	return ret;
}
