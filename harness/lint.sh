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
	# The core's boot parameters are upstream's (trace_buf_size=,
	# trace_options=, ...), documented in kernel-parameters.txt, which
	# checkpatch -f cannot see: it only counts docs in the same patch.
	kernel/trace/*) ignore=$ignore,UNDOCUMENTED_SETUP ;;
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
	#   the kernel (local_irq_save(), lockdep_set_class()).
	tools/testing/ring_buffer/shim/*)
		ignore=$ignore,NEW_TYPEDEFS,PREFER_DEFINED_ATTRIBUTE_MACRO,EXPORT_SYMBOL
		ignore=$ignore,COMPLEX_MACRO,MACRO_ARG_REUSE,SINGLE_STATEMENT_DO_WHILE_MACRO
		;;
	# The trace_seq test's shims likewise:
	#  MACRO_ARG_REUSE: DIV_ROUND_UP, min_t and get_unaligned, as the
	#   kernel's;
	#  CAMELCASE: C11's own _Static_assert and _Generic;
	#  AVOID_BUG: the definition of BUG_ON() itself.
	tools/testing/trace_seq/shim/*)
		ignore=$ignore,MACRO_ARG_REUSE,CAMELCASE,AVOID_BUG
		;;
	esac
	if ! out=$(perl "$BASE/scripts/checkpatch.pl" --no-tree --quiet --strict \
		--ignore "$ignore" -f "$ROOT/$f" 2>&1); then
		echo "$out"
		bad=$((bad + 1))
	fi
done
echo "checkpatch: $n files, $bad with complaints"
[ "$bad" = 0 ]
