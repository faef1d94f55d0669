#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The steps of `make check`. Usage: run-check.sh NICE MODE CC UPSTREAM
#   MODE  all		the unit test, the upstream run, the teeth
#         upstream	the unit test on upstream's trace_seq.c/seq_buf.c
#         teeth		broken copies of trace_seq.c, which must each fail
# Prints one PASS/FAIL/SKIP line per step and a summary; exits 1 on failure.

nice_cmd=$1
mode=$2
cc=$3
upstream=$4
# shellcheck source=../lib/runner.sh
. ../lib/runner.sh
check_start .tscheck

unit() {
	run "unit test, our trace_seq.c (ASan+UBSan)" ./tsunit
}

upstream() {
	if [ ! -f "$upstream/kernel/trace/trace_seq.c" ]; then
		printf 'SKIP  unit test on upstream: no base source at %s\n' "$upstream"
		return
	fi
	if ! $nice_cmd make -s CC="$cc" UPSTREAM="$upstream" tsunit-upstream \
		>"$log" 2>&1; then
		bad "unit test on upstream's trace_seq.c: build"
		return
	fi
	run "unit test, upstream's trace_seq.c + seq_buf.c" ./tsunit-upstream
}

# The mutants: trace_seq.c broken so; the test must catch each.
mutant_src=../../../kernel/trace/trace_seq.c
mutant_bin=./.teeth/tsunit
mutant_args=
mutant_timeout=60
mutant_caught='^FAIL '
mutant_noun='checks failed'
mutant_build() {
	$nice_cmd make -s CC="$cc" tsunit-mutant
}

teeth() {
	mutant "formatted text fills the NUL's byte" \
		's/(unsigned int)len >= room/(unsigned int)len > room/'
	mutant "full is not sticky" \
		's/^\tif (s->full)$/\tif (0 \&\& s->full)/'
	mutant "refused putmem does not set full" \
		's/if (len > ts_room(s)) {/& if (0)/'
	mutant "putc cannot fill the last byte" \
		's/if (!ts_room(s)) {/if (ts_room(s) < 2) {/'
	mutant "putmem_hex ignores the byte order" \
		's/word\[n - 1 - i\]/word[i]/'
	mutant "putmem_hex forgets the spaces in its size" \
		's/2 \* len + DIV_ROUND_UP(len, TS_HEX_WORD)/2 * len/'
	mutant "hex dump keeps the lines that fitted" \
		'/^\ts->seq.len = start;$/d'
	mutant "path does not escape newlines" \
		's/mangle_path(start, name, "\\n")/mangle_path(start, name, "")/'
	mutant "to_user does not advance readpos" \
		's/s->readpos += n;/(void)n;/'
	mutant "print_seq resets on failure, not success" \
		's/^\tif (!ret)$/\tif (ret)/'
	mutant "a zeroed trace_seq is not initialized" \
		's/if (unlikely(!s->seq.size))/if (0)/'
	rm -rf .teeth
}

case $mode in
all)
	unit
	upstream
	teeth
	;;
upstream)
	upstream
	;;
teeth)
	teeth
	;;
*)
	echo "run-check.sh: unknown mode $mode" >&2
	exit 2
	;;
esac

summary trace_seq
