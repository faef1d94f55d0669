// SPDX-License-Identifier: GPL-2.0
/*
 * What histograms look like: the trigger's line (in the trigger file
 * and the hist file's header) and the hist file, entry by entry, in
 * upstream 6.1's text, which tools parse.
 *
 * Entries are read while the event may still be adding to them: each
 * sum is read once, so an entry is a moment's picture, and the Totals
 * count the entries shown.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/math64.h>

#include "hist.h"

void hist_trigger_print(struct seq_file *m, struct event_trigger *t)
{
	struct hist_trigger *ht = t->data;
	struct hist_data *hd = ht->hd;
	unsigned int i;

	seq_puts(m, "hist:");
	if (ht->name)
		seq_printf(m, "%s:", ht->name);
	seq_puts(m, "keys=");
	for (i = 0; i < hd->n_keys; i++) {
		if (i)
			seq_putc(m, ',');
		hist_field_print(m, hd->keys[i]);
	}
	seq_puts(m, ":vals=");
	for (i = 0; i < hd->n_vals; i++) {
		if (i)
			seq_putc(m, ',');
		hist_field_print(m, hd->vals[i]);
	}
	for (i = 0; i < hd->n_vars; i++) {
		seq_printf(m, "%c%s=", i ? ',' : ':', hd->vars[i].name);
		hist_field_print(m, hd->vars[i].expr);
	}
	seq_puts(m, ":sort=");
	for (i = 0; i < hd->n_sort; i++) {
		const struct hist_sort *s = &hd->sort[i];

		if (i)
			seq_putc(m, ',');
		hist_field_print(m, s->key ? hd->keys[s->idx] :
				 hd->vals[s->idx]);
		if (s->descending)
			seq_puts(m, ".descending");
	}
	seq_printf(m, ":size=%u", 1U << hd->bits);
	if (hd->timestamps)
		seq_printf(m, ":clock=%s", hd->clock);
	hist_actions_print(m, hd);
	if (t->filter_text)
		seq_printf(m, " if %s", t->filter_text);
	seq_puts(m, READ_ONCE(ht->paused) ? " [paused]\n" : " [active]\n");
}

/* ---- sorting ---- */

static u64 hist_key_num(const struct tracing_map_elt *elt,
			const struct hist_field *f)
{
	u64 v;

	memcpy(&v, elt->key + f->offset, sizeof(v));
	return v;
}

static int hist_cmp_u64(u64 a, u64 b)
{
	return a < b ? -1 : a > b;
}

static int hist_cmp_field(const struct hist_data *hd,
			  const struct hist_sort *s,
			  const struct tracing_map_elt *a,
			  const struct tracing_map_elt *b)
{
	const struct hist_field *f;
	s64 x, y;

	if (!s->key)
		return hist_cmp_u64(tracing_map_read_sum(a, s->idx),
				    tracing_map_read_sum(b, s->idx));
	f = hd->keys[s->idx];
	switch (f->kind) {
	case HK_STR:
		return strcmp(a->key + f->offset, b->key + f->offset);
	case HK_STACK:
		return 0;
	default:
		break;
	}
	/* as upstream's: by the field's sign, whatever the modifier */
	if (!f->is_signed)
		return hist_cmp_u64(hist_key_num(a, f), hist_key_num(b, f));
	x = hist_key_num(a, f);
	y = hist_key_num(b, f);
	return x < y ? -1 : x > y;
}

/*
 * By the sort fields; entries they do not tell apart by their keys'
 * bytes, so that the order is the same from one read to the next.
 */
static int hist_cmp(const struct tracing_map_elt *a,
		    const struct tracing_map_elt *b, const void *ctx)
{
	const struct hist_data *hd = ctx;
	unsigned int i;
	int r;

	for (i = 0; i < hd->n_sort; i++) {
		r = hist_cmp_field(hd, &hd->sort[i], a, b);
		if (r)
			return hd->sort[i].descending ? -r : r;
	}
	return memcmp(a->key, b->key, hd->key_size);
}

/* ---- one entry ---- */

static void hist_print_stack(struct seq_file *m, const unsigned long *pcs)
{
	unsigned int i;

	for (i = 0; i < HIST_STACK_DEPTH && pcs[i]; i++)
		seq_printf(m, "%9c%pS\n", ' ', (void *)pcs[i]);
}

static void hist_print_key(struct seq_file *m, const struct hist_field *f,
			   const struct tracing_map_elt *elt)
{
	const char *name = hist_field_name(f);
	const struct hist_elt_priv *priv;
	const char *sys;
	u64 v = hist_key_num(elt, f);

	if (f->mods & HF_HEX) {
		seq_printf(m, "%s: %llx", name, v);
	} else if (f->mods & HF_SYM) {
		seq_printf(m, "%s: [%llx] %-45ps", name, v,
			   (void *)(unsigned long)v);
	} else if (f->mods & HF_SYM_OFFSET) {
		seq_printf(m, "%s: [%llx] %-55pS", name, v,
			   (void *)(unsigned long)v);
	} else if (f->mods & HF_EXECNAME) {
		priv = elt->priv;
		seq_printf(m, "%s: %-16s[%10llu]", name, priv->comm, v);
	} else if (f->mods & HF_SYSCALL) {
		sys = get_syscall_name((int)v);
		seq_printf(m, "%s: %-30s[%3llu]", name,
			   sys ?: "unknown_syscall", v);
	} else if (f->kind == HK_STACK) {
		seq_puts(m, "stacktrace:\n");
		hist_print_stack(m, elt->key + f->offset);
	} else if (f->mods & HF_LOG2) {
		seq_printf(m, "%s: ~ 2^%-2llu", name, v);
	} else if (f->mods & HF_BUCKET) {
		seq_printf(m, "%s: ~ %llu-%llu", name, v, v + f->buckets - 1);
	} else if (f->kind == HK_STR) {
		seq_printf(m, "%s: %-50s", name, (char *)elt->key + f->offset);
	} else {
		seq_printf(m, "%s: %10llu", name, v);
	}
}

/* What .percent and .graph measure against: per value. */
struct hist_stats {
	u64	total[HIST_VALS_MAX];
	u64	max[HIST_VALS_MAX];
};

#define HIST_PCT_ERROR	UINT_MAX

/* v as hundredths of a per cent of total; HIST_PCT_ERROR if unknown. */
static unsigned int hist_pct(u64 v, u64 total)
{
	/* v * 10000 fits: divide that */
	if (total && v < U64_MAX / 10000)
		return div64_u64(v * 10000, total);
	/* else scale the total down instead */
	total = div64_u64(total, 10000);
	if (total)
		return div64_u64(v, total);
	return v ? HIST_PCT_ERROR : 0;
}

#define HIST_BAR_WIDTH	20

static void hist_print_val(struct seq_file *m, const struct hist_data *hd,
			   unsigned int i, const struct hist_stats *st,
			   const struct tracing_map_elt *elt)
{
	const struct hist_field *f = hd->vals[i];
	const char *name = i ? hist_field_name(f) : "hitcount";
	u64 v = tracing_map_read_sum(elt, i);
	char bar[HIST_BAR_WIDTH + 1];
	unsigned int pct, n;

	if (f->mods & HF_PERCENT) {
		pct = hist_pct(v, st->total[i]);
		if (pct == HIST_PCT_ERROR)
			seq_printf(m, " %s (%%):[ERROR]", name);
		else
			seq_printf(m, " %s (%%): %3u.%02u", name, pct / 100,
				   pct % 100);
	} else if (f->mods & HF_GRAPH) {
		pct = hist_pct(v, st->max[i]);
		if (pct == HIST_PCT_ERROR) {
			seq_printf(m, " %s: %20s", name, "[ERROR]");
			return;
		}
		n = min(pct * HIST_BAR_WIDTH / 10000, (unsigned int)HIST_BAR_WIDTH);
		memset(bar, '#', n);
		memset(bar + n, ' ', HIST_BAR_WIDTH - n);
		bar[HIST_BAR_WIDTH] = '\0';
		seq_printf(m, " %s: %s", name, bar);
	} else if (f->mods & HF_HEX) {
		seq_printf(m, " %s: %10llx", name, v);
	} else {
		seq_printf(m, " %s: %10llu", name, v);
	}
}

void hist_print_keys(struct seq_file *m, const struct hist_data *hd,
		     const struct tracing_map_elt *elt)
{
	bool stack = false;
	unsigned int i;

	seq_puts(m, "{ ");
	for (i = 0; i < hd->n_keys; i++) {
		if (i)
			seq_puts(m, ", ");
		hist_print_key(m, hd->keys[i], elt);
		if (hd->keys[i]->kind == HK_STACK)
			stack = true;
	}
	/* after a stack, the brace starts its own line */
	seq_puts(m, stack ? "}" : " }");
}

static void hist_print_entry(struct seq_file *m, const struct hist_data *hd,
			     const struct hist_stats *st,
			     const struct tracing_map_elt *elt)
{
	unsigned int i;

	hist_print_keys(m, hd, elt);
	for (i = 0; i < hd->n_vals; i++) {
		/* as upstream's, the sum of an expression is not shown */
		if (hd->vals[i]->kind == HK_EXPR)
			continue;
		if (i)
			seq_putc(m, ' ');
		hist_print_val(m, hd, i, st, elt);
	}
	if (hd->track)
		hist_actions_show(m, hd, elt);
	seq_putc(m, '\n');
}

/* The entries in order; how many, or 0 if they could not be sorted. */
static unsigned int hist_print_entries(struct seq_file *m,
				       struct hist_data *hd)
{
	struct tracing_map_elt **elts;
	struct hist_stats *st;
	unsigned int i, j;
	int n;
	u64 v;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return 0;
	n = tracing_map_sort(hd->map, hist_cmp, hd, &elts);
	if (n < 0) {
		kfree(st);
		return 0;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < hd->n_vals; j++) {
			v = tracing_map_read_sum(elts[i], j);
			st->total[j] += v;
			st->max[j] = max(st->max[j], v);
		}
	}
	for (i = 0; i < n; i++)
		hist_print_entry(m, hd, st, elts[i]);
	tracing_map_sort_free(elts);
	kfree(st);
	return n;
}

static void hist_show_one(struct seq_file *m, struct event_trigger *t)
{
	struct hist_data *hd = ((struct hist_trigger *)t->data)->hd;
	unsigned int n;

	seq_puts(m, "# event histogram\n#\n# trigger info: ");
	hist_trigger_print(m, t);
	seq_puts(m, "#\n\n");
	n = hist_print_entries(m, hd);
	if (hd->track)
		hist_actions_show_snapshot(m, hd);
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   tracing_map_hits(hd->map), n, tracing_map_drops(hd->map));
}

void hist_show_file(struct seq_file *m, struct trace_event_file *file)
{
	struct event_trigger *t;
	bool first = true;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd != &hist_trigger_cmd)
			continue;
		if (!first)
			seq_puts(m, "\n\n");
		first = false;
		hist_show_one(m, t);
	}
}
