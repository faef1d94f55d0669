# SPDX-License-Identifier: GPL-2.0
# What make check and make check-reference share: a host-side step, a
# boot of the in-guest suite with its TAP lines counted and its skips
# checked, the harness's own tests. Sourced after jobs.sh, never run; the
# caller sets logdir.

# step NAME CMD...: one host-side check, its output kept in a log.
step() {
	local name=$1 log
	shift
	log=$logdir/$(echo "$name" | tr -c 'a-zA-Z0-9_.-' _).log
	if "$@" >"$log" 2>&1; then
		res_pass "$name"
	else
		tail -n 20 "$log" | sed 's/^/    /'
		res_fail "$name (log: $log)"
	fi
}

# The tests that may skip: "TEST ARCHES FLAVORS BOOT WHY", tab-separated.
EXPECTED_SKIPS=$HARNESS/reference/expected-skips
# skip_expected TEST ARCH FLAVOR BOOT: whether expected-skips lists it.
skip_expected() {
	[ -f "$EXPECTED_SKIPS" ] || return 1
	awk -F '\t' -v t="$1" -v a="$2" -v f="$3" -v b="$4" '
		function has(list, x,   n, i, p) {
			if (list == "*") return 1
			n = split(list, p, ",")
			for (i = 1; i <= n; i++) if (p[i] == x) return 1
			return 0
		}
		/^#/ || NF < 5 { next }
		$1 == t && has($2, a) && has($3, f) && has($4, b) { found = 1 }
		END { exit !found }' "$EXPECTED_SKIPS"
}

# suite ARCH FLAVOR NAME ACCEL VARIANT TIMEOUT [KERNEL-PARAMETERS]: a boot
# of the in-guest suite, each TAP line counted.
suite() {
	local arch=$1 flavor=$2 name=$3 accel=$4 variant=$5 timeout=$6
	local params=${7:-} out rc=0
	out=$logdir/$name-$arch-$flavor.tap
	ACCEL=$accel GUEST_APPEND=$params \
		"$HARNESS/guest.sh" -a "$arch" -f "$flavor" -v "$variant" \
		-n "$name" -t "$timeout" "$HARNESS/selftest/suite.sh" \
		>"$out" 2>&1 || rc=$?
	judge_tap "$out" "$arch" "$flavor" "$name" "$rc"
}

# judge_tap OUT ARCH FLAVOR NAME RC: count the TAP lines of a boot's
# output OUT (RC: the guest runner's exit status) and record them. A skip
# expected-skips does not list is a failure, and so is a boot in which no
# test passed.
judge_tap() {
	local out=$1 arch=$2 flavor=$3 name=$4 rc=$5 p f s bad t why
	p=$(grep -c '^ok ' "$out")
	s=$(grep -c '^ok .* # SKIP' "$out")
	f=$(grep -c '^not ok ' "$out")
	# Each result line, after a failure the last lines the test printed
	# (CI keeps only this output, not the logs).
	awk -v tag="$arch/$flavor/$name" '
		/^# / { last[n++ % 8] = $0; next }
		/^not ok / {
			print "    " tag ": " $0
			for (i = n > 8 ? n - 8 : 0; i < n; i++)
				print "      " last[i % 8]
		}
		/^ok .* # SKIP/ { print "    " tag ": " $0 }
		/^(not )?ok / { n = 0 }
	' "$out"
	# A skip that expected-skips does not list is a failure.
	bad=$(grep '^ok .* # SKIP' "$out" | awk '{ print $3 }' | while read -r t; do
		skip_expected "$t" "$arch" "$flavor" "$name" || echo "$t"
	done)
	for t in $bad; do
		echo "    $arch/$flavor/$name: $t skipped, and harness/reference/expected-skips does not list it"
		f=$((f + 1))
		s=$((s - 1))
		p=$((p - 1))
	done
	res_count $((p - s)) "$f" "$s"
	[ "$f" = 0 ] || res_failure "$f in-guest test(s) on $arch/$flavor/$name (log: $out)"
	if [ "$rc" = 125 ] || { [ "$rc" != 0 ] && [ "$f" = 0 ]; } || [ $((p - s)) -le 0 ]; then
		grep '^HARNESS FAIL\|^  ' "$out" | head -n 90 | sed 's/^/    /'
		[ $((p - s)) -gt 0 ] || echo "    no test passed in this boot"
		# The runner's reason (a timeout, the kernel's first report)
		# goes in the list of failures too: the end of the output is
		# what CI surely shows.
		why=$(sed -n 's/^HARNESS FAIL [^:]*: //p' "$out" | head -n 1)
		res_fail "guest run $arch/$flavor/$name: exit $rc${why:+ ($why)} (log: $out)"
	else
		echo "$([ "$f" = 0 ] && echo PASS || echo FAIL): guest $name $arch/$flavor: $((p - s)) passed, $f failed, $s skipped"
	fi
}

# meta NAME WANT APPEND SCRIPT [guest.sh options]: the runner must fail
# the run and say why; WANT is a pattern its report must contain, APPEND
# the boot's kernel parameters. (An argument, not a variable: the job
# runs long after it is declared.)
meta() {
	local name=$1 want=$2 append=$3 script=$4 slug log rc=0
	shift 4
	slug=$(echo "$name" | tr -c 'a-zA-Z0-9\n' -)
	log=$logdir/meta-$slug.log
	ACCEL=$ONE_THREAD GUEST_APPEND=$append "$HARNESS/guest.sh" -a x86_64 -f ours \
		-n "meta-$slug" "$@" "$script" >"$log" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -qE "$want" "$log"; then
		res_pass "harness catches $name (exit $rc)"
	else
		# (CI keeps only this output: what the guest's script printed
		# and its status, if it got that far; the guest's last console
		# lines; then what the runner said)
		local run=$OUT/runs/x86_64-ours-meta-$slug
		echo "    the script's output, last lines; status: $(cat "$run/status" 2>/dev/null || echo none)"
		tail -n 8 "$run/output" 2>/dev/null | sed 's/^/      /'
		echo "    console, last lines:"
		tail -n 25 "$run/console.log" 2>/dev/null | sed 's/^/      /'
		echo "    runner:"
		tail -n 40 "$log" | sed 's/^/      /'
		res_fail "harness missed $name: exit $rc, no '$want' (log: $log)"
	fi
}

# One TCG thread: see harness/boots.sh. Boots that do not need both vCPUs
# at once use it too, so that two of them run side by side.
ONE_THREAD=tcg,thread=single
MT=tcg


# reference_jobs RB-BUILD-JOB: the boots that check the tests against the
# reference flavors: upstream's suite, function tracing boots, fnboot
# and stackboot; rb's suite beyond the ring buffer's own tests (which
# make check runs), and its latency tracer tests. make check-reference
# records them (the key covers our ring buffer's files, which rb's
# results hang on); make check runs them itself with REFERENCE=live.
# They need the job b-up, and RB-BUILD-JOB, which builds rb.
# REF_ONLY (check-reference.sh's run of the changed tests' boots): the
# recorded TAP files whose boots are declared, space-separated; unset,
# all of them.
reference_jobs() {
	local rb=$1 p tests
	for p in A B; do
		eval "tests=\$FN_TESTS_$p"
		ref_job "up-fn$p" "fn$p-x86_64-upstream.tap" 1g b-up \
			suite x86_64 upstream "fn$p" $ONE_THREAD "" 1800 \
			"HARNESS_TESTS=$tests HARNESS_SKIP=$BOOT_ONLY"
	done
	ref_job up-suite suite-x86_64-upstream.tap 1m b-up \
		suite x86_64 upstream suite $MT "" 1200 "HARNESS_SKIP=$SUITE_SKIP"
	ref_job rb-rest rest-x86_64-rb.tap 1m "$rb" suite x86_64 rb rest $MT "" 1200 \
		"HARNESS_SKIP=$SUITE_SKIP,$RB_TESTS"
	ref_job rb-lat lat-x86_64-rb.tap 1g "$rb" \
		suite x86_64 rb lat $ONE_THREAD "" 1200 "HARNESS_TESTS=test_lat_*"
	ref_job up-fnboot fnboot-x86_64-upstream.tap 1g b-up \
		suite x86_64 upstream fnboot $ONE_THREAD "" 600 \
		"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot"
	ref_job up-stackboot stackboot-x86_64-upstream.tap 1g b-up \
		suite x86_64 upstream stackboot $ONE_THREAD "" 600 \
		"$STACK_BOOT_PARAMS HARNESS_STACKBOOT=1 HARNESS_TESTS=test_fn_stack_boot"
}

# ref_job NAME TAP WEIGHT DEPS CMD...: a job of reference_jobs, whose
# boot writes TAP (suite()'s NAME-ARCH-FLAVOR.tap); left out when
# REF_ONLY is set and does not list TAP.
ref_job() {
	local n=$1 tap=$2
	shift 2
	if [ -n "${REF_ONLY+set}" ]; then
		case " $REF_ONLY " in *" $tap "*) ;; *) return 0 ;; esac
	fi
	job "$n" "$@"
}
