/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TOOLS_TS_ASM_UNALIGNED_H
#define _TOOLS_TS_ASM_UNALIGNED_H
#include "../kshim.h"
#endif
