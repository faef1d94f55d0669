/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SHIM_BLKTRACE_API_H
#define _SHIM_BLKTRACE_API_H
#include <linux/blk_types.h>
void blk_fill_rwbs(char *rwbs, blk_opf_t opf);
#endif
