/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TOOLS_TS_LINUX_MINMAX_H
#define _TOOLS_TS_LINUX_MINMAX_H
#include "../kshim.h"
#endif
