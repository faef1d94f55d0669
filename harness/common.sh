# SPDX-License-Identifier: GPL-2.0
# Shared by every harness script: paths, arch settings, logging.
# Sourced, never run. Callers set -eu themselves.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$ROOT/out}
HARNESS=$ROOT/harness
BASE_PKG=linux-source-6.1
BASE_PREFERRED=6.1.192-3
BASE_TARBALL=/usr/src/linux-source-6.1.tar.xz
BASE=$OUT/base/linux-source-6.1
SUITE=tools/testing/selftests/tracefs
FLAVORS="upstream rb ours"
JOBS=${JOBS:-$(($(nproc) + 1))}

say() { printf '%s\n' "== $*" >&2; }
die() { printf '%s\n' "error: $*" >&2; exit 1; }

# arch_setup ARCH: the toolchain and QEMU settings of one guest arch.
arch_setup() {
	KARCH=$1
	case $KARCH in
	x86_64)
		KMAKE_ARCH=x86
		CROSS=
		IMAGE=arch/x86/boot/bzImage
		QEMU=qemu-system-x86_64
		CONSOLE=ttyS0
		DEB_ARCH=amd64
		;;
	arm64)
		KMAKE_ARCH=arm64
		CROSS=aarch64-linux-gnu-
		IMAGE=arch/arm64/boot/Image
		QEMU=qemu-system-aarch64
		CONSOLE=ttyAMA0
		DEB_ARCH=arm64
		;;
	*)
		die "unknown ARCH '$KARCH' (x86_64 or arm64)"
		;;
	esac
}

check_flavor() {
	case " $FLAVORS " in
	*" $1 "*) ;;
	*) die "unknown FLAVOR '$1' (one of:$FLAVORS)" ;;
	esac
}

# The per-flavor layout keeps the source and build directories at the same
# depth, so that ccache (with CCACHE_BASEDIR=$OUT) sees the same relative
# paths in every flavor and shares the objects of identical files.
flavor_src() { echo "$OUT/$1/src"; }
build_dir() { echo "$OUT/$1/build-$2$(variant_suffix "$1" "${3:-}")"; }
# variant_suffix FLAVOR VARIANT: the build directory's suffix. ours has
# the tracers' self-tests in every build (harness/configs/selftest.config
# says why), so its variant selftest is its plain kernel.
variant_suffix() {
	case $1/$2 in
	*/ | ours/selftest) ;;
	*) echo "-$2" ;;
	esac
}

kmake() { # FLAVOR ARCH VARIANT make-args...
	local flavor=$1 arch=$2 variant=$3
	shift 3
	arch_setup "$arch"
	local cc=${CROSS}gcc hostcc=gcc
	# CCACHE_DEPEND: a miss compiles once, and ccache takes the headers
	# from the compiler's dependency file (Kbuild's -Wp,-MMD) instead of
	# running the preprocessor first: lib/ of ours x86-64 (123 objects)
	# built in 108-122 s so, 137-150 s without, 105-145 s with no
	# ccache. A hit takes as long either way (27 s for the same lib/).
	if command -v ccache >/dev/null; then
		cc="ccache $cc"
		hostcc="ccache gcc"
		export CCACHE_BASEDIR=$OUT CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1
		export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
	fi
	# NM: GNU nm loads every plugin in /usr/lib/bfd-plugins at each
	# call, and Kbuild calls it once an object (check-local-export).
	# Where clang is installed that includes LLVMgold: 200 ms a call
	# (25 ms without), nm 39% of the processes seen running in a warm
	# x86-64 build sampled every 0.05 s. Our kernels have no LTO
	# objects, so nm is given /dev/null as its one plugin: loading it
	# fails without a word, and nm then loads none.
	# cmd: Kbuild 6.1 runs each step of a rule in a shell of its own,
	# even a step whose command is empty: in our configs five of a C
	# object's eight on x86-64 (ksymdeps, checksrc, checkdoc,
	# symversions, mcount) and six on arm64 (objtooldep too). A
	# process costs 10-20 ms on this machine (a PVM guest), so kmake
	# redefines Kbuild's cmd to expand to nothing for an empty step; a
	# step with a command runs as Kbuild has it. (A warm rebuild of
	# lib/ and fs/ took 31-35 s so, 36-44 s without, runs alternated
	# with two guests beside.)
	# PAHOLE_FLAGS: the top Makefile has it run scripts/pahole-flags.sh
	# (four processes: a shell, the script, pahole-version.sh, pahole)
	# in each of the 380 sub-makes of a build; its answer depends on
	# pahole's version alone, so kmake asks once.
	# cmd_check_local_export: Kbuild's check that no object exports a
	# symbol local to it runs four processes for each object compiled
	# (a shell, the script, nm, awk): four of the nine a C object
	# costs on x86-64. kmake turns it off, and build.sh and objcheck.sh
	# run the same check over all the objects at once
	# (check_local_exports, below).
	# cmd_gensymtypes_*: with CONFIG_MODVERSIONS (the distribution-
	# shaped kernels: harness/distro.sh) Kbuild preprocesses each
	# object that exports a symbol a second time for genksyms, 1136 of
	# the 2555 objects of x86-64's, which no cache keeps. kmake takes
	# the versions from the object's exports instead, a hash of each
	# name (harness/symver.awk): the modules a test kernel loads are
	# all built against its own Module.symvers, so the versions only
	# have to agree, and the kernel's versioning code runs as built.
	make -C "$(flavor_src "$flavor")" \
		O="$(build_dir "$flavor" "$arch" "$variant")" \
		"cmd_gensymtypes_c=\$(NM) \$@ 2>/dev/null | awk -f $HARNESS/symver.awk" \
		"cmd_gensymtypes_S=\$(NM) \$@ 2>/dev/null | awk -f $HARNESS/symver.awk" \
		ARCH="$KMAKE_ARCH" CROSS_COMPILE="$CROSS" \
		NM="${CROSS}nm --plugin /dev/null" \
		'cmd=$(if $(cmd_$(1)),@set -e; $(echo-cmd) $($(quiet)redirect) $(delete-on-interrupt) $(cmd_$(1)))' \
		PAHOLE_FLAGS="$(PAHOLE=pahole "$(flavor_src "$flavor")/scripts/pahole-flags.sh")" \
		cmd_check_local_export= \
		CC="$cc" HOSTCC="$hostcc" KBUILD_BUILD_TIMESTAMP=harness \
		KBUILD_BUILD_USER=harness KBUILD_BUILD_HOST=harness "$@"
}

# check_local_exports ARCH DIR: what Kbuild's scripts/check-local-export
# checks for each object it compiles, over every object under DIR (but
# the host tools') with one nm: an object that exports a symbol which is
# local to it (nm's type in lower case) is an error. Prints each such
# symbol as Kbuild does and fails; fails too when nm reads no object.
check_local_exports() {
	local dir=$2
	arch_setup "$1"
	find "$dir" -name '*.o' ! -path "$dir/tools/*" ! -path "$dir/scripts/*" -print0 |
		xargs -0 -r "${CROSS}nm" --plugin /dev/null -A 2>/dev/null |
		awk '
		function flush(j) {
			for (j = 0; j < ne; j++)
				if (type[xs[j]] ~ /^[a-z]$/) {
					printf "%s: error: local symbol %s was exported\n", cur, xs[j]
					bad = 1
				}
			split("", type)
			ne = 0
		}
		{
			i = index($0, ":")
			f = substr($0, 1, i - 1)
			if (f != cur) { flush(); cur = f; files++ }
			# "ADDRESS TYPE NAME"; an undefined symbol has no address
			if (split(substr($0, i + 1), w, " ") < 3)
				next
			type[w[3]] = w[2]
			if (w[3] ~ /^__ksymtab_/)
				xs[ne++] = substr(w[3], 11)
		}
		END {
			flush()
			if (!files) { print "check_local_exports: nm read no object" > "/dev/stderr"; exit 2 }
			exit bad
		}'
}
