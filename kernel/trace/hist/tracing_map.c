// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing map: fixed-size keys to preallocated elements, filled from
 * any context, NMI included, without a lock.
 *
 * Layout. A map of 1 << bits elements ("max") allocates them all when it
 * is made, in one zeroed block: element i lives at elts + i * stride, and
 * each holds, after its struct tracing_map_elt, its sums, its variables,
 * their set bits, its key and its private bytes, every part 8-aligned
 * (atomic64_t must be, on 32-bit arches too). The element's pointers to
 * its parts are set then and never change. A pool cursor, `next`, hands
 * the elements out in order: the elements below min(next, max) are taken,
 * the others are zero. Beside the pool is a table of 2 * max slots, each
 * a hash word and an element pointer. A hash word is 0 while the slot is
 * free, else the hash of the key the slot holds (jhash; a key whose hash
 * is 0 is given 1). The pointer is NULL until the element is published,
 * then the element, or the dead mark for a slot whose element never came.
 * Keys are found by open addressing with linear probing from hash &
 * (slots - 1). A slot, once claimed, stays claimed with the same hash
 * until tracing_map_clear(): slots never empty, so a key, if present, lies
 * between its first probe and the first free slot after it.
 *
 * Insert. Probe from the key's slot:
 *  - A slot holding another hash: go on.
 *  - A slot holding our hash whose element is published (acquire load,
 *    which pairs with the release that published it, so its key is
 *    complete): if its key is ours, a hit; if not, go on. A dead slot is
 *    passed over.
 *  - A free slot: our key is in no slot before it, so it is not in the
 *    map. If the pool is already used up, drop: claiming the slot would
 *    only leave a dead slot behind, and a full map, hit by many new keys,
 *    would soon be a table of dead slots with every probe a long one.
 *    Otherwise claim the slot with cmpxchg(hash, 0, ours). The winner
 *    alone owns the slot: it takes an element by an atomic increment of
 *    the cursor, copies the key in, calls the user's init() and publishes
 *    the element with a release store. A loser looks again at the slot
 *    with the hash that won it (cmpxchg returns it): the winner may have
 *    been inserting our key, in which case we treat the slot as any slot
 *    of our hash, below.
 *  - A slot holding our hash with no element yet: some context has
 *    claimed it and is inserting, maybe our key, maybe another of the
 *    same hash. It may be the context we interrupted, on this CPU, which
 *    cannot go on until we return; waiting for it could never end, so we
 *    do not wait. Passing the slot by would be wrong too: if it is our
 *    key, we would claim a second slot for it and the map would hold the
 *    key twice. So we drop, which only happens when two contexts insert
 *    the same new key at the same moment (or two keys of the same 32-bit
 *    hash).
 * Every insert counts either a hit (it returned an element) or a drop, so
 * hits + drops is the number of inserts.
 *
 * The pool can run out between the check and the claim, when other
 * contexts take the last elements meanwhile. The claimer then marks its
 * slot dead (no element will ever come) and drops. Once the cursor has
 * reached max no context claims again, so dead slots are only made by the
 * contexts that passed the check before the pool ran out and claimed
 * after: at most one per context inserting at that moment, that is per
 * CPU and interrupt level. Claimed slots are thus at most max plus that
 * many; with twice max slots the table keeps a free slot for any key's
 * probe unless more contexts than max insert at once, and the probe gives
 * up (a drop) after one pass over the table if it ever were full.
 *
 * Ordering. Each atomic step and the race it closes:
 *  - cmpxchg on a slot's hash word: two contexts finding the same free
 *    slot. Exactly one wins; the loser reads the winner's hash from it.
 *  - atomic_fetch_inc_relaxed() of the cursor: two claimers taking an
 *    element. Each index goes to one taker; no ordering is needed with it,
 *    as nothing else about the element is read through the cursor.
 *  - smp_store_release() of the element pointer, paired with the probes'
 *    smp_load_acquire(): a reader that sees the element sees its key and
 *    what init() wrote. The hash word is read with READ_ONCE() first;
 *    it never changes once set, so which element a published pointer
 *    belongs to is never in doubt.
 *  - Sums are atomic64_add(): any number of contexts adding to one.
 *  - tracing_map_set_var() stores the value, then sets the bit after
 *    smp_mb__before_atomic(); a reader that sees the bit (acquire, or the
 *    fully ordered test_and_clear_bit()) sees the value.
 *  - hits and drops are atomic64_inc(): counted from all contexts at once.
 * TRACING_MAP depends on ARCH_HAVE_NMI_SAFE_CMPXCHG; an arch whose 64-bit
 * atomics take a lock (GENERIC_ATOMIC64) is as NMI-safe as that lock. A
 * variable is a plain u64: on a 32-bit arch a read racing with a set of
 * the same variable may see half of each.
 *
 * Readers and clear. tracing_map_lookup() probes the same way, never
 * claims and counts nothing; a slot of its hash still being inserted may
 * hold its key or not, and since the key would be in no other slot in the
 * first case, it simply goes on. tracing_map_sort() collects the published
 * elements from the slot table, so every element it returns has its key,
 * and sorts them with sort_r(); it may sleep. tracing_map_clear() zeroes
 * the taken elements, the slots, the cursor and the counters; its caller
 * guarantees that no context inserts or holds an element meanwhile.
 *
 * Limits, and why:
 *  - bits in TRACING_MAP_BITS_MIN..MAX (7..17, upstream's size= range):
 *    128 to 131072 elements, a slot table of 4 MiB at most (16-byte slots
 *    on 64-bit).
 *  - key_size 1..TRACING_MAP_KEY_SIZE_MAX (1024): upstream's largest key
 *    is 384 bytes (a string of MAX_FILTER_STR_VAL and a stack of 16
 *    longs); 1024 holds three strings and a stack. Keys are hashed and
 *    compared on every insert, so no more.
 *  - TRACING_MAP_SUMS_MAX and TRACING_MAP_VARS_MAX (32 each): upstream's
 *    hist trigger has at most 3 values and 16 variables an element; the
 *    set bits of 32 variables are one word on 32-bit arches too.
 *  - TRACING_MAP_PRIV_SIZE_MAX (4096): the private bytes of an element;
 *    a hist trigger keeps a comm and its saved values there, far less.
 *    Bounded so that the element's size cannot wrap on 32-bit arches.
 *  - The element block is one kvzalloc(), which refuses more than INT_MAX
 *    bytes: a map whose elements (private bytes included) need more is
 *    -ENOMEM. The block's size is computed with saturating arithmetic, so
 *    a huge priv_size fails the same way instead of wrapping.
 *
 * The same file is compiled in user space by tools/testing/tracing_map,
 * where threads insert at once and the test's init() inserts from inside
 * an insert, as an interrupt would.
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/jhash.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "tracing_map.h"

/*
 * Large blocks whose size a user chose (size= of a hist trigger): if the
 * memory is not there, say -ENOMEM rather than warn or call the OOM killer.
 */
#define TM_GFP		(GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

struct tm_slot {
	u32			hash;	/* 0: free */
	struct tracing_map_elt	*elt;	/* NULL: not yet published */
};

struct tracing_map {
	struct tm_slot		*slots;
	void			*elts;		/* max elements, stride apart */
	size_t			stride;
	unsigned int		max;
	unsigned int		slot_mask;	/* slots - 1 */
	unsigned int		key_size;
	unsigned int		n_sums;
	unsigned int		n_vars;
	unsigned int		priv_size;
	atomic_t		next;		/* the pool cursor */
	atomic64_t		hits;
	atomic64_t		drops;
};

/* What a dead slot points to: only its address is used. */
static struct tracing_map_elt tm_dead;

static inline struct tracing_map_elt *tm_elt(const struct tracing_map *map,
					     unsigned int idx)
{
	return map->elts + (size_t)idx * map->stride;
}

/* The part of each element that clear zeroes: all after the struct. */
static inline size_t tm_head(void)
{
	return ALIGN(sizeof(struct tracing_map_elt), 8);
}

static u32 tm_hash(const struct tracing_map *map, const void *key)
{
	u32 h = jhash(key, map->key_size, 0);

	return h ?: 1;		/* 0 is a free slot's */
}

/* Is @elt, read from a slot of @key's hash, the element of @key? */
static inline bool tm_holds(const struct tracing_map *map,
			    const struct tracing_map_elt *elt, const void *key)
{
	return elt && elt != &tm_dead && !memcmp(elt->key, key, map->key_size);
}

/*
 * Where each part of an element starts, and the stride (saturated at
 * SIZE_MAX by a huge priv_size, which create then refuses).
 */
static void tm_layout(struct tracing_map *map, size_t *sums, size_t *vars,
		      size_t *set, size_t *key, size_t *priv)
{
	size_t off = tm_head();

	*sums = off;
	off += map->n_sums * sizeof(atomic64_t);
	*vars = off;
	off += map->n_vars * sizeof(u64);
	*set = off;
	/* a 32-bit long would leave the next part 4 bytes off */
	off += ALIGN(BITS_TO_LONGS(map->n_vars) * sizeof(unsigned long), 8);
	*key = off;
	off += ALIGN(map->key_size, 8);
	*priv = off;
	map->stride = size_add(off, ALIGN((size_t)map->priv_size, 8));
}

/**
 * tracing_map_create - make a map and all its elements
 * @bits: log2 of the number of elements, TRACING_MAP_BITS_MIN..MAX
 * @key_size: bytes of a key, 1..TRACING_MAP_KEY_SIZE_MAX
 * @n_sums: sums per element, at most TRACING_MAP_SUMS_MAX
 * @n_vars: variables per element, at most TRACING_MAP_VARS_MAX
 * @priv_size: private bytes per element, for the user's init()
 *
 * May sleep. All 1 << @bits elements are allocated here, zeroed; inserts
 * never allocate.
 *
 * Return: the map; ERR_PTR(-EINVAL) for an argument out of range,
 * ERR_PTR(-ENOMEM) if the memory cannot be had.
 */
struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       unsigned int n_sums,
				       unsigned int n_vars,
				       unsigned int priv_size)
{
	size_t sums, vars, set, key, priv, block;
	struct tracing_map *map;
	unsigned int i;

	if (bits < TRACING_MAP_BITS_MIN || bits > TRACING_MAP_BITS_MAX ||
	    !key_size || key_size > TRACING_MAP_KEY_SIZE_MAX ||
	    n_sums > TRACING_MAP_SUMS_MAX || n_vars > TRACING_MAP_VARS_MAX ||
	    priv_size > TRACING_MAP_PRIV_SIZE_MAX)
		return ERR_PTR(-EINVAL);

	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->max = 1U << bits;
	map->slot_mask = 2 * map->max - 1;
	map->key_size = key_size;
	map->n_sums = n_sums;
	map->n_vars = n_vars;
	map->priv_size = priv_size;
	tm_layout(map, &sums, &vars, &set, &key, &priv);

	block = array_size(map->stride, map->max);
	if (block > INT_MAX)
		goto nomem;
	map->slots = kvcalloc(map->slot_mask + 1, sizeof(*map->slots), TM_GFP);
	map->elts = kvzalloc(block, TM_GFP);
	if (!map->slots || !map->elts)
		goto nomem;

	for (i = 0; i < map->max; i++) {
		struct tracing_map_elt *elt = tm_elt(map, i);
		void *base = elt;

		elt->map = map;
		elt->key = base + key;
		elt->sums = n_sums ? base + sums : NULL;
		elt->vars = n_vars ? base + vars : NULL;
		elt->vars_set = n_vars ? base + set : NULL;
		elt->priv = priv_size ? base + priv : NULL;
	}
	return map;

nomem:
	tracing_map_destroy(map);
	return ERR_PTR(-ENOMEM);
}

/**
 * tracing_map_destroy - free a map and its elements
 * @map: the map, or NULL or an ERR_PTR() (then nothing is done)
 *
 * No context may be using the map or one of its elements.
 */
void tracing_map_destroy(struct tracing_map *map)
{
	if (IS_ERR_OR_NULL(map))
		return;
	kvfree(map->elts);
	kvfree(map->slots);
	kfree(map);
}

/*
 * The claimer of slot @s: take an element, fill it and publish it in @s.
 * NULL if the pool ran out after our check (the slot is then dead).
 */
static struct tracing_map_elt *tm_take(struct tracing_map *map,
				       struct tm_slot *s, const void *key,
				       tracing_map_init_fn init, void *arg)
{
	/*
	 * Claimers racing for elements: the increment gives each its own
	 * index. Indexes from max up mean others took the last elements
	 * since our check.
	 */
	unsigned int idx = atomic_fetch_inc_relaxed(&map->next);
	struct tracing_map_elt *elt;

	if (idx >= map->max) {
		/*
		 * Probes of our hash that see the mark pass the slot by;
		 * those that see NULL before it drop, as for any slot
		 * being inserted.
		 */
		WRITE_ONCE(s->elt, &tm_dead);
		return NULL;
	}
	elt = tm_elt(map, idx);
	memcpy(elt->key, key, map->key_size);
	if (init)
		init(elt, arg);
	/*
	 * Publish: a context that loads the pointer (acquire) sees the key
	 * and what init() wrote; until then it sees NULL and drops.
	 */
	smp_store_release(&s->elt, elt);
	return elt;
}

/**
 * tracing_map_insert - find a key's element, taking one if it has none
 * @map: the map
 * @key: key_size bytes
 * @init: called on a newly taken element before any other context can
 *	find it (may be NULL)
 * @arg: @init's second argument
 *
 * From any context, NMI included: no lock, no allocation, no waiting on
 * another context. The map must not be cleared meanwhile.
 *
 * Return: the key's element, or NULL (a drop) if the map is full or the
 * same key (or another of its hash) is being inserted by another context
 * at this moment. Either outcome is counted, as a hit or a drop.
 */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key,
					   tracing_map_init_fn init, void *arg)
{
	u32 h = tm_hash(map, key);
	unsigned int i = h & map->slot_mask;
	struct tracing_map_elt *elt;
	unsigned int n;

	for (n = 0; n <= map->slot_mask; n++, i = (i + 1) & map->slot_mask) {
		struct tm_slot *s = &map->slots[i];
		u32 sh = READ_ONCE(s->hash);

		if (!sh) {
			/* Not in the map. No element left: do not claim. */
			if ((unsigned int)atomic_read(&map->next) >= map->max)
				break;
			/*
			 * Contexts claiming this free slot at once: one
			 * wins; a loser gets the winner's hash, which may
			 * be ours, and looks at the slot again below.
			 */
			sh = cmpxchg(&s->hash, 0, h);
			if (!sh) {
				elt = tm_take(map, s, key, init, arg);
				if (!elt)
					break;
				goto hit;
			}
		}
		if (sh != h)
			continue;
		/* Pairs with tm_take()'s release: the key is complete. */
		elt = smp_load_acquire(&s->elt);
		if (!elt)
			break;		/* being inserted: see the top */
		if (tm_holds(map, elt, key))
			goto hit;
	}
	atomic64_inc(&map->drops);
	return NULL;
hit:
	atomic64_inc(&map->hits);
	return elt;
}

/**
 * tracing_map_lookup - find a key's element
 * @map: the map
 * @key: key_size bytes
 *
 * From any context; takes nothing and counts nothing.
 *
 * Return: the key's element, or NULL if it has none (or its element is
 * being inserted at this moment).
 */
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key)
{
	u32 h = tm_hash(map, key);
	unsigned int i = h & map->slot_mask;
	unsigned int n;

	for (n = 0; n <= map->slot_mask; n++, i = (i + 1) & map->slot_mask) {
		struct tm_slot *s = &map->slots[i];
		u32 sh = READ_ONCE(s->hash);
		struct tracing_map_elt *elt;

		if (!sh)
			break;		/* the key's probe ends here */
		if (sh != h)
			continue;
		/* Pairs with tm_take()'s release: the key is complete. */
		elt = smp_load_acquire(&s->elt);
		if (tm_holds(map, elt, key))
			return elt;
	}
	return NULL;
}

/**
 * tracing_map_set_var - set an element's variable
 * @elt: the element
 * @i: the variable, below the map's n_vars
 * @n: its value
 *
 * From any context. The variable reads as set from then on, until
 * tracing_map_read_var_once() or tracing_map_clear().
 */
void tracing_map_set_var(struct tracing_map_elt *elt, unsigned int i, u64 n)
{
	WRITE_ONCE(elt->vars[i], n);
	/* The value before the bit: whoever sees the bit sees the value. */
	smp_mb__before_atomic();
	set_bit(i, elt->vars_set);
}

/**
 * tracing_map_var_set - whether an element's variable is set
 * @elt: the element
 * @i: the variable
 *
 * Return: true if @i was set and not read once since; a
 * tracing_map_read_var() after it returns the value set (or a newer one).
 */
bool tracing_map_var_set(const struct tracing_map_elt *elt, unsigned int i)
{
	/* Pairs with tracing_map_set_var()'s barrier. */
	return test_bit_acquire(i, elt->vars_set);
}

/**
 * tracing_map_read_var - an element's variable, leaving it set or not
 * @elt: the element
 * @i: the variable
 *
 * Return: the last value set, whether or not it has been read once
 * since; 0 if it was never set since the element was taken. Callers that
 * care check tracing_map_var_set() first.
 */
u64 tracing_map_read_var(const struct tracing_map_elt *elt, unsigned int i)
{
	return READ_ONCE(elt->vars[i]);
}

/**
 * tracing_map_read_var_once - consume an element's variable
 * @elt: the element
 * @i: the variable
 *
 * If the variable is set, marks it not set and returns its value; the
 * value stays, for tracing_map_read_var(). Of two contexts reading once
 * at the same time, one gets the value and the other 0. A
 * tracing_map_set_var() racing with it may have its value returned here
 * and still read as set afterwards (its bit landing after ours was
 * cleared); it is never lost.
 *
 * Return: the value if the variable was set, else 0.
 */
u64 tracing_map_read_var_once(struct tracing_map_elt *elt, unsigned int i)
{
	/*
	 * Two readers at once: the atomic clear gives the value to one.
	 * Fully ordered, so the value read is at least the one whose bit
	 * we cleared.
	 */
	if (!test_and_clear_bit(i, elt->vars_set))
		return 0;
	return READ_ONCE(elt->vars[i]);
}

/**
 * tracing_map_hits - inserts that returned an element
 * @map: the map
 *
 * Return: the count since the map was made or last cleared.
 */
u64 tracing_map_hits(const struct tracing_map *map)
{
	return atomic64_read(&map->hits);
}

/**
 * tracing_map_drops - inserts that returned NULL
 * @map: the map
 *
 * Return: the count since the map was made or last cleared.
 */
u64 tracing_map_drops(const struct tracing_map *map)
{
	return atomic64_read(&map->drops);
}

/**
 * tracing_map_entries - elements taken
 * @map: the map
 *
 * Return: the number of keys in the map. An element being inserted
 * counts already; once no insert is in progress, this is the number of
 * elements tracing_map_sort() returns.
 */
unsigned int tracing_map_entries(const struct tracing_map *map)
{
	/* Takers that found the pool empty pushed the cursor past max. */
	return min_t(unsigned int, atomic_read(&map->next), map->max);
}

/**
 * tracing_map_max_entries - the elements a map was made with
 * @map: the map
 *
 * Return: 1 << bits of tracing_map_create().
 */
unsigned int tracing_map_max_entries(const struct tracing_map *map)
{
	return map->max;
}

/**
 * tracing_map_key_size - the size of a map's keys
 * @map: the map
 *
 * Return: key_size of tracing_map_create().
 */
unsigned int tracing_map_key_size(const struct tracing_map *map)
{
	return map->key_size;
}

struct tm_sort {
	tracing_map_cmp_fn	cmp;
	const void		*ctx;
};

/* sort_r() compares array slots; ours hold element pointers. */
static int tm_sort_cmp(const void *a, const void *b, const void *priv)
{
	const struct tracing_map_elt * const *ea = a;
	const struct tracing_map_elt * const *eb = b;
	const struct tm_sort *s = priv;

	return s->cmp(*ea, *eb, s->ctx);
}

/**
 * tracing_map_sort - the map's elements in an array, sorted
 * @map: the map
 * @cmp: the order, or NULL for none in particular
 * @ctx: @cmp's third argument
 * @out: set to the array (NULL when there is no element)
 *
 * May sleep. Inserts may go on meanwhile: elements published during the
 * walk may or may not be in the array, and every element in it has its
 * key and what init() wrote. The elements' sums and variables are read
 * live by @cmp. Free the array with tracing_map_sort_free().
 *
 * Return: the number of elements in the array, or -ENOMEM.
 */
int tracing_map_sort(struct tracing_map *map, tracing_map_cmp_fn cmp,
		     const void *ctx, struct tracing_map_elt ***out)
{
	unsigned int room = map->max;
	struct tracing_map_elt **elts;
	unsigned int i, n = 0;

	*out = NULL;
	if (!tracing_map_entries(map))
		return 0;
	/*
	 * Room for every element: those published during the walk may
	 * take places in it, and must not crowd out older ones.
	 */
	elts = kvmalloc_array(room, sizeof(*elts), GFP_KERNEL);
	if (!elts)
		return -ENOMEM;
	for (i = 0; i <= map->slot_mask && n < room; i++) {
		/* Pairs with tm_take()'s release: the key is complete. */
		struct tracing_map_elt *elt = smp_load_acquire(&map->slots[i].elt);

		if (elt && elt != &tm_dead)
			elts[n++] = elt;
	}
	if (!n) {
		kvfree(elts);
		return 0;
	}
	if (cmp) {
		struct tm_sort s = { .cmp = cmp, .ctx = ctx };

		sort_r(elts, n, sizeof(*elts), tm_sort_cmp, NULL, &s);
	}
	*out = elts;
	return n;
}

/**
 * tracing_map_sort_free - free tracing_map_sort()'s array
 * @elts: the array, or NULL
 */
void tracing_map_sort_free(struct tracing_map_elt **elts)
{
	kvfree(elts);
}

/**
 * tracing_map_clear - empty a map
 * @map: the map
 *
 * May sleep. Every element goes back to the pool zeroed (key, sums,
 * variables and their set bits, private bytes); every slot is freed; hits
 * and drops are zero. The caller makes sure that no context is inserting
 * or holds an element meanwhile, and that inserts after it see the map
 * cleared (a grace period between, as the hist trigger waits).
 */
void tracing_map_clear(struct tracing_map *map)
{
	unsigned int i, taken = tracing_map_entries(map);
	size_t head = tm_head();

	/* Elements above the cursor were never taken: still zero. */
	for (i = 0; i < taken; i++)
		memset((void *)tm_elt(map, i) + head, 0, map->stride - head);
	memset(map->slots, 0, (map->slot_mask + 1) * sizeof(*map->slots));
	atomic_set(&map->next, 0);
	atomic64_set(&map->hits, 0);
	atomic64_set(&map->drops, 0);
}
