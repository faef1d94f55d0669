/*
 * Model of the head-page protocol of kernel/trace/ring_buffer.c: one
 * writer CPU whose writers nest (task, irq, NMI) and one reader CPU doing
 * the lockless reader-page swap. See README for the mapping to the C code,
 * the abstractions and the invariants.
 *
 * Configuration (spin -D...):
 *   N       ring pages (default 3; 4 is supported). 3 is the smallest
 *           ring in which the head, the page before it and the page after
 *           it are distinct (with 2, rb_push_head() makes the tail page
 *           the new head), so every case of the protocol occurs. The bad
 *           cases need the tail to go once around the ring while a writer
 *           is stalled, which takes about N writes: a bigger ring needs
 *           bigger budgets for the same coverage, and the state space
 *           grows by an order of magnitude per extra write.
 *   CAP     records a page can hold (default 2): a write on a page with
 *           1 <= records < CAP may fit or close the page (both are
 *           possible in C, depending on sizes and stamps); an empty page
 *           always fits, a page with CAP records always closes.
 *   NW      nesting levels of writers on the writer CPU (1..3).
 *   B1..B3  writes done at each level (each interrupt at level 2 or 3 is
 *           one write; several interrupts may come, one after the other).
 *   RB      calls of the consuming reader (rb_reader_page + one record).
 *   OLD_READER, OLD_LAP, OLD_STALE: the code before commit b896d89,
 *               whose three races the model finds (see README).
 *   BROKEN_PUSH, BROKEN_SWAP, BROKEN_NMI, BROKEN_OVERRUN: broken variants
 *               that must fail (see README).
 *   WEAK_PUSH_CHECK: leave out the "pushed page fully published" check,
 *               to look for the worse counterexamples behind it.
 */

#ifndef N
#define N	3
#endif
#define NP	(N + 1)		/* ring pages and the reader page */
#ifndef CAP
#define CAP	2
#endif
#ifndef NW
#define NW	3
#endif
#ifndef B1
#define B1	2
#endif
#ifndef B2
#define B2	3
#endif
#ifndef B3
#define B3	1
#endif
#ifndef RB
#define RB	3
#endif
#ifndef MAXTRIES
#define MAXTRIES	8
#endif

#define NONE	15

/* A link: page index << 2 | flags, like the pointer | RB_FLAG_* in C. */
#define HEADF		1
#define UPDF		2
#define MK(p, f)	((p) * 4 + (f))
#define PG(l)		((l) >> 2)
#define FL(l)		((l) & 3)
#define NX(p)		PG(link[p])


byte link[NP];		/* list.next with the H/U flags */
byte prv[NP];		/* list.prev, maintained by the reader only */
byte cnt[NP];		/* state word: records claimed ... */
bool closed[NP];	/* ... and RB_CLOSED; the index is abstracted away */
byte pcommit[NP];	/* page->commit: records published */
byte tailp;		/* cb->tail_page */
byte commitp;		/* cb->commit_page */
byte readerp;		/* cb->reader_page */
byte headp;		/* cb->head_page: the reader's guess */
byte committing;	/* cb->committing */
byte rread;		/* reader_page->read, in records; reader only */

/* Writer CPU: which level runs; irqs off (rb_push_head, task level). */
byte cur;
bool irqoff;
bool wactive[4];
byte lvl_of[8];		/* level of each writer process, by pid */

/* Ghosts, for the invariants only. */
byte pend[4];		/* page holding level k's claimed, unfinished record */
byte out;		/* the page outside the ring (set with the swap) */
byte nread;		/* records consumed by the reader */
byte overrun;		/* records dropped by pushes (cb->overrun) */
byte entries;		/* records committed (cb->entries) */
bool w1done, rdone;
bool ready;		/* init is done */

#define NOPEND(p)	(pend[1] != (p) && pend[2] != (p) && pend[3] != (p))
#define NOPENDING	(pend[1] == NONE && pend[2] == NONE && pend[3] == NONE)

/* ---------------------------------------------------------------------
 * Structural invariants, checked in every state by the monitor.
 */

#define RING(p)		((p) != out)
#define HF(p)		(RING(p) && (FL(link[p]) & HEADF))
#define UF(p)		(RING(p) && (FL(link[p]) & UPDF))

#if N == 3
#define NHEAD	(HF(0) + HF(1) + HF(2) + HF(3))
#define NUPD	(UF(0) + UF(1) + UF(2) + UF(3))
/* From the first ring page, N next links visit each ring page once. */
#define R0	(out == 0 -> 1 : 0)
#define RING_OK	(NX(NX(NX(R0))) == R0 && \
		 NX(R0) != R0 && NX(R0) != out && \
		 NX(NX(R0)) != R0 && NX(NX(R0)) != out && \
		 NX(NX(R0)) != NX(R0) && RING(NX(out)))
#elif N == 4
#define NHEAD	(HF(0) + HF(1) + HF(2) + HF(3) + HF(4))
#define NUPD	(UF(0) + UF(1) + UF(2) + UF(3) + UF(4))
#define R0	(out == 0 -> 1 : 0)
#define R1	NX(R0)
#define R2	NX(R1)
#define R3	NX(R2)
#define RING_OK	(NX(R3) == R0 && \
		 R1 != R0 && R1 != out && \
		 R2 != R0 && R2 != R1 && R2 != out && \
		 R3 != R0 && R3 != R1 && R3 != R2 && R3 != out && \
		 RING(NX(out)))
#else
#error "N must be 3 or 4"
#endif

/*
 * At most one HEAD and one UPDATE in the ring; exactly one HEAD unless a
 * push is in progress (UPDATE present). The flags never sit on the link
 * of the page outside the ring once it is out (the page the reader gets
 * keeps its plain link to the next ring page). The reader owns the page
 * outside the ring: readerp catches up with `out' right after the swap.
 */
#define FLAGS_OK	(NHEAD <= 1 && NUPD <= 1 && (NUPD == 1 || NHEAD == 1))
/*
 * commit <= tail: following next links from the commit page (which may be
 * the reader's page, whose link leads back into the ring) reaches the
 * tail page; and every record being written is on that path.
 */
#define C0		commitp
#define C1		NX(C0)
#define C2		NX(C1)
#define C3		NX(C2)
#define C4		NX(C3)
#if N == 3
#define TAIL_OK		(C0 == tailp || C1 == tailp || C2 == tailp || \
			 C3 == tailp)
#define ON_PATH(p)	((p) == C0 || (C0 != tailp && ((p) == C1 || \
			 (C1 != tailp && ((p) == C2 || \
			 (C2 != tailp && (p) == C3))))))
#else
#define TAIL_OK		(C0 == tailp || C1 == tailp || C2 == tailp || \
			 C3 == tailp || C4 == tailp)
#define ON_PATH(p)	((p) == C0 || (C0 != tailp && ((p) == C1 || \
			 (C1 != tailp && ((p) == C2 || \
			 (C2 != tailp && ((p) == C3 || \
			 (C3 != tailp && (p) == C4))))))))
#endif
#define PEND_OK(k)	(pend[k] == NONE || ON_PATH(pend[k]))
#define INV		(RING_OK && FLAGS_OK && TAIL_OK && PEND_OK(1) && PEND_OK(2) && \
			 PEND_OK(3) && rread <= pcommit[readerp])

active proctype monitor()
{
end:
	atomic {
		ready && !INV ->
		assert(RING_OK);
		assert(FLAGS_OK);
		assert(TAIL_OK);
		assert(PEND_OK(1) && PEND_OK(2) && PEND_OK(3));
		assert(INV)
	}
}

/* ---------------------------------------------------------------------
 * Writer CPU.
 *
 * A level-k writer runs only while cur == k. It may start (an interrupt
 * arrives) whenever the level below it runs: an irq (k == 2) only at task
 * level with irqs on, an NMI (k == 3) at task or irq level, even with
 * irqs off. It sets cur = k and restores the level it interrupted when
 * it returns, so the interrupted writers make no step in between.
 */
#define LVL		lvl_of[_pid]
#define START_OK(k)	((k) == 0 || ((k) == 1 && cur == 0) || \
			 ((k) == 2 && cur == 1 && !irqoff) || \
			 ((k) == 3 && (cur == 1 || cur == 2)))

/*
 * The writer and the reader are written as state machines: each atomic
 * block below makes exactly one access to shared state (the C statement
 * it models is quoted next to it), plus local bookkeeping and the jump to
 * the next step. Everything between two blocks is an interleaving point:
 * the reader CPU may run, and so may an interrupting writer.
 */

/*
 * rb_unpublished(cb): one step. Its reads can be split only by an
 * interrupting writer, which then finds committing == 0, is outermost and
 * publishes everything before it returns (see README).
 */
#define UNPUBLISHED	(commitp != tailp || pcommit[tailp] != cnt[tailp])

/* the level an interrupt returns to */
#define BELOW(k)	((k) == 3 -> (wactive[2] -> 2 : 1) : (k) - 1)

#ifdef BROKEN_OVERRUN
#define BROKEN_OVR	1	/* BROKEN: no commit_overrun check */
#else
#define BROKEN_OVR	0
#endif

/* rb_move_tail(): what to do with the link we read (l, nx) */
#ifdef BROKEN_NMI
#define UPD_ACTION	goto mvtail	/* BROKEN: move past a push */
#else
#define UPD_ACTION	goto dropped	/* dropped_events */
#endif
#define FLAG_DISPATCH					\
	if						\
	:: FL(l) & HEADF -> goto push			\
	:: FL(l) & UPDF -> UPD_ACTION			\
	:: else -> goto mvtail				\
	fi

proctype writer(byte k; byte budget)
	provided (cur == LVL || (!wactive[LVL] && START_OK(LVL)))
{
	byte t, sc, l, nx, nh, cp, e, tries;

	lvl_of[_pid] = k;
idle:
end_idle:
	if
	:: d_step {		/* an interrupt: ring_buffer_lock_reserve() */
		budget > 0 ->
		budget--;
		wactive[k] = 1;
		cur = k;
		committing++	/* local_inc_return(&cb->committing) */
	   }
	:: atomic { budget == 0 && k == 1 -> w1done = 1; goto finished }
	fi;

	/* rb_reserve() */
rsv:
	t = tailp;		/* tail = READ_ONCE(cb->tail_page) */
	atomic {		/* state = local_read(&tail->state) */
		tries++;
		assert(tries <= MAXTRIES);	/* no livelock */
		if
		:: closed[t] -> goto mt0	/* rb_move_tail() */
		:: else -> sc = cnt[t]
		fi
	}
	atomic {
		if
		:: sc < CAP ->	/* fits: local_cmpxchg(&tail->state, ...) */
			if
			:: cnt[t] == sc && !closed[t] ->
				assert(t == tailp);	/* only the tail */
				cnt[t]++;
				pend[k] = t;
				sc = 0;
				goto written
			:: else -> sc = 0; goto rsv
			fi
		:: sc > 0 ->	/* too big: close at the current index */
			if
			:: cnt[t] == sc && !closed[t] ->
				closed[t] = 1;
				sc = 0;
				goto mt0
			:: else -> sc = 0; goto rsv
			fi
		fi
	}

	/* rb_move_tail(cb, t) */
mt0:
	atomic {		/* READ_ONCE(cb->tail_page) != tail */
		if
		:: tailp != t -> goto rsv
		:: else -> skip
		fi
	}
	atomic {		/* link = rb_link(tail); next = rb_link_page() */
		l = link[t];
		nx = PG(l)
	}
#ifndef OLD_STALE
	atomic {		/* next == READ_ONCE(cb->commit_page) */
		if
		:: nx == commitp && !BROKEN_OVR -> goto dropped	/* commit_overrun */
		:: else -> FLAG_DISPATCH
		fi
	}
#else
	atomic {		/* next == READ_ONCE(cb->commit_page) */
		if
		:: nx == commitp && !BROKEN_OVR -> goto dropped	/* commit_overrun */
		:: else -> skip
		fi
	}
	atomic {		/* tail == READ_ONCE(cb->reader_page) */
		if
		:: t == readerp -> goto mvtail
		:: else -> FLAG_DISPATCH
		fi
	}
#endif
mvtail:
	atomic {		/* cmpxchg(&cb->tail_page, tail, next) */
		if
		:: tailp == t ->
			assert(nx != commitp);	/* never into the commit */
			tailp = nx
		:: else -> skip
		fi;
		l = 0;
		nx = 0;
		goto rsv
	}

	/* rb_push_head(cb, t, nx) */
push:
#ifndef OLD_LAP
	atomic {		/* rb_out_of_ring(commit): commit_overrun */
		if
		:: PG(link[prv[commitp]]) != commitp -> goto dropped
		:: else -> skip
		fi
	}
#endif
	atomic {		/* local_irq_save(); state = local_read() */
		if
		:: k == 1 -> irqoff = 1
		:: else -> skip
		fi;
		sc = cnt[nx]
	}
	atomic {		/* cmpxchg(&tail->list.next, head|H, head|U) */
#ifdef BROKEN_PUSH
		/* BROKEN: the claim is a plain store. */
		link[t] = MK(nx, UPDF)
#else
		if
		:: link[t] == MK(nx, HEADF) -> link[t] = MK(nx, UPDF)
		:: else ->	/* lost: local_irq_restore(); retry */
			if
			:: k == 1 -> irqoff = 0
			:: else -> skip
			fi;
			sc = 0;
			l = 0;
			nx = 0;
			goto rsv
		fi
#endif
	}
	d_step {		/* local_set(&head->state, 0) */
		/*
		 * We drop only published data (the page is before the
		 * commit), never the commit page, the reader's page or a
		 * page with a record being written; what we drop is
		 * counted (overrun).
		 */
		assert(nx != commitp && nx != out && NOPEND(nx));
#ifndef WEAK_PUSH_CHECK
		assert(pcommit[nx] == cnt[nx] && sc == cnt[nx]);
#endif
		overrun = overrun + sc;
		cnt[nx] = 0;
		closed[nx] = 0;
		sc = 0
	}
	pcommit[nx] = 0;	/* local_set(&head->page->commit, 0) */
	nh = NX(nx);		/* nhead = rb_next_page(head) */
	atomic {		/* WRITE_ONCE(head->list.next, nhead | H) */
		link[nx] = MK(nh, HEADF);
		nh = 0
	}
	link[t] = MK(nx, 0);	/* release: WRITE_ONCE(tail->list.next, head) */
	atomic {		/* cmpxchg(&cb->tail_page, tail, head) */
		if
		:: tailp == t -> tailp = nx
		:: else -> skip
		fi;
		if		/* local_irq_restore(); retry */
		:: k == 1 -> irqoff = 0
		:: else -> skip
		fi;
		l = 0;
		nx = 0;
		goto rsv
	}

written:
	atomic {		/* the record is written; unlock_commit() */
		pend[k] = NONE;
		entries++	/* local_inc(&cb->entries) */
	}
	goto ec;
dropped:
	atomic {
		l = 0;
		nx = 0;
		goto ec
	}

	/* rb_end_commit() */
ec:
	atomic {		/* local_read(&cb->committing) == 1 */
		tries = 0;
		if
		:: committing == 1 ->
			cp = commitp	/* rb_publish(): cp = cb->commit_page */
		:: else -> goto dec
		fi
	}
pl:
	t = tailp;		/* tail = READ_ONCE(cb->tail_page) */
pw:
	atomic {		/* end = local_read(&{cp,tail}->state) */
		if
		:: cp != t ->
			assert(closed[cp]);	/* the tail left it */
			e = cnt[cp]
		:: else -> e = cnt[t]; goto ptail
		fi
	}
	d_step {		/* local_set(&cp->page->commit, end) */
		assert(NOPENDING && pcommit[cp] <= e);
		pcommit[cp] = e;
		e = 0
	}
	cp = NX(cp);		/* cp = rb_next_page(cp) */
	atomic {		/* WRITE_ONCE(cb->commit_page, cp) */
		commitp = cp;
		goto pw
	}
ptail:
	atomic {		/* local_set(&tail->page->commit, end) */
		assert(NOPENDING && pcommit[t] <= e);
		pcommit[t] = e;
		e = 0
	}
	atomic {		/* READ_ONCE(cb->tail_page) == tail */
		if
		:: tailp == t -> cp = 0; t = 0
		:: else -> goto pl
		fi
	}
dec:
	atomic {		/* local_dec(); local_read(&cb->committing) */
		committing--;
		if
		:: committing != 0 -> goto ret
		:: else -> skip
		fi
	}
	atomic {		/* !rb_unpublished(cb), see README */
		if
		:: !UNPUBLISHED -> goto ret
		:: else -> skip
		fi
	}
	atomic {		/* local_inc(&cb->committing) */
		committing++;
		goto ec
	}
ret:
	atomic {		/* return from the interrupt */
		wactive[k] = 0;
		cur = BELOW(k);
		t = 0
	}
	goto idle;
finished:
	skip
}

/* ---------------------------------------------------------------------
 * Reader CPU: ring_buffer_consume() under the reader lock, RB times.
 * rb_find_head() is one step (see README); the rest is step by step.
 */
proctype reader(byte budget)
{
	byte h, pv, nh, i, bp;

ridle:
end_ridle:
	if
	:: atomic { budget > 0 -> budget--; goto rp1 }
	:: atomic { budget == 0 -> rdone = 1; goto rend }
	fi;

	/* rb_reader_page() */
rp1:
	atomic {		/* reader->read < rb_page_commit(reader) */
		if
		:: rread < pcommit[readerp] ->
			rread++;	/* consume one record */
			nread++;
			goto ridle
		:: else -> skip
		fi
	}
	atomic {		/* READ_ONCE(cb->commit_page) == reader */
		if
		:: commitp == readerp -> goto ridle	/* NULL */
		:: else -> skip
		fi
	}
#ifndef OLD_READER
	atomic {		/* smp_rmb(); read < rb_page_commit() again */
		if
		:: rread < pcommit[readerp] -> goto rp1	/* continue */
		:: else -> skip
		fi
	}
#endif
	atomic {		/* head = rb_find_head(cb) */
		h = NONE;
		i = 0;
		bp = headp;
		do
		:: i > N -> break
		:: else ->
			if
			:: link[prv[bp]] == MK(bp, HEADF) -> h = bp; break
			:: else -> bp = NX(bp); i++
			fi
		od;
		i = 0;
		bp = 0;
		if
		:: h == NONE -> h = 0; goto rp1	/* a push in progress */
		:: else -> skip
		fi
	}
	atomic {		/* head == READ_ONCE(cb->commit_page) */
		if
		:: h == commitp -> skip
		:: else -> goto rp6
		fi
	}
	atomic {		/* && !rb_page_commit(head): NULL */
		if
		:: pcommit[h] == 0 -> h = 0; goto ridle
		:: else -> skip
		fi
	}
rp6:
	atomic {		/* rb_reset_page(reader) */
		/*
		 * Nobody writes the page we reset, and we lose none of
		 * its published records.
		 */
		assert(readerp == out && readerp != commitp &&
		       readerp != tailp && NOPEND(readerp));
		assert(rread == pcommit[readerp] && rread == cnt[readerp]);
		rread = 0;
		cnt[readerp] = 0;
		closed[readerp] = 0;
		pcommit[readerp] = 0
	}
	atomic {		/* prev = rb_prev_page(head); nhead = next */
		pv = prv[h];
		nh = NX(h)
	}
	prv[readerp] = pv;	/* reader->list.prev = &prev->list */
	link[readerp] = MK(nh, HEADF); /* WRITE_ONCE(reader->list.next, ...) */
	atomic {		/* cmpxchg(&prev->list.next, head|H, reader) */
#ifdef BROKEN_SWAP
		/* BROKEN: the swap is a plain store. */
		link[pv] = MK(readerp, 0);
		out = h
#else
		if
		:: link[pv] == MK(h, HEADF) ->
			link[pv] = MK(readerp, 0);
			out = h;
			/*
			 * What we take: a page before the commit, closed
			 * and all published, or the commit page, which the
			 * writer goes on filling as our page. (The C code
			 * means to take the commit page only with published
			 * data, but its check can be stale: see README.)
			 */
			assert((h != commitp && h != tailp && NOPEND(h) &&
				closed[h] && pcommit[h] == cnt[h]) ||
			       h == commitp)
		:: else -> h = 0; pv = 0; nh = 0; goto rp1
		fi
#endif
	}
	prv[nh] = readerp;	/* nhead->list.prev = &reader->list */
	atomic {		/* cb->reader_page = head; cb->head_page = nhead */
		readerp = h;
		headp = nh;
		h = 0;
		pv = 0;
		nh = 0;
		goto rp1
	}
rend:
	skip
}

init
{
	byte i;

	atomic {
		for (i : 0 .. N - 1) {
			link[i] = MK((i + 1) % N, 0);
			prv[i] = (i + N - 1) % N
		}
		link[N - 1] = MK(0, HEADF);	/* rb_link_ring() */
		link[N] = MK(0, 0);		/* the reader page */
		prv[N] = N - 1;
		readerp = N;
		out = N;
		pend[0] = NONE;
		pend[1] = NONE;
		pend[2] = NONE;
		pend[3] = NONE;
		i = 0;
		run writer(1, B1);
#if NW >= 2
		run writer(2, B2);
#endif
#if NW >= 3
		run writer(3, B3);
#endif
		run reader(RB);
		ready = 1
	}
}

/*
 * Once the task-level writer and the reader are done (no writer runs):
 * every record committed was consumed, is still readable (published on a
 * ring page or unread on the reader page), or was counted as overrun.
 */
active proctype accounting()
{
end:
	atomic {
		w1done && rdone && cur == 0 ->
		assert(entries == nread + overrun + pcommit[0] + pcommit[1] +
		       pcommit[2] + pcommit[3]
#if N == 4
		       + pcommit[4]
#endif
		       - rread)
	}
}
