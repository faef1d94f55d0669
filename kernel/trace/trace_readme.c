// SPDX-License-Identifier: GPL-2.0
/*
 * README: a short guide to the files of this tracefs, for a user who
 * has found the directory and nothing else.
 *
 * It names only what this build has: optional parts are guarded by the
 * same options that create their files, and the clocks are listed from
 * trace_clocks[] itself. Tools (upstream's ftracetest among them) test
 * for features by grepping this text, so a feature must be described
 * here only once it exists.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>

#include "trace.h"

static const char readme_intro[] =
	"A guide to the tracing files\n"
	"\n"
	"  echo 0 > tracing_on\tpause recording; what was recorded stays\n"
	"  echo 1 > tracing_on\trecord again\n"
	"\n"
	" In this directory and in each one under instances/:\n"
	"  trace\t\t\tthe recorded entries as text; reading does not\n"
	"\t\t\t  remove them; echo > trace empties the buffer\n"
	"  trace_pipe\t\tthe same text, but reading removes what it\n"
	"\t\t\t  returns, and waits when nothing is left\n"
	"  current_tracer\twhich tracer records; nop records nothing by\n"
	"\t\t\t  itself and leaves the buffer to the markers and\n"
	"\t\t\t  to trace_printk()\n"
	"  available_tracers\tthe names current_tracer accepts\n"
	"  buffer_size_kb\tthe size of each CPU's buffer in KiB; writing\n"
	"\t\t\t  resizes them all\n"
	"  buffer_total_size_kb\tthe size of all the CPUs' buffers together\n"
	"  free_buffer\t\tshrinks the buffer to nothing when closed\n"
	"  buffer_percent\thow full a CPU's buffer must be before a reader\n"
	"\t\t\t  blocked on it is woken (0: at the first entry)\n"
	"  trace_clock\t\tthe clock that stamps each entry; the one in\n"
	"\t\t\t  brackets is in use; writing a name changes it\n";

/* what each clock of trace_clocks[] is; a name not here gets no text */
static const struct {
	const char	*name;
	const char	*what;
} readme_clocks[] = {
	{ "local",	"this CPU's clock: fast, may disagree across CPUs" },
	{ "global",	"one clock for all CPUs: ordered, but slower" },
	{ "counter",	"not a time: a count that goes up by one" },
	{ "uptime",	"jiffies since boot" },
	{ "perf",	"the clock perf events use" },
	{ "mono",	"CLOCK_MONOTONIC" },
	{ "mono_raw",	"CLOCK_MONOTONIC_RAW" },
	{ "boot",	"CLOCK_BOOTTIME: counts suspended time too" },
	{ "tai",	"CLOCK_TAI" },
	{ "x86-tsc",	"the TSC of the CPU, in cycles" },
};

static const char readme_files[] =
	"  timestamp_mode\thow entries are stamped: [delta] against the\n"
	"\t\t\t  previous entry, or absolute\n"
	"  trace_marker\t\twhat is written here is recorded as text\n"
	"  trace_marker_raw\twhat is written here is recorded as binary\n"
	"\t\t\t  data: a 4-byte id, then the payload\n"
	"  tracing_cpumask\tthe CPUs that record, as a hex mask\n"
	"  trace_options\t\tthe options: write a name to set it, or the\n"
	"\t\t\t  name with a 'no' in front to clear it; options/\n"
	"\t\t\t  has one file per option, holding 0 or 1\n"
	"  per_cpu/\t\tcpuN/ holds trace, trace_pipe, trace_pipe_raw,\n"
	"\t\t\t  stats and buffer_size_kb for CPU N alone\n"
	"  error_log\t\tthe last errors of writes to these files, with\n"
	"\t\t\t  the place that was wrong; echo > error_log empties it\n"
	"  instances/\t\tmkdir instances/NAME makes a new buffer with its\n"
	"\t\t\t  own copy of these files; rmdir removes it\n";

static const char readme_snapshot[] =
	"  snapshot\t\techo 1 > snapshot keeps a copy of the buffer,\n"
	"\t\t\t  which reading shows; echo 0 frees it; echo 2 empties it\n";

static const char readme_max_trace[] =
	"  tracing_max_latency\tthe worst latency a latency tracer has seen\n"
	"  tracing_thresh\tin microseconds: if not 0, the latency tracers\n"
	"\t\t\t  record every latency above it, not just the worst\n";

static const char readme_functions[] =
	"  set_ftrace_filter\tthe functions the function tracer records (all\n"
	"\t\t\t  if empty), one word each, '!' in front to remove;\n"
	"\t\t\t  accepts: func_full_name or glob-matching-pattern\n"
	"\t\t\t  (*, ? and [...]), or the line number of a function\n"
	"\t\t\t  in available_filter_functions; '>' replaces the\n"
	"\t\t\t  list, '>>' adds to it\n"
	"\t\t\t  commands: func:command[:count] runs the command\n"
	"\t\t\t  when func is called: traceon, traceoff, stacktrace,\n"
	"\t\t\t  dump, cpudump; func:enable_event:SYS:EVENT[:count]\n"
	"\t\t\t  and func:disable_event:SYS:EVENT[:count];\n"
	"\t\t\t  '!func:command' removes them\n"
	"  set_ftrace_notrace\tthe functions it never records, the same way\n";

static const char readme_functions_top[] =
	"  available_filter_functions  the functions that can be traced\n"
	"  enabled_functions\tthe functions being traced now, each with the\n"
	"\t\t\t  number of users that want it\n"
	"  dyn_ftrace_total_info\tthe number of traceable functions\n";

static const char readme_stack[] =
	"  stack_trace\t\tthe deepest kernel stack the stack tracer has seen\n"
	"  stack_max_size\tits depth in bytes; writing a number sets it\n"
	"  stack_trace_filter\tthe functions the stack tracer measures, as\n"
	"\t\t\t  set_ftrace_filter; it runs while\n"
	"\t\t\t  /proc/sys/kernel/stack_tracer_enabled is 1\n";

/*
 * The dynamic events' part: ftracetest and scripts grep these lines
 * to learn what the kernel takes, so they are upstream's words.
 */
static const char readme_dynamic[] =
#ifdef CONFIG_DYNAMIC_EVENTS
	"  dynamic_events\t\t- Create/append/remove/show the generic dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#ifdef CONFIG_KPROBE_EVENTS
	"  kprobe_events\t\t- Create/append/remove/show the kernel dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#ifdef CONFIG_UPROBE_EVENTS
	"  uprobe_events\t\t- Create/append/remove/show the userspace dynamic events\n"
	"\t\t\t  Write into this file to define/undefine new trace events.\n"
#endif
#if defined(CONFIG_KPROBE_EVENTS) || defined(CONFIG_UPROBE_EVENTS)
	"\t  accepts: event-definitions (one definition per line)\n"
	"\t   Format: p[:[<group>/][<event>]] <place> [<args>]\n"
	"\t           r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
#ifdef CONFIG_SYNTH_EVENTS
	/* upstream's shows it with histograms, ours with synthetic events */
	"\t           s:[synthetic/]<event> <field> [<field>]\n"
#endif
	"\t           e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
	"\t           -:[<group>/][<event>]\n"
#ifdef CONFIG_KPROBE_EVENTS
	"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
#endif
#ifdef CONFIG_UPROBE_EVENTS
	"   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
#endif
	"\t     args: <name>=fetcharg[:type]\n"
	"\t fetcharg: (%<register>|$<efield>), @<address>, @<symbol>[+|-<offset>],\n"
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	"\t           $stack<index>, $stack, $retval, $comm, $arg<N>,\n"
#else
	"\t           $stack<index>, $stack, $retval, $comm,\n"
#endif
	"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, string, symbol,\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n"
	"\t           symstr, <type>\\[<array-size>\\]\n"
	"\t    efield: For event probes ('e' types), the field is on of the fields\n"
	"\t            of the <attached-group>/<attached-event>.\n"
#endif
#ifdef CONFIG_SYNTH_EVENTS
	"  events/synthetic_events\t- Create/append/remove/show synthetic events\n"
	"\t  Write into this file to define/undefine new synthetic events.\n"
	"\t     example: echo 'myevent u64 lat; char name[]' >> synthetic_events\n"
#endif
	"";

static const char readme_hist[] =
	"  events/GROUP/EVENT/trigger  also takes histograms:\n"
	"\t\t\t  hist:keys=FIELD[,FIELD...][:vals=FIELD[,FIELD...]]\n"
	"\t\t\t  [:sort=FIELD[.descending][,FIELD]][:size=ENTRIES]\n"
	"\t\t\t  [:name=NAME][:pause][:cont][:clear] [if FILTER];\n"
	"\t\t\t  a key may be stacktrace, and a field common_cpu or\n"
	"\t\t\t  common_timestamp, with one modifier: .hex, .sym,\n"
	"\t\t\t  .sym-offset, .execname, .syscall, .log2,\n"
	"\t\t\t  .buckets=N, .usecs, .percent, .graph;\n"
	"\t\t\t  enable_hist:SYS:EVENT and disable_hist:SYS:EVENT\n"
	"\t\t\t  resume and pause another event's histograms\n"
	"\t\t\t  variables, kept per entry and read by other\n"
	"\t\t\t  events' histograms of the same key as $NAME:\n"
	"\t\t\t  [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
	"\t\t\t  where a value may be an expression with + - * /\n"
	"\t\t\t  and -(...); an action, run when an entry is updated:\n"
	"\t\t\t  onmatch(SYS.EVENT).trace(<synthetic_event>,param list)\n"
	"\t\t\t  or onmatch(SYS.EVENT).<synthetic_event>(param list)\n"
	"\t\t\t  onmax(var).save(field,...): per entry, the largest\n"
	"\t\t\t  value of $var and the fields of its record\n"
	"\t\t\t  onchange(var).save(field,...): the same, at each change\n";

static const char readme_hist_snapshot[] =
	"\t\t\t  onmax(var).snapshot() and onchange(var).snapshot():\n"
	"\t\t\t  a snapshot at a new largest (or changed) value over\n"
	"\t\t\t  all entries, the hist file saying which\n";

static const char readme_hist_file[] =
	"  events/GROUP/EVENT/hist  the event's histograms\n";

static const char readme_top_only[] =
	"\n"
	" In this directory only:\n"
	"  saved_cmdlines\tthe names of the tasks whose pids the buffer\n"
	"\t\t\t  holds\n"
	"  saved_cmdlines_size\thow many names are kept; writing sets it\n"
	"  saved_tgids\t\tthe thread group of each pid (option record-tgid)\n"
	"  printk_formats\tthe format strings that trace_printk() entries\n"
	"\t\t\t  refer to by address\n";

static const char *readme_clock_text(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(readme_clocks); i++)
		if (!strcmp(readme_clocks[i].name, name))
			return readme_clocks[i].what;
	return "";
}

static int readme_show(struct seq_file *m, void *v)
{
	int i;

	seq_puts(m, readme_intro);
	for (i = 0; i < trace_clocks_nr; i++)
		seq_printf(m, "\t%12s:  %s\n", trace_clocks[i].name,
			   readme_clock_text(trace_clocks[i].name));
	seq_puts(m, readme_files);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		seq_puts(m, readme_snapshot);
	if (IS_ENABLED(CONFIG_TRACER_MAX_TRACE))
		seq_puts(m, readme_max_trace);
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE))
		seq_puts(m, readme_functions);
	seq_puts(m, readme_top_only);
	seq_puts(m, readme_dynamic);
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE))
		seq_puts(m, readme_functions_top);
	if (IS_ENABLED(CONFIG_STACK_TRACER))
		seq_puts(m, readme_stack);
	if (IS_ENABLED(CONFIG_HIST_TRIGGERS)) {
		seq_puts(m, readme_hist);
		if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
			seq_puts(m, readme_hist_snapshot);
		seq_puts(m, readme_hist_file);
	}
	return 0;
}

static int readme_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	/* the text is a few KiB: one go, sized to fit */
	return single_open_size(file, readme_show, NULL, 2 * PAGE_SIZE);
}

const struct file_operations tracing_readme_fops = {
	.open		= readme_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};
