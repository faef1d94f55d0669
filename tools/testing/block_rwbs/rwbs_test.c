// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/trace/trace_block_rwbs.c, unchanged, in user space: its
 * blk_fill_rwbs() must give upstream's string (blktrace.c's function,
 * taken from the base tree by the Makefile) for every operation number
 * and every set of the flags it shows, and a few strings written out
 * here, which hold without upstream's code too.
 */
#include <stdio.h>
#include <string.h>
#include <linux/blktrace_api.h>
#include <linux/kernel.h>
#include <trace/events/block.h>

#ifdef HAVE_UPSTREAM
void upstream_blk_fill_rwbs(char *rwbs, blk_opf_t opf);
#endif

static const blk_opf_t flags[] = {
	REQ_PREFLUSH, REQ_FUA, REQ_RAHEAD, REQ_SYNC, REQ_META,
	/* not shown: they must change nothing */
	REQ_NOMERGE, REQ_FAILFAST_DEV, REQ_PRIO,
};

#define NFLAGS	ARRAY_SIZE(flags)

static const struct {
	blk_opf_t opf;
	const char *rwbs;
} known[] = {
	{ REQ_OP_READ, "R" },
	{ REQ_OP_WRITE | REQ_SYNC, "WS" },
	{ REQ_OP_WRITE | REQ_PREFLUSH | REQ_FUA | REQ_SYNC, "FWFS" },
	{ REQ_OP_READ | REQ_RAHEAD | REQ_META, "RAM" },
	{ REQ_OP_SECURE_ERASE | REQ_PREFLUSH | REQ_FUA | REQ_RAHEAD | REQ_SYNC | REQ_META,
	  "FDEFASM" },
	{ REQ_OP_FLUSH | REQ_PREFLUSH, "FF" },
	{ REQ_OP_DISCARD | REQ_NOMERGE, "D" },
	{ REQ_OP_WRITE_ZEROES, "N" },
	{ REQ_OP_DRV_OUT | REQ_SYNC, "NS" },
};

int main(void)
{
	char ours[RWBS_LEN + 8];
	unsigned long n = 0, bad = 0;
	unsigned int op, set, i;

	for (i = 0; i < ARRAY_SIZE(known); i++) {
		blk_fill_rwbs(ours, known[i].opf);
		if (strcmp(ours, known[i].rwbs)) {
			printf("FAIL: opf %#x: \"%s\", not \"%s\"\n",
			       known[i].opf, ours, known[i].rwbs);
			bad++;
		}
	}
	for (op = 0; op <= REQ_OP_MASK; op++) {
		for (set = 0; set < 1u << NFLAGS; set++) {
			blk_opf_t opf = op;

			for (i = 0; i < NFLAGS; i++)
				if (set & (1u << i))
					opf |= flags[i];
			/* a canary past RWBS_LEN: nothing may be written there */
			memset(ours, 'X', sizeof(ours));
			blk_fill_rwbs(ours, opf);
			if (!memchr(ours, '\0', RWBS_LEN) ||
			    ours[RWBS_LEN] != 'X') {
				printf("FAIL: opf %#x: past RWBS_LEN\n", opf);
				bad++;
				continue;
			}
#ifdef HAVE_UPSTREAM
			{
				char up[RWBS_LEN];

				upstream_blk_fill_rwbs(up, opf);
				if (strcmp(ours, up)) {
					if (bad < 10)
						printf("FAIL: opf %#x: \"%s\", upstream \"%s\"\n",
						       opf, ours, up);
					bad++;
				}
			}
#endif
			n++;
		}
	}
#ifdef HAVE_UPSTREAM
	printf("blk_fill_rwbs: %lu operations and flag sets against upstream's, %lu wrong\n",
	       n, bad);
#else
	printf("blk_fill_rwbs: %lu operations and flag sets, known strings only, %lu wrong\n",
	       n, bad);
#endif
	return bad ? 1 : 0;
}
