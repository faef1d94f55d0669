/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace events of harness_evtest.c: every field form, assign and
 * print helper, and declaration form of TRACE_EVENT() in 6.1, so that
 * the format files and "trace" lines of ours and upstream's can be
 * compared (system "evtest").
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM evtest

#if !defined(_HARNESS_EVTEST_H) || defined(TRACE_HEADER_MULTI_READ)
#define _HARNESS_EVTEST_H

#include <linux/tracepoint.h>
#include <linux/cpumask.h>
#include <linux/socket.h>
#include <linux/in.h>

#ifndef _HARNESS_EVTEST_ONCE
#define _HARNESS_EVTEST_ONCE
enum evtest_color { EVTEST_RED = 1, EVTEST_GREEN = 2, EVTEST_BLUE = 7 };
struct evtest_pair { int a; short b; };
#define EVTEST_NAME_LEN 12
#define EVTEST_FLAG_A 0x1
#define EVTEST_FLAG_B 0x2
#define EVTEST_FLAG_C 0x10
#endif

TRACE_DEFINE_ENUM(EVTEST_RED);
TRACE_DEFINE_ENUM(EVTEST_GREEN);
TRACE_DEFINE_ENUM(EVTEST_BLUE);
TRACE_DEFINE_SIZEOF(u64);

#define show_evtest_color(c)					\
	__print_symbolic(c, { EVTEST_RED, "red" },		\
			 { EVTEST_GREEN, "green" },		\
			 { EVTEST_BLUE, "blue" })

/* The fixed-size forms and the print helpers that read them. */
TRACE_EVENT(evtest_fixed,
	TP_PROTO(int seq, const struct evtest_pair *pair, const u8 *bytes,
		 u64 ns),
	TP_ARGS(seq, pair, bytes, ns),
	TP_STRUCT__entry(
		__field(int, seq)
		__field(char, c)
		__field(unsigned long, flags)
		__field(u64, flags64)
		__field_ext(unsigned int, color, FILTER_OTHER)
		__field_struct(struct evtest_pair, pair)
		__field_struct_ext(struct evtest_pair, pair2, FILTER_OTHER)
		__array(char, name, EVTEST_NAME_LEN)
		__array(u8, bytes, 8)
		__array(u32, words, 3)
		__field(u64, ns)
		__field(void *, ptr)
	),
	TP_fast_assign(
		__entry->seq = seq;
		__entry->c = 'x';
		__entry->flags = EVTEST_FLAG_A | EVTEST_FLAG_C | 0x100;
		__entry->flags64 = 0x300000000ULL | EVTEST_FLAG_B;
		__entry->color = seq % 3 == 0 ? EVTEST_RED : EVTEST_BLUE;
		__entry->pair = *pair;
		__entry->pair2 = *pair;
		strscpy(__entry->name, "evtest-name", EVTEST_NAME_LEN);
		memcpy(__entry->bytes, bytes, 8);
		__entry->words[0] = seq;
		__entry->words[1] = 0xbeef;
		__entry->words[2] = 0xffffffff;
		__entry->ns = ns;
		__entry->ptr = NULL;
	),
	TP_printk("seq=%d c=%c flags=%s flags64=%s color=%s/%s pair=%d,%d name=%s bytes=%s hexstr=%s words=%s t=%llu.%09u dump=%s ptr=%p",
		  __entry->seq, __entry->c,
		  __print_flags(__entry->flags, "|",
				{ EVTEST_FLAG_A, "A" }, { EVTEST_FLAG_B, "B" },
				{ EVTEST_FLAG_C, "C" }),
		  __print_flags_u64(__entry->flags64, "|",
				    { EVTEST_FLAG_B, "B" },
				    { 0x100000000ULL, "HI" }),
		  show_evtest_color(__entry->color),
		  __print_symbolic_u64(__entry->flags64,
				       { 1, "one" }),
		  __entry->pair.a, __entry->pair.b, __entry->name,
		  __print_hex(__entry->bytes, 8),
		  __print_hex_str(__entry->bytes, 8),
		  __print_array(__entry->words, 3, sizeof(u32)),
		  __print_ns_to_secs(__entry->ns),
		  __print_ns_without_secs(__entry->ns),
		  __print_hex_dump("evtest ", DUMP_PREFIX_OFFSET, 16, 1,
				   __entry->bytes, 8, true),
		  __entry->ptr)
);

/* The dynamic forms located from the record's start. */
DECLARE_EVENT_CLASS(evtest_dyn_class,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen),
	TP_STRUCT__entry(
		__field(int, seq)
		__string(str, str)
		__string_len(part, str, 3)
		__dynamic_array(int, ints, seq % 4 + 1)
		__bitmask(bits, 70)
		__cpumask(cpus)
		__sockaddr(addr, salen)
	),
	TP_fast_assign(
		int *ints;
		int i;
		unsigned long bits[BITS_TO_LONGS(70)] = { 0x5 };

		__entry->seq = seq;
		__assign_str(str, str);
		__assign_str_len(part, str, 3);
		ints = __get_dynamic_array(ints);
		for (i = 0; i < __get_dynamic_array_len(ints) / sizeof(int); i++)
			ints[i] = i * 10;
		__assign_bitmask(bits, bits, 70);
		__assign_cpumask(cpus, cpumask_bits(mask));
		__assign_sockaddr(addr, sa, salen);
	),
	TP_printk("seq=%d str=%s part=%s ints=%s n=%u bits=%s cpus=%s addr=%pISpc",
		  __entry->seq, __get_str(str), __get_str(part),
		  __print_dynamic_array(ints, sizeof(int)),
		  __get_dynamic_array_len(ints),
		  __get_bitmask(bits), __get_cpumask(cpus),
		  __get_sockaddr(addr))
);

DEFINE_EVENT(evtest_dyn_class, evtest_dyn,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen)
);

/* The same record, printed its own way. */
DEFINE_EVENT_PRINT(evtest_dyn_class, evtest_dyn_print,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen),
	TP_printk("own print seq=%d str=%s", __entry->seq, __get_str(str))
);

DEFINE_EVENT_CONDITION(evtest_dyn_class, evtest_dyn_odd,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen),
	TP_CONDITION(seq & 1)
);

/* The __rel_loc forms: located from the end of their own word. */
TRACE_EVENT(evtest_rel,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen),
	TP_STRUCT__entry(
		__field(int, seq)
		__rel_string(str, str)
		__rel_string_len(part, str, 2)
		__rel_dynamic_array(u16, shorts, 3)
		__rel_bitmask(bits, 8)
		__rel_cpumask(cpus)
		__rel_sockaddr(addr, salen)
	),
	TP_fast_assign(
		u16 *s;
		unsigned long bits = 0x81;

		__entry->seq = seq;
		__assign_rel_str(str, str);
		__assign_rel_str_len(part, str, 2);
		s = __get_rel_dynamic_array(shorts);
		s[0] = 1;
		s[1] = 0xffff;
		s[2] = seq;
		__assign_rel_bitmask(bits, &bits, 8);
		__assign_rel_cpumask(cpus, cpumask_bits(mask));
		__assign_rel_sockaddr(addr, sa, salen);
	),
	TP_printk("seq=%d str=%s part=%s shorts=%s len=%u bits=%s cpus=%s addr=%pISpc",
		  __entry->seq, __get_rel_str(str), __get_rel_str(part),
		  __print_array(__get_rel_dynamic_array(shorts), 3, 2),
		  __get_rel_dynamic_array_len(shorts),
		  __get_rel_bitmask(bits), __get_rel_cpumask(cpus),
		  __get_rel_sockaddr(addr))
);

/* A string formatted at the probe. */
TRACE_EVENT(evtest_vstr,
	TP_PROTO(int seq, struct va_format *vaf),
	TP_ARGS(seq, vaf),
	TP_STRUCT__entry(
		__field(int, seq)
		__vstring(msg, vaf->fmt, vaf->va)
	),
	TP_fast_assign(
		__entry->seq = seq;
		__assign_vstr(msg, vaf->fmt, vaf->va);
	),
	TP_printk("seq=%d msg=%s", __entry->seq, __get_str(msg))
);

/* The conditional and callback forms. */
TRACE_EVENT_CONDITION(evtest_cond,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_CONDITION(seq % 2 == 0),
	TP_STRUCT__entry(__field(int, seq)),
	TP_fast_assign(__entry->seq = seq;),
	TP_printk("even seq=%d", __entry->seq)
);

int evtest_reg(void);
void evtest_unreg(void);

TRACE_EVENT_FN(evtest_fn,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_STRUCT__entry(__field(int, seq)),
	TP_fast_assign(__entry->seq = seq;),
	TP_printk("fn seq=%d", __entry->seq),
	evtest_reg, evtest_unreg
);

TRACE_EVENT_FN_COND(evtest_fn_cond,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_CONDITION(seq > 1),
	TP_STRUCT__entry(__field(int, seq)),
	TP_fast_assign(__entry->seq = seq;),
	TP_printk("fn_cond seq=%d", __entry->seq),
	evtest_reg, evtest_unreg
);

/*
 * perf's count and task, marked in the class's arguments only (the
 * tracepoint's are plain).
 */
DECLARE_EVENT_CLASS(evtest_perf_class,
	TP_PROTO(struct task_struct *task, u64 count),
	TP_ARGS(__perf_task(task), __perf_count(count)),
	TP_STRUCT__entry(
		__array(char, comm, TASK_COMM_LEN)
		__field(pid_t, pid)
		__field(u64, count)
	),
	TP_fast_assign(
		memcpy(__entry->comm, task->comm, TASK_COMM_LEN);
		__entry->pid = task->pid;
		__entry->count = count;
	),
	TP_printk("comm=%s pid=%d count=%llu", __entry->comm, __entry->pid,
		  (unsigned long long)__entry->count)
);

DEFINE_EVENT(evtest_perf_class, evtest_perf,
	TP_PROTO(struct task_struct *task, u64 count),
	TP_ARGS(task, count)
);

/*
 * TRACE_EVENT_FLAGS() and TRACE_EVENT_PERF_PERM() work in built-in code
 * only (they use early_initcall(), which is a module's init in a module,
 * in upstream's too): not used here.
 */

/* The _NOP forms make no event. */
TRACE_EVENT_NOP(evtest_nop,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_STRUCT__entry(__field(int, seq)),
	TP_fast_assign(__entry->seq = seq;),
	TP_printk("seq=%d", __entry->seq)
);

DEFINE_EVENT_NOP(evtest_dyn_class, evtest_dyn_nop,
	TP_PROTO(int seq, const char *str, const struct cpumask *mask,
		 const struct sockaddr *sa, int salen),
	TP_ARGS(seq, str, mask, sa, salen)
);

#endif /* _HARNESS_EVTEST_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE harness_evtest
#include <trace/define_trace.h>
