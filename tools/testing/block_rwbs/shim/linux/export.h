/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SHIM_EXPORT_H
#define _SHIM_EXPORT_H
#define EXPORT_SYMBOL_GPL(s)
#endif
