// SPDX-License-Identifier: GPL-2.0
/*
 * Turning ring buffer entries into the text of `trace`, `trace_pipe` and
 * ftrace_dump(): the registry of entry printers, the per-line context
 * ("comm-pid [cpu] flags timestamp: "), the four output formats (default
 * or latency, raw, hex, bin) and the header block printed before the
 * first entry.
 *
 * Design:
 *  - An entry type number maps to a struct trace_event, whose four
 *    functions print one entry in each format. The map is a small hash
 *    table (types are dense, so "type mod buckets" spreads them evenly).
 *    Registration and removal serialise on a mutex; lookups take no lock
 *    but an SRCU read section, because the reader side must not sleep
 *    on a mutex (ftrace_dump() prints from an oops, possibly with the
 *    mutex held by the CPU that died) and yet a printer may sleep (the
 *    user stack printer takes mmap_lock with sym-userobj), which rules
 *    out plain RCU. Removal waits for the SRCU readers, so once
 *    unregister_trace_event() returns no CPU is still inside the
 *    event's functions and a module may free them.
 *  - print_trace_line() picks the format from the array's options in
 *    upstream's order of precedence: the tracer's own print_line, then
 *    printk-msg-only for printk entries, then bin, hex, raw, and last
 *    the default (or latency) text.
 *  - Every byte of the text (headers, legends, context columns, lost
 *    events line) is ABI: tools and scripts parse it, so it is exactly
 *    upstream 6.1's.
 */

#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/sched/mm.h>
#include <linux/srcu.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <generated/utsrelease.h>

#include "trace.h"

/* ---- the registry of entry printers ---- */

#define TRACE_EVENT_HASH_SIZE	128	/* a power of 2 */

static struct hlist_head trace_event_hash[TRACE_EVENT_HASH_SIZE];
static DEFINE_MUTEX(trace_event_mutex);	/* writers of the hash */
DEFINE_STATIC_SRCU(trace_event_srcu);	/* readers of the hash */

/* The next never-used dynamic type number; past the max, reuse. */
static unsigned int next_dynamic_type = __TRACE_LAST_TYPE;
/*
 * Once next_dynamic_type has run past the max: every dynamic number below
 * lowest_freed_type is in use, so the search for a free one starts here.
 */
static unsigned int lowest_freed_type = TRACE_EVENT_TYPE_MAX + 1;

static struct hlist_head *trace_event_bucket(int type)
{
	return &trace_event_hash[(unsigned int)type &
				 (TRACE_EVENT_HASH_SIZE - 1)];
}

/**
 * ftrace_find_event - the printers of an entry type
 * @type: the entry's type number
 *
 * Valid inside print_trace_line() (and so in a tracer's print_line) or
 * between trace_event_read_lock() and trace_event_read_unlock().
 *
 * Return: the registered struct trace_event, or NULL.
 */
struct trace_event *ftrace_find_event(int type)
{
	struct trace_event *event;

	hlist_for_each_entry_srcu(event, trace_event_bucket(type), node,
				  srcu_read_lock_held(&trace_event_srcu) ||
				  lockdep_is_held(&trace_event_mutex)) {
		if (event->type == type)
			return event;
	}
	return NULL;
}

/* Enter a section in which ftrace_find_event()'s result stays valid. */
int trace_event_read_lock(void)
	__acquires(&trace_event_srcu)
{
	return srcu_read_lock(&trace_event_srcu);
}

void trace_event_read_unlock(int idx)
	__releases(&trace_event_srcu)
{
	srcu_read_unlock(&trace_event_srcu, idx);
}

/* A number above the fixed types for an event that asks for one; 0: none. */
static unsigned int trace_event_alloc_type(void)
{
	unsigned int type;

	lockdep_assert_held(&trace_event_mutex);

	if (next_dynamic_type <= TRACE_EVENT_TYPE_MAX)
		return next_dynamic_type++;

	/* All numbers were handed out once: find one given back. */
	for (type = lowest_freed_type; type <= TRACE_EVENT_TYPE_MAX; type++) {
		if (!ftrace_find_event(type)) {
			lowest_freed_type = type + 1;
			return type;
		}
	}
	lowest_freed_type = type;
	return 0;
}

/**
 * register_trace_event - make an entry type printable
 * @event: its type number (0: allocate one above the fixed types) and
 *	printers; printers left NULL print "type: N"
 *
 * Return: the type number, or 0 if the type is taken, invalid, or no
 * number is left.
 */
int register_trace_event(struct trace_event *event)
{
	struct trace_event_functions *funcs;
	unsigned int type;
	int ret = 0;

	if (WARN_ON_ONCE(!event || !event->funcs))
		return 0;

	mutex_lock(&trace_event_mutex);
	INIT_LIST_HEAD(&event->list);

	if (!event->type) {
		type = trace_event_alloc_type();
		if (!type || WARN_ON_ONCE(ftrace_find_event(type)))
			goto out;
	} else {
		type = event->type;
		/* fixed numbers come from enum trace_type only */
		if (WARN(type >= __TRACE_LAST_TYPE,
			 "trace event type %u is not in enum trace_type\n",
			 type))
			goto out;
		if (ftrace_find_event(type))
			goto out;
	}

	funcs = event->funcs;
	if (!funcs->trace)
		funcs->trace = trace_nop_print;
	if (!funcs->raw)
		funcs->raw = trace_nop_print;
	if (!funcs->hex)
		funcs->hex = trace_nop_print;
	if (!funcs->binary)
		funcs->binary = trace_nop_print;
	event->type = type;

	/*
	 * Publish last: hlist_add_head_rcu() orders the stores above before
	 * the node becomes reachable, so a lockless reader that finds the
	 * event sees its type and all four printers.
	 */
	hlist_add_head_rcu(&event->node, trace_event_bucket(type));
	ret = type;
out:
	mutex_unlock(&trace_event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * unregister_trace_event - forget an entry type's printers
 * @event: a registered event (an unregistered one is ignored)
 *
 * Waits until no reader can still be using @event: it may be freed on
 * return. Entries of its type left in a buffer print as unknown.
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	bool removed = false;

	mutex_lock(&trace_event_mutex);
	if (!hlist_unhashed(&event->node)) {
		/*
		 * Readers walking the bucket right now still see a valid
		 * ->next; the _init variant marks the node unhashed, so a
		 * second unregister is a no-op rather than a double delete.
		 */
		hlist_del_init_rcu(&event->node);
		if (event->type >= __TRACE_LAST_TYPE &&
		    event->type < lowest_freed_type)
			lowest_freed_type = event->type;
		removed = true;
	}
	mutex_unlock(&trace_event_mutex);

	/* readers that found the event before the delete are done after this */
	if (removed)
		synchronize_srcu(&trace_event_srcu);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/* ---- small helpers ---- */

/* The verdict for a printer that wrote into @s: did it all fit? */
enum print_line_t trace_handle_return(struct trace_seq *s)
{
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	return TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);

/* The printer of formats an entry type does not provide. */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

/* An object's bytes as they are in memory (the bin format). */
#define trace_put_bin(s, obj)	trace_seq_putmem(s, &(obj), sizeof(obj))
/* An object's bytes as a number in hex (the hex format). */
#define trace_put_hex(s, obj)	trace_seq_putmem_hex(s, &(obj), sizeof(obj))

/* Nanoseconds to microseconds, to the nearest one. */
static u64 trace_ns_to_us(u64 ns)
{
	ns += NSEC_PER_USEC / 2;
	do_div(ns, NSEC_PER_USEC);
	return ns;
}

/* Bytes of the entry from @offset to its end (0 if shorter). */
static unsigned int trace_entry_tail(struct trace_iterator *iter,
				     size_t offset)
{
	if (iter->ent_size <= 0 || (size_t)iter->ent_size <= offset)
		return 0;
	return iter->ent_size - offset;
}

#if BITS_PER_LONG == 64
#define TRACE_IP_FMT	" <%016lx>"
#else
#define TRACE_IP_FMT	" <%08lx>"
#endif

/*
 * The kernel symbol at @addr ("name", or "name+0xoff/0xsize [mod]" with
 * @offset), or its address when it has none.
 */
void trace_seq_print_sym(struct trace_seq *s, unsigned long addr,
			 bool offset)
{
#ifdef CONFIG_KALLSYMS
	char sym[KSYM_SYMBOL_LEN];

	sym[0] = '\0';
	if (offset)
		sprint_symbol(sym, addr);
	else
		kallsyms_lookup(addr, NULL, NULL, NULL, sym);

	/* a return through a kretprobe shows its trampoline: say so */
	if (is_kretprobe_trampoline(addr)) {
		trace_seq_puts(s, "[unknown/kretprobe'd]");
		return;
	}
	if (sym[0]) {
		trace_seq_puts(s, sym);
		return;
	}
#endif
	trace_seq_printf(s, "0x%08lx", addr);
}

/**
 * seq_print_ip_sym - a kernel address as the sym-* options want it
 * @s: where to print
 * @ip: the address ("0" when 0)
 * @sym_flags: TRACE_FL(SYM_OFFSET) adds +off/size, TRACE_FL(SYM_ADDR)
 *	adds " <address>"
 *
 * Return: 1 if everything fit, 0 if @s overflowed.
 */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip,
		     unsigned long sym_flags)
{
	if (!ip) {
		trace_seq_putc(s, '0');
	} else {
		trace_seq_print_sym(s, ip, sym_flags & TRACE_FL(SYM_OFFSET));
		if (sym_flags & TRACE_FL(SYM_ADDR))
			trace_seq_printf(s, TRACE_IP_FMT, ip);
	}
	return !trace_seq_has_overflowed(s);
}

/*
 * A user address: "/path/of/object[+0xoffset]" when @mm maps a file
 * there, and " <address>" when it does not or with sym-addr.
 */
static void seq_print_user_ip(struct trace_seq *s, struct mm_struct *mm,
			      unsigned long ip, unsigned long sym_flags)
{
	bool in_file = false;

	if (trace_seq_has_overflowed(s))
		return;

	if (mm) {
		struct vm_area_struct *vma;

		mmap_read_lock(mm);
		vma = find_vma(mm, ip);
		if (vma && vma->vm_file) {
			in_file = true;
			if (!trace_seq_path(s, &vma->vm_file->f_path)) {
				/* the path did not fit: leave it there */
				mmap_read_unlock(mm);
				return;
			}
			trace_seq_printf(s, "[+0x%lx]", ip - vma->vm_start);
		}
		mmap_read_unlock(mm);
	}
	if (!in_file || (sym_flags & TRACE_FL(SYM_ADDR)))
		trace_seq_printf(s, TRACE_IP_FMT, ip);
}

/* ---- the context columns ---- */

/* irqs-off/BH-disabled column */
static char lat_irqs_char(unsigned char fl)
{
	bool irqs_off = fl & TRACE_FLAG_IRQS_OFF;
	bool bh_off = fl & TRACE_FLAG_BH_OFF;

	if (irqs_off && bh_off)
		return 'D';
	if (irqs_off)
		return 'd';
	if (bh_off)
		return 'b';
	if (fl & TRACE_FLAG_IRQS_NOSUPPORT)
		return 'X';
	return '.';
}

/* need-resched column: N both, n TIF_NEED_RESCHED, p PREEMPT_NEED_RESCHED */
static char lat_resched_char(unsigned char fl)
{
	bool tif = fl & TRACE_FLAG_NEED_RESCHED;
	bool preempt = fl & TRACE_FLAG_PREEMPT_RESCHED;

	if (tif)
		return preempt ? 'N' : 'n';
	return preempt ? 'p' : '.';
}

/* hardirq/softirq column: Z/z NMI (in/out of a hardirq), H/h/s */
static char lat_irq_context_char(unsigned char fl)
{
	bool hard = fl & TRACE_FLAG_HARDIRQ;
	bool soft = fl & TRACE_FLAG_SOFTIRQ;

	if (fl & TRACE_FLAG_NMI)
		return hard ? 'Z' : 'z';
	if (hard)
		return soft ? 'H' : 'h';
	return soft ? 's' : '.';
}

/* A 4-bit depth as one hex digit, '.' for zero. */
static char lat_depth_char(unsigned int depth)
{
	return depth ? hex_asc_lo(depth) : '.';
}

/**
 * trace_print_lat_fmt - the five flag columns of an entry ("dNh1.")
 * @s: where to print
 * @entry: the entry
 *
 * irqs-off/BH-disabled, need-resched, hardirq/softirq, preempt depth,
 * migrate-disable depth.
 *
 * Return: 1 if it fit, 0 if @s overflowed.
 */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry)
{
	char cols[6];

	cols[0] = lat_irqs_char(entry->flags);
	cols[1] = lat_resched_char(entry->flags);
	cols[2] = lat_irq_context_char(entry->flags);
	cols[3] = lat_depth_char(entry->preempt_count & 0xf);
	cols[4] = lat_depth_char(entry->preempt_count >> 4);
	cols[5] = '\0';
	trace_seq_puts(s, cols);
	return !trace_seq_has_overflowed(s);
}

/* Latency format: "    comm-pid     cpu" then the flag columns. */
static void lat_print_generic(struct trace_seq *s, struct trace_entry *entry,
			      int cpu)
{
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid, cpu);
	trace_print_lat_fmt(s, entry);
}

/* Delay marks of the latency format, the largest first. */
static const struct {
	u64	over_ns;
	char	mark;
} trace_delay_marks[] = {
	{ 1000000000ULL, '$' },	/* > 1 s */
	{ 100000000ULL,  '@' },	/* > 100 ms */
	{ 10000000ULL,   '*' },	/* > 10 ms */
	{ 1000000ULL,    '#' },	/* > 1 ms */
	{ 100000ULL,     '!' },	/* > 100 us */
	{ 10000ULL,      '+' },	/* > 10 us */
};

/* The mark for a delay of @d ns: ' ' when under 10 us. */
char trace_find_mark(unsigned long long d)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_delay_marks); i++) {
		if (d > trace_delay_marks[i].over_ns)
			return trace_delay_marks[i].mark;
	}
	return ' ';
}

/*
 * Latency format time column: time since the buffer was reset and the
 * delay to the next entry, in us (ns clocks) or raw counts.
 */
static void lat_print_timestamp(struct trace_iterator *iter, u64 next_ts)
{
	bool verbose = trace_opt(iter->tr, TRACE_OPT_VERBOSE);
	bool in_ns = iter->iter_flags & TRACE_FILE_TIME_IN_NS;
	u64 since = iter->ts - iter->array_buffer->time_start;
	u64 delay = next_ts - iter->ts;
	struct trace_seq *s = &iter->seq;

	if (in_ns) {
		since = trace_ns_to_us(since);
		delay = trace_ns_to_us(delay);
	}

	if (verbose && in_ns) {
		unsigned long since_us = do_div(since, USEC_PER_MSEC);
		unsigned long delay_us = do_div(delay, USEC_PER_MSEC);

		trace_seq_printf(s, "[%08llx] %ld.%03ldms (+%ld.%03ldms): ",
				 trace_ns_to_us(iter->ts),
				 (long)since, (long)since_us,
				 (long)delay, (long)delay_us);
	} else if (verbose) {
		trace_seq_printf(s, "[%016llx] %lld (+%lld): ", iter->ts,
				 (long long)since, (long long)delay);
	} else if (in_ns) {
		trace_seq_printf(s, " %4lldus%c: ", (long long)since,
				 trace_find_mark(delay * NSEC_PER_USEC));
	} else {
		trace_seq_printf(s, " %4lld: ", (long long)since);
	}
}

/**
 * trace_print_timestamp - a time stamp as the default format shows it
 * @iter: the iterator (its seq is written; its flags say whether the
 *	clock counts ns)
 * @ts: the time stamp
 *
 * " SSSSS.UUUUUU" (rounded to the us) for ns clocks, " NNNNNNNNNNNN"
 * for counters; the leading space is part of it.
 */
void trace_print_timestamp(struct trace_iterator *iter, u64 ts)
{
	struct trace_seq *s = &iter->seq;
	unsigned long usec;
	u64 sec;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		trace_seq_printf(s, " %12llu", ts);
		return;
	}
	sec = trace_ns_to_us(ts);
	usec = do_div(sec, USEC_PER_SEC);
	trace_seq_printf(s, " %5lu.%06lu", (unsigned long)sec, usec);
}

/**
 * trace_print_context - the default format's columns before the text
 * @iter: the iterator at an entry
 *
 * "            comm-pid     [cpu] flags  ts: ", with a "(tgid)" column
 * under record-tgid and the flags only under irq-info.
 *
 * Return: 1 if it fit, 0 if iter->seq overflowed.
 */
int trace_print_context(struct trace_iterator *iter)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_array *tr = iter->tr;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, entry->pid);

	if (trace_opt(tr, TRACE_OPT_RECORD_TGID)) {
		int tgid = trace_find_tgid(entry->pid);

		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}

	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (trace_opt(tr, TRACE_OPT_IRQ_INFO))
		trace_print_lat_fmt(s, entry);
	trace_print_timestamp(iter, iter->ts);
	trace_seq_puts(s, ": ");

	return !trace_seq_has_overflowed(s);
}

/**
 * trace_print_lat_context - the latency format's columns before the text
 * @iter: the iterator at an entry
 *
 * Peeks at the next entry for the delay column.
 *
 * Return: 1 if it fit, 0 if iter->seq overflowed.
 */
int trace_print_lat_context(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry;
	u64 next_ts;

	if (!trace_find_next_entry(iter, NULL, &next_ts))
		next_ts = iter->ts;
	/* the peek may have moved the entry into iter->temp: reload */
	entry = iter->ent;

	if (trace_opt(iter->tr, TRACE_OPT_VERBOSE)) {
		char comm[TASK_COMM_LEN];

		trace_find_cmdline(entry->pid, comm);
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx ",
				 comm, entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0xf, iter->idx);
	} else {
		lat_print_generic(s, entry, iter->cpu);
	}
	lat_print_timestamp(iter, next_ts);

	return !trace_seq_has_overflowed(s);
}

/* ---- printers of the core's own entry types ---- */

/* TRACE_FN: "func <-parent" */
static enum print_line_t fn_trace(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	struct ftrace_entry *fe = (struct ftrace_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, fe->ip, flags);
	if ((flags & TRACE_FL(PRINT_PARENT)) && fe->parent_ip) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, fe->parent_ip, flags);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t fn_raw(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *fe = (struct ftrace_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %lx\n", fe->ip, fe->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t fn_hex(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *fe = (struct ftrace_entry *)iter->ent;

	trace_put_hex(&iter->seq, fe->ip);
	trace_put_hex(&iter->seq, fe->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t fn_bin(struct trace_iterator *iter, int flags,
				struct trace_event *event)
{
	struct ftrace_entry *fe = (struct ftrace_entry *)iter->ent;

	trace_put_bin(&iter->seq, fe->ip);
	trace_put_bin(&iter->seq, fe->parent_ip);
	return trace_handle_return(&iter->seq);
}

/*
 * TRACE_CTX ("==>") and TRACE_WAKE ("  +"): the wakeup tracers' records
 * of the task switched in, or woken, after the one switched out, or the
 * waker: "pid:prio:state". The raw and hex forms spell a wakeup's first
 * state '+', as upstream; binary has the fields as stored.
 */
static void ctxwake_states(struct ctx_switch_entry *ce, bool wake,
			   char *prev, char *next)
{
	*prev = wake ? '+' : task_index_to_char(ce->prev_state);
	*next = task_index_to_char(ce->next_state);
}

static enum print_line_t ctxwake_text(struct trace_iterator *iter,
				      const char *arrow)
{
	struct ctx_switch_entry *ce = (struct ctx_switch_entry *)iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(ce->next_pid, comm);
	trace_seq_printf(&iter->seq, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
			 ce->prev_pid, ce->prev_prio,
			 task_index_to_char(ce->prev_state), arrow,
			 ce->next_cpu, ce->next_pid, ce->next_prio,
			 task_index_to_char(ce->next_state), comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctxwake_raw(struct trace_iterator *iter, bool wake)
{
	struct ctx_switch_entry *ce = (struct ctx_switch_entry *)iter->ent;
	char prev, next;

	ctxwake_states(ce, wake, &prev, &next);
	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n", ce->prev_pid,
			 ce->prev_prio, prev, ce->next_cpu, ce->next_pid,
			 ce->next_prio, next);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctxwake_hex(struct trace_iterator *iter, bool wake)
{
	struct ctx_switch_entry *ce = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	char prev, next_state;
	int next;

	ctxwake_states(ce, wake, &prev, &next_state);
	/* ABI: the second state is an int's 4 bytes, as upstream's */
	next = next_state;
	trace_put_hex(s, ce->prev_pid);
	trace_put_hex(s, ce->prev_prio);
	trace_put_hex(s, prev);
	trace_put_hex(s, ce->next_cpu);
	trace_put_hex(s, ce->next_pid);
	trace_put_hex(s, ce->next_prio);
	trace_put_hex(s, next);
	return trace_handle_return(s);
}

static enum print_line_t ctxwake_bin(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct ctx_switch_entry *ce = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_put_bin(s, ce->prev_pid);
	trace_put_bin(s, ce->prev_prio);
	trace_put_bin(s, ce->prev_state);
	trace_put_bin(s, ce->next_cpu);
	trace_put_bin(s, ce->next_pid);
	trace_put_bin(s, ce->next_prio);
	trace_put_bin(s, ce->next_state);
	return trace_handle_return(s);
}

static enum print_line_t ctx_trace(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	return ctxwake_text(iter, "==>");
}

static enum print_line_t ctx_raw(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return ctxwake_raw(iter, false);
}

static enum print_line_t ctx_hex(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return ctxwake_hex(iter, false);
}

static struct trace_event_functions ctx_funcs = {
	.trace	= ctx_trace,
	.raw	= ctx_raw,
	.hex	= ctx_hex,
	.binary	= ctxwake_bin,
};

static enum print_line_t wake_trace(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	return ctxwake_text(iter, "  +");
}

static enum print_line_t wake_raw(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return ctxwake_raw(iter, true);
}

static enum print_line_t wake_hex(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return ctxwake_hex(iter, true);
}

static struct trace_event_functions wake_funcs = {
	.trace	= wake_trace,
	.raw	= wake_raw,
	.hex	= wake_hex,
	.binary	= ctxwake_bin,
};

/* TRACE_STACK: one " => symbol" line per caller, up to a ULONG_MAX end */
static enum print_line_t kernel_stack_trace(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct stack_entry *se = (struct stack_entry *)iter->ent;
	void *end = (void *)iter->ent + max(iter->ent_size, 0);
	struct trace_seq *s = &iter->seq;
	unsigned long *pc;

	trace_seq_puts(s, "<stack trace>\n");
	/* the callers fill the entry: its size, not the struct, bounds them */
	for (pc = se->caller; (void *)(pc + 1) <= end; pc++) {
		if (*pc == ULONG_MAX || trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		seq_print_ip_sym(s, *pc, flags);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

/* The mm of the entry's thread group, for sym-userobj (put with mmput). */
static struct mm_struct *user_stack_mm(struct trace_iterator *iter,
				       struct userstack_entry *ue)
{
	struct task_struct *task;
	struct mm_struct *mm = NULL;

	if (!trace_opt(iter->tr, TRACE_OPT_SYM_USEROBJ))
		return NULL;

	/* the group leader outlives the thread that was traced, if any does */
	rcu_read_lock();
	task = find_task_by_vpid(ue->tgid);
	if (task)
		mm = get_task_mm(task);
	rcu_read_unlock();
	return mm;
}

/* TRACE_USER_STACK: " => address" (or object+offset) lines up to a 0 */
static enum print_line_t user_stack_trace(struct trace_iterator *iter,
					  int flags,
					  struct trace_event *event)
{
	struct userstack_entry *ue = (struct userstack_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct mm_struct *mm;
	int i;

	trace_seq_puts(s, "<user stack trace>\n");
	mm = user_stack_mm(iter, ue);
	for (i = 0; i < FTRACE_STACK_ENTRIES; i++) {
		if (!ue->caller[i] || trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		seq_print_user_ip(s, mm, ue->caller[i], flags);
		trace_seq_putc(s, '\n');
	}
	if (mm)
		mmput(mm);
	return trace_handle_return(s);
}

/* TRACE_BPUTS: trace_puts() of a constant string: "caller: text" */
static enum print_line_t bputs_trace(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *be = (struct bputs_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, be->ip, flags);
	trace_seq_puts(s, ": ");
	trace_seq_puts(s, be->str);
	return trace_handle_return(s);
}

static enum print_line_t bputs_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct bputs_entry *be = (struct bputs_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, ": %lx : ", be->ip);
	trace_seq_puts(s, be->str);
	return trace_handle_return(s);
}

/* TRACE_BPRINT: trace_printk() with its arguments stored in binary */
static enum print_line_t bprint_trace(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *be = (struct bprint_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, be->ip, flags);
	trace_seq_puts(s, ": ");
	trace_seq_bprintf(s, be->fmt, be->buf);
	return trace_handle_return(s);
}

static enum print_line_t bprint_raw(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bprint_entry *be = (struct bprint_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, ": %lx : ", be->ip);
	trace_seq_bprintf(s, be->fmt, be->buf);
	return trace_handle_return(s);
}

/*
 * The text of a print entry (trace_marker, trace_printk of a string),
 * NUL-terminated by its writer; the entry's end bounds it all the same.
 */
static int print_text_len(struct trace_iterator *iter)
{
	return trace_entry_tail(iter, offsetof(struct print_entry, buf));
}

/* TRACE_PRINT: "caller: text" ("tracing_mark_write: ..." for markers) */
static enum print_line_t print_trace(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *pe = (struct print_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, pe->ip, flags);
	trace_seq_printf(s, ": %.*s", print_text_len(iter), pe->buf);
	return trace_handle_return(s);
}

static enum print_line_t print_raw(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct print_entry *pe = (struct print_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "# %lx %.*s", pe->ip,
			 print_text_len(iter), pe->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_RAW_DATA: trace_marker_raw: "# id buf: bytes..." in hex */
static enum print_line_t raw_data_trace(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *re = (struct raw_data_entry *)iter->ent;
	unsigned int len, i;

	len = trace_entry_tail(iter, offsetof(struct raw_data_entry, buf));
	trace_seq_printf(&iter->seq, "# %x buf:", re->id);
	for (i = 0; i < len && !trace_seq_has_overflowed(&iter->seq); i++)
		trace_seq_printf(&iter->seq, " %02x", (u8)re->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions fn_funcs = {
	.trace	= fn_trace,
	.raw	= fn_raw,
	.hex	= fn_hex,
	.binary	= fn_bin,
};

static struct trace_event_functions kernel_stack_funcs = {
	.trace	= kernel_stack_trace,
};

static struct trace_event_functions user_stack_funcs = {
	.trace	= user_stack_trace,
};

static struct trace_event_functions bputs_funcs = {
	.trace	= bputs_trace,
	.raw	= bputs_raw,
};

static struct trace_event_functions bprint_funcs = {
	.trace	= bprint_trace,
	.raw	= bprint_raw,
};

static struct trace_event_functions print_funcs = {
	.trace	= print_trace,
	.raw	= print_raw,
};

static struct trace_event_functions raw_data_funcs = {
	.trace	= raw_data_trace,
	.raw	= raw_data_trace,
};

/*
 * TRACE_FUNC_REPEATS: "func <-parent (repeats: N, last_ts: T)", T the
 * time of the last repeat.
 */
static u64 fn_repeats_delta(struct func_repeats_entry *fr)
{
	return ((u64)fr->top_delta_ts << 32) | fr->bottom_delta_ts;
}

static enum print_line_t fn_repeats_trace(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct func_repeats_entry *fr = (struct func_repeats_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, fr->ip, flags);
	if ((flags & TRACE_FL(PRINT_PARENT)) && fr->parent_ip) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, fr->parent_ip, flags);
	}
	trace_seq_printf(s, " (repeats: %u, last_ts:", fr->count);
	trace_print_timestamp(iter, iter->ts - fn_repeats_delta(fr));
	trace_seq_puts(s, ")\n");
	return trace_handle_return(s);
}

static enum print_line_t fn_repeats_raw(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct func_repeats_entry *fr = (struct func_repeats_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", fr->ip,
			 fr->parent_ip, fr->count, fn_repeats_delta(fr));
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions fn_repeats_funcs = {
	.trace	= fn_repeats_trace,
	.raw	= fn_repeats_raw,
};

static struct trace_event core_events[] = {
	{ .type = TRACE_FN,		.funcs = &fn_funcs },
	{ .type = TRACE_FUNC_REPEATS,	.funcs = &fn_repeats_funcs },
	{ .type = TRACE_CTX,		.funcs = &ctx_funcs },
	{ .type = TRACE_WAKE,		.funcs = &wake_funcs },
	{ .type = TRACE_STACK,		.funcs = &kernel_stack_funcs },
	{ .type = TRACE_USER_STACK,	.funcs = &user_stack_funcs },
	{ .type = TRACE_BPUTS,		.funcs = &bputs_funcs },
	{ .type = TRACE_BPRINT,		.funcs = &bprint_funcs },
	{ .type = TRACE_PRINT,		.funcs = &print_funcs },
	{ .type = TRACE_RAW_DATA,	.funcs = &raw_data_funcs },
};

/**
 * init_trace_output - register the printers of the core's entry types
 *
 * Safe to call more than once: later calls do nothing.
 *
 * Return: 0.
 */
__init int init_trace_output(void)
{
	static bool done __initdata;
	int i;

	if (done)
		return 0;
	done = true;

	for (i = 0; i < ARRAY_SIZE(core_events); i++) {
		if (!register_trace_event(&core_events[i]))
			pr_warn("tracing: no printer for entry type %d\n",
				core_events[i].type);
	}
	return 0;
}

/* ---- one line of output ---- */

/* printk-msg-only: the text of a trace_printk()/marker entry alone */
static enum print_line_t print_msg_only(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;

	switch (iter->ent->type) {
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)iter->ent)->str);
		break;
	case TRACE_BPRINT: {
		struct bprint_entry *be = (struct bprint_entry *)iter->ent;

		trace_seq_bprintf(s, be->fmt, be->buf);
		break;
	}
	default: {	/* TRACE_PRINT */
		struct print_entry *pe = (struct print_entry *)iter->ent;

		trace_seq_printf(s, "%.*s", print_text_len(iter), pe->buf);
		break;
	}
	}
	return trace_handle_return(s);
}

static bool is_printk_entry(struct trace_entry *entry)
{
	return entry->type == TRACE_BPUTS || entry->type == TRACE_BPRINT ||
	       entry->type == TRACE_PRINT;
}

/*
 * annotate: the first entry of a CPU in a buffer that overflowed gets a
 * line saying where that CPU's records start (never before the very
 * first entry of the output).
 */
static void annotate_cpu_start(struct trace_iterator *iter)
{
	struct trace_array_cpu *data;

	if (!trace_opt(iter->tr, TRACE_OPT_ANNOTATE) ||
	    !(iter->iter_flags & TRACE_FILE_ANNOTATE))
		return;
	if (cpumask_available(iter->started) &&
	    cpumask_test_cpu(iter->cpu, iter->started))
		return;
	data = per_cpu_ptr(iter->array_buffer->data, iter->cpu);
	if (data->skipped_entries)
		return;

	if (cpumask_available(iter->started))
		cpumask_set_cpu(iter->cpu, iter->started);
	if (iter->idx > 1)
		trace_seq_printf(&iter->seq,
				 "##### CPU %u buffer started ####\n",
				 iter->cpu);
}

/* The default format (latency format with options/latency-format). */
static enum print_line_t print_text_line(struct trace_iterator *iter,
					 u64 flags)
{
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	annotate_cpu_start(iter);

	if (flags & TRACE_FL(CONTEXT_INFO)) {
		if (iter->iter_flags & TRACE_FILE_LAT_FMT)
			trace_print_lat_context(iter);
		else
			trace_print_context(iter);
	}
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	/* after the context: the latency peek may have moved iter->ent */
	event = ftrace_find_event(iter->ent->type);
	if (event)
		return event->funcs->trace(iter, flags & TRACE_SYM_FLAGS,
					   event);

	trace_seq_printf(s, "Unknown type %d\n", iter->ent->type);
	return trace_handle_return(s);
}

/* raw: "pid cpu ts " then the entry's raw printer */
static enum print_line_t print_raw_line(struct trace_iterator *iter,
					u64 flags)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (flags & TRACE_FL(CONTEXT_INFO)) {
		trace_seq_printf(s, "%d %d %llu ", entry->pid, iter->cpu,
				 iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(entry->type);
	if (!event) {
		trace_seq_printf(s, "%d ?\n", entry->type);
		return trace_handle_return(s);
	}
	return event->funcs->raw(iter, 0, event);
}

/* hex: pid, cpu and ts as hex words, the entry's hex printer, '\n' */
static enum print_line_t print_hex_line(struct trace_iterator *iter,
					u64 flags)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;
	enum print_line_t ret;

	if (flags & TRACE_FL(CONTEXT_INFO)) {
		trace_put_hex(s, entry->pid);
		trace_put_hex(s, iter->cpu);
		trace_put_hex(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(entry->type);
	if (event) {
		ret = event->funcs->hex(iter, 0, event);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* bin: pid, cpu and ts in binary, then the entry's binary printer */
static enum print_line_t print_bin_line(struct trace_iterator *iter,
					u64 flags)
{
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_event *event;

	if (flags & TRACE_FL(CONTEXT_INFO)) {
		trace_put_bin(s, entry->pid);
		trace_put_bin(s, iter->cpu);
		trace_put_bin(s, iter->ts);
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	event = ftrace_find_event(entry->type);
	if (!event)
		return TRACE_TYPE_HANDLED;
	return event->funcs->binary(iter, 0, event);
}

/* print_trace_line() inside the registry's read section */
static enum print_line_t print_entry(struct trace_iterator *iter)
{
	u64 flags = READ_ONCE(iter->tr->trace_flags);
	enum print_line_t ret;

	if (iter->trace && iter->trace->print_line) {
		ret = iter->trace->print_line(iter);
		if (ret != TRACE_TYPE_UNHANDLED)
			return ret;
	}

	if (is_printk_entry(iter->ent) && (flags & TRACE_FL(PRINTK)) &&
	    (flags & TRACE_FL(PRINTK_MSGONLY)))
		return print_msg_only(iter);

	if (flags & TRACE_FL(BIN))
		return print_bin_line(iter, flags);
	if (flags & TRACE_FL(HEX))
		return print_hex_line(iter, flags);
	if (flags & TRACE_FL(RAW))
		return print_raw_line(iter, flags);
	return print_text_line(iter, flags);
}

/**
 * trace_print_lost_events - the line before an entry that follows a loss
 * @iter: the iterator, whose lost_events the reader set (-1: unknown)
 */
void trace_print_lost_events(struct trace_iterator *iter)
{
	if (!iter->lost_events)
		return;
	if (iter->lost_events == (unsigned long)-1)
		trace_seq_printf(&iter->seq, "CPU:%d [LOST EVENTS]\n",
				 iter->cpu);
	else
		trace_seq_printf(&iter->seq, "CPU:%d [LOST %lu EVENTS]\n",
				 iter->cpu, iter->lost_events);
}

/**
 * print_trace_line - print the entry at iter->ent into iter->seq
 * @iter: the iterator (ent, ent_size, cpu, ts, idx, lost_events set)
 *
 * Takes the registry's read section itself; callers hold no lock.
 *
 * Return: TRACE_TYPE_PARTIAL_LINE if iter->seq overflowed, else what
 * the printer returned.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	enum print_line_t ret;
	int idx;

	if (iter->lost_events) {
		trace_print_lost_events(iter);
		if (trace_seq_has_overflowed(&iter->seq))
			return TRACE_TYPE_PARTIAL_LINE;
	}

	idx = trace_event_read_lock();
	ret = print_entry(iter);
	trace_event_read_unlock(idx);
	return ret;
}

/* ---- headers ---- */

/*
 * The legend of the latency format (unless verbose). Its lines end in
 * spaces, up to the width given with each.
 */
static void print_lat_help_header(struct seq_file *m)
{
	static const struct {
		const char	*text;
		int		width;
	} legend[] = {
		{ "#                    _------=> CPU#",		47 },
		{ "#                   / _-----=> irqs-off/BH-disabled", 0 },
		{ "#                  | / _----=> need-resched",	47 },
		{ "#                  || / _---=> hardirq/softirq",	47 },
		{ "#                  ||| / _--=> preempt-depth",	47 },
		{ "#                  |||| / _-=> migrate-disable",	47 },
		{ "#                  ||||| /     delay",		47 },
		{ "#  cmd     pid     |||||| time  |   caller",	47 },
		{ "#     \\   /        ||||||  \\    |    /",	45 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_printf(m, "%-*s\n", legend[i].width, legend[i].text);
}

/* "# entries-in-buffer/entries-written: E/W   #P:N" and "#" */
static void print_event_info(struct array_buffer *buf, struct seq_file *m)
{
	unsigned long entries, total;

	trace_buffer_total_entries(buf, &entries, &total);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n",
		   entries, total, num_online_cpus());
	seq_puts(m, "#\n");
}

/* The column titles of the default format without irq-info. */
static void print_func_help_header(struct array_buffer *buf,
				   struct seq_file *m, bool tgid)
{
	print_event_info(buf, m);
	seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
		   tgid ? "   TGID   " : "");
	seq_printf(m, "#              | |      %s   |         |         |\n",
		   tgid ? "     |    " : "");
}

/* The column titles and the flags legend of the default format. */
static void print_func_help_header_irq(struct array_buffer *buf,
				       struct seq_file *m, bool tgid)
{
	static const char pad[] = "            ";
	int w = tgid ? 12 : 2;	/* the tgid column widens the flags legend */

	print_event_info(buf, m);
	seq_printf(m, "#                            %.*s  _-----=> irqs-off/BH-disabled\n",
		   w, pad);
	seq_printf(m, "#                            %.*s / _----=> need-resched\n",
		   w, pad);
	seq_printf(m, "#                            %.*s| / _---=> hardirq/softirq\n",
		   w, pad);
	seq_printf(m, "#                            %.*s|| / _--=> preempt-depth\n",
		   w, pad);
	seq_printf(m, "#                            %.*s||| / _-=> migrate-disable\n",
		   w, pad);
	seq_printf(m, "#                            %.*s|||| /     delay\n",
		   w, pad);
	seq_printf(m, "#           TASK-PID  %.*s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   w, "     TGID   ");
	seq_printf(m, "#              | |    %.*s   |   |||||     |         |\n",
		   w, "       |    ");
}

static const char *preempt_model_name(void)
{
	if (preempt_model_none())
		return "server";
	if (preempt_model_voluntary())
		return "desktop";
	if (preempt_model_full())
		return "preempt";
	if (preempt_model_rt())
		return "preempt_rt";
	return "unknown";
}

/* One end of the critical section: label, then the symbol. */
static void print_section_end(struct seq_file *m, struct trace_iterator *iter,
			      const char *label, unsigned long ip)
{
	/* upstream takes the sym-* options of the top level here */
	u64 sym_flags = READ_ONCE(top_trace_array()->trace_flags) &
			TRACE_SYM_FLAGS;

	seq_puts(m, label);
	seq_print_ip_sym(&iter->seq, ip, sym_flags);
	trace_print_seq(m, &iter->seq);
}

/**
 * print_trace_header - the latency format's header
 * @m: the seq_file of the `trace`-like file
 * @iter: its iterator
 *
 * "# NAME latency trace v1.1.5 on RELEASE", the worst latency recorded
 * in the iterator's buffer, the task that had it and where its critical
 * section started and ended.
 */
void print_trace_header(struct seq_file *m, struct trace_iterator *iter)
{
	struct array_buffer *buf = iter->array_buffer;
	struct trace_array_cpu *data = per_cpu_ptr(buf->data, buf->cpu);
	unsigned long entries, total;

	trace_buffer_total_entries(buf, &entries, &total);

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n",
		   iter->trace->name, UTS_RELEASE);
	seq_puts(m, "# --------------------------------------------------------------------\n");
	seq_printf(m, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:%d, KP:%d, SP:%d HP:%d",
		   data->saved_latency / NSEC_PER_USEC, entries, total,
		   buf->cpu, preempt_model_name(), 0, 0, 0, 0);
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d)\n", num_online_cpus());
	else
		seq_puts(m, ")\n");
	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%d nice:%ld policy:%ld rt_prio:%ld)\n",
		   data->comm, data->pid,
		   from_kuid_munged(seq_user_ns(m), data->uid),
		   data->nice, data->policy, data->rt_priority);
	seq_puts(m, "#    -----------------\n");

	if (data->critical_start) {
		print_section_end(m, iter, "#  => started at: ",
				  data->critical_start);
		print_section_end(m, iter, "\n#  => ended at:   ",
				  data->critical_end);
		seq_puts(m, "\n#\n");
	}
	seq_puts(m, "#\n");
}

/**
 * trace_latency_header - the latency tracers' header
 * @m: the seq_file
 * @iter: its iterator
 *
 * Nothing for an empty buffer; else the latency header (latency-format
 * option) and the legend (unless verbose).
 */
void trace_latency_header(struct seq_file *m, struct trace_iterator *iter)
{
	if (trace_empty(iter))
		return;
	if (iter->iter_flags & TRACE_FILE_LAT_FMT)
		print_trace_header(m, iter);
	if (!trace_opt(iter->tr, TRACE_OPT_VERBOSE))
		print_lat_help_header(m);
}

/**
 * trace_default_header - the header of tracers without their own
 * @m: the seq_file
 * @iter: its iterator
 *
 * What follows "# tracer: NAME\n#\n": with latency-format the latency
 * header (nothing if the buffer is empty), else the entry counts and the
 * column titles (with the flags legend under irq-info). Nothing without
 * context-info, no legend under verbose.
 */
void trace_default_header(struct seq_file *m, struct trace_iterator *iter)
{
	u64 flags = READ_ONCE(iter->tr->trace_flags);
	bool tgid = flags & TRACE_FL(RECORD_TGID);

	if (!(flags & TRACE_FL(CONTEXT_INFO)))
		return;

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		if (trace_empty(iter))
			return;
		print_trace_header(m, iter);
		if (!(flags & TRACE_FL(VERBOSE)))
			print_lat_help_header(m);
		return;
	}

	if (flags & TRACE_FL(VERBOSE))
		return;
	if (flags & TRACE_FL(IRQ_INFO))
		print_func_help_header_irq(iter->array_buffer, m, tgid);
	else
		print_func_help_header(iter->array_buffer, m, tgid);
}

/**
 * trace_show_header - everything a `trace`-like file shows before its
 *	first entry
 * @m: the seq_file (its private is @iter)
 * @iter: the iterator
 *
 * "# tracer: NAME\n#\n"; then, for a snapshot file with nothing in it,
 * the snapshot commands (trace_snapshot.c's print_snapshot_help());
 * else the tracer's print_header(m) if it has one, else
 * trace_default_header().
 */
void trace_show_header(struct seq_file *m, struct trace_iterator *iter)
{
	if (iter->tr) {
		seq_printf(m, "# tracer: %s\n", iter->trace->name);
		seq_puts(m, "#\n");
		/*
		 * Upstream warns here when function tracing has shut itself
		 * down after an error ("# WARNING: FUNCTION TRACING IS
		 * CORRUPTED"); the function tracer is not part of the core
		 * yet: it adds that check when it comes.
		 */
	}

	if (iter->snapshot && trace_empty(iter))
		print_snapshot_help(m, iter);
	else if (iter->trace && iter->trace->print_header)
		iter->trace->print_header(m);
	else
		trace_default_header(m, iter);
}

/* ---- helpers of the event macros' output functions ---- */

/**
 * trace_raw_output_prep - start the line of an event's default output
 * @iter: the iterator at an entry of @event's type
 * @event: the event
 *
 * Checks the entry, resets the scratch seq of the __print_*() helpers
 * and, with the event machinery, prints "NAME: ", the name of the
 * struct trace_event_call around @event, as upstream does.
 *
 * Return: TRACE_TYPE_HANDLED, TRACE_TYPE_UNHANDLED for an entry of
 * another type, TRACE_TYPE_PARTIAL_LINE if iter->seq is full.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event)
{
	if (iter->ent->type != event->type)
		return TRACE_TYPE_UNHANDLED;

	trace_seq_init(&iter->tmp_seq);
#ifdef CONFIG_EVENT_TRACING
	/* events: only TRACE_EVENT() output calls this, on an event_call's */
	trace_seq_printf(&iter->seq, "%s: ",
			 trace_event_name(container_of(event,
						       struct trace_event_call,
						       event)));
#endif
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/*
 * The event output helpers print the format as given: upstream rewrites
 * "%p" into "%px" unless hash-ptr is set, and checks "%s" arguments;
 * both belong to the event machinery and wait for it.
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/* "NAME: " then the formatted fields: one event's whole text. */
__printf(3, 4)
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...);

int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	struct trace_seq *s = &iter->seq;
	va_list ap;

	trace_seq_printf(s, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
	return trace_handle_return(s);
}
EXPORT_SYMBOL_GPL(trace_output_call);
