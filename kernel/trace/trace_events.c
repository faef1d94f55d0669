// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events: the registry of the events the TRACE_EVENT() macros
 * define, their per-array state, turning them on and off, and the path
 * a record takes from a tracepoint probe into a trace buffer.
 *
 * Design:
 *  - Registry. Every struct trace_event_call (from the _ftrace_events
 *    section of the kernel image at boot, from mod->trace_events when a
 *    module comes) is initialised once (entry type, field list, eval
 *    maps) and put on event_calls. Each trace array gets a
 *    trace_event_file per call: the top level at boot, so that
 *    trace_event= can enable events before tracefs exists; instances
 *    when they are made. The tracefs side is trace_events_fs.c.
 *  - Enabling attaches the class's probe to the tracepoint with the
 *    file as its data (one probe per array and event). Soft mode lets
 *    triggers keep the probe attached while the event records nothing
 *    (EVENT_FILE_FL_SOFT_DISABLED), counted in file->sm_ref.
 *  - The record path runs in the tracepoint's RCU-sched section and
 *    takes no lock: the pid filter state is per CPU and recomputed at
 *    every context switch (so the probe reads one flag), the filter is
 *    an RCU pointer, and nothing it uses is freed before
 *    tracepoint_synchronize_unregister().
 *  - Removal (module unload, instance rmdir) first detaches the probes
 *    and waits for the probes in flight, then frees. A control file
 *    still open keeps its trace_event_file (not the event) alive and
 *    gets -ENODEV: see trace_events.h.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>
#include <asm/setup.h>

#include "trace_events.h"
#include "trace_events_filter.h"

/* Serialises the lists and every event state change: see trace_events.h. */
DEFINE_MUTEX(event_mutex);
LIST_HEAD(event_calls);
LIST_HEAD(event_common_fields);

/* Strings made for a module's fields, freed when it goes. */
struct module_string {
	struct list_head	list;
	struct module		*mod;
	char			*str;
};

static LIST_HEAD(module_strings);

/* ---- fields ---- */

static int add_field(struct list_head *head, const char *type,
		     const char *name, int offset, int size, int is_signed,
		     int filter_type, int len)
{
	struct ftrace_event_field *field;

	field = kzalloc(sizeof(*field), GFP_KERNEL);
	if (!field)
		return -ENOMEM;
	field->type = type;
	field->name = name;
	field->offset = offset;
	field->size = size;
	field->is_signed = is_signed;
	/* FILTER_OTHER: let the filter engine tell strings from numbers */
	if (filter_type == FILTER_OTHER)
		filter_type = filter_assign_type(type);
	field->filter_type = filter_type;
	field->len = len;
	/*
	 * At the head, as upstream: the first entry is the last field
	 * defined, which trace_event_get_offsets() relies on.
	 */
	list_add(&field->link, head);
	return 0;
}

int trace_define_field(struct trace_event_call *call, const char *type,
		       const char *name, int offset, int size, int is_signed,
		       int filter_type)
{
	if (WARN_ON(!call->class))
		return 0;
	return add_field(trace_get_fields(call), type, name, offset, size,
			 is_signed, filter_type, 0);
}
EXPORT_SYMBOL_GPL(trace_define_field);

int trace_event_get_offsets(struct trace_event_call *call)
{
	struct list_head *head = trace_get_fields(call);
	struct ftrace_event_field *last;

	if (list_empty(head))
		return sizeof(struct trace_entry);
	last = list_first_entry(head, struct ftrace_event_field, link);
	return last->offset + last->size;
}

static void free_fields(struct list_head *head)
{
	struct ftrace_event_field *field, *next;

	list_for_each_entry_safe(field, next, head, link) {
		list_del(&field->link);
		kfree(field);
	}
}

/* The fields of struct trace_entry, as every format file begins. */
static int __init define_common_fields(void)
{
	static const struct {
		const char *type, *name;
		int offset, size, is_signed;
	} common[] = {
		{ "unsigned short", "common_type",
		  offsetof(struct trace_entry, type),
		  sizeof_field(struct trace_entry, type), 0 },
		{ "unsigned char", "common_flags",
		  offsetof(struct trace_entry, flags),
		  sizeof_field(struct trace_entry, flags), 0 },
		{ "unsigned char", "common_preempt_count",
		  offsetof(struct trace_entry, preempt_count),
		  sizeof_field(struct trace_entry, preempt_count), 0 },
		{ "int", "common_pid",
		  offsetof(struct trace_entry, pid),
		  sizeof_field(struct trace_entry, pid), 1 },
	};
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(common); i++) {
		ret = add_field(&event_common_fields, common[i].type,
				common[i].name, common[i].offset,
				common[i].size, common[i].is_signed,
				FILTER_OTHER, 0);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The field list of a class from its table: each field is placed at
 * the next offset aligned for it after the previous one, the first one
 * after struct trace_entry, which is how the compiler lays out the
 * record struct the macros declare. Classes share the list.
 */
static int event_define_fields(struct trace_event_call *call)
{
	struct trace_event_fields *f = call->class->fields_array;
	unsigned int offset = sizeof(struct trace_entry);
	struct list_head *head = trace_get_fields(call);
	int ret = 0;

	if (!f || !list_empty(head))
		return 0;
	for (; f->type; f++) {
		if (f->type == TRACE_FUNCTION_TYPE)
			return f->define_fields(call);
		offset = ALIGN(offset, f->align);
		ret = add_field(head, f->type, f->name, offset, f->size,
				f->is_signed, f->filter_type, f->len);
		if (WARN_ON_ONCE(ret))
			break;
		offset += f->size;
	}
	return ret;
}

/* ---- eval maps: TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() ---- */

static bool is_ident(char c)
{
	return isalnum(c) || c == '_';
}

/*
 * Put the value of map in place of the len characters of its name at
 * pos (in a NUL-terminated string); the value is never longer than the
 * name it replaces, or the string is left alone. Returns the character
 * after the value, or NULL.
 */
static char *put_eval_value(char *pos, struct trace_eval_map *map, int len)
{
	char val[24];
	int vlen;

	vlen = snprintf(val, sizeof(val), "%ld", map->eval_value);
	if (vlen > len)
		return NULL;
	memcpy(pos, val, vlen);
	memmove(pos + vlen, pos + len, strlen(pos + len) + 1);
	return pos + vlen;
}

/* Past an identifier and any ".member" or "->member" that follows it. */
static char *skip_ident_chain(char *p)
{
	for (;;) {
		while (is_ident(*p))
			p++;
		if (*p == '.')
			p++;
		else if (p[0] == '-' && p[1] == '>')
			p += 2;
		else
			return p;
	}
}

/*
 * Replace map's name by its value in the arguments of a print fmt:
 * whole identifiers only, outside string literals, and not the members
 * of a struct access (REC->NAME stays).
 */
static void eval_update_print_fmt(struct trace_event_call *call,
				  struct trace_eval_map *map)
{
	int len = strlen(map->eval_string);
	bool in_string = false;
	char *p = call->print_fmt;

	while (p && *p) {
		if (*p == '\\') {
			p += p[1] ? 2 : 1;
		} else if (*p == '"') {
			in_string = !in_string;
			p++;
		} else if (in_string) {
			p++;
		} else if (isdigit(*p)) {
			while (isalnum(*p))
				p++;
			if (*p)
				p++;
		} else if (isalpha(*p) || *p == '_') {
			if (!strncmp(p, map->eval_string, len) &&
			    !is_ident(p[len])) {
				p = put_eval_value(p, map, len);
				if (WARN_ON_ONCE(!p))
					return;
				if (*p)
					p++;
				continue;
			}
			p = skip_ident_chain(p);
			if (*p)
				p++;
		} else {
			p++;
		}
	}
}

static void keep_module_string(struct module *mod, char *str)
{
	struct module_string *ms = kmalloc(sizeof(*ms), GFP_KERNEL);

	/* without the record, the string stays allocated: only a leak */
	if (WARN_ON_ONCE(!ms))
		return;
	ms->mod = mod;
	ms->str = str;
	list_add(&ms->list, &module_strings);
}

#define ATTR_PREFIX	"__attribute__("

/*
 * A copy of type without its __attribute__((...)) parts, or type itself
 * if it has none (NULL if out of memory). Format files show the types
 * without attributes, as upstream's do.
 */
static char *strip_attributes(const char *type)
{
	const size_t plen = strlen(ATTR_PREFIX);
	char *copy = (char *)type, *at, *p;
	int depth;

	p = copy;
	while ((at = strstr(p, ATTR_PREFIX))) {
		if (at != copy && !isspace(at[-1])) {
			p = at + plen;
			continue;
		}
		if (copy == type) {
			copy = kstrdup(type, GFP_KERNEL);
			if (WARN_ON_ONCE(!copy))
				return NULL;
			at = copy + (at - type);
		}
		depth = 1;
		for (p = at + plen; *p && depth; p++)
			depth += (*p == '(') - (*p == ')');
		if (WARN_ON_ONCE(depth)) {
			kfree(copy);
			return (char *)type;
		}
		p = skip_spaces(p);
		memmove(at, p, strlen(p) + 1);
		p = at;
	}
	return copy;
}

/* The name of map as an array length in type ("char[NAME]"), or NULL. */
static char *find_eval_in_type(char *type, struct trace_eval_map *map)
{
	char *p;

	if (!map)
		return NULL;
	p = strchr(type, '[');
	if (!p || !(isalpha(p[1]) || p[1] == '_'))
		return NULL;
	p++;
	if (strncmp(p, map->eval_string, strlen(map->eval_string)))
		return NULL;
	return p;
}

/* Strip attributes from the field types; apply map (may be NULL). */
static void eval_update_fields(struct trace_event_call *call,
			       struct trace_eval_map *map)
{
	struct ftrace_event_field *field;
	char *type, *at;

	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		return;
	list_for_each_entry(field, trace_get_fields(call), link) {
		type = strip_attributes(field->type);
		if (!type)
			return;
		at = find_eval_in_type(type, map);
		if (at && type == field->type) {
			type = kstrdup(field->type, GFP_KERNEL);
			if (WARN_ON_ONCE(!type))
				return;
			at = type + (at - field->type);
		}
		if (at && WARN_ON_ONCE(!put_eval_value(at, map,
						       strlen(map->eval_string)))) {
			kfree(type);
			continue;
		}
		if (type == field->type)
			continue;
		if (call->module)
			keep_module_string(call->module, type);
		field->type = type;
		if (field->filter_type == FILTER_OTHER)
			field->filter_type = filter_assign_type(type);
	}
}

/*
 * Apply the eval maps to the events of mod (NULL: the kernel's). The
 * maps of a header apply to the events of the same header, which share
 * the system string object with them.
 */
static void trace_event_eval_update(struct module *mod,
				    struct trace_eval_map **maps, int nr)
{
	struct trace_event_call *call;
	bool applied;
	int i;

	mutex_lock(&event_mutex);
	list_for_each_entry(call, &event_calls, list) {
		if (call->module != mod)
			continue;
		applied = false;
		for (i = 0; i < nr; i++) {
			if (maps[i]->system != call->class->system)
				continue;
			eval_update_print_fmt(call, maps[i]);
			eval_update_fields(call, maps[i]);
			applied = true;
		}
		if (!applied)
			eval_update_fields(call, NULL);
		cond_resched();
	}
	mutex_unlock(&event_mutex);
}

/* ---- files ---- */

void event_file_get(struct trace_event_file *file)
{
	atomic_inc(&file->ref);
}

void event_file_put(struct trace_event_file *file)
{
	/* the last reference: nobody can reach the file any more */
	if (atomic_dec_and_test(&file->ref)) {
		WARN_ON_ONCE(!(file->flags & EVENT_FILE_FL_FREED));
		kfree(event_file_node(file));
	}
}

bool event_file_enableable(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	return trace_event_name(call) && call->class && call->class->reg &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

static bool tr_has_pid_filter(struct trace_array *tr)
{
	return rcu_access_pointer(tr->filtered_pids) ||
	       rcu_access_pointer(tr->filtered_no_pids);
}

/* A file of call in tr, on no list yet, with the registry's reference. */
static struct trace_event_file *
event_file_alloc(struct trace_event_call *call, struct trace_array *tr)
{
	struct event_file_node *node;
	struct trace_event_file *file;

	node = kzalloc(sizeof(*node), GFP_KERNEL);
	if (!node)
		return NULL;
	file = &node->file;
	file->event_call = call;
	file->tr = tr;
	INIT_LIST_HEAD(&file->triggers);
	atomic_set(&file->ref, 1);
	return file;
}

/* A new file of call in tr, on tr's list. [E] */
static struct trace_event_file *
event_file_create(struct trace_event_call *call, struct trace_array *tr)
{
	struct trace_event_file *file = event_file_alloc(call, tr);

	if (!file)
		return NULL;
	if (tr_has_pid_filter(tr))
		file->flags |= EVENT_FILE_FL_PID_FILTER;
	list_add(&file->list, &tr->events);
	return file;
}

/* Add call to tr: the file, and its directory once tracefs has tr. [E] */
static int event_add_to_array(struct trace_event_call *call,
			      struct trace_array *tr)
{
	struct trace_event_file *file = event_file_create(call, tr);

	if (!file)
		return -ENOMEM;
	if (tr->event_dir)
		return event_create_dir(file);
	return 0;
}

/*
 * Take file out of its array: detach it (the caller waits for the
 * probes), forget its files, and drop the registry's reference. [E]
 */
static void event_file_remove(struct trace_event_file *file)
{
	list_del(&file->list);
	event_remove_dir(file);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	event_file_put(file);
}

/* file is system:event */
static bool event_file_is(struct trace_event_file *file, const char *system,
			  const char *event)
{
	struct trace_event_call *call = file->event_call;
	const char *name = trace_event_name(call);

	return name && call->class && !strcmp(call->class->system, system) &&
	       !strcmp(name, event);
}

struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system,
					 const char *event)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (event_file_is(file, system, event))
			return file;
	return NULL;
}

/* ---- enabling ---- */

/*
 * The flags are set and cleared with atomic bit operations because the
 * probes read them without event_mutex; a probe that sees the old value
 * only saves, or not, one comm or tgid.
 */
static void event_record_flags_on(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	if (trace_opt(tr, TRACE_OPT_RECORD_CMD))
		set_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags);
	if (trace_opt(tr, TRACE_OPT_RECORD_TGID))
		set_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags);
}

static void event_record_flags_off(struct trace_event_file *file)
{
	clear_bit(EVENT_FILE_FL_RECORDED_CMD_BIT, &file->flags);
	clear_bit(EVENT_FILE_FL_RECORDED_TGID_BIT, &file->flags);
}

/* Attach the probe; SOFT_DISABLED is set first if soft. [E] */
static int event_attach(struct trace_event_file *file, bool soft)
{
	struct trace_event_call *call = file->event_call;
	int ret;

	if (file->flags & EVENT_FILE_FL_ENABLED)
		return 0;
	/* probes that run before the bit is visible must not record */
	if (soft)
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	event_record_flags_on(file);
	ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	if (ret) {
		event_record_flags_off(file);
		pr_info("event trace: Could not enable event %s\n",
			trace_event_name(call));
		return ret;
	}
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	set_bit(EVENT_FILE_FL_WAS_ENABLED_BIT, &file->flags);
	return 0;
}

static void event_detach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	if (!(file->flags & EVENT_FILE_FL_ENABLED))
		return;
	/*
	 * Atomic: other bits change under probes' feet (pid filter, soft
	 * mode). Probes still running record until the unregister below
	 * returns, which is harmless; whoever frees waits for them.
	 */
	clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	event_record_flags_off(file);
	WARN_ON_ONCE(call->class->reg(call, TRACE_REG_UNREGISTER, file));
}

/*
 * Turning off. A soft user going away (the last one) leaves soft mode
 * and detaches only if the event was soft-disabled; a plain disable
 * while triggers hold soft mode only soft-disables.
 */
static void event_turn_off(struct trace_event_file *file, bool soft)
{
	bool detach;

	if (soft) {
		/* sm_ref changes under event_mutex; atomic for its readers */
		if (atomic_dec_return(&file->sm_ref) > 0)
			return;
		detach = file->flags & EVENT_FILE_FL_SOFT_DISABLED;
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	} else {
		detach = !(file->flags & EVENT_FILE_FL_SOFT_MODE);
	}
	if (detach)
		event_detach(file);
	if (file->flags & EVENT_FILE_FL_SOFT_MODE)
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
}

static int event_turn_on(struct trace_event_file *file, bool soft)
{
	if (!soft) {
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	} else {
		/* the first soft user puts the file in soft mode */
		if (atomic_inc_return(&file->sm_ref) > 1)
			return 0;
		set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	}
	return event_attach(file, soft);
}

int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft_disable)
{
	lockdep_assert_held(&event_mutex);

	if (enable)
		return event_turn_on(file, soft_disable);
	event_turn_off(file, soft_disable);
	return 0;
}

int __ftrace_set_clr_event_nolock(struct trace_array *tr, const char *match,
				  const char *sub, const char *event, int set)
{
	struct trace_event_file *file;
	struct trace_event_call *call;
	int ret = -EINVAL, first_err = 0, err;
	const char *name;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		if (!event_file_enableable(file))
			continue;
		call = file->event_call;
		name = trace_event_name(call);
		if (match && strcmp(match, name) &&
		    strcmp(match, call->class->system))
			continue;
		if (sub && strcmp(sub, call->class->system))
			continue;
		if (event && strcmp(event, name))
			continue;
		err = trace_event_enable_disable(file, set, 0);
		/* the first error is reported; the other events still change */
		if (err && !first_err)
			first_err = err;
		ret = first_err;
	}
	return ret;
}

int __ftrace_set_clr_event(struct trace_array *tr, const char *match,
			   const char *sub, const char *event, int set)
{
	int ret;

	mutex_lock(&event_mutex);
	ret = __ftrace_set_clr_event_nolock(tr, match, sub, event, set);
	mutex_unlock(&event_mutex);
	return ret;
}

/*
 * "GROUP:EVENT", "GROUP:" or "GROUP:*" (the group), ":EVENT" or
 * "*:EVENT" (that event in any group), or "NAME" (a group or an event
 * of that name). buf is restored before returning.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	char *colon, *sub, *event;
	int ret;

	if (!tr)
		return -ENOENT;
	colon = strchr(buf, ':');
	if (!colon)
		return __ftrace_set_clr_event(tr, buf, NULL, NULL, set);

	*colon = '\0';
	sub = buf;
	event = colon + 1;
	if (!*sub || !strcmp(sub, "*"))
		sub = NULL;
	if (!*event || !strcmp(event, "*"))
		event = NULL;
	ret = __ftrace_set_clr_event(tr, NULL, sub, event, set);
	*colon = ':';
	return ret;
}

int trace_set_clr_event(const char *system, const char *event, int set)
{
	return __ftrace_set_clr_event(top_trace_array(), NULL, system, event,
				      set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	if (!tr)
		return -ENOENT;
	return __ftrace_set_clr_event(tr, NULL, system, event, enable);
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/* ---- the tracepoint side ---- */

int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_event_file *file = data;

	WARN_ON(!(call->flags & TRACE_EVENT_FL_TRACEPOINT));
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->probe,
						 file);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	default:
		return trace_event_perf_reg(call, type, data);
#endif
	}
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

int trace_event_raw_init(struct trace_event_call *call)
{
	if (!register_trace_event(&call->event))
		return -ENODEV;
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/* ---- the record path ---- */

bool trace_event_ignore_this_pid(struct trace_event_file *trace_file)
{
	struct trace_array *tr = trace_file->tr;

	if (!tr_has_pid_filter(tr))
		return false;
	/* set at the last context switch on this CPU, for current */
	return this_cpu_read(tr->array_buffer.data->ignore_pid);
}
EXPORT_SYMBOL_GPL(trace_event_ignore_this_pid);

bool __trace_trigger_soft_disabled(struct trace_event_file *file)
{
	unsigned long eflags = READ_ONCE(file->flags);

	/* TRIGGER_COND is clear: no trigger needs the record */
	if (eflags & EVENT_FILE_FL_TRIGGER_MODE)
		event_triggers_call(file, NULL, NULL, NULL);
	if (eflags & EVENT_FILE_FL_SOFT_DISABLED)
		return true;
	if ((eflags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(file))
		return true;
	return false;
}
EXPORT_SYMBOL_GPL(__trace_trigger_soft_disabled);

struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	struct trace_array *tr = trace_file->tr;
	struct ring_buffer_event *event;
	struct trace_buffer *temp;

	*current_buffer = trace_array_buffer(tr);
	if (!*current_buffer)
		return NULL;
	/* trace_buffer_lock_reserve(), open-coded: every event comes here */
	event = ring_buffer_lock_reserve(*current_buffer, len);
	if (event) {
		tracing_generic_entry_update(trace_event_payload(event), type,
					     trace_ctx);
		return event;
	}
	if (!(READ_ONCE(trace_file->flags) & EVENT_FILE_FL_TRIGGER_COND))
		return NULL;
	/* tracing is off, but the triggers need the record: see commit */
	temp = READ_ONCE(event_trigger_temp_buffer);
	if (!temp)
		return NULL;
	*current_buffer = temp;
	return trace_buffer_lock_reserve(temp, type, len, trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_event_call *call = trace_file->event_call;

	if ((READ_ONCE(trace_file->flags) & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(trace_file))
		return NULL;

	/* the tracepoint disabled preemption: count the caller's depth */
	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->trace_file = trace_file;
	fbuffer->regs = NULL;
	fbuffer->event = trace_event_buffer_lock_reserve(&fbuffer->buffer,
							 trace_file,
							 call->event.type, len,
							 fbuffer->trace_ctx);
	if (!fbuffer->event)
		return NULL;
	fbuffer->entry = trace_event_payload(fbuffer->event);
	return fbuffer->entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/* tp_printk: one static iterator, its users serialised by a spinlock. */
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static struct trace_iterator *tp_printk_iter;

static void event_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_call *call = fbuffer->trace_file->event_call;
	struct trace_iterator *iter = READ_ONCE(tp_printk_iter);
	unsigned long flags;

	if (!iter || !call->event.funcs || !call->event.funcs->trace)
		return;
	raw_spin_lock_irqsave(&tp_printk_lock, flags);
	trace_seq_init(&iter->seq);
	iter->ent = fbuffer->entry;
	call->event.funcs->trace(iter, 0, &call->event);
	trace_seq_putc(&iter->seq, 0);
	/* the level of a printk() without one, by default */
	pr_warn("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/* False if the file's filter rejects the record. */
static bool event_filter_passes(struct trace_event_file *file, void *rec)
{
	struct event_filter *filter;

	if (likely(!(READ_ONCE(file->flags) & EVENT_FILE_FL_FILTERED)))
		return true;
	/* replaced filters are freed after the probes are done with them */
	filter = rcu_dereference_sched(file->filter);
	return !filter || event_filter_match(filter, rec);
}

void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	enum event_trigger_type tt = ETT_NONE;
	struct trace_array *tr = file->tr;

	if (READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_COND)
		tt = event_triggers_call(file, fbuffer->buffer, fbuffer->entry,
					 fbuffer->event);
	/*
	 * Read again: a trigger may just have soft-disabled this very
	 * event. Soft-disabled events get here only for their triggers.
	 */
	if ((READ_ONCE(file->flags) & EVENT_FILE_FL_SOFT_DISABLED) ||
	    fbuffer->buffer == READ_ONCE(event_trigger_temp_buffer) ||
	    !event_filter_passes(file, fbuffer->entry)) {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
		goto post;
	}
	if (static_branch_unlikely(&tracepoint_printk_key))
		event_printk(fbuffer);
	/* as upstream: the events of every array go to the exports */
	if (static_branch_unlikely(&trace_event_exports_enabled))
		trace_export_record(fbuffer->event, TRACE_EXPORT_EVENT);
	if (unlikely(trace_opt(tr, TRACE_OPT_STACKTRACE))) {
		trace_buffer_unlock_commit(tr, fbuffer->buffer, fbuffer->event,
					   fbuffer->trace_ctx);
	} else {
		/*
		 * What trace_buffer_unlock_commit() does without the stack,
		 * open-coded as trace_function_record(): every event's
		 * record, kprobes' included, comes this way, and the calls
		 * cost some 30 instructions of a kprobe event's 1000.
		 */
		ring_buffer_unlock_commit(fbuffer->buffer, fbuffer->event);
		if (trace_opt(tr, TRACE_OPT_RECORD_CMD) &&
		    !((fbuffer->trace_ctx >> 16) & TRACE_FLAG_NMI) &&
		    !trace_comm_cached(current))
			trace_save_comm(current);
	}
	/* the option read live: its changes apply to enabled events too */
	if (trace_opt(tr, TRACE_OPT_RECORD_TGID) && !in_nmi())
		tracing_record_tgid(current);
post:
	/* traceoff, stacktrace: after the record, which they concern */
	if (tt)
		event_triggers_post_call(file, tt);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

static int __init tp_printk_iter_init(void)
{
	struct trace_iterator *iter;

	iter = kzalloc(sizeof(*iter), GFP_KERNEL);
	if (!iter)
		return -ENOMEM;
	iter->tr = top_trace_array();
	iter->array_buffer = &top_trace_array()->array_buffer;
	trace_seq_init(&iter->tmp_seq);
	WRITE_ONCE(tp_printk_iter, iter);
	return 0;
}

/* ---- pid filtering ---- */

static void set_ignore_pid(struct trace_array *tr, bool ignore)
{
	this_cpu_write(tr->array_buffer.data->ignore_pid, ignore);
}

/* Whether tr's event pid filter leaves task out; RCU-sched. */
static bool event_pid_ignored(struct trace_array *tr, struct task_struct *task)
{
	return trace_pid_ignored(rcu_dereference_sched(tr->filtered_pids),
				 rcu_dereference_sched(tr->filtered_no_pids),
				 task);
}

/*
 * The pid state is per CPU: before any probe of sched_switch runs, the
 * state says whether either task is followed (so that a switch between
 * a followed and an ignored task is recorded, as upstream); after all
 * of them, it is set for the task that now runs.
 */
static void pid_switch_pre(void *data, bool preempt, struct task_struct *prev,
			   struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;
	struct trace_pid_list *pids = rcu_dereference_sched(tr->filtered_pids);
	struct trace_pid_list *no_pids;

	no_pids = rcu_dereference_sched(tr->filtered_no_pids);
	set_ignore_pid(tr, (trace_pid_ignored(NULL, no_pids, prev) &&
			    trace_pid_ignored(NULL, no_pids, next)) ||
			   (trace_pid_ignored(pids, NULL, prev) &&
			    trace_pid_ignored(pids, NULL, next)));
}

static void pid_switch_post(void *data, bool preempt,
			    struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
	struct trace_array *tr = data;

	set_ignore_pid(tr, event_pid_ignored(tr, next));
}

/* Wakeups of a followed task are recorded even from an ignored one. */
static void pid_wakeup_pre(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!this_cpu_read(tr->array_buffer.data->ignore_pid))
		return;
	set_ignore_pid(tr, event_pid_ignored(tr, task));
}

static void pid_wakeup_post(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (this_cpu_read(tr->array_buffer.data->ignore_pid))
		return;
	set_ignore_pid(tr, event_pid_ignored(tr, current));
}

/* options/event-fork: children of listed tasks join the lists. */
static void pid_fork_probe(void *data, struct task_struct *self,
			   struct task_struct *child)
{
	struct trace_array *tr = data;

	if (!trace_opt(tr, TRACE_OPT_EVENT_FORK))
		return;
	trace_pid_filter_fork(&tr->filtered_pids, &tr->filtered_no_pids, self,
			      child);
}

static void pid_exit_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!trace_opt(tr, TRACE_OPT_EVENT_FORK))
		return;
	trace_pid_filter_exit(&tr->filtered_pids, &tr->filtered_no_pids,
			      task);
}

static void pid_probes_register(struct trace_array *tr)
{
	register_trace_prio_sched_switch(pid_switch_pre, tr, INT_MAX);
	register_trace_prio_sched_switch(pid_switch_post, tr, 0);
	register_trace_prio_sched_wakeup(pid_wakeup_pre, tr, INT_MAX);
	register_trace_prio_sched_wakeup(pid_wakeup_post, tr, 0);
	register_trace_prio_sched_wakeup_new(pid_wakeup_pre, tr, INT_MAX);
	register_trace_prio_sched_wakeup_new(pid_wakeup_post, tr, 0);
	register_trace_prio_sched_waking(pid_wakeup_pre, tr, INT_MAX);
	register_trace_prio_sched_waking(pid_wakeup_post, tr, 0);
	register_trace_prio_sched_process_fork(pid_fork_probe, tr, INT_MIN);
	register_trace_prio_sched_process_free(pid_exit_probe, tr, INT_MAX);
}

static void pid_probes_unregister(struct trace_array *tr)
{
	unregister_trace_sched_switch(pid_switch_pre, tr);
	unregister_trace_sched_switch(pid_switch_post, tr);
	unregister_trace_sched_wakeup(pid_wakeup_pre, tr);
	unregister_trace_sched_wakeup(pid_wakeup_post, tr);
	unregister_trace_sched_wakeup_new(pid_wakeup_pre, tr);
	unregister_trace_sched_wakeup_new(pid_wakeup_post, tr);
	unregister_trace_sched_waking(pid_wakeup_pre, tr);
	unregister_trace_sched_waking(pid_wakeup_post, tr);
	unregister_trace_sched_process_fork(pid_fork_probe, tr);
	unregister_trace_sched_process_free(pid_exit_probe, tr);
}

/* Recompute the state of the task running on each CPU. */
static void pid_update_cpu(void *data)
{
	struct trace_array *tr = data;
	struct trace_pid_list *pids, *no_pids;

	/* on_each_cpu() from a holder of event_mutex */
	pids = rcu_dereference_protected(tr->filtered_pids, true);
	no_pids = rcu_dereference_protected(tr->filtered_no_pids, true);
	set_ignore_pid(tr, trace_pid_ignored(pids, no_pids, current));
}

static struct trace_pid_list __rcu **pid_slot(struct trace_array *tr,
					      int type)
{
	return type == TRACE_PIDS ? &tr->filtered_pids : &tr->filtered_no_pids;
}

static void pid_filter_flags(struct trace_array *tr, bool on)
{
	struct trace_event_file *file;
	int cpu;

	/*
	 * Atomic bit operations: probes read the flags unlocked. A probe
	 * that misses the new PID_FILTER bit records one event as before.
	 */
	list_for_each_entry(file, &tr->events, list) {
		if (on)
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
	if (!on)
		for_each_possible_cpu(cpu)
			per_cpu_ptr(tr->array_buffer.data, cpu)->ignore_pid =
				false;
}

void event_set_pid_list(struct trace_array *tr, int type,
			struct trace_pid_list *list)
{
	struct trace_pid_list __rcu **slot = pid_slot(tr, type);
	struct trace_pid_list *old;
	bool had = tr_has_pid_filter(tr);

	lockdep_assert_held(&event_mutex);
	old = rcu_dereference_protected(*slot, lockdep_is_held(&event_mutex));
	if (!list && !old)
		return;
	/* probes see the old list or the new one, both whole */
	rcu_assign_pointer(*slot, list);
	if (tr_has_pid_filter(tr)) {
		pid_filter_flags(tr, true);
		if (!had)
			pid_probes_register(tr);
		/* the tasks running now: no switch has set their state */
		on_each_cpu(pid_update_cpu, tr, 1);
	} else {
		pid_probes_unregister(tr);
		pid_filter_flags(tr, false);
	}
	if (old) {
		tracepoint_synchronize_unregister();
		trace_pid_list_free(old);
	}
}

void event_clear_pid_lists(struct trace_array *tr, int type)
{
	if (type & TRACE_PIDS)
		event_set_pid_list(tr, TRACE_PIDS, NULL);
	if (type & TRACE_NO_PIDS)
		event_set_pid_list(tr, TRACE_NO_PIDS, NULL);
}

/* ---- filters ---- */

/* An event's fields then the common ones, as the filter engine wants. */
static int event_filter_build(struct trace_event_file *file, const char *text,
			      unsigned int flags, struct event_filter **out,
			      struct filter_parse_error *pe)
{
	struct list_head *lists[2] = {
		trace_get_fields(file->event_call), &event_common_fields,
	};

	memset(pe, 0, sizeof(*pe));
	return event_filter_parse(lists, ARRAY_SIZE(lists), text, flags, out,
				  pe);
}

/*
 * Install filter on file (NULL: none), enabled or not, and free the
 * one it replaces once no probe can be using it. [E]
 */
static void event_file_swap_filter(struct trace_event_file *file,
				   struct event_filter *filter, bool active)
{
	struct event_filter *old;

	old = rcu_dereference_protected(file->filter,
					lockdep_is_held(&event_mutex));
	/* clear FILTERED first: a probe never uses a half-set filter */
	if (!active)
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	rcu_assign_pointer(file->filter, filter);
	if (active)
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	if (old) {
		tracepoint_synchronize_unregister();
		event_filter_free(old);
	}
}

static void log_filter_error(struct trace_array *tr, const char *text,
			     struct filter_parse_error *pe)
{
	tracing_log_err(tr, "event filter parse error", text,
			event_filter_errors, pe->err_index, pe->pos);
}

int event_file_set_filter(struct trace_event_file *file, char *text)
{
	struct filter_parse_error pe;
	struct event_filter *filter = NULL;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!strcmp(strstrip(text), "0")) {
		event_file_swap_filter(file, NULL, false);
		return 0;
	}
	ret = event_filter_build(file, text, 0, &filter, &pe);
	if (ret && ret != -ENOMEM)
		log_filter_error(file->tr, text, &pe);
	/* a failed filter stays, inactive, to show its error */
	if (filter)
		event_file_swap_filter(file, filter, !ret);
	return ret;
}

void event_file_free_filter(struct trace_event_file *file)
{
	struct event_filter *filter;

	/* no probe runs for this file any more: no grace period needed */
	filter = rcu_dereference_protected(file->filter,
					   lockdep_is_held(&event_mutex));
	RCU_INIT_POINTER(file->filter, NULL);
	clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	if (filter)
		event_filter_free(filter);
}

void event_file_print_filter(struct trace_event_file *file,
			     struct trace_seq *s)
{
	struct event_filter *filter;
	const char *text = NULL;

	filter = rcu_dereference_protected(file->filter,
					   lockdep_is_held(&event_mutex));
	if (filter)
		text = event_filter_text(filter);
	if (text)
		trace_seq_printf(s, "%s\n", text);
	else
		trace_seq_puts(s, "none\n");
}

/*
 * A group write succeeds whenever the group has events (upstream's
 * rule), so the group's own file always shows the default text.
 */
void event_subsystem_print_filter(struct trace_subsystem_dir *dir,
				  struct trace_seq *s)
{
	trace_seq_puts(s, EVENT_FILTER_GROUP_DEFAULT_TEXT "\n");
}

/*
 * A group filter goes to every event of the group in the array. An
 * event that lacks a field gets the filter inactive (its filter file
 * shows why) and an error_log entry, as upstream.
 */
int event_subsystem_set_filter(struct trace_subsystem_dir *dir, char *text)
{
	struct trace_event_file *file;
	struct filter_parse_error pe;
	struct event_filter *filter;
	bool clear;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!dir->nr_events)
		return -ENODEV;
	clear = !strcmp(strstrip(text), "0");
	list_for_each_entry(file, &dir->tr->events, list) {
		if (file->system != dir)
			continue;
		if (clear) {
			event_file_swap_filter(file, NULL, false);
			continue;
		}
		filter = NULL;
		ret = event_filter_build(file, text, EVENT_FILTER_GROUP,
					 &filter, &pe);
		if (ret == -ENOMEM && !filter)
			return ret;
		if (ret)
			log_filter_error(dir->tr, text, &pe);
		if (filter)
			event_file_swap_filter(file, filter, !ret);
	}
	return 0;
}

/* ---- registry ---- */

/* Initialise call and add it to every array; mod: its module. [L][E] */
static int event_register(struct trace_event_call *call, struct module *mod)
{
	struct trace_array *tr;
	int ret;

	if (WARN_ON(!trace_event_name(call) || !call->class))
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		if (ret < 0) {
			/* -ENOSYS: not for this kernel (a syscall's event) */
			if (ret != -ENOSYS)
				pr_warn("Could not initialize trace events/%s\n",
					trace_event_name(call));
			return ret;
		}
	}
	ret = event_define_fields(call);
	if (ret) {
		pr_warn("Could not initialize trace point events/%s\n",
			trace_event_name(call));
		if (call->event.funcs)
			unregister_trace_event(&call->event);
		return ret;
	}
	call->module = mod;
	list_add(&call->list, &event_calls);
	list_for_each_entry(tr, &trace_arrays, list)
		if (event_add_to_array(call, tr))
			pr_warn("Could not create directory for event %s\n",
				trace_event_name(call));
	return 0;
}

/* The class's fields go with the last event of the class. [E] */
static bool class_in_use(struct trace_event_class *class)
{
	struct trace_event_call *call;

	list_for_each_entry(call, &event_calls, list)
		if (call->class == class)
			return true;
	return false;
}

/*
 * Take call out of every array and of the registry; its probes must be
 * detached and waited for already. [L][E]
 */
static void event_unregister(struct trace_event_call *call)
{
	struct trace_event_file *file, *next;
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list) {
		list_for_each_entry_safe(file, next, &tr->events, list) {
			if (file->event_call != call)
				continue;
			event_file_free_filter(file);
			event_file_remove(file);
			break;
		}
	}
	list_del(&call->list);
	if (call->event.funcs)
		unregister_trace_event(&call->event);
	if (!call->class->get_fields && !class_in_use(call->class))
		free_fields(&call->class->fields);
}

/* Disable call everywhere. [L][E] */
static void event_disable_everywhere(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			/* soft users too: the event is going away */
			atomic_set(&file->sm_ref, 0);
			clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
			event_detach(file);
			break;
		}
	}
}

int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	lockdep_assert_held(&event_mutex);
	/* [L] nests outside event_mutex: callers of this take neither */
	if (WARN_ON_ONCE(!mutex_trylock(&trace_types_lock)))
		return -EBUSY;
	ret = event_register(call, NULL);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

int trace_remove_event_call(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	lockdep_assert_held(&event_mutex);
	if (WARN_ON_ONCE(!mutex_trylock(&trace_types_lock)))
		return -EBUSY;
	list_for_each_entry(tr, &trace_arrays, list)
		list_for_each_entry(file, &tr->events, list)
			if (file->event_call == call &&
			    (file->flags & EVENT_FILE_FL_ENABLED)) {
				mutex_unlock(&trace_types_lock);
				return -EBUSY;
			}
	tracepoint_synchronize_unregister();
	event_unregister(call);
	mutex_unlock(&trace_types_lock);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

/*
 * Dynamic events (kernel/trace/probes) add and remove their calls with
 * both locks held, in tracing's order: trace_types_lock, event_mutex.
 */
int trace_event_add_dyn(struct trace_event_call *call)
{
	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	return event_register(call, NULL);
}

int trace_event_remove_dyn(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	if (trace_event_dyn_busy(call))
		return -EBUSY;
	list_for_each_entry(tr, &trace_arrays, list)
		list_for_each_entry(file, &tr->events, list)
			if (file->event_call == call &&
			    (file->flags & EVENT_FILE_FL_ENABLED))
				return -EBUSY;
	/*
	 * No grace period: the caller's probes are quiesced (unregistering
	 * a kprobe waits for its handlers), and one each would double the
	 * time a thousand probes take to go.
	 */
	event_unregister(call);
	return 0;
}

struct trace_event_call *trace_event_call_by_id(int id)
{
	struct trace_event_call *call, *found = NULL;

	mutex_lock(&event_mutex);
	list_for_each_entry(call, &event_calls, list) {
		if (call->event.type != id)
			continue;
		if (trace_event_try_get_ref(call))
			found = call;
		break;
	}
	mutex_unlock(&event_mutex);
	return found;
}

void trace_event_call_put(struct trace_event_call *call)
{
	trace_event_put_ref(call);
}

/* The instance called name (NULL: the top level), with a reference. */
static struct trace_array *trace_array_get_named(const char *name)
{
	struct trace_array *tr, *found = NULL;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (name ? tr->name && !strcmp(tr->name, name) : !tr->name) {
			tr->ref++;
			found = tr;
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return found;
}

/*
 * A module's handle on system:event of an instance: the array and the
 * event's module stay until trace_put_event_file().
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file;
	struct trace_array *tr;
	int ret = 0;

	tr = trace_array_get_named(instance);
	if (!tr)
		return ERR_PTR(instance ? -ENOENT : -ENODEV);
	mutex_lock(&event_mutex);
	file = find_event_file(tr, system, event);
	if (!file || !event_file_enableable(file))
		ret = -EINVAL;
	else if (!trace_event_try_get_ref(file->event_call))
		ret = -EBUSY;
	mutex_unlock(&event_mutex);
	if (ret) {
		trace_array_put(tr);
		return ERR_PTR(ret);
	}
	return file;
}
EXPORT_SYMBOL_GPL(trace_get_event_file);

void trace_put_event_file(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	mutex_lock(&event_mutex);
	trace_event_put_ref(file->event_call);
	mutex_unlock(&event_mutex);
	trace_array_put(tr);
}
EXPORT_SYMBOL_GPL(trace_put_event_file);

/* ---- modules ---- */

#ifdef CONFIG_MODULES
static bool module_taint_bad(struct module *mod)
{
	return mod->taints & ~((1 << TAINT_OOT_MODULE) | (1 << TAINT_CRAP) |
			       (1 << TAINT_UNSIGNED_MODULE) |
			       (1 << TAINT_TEST));
}

static void module_add_events(struct module *mod)
{
	unsigned int i;

	if (!mod->num_trace_events)
		return;
	if (module_taint_bad(mod)) {
		pr_err("%s: module has bad taint, not creating trace events\n",
		       mod->name);
		return;
	}
	for (i = 0; i < mod->num_trace_events; i++)
		event_register(mod->trace_events[i], mod);
}

static void module_free_strings(struct module *mod)
{
	struct module_string *ms, *next;

	list_for_each_entry_safe(ms, next, &module_strings, list) {
		if (ms->mod != mod)
			continue;
		list_del(&ms->list);
		kfree(ms->str);
		kfree(ms);
	}
}

/*
 * Records of the module's events would print with whatever takes their
 * type number next: the arrays where one of them ever recorded are
 * emptied, as upstream empties them. [L][E]
 */
static void module_reset_used_arrays(struct module *mod)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call->module != mod ||
			    !(file->flags & EVENT_FILE_FL_WAS_ENABLED))
				continue;
			tracing_reset_online_cpus(&tr->array_buffer);
#ifdef CONFIG_TRACER_MAX_TRACE
			tracing_reset_online_cpus(&tr->max_buffer);
#endif
			break;
		}
	}
}

/*
 * The module's events are detached everywhere, the probes in flight
 * waited for, then the records, the files and the registry entries
 * go. [L][E]
 */
static void module_remove_events(struct module *mod)
{
	struct trace_event_call *call, *next;

	/* their soft-mode references first: the loop below zeroes them */
	event_triggers_clear_module(mod);
	list_for_each_entry(call, &event_calls, list)
		if (call->module == mod)
			event_disable_everywhere(call);
	tracepoint_synchronize_unregister();
	module_reset_used_arrays(mod);
	list_for_each_entry_safe(call, next, &event_calls, list)
		if (call->module == mod)
			event_unregister(call);
	module_free_strings(mod);
}

static int event_module_notify(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct module *mod = data;

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_OK;
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	if (val == MODULE_STATE_COMING)
		module_add_events(mod);
	else
		module_remove_events(mod);
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);

	if (val == MODULE_STATE_COMING && !module_taint_bad(mod))
		trace_event_eval_update(mod, mod->trace_evals,
					mod->num_trace_evals);
	return NOTIFY_OK;
}

static struct notifier_block event_module_nb = {
	.notifier_call	= event_module_notify,
	.priority	= 1,
};
#endif /* CONFIG_MODULES */

/* ---- arrays ---- */

/*
 * The events of a new array: a file per registered event (the top
 * level has them from boot), then their directories. [L]
 */
int event_trace_add_tracer(struct trace_array *tr, struct dentry *d_events)
{
	struct trace_event_call *call;
	struct trace_event_file *file;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	mutex_lock(&event_mutex);
	ret = event_create_toplevel_files(tr, d_events);
	if (ret)
		goto out;
	if (list_empty(&tr->events))
		list_for_each_entry(call, &event_calls, list)
			if (!event_file_create(call, tr))
				pr_warn("Could not create event %s\n",
					trace_event_name(call));
	list_for_each_entry(file, &tr->events, list)
		if (event_create_dir(file))
			pr_warn("Could not create directory for event %s\n",
				trace_event_name(file->event_call));
out:
	mutex_unlock(&event_mutex);
	return ret;
}

/*
 * ---- events/ftrace/print/trigger ----
 *
 * The core writes trace_marker's records itself and describes them in
 * events/ftrace/print/format (trace_entries.c), but upstream also lets
 * triggers act on them. Each array gets one more event file for that,
 * of a call of its own that no registry list holds: no set_event,
 * available_events, enable or perf sees it. It carries the triggers,
 * and the fields their filters name (the record is a print_entry).
 */
static struct trace_event_fields marker_fields[] = {
	{ .type = "unsigned long", .name = "ip",
	  .size = sizeof(unsigned long), .align = __alignof__(unsigned long),
	  .filter_type = FILTER_OTHER },
	{ .type = "char[]", .name = "buf", .size = 0, .align = 1,
	  .is_signed = is_signed_type(char), .filter_type = FILTER_OTHER },
	{}
};

static struct trace_event_class marker_class = {
	.system		= "ftrace",
	.fields_array	= marker_fields,
	.fields		= LIST_HEAD_INIT(marker_class.fields),
};

static struct trace_event_call marker_call = {
	.class		= &marker_class,
	.name		= "print",
	.event.type	= TRACE_PRINT,
	.flags		= TRACE_EVENT_FL_IGNORE_ENABLE,
};

bool event_file_is_marker(const struct trace_event_file *file)
{
	return file->event_call == &marker_call;
}

void event_trace_add_marker(struct trace_array *tr, struct dentry *d_print)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	if (!d_print)
		return;
	mutex_lock(&event_mutex);
	file = event_define_fields(&marker_call) ? NULL :
	       event_file_alloc(&marker_call, tr);
	if (file && !event_create_marker_trigger(file, d_print)) {
		/* no writer can see it before this store */
		WRITE_ONCE(tr->marker_file, file);
		file = NULL;
	}
	if (file) {
		pr_warn("Could not create events/ftrace/print/trigger\n");
		set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
		event_file_put(file);
	}
	mutex_unlock(&event_mutex);
}

/* After tr's triggers are gone: the trigger file goes with the tree. [E] */
static void event_remove_marker(struct trace_array *tr)
{
	struct trace_event_file *file = tr->marker_file;

	if (!file)
		return;
	/* no trace_marker writer is left: tr has no open files */
	WRITE_ONCE(tr->marker_file, NULL);
	event_remove_marker_trigger(file);
	set_bit(EVENT_FILE_FL_FREED_BIT, &file->flags);
	event_file_put(file);
}

/* An array is going: its events stop, then their files go. [L] */
void event_trace_del_tracer(struct trace_array *tr)
{
	struct trace_event_file *file, *next;

	lockdep_assert_held(&trace_types_lock);
	mutex_lock(&event_mutex);
	/*
	 * Event probes first: enabled, each has a probe trigger on another
	 * event of tr, which it removes as it is detached.
	 */
	list_for_each_entry(file, &tr->events, list)
		if (file->event_call->flags & TRACE_EVENT_FL_EPROBE)
			event_detach(file);
	/* then triggers: they hold soft-mode references on tr's files */
	event_triggers_clear_array(tr);
	event_clear_pid_lists(tr, TRACE_PIDS | TRACE_NO_PIDS);
	list_for_each_entry(file, &tr->events, list) {
		atomic_set(&file->sm_ref, 0);
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		event_detach(file);
	}
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(file, next, &tr->events, list) {
		event_file_free_filter(file);
		event_file_remove(file);
	}
	event_remove_marker(tr);
	event_remove_toplevel_files(tr);
	mutex_unlock(&event_mutex);
}

/* ---- boot ---- */

static char boot_events[COMMAND_LINE_SIZE] __initdata;

static __init int set_trace_event(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	disable_tracing_selftest("running event tracing");
	return 1;
}
__setup("trace_event=", set_trace_event);

bool __init trace_event_boot_wants_buffers(void)
{
	return boot_events[0];
}

/* trace_event=A,B,...: each as a line of set_event. */
static __init void boot_set_events(struct trace_array *tr, int set)
{
	char *buf = boot_events, *word;

	while ((word = strsep(&buf, ","))) {
		if (*word && ftrace_set_clr_event(tr, word, set) && set)
			pr_warn("Failed to enable trace event: %s\n", word);
		/* put the comma back for the second pass */
		if (buf)
			buf[-1] = ',';
	}
}

/*
 * From trace_init(), early in start_kernel(): the kernel's events are
 * registered and those of trace_event= enabled in the top level, so
 * that they record from this point on.
 */
void __init trace_event_init(void)
{
	struct trace_event_call **iter;

	if (tracepoint_printk)
		tp_printk_iter_init();
	if (define_common_fields())
		pr_warn("tracing: Failed to allocate common fields");
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	for (iter = __start_ftrace_events; iter < __stop_ftrace_events; iter++)
		event_register(*iter, NULL);
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	boot_set_events(top_trace_array(), 1);
}

/*
 * The kernel's eval maps, once the scheduler runs (the update may take
 * a while). Until then only the format files' texts lack them: the
 * records and their output do not depend on them.
 */
static __init int trace_event_eval_init(void)
{
	trace_event_eval_update(NULL, __start_ftrace_eval_maps,
				__stop_ftrace_eval_maps -
				__start_ftrace_eval_maps);
	return 0;
}
early_initcall(trace_event_eval_init);

/*
 * Some tracepoints only fire once a flag is set in pid 1, which did not
 * exist at trace_event_init(): enable the boot events again.
 */
static __init int trace_event_boot_again(void)
{
	struct trace_array *tr = top_trace_array();

	if (!boot_events[0])
		return 0;
	boot_set_events(tr, 0);
	boot_set_events(tr, 1);
	return 0;
}
early_initcall(trace_event_boot_again);

/* From the tracefs initcall, after the top level's files exist. */
void __init event_trace_init_tracefs(void)
{
	if (!READ_ONCE(tp_printk_iter))
		tp_printk_iter_init();
	event_create_available_events();
#ifdef CONFIG_MODULES
	if (register_module_notifier(&event_module_nb))
		pr_warn("Failed to register trace events module notifier\n");
#endif
}
