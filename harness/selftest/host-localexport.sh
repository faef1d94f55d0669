#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check_local_exports (harness/common.sh), which replaces Kbuild's
# per-object check-local-export in our builds: an object that exports a
# static function or variable fails the check, with Kbuild's message;
# global exports, undefined symbols and objects without exports pass;
# a directory without objects fails.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/harness/common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# obj NAME C-SOURCE: compile one object into $tmp/NAME/ (an export is a
# __ksymtab_ symbol, as EXPORT_SYMBOL makes it)
obj() {
	mkdir -p "$tmp/$1"
	printf '%s\n' "$2" >"$tmp/$1/a.c"
	gcc -O2 -c -o "$tmp/$1/a.o" "$tmp/$1/a.c"
}
obj good 'extern int other(void);
int shown(void) { return other(); }
const void *__ksymtab_shown = shown;
static int hidden(void) { return 2; }
int use(void) { return hidden(); }'
obj badfn 'static int __attribute__((noinline)) hidden(void) { return 2; }
int use(void) { return hidden(); }
const void *__ksymtab_hidden = hidden;'
obj badvar 'static int counter = 3;
int *use(void) { return &counter; }
const void *__ksymtab_counter = &counter;'
cp "$tmp/good/a.o" "$tmp/badvar/b.o"

out=$(check_local_exports x86_64 "$tmp/good" 2>&1) ||
	fail "a global export failed the check: $out"
echo "a global export, an undefined symbol and a static one not exported: pass"
for d in badfn badvar; do
	if out=$(check_local_exports x86_64 "$tmp/$d" 2>&1); then
		fail "$d: a static symbol exported passed: $(nm "$tmp/$d/a.o" | tr '\n' ' ')"
	fi
	case $out in
	*"$tmp/$d/a.o: error: local symbol "*" was exported"*) ;;
	*) fail "$d: not Kbuild's message: $out" ;;
	esac
	case $out in *b.o*) fail "$d: the good object was reported: $out" ;; esac
done
echo "a static function or variable exported: fails, with Kbuild's message"
mkdir "$tmp/empty"
if out=$(check_local_exports x86_64 "$tmp/empty" 2>&1); then
	fail "a directory without objects passed"
fi
echo "no object read: fails ($out)"
echo "host-localexport: ok"
