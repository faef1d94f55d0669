// SPDX-License-Identifier: GPL-2.0
/*
 * The block layer's trace events (include/trace/events/block.h) describe
 * a request's operation and flags in a short string, "rwbs", that
 * blkparse, blktrace's scripts and everyone who reads those events
 * parse: 'F' for a preflush, the operation's letters, then one letter
 * for each of FUA, readahead, sync and metadata that is set. The events
 * are built with every kernel that has both the block layer and event
 * tracing, whether or not it has the blk tracer, and so is this file.
 */
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>
#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <trace/events/block.h>

/* The flags shown after the operation, in the order they are shown. */
static const struct {
	blk_opf_t	flag;
	char		letter;
} rwbs_flags[] = {
	{ REQ_FUA,	'F' },
	{ REQ_RAHEAD,	'A' },
	{ REQ_SYNC,	'S' },
	{ REQ_META,	'M' },
};

/* The letters of an operation: one or two; any not named here is "N". */
static const char *rwbs_op(enum req_op op)
{
	switch (op) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
		return "W";
	case REQ_OP_FLUSH:
		return "F";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	default:
		return "N";
	}
}

/**
 * blk_fill_rwbs - describe a block operation in a trace event's rwbs
 * @rwbs: the string to fill, of RWBS_LEN bytes (trace/events/block.h)
 * @opf: the operation (REQ_OP_*) and its flags (REQ_*)
 *
 * Writes the letters of @opf, as the block events show them, and a NUL.
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = rwbs_op(opf & REQ_OP_MASK);
	unsigned int i;
	char *p = rwbs;

	/* The longest: a preflush, two letters, every flag, the NUL. */
	BUILD_BUG_ON(1 + 2 + ARRAY_SIZE(rwbs_flags) + 1 > RWBS_LEN);

	if (opf & REQ_PREFLUSH)
		*p++ = 'F';
	while (*op)
		*p++ = *op++;
	for (i = 0; i < ARRAY_SIZE(rwbs_flags); i++)
		if (opf & rwbs_flags[i].flag)
			*p++ = rwbs_flags[i].letter;
	*p = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
