#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tracing_cpumask as in upstream 6.1: it reads as the hex mask of the
# possible CPUs ("3" for two), but only into a buffer that holds it all
# (else EINVAL); a hex mask written is read back; a CPU out
# of the mask records nothing (its marker writes get EBADF) while the
# others go on, and it records again once back in; an empty mask is
# allowed; a mask that is not hex is EINVAL, one with bits past the last
# possible CPU EOVERFLOW, and neither changes the mask.
. "$TESTDIR/lib.sh"

# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
get() { v=; IFS= read -r v <"$1"; }
# cpus LIST: the CPUs of a cpulist ("0-1,3") into $cpus.
cpus() {
	cpus= ifs=$IFS
	IFS=,
	for r in $1; do
		i=${r%-*}
		while [ $i -le ${r#*-} ]; do
			cpus="$cpus $i"
			i=$((i + 1))
		done
	done
	IFS=$ifs
}
get /sys/devices/system/cpu/possible
cpus "$v"
set -- $cpus
n=$#
get /sys/devices/system/cpu/online
cpus "$v"
online=$cpus
[ "$n" -le 31 ] || skip "the test's arithmetic handles up to 31 CPUs"
set -- $online
[ $# -ge 2 ] || skip "needs two online CPUs"
all=$(printf '%x' $(((1 << n) - 1)))
cleanup() {
	echo "$all" >"$T/tracing_cpumask"
	reset_tracing
}
trap cleanup EXIT
reset_tracing

# (cat: tracing_cpumask refuses reads into a buffer that cannot hold it
# all, so the shell's byte-by-byte read gets EINVAL.)
mask() { cat "$T/tracing_cpumask"; }
[ "$(mask)" = "$all" ] || fail "tracing_cpumask reads '$(mask)', want '$all' for $n possible CPUs"
err=$(dd if="$T/tracing_cpumask" bs=1 count=1 2>&1 >/dev/null)
case $err in *"Invalid argument"*) ;; *) fail "a 1-byte read of tracing_cpumask got '$err', want EINVAL" ;; esac
# mark_err CPU TEXT: prints what the write got ("ok" or the errno's text).
mark_err() { taskset -c "$1" sh -c '. "$TESTDIR/lib.sh"; write_err "$1" "$2"' sh "$T/trace_marker" "$2"; }
# mark CPU TEXT: succeeds if the write did.
mark() { taskset -c "$1" sh -c 'echo "$1" >"$2"' sh "$2" "$T/trace_marker" 2>/dev/null; }
has() {
	while IFS= read -r l; do case $l in *"tracing_mark_write: $1") return 0 ;; esac; done <"$T/trace"
	return 1
}

for c in $online; do
	others=
	for o in $online; do [ $o = $c ] || others="$others $o"; done
	m=$(printf '%x' $((((1 << n) - 1) & ~(1 << c))))
	echo "$m" >"$T/tracing_cpumask" || fail "tracing_cpumask refused $m"
	[ "$(mask)" = "$m" ] || fail "tracing_cpumask reads '$(mask)' after writing $m"
	got=$(mark_err "$c" "cpumask-out-$c-$$")
	[ "$got" = "Bad file descriptor" ] || fail "a marker on cpu$c, out of the mask, got '$got', want EBADF"
	has "cpumask-out-$c-$$" && fail "cpu$c recorded while out of tracing_cpumask ($m)"
	for o in $others; do
		mark "$o" "cpumask-in-$o-$c-$$" || fail "a marker on cpu$o (in the mask $m) failed"
		has "cpumask-in-$o-$c-$$" || fail "cpu$o did not record with mask $m"
	done
	echo "$all" >"$T/tracing_cpumask" || fail "tracing_cpumask refused $all"
	mark "$c" "cpumask-back-$c-$$" || fail "a marker on cpu$c back in the mask failed"
	has "cpumask-back-$c-$$" || fail "cpu$c did not record again when back in the mask"
done
echo "each CPU out of the mask records nothing, the others go on"

# The empty mask: nothing records.
echo 0 >"$T/tracing_cpumask" || fail "tracing_cpumask refused 0"
[ "$(mask)" = 0 ] || fail "tracing_cpumask reads '$(mask)' after writing 0"
for c in $online; do
	mark "$c" "cpumask-none-$c-$$" && fail "cpu$c took a marker with mask 0"
	has "cpumask-none-$c-$$" && fail "cpu$c recorded with mask 0"
done
printf '%s\n' "$all" >"$T/tracing_cpumask" || fail "tracing_cpumask refused '$all\\n'"
[ "$(mask)" = "$all" ] || fail "tracing_cpumask reads '$(mask)' after '$all\\n'"

# Bad masks.
for bad in zz 0x3 -1; do
	expect_err "$T/tracing_cpumask" "$bad" "Invalid argument"
	[ "$(mask)" = "$all" ] || fail "the refused mask '$bad' changed tracing_cpumask to $(mask)"
done
for bad in $(printf '%x' $((1 << n))) ffffffff,ffffffff; do
	expect_err "$T/tracing_cpumask" "$bad" "Value too large for defined data type"
	[ "$(mask)" = "$all" ] || fail "the refused mask '$bad' changed tracing_cpumask to $(mask)"
done
