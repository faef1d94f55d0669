// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: trace events defined by their fields alone.
 *
 *	synthetic_events:	NAME FIELD[; FIELD]...	define
 *				!NAME [...]		remove
 *	dynamic_events:		s:[synthetic/]NAME FIELD[; FIELD]...
 *				-:[synthetic/]NAME, !s:NAME ...
 *
 * FIELD is "TYPE NAME" or "TYPE NAME[N]": the integer types of
 * synth_types[] ("unsigned" may precede char, int and long), char[N] a
 * string of at most N - 1 bytes, char[] a string of any length, long[]
 * a stack trace. Fields may also follow each other with no ";" between
 * them, as in the first form upstream took. The event appears as
 * events/synthetic/NAME, with format, enable, filter, trigger and id;
 * the record's layout is in synth.h.
 *
 * Errors go to error_log as "synthetic_events" with upstream's texts,
 * the caret under the first place in the line where the faulty word
 * occurs (upstream finds it so, and ftracetest checks the carets).
 *
 * Firing: synth_event_fire() records in each instance where the event
 * is enabled (the list se->files, read under RCU); the kernel API
 * records in the one file its caller names. A record is reserved nested
 * (ring_buffer_nest_start()): a hist action fires while the record of
 * the event it runs on is reserved in the same buffer.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/ring_buffer.h>
#include <linux/security.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "synth.h"

/* What a string field records when its string cannot be read. */
#define FAULT_STRING	"(fault)"

/* ---- errors ---- */

enum synth_err {
	SE_BAD_NAME,
	SE_INVALID_CMD,
	SE_INVALID_DYN_CMD,
	SE_EVENT_EXISTS,
	SE_TOO_MANY_FIELDS,
	SE_INCOMPLETE_TYPE,
	SE_INVALID_TYPE,
	SE_INVALID_FIELD,
	SE_INVALID_ARRAY_SPEC,
};

static const char * const synth_err_text[] = {
	[SE_BAD_NAME]		= "Illegal name",
	[SE_INVALID_CMD]	= "Command must be of the form: <name> field[;field] ...",
	[SE_INVALID_DYN_CMD]	=
		"Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	[SE_EVENT_EXISTS]	= "Event already exists",
	[SE_TOO_MANY_FIELDS]	= "Too many fields",
	[SE_INCOMPLETE_TYPE]	= "Incomplete type",
	[SE_INVALID_TYPE]	= "Invalid type",
	[SE_INVALID_FIELD]	= "Invalid field",
	[SE_INVALID_ARRAY_SPEC]	= "Invalid array specification",
};

/* Log err for cmd, the caret at the first occurrence of word (or 0). */
static void synth_err(const char *cmd, enum synth_err err, const char *word)
{
	const char *at = word ? strstr(cmd, word) : NULL;

	tracing_log_err(NULL, "synthetic_events", cmd, synth_err_text, err,
			at ? at - cmd : 0);
}

/* ---- types ---- */

struct synth_type {
	const char	*name;
	u8		size;
	bool		is_signed;
	const char	*fmt;		/* print_fmt's and the output's */
};

static const struct synth_type synth_types[] = {
	{ "s64",		8,		true,	"%lld" },
	{ "u64",		8,		false,	"%llu" },
	{ "s32",		4,		true,	"%d" },
	{ "u32",		4,		false,	"%u" },
	{ "s16",		2,		true,	"%d" },
	{ "u16",		2,		false,	"%u" },
	{ "s8",			1,		true,	"%d" },
	{ "u8",			1,		false,	"%u" },
	{ "char",		1,		true,	"%d" },
	{ "unsigned char",	1,		false,	"%u" },
	{ "int",		4,		true,	"%d" },
	{ "unsigned int",	4,		false,	"%u" },
	{ "long",		sizeof(long),	true,	"%ld" },
	{ "unsigned long",	sizeof(long),	false,	"%lu" },
	{ "bool",		1,		true,	"%d" },
	{ "pid_t",		4,		true,	"%d" },
	{ "gfp_t",		4,		false,	"%x" },
};

static const struct synth_type *synth_type_find(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(synth_types); i++)
		if (!strcmp(synth_types[i].name, name))
			return &synth_types[i];
	return NULL;
}

static const char *synth_field_fmt(const struct synth_field *f)
{
	const struct synth_type *t;

	if (f->kind != SYNTH_NUM)
		return "%s";
	t = synth_type_find(f->type);
	return t ? t->fmt : "%llu";
}

/*
 * Classify type (its array suffix included) into f. Returns 0, -EINVAL
 * for a bad array suffix, -ENOENT for an unknown type.
 */
static int synth_type_classify(const char *type, struct synth_field *f)
{
	const struct synth_type *t = synth_type_find(type);
	unsigned int n;
	char num[4];
	size_t len;

	if (t) {
		f->kind = SYNTH_NUM;
		f->size = t->size;
		f->is_signed = t->is_signed;
		f->is_gfp = !strcmp(type, "gfp_t");
		return 0;
	}
	/* upstream's rule: only u-types and gfp_t are unsigned */
	f->is_signed = type[0] != 'u';
	if (strstr(type, "char[")) {
		const char *start = strstr(type, "char[") + 5;
		const char *close = strchr(type, ']');

		if (!close || close < start || close[1])
			return -EINVAL;
		len = close - start;
		if (len > 3)
			return -EINVAL;
		if (!len) {
			f->kind = SYNTH_DYN_STR;
			f->size = sizeof(u64);
			/* upstream's rule reads "__data_loc ...": signed */
			f->is_signed = true;
			return 0;
		}
		memcpy(num, start, len);
		num[len] = '\0';
		if (kstrtouint(num, 0, &n) || n > SYNTH_STR_MAX)
			return -EINVAL;
		f->kind = n ? SYNTH_STR : SYNTH_DYN_STR;
		f->size = n ?: sizeof(u64);
		f->is_signed |= !n;
		return 0;
	}
	if (strstr(type, "long[")) {
		f->kind = SYNTH_STACK;
		f->size = sizeof(u64);
		f->is_signed = true;
		return 0;
	}
	return -ENOENT;
}

/* ---- parsing a definition ---- */

static void synth_fields_free(struct synth_field *fields, int n)
{
	int i;

	if (!fields)
		return;
	for (i = 0; i < n; i++) {
		kfree(fields[i].type);
		kfree(fields[i].name);
	}
	kfree(fields);
}

/*
 * One field from the words w[0..n): "TYPE NAME[ARRAY]" or "unsigned
 * TYPE NAME[ARRAY]". *used: how many words it took.
 */
static int synth_parse_field(const char *cmd, char **w, int n, int *used,
			     struct synth_field *f)
{
	const char *prefix = "", *type = w[0], *word;
	const char *array;
	int ret;

	if (!strcmp(w[0], "unsigned")) {
		if (n < 3) {
			synth_err(cmd, SE_INCOMPLETE_TYPE, w[0]);
			return -EINVAL;
		}
		prefix = "unsigned ";
		type = w[1];
		word = w[2];
		*used = 3;
	} else {
		if (n < 2) {
			synth_err(cmd, SE_INVALID_FIELD, w[0]);
			return -EINVAL;
		}
		word = w[1];
		*used = 2;
	}
	array = strchr(word, '[');
	f->name = kstrndup(word, array ? array - word : strlen(word),
			   GFP_KERNEL);
	if (!f->name)
		return -ENOMEM;
	if (!dyn_event_name_ok(f->name)) {
		synth_err(cmd, SE_BAD_NAME, word);
		return -EINVAL;
	}
	f->type = kasprintf(GFP_KERNEL, "%s%s%s", prefix, type,
			    array ?: "");
	if (!f->type)
		return -ENOMEM;
	ret = synth_type_classify(f->type, f);
	if (ret == -EINVAL && array)
		synth_err(cmd, SE_INVALID_ARRAY_SPEC, word);
	else if (ret)
		synth_err(cmd, SE_INVALID_TYPE, type);
	return ret ? -EINVAL : 0;
}

/*
 * The fields of body, ";"-separated groups of words. cmd is the line as
 * the error log shows it. On success *fieldsp holds *np fields.
 */
static int synth_parse_fields(const char *cmd, const char *body,
			      struct synth_field **fieldsp, int *np)
{
	struct synth_field *fields;
	char *copy, *rest, *group;
	int n = 0, ret = 0;

	/* one more: the field past the limit is parsed before it is refused */
	fields = kcalloc(SYNTH_FIELDS_MAX + 1, sizeof(*fields), GFP_KERNEL);
	copy = kstrdup(body, GFP_KERNEL);
	if (!fields || !copy) {
		ret = -ENOMEM;
		goto out;
	}
	rest = copy;
	while (!ret && (group = strsep(&rest, ";"))) {
		char **w;
		int nw, i = 0, used;

		w = argv_split(GFP_KERNEL, group, &nw);
		if (!w) {
			ret = -ENOMEM;
			break;
		}
		while (i < nw) {
			ret = synth_parse_field(cmd, w + i, nw - i, &used,
						&fields[n]);
			/* a failed field's strings are freed with the rest */
			n++;
			if (!ret && n > SYNTH_FIELDS_MAX) {
				synth_err(cmd, SE_TOO_MANY_FIELDS, NULL);
				ret = -EINVAL;
			}
			if (ret)
				break;
			i += used;
		}
		argv_free(w);
	}
	if (!ret && !n) {
		synth_err(cmd, SE_INVALID_CMD, NULL);
		ret = -EINVAL;
	}
out:
	kfree(copy);
	if (ret) {
		synth_fields_free(fields, n);
		return ret;
	}
	*fieldsp = fields;
	*np = n;
	return 0;
}

/*
 * The words before the first ";" must be at least a name, a type and a
 * field name (upstream's first check, so its errors win over others).
 */
static bool synth_head_ok(const char *text)
{
	const char *semi = strchr(text, ';');
	char *head;
	char **w;
	int nw = 0;

	head = kstrndup(text, semi ? semi - text : strlen(text), GFP_KERNEL);
	if (!head)
		return false;
	w = argv_split(GFP_KERNEL, head, &nw);
	argv_free(w);
	kfree(head);
	return w && nw >= 3;
}

/* ---- the event ---- */

static struct dyn_event_type synth_type;

static struct synth_event *to_se(struct dyn_event *d)
{
	return container_of(d, struct synth_event, dyn);
}

struct synth_event *synth_event_find(const char *name)
{
	struct dyn_event *d;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(d, &dyn_events, list)
		if (d->type == &synth_type && !strcmp(to_se(d)->name, name))
			return to_se(d);
	return NULL;
}

static void synth_event_free(struct synth_event *se)
{
	struct ftrace_event_field *field, *next;

	list_for_each_entry_safe(field, next, &se->class.fields, link) {
		list_del(&field->link);
		kfree(field);
	}
	synth_fields_free(se->fields, se->nfields);
	kfree(se->call.print_fmt);
	kfree(se->name);
	kfree(se);
}

static void synth_event_free_rcu(struct rcu_head *rcu)
{
	synth_event_free(container_of(rcu, struct synth_event, rcu));
}

/* The format's fields: a dynamic one's type is "__data_loc TYPE". */
static int synth_define_fields(struct trace_event_call *call)
{
	struct synth_event *se = call->data;
	int i, ret;

	for (i = 0; i < se->nfields; i++) {
		struct synth_field *f = &se->fields[i];

		/* the event's fields point at f's strings, which outlive them */
		ret = trace_define_field(call, f->type, f->name,
					 sizeof(struct trace_entry) +
					 f->slot * sizeof(u64), f->size,
					 f->is_signed, FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

static struct trace_event_fields synth_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = synth_define_fields },
	{}
};

/* "\"a=%llu, b=%s\", REC->a, __get_str(b)" */
static char *synth_print_fmt(struct synth_event *se)
{
	struct seq_buf s;
	char *buf;
	int i, size = 64;

	for (i = 0; i < se->nfields; i++)
		size += 2 * strlen(se->fields[i].name) + 32;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, size);
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->nfields; i++)
		seq_buf_printf(&s, "%s%s=%s", i ? ", " : "",
			       se->fields[i].name,
			       synth_field_fmt(&se->fields[i]));
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->nfields; i++) {
		const struct synth_field *f = &se->fields[i];

		if (f->kind == SYNTH_DYN_STR)
			seq_buf_printf(&s, ", __get_str(%s)", f->name);
		else if (f->kind == SYNTH_STACK)
			seq_buf_printf(&s, ", __get_stacktrace(%s)", f->name);
		else
			seq_buf_printf(&s, ", REC->%s", f->name);
	}
	if (seq_buf_putc(&s, '\0') || seq_buf_has_overflowed(&s)) {
		kfree(buf);
		return NULL;
	}
	return buf;
}

/* An enabled instance's file, on se->files. */
struct synth_file_link {
	struct list_head	list;
	struct trace_event_file	*file;
	struct rcu_head		rcu;
};

static int synth_event_reg(struct trace_event_call *call,
			   enum trace_reg type, void *data)
{
	struct synth_event *se = call->data;
	struct trace_event_file *file = data;
	struct synth_file_link *link;

	switch (type) {
	case TRACE_REG_REGISTER:
		lockdep_assert_held(&event_mutex);
		link = kmalloc(sizeof(*link), GFP_KERNEL);
		if (!link)
			return -ENOMEM;
		/* a module's event keeps it loaded while it may record */
		if (!try_module_get(se->mod)) {
			kfree(link);
			return -ENODEV;
		}
		link->file = file;
		/* published: a fire may record to file from here on */
		list_add_tail_rcu(&link->list, &se->files);
		return 0;
	case TRACE_REG_UNREGISTER:
		lockdep_assert_held(&event_mutex);
		list_for_each_entry(link, &se->files, list) {
			if (link->file != file)
				continue;
			/* a fire walking past it finishes first */
			list_del_rcu(&link->list);
			kfree_rcu(link, rcu);
			module_put(se->mod);
			break;
		}
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		/* nothing fires for perf: as eprobes, refused */
		return -EOPNOTSUPP;
#endif
	default:
		return 0;
	}
}

static enum print_line_t synth_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event);

/*
 * A new event of name and fields (which it takes). Its slots are laid
 * out here; it is not registered yet.
 */
static struct synth_event *synth_event_new(const char *name,
					   struct synth_field *fields, int n)
{
	struct synth_event *se;
	int i;

	se = kzalloc(sizeof(*se), GFP_KERNEL);
	if (!se) {
		synth_fields_free(fields, n);
		return NULL;
	}
	INIT_LIST_HEAD(&se->files);
	INIT_LIST_HEAD(&se->class.fields);
	se->fields = fields;
	se->nfields = n;
	for (i = 0; i < n; i++) {
		struct synth_field *f = &fields[i];

		f->slot = se->nslots;
		se->nslots += f->kind == SYNTH_STR ?
			      SYNTH_STR_MAX / sizeof(u64) : 1;
		if (f->kind == SYNTH_DYN_STR || f->kind == SYNTH_STACK) {
			char *t = kasprintf(GFP_KERNEL, "__data_loc %s",
					    f->type);

			if (!t)
				goto fail;
			kfree(f->type);
			f->type = t;
			se->dynamic = true;
		}
	}
	se->name = kstrdup(name, GFP_KERNEL);
	if (!se->name)
		goto fail;
	se->class.system = SYNTH_SYSTEM;
	se->class.reg = synth_event_reg;
	se->class.fields_array = synth_fields_array;
	se->call.class = &se->class;
	se->call.name = se->name;
	se->call.data = se;
	se->call.flags = TRACE_EVENT_FL_DYNAMIC;
	se->funcs.trace = synth_print;
	se->call.event.funcs = &se->funcs;
	se->call.print_fmt = synth_print_fmt(se);
	if (!se->call.print_fmt)
		goto fail;
	return se;
fail:
	synth_event_free(se);
	return NULL;
}

/* The type a field is listed with: its format type less "__data_loc ". */
static const char *synth_listed_type(const struct synth_field *f)
{
	return str_has_prefix(f->type, "__data_loc ") ?
	       f->type + strlen("__data_loc ") : f->type;
}

/*
 * Define the event name with fields body; cmd is the line for the error
 * log, mod the module making it (or NULL). [L][E]
 */
static int synth_event_define(const char *cmd, const char *name,
			      const char *body, struct module *mod)
{
	struct synth_field *fields;
	struct synth_event *se;
	int n, ret;

	if (!*name) {
		synth_err(cmd, SE_INVALID_CMD, NULL);
		return -EINVAL;
	}
	if (!dyn_event_name_ok(name)) {
		synth_err(cmd, SE_BAD_NAME, name);
		return -EINVAL;
	}
	if (synth_event_find(name)) {
		synth_err(cmd, SE_EVENT_EXISTS, name);
		return -EEXIST;
	}
	ret = synth_parse_fields(cmd, body, &fields, &n);
	if (ret)
		return ret;
	se = synth_event_new(name, fields, n);
	if (!se)
		return -ENOMEM;
	se->mod = mod;
	if (!register_trace_event(&se->call.event)) {
		synth_event_free(se);
		return -ENODEV;
	}
	ret = trace_event_add_dyn(&se->call);
	if (ret) {
		unregister_trace_event(&se->call.event);
		synth_event_free(se);
		return ret;
	}
	dyn_event_add(&se->dyn, &synth_type);
	return 0;
}

/* Remove se: -EBUSY while a histogram, a file or perf uses it. [L][E] */
static int synth_event_release(struct dyn_event *d)
{
	struct synth_event *se = to_se(d);
	int ret;

	if (se->users)
		return -EBUSY;
	ret = trace_event_remove_dyn(&se->call);
	if (ret)
		return ret;
	dyn_event_del(d);
	/* a fire that found it before may still be reading it */
	call_rcu(&se->rcu, synth_event_free_rcu);
	return 0;
}

static bool synth_event_busy(struct dyn_event *d)
{
	struct synth_event *se = to_se(d);

	/* enabled in an instance, used by a histogram or a module */
	return se->users || !list_empty(&se->files) ||
	       trace_event_dyn_busy(&se->call);
}

static bool synth_event_match(const char *group, const char *event,
			      int argc, const char **argv, struct dyn_event *d)
{
	/*
	 * As upstream: the fields after the name are not compared, and a
	 * group alone ("-:synthetic/") names none.
	 */
	if (group && strcmp(group, SYNTH_SYSTEM))
		return false;
	return !strcmp(event, to_se(d)->name);
}

static void synth_show_fields(struct seq_file *m, struct synth_event *se)
{
	int i;

	seq_printf(m, "%s\t", se->name);
	for (i = 0; i < se->nfields; i++)
		seq_printf(m, "%s%s %s", i ? "; " : "",
			   synth_listed_type(&se->fields[i]),
			   se->fields[i].name);
	seq_putc(m, '\n');
}

static int synth_event_show(struct seq_file *m, struct dyn_event *d)
{
	seq_puts(m, "s:" SYNTH_SYSTEM "/");
	synth_show_fields(m, to_se(d));
	return 0;
}

/*
 * An "s:[synthetic/]NAME FIELDS" line of dynamic_events, as written
 * (leading blanks skipped).
 */
static int synth_create_line(const char *line)
{
	const char *name, *blank;
	char *ename;
	int ret;

	if (line[0] != 's' || line[1] != ':')
		return -ECANCELED;
	name = line + 2;
	blank = strpbrk(line, " \t");
	if (!blank) {
		synth_err(line, SE_INVALID_CMD, NULL);
		return -EINVAL;
	}
	/* upstream's test: a "/" anywhere in the line */
	if (strchr(name, '/')) {
		if (!str_has_prefix(name, SYNTH_SYSTEM "/")) {
			synth_err(line, SE_INVALID_DYN_CMD, NULL);
			return -EINVAL;
		}
		name += strlen(SYNTH_SYSTEM "/");
	}
	if (!synth_head_ok(name)) {
		synth_err(line, SE_INVALID_CMD, NULL);
		return -EINVAL;
	}
	ename = kstrndup(name, blank - name, GFP_KERNEL);
	if (!ename)
		return -ENOMEM;
	probe_lock();
	ret = synth_event_define(line, ename, skip_spaces(blank), NULL);
	probe_unlock();
	kfree(ename);
	return ret;
}

static struct dyn_event_type synth_type = {
	.name		= "synthetic",
	.create_line	= synth_create_line,
	.show		= synth_event_show,
	.busy		= synth_event_busy,
	.release	= synth_event_release,
	.match		= synth_event_match,
};

/* ---- recording ---- */

static bool synth_user_addr(unsigned long addr)
{
	return addr < TASK_SIZE_MAX;
}

/* Copy the string at addr (user or kernel) into dst, at most max bytes. */
static long synth_copy_str(char *dst, unsigned long addr, long max)
{
	if (!addr)
		return -EFAULT;
	if (synth_user_addr(addr))
		return strncpy_from_user_nofault(dst, (const void __user *)addr,
						 max);
	return strncpy_from_kernel_nofault(dst, (const void *)addr, max);
}

/*
 * The bytes of the string at addr, its NUL included, at most max; for
 * one that cannot be read, those of FAULT_STRING.
 */
static unsigned int synth_str_len(unsigned long addr, unsigned int max)
{
	unsigned int fault = min_t(unsigned int, sizeof(FAULT_STRING), max);
	unsigned int len = 0;
	char chunk[64];
	long n;

	if (!max)
		return 0;
	if (!addr)
		return fault;
	if (synth_user_addr(addr)) {
		n = strnlen_user_nofault((const void __user *)addr, max);
		return n > 0 ? min_t(unsigned int, n, max) : fault;
	}
	while (len < max) {
		n = strncpy_from_kernel_nofault(chunk, (void *)(addr + len),
						sizeof(chunk));
		if (n < 0)
			return len ? min(len + 1, max) : fault;
		if (n < sizeof(chunk))
			return min_t(unsigned int, len + n, max);
		/* the chunk held no NUL: its last byte was overwritten */
		len += sizeof(chunk) - 1;
	}
	return max;
}

/* The bytes a stack field stores: its entries to the first 0, that one too. */
static unsigned int synth_stack_len(const unsigned long *stack)
{
	unsigned int n = 0;

	if (!stack)
		return 0;
	while (n < SYNTH_STACK_MAX && stack[n])
		n++;
	if (n < SYNTH_STACK_MAX)
		n++;
	return n * sizeof(long);
}

/*
 * Lengths of the dynamic fields of vals, each cut so that the record
 * stays within SYNTH_RECORD_MAX. Returns the dynamic data's size.
 */
static unsigned int synth_measure(struct synth_event *se, const u64 *vals,
				  u16 *lens)
{
	unsigned int fixed = sizeof(struct trace_entry) +
			     se->nslots * sizeof(u64);
	/* a fixed part past the limit leaves no room (nor fits a page) */
	unsigned int room = fixed < SYNTH_RECORD_MAX ?
			    SYNTH_RECORD_MAX - fixed : 0;
	unsigned int total = 0, len;
	int i;

	for (i = 0; i < se->nfields; i++) {
		const struct synth_field *f = &se->fields[i];

		if (f->kind == SYNTH_DYN_STR)
			len = synth_str_len(vals[i], room - total);
		else if (f->kind == SYNTH_STACK)
			len = min(synth_stack_len((void *)(long)vals[i]),
				  rounddown(room - total, sizeof(long)));
		else
			continue;
		lens[i] = len;
		total += len;
	}
	return total;
}

/*
 * A dynamic string into its len bytes: shorter than measured (it changed
 * meanwhile), the rest is zeroed; unreadable, FAULT_STRING.
 */
static void synth_store_str(char *dst, unsigned long addr, unsigned int len)
{
	long n = synth_copy_str(dst, addr, len);

	if (n < 0) {
		strscpy(dst, FAULT_STRING, len);
		n = min_t(unsigned int, sizeof(FAULT_STRING), len);
	}
	if (n < len)
		memset(dst + n, 0, len - n);
}

/*
 * A number or char[N] field's value into its slot: a number's size
 * bytes; a string's N bytes, as its format says (N - 1 characters).
 */
static void synth_put_fixed(const struct synth_field *f, void *slot, u64 v)
{
	if (f->kind == SYNTH_STR) {
		if (synth_copy_str(slot, v, f->size) < 0)
			strscpy(slot, FAULT_STRING, f->size);
	} else if (f->size == 1) {
		*(u8 *)slot = v;
	} else if (f->size == 2) {
		*(u16 *)slot = v;
	} else if (f->size == 4) {
		*(u32 *)slot = v;
	} else {
		*(u64 *)slot = v;
	}
}

/* Write vals into the reserved record rec, with the lengths measured. */
static void synth_store(struct synth_event *se, void *rec, const u64 *vals,
			const u16 *lens)
{
	u64 *slots = rec + sizeof(struct trace_entry);
	unsigned int data = sizeof(struct trace_entry) +
			    se->nslots * sizeof(u64);
	int i;

	for (i = 0; i < se->nfields; i++) {
		const struct synth_field *f = &se->fields[i];
		void *slot = &slots[f->slot];
		u64 v = vals[i];

		switch (f->kind) {
		case SYNTH_NUM:
		case SYNTH_STR:
			synth_put_fixed(f, slot, v);
			break;
		case SYNTH_DYN_STR:
			/* the whole slot: tools read 8 bytes of data_loc */
			*(u64 *)slot = (u64)lens[i] << 16 | data;
			if (lens[i])
				synth_store_str(rec + data, v, lens[i]);
			data += lens[i];
			break;
		case SYNTH_STACK:
			*(u64 *)slot = (u64)lens[i] << 16 | data;
			if (lens[i])
				memcpy(rec + data, (void *)(long)v, lens[i]);
			data += lens[i];
			break;
		}
	}
}

/*
 * Record vals to file. 0; -EINVAL when the buffer could not take it
 * (tracing off, or no room: counted there as lost), as upstream's API
 * says; 0 and nothing when file does not record.
 */
static int synth_record(struct synth_event *se, struct trace_event_file *file,
			const u64 *vals)
{
	struct trace_event_buffer fbuf;
	struct trace_buffer *buffer;
	u16 lens[SYNTH_FIELDS_MAX];
	unsigned int dyn = 0;
	void *rec;

	if (trace_trigger_soft_disabled(file))
		return 0;
	if (se->dynamic)
		dyn = synth_measure(se, vals, lens);
	/* read once: start and end on the same buffer across a swap */
	buffer = trace_array_buffer(file->tr);
	if (!buffer)
		return 0;
	ring_buffer_nest_start(buffer);
	rec = trace_event_buffer_reserve(&fbuf, file,
					 sizeof(struct trace_entry) +
					 se->nslots * sizeof(u64) + dyn);
	if (rec) {
		synth_store(se, rec, vals, lens);
		trace_event_buffer_commit(&fbuf);
	}
	ring_buffer_nest_end(buffer);
	return rec ? 0 : -EINVAL;
}

void synth_event_fire(struct synth_event *se, const u64 *vals)
{
	struct synth_file_link *link;

	list_for_each_entry_rcu(link, &se->files, list)
		synth_record(se, link->file, vals);
}

/* ---- output ---- */

/* The value of a number field: its size's bytes, zero-extended. */
static u64 synth_num(const void *slot, unsigned int size)
{
	switch (size) {
	case 1:
		return *(const u8 *)slot;
	case 2:
		return *(const u16 *)slot;
	case 4:
		return *(const u32 *)slot;
	default:
		return *(const u64 *)slot;
	}
}

/* The bytes a data_loc slot points at in rec, or NULL if out of it. */
static void *synth_loc(void *rec, unsigned int size, const void *slot,
		       unsigned int *len)
{
	u32 loc = *(const u32 *)slot;
	unsigned int off = loc & 0xffff;

	*len = loc >> 16;
	if (off + *len > size)
		return NULL;
	return rec + off;
}

/*
 * " (GFP_KERNEL|__GFP_ZERO)" then sep: the names of the flags in v, what
 * no name covers in hex. (trace_print_flags_seq() would leave a NUL in
 * the line, as it does in upstream's.)
 */
static void synth_print_gfp(struct trace_seq *s, unsigned long v,
			    const char *sep)
{
	static const struct trace_print_flags names[] = {
		__def_gfpflag_names
	};
	const char *delim = "";
	int i;

	trace_seq_puts(s, " (");
	for (i = 0; i < ARRAY_SIZE(names) && v; i++) {
		if (!names[i].mask || (v & names[i].mask) != names[i].mask)
			continue;
		trace_seq_printf(s, "%s%s", delim, names[i].name);
		delim = "|";
		v &= ~names[i].mask;
	}
	if (v)
		trace_seq_printf(s, "%s0x%lx", delim, v);
	trace_seq_printf(s, ")%s", sep);
}

static enum print_line_t synth_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct synth_event *se = container_of(event, struct synth_event,
					      call.event);
	bool verbose = iter->tr && trace_opt(iter->tr, TRACE_OPT_VERBOSE);
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;
	u64 *slots = rec + sizeof(struct trace_entry);
	char fmt[32];
	int i;

	trace_seq_printf(s, "%s: ", se->name);
	/* a record of another event that had this type: not ours to read */
	if (iter->ent_size < sizeof(struct trace_entry) +
			     se->nslots * sizeof(u64)) {
		trace_seq_puts(s, "[short record]\n");
		return trace_handle_return(s);
	}
	for (i = 0; i < se->nfields && !trace_seq_has_overflowed(s); i++) {
		const struct synth_field *f = &se->fields[i];
		const char *vfmt = synth_field_fmt(f);
		const char *sep = i == se->nfields - 1 ? "" : " ";
		void *slot = &slots[f->slot];
		unsigned int len;
		u64 v;

		if (verbose)
			trace_seq_printf(s, "%s ", vfmt);
		snprintf(fmt, sizeof(fmt), "%%s=%s%%s", vfmt);
		switch (f->kind) {
		case SYNTH_STR:
			trace_seq_printf(s, "%s=%.*s%s", f->name,
					 (int)f->size ?: SYNTH_STR_MAX,
					 (char *)slot, sep);
			break;
		case SYNTH_DYN_STR: {
			char *str = synth_loc(rec, iter->ent_size, slot, &len);

			trace_seq_printf(s, "%s=%.*s%s", f->name,
					 str ? (int)len : 0, str ?: "", sep);
			break;
		}
		case SYNTH_STACK: {
			unsigned long *p = synth_loc(rec, iter->ent_size, slot,
						     &len);
			unsigned int n = p ? len / sizeof(long) : 0;

			trace_seq_printf(s, "%s=STACK:\n", f->name);
			while (n-- && *p)
				trace_seq_printf(s, "=> %pS\n", (void *)*p++);
			break;
		}
		default:
			v = synth_num(slot, f->size);
			/* a gfp_t's flags come before the separator */
			if (f->is_gfp)
				trace_seq_printf(s, fmt, f->name, (u32)v, "");
			else if (f->size == 8)
				trace_seq_printf(s, fmt, f->name, v, sep);
			else
				trace_seq_printf(s, fmt, f->name, (u32)v, sep);
			if (f->is_gfp)
				synth_print_gfp(s, v, sep);
		}
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* ---- synthetic_events ---- */

/* Remove the event name: -ENOENT if there is none. [L][E] */
static int synth_event_remove(const char *name)
{
	struct synth_event *se = synth_event_find(name);
	int ret;

	if (!se)
		return -ENOENT;
	ret = synth_event_release(&se->dyn);
	/*
	 * Records of a removed event cannot be shown any more, and its
	 * type id may be given to a new event: empty the buffers.
	 */
	if (!ret)
		tracing_reset_all_online_cpus_unlocked();
	return ret;
}

/*
 * One line of synthetic_events: "NAME FIELDS" or "!NAME ...". mod makes
 * the event (kernel callers), or NULL.
 */
static int synth_run_line(char *text, struct module *mod)
{
	const char *line = skip_spaces(text), *blank;
	char *name;
	int ret;

	if (!*line)
		return 0;
	if (line[0] != '!' && !synth_head_ok(line)) {
		synth_err(line, SE_INVALID_CMD, NULL);
		return -EINVAL;
	}
	blank = strpbrk(line, " \t");
	if (!blank && line[0] != '!') {
		synth_err(line, SE_INVALID_CMD, NULL);
		return -EINVAL;
	}
	name = kstrndup(line, blank ? blank - line : strlen(line),
			GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	probe_lock();
	if (name[0] == '!')
		ret = synth_event_remove(name + 1);
	else
		ret = synth_event_define(line, name, skip_spaces(blank), mod);
	probe_unlock();
	kfree(name);
	return ret;
}

static int synth_file_line(char *line, void *unused)
{
	return synth_run_line(line, NULL);
}

static int synth_file_show(struct seq_file *m, void *v)
{
	synth_show_fields(m, to_se(v));
	return 0;
}

static int synth_file_open(struct inode *inode, struct file *file)
{
	return dyn_event_open(inode, file, &synth_type, synth_file_show);
}

static ssize_t synth_file_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	return dyn_event_write_each(ubuf, count, ppos, synth_file_line, NULL);
}

static const struct file_operations synth_file_fops = {
	.open		= synth_file_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
	.write		= synth_file_write,
};

/* ---- the kernel API (linux/trace_events.h) ---- */

static int synth_run_command(struct dynevent_cmd *cmd)
{
	char *line;
	int ret;

	/* the buffer is the caller's: the line is run from a copy */
	line = kstrndup(cmd->seq.buffer, cmd->seq.len, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	ret = synth_run_line(line, cmd->private_data);
	kfree(line);
	return ret;
}

/**
 * synth_event_cmd_init - start a synthetic event command in a buffer
 * @cmd: the command
 * @buf: where its line is built
 * @maxlen: @buf's size (MAX_DYNEVENT_CMD_LEN is enough for any)
 */
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dyn_event_cmd_setup(cmd, buf, maxlen, DYNEVENT_TYPE_SYNTH,
			    synth_run_command);
}
EXPORT_SYMBOL_GPL(synth_event_cmd_init);

/* Whether type could be a field's: known, or an array of something. */
static bool synth_type_plausible(const char *type)
{
	return synth_type_find(type) || strchr(type, '[');
}

/**
 * synth_event_add_field - add a field to a synthetic event command
 * @cmd: a command begun by synth_event_gen_cmd_start()
 * @type: the field's type ("u64", "char[16]"...; "[N]" may end @name
 *	instead)
 * @name: the field's name
 *
 * Return: 0; -EINVAL for another kind of command, a missing or unknown
 * type or name, or past SYNTH_FIELDS_MAX fields; -E2BIG when the buffer
 * is full.
 */
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type || !name ||
	    !synth_type_plausible(type))
		return -EINVAL;
	if (cmd->n_fields++ >= SYNTH_FIELDS_MAX)
		return -EINVAL;
	seq_buf_printf(&cmd->seq, " %s %s;", type, name);
	return seq_buf_has_overflowed(&cmd->seq) ? -E2BIG : 0;
}
EXPORT_SYMBOL_GPL(synth_event_add_field);

/**
 * synth_event_add_field_str - add a field given as "TYPE NAME"
 * @cmd: a command begun by synth_event_gen_cmd_start()
 * @type_name: the field, as a line of synthetic_events writes it
 *
 * Return: as synth_event_add_field(); the text is checked when the
 * command runs.
 */
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type_name)
		return -EINVAL;
	if (cmd->n_fields++ >= SYNTH_FIELDS_MAX)
		return -EINVAL;
	seq_buf_printf(&cmd->seq, " %s;", type_name);
	return seq_buf_has_overflowed(&cmd->seq) ? -E2BIG : 0;
}
EXPORT_SYMBOL_GPL(synth_event_add_field_str);

/**
 * synth_event_add_fields - add fields from an array
 * @cmd: a command begun by synth_event_gen_cmd_start()
 * @fields: the fields' types and names
 * @n_fields: how many
 *
 * Return: as synth_event_add_field(), for the first that fails.
 */
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n_fields; i++) {
		ret = synth_event_add_field(cmd, fields[i].type,
					    fields[i].name);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_add_fields);

static int synth_cmd_begin(struct dynevent_cmd *cmd, const char *name,
			   struct module *mod)
{
	if (cmd->type != DYNEVENT_TYPE_SYNTH || !name || !*name)
		return -EINVAL;
	seq_buf_clear(&cmd->seq);
	cmd->n_fields = 0;
	cmd->event_name = name;
	cmd->private_data = mod;
	seq_buf_puts(&cmd->seq, name);
	return seq_buf_has_overflowed(&cmd->seq) ? -E2BIG : 0;
}

/**
 * __synth_event_gen_cmd_start - the start of a synthetic event command
 * @cmd: a command from synth_event_cmd_init()
 * @name: the event's name, in group synthetic
 * @mod: the module defining it (kept loaded while the event is
 *	enabled), or NULL
 * @...: its first fields as pairs of strings, type then name, ended by
 *	NULL (synth_event_gen_cmd_start() adds it)
 *
 * Run the command with synth_event_gen_cmd_end().
 *
 * Return: 0, or the error of the first field that failed.
 */
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...)
{
	const char *type, *fname;
	va_list args;
	int ret;

	ret = synth_cmd_begin(cmd, name, mod);
	if (ret)
		return ret;
	va_start(args, mod);
	while ((type = va_arg(args, const char *)) &&
	       (fname = va_arg(args, const char *))) {
		ret = synth_event_add_field(cmd, type, fname);
		if (ret)
			break;
	}
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__synth_event_gen_cmd_start);

/**
 * synth_event_gen_cmd_array_start - the start of a command, fields from an array
 * @cmd: a command from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module defining it, or NULL
 * @fields: its first fields
 * @n_fields: how many (at most SYNTH_FIELDS_MAX)
 *
 * Return: 0, or the error of the first field that failed.
 */
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields)
{
	int ret;

	if (n_fields > SYNTH_FIELDS_MAX)
		return -EINVAL;
	ret = synth_cmd_begin(cmd, name, mod);
	return ret ?: synth_event_add_fields(cmd, fields, n_fields);
}
EXPORT_SYMBOL_GPL(synth_event_gen_cmd_array_start);

/**
 * synth_event_create - define a synthetic event
 * @name: its name, in group synthetic
 * @fields: its fields
 * @n_fields: how many
 * @mod: the module defining it (kept loaded while the event is enabled),
 *	or NULL
 *
 * Return: 0, or the error writing its line to synthetic_events gives.
 */
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod)
{
	struct seq_buf line;
	unsigned int i;
	char *text;
	int ret = -EINVAL;

	if (!name || !*name || n_fields > SYNTH_FIELDS_MAX)
		return -EINVAL;
	text = kmalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	/* the line a write to synthetic_events would give */
	seq_buf_init(&line, text, MAX_DYNEVENT_CMD_LEN);
	seq_buf_puts(&line, name);
	for (i = 0; i < n_fields; i++) {
		if (!fields[i].type || !fields[i].name ||
		    !synth_type_plausible(fields[i].type))
			goto out;
		seq_buf_printf(&line, " %s %s;", fields[i].type,
			       fields[i].name);
	}
	seq_buf_putc(&line, '\0');
	ret = seq_buf_has_overflowed(&line) ? -E2BIG :
	      synth_run_line(text, mod);
out:
	kfree(text);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_create);

/**
 * synth_event_delete - remove a synthetic event
 * @name: its name
 *
 * The buffers are emptied when it goes (its records could not be shown).
 *
 * Return: 0; -ENOENT if there is none; -EBUSY while it is enabled or
 * used.
 */
int synth_event_delete(const char *name)
{
	int ret;

	probe_lock();
	ret = synth_event_remove(name);
	probe_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_delete);

/* The event of file, if file is a synthetic event's; else NULL. */
static struct synth_event *synth_of_file(struct trace_event_file *file)
{
	struct trace_event_call *call = file ? file->event_call : NULL;

	if (!call || call->class->reg != synth_event_reg)
		return NULL;
	return call->data;
}

/**
 * synth_event_trace_array - record a synthetic event
 * @file: the event's file in an instance (trace_get_event_file())
 * @vals: one value a field, in field order; a string is its address
 * @n_vals: how many: the event's number of fields
 *
 * Nothing is recorded, and 0 returned, while the event is not enabled
 * there.
 *
 * Return: 0; -EINVAL for a file not of a synthetic event, the wrong
 * number of values, or a record the buffer could not take.
 */
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals)
{
	struct synth_event *se = synth_of_file(file);
	int ret;

	if (!se || n_vals != se->nfields)
		return -EINVAL;
	if (!(READ_ONCE(file->flags) & EVENT_FILE_FL_ENABLED))
		return 0;
	preempt_disable_notrace();
	ret = synth_record(se, file, vals);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_trace_array);

/**
 * synth_event_trace - record a synthetic event, its values as arguments
 * @file: the event's file in an instance
 * @n_vals: the number of values that follow: the event's fields
 * @...: the values, each a u64 (a string is its address, cast)
 *
 * Return: as synth_event_trace_array().
 */
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...)
{
	u64 vals[SYNTH_FIELDS_MAX];
	unsigned int i;
	va_list args;

	if (n_vals > SYNTH_FIELDS_MAX)
		return -EINVAL;
	va_start(args, n_vals);
	for (i = 0; i < n_vals; i++)
		vals[i] = va_arg(args, u64);
	va_end(args);
	return synth_event_trace_array(file, vals, n_vals);
}
EXPORT_SYMBOL_GPL(synth_event_trace);

/**
 * synth_event_trace_start - open a record to fill field by field
 * @file: the event's file in an instance
 * @trace_state: the record's state, for the calls that follow
 *
 * Reserves the record; synth_event_add_next_val() or
 * synth_event_add_val() (not both) fill it and synth_event_trace_end()
 * commits it, which must be called whatever they returned. While the
 * event is not enabled there, nothing is reserved and those calls do
 * nothing. Preemption stays off until synth_event_trace_end().
 *
 * Return: 0; -EINVAL for a file not of a synthetic event, or when the
 * buffer could not take the record (tracing off, no room); -ENOTSUPP for
 * an event with char[] or long[] fields.
 */
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state)
{
	struct synth_event *se = synth_of_file(file);

	if (!trace_state)
		return -EINVAL;
	memset(trace_state, 0, sizeof(*trace_state));
	if (!se)
		return -EINVAL;
	trace_state->event = se;
	/* nothing reserved: the calls that follow do nothing */
	trace_state->disabled = true;
	if (se->dynamic)
		return -ENOTSUPP;
	if (!(READ_ONCE(file->flags) & EVENT_FILE_FL_ENABLED))
		return 0;
	/* the triggers it may run walk their list with preemption off */
	preempt_disable_notrace();
	if (trace_trigger_soft_disabled(file)) {
		preempt_enable_notrace();
		return 0;
	}
	trace_state->buffer = trace_array_buffer(file->tr);
	if (trace_state->buffer) {
		ring_buffer_nest_start(trace_state->buffer);
		trace_state->entry =
			trace_event_buffer_reserve(&trace_state->fbuffer, file,
						   sizeof(struct trace_entry) +
						   se->nslots * sizeof(u64));
		if (trace_state->entry) {
			/* what the caller leaves out reads 0 */
			memset(trace_state->entry + sizeof(struct trace_entry),
			       0, se->nslots * sizeof(u64));
			trace_state->disabled = false;
			return 0;
		}
		ring_buffer_nest_end(trace_state->buffer);
	}
	preempt_enable_notrace();
	return -EINVAL;
}
EXPORT_SYMBOL_GPL(synth_event_trace_start);

static int synth_add_val(const char *name, u64 val,
			 struct synth_event_trace_state *st)
{
	struct synth_event *se;
	struct synth_field *f = NULL;
	void *slot;
	int i;

	if (!st || !st->event)
		return -EINVAL;
	/* one way or the other for a record, not both */
	if (name ? st->add_next : st->add_name)
		return -EINVAL;
	if (name)
		st->add_name = true;
	else
		st->add_next = true;
	if (st->disabled)
		return 0;
	se = st->event;
	if (name) {
		for (i = 0; i < se->nfields && !f; i++)
			if (!strcmp(se->fields[i].name, name))
				f = &se->fields[i];
	} else if (st->cur_field < se->nfields) {
		f = &se->fields[st->cur_field++];
	}
	if (!f)
		return -EINVAL;
	slot = (void *)st->entry + sizeof(struct trace_entry) +
	       f->slot * sizeof(u64);
	if (f->kind == SYNTH_STR && !val)
		return -EINVAL;
	synth_put_fixed(f, slot, val);
	return 0;
}

/**
 * synth_event_add_next_val - fill the next field of an open record
 * @val: its value (a string: its address)
 * @trace_state: from synth_event_trace_start()
 *
 * Return: 0; -EINVAL past the last field or after synth_event_add_val().
 */
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state)
{
	return synth_add_val(NULL, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_next_val);

/**
 * synth_event_add_val - fill a field of an open record by name
 * @field_name: the field
 * @val: its value (a string: its address)
 * @trace_state: from synth_event_trace_start()
 *
 * Return: 0; -EINVAL for no such field or after
 * synth_event_add_next_val().
 */
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state)
{
	if (!field_name)
		return -EINVAL;
	return synth_add_val(field_name, val, trace_state);
}
EXPORT_SYMBOL_GPL(synth_event_add_val);

/**
 * synth_event_trace_end - commit a record opened by synth_event_trace_start()
 * @trace_state: its state
 *
 * Fields not filled in are 0.
 *
 * Return: 0, or -EINVAL without a state.
 */
int synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	if (!trace_state)
		return -EINVAL;
	if (trace_state->disabled || !trace_state->entry)
		return 0;
	trace_event_buffer_commit(&trace_state->fbuffer);
	ring_buffer_nest_end(trace_state->buffer);
	preempt_enable_notrace();
	trace_state->entry = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_end);

/* ---- setup ---- */

static __init int synth_events_init(void)
{
	dyn_event_register_type(&synth_type);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("synthetic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &synth_file_fops);
	return 0;
}
fs_initcall(synth_events_init);
