#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fuzzing the definition files: kprobe_events, uprobe_events and
# dynamic_events get random mutations of valid lines (kprobes, kretprobes
# and uprobes with every kind of argument, event probes with filters,
# removals) for FUZZ_SECONDS (default 30; FUZZ_SEED repeats a run's
# choices), one write each, while the
# events they make are enabled and disabled, hit, listed, and the files
# truncated. In the function tracing boots (one TCG thread: kprobes
# patch live text); arm64's runs on the debug kernel (lockdep, UBSAN,
# DEBUG_LIST...). Checked:
# - no kernel report (the harness fails the boot on any too);
# - every refused write gets one of the errnos a definition may get
#   (EINVAL for the syntax; ENOENT, EEXIST, EBUSY, E2BIG, ERANGE,
#   EADDRNOTAVAIL, EILSEQ, ENODEV, and the path lookup's for uprobes);
# - some of the writes made events, and some were refused;
# - at the end, with every event disabled, truncating dynamic_events
#   removes every event: none is left behind.
. "$TESTDIR/lib.sh"
export LC_ALL=C

# Upstream 6.1.192 (and rb, which has its probe events) oopses under
# this fuzzing within seconds: a write past a record in a kprobe's
# symstr argument (kallsyms_lookup_buildid() from process_fetch_insn()),
# a NULL dereference in uprobe_dispatcher(). Ours only.
[ "$flavor" = ours ] || skip "upstream's probe events oops under this fuzzing"
[ -e "$T/kprobe_events" ] && [ -e "$T/uprobe_events" ] && [ -e "$T/dynamic_events" ] ||
	fail "a definition file is missing"
command -v python3 >/dev/null || fail "no python3 in the guest"
dir=/tmp/dynfuzz.$$
cleanup() {
	[ ! -e "$T/events/fz/enable" ] || echo 0 >"$T/events/fz/enable"
	: >"$T/dynamic_events"
	rm -rf "$dir"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
: >"$T/dynamic_events" || fail "could not clear dynamic_events"
# (the arm64 guest's true is busybox's builtin, with no link to it)
prog=$(command -v true)
case $prog in /*) ;; *) prog=/bin/busybox ;; esac
prog=$(readlink -f "$prog")
# (busybox takes its applet from its name: the copy keeps the name)
copy=$dir/${prog##*/}
mkdir "$dir" && cp "$prog" "$copy" || fail "could not copy $prog"
libc=
for l in /lib/*-linux-gnu/libc.so.6 /usr/lib/*-linux-gnu/libc.so.6; do
	[ -f "$l" ] && { libc=$(readlink -f "$l"); break; }
done
[ -n "$libc" ] || fail "no libc.so.6"
before=$(dmesg | wc -l)

python3 - "$T" "$copy" "$libc" "${FUZZ_SECONDS:-30}" <<'EOF' || fail "the fuzzer failed"
import errno, os, random, struct, sys, time

T, copy, libc, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
seed = int(os.environ.get('FUZZ_SEED') or int.from_bytes(os.urandom(4), 'little'))
rnd = random.Random(seed)
print('seed %d' % seed)

def entry(path):
    f = open(path, 'rb').read()
    e, po = struct.unpack_from('<QQ', f, 0x18)
    pe, pn = struct.unpack_from('<HH', f, 0x36)
    for i in range(pn):
        t, _, o, v, _, s = struct.unpack_from('<IIQQQQ', f, po + i * pe)
        if t == 1 and v <= e < v + s:
            return e - v + o
    raise SystemExit('no entry in ' + path)

off = entry(copy)
# libc's own entry is a function that returns nothing useful, but is a
# valid instruction boundary to probe, and never runs: the uretprobe
# never fires, which is fine for a fuzzer
loff = entry(libc)
kp = [
    'p:fz/k1 vfs_read a=$arg1 b=+0($arg2):u8 s=$stack c=$comm',
    'r:fz/k2 vfs_write r=$retval:s64',
    'p:fz/k3 do_sys_openat2 f=+0($arg2):ustring x=+8(+0($stack)):x32[4]',
    'p:fz/k4 vfs_read+4 s0=$stack0 j=@jiffies:u64 i=\\-12 t=\\"text"',
    'r5:fz/k5 vfs_read ret=$retval:x16 b=$retval:b3@4/8',
    'p:fz/k6 vfs_write a=+0(+0(+0($arg2))):symbol y=$arg3:symstr',
    'p vfs_read',
    '-:fz/k1', '-:fz/', '-:k2 vfs_write r=$retval:s64', '-:fz/k4',
]
up = [
    'p:fz/u1 %s:%#x a=+0($stack):u64 s=+0(+8($stack)):string m=@+0:x32' % (copy, off),
    'r:fz/u2 %s:%#x r=$retval' % (libc, loff),
    'p:fz/u3 %s:%#x(0x10) c=$comm:string' % (copy, off),
    'p:fz/u4 %s:%#x%%return a=+0(+0($stack)):ustring' % (copy, off),
    'p %s:%#x' % (copy, off),
    '-:fz/u1', '-:fz/',
]
ep = [
    'e:fz/e1 syscalls.sys_enter_openat f=+0($filename):ustring if flags & 64',
    'e:fz/e2 sched/sched_switch p=$prev_pid n=$next_comm:string',
    'e:fz/e3 sched.sched_process_exec fn=$filename:string c=$comm',
    '-:fz/e1', '-:fz/e2 sched.sched_switch',
]
files = {'kprobe_events': kp, 'uprobe_events': up,
         'dynamic_events': kp + up + ep}
tokens = ['$stack', '$stack99999', '$arg0', '$arg9', '$arg1', '$retval',
          '$comm', '+0(', ')', '(', '%return', ':string', ':ustring',
          ':symbol', ':b3@4/8', ':b65@0/8', ':x8[64]', ':u32[65]', ':s128',
          '@+', '@', '\\"', '\\1', ' if ', '&&', '==', '~', '((((((((((',
          '+u', '-0x', '0xffffffffffffffff', '99999999999999999999',
          'fz/', ':', '/', 'a=', '=', ' ', '\t', '.', '$prev_pid',
          '$nonexistent', '#', '!', '-:', 'e:', 'r:', 'p:', copy, libc]
alphabet = '():+-%$@/\\"[]0123456789abcxu _=.,!#&|~\t*?'
allowed = {errno.EINVAL, errno.ENOENT, errno.EEXIST, errno.EBUSY,
           errno.E2BIG, errno.ERANGE, errno.EADDRNOTAVAIL, errno.EILSEQ,
           errno.ENODEV, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EACCES,
           errno.ELOOP}

def mutate(line):
    s = line
    for _ in range(rnd.randint(1, 4)):
        r = rnd.random()
        i = rnd.randint(0, len(s))
        if r < 0.25:
            s = s[:i] + rnd.choice(alphabet) + s[i + 1:]
        elif r < 0.4:
            s = s[:i] + s[i + rnd.randint(1, 8):]
        elif r < 0.6:
            s = s[:i] + rnd.choice(tokens) + s[i:]
        elif r < 0.7:
            w = s.split(' ')
            a, b = rnd.randrange(len(w)), rnd.randrange(len(w))
            w[a], w[b] = w[b], w[a]
            s = ' '.join(w)
        elif r < 0.8:
            j = rnd.randint(i, len(s))
            s = s[:j] + s[i:j] + s[j:]
        elif r < 0.85:
            s = s[:i] + chr(rnd.randint(1, 255)) + s[i:]
        elif r < 0.88:
            s = s + ' ' + ' '.join('a%d=$stack%d' % (k, k % 4)
                                   for k in range(rnd.randint(100, 140)))
        elif r < 0.9:
            s = s + 'x' * rnd.randint(100, 5000)
        else:
            s = s[:i]
    return s

def write(name, text, flags=os.O_WRONLY | os.O_APPEND):
    # (an O_TRUNC open removes the events: it is the open that fails)
    try:
        fd = os.open(os.path.join(T, name), flags)
    except OSError as e:
        return e.errno
    try:
        os.write(fd, text.encode('latin-1'))
        return 0
    except OSError as e:
        return e.errno
    finally:
        os.close(fd)

def events():
    d = os.path.join(T, 'events', 'fz')
    return [os.path.join(d, e) for e in os.listdir(d)] if os.path.isdir(d) else []

stats, made, refused = {}, 0, 0
end = time.time() + seconds
n = 0
while time.time() < end:
    n += 1
    r = rnd.random()
    if r < 0.08:
        evs = events()
        if evs:
            ev = rnd.choice(evs)
            write(os.path.join(ev, 'enable') if os.path.isdir(ev) else ev,
                  rnd.choice('01'), os.O_WRONLY)
        continue
    if r < 0.1:
        open('/proc/version').close()
        if rnd.random() < 0.3:
            os.spawnv(os.P_WAIT, copy, [copy, 'true'])
        continue
    if r < 0.12:
        for name in ('kprobe_events', 'uprobe_events', 'dynamic_events',
                     'kprobe_profile', 'uprobe_profile'):
            open(os.path.join(T, name), 'rb').read()
        for ev in events():
            if os.path.isdir(ev):
                open(os.path.join(ev, 'format'), 'rb').read()
        continue
    if r < 0.13:
        name = rnd.choice(list(files))
        e = write(name, '', os.O_WRONLY | os.O_TRUNC)
        stats[e] = stats.get(e, 0) + 1
        continue
    name = rnd.choice(list(files))
    line = rnd.choice(files[name])
    if rnd.random() < 0.8:
        line = mutate(line)
    e = write(name, line)
    stats[e] = stats.get(e, 0) + 1
    if e == 0:
        made += 1
    elif e in allowed:
        refused += 1
    else:
        print('%s: %r: %s' % (name, line, os.strerror(e)))
        sys.exit(1)

write('events/fz/enable', '0', os.O_WRONLY) if os.path.isdir(os.path.join(T, 'events/fz')) else None
e = write('dynamic_events', '', os.O_WRONLY | os.O_TRUNC)
left = open(os.path.join(T, 'dynamic_events'), 'rb').read()
print('%d rounds, %d writes made or removed, %d refused: %s' % (
    n, made, refused, ', '.join('%s %d' % (errno.errorcode.get(k, 'ok'), v)
                                for k, v in sorted(stats.items()))))
if e or left:
    print('clearing left: %s %r' % (os.strerror(e) if e else '', left))
    sys.exit(1)
if not made or not refused:
    print('the fuzzer made nothing or refused nothing')
    sys.exit(1)
EOF
r=$(kernel_reports "$before")
[ -z "$r" ] || fail "kernel reports: $r"
exit 0
