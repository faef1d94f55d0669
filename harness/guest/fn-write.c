// SPDX-License-Identifier: GPL-2.0
/*
 * harness/profile-fn.sh's workload: write TEXT to FILE (a tracefs file),
 * the write alone between the two marker NOPs of the instruction
 * counter (harness/qemu-plugin/insn-count.c), so that under its
 * profile=on option the kernel's work for that write is counted, block
 * by block, on every vCPU. Without the plugin the markers are NOPs.
 * Usage: fn-write FILE TEXT
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	ssize_t n;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: %s FILE TEXT\n", argv[0]);
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	asm volatile("nopl 0x31424e46(%%rax)" ::: "memory");	/* start */
	n = write(fd, argv[2], strlen(argv[2]));
	asm volatile("nopl 0x32424e46(%%rax)" ::: "memory");	/* stop */
	if (n != (ssize_t)strlen(argv[2])) {
		perror("write");
		return 1;
	}
	return close(fd) ? 1 : 0;
}
