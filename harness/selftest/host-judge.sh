#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's judgement, on a copy of the repository:
# - the reference key: the recorded inputs hold for the tree as it is,
#   also after a change to a host test of the harness; a changed test,
#   a new test, a change to our ring buffer (rb's results hang on it)
#   and another base version each make it stale, with the message make
#   check fails with and the input named;
# - make check-reference's choice of the boots to run again: those whose
#   record ran a changed test, or all of them when anything else changed;
# - a boot's TAP output: a skip that expected-skips lists counts as a
#   skip; one it does not list, and a boot in which no test passed
#   (every test skipped, or none ran), fail.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

repo=$tmp/repo
mkdir -p "$repo"
(cd "$here" && git ls-files -co --exclude-standard -z) |
	(cd "$here" && xargs -0 cp --parents -t "$repo")
git -C "$repo" init -q
mkdir -p "$repo/out/base"
echo 6.1.0-test >"$repo/out/base/.unpacked"

# The functions, on the copy.
run() { # SNIPPET: run it in a shell with the harness's libraries
	OUT=$repo/out bash -c ". '$repo/harness/common.sh'
		. '$repo/harness/jobs.sh'
		. '$repo/harness/boots.sh'
		. '$repo/harness/reference.sh'
		. '$repo/harness/checklib.sh'
		logdir=$tmp; $1"
}

# Record a key for the copy as it is, as check-reference would.
rm -rf "$repo/harness/reference/upstream"
mkdir -p "$repo/harness/reference/upstream"
run 'ref_manifest >"$REF_DIR/inputs.txt"; echo "recorded: test" >"$REF_DIR/summary.txt"'
out=$(run ref_check) || fail "a fresh key is stale: $out"
case $out in *holds*) ;; *) fail "a fresh key says '$out'" ;; esac

t=$(cd "$repo" && ls tools/testing/selftests/tracefs/test_*.sh | head -n 1)
echo "# a change" >>"$repo/$t"
out=$(run ref_check) && fail "a changed test left the key holding: $out"
case $out in "reference stale: run make check-reference"*"$t"*) ;; *) fail "a changed test: '$out'" ;; esac
git -C "$here" show "HEAD:$t" >"$repo/$t" 2>/dev/null || cp "$here/$t" "$repo/$t"
run ref_check >/dev/null || fail "the test restored, the key is still stale"

# The harness's host tests are no boot's input.
echo "# a change" >>"$repo/harness/selftest/host-judge.sh"
out=$(run ref_check) || fail "a changed host test made the key stale: $out"
cp "$here/harness/selftest/host-judge.sh" "$repo/harness/selftest/host-judge.sh"

# rb's results hang on our ring buffer.
echo "/* a change */" >>"$repo/kernel/trace/ring_buffer.c"
out=$(run ref_check) && fail "a ring buffer change left the key holding"
case $out in *kernel/trace/ring_buffer.c*) ;; *) fail "the ring buffer is not named: '$out'" ;; esac
cp "$here/kernel/trace/ring_buffer.c" "$repo/kernel/trace/ring_buffer.c"
run ref_check >/dev/null || fail "the ring buffer restored, the key is still stale"

echo 'exit 0' >"$repo/tools/testing/selftests/tracefs/test_zz_new.sh"
out=$(run ref_check) && fail "a new test left the key holding"
case $out in *test_zz_new.sh*) ;; *) fail "a new test is not named: '$out'" ;; esac
rm "$repo/tools/testing/selftests/tracefs/test_zz_new.sh"

echo 6.1.1-test >"$repo/out/base/.unpacked"
out=$(run ref_check) && fail "another base version left the key holding"
case $out in *"base "*) ;; *) fail "the base is not named: '$out'" ;; esac
echo 6.1.0-test >"$repo/out/base/.unpacked"

# make check-reference's run of the changed tests' boots: only the
# recorded boots that ran a changed test, and a full run for anything
# else.
rerun() { # prints the TAP files ref_rerun names, or "full"
	run 'ref_manifest >"$logdir/now.txt"; ref_rerun "$logdir/now.txt"' || echo full
}
t1=$(cd "$repo" && ls tools/testing/selftests/tracefs/test_*.sh | sed -n 1p)
t2=$(cd "$repo" && ls tools/testing/selftests/tracefs/test_*.sh | sed -n 2p)
n1=${t1##*/} n1=${n1%.sh} n2=${t2##*/} n2=${n2%.sh}
ref=$repo/harness/reference/upstream
printf 'ok 1 %s\nok 2 %s_more # SKIP why\n' "$n1" "$n2" >"$ref/a-x86_64-upstream.tap"
printf 'ok 1 %s\nnot ok 2 %s # exit 1\n' "$n2" "$n1" >"$ref/b-x86_64-rb.tap"
printf 'ok 1 test_other\n' >"$ref/c-x86_64-upstream.tap"
r=$(rerun)
[ "$r" = full ] || fail "nothing changed, and ref_rerun says '$r'"
echo "# a change" >>"$repo/$t1"
r=$(rerun)
[ "$r" = "a-x86_64-upstream.tap b-x86_64-rb.tap" ] || fail "$n1 changed: '$r'"
cp "$here/$t1" "$repo/$t1"
echo "# a change" >>"$repo/$t2"
r=$(rerun)
[ "$r" = "b-x86_64-rb.tap" ] || fail "$n2 changed (${n2}_more is another test): '$r'"
echo "# a change" >>"$repo/tools/testing/selftests/tracefs/lib.sh"
r=$(rerun)
[ "$r" = full ] || fail "lib.sh and $n2 changed: '$r'"
cp "$here/tools/testing/selftests/tracefs/lib.sh" "$repo/tools/testing/selftests/tracefs/"
echo 'exit 0' >"$repo/tools/testing/selftests/tracefs/test_zz_new.sh"
r=$(rerun)
[ "$r" = full ] || fail "a new test whose boots have no record, and $n2 changed: '$r'"
# With records of the boots that would run it (the main suite's, on
# upstream and rb), a new test reruns those.
printf 'ok 1 test_other\n' >"$ref/suite-x86_64-upstream.tap"
printf 'ok 1 test_other\n' >"$ref/rest-x86_64-rb.tap"
r=$(rerun)
[ "$r" = "b-x86_64-rb.tap suite-x86_64-upstream.tap rest-x86_64-rb.tap" ] ||
	fail "a new test and $n2 changed: '$r'"
# A new module that only the new test loads goes with it; a change of
# a module that an unchanged test loads needs everything.
mkdir -p "$repo/harness/modules/zz"
echo '/* new */' >"$repo/harness/modules/zz/harness_zz.c"
echo 'insmod harness_zz.ko' >>"$repo/tools/testing/selftests/tracefs/test_zz_new.sh"
r=$(rerun)
[ "$r" = "b-x86_64-rb.tap suite-x86_64-upstream.tap rest-x86_64-rb.tap" ] ||
	fail "a new module with its test: '$r'"
echo '/* a change */' >>"$repo/harness/modules/regs/harness_regs.c"
r=$(rerun)
[ "$r" = full ] || fail "a change of a module an unchanged test loads: '$r'"
cp "$here/harness/modules/regs/harness_regs.c" "$repo/harness/modules/regs/"
rm -r "$repo/harness/modules/zz" "$ref/suite-x86_64-upstream.tap" \
	"$ref/rest-x86_64-rb.tap"
rm "$repo/tools/testing/selftests/tracefs/test_zz_new.sh"
cp "$here/$t2" "$repo/$t2"
run ref_check >/dev/null || fail "the tests restored, the key is still stale"

# judge TAP-LINES RC: the result lines judge_tap records for a boot of
# ours on x86-64 named "suite".
judge() {
	printf '%b' "$1" >"$tmp/out.tap"
	: >"$tmp/res"
	run "JOB_RES=$tmp/res; EXPECTED_SKIPS=$tmp/skips; judge_tap $tmp/out.tap x86_64 ours suite $2" >/dev/null
	cut -f1,2 "$tmp/res" | tr '\t\n' ' |'
}
printf '# a comment\ntest_b\tx86_64\tours\tsuite\tthe reason\ntest_c\tarm64\t*\t*\tnot here\n' >"$tmp/skips"
r=$(judge 'ok 1 test_a\nok 2 test_b # SKIP why\n' 0)
[ "$r" = "C 1 0 1|" ] || fail "an expected skip: '$r'"
r=$(judge 'ok 1 test_a\nok 2 test_c # SKIP why\n' 0)
case $r in "C 1 1 0|X "*) ;; *) fail "a skip listed for another arch: '$r'" ;; esac
r=$(judge 'ok 1 test_a\nok 2 test_d # SKIP why\n' 0)
case $r in "C 1 1 0|X "*) ;; *) fail "an unexpected skip: '$r'" ;; esac
r=$(judge 'ok 1 test_b # SKIP why\n' 0)
case $r in *"F guest run"*) ;; *) fail "a boot with only a skip: '$r'" ;; esac
r=$(judge 'TAP version 13\n1..0\n' 0)
case $r in *"F guest run"*) ;; *) fail "a boot with no test: '$r'" ;; esac
r=$(judge 'ok 1 test_a\nnot ok 2 test_e # exit 1\n' 1)
case $r in "C 1 1 0|X "*) ;; *) fail "a failing test: '$r'" ;; esac
r=$(judge 'ok 1 test_a\n' 125)
case $r in *"F guest run"*) ;; *) fail "a kernel report (exit 125): '$r'" ;; esac
echo "the reference key and the TAP judgement hold"
