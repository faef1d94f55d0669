#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# sparse on our C files: the kernel's `make C=2 CHECK=sparse` over the
# objects of flavor ours built from files of ours (kernel/trace/*.c,
# arch/*/kernel/ftrace.c: every .c of ours the configuration builds) and
# over the harness's test modules, in the existing build directories.
# Those are expected up to date (harness/build.sh first): make then only
# re-runs the checker; an object whose source changed since is rebuilt.
# Not beside a build in the same build directory, nor beside tree.sh
# ours without NO_BUILD=1 (below).
#
# A warning counts when its file:line is in a file of ours (sparse also
# warns in upstream headers our files include, which are not ours to fix;
# a warning in a header of ours counts once, whichever file included it).
# sparse puts a warning inside a macro where the macro is expanded: what
# our TRACE_EVENT() stages give counts through our own event headers
# (harness/modules/evtest, which has every form, kernel/trace/
# trace_benchmark.h), not through upstream's include/trace/events/.
# Each warning that counts must be listed with its reason in
# harness/reference/sparse-accepted, as
#	PATH<TAB>WARNING<TAB>REASON
# (PATH relative to the repository, WARNING the text after sparse's
# "file:line:col: warning: ", errors as "error: TEXT"; both matched
# exactly); any other is printed and fails the run. An accepted entry that
# no warning matched is noted, not a failure (it may be another arch's).
#
# Usage: sparse.sh [-a] [-v VARIANT] [ARCH[:VARIANT]...]
#   ARCH: x86_64 and/or arm64 (default: both)
#   -v VARIANT: that variant's build directory (selftest has the tracers'
#   self-tests, kernel/trace/trace_selftest*.c); ARCH:VARIANT gives one
#   arch its own (make check: x86_64 arm64:debug)
#   -a: every object of the build, so that what sparse finds in our headers
#   (linux/ftrace.h, linux/trace_events.h...) from upstream's files counts
#   too: some 1200 files, a quarter of an hour or more instead of a minute
# NO_BUILD=1: take out/ours/src as it is (make check has just built it)
# instead of bringing it up to date with tree.sh first.
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/manifest.sh"

usage="usage: sparse.sh [-a] [-v VARIANT] [ARCH[:VARIANT]...]"
variant0='' every=''
while getopts av: o; do
	case $o in
	a) every=1 ;;
	v) variant0=$OPTARG ;;
	*) die "$usage" ;;
	esac
done
shift $((OPTIND - 1))
arches=${*:-x86_64 arm64}
for spec in $arches; do arch_setup "${spec%%:*}"; done
accepted=$HARNESS/reference/sparse-accepted
command -v sparse >/dev/null || die "no sparse: run harness/deps.sh"
awk -F'\t' '
	/^[ \t]*(#|$)/ { next }
	NF != 3 || $1 == "" || $2 == "" || $3 == "" {
		print FILENAME ":" FNR ": want PATH<TAB>WARNING<TAB>REASON"
		bad = 1
	}
	END { exit bad }
' "$accepted" >&2 || die "malformed $accepted"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ "${NO_BUILD:-0}" = 1 ] || "$HARNESS/tree.sh" ours >/dev/null
src=$(flavor_src ours)
# The files whose warnings count: ours, and the harness modules' (by the
# name build.sh copies them under, into BUILD/harness-modules).
our_files >"$tmp/ours"
(cd "$ROOT" && git ls-files -co --exclude-standard harness/modules) |
	grep -E '\.[ch]$' >"$tmp/mods" || true
: >"$tmp/used"

new=0
for spec in $arches; do
	t0=$(date +%s)
	arch=${spec%%:*} variant=$variant0
	[ "$arch" = "$spec" ] || variant=${spec#*:}
	bdir=$(build_dir ours "$arch" "$variant")
	[ -f "$bdir/vmlinux" ] ||
		die "no kernel in $bdir: harness/build.sh ours $arch $variant first"
	objs=$(grep '\.c$' "$tmp/ours" | while read -r f; do
		[ ! -f "$bdir/${f%.c}.o" ] || echo "${f%.c}.o"
	done)
	[ -n "$objs" ] || die "no object of ours in $bdir"
	[ -z "$every" ] || objs=all
	log=$OUT/logs/sparse-ours-$arch${variant:+-$variant}.log
	mkdir -p "$OUT/logs"
	# make writes in the build directory (its try-run files, the
	# modules' copies): under the directory's lock, as build.sh's builds
	# and seed-build.sh's copy of it are.
	exec 8>"$bdir.lock"
	flock 8
	# shellcheck disable=SC2086
	kmake ours "$arch" "$variant" -j"$JOBS" C=2 CHECK=sparse $objs \
		>"$log" 2>&1 || {
		tail -n 30 "$log" >&2
		die "make C=2 failed on $arch (log: $log)"
	}
	mdir=$bdir/harness-modules
	if [ -f "$mdir/Kbuild" ]; then
		for f in "$HARNESS"/modules/*/*.[ch] "$HARNESS"/modules/Kbuild; do
			cmp -s "$f" "$mdir/${f##*/}" || cp "$f" "$mdir/"
		done
		kmake ours "$arch" "$variant" -j"$JOBS" C=2 CHECK=sparse \
			M="$mdir" modules >>"$log" 2>&1 || {
			tail -n 30 "$log" >&2
			die "make C=2 of the harness modules failed on $arch (log: $log)"
		}
	fi
	exec 8>&-
	# sparse's lines are FILE:LINE:COL: warning: TEXT (or error:), each
	# followed by its FILE:LINE:COL:    details (expected/got types...).
	# A warning of a header comes once per file including it: kept once.
	counts=$(awk -F'\t' -v src="$src/" -v mdir="$mdir/" \
		-v used="$tmp/used" -v report="$tmp/report" '
		FILENAME == ARGV[1] { ours[$1] = 1; next }
		FILENAME == ARGV[2] { n = split($1, p, "/"); mod[p[n]] = $1; ours[$1] = 1; next }
		FILENAME == ARGV[3] {
			if ($0 !~ /^[ \t]*(#|$)/)
				acc[$1 "\t" $2] = 1
			next
		}
		function ours_path(f) {
			if (index(f, src) == 1)
				return substr(f, length(src) + 1)
			if (index(f, mdir) == 1)
				return mod[substr(f, length(mdir) + 1)]
			return f
		}
		/^  CHECK   / {
			if ((ours_path(substr($0, 11)) in ours))
				checked++
			next
		}
		!match($0, /^[^: ]+:[0-9]+:[0-9]+: /) { next }
		{
			split(substr($0, 1, RLENGTH - 2), loc, ":")
			text = substr($0, RLENGTH + 1)
			f = ours_path(loc[1])
			if (text !~ /^(warning|error): /) {
				# details of the warning above
				if (cur)
					print "    " text >report
				next
			}
			msg = text
			sub(/^warning: /, "", text)
			cur = 0
			if (!(f in ours) || (f ":" loc[2] ":" loc[3] ": " text) in seen)
				next
			seen[f ":" loc[2] ":" loc[3] ": " text] = 1
			all++
			if ((f "\t" text) in acc) {
				print f "\t" text >used
				next
			}
			cur = 1
			fresh++
			print f ":" loc[2] ":" loc[3] ": " msg >report
		}
		END { print checked + 0, all + 0, fresh + 0 }
	' "$tmp/ours" "$tmp/mods" "$accepted" "$log")
	read -r checked all fresh <<<"$counts"
	[ "$checked" -gt 0 ] || die "sparse checked no file of ours on $arch (log: $log)"
	[ ! -s "$tmp/report" ] || cat "$tmp/report"
	rm -f "$tmp/report"
	new=$((new + fresh))
	say "sparse ours/$arch${variant:+/$variant}: $checked files of ours checked in" \
		"$(($(date +%s) - t0)) s; $all warnings in files of ours," \
		"$((all - fresh)) accepted, $fresh new (log: $log)"
done

# Accepted entries that matched nothing on these arches.
awk -F'\t' '
	FILENAME == ARGV[1] { used[$1 "\t" $2] = 1; next }
	/^[ \t]*(#|$)/ { next }
	!(($1 "\t" $2) in used) { print "note: accepted, not seen: " $1 ": " $2 }
' "$tmp/used" "$accepted" >&2
[ "$new" = 0 ] || die "$new sparse warnings in files of ours are not in $accepted"
