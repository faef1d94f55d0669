#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a built kernel in QEMU, run one script in the guest, power off.
#
# Usage: guest.sh [options] SCRIPT
#   -a ARCH       x86_64 (default) or arm64
#   -f FLAVOR     upstream, rb or ours (default)
#   -v VARIANT    "", debug, nofn, selftest or branch (see harness/build.sh)
#   -n NAME       names the run directory out/runs/ARCH-FLAVOR-NAME
#   -t SECONDS    timeout (default 600); a hang is a failure
#   -x FILE       add FILE to the copy of the test suite the guest gets
#   -d DIR        copy DIR into the run directory (/tmp/out/NAME in the guest)
#   -i            interactive: the console is this terminal, no checks
#
# The exit status is the script's, unless the kernel misbehaved: on a
# panic, oops, BUG, WARN, lockdep, KASAN or UBSAN report, or a timeout, it
# is 125 and the reason is printed. The console log is kept in the run
# directory (console.log), next to what the script printed (output).
# QEMU_ARGS: more QEMU options, split at blanks (bench-fn.sh's
# "-plugin FILE.so -d plugin"; what QEMU logs goes to console.log too).
set -eu
. "$(dirname "$0")/common.sh"

arch=x86_64 flavor=ours variant= name=run timeout=600 extra= dirs= interactive=
while getopts a:f:v:n:t:x:d:i opt; do
	case $opt in
	a) arch=$OPTARG ;;
	f) flavor=$OPTARG ;;
	v) variant=$OPTARG ;;
	n) name=$OPTARG ;;
	t) timeout=$OPTARG ;;
	x) extra="$extra $OPTARG" ;;
	d) dirs="$dirs $OPTARG" ;;
	i) interactive=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
script=${1:?usage: guest.sh [options] SCRIPT}
check_flavor "$flavor"
arch_setup "$arch"
case $name in *[!A-Za-z0-9_.-]* | "") die "run name '$name': letters, digits, _ . - only" ;; esac

bdir=$(build_dir "$flavor" "$arch" "$variant")
kernel=$bdir/$IMAGE
[ -f "$kernel" ] || die "no kernel at $kernel; build it first"

run=$OUT/runs/$arch-$flavor${variant:+-$variant}-$name
rm -rf "$run"
mkdir -p "$run/tests"
cp "$script" "$run/cmd.sh"
cp -r "$ROOT/$SUITE/." "$run/tests/"
for f in $extra; do cp "$f" "$run/tests/"; done
for d in $dirs; do cp -r "$d" "$run/"; done
# The kernel's modules, and the harness's own test modules if built.
if grep -q '^CONFIG_MODULES=y' "$bdir/.config"; then
	# (one install from a build directory at a time: guests of the
	# same kernel may start together)
	(
		flock 9
		kmake "$flavor" "$arch" "$variant" INSTALL_MOD_PATH="$run/modules" \
			modules_install >/dev/null
	) 9>"$bdir/.modules_install.lock"
	if [ -d "$bdir/harness-modules" ]; then
		cp "$bdir"/harness-modules/*.ko "$run/modules/" 2>/dev/null || true
	fi
fi

append="console=$CONSOLE panic=-1 loglevel=7"
append="$append rootfstype=9p rootflags=trans=virtio,version=9p2000.L,cache=loose,msize=512000 ro"
append="$append HARNESS_ARCH=$arch HARNESS_FLAVOR=$flavor"
# An RCU-tasks grace period held up for 2 minutes (HZ=250 in every
# config here) prints its holdouts: by default it says nothing for 10,
# longer than most runs may last, and a boot or test that hangs on one
# would end in a timeout with no clue. GUEST_APPEND may set another.
append="$append rcupdate.rcu_task_stall_timeout=30000"
# The debug kernel poisons freed slab objects: a field read before it
# is written then reads 0x6b, which UBSAN or the test sees, instead of
# whatever the memory last held.
[ "$variant" = debug ] && append="$append slub_debug=P"
# ours has the boot self-tests in every build, the tracers' and the ring
# buffer's (harness/configs/selftest.config, tracing.config). A boot of
# variant selftest runs both; one whose GUEST_APPEND has
# HARNESS_SELFTESTS=1 runs the tracers', and HARNESS_RB_STARTUP=1 the
# ring buffer's (10 s of each boot under TCG, which only the boot that
# runs test_rb_startup needs). An empty trace_event= turns the tracers'
# off (a later trace_event= in GUEST_APPEND replaces it), and
# initcall_blacklist the ring buffer's.
selftests= rbstartup=
case " ${GUEST_APPEND:-} " in *" HARNESS_SELFTESTS=1 "*) selftests=1 ;; esac
case " ${GUEST_APPEND:-} " in *" HARNESS_RB_STARTUP=1 "*) rbstartup=1 ;; esac
[ "$variant" = selftest ] && selftests=1 rbstartup=1
if [ "$flavor" = ours ]; then
	[ -n "$selftests" ] || append="$append trace_event="
	[ -n "$rbstartup" ] || append="$append initcall_blacklist=rb_startup_test"
fi
# GUEST_APPEND: more kernel parameters (NAME=VALUE ones reach the guest's
# scripts as environment variables, e.g. HARNESS_TESTS=PATTERN).
[ -n "${GUEST_APPEND:-}" ] && append="$append $GUEST_APPEND"
[ -n "$interactive" ] && append="$append HARNESS_MODE=interactive"
[ -n "$interactive" ] && [ -t 1 ] &&
	append="$append HARNESS_TTY_SIZE=$(stty size | tr " " x)"
accel=${ACCEL:-tcg}
case $arch in
x86_64)
	# The host's / is the guest's root, as virtme does: its bash,
	# coreutils and trace-cmd run in the guest.
	rootdir=/
	init=$HARNESS/guest/init.sh
	machine="-accel $accel -cpu max"
	;;
arm64)
	"$HARNESS/rootfs-arm64.sh"
	rootdir=$OUT/rootfs-arm64
	init=/init
	# KVM runs only a guest of the host's own arch; TCG options
	# (tcg,thread=single) stay.
	case $accel in
	tcg*) ;;
	*) [ "$(uname -m)" = aarch64 ] || accel=tcg ;;
	esac
	machine="-M virt -accel $accel -cpu cortex-a57"
	;;
esac
append="$append root=hostroot init=$init"

# shellcheck disable=SC2086
set -- $QEMU $machine -smp 2 -m 1024 -no-reboot -kernel "$kernel" \
	-virtfs local,path="$rootdir",mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	-virtfs local,path="$run",mount_tag=out,security_model=none,multidevs=remap \
	-append "$append" ${QEMU_ARGS:-}

# Variant blk's boots get a blank 64 MiB disk, a virtio-blk PCI function
# (vda), made afresh in the run directory for each boot.
if [ "$variant" = blk ]; then
	rm -f "$run/disk.img"
	truncate -s 64M "$run/disk.img"
	set -- "$@" -drive file="$run/disk.img",if=none,id=vda,format=raw,cache=unsafe \
		-device virtio-blk-pci,drive=vda
fi

if [ -n "$interactive" ]; then
	say "booting $flavor/$arch; the shell's exit powers off (Ctrl-A x kills QEMU)"
	exec "$@" -nographic
fi

start=$(date +%s)
rc=0 timed_out=
# QEMU's monitor answers on a socket: at the time limit qemu-hang.py asks
# it where each CPU is, before QEMU is killed (a silent hang otherwise
# leaves no clue).
mon=$run/monitor.sock
"$@" -display none -monitor unix:"$mon",server=on,wait=off -serial stdio \
	</dev/null >"$run/console.log" 2>&1 &
qpid=$!
trap 'kill -KILL "$qpid" 2>/dev/null || true' EXIT
trap 'exit 143' TERM INT
while kill -0 "$qpid" 2>/dev/null; do
	if [ $(($(date +%s) - start)) -ge "$timeout" ]; then
		timed_out=1
		timeout 60 python3 "$HARNESS/qemu-hang.py" "$mon" \
			"$bdir/System.map" >"$run/hang.txt" 2>&1 || true
		kill -KILL "$qpid" 2>/dev/null || true
		break
	fi
	sleep 0.2
done
{ wait "$qpid"; } 2>/dev/null || rc=$?
secs=$(($(date +%s) - start))

# What the script printed, for whoever called us.
[ -f "$run/output" ] && cat "$run/output"

# Kernel lines carry a printk timestamp; only those are judged, so a test
# that prints these words itself does not trip the check.
bad='(Kernel panic|BUG:|Oops|WARNING:|------------\[ cut here \]|general protection fault|Unable to handle kernel|Internal error:|kernel BUG|possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|DEBUG_LOCKS_WARN_ON|INFO: (task .* blocked|possible|trying to register|lockdep)|KASAN:|UBSAN:|rcu: INFO|soft lockup|hard LOCKUP|Call [Tt]race:)'
reasons=
if [ -n "$timed_out" ]; then
	reasons="timeout: no power-off within ${timeout}s"
fi
hits=$(cat "$run/console.log" "$run/dmesg" 2>/dev/null | tr -d "\r" |
	grep -aE '^\[ *[0-9]+\.[0-9]+\]' | grep -aE "$bad" | sort -u | head -5 || true)
if [ -n "$hits" ]; then
	reasons="${reasons:+$reasons; }kernel report: $(echo "$hits" | head -1)"
fi
status=$(cat "$run/status" 2>/dev/null || true)
if [ -z "$status" ] && [ -z "$reasons" ]; then
	reasons="the guest stopped without reporting a status (qemu exit $rc)"
fi
if [ -n "$reasons" ]; then
	echo "HARNESS FAIL $arch/$flavor${variant:+/$variant} $name: $reasons" >&2
	[ -z "$hits" ] || echo "$hits" | sed 's/^/  /' >&2
	# The console log is gone once CI's machine is: show what led there
	# (the last test results and lines) and the first report, whole.
	echo "  last results:" >&2
	tr -d "\r" <"$run/console.log" | grep -aE '^(not )?ok [0-9]+ ' |
		tail -n 3 | sed 's/^/    /' >&2
	if [ -n "$hits" ]; then
		echo "  first report:" >&2
		first=$(echo "$hits" | head -1)
		tr -d "\r" <"$run/console.log" | grep -aF -B 8 -A 40 -- "$first" |
			head -n 60 | sed 's/^/    /' >&2
	fi
	echo "  last console lines:" >&2
	tr -d "\r" <"$run/console.log" | tail -n 15 | sed 's/^/    /' >&2
	if [ -s "$run/hang.txt" ]; then
		echo "  where the CPUs were (QEMU's monitor, a stack scan):" >&2
		head -n 60 "$run/hang.txt" | sed 's/^/  /' >&2
	fi
	echo "  console log: $run/console.log" >&2
	exit 125
fi
say "guest $arch/$flavor $name: exit $status after ${secs}s"
exit "$status"
