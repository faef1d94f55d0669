// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events: kprobe_events, kprobe_profile, and the handlers.
 *
 *	p[:[GRP/][EVENT]] [MOD:]SYM[+OFFS]|ADDR [ARGS]
 *	r[MAXACTIVE][:[GRP/][EVENT]] [MOD:]SYM[+0] [ARGS]
 *	p[:[GRP/][EVENT]] [MOD:]SYM[+0]%return [ARGS]
 *
 * Each definition is a kprobe (or kretprobe) registered disarmed when it
 * is made, and armed while its event is enabled in some instance or
 * used by perf. kprobes itself chooses how: an ftrace call site goes
 * through ftrace (KPROBES_ON_FTRACE), any other place through a
 * breakpoint. A probe on a module not loaded yet waits for it: the
 * module notifier registers it when the module comes; when the module
 * goes, kprobes marks the probe gone and it waits again.
 *
 * The handlers run with preemption off, never nested on a CPU (kprobes
 * counts a probe hit inside a handler as missed, and calls no handler),
 * so one scratch page per CPU is enough to build a record whose strings
 * must be measured before it is reserved. A record's strings take at
 * most what is left of a ring buffer page after the fixed part: longer
 * ones are cut, not dropped.
 */
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/kallsyms.h>
#include <linux/perf_event.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/ftrace.h>
#include <linux/security.h>
#include <linux/error-injection.h>
#include <linux/bpf.h>

#include "probes.h"
#include "../bpf/bpf_events.h"

#define KPROBE_GROUP	"kprobes"

struct kprobe_probe {
	struct probe		p;
	struct kretprobe	rp;		/* rp.kp for a plain kprobe */
	char			*symbol;	/* [MOD:]SYM, or NULL */
	unsigned long		offset;
	void			*addr;		/* ADDR when no symbol */
	bool			registered;	/* [E] with kprobes */
	/* [E] set before registering: bpf_override_return() may act here */
	bool			may_override;
	unsigned long __percpu	*nhit;
};

static struct dyn_event_type kprobe_type;
static const struct probe_event_ops kprobe_ops;

/*
 * A page per CPU to build records with strings in. A record takes at
 * most KPROBE_RECORD_MAX bytes of it, so that a record with long strings
 * is cut rather than lost: the ring buffer takes records up to a page
 * less its headers, and `trace` shows a record only if its line fits in
 * a page too (else "[LINE TOO BIG]"); 512 bytes leave room for the
 * line's head, the event's name and the other arguments.
 */
static void __percpu *kprobe_scratch;
#define KPROBE_SCRATCH		PAGE_SIZE
#define KPROBE_RECORD_MAX	(PAGE_SIZE - 512)

static struct kprobe_probe *to_kpp(struct dyn_event *ev)
{
	return container_of(ev, struct kprobe_probe, p.dyn);
}

static bool kpp_is_return(struct kprobe_probe *kpp)
{
	return !!kpp->rp.handler;
}

/* ---- the handlers ---- */

/*
 * Build the record: its head (filled by fill) and its arguments, in dst
 * if it has no strings, else in this CPU's scratch page. Returns the
 * record's size, and in *src where it was built.
 */
static unsigned int kprobe_build(struct kprobe_probe *kpp,
				 struct pt_regs *regs, void **src)
{
	struct probe_event *ev = kpp->p.event;
	unsigned int room, used;
	void *rec;

	rec = this_cpu_ptr(kprobe_scratch);
	room = KPROBE_RECORD_MAX - ev->base - ev->fixed;
	used = probe_args_store(kpp->p.args, kpp->p.nargs, regs, NULL, rec,
				ev->base, ev->fixed, room);
	*src = rec;
	return ev->base + ev->fixed + used;
}

static nokprobe_inline void kprobe_fill_head(struct kprobe_probe *kpp,
					     void *rec, unsigned long ret_ip)
{
	if (kpp_is_return(kpp)) {
		struct probe_ret_head *h = rec;

		h->func = (unsigned long)kpp->rp.kp.addr;
		h->ret_ip = ret_ip;
	} else {
		struct probe_head *h = rec;

		h->ip = (unsigned long)kpp->rp.kp.addr;
	}
}

static void kprobe_to_files(struct kprobe_probe *kpp, struct pt_regs *regs,
			    unsigned long ret_ip)
{
	struct probe_event *ev = kpp->p.event;
	bool strings = ev->strings;
	struct trace_event_buffer fbuf;
	struct probe_file_link *link;
	void *built = NULL, *rec;
	unsigned int size = ev->base + ev->fixed;

	/* preemption is off: the RCU-sched reader of ev->files */
	list_for_each_entry_rcu(link, &ev->files, list, true) {
		struct trace_event_file *file = link->file;

		if (trace_trigger_soft_disabled(file))
			continue;
		/* the strings are measured once, for every instance */
		if (strings && !built)
			size = kprobe_build(kpp, regs, &built);
		rec = trace_event_buffer_reserve(&fbuf, file, size);
		if (!rec)
			continue;
		/* the head is the reserve's: copy the arguments only */
		if (built)
			memcpy(rec + ev->base, built + ev->base,
			       size - ev->base);
		else
			probe_args_store(kpp->p.args, kpp->p.nargs, regs,
					 NULL, rec, ev->base, ev->fixed, 0);
		kprobe_fill_head(kpp, rec, ret_ip);
		fbuf.regs = regs;
		trace_event_buffer_commit(&fbuf);
	}
}

#ifdef CONFIG_PERF_EVENTS
/*
 * The perf side: the BPF programs of the event first (with the probed
 * task's registers as their context), then a record for each perf
 * event on this CPU unless a program said to drop it. Returns true when
 * a program moved the registers' ip (bpf_override_return(): the kprobe
 * must then not single-step the probed instruction, and its handler
 * returns nonzero).
 */
static bool kprobe_to_perf(struct kprobe_probe *kpp, struct pt_regs *regs,
			   unsigned long ret_ip)
{
	struct probe_event *ev = kpp->p.event;
	struct trace_event_call *call = &ev->call;
	struct hlist_head __percpu *lists;
	struct hlist_head *head;
	void *built = NULL, *rec;
	unsigned int len, size;
	int rctx;

	if (bpf_prog_array_valid(call)) {
		unsigned long ip = instruction_pointer(regs);
		unsigned long rv = regs_return_value(regs);
		unsigned int keep = trace_call_bpf(call, regs);

		if (instruction_pointer(regs) != ip) {
			if (READ_ONCE(kpp->may_override))
				return true;
			/*
			 * An override where none may be: this probe joined
			 * the event after its programs were checked (the
			 * check and the join are not one step). The function
			 * runs as if no program had asked.
			 */
			instruction_pointer_set(regs, ip);
			regs_set_return_value(regs, rv);
		}
		if (!keep)
			return false;
	}
	lists = READ_ONCE(call->perf_events);
	/* set before PE_PERF, but this CPU may see PE_PERF first */
	if (!lists)
		return false;
	head = this_cpu_ptr(lists);
	if (hlist_empty(head))
		return false;
	len = ev->base + ev->fixed;
	if (ev->strings)
		len = kprobe_build(kpp, regs, &built);
	/* perf puts a u32 size before the record: end on a u64 */
	size = ALIGN(len + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return false;
	perf_trace_buf_update(rec, call->event.type);
	if (built)
		memcpy(rec + ev->base, built + ev->base, len - ev->base);
	else
		probe_args_store(kpp->p.args, kpp->p.nargs, regs, NULL, rec,
				 ev->base, ev->fixed, 0);
	kprobe_fill_head(kpp, rec, ret_ip);
	perf_trace_buf_submit(rec, size, rctx, call->event.type, 1, regs,
			      head, NULL);
	return false;
}
#else
static bool kprobe_to_perf(struct kprobe_probe *kpp, struct pt_regs *regs,
			   unsigned long ret_ip)
{
	return false;
}
#endif

/* Returns true when the perf side's BPF moved the ip (see above). */
static bool kprobe_record(struct kprobe_probe *kpp, struct pt_regs *regs,
			  unsigned long ret_ip)
{
	unsigned int flags = READ_ONCE(kpp->p.event->flags);

	raw_cpu_inc(*kpp->nhit);
	if (flags & PE_TRACE)
		kprobe_to_files(kpp, regs, ret_ip);
	if (flags & PE_PERF)
		return kprobe_to_perf(kpp, regs, ret_ip);
	return false;
}

/* (kernel/trace has no call sites: it is notrace, and refused anyway) */
NOKPROBE_SYMBOL(kprobe_record);
NOKPROBE_SYMBOL(kprobe_to_files);
NOKPROBE_SYMBOL(kprobe_build);

static int kprobe_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	/* 1: the ip was moved, kprobes must not single-step */
	return kprobe_record(container_of(kp, struct kprobe_probe, rp.kp),
			     regs, 0);
}

NOKPROBE_SYMBOL(kprobe_pre_handler);

static int kretprobe_handler(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);

	if (rp)
		kprobe_record(container_of(rp, struct kprobe_probe, rp), regs,
			      get_kretprobe_retaddr(ri));
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_handler);

/* ---- registration ---- */

/* The module a [MOD:]SYM names, or NULL; *len its name's length. */
static const char *kpp_module(struct kprobe_probe *kpp, size_t *len)
{
	const char *colon = kpp->symbol ? strchr(kpp->symbol, ':') : NULL;

	if (!colon)
		return NULL;
	*len = colon - kpp->symbol;
	return kpp->symbol;
}

static bool kpp_module_loaded(struct kprobe_probe *kpp)
{
	const char *name;
	char buf[MODULE_NAME_LEN];
	size_t len;
	bool ret;

	name = kpp_module(kpp, &len);
	if (!name)
		return true;
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, name, len);
	buf[len] = '\0';
	rcu_read_lock_sched();
	ret = !!find_module(buf);
	rcu_read_unlock_sched();
	return ret;
}

#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(CONFIG_KPROBE_EVENTS_ON_NOTRACE)
/*
 * A function without a call site is notrace: probing it could recurse
 * into the tracing code itself. Probe only functions ftrace could trace.
 */
static bool kpp_in_notrace(struct kprobe_probe *kpp)
{
	unsigned long addr, size, offset;

	addr = kpp->symbol ? kallsyms_lookup_name(kpp->symbol) + kpp->offset :
			     (unsigned long)kpp->addr;
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return false;	/* kprobes will say what is wrong */
	addr -= offset;
	return !ftrace_location_range(addr, addr + size - 1);
}
#else
static bool kpp_in_notrace(struct kprobe_probe *kpp)
{
	return false;
}
#endif

/*
 * A probe a program may bpf_override_return() from: a kprobe (not a
 * return probe) at the entry of a function marked for error injection.
 */
static bool kpp_can_override(struct kprobe_probe *kpp)
{
	unsigned long addr = (unsigned long)kpp->addr;

	if (!IS_ENABLED(CONFIG_BPF_KPROBE_OVERRIDE) || kpp_is_return(kpp))
		return false;
	if (kpp->symbol) {
		addr = kallsyms_lookup_name(kpp->symbol);
		if (!addr)
			return false;
		addr += kpp->offset;
	}
	if (kprobe_on_func_entry(kpp->symbol ? NULL : kpp->addr, kpp->symbol,
				 kpp->symbol ? kpp->offset : 0))
		return false;
	return within_error_injection_list(addr);
}

/* Register with kprobes, armed if the event is in use. [E] */
static int kpp_register(struct kprobe_probe *kpp)
{
	struct kprobe *kp = &kpp->rp.kp;
	int i, ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;
	/* @SYM arguments: a module's symbols move with each load */
	for (i = 0; i < kpp->p.nargs; i++) {
		ret = probe_arg_resolve(&kpp->p.args[i]);
		if (ret)
			return ret;
	}
	if (kpp_in_notrace(kpp)) {
		pr_warn("Could not probe notrace function %s\n",
			kpp->symbol ?: "(address)");
		return -EINVAL;
	}
	/* kprobes keeps state in the struct: start from a clean one */
	memset(kp, 0, sizeof(*kp));
	if (kpp->symbol) {
		kp->symbol_name = kpp->symbol;
		kp->offset = kpp->offset;
	} else {
		kp->addr = kpp->addr;
	}
	kp->pre_handler = kpp_is_return(kpp) ? NULL : kprobe_pre_handler;
	/* read by the handler, which registering may start at once */
	/* read outside event_mutex: under probe_siblings_mutex, by handlers */
	WRITE_ONCE(kpp->may_override, kpp_can_override(kpp));
	if (!(kpp->p.event && (kpp->p.event->flags & (PE_TRACE | PE_PERF))))
		kp->flags = KPROBE_FLAG_DISABLED;
	ret = kpp_is_return(kpp) ? register_kretprobe(&kpp->rp) :
				   register_kprobe(kp);
	if (!ret)
		kpp->registered = true;
	return ret;
}

/* After kprobes let go of it. */
static void kpp_unregistered(struct kprobe_probe *kpp)
{
	kpp->registered = false;
	/* a kprobe on a symbol looks its address up again next time */
	if (kpp->symbol)
		kpp->rp.kp.addr = NULL;
}

static void kpp_unregister(struct kprobe_probe *kpp)
{
	if (!kpp->registered)
		return;
	/* waits for the handlers that may be running */
	if (kpp_is_return(kpp))
		unregister_kretprobe(&kpp->rp);
	else
		unregister_kprobe(&kpp->rp.kp);
	kpp_unregistered(kpp);
}

static int kprobe_arm_one(struct probe *p, unsigned int want)
{
	struct kprobe_probe *kpp = container_of(p, struct kprobe_probe, p);
	struct kprobe *kp = &kpp->rp.kp;

	if (!kpp->registered || kprobe_gone(kp))
		return 0;	/* armed when its module comes */
	if (want)
		return enable_kprobe(kp);
	return disable_kprobe(kp);
}

static void kpp_free(struct kprobe_probe *kpp)
{
	int i;

	for (i = 0; i < kpp->p.nargs; i++)
		probe_arg_free(&kpp->p.args[i]);
	kfree(kpp->p.args);
	kfree(kpp->symbol);
	free_percpu(kpp->nhit);
	kfree(kpp);
}

/* ---- parsing a definition ---- */

/* How many symbols have this name, in the kernel and its modules. */
struct sym_count {
	const char	*name;
	unsigned int	n;
};

static int count_kernel_sym(void *data, unsigned long addr)
{
	((struct sym_count *)data)->n++;
	return 0;
}

static int count_module_sym(void *data, const char *name, struct module *mod,
			    unsigned long addr)
{
	struct sym_count *c = data;

	if (!strcmp(name, c->name))
		c->n++;
	return 0;
}

static unsigned int kprobe_symbol_count(const char *name)
{
	struct sym_count c = { .name = name };

	kallsyms_on_each_match_symbol(count_kernel_sym, name, &c);
	module_kallsyms_on_each_symbol(count_module_sym, &c);
	return c.n;
}

/* SYM[+OFFS]: split off the offset (the only sign kept is '+'). */
static int split_symbol(char *sym, unsigned long *offset)
{
	char *sign = strpbrk(sym, "+-");
	long off;

	*offset = 0;
	if (!sign)
		return 0;
	if (kstrtol(sign + (*sign == '+'), 0, &off) || *sign == '-' || off < 0)
		return -EINVAL;
	if (off > UINT_MAX)
		return -EINVAL;
	*sign = '\0';
	*offset = off;
	return 0;
}

static int kprobe_create(int argc, const char **argv)
{
	struct probe_cmd cmd = { .subsys = "trace_kprobe", .argc = argc,
				 .argv = argv };
	char group[PROBE_NAME_MAX] = KPROBE_GROUP, event[PROBE_NAME_MAX] = "";
	unsigned int flags = PROBE_KERNEL, size = 0, maxactive = 0;
	const char *name = NULL;
	struct kprobe_probe *kpp;
	unsigned long addr = 0;
	bool is_return = false;
	char *pct;
	int i, ret;

	switch (argv[0][0]) {
	case 'r':
		is_return = true;
		break;
	case 'p':
		break;
	default:
		return -ECANCELED;
	}
	if (argc < 2)
		return -ECANCELED;
	/* PATH:OFFSET is a uprobe's */
	if (strchr(argv[1], '/') && strchr(argv[1], ':'))
		return -ECANCELED;

	name = strchr(argv[0] + 1, ':');
	if (isdigit(argv[0][1])) {
		size_t len = name ? name - argv[0] - 1 : strlen(argv[0] + 1);
		char num[PROBE_NAME_MAX];

		if (!is_return) {
			probe_err(&cmd, 1, PERR_MAXACT_NO_KPROBE);
			return -EINVAL;
		}
		if (len >= sizeof(num)) {
			probe_err(&cmd, 1, PERR_BAD_MAXACT);
			return -EINVAL;
		}
		memcpy(num, argv[0] + 1, len);
		num[len] = '\0';
		if (kstrtouint(num, 0, &maxactive) || !maxactive) {
			probe_err(&cmd, 1, PERR_BAD_MAXACT);
			return -EINVAL;
		}
		if (maxactive > KRETPROBE_MAXACTIVE_MAX) {
			probe_err(&cmd, 1, PERR_MAXACT_TOO_BIG);
			return -EINVAL;
		}
	} else if (argv[0][1] && argv[0][1] != ':') {
		return -ECANCELED;
	}

	kpp = kzalloc(sizeof(*kpp), GFP_KERNEL);
	if (!kpp)
		return -ENOMEM;
	INIT_LIST_HEAD(&kpp->p.dyn.list);
	INIT_LIST_HEAD(&kpp->p.sibling);
	kpp->nhit = alloc_percpu(unsigned long);
	if (!kpp->nhit) {
		ret = -ENOMEM;
		goto free;
	}

	/* the place */
	cmd.word = 1;
	if (kstrtoul(argv[1], 0, &addr)) {
		addr = 0;
		kpp->symbol = kstrdup(argv[1], GFP_KERNEL);
		if (!kpp->symbol) {
			ret = -ENOMEM;
			goto free;
		}
		pct = strchr(kpp->symbol, '%');
		if (pct) {
			if (strcmp(pct, "%return")) {
				probe_err(&cmd, pct - kpp->symbol,
					  PERR_BAD_ADDR_SUFFIX);
				ret = -EINVAL;
				goto free;
			}
			*pct = '\0';
			is_return = true;
		}
		if (split_symbol(kpp->symbol, &kpp->offset)) {
			probe_err(&cmd, 0, PERR_BAD_PROBE_ADDR);
			ret = -EINVAL;
			goto free;
		}
		if (is_return)
			flags |= PROBE_RETURN;
		ret = kprobe_on_func_entry(NULL, kpp->symbol, kpp->offset);
		if (!ret)
			flags |= PROBE_FENTRY;
		if (ret == -EINVAL && is_return) {
			probe_err(&cmd, 0, PERR_BAD_RETPROBE);
			ret = -EINVAL;
			goto free;
		}
		if (!strchr(kpp->symbol, ':')) {
			unsigned int n = kprobe_symbol_count(kpp->symbol);

			if (n > 1) {
				probe_err(&cmd, 0, PERR_NON_UNIQ_SYMBOL);
				ret = -EADDRNOTAVAIL;
				goto free;
			}
			if (!n) {
				probe_err(&cmd, 0, PERR_BAD_PROBE_ADDR);
				ret = -ENOENT;
				goto free;
			}
		}
	} else {
		kpp->addr = (void *)addr;
		if (is_return)
			flags |= PROBE_RETURN;
	}

	/* the names */
	cmd.word = 0;
	if (name) {
		ret = probe_parse_names(&cmd, name + 1, name + 1 - argv[0],
					group, event);
		if (ret)
			goto free;
	}
	if (!event[0]) {
		if (kpp->symbol)
			snprintf(event, sizeof(event), "%c_%s_%lu",
				 is_return ? 'r' : 'p', kpp->symbol,
				 kpp->offset);
		else
			snprintf(event, sizeof(event), "%c_0x%p",
				 is_return ? 'r' : 'p', kpp->addr);
		for (pct = event; *pct; pct++)
			if (!isalnum(*pct) && *pct != '_')
				*pct = '_';
	}

	/* the arguments */
	argc -= 2;
	kpp->p.args = kcalloc(max(argc, 1), sizeof(*kpp->p.args), GFP_KERNEL);
	if (!kpp->p.args) {
		ret = -ENOMEM;
		goto free;
	}
	for (i = 0; i < argc && i < PROBE_MAX_ARGS; i++) {
		cmd.word = i + 2;
		kpp->p.nargs++;
		ret = probe_arg_parse(&cmd, kpp->p.args, i, argv[i + 2], flags,
				      &size);
		if (ret)
			goto free;
	}

	if (is_return) {
		kpp->rp.handler = kretprobe_handler;
		kpp->rp.maxactive = maxactive;
	}

	probe_lock();
	ret = probe_event_attach(&kpp->p, group, event,
				 is_return ? PE_RETURN : 0, &kprobe_ops,
				 is_return ? sizeof(struct probe_ret_head) :
					     sizeof(struct probe_head), &cmd);
	if (ret)
		goto unlock;
	ret = kpp_register(kpp);
	if (ret == -ENOENT && !kpp_module_loaded(kpp)) {
		pr_warn("This probe might be able to register after target module is loaded. Continue.\n");
		ret = 0;
	}
	if (ret) {
		cmd.word = 1;
		if (ret == -EILSEQ)
			probe_err(&cmd, 0, PERR_BAD_INSN_BNDRY);
		else if (ret == -ENOENT)
			probe_err(&cmd, 0, PERR_BAD_PROBE_ADDR);
		else if (ret != -ENOMEM && ret != -EEXIST)
			probe_err(&cmd, 0, PERR_FAIL_REG_PROBE);
		probe_event_detach(&kpp->p);
		goto unlock;
	}
	dyn_event_add(&kpp->p.dyn, &kprobe_type);
	probe_unlock();
	return 0;

unlock:
	probe_unlock();
free:
	kpp_free(kpp);
	return ret;
}

/* ---- the dynamic event type ---- */

/* [MOD:]SYM+OFFS, or the longest address in hex, with its NUL */
#define KPROBE_PLACE_MAX	(MODULE_NAME_LEN + KSYM_NAME_LEN + 24)

/* Where kpp probes, as kprobe_events shows it and "-:" names it. */
static void kpp_place(struct kprobe_probe *kpp, char *buf)
{
	if (!kpp->symbol)
		snprintf(buf, KPROBE_PLACE_MAX, "0x%p", kpp->addr);
	else if (kpp->offset)
		snprintf(buf, KPROBE_PLACE_MAX, "%s+%lu", kpp->symbol,
			 kpp->offset);
	else
		snprintf(buf, KPROBE_PLACE_MAX, "%s", kpp->symbol);
}

static int kprobe_show(struct seq_file *m, struct dyn_event *d)
{
	struct kprobe_probe *kpp = to_kpp(d);
	char place[KPROBE_PLACE_MAX];

	kpp_place(kpp, place);
	seq_putc(m, kpp_is_return(kpp) ? 'r' : 'p');
	if (kpp_is_return(kpp) && kpp->rp.maxactive)
		seq_printf(m, "%d", kpp->rp.maxactive);
	probe_show_names(m, &kpp->p);
	seq_printf(m, " %s", place);
	probe_show_args(m, &kpp->p);
	seq_putc(m, '\n');
	return 0;
}

static bool kprobe_busy(struct dyn_event *d)
{
	return probe_event_busy(to_kpp(d)->p.event);
}

static int kprobe_release(struct dyn_event *d)
{
	struct kprobe_probe *kpp = to_kpp(d);
	int ret;

	/* before the kprobe goes: detaching would fail */
	if (probe_detach_busy(&kpp->p))
		return -EBUSY;
	kpp_unregister(kpp);
	ret = probe_event_detach(&kpp->p);
	if (ret) {
		kpp_register(kpp);
		return ret;
	}
	dyn_event_del(d);
	kpp_free(kpp);
	return 0;
}

/*
 * Whether removing the probes of evs would take the last probe of an
 * event in use: its probes are all among them.
 */
static bool kprobe_set_takes_busy(struct dyn_event **evs, int n)
{
	int i, j, in_set, total;
	struct probe *q;

	for (i = 0; i < n; i++) {
		struct probe_event *ev = to_kpp(evs[i])->p.event;

		if (!probe_event_busy(ev))
			continue;
		in_set = 0;
		total = 0;
		for (j = 0; j < n; j++)
			in_set += to_kpp(evs[j])->p.event == ev;
		list_for_each_entry(q, &ev->probes, sibling)
			total++;
		if (in_set == total)
			return true;
	}
	return false;
}

/*
 * Remove n probes (a group, or every one): all or none. kprobes waits
 * one grace period for each unregister_kprobe(); unregister_kprobes()
 * waits one for all of them.
 */
static int kprobe_release_many(struct dyn_event **evs, int n)
{
	struct kretprobe **rps;
	struct kprobe **kps;
	int i, nk = 0, nr = 0, ret = 0;

	if (kprobe_set_takes_busy(evs, n))
		return -EBUSY;
	kps = kmalloc_array(n, sizeof(*kps), GFP_KERNEL);
	rps = kmalloc_array(n, sizeof(*rps), GFP_KERNEL);
	if (!kps || !rps) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct kprobe_probe *kpp = to_kpp(evs[i]);

		if (!kpp->registered)
			continue;
		if (kpp_is_return(kpp))
			rps[nr++] = &kpp->rp;
		else
			kps[nk++] = &kpp->rp.kp;
	}
	/* no handler of theirs runs once these return */
	if (nk)
		unregister_kprobes(kps, nk);
	if (nr)
		unregister_kretprobes(rps, nr);
	for (i = 0; i < n; i++) {
		struct kprobe_probe *kpp = to_kpp(evs[i]);

		if (kpp->registered)
			kpp_unregistered(kpp);
		/* cannot fail: none of these events is in use */
		ret = probe_event_detach(&kpp->p);
		if (ret)
			break;
		dyn_event_del(evs[i]);
		kpp_free(kpp);
	}
	/* had it failed, the probes left stay, registered again */
	for (; i < n; i++)
		kpp_register(to_kpp(evs[i]));
out:
	kfree(kps);
	kfree(rps);
	return ret;
}

static bool kprobe_match(const char *group, const char *event, int argc,
			 const char **argv, struct dyn_event *d)
{
	struct kprobe_probe *kpp = to_kpp(d);
	char place[KPROBE_PLACE_MAX];

	/* "-:GRP/" names every event of the group */
	if ((event[0] && strcmp(kpp->p.event->name, event)) ||
	    (group && strcmp(kpp->p.event->group, group)))
		return false;
	if (!argc)
		return true;
	kpp_place(kpp, place);
	if (strcmp(place, argv[0]))
		return false;
	return probe_match_args(&kpp->p, argc - 1, argv + 1);
}

static struct dyn_event_type kprobe_type = {
	.name		= "kprobe",
	.probe		= true,
	.create		= kprobe_create,
	.show		= kprobe_show,
	.busy		= kprobe_busy,
	.release	= kprobe_release,
	.release_many	= kprobe_release_many,
	.match		= kprobe_match,
};

/* ---- the event's side ---- */

static bool kprobe_same_place(struct probe *a, struct probe *b)
{
	struct kprobe_probe *x = container_of(a, struct kprobe_probe, p);
	struct kprobe_probe *y = container_of(b, struct kprobe_probe, p);

	if (!x->symbol || !y->symbol)
		return !x->symbol && !y->symbol && x->addr == y->addr;
	return !strcmp(x->symbol, y->symbol) && x->offset == y->offset;
}

static enum print_line_t kprobe_print(struct trace_iterator *iter,
				      struct probe_event *ev)
{
	struct trace_seq *s = &iter->seq;
	void *rec = iter->ent;

	trace_seq_printf(s, "%s: (", ev->name);
	if (ev->flags & PE_RETURN) {
		struct probe_ret_head *h = rec;

		seq_print_ip_sym(s, h->ret_ip, iter->tr->trace_flags |
				 TRACE_FL(SYM_OFFSET));
		trace_seq_puts(s, " <- ");
		seq_print_ip_sym(s, h->func, iter->tr->trace_flags &
				 ~TRACE_FL(SYM_OFFSET));
	} else {
		struct probe_head *h = rec;

		seq_print_ip_sym(s, h->ip, iter->tr->trace_flags |
				 TRACE_FL(SYM_OFFSET));
	}
	trace_seq_putc(s, ')');
	probe_args_print(s, ev->args, ev->nargs, rec, ev->base);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static const struct probe_event_ops kprobe_ops = {
	.call_flags	= TRACE_EVENT_FL_KPROBE,
	.arm_one	= kprobe_arm_one,
	.same_place	= kprobe_same_place,
	.print		= kprobe_print,
	.define_fields	= probe_define_fields,
	.fmt_head	= probe_fmt_head,
	.fmt_head_args	= probe_fmt_head_args,
};

/* ---- the files ---- */

static int kprobe_profile_show(struct seq_file *m, void *v)
{
	struct kprobe_probe *kpp = to_kpp(v);
	unsigned long hits = 0, missed;
	int cpu;

	for_each_possible_cpu(cpu)
		hits += *per_cpu_ptr(kpp->nhit, cpu);
	missed = kpp->rp.kp.nmissed;
	if (kpp_is_return(kpp))
		missed += kpp->rp.nmissed;
	seq_printf(m, "  %-44s %15lu %15lu\n", kpp->p.event->name, hits,
		   missed);
	return 0;
}

static int kprobe_profile_open(struct inode *inode, struct file *file)
{
	if (file->f_mode & FMODE_WRITE)
		return -EACCES;
	return dyn_event_open(inode, file, &kprobe_type, kprobe_profile_show);
}

static const struct file_operations kprobe_profile_fops = {
	.owner		= THIS_MODULE,
	.open		= kprobe_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ---- modules ---- */

static int kprobe_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;
	struct dyn_event *d;
	size_t mlen = strlen(mod->name);

	if (val != MODULE_STATE_COMING)
		return NOTIFY_DONE;
	probe_lock();
	list_for_each_entry(d, &dyn_events, list) {
		struct kprobe_probe *kpp;
		const char *name;
		size_t len;

		if (d->type != &kprobe_type)
			continue;
		kpp = to_kpp(d);
		name = kpp_module(kpp, &len);
		if (!name || len != mlen || strncmp(name, mod->name, len))
			continue;
		/* a probe of the module's last life is gone: anew */
		kpp_unregister(kpp);
		if (kpp_register(kpp))
			pr_warn("Failed to re-register probe %s on %s\n",
				kpp->p.event->name, mod->name);
	}
	probe_unlock();
	return NOTIFY_DONE;
}

static struct notifier_block kprobe_module_nb = {
	.notifier_call	= kprobe_module_notify,
	/* after kprobes' own (0), which blacklists the module's NOKPROBEs */
	.priority	= -1,
};

static __init int kprobe_events_init(void)
{
	kprobe_scratch = __alloc_percpu(KPROBE_SCRATCH, sizeof(long));
	if (!kprobe_scratch)
		return -ENOMEM;
	dyn_event_register_type(&kprobe_type);
	register_module_notifier(&kprobe_module_nb);
	if (tracing_init_dentry())
		return 0;
	trace_create_file("kprobe_events", TRACE_MODE_WRITE, NULL, &kprobe_type,
			  &dyn_event_file_fops);
	trace_create_file("kprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &kprobe_profile_fops);
	return 0;
}
fs_initcall(kprobe_events_init);

/* ---- kprobe events made by kernel code ---- */

static int kprobe_run_command(struct dynevent_cmd *cmd)
{
	return dyn_event_run_cmd(cmd->seq.buffer, cmd->seq.len, &kprobe_type);
}

/**
 * kprobe_event_cmd_init - start a kprobe event command in a buffer
 * @cmd: the command
 * @buf: where its line is built
 * @maxlen: @buf's size (MAX_DYNEVENT_CMD_LEN is enough for any)
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dyn_event_cmd_setup(cmd, buf, maxlen, DYNEVENT_TYPE_KPROBE,
			    kprobe_run_command);
}
EXPORT_SYMBOL_GPL(kprobe_event_cmd_init);

/* Each string argument of args, NULL-ended, after a space. */
static int kprobe_cmd_add(struct dynevent_cmd *cmd, va_list args)
{
	const char *field;

	while ((field = va_arg(args, const char *))) {
		if (!field[0])
			return -EINVAL;
		seq_buf_printf(&cmd->seq, " %s", field);
		cmd->n_fields++;
	}
	return seq_buf_has_overflowed(&cmd->seq) ? -E2BIG : 0;
}

/**
 * __kprobe_event_gen_cmd_start - the start of a kprobe event command
 * @cmd: a command from kprobe_event_cmd_init()
 * @kretprobe: a kretprobe event (r:) instead of a kprobe (p:)
 * @name: the event's name, in group kprobes
 * @loc: where it probes, as kprobe_events takes it ([MOD:]SYM[+OFFS])
 * @...: its first arguments (NAME=FETCHARG[:TYPE] strings), then NULL;
 *	kprobe_event_gen_cmd_start() adds the NULL
 *
 * Return: 0; -EINVAL for a command of another type, no name or place,
 * or an empty argument; -E2BIG when the buffer is full.
 */
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || !name || !loc ||
	    !name[0] || !loc[0])
		return -EINVAL;
	seq_buf_clear(&cmd->seq);
	cmd->n_fields = 0;
	cmd->event_name = name;
	seq_buf_printf(&cmd->seq, "%c:%s/%s %s", kretprobe ? 'r' : 'p',
		       KPROBE_GROUP, name, loc);
	va_start(args, loc);
	ret = kprobe_cmd_add(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_gen_cmd_start);

/**
 * __kprobe_event_add_fields - add arguments to a kprobe event command
 * @cmd: a command begun by kprobe_event_gen_cmd_start()
 * @...: the arguments (NAME=FETCHARG[:TYPE] strings), then NULL
 *
 * Return: 0; -EINVAL for another type of command or an empty argument;
 * -E2BIG when the buffer is full.
 */
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE)
		return -EINVAL;
	va_start(args, cmd);
	ret = kprobe_cmd_add(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_add_fields);

/**
 * kprobe_event_delete - remove a kprobe event, as "-:NAME" would
 * @name: the event's name, [GROUP/]EVENT (any group without one)
 *
 * Return: 0; -ENOENT if there is none; -EBUSY if it is in use.
 */
int kprobe_event_delete(const char *name)
{
	char *line;
	int ret;

	if (!name || !name[0])
		return -EINVAL;
	line = kasprintf(GFP_KERNEL, "-:%s", name);
	if (!line)
		return -ENOMEM;
	ret = dyn_event_run_cmd(line, strlen(line), &kprobe_type);
	kfree(line);
	return ret;
}
EXPORT_SYMBOL_GPL(kprobe_event_delete);

/* ---- perf's kprobe PMU ---- */

#ifdef CONFIG_PERF_EVENTS
/**
 * perf_kprobe_init - make the kprobe of a perf event of the kprobe PMU
 * @p_event: the perf event: attr.kprobe_func (a user string) with
 *	attr.probe_offset, or attr.kprobe_addr, says where
 * @is_retprobe: a kretprobe
 *
 * The kprobe and its event belong to @p_event alone: they are in no
 * list and no tracefs directory, and go with perf_kprobe_destroy().
 *
 * Return: 0; -E2BIG for a name longer than a symbol's, -EINVAL for no
 * place, kprobes' error for a place it refuses (-ENOENT, -EINVAL...),
 * the permission check's error, -ENOMEM.
 */
int perf_kprobe_init(struct perf_event *p_event, bool is_retprobe)
{
	struct kprobe_probe *kpp;
	struct probe_event *ev;
	char *func = NULL;
	int ret;

	if (p_event->attr.kprobe_func) {
		func = strndup_user(u64_to_user_ptr(p_event->attr.kprobe_func),
				    KSYM_NAME_LEN);
		if (IS_ERR(func))
			return PTR_ERR(func) == -EINVAL ? -E2BIG :
							  PTR_ERR(func);
		if (!func[0]) {
			kfree(func);
			func = NULL;
		}
	}
	if (!func && !p_event->attr.kprobe_addr)
		return -EINVAL;

	kpp = kzalloc(sizeof(*kpp), GFP_KERNEL);
	if (!kpp) {
		kfree(func);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&kpp->p.dyn.list);
	INIT_LIST_HEAD(&kpp->p.sibling);
	kpp->symbol = func;
	if (func) {
		if (p_event->attr.probe_offset > UINT_MAX) {
			ret = -EINVAL;
			goto free;
		}
		kpp->offset = p_event->attr.probe_offset;
	} else {
		kpp->addr = (void *)(unsigned long)p_event->attr.kprobe_addr;
	}
	if (is_retprobe)
		kpp->rp.handler = kretprobe_handler;
	kpp->nhit = alloc_percpu(unsigned long);
	if (!kpp->nhit) {
		ret = -ENOMEM;
		goto free;
	}
	ev = probe_event_new_local(&kpp->p, KPROBE_GROUP,
				   func ?: "DUMMY_EVENT",
				   is_retprobe ? PE_RETURN : 0, &kprobe_ops,
				   is_retprobe ? sizeof(struct probe_ret_head) :
						 sizeof(struct probe_head));
	if (!ev) {
		ret = -ENOMEM;
		goto free;
	}
	ret = kpp_register(kpp);
	if (ret)
		goto free_event;
	/* perf's register step arms it */
	ret = perf_trace_attach_call(&ev->call, p_event);
	if (ret)
		goto unregister;
	return 0;

unregister:
	kpp_unregister(kpp);
free_event:
	list_del(&kpp->p.sibling);
	kpp->p.event = NULL;
	probe_event_free_local(ev);
free:
	kpp_free(kpp);
	return ret;
}

/**
 * perf_kprobe_destroy - undo perf_kprobe_init()
 * @p_event: the perf event, off every CPU's list by now
 */
void perf_kprobe_destroy(struct perf_event *p_event)
{
	struct probe_event *ev = call_to_probe_event(p_event->tp_event);
	struct kprobe_probe *kpp;

	kpp = list_first_entry(&ev->probes, struct kprobe_probe, p.sibling);
	perf_trace_detach_call(p_event);
	/* waits for the handlers still running */
	kpp_unregister(kpp);
	list_del(&kpp->p.sibling);
	kpp->p.event = NULL;
	probe_event_free_local(ev);
	kpp_free(kpp);
}
#endif

#ifdef CONFIG_BPF_EVENTS
/* ---- what BPF asks of a kprobe event ---- */

static struct kprobe_probe *kprobe_event_first(struct trace_event_call *call)
{
	struct probe_event *ev = call_to_probe_event(call);

	return list_first_entry_or_null(&ev->probes, struct kprobe_probe,
					p.sibling);
}

/**
 * kprobe_event_can_override - may a program on this event override?
 * @call: a kprobe event (TRACE_EVENT_FL_KPROBE), held by a perf event
 *
 * Every probe of the event must allow it (see kpp_can_override()); one
 * that joins the event later and does not is kept from overriding by
 * the handler.
 * Called under perf's context mutex: takes probe_siblings_mutex, not
 * event_mutex.
 *
 * Return: true if bpf_override_return() may be used on @call.
 */
bool kprobe_event_can_override(struct trace_event_call *call)
{
	struct probe_event *ev = call_to_probe_event(call);
	struct kprobe_probe *kpp;
	bool ok = true;

	mutex_lock(&probe_siblings_mutex);
	if (list_empty(&ev->probes))
		ok = false;
	list_for_each_entry(kpp, &ev->probes, p.sibling)
		ok = ok && READ_ONCE(kpp->may_override);
	mutex_unlock(&probe_siblings_mutex);
	return ok;
}

/**
 * bpf_get_kprobe_info - where the kprobe event of a perf event probes
 * @event: a perf event on a kprobe event (the PMU's or a tracefs one)
 * @fd_type: BPF_FD_TYPE_KPROBE or BPF_FD_TYPE_KRETPROBE
 * @symbol: the [MOD:]SYM probed, or NULL for a probe on an address
 * @probe_offset: the offset from @symbol, 0 without one
 * @probe_addr: the address probed without a symbol, else 0
 * @perf_type_tracepoint: whether @event is a tracefs event's
 *
 * What bpf(BPF_TASK_FD_QUERY) reports; for a multiprobe event, its
 * first probe. @symbol points into the probe: it stays valid while the
 * event has that probe.
 *
 * Return: 0, or -EINVAL if the event has no probe.
 */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	struct kprobe_probe *kpp;
	int ret = 0;

	mutex_lock(&probe_siblings_mutex);
	kpp = kprobe_event_first(event->tp_event);
	if (!kpp) {
		ret = -EINVAL;
		goto out;
	}
	*fd_type = kpp_is_return(kpp) ? BPF_FD_TYPE_KRETPROBE :
					BPF_FD_TYPE_KPROBE;
	*symbol = kpp->symbol;
	*probe_offset = kpp->symbol ? kpp->offset : 0;
	*probe_addr = kpp->symbol ? 0 : (unsigned long)kpp->addr;
out:
	mutex_unlock(&probe_siblings_mutex);
	return ret;
}
#endif
