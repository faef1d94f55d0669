/* SPDX-License-Identifier: GPL-2.0 */
/* See ../kshim.h. */
#include "../kshim.h"
