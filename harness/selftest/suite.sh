#!/bin/sh
# Guest command: run the in-guest suite (copied into the run directory).
# HARNESS_TESTS: the tests to run (comma-separated globs); HARNESS_SKIP: those not to.
sh /tmp/out/tests/run.sh "${HARNESS_TESTS:-*}" "${HARNESS_SKIP:-}"
