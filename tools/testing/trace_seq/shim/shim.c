// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-line stand-ins declared in kshim.h. Each follows what the
 * kernel function promises its callers (output format, return value),
 * which is all trace_seq relies on; none of them is the kernel's code.
 */
#include "kshim.h"

#undef vsnprintf
#undef snprintf

int shim_warnings;
int shim_printks;
long shim_user_bytes = -1;

#ifndef SHIM_NO_HEXDUMP
const char hex_asc[16 + 1] = "0123456789abcdef";
#endif

#undef printk

int shim_printk(const char *fmt, ...)
{
	va_list args;
	int n;

	shim_printks++;
	va_start(args, fmt);
	n = vfprintf(stderr, fmt, args);
	va_end(args);
	return n;
}

/*
 * Store @text (@len bytes) in @buf of @size as vsnprintf() would: as much
 * as fits with a NUL after it; return the full length.
 */
static int put_text(char *buf, size_t size, const char *text, size_t len)
{
	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(buf, text, n);
		buf[n] = '\0';
	}
	return (int)len;
}

/* "%*pb": 32-bit chunks, most significant first, comma-separated. */
static int bitmap_text(char *buf, size_t size, int nbits,
		       const unsigned long *map)
{
	char text[4096];
	size_t len = 0;
	int top, bits;

	if (nbits < 0)
		nbits = 0;
	if (nbits > 8 * 1024)
		abort();
	/* The top chunk holds what is left over after whole chunks. */
	bits = nbits % 32 ? nbits % 32 : 32;
	for (top = (nbits + 31) / 32 * 32 - 32; top >= 0; top -= 32) {
		unsigned long word = map[top / (8 * sizeof(long))];
		unsigned int val = (word >> (top % (8 * sizeof(long)))) &
				   (unsigned int)((1ULL << bits) - 1);

		len += sprintf(text + len, "%s%0*x", len ? "," : "",
			       (bits + 3) / 4, val);
		bits = 32;
	}
	return put_text(buf, size, text, len);
}

int shim_vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	if (!strcmp(fmt, "%*pb")) {
		int nbits = va_arg(args, int);
		const unsigned long *map = va_arg(args, const unsigned long *);

		return bitmap_text(buf, size, nbits, map);
	}
	if (strstr(fmt, "%*pb")) {
		fprintf(stderr, "shim: \"%%*pb\" in a longer format: %s\n", fmt);
		abort();
	}
	return vsnprintf(buf, size, fmt, args);
}

int shim_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = shim_vsnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}

int bstr_printf(char *buf, size_t size, const char *fmt, const u32 *bin_buf)
{
	const char *arg = (const char *)bin_buf;
	char text[4096];
	size_t len = 0;

	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			text[len++] = *fmt;
			continue;
		}
		switch (*++fmt) {
		case '%':
			text[len++] = '%';
			break;
		case 'd':
		case 'u':
		case 'x': {
			char spec[3] = { '%', *fmt, 0 };
			u32 v;

			memcpy(&v, arg, 4);
			arg += 4;
			len += sprintf(text + len, spec, v);
			break;
		}
		case 's': {
			/* Inline, NUL-terminated, padded to a 4-byte boundary. */
			size_t n = strlen(arg);

			memcpy(text + len, arg, n);
			len += n;
			arg += (n + 1 + 3) & ~(size_t)3;
			break;
		}
		default:
			fprintf(stderr, "shim: %s cannot do %%%c\n", __func__,
				*fmt);
			abort();
		}
		if (len > sizeof(text) - 64)
			abort();
	}
	return put_text(buf, size, text, len);
}

#ifndef SHIM_NO_HEXDUMP
/*
 * One line of print_hex_dump(): groups of @groupsize bytes as numbers in
 * this CPU's byte order, separated by spaces (groupsize falls back to 1
 * if it is not 1, 2, 4 or 8 or does not divide @len); with @ascii, spaces
 * up to column rowsize * 2 + rowsize / groupsize + 1 and then the bytes
 * as text, '.' for the unprintable. Returns the full length; stores what
 * fits, NUL-terminated.
 */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
		       char *linebuf, size_t linebuflen, bool ascii)
{
	const u8 *p = buf;
	char text[256];
	const bool big_endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	size_t n = 0, i;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (len > (size_t)rowsize)
		len = rowsize;
	if ((groupsize != 1 && groupsize != 2 && groupsize != 4 &&
	     groupsize != 8) || len % groupsize)
		groupsize = 1;

	if (!len)
		return put_text(linebuf, linebuflen, "", 0);
	for (i = 0; i < len; i += groupsize) {
		unsigned long long v = 0;

		memcpy((char *)&v + (big_endian ? 8 - groupsize : 0), p + i,
		       groupsize);
		n += sprintf(text + n, "%s%0*llx", i ? " " : "",
			     2 * groupsize, v);
	}
	if (ascii) {
		size_t col = rowsize * 2 + rowsize / groupsize + 1;

		while (n < col)
			text[n++] = ' ';
		for (i = 0; i < len; i++)
			text[n++] = isascii(p[i]) && isprint(p[i]) ? p[i] : '.';
	}
	if (!linebuflen)
		return (int)n;
	return put_text(linebuf, linebuflen, text, n);
}
#endif /* SHIM_NO_HEXDUMP */

/*
 * d_path() builds the name from the end of @buf backwards: the result
 * ends with the NUL in the buffer's last byte.
 */
char *d_path(const struct path *path, char *buf, int buflen)
{
	size_t n = strlen(path->name);

	if (buflen < 0 || n + 1 > (size_t)buflen)
		return ERR_PTR(-ENAMETOOLONG);
	return memcpy(buf + buflen - n - 1, path->name, n + 1);
}

/*
 * Copy the string at @p down to @s, writing each character of @esc as a
 * backslash and three octal digits; fails if that would overwrite the
 * part of @p not yet copied. Returns the end of the copy (no NUL).
 */
char *mangle_path(char *s, const char *p, const char *esc)
{
	while (s <= p) {
		unsigned char c = *p++;

		if (!c)
			return s;
		if (!strchr(esc, c)) {
			*s++ = c;
			continue;
		}
		if (p - s < 4)
			break;
		s[0] = '\\';
		s[1] = '0' + (c >> 6);
		s[2] = '0' + ((c >> 3) & 7);
		s[3] = '0' + (c & 7);
		s += 4;
	}
	return NULL;
}

int seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len > m->size)
		return -1;
	memcpy(m->buf + m->count, data, len);
	m->count += len;
	return 0;
}

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	unsigned long ok = n;

	if (shim_user_bytes >= 0 && ok > (unsigned long)shim_user_bytes)
		ok = shim_user_bytes;
	memcpy(to, from, ok);
	if (shim_user_bytes >= 0)
		shim_user_bytes -= ok;
	return n - ok;
}
