/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pass 5 of include/trace/trace_events.h: the field forms as entries of
 * the class's field table (struct trace_event_fields), from which the
 * core builds the field list, the format file and the filter's view of
 * the record; and the TP_printk() form that turns the print arguments
 * into the text of the format file's "print fmt:" line.
 *
 * Everything here is visible to tools, so it reproduces upstream's text
 * exactly: the type strings ("char[16]", "__data_loc char[]",
 * "__rel_loc u8[]", "__data_loc cpumask_t") and which macros are still
 * expanded when the print arguments are stringified.
 */

/* The alignment of @ty as a member of a struct (not alone). */
#define __te_member_align(ty)	((int)__alignof__(struct { ty __te_m; }))

/*
 * The _ext forms carry the descriptor; __field() and __field_struct()
 * pass through them, so their type string is the macro-expanded type, as
 * upstream shows it.
 */
#undef __field
#undef __field_struct
#define __field(ty, fld)	__field_ext(ty, fld, FILTER_OTHER)
#define __field_struct(ty, fld)	__field_struct_ext(ty, fld, FILTER_OTHER)

#undef __field_ext
#define __field_ext(ty, fld, flt) {					\
	.type = #ty, .name = #fld,					\
	.size = sizeof(ty), .align = __te_member_align(ty),		\
	.is_signed = is_signed_type(ty),				\
	.filter_type = flt },

#undef __field_struct_ext
#define __field_struct_ext(ty, fld, flt) {				\
	.type = #ty, .name = #fld,					\
	.size = sizeof(ty), .align = __te_member_align(ty),		\
	.is_signed = 0, .filter_type = flt },

/* "TYPE[LEN]" with LEN macro-expanded: "char[16]" for TASK_COMM_LEN. */
#undef __array
#define __array(ty, fld, cnt) {						\
	.type = #ty "[" __stringify(cnt) "]", .name = #fld,		\
	.size = sizeof(ty[cnt]), .align = __te_member_align(ty),	\
	.is_signed = is_signed_type(ty), .filter_type = FILTER_OTHER,	\
	.len = cnt },

/*
 * A location word: 4 bytes whatever the data. @kind is "__data_loc" or
 * "__rel_loc", @tystr the type text after it.
 */
#define __te_loc_field(kind, tystr, fld, sgn) {				\
	.type = kind " " tystr, .name = #fld,				\
	.size = sizeof(u32), .align = __alignof__(u32),			\
	.is_signed = sgn, .filter_type = FILTER_OTHER },

#undef __dynamic_array
#undef __rel_dynamic_array
#define __dynamic_array(ty, fld, cnt)					\
	__te_loc_field("__data_loc", #ty "[]", fld, is_signed_type(ty))
#define __rel_dynamic_array(ty, fld, cnt)				\
	__te_loc_field("__rel_loc", #ty "[]", fld, is_signed_type(ty))

/* Strings are char arrays, bitmasks long arrays, addresses u8 ones. */
#undef __string
#undef __rel_string
#undef __string_len
#undef __rel_string_len
#undef __vstring
#undef __bitmask
#undef __rel_bitmask
#undef __sockaddr
#undef __rel_sockaddr
#define __string(fld, s)		__dynamic_array(char, fld, -1)
#define __rel_string(fld, s)		__rel_dynamic_array(char, fld, -1)
#define __string_len(fld, s, n)		__dynamic_array(char, fld, -1)
#define __rel_string_len(fld, s, n)	__rel_dynamic_array(char, fld, -1)
#define __vstring(fld, fm, va)		__dynamic_array(char, fld, -1)
#define __bitmask(fld, nbits)		__dynamic_array(unsigned long, fld, -1)
#define __rel_bitmask(fld, nbits)					\
	__rel_dynamic_array(unsigned long, fld, -1)
#define __sockaddr(fld, n)		__dynamic_array(u8, fld, n)
#define __rel_sockaddr(fld, n)		__rel_dynamic_array(u8, fld, n)

/* A cpumask's type text is its own, not "unsigned long[]". */
#undef __cpumask
#undef __rel_cpumask
#define __cpumask(fld)	__te_loc_field("__data_loc", "cpumask_t", fld, 0)
#define __rel_cpumask(fld) __te_loc_field("__rel_loc", "cpumask_t", fld, 0)

/*
 * The print arguments as text: tools parse them with the record called
 * REC. The helpers tools know stay as written (left undefined here); the
 * _u64 forms of 64-bit builds show as the plain ones, as upstream's do.
 */
#undef __entry
#define __entry REC

#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_str
#undef __get_rel_str
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __print_flags
#undef __print_symbolic
#undef __print_hex
#undef __print_hex_str
#undef __print_array
#undef __print_dynamic_array
#undef __print_hex_dump

/* The text of a _u64 form names the plain one, as 64-bit upstream shows. */
#undef __print_flags_u64
#undef __print_symbolic_u64
#define __print_flags_u64(v, sep, tbl...)	__print_flags(v, sep, tbl)
#define __print_symbolic_u64(v, tbl...)		__print_symbolic(v, tbl)

/* Only text for tools: the arithmetic they are to do. */
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#define __print_ns_to_secs(ns) (ns) / 1000000000UL
#define __print_ns_without_secs(ns) (ns) % 1000000000UL

#undef TP_printk
#define TP_printk(fmt, args...) "\"" fmt "\", "  __stringify(args)
