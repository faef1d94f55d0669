#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The steps of `make check`. Usage: run-check.sh NICE MODE SECONDS THREADS
#   MODE  all	unit + stress (ASan+UBSan), the same under TSan, the teeth
#         teeth	broken copies of tracing_map.c, which must each fail
# SECONDS and THREADS are the stress test's (the teeth run it shorter).
# Prints one PASS/FAIL line per step and a summary; exits 1 on failure.

nice_cmd=$1
mode=$2
seconds=$3
threads=$4
# shellcheck source=../lib/runner.sh
. ../lib/runner.sh
check_start .tmcheck
log_grep='FAIL|ERROR|Sanitizer|runtime'
run_fmt='%s: %s'
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"

tests() {
	run "unit + stress, $threads threads, ${seconds}s (ASan+UBSan)" \
		./tmunit all "$seconds" "$threads"
	run "unit + stress, $threads threads, ${seconds}s (TSan)" \
		./tmunit-tsan all "$seconds" "$threads"
}

# The mutants: the map broken so; the tests must catch each. The ASan
# build runs the unit test, then (if it passed) 1.5 s of stress; the
# TSan build is for the orderings x86 does not show.
mutant_src=../../../kernel/trace/hist/tracing_map.c
mutant_args="all 1.5 $threads"
mutant_timeout=60
mutant_caught='^FAIL \|AddressSanitizer\|ThreadSanitizer\|runtime error'
mutant_noun=failures
asan() {
	mutant_bin=./.teeth/tmunit
	mutant_target=tmunit-mutant
}
tsan() {
	mutant_bin=./.teeth/tmunit-tsan
	mutant_target=tmunit-tsan-mutant
}
mutant_build() {
	$nice_cmd make -s "$mutant_target"
}

teeth() {
	asan
	mutant "a slot claimed by a plain store, not cmpxchg" \
		's/sh = cmpxchg(&s->hash, 0, h);/WRITE_ONCE(s->hash, h);/'
	mutant "a lost claim passes the slot by, unread" \
		's/sh = cmpxchg(&s->hash, 0, h);/if (cmpxchg(\&s->hash, 0, h)) continue;/'
	mutant "the element published before its key is copied" \
		's/^\tmemcpy(elt->key, key, map->key_size);/\tsmp_store_release(\&s->elt, elt);\n&/'
	mutant "a slot being inserted passed by, not dropped" \
		's/break;\t\t\/\* being inserted/continue; \/\* being inserted/'
	mutant "the cursor advanced by a read and a write" \
		's/atomic_fetch_inc_relaxed(&map->next);/atomic_read(\&map->next); atomic_set(\&map->next, idx + 1);/'
	mutant "no check of the pool before claiming" \
		's/if ((unsigned int)atomic_read(&map->next) >= map->max)/if (0)/'
	mutant "a slot claimed too late left pending, not dead" \
		's/WRITE_ONCE(s->elt, &tm_dead);/;/'
	mutant "drops not counted" \
		's/atomic64_inc(&map->drops);/;/'
	mutant "hits of new elements not counted" \
		's/^\t\t\t\tgoto hit;$/\t\t\t\treturn elt;/'
	mutant "keys compared by their hash only" \
		's/!memcmp(elt->key, key, map->key_size)/1/'
	mutant "probes do not wrap at the table's end" \
		's/i = (i + 1) & map->slot_mask)/i++)/'
	mutant "clear does not reset the pool cursor" \
		'/^\tatomic_set(&map->next, 0);$/d'
	mutant "clear does not zero the elements" \
		's/memset((void \*)tm_elt(map, i) + head, 0, map->stride - head);/;/'
	mutant "read_var_once does not clear" \
		's/test_and_clear_bit(i, elt->vars_set)/test_bit(i, elt->vars_set)/'
	mutant "sort's adapter swaps its arguments" \
		's/return s->cmp(\*ea, \*eb, s->ctx);/return s->cmp(*eb, *ea, s->ctx);/'
	tsan
	mutant "the element published relaxed, not released (TSan)" \
		's/smp_store_release(&s->elt, elt);/WRITE_ONCE(s->elt, elt);/'
	mutant "the element read relaxed, not acquired (TSan)" \
		's/elt = smp_load_acquire(&s->elt);/elt = READ_ONCE(s->elt);/'
	rm -rf .teeth
}

case $mode in
all)
	tests
	teeth
	;;
teeth)
	teeth
	;;
*)
	echo "run-check.sh: unknown mode $mode" >&2
	exit 2
	;;
esac

summary tracing_map
