/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing subsystem's interface to the rest of the kernel: the hooks
 * of the tracing framework that core kernel code calls, and the function
 * tracer's API (callbacks on the entry and the return of kernel
 * functions), which kprobes, livepatch, BPF and pstore build on.
 *
 * FUNCTION_TRACER, DYNAMIC_FTRACE and FUNCTION_GRAPH_TRACER are ours on
 * x86-64 and arm64: boot makes every call site of the kernel a recorded
 * nop, and registered ftrace_ops patch in calls to their callbacks. The
 * "on" half below declares what exists, and no-op stubs for the few
 * functions ours does not provide (the README lists them).
 */

#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <linux/bitops.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/linkage.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_recursion.h>
#include <linux/types.h>

#include <asm/ftrace.h>

struct ctl_table;
struct ftrace_ops;
struct ftrace_regs;
struct module;
struct task_struct;

/*
 * The framework's hooks, called by init/main.c: early_trace_init() once
 * memory allocation works, trace_init() once the scheduler, RCU and
 * workqueues do, and ftrace_boot_snapshot() as boot frees its init memory
 * (it takes the snapshot the command line asked for, if any).
 */
#ifdef CONFIG_TRACING
void early_trace_init(void);
void trace_init(void);
void ftrace_boot_snapshot(void);
#else
static inline void early_trace_init(void) { }
static inline void trace_init(void) { }
static inline void ftrace_boot_snapshot(void) { }
#endif

/*
 * Hooks of panic, oops and WARN handling, and their sysctls:
 * ftrace_dump_on_oops (which buffers ftrace_dump() writes to the console
 * on an oops), traceoff_on_warning and tracepoint_printk.
 */
#ifdef CONFIG_TRACING
extern enum ftrace_dump_mode ftrace_dump_on_oops;
extern int __disable_trace_on_warning;
extern int tracepoint_printk;

void disable_trace_on_warning(void);
int tracepoint_printk_sysctl(struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);
#else
static inline void disable_trace_on_warning(void) { }
#endif

/*
 * The function tracer: callbacks (struct ftrace_ops) on the entry of
 * kernel functions.
 */
#ifdef CONFIG_FUNCTION_TRACER
/*
 * A callback: the address of the traced function's call site, the
 * address it returns to, the ops it was registered with, and the
 * registers the entry code saved (the arch defines struct ftrace_regs).
 */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * Every register of a callback's fregs, or NULL: the entry code saved
 * them all only for an ops with FTRACE_OPS_FL_SAVE_REGS, and on x86-64
 * only (where the arch's header says which by cs); arm64's saves the
 * arguments alone.
 */
static __always_inline struct pt_regs *
ftrace_get_regs(struct ftrace_regs *fregs)
{
#ifdef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
	if (fregs)
		return arch_ftrace_get_regs(fregs);
#endif
	return NULL;
}

/*
 * The flags of struct ftrace_ops. The bit numbers are upstream's, so that
 * dumps compare.
 */
enum {
	/* Core state: registered and live, allocated at run time. */
	FTRACE_OPS_FL_ENABLED			= BIT(0),
	FTRACE_OPS_FL_DYNAMIC			= BIT(1),
	/* Wants all registers (or them if the arch can save them). */
	FTRACE_OPS_FL_SAVE_REGS			= BIT(2),
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	= BIT(3),
	/* Wants the core to guard the callback against recursion. */
	FTRACE_OPS_FL_RECURSION			= BIT(4),
	/* Core state: the ops does nothing, set up once, being removed. */
	FTRACE_OPS_FL_STUB			= BIT(5),
	FTRACE_OPS_FL_INITIALIZED		= BIT(6),
	FTRACE_OPS_FL_DELETED			= BIT(7),
	/* Core state: its sites are being added, removed, changed. */
	FTRACE_OPS_FL_ADDING			= BIT(8),
	FTRACE_OPS_FL_REMOVING			= BIT(9),
	FTRACE_OPS_FL_MODIFYING			= BIT(10),
	/* Core state: the ops has a trampoline of its own. */
	FTRACE_OPS_FL_ALLOC_TRAMP		= BIT(11),
	/* May change the ip it returns to (livepatch, kprobes). */
	FTRACE_OPS_FL_IPMODIFY			= BIT(12),
	/*
	 * Core-internal kinds: pid-filtered, RCU-watching, of an array (a
	 * tracer's, whose callback ignores a call that comes late, after
	 * unregister returned: see ftrace_tramp_free_later()).
	 */
	FTRACE_OPS_FL_PID			= BIT(13),
	FTRACE_OPS_FL_RCU			= BIT(14),
	FTRACE_OPS_FL_TRACE_ARRAY		= BIT(15),
	/* Must not be turned off with ftrace_enabled (livepatch). */
	FTRACE_OPS_FL_PERMANENT			= BIT(16),
	/* Calls a direct trampoline. */
	FTRACE_OPS_FL_DIRECT			= BIT(17),
};

/*
 * What the core asks of a direct ops' owner (ops_func), when an ops that
 * may change ip (livepatch) and a direct call come to share a function:
 *  SHARE_IPMODIFY_SELF   the direct ops is registering (or widening its
 *                        filter) onto a function such an ops wants: may
 *                        it share? 0 yes; an error (-EAGAIN: the owner
 *                        rebuilds its trampoline first) fails the change.
 *  SHARE_IPMODIFY_PEER   such an ops is registering onto a function the
 *                        direct ops wants: make the trampoline fit for
 *                        sharing; an error refuses that ops.
 *  DISABLE_..._PEER      that ops has gone: sharing may end.
 * The names and the protocol are upstream's (kernel/bpf/trampoline.c).
 */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op,
				 enum ftrace_ops_cmd cmd);

/*
 * A user of the function tracer. Static initialisers set only func,
 * flags and private: everything else must work as zero.
 */
struct ftrace_ip_set;

struct ftrace_ops {
	ftrace_func_t		func;
	struct ftrace_ops __rcu	*next;
	unsigned long		flags;
	void			*private;
	/*
	 * The functions it wants: all but those in notrace if filter is
	 * NULL, else those in filter but not in notrace (the _ips sets). Set through
	 * ftrace_set_filter() and friends (kernel/trace/ftrace_filter.c).
	 */
	struct ftrace_ip_set __rcu *filter_ips;
	struct ftrace_ip_set __rcu *notrace_ips;
	/*
	 * If set, the ops whose filter and notrace sets this one follows
	 * instead of its own (the function profiler follows the top
	 * array's set_ftrace_filter); it must outlive the registration.
	 */
	struct ftrace_ops	*sets_of;
	/*
	 * Its own entry code while registered, if the arch makes one
	 * (kernel/trace/ftrace_tramp.c): a site only it wants calls that.
	 * tramp_slot is the core's number for it (0: none).
	 */
	unsigned long		trampoline;
	unsigned long		trampoline_size;
	unsigned int		tramp_slot;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/*
	 * A direct ops (FTRACE_OPS_FL_DIRECT, kernel/trace/ftrace_direct.c):
	 * the code its functions go to, called from their sites as if
	 * they had called it; and its owner's answer to the core's
	 * questions (enum ftrace_ops_cmd), if it has one.
	 */
	unsigned long		direct_call;
	ftrace_ops_func_t	ops_func;
#endif
};

/*
 * Registering a callback: from then on it is called on the entry of
 * every traceable function (kernel/trace/ftrace_ops.c).
 */
int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/* Give up patching for good (a bug was found). */
void ftrace_kill(void);

/*
 * /proc/sys/kernel/ftrace_enabled: 0 turns every call site back into
 * the nop while the ops stay registered; any other value patches them
 * again. The kexec path clears it without patching, as the other CPUs
 * are stopped by then.
 */
extern int ftrace_enabled;

static inline void tracer_disable(void)
{
	ftrace_enabled = 0;
}

static inline int __ftrace_enabled_save(void)
{
	int saved = ftrace_enabled;

	ftrace_enabled = 0;
	return saved;
}

static inline void __ftrace_enabled_restore(int enabled)
{
	ftrace_enabled = enabled;
}

/* Symbol lookup for fprobe and BPF: step 3. */
static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/* The entry hook the compiler calls (-mfentry) or leaves a nop for. */
void ftrace_stub(unsigned long ip, unsigned long parent_ip,
		 struct ftrace_ops *op, struct ftrace_regs *fregs);
#else /* !CONFIG_FUNCTION_TRACER */
/*
 * Without it, registering "succeeds" and nothing is ever called; macros,
 * because struct ftrace_ops has no definition here.
 */
#define register_ftrace_function(ops) ({ 0; })
#define unregister_ftrace_function(ops) ({ 0; })

static inline void ftrace_kill(void) { }
static inline void tracer_disable(void) { }

/*
 * Turning the function tracer off around code that must not be traced
 * (kexec's jump to the new kernel): nothing to turn off.
 */
static inline int __ftrace_enabled_save(void)
{
	return 0;
}

static inline void __ftrace_enabled_restore(int enabled) { }

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}
#endif /* !CONFIG_FUNCTION_TRACER */

/*
 * Patching the call sites at run time: the table of call sites of the
 * kernel and of each module (kernel/trace/ftrace_records.c).
 */
#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * One call site. ip is the address of the hook's first byte; flags will
 * hold its state (what it calls, how many ops want it), arch what the
 * architecture keeps per site.
 */
struct dyn_ftrace {
	unsigned long		ip;
	unsigned long		flags;
	struct dyn_arch_ftrace	arch;
};

/*
 * The site at ip, or the site inside the function that starts at ip:
 * its address, or 0 if there is none.
 */
unsigned long ftrace_location(unsigned long ip);
/* The lowest site that overlaps [start, end], or 0. */
unsigned long ftrace_location_range(unsigned long start, unsigned long end);
/* Whether a site overlaps [start, end]: that text must not be rewritten. */
int ftrace_text_reserved(const void *start, const void *end);

/*
 * Init memory going away: ftrace_free_init_mem() for the kernel's (it
 * also takes the boot snapshot), ftrace_free_mem() for a range.
 */
void ftrace_free_init_mem(void);
void ftrace_free_mem(struct module *mod, void *start, void *end);

/*
 * A module's sites: recorded while it is loaded (init), armed once its
 * text is read-only (enable), dropped when it goes away (release).
 */
void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);

/*
 * Whether the sites start as calls that boot must turn into nops, or
 * the compiler made them nops already (-mnop-mcount).
 */
#ifndef ftrace_need_init_nop
#define ftrace_need_init_nop() (!__is_defined(CC_USING_NOP_MCOUNT))
#endif

/*
 * The arch's rewriting of one site from a call to addr into a nop; with
 * mod NULL, early in boot, before the kernel's text is read-only.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr);
/*
 * The rest of the arch's side (arch/<arch>/kernel/ftrace.c), for the
 * core's passes: a pass is bracketed by prepare and post_process; each
 * site goes from the nop to a call of addr (make_call), from one call to
 * another (modify_call), or back (make_nop); ftrace_call in ftrace_caller
 * is pointed at func; site_holds reads a site back (0: the nop).
 */
void ftrace_arch_code_modify_prepare(void);
void ftrace_arch_code_modify_post_process(void);
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr);
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr);
int ftrace_update_ftrace_func(ftrace_func_t func);
bool ftrace_arch_site_holds(struct dyn_ftrace *rec, unsigned long target);

/* The entry code that trampolines are copied from (the ORC unwinder). */
void ftrace_caller(void);
void ftrace_regs_caller(void);
/* Labels inside ftrace_caller that an arch's trampoline code rewrites. */
void ftrace_caller_op_ptr(void);
void ftrace_caller_end(void);
/* x86-64: the call of ftrace_regs_caller that ftrace_call's func sets. */
void ftrace_regs_call(void);
/* arm64: the pool of per-ops trampolines, and its closed gates' target. */
void ftrace_tramp_pool(void);
void ftrace_tramp_closed(void);

/*
 * The addresses a site calls when no per-ops trampoline serves it: the
 * core's passes use them, and so does arm64's module loader, which
 * writes each module's ftrace PLT entries (module_init_ftrace_plt()).
 * Only x86-64 has a separate full-register entry (FTRACE_FULL_REGS);
 * elsewhere both name ftrace_caller.
 */
#define FTRACE_ADDR	((unsigned long)ftrace_caller)
#ifdef CONFIG_FTRACE_FULL_REGS
#define FTRACE_REGS_ADDR	((unsigned long)ftrace_regs_caller)
#else
#define FTRACE_REGS_ADDR	FTRACE_ADDR
#endif

/*
 * Trampolines of single ops (kernel/trace/ftrace_tramp.c): whether addr
 * is in one, and a description of it (an ops with its flags, address and
 * size), from its making until the last task has left it. Safe from any
 * context (the unwinder, kernel_text_address()).
 */
bool is_ftrace_trampoline(unsigned long addr);
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr);

/*
 * The arch's trampolines; the weak defaults make none. create builds a
 * read-only, executable trampoline that passes ops and calls entry, and
 * returns its address (0: none) and size; free releases it once no CPU
 * or task can be in it; silence points its call at ftrace_stub, for a
 * trampoline that sites may keep calling after patching was given up;
 * reaches says whether the site at ip can call the trampoline at addr
 * (the default: always), and a site that cannot calls ftrace_caller.
 */
unsigned long arch_ftrace_tramp_create(struct ftrace_ops *ops,
				       ftrace_func_t entry,
				       unsigned long *size);
void arch_ftrace_tramp_free(unsigned long addr);
void arch_ftrace_tramp_silence(unsigned long addr);
bool arch_ftrace_tramp_reaches(unsigned long ip, unsigned long addr);

/*
 * kallsyms (kernel/trace/ftrace_kallsyms.c): a module's init functions
 * after their text is freed, by their names, and the trampolines of
 * single ops, each named FTRACE_TRAMP_SYM of the pseudo-module
 * FTRACE_TRAMP_MOD (upstream's names).
 */
#define FTRACE_TRAMP_MOD	"__builtin__ftrace"
#define FTRACE_TRAMP_SYM	"ftrace_trampoline"
const char *ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
				      unsigned long *off, char **modname,
				      const unsigned char **modbuildid,
				      char *sym);
/* The symnum-th of them; -ERANGE past the last. */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported);

/*
 * Which functions an ops wants (kernel/trace/ftrace_filter.c): buf holds
 * globs, "!glob" to remove, separated by spaces; reset starts from an
 * empty set (every function, for a filter). The ip variants take
 * function addresses. -EINVAL for a glob that matches nothing.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset);
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);
/* Drop the sets of an ops that is not registered. */
void ftrace_free_filter(struct ftrace_ops *ops);
/* No-ops in ours: no global filter for an ops, nor an early one. */
#define ftrace_set_early_filter(ops, buf, enable) do { } while (0)
#define ftrace_ops_set_global_filter(ops) do { } while (0)
#else /* !CONFIG_DYNAMIC_FTRACE */
static inline void ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
}

static inline void ftrace_free_mem(struct module *mod, void *start,
				   void *end) { }
static inline void ftrace_module_init(struct module *mod) { }
static inline void ftrace_module_enable(struct module *mod) { }
static inline void ftrace_release_mod(struct module *mod) { }
static inline void ftrace_disable_daemon(void) { }
static inline void ftrace_enable_daemon(void) { }

static inline int skip_trace(unsigned long ip)
{
	return 0;
}

static inline unsigned long ftrace_location(unsigned long ip)
{
	return 0;
}

static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

/* Symbols of the trampolines, for kallsyms. */
static inline const char *
ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			  unsigned long *off, char **modname,
			  const unsigned char **modbuildid, char *sym)
{
	return NULL;
}

static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -1;
}

/* Filters: macros, for the same reason as register_ftrace_function(). */
#define ftrace_set_filter_ip(ops, ip, remove, reset) ({ -ENODEV; })
#define ftrace_set_filter_ips(ops, ips, cnt, remove, reset) ({ -ENODEV; })
#define ftrace_set_filter(ops, buf, len, reset) ({ -ENODEV; })
#define ftrace_set_notrace(ops, buf, len, reset) ({ -ENODEV; })
#define ftrace_set_early_filter(ops, buf, enable) do { } while (0)
#define ftrace_free_filter(ops) do { } while (0)
#define ftrace_ops_set_global_filter(ops) do { } while (0)
#endif /* !CONFIG_DYNAMIC_FTRACE */

/*
 * Direct calls (kernel/trace/ftrace_direct.c): the sites of some
 * functions call a trampoline of the caller's (BPF's, a sample module's)
 * instead of the tracer's, entered as if the function had called it
 * first thing: the arguments in their registers, the return address
 * into the function on top of the stack. It must save and restore what
 * it uses, and return into the function (or call it and return past
 * it, as BPF's fexit trampolines do).
 *
 * One ip, one trampoline: the _multi forms take an ops whose filter
 * (ftrace_set_filter_ip()) names the functions, all sent to addr.
 * A function has at most one direct call (-EBUSY for a second).
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* The number of direct calls registered through the ip API. */
extern int ftrace_direct_func_count;

int register_ftrace_direct(unsigned long ip, unsigned long addr);
int unregister_ftrace_direct(unsigned long ip, unsigned long addr);
int modify_ftrace_direct(unsigned long ip, unsigned long old_addr,
			 unsigned long new_addr);
unsigned long ftrace_find_rec_direct(unsigned long ip);
int register_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_multi(struct ftrace_ops *ops, unsigned long addr);
/* The same, for a caller holding the direct calls' lock (an ops_func). */
int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops,
				      unsigned long addr);
#else
#define ftrace_direct_func_count 0

static inline int register_ftrace_direct(unsigned long ip, unsigned long addr)
{
	return -ENOTSUPP;
}

static inline int unregister_ftrace_direct(unsigned long ip, unsigned long addr)
{
	return -ENOTSUPP;
}

static inline int modify_ftrace_direct(unsigned long ip, unsigned long old_addr,
				       unsigned long new_addr)
{
	return -ENOTSUPP;
}

static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

static inline int register_ftrace_direct_multi(struct ftrace_ops *ops,
					       unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct_multi(struct ftrace_ops *ops,
						 unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_multi(struct ftrace_ops *ops,
					     unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_multi_nolock(struct ftrace_ops *ops,
						    unsigned long addr)
{
	return -ENODEV;
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/*
 * The function graph tracer: callbacks on function return, through a
 * per-task stack of diverted return addresses (kernel/trace/fgraph.c).
 *
 * On entry to a traced function the arch's ftrace_graph_func() (an
 * ftrace_ops callback) calls function_graph_enter() with the address the
 * function will return to; if that pushes it on the task's stack, the
 * arch replaces the return address with return_to_handler. When the
 * function returns there, ftrace_return_to_handler() pops the entry,
 * calls the return callback and hands back the real address.
 */

/* One function entered (the payload of a funcgraph_entry record: ABI). */
struct ftrace_graph_ent {
	unsigned long func;
	int depth;
} __packed;

/* One function returned (the payload of a funcgraph_exit record: ABI). */
struct ftrace_graph_ret {
	unsigned long func;
	int depth;
	/* calls not traced because the task's stack was full */
	unsigned int overrun;
	unsigned long long calltime;
	unsigned long long rettime;
} __packed;

/* The callbacks: entry returns nonzero to have the return traced too. */
typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *);
typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
};

/*
 * One diverted return: where the function really returns to, the
 * function, when it was entered (sleep excluded unless the sleep-time
 * option is on), the time its callees took (the profiler's graph-time
 * off), the frame pointer at entry (checked on return) and the address
 * of the return address slot (unwinders find the entry by it).
 */
struct ftrace_ret_stack {
	unsigned long ret;
	unsigned long func;
	unsigned long long calltime;
	unsigned long long subtime;
	unsigned long fp;
	unsigned long *retp;
};

/* The arch's trampoline that functions return to while diverted. */
void return_to_handler(void);

/*
 * Push a diverted return for func, whose real return address is ret, on
 * current's stack and call the entry callback: 0 if the arch must now
 * divert the return, -EBUSY if not.
 */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp);
/*
 * The common part of the arches' ftrace_graph_func(): divert the return
 * address at *parent of the function whose site is ip. frame_pointer:
 * the caller's frame, checked when the function returns (0: none);
 * retp: what the arch's unwinder will pass ftrace_graph_ret_addr() to
 * name this return (the slot on x86-64, the caller's frame on arm64).
 */
void ftrace_graph_hook(unsigned long ip, unsigned long *parent,
		       unsigned long frame_pointer, unsigned long *retp);
/* Called by return_to_handler: the real return address. */
unsigned long ftrace_return_to_handler(unsigned long frame_pointer);

/* The idx'th diverted return of task from the innermost, or NULL. */
struct ftrace_ret_stack *
ftrace_graph_get_ret_stack(struct task_struct *task, int idx);

/*
 * For unwinders: if ret is return_to_handler, the real return address
 * of the diverted return whose slot is retp; ret otherwise. idx is
 * unused (the slot identifies the entry).
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);

/* Functions the function tracer may trace but the graph tracer not. */
#define __notrace_funcgraph		notrace

/* Depth of each task's stack of diverted returns. */
#define FTRACE_RETFUNC_DEPTH 50
/* Tasks given a stack in one pass of register_ftrace_graph(). */
#define FTRACE_RETSTACK_ALLOC_SIZE 32

/* One user at a time: -EBUSY while another is registered. */
int register_ftrace_graph(struct fgraph_ops *ops);
void unregister_ftrace_graph(struct fgraph_ops *ops);

/*
 * Set for good when the graph tracer finds its state broken: no new
 * return is diverted after that.
 */
DECLARE_STATIC_KEY_FALSE(kill_ftrace_graph);

static inline bool ftrace_graph_is_dead(void)
{
	return static_branch_unlikely(&kill_ftrace_graph);
}

void ftrace_graph_stop(void);

/*
 * Around code that must not have its returns diverted (suspend): no new
 * return is diverted for current; those already diverted still return.
 */
static inline void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

static inline void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

/* fork, exit and CPU bring-up: a task's stack of returns. */
void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_exit_task(struct task_struct *t);
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);

#else /* !CONFIG_FUNCTION_GRAPH_TRACER */
static inline void ftrace_graph_init_task(struct task_struct *t) { }
static inline void ftrace_graph_exit_task(struct task_struct *t) { }
static inline void ftrace_graph_init_idle_task(struct task_struct *t,
					       int cpu) { }

/*
 * Unwinders ask for the real return address behind a diverted one; none
 * is ever diverted.
 */
static inline unsigned long
ftrace_graph_ret_addr(struct task_struct *task, int *idx, unsigned long ret,
		      unsigned long *retp)
{
	return ret;
}

/* Around code that must not be seen returning (arm64 suspend). */
static inline void pause_graph_tracing(void) { }
static inline void unpause_graph_tracing(void) { }

#define __notrace_funcgraph
/* No user can register; macros, as struct fgraph_ops is not defined. */
#define register_ftrace_graph(ops) ({ -1; })
#define unregister_ftrace_graph(ops) do { } while (0)
#endif /* !CONFIG_FUNCTION_GRAPH_TRACER */

/*
 * The stack tracer records the deepest kernel stack seen
 * (kernel/trace/trace_stack.c); RCU turns it off where it must not look.
 */
#ifdef CONFIG_STACK_TRACER
/* /proc/sys/kernel/stack_tracer_enabled (kernel/sysctl.c) */
extern int stack_tracer_enabled;
int stack_trace_sysctl(struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);

/*
 * Nonzero while this CPU must not be measured. Only through the helpers
 * below (and the stack tracer's own code).
 */
DECLARE_PER_CPU(int, disable_stack_tracer);

/*
 * Keep the stack tracer off this CPU for a short section. The caller has
 * preemption or interrupts disabled from before stack_tracer_disable()
 * until after the matching stack_tracer_enable(), so that both touch
 * the same CPU's counter.
 */
static inline void stack_tracer_disable(void)
{
	this_cpu_inc(disable_stack_tracer);
}

static inline void stack_tracer_enable(void)
{
	this_cpu_dec(disable_stack_tracer);
}
#else
static inline void stack_tracer_disable(void) { }
static inline void stack_tracer_enable(void) { }
#endif

/*
 * The table of call sites built into the image, read at boot; the
 * section a module's table is in.
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
void __init ftrace_init(void);

#ifdef CC_USING_PATCHABLE_FUNCTION_ENTRY
#define FTRACE_CALLSITE_SECTION "__patchable_function_entries"
#else
#define FTRACE_CALLSITE_SECTION "__mcount_loc"
#endif
#else
static inline void ftrace_init(void) { }
#endif

/*
 * Return addresses of the current function (0) and its callers (1 and up).
 * Without frame pointers only the first is known; an architecture may say
 * how to find the others.
 */
#ifndef ftrace_return_address0
#define ftrace_return_address0 __builtin_return_address(0)
#endif

#if !defined(ftrace_return_address) && defined(CONFIG_FRAME_POINTER)
#define ftrace_return_address(n) __builtin_return_address(n)
#elif !defined(ftrace_return_address)
#define ftrace_return_address(n) 0UL
#endif

#define __CALLER_ADDR(n) ((unsigned long)ftrace_return_address(n))

#define CALLER_ADDR0 ((unsigned long)ftrace_return_address0)
#define CALLER_ADDR1 __CALLER_ADDR(1)
#define CALLER_ADDR2 __CALLER_ADDR(2)
#define CALLER_ADDR3 __CALLER_ADDR(3)
#define CALLER_ADDR4 __CALLER_ADDR(4)
#define CALLER_ADDR5 __CALLER_ADDR(5)
#define CALLER_ADDR6 __CALLER_ADDR(6)

/*
 * The first caller outside the locking functions: who took the lock, for
 * hooks called from preempt_count_add() inside spin_lock() and friends.
 */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long ip = CALLER_ADDR0;

	if (in_lock_functions(ip)) {
		ip = CALLER_ADDR1;
		if (in_lock_functions(ip))
			ip = CALLER_ADDR2;
	}
	return ip;
}

/*
 * Preemption turned off and back on, at the outermost level, for the
 * latency tracers (kernel/trace/trace_preemptirq.c). Without them, macros
 * that do not even evaluate the caller addresses.
 */
#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
void trace_preempt_on(unsigned long a0, unsigned long a1);
void trace_preempt_off(unsigned long a0, unsigned long a1);
#else
#define trace_preempt_on(a0, a1) do { } while (0)
#define trace_preempt_off(a0, a1) do { } while (0)
#endif

/*
 * The address of syscall number nr's entry point, which kallsyms names
 * for the syscall events (a weak default reads sys_call_table[]).
 */
#ifdef CONFIG_FTRACE_SYSCALLS
unsigned long arch_syscall_addr(int nr);
#endif

#endif /* _LINUX_FTRACE_H */
