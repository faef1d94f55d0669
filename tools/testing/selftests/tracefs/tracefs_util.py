# SPDX-License-Identifier: GPL-2.0
"""What the tests' python parts share (python3 in both guests).

A test's python finds it through TESTDIR:
    sys.path.insert(0, os.environ['TESTDIR']); import tracefs_util
and a shell test may run it: python3 "$TESTDIR/tracefs_util.py"
elf-offset FILE [SYMBOL].
"""
import os
import struct
import sys


def write(tdir, name, text, flags=os.O_WRONLY | os.O_APPEND):
    """Write text to tdir/name in one write(): 0, or the errno of the
    open (an O_TRUNC open of a definition file is where removal fails)
    or of the write."""
    try:
        fd = os.open(os.path.join(tdir, name), flags)
    except OSError as e:
        return e.errno
    try:
        os.write(fd, text.encode('latin-1'))
        return 0
    except OSError as e:
        return e.errno
    finally:
        os.close(fd)


def elf_offset(path, symbol=None):
    """The file offset of a 64-bit little-endian ELF file's entry point,
    or of its dynamic symbol symbol; SystemExit if there is none."""
    f = open(path, 'rb').read()
    if f[:4] != b'\x7fELF' or f[4] != 2 or f[5] != 1:
        raise SystemExit(path + ': not a 64-bit little-endian ELF file')
    entry, phoff, shoff = struct.unpack_from('<QQQ', f, 0x18)
    phentsize, phnum, shentsize, shnum = struct.unpack_from('<HHHH', f, 0x36)

    def offset(vaddr):
        for i in range(phnum):
            ptype, _, poff, pvaddr, _, pfilesz = struct.unpack_from(
                '<IIQQQQ', f, phoff + i * phentsize)
            if ptype == 1 and pvaddr <= vaddr < pvaddr + pfilesz:
                return vaddr - pvaddr + poff
        raise SystemExit('%s: no segment holds 0x%x' % (path, vaddr))

    def section(i):
        return struct.unpack_from('<IIQQQQIIQQ', f, shoff + i * shentsize)

    if symbol is None:
        return offset(entry)
    want = symbol.encode()
    for i in range(shnum):
        sh = section(i)
        if sh[1] != 11:                       # SHT_DYNSYM
            continue
        strs = section(sh[6])[4]
        for j in range(sh[5] // 24):
            name, _, _, _, value, _ = struct.unpack_from(
                '<IBBHQQ', f, sh[4] + j * 24)
            end = f.index(b'\0', strs + name)
            if f[strs + name:end] == want and value:
                return offset(value)
    raise SystemExit('%s: no dynamic symbol %s' % (path, symbol))


if __name__ == '__main__':
    if len(sys.argv) in (3, 4) and sys.argv[1] == 'elf-offset':
        print(hex(elf_offset(*sys.argv[2:])))
    else:
        sys.exit('usage: tracefs_util.py elf-offset FILE [SYMBOL]')
