#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A kprobe event on every function of available_filter_functions in
# turn, enabled briefly: in batches of 50, each function gets a probe
# (p:allfn/fN FUNC), the batch is enabled while the test opens, reads
# and forks, then disabled and removed with one "-:allfn/". Every
# PROBE_STRIDE-th function (default 10: 20 s under TCG; 1 is
# all of them). In the function tracing boots (one TCG thread; arm64's
# on the debug kernel). Checked:
# - no kernel report (the harness fails the boot on any too);
# - a definition is refused only with EINVAL (notrace or the blacklist:
#   kprobes' own EINVAL), EADDRNOTAVAIL (a name more than one function
#   has) or ENOENT (gone since the list was read);
# - most functions take a probe, and the probes were hit;
# - nothing is left behind.
. "$TESTDIR/lib.sh"
export LC_ALL=C

[ -e "$T/kprobe_events" ] || fail "no kprobe_events"
command -v python3 >/dev/null || fail "no python3 in the guest"
cleanup() {
	[ ! -e "$T/events/allfn/enable" ] || echo 0 >"$T/events/allfn/enable"
	: >"$T/kprobe_events"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
: >"$T/kprobe_events" || fail "could not clear kprobe_events"
before=$(dmesg | wc -l)

python3 - "$T" "${PROBE_STRIDE:-10}" <<'EOF' || fail "probing every function failed"
import errno, os, sys, time
sys.path.insert(0, os.environ['TESTDIR'])
import tracefs_util

T, stride = sys.argv[1], int(sys.argv[2])
names, seen = [], set()
for line in open(os.path.join(T, 'available_filter_functions')):
    w = line.split()
    # "FUNC" or "FUNC [MODULE]"; addresses ftrace could not name are
    # not functions
    if not w or w[0].startswith('__ftrace_invalid_address__'):
        continue
    name = w[0] if len(w) == 1 else '%s:%s' % (w[1].strip('[]'), w[0])
    if name not in seen:
        seen.add(name)
        names.append(name)
todo = names[::stride]

def write(name, text, flags=os.O_WRONLY | os.O_APPEND):
    return tracefs_util.write(T, name, text, flags)

allowed = {errno.EINVAL, errno.EADDRNOTAVAIL, errno.ENOENT}
stats, hits, start = {}, 0, time.time()
for b in range(0, len(todo), 50):
    made = 0
    for i, fn in enumerate(todo[b:b + 50]):
        e = write('kprobe_events', 'p:allfn/f%d %s\n' % (b + i, fn))
        stats[e] = stats.get(e, 0) + 1
        if e and e not in allowed:
            print('p %s: %s' % (fn, os.strerror(e)))
            sys.exit(1)
        made += not e
    if not made:
        continue
    e = write('events/allfn/enable', '1', os.O_WRONLY)
    if e:
        print('enabling the batch at %s: %s' % (todo[b], os.strerror(e)))
        sys.exit(1)
    open('/proc/version').read()
    os.spawnv(os.P_WAIT, '/bin/sh', ['/bin/sh', '-c', 'true'])
    write('events/allfn/enable', '0', os.O_WRONLY)
    for line in open(os.path.join(T, 'kprobe_profile')):
        hits += int(line.split()[1])
    e = write('kprobe_events', '-:allfn/\n')
    if e:
        print('removing the batch at %s: %s' % (todo[b], os.strerror(e)))
        sys.exit(1)
left = open(os.path.join(T, 'kprobe_events')).read()
print('%d of %d functions probed in %.0f s, %d hits: %s' % (
    stats.get(0, 0), len(todo), time.time() - start, hits,
    ', '.join('%s %d' % (errno.errorcode.get(k, 'ok'), v)
              for k, v in sorted(stats.items()))))
if left:
    print('left: %r' % left[:200])
    sys.exit(1)
if stats.get(0, 0) < len(todo) // 2 or not hits:
    print('too few probes taken, or no hit')
    sys.exit(1)
EOF
r=$(kernel_reports "$before")
[ -z "$r" ] || fail "kernel reports: $r"
exit 0
