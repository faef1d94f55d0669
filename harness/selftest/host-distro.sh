#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The judgement of harness/distro-config.sh --check, on lists of its own:
# a lost list equal to the reference passes (comments, blank lines and
# the lines of an arch not checked are ignored); a symbol lost that the
# reference does not list fails, and so does a listed symbol that is no
# longer lost; each failure names the symbol.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
dc=$here/harness/distro-config.sh
# Its lists name both arches: judged as make check judges both, whatever
# ARCHES the caller checks (make check-quick: x86_64 alone).
export ARCHES="x86_64 arm64"

printf '%s\n' "arm64 KPROBE_EVENTS" "x86_64 KPROBE_EVENTS" "x86_64 MMIOTRACE" >"$tmp/lost"
printf '%s\n' "# a comment" "" "x86_64 MMIOTRACE" "arm64 KPROBE_EVENTS" \
	"x86_64 KPROBE_EVENTS" >"$tmp/ref"
out=$("$dc" --compare "$tmp/lost" "$tmp/ref") || fail "equal lists: $out"
echo "$out" | grep -q '^lost list as recorded: 3 symbols' || fail "equal lists said: $out"

# a newly lost symbol
grep -v MMIOTRACE "$tmp/ref" >"$tmp/ref-new"
if out=$("$dc" --compare "$tmp/lost" "$tmp/ref-new"); then
	fail "a symbol lost and not listed passed: $out"
fi
echo "$out" | grep -q '(a regression)' && echo "$out" | grep -qx '  x86_64 MMIOTRACE' ||
	fail "the regression not named: $out"

# a listed symbol that came back
cp "$tmp/ref" "$tmp/ref-back"
echo "arm64 UPROBES" >>"$tmp/ref-back"
if out=$("$dc" --compare "$tmp/lost" "$tmp/ref-back"); then
	fail "a listed symbol no longer lost passed: $out"
fi
echo "$out" | grep -q '^no longer lost' && echo "$out" | grep -qx '  arm64 UPROBES' ||
	fail "the symbol back not named: $out"

# an arch not checked: its lines in the reference are not judged
grep -v '^x86_64' "$tmp/lost" >"$tmp/lost-arm"
out=$(ARCHES=arm64 "$dc" --compare "$tmp/lost-arm" "$tmp/ref") ||
	fail "arm64 alone: $out"
echo "host-distro: ok"
