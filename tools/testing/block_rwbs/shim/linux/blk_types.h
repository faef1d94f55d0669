/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What blk_fill_rwbs() reads of <linux/blk_types.h>: the operations and
 * the flags by name. The operations' numbers are the kernel's (an
 * operation's number is what the code switches on); the flags' bits are
 * only distinct, as both implementations compared use the same names.
 */
#ifndef _SHIM_BLK_TYPES_H
#define _SHIM_BLK_TYPES_H

#include <stdint.h>

#define __force
typedef uint32_t blk_opf_t;

#define REQ_OP_BITS	8
#define REQ_OP_MASK	((blk_opf_t)((1 << REQ_OP_BITS) - 1))

enum req_op {
	REQ_OP_READ		= 0,
	REQ_OP_WRITE		= 1,
	REQ_OP_FLUSH		= 2,
	REQ_OP_DISCARD		= 3,
	REQ_OP_SECURE_ERASE	= 5,
	REQ_OP_ZONE_APPEND	= 7,
	REQ_OP_WRITE_ZEROES	= 9,
	REQ_OP_ZONE_OPEN	= 11,
	REQ_OP_ZONE_CLOSE	= 13,
	REQ_OP_ZONE_FINISH	= 15,
	REQ_OP_ZONE_RESET	= 17,
	REQ_OP_ZONE_RESET_ALL	= 19,
	REQ_OP_DRV_IN		= 34,
	REQ_OP_DRV_OUT		= 35,
	REQ_OP_LAST		= 36,
};

#define REQ_FAILFAST_DEV	((blk_opf_t)1 << 8)
#define REQ_SYNC		((blk_opf_t)1 << 11)
#define REQ_META		((blk_opf_t)1 << 12)
#define REQ_PRIO		((blk_opf_t)1 << 13)
#define REQ_NOMERGE		((blk_opf_t)1 << 14)
#define REQ_FUA			((blk_opf_t)1 << 17)
#define REQ_PREFLUSH		((blk_opf_t)1 << 18)
#define REQ_RAHEAD		((blk_opf_t)1 << 19)

#endif
