// SPDX-License-Identifier: GPL-2.0
/*
 * events/ftrace/: the description of each entry type the tracing core
 * and its tracers write, as tools read it to decode binary buffers
 * (trace_pipe_raw, trace.dat): events/ftrace/NAME/format, plus
 * events/ftrace/NAME/id where upstream has one.
 *
 * Design: one table, an entry per type (name, type number, fields,
 * print fmt), and one seq_file printer for all of them. A field's
 * offset, size and signedness come from offsetof()/sizeof() on the
 * entry's struct and from its C type, and the build fails if the type
 * named in the table is not the member's, so the text cannot drift
 * from the layout. The type strings and print fmt strings are ABI and
 * spelled exactly as upstream 6.1 prints them.
 *
 * A few entry types are still described by private structs below that
 * mirror upstream 6.1's layout, not by their writer's struct in trace.h;
 * pointing a table entry at the writer's struct (as TRACE_MMIO_* and
 * TRACE_BRANCH are) makes the build check that the two agree.
 */

#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

/* How a field is spelled in a format file. */
enum entry_field_kind {
	EF_SCALAR,	/* "TYPE NAME;" */
	EF_ARRAY,	/* "TYPE NAME[LEN];" */
	EF_FLEX,	/* "TYPE NAME[];" size 0: the rest of the entry */
};

struct entry_field {
	const char		*type;
	const char		*name;
	unsigned short		offset;
	unsigned short		size;
	unsigned short		len;	/* EF_ARRAY: number of elements */
	unsigned char		kind;
	bool			is_signed;
};

struct entry_format {
	const char			*name;
	int				type;
	bool				has_id;	/* an `id` file */
	const struct entry_field	*fields;
	unsigned int			nr_fields;
	const char			*print_fmt;
};

/* The build breaks if ctype is not the type of st's member. */
#define EF_CHECK(st, member, ctype)					\
	BUILD_BUG_ON_ZERO(!__same_type(typeof_member(st, member), ctype))

#define EF_FIELD(st, ctype, member) {					\
	.type = #ctype, .name = #member, .kind = EF_SCALAR,		\
	.offset = offsetof(st, member),					\
	.size = sizeof_field(st, member) + EF_CHECK(st, member, ctype), \
	.is_signed = is_signed_type(ctype),				\
}

/* A member of a struct the entry holds, spelled by its own name. */
#define EF_INNER(st, ctype, outer, member) {				\
	.type = #ctype, .name = #member, .kind = EF_SCALAR,		\
	.offset = offsetof(st, outer.member),				\
	.size = sizeof_field(st, outer.member) +			\
		EF_CHECK(st, outer.member, ctype),			\
	.is_signed = is_signed_type(ctype),				\
}

#define EF_ARRAY(st, ctype, member) {					\
	.type = #ctype, .name = #member, .kind = EF_ARRAY,		\
	.offset = offsetof(st, member),					\
	.size = sizeof_field(st, member) + EF_CHECK(st, member[0], ctype), \
	.len = ARRAY_SIZE(((st *)0)->member),				\
	.is_signed = is_signed_type(ctype),				\
}

#define EF_FLEX(st, ctype, member) {					\
	.type = #ctype, .name = #member, .kind = EF_FLEX,		\
	.offset = offsetof(st, member) + EF_CHECK(st, member[0], ctype), \
	.size = 0,							\
	.is_signed = is_signed_type(ctype),				\
}

/*
 * The common fields (struct trace_entry) open every format. The header
 * ABI spells "preempt_count" though it holds the migrate-disable depth
 * in its high nibble too.
 */
#define EF_COMMON(ctype, member) {					\
	.type = #ctype, .name = "common_" #member, .kind = EF_SCALAR,	\
	.offset = offsetof(struct trace_entry, member),			\
	.size = sizeof_field(struct trace_entry, member) +		\
		EF_CHECK(struct trace_entry, member, ctype),		\
	.is_signed = is_signed_type(ctype),				\
}

static const struct entry_field common_fields[] = {
	EF_COMMON(unsigned short, type),
	EF_COMMON(unsigned char, flags),
	EF_COMMON(unsigned char, preempt_count),
	EF_COMMON(int, pid),
};

/*
 * Layouts of entries written outside the core, as upstream 6.1 has them
 * (kernel/trace/trace_entries.h and the structs it names).
 */

/* TRACE_GRAPH_ENT: struct ftrace_graph_ent_entry, packed */
struct ef_graph_ent_entry {
	struct trace_entry	ent;
	unsigned long		func;
	int			depth;
} __packed;

/* TRACE_GRAPH_RET: struct ftrace_graph_ret_entry, packed */
struct ef_graph_ret_entry {
	struct trace_entry	ent;
	unsigned long		func;
	int			depth;
	unsigned int		overrun;
	unsigned long long	calltime;
	unsigned long long	rettime;
} __packed;

/* TRACE_HWLAT: struct hwlat_entry (timestamp is a struct timespec64) */
struct ef_hwlat_entry {
	struct trace_entry	ent;
	u64			duration;
	u64			outer_duration;
	u64			nmi_total_ts;
	s64			tv_sec;
	long			tv_nsec;
	unsigned int		nmi_count;
	unsigned int		seqnum;
	unsigned int		count;
};

/* TRACE_FUNC_REPEATS: struct func_repeats_entry */
struct ef_func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;
	u16			top_delta_ts;
	u32			bottom_delta_ts;
};

/* TRACE_OSNOISE: struct osnoise_entry */
struct ef_osnoise_entry {
	struct trace_entry	ent;
	u64			noise;
	u64			runtime;
	u64			max_sample;
	unsigned int		hw_count;
	unsigned int		nmi_count;
	unsigned int		irq_count;
	unsigned int		softirq_count;
	unsigned int		thread_count;
};

/* TRACE_TIMERLAT: struct timerlat_entry */
struct ef_timerlat_entry {
	struct trace_entry	ent;
	unsigned int		seqnum;
	int			context;
	u64			timer_latency;
};

/* ---- the fields of each entry ---- */

static const struct entry_field function_fields[] = {
	EF_FIELD(struct ftrace_entry, unsigned long, ip),
	EF_FIELD(struct ftrace_entry, unsigned long, parent_ip),
};

static const struct entry_field funcgraph_entry_fields[] = {
	EF_FIELD(struct ef_graph_ent_entry, unsigned long, func),
	EF_FIELD(struct ef_graph_ent_entry, int, depth),
};

static const struct entry_field funcgraph_exit_fields[] = {
	EF_FIELD(struct ef_graph_ret_entry, unsigned long, func),
	EF_FIELD(struct ef_graph_ret_entry, int, depth),
	EF_FIELD(struct ef_graph_ret_entry, unsigned int, overrun),
	EF_FIELD(struct ef_graph_ret_entry, unsigned long long, calltime),
	EF_FIELD(struct ef_graph_ret_entry, unsigned long long, rettime),
};

/* context_switch and wakeup share one layout */
static const struct entry_field ctx_switch_fields[] = {
	EF_FIELD(struct ctx_switch_entry, unsigned int, prev_pid),
	EF_FIELD(struct ctx_switch_entry, unsigned int, next_pid),
	EF_FIELD(struct ctx_switch_entry, unsigned int, next_cpu),
	EF_FIELD(struct ctx_switch_entry, unsigned char, prev_prio),
	EF_FIELD(struct ctx_switch_entry, unsigned char, prev_state),
	EF_FIELD(struct ctx_switch_entry, unsigned char, next_prio),
	EF_FIELD(struct ctx_switch_entry, unsigned char, next_state),
};

static const struct entry_field kernel_stack_fields[] = {
	EF_FIELD(struct stack_entry, int, size),
	EF_ARRAY(struct stack_entry, unsigned long, caller),
};

static const struct entry_field user_stack_fields[] = {
	EF_FIELD(struct userstack_entry, unsigned int, tgid),
	EF_ARRAY(struct userstack_entry, unsigned long, caller),
};

static const struct entry_field bprint_fields[] = {
	EF_FIELD(struct bprint_entry, unsigned long, ip),
	EF_FIELD(struct bprint_entry, const char *, fmt),
	EF_FLEX(struct bprint_entry, u32, buf),
};

static const struct entry_field print_fields[] = {
	EF_FIELD(struct print_entry, unsigned long, ip),
	EF_FLEX(struct print_entry, char, buf),
};

static const struct entry_field raw_data_fields[] = {
	EF_FIELD(struct raw_data_entry, unsigned int, id),
	EF_FLEX(struct raw_data_entry, char, buf),
};

static const struct entry_field bputs_fields[] = {
	EF_FIELD(struct bputs_entry, unsigned long, ip),
	EF_FIELD(struct bputs_entry, const char *, str),
};

static const struct entry_field mmiotrace_rw_fields[] = {
	EF_INNER(struct trace_mmiotrace_rw, resource_size_t, rw, phys),
	EF_INNER(struct trace_mmiotrace_rw, unsigned long, rw, value),
	EF_INNER(struct trace_mmiotrace_rw, unsigned long, rw, pc),
	EF_INNER(struct trace_mmiotrace_rw, int, rw, map_id),
	EF_INNER(struct trace_mmiotrace_rw, unsigned char, rw, opcode),
	EF_INNER(struct trace_mmiotrace_rw, unsigned char, rw, width),
};

static const struct entry_field mmiotrace_map_fields[] = {
	EF_INNER(struct trace_mmiotrace_map, resource_size_t, map, phys),
	EF_INNER(struct trace_mmiotrace_map, unsigned long, map, virt),
	EF_INNER(struct trace_mmiotrace_map, unsigned long, map, len),
	EF_INNER(struct trace_mmiotrace_map, int, map, map_id),
	EF_INNER(struct trace_mmiotrace_map, unsigned char, map, opcode),
};

static const struct entry_field branch_fields[] = {
	EF_FIELD(struct trace_branch, unsigned int, line),
	EF_ARRAY(struct trace_branch, char, func),
	EF_ARRAY(struct trace_branch, char, file),
	EF_FIELD(struct trace_branch, char, correct),
	EF_FIELD(struct trace_branch, char, constant),
};

static const struct entry_field hwlat_fields[] = {
	EF_FIELD(struct ef_hwlat_entry, u64, duration),
	EF_FIELD(struct ef_hwlat_entry, u64, outer_duration),
	EF_FIELD(struct ef_hwlat_entry, u64, nmi_total_ts),
	EF_FIELD(struct ef_hwlat_entry, s64, tv_sec),
	EF_FIELD(struct ef_hwlat_entry, long, tv_nsec),
	EF_FIELD(struct ef_hwlat_entry, unsigned int, nmi_count),
	EF_FIELD(struct ef_hwlat_entry, unsigned int, seqnum),
	EF_FIELD(struct ef_hwlat_entry, unsigned int, count),
};

static const struct entry_field func_repeats_fields[] = {
	EF_FIELD(struct ef_func_repeats_entry, unsigned long, ip),
	EF_FIELD(struct ef_func_repeats_entry, unsigned long, parent_ip),
	EF_FIELD(struct ef_func_repeats_entry, u16, count),
	EF_FIELD(struct ef_func_repeats_entry, u16, top_delta_ts),
	EF_FIELD(struct ef_func_repeats_entry, u32, bottom_delta_ts),
};

static const struct entry_field osnoise_fields[] = {
	EF_FIELD(struct ef_osnoise_entry, u64, noise),
	EF_FIELD(struct ef_osnoise_entry, u64, runtime),
	EF_FIELD(struct ef_osnoise_entry, u64, max_sample),
	EF_FIELD(struct ef_osnoise_entry, unsigned int, hw_count),
	EF_FIELD(struct ef_osnoise_entry, unsigned int, nmi_count),
	EF_FIELD(struct ef_osnoise_entry, unsigned int, irq_count),
	EF_FIELD(struct ef_osnoise_entry, unsigned int, softirq_count),
	EF_FIELD(struct ef_osnoise_entry, unsigned int, thread_count),
};

static const struct entry_field timerlat_fields[] = {
	EF_FIELD(struct ef_timerlat_entry, unsigned int, seqnum),
	EF_FIELD(struct ef_timerlat_entry, int, context),
	EF_FIELD(struct ef_timerlat_entry, u64, timer_latency),
};

#define ENTRY_FORMAT(_name, _type, _fmt, _fields, _id) {		\
	.name = #_name, .type = _type, .has_id = _id,			\
	.fields = _fields, .nr_fields = ARRAY_SIZE(_fields),		\
	.print_fmt = _fmt,						\
}

/*
 * Upstream gives an `id` file only to the entries perf can open:
 * function (with the function tracer) and print.
 */
#define ID_FUNCTION	(IS_ENABLED(CONFIG_PERF_EVENTS) && \
			 IS_ENABLED(CONFIG_FUNCTION_TRACER))
#define ID_PRINT	IS_ENABLED(CONFIG_PERF_EVENTS)

/*
 * The print fmt lines: a C format string and its arguments over REC,
 * the record, exactly as upstream 6.1 prints them (ABI).
 */
static const struct entry_format entry_formats[] = {
	ENTRY_FORMAT(function, TRACE_FN,
		     "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip",
		     function_fields, ID_FUNCTION),
	ENTRY_FORMAT(funcgraph_entry, TRACE_GRAPH_ENT,
		     "\"--> %ps (%d)\", (void *)REC->func, REC->depth",
		     funcgraph_entry_fields, false),
	ENTRY_FORMAT(funcgraph_exit, TRACE_GRAPH_RET,
		     "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth",
		     funcgraph_exit_fields, false),
	ENTRY_FORMAT(context_switch, TRACE_CTX,
		     "\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
		     ctx_switch_fields, false),
	ENTRY_FORMAT(wakeup, TRACE_WAKE,
		     "\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
		     ctx_switch_fields, false),
	ENTRY_FORMAT(kernel_stack, TRACE_STACK,
		     "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]",
		     kernel_stack_fields, false),
	ENTRY_FORMAT(user_stack, TRACE_USER_STACK,
		     "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]",
		     user_stack_fields, false),
	ENTRY_FORMAT(bprint, TRACE_BPRINT,
		     "\"%ps: %s\", (void *)REC->ip, REC->fmt",
		     bprint_fields, false),
	ENTRY_FORMAT(print, TRACE_PRINT,
		     "\"%ps: %s\", (void *)REC->ip, REC->buf",
		     print_fields, ID_PRINT),
	ENTRY_FORMAT(raw_data, TRACE_RAW_DATA,
		     "\"id:%04x %08x\", REC->id, (int)REC->buf[0]",
		     raw_data_fields, false),
	ENTRY_FORMAT(bputs, TRACE_BPUTS,
		     "\"%ps: %s\", (void *)REC->ip, REC->str",
		     bputs_fields, false),
	ENTRY_FORMAT(mmiotrace_rw, TRACE_MMIO_RW,
		     "\"%lx %lx %lx %d %x %x\", (unsigned long)REC->phys, REC->value, REC->pc, REC->map_id, REC->opcode, REC->width",
		     mmiotrace_rw_fields, false),
	ENTRY_FORMAT(mmiotrace_map, TRACE_MMIO_MAP,
		     "\"%lx %lx %lx %d %x\", (unsigned long)REC->phys, REC->virt, REC->len, REC->map_id, REC->opcode",
		     mmiotrace_map_fields, false),
	ENTRY_FORMAT(branch, TRACE_BRANCH,
		     "\"%u:%s:%s (%u)%s\", REC->line, REC->func, REC->file, REC->correct, REC->constant ? \" CONSTANT\" : \"\"",
		     branch_fields, false),
	ENTRY_FORMAT(hwlat, TRACE_HWLAT,
		     "\"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, REC->outer_duration, REC->count, REC->nmi_total_ts, REC->nmi_count",
		     hwlat_fields, false),
	ENTRY_FORMAT(func_repeats, TRACE_FUNC_REPEATS,
		     "\" %ps <-%ps\\t(repeats:%u  delta: -%llu)\", (void *)REC->ip, (void *)REC->parent_ip, REC->count, (((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts)",
		     func_repeats_fields, false),
	ENTRY_FORMAT(osnoise, TRACE_OSNOISE,
		     "\"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u\\tsoftirq:%u\\tthread:%u\\n\", REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, REC->softirq_count, REC->thread_count",
		     osnoise_fields, false),
	ENTRY_FORMAT(timerlat, TRACE_TIMERLAT,
		     "\"seq:%u\\tcontext:%d\\ttimer_latency:%llu\\n\", REC->seqnum, REC->context, REC->timer_latency",
		     timerlat_fields, false),
};

/* ---- events/ftrace/NAME/format ---- */

/* "\tfield:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;\n" and variants */
static void entry_field_show(struct seq_file *m, const struct entry_field *f)
{
	seq_printf(m, "\tfield:%s %s", f->type, f->name);
	if (f->kind == EF_ARRAY)
		seq_printf(m, "[%u]", f->len);
	else if (f->kind == EF_FLEX)
		seq_puts(m, "[]");
	seq_printf(m, ";\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   f->offset, f->size, f->is_signed);
}

static int entry_format_show(struct seq_file *m, void *v)
{
	const struct entry_format *fmt = m->private;
	unsigned int i;

	seq_printf(m, "name: %s\n", fmt->name);
	seq_printf(m, "ID: %d\n", fmt->type);
	seq_puts(m, "format:\n");
	for (i = 0; i < ARRAY_SIZE(common_fields); i++)
		entry_field_show(m, &common_fields[i]);
	seq_putc(m, '\n');
	for (i = 0; i < fmt->nr_fields; i++)
		entry_field_show(m, &fmt->fields[i]);
	seq_printf(m, "\nprint fmt: %s\n", fmt->print_fmt);
	return 0;
}

static int entry_format_open(struct inode *inode, struct file *file)
{
	return single_open(file, entry_format_show, inode->i_private);
}

static const struct file_operations entry_format_fops = {
	.open		= entry_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* ---- events/ftrace/NAME/id ---- */

static ssize_t entry_id_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	const struct entry_format *fmt = file_inode(file)->i_private;
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", fmt->type);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations entry_id_fops = {
	.read		= entry_id_read,
	.llseek		= default_llseek,
};

/* events/ftrace/NAME/ and its files; NULL if the directory failed. */
static struct dentry *entry_format_create(struct dentry *d_ftrace,
					  const struct entry_format *fmt)
{
	/* the files only read the table: they never change what they show */
	void *data = (void *)fmt;
	struct dentry *dir;

	dir = tracefs_create_dir(fmt->name, d_ftrace);
	if (IS_ERR_OR_NULL(dir))
		return NULL;
	if (fmt->has_id)
		trace_create_file("id", TRACE_MODE_READ, dir, data,
				  &entry_id_fops);
	trace_create_file("format", TRACE_MODE_READ, dir, data,
			  &entry_format_fops);
	return dir;
}

/**
 * trace_create_entry_formats - events/ftrace/ for one trace array
 * @d_tracer: the array's directory
 * @d_print: set to events/ftrace/print/, where the trigger file of
 *	trace_marker's records goes (NULL if it could not be made)
 *
 * Upstream's ftrace system has no enable or filter files, neither in
 * events/ftrace/ nor in its event directories.
 *
 * Return: the new events/ directory, or NULL if it could not be made.
 */
struct dentry *trace_create_entry_formats(struct dentry *d_tracer,
					  struct dentry **d_print)
{
	struct dentry *d_events, *d_ftrace, *dir;
	unsigned int i;

	*d_print = NULL;
	d_events = tracefs_create_dir("events", d_tracer);
	if (IS_ERR_OR_NULL(d_events)) {
		pr_warn("tracing: could not create tracefs 'events' directory\n");
		return NULL;
	}
	d_ftrace = tracefs_create_dir("ftrace", d_events);
	if (IS_ERR_OR_NULL(d_ftrace)) {
		pr_warn("tracing: could not create tracefs 'events/ftrace' directory\n");
		return d_events;
	}
	for (i = 0; i < ARRAY_SIZE(entry_formats); i++) {
		dir = entry_format_create(d_ftrace, &entry_formats[i]);
		if (!dir)
			pr_warn("tracing: could not create tracefs 'events/ftrace/%s' directory\n",
				entry_formats[i].name);
		else if (entry_formats[i].type == TRACE_PRINT)
			*d_print = dir;
	}
	return d_events;
}
