# SPDX-License-Identifier: GPL-2.0
# The guest boots of make check and make check-reference: which tests
# each runs and with which kernel parameters. Sourced, never run. Part of
# the reference key (harness/reference.sh): a change here makes the
# recorded results of upstream stale.

# The boot parameters test_core_bootparams.sh checks.
BOOT_PARAMS="ftrace=nop trace_buf_size=2M trace_options=nooverwrite,record-tgid"
BOOT_PARAMS="$BOOT_PARAMS trace_clock=global alloc_snapshot ftrace_dump_on_oops"
BOOT_PARAMS="$BOOT_PARAMS traceoff_on_warning tp_printk"
# The event boot parameters test_events_boot.sh checks.
EVENT_BOOT_PARAMS="trace_event=initcall:initcall_finish,sched:sched_process_exec tp_printk"
# The function tracing parameters test_fn_boot.sh checks.
FN_BOOT_PARAMS="ftrace=function ftrace_filter=vfs_read,vfs_write ftrace_notrace=vfs_write"
# The stack tracer parameters test_fn_stack_boot.sh checks.
STACK_BOOT_PARAMS="stacktrace stacktrace_filter=vfs_read,vfs_write"

# Tests that check a boot of their own (its parameters, or one CPU), run
# only there: elsewhere they could only skip.
BOOT_ONLY=test_core_bootparams,test_events_boot,test_fn_boot,test_fn_stack_boot,test_rb_hotplug

# The function tracing tests, which patch live text all the time (tracers
# switched from two processes, modules loaded while tracing). They run in
# boots of their own with one TCG thread: multi-threaded TCG can leave a
# rewritten call site running its old instruction, on upstream's kernel
# too (the README): on x86-64 a stale int3 that kills it, on arm64 a
# stale bl that keeps calling a tracer after the site became a nop.
# test_rb_function_stress (the function tracer on every function, both
# CPUs busy), test_lat_tracers and test_core_tracers (every site patched
# at each switch) go with them. Two boots share them, so that they run side by side; each
# list is a set of run.sh globs. These boots run the boot self-tests
# (HARNESS_SELFTESTS=1; harness/guest.sh turns them off elsewhere), and
# test_rb_startup, which checks the ring buffer's, goes with them.
FN_TESTS_A='test_fn_[a-g]*,test_rb_startup'
FN_TESTS_B='test_fn_[h-z]*,test_lat_*,test_rb_function_stress,test_core_tracers'
FN_TESTS="$FN_TESTS_A,$FN_TESTS_B"
# More parameters of each (the ring buffer's startup test, 10 s of a
# boot, runs only where test_rb_startup checks it: harness/guest.sh).
FN_PARAMS_A=HARNESS_RB_STARTUP=1
FN_PARAMS_B=

# The boots of variant branch (harness/configs/branch.config, both
# arches, one TCG thread): the branch profiler and tracer, and the
# tracers' boot self-tests (test_branch checks them) on a kernel where
# every condition calls in or counts. test_branch runs in the main suite
# too, where it checks that neither is offered.
BRANCH_TESTS=test_mount,test_branch

# The boots of variant blk (harness/configs/blk.config, both arches, with
# a blank virtio disk): blktrace, blkparse and the blk tracer on the
# disk's I/O, ending with the disk removed while it is traced. test_blk
# runs in the main suite too, where it checks that blk is not offered
# (and in the distro boots, where it is, without a disk).
BLK_TESTS=test_mount,test_blk

# The main suite: everything else, multi-threaded (the ring buffer's races
# and test_probe_race want both vCPUs at once).
SUITE_SKIP="$FN_TESTS,$BOOT_ONLY"

# rb (upstream's tracing on our ring buffer) is held in make check to the
# ring buffer's own tests; the rest of its suite checks upstream's
# tracing, and is recorded by make check-reference.
RB_TESTS='test_rb_*'
RB_SKIP="test_rb_function_stress,$BOOT_ONLY"
