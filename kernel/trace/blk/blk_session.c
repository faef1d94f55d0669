// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace's sessions: a queue's struct blk_trace, from its setup to its
 * removal.
 *
 * Lifetimes. A session belongs to one request queue, q->blk_trace; the
 * block layer's q->debugfs_mutex serialises its setup, start, stop,
 * changes through sysfs and removal.
 *  - Setup (BLKTRACESETUP, or sg's blk_trace_setup()) allocates it with
 *    a relay channel of buf_nr sub-buffers of buf_size bytes a CPU, under
 *    debugfs block/NAME/ (the disk's own directory, which the block layer
 *    made; a partition or an sg device gets one of its own, removed with
 *    the session): trace0..N (the channel, one file a CPU), dropped (the
 *    records the channel had no room for) and msg (a write is a message
 *    note). It registers the block:* probes if it is the first session,
 *    and publishes itself in q->blk_trace, state Blktrace_setup.
 *    /sys/block/DEV/trace/ sets up a session without a channel, which
 *    only the blk tracer reads (blk_sysfs.c).
 *  - Start (Blktrace_running) puts it on the running list (blk_record.c)
 *    and writes the timestamp note; stop (Blktrace_stopped) takes it off
 *    and flushes the channel for the reader. Writers read the state once
 *    per record: a record racing a stop may still land in the channel.
 *  - Removal (BLKTRACETEARDOWN, sysfs, the queue going away) unpublishes
 *    it, stops it, and waits for a grace period: the probes use it only
 *    inside rcu_read_lock(), so none does afterwards. Then the channel is
 *    closed (its files go; a reader that still has one open keeps the
 *    buffer until it closes it), its files and directory removed, and
 *    it is freed; the last session takes the probes off.
 */

#include <linux/blktrace_api.h>
#include <linux/compat.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/relay.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../../../block/blk.h"
#include "blk_internal.h"

/* ---- the channel's files ---- */

static ssize_t blk_dropped_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct blk_trace *bt = file->private_data;
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%u\n", atomic_read(&bt->dropped));

	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static const struct file_operations blk_dropped_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= blk_dropped_read,
	.llseek	= default_llseek,
};

/* A write is one message note, of fewer than BLK_TN_MAX_MSG bytes. */
static ssize_t blk_msg_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char text[BLK_TN_MAX_MSG];

	if (count >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, ubuf, count))
		return -EFAULT;
	text[count] = '\0';
	__blk_trace_note_message(file->private_data, NULL, "%s", text);
	return count;
}

static const struct file_operations blk_msg_fops = {
	.write	= blk_msg_write,
	.open	= simple_open,
	.llseek	= noop_llseek,
	.owner	= THIS_MODULE,
};

/*
 * The channel never overwrites: with every sub-buffer full and unread,
 * relay_reserve() fails, and the writer counts the record in dropped.
 */
static int blk_subbuf_start(struct rchan_buf *buf, void *subbuf,
			    void *prev_subbuf, size_t prev_padding)
{
	return !relay_buf_full(buf);
}

static struct dentry *blk_create_buf_file(const char *name,
					  struct dentry *parent, umode_t mode,
					  struct rchan_buf *buf, int *is_global)
{
	return debugfs_create_file(name, mode, parent, buf,
				   &relay_file_operations);
}

static int blk_remove_buf_file(struct dentry *dentry)
{
	debugfs_remove(dentry);
	return 0;
}

static const struct rchan_callbacks blk_relay_callbacks = {
	.subbuf_start		= blk_subbuf_start,
	.create_buf_file	= blk_create_buf_file,
	.remove_buf_file	= blk_remove_buf_file,
};

/* ---- a session ---- */

/**
 * blk_trace_new - a session without a channel, for the blk tracer
 * @dev: the device its records name
 * @bdev: the block device it traces, whose sectors it keeps to; NULL:
 *	every sector
 *
 * Every category, every task. Return: the session, or NULL without
 * memory.
 */
struct blk_trace *blk_trace_new(dev_t dev, struct block_device *bdev)
{
	struct blk_trace *bt = kzalloc(sizeof(*bt), GFP_KERNEL);

	if (!bt)
		return NULL;
	bt->msg_data = __alloc_percpu(BLK_TN_MAX_MSG, __alignof__(char));
	if (!bt->msg_data) {
		kfree(bt);
		return NULL;
	}
	bt->dev = dev;
	bt->act_mask = (u16)~0;
	if (bdev) {
		bt->start_lba = bdev->bd_start_sect;
		bt->end_lba = bdev->bd_start_sect + bdev_nr_sectors(bdev);
	} else {
		bt->end_lba = U64_MAX;
	}
	INIT_LIST_HEAD(&bt->running_list);
	return bt;
}

/**
 * blk_trace_free - free a session nobody can reach any more
 * @q: its queue (for the files it made in the queue's directory)
 * @bt: the session, unpublished and past a grace period
 */
void blk_trace_free(struct request_queue *q, struct blk_trace *bt)
{
	if (bt->rchan)
		relay_close(bt->rchan);
	debugfs_remove(bt->dir);
	if (!bt->dir && bt->sequence && q->debugfs_dir) {
		/* a channel's session, in the disk's own directory: our files */
		debugfs_lookup_and_remove("dropped", q->debugfs_dir);
		debugfs_lookup_and_remove("msg", q->debugfs_dir);
	}
	free_percpu(bt->sequence);
	free_percpu(bt->msg_data);
	kfree(bt);
}

static void blk_trace_start(struct blk_trace *bt)
{
	blk_running_add(bt);
	/* writers see running only once bt is on the list */
	smp_store_release(&bt->trace_state, Blktrace_running);
	blk_note_time(bt);
}

static void blk_trace_stop(struct blk_trace *bt)
{
	WRITE_ONCE(bt->trace_state, Blktrace_stopped);
	blk_running_del(bt);
	relay_flush(bt->rchan);
}

/**
 * blk_trace_detach - remove a queue's session
 * @q: the queue, under q->debugfs_mutex
 *
 * Return: 0, or -EINVAL if it has none.
 */
int blk_trace_detach(struct request_queue *q)
{
	struct blk_trace *bt;

	lockdep_assert_held(&q->debugfs_mutex);
	bt = rcu_replace_pointer(q->blk_trace, NULL,
				 lockdep_is_held(&q->debugfs_mutex));
	if (!bt)
		return -EINVAL;
	/*
	 * No probe finds bt any more once those running have finished:
	 * a stop's own grace period, after the unpublishing, waits for them.
	 */
	if (bt->trace_state == Blktrace_running)
		blk_trace_stop(bt);
	else
		synchronize_rcu();
	blk_trace_free(q, bt);
	blk_probes_put();
	return 0;
}

/*
 * The most a setup may ask for, the online CPUs' channels together (relay
 * makes a CPU's when it comes online): half of RAM. relay takes the pages
 * one by one, and a request for more than there is would only end in the
 * OOM killer.
 */
static bool blk_channel_fits(u32 size, u32 nr)
{
	u64 bytes = (u64)size * nr;

	if (bytes > UINT_MAX)	/* relay keeps a CPU's buffer size in 32 bits */
		return false;
	return bytes * num_online_cpus() / PAGE_SIZE <= totalram_pages() / 2;
}

/* Set a session up as BLKTRACESETUP asks; buts->name is filled in. */
static int blk_setup(struct request_queue *q, const char *name, dev_t dev,
		     struct block_device *bdev, struct blk_user_trace_setup *buts)
{
	struct dentry *dir;
	struct blk_trace *bt;
	int ret;

	lockdep_assert_held(&q->debugfs_mutex);
	if (!buts->buf_size || !buts->buf_nr)
		return -EINVAL;
	if (!blk_channel_fits(buts->buf_size, buts->buf_nr))
		return -ENOMEM;
	/* the name comes back, and names the directory: no '/' in it */
	strscpy_pad(buts->name, name, sizeof(buts->name));
	strreplace(buts->name, '/', '_');

	if (rcu_access_pointer(q->blk_trace)) {
		pr_warn("Concurrent blktraces are not allowed on %s\n",
			buts->name);
		return -EBUSY;
	}

	bt = blk_trace_new(dev, bdev);
	if (!bt)
		return -ENOMEM;
	ret = -ENOMEM;
	bt->sequence = alloc_percpu(unsigned long);
	if (!bt->sequence)
		goto fail;

	if (bdev && !bdev_is_partition(bdev)) {
		dir = q->debugfs_dir;
	} else {
		dir = debugfs_create_dir(buts->name, blk_debugfs_root);
		bt->dir = IS_ERR(dir) ? NULL : dir;
	}
	if (IS_ERR_OR_NULL(dir)) {
		/* blktrace's whole interface is in debugfs */
		pr_warn("debugfs_dir not present for %s so skipping\n",
			buts->name);
		ret = -ENOENT;
		goto fail;
	}
	debugfs_create_file("dropped", 0444, dir, bt, &blk_dropped_fops);
	/* upstream's is 0222; in debugfs only root reaches it either way */
	debugfs_create_file("msg", 0200, dir, bt, &blk_msg_fops);
	bt->rchan = relay_open("trace", dir, buts->buf_size, buts->buf_nr,
			       &blk_relay_callbacks, bt);
	if (!bt->rchan) {
		ret = -EIO;	/* upstream's errno for it */
		goto fail;
	}

	/* a 0 keeps blk_trace_new()'s: all categories, the device's sectors */
	bt->act_mask = buts->act_mask ?: bt->act_mask;
	bt->start_lba = buts->start_lba ?: bt->start_lba;
	bt->end_lba = buts->end_lba ?: bt->end_lba;
	bt->pid = buts->pid;
	bt->trace_state = Blktrace_setup;

	ret = blk_probes_get();
	if (ret)
		goto fail;
	rcu_assign_pointer(q->blk_trace, bt);
	return 0;
fail:
	blk_trace_free(q, bt);
	return ret;
}

/* BLKTRACESETUP's argument in, the name out. */
static int blk_setup_user(struct request_queue *q, const char *name, dev_t dev,
			  struct block_device *bdev, char __user *arg)
{
	struct blk_user_trace_setup buts;
	int ret;

	if (copy_from_user(&buts, arg, sizeof(buts)))
		return -EFAULT;
	ret = blk_setup(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	if (copy_to_user(arg, &buts, sizeof(buts))) {
		blk_trace_detach(q);
		return -EFAULT;
	}
	return 0;
}

#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
/* a 32-bit task's: the u64s 4-byte aligned (i386's layout) */
static int blk_setup_compat(struct request_queue *q, const char *name,
			    dev_t dev, struct block_device *bdev,
			    char __user *arg)
{
	struct compat_blk_user_trace_setup cbuts;
	struct blk_user_trace_setup buts = {};
	int ret;

	if (copy_from_user(&cbuts, arg, sizeof(cbuts)))
		return -EFAULT;
	buts.act_mask = cbuts.act_mask;
	buts.buf_size = cbuts.buf_size;
	buts.buf_nr = cbuts.buf_nr;
	buts.start_lba = cbuts.start_lba;
	buts.end_lba = cbuts.end_lba;
	buts.pid = cbuts.pid;
	ret = blk_setup(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	/* only the name goes back: it is first in both layouts */
	if (copy_to_user(arg, buts.name, sizeof(buts.name))) {
		blk_trace_detach(q);
		return -EFAULT;
	}
	return 0;
}
#endif

/* Under q->debugfs_mutex. */
static int blk_startstop(struct request_queue *q, bool start)
{
	struct blk_trace *bt;

	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (!bt)
		return -EINVAL;
	if (start) {
		/* a session sysfs made has no channel to start */
		if (bt->trace_state != Blktrace_setup &&
		    bt->trace_state != Blktrace_stopped)
			return -EINVAL;
		blk_trace_start(bt);
	} else {
		if (bt->trace_state != Blktrace_running)
			return -EINVAL;
		blk_trace_stop(bt);
	}
	return 0;
}

/**
 * blk_trace_setup - set up a session with a channel on a queue
 * @q: the queue
 * @name: the session's name (its debugfs directory, unless @bdev is a
 *	whole disk)
 * @dev: the device its records name
 * @bdev: the block device, or NULL (sg): every sector
 * @arg: the user's struct blk_user_trace_setup; its name is filled in
 *
 * Return: 0; -EINVAL for no buffer size or count, -ENOMEM for buffers
 * that could not fit, -EBUSY if @q has a session, -ENOENT without a
 * debugfs directory, -EFAULT.
 */
int blk_trace_setup(struct request_queue *q, char *name, dev_t dev,
		    struct block_device *bdev, char __user *arg)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_setup_user(q, name, dev, bdev, arg);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_setup);

/**
 * blk_trace_startstop - start or stop a queue's session
 * @q: the queue
 * @start: 1 to start it (from set up or stopped), 0 to stop it (running)
 *
 * Return: 0, or -EINVAL if @q has no session or it is not in a state
 * to start or stop.
 */
int blk_trace_startstop(struct request_queue *q, int start)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_startstop(q, start);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_startstop);

/**
 * blk_trace_remove - remove a queue's session
 * @q: the queue
 *
 * Return: 0, or -EINVAL if it has none.
 */
int blk_trace_remove(struct request_queue *q)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_trace_detach(q);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_remove);

/**
 * blk_trace_ioctl - BLKTRACESETUP, BLKTRACESTART, BLKTRACESTOP and
 *	BLKTRACETEARDOWN on a block device
 * @bdev: the device
 * @cmd: the ioctl
 * @arg: BLKTRACESETUP's struct blk_user_trace_setup
 *
 * Return: as blk_trace_setup(), blk_trace_startstop() and
 * blk_trace_remove(); -ENOTTY for another @cmd.
 */
int blk_trace_ioctl(struct block_device *bdev, unsigned int cmd,
		    char __user *arg)
{
	struct request_queue *q = bdev_get_queue(bdev);
	char name[BDEVNAME_SIZE];
	int ret;

	if (!q)
		return -ENXIO;
	mutex_lock(&q->debugfs_mutex);
	switch (cmd) {
	case BLKTRACESETUP:
		snprintf(name, sizeof(name), "%pg", bdev);
		ret = blk_setup_user(q, name, bdev->bd_dev, bdev, arg);
		break;
#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
	case BLKTRACESETUP32:
		snprintf(name, sizeof(name), "%pg", bdev);
		ret = blk_setup_compat(q, name, bdev->bd_dev, bdev, arg);
		break;
#endif
	case BLKTRACESTART:
	case BLKTRACESTOP:
		ret = blk_startstop(q, cmd == BLKTRACESTART);
		break;
	case BLKTRACETEARDOWN:
		ret = blk_trace_detach(q);
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}

/**
 * blk_trace_shutdown - remove a queue's session as the queue goes
 * @q: the queue, under q->debugfs_mutex
 */
void blk_trace_shutdown(struct request_queue *q)
{
	/* -EINVAL: it had none */
	blk_trace_detach(q);
}
