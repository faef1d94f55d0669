# SPDX-License-Identifier: GPL-2.0
# The project's entry points; the work is done by harness/*.sh.
#
#   make run         build `ours` and boot a shell in it (ARCH=x86_64|arm64)
#   make check       every test; ends with "N passed, N failed"
#   make check-quick the host tests and ours' x86-64 suite (a developer's loop)
#   make check-reference  record upstream's results that make check relies on
#   make build       build one kernel (FLAVOR, ARCH, DEBUG=1)
#   make distro-build  Debian's whole config (modules off) built and booted
#   make distro-lost   what Debian's configs lose on ours against upstream
#   make patches     the series against the base, in out/patches/
#   make ftracetest  upstream's ftrace selftests in the guest (FLAVOR)
#   make bench-rb    ring_buffer_benchmark on upstream and rb, side by side
#   make bench-fn    function tracing costs on upstream and ours, side by side
#   make bench-fgraph  the function_graph tracer's costs, upstream beside ours
#   make bench-wakeup  the wakeup tracers' cost per wakeup, upstream beside ours
#   make bench-hist  hist triggers' cost per sched event, upstream beside ours
#   make bench-kprobe  kprobe events' cost per hit and per 1000 definitions, upstream beside ours
#   make bench       all three, each ratio against the last recorded figures
#                    (RECORD=1 records these as the new ones)
#   make soak        the user-space ring buffer stress test, for minutes
#   make clean       remove the builds, trees and runs (keeps the base)
#   make distclean   remove all of out/
#
# Variables: ARCH (x86_64), FLAVOR (ours; upstream and rb too), DEBUG=1 for
# the debug kernel, ACCEL (tcg; kvm where nested guests work, x86-64 only).

ARCH ?= x86_64
FLAVOR ?= ours
DEBUG ?= 0
VARIANT := $(if $(filter 1,$(DEBUG)),debug,)
H := harness

# The kernel's own make must not see ours: harness scripts call it afresh.
unexport ARCH FLAVOR VARIANT MAKEFLAGS

.PHONY: run check check-quick check-reference build patches ftracetest bench bench-rb bench-fn bench-fgraph bench-wakeup bench-hist bench-kprobe soak \
	distro-build distro-lost \
	clean distclean deps

deps:
	@$(H)/deps.sh $(if $(filter arm64,$(ARCH)),arm64,host)

build: deps
	@$(H)/build.sh $(FLAVOR) $(ARCH) $(VARIANT)

run: build
	@$(H)/guest.sh -i -a $(ARCH) -f $(FLAVOR) $(if $(VARIANT),-v $(VARIANT)) \
		-n shell $(H)/guest/shell.sh

check:
	@$(H)/check.sh

check-quick:
	@QUICK=1 ARCHES=x86_64 $(H)/check.sh

check-reference:
	@$(H)/check-reference.sh

# Debian's config for ARCH, all but its modules, on FLAVOR: built, and
# its main suite booted (not in make check: a cold build takes an hour).
distro-build: deps
	@$(H)/distro-build.sh $(FLAVOR) $(ARCH) full
	@$(H)/distro-boot.sh $(FLAVOR) $(ARCH) full

distro-lost: deps
	@$(H)/distro-config.sh

patches: deps
	@$(H)/patches.sh --verify

ftracetest: deps
	@$(H)/ftracetest.sh $(FLAVOR) $(ARCH) $(VARIANT)

bench: deps
	@$(H)/bench.sh

bench-rb: deps
	@$(H)/bench-rb.sh

bench-fn: deps
	@$(H)/bench-fn.sh

bench-fgraph: deps
	@$(H)/bench-fgraph.sh

bench-wakeup: deps
	@$(H)/bench-wakeup.sh

bench-hist: deps
	@$(H)/bench-hist.sh

bench-kprobe: deps
	@$(H)/bench-kprobe.sh

soak:
	@$(MAKE) -C tools/testing/ring_buffer soak

clean:
	rm -rf out/upstream out/rb out/ours out/runs out/logs out/patches \
		out/patches-work out/rootfs-arm64 out/debs-arm64

distclean:
	rm -rf out
