// SPDX-License-Identifier: GPL-2.0
/*
 * Memory-mapped I/O for mmiotrace to catch (test_mmiotrace.sh). At load
 * it maps len bytes at the physical address addr (the guest's HPET:
 * reading it has no effect, and its registers hold known values), and
 * does, through that mapping:
 *
 *	readl(0)	the capabilities and ID
 *	readl(4)	the counter period, in fs
 *	readb(0), readw(0)	(QEMU's HPET reads narrower than 4 bytes as 0)
 *	writel(0, 0x20)	the interrupt status: writing 0 clears nothing
 *	readl(4)	"loops" more times (a flood, for the loss count)
 *
 * then logs and mmiotrace_printk()s what the first four reads returned,
 * and unmaps it. The load fails (ENODEV) in a kernel without mmiotrace.
 *
 *	insmod harness_mmio.ko addr=0xfed00000 loops=0
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/mmiotrace.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static unsigned long addr;
module_param(addr, ulong, 0444);
MODULE_PARM_DESC(addr, "physical address to map (required)");

static unsigned long len = 0x400;
module_param(len, ulong, 0444);
MODULE_PARM_DESC(len, "bytes to map (at least 0x24)");

static unsigned int loops;
module_param(loops, uint, 0444);
MODULE_PARM_DESC(loops, "extra reads of the period register");

static int __init harness_mmio_init(void)
{
	void __iomem *p;
	u32 caps, period;
	u16 w;
	u8 b;
	unsigned int i;

	if (!IS_ENABLED(CONFIG_MMIOTRACE))
		return -ENODEV;
	if (!addr || len < 0x24)
		return -EINVAL;
	p = ioremap(addr, len);
	if (!p)
		return -ENOMEM;
	caps = readl(p);
	period = readl(p + 4);
	b = readb(p);
	w = readw(p);
	writel(0, p + 0x20);
	for (i = 0; i < loops; i++)
		readl(p + 4);
	/* the log has the values for the test, whether the mark records */
	pr_info("caps=0x%x period=0x%x b=0x%x w=0x%x loops=%u\n",
		caps, period, b, w, loops);
	mmiotrace_printk("harness_mmio: caps=0x%x period=0x%x b=0x%x w=0x%x loops=%u\n",
			 caps, period, b, w, loops);
	iounmap(p);
	return 0;
}

static void __exit harness_mmio_exit(void)
{
}

module_init(harness_mmio_init);
module_exit(harness_mmio_exit);
MODULE_DESCRIPTION("MMIO accesses for the mmiotrace test");
MODULE_LICENSE("GPL");
