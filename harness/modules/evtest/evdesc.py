#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print the event descriptors an object file holds, to compare builds.

Usage: evdesc.py OBJ.o [OBJ.o...]

For each TRACE_EVENT() class and DEFINE_EVENT_PRINT() of a compiled
object (64-bit little-endian ELF relocatable, x86_64 or arm64), prints
the text that becomes visible in tracefs: the "print fmt" string
(print_fmt_<call>) and every field of the class's field table
(trace_event_fields_<class>: type, name, size, align, signed, filter
type, len). Two builds whose outputs are equal give byte-identical
format files (the offsets derive from size and align). Diff the output
for an object of upstream's build and of ours.
"""
import struct
import sys


class Elf:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2 or d[5] != 1:
            raise SystemExit(f"{path}: not a 64-bit little-endian ELF")
        shoff, = struct.unpack_from("<Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
        self.sections = []
        for i in range(shnum):
            (name, typ, _flags, _addr, off, size, link, info, _al,
             entsize) = struct.unpack_from("<IIQQQQIIQQ", d,
                                           shoff + i * shentsize)
            self.sections.append(dict(name=name, type=typ, off=off,
                                      size=size, link=link, info=info,
                                      entsize=entsize))
        names = self.sections[shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(names["off"] + s["name"])
        self.symbols = []
        for s in self.sections:
            if s["type"] == 2:	# SHT_SYMTAB
                strtab = self.sections[s["link"]]
                for off in range(s["off"], s["off"] + s["size"], 24):
                    name, _info, _other, shndx, value, size = \
                        struct.unpack_from("<IBBHQQ", d, off)
                    self.symbols.append((self.cstr(strtab["off"] + name),
                                         shndx, value, size))
        # relocations by (section index, offset): (symbol index, addend)
        self.relocs = {}
        for s in self.sections:
            if s["type"] == 4:	# SHT_RELA
                for off in range(s["off"], s["off"] + s["size"], 24):
                    where, info, addend = struct.unpack_from("<QQq", d, off)
                    self.relocs[(s["info"], where)] = (info >> 32, addend)

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode()

    def sym(self, name):
        for s in self.symbols:
            if s[0] == name:
                return s
        return None

    def bytes_of(self, shndx, value, size):
        sec = self.sections[shndx]
        return self.data[sec["off"] + value:sec["off"] + value + size]

    def pointer(self, shndx, offset):
        """The string a pointer at shndx:offset points to, via its reloc."""
        r = self.relocs.get((shndx, offset))
        if r is None:
            return None
        symidx, addend = r
        _name, sshndx, svalue, _size = self.symbols[symidx]
        sec = self.sections[sshndx]
        return self.cstr(sec["off"] + svalue + addend)


def describe(path):
    elf = Elf(path)
    out = []
    for name, shndx, value, size in sorted(elf.symbols):
        if name.startswith("print_fmt_"):
            text = elf.bytes_of(shndx, value, size).rstrip(b"\0").decode()
            out.append(f"{name}: {text}")
        elif name.startswith("trace_event_fields_"):
            out.append(f"{name}:")
            for off in range(value, value + size, 40):
                typ = elf.pointer(shndx, off)
                if typ is None:
                    break
                fname = elf.pointer(shndx, off + 8)
                sz, al, sig, ft, ln = struct.unpack_from(
                    "<iiiii", elf.bytes_of(shndx, off + 16, 20))
                out.append(f"\t{typ} {fname}; size:{sz} align:{al} "
                           f"signed:{sig} filter:{ft} len:{ln}")
    return out


def main():
    for path in sys.argv[1:]:
        for line in describe(path):
            print(line)


if __name__ == "__main__":
    main()
