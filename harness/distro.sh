# SPDX-License-Identifier: GPL-2.0
# Debian's own kernel configs, for the harness's distribution-shaped
# kernels (harness/distro-build.sh) and the lost list (distro-config.sh).
#
# They come from Debian's package linux-config-6.1: the amd64 build of it
# has config.amd64_none_amd64.xz, the arm64 build config.arm64_none_arm64.xz
# (the "none" featureset, the generic flavor: what `apt install
# linux-image-amd64` boots). Both builds are fetched with apt-get download,
# whatever the host's arch: deps.sh arm64 adds the arm64 index.

DISTRO_PKG=linux-config-6.1
DISTRO_DIR=$OUT/distro

# distro_config ARCH: print the path of Debian's config for ARCH (x86_64
# or arm64), fetching the package on first use. The package's version is
# in $DISTRO_DIR/ARCH.version.
distro_config() {
	local arch=$1 deb_arch name dir cfg lock
	case $arch in
	x86_64) deb_arch=amd64 ;;
	arm64) deb_arch=arm64 ;;
	*) die "distro_config: unknown arch '$arch'" ;;
	esac
	name=config.${deb_arch}_none_$deb_arch.xz
	dir=$DISTRO_DIR/deb-$deb_arch
	cfg=$DISTRO_DIR/config-$arch
	mkdir -p "$DISTRO_DIR"
	# One fetch at a time (make check runs several users at once).
	lock=$DISTRO_DIR/.fetch.lock
	(
		flock 9
		[ -s "$cfg" ] && exit 0
		rm -rf "$dir"
		mkdir -p "$dir"
		# A missing or stale index is refreshed once.
		if ! (cd "$dir" && apt-get download -qq -o APT::Sandbox::User=root \
			"$DISTRO_PKG:$deb_arch") >/dev/null 2>&1; then
			[ "$(id -u)" = 0 ] || die "cannot download $DISTRO_PKG:$deb_arch; as root: apt-get update"
			apt-get update -qq
			(cd "$dir" && apt-get download -qq -o APT::Sandbox::User=root \
				"$DISTRO_PKG:$deb_arch") >/dev/null ||
				die "cannot download $DISTRO_PKG:$deb_arch"
		fi
		dpkg-deb -f "$dir"/*.deb Version >"$DISTRO_DIR/$arch.version"
		dpkg-deb -x "$dir"/*.deb "$dir/x"
		xz -dc "$dir/x/usr/src/linux-config-6.1/$name" >"$cfg.tmp" ||
			die "$DISTRO_PKG:$deb_arch has no $name"
		mv "$cfg.tmp" "$cfg"
		rm -rf "$dir/x"
	) 9>"$lock" || exit 1
	echo "$cfg"
}

# distro_olddefconfig FLAVOR ARCH CONFIG DIR: Kconfig's olddefconfig of
# CONFIG on FLAVOR's tree, in the build directory DIR (made if needed);
# the result is DIR/.config. Needs only the tree (tree.sh FLAVOR).
distro_olddefconfig() {
	local flavor=$1 arch=$2 cfg=$3 dir=$4
	arch_setup "$arch"
	mkdir -p "$dir"
	cp "$cfg" "$dir/.config"
	make -s -C "$(flavor_src "$flavor")" O="$dir" ARCH="$KMAKE_ARCH" \
		CROSS_COMPILE="$CROSS" olddefconfig >"$dir/olddefconfig.log" 2>&1 || {
		tail -20 "$dir/olddefconfig.log" >&2
		die "olddefconfig of $cfg on $flavor/$arch failed"
	}
}

# config_set FILE: the symbols FILE has on (=y or =m), one a line, sorted.
config_set() {
	sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=[ym]$/\1/p' "$1" | sort -u
}

# distro_guest_frags ARCH: the fragments of what ARCH's guest boots from.
distro_guest_frags() {
	echo "$HARNESS/distro/guest.config"
	[ ! -f "$HARNESS/distro/guest-$1.config" ] || echo "$HARNESS/distro/guest-$1.config"
}

# distro_shape FLAVOR ARCH DIR [full]: the distribution-shaped config of
# distro-build.sh, in DIR/.config: Debian's config for ARCH,
# trimmed to what a QEMU guest can use so that it builds in a bounded
# time, then olddefconfig. The trim:
# - every module (=m) is off: none of Debian's modules is loaded in a
#   test guest, and they are more than half of its build;
# - harness/distro/trim.config turns off the built-in drivers of
#   hardware QEMU does not have (DRM, sound, wireless, staging...), and
#   on arm64 every SoC platform of arch/arm64/Kconfig.platforms;
# - harness/distro/guest.config builds in what the guest boots
#   from (virtio, 9p, the serial consoles: modules in Debian's config),
#   and the test modules the suite loads (samples, benchmarks).
# Every other option, the kernel core's, security's, the mitigations',
# BPF's and tracing's, is Debian's. With full, only the modules are
# off (the rest of the trim is left out): make distro-build's kernel,
# Debian's config as a distribution builds it but for its modules, which
# would take hours here. DIR/distro-trim.txt lists what the
# trim turned off that Debian has built in; DIR/distro-kept.txt is the
# check that the core areas kept Debian's: it must be empty.
distro_shape() {
	local flavor=$1 arch=$2 dir=$3 mode=${4:-} cfg src frags
	cfg=$(distro_config "$arch") || return 1
	src=$(flavor_src "$flavor")
	arch_setup "$arch"
	# Debian's config as this tree's Kconfig reads it: the baseline.
	distro_olddefconfig "$flavor" "$arch" "$cfg" "$dir/.distro-full" || return 1
	mkdir -p "$dir"
	# The modules that stay: those that options of the core which
	# Debian has on depend on (x86-64's KVM: MITIGATION_VMSCAPE,
	# PREEMPT_NOTIFIERS; arm64's CoreSight TRBE driver: the errata
	# workarounds for it).
	sed -e '/^CONFIG_\(KVM\|KVM_INTEL\|KVM_AMD\|CORESIGHT\|CORESIGHT_LINKS_AND_SINKS\|CORESIGHT_SOURCE_ETM4X\|CORESIGHT_TRBE\)=m$/b' \
		-e 's/^\(CONFIG_[A-Za-z0-9_]*\)=m$/# \1 is not set/' \
		"$dir/.distro-full/.config" >"$dir/.config"
	frags=$(distro_guest_frags "$arch")
	[ "$mode" = full ] || frags="$HARNESS/distro/trim.config $frags"
	# arm64: the SoC platforms (arch/arm64/Kconfig.platforms), each of
	# which builds in its clock, pin and power drivers; QEMU's virt
	# machine is none of them.
	if [ "$arch" = arm64 ] && [ "$mode" != full ]; then
		sed -n 's/^config \(ARCH_[A-Z0-9_]*\)$/# CONFIG_\1 is not set/p' \
			"$src/arch/arm64/Kconfig.platforms" >"$dir/distro-platforms.config"
		frags="$frags $dir/distro-platforms.config"
	fi
	# shellcheck disable=SC2086
	(cd "$dir" && ARCH=$KMAKE_ARCH CROSS_COMPILE=$CROSS \
		"$src/scripts/kconfig/merge_config.sh" -m -O "$dir" "$dir/.config" $frags) \
		>"$dir/distro-merge.log" 2>&1 || {
		tail -20 "$dir/distro-merge.log" >&2
		return 1
	}
	make -s -C "$src" O="$dir" ARCH="$KMAKE_ARCH" CROSS_COMPILE="$CROSS" \
		olddefconfig >>"$dir/distro-merge.log" 2>&1 || {
		tail -20 "$dir/distro-merge.log" >&2
		return 1
	}
	# What the trim turned off that Debian builds in.
	comm -23 <(sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=y$/\1/p' "$dir/.distro-full/.config" | sort) \
		<(config_set "$dir/.config") >"$dir/distro-trim.txt"
	# The areas the trim must not touch: each symbol defined in a
	# Kconfig file of the kernel's core (init, kernel: tracing, BPF,
	# livepatch...), of security, or in the arch's top Kconfig (the
	# mitigations, KASLR, PTI, PAC, BTI), that a user can set (it has a
	# prompt), that Debian has on and the shaped config has not. Debian's modules of these areas that are
	# not kept are not counted: turning modules off is the trim.
	# shellcheck disable=SC2046
	(cd "$src" && grep -H '^\(menu\)\?config ' init/Kconfig* \
		$(find kernel security -name 'Kconfig*') "arch/$KMAKE_ARCH/Kconfig") |
		cut -d: -f1 | sort -u | (cd "$src" && xargs awk '
		# the symbols a user can set: those with a prompt (others are
		# selected, by drivers among the rest)
		/^(menu)?config / { sym = $2; next }
		/^[ \t]*(bool|tristate|int|hex|string)[ \t]+"/ || /^[ \t]*prompt[ \t]/ {
			if (sym != "") print sym
		}
		/^(endmenu|menu|choice|endchoice|if|endif|source|comment)/ { sym = "" }
		') | sort -u |
		comm -12 - "$dir/distro-trim.txt" >"$dir/distro-kept.txt"
	if [ -s "$dir/distro-kept.txt" ]; then
		echo "distro_shape: the trim turned off core options Debian has on:" \
			"$(tr '\n' ' ' <"$dir/distro-kept.txt")" >&2
		return 1
	fi
}

# The suite's tests that need an option Debian's config leaves off, each
# "TEST:SYMBOL[,SYMBOL...]" (all of them needed): a distribution-shaped
# boot leaves such a test out, and says so, instead of failing it for
# the config. The tiny configs of make check's other boots have them all.
# (test_files checks the list of tracefs files that harness/configs'
# options give, function_profile_enabled and osnoise/ among them;
# test_core_options the options, graph-time among them, which upstream
# too has only with the profiler; test_core_snapshot swaps one CPU's
# buffer, which without TRACER_SNAPSHOT_PER_CPU_SWAP is refused,
# EINVAL, as upstream does; test_fn_graph_output sets graph-time.)
DISTRO_NEEDS="test_osnoise:OSNOISE_TRACER,TIMERLAT_TRACER
test_timerlat:TIMERLAT_TRACER
test_rtla:OSNOISE_TRACER,TIMERLAT_TRACER
test_hwlat:HWLAT_TRACER
test_lat_tracers:IRQSOFF_TRACER,PREEMPT_TRACER,SCHED_TRACER
test_lat_wakeup:SCHED_TRACER
test_fn_profile:FUNCTION_PROFILER
test_fn_graph_profile:FUNCTION_PROFILER
test_events_benchmark:TRACEPOINT_BENCHMARK
test_rb_startup:RING_BUFFER_STARTUP_TEST
test_files:FUNCTION_PROFILER,OSNOISE_TRACER
test_core_options:FUNCTION_PROFILER
test_core_snapshot:TRACER_SNAPSHOT_PER_CPU_SWAP
test_fn_graph_output:FUNCTION_PROFILER"

# distro_left_out CONFIG: the tests (one a line) that a boot of the kernel
# of CONFIG leaves out, for an option of DISTRO_NEEDS it has off.
distro_left_out() {
	local cfg=$1 entry t syms s
	for entry in $DISTRO_NEEDS; do
		t=${entry%%:*} syms=${entry#*:}
		for s in ${syms//,/ }; do
			if ! grep -q "^CONFIG_$s=[ym]$" "$cfg"; then
				echo "$t"
				break
			fi
		done
	done
}

# distro_needs_tests: every test DISTRO_NEEDS names, comma-separated: what
# make check's tiny-config boots run for the distribution-shaped ones.
distro_needs_tests() {
	local entry out=
	for entry in $DISTRO_NEEDS; do
		out=$out${out:+,}${entry%%:*}
	done
	echo "$out"
}

# distro_boot_env ARCH CONFIG SKIP: the settings of a boot of the
# distribution-shaped kernel of CONFIG, for make check and distro-boot.sh:
# DISTRO_LEFT, the tests distro_left_out leaves out (comma-separated);
# DISTRO_SKIP, SKIP with those added; DISTRO_QEMU_ARGS, QEMU_ARGS for the
# boot: on arm64 -cpu max (a later -cpu wins over guest.sh's), so pointer
# authentication (pauth-impdef: QEMU's own hash, far faster to emulate
# than QARMA5; the checks are the same) and BTI are live.
distro_boot_env() {
	local arch=$1 cfg=$2 skip=$3
	DISTRO_LEFT=$(distro_left_out "$cfg" | paste -sd, -)
	DISTRO_SKIP=$skip${DISTRO_LEFT:+,$DISTRO_LEFT}
	DISTRO_QEMU_ARGS=${QEMU_ARGS:-}
	[ "$arch" != arm64 ] ||
		DISTRO_QEMU_ARGS="-cpu max,pauth-impdef=on${DISTRO_QEMU_ARGS:+ $DISTRO_QEMU_ARGS}"
}
