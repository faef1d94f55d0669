#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Kernel coding style on our C sources: checkpatch.pl from the base tree,
# on every .c/.h/.S file of ours and of the harness's modules. Any error or
# warning fails; the report is printed.
# Usage: lint.sh
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/manifest.sh"

files=$( (our_files; cd "$ROOT" && git ls-files -co --exclude-standard harness/modules) |
	grep -E '\.(c|h|S)$' || true)
n=0 bad=0
declare -A group
for f in $files; do
	n=$((n + 1))
	ignore=FILE_PATH_CHANGES,SPDX_LICENSE_TAG
	# The benchmark reports with trace_printk() by design: tools parse
	# its lines from the trace buffer, as they do upstream's.
	case $f in
	kernel/trace/ring_buffer_benchmark.c) ignore=$ignore,TRACE_PRINTK ;;
	# The test module exists to write trace_printk() and trace_puts()
	# records for the tracefs tests to read back.
	harness/modules/tprintk/*) ignore=$ignore,TRACE_PRINTK ;;
	# The macros of the entry formats' field tables take a struct, a C
	# type and a member name, never an expression, and hand each to
	# offsetof(), sizeof_field(), is_signed_type() and a type check.
	kernel/trace/trace_entries.c) ignore=$ignore,MACRO_ARG_REUSE ;;
	# for_each_live_rec(rec) is a for_each macro: rec is the loop
	# variable, an lvalue, as in list_for_each_entry().
	kernel/trace/ftrace_internal.h) ignore=$ignore,MACRO_ARG_REUSE ;;
	# An event header in the layout of the kernel's own event headers:
	# one TP_*() argument of TRACE_EVENT() per line, blocks opened by
	# TP_STRUCT__entry( and TP_fast_assign(.
	kernel/trace/trace_benchmark.h | kernel/trace/bpf/printk_event.h)
		ignore=$ignore,PARENTHESIS_ALIGNMENT,OPEN_ENDED_LINE ;;
	# The index of bpf_probe.h's argument macros is an integer constant
	# expression (0, 0 + 1, ...), which has no side effects to repeat.
	include/trace/bpf_probe.h) ignore=$ignore,MACRO_ARG_REUSE ;;
	# The core's boot parameters are upstream's (trace_buf_size=,
	# trace_options=, ...), documented in kernel-parameters.txt, which
	# checkpatch -f cannot see: it only counts docs in the same patch.
	# blktrace's session states are the uapi's enum (Blktrace_setup,
	# Blktrace_running, Blktrace_stopped), which checkpatch takes for
	# CamelCase; BLK_PROBES(P) is an X-macro, a list of P(tracepoint,
	# probe) lines for the table and the type checks, not a value, and
	# P a macro's name, applied to each line (MACRO_ARG_REUSE); the
	# type checks' P is a statement, with its semicolon.
	kernel/trace/blk/*)
		ignore=$ignore,CAMELCASE,COMPLEX_MACRO,MACRO_ARG_REUSE,TRAILING_SEMICOLON ;;
	# The print_fmt conversions of the probe types ("%Lu", "0x%Lx")
	# are upstream's text, which tools parse from the format files.
	kernel/trace/probes/args_parse.c) ignore=$ignore,PRINTF_L ;;
	kernel/trace/*) ignore=$ignore,UNDOCUMENTED_SETUP ;;
	esac
	# An event class's raw_init() refuses an event that has no syscall
	# number with -ENOSYS, which the event core takes quietly (upstream's
	# convention): exactly the errno's meaning, which checkpatch cannot
	# tell from a misuse.
	case $f in
	kernel/trace/trace_syscalls.c | kernel/trace/trace_events.c)
		ignore=$ignore,ENOSYS ;;
	# The user-space shims stand in for kernel headers, so they define what
	# those define, the way those do:
	#  NEW_TYPEDEFS: the kernel's types, under the names ring_buffer.c
	#   uses (gfp_t, atomic_long_t, raw_spinlock_t, local_t, ...);
	#  PREFER_DEFINED_ATTRIBUTE_MACRO: the definitions of __always_inline,
	#   noinline, __aligned, __printf and __noreturn themselves;
	#  EXPORT_SYMBOL: the definitions of EXPORT_SYMBOL{,_GPL}() themselves;
	#  COMPLEX_MACRO: macros that cannot be parenthesised, as the kernel's
	#   cannot: an attribute (__always_inline), an asm statement
	#   (barrier()), a declaration (EXPORT_SYMBOL*()), a loop header
	#   (for_each_cpu());
	#  MACRO_ARG_REUSE: the kernel's macros use an argument twice too:
	#   ALIGN, DIV_ROUND_UP, min_t (a type), cmpxchg, for_each_cpu, ...;
	#  SINGLE_STATEMENT_DO_WHILE_MACRO: statements, not expressions, as in
	#   the kernel (local_irq_save(), lockdep_set_class());
	#  CAMELCASE: C11's own _Static_assert (BUILD_BUG_ON()).
	tools/testing/ring_buffer/shim/*)
		ignore=$ignore,NEW_TYPEDEFS,PREFER_DEFINED_ATTRIBUTE_MACRO,EXPORT_SYMBOL
		ignore=$ignore,COMPLEX_MACRO,MACRO_ARG_REUSE,SINGLE_STATEMENT_DO_WHILE_MACRO
		ignore=$ignore,CAMELCASE
		;;
	# rbunit.c redefines READ_ONCE() and the read and write barriers as
	# the shim's plus a lock-step point (see its README): definitions,
	# which checkpatch takes for uses (MEMORY_BARRIER, MACRO_ARG_REUSE).
	tools/testing/ring_buffer/rbunit.c)
		ignore=$ignore,MEMORY_BARRIER,MACRO_ARG_REUSE
		;;
	# The trace_seq test's shims likewise:
	#  MACRO_ARG_REUSE: DIV_ROUND_UP, min_t and get_unaligned, as the
	#   kernel's;
	#  CAMELCASE: C11's own _Static_assert and _Generic;
	#  AVOID_BUG: the definition of BUG_ON() itself.
	tools/testing/trace_seq/shim/*)
		ignore=$ignore,MACRO_ARG_REUSE,CAMELCASE,AVOID_BUG
		;;
	# The trace_filter test's shims likewise:
	#  PREFER_DEFINED_ATTRIBUTE_MACRO: the definitions of __pure,
	#   __printf and __aligned themselves;
	#  CAMELCASE: C11's own _Static_assert;
	#  VOLATILE: the definition of READ_ONCE() itself, as the kernel's;
	#  MACRO_ARG_PRECEDENCE: struct_size()'s member is a member name,
	#   which cannot be parenthesised;
	#  MACRO_ARG_REUSE: get_unaligned() and list_for_each_entry(), as
	#   the kernel's.
	tools/testing/trace_filter/shim/kshim.h)
		ignore=$ignore,PREFER_DEFINED_ATTRIBUTE_MACRO,CAMELCASE,VOLATILE
		ignore=$ignore,MACRO_ARG_PRECEDENCE,MACRO_ARG_REUSE
		;;
	tools/testing/trace_filter/shim/linux/list.h)
		ignore=$ignore,MACRO_ARG_REUSE ;;
	# The tracing_map test's shims likewise:
	#  NEW_TYPEDEFS: the kernel's atomic_t and atomic64_t;
	#  PREFER_DEFINED_ATTRIBUTE_MACRO: the definition of __packed itself;
	#  CAMELCASE: C11's own _Static_assert (EXPORT_SYMBOL());
	#  MACRO_ARG_REUSE: ALIGN(), cmpxchg() and smp_load_acquire(), as the
	#   kernel's;
	#  MEMORY_BARRIER: the definitions of smp_mb() and the acquire and
	#   release accessors themselves, which checkpatch takes for uses.
	tools/testing/tracing_map/shim/kshim.h)
		ignore=$ignore,NEW_TYPEDEFS,PREFER_DEFINED_ATTRIBUTE_MACRO,CAMELCASE
		ignore=$ignore,MACRO_ARG_REUSE,MEMORY_BARRIER
		;;
	# The blk_fill_rwbs test's shims: CAMELCASE: C11's _Static_assert;
	#  EXPORT_SYMBOL: the definition of EXPORT_SYMBOL_GPL() itself.
	tools/testing/block_rwbs/shim/*)
		ignore=$ignore,CAMELCASE,EXPORT_SYMBOL ;;
	# The basics the three tests' shims share: MACRO_ARG_REUSE,
	#  DIV_ROUND_UP, min_t and max_t, as the kernel's.
	tools/testing/lib/kshim-common.h)
		ignore=$ignore,MACRO_ARG_REUSE ;;
	# The TRACE_EVENT() stage headers redefine the field macros
	# (__field(), __string(), __assign_str(), ...) so that one event's
	# TP_STRUCT__entry() or TP_fast_assign() list expands, once per pass,
	# to struct members, initializers or statements, pasted one after
	# another with no separator of the header's:
	#  TRAILING_SEMICOLON, MULTISTATEMENT_MACRO_USE_DO_WHILE: a member
	#   declaration or a run of statements must end in its own ';' and
	#   cannot sit in a do-while; __assign_str() ends in ';' as
	#   upstream's does, for the headers written against it;
	#  COMPLEX_MACRO: __print_ns_to_secs() and kin are print fmt text,
	#   stringified as written; brackets would change the format file;
	#  MACRO_ARG_REUSE: most reuses are a type or member name (sizeof(),
	#   offsetof(), a member); the evaluated ones (a string's src, the
	#   len of __assign_str_len(), __print_array()'s el_size) are
	#   evaluated as often as upstream's;
	#  MACRO_ARG_PRECEDENCE: the item is a member name (->item).
	include/trace/stages/access.h|include/trace/stages/offsets.h)
		ignore=$ignore,TRAILING_SEMICOLON,MACRO_ARG_REUSE ;;
	include/trace/stages/assign.h|include/trace/stages/record.h)
		ignore=$ignore,TRAILING_SEMICOLON,MULTISTATEMENT_MACRO_USE_DO_WHILE ;;
	include/trace/stages/describe.h)
		ignore=$ignore,COMPLEX_MACRO,MACRO_ARG_REUSE ;;
	include/trace/stages/sizes.h)
		ignore=$ignore,TRAILING_SEMICOLON,MULTISTATEMENT_MACRO_USE_DO_WHILE
		ignore=$ignore,MACRO_ARG_PRECEDENCE,MACRO_ARG_REUSE
		;;
	# The passes over the event headers: each TRACE_EVENT() form expands
	# to declarations and definitions at file scope (COMPLEX_MACRO,
	# TRAILING_SEMICOLON), and hands its event name, prototype, arguments
	# and field lists to several of them (MACRO_ARG_REUSE): names and
	# token lists, never expressions.
	include/trace/trace_events.h)
		ignore=$ignore,COMPLEX_MACRO,TRAILING_SEMICOLON,MACRO_ARG_REUSE ;;
	# The event header's path is built from tokens for #include:
	# spaces around its '/' would be part of the path.
	include/trace/define_trace.h) ignore=$ignore,SPACING ;;
	# The test events are written the way the kernel's event headers
	# are: TRACE_EVENT(name, then one TP_*() argument per line, each
	# field list opened on its own line.
	harness/modules/evtest/harness_evtest.h)
		ignore=$ignore,PARENTHESIS_ALIGNMENT,OPEN_ENDED_LINE ;;
	esac
	group[$ignore]+=" $ROOT/$f"
done
# One checkpatch.pl a set of ignores: it reads many files in one run, and
# its start (0.5 s: perl compiling 7000 lines) was most of its time on
# all but the largest files.
for ignore in "${!group[@]}"; do
	# shellcheck disable=SC2086 # a list of paths without spaces
	if ! out=$(perl "$BASE/scripts/checkpatch.pl" --no-tree --quiet --strict \
		--ignore "$ignore" -f ${group[$ignore]} 2>&1); then
		echo "$out"
		# (the files complained of, or the whole set if it said none)
		k=$(echo "$out" | sed -n 's/^#[0-9]*: FILE: \([^:]*\):.*/\1/p' | sort -u | wc -l)
		[ "$k" -gt 0 ] || k=$(echo "${group[$ignore]}" | wc -w)
		bad=$((bad + k))
	fi
done
echo "checkpatch: $n files, $bad with complaints"
[ "$bad" = 0 ]
