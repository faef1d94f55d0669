#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where a hung guest's CPUs are, from QEMU's monitor.

Usage: qemu-hang.py MONITOR-SOCKET SYSTEM.MAP

guest.sh runs it when a guest did not power off in time, before it kills
QEMU: a guest that hangs silently (no oops, no stall report) leaves only
its console, which says nothing of where it is stuck. For each CPU this
prints its program counter and the kernel text addresses found in the
top 128 words of its stack, by symbol (a stack scan, as the kernel's
unreliable backtrace lines are: stale return addresses show too), and
the bytes at its program counter. It reads the guest's registers and
memory, so it works when the guest can no longer print; if QEMU itself
does not answer, it says so.

Addresses are named after the kernel's KASLR offset is taken off: on
x86-64 the IDT's first gate holds asm_exc_divide_error's address as
loaded, and System.map says where it was linked.

The registers are read three times, half a second apart. A CPU whose
program counter stays on a nop, or on a direct jump elsewhere, all that
time is not running what guest memory holds: no CPU stays there. That is the emulator's fault, and
the last line says so ("EMULATOR:"): under multi-threaded TCG a vCPU can
go on executing a stale translation of a rewritten site (an int3 that
memory no longer holds, whose handler then sends it back to the site).
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


# Nop encodings a patched site holds: x86-64's 5-byte nop (jump labels,
# call sites) and the shorter ones; arm64's NOP (little-endian).
X86_NOPS = (
    bytes.fromhex("0f1f440000"), bytes.fromhex("660f1f440000"),
    bytes.fromhex("0f1f4000"), bytes.fromhex("0f1f00"),
    bytes.fromhex("6690"), bytes.fromhex("90"),
)
ARM64_NOP = bytes.fromhex("1f2003d5")
SAMPLES = 3


def cannot_stay(x86, code):
    """What the bytes at a pc are, if no CPU can stay on them: a nop, or a
    direct jump somewhere else (a patched site holds one or the other)."""
    if not x86:
        return "a nop" if code.startswith(ARM64_NOP) else None
    if any(code.startswith(n) for n in X86_NOPS):
        return "a nop"
    if len(code) >= 5 and code[0] == 0xe9 and \
            int.from_bytes(code[1:5], "little", signed=True) != -5:
        return "a jmp"
    if len(code) >= 2 and code[0] == 0xeb and code[1] != 0xfe:
        return "a jmp"
    return None


def symbolize(syms, value, offset):
    # Past the end of a function by more than any function is long: not
    # text (data, or the end of the text section).
    found = syms.find(value - offset, 0x4000)
    return "%s+0x%x" % (found[0], value - offset - found[1]) if found else None


def parse_cpus(regs):
    """{cpu: {"pc", "sp", "flags", "idt"}} from info registers -a."""
    cpus = {}
    parts = re.split(r"^CPU#(\d+)\s*$", regs, flags=re.M)
    for i in range(1, len(parts) - 1, 2):
        text = parts[i + 1]
        pc = re.search(r"\b(?:RIP|PC)=([0-9a-fA-F]+)", text)
        sp = re.search(r"\b(?:RSP|SP)=([0-9a-fA-F]+)", text)
        flags = re.search(r"\b(?:RFL|PSTATE)=(\S+)", text)
        idt = re.search(r"^IDT=\s*([0-9a-fA-F]+)", text, flags=re.M)
        cpus[parts[i]] = {
            "x86": "RIP=" in text,
            "pc": int(pc.group(1), 16) if pc else 0,
            "sp": sp.group(1) if sp else None,
            "flags": flags.group(1) if flags else None,
            "idt": int(idt.group(1), 16) if idt else None,
        }
    return cpus


def read_bytes(mon, cpu, addr, n):
    mon.cmd("cpu %s" % cpu)
    dump = mon.cmd("x /%dxb 0x%x" % (n, addr))
    return bytes(int(b, 16) for b in re.findall(r"\b0x([0-9a-fA-F]{2})\b", dump))


def kaslr_offset(mon, syms, cpus):
    """Load address minus link address of the kernel's text, 0 if unknown."""
    linked = syms.addr("asm_exc_divide_error")
    for cpu, c in cpus.items():
        if c["idt"] is None or linked is None:
            continue
        gate = read_bytes(mon, cpu, c["idt"], 16)
        if len(gate) != 16:
            continue
        handler = (int.from_bytes(gate[0:2], "little") |
                   int.from_bytes(gate[6:8], "little") << 16 |
                   int.from_bytes(gate[8:12], "little") << 32)
        offset = (handler - linked) & (1 << 64) - 1
        if offset >= 1 << 63:
            offset -= 1 << 64
        # KASLR moves the kernel by whole pages (2 MiB on x86-64).
        if offset % 4096 == 0:
            return offset
    return 0


def main():
    lines = []
    report(lines)
    # The verdicts first: a caller may show only the head of this.
    for line in [x for x in lines if x.startswith("  EMULATOR:")] + \
            [x for x in lines if not x.startswith("  EMULATOR:")]:
        print(line)


def report(lines):
    def out(line):
        lines.append(line)

    sock_path, map_path = sys.argv[1], sys.argv[2]
    syms = TextSymbols(map_path)
    samples = []
    try:
        mon = None
        for _ in range(20):
            try:
                mon = Monitor(sock_path)
                break
            except (ConnectionRefusedError, FileNotFoundError):
                time.sleep(0.1)
        if mon is None:
            out("  (no QEMU monitor to ask)")
            return
        for i in range(SAMPLES):
            if i:
                time.sleep(0.5)
            samples.append(parse_cpus(mon.cmd("info registers -a")))
        offset = kaslr_offset(mon, syms, samples[-1])
    except (OSError, EOFError) as e:
        out("  QEMU's monitor did not answer (%s): QEMU itself may be stuck" % e)
        return
    if offset:
        out("  KASLR offset %#x" % offset)
    verdicts = []
    for cpu, c in samples[-1].items():
        pcv = c["pc"]
        pcs = [s[cpu]["pc"] for s in samples if cpu in s]
        sym = symbolize(syms, pcv, offset)
        held = len(set(pcs)) == 1 and len(pcs) == SAMPLES
        out("  CPU %s: pc %x%s%s, %s" % (
            cpu, pcv, " (%s)" % sym if sym else "",
            " flags %s" % c["flags"] if c["flags"] else "",
            "the same in %d samples over %.1f s" % (SAMPLES, (SAMPLES - 1) * 0.5)
            if held else "moving (%s)" % " ".join("%x" % v for v in pcs)))
        try:
            code = read_bytes(mon, cpu, pcv, 8)
            out("    bytes at pc: %s" % code.hex(" "))
            what = cannot_stay(c["x86"], code) if held else None
            if what:
                verdicts.append("CPU %s stays at %s, on %s (%s)" % (
                    cpu, sym or "%x" % pcv, what, code.hex(" ")))
            if not c["sp"]:
                continue
            dump = mon.cmd("x /128gx 0x%s" % c["sp"])
        except (OSError, EOFError) as e:
            out("    (memory unreadable: %s)" % e)
            continue
        seen = 0
        for word in re.findall(r"0x([0-9a-fA-F]{16})", dump):
            sym = symbolize(syms, int(word, 16), offset)
            if sym:
                out("    ? %s" % sym)
                seen += 1
                if seen >= 24:
                    break
    for v in verdicts:
        out("  EMULATOR: %s: no CPU stays there; this vCPU runs a stale"
            " translation (multi-threaded TCG), not what guest memory holds" % v)


if __name__ == "__main__":
    main()
