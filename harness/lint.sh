#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Kernel coding style on our C sources: checkpatch.pl from the base tree,
# on every .c/.h/.S file of ours and of the harness's modules. Any error or
# warning fails; the report is printed.
# Usage: lint.sh
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/manifest.sh"

files=$( (our_files; cd "$ROOT" && git ls-files -co --exclude-standard harness/modules) |
	grep -E '\.(c|h|S)$' || true)
n=0 bad=0
for f in $files; do
	n=$((n + 1))
	ignore=FILE_PATH_CHANGES,SPDX_LICENSE_TAG
	# The benchmark reports with trace_printk() by design: tools parse
	# its lines from the trace buffer, as they do upstream's.
	case $f in
	kernel/trace/ring_buffer_benchmark.c) ignore=$ignore,TRACE_PRINTK ;;
	esac
	if ! out=$(perl "$BASE/scripts/checkpatch.pl" --no-tree --quiet --strict \
		--ignore "$ignore" -f "$ROOT/$f" 2>&1); then
		echo "$out"
		bad=$((bad + 1))
	fi
done
echo "checkpatch: $n files, $bad with complaints"
[ "$bad" = 0 ]
