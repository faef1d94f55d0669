// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of kernel/trace/hist/tracing_map.c in user space.
 *
 *	tmunit [all|unit|stress|bench] [SECONDS] [THREADS]
 *
 * unit    the whole API from one thread: create's limits and allocation
 *         failures, the elements' layout, insert and lookup, init() once
 *         per element, sums and variables, the counters, a full map, sort,
 *         clear and reuse, keys of 1 to 1024 bytes, two keys of one hash,
 *         inserts from inside init() as an interrupt would make them, and
 *         a slot left dead by a pool that ran out after its claim
 * stress  THREADS threads (4) for SECONDS (3) in rounds: all threads insert
 *         the same keys, in orders that collide, into a cleared map whose
 *         pool is larger than the keys, then into one that is smaller;
 *         after each round the map is checked against the threads' own
 *         counts (every key once, each sum the inserts that returned its
 *         element, hits + drops the attempts)
 * bench   inserts per second and drops, from 1 and THREADS threads, for
 *         distinct keys, colliding keys and a map too small for its keys
 * all     unit, then stress if unit passed (the default)
 *
 * The checks look at the map's slot table too (white box: the map's own
 * file is included here). In the sanitized builds the stress threads
 * run with the shim's preemption points on (shim/kshim.h), so that their
 * races happen on a machine with one free CPU too. Prints each failed
 * check and a summary line; exits 1 if any check failed.
 */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "shim/kshim.h"
#include "tracing_map.c"

static int checks, failures;

#define CHECK(cond, ...) check(!!(cond), __LINE__, __VA_ARGS__)

__printf(3, 4)
static bool check(bool ok, int line, const char *fmt, ...)
{
	va_list ap;

	__atomic_fetch_add(&checks, 1, __ATOMIC_RELAXED);
	if (ok)
		return true;
	/* a broken map in a loop: the first failures say it all */
	if (__atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED) >= 20)
		return false;
	fprintf(stderr, "FAIL line %d: ", line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------ keys */

/* Key k of a set: a fixed pattern with k's bytes at its head or its tail. */
static void make_key(u8 *key, unsigned int size, u64 k, bool tail)
{
	unsigned int i, n = min_t(unsigned int, size, 8);

	for (i = 0; i < size; i++)
		key[i] = (u8)(0x5a + 7 * i);
	for (i = 0; i < n; i++)
		key[tail ? size - 1 - i : i] ^= (u8)(k >> (8 * i));
}

/* What init() leaves in an element's private bytes: a digest of its key. */
struct tpriv {
	u64	mark;
	u64	calls;
};

static u64 key_mark(const void *key, unsigned int size)
{
	const u8 *p = key;
	u64 h = 0xcbf29ce484222325ULL;
	unsigned int i;

	for (i = 0; i < size; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h | 1;
}

static struct tpriv *priv_of(const struct tracing_map_elt *elt)
{
	return elt->priv;
}

/* Is everything the map zeroes still zero in @elt? */
static bool elt_is_zero(const struct tracing_map *map,
			const struct tracing_map_elt *elt)
{
	const u8 *p = elt->priv;
	unsigned int i;

	for (i = 0; i < map->n_sums; i++)
		if (tracing_map_read_sum(elt, i))
			return false;
	for (i = 0; i < map->n_vars; i++)
		if (elt->vars[i] || tracing_map_var_set(elt, i))
			return false;
	for (i = 0; i < map->priv_size; i++)
		if (p[i])
			return false;
	return true;
}

/* ------------------------------------------------------------ init() */

/*
 * The unit tests' init(): checks that the element comes with its key set
 * and all else zero, marks it, and may insert from inside (as an
 * interrupt arriving in the middle of an insert would).
 */
struct ictx {
	const u8		*key;		/* the key being inserted */
	int			calls;
	void			(*nested)(struct ictx *c);
	struct tracing_map	*map;
	struct tracing_map_elt	*got[4];	/* what nested() found */
};

static void init_mark(struct tracing_map_elt *elt, void *arg)
{
	struct ictx *c = arg;
	struct tracing_map *map = elt->map;
	void (*nested)(struct ictx *c) = c->nested;

	c->calls++;
	CHECK(!c->key || !memcmp(elt->key, c->key, map->key_size),
	      "init() before the key is set");
	CHECK(elt_is_zero(map, elt), "init() on an element not zeroed");
	if (elt->priv)
		priv_of(elt)->mark = key_mark(elt->key, map->key_size);
	if (nested) {
		c->nested = NULL;	/* once */
		nested(c);
	}
}

/* Insert @key, telling init() what to expect. */
static struct tracing_map_elt *ins(struct tracing_map *map, const u8 *key,
				   struct ictx *c)
{
	const u8 *outer = c->key;
	struct tracing_map_elt *elt;

	c->key = key;
	elt = tracing_map_insert(map, key, init_mark, c);
	c->key = outer;
	return elt;
}

static struct tracing_map *mk(unsigned int bits, unsigned int key_size,
			      unsigned int n_sums, unsigned int n_vars,
			      unsigned int priv_size)
{
	struct tracing_map *map;

	map = tracing_map_create(bits, key_size, n_sums, n_vars, priv_size);
	if (!CHECK(!IS_ERR(map), "create(%u, %u, %u, %u, %u): %ld", bits,
		   key_size, n_sums, n_vars, priv_size, PTR_ERR(map))) {
		fprintf(stderr, "cannot go on\n");
		exit(1);
	}
	return map;
}

/* ------------------------------------------------------------ white box */

struct table_count {
	unsigned int	claimed, published, dead, pending;
};

/*
 * The slot table of a map no one is inserting into: each published
 * element is its key's only one (lookup finds that very element), sits
 * in a slot of its key's hash, lies in the taken part of the pool, and
 * published elements are as many as entries.
 */
static struct table_count check_table(struct tracing_map *map,
				      unsigned int max_dead, const char *where)
{
	unsigned int i, taken = tracing_map_entries(map), bad = 0;
	struct table_count t = {};

	for (i = 0; i <= map->slot_mask; i++) {
		struct tm_slot *s = &map->slots[i];
		struct tracing_map_elt *elt = s->elt;
		size_t off;

		if (!s->hash) {
			bad += !!elt;
			continue;
		}
		t.claimed++;
		if (!elt) {
			t.pending++;
			continue;
		}
		if (elt == &tm_dead) {
			t.dead++;
			continue;
		}
		t.published++;
		off = (void *)elt - map->elts;
		if (off % map->stride || off / map->stride >= taken ||
		    s->hash != tm_hash(map, elt->key) ||
		    tracing_map_lookup(map, elt->key) != elt)
			bad++;
	}
	CHECK(!bad, "%s: %u slots hold an element that is not theirs", where, bad);
	CHECK(!t.pending, "%s: %u slots claimed and never published", where,
	      t.pending);
	CHECK(t.dead <= max_dead, "%s: %u dead slots, at most %u expected",
	      where, t.dead, max_dead);
	CHECK(t.published == taken, "%s: %u elements in the table, %u taken",
	      where, t.published, taken);
	CHECK(taken <= map->max, "%s: %u entries, max %u", where, taken,
	      map->max);
	return t;
}

/* ------------------------------------------------------------ unit */

static void test_create(void)
{
	static const unsigned int bad_bits[] = {
		0, TRACING_MAP_BITS_MIN - 1, TRACING_MAP_BITS_MAX + 1, 31, 32,
	};
	struct tracing_map *map;
	unsigned int i;
	long k;

	for (i = 0; i < ARRAY_SIZE(bad_bits); i++) {
		map = tracing_map_create(bad_bits[i], 8, 0, 0, 0);
		CHECK(PTR_ERR(map) == -EINVAL, "bits %u: %ld", bad_bits[i],
		      PTR_ERR(map));
	}
	map = tracing_map_create(TRACING_MAP_BITS_MIN, 0, 0, 0, 0);
	CHECK(PTR_ERR(map) == -EINVAL, "key size 0: %ld", PTR_ERR(map));
	map = tracing_map_create(TRACING_MAP_BITS_MIN,
				 TRACING_MAP_KEY_SIZE_MAX + 1, 0, 0, 0);
	CHECK(PTR_ERR(map) == -EINVAL, "key size too big: %ld", PTR_ERR(map));
	map = tracing_map_create(TRACING_MAP_BITS_MIN, 8,
				 TRACING_MAP_SUMS_MAX + 1, 0, 0);
	CHECK(PTR_ERR(map) == -EINVAL, "too many sums: %ld", PTR_ERR(map));
	map = tracing_map_create(TRACING_MAP_BITS_MIN, 8, 0,
				 TRACING_MAP_VARS_MAX + 1, 0);
	CHECK(PTR_ERR(map) == -EINVAL, "too many vars: %ld", PTR_ERR(map));
	map = tracing_map_create(TRACING_MAP_BITS_MIN, 8, 0, 0,
				 TRACING_MAP_PRIV_SIZE_MAX + 1);
	CHECK(PTR_ERR(map) == -EINVAL, "priv_size too big: %ld", PTR_ERR(map));
	map = tracing_map_create(TRACING_MAP_BITS_MIN, 8, 0, 0, UINT_MAX);
	CHECK(PTR_ERR(map) == -EINVAL, "huge priv_size: %ld", PTR_ERR(map));

	map = mk(TRACING_MAP_BITS_MAX, 8, 1, 1, 0);
	CHECK(tracing_map_max_entries(map) == 1U << TRACING_MAP_BITS_MAX,
	      "max entries %u", tracing_map_max_entries(map));
	CHECK(tracing_map_key_size(map) == 8, "key size %u",
	      tracing_map_key_size(map));
	CHECK(!tracing_map_entries(map) && !tracing_map_hits(map) &&
	      !tracing_map_drops(map), "a new map is not empty");
	tracing_map_destroy(map);

	/* every allocation failing in turn: -ENOMEM, nothing leaked */
	for (k = 0; k < 10; k++) {
		shim_allocs = 0;
		shim_alloc_budget = k;
		map = tracing_map_create(TRACING_MAP_BITS_MIN, 8, 1, 1, 8);
		shim_alloc_budget = -1;
		if (!IS_ERR(map))
			break;
		CHECK(PTR_ERR(map) == -ENOMEM, "allocation %ld failing: %ld",
		      k, PTR_ERR(map));
	}
	CHECK(k > 0 && k < 10 && !IS_ERR(map), "create never succeeded");
	tracing_map_destroy(map);
	tracing_map_destroy(NULL);
	tracing_map_destroy(ERR_PTR(-EINVAL));
}

/* Every part of every element is its own: fill each, then read all back. */
static void test_layout(unsigned int key_size, unsigned int n_sums,
			unsigned int n_vars, unsigned int priv_size)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, key_size, n_sums,
				     n_vars, priv_size);
	unsigned int i, j, bad = 0;

	for (i = 0; i < map->max; i++) {
		struct tracing_map_elt *elt = tm_elt(map, i);

		if (elt->map != map || (unsigned long)elt->sums % 8 ||
		    (unsigned long)elt->vars % 8 || !elt->key ||
		    !elt->sums != !n_sums || !elt->vars != !n_vars ||
		    !elt->vars_set != !n_vars || !elt->priv != !priv_size)
			bad++;
		memset(elt->key, 0xa1, key_size);
		if (priv_size)
			memset(elt->priv, 0xb2, priv_size);
		for (j = 0; j < n_sums; j++)
			tracing_map_add_sum(elt, j, 1000 + j);
		for (j = 0; j < n_vars; j++)
			tracing_map_set_var(elt, j, 2000 + j);
	}
	for (i = 0; i < map->max; i++) {
		struct tracing_map_elt *elt = tm_elt(map, i);
		const u8 *k = elt->key, *p = elt->priv;

		for (j = 0; j < key_size; j++)
			bad += k[j] != 0xa1;
		for (j = 0; j < priv_size; j++)
			bad += p[j] != 0xb2;
		for (j = 0; j < n_sums; j++)
			bad += tracing_map_read_sum(elt, j) != 1000 + j;
		for (j = 0; j < n_vars; j++)
			bad += tracing_map_read_var(elt, j) != 2000 + j ||
			       !tracing_map_var_set(elt, j);
	}
	CHECK(!bad, "layout key %u sums %u vars %u priv %u: %u overlaps",
	      key_size, n_sums, n_vars, priv_size, bad);
	tracing_map_destroy(map);
}

static void test_basic(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 8, 2, 2,
				     sizeof(struct tpriv));
	struct tracing_map_elt *e[100], *elt;
	struct ictx c = {};
	unsigned int k, j;
	u64 hits;
	u8 key[8];

	for (k = 0; k < 100; k++) {
		make_key(key, 8, k, false);
		e[k] = ins(map, key, &c);
		if (!CHECK(e[k], "key %u: no element", k))
			goto out;
		CHECK(!memcmp(e[k]->key, key, 8), "key %u: element's key", k);
		CHECK(priv_of(e[k])->mark == key_mark(key, 8),
		      "key %u: init() not done", k);
		for (j = 0; j < k; j++)
			CHECK(e[j] != e[k], "keys %u and %u: one element", j, k);
	}
	CHECK(c.calls == 100, "init() called %d times for 100 keys", c.calls);
	for (k = 0; k < 100; k++) {
		make_key(key, 8, k, false);
		CHECK(tracing_map_lookup(map, key) == e[k], "lookup of key %u", k);
		CHECK(ins(map, key, &c) == e[k], "key %u again", k);
		CHECK(tracing_map_insert(map, key, NULL, NULL) == e[k],
		      "key %u again without init()", k);
	}
	CHECK(c.calls == 100, "init() called again for a present key");
	CHECK(tracing_map_hits(map) == 300 && !tracing_map_drops(map) &&
	      tracing_map_entries(map) == 100,
	      "hits %llu drops %llu entries %u, expected 300 0 100",
	      tracing_map_hits(map), tracing_map_drops(map),
	      tracing_map_entries(map));
	hits = tracing_map_hits(map);
	make_key(key, 8, 100, false);
	CHECK(!tracing_map_lookup(map, key), "lookup of an absent key");
	make_key(key, 8, 1000, true);
	CHECK(!tracing_map_lookup(map, key), "lookup of an absent key");
	CHECK(tracing_map_hits(map) == hits && !tracing_map_drops(map) &&
	      tracing_map_entries(map) == 100, "lookup counted or took");
	elt = tracing_map_insert(map, key, NULL, NULL);
	CHECK(elt && tracing_map_entries(map) == 101 &&
	      !memcmp(elt->key, key, 8), "insert without init()");

	/* sums */
	tracing_map_add_sum(e[3], 0, 5);
	tracing_map_add_sum(e[3], 0, 6);
	tracing_map_add_sum(e[3], 1, 7);
	tracing_map_add_sum(e[4], 1, (u64)-1);
	CHECK(tracing_map_read_sum(e[3], 0) == 11 &&
	      tracing_map_read_sum(e[3], 1) == 7 &&
	      tracing_map_read_sum(e[4], 0) == 0 &&
	      tracing_map_read_sum(e[4], 1) == (u64)-1, "sums");

	/* variables */
	elt = e[5];
	CHECK(!tracing_map_var_set(elt, 0) && !tracing_map_var_set(elt, 1) &&
	      !tracing_map_read_var(elt, 1) && !tracing_map_read_var_once(elt, 1),
	      "a new element's variables");
	tracing_map_set_var(elt, 1, 42);
	CHECK(tracing_map_var_set(elt, 1) && !tracing_map_var_set(elt, 0),
	      "set marks its variable only");
	CHECK(tracing_map_read_var(elt, 1) == 42 && tracing_map_var_set(elt, 1),
	      "read_var: the value, still set");
	CHECK(tracing_map_read_var_once(elt, 1) == 42, "read_var_once: the value");
	CHECK(!tracing_map_var_set(elt, 1), "read_var_once leaves it set");
	CHECK(!tracing_map_read_var_once(elt, 1), "read_var_once twice");
	CHECK(tracing_map_read_var(elt, 1) == 42, "read_var after read_once");
	tracing_map_set_var(elt, 0, 7);
	tracing_map_set_var(elt, 1, 8);
	tracing_map_set_var(elt, 1, 9);
	CHECK(tracing_map_read_var_once(elt, 0) == 7 &&
	      tracing_map_var_set(elt, 1), "variables apart");
	CHECK(tracing_map_read_var_once(elt, 1) == 9, "the last value set");
	CHECK(!tracing_map_var_set(e[6], 0) && !tracing_map_var_set(e[6], 1),
	      "another element's variables set");
	check_table(map, 0, "basic");
out:
	tracing_map_destroy(map);
}

/* A map with every element taken: new keys are dropped, old ones found. */
static void test_full(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 4, 1, 0,
				     sizeof(struct tpriv));
	unsigned int k, max = tracing_map_max_entries(map), got = 0;
	struct table_count t;
	struct ictx c = {};
	u8 key[4];

	for (k = 0; k < max; k++) {
		make_key(key, 4, k, false);
		got += !!ins(map, key, &c);
	}
	CHECK(got == max, "%u of %u keys in an empty map", got, max);
	for (k = max; k < 5 * max; k++) {
		make_key(key, 4, k, false);
		CHECK(!ins(map, key, &c), "key %u in a full map", k);
		CHECK(!tracing_map_lookup(map, key), "dropped key %u found", k);
	}
	for (k = 0; k < max; k++) {
		make_key(key, 4, k, false);
		CHECK(ins(map, key, &c), "key %u not found in a full map", k);
	}
	CHECK(c.calls == max, "init() called %d times", c.calls);
	CHECK(tracing_map_entries(map) == max, "entries %u, max %u",
	      tracing_map_entries(map), max);
	CHECK(tracing_map_hits(map) == 2 * max &&
	      tracing_map_drops(map) == 4 * max,
	      "hits %llu drops %llu, expected %u %u", tracing_map_hits(map),
	      tracing_map_drops(map), 2 * max, 4 * max);
	/* a full pool claims no slot: no dead slots without a race */
	t = check_table(map, 0, "full");
	CHECK(t.claimed == max, "full map: %u slots claimed for %u elements",
	      t.claimed, max);
	tracing_map_destroy(map);
}

static int cmp_sum(const struct tracing_map_elt *a,
		   const struct tracing_map_elt *b, const void *ctx)
{
	u64 x = tracing_map_read_sum(a, 0), y = tracing_map_read_sum(b, 0);
	const int *dir = ctx;

	if (x != y)
		return x < y ? -*dir : *dir;
	return memcmp(a->key, b->key, a->map->key_size);
}

static void test_sort(void)
{
	struct tracing_map *map = mk(8, 8, 1, 0, 0);
	struct tracing_map_elt **out, *e[200];
	int n, i, up = 1, down = -1;
	unsigned int k, bad = 0;
	bool seen[200];
	u8 key[8];

	n = tracing_map_sort(map, cmp_sum, &up, &out);
	CHECK(!n && !out, "sort of an empty map: %d", n);
	tracing_map_sort_free(out);
	for (k = 0; k < 200; k++) {
		make_key(key, 8, k * 7919, k & 1);
		e[k] = tracing_map_insert(map, key, NULL, NULL);
		if (!CHECK(e[k], "key %u", k))
			goto out;
		tracing_map_add_sum(e[k], 0, (k * 37) % 101);
	}
	for (i = 0; i < 2; i++) {
		const int *dir = i ? &down : &up;

		n = tracing_map_sort(map, cmp_sum, dir, &out);
		if (!CHECK(n == 200, "sort: %d elements, 200 in the map", n))
			continue;
		bad = 0;
		for (k = 1; k < 200; k++)
			bad += cmp_sum(out[k - 1], out[k], dir) > 0;
		CHECK(!bad, "sort %s: %u elements out of order",
		      i ? "down" : "up", bad);
		tracing_map_sort_free(out);
	}

	n = tracing_map_sort(map, NULL, NULL, &out);
	memset(seen, 0, sizeof(seen));
	bad = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < 200 && out[i] != e[k]; k++)
			;
		if (k < 200 && !seen[k])
			seen[k] = true;
		else
			bad++;
	}
	CHECK(n == 200 && !bad, "sort without cmp: %d elements, %u wrong", n,
	      bad);
	tracing_map_sort_free(out);

	shim_allocs = 0;
	shim_alloc_budget = 0;
	n = tracing_map_sort(map, cmp_sum, &up, &out);
	shim_alloc_budget = -1;
	CHECK(n == -ENOMEM && !out, "sort without memory: %d", n);
	tracing_map_sort_free(NULL);
out:
	tracing_map_destroy(map);
}

static void test_clear(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 8, 2, 3,
				     sizeof(struct tpriv));
	unsigned int k, max = tracing_map_max_entries(map), got = 0;
	struct tracing_map_elt *elt, **out;
	struct table_count t;
	struct ictx c = {};
	int round, n;
	u8 key[8];

	for (round = 0; round < 3; round++) {
		c.calls = 0;
		/* each round other keys, so that none could be left over */
		for (k = 0; k < max + 10; k++) {
			make_key(key, 8, k + 1000 * round, round & 1);
			elt = ins(map, key, &c);
			if (!elt)
				continue;
			got++;
			tracing_map_add_sum(elt, 0, 1);
			tracing_map_add_sum(elt, 1, k);
			tracing_map_set_var(elt, k % 3, k);
			priv_of(elt)->calls = k;
		}
		CHECK(c.calls == max && tracing_map_entries(map) == max &&
		      tracing_map_hits(map) == max &&
		      tracing_map_drops(map) == 10,
		      "round %d: %d inits, %u entries, %llu hits, %llu drops",
		      round, c.calls, tracing_map_entries(map),
		      tracing_map_hits(map), tracing_map_drops(map));
		tracing_map_clear(map);
		CHECK(!tracing_map_entries(map) && !tracing_map_hits(map) &&
		      !tracing_map_drops(map), "round %d: clear left counts",
		      round);
		for (k = 0; k < max + 10; k++) {
			make_key(key, 8, k + 1000 * round, round & 1);
			if (!CHECK(!tracing_map_lookup(map, key),
				   "round %d: key %u after clear", round, k))
				break;
		}
		n = tracing_map_sort(map, NULL, NULL, &out);
		CHECK(!n, "round %d: sort after clear: %d", round, n);
		tracing_map_sort_free(out);
		t = check_table(map, 0, "clear");
		CHECK(!t.claimed, "round %d: %u slots claimed after clear",
		      round, t.claimed);
	}
	CHECK(got == 3 * max, "%u elements in 3 rounds", got);
	tracing_map_destroy(map);
}

/*
 * Keys of odd sizes, each differing from the others in its first bytes
 * or its last ones (numbered from 1: key 0 is the same at either end).
 */
static void key_of_size(u8 *key, unsigned int size, unsigned int k)
{
	if (size == 1)
		make_key(key, 1, k, false);
	else
		make_key(key, size, (k >> 1) + 1, k & 1);
}

static void test_key_sizes(void)
{
	static const unsigned int sizes[] = { 1, 3, 17, 384, 1024 };
	struct tracing_map_elt *e[256];
	unsigned int s, k, j, bad;
	u8 key[1024];

	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		unsigned int size = sizes[s];
		struct tracing_map *map = mk(8, size, 1, 0, 0);

		bad = 0;
		for (k = 0; k < 256; k++) {
			key_of_size(key, size, k);
			e[k] = tracing_map_insert(map, key, NULL, NULL);
			if (!e[k] || memcmp(e[k]->key, key, size))
				bad++;
			for (j = 0; e[k] && j < k; j++)
				bad += e[j] == e[k];
		}
		for (k = 0; k < 256; k++) {
			key_of_size(key, size, k);
			bad += tracing_map_lookup(map, key) != e[k];
			bad += tracing_map_insert(map, key, NULL, NULL) != e[k];
		}
		CHECK(!bad && tracing_map_entries(map) == 256 &&
		      tracing_map_hits(map) == 512 && !tracing_map_drops(map),
		      "keys of %u bytes: %u wrong, %u entries", size, bad,
		      tracing_map_entries(map));
		check_table(map, 0, "key sizes");
		tracing_map_destroy(map);
	}
}

/* Two 8-byte keys of one jhash, found by the birthday search. */
static void find_collision(u8 a[8], u8 b[8])
{
	enum { BITS = 20 };
	u64 *seen = calloc(1UL << BITS, sizeof(u64));
	u64 k;

	for (k = 1; seen; k++) {
		u32 h;
		u64 *s;

		make_key(a, 8, k, false);
		h = jhash(a, 8, 0);
		s = &seen[h >> (32 - BITS)];
		if (*s) {
			make_key(b, 8, *s, false);
			if (jhash(b, 8, 0) == h)
				break;
		}
		*s = k;
	}
	free(seen);
}

static u8 coll_a[8], coll_b[8];

static void nested_same_hash(struct ictx *c)
{
	c->got[0] = tracing_map_insert(c->map, coll_b, NULL, NULL);
	c->got[1] = tracing_map_lookup(c->map, coll_b);
}

static void test_collision(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 8, 0, 0, 0);
	struct tracing_map_elt *a, *b;
	struct ictx c = { .map = map };

	find_collision(coll_a, coll_b);
	if (!CHECK(memcmp(coll_a, coll_b, 8) &&
		   jhash(coll_a, 8, 0) == jhash(coll_b, 8, 0),
		   "no two keys of one hash"))
		goto out;
	a = tracing_map_insert(map, coll_a, NULL, NULL);
	b = tracing_map_insert(map, coll_b, NULL, NULL);
	CHECK(a && b && a != b, "two keys of one hash share an element");
	CHECK(tracing_map_lookup(map, coll_a) == a &&
	      tracing_map_lookup(map, coll_b) == b &&
	      tracing_map_insert(map, coll_b, NULL, NULL) == b &&
	      tracing_map_insert(map, coll_a, NULL, NULL) == a,
	      "keys of one hash mixed up");
	CHECK(tracing_map_entries(map) == 2, "%u entries for two keys",
	      tracing_map_entries(map));
	check_table(map, 0, "collision");
	tracing_map_clear(map);

	/* a key of our hash being inserted: we drop (it could be ours) */
	c.nested = nested_same_hash;
	a = ins(map, coll_a, &c);
	CHECK(a && !c.got[0] && !c.got[1],
	      "a key of the hash of one being inserted was not dropped");
	CHECK(tracing_map_hits(map) == 1 && tracing_map_drops(map) == 1,
	      "hits %llu drops %llu, expected 1 1", tracing_map_hits(map),
	      tracing_map_drops(map));
	b = tracing_map_insert(map, coll_b, NULL, NULL);
	CHECK(b && b != a && tracing_map_lookup(map, coll_a) == a,
	      "keys of one hash after a nested drop");
	check_table(map, 0, "collision, nested");
out:
	tracing_map_destroy(map);
}

static u8 nest_key[8], nest_other[8];

static void nested_insert(struct ictx *c)
{
	c->got[0] = ins(c->map, nest_key, c);		/* ours: pending */
	c->got[1] = tracing_map_lookup(c->map, nest_key);
	c->got[2] = ins(c->map, nest_other, c);	/* another: taken */
	c->got[3] = tracing_map_lookup(c->map, nest_other);
}

/* init() inserting, as an NMI arriving in the middle of an insert would. */
static void test_nested(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 8, 1, 0,
				     sizeof(struct tpriv));
	struct ictx c = { .map = map, .nested = nested_insert };
	struct tracing_map_elt *elt;

	make_key(nest_key, 8, 1, false);
	make_key(nest_other, 8, 2, false);
	elt = ins(map, nest_key, &c);
	CHECK(elt, "the interrupted insert failed");
	CHECK(!c.got[0], "an insert of the key being inserted got an element");
	CHECK(!c.got[1], "lookup found the key being inserted");
	CHECK(c.got[2] && c.got[2] != elt && c.got[3] == c.got[2],
	      "an insert of another key, nested, failed");
	CHECK(c.calls == 2, "init() called %d times for 2 keys", c.calls);
	CHECK(tracing_map_insert(map, nest_key, NULL, NULL) == elt &&
	      tracing_map_lookup(map, nest_other) == c.got[2],
	      "the keys after the nested inserts");
	CHECK(tracing_map_hits(map) == 3 && tracing_map_drops(map) == 1 &&
	      tracing_map_entries(map) == 2,
	      "hits %llu drops %llu entries %u, expected 3 1 2",
	      tracing_map_hits(map), tracing_map_drops(map),
	      tracing_map_entries(map));
	check_table(map, 0, "nested");
	tracing_map_destroy(map);
}

/*
 * The pool running out between a context's check and its take: claim a
 * slot as insert would, let another insert take the last element, then
 * take as the claimer.
 */
static void test_dead(void)
{
	struct tracing_map *map = mk(TRACING_MAP_BITS_MIN, 8, 0, 0,
				     sizeof(struct tpriv));
	unsigned int k, i, max = tracing_map_max_entries(map);
	struct tracing_map_elt *elt, **out;
	struct table_count t;
	struct ictx c = {};
	struct tm_slot *s;
	u8 key[8], late[8];
	int n;
	u32 h;

	for (k = 0; k < max - 1; k++) {
		make_key(key, 8, k, false);
		ins(map, key, &c);
	}
	make_key(late, 8, max, false);
	h = tm_hash(map, late);
	for (i = h & map->slot_mask; map->slots[i].hash;)
		i = (i + 1) & map->slot_mask;
	s = &map->slots[i];
	CHECK(!cmpxchg(&s->hash, 0, h), "claim");
	make_key(key, 8, max + 1, false);
	CHECK(ins(map, key, &c), "the last element");
	c.calls = 0;
	elt = tm_take(map, s, late, init_mark, &c);
	CHECK(!elt && !c.calls && s->elt == &tm_dead,
	      "a take from an empty pool: element %p, %d inits", elt, c.calls);
	CHECK(!tracing_map_lookup(map, late), "a dead slot's key found");
	CHECK(!tracing_map_insert(map, late, NULL, NULL),
	      "a dead slot's key inserted");
	CHECK(tracing_map_entries(map) == max, "entries %u, max %u",
	      tracing_map_entries(map), max);
	n = tracing_map_sort(map, NULL, NULL, &out);
	CHECK(n == max, "sort with a dead slot: %d elements", n);
	tracing_map_sort_free(out);
	for (k = 0; k < max - 1; k++) {
		make_key(key, 8, k, false);
		CHECK(tracing_map_insert(map, key, NULL, NULL),
		      "key %u lost beside a dead slot", k);
	}
	t = check_table(map, 1, "dead");
	CHECK(t.dead == 1 && t.claimed == max + 1, "%u dead, %u claimed",
	      t.dead, t.claimed);
	tracing_map_clear(map);
	CHECK(ins(map, late, &c), "the dead slot's key after clear");
	t = check_table(map, 0, "dead, cleared");
	tracing_map_destroy(map);
}

static void unit(void)
{
	test_create();
	test_layout(1, 0, 0, 0);
	test_layout(3, 1, 1, 1);
	test_layout(17, 2, 3, 5);
	test_layout(TRACING_MAP_KEY_SIZE_MAX, TRACING_MAP_SUMS_MAX,
		    TRACING_MAP_VARS_MAX, 100);
	test_basic();
	test_full();
	test_sort();
	test_clear();
	test_key_sizes();
	test_collision();
	test_nested();
	test_dead();
}

/* ------------------------------------------------------------ stress */

#define MAX_THREADS	16

/*
 * A round: the key set (nkeys keys of key_size bytes) inserted `passes`
 * times by every thread into `map`, cleared before.
 */
struct round {
	struct tracing_map	*map;
	unsigned int		nkeys;
	unsigned int		passes;
	bool			fits;	/* nkeys <= max */
	bool			apart;	/* odd threads start half-way */
	bool			yield;	/* init() yields now and then */
};

struct worker {
	pthread_t	tid;
	int		id;
	unsigned int	cur;		/* the key being inserted */
	u32		*ok;		/* per key: inserts that got an element */
	u64		attempts, nulls;
	/* bench: the totals */
	u64		b_attempts, b_nulls;
};

static struct {
	pthread_barrier_t	start, end;
	struct round		r;
	int			gen;	/* stress: bumped to start a round */
	int			stop;
	int			nthreads;
	int			inits;
	struct worker		w[MAX_THREADS];
} st;

#define KEY_SIZE	12	/* not a multiple of the word */

static void stress_init(struct tracing_map_elt *elt, void *arg)
{
	struct worker *w = arg;

	__atomic_fetch_add(&st.inits, 1, __ATOMIC_RELAXED);
	CHECK(elt_is_zero(elt->map, elt), "stress: init() on a used element");
	priv_of(elt)->mark = key_mark(elt->key, KEY_SIZE);
	/* widen the window in which the element is claimed, not published */
	if (st.r.yield && !(w->cur % 8))
		sched_yield();
}

static void stress_round(struct worker *w)
{
	const struct round *r = &st.r;
	unsigned int p, j, nkeys = r->nkeys;
	unsigned int start = r->apart && (w->id & 1) ? nkeys / 2 : 0;
	u8 key[KEY_SIZE];

	for (p = 0; p < r->passes; p++) {
		for (j = 0; j < nkeys; j++) {
			unsigned int k = (start + j) % nkeys;
			struct tracing_map_elt *elt;

			make_key(key, KEY_SIZE, k, k & 1);
			w->cur = k;
			w->attempts++;
			elt = tracing_map_insert(r->map, key, stress_init, w);
			if (!elt) {
				w->nulls++;
				continue;
			}
			w->ok[k]++;
			tracing_map_add_sum(elt, 0, 1);
			tracing_map_add_sum(elt, 1, w->id + 1);
			if (memcmp(elt->key, key, KEY_SIZE) ||
			    priv_of(elt)->mark != key_mark(key, KEY_SIZE))
				CHECK(0, "thread %d, key %u: %s", w->id, k,
				      "element of another key or uninitialized");
		}
	}
}

/*
 * The threads start a round spinning on st.gen rather than waking from a
 * barrier one by one, so that those running start together: a thread
 * woken late would only find the keys the first had inserted already.
 */
static void *stress_thread(void *arg)
{
	struct worker *w = arg;
	int gen = 0;

#ifdef SHIM_PREEMPT
	shim_preempt_on = true;
#endif
	for (;;) {
		while (__atomic_load_n(&st.gen, __ATOMIC_ACQUIRE) == gen)
			sched_yield();
		gen++;
		if (__atomic_load_n(&st.stop, __ATOMIC_RELAXED))
			return NULL;
		stress_round(w);
		pthread_barrier_wait(&st.end);
	}
}

struct stress_totals {
	u64	rounds, attempts, hits, drops, pending_drops, dead;
};

static u64 stress_rounds;

/* After a round: the map against the threads' counts. */
static void stress_check(struct stress_totals *tot)
{
	const struct round *r = &st.r;
	struct tracing_map *map = r->map;
	u64 attempts = 0, nulls = 0, oks = 0;
	unsigned int k, t, max = map->max, bad_sum = 0, bad_drop = 0;
	u8 key[KEY_SIZE];
	struct table_count tc;
	int i;

	for (i = 0; i < st.nthreads; i++) {
		attempts += st.w[i].attempts;
		nulls += st.w[i].nulls;
	}
	for (k = 0; k < r->nkeys; k++) {
		struct tracing_map_elt *elt;
		u64 n = 0, weighted = 0;

		for (i = 0; i < st.nthreads; i++) {
			n += st.w[i].ok[k];
			weighted += (u64)st.w[i].ok[k] * (i + 1);
		}
		oks += n;
		make_key(key, KEY_SIZE, k, k & 1);
		elt = tracing_map_lookup(map, key);
		if (!elt) {
			bad_sum += n != 0;
			/* with room for every key, every key is in */
			bad_drop += r->fits;
			continue;
		}
		bad_sum += tracing_map_read_sum(elt, 0) != n ||
			   tracing_map_read_sum(elt, 1) != weighted;
	}
	CHECK(!bad_sum, "stress: %u keys whose sums are not their inserts",
	      bad_sum);
	CHECK(!bad_drop, "stress: %u keys missing from a map with room",
	      bad_drop);
	CHECK(tracing_map_hits(map) == oks,
	      "stress: hits %llu, inserts that got an element %llu",
	      tracing_map_hits(map), oks);
	CHECK(tracing_map_drops(map) == nulls,
	      "stress: drops %llu, inserts that got NULL %llu",
	      tracing_map_drops(map), nulls);
	CHECK(oks + nulls == attempts, "stress: %llu + %llu != %llu attempts",
	      oks, nulls, attempts);
	t = tracing_map_entries(map);
	CHECK(t == (r->fits ? r->nkeys : max),
	      "stress: %u entries for %u keys, max %u", t, r->nkeys, max);
	CHECK(__atomic_load_n(&st.inits, __ATOMIC_RELAXED) == (int)t,
	      "stress: init() called %d times for %u elements", st.inits, t);
	tc = check_table(map, r->fits ? 0 : st.nthreads, "stress");
	tot->rounds++;
	tot->attempts += attempts;
	tot->hits += oks;
	tot->drops += nulls;
	if (r->fits)
		tot->pending_drops += nulls;
	tot->dead += tc.dead;
}

static void stress_reset(struct tracing_map *map, unsigned int nkeys,
			 bool fits, bool apart, bool yield)
{
	int i;

	tracing_map_clear(map);
	st.r.map = map;
	st.r.nkeys = nkeys;
	st.r.passes = 2;
	st.r.fits = fits;
	st.r.apart = apart;
	st.r.yield = yield;
	st.inits = 0;
	for (i = 0; i < st.nthreads; i++) {
		struct worker *w = &st.w[i];

		memset(w->ok, 0, nkeys * sizeof(*w->ok));
		w->attempts = 0;
		w->nulls = 0;
	}
}

static void stress(double seconds, int nthreads)
{
	/* room: 384 keys in 512; no room: 400 keys for 128 */
	struct tracing_map *roomy = mk(9, KEY_SIZE, 2, 0, sizeof(struct tpriv));
	struct tracing_map *small = mk(7, KEY_SIZE, 2, 0, sizeof(struct tpriv));
	struct stress_totals tot[2] = {};
	double end = now() + seconds;
	int i, f0 = failures;

	st.nthreads = nthreads;
	pthread_barrier_init(&st.end, NULL, nthreads + 1);
	for (i = 0; i < nthreads; i++) {
		st.w[i].id = i;
		st.w[i].ok = calloc(512, sizeof(u32));
		pthread_create(&st.w[i].tid, NULL, stress_thread, &st.w[i]);
	}
	/*
	 * Rounds of three kinds in turn: room for every key, threads apart
	 * and init() yielding (elements long claimed but not published);
	 * room, all threads on the same keys at once (claims racing); no
	 * room, the same (the pool running out under racing claims).
	 */
	for (i = 0; now() < end && failures == f0; i++) {
		bool fits = i % 3 != 2;

		if (fits)
			stress_reset(roomy, 384, true, !(i % 3), !(i % 3));
		else
			stress_reset(small, 400, false, false, false);
		__atomic_store_n(&st.gen, i + 1, __ATOMIC_RELEASE);
		pthread_barrier_wait(&st.end);
		stress_check(&tot[!fits]);
	}
	__atomic_store_n(&st.stop, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&st.gen, i + 1, __ATOMIC_RELEASE);
	for (i = 0; i < nthreads; i++) {
		pthread_join(st.w[i].tid, NULL);
		free(st.w[i].ok);
	}
	pthread_barrier_destroy(&st.end);
	tracing_map_destroy(roomy);
	tracing_map_destroy(small);
	stress_rounds = tot[0].rounds + tot[1].rounds;
	printf("%d threads, room for every key: %llu rounds, %llu inserts, %s\n",
	       nthreads, tot[0].rounds, tot[0].attempts,
	       "every drop while its key was being inserted");
	printf("    %llu such drops (%.3f%%)\n", tot[0].pending_drops,
	       100.0 * tot[0].pending_drops / (tot[0].attempts ?: 1));
	printf("%d threads, more keys than room: %llu rounds, %llu inserts, %s\n",
	       nthreads, tot[1].rounds, tot[1].attempts,
	       "drops for want of an element");
	printf("    %llu drops, %llu dead slots\n", tot[1].drops, tot[1].dead);
}

/* ------------------------------------------------------------ bench */

struct bench_case {
	const char	*name;
	unsigned int	bits;
	unsigned int	nkeys;		/* per thread if distinct, else shared */
	bool		distinct;
};

static const struct bench_case *bcase;

static void *bench_thread(void *arg)
{
	struct worker *w = arg;
	struct tracing_map *map = st.r.map;
	unsigned int nkeys = bcase->nkeys, j = 0;
	u64 base = bcase->distinct ? (u64)w->id * nkeys : 0;
	u8 key[8];

	pthread_barrier_wait(&st.start);
	while (!__atomic_load_n(&st.stop, __ATOMIC_RELAXED)) {
		unsigned int n;

		for (n = 0; n < 1024; n++) {
			struct tracing_map_elt *elt;

			/* a stride through the keys, as events would come */
			j = (j + 7) % nkeys;
			make_key(key, 8, base + j, false);
			elt = tracing_map_insert(map, key, NULL, NULL);
			if (elt)
				tracing_map_add_sum(elt, 0, 1);
			else
				w->b_nulls++;
		}
		w->b_attempts += 1024;
	}
	return NULL;
}

static void bench(double seconds, int nthreads)
{
	static const struct bench_case cases[] = {
		{ "distinct keys", 17, 8192, true },
		{ "colliding keys", 11, 64, false },
		{ "keys > max", 10, 65536, false },
	};
	int counts[2] = { 1, nthreads }, c, n, i;

	printf("%-15s %7s %12s %12s %8s\n", "case", "threads", "inserts/s",
	       "drops", "entries");
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		for (n = 0; n < 2; n++) {
			int nt = counts[n];
			u64 attempts = 0, drops = 0;
			double t0;

			bcase = &cases[c];
			st.r.map = mk(bcase->bits, 8, 1, 0, 0);
			st.stop = 0;
			pthread_barrier_init(&st.start, NULL, nt + 1);
			for (i = 0; i < nt; i++) {
				memset(&st.w[i], 0, sizeof(st.w[i]));
				st.w[i].id = i;
				pthread_create(&st.w[i].tid, NULL, bench_thread,
					       &st.w[i]);
			}
			pthread_barrier_wait(&st.start);
			t0 = now();
			usleep((useconds_t)(seconds * 1e6));
			__atomic_store_n(&st.stop, 1, __ATOMIC_RELAXED);
			for (i = 0; i < nt; i++) {
				pthread_join(st.w[i].tid, NULL);
				attempts += st.w[i].b_attempts;
				drops += st.w[i].b_nulls;
			}
			t0 = now() - t0;
			CHECK(tracing_map_hits(st.r.map) + tracing_map_drops(st.r.map) ==
			      attempts && tracing_map_drops(st.r.map) == drops,
			      "counts of the benchmark");
			printf("%-15s %7d %12.0f %12llu %8u\n", bcase->name, nt,
			       attempts / t0, drops, tracing_map_entries(st.r.map));
			pthread_barrier_destroy(&st.start);
			tracing_map_destroy(st.r.map);
		}
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	double seconds = argc > 2 ? atof(argv[2]) : 3;
	int nthreads = argc > 3 ? atoi(argv[3]) : 4;

	if (nthreads < 1 || nthreads > MAX_THREADS || seconds <= 0) {
		fprintf(stderr, "usage: tmunit [all|unit|stress|bench] [SECONDS] [THREADS <= %d]\n",
			MAX_THREADS);
		return 2;
	}
	if (!strcmp(mode, "bench")) {
		bench(seconds, nthreads);
	} else {
		if (strcmp(mode, "stress"))
			unit();
		if (strcmp(mode, "unit") && !failures)
			stress(seconds, nthreads);
	}
	CHECK(shim_warnings == 0, "%d WARN_ON()s", shim_warnings);
	printf("%d checks, %d failed", checks, failures);
	if (stress_rounds)
		printf(", %llu stress rounds", stress_rounds);
	printf("\n");
	return failures ? 1 : 0;
}
