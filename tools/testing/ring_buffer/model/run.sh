#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check the head-page protocol model (rb_head.pml) exhaustively with spin.
#
#   ./run.sh           check
#   ./run.sh --keep    keep the work directory (pan, trails) for replay
#
# Exit 0 only if the model of kernel/trace/ring_buffer.c verifies with no
# error in every configuration (1, 2 and 3 nested writers, with the
# reader), and every deliberately broken variant reports an error: four
# protocol steps removed (broken_*), and the code before commit b896d89
# with each of the three races the model found (old_*).
#
# Generated files (pan.*, pan, *.trail) go to a temporary directory
# ($RB_MODEL_TMP or mktemp), removed at the end unless --keep or a check
# failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
model=$here/rb_head.pml
keep=0
jobs=${RB_MODEL_JOBS:-2}

for arg in "$@"; do
	case $arg in
	--keep) keep=1 ;;
	*) echo "usage: $0 [--keep]" >&2; exit 2 ;;
	esac
done

for tool in spin gcc; do
	if ! command -v $tool >/dev/null; then
		echo "run.sh: $tool not found (apt-get install spin gcc)" >&2
		exit 2
	fi
done

work=${RB_MODEL_TMP:-$(mktemp -d /tmp/rb_model.XXXXXX)}
mkdir -p "$work"

# name | expect (pass/fail) | log2 of pan's hash table | spin -D options
# The table holds a slot a state: 2^24 for the two of 10 million states,
# 2^22 for the rest (2.4 million at most). A larger one costs seconds of
# page faults before the search starts (2^26: 4 s of broken_push's 5.6).
configs=(
	"nw1        pass 22 -DNW=1 -DB1=5 -DRB=4"
	"nw2        pass 22 -DNW=2 -DB1=2 -DB2=3 -DRB=3"
	"nw3a       pass 24 -DNW=3 -DB1=1 -DB2=1 -DB3=3 -DRB=2"
	"nw3b       pass 24 -DNW=3 -DB1=2 -DB2=1 -DB3=2 -DRB=2"
	"broken_push fail 22 -DBROKEN_PUSH -DNW=2 -DB1=2 -DB2=3 -DRB=3"
	"broken_swap fail 22 -DBROKEN_SWAP -DNW=2 -DB1=2 -DB2=3 -DRB=3"
	"broken_nmi  fail 22 -DBROKEN_NMI -DNW=3 -DB1=1 -DB2=1 -DB3=3 -DRB=2"
	"broken_ovr  fail 22 -DBROKEN_OVERRUN -DNW=2 -DB1=2 -DB2=3 -DRB=3"
	"old_reader  fail 22 -DOLD_READER -DNW=1 -DB1=5 -DRB=4"
	"old_lap     fail 22 -DOLD_LAP -DNW=2 -DB1=2 -DB2=3 -DRB=3"
	"old_stale   fail 22 -DOLD_STALE -DNW=2 -DB1=2 -DB2=3 -DRB=3"
)

# pan's depth bound: every configuration's search stays under 1000 steps
# deep; a search cut at the bound is a broken run, not a pass.
depth=100000

# run one configuration in $work/$name; writes $work/$name/result
run_one()
{
	local name=$1 expect=$2 hash=$3
	shift 3
	local opts="$*"
	local dir=$work/$name
	local start end secs states errors status what

	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$model" "$dir/"
	start=$(date +%s.%N)
	(
		cd "$dir" &&
		spin -a $opts rb_head.pml >spin.log 2>&1 &&
		gcc -O2 -DSAFETY -o pan pan.c >gcc.log 2>&1 &&
		nice ./pan -m$depth -w"$hash" >pan.log 2>&1
	)
	end=$(date +%s.%N)
	secs=$(echo "$end - $start" | bc)
	states=$(awk '/states, stored/ { print $1; exit }' "$dir/pan.log" 2>/dev/null)
	errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$dir/pan.log" 2>/dev/null)
	what=$(grep -m1 -E '^pan:1:' \
		"$dir/pan.log" 2>/dev/null | cut -c1-110)
	if [ -z "$errors" ] ||
		grep -q 'max search depth too small' "$dir/pan.log"; then
		status=BROKEN-RUN	# spin, gcc or pan did not finish
	elif [ "$expect" = pass ] && [ "$errors" = 0 ]; then
		status=ok
	elif [ "$expect" = fail ] && [ "$errors" != 0 ]; then
		status=ok
	else
		status=FAILED
	fi
	printf '%-12s %-5s %-10s %12s %8.1fs  %s\n' "$name" "$expect" "$status" \
		"${states:-?}" "$secs" "$what" >"$dir/result"
}

echo "model: $model"
echo "work dir: $work"
printf '%-12s %-5s %-10s %12s %9s  %s\n' config want result states time \
	"first error"

t0=$(date +%s.%N)
running=0
for c in "${configs[@]}"; do
	run_one $c &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
t1=$(date +%s.%N)

bad=0
for c in "${configs[@]}"; do
	set -- $c
	cat "$work/$1/result"
	grep -q ' ok ' "$work/$1/result" || bad=1
done
printf 'total %.1fs\n' "$(echo "$t1 - $t0" | bc)"

if [ $bad = 0 ]; then
	echo "PASS: the model verifies and every broken variant fails"
	[ $keep = 1 ] || rm -rf "$work"
	exit 0
fi
echo "FAIL: see README; replay a trail with:"
echo "  cd $work/<config> && spin -t -p -g <the -D options> rb_head.pml"
exit 1
