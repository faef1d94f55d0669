/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading and filling the dynamic fields of an event record, for the
 * passes of include/trace/trace_events.h that handle a record (output,
 * probes). __entry names the record in each pass.
 *
 * A dynamic field's u32 "location" word holds the length of its data in
 * the upper 16 bits and an offset in the lower 16: from the start of the
 * record for __data_loc fields, from the end of the location word itself
 * for __rel_loc fields. Both words are what tools read (format files say
 * "__data_loc" / "__rel_loc"), so that encoding is fixed.
 *
 * Re-read for each trace header a unit instantiates: the last pass leaves
 * the readers undefined so that TP_printk() text shows them verbatim.
 */

/* The two halves of a location word. */
#define __te_loc_offset(loc)	((loc) & 0xffff)
#define __te_loc_len(loc)	((loc) >> 16)
#define __te_loc(offset, len)	(((u32)(len) << 16) | (u32)(offset))

/* Bytes that a bitmask of @nr_bits takes in a record: whole longs. */
#define __te_bitmask_bytes(nr_bits)	(BITS_TO_LONGS(nr_bits) * sizeof(long))

#undef __get_dynamic_array
#define __get_dynamic_array(field)					\
	((void *)__entry + __te_loc_offset(__entry->__data_loc_##field))

#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field)					\
	__te_loc_len(__entry->__data_loc_##field)

#undef __get_rel_dynamic_array
#define __get_rel_dynamic_array(field)					\
	((void *)(&__entry->__rel_loc_##field + 1) +			\
	 __te_loc_offset(__entry->__rel_loc_##field))

#undef __get_rel_dynamic_array_len
#define __get_rel_dynamic_array_len(field)				\
	__te_loc_len(__entry->__rel_loc_##field)

#undef __get_str
#define __get_str(field)	((char *)__get_dynamic_array(field))

#undef __get_rel_str
#define __get_rel_str(field)	((char *)__get_rel_dynamic_array(field))

#undef __get_sockaddr
#define __get_sockaddr(field)	((struct sockaddr *)__get_dynamic_array(field))

#undef __get_rel_sockaddr
#define __get_rel_sockaddr(field)					\
	((struct sockaddr *)__get_rel_dynamic_array(field))

/*
 * The writers, for TP_fast_assign(). Their statement shapes are
 * upstream's (__assign_str() brings its own semicolon, the others do
 * not), so that headers written for either compile with both.
 */
#undef __assign_str
#define __assign_str(dst, src)						\
	strcpy(__get_str(dst), (src) ? (const char *)(src) : "(null)");

#undef __assign_rel_str
#define __assign_rel_str(dst, src)					\
	strcpy(__get_rel_str(dst), (src) ? (const char *)(src) : "(null)");

/* @len bytes of @src, then a NUL (the size reserved was @len + 1). */
#undef __assign_str_len
#define __assign_str_len(dst, src, len)					\
	do {								\
		char *__te_dst = __get_str(dst);			\
									\
		memcpy(__te_dst, (src), (len));				\
		__te_dst[len] = '\0';					\
	} while (0)

#undef __assign_rel_str_len
#define __assign_rel_str_len(dst, src, len)				\
	do {								\
		char *__te_dst = __get_rel_str(dst);			\
									\
		memcpy(__te_dst, (src), (len));				\
		__te_dst[len] = '\0';					\
	} while (0)

/* The size reserved was computed by __trace_event_vstr_len() on *@va. */
#undef __assign_vstr
#define __assign_vstr(dst, fmt, va)					\
	do {								\
		va_list __te_args;					\
									\
		va_copy(__te_args, *(va));				\
		vsnprintf(__get_str(dst), TRACE_EVENT_STR_MAX, fmt,	\
			  __te_args);					\
		va_end(__te_args);					\
	} while (0)

#undef __assign_bitmask
#define __assign_bitmask(dst, src, nr_bits)				\
	memcpy(__get_dynamic_array(dst), (src),				\
	       __te_bitmask_bytes(nr_bits))

#undef __assign_rel_bitmask
#define __assign_rel_bitmask(dst, src, nr_bits)				\
	memcpy(__get_rel_dynamic_array(dst), (src),			\
	       __te_bitmask_bytes(nr_bits))

#undef __assign_cpumask
#define __assign_cpumask(dst, src)					\
	__assign_bitmask(dst, src, nr_cpumask_bits)

#undef __assign_rel_cpumask
#define __assign_rel_cpumask(dst, src)					\
	__assign_rel_bitmask(dst, src, nr_cpumask_bits)

#undef __assign_sockaddr
#define __assign_sockaddr(dest, src, len)				\
	memcpy(__get_dynamic_array(dest), (src), (len))

#undef __assign_rel_sockaddr
#define __assign_rel_sockaddr(dest, src, len)				\
	memcpy(__get_rel_dynamic_array(dest), (src), (len))
