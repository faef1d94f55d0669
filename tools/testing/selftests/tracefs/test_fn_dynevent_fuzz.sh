#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fuzzing the definition files: kprobe_events, uprobe_events,
# synthetic_events and dynamic_events get random mutations of valid lines
# (kprobes, kretprobes and uprobes with every kind of argument, event
# probes with filters, synthetic events with every kind of field,
# removals) for FUZZ_SECONDS (default 30; FUZZ_SEED repeats a run's
# choices), one write each, while the
# events they make are enabled and disabled, hit, listed, and the files
# truncated. In the function tracing boots (one TCG thread: kprobes
# patch live text); arm64's runs on the debug kernel (lockdep, UBSAN,
# DEBUG_LIST...). Checked:
# - no kernel report (the harness fails the boot on any too);
# - every refused write gets one of the errnos a definition may get
#   (EINVAL for the syntax; ENOENT, EEXIST, EBUSY, E2BIG, ERANGE,
#   EADDRNOTAVAIL, EILSEQ, ENODEV, and for uprobes the path lookup's
#   and uprobes' own, ENOTSUPP and ENOEXEC);
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
	for g in fz synthetic; do
		[ ! -e "$T/events/$g/enable" ] || echo 0 >"$T/events/$g/enable"
	done
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
import errno, os, random, sys, time
sys.path.insert(0, os.environ['TESTDIR'])
import tracefs_util
from tracefs_util import elf_offset

T, copy, libc, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
seed = int(os.environ.get('FUZZ_SEED') or int.from_bytes(os.urandom(4), 'little'))
rnd = random.Random(seed)
print('seed %d' % seed)

off = elf_offset(copy)
# libc's own entry is a function that returns nothing useful, but is a
# valid instruction boundary to probe, and never runs: the uretprobe
# never fires, which is fine for a fuzzer
loff = elf_offset(libc)
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
sy = [
    'fzs1 u64 lat; pid_t pid; char comm[16]; char name[]',
    'fzs2 u8 a s16 b unsigned int c',
    'fzs3 unsigned long x; long[] st; gfp_t g; bool b',
    'fzs4 char s[0]; s64 v; char t[256]',
    '!fzs1', '!fzs2 u8 a',
]
sd = ['s:fzs5 u32 v; char n[]', 's:synthetic/fzs6 int x; char c[8]',
      '-:synthetic/fzs5', '!s:fzs6 int x', '-:synthetic/']
ep = [
    'e:fz/e1 syscalls.sys_enter_openat f=+0($filename):ustring if flags & 64',
    'e:fz/e2 sched/sched_switch p=$prev_pid n=$next_comm:string',
    'e:fz/e3 sched.sched_process_exec fn=$filename:string c=$comm',
    '-:fz/e1', '-:fz/e2 sched.sched_switch',
]
files = {'kprobe_events': kp, 'uprobe_events': up, 'synthetic_events': sy,
         'dynamic_events': kp + up + ep + sd}
tokens = ['$stack', '$stack99999', '$arg0', '$arg9', '$arg1', '$retval',
          '$comm', '+0(', ')', '(', '%return', ':string', ':ustring',
          ':symbol', ':b3@4/8', ':b65@0/8', ':x8[64]', ':u32[65]', ':s128',
          '@+', '@', '\\"', '\\1', ' if ', '&&', '==', '~', '((((((((((',
          '+u', '-0x', '0xffffffffffffffff', '99999999999999999999',
          'fz/', ':', '/', 'a=', '=', ' ', '\t', '.', '$prev_pid',
          '$nonexistent', '#', '!', '-:', 'e:', 'r:', 'p:', 's:', ';',
          'char[', ']', 'unsigned ', 'long[] ', 'u64 ', 'synthetic/',
          copy, libc]
alphabet = '():+-%$@/\\"[]0123456789abcxu _=.,!#&|~\t*?'
allowed = {errno.EINVAL, errno.ENOENT, errno.EEXIST, errno.EBUSY,
           errno.E2BIG, errno.ERANGE, errno.EADDRNOTAVAIL, errno.EILSEQ,
           errno.ENODEV, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EACCES,
           errno.ELOOP}
# A uprobe joining an enabled event is registered at once on ours (on
# upstream only at the event's next enable), so uprobes' refusals of the
# place come with the write: a mutated offset inside an instruction
# decodes as one uprobes cannot single-step (ENOTSUPP, the kernel's 524)
# or as none (ENOEXEC). Not for kprobe_events or synthetic_events.
ENOTSUPP = 524
allowed_up = allowed | {ENOTSUPP, errno.ENOEXEC}
errno.errorcode.setdefault(ENOTSUPP, 'ENOTSUPP')

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
    return tracefs_util.write(T, name, text, flags)

def events():
    evs = []
    for g in ('fz', 'synthetic'):
        d = os.path.join(T, 'events', g)
        if os.path.isdir(d):
            evs += [os.path.join(d, e) for e in os.listdir(d)]
    return evs

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
                     'synthetic_events', 'kprobe_profile',
                     'uprobe_profile'):
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
    elif e in (allowed_up if name in ('uprobe_events', 'dynamic_events')
               else allowed):
        refused += 1
    else:
        print('%s: %r: %s' % (name, line, os.strerror(e)))
        sys.exit(1)

for g in ('fz', 'synthetic'):
    if os.path.isdir(os.path.join(T, 'events', g)):
        write('events/%s/enable' % g, '0', os.O_WRONLY)
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
