/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing map: a hash table from fixed-size keys to preallocated
 * elements, into which a hist trigger inserts from the event's context,
 * NMI included, without a lock. tracing_map.c sets out its design and
 * the argument for each of its atomic steps.
 *
 * Its user: every element holds its key, its sums (u64 counters any
 * context adds to), its variables (u64 values with a "set" mark, read
 * back by another event) and private bytes its user fills when the
 * element is first taken. A key that finds no element (the map full, or
 * the same key being inserted at that very moment elsewhere) is dropped
 * and counted.
 *
 * Limits (upstream's, as the hist trigger's size= shows them):
 *   TRACING_MAP_BITS_MIN..MAX	log2 of the elements a map may have
 *   TRACING_MAP_BITS_DEFAULT	of a hist trigger without size=
 */
#ifndef _KERNEL_TRACE_HIST_TRACING_MAP_H
#define _KERNEL_TRACE_HIST_TRACING_MAP_H

#include <linux/types.h>
#include <linux/atomic.h>

#define TRACING_MAP_BITS_DEFAULT	11
#define TRACING_MAP_BITS_MAX		17
#define TRACING_MAP_BITS_MIN		7

/* The largest key, sum and variable counts a map may be made with. */
#define TRACING_MAP_KEY_SIZE_MAX	1024
#define TRACING_MAP_SUMS_MAX		32
#define TRACING_MAP_VARS_MAX		32
#define TRACING_MAP_PRIV_SIZE_MAX	4096

struct tracing_map;

/*
 * One element. The pointers are set when the map is made and never
 * change; key holds map's key_size bytes, written once before the
 * element is published.
 */
struct tracing_map_elt {
	struct tracing_map	*map;
	void			*key;
	atomic64_t		*sums;		/* n_sums of them */
	u64			*vars;		/* n_vars of them */
	unsigned long		*vars_set;	/* a bit each */
	void			*priv;		/* priv_size bytes, or NULL */
};

/**
 * typedef tracing_map_init_fn - fill a newly taken element
 * @elt: the element; its key is set, its sums, variables and private
 *	bytes are zero
 * @arg: tracing_map_insert()'s @arg
 *
 * Called by the inserting context, so in any context, NMI included,
 * before any other context can find @elt. Must not sleep or take locks.
 */
typedef void (*tracing_map_init_fn)(struct tracing_map_elt *elt, void *arg);

/**
 * typedef tracing_map_cmp_fn - order two elements for tracing_map_sort()
 * @a: an element
 * @b: another
 * @ctx: tracing_map_sort()'s @ctx
 *
 * Return: < 0 if @a comes first, > 0 if @b does, 0 if either may.
 */
typedef int (*tracing_map_cmp_fn)(const struct tracing_map_elt *a,
				  const struct tracing_map_elt *b,
				  const void *ctx);

struct tracing_map *tracing_map_create(unsigned int bits,
				       unsigned int key_size,
				       unsigned int n_sums,
				       unsigned int n_vars,
				       unsigned int priv_size);
void tracing_map_destroy(struct tracing_map *map);

/* From any context, with no lock (the map must not be cleared meanwhile). */
struct tracing_map_elt *tracing_map_insert(struct tracing_map *map,
					   const void *key,
					   tracing_map_init_fn init, void *arg);
struct tracing_map_elt *tracing_map_lookup(struct tracing_map *map,
					   const void *key);

static inline void tracing_map_add_sum(struct tracing_map_elt *elt,
				       unsigned int i, u64 n)
{
	atomic64_add(n, &elt->sums[i]);
}

static inline u64 tracing_map_read_sum(const struct tracing_map_elt *elt,
				       unsigned int i)
{
	return (u64)atomic64_read(&elt->sums[i]);
}

void tracing_map_set_var(struct tracing_map_elt *elt, unsigned int i, u64 n);
bool tracing_map_var_set(const struct tracing_map_elt *elt, unsigned int i);
u64 tracing_map_read_var(const struct tracing_map_elt *elt, unsigned int i);
u64 tracing_map_read_var_once(struct tracing_map_elt *elt, unsigned int i);

/*
 * Totals: hits, the inserts that found or took an element; drops, those
 * that found none; entries, the elements taken.
 */
u64 tracing_map_hits(const struct tracing_map *map);
u64 tracing_map_drops(const struct tracing_map *map);
unsigned int tracing_map_entries(const struct tracing_map *map);
unsigned int tracing_map_max_entries(const struct tracing_map *map);
unsigned int tracing_map_key_size(const struct tracing_map *map);

/*
 * Readers, which may sleep: an array of the map's elements, sorted by
 * @cmp (NULL: in no order), to be freed with tracing_map_sort_free().
 * Elements inserted meanwhile may or may not be in it; an element in it
 * has its key set. Returns the number of elements or -ENOMEM.
 */
int tracing_map_sort(struct tracing_map *map, tracing_map_cmp_fn cmp,
		     const void *ctx, struct tracing_map_elt ***out);
void tracing_map_sort_free(struct tracing_map_elt **elts);

/*
 * Empty the map: no element, hits and drops zero. The caller makes sure
 * no context is inserting or using an element (the hist trigger pauses,
 * then waits for a grace period).
 */
void tracing_map_clear(struct tracing_map *map);

#endif /* _KERNEL_TRACE_HIST_TRACING_MAP_H */
