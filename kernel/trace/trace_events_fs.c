// SPDX-License-Identifier: GPL-2.0
/*
 * The events/ tree of each trace array and the event control files:
 * events/enable, events/GROUP/{enable,filter},
 * events/GROUP/EVENT/{enable,id,filter,trigger,format}, and in the
 * array's directory set_event, set_event_pid and set_event_notrace_pid;
 * available_events at the top level. Names, modes, texts and errnos are
 * upstream's, which tools and scripts rely on.
 *
 * Design: an event file's inode points (i_private) to its
 * trace_event_file, a group file's to its trace_subsystem_dir. open()
 * looks the pointer up under event_mutex and takes a reference on the
 * object, so that it outlives the event; removal clears i_private under
 * the same mutex before removing the dentries, so a later open() finds
 * nothing. Every read and write checks, under event_mutex, that the
 * object has not been marked gone (-ENODEV), and touches the event
 * (trace_event_call) only then: a module's event disappears with it.
 * (One exception, as upstream: a gone event's trigger file reads as
 * one without triggers.)
 * The top-level files point to their trace array, which open() pins
 * with trace_array_get() as the core's files do.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/security.h>
#include <linux/uaccess.h>

#include "trace_events.h"

/* Groups by name, shared by every array. [E] */
static LIST_HEAD(event_subsystems);

/* The longest word set_event takes, as upstream's parser. */
#define SET_EVENT_MAX	127

/* ---- opening an event's files ---- */

/* The event file an inode stands for, with a reference; [E] */
static struct trace_event_file *event_file_lookup(struct inode *inode)
{
	struct trace_event_file *file;

	mutex_lock(&event_mutex);
	file = inode->i_private;
	if (file)
		event_file_get(file);
	mutex_unlock(&event_mutex);
	return file;
}

static int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	file = event_file_lookup(inode);
	if (!file)
		return -ENODEV;
	/* as upstream: an instance with open event files cannot go */
	ret = trace_array_get(file->tr);
	if (ret) {
		event_file_put(file);
		return ret;
	}
	filp->private_data = file;
	return 0;
}

static int event_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = filp->private_data;

	trace_array_put(file->tr);
	event_file_put(file);
	return 0;
}

/* The file is still an event's (not gone with its module or array). [E] */
static bool event_file_live(struct trace_event_file *file)
{
	return !(file->flags & EVENT_FILE_FL_FREED);
}

/* ---- events/GROUP/EVENT/enable ---- */

static ssize_t event_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	unsigned long flags;
	char buf[4];
	int len = 0;

	mutex_lock(&event_mutex);
	flags = file->flags;
	mutex_unlock(&event_mutex);
	if (flags & EVENT_FILE_FL_FREED)
		return -ENODEV;

	buf[len++] = (flags & EVENT_FILE_FL_ENABLED) &&
		     !(flags & EVENT_FILE_FL_SOFT_DISABLED) ? '1' : '0';
	if (flags & (EVENT_FILE_FL_SOFT_DISABLED | EVENT_FILE_FL_SOFT_MODE))
		buf[len++] = '*';
	buf[len++] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers();
	if (ret < 0)
		return ret;
	if (val > 1)
		return -EINVAL;

	ret = -ENODEV;
	mutex_lock(&event_mutex);
	if (event_file_live(file))
		ret = trace_event_enable_disable(file, val, 0);
	mutex_unlock(&event_mutex);
	*ppos += cnt;
	return ret ? ret : cnt;
}

static const struct file_operations event_enable_fops = {
	.open		= event_file_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* ---- events/GROUP/EVENT/id ---- */

#ifdef CONFIG_PERF_EVENTS
/* i_private is the id itself, as upstream: nothing to go stale */
static ssize_t event_id_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	int id = (long)file_inode(filp)->i_private;
	char buf[16];
	int len;

	if (!id)
		return -ENODEV;
	len = scnprintf(buf, sizeof(buf), "%d\n", id);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations event_id_fops = {
	.read		= event_id_read,
	.llseek		= default_llseek,
};
#endif

/* ---- filter files ---- */

/* Read a filter's text through a trace_seq filled by show. */
static ssize_t filter_text_read(char __user *ubuf, size_t cnt, loff_t *ppos,
				void (*show)(void *obj, struct trace_seq *s),
				void *obj, bool (*live)(void *obj))
{
	struct trace_seq *s;
	ssize_t ret = -ENODEV;

	if (*ppos)
		return 0;
	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	mutex_lock(&event_mutex);
	if (live(obj)) {
		show(obj, s);
		ret = 0;
	}
	mutex_unlock(&event_mutex);
	if (!ret)
		ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
					      trace_seq_used(s));
	kfree(s);
	return ret;
}

/* Apply a filter write: set(obj, text) under event_mutex if live. */
static ssize_t filter_text_write(const char __user *ubuf, size_t cnt,
				 loff_t *ppos,
				 int (*set)(void *obj, char *text),
				 void *obj, bool (*live)(void *obj))
{
	char *text;
	int ret;

	/* a filter fits in a page, as upstream's limit */
	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	text = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(text))
		return PTR_ERR(text);
	mutex_lock(&event_mutex);
	ret = live(obj) ? set(obj, text) : -ENODEV;
	mutex_unlock(&event_mutex);
	kfree(text);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static bool file_live(void *obj)
{
	return event_file_live(obj);
}

static void file_filter_show(void *obj, struct trace_seq *s)
{
	event_file_print_filter(obj, s);
}

static int file_filter_set(void *obj, char *text)
{
	return event_file_set_filter(obj, text);
}

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return filter_text_read(ubuf, cnt, ppos, file_filter_show,
				filp->private_data, file_live);
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return filter_text_write(ubuf, cnt, ppos, file_filter_set,
				 filp->private_data, file_live);
}

static const struct file_operations event_filter_fops = {
	.open		= event_file_open,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* ---- events/GROUP/EVENT/trigger ---- */

/* The commands and their texts are trace_events_trigger.c's. */
static int event_trigger_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;

	/*
	 * Even once the event is gone (its triggers went first), as
	 * upstream's: the file then reads as one without triggers. That
	 * touches only the file's empty list, not the event.
	 */
	mutex_lock(&event_mutex);
	event_triggers_show(m, file);
	mutex_unlock(&event_mutex);
	return 0;
}

/*
 * An event's trigger or hist file: a seq_file of show when read, the
 * event file itself when only written; O_TRUNC of the trigger file
 * (trigger true) takes its hist triggers away, as upstream's.
 */
static int event_seq_open(struct inode *inode, struct file *filp,
			  int (*show)(struct seq_file *m, void *v), bool trigger)
{
	struct trace_event_file *file;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	file = event_file_lookup(inode);
	if (!file)
		return -ENODEV;
	if (trigger && (filp->f_mode & FMODE_WRITE) &&
	    (filp->f_flags & O_TRUNC)) {
		mutex_lock(&event_mutex);
		if (event_file_live(file))
			event_triggers_truncate(file);
		mutex_unlock(&event_mutex);
	}
	if (filp->f_mode & FMODE_READ) {
		ret = single_open(filp, show, file);
		if (ret) {
			event_file_put(file);
			return ret;
		}
	} else {
		filp->private_data = file;
	}
	return 0;
}

static int event_trigger_open(struct inode *inode, struct file *filp)
{
	return event_seq_open(inode, filp, event_trigger_show, true);
}

static struct trace_event_file *trigger_file(struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return ((struct seq_file *)filp->private_data)->private;
	return filp->private_data;
}

static ssize_t event_trigger_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = trigger_file(filp);
	char *buf;
	int ret;

	if (!cnt)
		return 0;
	/* one command per write, shorter than a page, as upstream */
	buf = cnt < PAGE_SIZE ? memdup_user_nul(ubuf, cnt) : ERR_PTR(-EINVAL);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	/* without the newline of echo and other trailing blanks */
	strim(buf);
	/* snapshot triggers allocate the spare buffer: [L] first */
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
	if (event_file_live(file))
		ret = event_trigger_write_cmd(file, buf);
	else
		ret = -ENODEV;
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int event_seq_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trigger_file(filp);

	if (filp->f_mode & FMODE_READ)
		single_release(inode, filp);
	event_file_put(file);
	return 0;
}

static const struct file_operations event_trigger_fops = {
	.open		= event_trigger_open,
	.read		= seq_read,
	.write		= event_trigger_write,
	.llseek		= seq_lseek,
	.release	= event_seq_release,
};

#ifdef CONFIG_HIST_TRIGGERS
/* ---- events/GROUP/EVENT/hist ---- */

/* The histograms and their text are hist/'s. */
static int event_hist_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;

	int ret = -ENODEV;

	mutex_lock(&event_mutex);
	if (event_file_live(file)) {
		hist_show_file(m, file);
		ret = 0;
	}
	mutex_unlock(&event_mutex);
	return ret;
}

static int event_hist_open(struct inode *inode, struct file *filp)
{
	int ret = event_seq_open(inode, filp, event_hist_show, false);

	if (ret)
		return ret;
	/* as upstream's: an instance whose hist file is open cannot go */
	ret = trace_array_get(trigger_file(filp)->tr);
	if (ret)
		event_seq_release(inode, filp);
	return ret;
}

static int event_hist_release(struct inode *inode, struct file *filp)
{
	trace_array_put(trigger_file(filp)->tr);
	return event_seq_release(inode, filp);
}

static const struct file_operations event_hist_fops = {
	.open		= event_hist_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= event_hist_release,
};

static struct dentry *event_create_hist(struct dentry *dir,
					struct trace_event_file *file)
{
	return trace_create_file("hist", TRACE_MODE_READ, dir, file,
				 &event_hist_fops);
}
#else
static struct dentry *event_create_hist(struct dentry *dir,
					struct trace_event_file *file)
{
	return NULL;
}
#endif

/* ---- events/GROUP/EVENT/format ---- */

/*
 * One field line. A type with "[N]" in it is an array: the length goes
 * after the name ("char prev_comm[16]"), except for the __data_loc
 * types, which are printed as they are.
 */
static void format_show_field(struct seq_file *m,
			      struct ftrace_event_field *field)
{
	const char *bracket = strchr(field->type, '[');

	if (str_has_prefix(field->type, "__data_loc"))
		bracket = NULL;
	if (!bracket)
		seq_printf(m, "\tfield:%s %s;", field->type, field->name);
	else if (field->len)
		seq_printf(m, "\tfield:%.*s %s[%d];",
			   (int)(bracket - field->type), field->type,
			   field->name, field->len);
	else
		seq_printf(m, "\tfield:%.*s %s[];",
			   (int)(bracket - field->type), field->type,
			   field->name);
	seq_printf(m, "\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   field->offset, field->size, !!field->is_signed);
}

/* Fields are listed newest first: print them oldest (first) first. */
static void format_show_fields(struct seq_file *m, struct list_head *head)
{
	struct ftrace_event_field *field;

	list_for_each_entry_reverse(field, head, link)
		format_show_field(m, field);
}

static int event_format_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct trace_event_call *call;
	int ret = 0;

	mutex_lock(&event_mutex);
	if (!event_file_live(file)) {
		ret = -ENODEV;
		goto out;
	}
	call = file->event_call;
	seq_printf(m, "name: %s\n", trace_event_name(call));
	seq_printf(m, "ID: %d\n", call->event.type);
	seq_puts(m, "format:\n");
	format_show_fields(m, &event_common_fields);
	seq_putc(m, '\n');
	format_show_fields(m, trace_get_fields(call));
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
out:
	mutex_unlock(&event_mutex);
	return ret;
}

static int event_format_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = event_file_lookup(inode);
	int ret;

	if (!file)
		return -ENODEV;
	ret = single_open(filp, event_format_show, file);
	if (ret)
		event_file_put(file);
	return ret;
}

static int event_format_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;

	file = ((struct seq_file *)filp->private_data)->private;
	single_release(inode, filp);
	event_file_put(file);
	return 0;
}

static const struct file_operations event_format_fops = {
	.open		= event_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= event_format_release,
};

/* ---- groups: events/GROUP/{enable,filter} ---- */

static struct event_subsystem *subsystem_get(const char *name)
{
	struct event_subsystem *system;

	list_for_each_entry(system, &event_subsystems, list) {
		if (!strcmp(system->name, name)) {
			system->ref++;
			return system;
		}
	}
	system = kzalloc(sizeof(*system), GFP_KERNEL);
	if (!system)
		return NULL;
	/* a module's name goes with it: keep a copy (or the constant) */
	system->name = kstrdup_const(name, GFP_KERNEL);
	if (!system->name) {
		kfree(system);
		return NULL;
	}
	system->ref = 1;
	list_add(&system->list, &event_subsystems);
	return system;
}

static void subsystem_put(struct event_subsystem *system)
{
	if (--system->ref)
		return;
	list_del(&system->list);
	kfree_const(system->name);
	kfree(system);
}

void event_put_subsystem_dir(struct trace_subsystem_dir *dir)
{
	lockdep_assert_held(&event_mutex);
	if (--dir->ref)
		return;
	subsystem_put(dir->subsystem);
	kfree(dir);
}

static int subsystem_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	dir = inode->i_private;
	if (dir && dir->nr_events)
		dir->ref++;
	else
		dir = NULL;
	mutex_unlock(&event_mutex);
	if (!dir)
		return -ENODEV;
	ret = trace_array_get(dir->tr);
	if (ret) {
		mutex_lock(&event_mutex);
		event_put_subsystem_dir(dir);
		mutex_unlock(&event_mutex);
		return ret;
	}
	filp->private_data = dir;
	return 0;
}

static int subsystem_release(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	trace_array_put(dir->tr);
	mutex_lock(&event_mutex);
	event_put_subsystem_dir(dir);
	mutex_unlock(&event_mutex);
	return 0;
}

/*
 * '0' all disabled, '1' all enabled, 'X' mixed, '?' no event. A group's
 * file has a dir; the array's events/enable has a dir-less view of tr.
 */
static ssize_t enable_summary_read(struct trace_array *tr,
				   struct trace_subsystem_dir *dir,
				   char __user *ubuf, size_t cnt,
				   loff_t *ppos)
{
	static const char summary[] = { '?', '0', '1', 'X' };
	struct trace_event_file *file;
	unsigned int seen = 0;
	char buf[2];

	mutex_lock(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		if (!event_file_enableable(file))
			continue;
		if (dir && file->system != dir)
			continue;
		/* bit 0: some disabled, bit 1: some enabled */
		seen |= 1 << !!(file->flags & EVENT_FILE_FL_ENABLED);
		if (seen == 3)
			break;
	}
	mutex_unlock(&event_mutex);
	buf[0] = summary[seen];
	buf[1] = '\n';
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t enable_summary_write(struct trace_array *tr, const char *group,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	ret = tracing_update_buffers();
	if (ret < 0)
		return ret;
	if (val > 1)
		return -EINVAL;
	ret = __ftrace_set_clr_event(tr, NULL, group, NULL, val);
	*ppos += cnt;
	return ret ? ret : cnt;
}

static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	return enable_summary_read(dir->tr, dir, ubuf, cnt, ppos);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	/* the open dir holds its subsystem, and so the name */
	return enable_summary_write(dir->tr, dir->subsystem->name, ubuf, cnt,
				    ppos);
}

static const struct file_operations system_enable_fops = {
	.open		= subsystem_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= subsystem_release,
	.llseek		= default_llseek,
};

static bool dir_live(void *obj)
{
	struct trace_subsystem_dir *dir = obj;

	return dir->nr_events;
}

static void dir_filter_show(void *obj, struct trace_seq *s)
{
	event_subsystem_print_filter(obj, s);
}

static int dir_filter_set(void *obj, char *text)
{
	return event_subsystem_set_filter(obj, text);
}

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return filter_text_read(ubuf, cnt, ppos, dir_filter_show,
				filp->private_data, dir_live);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return filter_text_write(ubuf, cnt, ppos, dir_filter_set,
				 filp->private_data, dir_live);
}

static const struct file_operations system_filter_fops = {
	.open		= subsystem_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.release	= subsystem_release,
	.llseek		= default_llseek,
};

/* events/enable: every event of the array */
static ssize_t tr_enable_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	return enable_summary_read(filp->private_data, NULL, ubuf, cnt, ppos);
}

static ssize_t tr_enable_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return enable_summary_write(filp->private_data, NULL, ubuf, cnt, ppos);
}

static const struct file_operations tr_enable_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tr_enable_read,
	.write		= tr_enable_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* ---- directories ---- */

/* The group's directory in file's array, made on first use. [E] */
static struct dentry *event_group_dir(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;
	const char *name = file->event_call->class->system;
	struct trace_subsystem_dir *dir;

	list_for_each_entry(dir, &tr->systems, list) {
		if (!strcmp(dir->subsystem->name, name)) {
			dir->nr_events++;
			file->system = dir;
			return dir->entry;
		}
	}
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		goto nomem;
	dir->subsystem = subsystem_get(name);
	if (!dir->subsystem) {
		kfree(dir);
		goto nomem;
	}
	dir->entry = tracefs_create_dir(name, tr->event_dir);
	if (IS_ERR_OR_NULL(dir->entry)) {
		pr_warn("Failed to create system directory %s\n", name);
		subsystem_put(dir->subsystem);
		kfree(dir);
		return NULL;
	}
	dir->tr = tr;
	dir->ref = 1;
	dir->nr_events = 1;
	dir->entries[SYS_ENTRY_FILTER] =
		tracefs_create_file("filter", TRACE_MODE_WRITE, dir->entry, dir,
				    &system_filter_fops);
	if (!dir->entries[SYS_ENTRY_FILTER])
		pr_warn("Could not create tracefs '%s/filter' entry\n", name);
	dir->entries[SYS_ENTRY_ENABLE] =
		trace_create_file("enable", TRACE_MODE_WRITE, dir->entry, dir,
				  &system_enable_fops);
	list_add(&dir->list, &tr->systems);
	file->system = dir;
	return dir->entry;
nomem:
	pr_warn("No memory to create event subsystem %s\n", name);
	return NULL;
}

/* Forget dir in its files' inodes and remove it. [E] */
static void event_group_remove(struct trace_subsystem_dir *dir)
{
	int i;

	for (i = 0; i < SYS_ENTRY_NR; i++)
		if (dir->entries[i])
			d_inode(dir->entries[i])->i_private = NULL;
	tracefs_remove(dir->entry);
	list_del(&dir->list);
	event_put_subsystem_dir(dir);
}

int event_create_dir(struct trace_event_file *file)
{
	struct event_file_node *node = event_file_node(file);
	struct trace_event_call *call = file->event_call;
	struct dentry *parent = file->tr->event_dir;
	const char *name = trace_event_name(call);
	struct dentry *d;

	lockdep_assert_held(&event_mutex);
	/* an event of a header without TRACE_SYSTEM sits in events/ */
	if (strcmp(call->class->system, EVENT_NO_SYSTEM)) {
		parent = event_group_dir(file);
		if (!parent)
			return -ENOMEM;
	}
	d = tracefs_create_dir(name, parent);
	if (IS_ERR_OR_NULL(d)) {
		pr_warn("Could not create tracefs '%s' directory\n", name);
		return -ENOMEM;
	}
	file->dir = d;
	if (event_file_enableable(file))
		node->entries[EV_ENTRY_ENABLE] =
			trace_create_file("enable", TRACE_MODE_WRITE, d, file,
					  &event_enable_fops);
#ifdef CONFIG_PERF_EVENTS
	if (call->event.type && call->class->reg)
		node->entries[EV_ENTRY_ID] =
			trace_create_file("id", TRACE_MODE_READ, d,
					  (void *)(long)call->event.type,
					  &event_id_fops);
#endif
	if (!(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)) {
		node->entries[EV_ENTRY_FILTER] =
			trace_create_file("filter", TRACE_MODE_WRITE, d, file,
					  &event_filter_fops);
		node->entries[EV_ENTRY_TRIGGER] =
			trace_create_file("trigger", TRACE_MODE_WRITE, d, file,
					  &event_trigger_fops);
		node->entries[EV_ENTRY_HIST] = event_create_hist(d, file);
	}
	node->entries[EV_ENTRY_FORMAT] =
		trace_create_file("format", TRACE_MODE_READ, d, file,
				  &event_format_fops);
	return 0;
}

int event_create_marker_trigger(struct trace_event_file *file,
				struct dentry *dir)
{
	struct dentry *d;

	lockdep_assert_held(&event_mutex);
	d = trace_create_file("trigger", TRACE_MODE_WRITE, dir, file,
			      &event_trigger_fops);
	if (!d)
		return -ENOMEM;
	event_file_node(file)->entries[EV_ENTRY_TRIGGER] = d;
	event_file_node(file)->entries[EV_ENTRY_HIST] =
		event_create_hist(dir, file);
	return 0;
}

/* Opens from now on find nothing; the file goes with its directory. */
void event_remove_marker_trigger(struct trace_event_file *file)
{
	struct event_file_node *node = event_file_node(file);

	lockdep_assert_held(&event_mutex);
	d_inode(node->entries[EV_ENTRY_TRIGGER])->i_private = NULL;
	node->entries[EV_ENTRY_TRIGGER] = NULL;
	if (node->entries[EV_ENTRY_HIST])
		d_inode(node->entries[EV_ENTRY_HIST])->i_private = NULL;
	node->entries[EV_ENTRY_HIST] = NULL;
}

void event_remove_dir(struct trace_event_file *file)
{
	struct event_file_node *node = event_file_node(file);
	struct trace_subsystem_dir *dir = file->system;
	int i;

	lockdep_assert_held(&event_mutex);
	/* opens from now on find nothing; the id file holds no pointer */
	for (i = 0; i < EV_ENTRY_NR; i++) {
		if (node->entries[i] && i != EV_ENTRY_ID)
			d_inode(node->entries[i])->i_private = NULL;
		node->entries[i] = NULL;
	}
	tracefs_remove(file->dir);
	file->dir = NULL;
	file->system = NULL;
	if (dir && !--dir->nr_events)
		event_group_remove(dir);
}

/* ---- set_event and available_events ---- */

static void *events_seq_next(struct seq_file *m, void *v, loff_t *pos,
			     bool enabled_only)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file = v;

	(*pos)++;
	list_for_each_entry_continue(file, &tr->events, list) {
		if (!event_file_enableable(file))
			continue;
		if (enabled_only && !(file->flags & EVENT_FILE_FL_ENABLED))
			continue;
		return file;
	}
	return NULL;
}

static void *events_seq_start(struct seq_file *m, loff_t *pos,
			      bool enabled_only)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file;
	loff_t i = 0;

	mutex_lock(&event_mutex);
	file = list_entry(&tr->events, struct trace_event_file, list);
	do {
		file = events_seq_next(m, file, &i, enabled_only);
	} while (file && i <= *pos);
	return file;
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	return events_seq_start(m, pos, false);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	return events_seq_next(m, v, pos, false);
}

static void *set_start(struct seq_file *m, loff_t *pos)
{
	return events_seq_start(m, pos, true);
}

static void *set_next(struct seq_file *m, void *v, loff_t *pos)
{
	return events_seq_next(m, v, pos, true);
}

static void events_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

/* "GROUP:EVENT", or "EVENT" for an event of no TRACE_SYSTEM */
static int events_seq_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = v;
	struct trace_event_call *call = file->event_call;

	if (strcmp(call->class->system, EVENT_NO_SYSTEM))
		seq_printf(m, "%s:", call->class->system);
	seq_printf(m, "%s\n", trace_event_name(call));
	return 0;
}

static const struct seq_operations avail_events_seq_ops = {
	.start	= avail_start,
	.next	= avail_next,
	.stop	= events_seq_stop,
	.show	= events_seq_show,
};

static const struct seq_operations set_event_seq_ops = {
	.start	= set_start,
	.next	= set_next,
	.stop	= events_seq_stop,
	.show	= events_seq_show,
};

/* seq_open() with the array as m->private; the array is pinned */
static int events_seq_open(struct inode *inode, struct file *filp,
			   const struct seq_operations *ops)
{
	int ret = seq_open(filp, ops);

	if (!ret)
		((struct seq_file *)filp->private_data)->private =
			inode->i_private;
	return ret;
}

static int events_seq_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

static int avail_events_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(inode->i_private);

	if (ret)
		return ret;
	ret = events_seq_open(inode, filp, &avail_events_seq_ops);
	if (ret)
		trace_array_put(inode->i_private);
	return ret;
}

static const struct file_operations avail_events_fops = {
	.open		= avail_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= events_seq_release,
};

static bool opened_to_truncate(struct file *filp)
{
	return (filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC);
}

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	struct trace_event_file *file;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if (opened_to_truncate(filp)) {
		mutex_lock(&event_mutex);
		list_for_each_entry(file, &tr->events, list)
			trace_event_enable_disable(file, 0, 0);
		mutex_unlock(&event_mutex);
	}
	ret = events_seq_open(inode, filp, &set_event_seq_ops);
	if (ret)
		trace_array_put(tr);
	return ret;
}

/*
 * The next word of a write (up to white space), as upstream's parser
 * takes it: *skipped counts the bytes consumed, the terminating white
 * space included, and *start is where the word began. Returns the
 * word's length, 0 if there is none, or -EINVAL if it is longer than
 * max.
 */
static int next_user_word(const char *buf, size_t len, char *word, int max,
			  size_t *start, size_t *skipped)
{
	size_t i = 0;
	int n = 0;

	while (i < len && isspace(buf[i]))
		i++;
	*start = i;
	while (i < len && !isspace(buf[i])) {
		if (n >= max)
			return -EINVAL;
		word[n++] = buf[i++];
	}
	if (i < len)
		i++;
	word[n] = '\0';
	*skipped = i;
	return n;
}

/*
 * One word per write call, as upstream: "[!]GROUP:EVENT" and the other
 * forms of ftrace_set_clr_event(). The bytes after the word are left
 * for the caller's next write.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = ((struct seq_file *)filp->private_data)->private;
	char buf[SET_EVENT_MAX + 2], word[SET_EVENT_MAX + 1];
	size_t len = min_t(size_t, cnt, sizeof(buf)), used, start;
	int ret, n;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers();
	if (ret < 0)
		return ret;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	n = next_user_word(buf, len, word, SET_EVENT_MAX, &start, &used);
	if (n < 0)
		return n;
	/*
	 * A word cut by the end of the copy: take only the white space
	 * before it, the caller's next write starts at the word.
	 */
	if (n && used == len && len < cnt && start) {
		used = start;
		n = 0;
	}
	if (!n)
		goto out;
	if (word[0] == '!')
		ret = ftrace_set_clr_event(tr, word + 1, 0);
	else
		ret = ftrace_set_clr_event(tr, word, 1);
	if (ret)
		return ret;
out:
	*ppos += used;
	return used;
}

static const struct file_operations set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= events_seq_release,
};

/* ---- set_event_pid and set_event_notrace_pid (trace_pid.c) ---- */

static struct trace_pid_list *event_pid_get(struct trace_array *tr, int type)
{
	return rcu_dereference_protected(type == TRACE_PIDS ?
					 tr->filtered_pids :
					 tr->filtered_no_pids,
					 lockdep_is_held(&event_mutex));
}

static int event_pid_set(struct trace_array *tr, int type,
			 struct trace_pid_list *list)
{
	event_set_pid_list(tr, type, list);
	return 0;
}

static const struct trace_pid_file_ops event_pid_ops = {
	.lock		= &event_mutex,
	.get		= event_pid_get,
	.set		= event_pid_set,
	.expand_buffers	= true,
};

static int pid_open(struct inode *inode, struct file *filp)
{
	return trace_pid_file_open(inode, filp, &event_pid_ops, TRACE_PIDS);
}

static int notrace_pid_open(struct inode *inode, struct file *filp)
{
	return trace_pid_file_open(inode, filp, &event_pid_ops,
				   TRACE_NO_PIDS);
}

static const struct file_operations pid_file_fops = {
	.open		= pid_open,
	.read		= seq_read,
	.write		= trace_pid_file_write,
	.llseek		= seq_lseek,
	.release	= trace_pid_file_release,
};

static const struct file_operations notrace_pid_file_fops = {
	.open		= notrace_pid_open,
	.read		= seq_read,
	.write		= trace_pid_file_write,
	.llseek		= seq_lseek,
	.release	= trace_pid_file_release,
};

/* ---- the array's files ---- */

int event_create_toplevel_files(struct trace_array *tr,
				struct dentry *d_events)
{
	lockdep_assert_held(&event_mutex);
	if (!trace_create_file("set_event", TRACE_MODE_WRITE, tr->dir, tr,
			       &set_event_fops))
		return -ENOMEM;
	if (!trace_create_file("enable", TRACE_MODE_WRITE, d_events, tr,
			       &tr_enable_fops))
		return -ENOMEM;
	trace_create_file("set_event_pid", TRACE_MODE_WRITE, tr->dir, tr,
			  &pid_file_fops);
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, tr->dir,
			  tr, &notrace_pid_file_fops);
	tr->event_dir = d_events;
	return 0;
}

void event_remove_toplevel_files(struct trace_array *tr)
{
	/* they go with the array's directory */
	tr->event_dir = NULL;
}

void __init event_create_available_events(void)
{
	trace_create_file("available_events", TRACE_MODE_READ, NULL,
			  top_trace_array(), &avail_events_fops);
}
