/*
 * bench/gen/tree.c — the kernel-like tree: its directories and files, and
 * the blob and tree ids of a branch's tree.
 */
#include "gen.h"

const struct leaf leaves[] = {
	{ "drivers/net/ethernet/intel/e1000e", "e1000e", "e1000e",
	  "netdev.c ethtool.c ich8lan.c phy.c mac.c nvm.c ptp.c param.c e1000.h hw.h" },
	{ "drivers/net/ethernet/intel/ice", "ice", "ice",
	  "ice_main.c ice_lib.c ice_txrx.c ice_ethtool.c ice_sriov.c ice_ptp.c ice.h ice_type.h" },
	{ "drivers/net/ethernet/mellanox/mlx5/core", "net/mlx5e", "mlx5e",
	  "en_main.c en_rx.c en_tx.c eswitch.c fs_core.c cmd.c health.c main.c en.h" },
	{ "drivers/net/ethernet/broadcom/bnxt", "bnxt_en", "bnxt",
	  "bnxt.c bnxt_ethtool.c bnxt_sriov.c bnxt_xdp.c bnxt_devlink.c bnxt.h" },
	{ "drivers/net/ethernet/stmicro/stmmac", "net: stmmac", "stmmac",
	  "stmmac_main.c stmmac_ethtool.c dwmac4_core.c stmmac_platform.c stmmac.h" },
	{ "drivers/net/wireless/intel/iwlwifi/mvm", "wifi: iwlwifi: mvm", "iwl_mvm",
	  "mac80211.c ops.c rxmq.c tx.c fw.c scan.c sta.c mvm.h" },
	{ "drivers/gpu/drm/amd/amdgpu", "drm/amdgpu", "amdgpu",
	  "amdgpu_device.c amdgpu_drv.c amdgpu_gem.c amdgpu_vm.c amdgpu_ttm.c amdgpu_ring.c gfx_v9_0.c amdgpu.h" },
	{ "drivers/gpu/drm/i915", "drm/i915", "i915",
	  "i915_drv.c i915_gem.c i915_irq.c intel_pm.c i915_perf.c i915_reg.h" },
	{ "drivers/gpu/drm/i915/display", "drm/i915/display", "intel_dp",
	  "intel_display.c intel_dp.c intel_hdmi.c intel_psr.c intel_bios.c" },
	{ "drivers/usb/core", "usb: core", "usb",
	  "hub.c message.c config.c devio.c quirks.c urb.c driver.c" },
	{ "drivers/usb/host", "usb: xhci", "xhci",
	  "xhci.c xhci-ring.c xhci-mem.c xhci-pci.c xhci-hub.c xhci.h" },
	{ "drivers/usb/dwc3", "usb: dwc3: gadget", "dwc3",
	  "core.c gadget.c ep0.c dwc3-pci.c core.h" },
	{ "drivers/scsi", "scsi: sd", "sd",
	  "sd.c scsi_lib.c scsi_error.c scsi_scan.c sg.c" },
	{ "drivers/nvme/host", "nvme", "nvme",
	  "core.c pci.c multipath.c fabrics.c tcp.c rdma.c nvme.h" },
	{ "drivers/md", "dm", "dm",
	  "dm.c dm-table.c dm-crypt.c dm-thin.c dm-bufio.c md.c raid10.c" },
	{ "drivers/block", "block: loop", "loop",
	  "loop.c nbd.c virtio_blk.c brd.c" },
	{ "drivers/acpi", "ACPI", "acpi",
	  "bus.c scan.c ec.c osl.c battery.c processor_idle.c" },
	{ "drivers/acpi/acpica", "ACPICA", "acpi_ds",
	  "dsfield.c exfield.c nsaccess.c utdelete.c evregion.c psloop.c" },
	{ "drivers/input/mouse", "Input: synaptics", "synaptics",
	  "synaptics.c elantech.c psmouse-base.c alps.c" },
	{ "drivers/hid", "HID", "hid",
	  "hid-core.c hid-input.c hid-multitouch.c hid-logitech-hidpp.c hid-ids.h" },
	{ "drivers/tty/serial", "serial", "uart",
	  "serial_core.c amba-pl011.c imx.c sh-sci.c max310x.c" },
	{ "drivers/i2c/busses", "i2c", "i2c",
	  "i2c-i801.c i2c-designware-core.c i2c-imx.c i2c-qcom-geni.c" },
	{ "drivers/spi", "spi", "spi",
	  "spi.c spi-imx.c spi-dw-core.c spi-fsl-dspi.c spi-rockchip.c" },
	{ "drivers/pci", "PCI", "pci",
	  "pci.c probe.c quirks.c pci-driver.c setup-bus.c" },
	{ "drivers/char/tpm", "tpm", "tpm",
	  "tpm-chip.c tpm2-cmd.c tpm_tis_core.c tpm-interface.c" },
	{ "drivers/infiniband/core", "RDMA/core", "rdma",
	  "cma.c verbs.c uverbs_cmd.c device.c" },
	{ "fs/ext4", "ext4", "ext4",
	  "inode.c super.c extents.c namei.c xattr.c balloc.c ialloc.c mballoc.c ext4.h" },
	{ "fs/btrfs", "btrfs", "btrfs",
	  "inode.c extent-tree.c disk-io.c volumes.c relocation.c send.c ioctl.c ctree.h" },
	{ "fs/xfs", "xfs", "xfs",
	  "xfs_inode.c xfs_log.c xfs_buf.c xfs_iomap.c xfs_super.c xfs_reflink.c" },
	{ "fs/nfs", "NFS", "nfs4",
	  "nfs4proc.c inode.c dir.c write.c pnfs.c super.c" },
	{ "fs/smb/client", "smb: client", "cifs",
	  "connect.c smb2ops.c file.c inode.c cifsfs.c smb2pdu.c" },
	{ "fs/f2fs", "f2fs", "f2fs",
	  "data.c segment.c node.c gc.c super.c checkpoint.c" },
	{ "fs/fuse", "fuse", "fuse",
	  "dev.c file.c inode.c dir.c" },
	{ "fs", "fs", "vfs",
	  "namei.c dcache.c inode.c splice.c exec.c super.c" },
	{ "io_uring", "io_uring", "io",
	  "io_uring.c rw.c net.c poll.c sqpoll.c" },
	{ "arch/x86/kvm", "KVM: x86", "kvm",
	  "x86.c lapic.c emulate.c cpuid.c hyperv.c" },
	{ "arch/x86/kvm/mmu", "KVM: x86/mmu", "kvm_mmu",
	  "mmu.c tdp_mmu.c spte.c paging_tmpl.h" },
	{ "arch/x86/kvm/vmx", "KVM: VMX", "vmx",
	  "vmx.c nested.c pmu_intel.c vmx.h" },
	{ "arch/x86/kernel", "x86", "x86",
	  "setup.c traps.c process.c smpboot.c e820.c ftrace.c" },
	{ "arch/x86/kernel/cpu", "x86/cpu", "cpu",
	  "bugs.c common.c intel.c amd.c" },
	{ "arch/arm64/kernel", "arm64", "arm64",
	  "cpufeature.c entry.S process.c traps.c smp.c" },
	{ "arch/arm64/mm", "arm64: mm", "arm64_mm",
	  "mmu.c fault.c init.c hugetlbpage.c" },
	{ "arch/powerpc/kernel", "powerpc", "ppc",
	  "setup_64.c traps.c process.c exceptions-64s.S" },
	{ "mm", "mm", "mm",
	  "memory.c page_alloc.c vmscan.c huge_memory.c mmap.c slub.c hugetlb.c memcontrol.c" },
	{ "kernel/sched", "sched/fair", "sched",
	  "core.c fair.c rt.c deadline.c topology.c" },
	{ "kernel/bpf", "bpf", "bpf",
	  "verifier.c syscall.c core.c btf.c hashtab.c" },
	{ "kernel/trace", "tracing", "trace",
	  "trace.c ftrace.c trace_events.c ring_buffer.c trace_kprobe.c" },
	{ "kernel", "kernel", "kernel",
	  "fork.c exit.c signal.c workqueue.c module.c" },
	{ "net/ipv4", "ipv4", "tcp",
	  "tcp.c tcp_input.c tcp_output.c route.c udp.c ip_output.c fib_trie.c" },
	{ "net/ipv6", "ipv6", "ip6",
	  "route.c addrconf.c ip6_output.c tcp_ipv6.c ndisc.c" },
	{ "net/core", "net", "net",
	  "dev.c skbuff.c sock.c rtnetlink.c filter.c neighbour.c" },
	{ "net/netfilter", "netfilter: nf_tables", "nft",
	  "nf_tables_api.c nf_conntrack_core.c nft_set_pipapo.c x_tables.c nf_nat_core.c" },
	{ "net/bluetooth", "Bluetooth", "hci",
	  "hci_core.c hci_event.c l2cap_core.c mgmt.c" },
	{ "net/mac80211", "wifi: mac80211", "ieee80211",
	  "rx.c tx.c mlme.c sta_info.c cfg.c" },
	{ "net/sched", "net/sched", "tc",
	  "sch_generic.c cls_api.c act_api.c sch_taprio.c" },
	{ "sound/soc/codecs", "ASoC: codecs", "rt5645",
	  "rt5645.c wm8994.c hdmi-codec.c max98090.c" },
	{ "sound/pci/hda", "ALSA: hda/realtek", "alc",
	  "patch_realtek.c hda_intel.c patch_hdmi.c hda_codec.c" },
	{ "security/selinux", "selinux", "selinux",
	  "hooks.c selinuxfs.c avc.c" },
	{ "tools/testing/selftests/bpf", "selftests/bpf", "test",
	  "test_verifier.c test_progs.c" },
};
_Static_assert(sizeof(leaves) / sizeof(*leaves) == NLEAVES, "NLEAVES is the size of leaves[]");

/* Extra paths: second files, the Makefile the release commits touch. */
static const char *const extra_files[] = {
	"include/linux/mm.h", "include/linux/skbuff.h", "include/linux/netdevice.h",
	"include/linux/fs.h", "include/linux/sched.h", "include/linux/pci.h",
	"include/linux/device.h", "include/linux/bpf.h", "include/net/sock.h",
	"include/net/tcp.h", "Documentation/admin-guide/kernel-parameters.txt",
	"MAINTAINERS", "Makefile",
};
#define NEXTRA (sizeof(extra_files) / sizeof(*extra_files))

struct file *files;
int nfiles;
struct dir *dirs;
static int ndirs;
int leaf_first[NLEAVES], leaf_nfiles[NLEAVES];
int makefile_idx, include_first;

static char *xstrndup(const char *s, size_t n)
{
	char *p = xcalloc(n + 1, 1);

	memcpy(p, s, n);
	return p;
}

static int dir_child(int d, const char *name, size_t len)
{
	for (int i = 0; i < dirs[d].nent; i++) {
		int e = dirs[d].ent[i];
		if (e < 0 && strlen(dirs[-e - 1].name) == len &&
		    !memcmp(dirs[-e - 1].name, name, len))
			return -e - 1;
	}
	dirs = xrealloc(dirs, (size_t)(ndirs + 1) * sizeof(*dirs));
	dirs[ndirs] = (struct dir){ xstrndup(name, len), d, NULL, 0 };
	dirs[d].ent = xrealloc(dirs[d].ent, (size_t)(dirs[d].nent + 1) * sizeof(int));
	dirs[d].ent[dirs[d].nent++] = -ndirs - 1;
	return ndirs++;
}

static int add_file(const char *path)
{
	int d = 0;
	const char *p = path, *slash;

	while ((slash = strchr(p, '/'))) {
		d = dir_child(d, p, (size_t)(slash - p));
		p = slash + 1;
	}
	files = xrealloc(files, (size_t)(nfiles + 1) * sizeof(*files));
	files[nfiles].path = xstrndup(path, strlen(path));
	files[nfiles].name = files[nfiles].path + (p - path);
	files[nfiles].dir = d;
	dirs[d].ent = xrealloc(dirs[d].ent, (size_t)(dirs[d].nent + 1) * sizeof(int));
	dirs[d].ent[dirs[d].nent++] = nfiles;
	return nfiles++;
}

/* git's tree order: names compared bytewise, a directory as if it ended '/'. */
static int ent_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	const char *na = x >= 0 ? files[x].name : dirs[-x - 1].name;
	const char *nb = y >= 0 ? files[y].name : dirs[-y - 1].name;
	size_t la = strlen(na), lb = strlen(nb), l = la < lb ? la : lb;
	int c = memcmp(na, nb, l);

	if (c)
		return c;
	unsigned ca = la > l ? (unsigned char)na[l] : (x < 0 ? '/' : 0);
	unsigned cb = lb > l ? (unsigned char)nb[l] : (y < 0 ? '/' : 0);
	return (int)ca - (int)cb;
}

void tree_layout(void)
{
	char path[256];

	dirs = xcalloc(1, sizeof(*dirs));
	dirs[0] = (struct dir){ xstrndup("", 0), -1, NULL, 0 };
	ndirs = 1;
	for (size_t l = 0; l < NLEAVES; l++) {
		const char *p = leaves[l].files;
		leaf_first[l] = nfiles;
		while (*p) {
			size_t n = strcspn(p, " ");
			snprintf(path, sizeof(path), "%s/%.*s", leaves[l].path, (int)n, p);
			add_file(path);
			p += n;
			p += strspn(p, " ");
		}
		leaf_nfiles[l] = nfiles - leaf_first[l];
	}
	include_first = nfiles;
	for (size_t i = 0; i < NEXTRA; i++) {
		int f = add_file(extra_files[i]);
		if (!strcmp(extra_files[i], "Makefile"))
			makefile_idx = f;
	}
	for (int d = 0; d < ndirs; d++)
		qsort(dirs[d].ent, (size_t)dirs[d].nent, sizeof(int), ent_cmp);
}

void tree_alloc(struct tree *t)
{
	t->file_oid = xcalloc((size_t)nfiles, 20);
	t->dir_oid = xcalloc((size_t)ndirs, 20);
	t->dirty = xcalloc((size_t)ndirs, 1);
}

void tree_copy(struct tree *to, const struct tree *from)
{
	memcpy(to->file_oid, from->file_oid, (size_t)nfiles * 20);
	memcpy(to->dir_oid, from->dir_oid, (size_t)ndirs * 20);
	memcpy(to->dirty, from->dirty, (size_t)ndirs);
}

void tree_set(struct tree *t, int f, const char *content, size_t len)
{
	git_hash("blob", content, len, t->file_oid[f]);
	for (int d = files[f].dir; d >= 0; d = dirs[d].parent)
		t->dirty[d] = 1;
}

static struct sb tree_buf;

void tree_hash_dir(struct tree *t, int d)
{
	if (!t->dirty[d])
		return;
	for (int i = 0; i < dirs[d].nent; i++)
		if (dirs[d].ent[i] < 0)
			tree_hash_dir(t, -dirs[d].ent[i] - 1);
	sb_reset(&tree_buf);
	for (int i = 0; i < dirs[d].nent; i++) {
		int e = dirs[d].ent[i];
		if (e >= 0) {
			sb_puts(&tree_buf, "100644 ");
			sb_puts(&tree_buf, files[e].name);
			sb_putn(&tree_buf, "", 1);
			sb_putn(&tree_buf, (const char *)t->file_oid[e], 20);
		} else {
			sb_puts(&tree_buf, "40000 ");
			sb_puts(&tree_buf, dirs[-e - 1].name);
			sb_putn(&tree_buf, "", 1);
			sb_putn(&tree_buf, (const char *)t->dir_oid[-e - 1], 20);
		}
	}
	git_hash("tree", tree_buf.p, tree_buf.n, t->dir_oid[d]);
	t->dirty[d] = 0;
}
