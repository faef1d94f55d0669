// SPDX-License-Identifier: GPL-2.0
/*
 * dynamic_events: one file for every kind of event made at run time.
 *
 * A write is a list of lines, each a definition or a removal:
 *	p:[GRP/]EVENT ...	a definition: the types are asked in turn,
 *				each either takes the line or says
 *				-ECANCELED (not mine)
 *	-:[GRP/]EVENT [ARGS]	removal of the events that match
 *	!DEFINITION		removal, the definition's name naming it
 * Opening it for writing without O_APPEND removes every dynamic event
 * first, or fails with EBUSY if one is in use. Reading lists each
 * event's definition. The per-type files (kprobe_events...) are the
 * same file restricted to their type.
 *
 * Dynamic events count their users in call->refcnt (open perf events,
 * triggers that enable them, modules holding their file): an event
 * with users cannot be removed.
 */
#include <linux/uaccess.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/ctype.h>

#include "probes.h"

LIST_HEAD(dyn_events);
/*
 * The types, added by initcalls before any definition is written, never
 * removed: removals read the list under event_mutex alone.
 */
static LIST_HEAD(dyn_event_types);
/* serialises definitions: the parse's error log and the type list */
static DEFINE_MUTEX(dyn_event_create_mutex);

/* The longest definition line a write may hold. */
#define DYN_LINE_MAX	4096

bool trace_event_dyn_try_get_ref(struct trace_event_call *call)
{
	/*
	 * Every caller found call on event_calls under event_mutex, which
	 * its removal holds too: it is alive.
	 */
	atomic_inc(&call->refcnt);
	return true;
}

void trace_event_dyn_put_ref(struct trace_event_call *call)
{
	if (WARN_ON_ONCE(atomic_dec_return(&call->refcnt) < 0))
		atomic_inc(&call->refcnt);
}

bool trace_event_dyn_busy(struct trace_event_call *call)
{
	return atomic_read(&call->refcnt) != 0;
}

bool dyn_event_name_ok(const char *name)
{
	if (!isalpha(*name) && *name != '_')
		return false;
	while (*++name)
		if (!isalnum(*name) && *name != '_')
			return false;
	return true;
}

void dyn_event_cmd_setup(struct dynevent_cmd *cmd, char *buf, int maxlen,
			 enum dynevent_type type, dynevent_create_fn_t run)
{
	memset(cmd, 0, sizeof(*cmd));
	seq_buf_init(&cmd->seq, buf, maxlen);
	cmd->type = type;
	cmd->run_command = run;
}

int dyn_event_register_type(struct dyn_event_type *type)
{
	mutex_lock(&dyn_event_create_mutex);
	list_add_tail(&type->list, &dyn_event_types);
	mutex_unlock(&dyn_event_create_mutex);
	return 0;
}

void dyn_event_add(struct dyn_event *ev, struct dyn_event_type *type)
{
	lockdep_assert_held(&event_mutex);
	ev->type = type;
	list_add_tail(&ev->list, &dyn_events);
}

void dyn_event_del(struct dyn_event *ev)
{
	lockdep_assert_held(&event_mutex);
	list_del_init(&ev->list);
}

/* What a removal names: an event, a group, or every event (all). */
struct dyn_event_sel {
	bool		all;
	const char	*group;		/* NULL: any */
	const char	*event;		/* "": any of the group */
	int		argc;
	const char	**argv;
};

static bool dyn_event_selected(struct dyn_event *ev,
			       const struct dyn_event_sel *sel)
{
	return sel->all || ev->type->match(sel->group, sel->event, sel->argc,
					    sel->argv, ev);
}

/*
 * Release the events of type t that sel names: all at once through
 * release_many() if t has it (kprobes: one grace period for all, where
 * one an event would make a thousand events' removal take a thousand),
 * else one by one, stopping at the first error. -ENOENT: none. [L][E]
 */
static int dyn_event_release_type(struct dyn_event_type *t,
				  const struct dyn_event_sel *sel)
{
	struct dyn_event *ev, *next, **evs;
	int n = 0, i = 0, ret = 0;

	list_for_each_entry(ev, &dyn_events, list)
		if (ev->type == t && dyn_event_selected(ev, sel))
			n++;
	if (!n)
		return -ENOENT;
	if (!t->release_many || n == 1) {
		list_for_each_entry_safe(ev, next, &dyn_events, list) {
			if (ev->type != t || !dyn_event_selected(ev, sel))
				continue;
			ret = t->release(ev);
			if (ret)
				break;
		}
		return ret;
	}
	evs = kmalloc_array(n, sizeof(*evs), GFP_KERNEL);
	if (!evs)
		return -ENOMEM;
	list_for_each_entry(ev, &dyn_events, list)
		if (ev->type == t && dyn_event_selected(ev, sel))
			evs[i++] = ev;
	ret = t->release_many(evs, n);
	kfree(evs);
	return ret;
}

/*
 * Release what sel names, type by type (type NULL: every type). -ENOENT
 * if nothing matched. [L][E]
 */
static int dyn_event_release_sel(struct dyn_event_type *type,
				 const struct dyn_event_sel *sel)
{
	struct dyn_event_type *t;
	int ret = -ENOENT, err;

	list_for_each_entry(t, &dyn_event_types, list) {
		if (type && t != type)
			continue;
		err = dyn_event_release_type(t, sel);
		if (err == -ENOENT)
			continue;
		ret = err;
		if (ret)
			break;
	}
	return ret;
}

/* How many dynamic events there are. [E] */
static unsigned int dyn_events_count(void)
{
	struct list_head *pos;
	unsigned int n = 0;

	list_for_each(pos, &dyn_events)
		n++;
	return n;
}

/* "-:[GRP/]EVENT [ARGS]" or "!DEFINITION": remove what it names. */
static int dyn_event_remove(int argc, const char **argv,
			    struct dyn_event_type *type)
{
	struct dyn_event_sel sel = { .argc = argc - 1, .argv = argv + 1 };
	char *group = NULL, *event, *name, *slash;
	unsigned int n;
	int ret;

	if (argv[0][0] == '-') {
		if (argv[0][1] != ':')
			return -EINVAL;
		name = kstrdup(argv[0] + 2, GFP_KERNEL);
	} else {
		const char *colon = strchr(argv[0], ':');

		if (!colon)
			return -EINVAL;
		name = kstrdup(colon + 1, GFP_KERNEL);
	}
	if (!name)
		return -ENOMEM;
	event = name;
	slash = strchr(name, '/');
	if (slash) {
		*slash = '\0';
		group = name;
		event = slash + 1;
	}
	if (!group && !*event) {
		kfree(name);
		return -EINVAL;
	}

	sel.group = group;
	sel.event = event;
	probe_lock();
	n = dyn_events_count();
	ret = dyn_event_release_sel(type, &sel);
	/*
	 * Records of a removed event cannot be shown any more, and its type
	 * id may be given to a new event: empty the buffers before that,
	 * also when a removal of several stopped part way.
	 */
	if (dyn_events_count() != n)
		tracing_reset_all_online_cpus_unlocked();
	probe_unlock();
	kfree(name);
	return ret;
}

static int dyn_event_run_line(char *line, struct dyn_event_type *type)
{
	struct dyn_event_type *t;
	const char **argv;
	int argc, ret;

	argv = (const char **)argv_split(GFP_KERNEL, line, &argc);
	if (!argv)
		return -ENOMEM;
	if (!argc) {
		ret = 0;
		goto out;
	}
	if (argv[0][0] == '-' || argv[0][0] == '!') {
		ret = dyn_event_remove(argc, argv, type);
		goto out;
	}
	ret = -ECANCELED;
	mutex_lock(&dyn_event_create_mutex);
	list_for_each_entry(t, &dyn_event_types, list) {
		if (type && t != type)
			continue;
		if (t->create_line)
			ret = t->create_line(skip_spaces(line));
		else
			ret = t->create(argc, argv);
		if (ret != -ECANCELED)
			break;
	}
	mutex_unlock(&dyn_event_create_mutex);
	if (ret == -ECANCELED)
		ret = -EINVAL;
out:
	argv_free((char **)argv);
	return ret;
}

/**
 * dyn_event_run_cmd - run a definition or removal line, as if written
 * @text: the line (not modified), not necessarily NUL-ended
 * @len: its length
 * @type: whose file it is written to: that type's lines only
 *
 * Return: 0, or the line's error, as a write of it would give.
 */
int dyn_event_run_cmd(const char *text, size_t len,
		      struct dyn_event_type *type)
{
	char *line = kstrndup(text, len, GFP_KERNEL);
	int ret;

	if (!line)
		return -ENOMEM;
	ret = dyn_event_run_line(line, type);
	kfree(line);
	return ret;
}

/**
 * dynevent_create - run a dynamic event command built in kernel code
 * @cmd: a command made by its type's init function (such as
 *	kprobe_event_cmd_init()) and built by its gen functions
 *
 * Must be called without event_mutex. Return: 0, or the error of the
 * command, as writing its line to its type's file would give; -E2BIG if
 * it did not fit its buffer.
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	if (!cmd->run_command)
		return -EINVAL;
	if (seq_buf_has_overflowed(&cmd->seq))
		return -E2BIG;
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);

static int dyn_event_run_typed(char *line, void *type)
{
	return dyn_event_run_line(line, type);
}

ssize_t dyn_event_write_lines(const char __user *ubuf, size_t count,
			      loff_t *ppos, struct dyn_event_type *type)
{
	return dyn_event_write_each(ubuf, count, ppos, dyn_event_run_typed,
				    type);
}

/*
 * One line of a write: its comment cut, then run. The line is a string
 * in a piece of the write copied in.
 */
static int dyn_event_run_text(char *line, int (*run)(char *line, void *arg),
			      void *arg)
{
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	return run(line, arg);
}

ssize_t dyn_event_write_each(const char __user *ubuf, size_t count,
			     loff_t *ppos, int (*run)(char *line, void *arg),
			     void *arg)
{
	size_t done = 0;
	char *buf;
	int ret = 0;

	buf = kmalloc(DYN_LINE_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	/*
	 * Piece by piece: each piece's whole lines are run, and the line it
	 * ends in the middle of starts the next piece (a thousand short
	 * definitions in one write are a few pieces, not a thousand).
	 */
	while (done < count && !ret) {
		size_t n = min_t(size_t, count - done, DYN_LINE_MAX - 1);
		bool last = done + n == count;
		char *line, *nl;

		if (copy_from_user(buf, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		buf[n] = '\0';
		for (line = buf; (nl = strchr(line, '\n')); line = nl + 1) {
			*nl = '\0';
			ret = dyn_event_run_text(line, run, arg);
			if (ret)
				break;
			done += nl - line + 1;
		}
		if (ret)
			break;
		if (last) {
			/* the write's last line, without its newline */
			ret = dyn_event_run_text(line, run, arg);
			done = count;
		} else if (line == buf) {
			/* a line longer than we take */
			ret = -EINVAL;
		}
	}
	kfree(buf);
	if (ret)
		return ret;
	*ppos += done;
	return done;
}

int dyn_event_release_all(struct dyn_event_type *type)
{
	struct dyn_event_sel sel = { .all = true };
	struct dyn_event *ev;
	unsigned int n;
	int ret = 0;

	probe_lock();
	list_for_each_entry(ev, &dyn_events, list) {
		if (type && ev->type != type)
			continue;
		if (ev->type->busy(ev)) {
			ret = -EBUSY;
			goto out;
		}
	}
	n = dyn_events_count();
	ret = dyn_event_release_sel(type, &sel);
	if (ret == -ENOENT)
		ret = 0;
	/* as dyn_event_remove() */
	if (dyn_events_count() != n)
		tracing_reset_all_online_cpus_unlocked();
out:
	probe_unlock();
	return ret;
}

/* The listing: a seq_file over dyn_events, under event_mutex. */
struct dyn_event_iter {
	struct dyn_event_type	*type;
	int (*show)(struct seq_file *m, void *v);
};

static void *dyn_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return seq_list_start(&dyn_events, *pos);
}

static void *dyn_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &dyn_events, pos);
}

static void dyn_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int dyn_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event_iter *it = m->private;
	struct dyn_event *ev = list_entry(v, struct dyn_event, list);

	if (it->type && ev->type != it->type)
		return 0;
	if (it->show)
		return it->show(m, ev);
	return ev->type->show(m, ev);
}

static const struct seq_operations dyn_seq_ops = {
	.start	= dyn_seq_start,
	.next	= dyn_seq_next,
	.stop	= dyn_seq_stop,
	.show	= dyn_seq_show,
};

int dyn_event_open(struct inode *inode, struct file *file,
		   struct dyn_event_type *type,
		   int (*show)(struct seq_file *m, void *v))
{
	struct dyn_event_iter *it;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC) &&
	    !(file->f_flags & O_APPEND)) {
		ret = dyn_event_release_all(type);
		if (ret)
			return ret;
	}
	it = __seq_open_private(file, &dyn_seq_ops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->type = type;
	it->show = show;
	return 0;
}

/* A definition file: its inode's data is its type (NULL: every type). */
static int dyn_event_file_open(struct inode *inode, struct file *file)
{
	return dyn_event_open(inode, file, inode->i_private, NULL);
}

static ssize_t dyn_event_file_write(struct file *file,
				    const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	return dyn_event_write_lines(ubuf, count, ppos,
				     file_inode(file)->i_private);
}

const struct file_operations dyn_event_file_fops = {
	.owner		= THIS_MODULE,
	.open		= dyn_event_file_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
	.write		= dyn_event_file_write,
};

static __init int dynamic_events_init(void)
{
	if (tracing_init_dentry())
		return 0;
	trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &dyn_event_file_fops);
	return 0;
}
fs_initcall(dynamic_events_init);
