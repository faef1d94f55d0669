/* SPDX-License-Identifier: GPL-2.0 */
/* The one thing of the block events' header blk_fill_rwbs() needs. */
#ifndef _SHIM_TRACE_EVENTS_BLOCK_H
#define _SHIM_TRACE_EVENTS_BLOCK_H
#define RWBS_LEN	8
#endif
