#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every file of files.txt exists in tracefs with upstream's mode.
. "$TESTDIR/lib.sh"

bad=0 n=0
while read -r mode path flavors; do
	case $mode in '#'* | '') continue ;; esac
	if [ -n "$flavors" ]; then
		case " $flavors " in *" $flavor "* | *" $flavor@$arch "*) ;; *) continue ;; esac
	fi
	n=$((n + 1))
	if [ ! -e "$T/$path" ]; then
		echo "missing: $path"
		bad=$((bad + 1))
		continue
	fi
	got=$(stat -c %a "$T/$path")
	if [ "$got" != "$mode" ]; then
		echo "mode of $path: $got, upstream has $mode"
		bad=$((bad + 1))
	fi
done <"$TESTDIR/files.txt"
echo "$n files checked, $bad wrong"
[ "$n" -gt 0 ] || fail "files.txt listed nothing for flavor $flavor"
[ "$bad" = 0 ] || fail "$bad of $n files missing or with the wrong mode"
