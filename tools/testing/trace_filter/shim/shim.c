// SPDX-License-Identifier: GPL-2.0
/*
 * The shims' code: lib/ctype.c's classes, lib/kstrtox.c's number rules,
 * allocation with injected failures, and fault-safe copies (see kshim.h).
 */
#include "kshim.h"

int shim_warnings;
long shim_alloc_budget = -1;
long shim_allocs;
int shim_cpu;
int shim_ctx_level;
int shim_user_copies;
struct task_struct shim_task = { .comm = "bash" };
char shim_bad_page[64];

/* lib/ctype.c: ASCII as C, plus Latin-1: 160 is a space, 192-255 letters but 215 and 247 */
bool shim_isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 160;
}

bool shim_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

bool shim_isalnum(int c)
{
	if (shim_isdigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return true;
	return c >= 192 && c != 215 && c != 247;
}

static int shim_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return 99;
}

static int shim_kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	int n = 0, d;

	if (!base) {
		if (s[0] == '0' && (s[1] | 0x20) == 'x' && shim_digit(s[2]) < 16)
			base = 16;
		else
			base = s[0] == '0' ? 8 : 10;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	for (; (d = shim_digit(s[n])) < (int)base; n++) {
		if (v > (ULLONG_MAX - d) / base)
			overflow = true;
		v = v * base + d;
	}
	if (overflow)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	return shim_kstrtoull(s[0] == '+' ? s + 1 : s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int ret;

	if (s[0] == '-') {
		ret = shim_kstrtoull(s + 1, base, &v);
		if (ret)
			return ret;
		if ((long long)-v > 0)
			return -ERANGE;
		*res = -v;
		return 0;
	}
	ret = kstrtoull(s, base, &v);
	if (ret)
		return ret;
	if ((long long)v < 0)
		return -ERANGE;
	*res = v;
	return 0;
}

void *shim_malloc(size_t n, bool zero)
{
	if (shim_alloc_budget == 0)
		return NULL;
	if (shim_alloc_budget > 0)
		shim_alloc_budget--;
	shim_allocs++;
	/* never malloc(0): its result may be NULL */
	return zero ? calloc(1, n ? n : 1) : malloc(n ? n : 1);
}

char *kmemdup_nul(const char *s, size_t len, int gfp)
{
	char *p = shim_malloc(len + 1, false);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *kstrdup(const char *s, int gfp)
{
	return kmemdup_nul(s, strlen(s), gfp);
}

char *kasprintf(int gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = shim_malloc(n + 1, false);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, n + 1, fmt, ap);
	va_end(ap);
	return p;
}

/* mm/maccess.c's contract: at most count bytes, always NUL-terminated */
long strncpy_from_kernel_nofault(char *dst, const void *src, long count)
{
	const char *s = src;
	long n = 0;

	if (s >= shim_bad_page && s < shim_bad_page + sizeof(shim_bad_page))
		return -EFAULT;
	if (count <= 0)
		return 0;
	do {
		dst[n] = s[n];
		n++;
	} while (dst[n - 1] && n < count);
	dst[n - 1] = '\0';
	return n;
}

long strncpy_from_user_nofault(char *dst, const void __user *src, long count)
{
	shim_user_copies++;
	return strncpy_from_kernel_nofault(dst, src, count);
}
