#!/bin/sh
# Guest command: run the in-guest suite (copied into the run directory).
sh /tmp/out/tests/run.sh "${HARNESS_TESTS:-*}"
