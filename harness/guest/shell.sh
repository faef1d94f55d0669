#!/bin/sh
# Guest command for `make run`: an interactive shell on the console, with
# job control, in /sys/kernel/tracing. Leaving it powers the guest off.
if [ -n "${HARNESS_TTY_SIZE:-}" ]; then
	stty rows "${HARNESS_TTY_SIZE%x*}" cols "${HARNESS_TTY_SIZE#*x}" 2>/dev/null
fi
export TERM=${TERM:-vt100} PS1='guest:\w# '
cd /sys/kernel/tracing || cd /
cat <<MSG

$(uname -sr) $(uname -m), flavor ${HARNESS_FLAVOR:-?}. tracefs is here, in
/sys/kernel/tracing; the run directory of the host is /tmp/out.
Leave the shell (exit or Ctrl-D) to power off.

MSG
shell=sh
command -v bash >/dev/null && shell="bash --norc -i"
# shellcheck disable=SC2086
setsid -c $shell
