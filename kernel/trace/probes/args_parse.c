// SPDX-License-Identifier: GPL-2.0
/*
 * The fetch-argument language of probe events, compiled.
 *
 * An argument is [NAME=]FETCHARG[:TYPE]. FETCHARG is a source (a
 * register, a stack slot, $argN, $retval, $comm, an immediate, @ADDR,
 * @SYM) wrapped in any number of dereferences +|-[u]OFFS(...). It
 * becomes a program of steps run innermost first, each turning the value
 * so far into the next:
 *
 *	+8(+0(%di)):u32		REG(di) -> DEREF(0) -> [DEREF(8)]
 *
 * A dereference loads the long at value + offset. The last dereference
 * of a memory argument loads nothing: its address is where the store
 * reads the type's bytes (or a string) from. That is the one place the
 * type changes the program; how the record gets the value is the
 * argument's store (enum probe_store).
 *
 * Errors are logged with the texts and caret positions of upstream
 * 6.1, which scripts and ftracetest compare: a caret points at the word
 * of the definition being parsed (struct probe_cmd), at the offset of the
 * part found wrong.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/ptrace.h>
#include <linux/string.h>

#include "probes.h"

/* error_log's texts: upstream's words, which scripts and tests match */
static const char * const probe_err_text[PERR_NR] = {
	[PERR_FILE_NOT_FOUND] = "Failed to find the given file",
	[PERR_NO_REGULAR_FILE] = "Not a regular file",
	[PERR_BAD_REFCNT] = "Invalid reference counter offset",
	[PERR_REFCNT_OPEN_BRACE] = "Reference counter brace is not closed",
	[PERR_BAD_REFCNT_SUFFIX] = "Reference counter has wrong suffix",
	[PERR_BAD_UPROBE_OFFS] = "Invalid uprobe offset",
	[PERR_MAXACT_NO_KPROBE] = "Maxactive is not for kprobe",
	[PERR_BAD_MAXACT] = "Invalid maxactive number",
	[PERR_MAXACT_TOO_BIG] = "Maxactive is too big",
	[PERR_BAD_PROBE_ADDR] = "Invalid probed address or symbol",
	[PERR_NON_UNIQ_SYMBOL] = "The symbol is not unique",
	[PERR_BAD_RETPROBE] = "Retprobe address must be an function entry",
	[PERR_BAD_ADDR_SUFFIX] = "Invalid probed address suffix",
	[PERR_NO_GROUP_NAME] = "Group name is not specified",
	[PERR_GROUP_TOO_LONG] = "Group name is too long",
	[PERR_BAD_GROUP_NAME] =
		"Group name must follow the same rules as C identifiers",
	[PERR_NO_EVENT_NAME] = "Event name is not specified",
	[PERR_EVENT_TOO_LONG] = "Event name is too long",
	[PERR_BAD_EVENT_NAME] =
		"Event name must follow the same rules as C identifiers",
	[PERR_EVENT_EXIST] =
		"Given group/event name is already used by another event",
	[PERR_RETVAL_ON_PROBE] = "$retval is not available on probe",
	[PERR_BAD_STACK_NUM] = "Invalid stack number",
	[PERR_BAD_ARG_NUM] = "Invalid argument number",
	[PERR_BAD_VAR] = "Invalid $-variable specified",
	[PERR_BAD_REG_NAME] = "Invalid register name",
	[PERR_BAD_MEM_ADDR] = "Invalid memory address",
	[PERR_BAD_IMM] = "Invalid immediate value",
	[PERR_IMMSTR_NO_CLOSE] = "String is not closed with '\"'",
	[PERR_FILE_ON_KPROBE] = "File offset is not available with kprobe",
	[PERR_BAD_FILE_OFFS] = "Invalid file offset value",
	[PERR_SYM_ON_UPROBE] = "Symbol is not available with uprobe",
	[PERR_TOO_MANY_OPS] = "Dereference is too much nested",
	[PERR_DEREF_NEED_BRACE] = "Dereference needs a brace",
	[PERR_BAD_DEREF_OFFS] = "Invalid dereference offset",
	[PERR_DEREF_OPEN_BRACE] = "Dereference brace is not closed",
	[PERR_COMM_CANT_DEREF] = "$comm can not be dereferenced",
	[PERR_BAD_FETCH_ARG] = "Invalid fetch argument",
	[PERR_ARRAY_NO_CLOSE] = "Array is not closed",
	[PERR_BAD_ARRAY_SUFFIX] = "Array has wrong suffix",
	[PERR_BAD_ARRAY_NUM] = "Invalid array size",
	[PERR_ARRAY_TOO_BIG] = "Array number is too big",
	[PERR_BAD_TYPE] = "Unknown type is specified",
	[PERR_BAD_STRING] = "String accepts only memory argument",
	[PERR_BAD_SYMSTRING] = "Symbol String doesn't accept data/userdata",
	[PERR_BAD_BITFIELD] = "Invalid bitfield",
	[PERR_ARG_NAME_TOO_LONG] = "Argument name is too long",
	[PERR_NO_ARG_NAME] = "Argument name is not specified",
	[PERR_BAD_ARG_NAME] =
		"Argument name must follow the same rules as C identifiers",
	[PERR_USED_ARG_NAME] = "This argument name is already used",
	[PERR_ARG_TOO_LONG] = "Argument expression is too long",
	[PERR_NO_ARG_BODY] = "No argument expression",
	[PERR_BAD_INSN_BNDRY] = "Probe point is not an instruction boundary",
	[PERR_FAIL_REG_PROBE] = "Failed to register probe event",
	[PERR_DIFF_PROBE_TYPE] = "Probe type is different from existing probe",
	[PERR_DIFF_ARG_TYPE] =
		"Argument type or name is different from existing probe",
	[PERR_SAME_PROBE] = "There is already the exact same probe event",
	[PERR_NO_EVENT_INFO] =
		"This requires both group and event name to attach",
	[PERR_BAD_ATTACH_EVENT] = "Attached event does not exist",
	[PERR_BAD_ATTACH_ARG] = "Attached event does not have this field",
	[PERR_NO_EP_FILTER] = "No filter rule after 'if'",
	[PERR_EVENT_TOO_BIG] = "Event too big (too many fields?)",
};

void probe_err(struct probe_cmd *cmd, int offset, enum probe_err err)
{
	size_t len = 1, pos = 0;
	char *line, *p;
	int i;

	for (i = 0; i < cmd->argc; i++)
		len += strlen(cmd->argv[i]) + 1;
	line = kzalloc(len, GFP_KERNEL);
	if (!line)
		return;		/* the errno still says it */
	p = line;
	for (i = 0; i < cmd->argc; i++) {
		if (i)
			*p++ = ' ';
		if (i == cmd->word)
			pos = p - line;
		strcpy(p, cmd->argv[i]);
		p += strlen(p);
	}
	if (cmd->word >= cmd->argc)
		pos = p - line;
	tracing_log_err(NULL, cmd->subsys, line, probe_err_text, err,
			pos + offset);
	kfree(line);
}

/* The types a TYPE may name; the default is the width of a long. */
static const struct probe_argtype probe_argtypes[] = {
	{ "u8",  "u8",  "%u",   1, PT_UNSIGNED },
	{ "u16", "u16", "%u",   2, PT_UNSIGNED },
	{ "u32", "u32", "%u",   4, PT_UNSIGNED },
	{ "u64", "u64", "%Lu",  8, PT_UNSIGNED },
	{ "s8",  "s8",  "%d",   1, PT_SIGNED },
	{ "s16", "s16", "%d",   2, PT_SIGNED },
	{ "s32", "s32", "%d",   4, PT_SIGNED },
	{ "s64", "s64", "%Ld",  8, PT_SIGNED },
	{ "x8",  "u8",  "0x%x", 1, PT_HEX },
	{ "x16", "u16", "0x%x", 2, PT_HEX },
	{ "x32", "u32", "0x%x", 4, PT_HEX },
	{ "x64", "u64", "0x%Lx", 8, PT_HEX },
#if BITS_PER_LONG == 64
	{ "symbol", "u64", "%pS", 8, PT_SYMBOL },
#else
	{ "symbol", "u32", "%pS", 4, PT_SYMBOL },
#endif
	{ "string",  "__data_loc char[]", "\\\"%s\\\"", 4, PT_STRING },
	{ "ustring", "__data_loc char[]", "\\\"%s\\\"", 4, PT_STRING },
	{ "symstr",  "__data_loc char[]", "\\\"%s\\\"", 4, PT_STRING },
};

static const struct probe_argtype *probe_argtype_find(const char *name)
{
	char buf[8];
	size_t i;

	if (!name)
		name = BITS_PER_LONG == 64 ? "x64" : "x32";
	/* a bitfield b<width>@<offset>/<size> lives in a u<size> */
	if (name[0] == 'b') {
		const char *slash = strchr(name, '/');

		if (!slash || strlen(slash + 1) > 2)
			return NULL;
		snprintf(buf, sizeof(buf), "u%s", slash + 1);
		name = buf;
		if (!strcmp(name, "u8") || !strcmp(name, "u16") ||
		    !strcmp(name, "u32") || !strcmp(name, "u64"))
			goto search;
		return NULL;
	}
search:
	for (i = 0; i < ARRAY_SIZE(probe_argtypes); i++)
		if (!strcmp(probe_argtypes[i].name, name))
			return &probe_argtypes[i];
	return NULL;
}

int probe_parse_names(struct probe_cmd *cmd, const char *text, int off,
		      char *group, char *event)
{
	const char *slash = strchr(text, '/');
	size_t len;

	if (slash) {
		if (slash == text) {
			probe_err(cmd, off, PERR_NO_GROUP_NAME);
			return -EINVAL;
		}
		if (slash - text + 1 > PROBE_NAME_MAX) {
			probe_err(cmd, off, PERR_GROUP_TOO_LONG);
			return -EINVAL;
		}
		memcpy(group, text, slash - text);
		group[slash - text] = '\0';
		if (!dyn_event_name_ok(group)) {
			probe_err(cmd, off, PERR_BAD_GROUP_NAME);
			return -EINVAL;
		}
		off += slash - text + 1;
		text = slash + 1;
	}
	len = strlen(text);
	if (!len) {
		if (slash) {
			event[0] = '\0';	/* the caller names it */
			return 0;
		}
		probe_err(cmd, off, PERR_NO_EVENT_NAME);
		return -EINVAL;
	}
	if (len >= PROBE_NAME_MAX) {
		probe_err(cmd, off, PERR_EVENT_TOO_LONG);
		return -EINVAL;
	}
	if (!dyn_event_name_ok(text)) {
		probe_err(cmd, off, PERR_BAD_EVENT_NAME);
		return -EINVAL;
	}
	strcpy(event, text);
	return 0;
}

/* Field names of every probe record, which no argument may take. */
static const char * const probe_reserved[] = {
	"common_type", "common_flags", "common_preempt_count",
	"common_pid", "common_tgid", "__probe_ip", "__probe_ret_ip",
	"__probe_func",
};

static bool probe_name_used(const char *name, struct probe_arg *args, int n)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(probe_reserved); i++)
		if (!strcmp(probe_reserved[i], name))
			return true;
	for (i = 0; i < n; i++)
		if (!strcmp(args[i].name, name))
			return true;
	return false;
}

/* The deepest stack slot $stackN and $argN may name. */
#define PROBE_MAX_STACK_SLOT	(THREAD_SIZE / sizeof(unsigned long))

struct parse_state {
	struct probe_cmd	*cmd;
	struct probe_arg	*arg;
	unsigned int		flags;
};

/* Append a step; false (and the error logged at offs) when full. */
static bool add_step(struct parse_state *ps, int offs, u8 op, u16 param,
		     long value)
{
	struct probe_arg *arg = ps->arg;

	if (arg->nsteps >= PROBE_MAX_STEPS) {
		probe_err(ps->cmd, offs, PERR_TOO_MANY_OPS);
		return false;
	}
	/* a uprobe's memory is its task's: every dereference is a user one */
	arg->steps[arg->nsteps++] = (struct probe_step){
		.op = op, .param = param, .value = value,
		.user = op == OP_DEREF && (ps->flags & PROBE_USER),
	};
	return true;
}

/* An event probe's field NAME of the event it is on, or NULL. */
static struct ftrace_event_field *event_field(struct probe_cmd *cmd,
					      const char *name)
{
	struct ftrace_event_field *f;

	if (!cmd->fields)
		return NULL;
	list_for_each_entry(f, cmd->fields, link)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/* How OP_FIELD reads f: PROBE_FIELD_* */
static long event_field_how(const struct ftrace_event_field *f)
{
	long how = min_t(int, f->size, PROBE_FIELD_SIZE);

	switch (f->filter_type) {
	case FILTER_DYN_STRING:
		return how | PROBE_FIELD_LOC;
	case FILTER_RDYN_STRING:
		return how | PROBE_FIELD_RELLOC;
	case FILTER_STATIC_STRING:
		return how | PROBE_FIELD_ARRAY;
	}
	return f->is_signed ? how | PROBE_FIELD_SIGNED : how;
}

/*
 * An event probe's $NAME: the field of its event, else $comm; else the
 * error is at the argument's start, and ENOENT, as upstream's.
 */
static int parse_event_var(struct parse_state *ps, const char *var, int offs)
{
	struct ftrace_event_field *f = event_field(ps->cmd, var);

	if (f)
		return add_step(ps, offs, OP_FIELD, f->offset,
				event_field_how(f)) ? 0 : -EINVAL;
	if (!strcmp(var, "comm") || !strcmp(var, "COMM"))
		return add_step(ps, offs, OP_COMM, 0, 0) ? 0 : -EINVAL;
	probe_err(ps->cmd, 0, PERR_BAD_ATTACH_ARG);
	return -ENOENT;	/* upstream's errno */
}

static int parse_var(struct parse_state *ps, const char *var, int offs)
{
	unsigned long n;
	const char *num;

	if (ps->flags & PROBE_EVENT)
		return parse_event_var(ps, var, offs);
	if (!strcmp(var, "retval")) {
		if (!(ps->flags & PROBE_RETURN)) {
			probe_err(ps->cmd, offs, PERR_RETVAL_ON_PROBE);
			return -EINVAL;
		}
		return add_step(ps, offs, OP_RETVAL, 0, 0) ? 0 : -EINVAL;
	}
	if (!strcmp(var, "comm") || !strcmp(var, "COMM"))
		return add_step(ps, offs, OP_COMM, 0, 0) ? 0 : -EINVAL;
	if (!strcmp(var, "stack"))
		return add_step(ps, offs, OP_STACKP, 0, 0) ? 0 : -EINVAL;
	if (str_has_prefix(var, "stack") && isdigit(var[5])) {
		if (kstrtoul(var + 5, 10, &n))
			goto bad;
		/* a uprobe's stack has no limit but the step's field's */
		if (((ps->flags & PROBE_KERNEL) && n > PROBE_MAX_STACK_SLOT) ||
		    n > U16_MAX) {
			probe_err(ps->cmd, offs, PERR_BAD_STACK_NUM);
			return -EINVAL;
		}
		return add_step(ps, offs, OP_STACK, n, 0) ? 0 : -EINVAL;
	}
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	num = NULL;
	/* at a function's entry only: not on its return */
	if ((ps->flags & (PROBE_KERNEL | PROBE_FENTRY | PROBE_RETURN)) ==
	    (PROBE_KERNEL | PROBE_FENTRY) && str_has_prefix(var, "arg"))
		num = var + 3;
	if (num) {
		if (kstrtoul(num, 10, &n))
			goto bad;
		if (!n || n > PROBE_MAX_STACK_SLOT) {
			probe_err(ps->cmd, offs, PERR_BAD_ARG_NUM);
			return -EINVAL;
		}
		return add_step(ps, offs, OP_ARG, n - 1, 0) ? 0 : -EINVAL;
	}
#else
	(void)num;
#endif
bad:
	probe_err(ps->cmd, offs, PERR_BAD_VAR);
	return -EINVAL;
}

/* A number for \IMM: decimal, 0x.., 0.., with an optional sign. */
static int parse_imm(const char *s, long *val)
{
	if (isdigit(*s))
		return kstrtoul(s, 0, (unsigned long *)val);
	if (*s == '-')
		return kstrtol(s, 0, val);
	if (*s == '+')
		return kstrtol(s + 1, 0, val);
	return -EINVAL;
}

/*
 * Compile text (a FETCHARG without its type, which this may modify),
 * found at offs in the command's word: the innermost source first.
 */
static int parse_fetch(struct parse_state *ps, char *text, int offs)
{
	struct probe_arg *arg = ps->arg;
	unsigned long addr;
	long off;
	int ret;

	switch (text[0]) {
	case '$':
		return parse_var(ps, text + 1, offs);
	case '%':
		/* event probes have no registers, only their event's record */
		if ((ps->flags & PROBE_EVENT) ||
		    !(ps->flags & (PROBE_KERNEL | PROBE_USER))) {
			probe_err(ps->cmd, offs, PERR_BAD_VAR);
			return -EINVAL;
		}
		ret = regs_query_register_offset(text + 1);
		if (ret < 0) {
			probe_err(ps->cmd, offs, PERR_BAD_REG_NAME);
			return -EINVAL;
		}
		return add_step(ps, offs, OP_REG, ret, 0) ? 0 : -EINVAL;
	case '@':
		if (isdigit(text[1])) {
			if (kstrtoul(text + 1, 0, &addr)) {
				probe_err(ps->cmd, offs, PERR_BAD_MEM_ADDR);
				return -EINVAL;
			}
			if (!add_step(ps, offs, OP_IMM, 0, addr))
				return -EINVAL;
		} else if (text[1] == '+') {
			if (ps->flags & PROBE_KERNEL) {
				probe_err(ps->cmd, offs, PERR_FILE_ON_KPROBE);
				return -EINVAL;
			}
			if (kstrtol(text + 2, 0, &off)) {
				probe_err(ps->cmd, offs, PERR_BAD_FILE_OFFS);
				return -EINVAL;
			}
			if (!add_step(ps, offs, OP_FOFFS, 0, off))
				return -EINVAL;
		} else {
			if (!(ps->flags & PROBE_KERNEL)) {
				probe_err(ps->cmd, offs, PERR_SYM_ON_UPROBE);
				return -EINVAL;
			}
			/* resolved when the probe is registered */
			arg->symbol = kstrdup(text + 1, GFP_KERNEL);
			if (!arg->symbol)
				return -ENOMEM;
			if (!add_step(ps, offs, OP_IMM, 0, 0))
				return -EINVAL;
		}
		/* @... names the memory there */
		return add_step(ps, offs, OP_DEREF, 0, 0) ? 0 : -EINVAL;
	case '+':
	case '-': {
		bool user = text[1] == 'u';
		char *open, *close, *num;
		int inner;

		open = strchr(text, '(');
		if (!open) {
			probe_err(ps->cmd, offs, PERR_DEREF_NEED_BRACE);
			return -EINVAL;
		}
		*open = '\0';
		/* "+u8" and "-u8": the sign stays with the number */
		num = text;
		if (user) {
			text[1] = text[0];
			num = text + 1;
		}
		if (*num == '+')
			num++;
		if (kstrtol(num, 0, &off)) {
			probe_err(ps->cmd, offs, PERR_BAD_DEREF_OFFS);
			return -EINVAL;
		}
		inner = offs + (open + 1 - text);
		close = strrchr(open + 1, ')');
		if (!close) {
			probe_err(ps->cmd, inner + strlen(open + 1),
				  PERR_DEREF_OPEN_BRACE);
			return -EINVAL;
		}
		*close = '\0';
		ret = parse_fetch(ps, open + 1, inner);
		if (ret)
			return ret;
		switch (arg->steps[arg->nsteps - 1].op) {
		case OP_COMM:
		case OP_IMMSTR:
			probe_err(ps->cmd, inner, PERR_COMM_CANT_DEREF);
			return -EINVAL;
		}
		if (!add_step(ps, inner, OP_DEREF, 0, off))
			return -EINVAL;
		arg->steps[arg->nsteps - 1].user |= user;
		return 0;
	}
	case '\\':
		if (text[1] == '"') {
			size_t len = strlen(text + 2);

			if (!len || text[2 + len - 1] != '"') {
				probe_err(ps->cmd, offs + 2 + len,
					  PERR_IMMSTR_NO_CLOSE);
				return -EINVAL;
			}
			arg->immstr = kstrndup(text + 2, len - 1, GFP_KERNEL);
			if (!arg->immstr)
				return -ENOMEM;
			return add_step(ps, offs, OP_IMMSTR, 0, 0) ? 0 : -EINVAL;
		}
		if (parse_imm(text + 1, &off)) {
			probe_err(ps->cmd, offs + 1, PERR_BAD_IMM);
			return -EINVAL;
		}
		return add_step(ps, offs, OP_IMM, 0, off) ? 0 : -EINVAL;
	}
	probe_err(ps->cmd, offs, PERR_BAD_FETCH_ARG);
	return -EINVAL;
}

/* A decimal or 0x number of text, up to the character end; -1 if none. */
static long bf_number(const char *text, char end, const char **next)
{
	const char *stop = strchr(text, end);
	char buf[24];
	unsigned long v;

	if (!stop || stop == text || stop - text >= sizeof(buf))
		return -1;
	memcpy(buf, text, stop - text);
	buf[stop - text] = '\0';
	if (kstrtoul(buf, 0, &v) || v > 64)
		return -1;
	*next = stop + 1;
	return v;
}

/* b<width>@<offset>/<size>: the shifts that take the bits out. */
static int parse_bitfield(struct probe_arg *arg, const char *t)
{
	unsigned int bits = arg->type->size * 8;
	long width, shift;

	width = bf_number(t + 1, '@', &t);
	if (width <= 0)
		return -EINVAL;
	shift = bf_number(t, '/', &t);
	if (shift < 0 || width + shift > bits)
		return -EINVAL;
	arg->bitfield = true;
	arg->bf_lshift = 64 - (width + shift);
	arg->bf_rshift = 64 - width;
	return 0;
}

/*
 * Decide the store from the program and the type, turning the last
 * dereference of a memory argument into the place the store reads.
 * tpos: the type's offset in the word, for the errors.
 */
static int choose_store(struct parse_state *ps, int offs, int tpos)
{
	struct probe_arg *arg = ps->arg;
	u8 last = arg->steps[arg->nsteps - 1].op;
	bool user = arg->steps[arg->nsteps - 1].user;
	int extra = 0;

	if (!strcmp(arg->type->name, "symstr")) {
		switch (last) {
		case OP_REG: case OP_STACK: case OP_RETVAL: case OP_ARG:
		case OP_DEREF: case OP_FIELD:
			break;
		default:
			probe_err(ps->cmd, tpos, PERR_BAD_SYMSTRING);
			return -EINVAL;
		}
		arg->store = PS_SYMSTR;
		extra = 1;
	} else if (arg->type->kind == PT_STRING) {
		bool ustr = !strcmp(arg->type->name, "ustring");

		switch (last) {
		case OP_DEREF:
			arg->store = (ustr || user) ? PS_USTRING : PS_STRING;
			arg->nsteps--;
			arg->dropped = true;
			/* each element of a string array is a pointer */
			if (arg->count)
				extra = 1;
			break;
		case OP_IMM:
		case OP_FIELD:	/* a string field's address, or a pointer */
			/* a uprobe's addresses are all its task's */
			arg->store = (ustr || (ps->flags & PROBE_USER)) ?
				     PS_USTRING : PS_STRING;
			extra = 1;
			break;
		case OP_COMM:
			arg->store = PS_COMM;
			extra = 1;
			break;
		case OP_IMMSTR:
			arg->store = PS_IMMSTR;
			extra = 1;
			break;
		default:
			probe_err(ps->cmd, tpos, PERR_BAD_STRING);
			return -EINVAL;
		}
	} else if (last == OP_DEREF) {
		arg->store = user ? PS_UMEM : PS_MEM;
		arg->nsteps--;
		arg->dropped = true;
	} else {
		arg->store = PS_VALUE;
		extra = 1;
	}
	if (arg->count) {
		if (arg->store != PS_MEM && arg->store != PS_UMEM &&
		    arg->store != PS_STRING && arg->store != PS_USTRING) {
			probe_err(ps->cmd, tpos, PERR_BAD_STRING);
			return -EINVAL;
		}
		extra++;
	}
	/* the store's own steps count against the limit too */
	if (last == OP_DEREF && arg->store != PS_SYMSTR)
		extra++;
	if (arg->nsteps + extra > PROBE_MAX_STEPS) {
		probe_err(ps->cmd, offs, PERR_TOO_MANY_OPS);
		return -EINVAL;
	}
	return 0;
}

static int parse_body(struct parse_state *ps, const char *body, int offs,
		      unsigned int *size)
{
	struct probe_arg *arg = ps->arg;
	char *text, *t = NULL, *open, *close;
	int tpos = 0, ret = -EINVAL;
	size_t len = strlen(body);

	if (len > PROBE_MAX_ARGSTR) {
		probe_err(ps->cmd, offs, PERR_ARG_TOO_LONG);
		return -EINVAL;
	}
	if (!len) {
		probe_err(ps->cmd, offs, PERR_NO_ARG_BODY);
		return -EINVAL;
	}
	arg->text = kstrdup(body, GFP_KERNEL);
	text = kstrdup(body, GFP_KERNEL);
	if (!arg->text || !text) {
		ret = -ENOMEM;
		goto out;
	}
	t = strchr(text, ':');
	if (t) {
		*t++ = '\0';
		tpos = t - text;
		open = strchr(t, '[');
		if (open) {
			*open++ = '\0';
			close = strchr(open, ']');
			if (!close) {
				probe_err(ps->cmd, offs + (open - text) +
					  strlen(open), PERR_ARRAY_NO_CLOSE);
				goto out;
			}
			if (close[1]) {
				probe_err(ps->cmd, offs + (close + 1 - text),
					  PERR_BAD_ARRAY_SUFFIX);
				goto out;
			}
			*close = '\0';
			if (kstrtouint(open, 0, &arg->count) || !arg->count) {
				probe_err(ps->cmd, offs + (open - text),
					  PERR_BAD_ARRAY_NUM);
				goto out;
			}
			if (arg->count > PROBE_MAX_ARRAY) {
				probe_err(ps->cmd, offs + (open - text),
					  PERR_ARRAY_TOO_BIG);
				goto out;
			}
		}
	}
	/*
	 * $comm and "strings" are strings, and single ones; an event
	 * probe's $comm is its event's field, if it has one so named.
	 */
	if (((!strcmp(text, "$comm") || !strcmp(text, "$COMM")) &&
	     !event_field(ps->cmd, text + 1)) ||
	    str_has_prefix(text, "\\\"")) {
		if (arg->count || (t && strcmp(t, "string"))) {
			probe_err(ps->cmd, offs + tpos, PERR_BAD_TYPE);
			goto out;
		}
		arg->type = probe_argtype_find("string");
	} else {
		arg->type = probe_argtype_find(t);
	}
	if (!arg->type) {
		probe_err(ps->cmd, offs + tpos, PERR_BAD_TYPE);
		goto out;
	}
	arg->offset = *size;
	*size += arg->type->size * (arg->count ?: 1);
	if (*size > PROBE_MAX_FIXED) {
		probe_err(ps->cmd, offs, PERR_EVENT_TOO_BIG);
		ret = -E2BIG;
		goto out;
	}
	ret = parse_fetch(ps, text, offs);
	if (ret)
		goto out;
	ret = choose_store(ps, offs, offs + tpos);
	if (ret)
		goto out;
	if (t && t[0] == 'b' && parse_bitfield(arg, t)) {
		probe_err(ps->cmd, offs + tpos, PERR_BAD_BITFIELD);
		ret = -EINVAL;
	}
out:
	kfree(text);
	return ret;
}

int probe_arg_parse(struct probe_cmd *cmd, struct probe_arg *args, int i,
		    const char *text, unsigned int flags, unsigned int *size)
{
	struct parse_state ps = { .cmd = cmd, .arg = &args[i], .flags = flags };
	struct probe_arg *arg = &args[i];
	const char *eq = strchr(text, '=');
	const char *body = text;

	/* a uprobe's handler may sleep: its reads fault pages in */
	arg->fault = flags & PROBE_USER;
	if (eq) {
		if (eq - text > PROBE_MAX_ARGNAME) {
			probe_err(cmd, 0, PERR_ARG_NAME_TOO_LONG);
			return -EINVAL;
		}
		if (eq == text) {
			probe_err(cmd, 0, PERR_NO_ARG_NAME);
			return -EINVAL;
		}
		arg->name = kstrndup(text, eq - text, GFP_KERNEL);
		body = eq + 1;
	} else {
		arg->name = kasprintf(GFP_KERNEL, "arg%d", i + 1);
	}
	if (!arg->name)
		return -ENOMEM;
	if (!dyn_event_name_ok(arg->name)) {
		probe_err(cmd, 0, PERR_BAD_ARG_NAME);
		return -EINVAL;
	}
	if (probe_name_used(arg->name, args, i)) {
		probe_err(cmd, 0, PERR_USED_ARG_NAME);
		return -EINVAL;
	}
	return parse_body(&ps, body, body - text, size);
}

void probe_arg_free(struct probe_arg *arg)
{
	kfree(arg->name);
	kfree(arg->text);
	kfree(arg->symbol);
	kfree(arg->immstr);
	kfree(arg->ftype);
	memset(arg, 0, sizeof(*arg));
}

int probe_arg_resolve(struct probe_arg *arg)
{
	unsigned long addr;
	char *sym, *sign;
	long off = 0;

	if (!arg->symbol)
		return 0;
	sym = kstrdup(arg->symbol, GFP_KERNEL);
	if (!sym)
		return -ENOMEM;
	sign = strpbrk(sym, "+-");
	if (sign) {
		if (kstrtol(sign + (*sign == '+'), 0, &off)) {
			kfree(sym);
			return -EINVAL;
		}
		*sign = '\0';
	}
	addr = kallsyms_lookup_name(sym);
	kfree(sym);
	if (!addr)
		return -ENOENT;
	/* step 0 is the @SYM's address */
	arg->steps[0].value = addr + off;
	return 0;
}

bool probe_arg_same_shape(const struct probe_arg *a, const struct probe_arg *b)
{
	return !strcmp(a->name, b->name) && a->type == b->type &&
	       a->count == b->count;
}
