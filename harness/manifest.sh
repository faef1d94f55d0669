# SPDX-License-Identifier: GPL-2.0
# Reading MANIFEST. Sourced, never run.

# manifest_paths FLAVOR: the paths that FLAVOR replaces, one a line.
manifest_paths() {
	awk -v f="$1" '
		/^[ \t]*(#|$)/ || /^patch:/ || /^\|/ { next }
		{ for (i = 2; i <= NF; i++) if ($i == f) { print $1; break } }
	' "$ROOT/MANIFEST"
}

# manifest_patches: "N<TAB>SUBJECT" for each patch, in order.
manifest_patches() {
	awk '/^patch:/ { n++; sub(/^patch:[ \t]*/, ""); print n "\t" $0 }' \
		"$ROOT/MANIFEST"
}

# manifest_patch_body N / manifest_patch_paths N: one patch's parts.
manifest_patch_body() {
	awk -v want="$1" '
		/^patch:/ { n++; next }
		n == want && /^\|/ { sub(/^\| ?/, ""); print }
	' "$ROOT/MANIFEST"
}

manifest_patch_paths() {
	awk -v want="$1" '
		/^patch:/ { n++; next }
		/^[ \t]*(#|$)/ || /^\|/ { next }
		n == want { print $1 }
	' "$ROOT/MANIFEST"
}

# manifest_check: every path names known flavors, lies under a patch, and
# every file of ours in a kernel-tree directory is covered for `ours`.
manifest_check() {
	awk '
		/^[ \t]*(#|$)/ || /^\|/ { next }
		/^patch:/ { inpatch = 1; next }
		!inpatch { print "MANIFEST:" NR ": path before any patch: line " $0; bad = 1 }
		NF < 2 { print "MANIFEST:" NR ": no flavor for " $1; bad = 1 }
		{ for (i = 2; i <= NF; i++) if ($i != "rb" && $i != "ours") {
			print "MANIFEST:" NR ": unknown flavor " $i; bad = 1 } }
		$1 ~ /^\// || $1 ~ /(^|\/)\.\.(\/|$)/ {
			print "MANIFEST:" NR ": path must be relative: " $1; bad = 1 }
		END { exit bad }
	' "$ROOT/MANIFEST" >&2 || return 1
	local covered stray
	covered=$(manifest_paths ours)
	stray=$(our_files | while read -r f; do
		local hit=
		for p in $covered; do
			case $f in "$p" | "${p%/}"/*) hit=1 && break ;; esac
		done
		[ -n "$hit" ] || echo "$f"
	done)
	if [ -n "$stray" ]; then
		echo "MANIFEST does not cover these files of ours (flavor ours):" >&2
		echo "$stray" | sed 's/^/  /' >&2
		return 1
	fi
}

# our_files [PATH...]: files of ours (tracked, or untracked and not
# ignored) in the kernel-tree directories, i.e. those the base also has.
our_files() {
	git -C "$ROOT" ls-files -co --exclude-standard -- "${@:-.}" |
		while read -r f; do
			case $f in */*) ;; *) continue ;; esac
			[ -d "$BASE/${f%%/*}" ] && [ -e "$ROOT/$f" ] && echo "$f"
		done
	return 0
}
