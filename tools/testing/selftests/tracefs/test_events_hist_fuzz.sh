#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fuzzing hist triggers: for FUZZ_SECONDS (default 20; FUZZ_SEED repeats
# the fuzzer's choices; FUZZ_LOG=FILE logs every step as it is made, for
# a reproducer after a crash) a python3 fuzzer writes, one write each,
# random mutations of valid hist trigger lines to the trigger files of
# busy events: sched/sched_switch, sched_process_fork, sched_process_exec
# (a __data_loc string), kmem/kmalloc (if present), raw_syscalls/sys_enter,
# ftrace/print (trace_marker) and, in an instance it makes and removes
# during the run, sched_switch and print. The lines: 1-4 keys from the
# event's format file, common_cpu, common_timestamp, stacktrace and
# numbers, with modifiers valid and bogus; 0-3 values; sort= with
# .descending, .ascending or garbage; size= valid and not; name= shared
# by every event (the instance's too); clock=; :pause, :cont, :clear;
# "if" filters valid and broken; "!" removals; bytes changed, cut,
# duplicated; tokens put in. Besides: enable_hist/disable_hist between
# events, lines read back from a trigger file re-added, paused, cleared
# and removed with "!", O_TRUNC of the trigger files, trace_clock
# changes; and meanwhile other processes read every hist and trigger
# file, write trace_marker, fork and exec, and toggle tracing_on.
# Checked:
# - no kernel report (the harness fails the boot on any too);
# - every refused write gets an errno a hist write may get (the list,
#   and where each comes from, is ALLOWED below);
# - some writes made triggers, and some were refused;
# - what a write does to its trigger file: a refused one changes
#   nothing; a new trigger is one line more; :pause/:cont/:clear adds
#   at most one; a removal takes away at most one; O_TRUNC removes the
#   hist, enable_hist and disable_hist triggers (upstream's
#   hist_unreg_all() and hist_enable_unreg_all()) and keeps the others;
#   a line read back, re-added, is EEXIST, and with ":pause" or "!" it
#   is found (its sort fields' modifiers dropped: the line shows them,
#   and sort= takes none; a line with a variable, which a mutation may
#   make, is EINVAL but for "!": "Variable already defined");
# - every hist file read parses: each histogram has its header lines
#   ("# trigger info: hist:... [active|paused]"), its entries (a
#   stacktrace key's frames one a line), Totals whose Entries is the
#   number of entries shown, at most the map's size, and whose Hits is
#   at least the sum of the hitcounts shown; every trigger file line is
#   a trigger or the "# Available triggers:" header;
# - at the end, the hist triggers removed by O_TRUNC and the others by
#   "!", every trigger file of the events lists "# Available triggers:",
#   every hist file is empty, no event is left soft enabled ("0*"), the
#   instance goes, and so does every hist trigger elsewhere (every hist
#   file that was empty at the start is empty).
# On upstream the instance's histogram names are not the top level's:
# there a named histogram joined across the two is read through the
# freed instance after it goes (a hang in hist_show()); ours joins
# them (test_events_hist_wakeup checks that case).
# Upstream 6.1.192 (and rb, which has its hist triggers) passes, with
# one spelling left out there: a key or value written "cpu" or "CPU".
# Upstream's parse_field() keeps the generic FILTER_CPU field in such a
# key and none in a "common_cpu" one, so compatible_field() tells them
# apart, though both show as common_cpu: after "hist:keys=CPU", its own
# line written back ("hist:keys=common_cpu:vals=hitcount:sort=hitcount:
# size=2048") adds a second trigger with the same line (ours: EEXIST),
# and "!" of that line removes the second only, never the first (only
# O_TRUNC does). Upstream's errnos that ours does not give: ENOMEM for
# raw_syscalls/sys_enter's args as a key or value, ERANGE for size= over
# 64 bits (ours: EINVAL for both).
# Memory: ours' maps take about 0.5 KB an element, upstream's up to
# 1.7 KB, all allocated when the trigger is made; the fuzzer keeps the
# live triggers' sizes under 2^17 elements (O_TRUNC of trigger files
# when a write would go over, until it fits) and empties them all when
# MemAvailable falls under 192 MB, so that neither kernel's guest runs
# out of memory (an allocation failure warns, which fails the boot).
. "$TESTDIR/lib.sh"
export LC_ALL=C

command -v python3 >/dev/null || fail "no python3 in the guest"
[ -e "$T/events/sched/sched_switch/hist" ] ||
	fail "no events/sched/sched_switch/hist on $flavor: no hist triggers (CONFIG_HIST_TRIGGERS)"
inst=histfuzz_$$
dir=/tmp/histfuzz.$$
clock0=$(sed 's/.*\[\(.*\)\].*/\1/' "$T/trace_clock")
on0=$(cat "$T/tracing_on")
# the events the fuzzer writes to, at the top level
evs="sched/sched_switch sched/sched_process_fork sched/sched_process_exec kmem/kmalloc raw_syscalls/sys_enter ftrace/print"

# untrigger DIR: remove the hist triggers of DIR/trigger (O_TRUNC) and
# the others ("!" of each line's command)
untrigger() {
	[ -e "$1/trigger" ] || return 0
	: >"$1/trigger"
	awk '!/^#/ { sub(/:(unlimited|count=-?[0-9]+).*/, ""); print "!" $0 }' "$1/trigger" |
		while IFS= read -r _c; do
			printf '%s\n' "$_c" >>"$1/trigger"
		done
}
cleanup() {
	# the fuzzer's processes, if it died before stopping them
	if [ -s "$dir/pids" ]; then
		: >"$dir/stop"
		for p in $(cat "$dir/pids"); do
			kill "$p" 2>/dev/null
		done
		sleep 1
	fi
	for e in $evs; do
		untrigger "$T/events/$e"
	done 2>/dev/null
	if [ -d "$T/instances/$inst" ]; then
		for e in sched/sched_switch ftrace/print; do
			untrigger "$T/instances/$inst/events/$e"
		done 2>/dev/null
		rmdir "$T/instances/$inst"
	fi
	echo "$clock0" >"$T/trace_clock"
	rm -rf "$dir"
	reset_tracing
	echo "$on0" >"$T/tracing_on"
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"
mkdir "$dir" || fail "mkdir $dir"
before=$(dmesg | wc -l)

python3 - "$T" "$inst" "$dir" "${FUZZ_SECONDS:-20}" "$evs" "$flavor" <<'EOF' || fail "the fuzzer failed"
import errno, os, random, re, shutil, signal, sys, time
sys.path.insert(0, os.environ['TESTDIR'])
import tracefs_util

T, inst_name, workdir, seconds, evs, flavor = sys.argv[1:7]
seconds = float(seconds)
seed = int(os.environ.get('FUZZ_SEED') or int.from_bytes(os.urandom(4), 'little'))
rnd = random.Random(seed)
print('seed %d' % seed, flush=True)
INST = os.path.join(T, 'instances', inst_name)
STOP = os.path.join(workdir, 'stop')

# What a write of a hist line (or of enable_hist/disable_hist, or one
# of the garbage the mutations make) may get back. From upstream 6.1's
# kernel/trace/trace_events_hist.c and what it calls
# (trace_events_trigger.c, trace_events_filter.c):
ALLOWED = {
    # the syntax, everywhere: an unknown command, field or modifier, a
    # bad sort= or size=, too many keys, values or sort fields, no keys,
    # a named trigger whose fields differ, an unknown clock= with a
    # common_timestamp, a filter the parser refuses (most of its errors),
    # a write of a page or more, enable_hist of an event that is not
    # there
    errno.EINVAL,
    # hist_register_trigger(): the same hist trigger is there ("Hist
    # trigger already exists"); event_enable_register_trigger(): an
    # enable_hist/disable_hist of that target is there
    errno.EEXIST,
    # hist_register_trigger(): :clear or :cont of a trigger that is not
    # there ("Can't clear or continue a nonexistent hist trigger"); and
    # the filter parser's -2 (calc_stack()'s TOO_MANY_OPEN, a '(' not
    # closed), which set_trigger_filter() passes through
    errno.ENOENT,
    # the filter parser's -1: a ')' too many, anything but && or || after
    # a predicate, a predicate without a field name (predicate_parse(),
    # parse_pred())
    errno.EPERM,
    # the filter parser's -3: a quote not closed (calc_stack()'s
    # MISSING_QUOTE)
    errno.ESRCH,
    # event_enable_trigger_parse(): trace_event_try_get_ref() of the
    # target fails (its module going); event_hist_trigger_parse(): "!" of
    # a trigger whose variables another trigger refers to (a mutation
    # may define a variable; a reference needs a '$', never written)
    errno.EBUSY,
    # any allocation (a map of size=131072 is one block of up to 64 MB
    # in ours), and create_hist_field()'s NULL for a field of a size no
    # reader fits (raw_syscalls/sys_enter's args, 48 bytes), which
    # create_key_field() and create_val_field() make -ENOMEM (ours:
    # EINVAL)
    errno.ENOMEM,
    # parse_map_size(): kstrtoul()'s -ERANGE, size= a number over 64
    # bits (ours: EINVAL)
    errno.ERANGE,
}
# Not here: EDOM (an expression dividing by a constant 0: the fuzzer
# writes no '/'), E2BIG (synthetic event and field variable commands of
# actions, which it does not make), ENODEV (a write to an event file
# that went: the fuzzer removes the instance itself, between writes).

SIZE_BUDGET = 1 << 17           # elements of all the live maps
MEM_LOW_KB = 192 * 1024         # MemAvailable under which all go

def rd(path):
    with open(path, 'rb') as f:
        return f.read().decode('latin-1')

def wr(path, text, flags=os.O_WRONLY | os.O_APPEND):
    """one write(): 0 or the errno (of the open, for O_TRUNC)"""
    return tracefs_util.write(os.path.dirname(path), os.path.basename(path),
                              text, flags)

def ename(e):
    return errno.errorcode.get(e, str(e)) if e else 'ok'

# ---- the events ----

def read_fields(evdir):
    """(name, is_string, size) of the event's own fields and common ones"""
    out = []
    for l in rd(os.path.join(evdir, 'format')).split('\n'):
        m = re.match(r'\s*field:(.*?);\s*offset:\d+;\s*size:(\d+);', l)
        if not m:
            continue
        decl = m.group(1)
        name = re.sub(r'\[.*?\]', '', decl.split()[-1])
        out.append((name, 'char' in decl and '[' in decl, int(m.group(2))))
    return out

class Ev:
    def __init__(self, tr, name):
        self.tr = tr                    # '' or the instance's path
        self.name = name                # GROUP/EVENT
        self.dir = os.path.join(tr or T, 'events', name)
        self.trig = os.path.join(self.dir, 'trigger')
        self.hist = os.path.join(self.dir, 'hist')
        self.fields = None

    def __repr__(self):
        return ('instance:' if self.tr else '') + self.name

    def load(self):
        if self.fields is None:
            self.fields = read_fields(self.dir)

top = [Ev('', n) for n in evs.split() if os.path.exists(os.path.join(T, 'events', n, 'hist'))]
for need in ('sched/sched_switch', 'sched/sched_process_fork', 'raw_syscalls/sys_enter', 'ftrace/print'):
    if need not in [e.name for e in top]:
        print('no events/%s/hist' % need)
        sys.exit(1)
inst_evs = [Ev(INST, 'sched/sched_switch'), Ev(INST, 'ftrace/print')]
inst_up = False

def live_evs():
    return top + (inst_evs if inst_up else [])

for e in top:
    e.load()
print('events: %s' % ' '.join(e.name for e in top), flush=True)
clocks = re.sub(r'[\[\]]', '', rd(os.path.join(T, 'trace_clock'))).split()

# ---- the trigger file's lines ----

HDR = '# Available triggers:'
RE_HIST = re.compile(r'^hist:.* \[(active|paused)\]$')
# (a mutation may make another command: any is a line)
RE_OTHER = re.compile(r'^[a-z_]+(:[^: ]+:[^: ]+)?:(unlimited|count=\d+)( if .*)?$')
RE_IF = re.compile(r'[ \t]if[ \t]')

def trig_lines(ev):
    """(hist lines without their state, other lines), or None if gone"""
    try:
        text = rd(ev.trig)
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.ENODEV) and ev.tr:
            return None
        raise
    h, o = [], []
    lines = text.split('\n')[:-1]
    if lines and lines[0].startswith('#'):
        return h, o
    for l in lines:
        if RE_HIST.match(l):
            h.append(l.rsplit(' ', 1)[0])
        else:
            # (a count goes down as the trigger fires)
            o.append(re.sub(r'^([^ ]*):count=\d+', r'\1:count', l))
    return sorted(h), sorted(o)

def other_cmd(l):
    """the command that removes a trigger line other than hist's"""
    return '!' + re.match(r'^([^ ]*?):(unlimited|count)', l).group(1)

def check_trig_text(text):
    """'' if every line of a trigger file is one, else the fault"""
    if not text.endswith('\n'):
        return 'no newline at the end'
    lines = text.split('\n')[:-1]
    if not lines:
        return 'empty trigger file'
    if lines[0].startswith('#'):
        if lines[0] != HDR or len(lines) != 2 or not lines[1].startswith('# traceon'):
            return 'bad header'
        return ''
    for l in lines:
        if not RE_HIST.match(l) and not RE_OTHER.match(l):
            return 'bad line %r' % l
    return ''

# the attributes that are no variable
ATTRS = ('keys', 'key', 'vals', 'val', 'values', 'sort', 'size', 'name', 'clock')

def normalize(line):
    """a hist line read back (state dropped) as a command: its sort
    fields without their modifiers but .descending"""
    m = RE_IF.search(line)
    head, filt = (line[:m.start()], line[m.start():]) if m else (line, '')
    items = head.split(':')
    for i, it in enumerate(items):
        if it.startswith('sort='):
            s = []
            for f in it[5:].split(','):
                s.append(f.split('.')[0] + ('.descending' if f.endswith('.descending') else ''))
            items[i] = 'sort=' + ','.join(s)
    return ':'.join(items), filt

# ---- the hist file's text ----

# what the reader saw: histograms, entries, stacktrace entries, full
# maps (Dropped not 0), paused ones
seen = {'hists': 0, 'entries': 0, 'stacks': 0, 'dropping': 0, 'paused': 0}

def parse_hist(text):
    """'' if text is a well-formed hist file, else the fault"""
    if text == '':
        return ''
    lines = text.split('\n')
    if lines[-1] != '':
        return 'no newline at the end'
    lines.pop()
    i, n, block = 0, len(lines), 0

    def at(k):
        return lines[k] if k < n else '<EOF>'
    while True:
        block += 1
        head = lines[i:i + 5]
        if len(head) < 5 or head[0] != '# event histogram' or head[1] != '#' \
                or not head[2].startswith('# trigger info: hist:') \
                or not RE_HIST.match(head[2][len('# trigger info: '):]) \
                or head[3] != '#' or head[4] != '':
            return 'block %d: bad header at line %d: %r' % (block, i + 1, head)
        m = re.search(r':size=(\d+)', head[2])
        size = int(m.group(1)) if m else None
        i += 5
        entries, hits, inentry = 0, 0, False
        while i < n and lines[i] != '':
            l = lines[i]
            if not inentry:
                if not l.startswith('{ '):
                    return 'block %d: line %d is no entry: %r' % (block, i + 1, l)
                entries += 1
                inentry = True
                if l.endswith('stacktrace:'):
                    seen['stacks'] += 1
            elif not (re.match(r'^ {9}\S', l) or l.startswith(', ') or l.startswith('}')):
                return 'block %d: line %d within an entry: %r' % (block, i + 1, l)
            m = re.search(r'\} hitcount: +(\d+)', l)
            if m:
                hits += int(m.group(1))
                inentry = False
            i += 1
        if inentry:
            return 'block %d: an entry without its hitcount before line %d' % (block, i + 1)
        tail = lines[i:i + 5]
        if len(tail) < 5 or tail[0] != '' or tail[1] != 'Totals:':
            return 'block %d: no Totals at line %d: %r' % (block, i + 1, tail)
        m1 = re.match(r'^    Hits: (\d+)$', tail[2])
        m2 = re.match(r'^    Entries: (\d+)$', tail[3])
        m3 = re.match(r'^    Dropped: (\d+)$', tail[4])
        if not (m1 and m2 and m3):
            return 'block %d: bad Totals: %r' % (block, tail)
        if int(m2.group(1)) != entries:
            return 'block %d: Entries: %s, %d entries shown' % (block, m2.group(1), entries)
        if size is not None and entries > size:
            return 'block %d: %d entries in a map of %d' % (block, entries, size)
        if int(m1.group(1)) < hits:
            return 'block %d: Hits: %s, less than the hitcounts shown (%d)' % (block, m1.group(1), hits)
        seen['hists'] += 1
        seen['entries'] += entries
        seen['dropping'] += int(m3.group(1)) > 0
        seen['paused'] += head[2].endswith('[paused]')
        i += 5
        if i == n:
            return ''
        if lines[i:i + 2] != ['', ''] or i + 2 >= n:
            return 'block %d: not two blank lines and a histogram after it, line %d: %r' % (
                block, i + 1, lines[i:i + 3])
        i += 2

# ---- the processes beside the fuzzer ----

def worker(name, body):
    pid = os.fork()
    if pid:
        with open(os.path.join(workdir, 'pids'), 'a') as f:
            f.write('%d\n' % pid)
        return pid
    code = 0
    try:
        wrnd = random.Random(seed + sum(map(ord, name)))
        rounds = body(wrnd)
        with open(os.path.join(workdir, name + '.count'), 'w') as f:
            f.write('%d\n' % rounds)
    except BaseException as e:
        with open(os.path.join(workdir, name + '.fail'), 'w') as f:
            f.write('%s: %s\n' % (name, e))
        code = 1
    os._exit(code)

class Bad(Exception):
    pass

def running():
    return not os.path.exists(STOP)

def reader(wrnd):
    n = 0
    while running():
        for ev in top + inst_evs:
            for path, check in ((ev.hist, parse_hist), (ev.trig, check_trig_text)):
                try:
                    text = rd(path)
                except OSError as e:
                    if ev.tr and e.errno in (errno.ENOENT, errno.ENODEV):
                        continue
                    raise Bad('%s: %s' % (path, os.strerror(e.errno)))
                err = check(text)
                if err:
                    with open(os.path.join(workdir, 'bad.txt'), 'w') as f:
                        f.write(text)
                    raise Bad('%s: %s (the text: %s)' % (path[len(T) + 1:], err,
                                                         os.path.join(workdir, 'bad.txt')))
                n += 1
        time.sleep(0.05)
    with open(os.path.join(workdir, 'seen'), 'w') as f:
        f.write(', '.join('%s %d' % kv for kv in sorted(seen.items())))
    return n

def marker(wrnd):
    n = 0
    fd = os.open(os.path.join(T, 'trace_marker'), os.O_WRONLY)
    while running():
        text = 'histfuzz %d %s' % (n, 'x' * wrnd.randint(0, 200))
        if wrnd.random() < 0.3:
            # (opened for each write: an open one holds the instance)
            wr(os.path.join(INST, 'trace_marker'), text)
        else:
            try:
                os.write(fd, text.encode())
            except OSError as e:
                # tracing_on 0 (EINVAL), the buffer off for a clock
                # change or tracing_on (EBADF)
                if e.errno not in (errno.EINVAL, errno.EBADF):
                    raise
        n += 1
        if n % 20 == 0:
            time.sleep(0.01)
    os.close(fd)
    return n

true = shutil.which('true') or '/bin/true'

def forker(wrnd):
    n = 0
    while running():
        pid = os.fork()
        if not pid:
            if wrnd.random() < 0.2:
                try:
                    os.execv(true, [true])
                except OSError:
                    pass
            os._exit(0)
        os.waitpid(pid, 0)
        n += 1
        time.sleep(0.005)
    return n

def toggler(wrnd):
    n = 0
    while running():
        tr = INST if wrnd.random() < 0.3 else T
        wr(os.path.join(tr, 'tracing_on'), wrnd.choice('0111'), os.O_WRONLY)
        n += 1
        time.sleep(wrnd.uniform(0.02, 0.2))
    wr(os.path.join(T, 'tracing_on'), '1', os.O_WRONLY)
    return n

WORKERS = {'reader': reader, 'marker': marker, 'forker': forker, 'toggler': toggler}

# ---- the lines ----

NUM_MODS = ['hex', 'sym', 'sym-offset', 'execname', 'syscall', 'log2',
            'buckets=10', 'bucket=0x100', 'buckets=3', 'usecs']
VAL_MODS = ['hex', 'percent', 'graph', 'execname', 'usecs']
BAD_MODS = ['junk', 'buckets=0', 'buckets=', 'buckets', 'bucket=x', '',
            'hex.log2', 'descending', 'sym-offsetx', 'SYM', 'buckets=-1',
            'buckets=99999999999999999999', 'percent', 'graph']
SPECIAL = ['common_timestamp', 'common_timestamp.usecs', 'common_cpu',
           'cpu', 'CPU', 'stacktrace', 'common_pid.execname', '0', '0x10',
           '99999999999999999999', 'no_such_field', 'hitcount']
if flavor != 'ours':
    # (upstream's lines of such keys do not name their triggers: above)
    SPECIAL = [f for f in SPECIAL if f not in ('cpu', 'CPU')]
SIZES_OK = ['128', '256', '100', '2048', '4096', '2049', '8192', '0x200', '0400']
SIZES_BIG = ['65536', '131072', '0x20000']
SIZES_BAD = ['0', '64', '127', '131073', '262144', '-1', 'abc', '', '0x',
             '99999999999999999999', '010', '1e3', '2048 ']
# named histograms, one shape each on every event (common fields only)
NAMED = {
    'fzA': 'keys=common_pid:vals=hitcount',
    'fzB': 'keys=common_pid.execname,common_cpu:vals=common_preempt_count:sort=common_cpu.descending',
    'fzC': 'keys=stacktrace:size=256',
    'fzD': 'keys=common_timestamp.usecs:size=128',
    'fzE': 'keys=common_type,common_flags.hex:vals=common_preempt_count.percent:sort=hitcount.descending',
}
TOKENS = ['keys=', 'key=', 'vals=', 'values=', 'sort=', 'size=', 'name=',
          'clock=', ':pause', ':cont', ':continue', ':clear', ' if ', '!',
          'hist:', '.descending', '.ascending', '.hex', '.sym-offset',
          '.execname', '.log2', '.buckets=7', '.usecs', '.percent',
          '.graph', 'common_timestamp', 'stacktrace', 'common_pid',
          'hitcount', ',', ':', '.', '=', ' ', '\t', '&&', '||', '(', ')',
          '"', '~', '==', 'fzA', 'fzB', ':size=128', ':size=131072',
          'common_cpu', '0x', '99999999999999999999', 'if']
# (no '$': upstream's variable references; no '/': its division by 0;
# no newline but at the end: a filter keeps it, and its line in the
# trigger file would be two)
ALPHABET = 'abcdefghijklmnopqrstuvwxyz_0123456789:,.=!&|~()"* <>-\t'

def pick_field(ev, key):
    r = rnd.random()
    if r < 0.15:
        return rnd.choice(SPECIAL)
    name, is_str, size = rnd.choice(ev.fields)
    r = rnd.random()
    if r < 0.5:
        return name
    if r < 0.85:
        return name + '.' + rnd.choice(NUM_MODS if key else VAL_MODS)
    return name + '.' + rnd.choice(BAD_MODS)

def pick_filter(ev):
    nums = [f for f in ev.fields if not f[1] and f[2] in (1, 2, 4, 8)]
    strs = [f for f in ev.fields if f[1] and f[2]]
    r = rnd.random()
    if r < 0.7:
        f = rnd.choice(nums)[0]
        c = rnd.choice([
            '%s > %d' % (f, rnd.randint(0, 1000)),
            '%s != 0' % f, '%s == %d' % (f, rnd.randint(0, 3)),
            'common_pid != 1 && %s >= 0' % f,
            '(%s < 100 || common_preempt_count == 0)' % f,
            '%s & 1' % f, '!(%s == 2)' % f])
        if strs and rnd.random() < 0.4:
            c = rnd.choice(['%s ~ "k*"', '%s == "sh"', '%s != "python3"',
                            '%s ~ "*thon*"']) % rnd.choice(strs)[0]
        return 'if ' + c
    return rnd.choice([
        'if', 'if (', 'if common_pid ==', 'if no_such == 1',
        'if common_pid == "x', 'if ((common_pid == 1)',
        'if common_pid == 1)', 'if common_pid == 1 ||', 'if common_pid = 1',
        'if common_pid == 1 & common_pid == 2', 'iff common_pid == 1',
        'if == 1', 'if common_pid ~ "a', 'if (((((((((((common_pid)))'])

def gen_hist(ev):
    parts = []
    name = None
    if rnd.random() < 0.25:
        name = rnd.choice(list(NAMED))
        parts.append('name=' + name)
    if name and rnd.random() < 0.75:
        parts += NAMED[name].split(':')
    else:
        nk = rnd.choice([1, 1, 1, 2, 2, 3, 4])
        keys = [pick_field(ev, True) for _ in range(nk)]
        parts.append(rnd.choice(['keys=', 'keys=', 'key=']) + ','.join(keys))
        nv = rnd.choice([0, 0, 1, 1, 2, 3])
        vals = [pick_field(ev, False) for _ in range(nv)]
        if vals:
            parts.append(rnd.choice(['vals=', 'values=', 'val=']) + ','.join(vals))
        if rnd.random() < 0.5:
            names = ['hitcount'] + [k.split('.')[0] for k in keys + vals]
            ns = rnd.choice([1, 1, 2, 3])
            parts.append('sort=' + ','.join(
                rnd.choice(names) + rnd.choice(['', '', '.descending', '.ascending', '.junk', '.'])
                for _ in range(ns)))
    r = rnd.random()
    if r < 0.3:
        parts.append('size=' + rnd.choice(SIZES_OK))
    elif r < 0.315:
        parts.append('size=' + rnd.choice(SIZES_BIG))
    elif r < 0.4:
        parts.append('size=' + rnd.choice(SIZES_BAD))
    if rnd.random() < 0.05:
        parts.append('clock=' + rnd.choice(clocks + ['bogus', '']))
    if rnd.random() < 0.1:
        parts.append(rnd.choice(['pause', 'cont', 'continue', 'clear', 'pause']))
    if rnd.random() < 0.1:
        rnd.shuffle(parts)
    line = 'hist:' + ':'.join(parts)
    if rnd.random() < 0.35:
        line += ' ' + pick_filter(ev)
    if rnd.random() < 0.1:
        line = '!' + line
    return line

def gen_enable(ev):
    same = [e for e in live_evs() if e.tr == ev.tr]
    tgt = rnd.choice(same).name.replace('/', ':')
    if rnd.random() < 0.1:
        tgt = rnd.choice(['sched:no_such', 'nogroup:x', 'sched', ''])
    line = rnd.choice(['enable_hist', 'disable_hist']) + ':' + tgt
    if rnd.random() < 0.3:
        line += ':' + str(rnd.randint(0, 5))
    if rnd.random() < 0.3:
        line += ' ' + pick_filter(ev)
    if rnd.random() < 0.2:
        line = '!' + line.split(' ')[0]
    return line

def mutate(s):
    for _ in range(rnd.randint(1, 4)):
        r = rnd.random()
        i = rnd.randint(0, len(s))
        if r < 0.2:
            s = s[:i] + rnd.choice(ALPHABET) + s[i + 1:]
        elif r < 0.35:
            s = s[:i] + s[i + rnd.randint(1, 8):]
        elif r < 0.55:
            s = s[:i] + rnd.choice(TOKENS) + s[i:]
        elif r < 0.65:
            w = s.split(':')
            a, b = rnd.randrange(len(w)), rnd.randrange(len(w))
            w[a], w[b] = w[b], w[a]
            s = ':'.join(w)
        elif r < 0.78:
            j = rnd.randint(i, len(s))
            s = s[:j] + s[i:j] + s[j:]
        elif r < 0.82:
            s = s[:i] + chr(rnd.choice([1, 9, 11, 13, 32, 127, 128, 200, 255])) + s[i:]
        elif r < 0.84:
            s = s + ':' + ','.join('common_pid' for _ in range(rnd.randint(2, 400)))
        elif r < 0.85:
            s = s + 'x' * rnd.randint(3000, 5000)
        else:
            s = s[:i]
    if rnd.random() < 0.3:
        s += '\n'
    return s

def kind(text):
    """what the kernel takes the write for: (command, removal, flags)"""
    s = text.strip(' \t\n\r\v\f')
    name = re.split(r'[: \t]', s, 1)[0]
    remove = name.startswith('!')
    name = name.lstrip('!') if remove else name
    flags = False
    if name == 'hist':
        args = s[len('hist') + (1 if remove else 0) + 1:].lstrip(' \t\n\r\v\f')
        m = RE_IF.search(args)
        head = args[:m.start()] if m else args
        flags = any(it in ('pause', 'cont', 'continue', 'clear') for it in head.split(':'))
    return name, remove, flags

def size_of(text):
    """the elements a hist line's map would take (the most it could)"""
    n = 2048
    for v in re.findall(r'size=([0-9a-fA-FxX]+)', text):
        try:
            x = int(v, 16) if v.lower().startswith('0x') else int(v, 8) if v.startswith('0') and len(v) > 1 else int(v)
        except ValueError:
            continue
        b = (x - 1).bit_length() if x > 1 else 0
        if 7 <= b <= 17:
            n = max(n, 1 << b)
    return n

def live_size():
    total, names = 0, set()
    for ev in live_evs():
        tl = state.get(ev)
        for l in (tl[0] if tl else []):
            m = re.match(r'hist:(name=[^:]*):', l)
            if m:
                if m.group(1) in names:
                    continue
                names.add(m.group(1))
            m = re.search(r':size=(\d+)', l)
            total += int(m.group(1)) if m else 2048
    return total

def mem_available_kb():
    for l in rd('/proc/meminfo').split('\n'):
        if l.startswith('MemAvailable:'):
            return int(l.split()[1])
    return 1 << 30

# ---- the fuzzer ----

# FUZZ_LOG: each step as "> STEP" before it is made, its outcome as
# "= ERRNO" after: W EVENT 'TEXT' (a write), T EVENT (O_TRUNC), M and R
# (mkdir and rmdir of the instance), C top|instance CLOCK (trace_clock)
log_fd = None
if os.environ.get('FUZZ_LOG'):
    log_fd = os.open(os.environ['FUZZ_LOG'], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
recent = []

def log(line):
    if log_fd is not None:
        os.write(log_fd, (line + '\n').encode('latin-1'))

def step(what):
    log('> ' + what)

def note(what, e=None):
    """what was done (for the report of a fault) and its errno"""
    recent.append(what if e is None else '%s: %s' % (what, ename(e)))
    del recent[:-40]
    log('= ' + ename(e or 0))

def die(msg):
    print('FAULT: ' + msg)
    print('the last steps (newest last):')
    for r in recent:
        print('  ' + r)
    sys.stdout.flush()
    stop_workers()
    sys.exit(1)

pids = {}

def stop_workers():
    open(STOP, 'w').close()
    bad = []
    for name, pid in pids.items():
        for _ in range(100):
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    break
            except ChildProcessError:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            bad.append('%s did not stop' % name)
            continue
        f = os.path.join(workdir, name + '.fail')
        if os.path.exists(f):
            bad.append(rd(f).strip())
    pids.clear()
    try:
        os.unlink(os.path.join(workdir, 'pids'))
    except OSError:
        pass
    return bad

state = {}

def refresh(ev):
    state[ev] = trig_lines(ev)
    return state[ev]

stats, made, refused = {}, 0, 0
acts = {}

def count(act, e):
    acts[act] = acts.get(act, 0) + 1
    stats[e] = stats.get(e, 0) + 1

def show(ev, text):
    return '%s <- %r' % (ev, text if len(text) < 300 else text[:300] + '...(%d)' % len(text))

def write_line(ev, text, act):
    """write text to ev's trigger file and check what it did"""
    global made, refused
    if flavor != 'ours' and ev.tr:
        # upstream: a named histogram of the instance joined from the
        # top level (or the other way) is read through the freed
        # instance once it goes (its hist_show() then spins on a freed
        # max_lock): the instance's names are its own
        text = text.replace('fz', 'fi')
    name, remove, flags = kind(text)
    before = state.get(ev) or refresh(ev)
    step('W %s %r' % (ev, text))
    e = wr(ev.trig, text)
    note(show(ev, text), e)
    count(act, e)
    if e and e not in ALLOWED:
        die('%s: %s, not an errno a hist write may get' % (show(ev, text), ename(e)))
    after = refresh(ev)
    if after is None:
        die('%s: the trigger file went' % ev)
    if e:
        refused += 1
        if after != before:
            die('%s: refused (%s), yet the triggers changed: %r -> %r' % (
                show(ev, text), ename(e), before, after))
        return e
    made += 1
    dh = len(after[0]) - len(before[0])
    do = len(after[1]) - len(before[1])
    if name == 'hist':
        want = (-1, 0) if remove else (0, 1) if flags else (1,)
        if dh not in want or after[1] != before[1]:
            die('%s: done, and the hist triggers went from %d to %d (want %s), the others %r -> %r' % (
                show(ev, text), len(before[0]), len(after[0]),
                ' or '.join('%+d' % w for w in want), before[1], after[1]))
    elif not text:
        # (a write of nothing does nothing)
        if after != before:
            die('%s: an empty write changed the triggers: %r -> %r' % (ev, before, after))
    else:
        # enable_hist, disable_hist (or another command a mutation made)
        want = (-1, 0) if remove else (1,)
        if do not in want or after[0] != before[0]:
            die('%s: done, and the other triggers went from %d to %d (want %s)' % (
                show(ev, text), len(before[1]), len(after[1]), ' or '.join('%+d' % w for w in want)))
    return e

def truncate(ev, act='trunc'):
    before = state.get(ev) or refresh(ev)
    step('T %s' % ev)
    e = wr(ev.trig, '', os.O_WRONLY | os.O_TRUNC)
    note('%s: O_TRUNC' % ev, e)
    count(act, e)
    if e:
        die('%s: O_TRUNC open: %s' % (ev, os.strerror(e)))
    after = refresh(ev)
    # (as upstream's: the hist triggers, enable_hist and disable_hist go)
    keep = [l for l in before[1] if not re.match(r'(enable|disable)_hist:', l)]
    if after is None or after[0] or after[1] != keep:
        die('%s: after O_TRUNC: %r (before %r)' % (ev, after, before))

def truncate_all(act):
    for ev in live_evs():
        truncate(ev, act)

def instance(up):
    global inst_up
    path = INST
    if up:
        step('M')
        try:
            os.mkdir(path)
        except OSError as e:
            die('mkdir %s: %s' % (path, os.strerror(e.errno)))
        note('mkdir instance', 0)
        inst_up = True
        for ev in inst_evs:
            ev.load()
            refresh(ev)
        count('mkdir', 0)
        return
    step('R')
    try:
        os.rmdir(path)
    except OSError as e:
        # (EBUSY: the marker writer has its trace_marker open)
        note('rmdir instance', e.errno)
        count('rmdir', e.errno)
        if e.errno != errno.EBUSY:
            die('rmdir %s: %s' % (path, os.strerror(e.errno)))
        return
    note('rmdir instance', 0)
    count('rmdir', 0)
    inst_up = False
    for ev in inst_evs:
        state.pop(ev, None)

for ev in top:
    truncate(ev, 'setup')
    for l in state[ev][1]:
        die('%s: a trigger before the fuzzer: %r' % (ev, l))
# which hist files are empty before: all are to be at the end
def all_hists(root):
    out = []
    d = os.path.join(root, 'events')
    for g in sorted(os.listdir(d)):
        gd = os.path.join(d, g)
        if not os.path.isdir(gd):
            continue
        for n in sorted(os.listdir(gd)):
            p = os.path.join(gd, n, 'hist')
            if os.path.exists(p):
                out.append(p)
    return out
empty0 = [p for p in all_hists(T) if rd(p) == '']

try:
    for name, body in WORKERS.items():
        pids[name] = worker(name, body)
    end = time.time() + seconds
    n = 0
    while time.time() < end:
        n += 1
        for name, pid in pids.items():
            if os.waitpid(pid, os.WNOHANG)[0]:
                die('the %s process ended early: %s' % (name, '; '.join(stop_workers())))
        if n % 50 == 0 and mem_available_kb() < MEM_LOW_KB:
            recent.append('MemAvailable low: all truncated')
            truncate_all('lowmem')
        evl = live_evs()
        ev = rnd.choice(evl)
        r = rnd.random()
        if r < 0.01:
            instance(not inst_up)
            continue
        if r < 0.08:
            truncate(ev)
            continue
        if r < 0.1:
            tr = INST if inst_up and rnd.random() < 0.4 else T
            c = rnd.choice(clocks + ['bogus'])
            step('C %s %s' % ('instance' if tr != T else 'top', c))
            e = wr(os.path.join(tr, 'trace_clock'), c, os.O_WRONLY)
            note('%s trace_clock <- %s' % ('instance' if tr != T else 'top', c), e)
            count('clock', e)
            if e and not (c == 'bogus' and e == errno.EINVAL):
                die('trace_clock %s: %s' % (c, os.strerror(e)))
            continue
        if r < 0.22:
            # a line read back: removed, re-added, paused, cleared
            tl = state.get(ev) or refresh(ev)
            if not tl[0] and not tl[1]:
                continue
            if tl[1] and (not tl[0] or rnd.random() < 0.2):
                l = rnd.choice(tl[1])
                cmd = other_cmd(l)
                e = write_line(ev, cmd, 'other-remove')
                if e or l in state[ev][1]:
                    die('%s: "%s": %s, and %r is left' % (ev, cmd, ename(e), l))
                continue
            l = rnd.choice(tl[0])
            head, filt = normalize(l)
            # A variable (NAME=VALUE, which a mutation may make): written
            # again, the line defines it again, which upstream refuses
            # before it looks for the trigger (create_var_field():
            # "Variable already defined"), for :pause too; "!" is found.
            var = any('=' in it and it.split('=')[0] not in ATTRS
                      for it in head.split(':')[1:])
            r2 = rnd.random()
            if r2 < 0.45:
                e = write_line(ev, '!' + head + filt, 'readback-remove')
                if e or state[ev][0].count(l) != tl[0].count(l) - 1:
                    die('%s: "!" of a line read back, %r: %s, the line is still there' % (
                        ev, l, ename(e)))
            elif r2 < 0.7:
                e = write_line(ev, head + filt, 'readback-readd')
                if e != (errno.EINVAL if var else errno.EEXIST):
                    die('%s: a line read back, %r, added again: %s, want %s' % (
                        ev, l, ename(e), 'EINVAL' if var else 'EEXIST'))
            else:
                op = rnd.choice(['pause', 'cont', 'continue', 'clear'])
                e = write_line(ev, head + ':' + op + filt, 'readback-' + op)
                if e != (errno.EINVAL if var else 0):
                    die('%s: :%s of a line read back, %r: %s, want %s' % (
                        ev, op, l, ename(e), 'EINVAL' if var else 'ok'))
                if state[ev][0] != tl[0]:
                    die('%s: :%s of a line read back changed the triggers: %r -> %r' % (
                        ev, op, tl[0], state[ev][0]))
            continue
        if r < 0.3:
            text = gen_enable(ev)
            if rnd.random() < 0.3:
                text = mutate(text)
            write_line(ev, text, 'enable_hist')
            continue
        text = gen_hist(ev)
        if rnd.random() < 0.5:
            text = mutate(text)
        while not text.lstrip().startswith('!') and live_size() + size_of(text) > SIZE_BUDGET:
            # (trigger files emptied until the new map fits)
            full = [e for e in live_evs() if state.get(e) and state[e][0]]
            if not full:
                break
            recent.append('over the size budget')
            truncate(rnd.choice(full), 'budget')
        write_line(ev, text, 'hist')

    bad = stop_workers()
    if bad:
        die('; '.join(bad))
    counts = {}
    for name in WORKERS:
        try:
            counts[name] = int(rd(os.path.join(workdir, name + '.count')))
        except (OSError, ValueError):
            die('the %s process left no count' % name)
    print('%d rounds, %d writes done, %d refused: %s' % (
        n, made, refused, ', '.join('%s %d' % (ename(k), v) for k, v in sorted(stats.items()))))
    print('steps: %s' % ', '.join('%s %d' % kv for kv in sorted(acts.items())))
    print('beside: %s' % ', '.join('%s %d' % kv for kv in sorted(counts.items())))
    print('in the hist files read: %s' % rd(os.path.join(workdir, 'seen')), flush=True)
    for name in ('reader', 'forker', 'marker'):
        if not counts[name]:
            die('the %s process did nothing' % name)

    # ---- the end: every trigger away ----
    if inst_up and rnd.random() < 0.5:
        # an instance with hist triggers goes with them
        instance(False)
        if inst_up:
            die('rmdir of the instance with its triggers: EBUSY with nothing open')
    for ev in live_evs():
        truncate(ev, 'end')
        for l in state[ev][1]:
            cmd = other_cmd(l)
            e = write_line(ev, cmd, 'end')
            if e:
                die('%s: "%s": %s' % (ev, cmd, ename(e)))
    for ev in live_evs():
        t = rd(ev.trig)
        if not t.startswith(HDR + '\n') or check_trig_text(t):
            die('%s: trigger file at the end: %r' % (ev, t))
        h = rd(ev.hist)
        if h:
            die('%s: hist file at the end: %r' % (ev, h[:2000]))
        if ev.name != 'ftrace/print':
            en = rd(os.path.join(ev.dir, 'enable')).strip()
            if en != '0':
                die('%s: enable reads %r at the end, want 0' % (ev, en))
    if inst_up:
        instance(False)
        if inst_up:
            die('rmdir of the instance at the end: EBUSY')
    left = [p[len(T) + 1:] for p in empty0 if rd(p)]
    if left:
        die('hist files left non-empty: %s' % ' '.join(left))
    if not made or not refused:
        die('the fuzzer made nothing or refused nothing')
except SystemExit:
    raise
except BaseException as ex:
    import traceback
    traceback.print_exc()
    die('the fuzzer itself: %r' % ex)
EOF
r=$(kernel_reports "$before")
[ -z "$r" ] || fail "kernel reports: $r"
exit 0
