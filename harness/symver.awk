# SPDX-License-Identifier: GPL-2.0
# The symbol versions of one object for a CONFIG_MODVERSIONS build
# (harness/common.sh, kmake): reads `nm OBJECT`, prints Kbuild's
# "#SYMVER NAME 0xCRC" line for each symbol it exports (__ksymtab_NAME).
# The CRC is a hash of the name, not genksyms' of the symbol's type: every
# module a test kernel loads is built with it, against its Module.symvers,
# so the versions only have to agree, and genksyms preprocesses each
# exporting file a second time (1136 of the 2555 objects of the x86-64
# distribution-shaped kernel).
BEGIN {
	for (i = 1; i < 256; i++)
		ord[sprintf("%c", i)] = i
}
$NF ~ /^__ksymtab_/ {
	name = substr($NF, 11)
	# a polynomial hash mod the largest prime below 2^32: exact in awk's
	# doubles (h * 31 + 255 < 2^37)
	h = 5381
	for (i = 1; i <= length(name); i++)
		h = (h * 31 + ord[substr(name, i, 1)]) % 4294967291
	printf "#SYMVER %s 0x%08x\n", name, h
}
