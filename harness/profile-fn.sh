#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Where switching the function tracer on and off spends its time, in
# guest instructions, upstream beside ours (x86-64). Each kernel boots
# once under the instruction counter's profile mode
# (harness/qemu-plugin/insn-count.c, profile=on): the guest
# (harness/guest/profile-fn-guest.sh) writes "function", then "nop", to
# current_tracer between the counter's markers, and every kernel block
# that any vCPU runs meanwhile is counted. Counts do not move with the
# host's load, which bench-fn's milliseconds do; they leave out what
# takes time without instructions (a vCPU waiting for another under one
# TCG thread, idle).
#
# Prints, for enable and disable: the kernel instructions each kernel
# ran, their ratio ours/upstream, and the functions with the most
# instructions in either kernel, side by side with their calls (System.map
# symbols; a block is counted to the function it starts in; a function's
# calls are the runs of its first block).
# Usage: profile-fn.sh   (kernels built as for make check: upstream, ours)
# Environment: ACCEL (tcg,thread=single), TOP (functions listed, 40).
set -eu
. "$(dirname "$0")/common.sh"
arch=x86_64
export ACCEL=${ACCEL:-tcg,thread=single}
for f in upstream ours; do
	[ -f "$(build_dir "$f" "$arch" "")/System.map" ] ||
		die "no $f kernel for $arch; build it first (harness/build.sh $f $arch)"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/fn"
gcc -static -O2 -Wall -o "$work/fn/fn-write" "$HARNESS/guest/fn-write.c" ||
	die "cannot build the workload (static glibc: libc6-dev)"
gcc -shared -fPIC -O2 -Wall -fvisibility=hidden -o "$work/insn-count.so" \
	"$HARNESS/qemu-plugin/insn-count.c" || die "cannot build the plugin"

for f in upstream ours; do
	say "profiling $f"
	QEMU_ARGS="-plugin $work/insn-count.so,profile=on -d plugin" \
		"$HARNESS/guest.sh" -a "$arch" -f "$f" -n profile-fn -t 900 \
		-d "$work/fn" "$HARNESS/guest/profile-fn-guest.sh" >"$work/$f.log" 2>&1 ||
		{ cat "$work/$f.log" >&2; die "the $f guest failed"; }
	grep -q '^profile-fn: done' "$work/$f.log" ||
		{ cat "$work/$f.log" >&2; die "the $f guest did not finish"; }
	tr -d '\r' <"$OUT/runs/$arch-$f-profile-fn/console.log" |
		grep -a '^insn-prof: ' >"$work/$f.prof"
	[ "$(grep -c '^insn-prof: end' "$work/$f.prof")" = 2 ] ||
		die "$f: not two profiles in its console log"
	cp "$(build_dir "$f" "$arch" "")/System.map" "$work/$f.map"
done

python3 - "$work" "${TOP:-40}" "$HARNESS" <<'PY'
import sys
work, top = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, sys.argv[3])
from sysmap import TextSymbols

# A profile: {function: [instructions, calls]}; calls are the runs of
# the block that starts at the function's first byte.
def profiles(flavor):
    syms = TextSymbols("%s/%s.map" % (work, flavor))
    out, cur = [], {}
    with open("%s/%s.prof" % (work, flavor)) as f:
        for line in f:
            p = line.split()
            if p[1] == "end":
                out.append(cur)
                cur = {}
                continue
            va, n, runs = int(p[1], 16), int(p[2]), int(p[3])
            found = syms.find(va, 0x10000)
            name = found[0] if found else "(outside the kernel: trampolines, modules)"
            e = cur.setdefault(name, [0, 0])
            e[0] += n
            if found and va == found[1]:
                e[1] += runs
    return out

up, ours = profiles("upstream"), profiles("ours")
for k, op in enumerate(("enable: echo function > current_tracer",
                        "disable: echo nop > current_tracer")):
    u, o = up[k], ours[k]
    tu = sum(v[0] for v in u.values())
    to = sum(v[0] for v in o.values())
    print("%s\n  kernel instructions: upstream %d, ours %d, ours/upstream %.3f"
          % (op, tu, to, to / tu if tu else float("nan")))
    names = sorted(set(u) | set(o),
                   key=lambda n: -max(u.get(n, [0])[0], o.get(n, [0])[0]))
    print("  %-40s %12s %9s %12s %9s" % ("function", "upstream", "calls",
                                          "ours", "calls"))
    for n in names[:top]:
        a, b = u.get(n, [0, 0]), o.get(n, [0, 0])
        print("  %-40s %12d %9d %12d %9d" % (n[:40], a[0], a[1], b[0], b[1]))
PY
