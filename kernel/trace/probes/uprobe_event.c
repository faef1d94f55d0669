// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe events: uprobe_events, uprobe_profile, and the handlers.
 *
 *	p[:[GRP/][EVENT]] PATH:OFFSET[%return][(REF_CTR_OFFSET)] [ARGS]
 *	r[:[GRP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)] [ARGS]
 *
 * Lifetime: a definition holds its file (a struct path) from when it is
 * made until it is removed. Its uprobe, in kernel/events/uprobes.c, is
 * registered only while its event is enabled in some instance or used
 * by perf, and unregistered when the last user goes: registering puts a
 * breakpoint into every process that maps the file, which no definition
 * alone should cost. uprobe_unregister() returns once no handler of the
 * probe runs (uprobes holds the probe's register_rwsem around them), so
 * a definition is freed after it without a grace period of ours.
 *
 * The handlers run in the task that hit the breakpoint, in process
 * context, preemptible. A record is built first, there, in memory of
 * its own (kmalloc): its arguments read the task's memory as the task
 * would, faulting pages in (args_fetch.c's READ_FAULT), as upstream's
 * do. It is then copied to the instances and to perf with preemption
 * off, which the ring buffer and perf's buffers need, and which makes
 * the walk of the event's instances an RCU-sched read. A hit with no
 * memory for its record is counted in uprobe_profile's last column.
 *
 * An entry's record has the address hit; a return's has the function's
 * address and the address returned to. @+OFFS arguments are addresses
 * in the file: the handler turns them into the task's by where the
 * probed instruction (or function) is mapped, less its own offset.
 */
#include <linux/uprobes.h>
#include <linux/namei.h>
#include <linux/perf_event.h>
#include <linux/rculist.h>
#include <linux/rcupdate_trace.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/bpf.h>
#include <linux/filter.h>

#include "probes.h"

#define UPROBE_GROUP	"uprobes"

struct uprobe_probe {
	struct probe		p;
	struct uprobe_consumer	uc;
	char			*filename;	/* PATH as written */
	struct path		path;		/* held while defined */
	struct inode		*inode;		/* [E] registered on it */
	unsigned long		offset;
	unsigned long		ref_ctr_offset;
	bool			is_return;
	unsigned long __percpu	*nhit;
	unsigned long __percpu	*nmissed;	/* no memory for a record */
};

static struct dyn_event_type uprobe_type;
static const struct probe_event_ops uprobe_ops;

/*
 * A record with strings takes at most UPROBE_RECORD_MAX bytes, for the
 * reasons kprobe_event.c gives for its own (a record and its line must
 * fit a ring buffer page): longer strings are cut.
 */
#define UPROBE_RECORD_MAX	(PAGE_SIZE - 512)

static struct uprobe_probe *to_up(struct dyn_event *ev)
{
	return container_of(ev, struct uprobe_probe, p.dyn);
}

/* ---- the handlers ---- */

/* What a hit records besides its arguments. */
struct uprobe_hit {
	unsigned long	func;	/* the probed address (a return's function) */
	unsigned long	ret_ip;	/* a return's: where it returns to */
	unsigned long	load;	/* where the file's offset 0 is mapped */
};

static void uprobe_fill_head(struct uprobe_probe *up, void *rec,
			     const struct uprobe_hit *hit)
{
	if (up->is_return) {
		struct probe_ret_head *h = rec;

		h->func = hit->func;
		h->ret_ip = hit->ret_ip;
	} else {
		struct probe_head *h = rec;

		h->ip = hit->func;
	}
}

/*
 * The record, built where the task may sleep: its arguments read user
 * memory as the task would, faulting pages in. Returns its size, 0 if
 * there was no memory for it.
 */
static unsigned int uprobe_build(struct uprobe_probe *up, struct pt_regs *regs,
				 const struct uprobe_hit *hit, void **rec)
{
	struct probe_event *ev = up->p.event;
	unsigned int size = ev->base + ev->fixed;

	*rec = kmalloc(ev->strings ? UPROBE_RECORD_MAX : size, GFP_KERNEL);
	if (!*rec)
		return 0;
	if (ev->strings)
		size += probe_args_store(up->p.args, up->p.nargs, regs,
					 &hit->load, *rec, ev->base, ev->fixed,
					 UPROBE_RECORD_MAX - size);
	else
		probe_args_store(up->p.args, up->p.nargs, regs, &hit->load,
				 *rec, ev->base, ev->fixed, 0);
	uprobe_fill_head(up, *rec, hit);
	return size;
}

static void uprobe_to_files(struct uprobe_probe *up, struct pt_regs *regs,
			    const void *built, unsigned int size)
{
	struct probe_event *ev = up->p.event;
	struct trace_event_buffer fbuf;
	struct probe_file_link *link;
	void *rec;

	/* preemption is off: the RCU-sched reader of ev->files */
	list_for_each_entry_rcu(link, &ev->files, list, true) {
		struct trace_event_file *file = link->file;

		if (trace_trigger_soft_disabled(file))
			continue;
		rec = trace_event_buffer_reserve(&fbuf, file, size);
		if (!rec)
			continue;
		/* the common part is the reserve's own */
		memcpy(rec + sizeof(struct trace_entry),
		       built + sizeof(struct trace_entry),
		       size - sizeof(struct trace_entry));
		fbuf.regs = regs;
		trace_event_buffer_commit(&fbuf);
	}
}

#ifdef CONFIG_PERF_EVENTS
static void uprobe_to_perf(struct uprobe_probe *up, struct pt_regs *regs,
			   const void *built, unsigned int len)
{
	struct trace_event_call *call = &up->p.event->call;
	struct hlist_head __percpu *lists;
	struct hlist_head *head;
	unsigned int size;
	void *rec;
	int rctx;

	lists = READ_ONCE(call->perf_events);
	/* set before PE_PERF, but this CPU may see PE_PERF first */
	if (!lists)
		return;
	head = this_cpu_ptr(lists);
	/* perf puts the events of a task on its CPU's list while it runs */
	if (hlist_empty(head))
		return;
	/* perf puts a u32 size before the record: end on a u64 */
	size = ALIGN(len + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	perf_trace_buf_update(rec, call->event.type);
	memcpy(rec + sizeof(struct trace_entry),
	       built + sizeof(struct trace_entry),
	       len - sizeof(struct trace_entry));
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      head, NULL);
}
#else
static void uprobe_to_perf(struct uprobe_probe *up, struct pt_regs *regs,
			   const void *built, unsigned int len)
{
}
#endif

#ifdef CONFIG_PERF_EVENTS
/*
 * The tasks perf watches. A perf event opened for one task (and each
 * copy perf makes of it for a child of that task, with the child as its
 * task) wants only the hits in that task's memory: its records and its
 * BPF programs are for them alone, as in upstream. One opened for a CPU
 * wants every task's. uprobes still puts its breakpoint into every
 * process mapping the file; the handler asks uprobe_perf_wants().
 *
 * A watched task is kept in a uprobe_watch of ours, with a reference
 * of its own: perf drops its reference to the task right after the
 * close hook, while a handler on another CPU may still be reading the
 * task's mm through the list.
 */
struct uprobe_watch {
	struct list_head	list;		/* on ev->perf_tasks */
	struct perf_event	*pe;
	struct task_struct	*task;
	struct rcu_head		rcu;
};

/* serialises the writers of every event's perf_tasks and perf_anywhere */
static DEFINE_MUTEX(uprobe_watch_mutex);

static int uprobe_perf_open(struct probe_event *ev, struct perf_event *pe)
{
	struct uprobe_watch *w;

	if (!pe->hw.target) {
		mutex_lock(&uprobe_watch_mutex);
		WRITE_ONCE(ev->perf_anywhere, ev->perf_anywhere + 1);
		mutex_unlock(&uprobe_watch_mutex);
		return 0;
	}
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->pe = pe;
	/* perf holds pe's task until its close hook has returned */
	w->task = get_task_struct(pe->hw.target);
	mutex_lock(&uprobe_watch_mutex);
	/* a handler sees w whole or not at all */
	list_add_tail_rcu(&w->list, &ev->perf_tasks);
	mutex_unlock(&uprobe_watch_mutex);
	return 0;
}

static void uprobe_watch_free(struct rcu_head *rcu)
{
	struct uprobe_watch *w = container_of(rcu, struct uprobe_watch, rcu);

	put_task_struct(w->task);
	kfree(w);
}

static void uprobe_perf_close(struct probe_event *ev, struct perf_event *pe)
{
	struct uprobe_watch *w;

	mutex_lock(&uprobe_watch_mutex);
	if (!pe->hw.target) {
		WRITE_ONCE(ev->perf_anywhere, ev->perf_anywhere - 1);
		goto out;
	}
	list_for_each_entry(w, &ev->perf_tasks, list) {
		if (w->pe != pe)
			continue;
		list_del_rcu(&w->list);
		/* handlers still walking past w read its task: wait for them */
		call_rcu(&w->rcu, uprobe_watch_free);
		break;
	}
out:
	mutex_unlock(&uprobe_watch_mutex);
}

/* Does some perf event of ev want the hits in the memory mm? */
static bool uprobe_perf_wants(struct probe_event *ev, struct mm_struct *mm)
{
	struct uprobe_watch *w;
	bool wants = false;

	if (READ_ONCE(ev->perf_anywhere))
		return true;
	rcu_read_lock();
	list_for_each_entry_rcu(w, &ev->perf_tasks, list) {
		/* a task's mm changes on exec: compare its current one */
		if (READ_ONCE(w->task->mm) == mm) {
			wants = true;
			break;
		}
	}
	rcu_read_unlock();
	return wants;
}
#else
static bool uprobe_perf_wants(struct probe_event *ev, struct mm_struct *mm)
{
	return false;
}
#endif

#ifdef CONFIG_BPF_EVENTS
/*
 * The event's BPF programs, before its record is built: they run in the
 * task, where sleepable ones may fault pages in. False when they drop
 * the hit for perf.
 */
static bool uprobe_to_bpf(struct uprobe_probe *up, struct pt_regs *regs)
{
	struct trace_event_call *call = &up->p.event->call;
	bool keep;

	if (!bpf_prog_array_valid(call))
		return true;
	/*
	 * The array is read inside the RCU-tasks-trace section: a detach
	 * frees the array it replaces after that grace period (and a
	 * classic one), and this task may be preempted between reading the
	 * pointer and walking the array.
	 */
	rcu_read_lock_trace();
	keep = bpf_prog_run_array_sleepable(READ_ONCE(call->prog_array), regs,
					    bpf_prog_run);
	rcu_read_unlock_trace();
	return keep;
}
#else
static bool uprobe_to_bpf(struct uprobe_probe *up, struct pt_regs *regs)
{
	return true;
}
#endif

static void uprobe_record(struct uprobe_probe *up, struct pt_regs *regs,
			  const struct uprobe_hit *hit)
{
	unsigned int flags, size;
	bool perf;
	void *rec;

	flags = READ_ONCE(up->p.event->flags);
	perf = (flags & PE_PERF) &&
	       uprobe_perf_wants(up->p.event, current->mm) &&
	       uprobe_to_bpf(up, regs);
	if (!(flags & PE_TRACE) && !perf)
		return;
	size = uprobe_build(up, regs, hit, &rec);
	if (!size) {
		this_cpu_inc(*up->nmissed);
		return;
	}
	/*
	 * The flags are read again with preemption off, as the kprobes'
	 * are: a perf user going away clears PE_PERF, then waits for the
	 * probes running with preemption off before it frees perf's lists.
	 */
	preempt_disable_notrace();
	flags = READ_ONCE(up->p.event->flags);
	if (flags & PE_TRACE)
		uprobe_to_files(up, regs, rec, size);
	if ((flags & PE_PERF) && perf)
		uprobe_to_perf(up, regs, rec, size);
	preempt_enable_notrace();
	kfree(rec);
}

/* Every hit of the probed address: a return probe's too, as upstream. */
static int uprobe_handler(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct uprobe_probe *up = container_of(uc, struct uprobe_probe, uc);
	struct uprobe_hit hit;

	this_cpu_inc(*up->nhit);
	if (up->is_return)
		return 0;	/* recorded on the return */
	hit.func = instruction_pointer(regs);
	hit.ret_ip = 0;
	hit.load = hit.func - up->offset;
	uprobe_record(up, regs, &hit);
	return 0;
}

static int uretprobe_handler(struct uprobe_consumer *uc, unsigned long func,
			     struct pt_regs *regs)
{
	struct uprobe_probe *up = container_of(uc, struct uprobe_probe, uc);
	struct uprobe_hit hit = {
		.func	= func,
		.ret_ip	= instruction_pointer(regs),
		.load	= func - up->offset,
	};

	uprobe_record(up, regs, &hit);
	return 0;
}

/* ---- registration ---- */

/*
 * Register with uprobes while the event is in use (want), unregister
 * when it is not. [E]
 */
static int uprobe_arm_one(struct probe *p, unsigned int want)
{
	struct uprobe_probe *up = container_of(p, struct uprobe_probe, p);
	struct inode *inode;
	int ret;

	if (!want == !up->inode)
		return 0;
	if (!want) {
		/* returns when no handler of up runs */
		uprobe_unregister(up->inode, up->offset, &up->uc);
		up->inode = NULL;
		return 0;
	}
	/* the file's own inode, under an overlay */
	inode = d_real_inode(up->path.dentry);
	if (up->ref_ctr_offset)
		ret = uprobe_register_refctr(inode, up->offset,
					     up->ref_ctr_offset, &up->uc);
	else
		ret = uprobe_register(inode, up->offset, &up->uc);
	if (!ret)
		up->inode = inode;
	return ret;
}

static void up_free(struct uprobe_probe *up)
{
	int i;

	for (i = 0; i < up->p.nargs; i++)
		probe_arg_free(&up->p.args[i]);
	kfree(up->p.args);
	if (up->filename)
		path_put(&up->path);
	kfree(up->filename);
	free_percpu(up->nhit);
	free_percpu(up->nmissed);
	kfree(up);
}

/*
 * A new uprobe, not yet parsed: path (with its file's reference) and
 * filename become its own.
 */
static struct uprobe_probe *up_new(char *filename, struct path *path,
				   unsigned long offset,
				   unsigned long ref_ctr_offset, bool is_return)
{
	struct uprobe_probe *up = kzalloc(sizeof(*up), GFP_KERNEL);

	if (!up)
		return NULL;
	INIT_LIST_HEAD(&up->p.dyn.list);
	INIT_LIST_HEAD(&up->p.sibling);
	up->nhit = alloc_percpu(unsigned long);
	up->nmissed = alloc_percpu(unsigned long);
	if (!up->nhit || !up->nmissed) {
		free_percpu(up->nhit);
		free_percpu(up->nmissed);
		kfree(up);
		return NULL;
	}
	up->filename = filename;
	up->path = *path;
	up->offset = offset;
	up->ref_ctr_offset = ref_ctr_offset;
	up->is_return = is_return;
	up->uc.handler = uprobe_handler;
	if (is_return)
		up->uc.ret_handler = uretprobe_handler;
	return up;
}

/*
 * uprobes keeps one reference counter per place: a second definition at
 * the same place must name the same one. [E]
 */
static bool up_ref_ctr_conflicts(struct uprobe_probe *up)
{
	struct inode *inode = d_real_inode(up->path.dentry);
	struct dyn_event *d;

	list_for_each_entry(d, &dyn_events, list) {
		struct uprobe_probe *q;

		if (d->type != &uprobe_type)
			continue;
		q = to_up(d);
		if (q->offset == up->offset &&
		    q->ref_ctr_offset != up->ref_ctr_offset &&
		    d_real_inode(q->path.dentry) == inode)
			return true;
	}
	return false;
}

/* ---- parsing a definition ---- */

/*
 * PATH:OFFSET[%return][(REF)] in place (cmd's word 1, copied in buf):
 * find the file, split off the numbers. The errors' carets are offsets
 * into the word.
 */
static int uprobe_parse_place(struct probe_cmd *cmd, char *buf,
			      struct path *path, unsigned long *offset,
			      unsigned long *ref_ctr, bool *is_return)
{
	char *num = strrchr(buf, ':'), *open, *close, *pct;
	int ret;

	*num++ = '\0';
	ret = kern_path(buf, LOOKUP_FOLLOW, path);
	if (ret) {
		probe_err(cmd, 0, PERR_FILE_NOT_FOUND);
		return ret;
	}
	if (!d_is_reg(path->dentry)) {
		probe_err(cmd, 0, PERR_NO_REGULAR_FILE);
		ret = -EINVAL;
		goto put;
	}
	*ref_ctr = 0;
	open = strchr(num, '(');
	if (open) {
		close = strchr(open, ')');
		if (!close) {
			probe_err(cmd, open + strlen(open) - buf,
				  PERR_REFCNT_OPEN_BRACE);
			ret = -EINVAL;
			goto put;
		}
		if (close[1]) {
			probe_err(cmd, close + 1 - buf,
				  PERR_BAD_REFCNT_SUFFIX);
			ret = -EINVAL;
			goto put;
		}
		*open++ = '\0';
		*close = '\0';
		ret = kstrtoul(open, 0, ref_ctr);
		if (ret) {
			probe_err(cmd, open - buf, PERR_BAD_REFCNT);
			goto put;
		}
	}
	pct = strchr(num, '%');
	if (pct) {
		if (strcmp(pct, "%return")) {
			probe_err(cmd, pct - buf, PERR_BAD_ADDR_SUFFIX);
			ret = -EINVAL;
			goto put;
		}
		*pct = '\0';
		*is_return = true;
	}
	ret = kstrtoul(num, 0, offset);
	if (ret) {
		probe_err(cmd, num - buf, PERR_BAD_UPROBE_OFFS);
		goto put;
	}
	return 0;
put:
	path_put(path);
	return ret;
}

/* The default name: p_FILE_0xOFFSET, FILE's base name up to a . - or _. */
static void uprobe_default_name(char *event, const char *filename,
				unsigned long offset)
{
	const char *base = kbasename(filename);
	size_t len = strcspn(base, ".-_");

	/* upstream's names start with p even for return probes */
	snprintf(event, PROBE_NAME_MAX, "p_%.*s_0x%lx", (int)len, base,
		 offset);
}

static int uprobe_create(int argc, const char **argv)
{
	struct probe_cmd cmd = { .subsys = "trace_uprobe", .argc = argc,
				 .argv = argv };
	char group[PROBE_NAME_MAX] = UPROBE_GROUP, event[PROBE_NAME_MAX] = "";
	unsigned long offset, ref_ctr;
	unsigned int size = 0;
	bool is_return = argv[0][0] == 'r';
	struct uprobe_probe *up;
	struct path path;
	const char *colon;
	char *buf;
	int i, ret;

	if ((argv[0][0] != 'p' && !is_return) || argc < 2)
		return -ECANCELED;
	/* "p", "r", or with ":NAMES": no maxactive for uprobes */
	if (argv[0][1] && argv[0][1] != ':')
		return -ECANCELED;
	/* the last ':' of PATH:OFFSET (PATH may have some), then a digit */
	colon = strrchr(argv[1], ':');
	if (!strchr(argv[1], '/') || !colon || !isdigit(colon[1]))
		return -ECANCELED;

	buf = kstrdup(argv[1], GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	cmd.word = 1;
	ret = uprobe_parse_place(&cmd, buf, &path, &offset, &ref_ctr,
				 &is_return);
	if (ret) {
		kfree(buf);
		return ret;
	}

	cmd.word = 0;
	if (argv[0][1] == ':') {
		ret = probe_parse_names(&cmd, argv[0] + 2, 2, group, event);
		if (ret) {
			path_put(&path);
			kfree(buf);
			return ret;
		}
	}
	if (!event[0])
		uprobe_default_name(event, buf, offset);

	up = up_new(buf, &path, offset, ref_ctr, is_return);
	if (!up) {
		path_put(&path);
		kfree(buf);
		return -ENOMEM;
	}

	argc -= 2;
	up->p.args = kcalloc(max(argc, 1), sizeof(*up->p.args), GFP_KERNEL);
	if (!up->p.args) {
		ret = -ENOMEM;
		goto free;
	}
	for (i = 0; i < argc && i < PROBE_MAX_ARGS; i++) {
		cmd.word = i + 2;
		up->p.nargs++;
		ret = probe_arg_parse(&cmd, up->p.args, i, argv[i + 2],
				      PROBE_USER |
				      (is_return ? PROBE_RETURN : 0), &size);
		if (ret)
			goto free;
	}

	probe_lock();
	if (up_ref_ctr_conflicts(up)) {
		pr_warn("Reference counter offset mismatch.");
		ret = -EINVAL;
		goto unlock;
	}
	ret = probe_event_attach(&up->p, group, event,
				 is_return ? PE_RETURN : 0, &uprobe_ops,
				 is_return ? sizeof(struct probe_ret_head) :
					     sizeof(struct probe_head), &cmd);
	if (ret)
		goto unlock;
	dyn_event_add(&up->p.dyn, &uprobe_type);
	probe_unlock();
	return 0;

unlock:
	probe_unlock();
free:
	up_free(up);
	return ret;
}

/* ---- the dynamic event type ---- */

/* PATH:0xOFFSET[(0xREF)], as uprobe_events shows it; kfree() it. */
static char *up_place(struct uprobe_probe *up)
{
	if (up->ref_ctr_offset)
		return kasprintf(GFP_KERNEL, "%s:0x%0*lx(0x%lx)", up->filename,
				 (int)(sizeof(void *) * 2), up->offset,
				 up->ref_ctr_offset);
	return kasprintf(GFP_KERNEL, "%s:0x%0*lx", up->filename,
			 (int)(sizeof(void *) * 2), up->offset);
}

static int uprobe_show(struct seq_file *m, struct dyn_event *d)
{
	struct uprobe_probe *up = to_up(d);
	char *place = up_place(up);

	if (!place)
		return -ENOMEM;
	seq_putc(m, up->is_return ? 'r' : 'p');
	probe_show_names(m, &up->p);
	seq_printf(m, " %s", place);
	kfree(place);
	probe_show_args(m, &up->p);
	seq_putc(m, '\n');
	return 0;
}

static bool uprobe_busy(struct dyn_event *d)
{
	return probe_event_busy(to_up(d)->p.event);
}

static int uprobe_release(struct dyn_event *d)
{
	struct uprobe_probe *up = to_up(d);
	int ret;

	/*
	 * -EBUSY if it is the last probe of an event in use; else it is
	 * unregistered, if its siblings keep the event in use
	 */
	ret = probe_event_detach(&up->p);
	if (ret)
		return ret;
	dyn_event_del(d);
	up_free(up);
	return 0;
}

static bool uprobe_match(const char *group, const char *event, int argc,
			 const char **argv, struct dyn_event *d)
{
	struct uprobe_probe *up = to_up(d);
	bool same;
	char *place;

	if ((event[0] && strcmp(up->p.event->name, event)) ||
	    (group && strcmp(up->p.event->group, group)))
		return false;
	if (!argc)
		return true;
	/* the place as uprobe_events lists it */
	place = up_place(up);
	same = place && !strcmp(place, argv[0]);
	kfree(place);
	if (!same)
		return false;
	return probe_match_args(&up->p, argc - 1, argv + 1);
}

static struct dyn_event_type uprobe_type = {
	.name		= "uprobe",
	.probe		= true,
	.create		= uprobe_create,
	.show		= uprobe_show,
	.busy		= uprobe_busy,
	.release	= uprobe_release,
	.match		= uprobe_match,
};

/* ---- the event's side ---- */

static bool uprobe_same_place(struct probe *a, struct probe *b)
{
	struct uprobe_probe *x = container_of(a, struct uprobe_probe, p);
	struct uprobe_probe *y = container_of(b, struct uprobe_probe, p);

	return x->offset == y->offset &&
	       d_real_inode(x->path.dentry) == d_real_inode(y->path.dentry);
}

static enum print_line_t uprobe_print(struct trace_iterator *iter,
				      struct probe_event *ev)
{
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;

	if (ev->flags & PE_RETURN) {
		struct probe_ret_head *h = rec;

		trace_seq_printf(s, "%s: (0x%lx <- 0x%lx)", ev->name,
				 h->ret_ip, h->func);
	} else {
		struct probe_head *h = rec;

		trace_seq_printf(s, "%s: (0x%lx)", ev->name, h->ip);
	}
	probe_args_print(s, ev->args, ev->nargs, rec, ev->base);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static const struct probe_event_ops uprobe_ops = {
	/* perf lets a user probe the programs it may trace */
	.call_flags	= TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_CAP_ANY,
	.arm_one	= uprobe_arm_one,
	.same_place	= uprobe_same_place,
	.print		= uprobe_print,
	.define_fields	= probe_define_fields,
	.fmt_head	= probe_fmt_head,
	.fmt_head_args	= probe_fmt_head_args,
#ifdef CONFIG_PERF_EVENTS
	.perf_open	= uprobe_perf_open,
	.perf_close	= uprobe_perf_close,
#endif
};

/* ---- the files ---- */

static int uprobe_profile_show(struct seq_file *m, void *v)
{
	struct uprobe_probe *up = to_up(v);
	unsigned long hits = 0, missed = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		hits += *per_cpu_ptr(up->nhit, cpu);
		missed += *per_cpu_ptr(up->nmissed, cpu);
	}
	/* upstream's columns, then the records lost (no memory to build) */
	seq_printf(m, "  %s %-44s %15lu %15lu\n", up->filename,
		   up->p.event->name, hits, missed);
	return 0;
}

static int uprobe_profile_open(struct inode *inode, struct file *file)
{
	if (file->f_mode & FMODE_WRITE)
		return -EACCES;
	return dyn_event_open(inode, file, &uprobe_type, uprobe_profile_show);
}

static const struct file_operations uprobe_profile_fops = {
	.owner		= THIS_MODULE,
	.open		= uprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static __init int uprobe_events_init(void)
{
	dyn_event_register_type(&uprobe_type);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("uprobe_events", TRACE_MODE_WRITE, NULL, &uprobe_type,
			  &dyn_event_file_fops);
	trace_create_file("uprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &uprobe_profile_fops);
	return 0;
}
fs_initcall(uprobe_events_init);

/* ---- perf's uprobe PMU ---- */

#ifdef CONFIG_PERF_EVENTS
/**
 * perf_uprobe_init - make the uprobe of a perf event of the uprobe PMU
 * @p_event: the perf event: attr.uprobe_path (a user string) and
 *	attr.probe_offset say where
 * @ref_ctr_offset: the offset of the place's reference counter (an SDT
 *	semaphore) in the file, or 0
 * @is_retprobe: a uretprobe
 *
 * The uprobe and its event belong to @p_event alone: they are in no
 * list and no tracefs directory, and go with perf_uprobe_destroy().
 *
 * Return: 0; -EINVAL for no path or not a regular file, -E2BIG for a
 * path longer than PATH_MAX, the path lookup's error, the error of
 * uprobes' registration or of the permission check, -ENOMEM.
 */
int perf_uprobe_init(struct perf_event *p_event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	struct uprobe_probe *up;
	struct probe_event *ev;
	struct path path;
	char *name;
	int ret;

	if (!p_event->attr.uprobe_path)
		return -EINVAL;
	name = strndup_user(u64_to_user_ptr(p_event->attr.uprobe_path),
			    PATH_MAX);
	if (IS_ERR(name))
		return PTR_ERR(name) == -EINVAL ? -E2BIG : PTR_ERR(name);
	if (!name[0]) {
		ret = -EINVAL;
		goto free_name;
	}
	ret = kern_path(name, LOOKUP_FOLLOW, &path);
	if (ret)
		goto free_name;
	if (!d_is_reg(path.dentry)) {
		ret = -EINVAL;
		goto put_path;
	}
	up = up_new(name, &path, p_event->attr.probe_offset, ref_ctr_offset,
		    is_retprobe);
	if (!up) {
		ret = -ENOMEM;
		goto put_path;
	}
	ev = probe_event_new_local(&up->p, UPROBE_GROUP, "DUMMY_EVENT",
				   is_retprobe ? PE_RETURN : 0, &uprobe_ops,
				   is_retprobe ? sizeof(struct probe_ret_head) :
						 sizeof(struct probe_head));
	if (!ev) {
		up_free(up);
		return -ENOMEM;
	}
	/* perf's register step registers the uprobe */
	ret = perf_trace_attach_call(&ev->call, p_event);
	if (ret) {
		list_del(&up->p.sibling);
		up->p.event = NULL;
		probe_event_free_local(ev);
		up_free(up);
	}
	return ret;

put_path:
	path_put(&path);
free_name:
	kfree(name);
	return ret;
}

/**
 * perf_uprobe_destroy - undo perf_uprobe_init()
 * @p_event: the perf event, off every CPU's list by now
 */
void perf_uprobe_destroy(struct perf_event *p_event)
{
	struct probe_event *ev = call_to_probe_event(p_event->tp_event);
	struct uprobe_probe *up;

	up = list_first_entry(&ev->probes, struct uprobe_probe, p.sibling);
	/* perf's unregister step unregistered the uprobe */
	perf_trace_detach_call(p_event);
	mutex_lock(&event_mutex);
	uprobe_arm_one(&up->p, 0);
	mutex_unlock(&event_mutex);
	list_del(&up->p.sibling);
	up->p.event = NULL;
	probe_event_free_local(ev);
	up_free(up);
}
#endif

#ifdef CONFIG_BPF_EVENTS
/**
 * bpf_get_uprobe_info - where the uprobe event of a perf event probes
 * @event: a perf event on a uprobe event (the PMU's or a tracefs one)
 * @fd_type: BPF_FD_TYPE_UPROBE or BPF_FD_TYPE_URETPROBE
 * @filename: the path as the definition gave it
 * @probe_offset: the offset in the file
 * @probe_addr: 0 (a uprobe has no address of its own)
 * @perf_type_tracepoint: whether @event is a tracefs event's
 *
 * What bpf(BPF_TASK_FD_QUERY) reports; for a multiprobe event, its
 * first probe. @filename points into the probe: it stays valid while the
 * event has that probe.
 *
 * Return: 0, or -EINVAL if the event has no probe.
 */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	struct probe_event *ev = call_to_probe_event(event->tp_event);
	struct uprobe_probe *up;
	int ret = 0;

	mutex_lock(&probe_siblings_mutex);
	up = list_first_entry_or_null(&ev->probes, struct uprobe_probe,
				      p.sibling);
	if (up) {
		*fd_type = up->is_return ? BPF_FD_TYPE_URETPROBE :
					   BPF_FD_TYPE_UPROBE;
		*filename = up->filename;
		*probe_offset = up->offset;
		*probe_addr = 0;
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&probe_siblings_mutex);
	return ret;
}
#endif
