// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for harness/bench-fn.sh: counts the guest instructions
 * one vCPU executes between two marker instructions, so that the cost of
 * a system call is a count, not a time that the host's load distorts.
 *
 * The markers are long NOPs with a displacement nothing else uses
 * (harness/guest/fn-syscalls.c executes them around its loop):
 *   nopl 0x31424e46(%rax)   start: zero this vCPU's counters
 *   nopl 0x32424e46(%rax)   stop: print them
 * The stop marker prints, through QEMU's log (-d plugin), one line:
 *   insn-count: vcpu V total T kernel K nop5 P
 * T counts every instruction the vCPU executed in between (the loop's
 * user code, the syscalls, interrupts), K those at kernel addresses (the
 * upper half), P the 5-byte NOPs among K (0f 1f 44 00 00: what ftrace
 * leaves at an idle call site, and also a static branch that is off),
 * all by translation block: a block the guest leaves in the middle (a
 * fault, an interrupt) counts whole, an error of a few instructions per
 * interrupt. Blocks are translated from the text as it is then, so a
 * patched call site counts as what it was patched to.
 *
 * With the option trace=on it also prints, between the markers, each
 * kernel block the vCPU enters ("insn-trace: ADDRESS INSNS NOP5S"), to find
 * which kernel code a system call runs (addr2line or nm on vmlinux).
 *
 * With profile=on it counts instead, from a start marker to the next
 * stop marker (on any vCPU), the instructions every vCPU executes in each
 * kernel block, and at the stop prints one line per block that ran:
 *   insn-prof: ADDRESS INSNS RUNS
 * harness/profile-fn.sh adds them up by function (System.map), to see
 * where a kernel spends an operation (e.g. switching tracers) whatever
 * the host's load.
 *
 * Only QEMU's stable plugin ABI is used; its few declarations are below,
 * so the plugin builds without QEMU's or GLib's headers:
 *   gcc -shared -fPIC -O2 -o insn-count.so insn-count.c
 *   qemu-system-x86_64 -plugin ./insn-count.so -d plugin ...
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plugin ABI (QEMU 4.2 and later; version 1 is QEMU 7.x's). */
typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  qemu_plugin_vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags,
					  void *udata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_outs(const char *string);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;

#define MAX_VCPUS 64
#define KERNEL_HALF (1ULL << 63)

/*
 * One cache line per vCPU: with multi-threaded TCG each vCPU thread adds
 * only to its own slot, so no lock is needed and no line is shared.
 */
static struct slot {
	uint64_t total;
	uint64_t kernel;
	uint64_t nop5;
	int counting;
	char pad[36];
} slots[MAX_VCPUS];

static int tracing;
static int profiling;
static int profile_on;	/* read by every vCPU thread: __atomic */

/* With "trace" or "profile", a kernel block's callback data. */
struct block {
	uint64_t vaddr;
	uint64_t n;
	uint64_t nop5;
	uint64_t hits;		/* profile: runs since the start marker */
	struct block *next;	/* profile: every block, for the report */
};

/* profile: every kernel block translated; pushed without a lock. */
static struct block *blocks;

static void tb_prof(unsigned int vcpu, void *udata)
{
	struct block *b = udata;

	if (__atomic_load_n(&profile_on, __ATOMIC_RELAXED))
		__atomic_fetch_add(&b->hits, 1, __ATOMIC_RELAXED);
}

static void prof_start(void)
{
	struct block *b;

	for (b = __atomic_load_n(&blocks, __ATOMIC_ACQUIRE); b; b = b->next)
		__atomic_store_n(&b->hits, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&profile_on, 1, __ATOMIC_RELEASE);
}

static void prof_stop(void)
{
	struct block *b;
	char line[64];
	uint64_t h;

	__atomic_store_n(&profile_on, 0, __ATOMIC_RELEASE);
	for (b = __atomic_load_n(&blocks, __ATOMIC_ACQUIRE); b; b = b->next) {
		h = __atomic_exchange_n(&b->hits, 0, __ATOMIC_RELAXED);
		if (!h)
			continue;
		snprintf(line, sizeof(line), "insn-prof: %" PRIx64 " %" PRIu64
			 " %" PRIu64 "\n", b->vaddr, h * b->n, h);
		qemu_plugin_outs(line);
	}
	qemu_plugin_outs("insn-prof: end\n");
}

static void tb_trace(unsigned int vcpu, void *udata)
{
	const struct block *b = udata;
	char line[64];

	if (vcpu >= MAX_VCPUS)
		return;
	slots[vcpu].total += b->n;
	slots[vcpu].kernel += b->n;
	slots[vcpu].nop5 += b->nop5;
	if (!slots[vcpu].counting)
		return;
	snprintf(line, sizeof(line), "insn-trace: %" PRIx64 " %" PRIu64
		 " %" PRIu64 "\n", b->vaddr, b->n, b->nop5);
	qemu_plugin_outs(line);
}

/*
 * A block's udata: its instruction count in bits 0-19, its 5-byte NOPs
 * in bits 20-39, bit 63 set for a kernel block.
 */
#define COUNT_BITS 20
#define COUNT_MASK ((1ULL << COUNT_BITS) - 1)

static void tb_exec(unsigned int vcpu, void *udata)
{
	uint64_t v = (uintptr_t)udata;
	uint64_t n = v & COUNT_MASK;

	if (vcpu >= MAX_VCPUS)
		return;
	slots[vcpu].total += n;
	if (v & KERNEL_HALF) {
		slots[vcpu].kernel += n;
		slots[vcpu].nop5 += (v >> COUNT_BITS) & COUNT_MASK;
	}
}

static void mark_start(unsigned int vcpu, void *udata)
{
	if (vcpu >= MAX_VCPUS)
		return;
	slots[vcpu].total = 0;
	slots[vcpu].kernel = 0;
	slots[vcpu].nop5 = 0;
	slots[vcpu].counting = 1;
	if (profiling)
		prof_start();
}

static void mark_stop(unsigned int vcpu, void *udata)
{
	char line[128];

	if (vcpu >= MAX_VCPUS)
		return;
	slots[vcpu].counting = 0;
	snprintf(line, sizeof(line),
		 "insn-count: vcpu %u total %" PRIu64 " kernel %" PRIu64
		 " nop5 %" PRIu64 "\n", vcpu, slots[vcpu].total,
		 slots[vcpu].kernel, slots[vcpu].nop5);
	qemu_plugin_outs(line);
	if (profiling)
		prof_stop();
}

/* nopl disp32(%rax): 0f 1f 80, then the displacement, little-endian. */
static const unsigned char start_marker[] = { 0x0f, 0x1f, 0x80, 'F', 'N', 'B', '1' };
static const unsigned char stop_marker[] = { 0x0f, 0x1f, 0x80, 'F', 'N', 'B', '2' };

static const unsigned char nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };

static int is_insn(const struct qemu_plugin_insn *insn,
		   const unsigned char *bytes, size_t size)
{
	return qemu_plugin_insn_size(insn) == size &&
	       !memcmp(qemu_plugin_insn_data(insn), bytes, size);
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	uint64_t v = n & COUNT_MASK, nops = 0;

	if (qemu_plugin_tb_vaddr(tb) & KERNEL_HALF) {
		for (i = 0; i < n; i++)
			nops += is_insn(qemu_plugin_tb_get_insn(tb, i), nop5,
					sizeof(nop5));
		v |= KERNEL_HALF | (nops & COUNT_MASK) << COUNT_BITS;
	}
	if (profiling && (v & KERNEL_HALF)) {
		/* Never freed: a block may run until QEMU exits. */
		struct block *b = calloc(1, sizeof(*b));

		if (b) {
			b->vaddr = qemu_plugin_tb_vaddr(tb);
			b->n = n;
			b->next = __atomic_load_n(&blocks, __ATOMIC_RELAXED);
			/* translations may run on several vCPU threads */
			while (!__atomic_compare_exchange_n(&blocks, &b->next, b,
							    1, __ATOMIC_RELEASE,
							    __ATOMIC_RELAXED))
				;
			qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_prof,
							     QEMU_PLUGIN_CB_NO_REGS,
							     b);
			return;
		}
	}
	if (tracing && (v & KERNEL_HALF)) {
		/* Never freed: a block may run until QEMU exits. */
		struct block *b = malloc(sizeof(*b));

		if (b) {
			b->vaddr = qemu_plugin_tb_vaddr(tb);
			b->n = n;
			b->nop5 = nops;
			qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_trace,
							     QEMU_PLUGIN_CB_NO_REGS,
							     b);
			return;
		}
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)v);
	/* The markers run in user mode only; the kernel has none. */
	if (v & KERNEL_HALF)
		return;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		if (is_insn(insn, start_marker, sizeof(start_marker)))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_start,
							       QEMU_PLUGIN_CB_NO_REGS,
							       NULL);
		else if (is_insn(insn, stop_marker, sizeof(stop_marker)))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_stop,
							       QEMU_PLUGIN_CB_NO_REGS,
							       NULL);
	}
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
			       const struct qemu_info_t *info, int argc,
			       char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		/* QEMU 7.2 turns "arg=trace" into "trace=on". */
		if (!strcmp(argv[i], "trace=on") || !strcmp(argv[i], "trace")) {
			tracing = 1;
		} else if (!strcmp(argv[i], "profile=on") ||
			   !strcmp(argv[i], "profile")) {
			profiling = 1;
		} else {
			fprintf(stderr, "insn-count: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	return 0;
}
