// SPDX-License-Identifier: GPL-2.0
/*
 * The "blk" tracer: the queues' sessions (sysfs' or blktrace's) written
 * into the tracing buffer as TRACE_BLK entries, and their text.
 *
 * A line is the action on its device as blkparse(1) shows it:
 *
 *	  8,0    m   N cfq1 insert_request
 *	  8,0    A  WS 2048 + 8 <- (8,1) 0
 *	  8,0    Q  WS 2048 + 8 [kworker/u4:1]
 *
 * device, action (one or two letters, or its name with options/verbose),
 * its rwbs (RWBS below) and the action's own part. By default the core's
 * context (task, CPU, flags, time) comes first. options/blk_classic
 * gives blkparse's own layout instead, device, CPU, time, pid first,
 * and turns the core's context off. With the block cgroups,
 * options/blk_cgroup records each bio's cgroup, shown after the device
 * as "LOW32,HIGH32" of its id, or its path with options/blk_cgname.
 * The binary output (options/bin) is the channel's record, time from
 * the entry's timestamp.
 *
 * The tracer writes to one array, the top level's: it is not offered to
 * instances. blk_record.c writes with blk_tracer_array under RCU; reset
 * clears it and waits for the writers.
 */

#include <linux/blktrace_api.h>
#include <linux/cgroup.h>
#include <linux/kdev_t.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>

#include "blk_internal.h"

static struct tracer_opt blk_opt_list[] = {
	TRACER_OPT(blk_classic, BLK_OPT_CLASSIC),
#ifdef CONFIG_BLK_CGROUP
	TRACER_OPT(blk_cgroup, BLK_OPT_CGROUP),
	TRACER_OPT(blk_cgname, BLK_OPT_CGNAME),
#endif
	{ }
};

struct tracer_flags blk_opts = {
	.opts	= blk_opt_list,
};

/* ---- a record's parts ---- */

/* the data after the record, past the cgroup id if it has one */
static const u8 *blk_data(const struct blk_io_trace *t, u32 *len)
{
	u32 cg = t->action & __BLK_TA_CGROUP ? sizeof(u64) : 0;

	*len = t->pdu_len > cg ? t->pdu_len - cg : 0;
	return (const u8 *)(t + 1) + cg;
}

/* the data's first 8 bytes as the big-endian number they carry */
static u64 blk_data_u64(const struct blk_io_trace *t)
{
	u32 len;
	const u8 *d = blk_data(t, &len);

	return len >= sizeof(u64) ? get_unaligned_be64(d) : 0;
}

static bool blk_is_message(const struct blk_io_trace *t)
{
	return (t->action & ~__BLK_TN_CGROUP) == BLK_TN_MESSAGE;
}

/*
 * RWBS: F for a flush first, then D (discard), W (write), R (read, when
 * it moves bytes) or N (none), then F (fua), A (read-ahead), S (sync), M
 * (meta). A message is N.
 */
#define BLK_RWBS_LEN	8

static void blk_rwbs(char *rwbs, const struct blk_io_trace *t)
{
	u32 tc = t->action >> BLK_TC_SHIFT;
	char *p = rwbs;

	if (blk_is_message(t)) {
		*p++ = 'N';
		goto out;
	}
	if (tc & BLK_TC_FLUSH)
		*p++ = 'F';
	if (tc & BLK_TC_DISCARD)
		*p++ = 'D';
	else if (tc & BLK_TC_WRITE)
		*p++ = 'W';
	else
		*p++ = t->bytes ? 'R' : 'N';
	if (tc & BLK_TC_FUA)
		*p++ = 'F';
	if (tc & BLK_TC_AHEAD)
		*p++ = 'A';
	if (tc & BLK_TC_SYNC)
		*p++ = 'S';
	if (tc & BLK_TC_META)
		*p++ = 'M';
out:
	*p = '\0';
}

/*
 * The data as hex bytes in parentheses; a run of zeros to the end shows
 * as its first zero and "..".
 */
static void blk_show_data(struct trace_seq *s, const struct blk_io_trace *t)
{
	u32 len, used = 0, shown, i;
	const u8 *d = blk_data(t, &len);

	if (!len)
		return;
	for (i = 0; i < len; i++)
		if (d[i])
			used = i + 1;
	shown = used + 1 < len ? used + 1 : len;
	trace_seq_putc(s, '(');
	for (i = 0; i < shown; i++)
		trace_seq_printf(s, i ? " %02x" : "%02x", d[i]);
	trace_seq_puts(s, shown < len ? " ..) " : ") ");
}

static void blk_comm(const struct trace_entry *ent, char *comm)
{
	trace_find_cmdline(ent->pid, comm);
}

/* ---- each action's own part ---- */

typedef void (*blk_show_fn)(struct trace_seq *s, const struct trace_entry *ent);

/* sector + sectors [comm], or a pc request's bytes and data */
static void blk_show_io(struct trace_seq *s, const struct trace_entry *ent)
{
	const struct blk_io_trace *t = blk_entry_io(ent);
	char comm[TASK_COMM_LEN];

	blk_comm(ent, comm);
	if (t->action & BLK_TC_ACT(BLK_TC_PC)) {
		trace_seq_printf(s, "%u ", t->bytes);
		blk_show_data(s, t);
		trace_seq_printf(s, "[%s]\n", comm);
	} else if (t->bytes >> 9) {
		trace_seq_printf(s, "%llu + %u [%s]\n", t->sector,
				 t->bytes >> 9, comm);
	} else {
		trace_seq_printf(s, "[%s]\n", comm);
	}
}

/* the same with the error in place of the comm */
static void blk_show_result(struct trace_seq *s, const struct trace_entry *ent)
{
	const struct blk_io_trace *t = blk_entry_io(ent);

	if (t->action & BLK_TC_ACT(BLK_TC_PC)) {
		blk_show_data(s, t);
		trace_seq_printf(s, "[%d]\n", t->error);
	} else if (t->bytes >> 9) {
		trace_seq_printf(s, "%llu + %u [%d]\n", t->sector,
				 t->bytes >> 9, t->error);
	} else {
		trace_seq_printf(s, "%llu [%d]\n", t->sector, t->error);
	}
}

static void blk_show_remap(struct trace_seq *s, const struct trace_entry *ent)
{
	const struct blk_io_trace *t = blk_entry_io(ent);
	struct blk_io_trace_remap r = {};
	u32 len;
	const u8 *d = blk_data(t, &len);

	memcpy(&r, d, min_t(u32, len, sizeof(r)));
	trace_seq_printf(s, "%llu + %u <- (%d,%d) %llu\n", t->sector,
			 t->bytes >> 9, MAJOR(be32_to_cpu(r.device_from)),
			 MINOR(be32_to_cpu(r.device_from)),
			 be64_to_cpu(r.sector_from));
}

static void blk_show_plug(struct trace_seq *s, const struct trace_entry *ent)
{
	char comm[TASK_COMM_LEN];

	blk_comm(ent, comm);
	trace_seq_printf(s, "[%s]\n", comm);
}

/* with the plug's depth */
static void blk_show_unplug(struct trace_seq *s, const struct trace_entry *ent)
{
	char comm[TASK_COMM_LEN];

	blk_comm(ent, comm);
	trace_seq_printf(s, "[%s] %llu\n", comm,
			 blk_data_u64(blk_entry_io(ent)));
}

/* where the bio was split */
static void blk_show_split(struct trace_seq *s, const struct trace_entry *ent)
{
	const struct blk_io_trace *t = blk_entry_io(ent);
	char comm[TASK_COMM_LEN];

	blk_comm(ent, comm);
	trace_seq_printf(s, "%llu / %llu [%s]\n", t->sector, blk_data_u64(t),
			 comm);
}

/* The actions, by number: short and long (verbose) names, own part. */
static const struct {
	const char	*name[2];
	blk_show_fn	show;
} blk_actions[] = {
	[__BLK_TA_QUEUE]	= { { "Q", "queue" }, blk_show_io },
	[__BLK_TA_BACKMERGE]	= { { "M", "backmerge" }, blk_show_io },
	[__BLK_TA_FRONTMERGE]	= { { "F", "frontmerge" }, blk_show_io },
	[__BLK_TA_GETRQ]	= { { "G", "getrq" }, blk_show_io },
	[__BLK_TA_SLEEPRQ]	= { { "S", "sleeprq" }, blk_show_io },
	[__BLK_TA_REQUEUE]	= { { "R", "requeue" }, blk_show_result },
	[__BLK_TA_ISSUE]	= { { "D", "issue" }, blk_show_io },
	[__BLK_TA_COMPLETE]	= { { "C", "complete" }, blk_show_result },
	[__BLK_TA_PLUG]		= { { "P", "plug" }, blk_show_plug },
	[__BLK_TA_UNPLUG_IO]	= { { "U", "unplug_io" }, blk_show_unplug },
	[__BLK_TA_UNPLUG_TIMER]	= { { "UT", "unplug_timer" }, blk_show_unplug },
	[__BLK_TA_INSERT]	= { { "I", "insert" }, blk_show_io },
	[__BLK_TA_SPLIT]	= { { "X", "split" }, blk_show_split },
	[__BLK_TA_BOUNCE]	= { { "B", "bounce" }, blk_show_io },
	[__BLK_TA_REMAP]	= { { "A", "remap" }, blk_show_remap },
};

/* ---- the line's start ---- */

/* the cgroup after the device: its path, or "LOW32,HIGH32" of its id */
static void blk_show_cgroup(struct trace_seq *s, const struct blk_io_trace *t)
{
	u64 id;

	memcpy(&id, t + 1, sizeof(id));
#ifdef CONFIG_CGROUPS
	if (READ_ONCE(blk_opts.val) & BLK_OPT_CGNAME) {
		char path[NAME_MAX + 1] = "<...>";

		cgroup_path_from_kernfs_id(id, path, sizeof(path));
		trace_seq_printf(s, "%s ", path);
		return;
	}
#endif
	/*
	 * Both halves, whatever the id's width: user space makes a
	 * FILEID_INO32_GEN handle of them to open the cgroup.
	 */
	trace_seq_printf(s, "%llx,%-llx ", id & U32_MAX, id >> 32);
}

static void blk_show_start(struct trace_iterator *iter, const char *act,
			   bool classic)
{
	const struct blk_io_trace *t = blk_entry_io(iter->ent);
	struct trace_seq *s = &iter->seq;
	char rwbs[BLK_RWBS_LEN];

	blk_rwbs(rwbs, t);
	trace_seq_printf(s, "%3d,%-3d ", MAJOR(t->device), MINOR(t->device));
	if (classic) {
		u64 ns = iter->ts;
		u32 rem = do_div(ns, NSEC_PER_SEC);

		trace_seq_printf(s, "%2d %5llu.%09u %5u ", iter->cpu, ns, rem,
				 iter->ent->pid);
	} else if (t->action & __BLK_TA_CGROUP) {
		blk_show_cgroup(s, t);
	}
	trace_seq_printf(s, "%2s %3s ", act, rwbs);
}

static enum print_line_t blk_show(struct trace_iterator *iter, bool classic)
{
	const struct blk_io_trace *t = blk_entry_io(iter->ent);
	bool verbose = trace_opt(iter->tr, TRACE_OPT_VERBOSE);
	struct trace_seq *s = &iter->seq;
	u32 what = t->action & ((1 << BLK_TC_SHIFT) - 1) & ~__BLK_TA_CGROUP;
	u32 len;
	const u8 *d;

	if (blk_is_message(t)) {
		blk_show_start(iter, verbose ? "message" : "m", classic);
		d = blk_data(t, &len);
		trace_seq_putmem(s, d, len);
		trace_seq_putc(s, '\n');
	} else if (what && what < ARRAY_SIZE(blk_actions)) {
		blk_show_start(iter, blk_actions[what].name[verbose], classic);
		blk_actions[what].show(s, iter->ent);
	} else {
		trace_seq_printf(s, "Unknown action %x\n", what);
	}
	return trace_handle_return(s);
}

static enum print_line_t blk_entry_trace(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	return blk_show(iter, false);
}

/* the channel's record: magic, no sequence, the entry's time */
static enum print_line_t blk_entry_binary(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	const struct blk_io_trace *t = blk_entry_io(iter->ent);
	struct blk_io_trace rec = *t;

	rec.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
	rec.sequence = 0;
	rec.time = iter->ts;
	trace_seq_putmem(&iter->seq, &rec, sizeof(rec));
	trace_seq_putmem(&iter->seq, t + 1, t->pdu_len);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions blk_entry_funcs = {
	.trace	= blk_entry_trace,
	.binary	= blk_entry_binary,
};

static struct trace_event blk_entry_event = {
	.type	= TRACE_BLK,
	.funcs	= &blk_entry_funcs,
};

/* ---- the tracer ---- */

static int blk_tracer_init(struct trace_array *tr)
{
	rcu_assign_pointer(blk_tracer_array, tr);
	return 0;
}

static void blk_tracer_reset(struct trace_array *tr)
{
	RCU_INIT_POINTER(blk_tracer_array, NULL);
	/* the writers hold the array only inside rcu_read_lock() */
	synchronize_rcu();
}

static void blk_tracer_print_header(struct seq_file *m)
{
	if (!(READ_ONCE(blk_opts.val) & BLK_OPT_CLASSIC))
		return;
	seq_puts(m, "# DEV   CPU TIMESTAMP     PID ACT FLG\n"
		    "#  |     |     |           |   |   |\n");
}

static enum print_line_t blk_tracer_print_line(struct trace_iterator *iter)
{
	if (iter->ent->type != TRACE_BLK ||
	    !(READ_ONCE(blk_opts.val) & BLK_OPT_CLASSIC))
		return TRACE_TYPE_UNHANDLED;
	return blk_show(iter, true);
}

/* blk_classic has its own context columns: the core's go while it is on */
static int blk_tracer_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			       int set)
{
	if (bit == BLK_OPT_CLASSIC)
		return set_tracer_flag(tr, TRACE_OPT_CONTEXT_INFO, !set);
	return 0;
}

static struct tracer blk_tracer __read_mostly = {
	.name		= "blk",
	.init		= blk_tracer_init,
	.reset		= blk_tracer_reset,
	.print_header	= blk_tracer_print_header,
	.print_line	= blk_tracer_print_line,
	.flags		= &blk_opts,
	.set_flag	= blk_tracer_set_flag,
};

static __init int blk_tracer_register(void)
{
	int ret;

	if (!register_trace_event(&blk_entry_event)) {
		pr_warn("blk: no printer for its entries\n");
		return -ENOMEM;
	}
	ret = register_tracer(&blk_tracer);
	if (ret) {
		pr_warn("blk: the tracer could not be registered\n");
		unregister_trace_event(&blk_entry_event);
	}
	return ret;
}
device_initcall(blk_tracer_register);
