/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-ins for what kernel/trace/trace_seq.c (ours, and
 * upstream's with lib/seq_buf.c for the comparison run) takes from the
 * kernel. Every shim/linux/X.h and shim/asm/X.h includes this one file.
 *
 * The knobs the test turns are the shim_* variables: a user copy that
 * faults after some bytes, a seq_file of a chosen size, and counters of
 * WARN_ON()s and printk()s, which must stay zero.
 */
#ifndef _TOOLS_TS_KSHIM_H
#define _TOOLS_TS_KSHIM_H

/* The basics the three tests' shims share: */
#include "../../lib/kshim-common.h"
#include <ctype.h>

/*
 * glibc's <endian.h> defines both __BIG_ENDIAN and __LITTLE_ENDIAN (as
 * byte-order numbers); the kernel defines only the one that is true, and
 * code tests it with #ifdef. Redo them the kernel's way.
 */
#undef __BIG_ENDIAN
#undef __LITTLE_ENDIAN
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define __BIG_ENDIAN	4321
#else
#define __LITTLE_ENDIAN	1234
#endif

/* As in the kernel, whatever the host's int64_t is. */
typedef unsigned long long u64;
typedef long long s64;

/* Exports are no-ops: an assertion is a declaration that does nothing. */
#define SHIM_NO_EXPORT(sym)	_Static_assert(1, #sym)
#define EXPORT_SYMBOL		SHIM_NO_EXPORT
#define EXPORT_SYMBOL_GPL	SHIM_NO_EXPORT
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON: " #cond)

#define PAGE_SHIFT	12
#define PAGE_SIZE	4096UL	/* 1 << PAGE_SHIFT */

/* ------------------------------------------------ warnings and printk */

extern int shim_printks;

#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define BUG_ON(cond) do {						\
	if (cond) {							\
		fprintf(stderr, "BUG_ON(%s) at %s:%d\n", #cond,		\
			__FILE__, __LINE__);				\
		abort();						\
	}								\
} while (0)

/* Counts its calls (in shim_printks) and prints to stderr. */
__printf(1, 2) int shim_printk(const char *fmt, ...);
#define printk	shim_printk

/* ------------------------------------------------------------ formatting */

/*
 * The kernel's vsnprintf() with the one extension trace_seq uses beyond
 * C's: "%*pb", a bitmap (the whole format must be just that). Everything
 * else goes to the C library. Its %p prints differently from the
 * kernel's hashed pointers; the test computes what it expects with it.
 */
__printf(3, 0) int shim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
__printf(3, 4) int shim_snprintf(char *buf, size_t size, const char *fmt, ...);
#define vsnprintf	shim_vsnprintf
#define snprintf	shim_snprintf

/*
 * bstr_printf() over an argument buffer packed as vbin_printf() packs it;
 * only %d %u %x %s %% and no flags or widths, which is what the test uses.
 */
int bstr_printf(char *buf, size_t size, const char *fmt, const u32 *bin_buf);

/* For lib/hexdump.c, which the upstream run compiles (SHIM_NO_HEXDUMP). */
static inline u16 shim_get16(const void *p) { u16 v; memcpy(&v, p, 2); return v; }
static inline u32 shim_get32(const void *p) { u32 v; memcpy(&v, p, 4); return v; }
static inline u64 shim_get64(const void *p) { u64 v; memcpy(&v, p, 8); return v; }
#define get_unaligned(ptr)						\
	_Generic(*(ptr), u16 : shim_get16, u32 : shim_get32, u64 : shim_get64)(ptr)

static inline bool is_power_of_2(unsigned long n)
{
	return n && !(n & (n - 1));
}

extern const char hex_asc[];
extern const char hex_asc_upper[];
#define hex_asc_lo(x)	hex_asc[(x) & 0x0f]
#define hex_asc_hi(x)	hex_asc[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack(char *buf, u8 byte)
{
	buf[0] = hex_asc_hi(byte);
	buf[1] = hex_asc_lo(byte);
	return buf + 2;
}

enum {
	DUMP_PREFIX_NONE,
	DUMP_PREFIX_ADDRESS,
	DUMP_PREFIX_OFFSET
};

/* Same output and return value as lib/hexdump.c's (shim.c, unless SHIM_NO_HEXDUMP). */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
		       char *linebuf, size_t linebuflen, bool ascii);

/* ---------------------------------------------------------- files, users */

/* A path is just its name here. */
struct path {
	const char *name;
};

char *d_path(const struct path *path, char *buf, int buflen);
char *mangle_path(char *s, const char *p, const char *esc);

/* Collects what seq_write() takes, up to @size bytes. */
struct seq_file {
	char *buf;
	size_t size;
	size_t count;
};

int seq_write(struct seq_file *m, const void *data, size_t len);

/* copy_to_user() faults after this many more bytes; -1: never. */
extern long shim_user_bytes;
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);

#endif /* _TOOLS_TS_KSHIM_H */
