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
 * A uprobe's arguments (arg->fault) read their task's memory as the task
 * would, faulting pages in: its handler runs where it may sleep.
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

/* How a read reaches memory: READ_USER a user address, READ_FAULT faulting. */
#define READ_USER	BIT(0)
#define READ_FAULT	BIT(1)

static nokprobe_inline u8 read_how(const struct probe_arg *arg, bool user)
{
	return (user ? READ_USER : 0) | (arg->fault ? READ_FAULT : 0);
}

static nokprobe_inline long read_mem(void *dst, unsigned long addr, size_t size, u8 how)
{
	if (!user_addr(addr, how & READ_USER))
		return copy_from_kernel_nofault(dst, (void *)addr, size);
	if (how & READ_FAULT)
		return copy_from_user(dst, (void __user *)addr, size) ? -EFAULT : 0;
	return copy_from_user_nofault(dst, (void __user *)addr, size);
}

static nokprobe_inline bool load_long(unsigned long addr, u8 how, unsigned long *val)
{
	return !read_mem(val, addr, sizeof(*val), how);
}

/*
 * An event probe's field of the record it is given (OP_FIELD): its
 * value, or for a string field the address of the string.
 */
static nokprobe_inline unsigned long
field_value(const void *event, const struct probe_step *st)
{
	const void *p = event + st->param;
	unsigned int size = st->value & PROBE_FIELD_SIZE;
	bool sign = st->value & PROBE_FIELD_SIGNED;
	u64 v = 0;

	if (st->value & PROBE_FIELD_ARRAY)
		return (unsigned long)p;
	/* the low 16 bits: from the record's start, or from the slot's end */
	if (st->value & PROBE_FIELD_LOC)
		return (unsigned long)event + (get_unaligned((u32 *)p) & 0xffff);
	if (st->value & PROBE_FIELD_RELLOC)
		return (unsigned long)p + sizeof(u32) +
		       (get_unaligned((u32 *)p) & 0xffff);
	switch (size) {
	case 1:
		return sign ? (long)*(s8 *)p : *(u8 *)p;
	case 2:
		return sign ? (long)(s16)get_unaligned((u16 *)p) :
			      get_unaligned((u16 *)p);
	case 4:
		return sign ? (long)(s32)get_unaligned((u32 *)p) :
			      get_unaligned((u32 *)p);
	default:
		/* longer ones (arrays) are read as their first 8 bytes */
		memcpy(&v, p, min_t(unsigned int, size, sizeof(v)));
		return v;
	}
}

/* Run the steps; false if a dereference faulted. */
static bool run_steps(struct probe_arg *arg, struct pt_regs *regs,
		      const void *event, unsigned long *out)
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
					       read_how(arg, true), &v))
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
			v = st->value;
			break;
		case OP_FOFFS:
			/* a uprobe's: event is where its file is loaded */
			v = st->value + *(const unsigned long *)event;
			break;
		case OP_DEREF:
			if (!load_long(v + st->value, read_how(arg, st->user), &v))
				return false;
			break;
		case OP_FIELD:
			v = field_value(event, st);
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
static nokprobe_inline int copy_string(void *data, unsigned long src, u8 how, int room)
{
	long n;

	if (room <= 0)
		return 0;
	if (room > PROBE_MAX_STRING)
		room = PROBE_MAX_STRING;
	if (!user_addr(src, how & READ_USER)) {
		n = strncpy_from_kernel_nofault(data, (void *)src, room);
	} else if (how & READ_FAULT) {
		/* its length without the NUL; room if it is longer */
		n = strncpy_from_user(data, (void __user *)src, room);
		if (n >= room) {
			n = room;
			((char *)data)[n - 1] = '\0';
		} else if (n >= 0) {
			n++;
		}
	} else {
		n = strncpy_from_user_nofault(data, (void __user *)src, room);
	}
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
		len = copy_string(data, v,
				  read_how(arg, arg->store == PS_USTRING), room);
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
			fetched = load_long(src + j * sizeof(long),
					    read_how(arg, ptr_user),
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
		     const void *event, void *rec, unsigned int base,
		     unsigned int fixed, unsigned int room)
{
	unsigned int dpos = base + fixed, used = 0;
	int i;

	for (i = 0; i < nargs; i++) {
		struct probe_arg *arg = &args[i];
		unsigned int size = arg->type->size * (arg->count ?: 1);
		void *slot = (char *)rec + base + arg->offset;
		unsigned long v = 0;
		bool ok = run_steps(arg, regs, event, &v);

		switch (arg->store) {
		case PS_VALUE:
			put_value(slot, size, ok ? v : 0);
			break;
		case PS_MEM:
		case PS_UMEM:
			if (!ok || read_mem(slot, store_addr(arg, v), size,
					    read_how(arg, arg->store == PS_UMEM)))
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

/*
 * The length of a kernel string with its NUL, at most max; 0 if it
 * cannot be read. Read in pieces that do not cross a page, so that a
 * string ending before an unmapped page is measured.
 */
static unsigned int kernel_strnlen_nofault(unsigned long addr,
					   unsigned int max)
{
	unsigned int len = 0;
	char buf[32];

	while (len < max) {
		unsigned int n = min3((unsigned int)sizeof(buf), max - len,
				      (unsigned int)(PAGE_SIZE -
						     offset_in_page(addr + len)));
		char *nul;

		if (copy_from_kernel_nofault(buf, (void *)(addr + len), n))
			return 0;
		nul = memchr(buf, '\0', n);
		if (nul)
			return len + (nul - buf) + 1;
		len += n;
	}
	return max;
}

/* What store_string() would store for one string at v, before room. */
static unsigned int string_len(struct probe_arg *arg, unsigned long v)
{
	long n;

	switch (arg->store) {
	case PS_COMM:
		return strnlen(current->comm, TASK_COMM_LEN) + 1;
	case PS_IMMSTR:
		return strlen(arg->immstr) + 1;
	case PS_SYMSTR:
		/* the most sprint_symbol() writes: measured by writing */
		return KSYM_SYMBOL_LEN;
	}
	if (user_addr(v, arg->store == PS_USTRING)) {
		/* the NUL counted; more than the limit when longer */
		n = arg->fault ?
		    strnlen_user((void __user *)v, PROBE_MAX_STRING) :
		    strnlen_user_nofault((void __user *)v, PROBE_MAX_STRING);
		return n > 0 ? min_t(long, n, PROBE_MAX_STRING) : 0;
	}
	return kernel_strnlen_nofault(v, PROBE_MAX_STRING);
}

unsigned int probe_args_measure(struct probe_arg *args, int nargs,
				struct pt_regs *regs, const void *event,
				unsigned int room)
{
	unsigned int used = 0;
	int i, j;

	for (i = 0; i < nargs && used < room; i++) {
		struct probe_arg *arg = &args[i];
		bool ptr_user = arg->dropped && arg->steps[arg->nsteps].user;
		unsigned long v = 0, s;
		bool ok;

		if (arg->type->kind != PT_STRING)
			continue;
		ok = run_steps(arg, regs, event, &v);
		v = store_addr(arg, v);
		for (j = 0; j < (arg->count ?: 1); j++) {
			s = v;
			if (arg->store == PS_COMM || arg->store == PS_IMMSTR)
				ok = true;
			else if (!ok || (arg->count &&
					 !load_long(v + j * sizeof(long),
						    read_how(arg, ptr_user), &s)))
				continue;
			used += string_len(arg, s);
		}
	}
	return min(used, room);
}

NOKPROBE_SYMBOL(probe_args_measure);
NOKPROBE_SYMBOL(string_len);
NOKPROBE_SYMBOL(kernel_strnlen_nofault);
NOKPROBE_SYMBOL(store_string);
NOKPROBE_SYMBOL(store_strings);

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
