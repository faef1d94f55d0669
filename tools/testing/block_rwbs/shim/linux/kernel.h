/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SHIM_KERNEL_H
#define _SHIM_KERNEL_H
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
