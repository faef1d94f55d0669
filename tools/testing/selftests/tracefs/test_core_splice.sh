#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# splice(2) from trace_pipe (text, consuming) and from trace_pipe_raw
# (whole pages) into a pipe. Uses python3's os.splice, which both guests
# have (the host's root on x86-64, harness/rootfs-arm64.sh's on arm64).
. "$TESTDIR/lib.sh"

command -v python3 >/dev/null || fail "no python3 in the guest for splice(2)"
reset_tracing
trap reset_tracing EXIT
for i in 1 2 3; do echo "splice-marker-$$-$i" >"$T/trace_marker"; done
python3 - "$T" "$$" <<'EOF' || fail "splice checks failed"
import os, sys
t, tag = sys.argv[1], sys.argv[2]
r, w = os.pipe()

# trace_pipe: text; what is spliced is consumed
fd = os.open(t + "/trace_pipe", os.O_RDONLY | os.O_NONBLOCK)
n = os.splice(fd, w, 65536)
text = os.read(r, 65536).decode()
os.close(fd)
got = [l for l in text.splitlines() if "splice-marker-" + tag in l]
if n <= 0 or len(got) != 3 or not got[0].endswith("-1"):
    sys.exit("trace_pipe splice: %d bytes, %d markers: %r" % (n, len(got), text[-200:]))
if "splice-marker-" + tag in open(t + "/trace").read():
    sys.exit("trace_pipe splice did not consume")

# trace_pipe_raw: whole pages only (a length that is not a page multiple
# is refused), and only full ones: fill more than a page of cpu0's ring
os.sched_setaffinity(0, {0})
with open(t + "/trace_marker", "w") as m:
    for i in range(100):
        m.write("splice-raw-%s-%03d %s\n" % (tag, i, "y" * 60))
        m.flush()
fd = os.open(t + "/per_cpu/cpu0/trace_pipe_raw", os.O_RDONLY | os.O_NONBLOCK)
try:
    os.splice(fd, w, 100)
    sys.exit("trace_pipe_raw splice of 100 bytes was accepted")
except OSError as e:
    if e.errno != 22:
        sys.exit("trace_pipe_raw splice of 100 bytes: %s" % e)
n = os.splice(fd, w, 4096)
page = os.read(r, 8192)
os.close(fd)
first = ("splice-raw-%s-000" % tag).encode()
if n != 4096 or len(page) != 4096 or first not in page:
    import re
    seen = sorted(set(re.findall(rb"splice-raw-" + tag.encode() + rb"-([0-9]{3})", page)))
    sys.exit("trace_pipe_raw splice: %d bytes, first marker %s, markers %s..%s in it; cpu0: %s; buffer_size_kb %s"
             % (n, first in page, seen[:1], seen[-1:],
                open(t + "/per_cpu/cpu0/stats").read().replace("\n", ", "),
                open(t + "/per_cpu/cpu0/buffer_size_kb").read().strip()))
print("splice: trace_pipe 3 markers consumed; trace_pipe_raw a full page, oldest first")
EOF
