// SPDX-License-Identifier: GPL-2.0
/*
 * Running fetch programs (args_parse.c made them) when a probe hits, and
 * showing what they stored.
 *
 * A record's arguments are a fixed part, each argument at its offset,
 * then the strings. A string argument's slot is a u32 __data_loc: its
 * length (the NUL included) in the high 16 bits and the offset of its
 * bytes from the record's start in the low 16; length 0 means it could
 * not be read, shown as "(fault)". Every read of memory is a _nofault
 * one: a bad address stores zeroes (or a faulted string), never oopses.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/uaccess.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/seq_buf.h>
#include <asm/unaligned.h>

#include "probes.h"

/*
 * Where kernel and user addresses cannot overlap, a "kernel" read of a
 * user address (a __user argument dereferenced without 'u') is a user
 * read, as upstream's: kprobes on syscalls see user pointers.
 */
static nokprobe_inline bool user_addr(unsigned long addr, bool user)
{
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if (addr < TASK_SIZE)
		return true;
#endif
	return user;
}

static nokprobe_inline long read_mem(void *dst, unsigned long addr, size_t size, bool user)
{
	if (user_addr(addr, user))
		return copy_from_user_nofault(dst, (void __user *)addr, size);
	return copy_from_kernel_nofault(dst, (void *)addr, size);
}

static nokprobe_inline bool load_long(unsigned long addr, bool user, unsigned long *val)
{
	return !read_mem(val, addr, sizeof(*val), user);
}

/* Run the steps; false if a dereference faulted. */
static bool run_steps(struct probe_arg *arg, struct pt_regs *regs,
		      unsigned long *out)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < arg->nsteps; i++) {
		struct probe_step *st = &arg->steps[i];

		switch (st->op) {
		case OP_REG:
			v = regs_get_register(regs, st->param);
			break;
		case OP_STACK:
			if (user_mode(regs)) {
				if (!load_long(user_stack_pointer(regs) +
					       st->param * sizeof(long),
					       true, &v))
					return false;
			} else {
				v = regs_get_kernel_stack_nth(regs, st->param);
			}
			break;
		case OP_STACKP:
			v = user_mode(regs) ? user_stack_pointer(regs) :
					      kernel_stack_pointer(regs);
			break;
		case OP_RETVAL:
			v = regs_return_value(regs);
			break;
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
		case OP_ARG:
			v = regs_get_kernel_argument(regs, st->param);
			break;
#endif
		case OP_IMM:
		case OP_FOFFS:
			v = st->value;
			break;
		case OP_DEREF:
			if (!load_long(v + st->value, st->user, &v))
				return false;
			break;
		default:	/* the string sources: nothing to compute */
			break;
		}
	}
	*out = v;
	return true;
}

/* Where a memory argument's bytes (or string) are: v, or v + offset. */
static nokprobe_inline unsigned long store_addr(struct probe_arg *arg, unsigned long v)
{
	return arg->dropped ? v + arg->steps[arg->nsteps].value : v;
}

static nokprobe_inline void put_value(void *dst, unsigned int size, u64 v)
{
	switch (size) {
	case 1:
		*(u8 *)dst = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)dst);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)dst);
		break;
	default:
		put_unaligned(v, (u64 *)dst);
	}
}

static nokprobe_inline u64 get_value(const void *src, unsigned int size)
{
	switch (size) {
	case 1:
		return *(const u8 *)src;
	case 2:
		return get_unaligned((const u16 *)src);
	case 4:
		return get_unaligned((const u32 *)src);
	default:
		return get_unaligned((const u64 *)src);
	}
}

/* A bitfield's bits, taken out of its (zero-extended) container. */
static nokprobe_inline void apply_bitfield(struct probe_arg *arg, void *dst)
{
	u64 v = get_value(dst, arg->type->size);

	put_value(dst, arg->type->size,
		  (v << arg->bf_lshift) >> arg->bf_rshift);
}

/*
 * Copy a string to data (room bytes); its length with the NUL, or 0 if
 * it could not be read.
 */
static nokprobe_inline int copy_string(void *data, unsigned long src, bool user, int room)
{
	long n;

	if (room <= 0)
		return 0;
	if (room > PROBE_MAX_STRING)
		room = PROBE_MAX_STRING;
	if (user_addr(src, user))
		n = strncpy_from_user_nofault(data, (void __user *)src, room);
	else
		n = strncpy_from_kernel_nofault(data, (void *)src, room);
	/* both count the NUL, and cut a long string at room */
	return n > 0 ? n : 0;
}

/* A string of the record: its data and its slot. */
static int store_string(struct probe_arg *arg, unsigned long v, void *slot,
			void *rec, unsigned int dpos, unsigned int room)
{
	char *data = (char *)rec + dpos;
	int len = 0;

	switch (arg->store) {
	case PS_STRING:
	case PS_USTRING:
		len = copy_string(data, v, arg->store == PS_USTRING, room);
		break;
	case PS_COMM:
		len = min_t(int, strnlen(current->comm, TASK_COMM_LEN) + 1,
			    room);
		if (len > 0) {
			memcpy(data, current->comm, len);
			data[len - 1] = '\0';
		}
		break;
	case PS_IMMSTR:
		len = min_t(int, strlen(arg->immstr) + 1, room);
		if (len > 0) {
			memcpy(data, arg->immstr, len);
			data[len - 1] = '\0';
		}
		break;
	case PS_SYMSTR:
		if (room >= KSYM_SYMBOL_LEN)
			len = sprint_symbol(data, v) + 1;
		break;
	}
	if (len < 0)
		len = 0;
	put_unaligned((u32)((len << 16) | (dpos & 0xffff)), (u32 *)slot);
	return len;
}

bool probe_args_have_strings(struct probe_arg *args, int nargs)
{
	int i;

	for (i = 0; i < nargs; i++)
		if (args[i].type->kind == PT_STRING)
			return true;
	return false;
}

/*
 * The strings of one argument: one, or count of them through an array
 * of pointers. Returns the bytes of data used.
 */
static unsigned int store_strings(struct probe_arg *arg, unsigned long v,
				  bool ok, void *slot, void *rec,
				  unsigned int dpos, unsigned int room)
{
	bool ptr_user = arg->dropped && arg->steps[arg->nsteps].user;
	unsigned int j, n = arg->count ?: 1, used = 0;
	unsigned long src = store_addr(arg, v);

	for (j = 0; j < n; j++, slot += sizeof(u32)) {
		unsigned long s = src;
		bool fetched = ok;
		int len = 0;

		if (arg->count && fetched)
			fetched = load_long(src + j * sizeof(long), ptr_user,
					    &s);
		/* $comm and "strings" need nothing fetched */
		if (arg->store == PS_COMM || arg->store == PS_IMMSTR)
			fetched = true;
		if (fetched)
			len = store_string(arg, s, slot, rec, dpos + used,
					   room - used);
		else
			put_unaligned((u32)((dpos + used) & 0xffff),
				      (u32 *)slot);
		used += len;
	}
	return used;
}

int probe_args_store(struct probe_arg *args, int nargs, struct pt_regs *regs,
		     void *rec, unsigned int base, unsigned int fixed,
		     unsigned int room)
{
	unsigned int dpos = base + fixed, used = 0;
	int i;

	for (i = 0; i < nargs; i++) {
		struct probe_arg *arg = &args[i];
		unsigned int size = arg->type->size * (arg->count ?: 1);
		void *slot = (char *)rec + base + arg->offset;
		unsigned long v = 0;
		bool ok = run_steps(arg, regs, &v);

		switch (arg->store) {
		case PS_VALUE:
			put_value(slot, size, ok ? v : 0);
			break;
		case PS_MEM:
		case PS_UMEM:
			if (!ok || read_mem(slot, store_addr(arg, v), size,
					    arg->store == PS_UMEM))
				memset(slot, 0, size);
			break;
		default:
			used += store_strings(arg, v, ok, slot, rec,
					      dpos + used, room - used);
			continue;
		}
		if (arg->bitfield)
			apply_bitfield(arg, slot);
	}
	return used;
}

NOKPROBE_SYMBOL(probe_args_store);
NOKPROBE_SYMBOL(run_steps);
NOKPROBE_SYMBOL(store_string);
NOKPROBE_SYMBOL(store_strings);
NOKPROBE_SYMBOL(probe_args_have_strings);

/* One value of an argument, at p, as its type shows it. */
static void print_one(struct trace_seq *s, struct probe_arg *arg, void *p,
		      void *rec)
{
	unsigned int size = arg->type->size;
	u64 v;
	u32 loc;

	switch (arg->type->kind) {
	case PT_STRING:
		loc = get_unaligned((u32 *)p);
		if (!(loc >> 16))
			trace_seq_puts(s, "(fault)");
		else
			trace_seq_printf(s, "\"%s\"",
					 (char *)rec + (loc & 0xffff));
		return;
	case PT_SYMBOL:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)
				 get_value(p, size));
		return;
	default:
		break;
	}
	v = get_value(p, size);
	if (arg->type->kind == PT_SIGNED) {
		s64 sv = size == 1 ? (s8)v : size == 2 ? (s16)v :
			 size == 4 ? (s32)v : (s64)v;

		trace_seq_printf(s, "%lld", sv);
	} else if (arg->type->kind == PT_HEX) {
		trace_seq_printf(s, "0x%llx", v);
	} else {
		trace_seq_printf(s, "%llu", v);
	}
}

void probe_args_print(struct trace_seq *s, struct probe_arg *args, int nargs,
		      void *rec, unsigned int base)
{
	int i, j;

	for (i = 0; i < nargs; i++) {
		struct probe_arg *arg = &args[i];
		char *p = (char *)rec + base + arg->offset;

		trace_seq_printf(s, " %s=", arg->name);
		if (!arg->count) {
			print_one(s, arg, p, rec);
			continue;
		}
		trace_seq_putc(s, '{');
		for (j = 0; j < arg->count; j++, p += arg->type->size) {
			if (j)
				trace_seq_putc(s, ',');
			print_one(s, arg, p, rec);
		}
		trace_seq_putc(s, '}');
	}
}

int probe_args_define_fields(struct trace_event_call *call,
			     struct probe_arg *args, int nargs,
			     unsigned int base)
{
	int i, ret;

	for (i = 0; i < nargs; i++) {
		struct probe_arg *arg = &args[i];

		ret = trace_define_field(call, arg->ftype, arg->name,
					 base + arg->offset,
					 arg->type->size * (arg->count ?: 1),
					 /* upstream's strings say signed */
					 arg->type->kind == PT_SIGNED ||
					 arg->type->kind == PT_STRING,
					 FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

char *probe_args_print_fmt(struct probe_arg *args, int nargs,
			   const char *head, const char *head_args)
{
	size_t len = 256;
	struct seq_buf sb;
	char *buf;
	int i, j;

again:
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&sb, buf, len);
	seq_buf_printf(&sb, "\"%s", head);
	for (i = 0; i < nargs; i++) {
		struct probe_arg *a = &args[i];

		seq_buf_printf(&sb, " %s=", a->name);
		if (!a->count) {
			seq_buf_puts(&sb, a->type->fmt);
			continue;
		}
		seq_buf_putc(&sb, '{');
		for (j = 0; j < a->count; j++)
			seq_buf_printf(&sb, "%s%s", j ? "," : "", a->type->fmt);
		seq_buf_putc(&sb, '}');
	}
	seq_buf_printf(&sb, "\"%s", head_args);
	for (i = 0; i < nargs; i++) {
		struct probe_arg *a = &args[i];
		bool str = a->type->kind == PT_STRING;

		for (j = 0; j < (a->count ?: 1); j++) {
			seq_buf_printf(&sb, str ? ", __get_str(%s" : ", REC->%s",
				       a->name);
			if (a->count)
				seq_buf_printf(&sb, "[%d]", j);
			if (str)
				seq_buf_putc(&sb, ')');
		}
	}
	seq_buf_putc(&sb, '\0');
	if (seq_buf_has_overflowed(&sb)) {
		kfree(buf);
		len *= 2;
		goto again;
	}
	return buf;
}
