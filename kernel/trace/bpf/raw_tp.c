// SPDX-License-Identifier: GPL-2.0
/*
 * Raw tracepoints: a BPF program attached to a tracepoint as its probe.
 *
 * Entries. include/trace/bpf_probe.h gives every tracepoint a struct
 * bpf_raw_event_map in the __bpf_raw_tp_map section: the tracepoint, the
 * probe of its class (which stores each argument in a u64 and calls
 * bpf_trace_run_args()), the number of arguments and, for a writable
 * tracepoint, how many bytes of its first argument's target a program
 * may write. The kernel image's entries lie between __start__bpf_raw_tp
 * and __stop__bpf_raw_tp and never go away. A module's lie in its own
 * image; the loader points mod->bpf_raw_events at them, and they go when
 * the module is freed.
 *
 * Modules. raw_tp_mods lists the modules that have entries, one node a
 * module, under raw_tp_mods_lock. The module notifier adds a module when
 * it comes (so that a node it cannot allocate fails the load with
 * -ENOMEM, rather than leaving tracepoints that no program can find)
 * and removes it when it goes, before its image is freed: an entry found
 * on the list under the lock is in memory that is still there.
 *
 * References. bpf_get_raw_tracepoint() returns a module's entry only
 * with a reference on the module, taken under the lock; kernel/bpf holds
 * the entry (and so the reference) for as long as the program may be
 * registered as the tracepoint's probe, and gives it back with
 * bpf_put_raw_tracepoint() after bpf_probe_unregister(). A module with a
 * program attached therefore cannot be unloaded (delete_module() fails
 * with -EWOULDBLOCK; a forced unload ignores every reference, ours too),
 * and its tracepoint, probe and entry stay valid.
 *
 * Limit: a module's entries are found only once the module is live, that
 * is once its init function has returned successfully. A module whose
 * init fails is freed by the loader whatever its reference count, so a
 * reference taken while it is still coming would not keep it, and a
 * program attached then would be left on freed memory. Until the module
 * is live its raw tracepoints are not found (-ENOENT to the caller).
 *
 * Running. A tracepoint calls its probes with preemption disabled; the
 * probe packs the arguments and calls bpf_trace_run_args(), which runs
 * the program unless it is already running on this CPU (see there).
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "bpf_events.h"

/* The entry of tracepoint @name among @nr entries from @map, or NULL. */
static struct bpf_raw_event_map *
raw_tp_search(struct bpf_raw_event_map *map, unsigned int nr,
	      const char *name)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(map[i].tp->name, name))
			return &map[i];
	return NULL;
}

/* Whether @btp is one of the @nr entries from @map. */
static bool raw_tp_within(const struct bpf_raw_event_map *btp,
			  const struct bpf_raw_event_map *map, unsigned int nr)
{
	return btp >= map && btp < map + nr;
}

static unsigned int raw_tp_vmlinux_count(void)
{
	return __stop__bpf_raw_tp - __start__bpf_raw_tp;
}

#ifdef CONFIG_MODULES

/* A module that has entries, on raw_tp_mods. */
struct raw_tp_mod {
	struct list_head	node;
	struct module		*mod;
};

static LIST_HEAD(raw_tp_mods);
static DEFINE_MUTEX(raw_tp_mods_lock);

/*
 * The entry of @name in a live module that has one, with a reference on
 * that module; NULL if there is none. A module found still coming is
 * passed over (see the top of this file for why).
 */
static struct bpf_raw_event_map *raw_tp_get_module(const char *name)
{
	struct bpf_raw_event_map *btp = NULL;
	struct raw_tp_mod *rm;

	mutex_lock(&raw_tp_mods_lock);
	list_for_each_entry(rm, &raw_tp_mods, node) {
		struct module *mod = rm->mod;

		btp = raw_tp_search(mod->bpf_raw_events,
				    mod->num_bpf_raw_events, name);
		if (!btp)
			continue;
		/*
		 * The reference fails once the module is on its way out
		 * (unloading has dropped the count to zero, or the state
		 * is GOING). Once it is held, a live module cannot start
		 * going, so the state read after it stays LIVE; a module
		 * seen COMING may still fail its init and be freed.
		 */
		if (try_module_get(mod)) {
			if (READ_ONCE(mod->state) == MODULE_STATE_LIVE)
				break;
			module_put(mod);
		}
		btp = NULL;
	}
	mutex_unlock(&raw_tp_mods_lock);
	return btp;
}

/*
 * Drop the module reference that came with @btp. The module cannot have
 * gone while the reference was held, so its node is still listed, but
 * for a module forced out (MODULE_FORCE_UNLOAD), whose reference is gone
 * with it.
 */
static void raw_tp_put_module(struct bpf_raw_event_map *btp)
{
	struct raw_tp_mod *rm;

	mutex_lock(&raw_tp_mods_lock);
	list_for_each_entry(rm, &raw_tp_mods, node) {
		if (raw_tp_within(btp, rm->mod->bpf_raw_events,
				  rm->mod->num_bpf_raw_events)) {
			module_put(rm->mod);
			mutex_unlock(&raw_tp_mods_lock);
			return;
		}
	}
	mutex_unlock(&raw_tp_mods_lock);
	/* the module was forced out (rmmod -f) under the program */
	pr_warn_once("raw tracepoint entry %p belongs to no module\n", btp);
}

static int raw_tp_module_coming(struct module *mod)
{
	struct raw_tp_mod *rm;

	rm = kmalloc(sizeof(*rm), GFP_KERNEL);
	if (!rm)
		return -ENOMEM;
	rm->mod = mod;
	mutex_lock(&raw_tp_mods_lock);
	list_add_tail(&rm->node, &raw_tp_mods);
	mutex_unlock(&raw_tp_mods_lock);
	return 0;
}

static void raw_tp_module_going(struct module *mod)
{
	struct raw_tp_mod *rm;

	mutex_lock(&raw_tp_mods_lock);
	list_for_each_entry(rm, &raw_tp_mods, node) {
		if (rm->mod == mod) {
			list_del(&rm->node);
			kfree(rm);
			break;
		}
	}
	mutex_unlock(&raw_tp_mods_lock);
}

static int raw_tp_module_notify(struct notifier_block *nb,
				unsigned long state, void *data)
{
	struct module *mod = data;
	int err = 0;

	if (!mod->num_bpf_raw_events)
		return NOTIFY_DONE;
	if (state == MODULE_STATE_COMING)
		err = raw_tp_module_coming(mod);
	else if (state == MODULE_STATE_GOING)
		raw_tp_module_going(mod);
	return notifier_from_errno(err);
}

static struct notifier_block raw_tp_module_nb = {
	.notifier_call	= raw_tp_module_notify,
};

static int __init raw_tp_init(void)
{
	return register_module_notifier(&raw_tp_module_nb);
}
fs_initcall(raw_tp_init);

#else /* !CONFIG_MODULES */

static struct bpf_raw_event_map *raw_tp_get_module(const char *name)
{
	return NULL;
}

static void raw_tp_put_module(struct bpf_raw_event_map *btp)
{
	WARN_ONCE(1, "raw tracepoint entry %p outside the kernel image\n",
		  btp);
}

#endif /* CONFIG_MODULES */

/**
 * bpf_get_raw_tracepoint - find the raw tracepoint entry of a tracepoint
 * @name: the tracepoint's name
 *
 * Looks in the kernel image's entries first, then in the live modules'.
 * An entry of a module comes with a reference on the module, which
 * bpf_put_raw_tracepoint() drops.
 *
 * Context: process context; takes a mutex.
 * Return: the entry, or NULL if no tracepoint of the kernel or of a live
 * module has that name.
 */
struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	struct bpf_raw_event_map *btp;

	btp = raw_tp_search(__start__bpf_raw_tp, raw_tp_vmlinux_count(), name);
	if (btp)
		return btp;
	return raw_tp_get_module(name);
}

/**
 * bpf_put_raw_tracepoint - give back an entry of bpf_get_raw_tracepoint()
 * @btp: the entry
 *
 * Drops the reference on the module that holds @btp, if it is not the
 * kernel image's. No program may be registered with @btp any more.
 *
 * Context: process context; takes a mutex.
 */
void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
	if (!btp ||
	    raw_tp_within(btp, __start__bpf_raw_tp, raw_tp_vmlinux_count()))
		return;
	raw_tp_put_module(btp);
}

/**
 * bpf_probe_register - attach a program to a raw tracepoint
 * @btp: the tracepoint's entry, from bpf_get_raw_tracepoint()
 * @prog: the program, verified
 *
 * The program becomes a probe of the tracepoint: the entry's probe
 * function, with @prog as its data. The verifier recorded how far into
 * its context the program reads and how far into the tracepoint's
 * writable buffer it writes; a program that reads past the tracepoint's
 * arguments (a u64 each), or writes past what the tracepoint lets it
 * write (nothing, unless it is writable), is refused.
 *
 * Return: 0, -EINVAL for a program that does not fit the tracepoint,
 * -EEXIST if @prog is already attached to it, or another error of
 * tracepoint_probe_register_may_exist().
 */
int bpf_probe_register(struct bpf_raw_event_map *btp, struct bpf_prog *prog)
{
	if (prog->aux->max_ctx_offset > btp->num_args * sizeof(u64))
		return -EINVAL;
	if (prog->aux->max_tp_access > btp->writable_size)
		return -EINVAL;
	return tracepoint_probe_register_may_exist(btp->tp, btp->bpf_func,
						   prog);
}

/**
 * bpf_probe_unregister - detach a program from a raw tracepoint
 * @btp: the tracepoint's entry
 * @prog: the program bpf_probe_register() attached
 *
 * Runs of the program in the probe on other CPUs may outlast this call.
 * kernel/bpf frees a program only after an RCU grace period, which waits
 * for them, as they run with preemption disabled.
 *
 * Return: 0, or the error of tracepoint_probe_unregister().
 */
int bpf_probe_unregister(struct bpf_raw_event_map *btp, struct bpf_prog *prog)
{
	return tracepoint_probe_unregister(btp->tp, btp->bpf_func, prog);
}

/**
 * bpf_trace_run_args - run a raw tracepoint program
 * @prog: the program, the data of the tracepoint's probe
 * @args: the tracepoint's arguments, one u64 each
 *
 * Called by the probes of include/trace/bpf_probe.h (also from modules),
 * with preemption disabled as in any tracepoint probe. A program that is
 * already running on this CPU is not run again: the call is counted as
 * a miss of @prog.
 *
 * Context: any context that cannot sleep, NMI included.
 */
void bpf_trace_run_args(struct bpf_prog *prog, u64 *args)
{
	cant_sleep();
	/*
	 * prog->active counts the runs of @prog entered on this CPU and not
	 * yet left. Preemption is off, so only this CPU's own contexts
	 * touch the counter, and they nest: an interrupt or NMI finishes its
	 * increment and its decrement before the code it interrupted goes
	 * on, so the count stays right even where the increment is not a
	 * single instruction. A run that finds more than itself counted
	 * came while another run of the program was under way here (a
	 * tracepoint hit from one of its helpers, or from an interrupt or
	 * NMI that came in meanwhile): it is counted as a miss and does not
	 * nest the program into itself. Runs on other CPUs have counters
	 * of their own and are not held up.
	 */
	if (unlikely(this_cpu_inc_return(*prog->active) != 1)) {
		bpf_prog_inc_misses_counter(prog);
	} else {
		rcu_read_lock();
		bpf_prog_run(prog, args);
		rcu_read_unlock();
	}
	/* Every increment is undone, whether the program ran or not. */
	this_cpu_dec(*prog->active);
}
EXPORT_SYMBOL_GPL(bpf_trace_run_args);
