# SPDX-License-Identifier: GPL-2.0
"""A kernel's text symbols from its System.map, for the harness's tools
that name guest addresses (qemu-hang.py, profile-fn.sh)."""
import bisect


class TextSymbols:
    """The text symbols of System.map at path (none if unreadable)."""

    def __init__(self, path):
        syms = []
        try:
            with open(path) as f:
                for line in f:
                    p = line.split()
                    if len(p) == 3 and p[1] in "tTwW":
                        syms.append((int(p[0], 16), p[2]))
        except OSError:
            pass
        syms.sort()
        self.by_name = {n: a for a, n in syms}
        self.addrs = [a for a, _ in syms]
        self.names = [n for _, n in syms]

    def find(self, addr, limit):
        """(name, start) of the symbol addr lies in, or None when addr
        is limit bytes or more past the nearest symbol below it (no
        function is that long: not text)."""
        i = bisect.bisect_right(self.addrs, addr) - 1
        if i < 0 or addr - self.addrs[i] >= limit:
            return None
        return self.names[i], self.addrs[i]

    def addr(self, name):
        """The address System.map gives name, or None."""
        return self.by_name.get(name)
