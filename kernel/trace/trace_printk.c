// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk(), trace_puts() and friends: kernel code writing text into
 * the buffer, and printk_formats, the file that lets tools decode it.
 *
 * Entry kinds: trace_printk() with a constant format records TRACE_BPRINT,
 * the format's address and its arguments packed by vbin_printf(); the
 * text is made only when the entry is read. Other formats record
 * TRACE_PRINT with the text made at once. trace_puts() of a constant
 * records TRACE_BPUTS, just the string's address; of anything else,
 * TRACE_PRINT. All go to the top-level array while its trace_printk
 * option is on, except trace_array_printk(), which writes to an instance.
 *
 * The text or the packed arguments are made in a per-CPU scratch buffer
 * before the entry is reserved, because their size is known only then.
 * Each CPU has one buffer per context that can nest (task, softirq, irq,
 * NMI) and a depth counter, so no lock is needed. The scratch buffers
 * are allocated the first time something uses trace_printk(), along with
 * a loud banner: trace_printk() is for debugging only.
 *
 * Formats: the address in a bprint or bputs entry must stay readable as
 * long as the entry can be printed, and printk_formats must list it.
 * The kernel's formats sit in the __trace_printk_fmt section (pointers
 * to them) and tracepoint_string()s in __tracepoint_str. A module's
 * formats would go away with it, so when it loads each is copied (one
 * copy per distinct text, kept forever) and the module's pointer to it
 * is redirected to the copy before any of its code runs.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ftrace.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"

/* output beyond this is cut (TRACE_PRINT) or not recorded (TRACE_BPRINT) */
#define PRINTK_BUF_SIZE		1024
#define PRINTK_NEST_MAX		4	/* task, softirq, irq, NMI */

struct printk_scratch {
	unsigned int	depth;
	char		buf[PRINTK_NEST_MAX][PRINTK_BUF_SIZE];
};

static struct printk_scratch __percpu *printk_scratch;
static DEFINE_MUTEX(printk_scratch_mutex);
static bool printk_banner_shown;

/* ---- the per-CPU scratch buffers ---- */

static int printk_scratch_alloc(void)
{
	struct printk_scratch __percpu *p;
	int ret = 0;

	mutex_lock(&printk_scratch_mutex);
	if (!printk_scratch) {
		p = alloc_percpu(struct printk_scratch);
		if (p)
			/* writers that see the pointer see zeroed buffers */
			smp_store_release(&printk_scratch, p);
		else
			ret = -ENOMEM;
	}
	mutex_unlock(&printk_scratch_mutex);
	return ret;
}

/*
 * Take this CPU's next scratch buffer; preemption is off. An interrupt
 * that comes between the read of depth and its increment takes the same
 * level, but gives it back before we resume, so we find depth as it was.
 */
static char *printk_scratch_get(struct printk_scratch **sp)
{
	struct printk_scratch __percpu *all;
	struct printk_scratch *s;
	unsigned int level;

	/* pairs with the release in printk_scratch_alloc() */
	all = smp_load_acquire(&printk_scratch);
	if (!all)
		return NULL;
	s = this_cpu_ptr(all);
	level = s->depth;
	if (level >= PRINTK_NEST_MAX)
		return NULL;
	s->depth = level + 1;
	/* a nested context must see the level taken before we write it */
	barrier();
	*sp = s;
	return s->buf[level];
}

static void printk_scratch_put(struct printk_scratch *s)
{
	/* our writes to the buffer stay before the release of the level */
	barrier();
	s->depth--;
}

/* The text users see (and grep logs for), one printk per line: upstream's. */
static const char *const printk_banner[] = {
	"",
	"**********************************************************",
	"**   NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE   **",
	"**                                                      **",
	"** trace_printk() being used. Allocating extra memory.  **",
	"**                                                      **",
	"** This means that this is a DEBUG kernel and it is     **",
	"** unsafe for production use.                           **",
	"**                                                      **",
	"** If you see this message and you are not debugging    **",
	"** the kernel, report this immediately to your vendor!  **",
	"**                                                      **",
	"**   NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE NOTICE   **",
	"**********************************************************",
};

void trace_printk_init_buffers(void)
{
	unsigned int i;

	if (READ_ONCE(printk_banner_shown))
		return;
	if (printk_scratch_alloc())
		return;

	mutex_lock(&printk_scratch_mutex);
	if (printk_banner_shown) {
		mutex_unlock(&printk_scratch_mutex);
		return;
	}
	WRITE_ONCE(printk_banner_shown, true);
	mutex_unlock(&printk_scratch_mutex);

	for (i = 0; i < ARRAY_SIZE(printk_banner); i++)
		pr_warn("%s\n", printk_banner[i]);

	/* whoever debugs with trace_printk() wants a full-size buffer */
	tracing_update_buffers();
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/* ---- writing entries ---- */

static bool printk_enabled(struct trace_array *tr)
{
	return trace_opt(tr, TRACE_OPT_PRINTK);
}

/*
 * Reserve and fill an entry of size bytes with fill(entry, arg) and
 * commit it. Nesting is allowed: trace_printk() may be called while this
 * CPU has an entry of its own reserved (from a tracer's callback).
 */
static bool printk_record(struct trace_array *tr, int type, size_t size,
			  unsigned int trace_ctx,
			  void (*fill)(void *entry, const void *arg),
			  const void *arg)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	bool done = false;

	if (!buffer)
		return false;
	ring_buffer_nest_start(buffer);
	event = trace_buffer_lock_reserve(buffer, type, size, trace_ctx);
	if (event) {
		fill(ring_buffer_event_data(event), arg);
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
		done = true;
	}
	ring_buffer_nest_end(buffer);
	return done;
}

struct printk_text {
	unsigned long	ip;
	const char	*text;
	size_t		len;		/* without the terminating NUL */
	bool		add_newline;	/* trace_puts(): end with "\n" */
};

static void fill_print(void *p, const void *arg)
{
	const struct printk_text *t = arg;
	struct print_entry *entry = p;
	size_t len = t->len;

	entry->ip = t->ip;
	memcpy(entry->buf, t->text, len);
	if (t->add_newline && (!len || entry->buf[len - 1] != '\n'))
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
}

struct printk_words {
	unsigned long	ip;
	const char	*fmt;
	const u32	*words;
	int		nr;
};

static void fill_bprint(void *p, const void *arg)
{
	const struct printk_words *w = arg;
	struct bprint_entry *entry = p;

	entry->ip = w->ip;
	entry->fmt = w->fmt;
	memcpy(entry->buf, w->words, w->nr * sizeof(u32));
}

struct printk_bputs {
	unsigned long	ip;
	const char	*str;
};

static void fill_bputs(void *p, const void *arg)
{
	const struct printk_bputs *b = arg;
	struct bputs_entry *entry = p;

	entry->ip = b->ip;
	entry->str = b->str;
}

int trace_vbprintk(unsigned long ip, const char *fmt, va_list args)
{
	struct trace_array *tr = top_trace_array();
	struct printk_words w = { .ip = ip, .fmt = fmt };
	const int max_words = PRINTK_BUF_SIZE / sizeof(u32);
	struct printk_scratch *s;
	unsigned int trace_ctx;
	u32 *words;
	int nr = 0;

	if (tracing_is_disabled())
		return 0;
	/* the function graph should not show trace_printk()'s own calls */
	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();

	words = (u32 *)printk_scratch_get(&s);
	if (words) {
		nr = vbin_printf(words, max_words, fmt, args);
		/* arguments that do not fit are not recorded at all */
		if (nr >= 0 && nr <= max_words) {
			w.words = words;
			w.nr = nr;
			printk_record(tr, TRACE_BPRINT,
				      sizeof(struct bprint_entry) +
				      nr * sizeof(u32), trace_ctx,
				      fill_bprint, &w);
		}
		printk_scratch_put(s);
	}

	preempt_enable_notrace();
	unpause_graph_tracing();
	return nr;
}
EXPORT_SYMBOL_GPL(trace_vbprintk);

int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
			const char *fmt, va_list args)
{
	struct printk_text t = { .ip = ip };
	struct printk_scratch *s;
	unsigned int trace_ctx;
	char *text;
	int len = 0;

	if (tracing_is_disabled())
		return 0;
	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx();
	preempt_disable_notrace();

	text = printk_scratch_get(&s);
	if (text) {
		/* longer text is cut to the buffer */
		len = vscnprintf(text, PRINTK_BUF_SIZE, fmt, args);
		t.text = text;
		t.len = len;
		printk_record(tr, TRACE_PRINT,
			      sizeof(struct print_entry) + len + 1, trace_ctx,
			      fill_print, &t);
		printk_scratch_put(s);
	}

	preempt_enable_notrace();
	unpause_graph_tracing();
	return len;
}

int trace_vprintk(unsigned long ip, const char *fmt, va_list args)
{
	return trace_array_vprintk(top_trace_array(), ip, fmt, args);
}
EXPORT_SYMBOL_GPL(trace_vprintk);

/*
 * The entry points of trace_printk() and ftrace_vprintk(): they record
 * only while the top level's trace_printk option is on. A NULL format is
 * a module's that could not be kept when it loaded.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	if (!fmt || !printk_enabled(top_trace_array()))
		return 0;
	return trace_vbprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	if (!printk_enabled(top_trace_array()))
		return 0;
	return trace_vprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = __ftrace_vbprintk(ip, fmt, args);
	va_end(args);
	return len;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = __ftrace_vprintk(ip, fmt, args);
	va_end(args);
	return len;
}
EXPORT_SYMBOL_GPL(__trace_printk);

int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	struct printk_text t = {
		.ip = ip, .text = str, .len = size, .add_newline = true,
	};

	if (size < 0 || !printk_enabled(tr) || tracing_is_disabled())
		return 0;
	/* the string, a possible newline, the NUL */
	if (!printk_record(tr, TRACE_PRINT,
			   sizeof(struct print_entry) + size + 2,
			   tracing_gen_ctx(), fill_print, &t))
		return 0;
	return size;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

int __trace_puts(unsigned long ip, const char *str, int size)
{
	return __trace_array_puts(top_trace_array(), ip, str, size);
}
EXPORT_SYMBOL_GPL(__trace_puts);

int __trace_bputs(unsigned long ip, const char *str)
{
	struct trace_array *tr = top_trace_array();
	struct printk_bputs b = { .ip = ip, .str = str };

	if (!printk_enabled(tr) || tracing_is_disabled())
		return 0;
	return printk_record(tr, TRACE_BPUTS, sizeof(struct bputs_entry),
			     tracing_gen_ctx(), fill_bputs, &b);
}
EXPORT_SYMBOL_GPL(__trace_bputs);

int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (!tr)
		return -ENOENT;
	/* the top level is trace_printk()'s, for debugging only */
	if (tr == top_trace_array() || !printk_enabled(tr))
		return 0;
	va_start(ap, fmt);
	ret = trace_array_vprintk(tr, ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/*
 * The scratch buffers trace_vprintk() needs, without the debug banner:
 * for a tracer whose kernel callers print into its trace on purpose
 * (mmiotrace_printk()).
 */
int trace_printk_scratch_init(void)
{
	return printk_scratch_alloc();
}

int trace_array_init_printk(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	if (tr == top_trace_array())
		return -EINVAL;
	/* instances may use it in production: no banner */
	return printk_scratch_alloc();
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/* ---- formats ---- */

/* A module's format, copied; never freed, so an entry can point to it. */
struct printk_fmt_copy {
	struct list_head	node;
	char			text[];
};

/* Appended under the mutex; read locklessly (entries are never removed). */
static LIST_HEAD(printk_fmt_copies);
static DEFINE_MUTEX(printk_fmt_mutex);

static bool in_section(const char *str, const char **start,
		       const char **stop)
{
	const char **p;

	for (p = start; p < stop; p++)
		if (*p == str)
			return true;
	return false;
}

bool trace_is_tracepoint_string(const char *str)
{
	return in_section(str, __start___tracepoint_str,
			  __stop___tracepoint_str);
}

static const char *printk_fmt_copy_find(const char *fmt)
{
	struct printk_fmt_copy *c;
	const char *found = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(c, &printk_fmt_copies, node) {
		if (c->text == fmt || !strcmp(c->text, fmt)) {
			found = c->text;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

const char *trace_printk_fmt_for(const char *fmt)
{
	if (!fmt)
		return NULL;
	if (in_section(fmt, __start___trace_bprintk_fmt,
		       __stop___trace_bprintk_fmt) ||
	    trace_is_tracepoint_string(fmt))
		return fmt;
	return printk_fmt_copy_find(fmt);
}

#ifdef CONFIG_MODULES
/* printk_fmt_mutex held; NULL if out of memory */
static const char *printk_fmt_keep(const char *fmt)
{
	struct printk_fmt_copy *c;
	const char *kept = printk_fmt_copy_find(fmt);
	size_t len;

	if (kept)
		return kept;
	len = strlen(fmt) + 1;
	c = kmalloc(struct_size(c, text, len), GFP_KERNEL);
	if (!c)
		return NULL;
	memcpy(c->text, fmt, len);
	/* lockless readers see the text before the node */
	list_add_tail_rcu(&c->node, &printk_fmt_copies);
	return c->text;
}

/*
 * A module is about to run: point its trace_printk() formats at copies
 * that outlive it. One it cannot copy becomes NULL, which
 * __trace_bprintk() ignores.
 */
static void printk_fmt_take_module(struct module *mod)
{
	const char **fmt = mod->trace_bprintk_fmt_start;
	const char **end = fmt + mod->num_trace_bprintk_fmt;

	if (fmt == end)
		return;
	trace_printk_init_buffers();
	mutex_lock(&printk_fmt_mutex);
	for (; fmt < end; fmt++)
		if (*fmt)
			*fmt = printk_fmt_keep(*fmt);
	mutex_unlock(&printk_fmt_mutex);
}

static int printk_fmt_module_notify(struct notifier_block *nb,
				    unsigned long state, void *data)
{
	if (state == MODULE_STATE_COMING)
		printk_fmt_take_module(data);
	return NOTIFY_OK;
}

static struct notifier_block printk_fmt_module_nb = {
	.notifier_call = printk_fmt_module_notify,
};

static int __init printk_fmt_module_init(void)
{
	return register_module_notifier(&printk_fmt_module_nb);
}
#else
static inline int printk_fmt_module_init(void)
{
	return 0;
}
#endif /* CONFIG_MODULES */

static int __init trace_printk_init(void)
{
	/* the kernel itself uses trace_printk(): set up now */
	if (__stop___trace_bprintk_fmt - __start___trace_bprintk_fmt)
		trace_printk_init_buffers();
	return printk_fmt_module_init();
}
early_initcall(trace_printk_init);

/*
 * printk_formats lists, in this order, the kernel's trace_printk()
 * formats, its tracepoint strings, then the copies of modules' formats.
 * The seq position indexes that concatenation; the copies are walked
 * under the mutex, and m->private remembers the current one.
 */

/* stands for an empty slot (ftrace_vprintk() of a variable leaves NULL) */
static const char printk_fmt_none[] = "";

static const char *printk_fmt_slot(const char *fmt)
{
	return fmt ? fmt : printk_fmt_none;
}

static const char *printk_fmt_at(struct seq_file *m, loff_t pos)
{
	loff_t nfmt = __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
	loff_t nstr = __stop___tracepoint_str - __start___tracepoint_str;
	struct printk_fmt_copy *c = NULL, *cur = m->private;

	if (pos < nfmt)
		return printk_fmt_slot(__start___trace_bprintk_fmt[pos]);
	pos -= nfmt;
	if (pos < nstr)
		return printk_fmt_slot(__start___tracepoint_str[pos]);
	pos -= nstr;

	if (cur && pos)		/* walking: the next copy */
		c = list_next_entry(cur, node);
	else if (!pos)		/* the first copy */
		c = list_first_entry(&printk_fmt_copies, typeof(*c), node);
	else			/* a restart in the middle */
		list_for_each_entry(c, &printk_fmt_copies, node)
			if (!pos--)
				break;
	if (list_entry_is_head(c, &printk_fmt_copies, node)) {
		m->private = NULL;
		return NULL;
	}
	m->private = c;
	return c->text;
}

static void *printk_formats_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&printk_fmt_mutex);
	m->private = NULL;
	return (void *)printk_fmt_at(m, *pos);
}

static void *printk_formats_next(struct seq_file *m, void *v, loff_t *pos)
{
	return (void *)printk_fmt_at(m, ++*pos);
}

static void printk_formats_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&printk_fmt_mutex);
}

/* "0xADDR : "TEXT"" with newlines, tabs and quotes escaped (ABI) */
static int printk_formats_show(struct seq_file *m, void *v)
{
	const char *s = v;

	if (s == printk_fmt_none)
		return SEQ_SKIP;
	seq_printf(m, "0x%lx : \"", (unsigned long)s);
	for (; *s; s++) {
		switch (*s) {
		case '\n':
			seq_puts(m, "\\n");
			break;
		case '\t':
			seq_puts(m, "\\t");
			break;
		case '"':
			seq_puts(m, "\\\"");
			break;
		default:
			/* a backslash too is shown as is */
			seq_putc(m, *s);
		}
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations printk_formats_seq_ops = {
	.start	= printk_formats_start,
	.next	= printk_formats_next,
	.stop	= printk_formats_stop,
	.show	= printk_formats_show,
};

static int printk_formats_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	return seq_open(file, &printk_formats_seq_ops);
}

const struct file_operations ftrace_formats_fops = {
	.open		= printk_formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};
