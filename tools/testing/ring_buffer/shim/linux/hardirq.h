/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TOOLS_RB_LINUX_HARDIRQ_H
#define _TOOLS_RB_LINUX_HARDIRQ_H
#include "../kshim.h"
#endif
