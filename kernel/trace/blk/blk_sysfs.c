// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/block/DEV/trace/ and /sys/block/DEV/PART/trace/: a session for
 * the blk tracer, without a relay channel.
 *
 *   enable	1 sets a session up on the device's queue (every category,
 *		every task, the device's or partition's sectors), 0 removes
 *		the queue's session, whichever set it up; reads 0 or 1
 *   act_mask	the categories: a number, or names joined by commas
 *		(read,write,flush,sync,queue,requeue,issue,complete,fs,
 *		pc,notify,ahead,meta,discard,drv_data,fua); read as names
 *   pid	only this task's actions (0: every task's)
 *   start_lba, end_lba	only sectors in this range
 *
 * Writing any but enable sets a session up first if there is none; with
 * none, reading them gives "disabled". All under the queue's
 * q->debugfs_mutex, as the ioctls; the writers read each value once per
 * record (blk_record.c).
 *
 * Upstream keeps the low bits of an act_mask or pid too big for the
 * field; here they are refused (EINVAL).
 */

#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../../../block/blk.h"
#include "blk_internal.h"

/* The categories' names, by bit (BLK_TC_*); the order is the output's. */
static const char *const blk_category_names[] = {
	"read", "write", "flush", "sync", "queue", "requeue", "issue",
	"complete", "fs", "pc", "notify", "ahead", "meta", "discard",
	"drv_data", "fua",
};

static_assert(ARRAY_SIZE(blk_category_names) == ilog2(BLK_TC_END) + 1);

/* "read,write": the mask; -EINVAL at an unknown name. */
static int blk_parse_categories(const char *str)
{
	char *copy, *s, *name;
	int mask = 0, i;

	copy = kstrdup(str, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	s = strstrip(copy);
	while ((name = strsep(&s, ","))) {
		if (!*name)
			continue;
		for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
			if (!strcasecmp(name, blk_category_names[i]))
				break;
		if (i == ARRAY_SIZE(blk_category_names)) {
			mask = -EINVAL;
			break;
		}
		mask |= BIT(i);
	}
	kfree(copy);
	return mask;
}

static ssize_t blk_show_categories(char *buf, u16 mask)
{
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
		if (mask & BIT(i))
			n += sysfs_emit_at(buf, n, "%s%s", n ? "," : "",
					   blk_category_names[i]);
	return n + sysfs_emit_at(buf, n, "\n");
}

enum blk_attr { BLK_ENABLE, BLK_ACT_MASK, BLK_PID, BLK_START, BLK_END };

static ssize_t blk_attr_show(struct device *dev, struct device_attribute *attr,
			     char *buf);
static ssize_t blk_attr_store(struct device *dev, struct device_attribute *attr,
			      const char *buf, size_t count);

#define BLK_ATTR(_name, _which)						\
	static struct dev_ext_attribute blk_attr_##_name = {		\
		.attr	= __ATTR(_name, 0644, blk_attr_show, blk_attr_store), \
		.var	= (void *)(uintptr_t)(_which),			\
	}

BLK_ATTR(enable, BLK_ENABLE);
BLK_ATTR(act_mask, BLK_ACT_MASK);
BLK_ATTR(pid, BLK_PID);
BLK_ATTR(start_lba, BLK_START);
BLK_ATTR(end_lba, BLK_END);

static enum blk_attr blk_which(struct device_attribute *attr)
{
	return (uintptr_t)container_of(attr, struct dev_ext_attribute, attr)->var;
}

static ssize_t blk_attr_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	enum blk_attr which = blk_which(attr);
	struct blk_trace *bt;
	ssize_t ret;

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (which == BLK_ENABLE)
		ret = sysfs_emit(buf, "%u\n", !!bt);
	else if (!bt)
		ret = sysfs_emit(buf, "disabled\n");
	else if (which == BLK_ACT_MASK)
		ret = blk_show_categories(buf, bt->act_mask);
	else if (which == BLK_PID)
		ret = sysfs_emit(buf, "%u\n", bt->pid);
	else if (which == BLK_START)
		ret = sysfs_emit(buf, "%llu\n", bt->start_lba);
	else
		ret = sysfs_emit(buf, "%llu\n", bt->end_lba);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}

/* A session without a channel on bdev's queue, or an ERR_PTR(). */
static struct blk_trace *blk_sysfs_attach(struct request_queue *q,
					  struct block_device *bdev)
{
	struct blk_trace *bt = blk_trace_new(bdev->bd_dev, bdev);
	int ret;

	if (!bt)
		return ERR_PTR(-ENOMEM);
	ret = blk_probes_get();
	if (ret) {
		blk_trace_free(q, bt);
		return ERR_PTR(ret);
	}
	rcu_assign_pointer(q->blk_trace, bt);
	return bt;
}

/* The value written to which, checked for its field. */
static int blk_attr_parse(enum blk_attr which, const char *buf, u64 *value)
{
	int mask;

	if (!kstrtoull(buf, 0, value)) {
		if (which == BLK_ACT_MASK && *value > U16_MAX)
			return -EINVAL;
		if (which == BLK_PID && *value > U32_MAX)
			return -EINVAL;
		return 0;
	}
	if (which != BLK_ACT_MASK)
		return -EINVAL;
	mask = blk_parse_categories(buf);
	if (mask < 0)
		return mask;
	*value = mask;
	return 0;
}

static ssize_t blk_attr_store(struct device *dev, struct device_attribute *attr,
			      const char *buf, size_t count)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	enum blk_attr which = blk_which(attr);
	struct blk_trace *bt;
	u64 value;
	int ret;

	if (!count)
		return -EINVAL;
	ret = blk_attr_parse(which, buf, &value);
	if (ret)
		return ret;

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (which == BLK_ENABLE) {
		if (value && !bt)
			ret = PTR_ERR_OR_ZERO(blk_sysfs_attach(q, bdev));
		else if (!value && bt)
			ret = blk_trace_detach(q);
		goto out;
	}
	if (!bt) {
		bt = blk_sysfs_attach(q, bdev);
		ret = PTR_ERR_OR_ZERO(bt);
		if (ret)
			goto out;
	}
	/* writers read these without the mutex: one store each */
	switch (which) {
	case BLK_ACT_MASK:
		WRITE_ONCE(bt->act_mask, value);
		break;
	case BLK_PID:
		WRITE_ONCE(bt->pid, value);
		break;
	case BLK_START:
		WRITE_ONCE(bt->start_lba, value);
		break;
	default:
		WRITE_ONCE(bt->end_lba, value);
		break;
	}
out:
	mutex_unlock(&q->debugfs_mutex);
	return ret ? ret : count;
}

static struct attribute *blk_trace_attrs[] = {
	&blk_attr_enable.attr.attr,
	&blk_attr_act_mask.attr.attr,
	&blk_attr_pid.attr.attr,
	&blk_attr_start_lba.attr.attr,
	&blk_attr_end_lba.attr.attr,
	NULL
};

/* The trace/ directory of every disk and partition (block/genhd.c). */
struct attribute_group blk_trace_attr_group = {
	.name	= "trace",
	.attrs	= blk_trace_attrs,
};
