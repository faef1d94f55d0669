#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The steps of `make check`. Usage: run-check.sh NICE MODE
#   MODE  all	the unit test, the header check, the teeth
#         teeth	broken copies of trace_events_filter.c, which must each fail
# Prints one PASS/FAIL line per step and a summary; exits 1 on failure.

nice_cmd=$1
mode=$2
hdr=../../../include/linux/trace_events.h
# shellcheck source=../lib/runner.sh
. ../lib/runner.sh
check_start .tfcheck
run_fmt='%s: %s'

unit() {
	run "unit test (ASan+UBSan)" ./tfunit
}

# The shim's struct ftrace_event_field must be the kernel header's.
header() {
	fields() {
		sed -n '/^struct ftrace_event_field {/,/^};/p' "$1" |
			tr -s ' \t' ' ' | sed 's/ *\/\*.*//'
	}
	if [ "$(fields "$hdr")" = "$(fields shim/linux/trace_events.h)" ] &&
	   [ -n "$(fields "$hdr")" ]; then
		ok "shim's struct ftrace_event_field matches trace_events.h"
	else
		: >"$log"
		bad "shim's struct ftrace_event_field differs from trace_events.h"
	fi
}

# The mutants: the engine broken so; the test must catch each.
mutant_src=../../../kernel/trace/trace_events_filter.c
mutant_bin=./.teeth/tfunit
mutant_args=2000
mutant_timeout=120
mutant_caught='^FAIL \|LeakSanitizer'
mutant_noun=failures
mutant_build() {
	$nice_cmd make -s tfunit-mutant
}

teeth() {
	mutant "'<' inverted" \
		's/return is_signed ? a < b : ua < ub;/return is_signed ? a >= b : ua >= ub;/'
	mutant "signedness ignored" \
		's/in->is_signed = field->is_signed;/in->is_signed = false;/'
	mutant "|| binds tighter than &&" \
		's/return kind == FN_AND ? 2 : kind == FN_OR ? 1 : 0;/return kind == FN_AND ? 1 : kind == FN_OR ? 2 : 0;/'
	mutant "a group's '!' is lost" \
		's/p->ops\[--p->nr_ops\].negated;/!!p->ops[--p->nr_ops].negated * 0;/'
	mutant "*x compares the string's end for arrays too" \
		's/n = len - 1;/n = len ? (int)strnlen(str, len) : -1;/'
	mutant "!= on strings is ==" \
		's/in->negate = in->op == FOP_NE;/in->negate = false;/'
	mutant "a missing field reported at its start" \
		's/FILT_ERR_FIELD_NOT_FOUND, j + 1,/FILT_ERR_FIELD_NOT_FOUND, start,/'
	mutant "jumps on the wrong outcome" \
		's/in->jump_on = true;/in->jump_on = false;/'
	mutant "unbalanced quote gives -EINVAL" \
		's/FILT_ERR_MISSING_QUOTE, quote_at, -ESRCH)/FILT_ERR_MISSING_QUOTE, quote_at, -EINVAL)/'
	mutant "leaks a failed term's pattern" \
		's/kfree(p->f->prog\[p->f->nr\].pat);/;/'
	rm -rf .teeth
}

case $mode in
all)
	unit
	header
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

summary trace_filter
