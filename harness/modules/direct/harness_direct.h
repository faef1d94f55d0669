/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trampolines of harness_direct.c, written in assembly there, and
 * what they call: each counts its entries and returns into the function
 * whose site called it.
 */
#ifndef _HARNESS_DIRECT_H
#define _HARNESS_DIRECT_H

void harness_direct_tramp_a(void);
void harness_direct_tramp_b(void);
void harness_direct_hit_a(void);
void harness_direct_hit_b(void);

#endif /* _HARNESS_DIRECT_H */
