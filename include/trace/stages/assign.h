/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 4 of include/trace/trace_events.h (and of the perf probes of
 * include/trace/perf.h): the field forms as the statements that store
 * each dynamic field's location word, computed by pass 3, into the
 * reserved record; then TP_fast_assign() fills the record. __entry is
 * the record being written.
 */

/* Fixed-size fields are filled by TP_fast_assign() alone. */
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

/*
 * Every dynamic form is its location word, which pass 3 computed; the
 * typed forms only differ in the word's name.
 */
#undef __dynamic_array
#undef __rel_dynamic_array
#define __dynamic_array(ty, fld, cnt)					\
	__entry->__data_loc_##fld = __data_offsets.fld;
#define __rel_dynamic_array(ty, fld, cnt)				\
	__entry->__rel_loc_##fld = __data_offsets.fld;

#undef __string
#undef __string_len
#undef __vstring
#undef __bitmask
#undef __cpumask
#undef __sockaddr
#define __string(fld, s)		__dynamic_array(char, fld, -1)
#define __string_len(fld, s, cnt)	__dynamic_array(char, fld, -1)
#define __vstring(fld, fm, va)		__dynamic_array(char, fld, -1)
#define __bitmask(fld, nbits)		__dynamic_array(char, fld, -1)
#define __cpumask(fld)			__dynamic_array(char, fld, -1)
#define __sockaddr(fld, cnt)		__dynamic_array(char, fld, -1)

#undef __rel_string
#undef __rel_string_len
#undef __rel_bitmask
#undef __rel_cpumask
#undef __rel_sockaddr
#define __rel_string(fld, s)		__rel_dynamic_array(char, fld, -1)
#define __rel_string_len(fld, s, cnt)	__rel_dynamic_array(char, fld, -1)
#define __rel_bitmask(fld, nbits)	__rel_dynamic_array(char, fld, -1)
#define __rel_cpumask(fld)		__rel_dynamic_array(char, fld, -1)
#define __rel_sockaddr(fld, cnt)	__rel_dynamic_array(char, fld, -1)

/* The record as the probes name it. */
#undef __entry
#define __entry entry

#include "access.h"

/* In a probe, a bitmask is the bytes to fill, not text. */
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#define __get_bitmask(fld)		((char *)__get_dynamic_array(fld))
#define __get_rel_bitmask(fld)		((char *)__get_rel_dynamic_array(fld))
#define __get_cpumask(fld)		__get_bitmask(fld)
#define __get_rel_cpumask(fld)		__get_rel_bitmask(fld)

#undef TP_fast_assign
#define TP_fast_assign(stmts...) stmts

/*
 * Wrapped around tracepoint arguments: the count perf adds to a sample
 * and the task it is for (both probes have the variables; only perf's
 * uses them).
 */
#undef __perf_count
#undef __perf_task
#define __perf_count(nr)	(__count = (nr))
#define __perf_task(tsk)	(__task = (tsk))
