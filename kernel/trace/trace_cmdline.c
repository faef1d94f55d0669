// SPDX-License-Identifier: GPL-2.0
/*
 * pid -> comm and pid -> tgid, so that `trace` can name the task of an
 * entry (entries store only the pid) after the task has gone, and the
 * files that show them: saved_cmdlines, saved_cmdlines_size, saved_tgids.
 *
 * Comms: a fixed number of slots, handed out round robin, and an index
 * from pid to slot with one cell per pid below PID_MAX_DEFAULT. Larger
 * pids share the cell of their low bits, so each slot records the pid
 * that owns it and a lookup checks it. The index and the slots live in
 * one page-order allocation whose spare room becomes extra slots:
 * saved_cmdlines_size shows the resulting count, the same number
 * upstream shows (6552 for the default of 128 with 4K pages).
 *
 * Locking: one arch spinlock, always held with interrupts off and never
 * while waiting for anything else. Savers run on the write path in any
 * context, NMI included, so they only try the lock and drop the save if
 * it is taken (the task's next entry saves it again). Readers spin; the
 * only context that can find the lock held by its own CPU is an NMI, and
 * a reader in NMI only tries the lock too. A resize swaps in a new map
 * under the lock and frees the old one after: every user of a map holds
 * the lock.
 *
 * Tgids: an array indexed by pid, up to the pid_max of the moment
 * record-tgid was first set, allocated then and kept. Cells are written
 * and read without a lock: a cell is one int, so a reader sees the old
 * or the new tgid of that pid, never a mix.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/threads.h>

#include "trace.h"

#define CMDLINE_DEFAULT_SLOTS	128
#define CMDLINE_NO_SLOT		UINT_MAX
#define CMDLINE_SLOT_BYTES	(TASK_COMM_LEN + sizeof(u32))

/*
 * One allocation: this header, then nr comms, then nr owners. The header
 * must keep the size it has (the index is most of it), or the count of
 * slots that fill an allocation would differ from upstream's.
 */
struct cmdline_map {
	unsigned int	nr;		/* slots */
	unsigned int	last;		/* the slot handed out last */
	u32		*owner;		/* slot -> pid, or CMDLINE_NO_SLOT */
	u32		slot_of[PID_MAX_DEFAULT + 1]; /* pid low bits -> slot */
	char		comm[][TASK_COMM_LEN];
};

static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct cmdline_map *cmdlines;		/* under cmdline_lock */
/* bumped with each new map, so that the comm caches go stale */
unsigned int trace_cmdline_gen;

DEFINE_PER_CPU(struct trace_comm_cache, trace_comm_cache);
static unsigned int cmdline_slots;		/* cmdlines->nr, for readers */
static DEFINE_MUTEX(cmdline_resize_mutex);
static bool cmdline_recording = true;		/* record-cmd is on by default */

static int *tgid_map;
static unsigned int tgid_map_max;
static bool tgid_recording;
static DEFINE_MUTEX(tgid_alloc_mutex);

/* ---- the comm map ---- */

static unsigned int cmdline_map_order(unsigned int slots)
{
	return get_order(sizeof(struct cmdline_map) +
			 (size_t)slots * CMDLINE_SLOT_BYTES);
}

static struct cmdline_map *cmdline_map_alloc(unsigned int want, gfp_t gfp)
{
	unsigned int order = cmdline_map_order(want);
	struct cmdline_map *map;
	unsigned int nr;

	map = (void *)__get_free_pages(gfp, order);
	if (!map)
		return NULL;
	nr = ((PAGE_SIZE << order) - sizeof(*map)) / CMDLINE_SLOT_BYTES;
	map->nr = nr;
	map->last = 0;
	map->owner = (u32 *)map->comm[nr];
	memset(map->slot_of, 0xff, sizeof(map->slot_of));
	memset(map->owner, 0xff, nr * sizeof(u32));
	return map;
}

/* nr fills the allocation, so it gives back the order it was made with */
static void cmdline_map_free(struct cmdline_map *map)
{
	if (map)
		free_pages((unsigned long)map, cmdline_map_order(map->nr));
}

static inline unsigned int pid_cell(pid_t pid)
{
	return pid & (PID_MAX_DEFAULT - 1);
}

/* Take slot away from the pid that had it, so its cell points nowhere. */
static void cmdline_evict(struct cmdline_map *map, unsigned int slot)
{
	u32 old = map->owner[slot];

	if (old != CMDLINE_NO_SLOT && map->slot_of[pid_cell(old)] == slot)
		map->slot_of[pid_cell(old)] = CMDLINE_NO_SLOT;
}

/* cmdline_lock held; returns the comm as stored */
static const char *cmdline_store(struct cmdline_map *map,
				 struct task_struct *tsk)
{
	unsigned int cell = pid_cell(tsk->pid);
	unsigned int slot = map->slot_of[cell];

	if (slot == CMDLINE_NO_SLOT) {
		slot = (map->last + 1) % map->nr;
		map->last = slot;
		cmdline_evict(map, slot);
		map->slot_of[cell] = slot;
	}
	/* a pid sharing the cell loses its slot to this one */
	map->owner[slot] = tsk->pid;
	/* the task may be renaming itself: take what is there, terminated */
	memcpy(map->comm[slot], tsk->comm, TASK_COMM_LEN);
	map->comm[slot][TASK_COMM_LEN - 1] = '\0';
	return map->comm[slot];
}

/* cmdline_lock held; false if pid has no slot */
static bool cmdline_fetch(struct cmdline_map *map, pid_t pid, char *comm)
{
	unsigned int slot;

	if (!map)
		return false;
	slot = map->slot_of[pid_cell(pid)];
	if (slot == CMDLINE_NO_SLOT || map->owner[slot] != pid)
		return false;
	memcpy(comm, map->comm[slot], TASK_COMM_LEN);
	return true;
}

/*
 * The cache's write side: interrupts off (so this CPU's), lock held. The
 * comm is the one stored in the map, not tsk->comm read again: a rename
 * in between would leave the cache saying a name the map does not have.
 */
static void comm_cache_set(struct trace_comm_cache *last,
			   struct task_struct *tsk, const char *stored)
{
	WRITE_ONCE(last->seq, last->seq + 1);
	barrier();
	last->task = tsk;
	last->pid = tsk->pid;
	last->gen = trace_cmdline_gen;
	memcpy(last->comm, stored, TASK_COMM_LEN);
	barrier();
	WRITE_ONCE(last->seq, last->seq + 1);
}

static void save_comm(struct task_struct *tsk)
{
	const char *stored;
	unsigned long flags;
	bool cached;

	/* the idle tasks print as <idle> without a slot */
	if (!tsk->pid)
		return;
	/*
	 * The cache answers most calls, with preemption off only: the
	 * interrupts' save and restore cost a fifth of this check.
	 */
	preempt_disable_notrace();
	cached = trace_comm_cached(tsk);
	preempt_enable_notrace();
	if (cached)
		return;
	raw_local_irq_save(flags);
	/*
	 * Busy: a reader or another saver holds the lock, possibly the very
	 * context this NMI interrupted. Spinning could deadlock; dropping
	 * this save only delays the name to the task's next entry.
	 */
	if (arch_spin_trylock(&cmdline_lock)) {
		if (cmdlines) {
			stored = cmdline_store(cmdlines, tsk);
			comm_cache_set(this_cpu_ptr(&trace_comm_cache), tsk,
				       stored);
		}
		arch_spin_unlock(&cmdline_lock);
	}
	raw_local_irq_restore(flags);
}

/*
 * Take the lock for reading with interrupts off. In NMI the holder may
 * be the interrupted context of this CPU: only try. Elsewhere every
 * holder is on another CPU (holders run with interrupts off) and lets go
 * without waiting for anything, so spinning ends.
 */
static bool cmdline_read_lock(unsigned long *flags)
{
	raw_local_irq_save(*flags);
	if (in_nmi()) {
		if (arch_spin_trylock(&cmdline_lock))
			return true;
		raw_local_irq_restore(*flags);
		return false;
	}
	arch_spin_lock(&cmdline_lock);
	return true;
}

static void cmdline_read_unlock(unsigned long flags)
{
	arch_spin_unlock(&cmdline_lock);
	raw_local_irq_restore(flags);
}

void trace_find_cmdline(int pid, char comm[])
{
	unsigned long flags;
	bool found = false;

	if (!pid) {
		strcpy(comm, "<idle>");
		return;
	}
	if (pid < 0) {
		strcpy(comm, "<XXX>");
		return;
	}
	if (cmdline_read_lock(&flags)) {
		found = cmdline_fetch(cmdlines, pid, comm);
		cmdline_read_unlock(flags);
	}
	if (!found)
		strcpy(comm, "<...>");
}

static int cmdline_resize(unsigned int want)
{
	struct cmdline_map *map, *old;
	unsigned long flags;

	map = cmdline_map_alloc(want, GFP_KERNEL | __GFP_NOWARN);
	if (!map)
		return -ENOMEM;
	mutex_lock(&cmdline_resize_mutex);
	raw_local_irq_save(flags);
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = map;
	WRITE_ONCE(trace_cmdline_gen, trace_cmdline_gen + 1);
	WRITE_ONCE(cmdline_slots, map->nr);
	arch_spin_unlock(&cmdline_lock);
	raw_local_irq_restore(flags);
	mutex_unlock(&cmdline_resize_mutex);
	/* nobody holds the lock on old any more: it is unreachable */
	cmdline_map_free(old);
	return 0;
}

int __init trace_cmdline_init(void)
{
	if (READ_ONCE(cmdline_slots))
		return 0;
	return cmdline_resize(CMDLINE_DEFAULT_SLOTS);
}
early_initcall(trace_cmdline_init);

/* ---- the tgid map ---- */

static int *tgid_cell(pid_t pid)
{
	/* pairs with the release in trace_tgid_record_enable(): max first */
	int *map = smp_load_acquire(&tgid_map);

	if (!map || pid < 0 || pid > tgid_map_max)
		return NULL;
	return &map[pid];
}

int trace_find_tgid(int pid)
{
	int *cell = tgid_cell(pid);

	return cell ? READ_ONCE(*cell) : 0;
}

static void save_tgid(struct task_struct *tsk)
{
	int *cell;

	if (!tsk->pid)
		return;
	cell = tgid_cell(tsk->pid);
	/* racing savers of one pid store the same kind of value: last wins */
	if (cell)
		WRITE_ONCE(*cell, tsk->tgid);
}

int trace_tgid_record_enable(bool on)
{
	int ret = 0;
	int *map;

	mutex_lock(&tgid_alloc_mutex);
	if (on && !tgid_map) {
		unsigned int max = READ_ONCE(pid_max);

		map = kvcalloc(max + 1, sizeof(*map), GFP_KERNEL);
		if (map) {
			tgid_map_max = max;
			/* readers that see the map see its size */
			smp_store_release(&tgid_map, map);
		} else {
			ret = -ENOMEM;
			on = false;
		}
	}
	WRITE_ONCE(tgid_recording, on);
	mutex_unlock(&tgid_alloc_mutex);
	return ret;
}

void trace_cmdline_record_enable(bool on)
{
	WRITE_ONCE(cmdline_recording, on);
}

/* ---- savers ---- */

/* The comm only: what the core's own entries (markers, printk) save. */
void trace_save_comm(struct task_struct *tsk)
{
	if (READ_ONCE(cmdline_recording))
		save_comm(tsk);
}

void trace_save_cmdline(struct task_struct *tsk)
{
	if (READ_ONCE(cmdline_recording))
		save_comm(tsk);
	if (READ_ONCE(tgid_recording))
		save_tgid(tsk);
}

void tracing_record_taskinfo(struct task_struct *task, int flags)
{
	if (flags & TRACE_RECORD_CMDLINE)
		save_comm(task);
	if (flags & TRACE_RECORD_TGID)
		save_tgid(task);
}

void tracing_record_taskinfo_sched_switch(struct task_struct *prev,
					  struct task_struct *next, int flags)
{
	tracing_record_taskinfo(prev, flags);
	tracing_record_taskinfo(next, flags);
}

void tracing_record_cmdline(struct task_struct *task)
{
	tracing_record_taskinfo(task, TRACE_RECORD_CMDLINE);
}

void tracing_record_tgid(struct task_struct *task)
{
	tracing_record_taskinfo(task, TRACE_RECORD_TGID);
}

/* ---- saved_cmdlines: "pid comm" for each used slot, in slot order ---- */

/* the seq position is the slot; +1 keeps slot 0 from looking like NULL */
static void *saved_cmdlines_at(loff_t pos)
{
	if (pos >= READ_ONCE(cmdline_slots))
		return NULL;
	return (void *)(unsigned long)(pos + 1);
}

static void *saved_cmdlines_start(struct seq_file *m, loff_t *pos)
{
	return saved_cmdlines_at(*pos);
}

static void *saved_cmdlines_next(struct seq_file *m, void *v, loff_t *pos)
{
	return saved_cmdlines_at(++*pos);
}

static void saved_cmdlines_stop(struct seq_file *m, void *v)
{
}

static int saved_cmdlines_show(struct seq_file *m, void *v)
{
	unsigned int slot = (unsigned long)v - 1;
	char comm[TASK_COMM_LEN];
	struct cmdline_map *map;
	unsigned long flags;
	u32 pid = CMDLINE_NO_SLOT;

	/* the map may have been replaced since start(): check the slot */
	if (!cmdline_read_lock(&flags))
		return SEQ_SKIP;
	map = cmdlines;
	if (map && slot < map->nr && map->owner[slot] != CMDLINE_NO_SLOT) {
		pid = map->owner[slot];
		memcpy(comm, map->comm[slot], TASK_COMM_LEN);
	}
	cmdline_read_unlock(flags);

	if (pid == CMDLINE_NO_SLOT)
		return SEQ_SKIP;
	seq_printf(m, "%d %s\n", (int)pid, comm);
	return 0;
}

static const struct seq_operations saved_cmdlines_seq_ops = {
	.start	= saved_cmdlines_start,
	.next	= saved_cmdlines_next,
	.stop	= saved_cmdlines_stop,
	.show	= saved_cmdlines_show,
};

static int saved_cmdlines_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return seq_open(file, &saved_cmdlines_seq_ops);
}

const struct file_operations tracing_saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* ---- saved_cmdlines_size ---- */

static ssize_t saved_cmdlines_size_read(struct file *file, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%u\n", READ_ONCE(cmdline_slots));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t saved_cmdlines_size_write(struct file *file,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	/* at least one slot, at most one per cell of the index */
	if (!val || val > PID_MAX_DEFAULT)
		return -EINVAL;
	ret = cmdline_resize(val);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_saved_cmdlines_size_fops = {
	.open		= tracing_open_generic,
	.read		= saved_cmdlines_size_read,
	.write		= saved_cmdlines_size_write,
};

/* ---- saved_tgids: "pid tgid" for each pid with a tgid ---- */

static void *saved_tgids_start(struct seq_file *m, loff_t *pos)
{
	if (*pos > INT_MAX)
		return NULL;
	return tgid_cell(*pos);
}

static void *saved_tgids_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return saved_tgids_start(m, pos);
}

static void saved_tgids_stop(struct seq_file *m, void *v)
{
}

static int saved_tgids_show(struct seq_file *m, void *v)
{
	int *cell = v;
	int tgid = READ_ONCE(*cell);

	if (!tgid)
		return SEQ_SKIP;
	seq_printf(m, "%d %d\n", (int)(cell - tgid_map), tgid);
	return 0;
}

static const struct seq_operations saved_tgids_seq_ops = {
	.start	= saved_tgids_start,
	.next	= saved_tgids_next,
	.stop	= saved_tgids_stop,
	.show	= saved_tgids_show,
};

static int saved_tgids_open(struct inode *inode, struct file *file)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return seq_open(file, &saved_tgids_seq_ops);
}

const struct file_operations tracing_saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};
