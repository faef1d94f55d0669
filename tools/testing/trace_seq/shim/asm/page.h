/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TOOLS_TS_ASM_PAGE_H
#define _TOOLS_TS_ASM_PAGE_H
#include "../kshim.h"
#endif
