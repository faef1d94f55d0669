/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 3 of include/trace/trace_events.h: the field forms as statements
 * of trace_event_get_offsets_<call>(), which, from the tracepoint's
 * arguments, sizes each dynamic field, places its data after the fixed
 * part of the record (and after the fields before it), and stores the
 * location word into *__data_offsets. It returns the bytes of dynamic
 * data. entry is only there for offsetof().
 */

/*
 * A fixed field's name must be a plain identifier: __field(int, a[2])
 * would describe a field the format file cannot show. Pasting the name
 * into a struct tag refuses anything else at compile time (use
 * __array() for arrays).
 */
#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __array
#define __field(ty, fld)						\
	(void)sizeof(struct __te_field_name_must_be_plain_##fld *);
#define __field_struct(ty, fld)			__field(ty, fld)
#define __field_ext(ty, fld, flt)		__field(ty, fld)
#define __field_struct_ext(ty, fld, flt)	__field(ty, fld)
#define __array(ty, fld, cnt)

/*
 * The dynamic forms: @cnt elements of @ty go at the end of the data so
 * far. A __data_loc word counts from the record's start, a __rel_loc
 * word from its own end.
 */
#undef __dynamic_array
#define __dynamic_array(ty, fld, cnt)					\
	__item_length = (cnt) * sizeof(ty);				\
	__data_offsets->fld =						\
		__te_loc(offsetof(typeof(*entry), __data) + __data_size,\
			 __item_length);				\
	__data_size += __item_length;

#undef __rel_dynamic_array
#define __rel_dynamic_array(ty, fld, cnt)				\
	__item_length = (cnt) * sizeof(ty);				\
	__data_offsets->fld =						\
		__te_loc(offsetof(typeof(*entry), __data) + __data_size -\
			 offsetofend(typeof(*entry), __rel_loc_##fld),	\
			 __item_length);				\
	__data_size += __item_length;

/* Strings take their terminating NUL; a NULL one is "(null)". */
#define __te_str_size(from)						\
	(strlen((from) ? (const char *)(from) : "(null)") + 1)

#undef __string
#undef __rel_string
#undef __string_len
#undef __rel_string_len
#undef __vstring
#define __string(fld, from)	__dynamic_array(char, fld, __te_str_size(from))
#define __rel_string(fld, from)						\
	__rel_dynamic_array(char, fld, __te_str_size(from))
#define __string_len(fld, from, n)	__dynamic_array(char, fld, (n) + 1)
#define __rel_string_len(fld, from, n)	__rel_dynamic_array(char, fld, (n) + 1)
#define __vstring(fld, fm, va)						\
	__dynamic_array(char, fld, __trace_event_vstr_len(fm, va))

/* Bitmasks take whole longs; a cpumask is one of nr_cpumask_bits. */
#undef __bitmask
#undef __rel_bitmask
#undef __cpumask
#undef __rel_cpumask
#define __bitmask(fld, nbits)						\
	__dynamic_array(unsigned long, fld, BITS_TO_LONGS(nbits))
#define __rel_bitmask(fld, nbits)					\
	__rel_dynamic_array(unsigned long, fld, BITS_TO_LONGS(nbits))
#define __cpumask(fld)			__bitmask(fld, nr_cpumask_bits)
#define __rel_cpumask(fld)		__rel_bitmask(fld, nr_cpumask_bits)

/* A socket address: @n bytes. */
#undef __sockaddr
#undef __rel_sockaddr
#define __sockaddr(fld, n)		__dynamic_array(u8, fld, n)
#define __rel_sockaddr(fld, n)		__rel_dynamic_array(u8, fld, n)
