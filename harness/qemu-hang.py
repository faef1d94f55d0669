#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where a hung guest's CPUs are, from QEMU's monitor.

Usage: qemu-hang.py MONITOR-SOCKET SYSTEM.MAP

guest.sh runs it when a guest did not power off in time, before it kills
QEMU: a guest that hangs silently (no oops, no stall report) leaves only
its console, which says nothing of where it is stuck. For each CPU this
prints its program counter and the kernel text addresses found in the
top 128 words of its stack, by symbol (a stack scan, as the kernel's
unreliable backtrace lines are: stale return addresses show too). It
reads the guest's registers and memory, so it works when the guest can
no longer print; if QEMU itself does not answer, it says so.
"""
import os
import re
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sysmap import TextSymbols  # noqa: E402

PROMPT = b"(qemu) "


class Monitor:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.read_prompt()

    def read_prompt(self):
        data = b""
        while not data.endswith(PROMPT):
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("monitor closed")
            data += chunk
        return data[: -len(PROMPT)].decode("utf-8", "replace")

    def cmd(self, line):
        self.sock.sendall(line.encode() + b"\n")
        out = self.read_prompt()
        # The monitor echoes the command (with terminal escapes) first.
        out = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out)
        return out.split("\n", 1)[1] if "\n" in out else ""


def symbolize(syms, value):
    # Past the end of a function by more than any function is long: not
    # text (data, or the end of the text section).
    found = syms.find(value, 0x4000)
    return "%s+0x%x" % (found[0], value - found[1]) if found else None


def main():
    sock_path, map_path = sys.argv[1], sys.argv[2]
    syms = TextSymbols(map_path)
    try:
        mon = None
        for _ in range(20):
            try:
                mon = Monitor(sock_path)
                break
            except (ConnectionRefusedError, FileNotFoundError):
                time.sleep(0.1)
        if mon is None:
            print("  (no QEMU monitor to ask)")
            return
        regs = mon.cmd("info registers -a")
    except (OSError, EOFError) as e:
        print("  QEMU's monitor did not answer (%s): QEMU itself may be stuck" % e)
        return
    cpus = re.split(r"^CPU#(\d+)\s*$", regs, flags=re.M)
    for i in range(1, len(cpus) - 1, 2):
        cpu, text = cpus[i], cpus[i + 1]
        pc = re.search(r"\b(?:RIP|PC)=([0-9a-fA-F]+)", text)
        sp = re.search(r"\b(?:RSP|SP)=([0-9a-fA-F]+)", text)
        flags = re.search(r"\b(?:RFL|PSTATE)=(\S+)", text)
        pcv = int(pc.group(1), 16) if pc else 0
        print("  CPU %s: pc %s%s%s" % (
            cpu, "%x" % pcv, " (%s)" % symbolize(syms, pcv)
            if symbolize(syms, pcv) else "",
            " flags %s" % flags.group(1) if flags else ""))
        if not sp:
            continue
        try:
            mon.cmd("cpu %s" % cpu)
            dump = mon.cmd("x /128gx 0x%s" % sp.group(1))
        except (OSError, EOFError) as e:
            print("    (stack unreadable: %s)" % e)
            continue
        seen = 0
        for word in re.findall(r"0x([0-9a-fA-F]{16})", dump):
            sym = symbolize(syms, int(word, 16))
            if sym:
                print("    ? %s" % sym)
                seen += 1
                if seen >= 24:
                    break


if __name__ == "__main__":
    main()
