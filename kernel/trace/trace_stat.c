// SPDX-License-Identifier: GPL-2.0
/*
 * trace_stat/: one read-only file per statistics provider (trace_stat.h),
 * such as the function profiler's trace_stat/functionN.
 *
 * Opening a file walks the provider's entries and sorts them, greatest
 * first, into a view private to that open file; reads print the header
 * and then the view in order, so two readers never disturb each other
 * and a reader always sees one consistent order. The provider prints
 * each entry when it is read, with the values it has then.
 *
 * A file is a session: the provider, its dentry and the views open on
 * it. unregister_stat_tracer() removes the file and takes the entries
 * back from every open view (stat_release), so the provider may free
 * them once it returns; those readers then reach the end of the file.
 * The session itself is freed with its last view.
 *
 * Locking: stat_lock guards the list of sessions; each session's mutex
 * guards its views and is held across a read (seq_file start..stop).
 */

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "trace_stat.h"

struct stat_session {
	struct list_head	list;		/* on stat_sessions */
	struct tracer_stat	*ts;		/* NULL once unregistered */
	struct dentry		*file;
	struct mutex		mutex;		/* views, and ts going NULL */
	struct list_head	views;
	struct kref		ref;		/* the registration + each view */
};

/* The entries one open file shows, in order. */
struct stat_view {
	struct list_head	list;		/* on session->views */
	struct stat_session	*session;
	void			**entries;
	unsigned long		nr;
};

static LIST_HEAD(stat_sessions);
static DEFINE_MUTEX(stat_lock);
static struct dentry *stat_dir;

static void session_free(struct kref *ref)
{
	struct stat_session *session = container_of(ref, struct stat_session,
						    ref);

	mutex_destroy(&session->mutex);
	kfree(session);
}

/* Give the view's entries back to the provider. [session->mutex] */
static void view_drop_entries(struct stat_view *view, struct tracer_stat *ts)
{
	unsigned long i;

	if (ts && ts->stat_release) {
		for (i = 0; i < view->nr; i++)
			ts->stat_release(view->entries[i]);
	}
	kvfree(view->entries);
	view->entries = NULL;
	view->nr = 0;
}

/* Append one entry, growing the array by doubling. */
static int view_add(struct stat_view *view, unsigned long *size, void *entry)
{
	if (view->nr == *size) {
		unsigned long grown = *size ? *size * 2 : 64;
		void **bigger;

		bigger = kvmalloc_array(grown, sizeof(*bigger), GFP_KERNEL);
		if (!bigger)
			return -ENOMEM;
		if (view->nr)
			memcpy(bigger, view->entries,
			       view->nr * sizeof(*bigger));
		kvfree(view->entries);
		view->entries = bigger;
		*size = grown;
	}
	view->entries[view->nr++] = entry;
	return 0;
}

/* sort_r() is ascending: flip the provider's order, greatest first. */
static int view_cmp(const void *a, const void *b, const void *priv)
{
	const cmp_func_t *cmp = priv;

	return (*cmp)(*(void * const *)b, *(void * const *)a);
}

/* Collect and sort the provider's entries. [session->mutex] */
static int view_fill(struct stat_view *view, struct tracer_stat *ts)
{
	unsigned long size = 0;
	void *entry;
	int idx = 0, ret;

	for (entry = ts->stat_start(ts); entry;
	     entry = ts->stat_next(entry, ++idx)) {
		ret = view_add(view, &size, entry);
		if (ret) {
			if (ts->stat_release)
				ts->stat_release(entry);
			view_drop_entries(view, ts);
			return ret;
		}
	}
	/* No comparison: the provider's own order, as upstream. */
	if (ts->stat_cmp)
		sort_r(view->entries, view->nr, sizeof(void *), view_cmp, NULL,
		       &ts->stat_cmp);
	return 0;
}

/*
 * Positions: 0 is the header when the provider has one, then one per
 * entry. The session's mutex is held from start to stop.
 */
static void *stat_seq_start(struct seq_file *m, loff_t *pos)
{
	struct stat_view *view = m->private;
	struct stat_session *session = view->session;
	loff_t i = *pos;

	mutex_lock(&session->mutex);
	if (!session->ts)
		return NULL;
	if (session->ts->stat_headers) {
		if (i == 0)
			return SEQ_START_TOKEN;
		i--;
	}
	return i < view->nr ? &view->entries[i] : NULL;
}

static void *stat_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct stat_view *view = m->private;
	void **entry = v;

	++*pos;
	if (v == SEQ_START_TOKEN)
		entry = view->entries;
	else
		entry++;
	return entry < view->entries + view->nr ? entry : NULL;
}

static void stat_seq_stop(struct seq_file *m, void *v)
{
	struct stat_view *view = m->private;

	mutex_unlock(&view->session->mutex);
}

static int stat_seq_show(struct seq_file *m, void *v)
{
	struct stat_view *view = m->private;
	struct tracer_stat *ts = view->session->ts;

	if (v == SEQ_START_TOKEN)
		return ts->stat_headers(m);
	return ts->stat_show(m, *(void **)v);
}

static const struct seq_operations stat_seq_ops = {
	.start	= stat_seq_start,
	.next	= stat_seq_next,
	.stop	= stat_seq_stop,
	.show	= stat_seq_show,
};

static int stat_open(struct inode *inode, struct file *file)
{
	struct stat_session *session = inode->i_private;
	struct stat_view *view;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	view = kzalloc(sizeof(*view), GFP_KERNEL);
	if (!view)
		return -ENOMEM;
	view->session = session;

	mutex_lock(&session->mutex);
	ret = -ENODEV;
	if (!session->ts)
		goto fail;
	ret = view_fill(view, session->ts);
	if (ret)
		goto fail;
	ret = seq_open(file, &stat_seq_ops);
	if (ret) {
		view_drop_entries(view, session->ts);
		goto fail;
	}
	((struct seq_file *)file->private_data)->private = view;
	list_add(&view->list, &session->views);
	kref_get(&session->ref);
	mutex_unlock(&session->mutex);
	return 0;
fail:
	mutex_unlock(&session->mutex);
	kfree(view);
	return ret;
}

static int stat_release(struct inode *inode, struct file *file)
{
	struct stat_view *view = ((struct seq_file *)file->private_data)->private;
	struct stat_session *session = view->session;

	mutex_lock(&session->mutex);
	list_del(&view->list);
	view_drop_entries(view, session->ts);
	mutex_unlock(&session->mutex);
	kfree(view);
	kref_put(&session->ref, session_free);
	return seq_release(inode, file);
}

static const struct file_operations stat_fops = {
	.open		= stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stat_release,
};

/* trace_stat/, made with the first file. [stat_lock] */
static int stat_dir_get(void)
{
	int ret;

	if (stat_dir)
		return 0;
	ret = tracing_init_dentry();
	if (ret)
		return ret;
	stat_dir = tracefs_create_dir("trace_stat", NULL);
	if (!stat_dir) {
		pr_warn("Could not create tracefs 'trace_stat' entry\n");
		return -ENOMEM;
	}
	return 0;
}

/**
 * register_stat_tracer - create the file trace_stat/NAME
 * @trace: the provider; it must stay valid until unregistered
 *
 * Return: 0; -EINVAL without a name, start, next or show callback, or
 * if @trace is registered already; -ENOMEM, or an error of tracefs.
 */
int register_stat_tracer(struct tracer_stat *trace)
{
	struct stat_session *session;
	int ret;

	if (!trace || !trace->name || !trace->stat_start ||
	    !trace->stat_next || !trace->stat_show)
		return -EINVAL;

	mutex_lock(&stat_lock);
	ret = -EINVAL;
	list_for_each_entry(session, &stat_sessions, list) {
		if (session->ts == trace)
			goto out;
	}
	ret = stat_dir_get();
	if (ret)
		goto out;
	ret = -ENOMEM;
	session = kzalloc(sizeof(*session), GFP_KERNEL);
	if (!session)
		goto out;
	session->ts = trace;
	mutex_init(&session->mutex);
	INIT_LIST_HEAD(&session->views);
	kref_init(&session->ref);
	/* Mode as upstream's, though nothing can be written. */
	session->file = tracefs_create_file(trace->name, TRACE_MODE_WRITE,
					    stat_dir, session, &stat_fops);
	if (!session->file) {
		pr_warn("Could not create tracefs '%s' entry\n", trace->name);
		kref_put(&session->ref, session_free);
		goto out;
	}
	list_add_tail(&session->list, &stat_sessions);
	ret = 0;
out:
	mutex_unlock(&stat_lock);
	return ret;
}

/**
 * unregister_stat_tracer - remove the file of a provider
 * @trace: a registered provider (anything else is ignored)
 *
 * When this returns, no callback of @trace runs and none will: open
 * readers have given their entries back and read nothing more.
 */
void unregister_stat_tracer(struct tracer_stat *trace)
{
	struct stat_session *session, *found = NULL;
	struct stat_view *view;

	mutex_lock(&stat_lock);
	list_for_each_entry(session, &stat_sessions, list) {
		if (session->ts == trace) {
			found = session;
			list_del(&session->list);
			break;
		}
	}
	mutex_unlock(&stat_lock);
	if (!found)
		return;

	tracefs_remove(found->file);
	mutex_lock(&found->mutex);
	list_for_each_entry(view, &found->views, list)
		view_drop_entries(view, trace);
	found->ts = NULL;
	mutex_unlock(&found->mutex);
	kref_put(&found->ref, session_free);
}
