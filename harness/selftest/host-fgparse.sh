#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The in-guest tests' reader of function_graph output (FG_PARSE and
# fg_nesting in tools/testing/selftests/tracefs/lib.sh), on the host's
# awk (mawk, as the x86-64 guest's) and busybox's (the arm64 guest's):
# - a call over 1 ms without the CPU and time columns: its close begins
#   with the "#" overhead mark ("# 3823.568 us |    }", as upstream
#   prints it) and is a close, not a header line; the headers stay
#   skipped (the arm64 fnA boot of f5809b9 failed on that close,
#   taken for a header);
# - nesting that holds passes, with its counts; a call left open and a
#   close at the wrong depth fail, each with its reason.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir "$tmp/bb"
ln -s "$(command -v busybox)" "$tmp/bb/awk"

good=$tmp/good
cat >"$good" <<'TRACE'
# tracer: function_graph
#
#  DURATION                  FUNCTION CALLS
#   |   |                     |   |   |   |
              |  vfs_read() {
              |    seq_read_iter() {
+ 41.824 us   |      version_proc_show();
# 3823.568 us |    }
# 3889.584 us |  }
              |  vfs_read() {
+ 12.736 us   |    seq_read_iter();
+ 23.760 us   |  }
TRACE
# The calls at depths 1 and 0 left open: their closes are gone.
sed '8,9d' "$good" >"$tmp/open"
# A close at the wrong depth.
sed 's/^# 3889.584 us |  }$/# 3889.584 us |    }/' "$good" >"$tmp/depth"

for a in mawk busybox; do
	if [ $a = busybox ]; then p=$tmp/bb:$PATH; else p=$PATH; fi
	# (the guest's shell reads lib.sh; its fail and T are not used here)
	lib() { PATH=$p sh -c ". '$here/tools/testing/selftests/tracefs/lib.sh'; $1"; }
	# (durations printed as awk prints numbers: %.6g)
	kinds=$(lib "awk \"\$FG_PARSE\"'{ fg_parse(\$0); print fg_kind, fg_depth, fg_mark, fg_dur }' '$good'" | tr '\n' ',')
	want="skip -1  -1,skip -1  -1,skip -1  -1,skip -1  -1,open 0  -1,open 1  -1,leaf 2 + 41.824,close 1 # 3823.57,close 0 # 3889.58,open 0  -1,leaf 1 + 12.736,close 0 + 23.76,"
	[ "$kinds" = "$want" ] || fail "$a: fg_parse read '$kinds', want '$want'"
	got=$(lib "fg_nesting '$good'") || fail "$a: fg_nesting of good nesting: $got"
	[ "$got" = "3 2 3 0" ] || fail "$a: fg_nesting counted '$got', want '3 2 3 0'"
	if got=$(lib "fg_nesting '$tmp/open'"); then
		fail "$a: fg_nesting passed a call left open: $got"
	fi
	case $got in "depth 0 inside a call at depth 1: line 8:"*) ;;
	*) fail "$a: fg_nesting of a call left open: '$got'" ;; esac
	if got=$(lib "fg_nesting '$tmp/depth'"); then
		fail "$a: fg_nesting passed a close at the wrong depth: $got"
	fi
	case $got in "a close at depth 1 of the call at depth 0: line 9:"*) ;;
	*) fail "$a: fg_nesting of a close at the wrong depth: '$got'" ;; esac
	echo "ok: $a: a call over 1 ms closes with its # mark; nesting faults found"
done
