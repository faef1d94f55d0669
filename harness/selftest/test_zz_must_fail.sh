#!/bin/sh
# Added to the suite by `make check` to prove a failing test fails the run.
echo "failing on purpose"
exit 1
