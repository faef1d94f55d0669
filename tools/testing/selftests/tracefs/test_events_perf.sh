#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Trace events as perf events: perf_event_open(2) of PERF_TYPE_TRACEPOINT
# with attr.config = events/sched/sched_switch/id, through python3's
# ctypes (no perf tool in the guests). Checks that a sampling event's ring
# gets PERF_RECORD_SAMPLE records whose raw data is the event's record
# (common_type == id, prev_pid/next_pid at the format file's offsets,
# raw size + its u32 size word a multiple of 8), that counting works,
# that the event also records into the trace buffer at the same time,
# that a filter (PERF_EVENT_IOC_SET_FILTER) drops what it must, bad ones
# get upstream's errnos and a second one EEXIST, bad ids get EINVAL, raw data
# needs privileges, and that many opens and closes leave the event usable.
. "$TESTDIR/lib.sh"

command -v python3 >/dev/null || fail "no python3 in the guest for perf_event_open(2)"
ev=$T/events/sched/sched_switch
[ -r "$ev/id" ] || fail "no events/sched/sched_switch/id"
paranoid=/proc/sys/kernel/perf_event_paranoid
[ -w $paranoid ] || fail "no $paranoid: no perf events in this kernel (CONFIG_PERF_EVENTS)"
old_paranoid=$(cat $paranoid)
reset_tracing
trap 'echo 0 >"$ev/enable"; echo "$old_paranoid" >$paranoid; reset_tracing' EXIT
# the default: unprivileged users may count their own user space only
echo 2 >$paranoid

python3 - "$ev" "$T" <<'EOF' || fail "perf checks failed"
import ctypes, errno, mmap, os, platform, resource, struct, sys, time

ev, t = sys.argv[1], sys.argv[2]
NR = {"x86_64": 298, "aarch64": 241}.get(platform.machine())
if NR is None:
    sys.exit("no perf_event_open number for " + platform.machine())
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

PERF_TYPE_TRACEPOINT = 2
PERF_SAMPLE_RAW = 1 << 10
PERF_RECORD_SAMPLE = 9
IOC_SET_FILTER = 0x40082406	# _IOW('$', 6, char *) on 64-bit
ATTR_SIZE = 112			# PERF_ATTR_SIZE_VER5
BIT_EXCLUDE_KERNEL = 1 << 5
PAGE = mmap.PAGESIZE
NPAGES = 16

def attr(config, sample_type=0, period=1, flags=0):
    a = bytearray(ATTR_SIZE)
    struct.pack_into("<IIQQQQQI", a, 0, PERF_TYPE_TRACEPOINT, ATTR_SIZE,
                     config, period, sample_type, 0, flags, 1)
    return ctypes.create_string_buffer(bytes(a), ATTR_SIZE)

def perf_open(a, pid, cpu):
    fd = libc.syscall(NR, a, pid, cpu, -1, 0)
    if fd < 0:
        return -ctypes.get_errno()
    return fd

def must_open(a, pid, cpu, what):
    fd = perf_open(a, pid, cpu)
    if fd < 0:
        sys.exit("%s: perf_event_open: %s" % (what, os.strerror(-fd)))
    return fd

def ioctl(fd, req, arg=0):
    libc.ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]
    if libc.ioctl(fd, req, arg) < 0:
        return -ctypes.get_errno()
    return 0

def own_switches():
    # every switch away from this task is one sched_switch with our
    # prev_pid: the kernel counts it as voluntary or involuntary
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_nvcsw + r.ru_nivcsw

def switches(n):
    # sleeping while pinned to cpu 0 switches cpu 0 away from us and
    # back, but a sleep whose timer expires before the task blocks (a
    # slow emulated cpu) does not switch: sleep until the task has been
    # switched away n times, and return how often it was
    start = own_switches()
    for _ in range(20 * n):
        if own_switches() - start >= n:
            break
        time.sleep(0.002)
    got = own_switches() - start
    if got < n:
        sys.exit("%d sleeps switched this task away only %d times" % (20 * n, got))
    return got

def ring(m, pos, n):
    size = NPAGES * PAGE
    return bytes(m[PAGE + (pos + i) % size] for i in range(n))

def samples(m):
    # the raw data of each PERF_RECORD_SAMPLE; consumes the ring
    head = struct.unpack_from("<Q", m, 1024)[0]
    tail = struct.unpack_from("<Q", m, 1032)[0]
    out = []
    while tail + 8 <= head:
        typ, _, rsz = struct.unpack("<IHH", ring(m, tail, 8))
        if rsz < 8:
            sys.exit("record of %d bytes in the ring" % rsz)
        if typ == PERF_RECORD_SAMPLE:
            out.append(ring(m, tail + 8, rsz - 8))
        tail += rsz
    struct.pack_into("<Q", m, 1032, tail)
    return out

def field(name):
    for line in open(ev + "/format"):
        line = line.strip()
        if line.startswith("field:") and (" " + name + ";") in line:
            parts = dict(p.strip().split(":", 1) for p in line.split(";") if ":" in p)
            return int(parts["offset"]), int(parts["size"])
    sys.exit("no field %s in the format file" % name)

eid = int(open(ev + "/id").read())
prev_pid, next_pid = field("prev_pid"), field("next_pid")
me = os.getpid()
os.sched_setaffinity(0, {0})

# bad ids: no event has them
for bad in (0, 0xffff0000, 1 << 40):
    fd = perf_open(attr(bad, PERF_SAMPLE_RAW), -1, 0)
    if fd != -errno.EINVAL:
        sys.exit("config %#x: got %s, want EINVAL" % (bad, fd))

# sampling with raw data, system-wide on cpu 0, while the same event also
# records into the trace buffer
open(ev + "/enable", "w").write("1")
fd = must_open(attr(eid, PERF_SAMPLE_RAW), -1, 0, "sampling")
m = mmap.mmap(fd, (1 + NPAGES) * PAGE, mmap.MAP_SHARED,
              mmap.PROT_READ | mmap.PROT_WRITE)
switches(20)
got = samples(m)
if not got:
    sys.exit("no PERF_RECORD_SAMPLE after 20 switches")
mine = 0
for s in got:
    rsize = struct.unpack_from("<I", s, 0)[0]
    raw = s[4:4 + rsize]
    if (rsize + 4) % 8:
        sys.exit("raw size %d: size word + data not 8-byte aligned" % rsize)
    if len(raw) != rsize or rsize < next_pid[0] + 4:
        sys.exit("raw data of %d bytes, want %d" % (len(raw), rsize))
    typ = struct.unpack_from("<H", raw, 0)[0]
    if typ != eid:
        sys.exit("raw common_type %d, want %d" % (typ, eid))
    pp = struct.unpack_from("<i", raw, prev_pid[0])[0]
    np = struct.unpack_from("<i", raw, next_pid[0])[0]
    if me in (pp, np):
        mine += 1
if not mine:
    sys.exit("none of %d samples has prev_pid or next_pid %d" % (len(got), me))
if "sched_switch:" not in open(t + "/trace").read():
    sys.exit("the trace buffer got no sched_switch while perf used it")
print("sampling: %d samples, %d with our pid; trace has sched_switch too" % (len(got), mine))

# a filter keeps only what matches; a second one is refused
buf = ctypes.create_string_buffer(b"prev_pid == %d" % me)
r = ioctl(fd, IOC_SET_FILTER, ctypes.addressof(buf))
if r:
    sys.exit("SET_FILTER: %s" % os.strerror(-r))
r = ioctl(fd, IOC_SET_FILTER, ctypes.addressof(buf))
if r != -errno.EEXIST:
    sys.exit("second SET_FILTER: got %s, want EEXIST" % r)
samples(m)
switches(20)
got = samples(m)
if not got:
    sys.exit("no sample with the filter prev_pid == %d" % me)
for s in got:
    pp = struct.unpack_from("<i", s, 4 + prev_pid[0])[0]
    if pp != me:
        sys.exit("filter prev_pid == %d let prev_pid %d through" % (me, pp))
print("filter: %d samples, all with prev_pid %d; second filter EEXIST" % (len(got), me))
m.close()
os.close(fd)

fd = must_open(attr(eid, PERF_SAMPLE_RAW), -1, 0, "bad filter")
# upstream's errnos: a missing ')' is ENOENT
for bad, want in ((b"no_such_field == 1", errno.EINVAL),
                  (b"prev_pid ==", errno.EINVAL),
                  (b"0", errno.EINVAL),
                  (b"(prev_pid == 1", errno.ENOENT)):
    buf = ctypes.create_string_buffer(bad)
    r = ioctl(fd, IOC_SET_FILTER, ctypes.addressof(buf))
    if r != -want:
        sys.exit("filter %r: got %s, want %s" % (bad, r, errno.errorcode[want]))
os.close(fd)
open(ev + "/enable", "w").write("0")

# counting: no raw data
fd = must_open(attr(eid), -1, 0, "counting")
k = switches(10)
n = struct.unpack("<Q", os.read(fd, 8))[0]
os.close(fd)
# cpu 0 switched away from this task and back to it k times each
if n < 2 * k:
    sys.exit("counted %d switches on cpu 0, this task alone made %d" % (n, 2 * k))
print("counting: %d switches on cpu 0, %d of them this task's" % (n, 2 * k))

# many users come and go: the event still works afterwards
for i in range(50):
    fds = [must_open(attr(eid, PERF_SAMPLE_RAW), -1, 0, "churn") for _ in range(3)]
    for f in fds:
        os.close(f)
fd = must_open(attr(eid), 0, -1, "after churn")
k = switches(5)
n = struct.unpack("<Q", os.read(fd, 8))[0]
os.close(fd)
# a per-task event counts the switches away from the task (the event is
# live until the task is switched out), not the switches back to it; a
# preemption between the open and the first count, or between the last
# count and the read, may add one each
if n < k or n > k + 2:
    sys.exit("after churn: counted %d switches of this task, it made %d" % (n, k))

def event_id(name):
    try:
        return int(open(t + "/events/" + name + "/id").read())
    except OSError:
        return None

# an event's own rule (TRACE_EVENT_PERF_PERM): x86's irq_work_exit
# refuses sampling, even to root, and allows counting
iwe = event_id("irq_vectors/irq_work_exit")
if iwe is not None:
    r = perf_open(attr(iwe, PERF_SAMPLE_RAW), -1, 0)
    if r != -errno.EPERM:
        sys.exit("sampling irq_work_exit: got %s, want EPERM" % r)
    os.close(must_open(attr(iwe, period=0), -1, 0, "counting irq_work_exit"))
    print("irq_work_exit: sampling EPERM, counting allowed")

# raw data of a kernel event needs privileges, unless the event lets any
# task have its own (TRACE_EVENT_FL_CAP_ANY: raw_syscalls); counting
# one's own task (user space only, as perf_event_paranoid 2 allows) does
# not
cap_any = event_id("raw_syscalls/sys_enter")
pid = os.fork()
if pid == 0:
    os.setgid(65534)
    os.setuid(65534)
    r = perf_open(attr(eid, PERF_SAMPLE_RAW, flags=BIT_EXCLUDE_KERNEL), 0, -1)
    if r != -errno.EPERM:
        print("unprivileged raw sampling: got %s, want EPERM" % r)
        os._exit(1)
    r = perf_open(attr(eid, flags=BIT_EXCLUDE_KERNEL), 0, -1)
    if r < 0:
        print("unprivileged counting of its own task: %s" % os.strerror(-r))
        os._exit(1)
    if cap_any is not None:
        r = perf_open(attr(cap_any, PERF_SAMPLE_RAW, flags=BIT_EXCLUDE_KERNEL), 0, -1)
        if r < 0:
            print("unprivileged raw sampling of sys_enter: %s" % os.strerror(-r))
            os._exit(1)
    os._exit(0)
_, st = os.waitpid(pid, 0)
if st:
    sys.exit("privilege checks failed")
print("churn 150 opens, then %d of this task's %d switches counted; unprivileged: raw refused%s, counting allowed" %
      (n, k, "" if cap_any is None else ", but for CAP_ANY sys_enter"))
EOF
