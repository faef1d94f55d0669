// SPDX-License-Identifier: GPL-2.0
/*
 * The syscalls group of trace events (CONFIG_FTRACE_SYSCALLS):
 * sys_enter_NAME records a system call's arguments, sys_exit_NAME its
 * return value, for every call defined with SYSCALL_DEFINEn().
 *
 * What the build gives us. SYSCALL_METADATA() (include/linux/syscalls.h)
 * emits for each call a struct syscall_metadata, listed in the
 * __syscalls_metadata section: the call's name and, as text, the types
 * and names of its arguments; and two events of the classes below, put
 * with the kernel's other events for the event core to register. Neither
 * knows the call's number.
 *
 * Numbers. The first time the event core initialises one of our events
 * (the classes' raw_init, at boot), sc_build_table() walks the arch's
 * syscall table, names each entry with kallsyms and pairs it with the
 * metadata of that name, stripping the arch's wrapper prefix
 * (arch_syscall_match_sym_name(): "__x64_sys_", "__arm64_sys_"...).
 * sc_table[nr] is then the metadata of call nr. An event whose call got
 * no number (not in the table, or only sys_ni_syscall there) is refused
 * with -ENOSYS, which the core takes quietly: it has no directory.
 * Tasks in a compat mode (32-bit tasks on x86-64 or arm64) number their
 * calls differently: with ARCH_TRACE_IGNORE_COMPAT_SYSCALLS their calls
 * are not recorded at all (raw_syscalls has them).
 *
 * Records. sys_enter_NAME: the number, then one unsigned long per
 * argument (struct sc_enter_rec); its fields differ from call to call,
 * so each metadata keeps them (enter_fields, the class's get_fields()).
 * sys_exit_NAME: the number and the return value (struct sc_exit_rec),
 * the same fields for every call, in the class. The layouts, field
 * names and types, and the print formats are upstream's: tools parse
 * them from the format files.
 *
 * Recording. Two tracepoints, sys_enter and sys_exit, fire for every
 * call. A trace array with at least one event of a direction enabled
 * has one probe on that tracepoint, whose data is a struct sc_slots:
 * per call number, the event file to record into, or NULL. Enabling an
 * event (class reg(), TRACE_REG_REGISTER, with the file) fills its slot
 * and attaches the probe if it is the first; disabling empties it and
 * the last one detaches the probe and frees the slots once no probe can
 * see them. The probe then goes the normal event way: soft mode, pid
 * filter, trace_event_buffer_reserve() and _commit() (filter, triggers,
 * tp_printk), so that the core's features apply as to any event.
 *
 * Perf. Likewise one probe per direction for all perf users, with a
 * bitmap of the numbers perf has opened; it records into the event's
 * per-CPU perf lists (call->perf_events, kept by trace_event_perf.c).
 * No BPF programs: this build has no BPF events.
 *
 * Locking: sc_mutex serialises the slots, the bitmaps and the probe
 * counts; it nests inside event_mutex and perf's mutex. Probes run
 * under the tracepoint's RCU-sched section and read the slots with
 * rcu_dereference_sched().
 */
#include <linux/bitmap.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>
#include <trace/syscall.h>
#include <trace/events/syscalls.h>
#include <asm/syscall.h>

#include "trace.h"

/* The records; the common header, then what the format files show. */
struct sc_enter_rec {
	struct trace_entry	ent;
	int			nr;
	unsigned long		args[];
};

struct sc_exit_rec {
	struct trace_entry	ent;
	int			nr;
	long			ret;
};

/* Per call number, its metadata; NULL for numbers without events. */
static struct syscall_metadata **sc_table __read_mostly;

static DEFINE_MUTEX(sc_mutex);

/* ---- numbers ---- */

#ifdef ARCH_HAS_SYSCALL_MATCH_SYM_NAME
static bool sc_sym_is(const char *sym, const char *name)
{
	return arch_syscall_match_sym_name(sym, name);
}
#else
/*
 * Without an arch rule: the names match past their first three letters,
 * as wrapper aliases may start ".SyS" or "SyS" where the name has "sys".
 */
static bool sc_sym_is(const char *sym, const char *name)
{
	return strlen(sym) >= 3 && strlen(name) >= 3 &&
	       !strcmp(sym + 3, name + 3);
}
#endif

/* The address of syscall nr's entry point; mips has its own. */
unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

/* The metadata of the call whose entry point is at addr, or NULL. */
static struct syscall_metadata * __init sc_lookup(unsigned long addr)
{
	struct syscall_metadata **meta;
	char sym[KSYM_SYMBOL_LEN];

	if (!kallsyms_lookup(addr, NULL, NULL, NULL, sym))
		return NULL;
	/* unused numbers: sys_ni_syscall has no events of its own */
	if (sc_sym_is(sym, "sys_ni_syscall"))
		return NULL;
	for (meta = __start_syscalls_metadata;
	     meta < __stop_syscalls_metadata; meta++) {
		if ((*meta)->name && sc_sym_is(sym, (*meta)->name))
			return *meta;
	}
	return NULL;
}

/*
 * Number the metadata (once, from the first raw_init). A call that
 * several numbers reach is numbered by the last of them, as upstream.
 */
static void __init sc_build_table(void)
{
	static bool done __initdata;
	struct syscall_metadata *meta;
	int nr;

	if (done)
		return;
	done = true;
	sc_table = kcalloc(NR_syscalls, sizeof(*sc_table), GFP_KERNEL);
	if (!sc_table) {
		pr_warn("tracing: no memory for the syscall events\n");
		return;
	}
	for (nr = 0; nr < NR_syscalls; nr++) {
		meta = sc_lookup(arch_syscall_addr(nr));
		if (!meta)
			continue;
		meta->syscall_nr = nr;
		sc_table[nr] = meta;
	}
}

static struct syscall_metadata *sc_meta(int nr)
{
	if (!sc_table || nr < 0 || nr >= NR_syscalls)
		return NULL;
	return sc_table[nr];
}

/* The name of call nr ("sys_openat"), or NULL. */
const char *get_syscall_name(int nr)
{
	struct syscall_metadata *meta = sc_meta(nr);

	return meta ? meta->name : NULL;
}

/* The number of the current task's call, or -1 if it is not recorded. */
static int sc_current_nr(struct pt_regs *regs)
{
	int nr;

#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	if (unlikely(arch_trace_is_compat_syscall(regs)))
		return -1;
#endif
	nr = syscall_get_nr(current, regs);
	if (nr < 0 || nr >= NR_syscalls)
		return -1;
	return nr;
}

static int sc_event_nr(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return meta->syscall_nr;
}

static bool sc_is_enter(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return meta->enter_event == call;
}

/* ---- text output ---- */

static enum print_line_t sc_enter_print(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct sc_enter_rec *rec = (struct sc_enter_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta = sc_meta(rec->nr);
	bool verbose = iter->tr && trace_opt(iter->tr, TRACE_OPT_VERBOSE);
	int i;

	/* a record of another kind would not have the arguments we read */
	if (meta && meta->enter_event->event.type == rec->ent.type) {
		trace_seq_printf(s, "%s(", meta->name);
		for (i = 0; i < meta->nb_args; i++) {
			if (i)
				trace_seq_puts(s, ", ");
			if (verbose)
				trace_seq_printf(s, "%s ", meta->types[i]);
			trace_seq_printf(s, "%s: %lx", meta->args[i],
					 rec->args[i]);
		}
		trace_seq_putc(s, ')');
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t sc_exit_print(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct sc_exit_rec *rec = (struct sc_exit_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct syscall_metadata *meta = sc_meta(rec->nr);

	if (!meta) {
		trace_seq_putc(s, '\n');
		return trace_handle_return(s);
	}
	if (meta->exit_event->event.type != rec->ent.type)
		return TRACE_TYPE_UNHANDLED;
	trace_seq_printf(s, "%s -> 0x%lx\n", meta->name, rec->ret);
	return trace_handle_return(s);
}

/* Named by SYSCALL_METADATA()'s events. */
struct trace_event_functions enter_syscall_print_funcs = {
	.trace	= sc_enter_print,
};

struct trace_event_functions exit_syscall_print_funcs = {
	.trace	= sc_exit_print,
};

/* ---- formats ---- */

static const char sc_exit_print_fmt[] = "\"0x%lx\", REC->ret";

/*
 * The print fmt of sys_enter_NAME: each argument in hex, zero-padded to
 * the width of a long, then each argument's REC-> expression.
 */
static char * __init sc_enter_print_fmt(struct syscall_metadata *meta)
{
	static const char expr[] = ", ((unsigned long)(REC->))";
	size_t size = 3;	/* the quotes and the NUL */
	struct seq_buf sb;
	char *fmt;
	int i;

	for (i = 0; i < meta->nb_args; i++)
		size += 2 * strlen(meta->args[i]) + sizeof(expr) +
			sizeof(": 0x%016lx, ");
	fmt = kmalloc(size, GFP_KERNEL);
	if (!fmt)
		return NULL;
	seq_buf_init(&sb, fmt, size);
	seq_buf_putc(&sb, '"');
	for (i = 0; i < meta->nb_args; i++)
		seq_buf_printf(&sb, "%s%s: 0x%%0%zulx", i ? ", " : "",
			       meta->args[i], sizeof(unsigned long));
	seq_buf_putc(&sb, '"');
	for (i = 0; i < meta->nb_args; i++)
		seq_buf_printf(&sb, ", ((unsigned long)(REC->%s))",
			       meta->args[i]);
	if (WARN_ON_ONCE(seq_buf_has_overflowed(&sb))) {
		kfree(fmt);
		return NULL;
	}
	fmt[seq_buf_used(&sb)] = '\0';
	return fmt;
}

/* The argument fields of sys_enter_NAME, after __syscall_nr. */
static int __init sc_enter_define_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int offset = offsetof(struct sc_enter_rec, args);
	int i, ret;

	for (i = 0; i < meta->nb_args; i++) {
		ret = trace_define_field(call, meta->types[i], meta->args[i],
					 offset, sizeof(unsigned long), 0,
					 FILTER_OTHER);
		if (ret)
			return ret;
		offset += sizeof(unsigned long);
	}
	return 0;
}

static struct list_head *sc_enter_fields(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;

	return &meta->enter_fields;
}

/* The class raw_init: number, print fmt, entry type. */
static int __init sc_event_init(struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	int ret;

	sc_build_table();
	if (meta->syscall_nr < 0 || meta->syscall_nr >= NR_syscalls)
		return -ENOSYS;
	if (sc_is_enter(call)) {
		call->print_fmt = sc_enter_print_fmt(meta);
		if (!call->print_fmt)
			return -ENOMEM;
	} else {
		call->print_fmt = (char *)sc_exit_print_fmt;
	}
	ret = trace_event_raw_init(call);
	if (ret < 0 && sc_is_enter(call)) {
		kfree(call->print_fmt);
		call->print_fmt = NULL;
	}
	return ret;
}

/* ---- recording into trace arrays ---- */

enum sc_dir { SC_ENTER, SC_EXIT };

/* One direction's probe in one trace array. [S]: sc_mutex */
struct sc_slots {
	struct list_head	list;		/* [S] in sc_slots_list */
	struct trace_array	*tr;
	enum sc_dir		dir;
	int			count;		/* [S] files in files[] */
	struct trace_event_file __rcu *files[];	/* by call number */
};

static LIST_HEAD(sc_slots_list);

/*
 * The tracepoint holds preemption off around its probes; upstream 6.1's
 * syscall probes turn it off once more, so their records show a depth
 * of 1. Ours do the same, for the same trace text.
 */
static void sc_enter_probe(void *data, struct pt_regs *regs, long id)
{
	struct sc_slots *slots = data;
	struct trace_event_file *file;
	unsigned long args[SYSCALL_DEFINE_MAXARGS];
	struct trace_event_buffer fbuffer;
	struct syscall_metadata *meta;
	struct sc_enter_rec *rec;
	int nr, nargs;

	nr = sc_current_nr(regs);
	if (nr < 0)
		return;
	file = rcu_dereference_sched(slots->files[nr]);
	meta = sc_meta(nr);
	if (!file || !meta || trace_trigger_soft_disabled(file))
		return;
	nargs = min_t(int, meta->nb_args, SYSCALL_DEFINE_MAXARGS);
	preempt_disable_notrace();
	rec = trace_event_buffer_reserve(&fbuffer, file,
					 struct_size(rec, args, nargs));
	if (rec) {
		rec->nr = nr;
		syscall_get_arguments(current, regs, args);
		memcpy(rec->args, args, nargs * sizeof(args[0]));
		trace_event_buffer_commit(&fbuffer);
	}
	preempt_enable_notrace();
}

static void sc_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	struct sc_slots *slots = data;
	struct trace_event_file *file;
	struct trace_event_buffer fbuffer;
	struct sc_exit_rec *rec;
	int nr;

	nr = sc_current_nr(regs);
	if (nr < 0)
		return;
	file = rcu_dereference_sched(slots->files[nr]);
	if (!file || !sc_meta(nr) || trace_trigger_soft_disabled(file))
		return;
	preempt_disable_notrace();
	rec = trace_event_buffer_reserve(&fbuffer, file, sizeof(*rec));
	if (rec) {
		rec->nr = nr;
		rec->ret = syscall_get_return_value(current, regs);
		trace_event_buffer_commit(&fbuffer);
	}
	preempt_enable_notrace();
}

static int sc_probe_attach(struct sc_slots *slots)
{
	if (slots->dir == SC_ENTER)
		return register_trace_sys_enter(sc_enter_probe, slots);
	return register_trace_sys_exit(sc_exit_probe, slots);
}

static void sc_probe_detach(struct sc_slots *slots)
{
	if (slots->dir == SC_ENTER)
		unregister_trace_sys_enter(sc_enter_probe, slots);
	else
		unregister_trace_sys_exit(sc_exit_probe, slots);
}

/* The slots of tr for dir, or NULL. [S] */
static struct sc_slots *sc_slots_find(struct trace_array *tr, enum sc_dir dir)
{
	struct sc_slots *slots;

	list_for_each_entry(slots, &sc_slots_list, list)
		if (slots->tr == tr && slots->dir == dir)
			return slots;
	return NULL;
}

/* Record the event of file from now on. [S] */
static int sc_file_enable(struct trace_event_file *file, enum sc_dir dir)
{
	int nr = sc_event_nr(file->event_call);
	struct sc_slots *slots;
	int ret;

	slots = sc_slots_find(file->tr, dir);
	if (!slots) {
		slots = kzalloc(struct_size(slots, files, NR_syscalls),
				GFP_KERNEL);
		if (!slots)
			return -ENOMEM;
		slots->tr = file->tr;
		slots->dir = dir;
		ret = sc_probe_attach(slots);
		if (ret) {
			kfree(slots);
			return ret;
		}
		list_add(&slots->list, &sc_slots_list);
	}
	if (!rcu_access_pointer(slots->files[nr]))
		slots->count++;
	rcu_assign_pointer(slots->files[nr], file);
	return 0;
}

/* Stop recording it; the last one detaches the probe. [S] */
static void sc_file_disable(struct trace_event_file *file, enum sc_dir dir)
{
	int nr = sc_event_nr(file->event_call);
	struct sc_slots *slots;

	slots = sc_slots_find(file->tr, dir);
	if (!slots || rcu_access_pointer(slots->files[nr]) != file)
		return;
	RCU_INIT_POINTER(slots->files[nr], NULL);
	if (--slots->count)
		return;
	list_del(&slots->list);
	sc_probe_detach(slots);
	/* a probe may still be reading the slots */
	tracepoint_synchronize_unregister();
	kfree(slots);
}

/* ---- perf ---- */

#ifdef CONFIG_PERF_EVENTS

static DECLARE_BITMAP(sc_perf_on_enter, NR_syscalls);	/* [S] written */
static DECLARE_BITMAP(sc_perf_on_exit, NR_syscalls);
static int sc_perf_count[2];				/* [S] */

/* This CPU's perf events of call, or NULL if there are none. */
static struct hlist_head *sc_perf_head(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists = READ_ONCE(call->perf_events);
	struct hlist_head *head;

	if (!lists)
		return NULL;
	head = this_cpu_ptr(lists);
	return hlist_empty(head) ? NULL : head;
}

#ifdef CONFIG_BPF_EVENTS
/*
 * What a BPF program on a syscall event reads: the record's layout (the
 * number at 8, the arguments or the return value from 16), with the
 * registers' address in the place of the common fields, as programs on
 * other trace events find it; the number's upper half is zero.
 */
struct sc_bpf_enter_ctx {
	u64		regs;	/* the struct pt_regs *, 8 bytes on any arch */
	unsigned long	nr;
	unsigned long	args[SYSCALL_DEFINE_MAXARGS];
};

struct sc_bpf_exit_ctx {
	u64		regs;
	unsigned long	nr;
	long		ret;
};

/* The event's programs: false if they drop the hit for perf. */
static bool sc_bpf_enter(struct trace_event_call *call, struct pt_regs *regs,
			 int nr, const unsigned long *args, int nargs)
{
	struct sc_bpf_enter_ctx ctx = { .regs = (unsigned long)regs, .nr = nr };

	memcpy(ctx.args, args, nargs * sizeof(args[0]));
	return trace_call_bpf(call, &ctx);
}

static bool sc_bpf_exit(struct trace_event_call *call, struct pt_regs *regs,
			int nr, long ret)
{
	struct sc_bpf_exit_ctx ctx = {
		.regs = (unsigned long)regs, .nr = nr, .ret = ret,
	};

	return trace_call_bpf(call, &ctx);
}
#else
static bool sc_bpf_enter(struct trace_event_call *call, struct pt_regs *regs,
			 int nr, const unsigned long *args, int nargs)
{
	return true;
}

static bool sc_bpf_exit(struct trace_event_call *call, struct pt_regs *regs,
			int nr, long ret)
{
	return true;
}
#endif

/*
 * BPF programs run on every CPU (they are the event's, not a perf
 * event's); a record is made for the perf events on this CPU.
 */
static void sc_perf_enter_probe(void *ignore, struct pt_regs *regs, long id)
{
	unsigned long args[SYSCALL_DEFINE_MAXARGS];
	struct syscall_metadata *meta;
	struct sc_enter_rec *rec;
	struct hlist_head *head;
	int nr, nargs, size, rctx;
	bool bpf;

	nr = sc_current_nr(regs);
	if (nr < 0 || !test_bit(nr, sc_perf_on_enter))
		return;
	meta = sc_meta(nr);
	if (!meta)
		return;
	head = sc_perf_head(meta->enter_event);
	bpf = bpf_prog_array_valid(meta->enter_event);
	if (!head && !bpf)
		return;
	nargs = min_t(int, meta->nb_args, SYSCALL_DEFINE_MAXARGS);
	syscall_get_arguments(current, regs, args);
	if (bpf && !sc_bpf_enter(meta->enter_event, regs, nr, args, nargs))
		return;
	if (!head)
		return;
	size = struct_size(rec, args, nargs) + sizeof(u32);
	size = ALIGN(size, sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	memcpy(rec->args, args, nargs * sizeof(args[0]));
	perf_trace_buf_submit(rec, size, rctx, meta->enter_event->event.type,
			      1, regs, head, NULL);
}

static void sc_perf_exit_probe(void *ignore, struct pt_regs *regs, long ret)
{
	struct syscall_metadata *meta;
	struct sc_exit_rec *rec;
	struct hlist_head *head;
	int nr, size, rctx;
	bool bpf;

	nr = sc_current_nr(regs);
	if (nr < 0 || !test_bit(nr, sc_perf_on_exit))
		return;
	meta = sc_meta(nr);
	if (!meta)
		return;
	head = sc_perf_head(meta->exit_event);
	bpf = bpf_prog_array_valid(meta->exit_event);
	if (!head && !bpf)
		return;
	ret = syscall_get_return_value(current, regs);
	if (bpf && !sc_bpf_exit(meta->exit_event, regs, nr, ret))
		return;
	if (!head)
		return;
	size = ALIGN(sizeof(*rec) + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	rec->nr = nr;
	rec->ret = ret;
	perf_trace_buf_submit(rec, size, rctx, meta->exit_event->event.type,
			      1, regs, head, NULL);
}

/* perf opened the event of call (its first user). [S] */
static int sc_perf_enable(struct trace_event_call *call, enum sc_dir dir)
{
	unsigned long *on = dir == SC_ENTER ? sc_perf_on_enter : sc_perf_on_exit;
	int ret = 0;

	if (!sc_perf_count[dir]) {
		if (dir == SC_ENTER)
			ret = register_trace_sys_enter(sc_perf_enter_probe, NULL);
		else
			ret = register_trace_sys_exit(sc_perf_exit_probe, NULL);
		if (ret)
			return ret;
	}
	sc_perf_count[dir]++;
	/* the probe reads call->perf_events once it sees the bit */
	smp_mb__before_atomic();
	set_bit(sc_event_nr(call), on);
	return 0;
}

/* Its last perf user is gone; trace_event_perf.c waits for the probes. [S] */
static void sc_perf_disable(struct trace_event_call *call, enum sc_dir dir)
{
	unsigned long *on = dir == SC_ENTER ? sc_perf_on_enter : sc_perf_on_exit;

	clear_bit(sc_event_nr(call), on);
	if (--sc_perf_count[dir])
		return;
	if (dir == SC_ENTER)
		unregister_trace_sys_enter(sc_perf_enter_probe, NULL);
	else
		unregister_trace_sys_exit(sc_perf_exit_probe, NULL);
}

#endif /* CONFIG_PERF_EVENTS */

/* ---- the classes ---- */

/*
 * The classes' reg(): data is the event file for REGISTER/UNREGISTER.
 * perf's OPEN, CLOSE, ADD and DEL need nothing from us (the perf glue
 * keeps the events' lists); ADD and DEL come from the scheduler, where
 * sc_mutex must not be taken.
 */
static int sc_reg(struct trace_event_call *call, enum trace_reg type,
		  void *data)
{
	enum sc_dir dir = sc_is_enter(call) ? SC_ENTER : SC_EXIT;
	int nr = sc_event_nr(call);
	int ret = 0;

	switch (type) {
	case TRACE_REG_REGISTER:
	case TRACE_REG_UNREGISTER:
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
	case TRACE_REG_PERF_UNREGISTER:
#endif
		break;
	default:
		return 0;
	}
	/* events without a number were refused by sc_event_init() */
	if (WARN_ON_ONCE(nr < 0 || nr >= NR_syscalls))
		return -EINVAL;
	mutex_lock(&sc_mutex);
	if (type == TRACE_REG_REGISTER)
		ret = sc_file_enable(data, dir);
	else if (type == TRACE_REG_UNREGISTER)
		sc_file_disable(data, dir);
#ifdef CONFIG_PERF_EVENTS
	else if (type == TRACE_REG_PERF_REGISTER)
		ret = sc_perf_enable(call, dir);
	else
		sc_perf_disable(call, dir);
#endif
	mutex_unlock(&sc_mutex);
	return ret;
}

/* __refdata: raw_init and define_fields run at boot only. */
static struct trace_event_fields sc_enter_fields_array[] __refdata = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = sc_enter_define_fields },
	{}
};

static struct trace_event_fields sc_exit_fields_array[] = {
	{ .type = "int", .name = "__syscall_nr", .size = sizeof(int),
	  .align = __alignof__(int), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{ .type = "long", .name = "ret", .size = sizeof(long),
	  .align = __alignof__(long), .is_signed = 1,
	  .filter_type = FILTER_OTHER },
	{}
};

/* Named by SYSCALL_METADATA()'s events and by is_syscall_trace_event(). */
struct trace_event_class event_class_syscall_enter __refdata = {
	.system		= "syscalls",
	.reg		= sc_reg,
	.fields_array	= sc_enter_fields_array,
	.get_fields	= sc_enter_fields,
	.raw_init	= sc_event_init,
};

struct trace_event_class event_class_syscall_exit __refdata = {
	.system		= "syscalls",
	.reg		= sc_reg,
	.fields_array	= sc_exit_fields_array,
	.fields		= LIST_HEAD_INIT(event_class_syscall_exit.fields),
	.raw_init	= sc_event_init,
};
