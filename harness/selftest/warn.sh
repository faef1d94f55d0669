#!/bin/sh
# Guest command: trigger one WARN; the script itself succeeds, so only the
# runner's scan of the kernel log can fail the run.
insmod /tmp/out/modules/harness_fault.ko action=warn || exit 1
rmmod harness_fault
exit 0
