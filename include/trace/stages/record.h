/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 1 of include/trace/trace_events.h: the field forms as members of
 * struct trace_event_raw_<call>. Fixed-size fields are themselves; a
 * dynamic field is its u32 location word, named __data_loc_<item> or
 * __rel_loc_<item>, its data going after the fixed part (in __data[]).
 */

/* Fixed-size forms: the member as declared. */
#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __array
#define __field(ty, fld)			ty	fld;
#define __field_struct(ty, fld)			ty	fld;
#define __field_ext(ty, fld, flt)		ty	fld;
#define __field_struct_ext(ty, fld, flt)	ty	fld;
#define __array(ty, fld, cnt)			ty	fld[cnt];

/* Dynamic forms whose data is located from the record's start. */
#undef __dynamic_array
#undef __string
#undef __string_len
#undef __vstring
#undef __bitmask
#undef __cpumask
#undef __sockaddr
#define __dynamic_array(ty, fld, cnt)		u32	__data_loc_##fld;
#define __string(fld, s)			u32	__data_loc_##fld;
#define __string_len(fld, s, cnt)		u32	__data_loc_##fld;
#define __vstring(fld, fm, va)			u32	__data_loc_##fld;
#define __bitmask(fld, nbits)			u32	__data_loc_##fld;
#define __cpumask(fld)				u32	__data_loc_##fld;
#define __sockaddr(fld, cnt)			u32	__data_loc_##fld;

/* The same forms, located from the end of their own word. */
#undef __rel_dynamic_array
#undef __rel_string
#undef __rel_string_len
#undef __rel_bitmask
#undef __rel_cpumask
#undef __rel_sockaddr
#define __rel_dynamic_array(ty, fld, cnt)	u32	__rel_loc_##fld;
#define __rel_string(fld, s)			u32	__rel_loc_##fld;
#define __rel_string_len(fld, s, cnt)		u32	__rel_loc_##fld;
#define __rel_bitmask(fld, nbits)		u32	__rel_loc_##fld;
#define __rel_cpumask(fld)			u32	__rel_loc_##fld;
#define __rel_sockaddr(fld, cnt)		u32	__rel_loc_##fld;

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(fields...) fields
