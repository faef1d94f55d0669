/* SPDX-License-Identifier: GPL-2.0 */
/* The part of the kernel's lists the engine and the test use. */
#ifndef _TOOLS_TF_LIST_H
#define _TOOLS_TF_LIST_H
#include "../kshim.h"

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	n->prev = h->prev;
	n->next = h;
	h->prev->next = n;
	h->prev = n;
}
#endif
