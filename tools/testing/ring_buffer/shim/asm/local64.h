/* SPDX-License-Identifier: GPL-2.0 */
/* local64_t: local_t is 64 bits wide on the 64-bit hosts we build for. */
#ifndef _TOOLS_RB_ASM_LOCAL64_H
#define _TOOLS_RB_ASM_LOCAL64_H

#include <assert.h>
#include "local.h"

static_assert(sizeof(long) == 8, "local64_t needs a 64-bit long");

typedef struct { local_t a; } local64_t;

#define local64_read(l)			((u64)local_read(&(l)->a))
#define local64_set(l, i)		local_set(&(l)->a, (long)(i))
#define local64_cmpxchg(l, o, n)	((u64)local_cmpxchg(&(l)->a, (long)(o), (long)(n)))

#endif /* _TOOLS_RB_ASM_LOCAL64_H */
