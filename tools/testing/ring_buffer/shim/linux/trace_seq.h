/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TOOLS_RB_LINUX_TRACE_SEQ_H
#define _TOOLS_RB_LINUX_TRACE_SEQ_H
#include "../kshim.h"
#endif
