/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 2 of include/trace/trace_events.h: the field forms as members of
 * struct trace_event_data_offsets_<call>, one u32 per dynamic field (the
 * location word the probe will store, computed before the record is
 * reserved), and the TP_printk() forms that print a record: __entry is
 * the record being printed, the helpers write into the iterator's
 * scratch seq @p and return the text for a "%s".
 */

/* Fixed-size forms have no data to locate. */
#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __array
#define __field(ty, fld)
#define __field_struct(ty, fld)
#define __field_ext(ty, fld, flt)
#define __field_struct_ext(ty, fld, flt)
#define __array(ty, fld, cnt)

/* Every dynamic form, __data_loc or __rel_loc, has one word here. */
#undef __dynamic_array
#undef __rel_dynamic_array
#undef __string
#undef __rel_string
#undef __string_len
#undef __rel_string_len
#undef __vstring
#undef __bitmask
#undef __rel_bitmask
#undef __cpumask
#undef __rel_cpumask
#undef __sockaddr
#undef __rel_sockaddr
#define __dynamic_array(ty, fld, cnt)		u32 fld;
#define __rel_dynamic_array(ty, fld, cnt)	u32 fld;
#define __string(fld, s)			u32 fld;
#define __rel_string(fld, s)			u32 fld;
#define __string_len(fld, s, cnt)		u32 fld;
#define __rel_string_len(fld, s, cnt)		u32 fld;
#define __vstring(fld, fm, va)			u32 fld;
#define __bitmask(fld, nbits)			u32 fld;
#define __rel_bitmask(fld, nbits)		u32 fld;
#define __cpumask(fld)				u32 fld;
#define __rel_cpumask(fld)			u32 fld;
#define __sockaddr(fld, cnt)			u32 fld;
#define __rel_sockaddr(fld, cnt)		u32 fld;

/* The record as the output function names it. */
#undef __entry
#define __entry field

#include "access.h"

#undef TP_printk
#define TP_printk(f, a...) f "\n", a

/* Bitmasks (and cpumasks) print as a list of hex words ("%*pb"). */
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#define __get_bitmask(fld)						\
	trace_print_bitmask_seq(p, __get_dynamic_array(fld),		\
				__get_dynamic_array_len(fld))
#define __get_rel_bitmask(fld)						\
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(fld),	\
				__get_rel_dynamic_array_len(fld))
#define __get_cpumask(fld)		__get_bitmask(fld)
#define __get_rel_cpumask(fld)		__get_rel_bitmask(fld)

/*
 * Flag and symbol names come from a table the caller lists; it is closed
 * with a NULL name, where the helpers stop.
 */
#undef __print_flags
#define __print_flags(v, sep, tbl...)					\
	({								\
		static const struct trace_print_flags __te_tbl[] = {	\
			tbl, { -1, NULL } };				\
		trace_print_flags_seq(p, sep, v, __te_tbl);		\
	})

#undef __print_symbolic
#define __print_symbolic(v, tbl...)					\
	({								\
		static const struct trace_print_flags __te_tbl[] = {	\
			tbl, { -1, NULL } };				\
		trace_print_symbols_seq(p, v, __te_tbl);		\
	})

/*
 * A long holds a u64 on 64-bit builds: there the _u64 forms are the plain
 * ones (and the format file shows them so, see describe.h). Only 32-bit
 * builds need tables of u64 values and their helpers.
 */
#undef __print_flags_u64
#undef __print_symbolic_u64
#if BITS_PER_LONG != 32
#define __print_flags_u64(v, sep, tbl...)	__print_flags(v, sep, tbl)
#define __print_symbolic_u64(v, tbl...)		__print_symbolic(v, tbl)
#else
#define __print_flags_u64(v, sep, tbl...)				\
	({								\
		static const struct trace_print_flags_u64 __te_tbl[] = { \
			tbl, { -1, NULL } };				\
		trace_print_flags_seq_u64(p, sep, v, __te_tbl);		\
	})
#define __print_symbolic_u64(v, tbl...)					\
	({								\
		static const struct trace_print_flags_u64 __te_tbl[] = { \
			tbl, { -1, NULL } };				\
		trace_print_symbols_seq_u64(p, v, __te_tbl);		\
	})
#endif

/* Raw bytes as hex: separated by spaces, or (_str) not. */
#undef __print_hex
#undef __print_hex_str
#define __print_hex(data, n)	trace_print_hex_seq(p, data, n, false)
#define __print_hex_str(data, n) trace_print_hex_seq(p, data, n, true)

/* Elements of 1, 2, 4 or 8 bytes only: the helper prints no other. */
#undef __print_array
#define __print_array(arr, nr, esz)					\
	({								\
		BUILD_BUG_ON((esz) != 1 && (esz) != 2 &&		\
			     (esz) != 4 && (esz) != 8);			\
		trace_print_array_seq(p, arr, nr, esz);			\
	})

#undef __print_dynamic_array
#define __print_dynamic_array(fld, esz)					\
	__print_array(__get_dynamic_array(fld),				\
		      __get_dynamic_array_len(fld) / (esz), (esz))

#undef __print_hex_dump
#define __print_hex_dump(pfx, pfx_kind, row, group, data, n, ascii)	\
	trace_print_hex_dump_seq(p, pfx, pfx_kind, row, group, data, n, ascii)

/* Whole seconds, and the nanoseconds past them, of a time in ns. */
#undef __print_ns_to_secs
#define __print_ns_to_secs(ns)						\
	({								\
		u64 __te_ns = (u64)(ns);				\
									\
		do_div(__te_ns, NSEC_PER_SEC);				\
		__te_ns;						\
	})

#undef __print_ns_without_secs
#define __print_ns_without_secs(ns)					\
	({								\
		u64 __te_ns = (u64)(ns);				\
									\
		(u32)do_div(__te_ns, NSEC_PER_SEC);			\
	})
