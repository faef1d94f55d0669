/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw tracepoint entries for BPF, from the declarations of a trace header.
 *
 * Included by include/trace/define_trace.h with CONFIG_BPF_EVENTS, in the
 * one unit that defines CREATE_TRACE_POINTS, once the header's
 * tracepoints are defined (and its trace events made), with
 * TRACE_INCLUDE_HEADER naming the header. The header is read once more;
 * every tracepoint it defines, the events' and the bare DECLARE_TRACE()
 * ones alike, gets:
 *
 *  - a probe, __bpf_trace_<class>(void *__data, proto), shared by the
 *    events of a class (a bare tracepoint is a class of its own). Its
 *    data is the BPF program; it stores each argument in a u64 and hands
 *    the array, the program's context, to bpf_trace_run_args()
 *    (kernel/trace/bpf/raw_tp.c). An argument's bits are copied into an
 *    unsigned integer of its own size, then widened: pointers, integers
 *    of any size and sign, bools and enums alike, with no sign
 *    extension. An argument of any other size does not build, nor does
 *    a tracepoint of more than 12 arguments, the most a program's
 *    context has (struct bpf_raw_tracepoint_args).
 *  - btf_trace_<name>, the type of a pointer to that probe. The BPF
 *    verifier (kernel/bpf), libbpf and bpftool look a tracepoint's
 *    arguments up in BTF under this name, so it must reach the debug
 *    info, which keeps only the types that something uses: the entry
 *    below ends in a flexible array of it, which costs no space.
 *  - its entry, a struct bpf_raw_event_map in section __bpf_raw_tp_map:
 *    the tracepoint, the class's probe, the number of arguments and the
 *    size a writable tracepoint lets a program write (0 otherwise).
 *    The linker gathers the kernel image's entries between
 *    __start__bpf_raw_tp and __stop__bpf_raw_tp; the module loader finds
 *    a module's as mod->bpf_raw_events.
 *  - a build-time check that the class's probe fits the tracepoint
 *    (check_trace_callback_type_<name>() of linux/tracepoint.h).
 *
 * Writable tracepoints: in this reading only, DEFINE_EVENT_WRITABLE
 * (template, name, proto, args, size) and DECLARE_TRACE_WRITABLE(name,
 * proto, args, size) are defined. A trace header tests for them with
 * #ifdef and otherwise declares the same tracepoint with DEFINE_EVENT()
 * or DECLARE_TRACE(). A program of type raw_tracepoint_writable may then
 * write the first @size bytes that the first argument points to; the
 * check here is that @size is the size of that target.
 *
 * Everything this file defines is undefined at its end (but
 * TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF(), which go back to the
 * empty forms of linux/tracepoint.h), so that the header can be read
 * again and the next trace header of the unit finds the forms as
 * linux/tracepoint.h leaves them.
 */

#ifdef CONFIG_BPF_EVENTS

#include <linux/build_bug.h>
#include <linux/trace_events.h>
#include <linux/tracepoint-defs.h>
#include <linux/types.h>

/* The most arguments a raw tracepoint program can be given. */
#define __BP_MAX_ARGS	12

/*
 * The number of arguments: 1 to 12, or 13 for anything from 13 to 16
 * (which the probe refuses), counted by where the list pushes the
 * numbers that follow it.
 */
#define __bp_nargs(...)							\
	__bp_nargs_pick(__VA_ARGS__, 13, 13, 13, 13, 12, 11, 10, 9, 8,	\
			7, 6, 5, 4, 3, 2, 1)
#define __bp_nargs_pick(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11,	\
			a12, a13, a14, a15, a16, n, ...)	n

/*
 * One argument as a u64: its bits in the member of the union that has
 * its size, read back as that unsigned type and so zero-extended.
 */
#define __bp_u64(x)							\
({									\
	static_assert(sizeof(x) == 1 || sizeof(x) == 2 ||		\
		      sizeof(x) == 4 || sizeof(x) == 8,			\
		      "a raw tracepoint argument must be of 1, 2, 4 or 8 bytes"); \
	union {								\
		typeof(x)	v;					\
		u8		b;					\
		u16		h;					\
		u32		w;					\
		u64		q;					\
	} __bp_bits = { .v = (x) };					\
									\
	sizeof(x) == 1 ? __bp_bits.b :					\
	sizeof(x) == 2 ? __bp_bits.h :					\
	sizeof(x) == 4 ? __bp_bits.w : __bp_bits.q;			\
})

/*
 * The initializers of the u64 array: the first argument at index @i, the
 * next one at the next index, and so on. The number of arguments picks
 * the link of the chain to start from.
 */
#define __bp_at1(i, a)							\
	[i] = __bp_u64(a)
#define __bp_at2(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at1(i + 1, __VA_ARGS__)
#define __bp_at3(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at2(i + 1, __VA_ARGS__)
#define __bp_at4(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at3(i + 1, __VA_ARGS__)
#define __bp_at5(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at4(i + 1, __VA_ARGS__)
#define __bp_at6(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at5(i + 1, __VA_ARGS__)
#define __bp_at7(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at6(i + 1, __VA_ARGS__)
#define __bp_at8(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at7(i + 1, __VA_ARGS__)
#define __bp_at9(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at8(i + 1, __VA_ARGS__)
#define __bp_at10(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at9(i + 1, __VA_ARGS__)
#define __bp_at11(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at10(i + 1, __VA_ARGS__)
#define __bp_at12(i, a, ...)						\
	[i] = __bp_u64(a), __bp_at11(i + 1, __VA_ARGS__)
/* Too many: the static_assert() of __BP_PROBE() says so. */
#define __bp_at13(i, ...)						\
	[i] = 0

#define __bp_paste_(a, b)	a##b
#define __bp_paste(a, b)	__bp_paste_(a, b)
#define __bp_elements(...)						\
	__bp_paste(__bp_at, __bp_nargs(__VA_ARGS__))(0, __VA_ARGS__)

#define __bp_first(a, ...)	a

/* A class's probe: the tracepoint's arguments to the program. */
#define __BP_PROBE(class, proto, args)					\
static_assert(__bp_nargs(args) <= __BP_MAX_ARGS,			\
	      "a raw tracepoint has at most 12 arguments");		\
static notrace void __bpf_trace_##class(void *__data, proto)		\
{									\
	u64 __bp_args[__bp_nargs(args)] = { __bp_elements(args) };	\
									\
	bpf_trace_run_args(__data, __bp_args);				\
}

/*
 * A writable tracepoint lets a program write @size bytes at its first
 * argument: they must be what that pointer points to. The function is
 * never called; its parameters give the argument a type to measure.
 */
#define __BP_WRITABLE(name, proto, args, size)				\
static inline void __bp_check_size_##name(proto)			\
{									\
	static_assert(sizeof(*__bp_first(args)) == (size),		\
		      "writable size differs from the first argument's target"); \
}

/* In place of __BP_PROBE or __BP_WRITABLE: nothing. */
#define __BP_NONE(...)

/*
 * What a tracepoint gets: first, from @probe, the probe of its class if
 * it is a class of its own, and from @check the check of a writable
 * size; then its BTF type and its entry. The entry's section is an
 * array of struct bpf_raw_event_map: the flexible array adds nothing to
 * the size. The entry's name must not begin as the section's does: for
 * a tracepoint named map (iommu's) it would be the section's name, which
 * the assembler already has as a symbol. The unused inline is only
 * there to be type-checked.
 */
#define __BP_TRACEPOINT(class, name, proto, args, size, probe, check)	\
probe(class, PARAMS(proto), PARAMS(args))				\
check(name, PARAMS(proto), PARAMS(args), size)				\
typedef void (*btf_trace_##name)(void *__data, proto);			\
static struct {								\
	struct bpf_raw_event_map	map;				\
	btf_trace_##name		btf_type[];			\
} __bpf_raw_entry_##name __used __section("__bpf_raw_tp_map") = {	\
	.map = {							\
		.tp		= &__tracepoint_##name,			\
		.bpf_func	= __bpf_trace_##class,			\
		.num_args	= __bp_nargs(args),			\
		.writable_size	= (size),				\
	},								\
};									\
static_assert(sizeof(__bpf_raw_entry_##name) ==				\
	      sizeof(struct bpf_raw_event_map));			\
static inline void __bp_check_probe_##name(void)			\
{									\
	check_trace_callback_type_##name(__bpf_trace_##class);		\
}

/* The forms of a trace header, for this reading. */

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(class, proto, args, tstruct, assign, print)	\
	__BP_PROBE(class, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT
#define DEFINE_EVENT(class, name, proto, args)				\
	__BP_TRACEPOINT(class, name, PARAMS(proto), PARAMS(args), 0,	\
			__BP_NONE, __BP_NONE)

#undef DEFINE_EVENT_WRITABLE
#define DEFINE_EVENT_WRITABLE(class, name, proto, args, size)		\
	__BP_TRACEPOINT(class, name, PARAMS(proto), PARAMS(args), size,	\
			__BP_NONE, __BP_WRITABLE)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(class, name, proto, args, print)		\
	DEFINE_EVENT(class, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(class, name, proto, args, cond)		\
	DEFINE_EVENT(class, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(class, name, proto, args, reg, unreg)		\
	DEFINE_EVENT(class, name, PARAMS(proto), PARAMS(args))

/*
 * An event of its own class, and a bare tracepoint, which has no event
 * but is a tracepoint for BPF all the same: a class and a tracepoint in
 * one, however the tracepoint is conditioned.
 */
#define __BP_OWN_CLASS(name, proto, args)				\
	__BP_TRACEPOINT(name, name, PARAMS(proto), PARAMS(args), 0,	\
			__BP_PROBE, __BP_NONE)

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign,	\
			      print)					\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__BP_OWN_CLASS(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE_WRITABLE
#define DECLARE_TRACE_WRITABLE(name, proto, args, size)		\
	__BP_TRACEPOINT(name, name, PARAMS(proto), PARAMS(args), size,	\
			__BP_PROBE, __BP_WRITABLE)

/* No tracepoint, no entry. */
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)

#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(class, name, proto, args)

/* What only the trace events use. */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(x)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(x)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(event, flag)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(event, expr...)

/* perf's markers in a class's arguments are the arguments to BPF. */
#undef __perf_count
#define __perf_count(c)		(c)
#undef __perf_task
#define __perf_task(t)		(t)

#include TRACE_INCLUDE_HEADER

#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_WRITABLE
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_FN
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef DECLARE_TRACE_WRITABLE
#undef TRACE_EVENT_NOP
#undef DEFINE_EVENT_NOP
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
#undef __perf_count
#undef __perf_task

/* These two as linux/tracepoint.h defines them, empty. */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(x)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(x)

#undef __BP_MAX_ARGS
#undef __bp_nargs
#undef __bp_nargs_pick
#undef __bp_u64
#undef __bp_at1
#undef __bp_at2
#undef __bp_at3
#undef __bp_at4
#undef __bp_at5
#undef __bp_at6
#undef __bp_at7
#undef __bp_at8
#undef __bp_at9
#undef __bp_at10
#undef __bp_at11
#undef __bp_at12
#undef __bp_at13
#undef __bp_paste_
#undef __bp_paste
#undef __bp_elements
#undef __bp_first
#undef __BP_PROBE
#undef __BP_WRITABLE
#undef __BP_NONE
#undef __BP_TRACEPOINT
#undef __BP_OWN_CLASS

#endif /* CONFIG_BPF_EVENTS */
