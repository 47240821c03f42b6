/*
 * bench/gen.c — benchmark history generator for regtrace (issue 4).
 *
 * Writes a `git fast-import` stream on stdout: a linux-like mainline
 * `master` with release and -rc tags, and five stable series branching from
 * five mainline releases, made of backports in the real message forms.  It
 * computes every git object id itself (SHA-1 of the canonical blob, tree and
 * commit objects), so one pass suffices: messages can cite any earlier
 * commit by id, mainline or stable.  It also evaluates, by README.md's
 * counting rules, what each series must count, and writes those numbers
 * (with the expected branch tips, to check the import) to --planted FILE.
 *
 * Deterministic from --seed: no rand(), no clock, no hash-order dependence.
 * See bench/README.md for the shape of the history and the rules relied on.
 *
 *   cc -O2 -std=c11 -Wall -Wextra -o build/bench-gen bench/gen.c
 *   build/bench-gen [--small] [--merges] [--commits N] [--series-commits C]
 *                   [--releases R] [--seed S] [--extend E] [--planted FILE] [--plan-only]
 *
 * --merges: the merge-heavy history instead of the linear one: a mainline of
 * Linus's merges of subsystem trees that collect topics forked far back
 * (about 8% merges, a few commits per thousand dated before their parent),
 * and stable branches that merge topics forked before their base.  The
 * planted numbers then follow ancestry, not order (see anc()).  Without it,
 * nothing here draws differently: the linear stream is byte-identical.
 *
 * --extend E: the same history, only hashed, then one more release of E
 * commits on the newest series: the stream holds only those commits (the
 * first `from` the old tip's id) and the new tag, for a repository built
 * without --extend; --planted writes the numbers of the extended ranges.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREL 80			/* mainline releases v3.0 .. v6.18 */
#define NRC 7			/* -rc1 .. -rc7 before each release */
#define NSERIES 5
#define WINDOW_RELEASES 12	/* mainline releases a stable series lives through */

/* ------------------------------------------------------------------ util */

static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("bench-gen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (!p)
		die("out of memory");
	return p;
}

static void *xrealloc(void *p, size_t sz)
{
	p = realloc(p, sz ? sz : 1);
	if (!p)
		die("out of memory");
	return p;
}

struct sb {
	char *p;
	size_t n, cap;
};

static void sb_grow(struct sb *b, size_t more)
{
	if (b->n + more + 1 > b->cap) {
		size_t c = b->cap ? b->cap : 256;
		while (b->n + more + 1 > c)
			c *= 2;
		b->p = xrealloc(b->p, c);
		b->cap = c;
	}
}

static void sb_putn(struct sb *b, const char *s, size_t n)
{
	sb_grow(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void sb_puts(struct sb *b, const char *s)
{
	sb_putn(b, s, strlen(s));
}

static void sb_putc(struct sb *b, char c)
{
	sb_grow(b, 1);
	b->p[b->n++] = c;
	b->p[b->n] = '\0';
}

static void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("vsnprintf");
	sb_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

static void sb_reset(struct sb *b)
{
	b->n = 0;
	if (b->p)
		b->p[0] = '\0';
}

/* ------------------------------------------------------------------ PRNG */

/* splitmix64: the only source of randomness. */
static uint64_t sm64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint32_t rbelow(uint64_t *s, uint32_t n)
{
	return n ? (uint32_t)(((sm64(s) >> 32) * (uint64_t)n) >> 32) : 0;
}

static double runif(uint64_t *s)
{
	return (double)(sm64(s) >> 11) * (1.0 / 9007199254740992.0);
}

static uint64_t g_seed = 1;

/* An independent stream for (salt, index). */
static uint64_t stream(uint64_t salt, uint64_t i)
{
	uint64_t s = g_seed ^ (salt * 0xd1b54a32d192ed03ULL) ^ (i * 0x8cb92ba72f3d8dd7ULL);

	sm64(&s);
	return s;
}

enum { SALT_FLAGS = 1, SALT_SUBJ, SALT_FILES, SALT_AUTH, SALT_BODY, SALT_PLAN,
       SALT_FINAL, SALT_STABLE, SALT_MISC, SALT_TRAIL, SALT_EXT, SALT_EXT_EMIT,
       /* --merges only (so the linear history draws exactly what it always drew): */
       SALT_SHAPE, SALT_MERGEMSG, SALT_STOPIC, SALT_EXT_TOPIC };

#define PICK(r, arr) ((arr)[rbelow((r), (uint32_t)(sizeof(arr) / sizeof(*(arr))))])

/* ------------------------------------------------------------------ SHA-1 */

struct sha1 {
	uint32_t h[5];
	uint64_t len;
	uint8_t buf[64];
	size_t n;
};

#define ROL(x, k) (((x) << (k)) | ((x) >> (32 - (k))))

static void sha1_block(uint32_t h[5], const uint8_t *p)
{
	uint32_t w[80], a, b, c, d, e, t;

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = ROL(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	for (int i = 0; i < 80; i++) {
		uint32_t f, k;
		if (i < 20)
			f = (b & c) | (~b & d), k = 0x5a827999;
		else if (i < 40)
			f = b ^ c ^ d, k = 0x6ed9eba1;
		else if (i < 60)
			f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
		else
			f = b ^ c ^ d, k = 0xca62c1d6;
		t = ROL(a, 5) + f + e + k + w[i];
		e = d, d = c, c = ROL(b, 30), b = a, a = t;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

static void sha1_init(struct sha1 *s)
{
	s->h[0] = 0x67452301, s->h[1] = 0xefcdab89, s->h[2] = 0x98badcfe;
	s->h[3] = 0x10325476, s->h[4] = 0xc3d2e1f0;
	s->len = 0, s->n = 0;
}

static void sha1_update(struct sha1 *s, const void *data, size_t len)
{
	const uint8_t *p = data;

	s->len += len;
	if (s->n) {
		size_t k = 64 - s->n < len ? 64 - s->n : len;
		memcpy(s->buf + s->n, p, k);
		s->n += k, p += k, len -= k;
		if (s->n < 64)
			return;
		sha1_block(s->h, s->buf);
		s->n = 0;
	}
	for (; len >= 64; p += 64, len -= 64)
		sha1_block(s->h, p);
	memcpy(s->buf, p, len);
	s->n = len;
}

static void sha1_final(struct sha1 *s, uint8_t out[20])
{
	uint64_t bits = s->len * 8;
	uint8_t pad = 0x80, zero = 0, lenb[8];

	sha1_update(s, &pad, 1);
	while (s->n != 56)
		sha1_update(s, &zero, 1);
	for (int i = 0; i < 8; i++)
		lenb[i] = (uint8_t)(bits >> (56 - 8 * i));
	sha1_update(s, lenb, 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (uint8_t)(s->h[i] >> 24);
		out[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
		out[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
		out[4 * i + 3] = (uint8_t)s->h[i];
	}
}

/* "<type> <len>\0<data>" */
static void git_hash(const char *type, const void *data, size_t len, uint8_t out[20])
{
	char hdr[48];
	struct sha1 s;
	int n = snprintf(hdr, sizeof(hdr), "%s %zu", type, len);

	sha1_init(&s);
	sha1_update(&s, hdr, (size_t)n + 1);
	sha1_update(&s, data, len);
	sha1_final(&s, out);
}

static void hex(const uint8_t id[20], char out[41])
{
	static const char d[] = "0123456789abcdef";

	for (int i = 0; i < 20; i++)
		out[2 * i] = d[id[i] >> 4], out[2 * i + 1] = d[id[i] & 15];
	out[40] = '\0';
}

/* The first 12 hex digits as a number: the prefix kept unique. */
static uint64_t prefix48(const uint8_t id[20])
{
	uint64_t v = 0;

	for (int i = 0; i < 6; i++)
		v = v << 8 | id[i];
	return v;
}

/* Open-addressing set of 48-bit prefixes (stored +1 so 0 means empty). */
static uint64_t *pset;
static size_t pset_cap, pset_n;

static int pset_insert(uint64_t v)
{
	if (2 * (pset_n + 1) > pset_cap) {
		size_t oc = pset_cap;
		uint64_t *old = pset;
		pset_cap = oc ? 2 * oc : 1 << 16;
		pset = xcalloc(pset_cap, sizeof(*pset));
		pset_n = 0;
		for (size_t i = 0; i < oc; i++)
			if (old[i])
				pset_insert(old[i] - 1);
		free(old);
	}
	size_t m = pset_cap - 1, i = (size_t)((v * 0x9e3779b97f4a7c15ULL) >> 20) & m;
	for (; pset[i]; i = (i + 1) & m)
		if (pset[i] == v + 1)
			return 0;
	pset[i] = v + 1;
	pset_n++;
	return 1;
}

/* ------------------------------------------------------------------ tree */

/* A kernel-like tree: leaf directories with their files and the subject
 * prefix and symbol prefix their commits use. */
struct leaf {
	const char *path, *prefix, *sym, *files;
};

static const struct leaf leaves[] = {
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
#define NLEAVES (sizeof(leaves) / sizeof(*leaves))

/* Extra paths: second files, the Makefile the release commits touch. */
static const char *const extra_files[] = {
	"include/linux/mm.h", "include/linux/skbuff.h", "include/linux/netdevice.h",
	"include/linux/fs.h", "include/linux/sched.h", "include/linux/pci.h",
	"include/linux/device.h", "include/linux/bpf.h", "include/net/sock.h",
	"include/net/tcp.h", "Documentation/admin-guide/kernel-parameters.txt",
	"MAINTAINERS", "Makefile",
};
#define NEXTRA (sizeof(extra_files) / sizeof(*extra_files))
#define NINCLUDE 10		/* the first NINCLUDE extra files are headers */

struct file {
	char *path;
	const char *name;
	int dir;
};
struct dir {
	char *name;
	int parent;
	int *ent;		/* >= 0: file index; < 0: -(dir index) - 1 */
	int nent;
};

static struct file *files;
static int nfiles;
static struct dir *dirs;
static int ndirs;
static int leaf_first[NLEAVES], leaf_nfiles[NLEAVES];
static int makefile_idx, include_first;

/* The mutable state of one branch's tree. */
struct tree {
	uint8_t (*file_oid)[20];
	uint8_t (*dir_oid)[20];
	uint8_t *dirty;
};

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

static void tree_layout(void)
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

static void tree_alloc(struct tree *t)
{
	t->file_oid = xcalloc((size_t)nfiles, 20);
	t->dir_oid = xcalloc((size_t)ndirs, 20);
	t->dirty = xcalloc((size_t)ndirs, 1);
}

static void tree_copy(struct tree *to, const struct tree *from)
{
	memcpy(to->file_oid, from->file_oid, (size_t)nfiles * 20);
	memcpy(to->dir_oid, from->dir_oid, (size_t)ndirs * 20);
	memcpy(to->dirty, from->dirty, (size_t)ndirs);
}

static void tree_set(struct tree *t, int f, const char *content, size_t len)
{
	git_hash("blob", content, len, t->file_oid[f]);
	for (int d = files[f].dir; d >= 0; d = dirs[d].parent)
		t->dirty[d] = 1;
}

static struct sb tree_buf;

static void tree_hash_dir(struct tree *t, int d)
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

/* ------------------------------------------------------------------ words */

static const char *const first_names[] = {
	"Alexander", "Andrew", "Anna", "Arnd", "Bart", "Ben", "Boris", "Chen", "Christoph",
	"Chuck", "Dan", "Daniel", "Darrick", "David", "Eric", "Florian", "Gao", "Geert",
	"Hans", "Heiner", "Ido", "Ilpo", "Jakub", "Jan", "Jason", "Jens", "Jiri", "Johan",
	"Josef", "Juergen", "Kees", "Krzysztof", "Li", "Linus", "Lorenzo", "Marc", "Mark",
	"Mathias", "Matthew", "Maxime", "Miaohe", "Michael", "Mika", "Ming", "Miquel",
	"Nathan", "Neil", "Pablo", "Paolo", "Pavel", "Peter", "Qu", "Rafael", "Rob",
	"Russell", "Sean", "Shuah", "Stefan", "Steven", "Takashi", "Tejun", "Thomas", "Tony",
	"Uwe", "Vlastimil", "Wei", "Will", "Xin", "Yang", "Zhang",
};
static const char *const last_names[] = {
	"Viro", "Morton", "Bergmann", "Van Assche", "Skeggs", "Petkov", "Hellwig", "Lever",
	"Carpenter", "Vetter", "Wong", "Howells", "Dumazet", "Fainelli", "Xiang", "Uytterhoeven",
	"de Goede", "Kallweit", "Schimmel", "Jarvinen", "Kicinski", "Kara", "Gunthorpe", "Axboe",
	"Pirko", "Hovold", "Bacik", "Gross", "Cook", "Kozlowski", "Zefan", "Torvalds", "Bianconi",
	"Zyngier", "Brown", "Nyman", "Wilcox", "Ripard", "Lin", "Ellerman", "Westerberg", "Lei",
	"Raynal", "Chancellor", "Armstrong", "Neira Ayuso", "Abeni", "Begunkov", "Zijlstra",
	"Wenruo", "Wysocki", "Herring", "King", "Christopherson", "Khan", "Hajnoczi", "Rostedt",
	"Iwai", "Heo", "Gleixner", "Luck", "Kleine-Koenig", "Babka", "Liu", "Deacon", "Long",
	"Yang", "Yi",
};
static const char *const domains[] = {
	"intel.com", "redhat.com", "suse.com", "suse.cz", "google.com", "kernel.org", "amd.com",
	"nvidia.com", "huawei.com", "linaro.org", "oracle.com", "gmail.com", "arm.com",
	"linux.ibm.com", "meta.com", "collabora.com", "pengutronix.de", "linutronix.de",
};
static const char *const tzs[] = {
	"+0000", "+0100", "+0200", "-0700", "-0800", "-0400", "+0800", "+0530", "+0900", "+0300",
};

static const char *const problems[] = {
	"use-after-free", "NULL pointer dereference", "memory leak", "race condition",
	"deadlock", "integer overflow", "out-of-bounds read", "out-of-bounds write",
	"refcount leak", "double free", "data race", "uninitialized variable use",
	"wrong error code", "incorrect return value", "missing unlock", "sleeping in atomic context",
	"buffer overflow", "off-by-one error", "potential hang", "lockdep warning",
	"resource leak", "stack overflow", "divide by zero", "soft lockup", "list corruption",
};
static const char *const situations[] = {
	"on error path", "during suspend", "on resume", "after reset", "when the device is removed",
	"under memory pressure", "in the probe failure path", "on big-endian systems",
	"with CONFIG_PREEMPT_RT", "on 32-bit architectures", "during hot-unplug",
	"when the queue is full", "at module unload", "with a zero-length buffer",
	"when firmware loading fails", "during shutdown", "with many CPUs", "after a timeout",
};
static const char *const objects[] = {
	"the return value", "the buffer length", "the refcount", "the lock", "the DMA mapping",
	"the timer", "the workqueue", "the IRQ handler", "the descriptor ring", "the page count",
	"the header size", "the allocation size", "the error code", "the device state",
	"the statistics counters", "the link state", "the hardware queue", "the cached pointer",
};
static const char *const funcwords[] = {
	"probe", "remove", "init_one", "setup_rings", "free_irq_vectors", "xmit_frame", "poll",
	"open", "close", "reset_task", "get_stats64", "set_features", "handle_event",
	"alloc_context", "release", "resume", "suspend", "map_buffer", "unmap_page",
	"update_stats", "read_config", "write_reg", "parse_options", "fill_super", "evict_inode",
	"lookup", "create", "rename", "writepages", "readahead", "flush_work", "queue_work",
	"start_xmit", "rx_handler", "tx_timeout", "change_mtu", "config_intr", "enable_device",
	"irq_handler", "timer_fn", "destroy", "get_link_ksettings", "dump_state", "validate_args",
	"submit_request", "complete_request", "set_mac_address", "get_sset_count", "setattr",
};
static const char *const nouns[] = {
	"driver", "device", "buffer", "queue", "lock", "page", "inode", "socket", "descriptor",
	"request", "interrupt", "mapping", "reference", "callback", "handler", "firmware",
	"register", "packet", "context", "allocation", "transaction", "entry", "table", "list",
	"counter", "timeout", "thread", "worker", "controller", "link", "port", "channel",
	"endpoint", "extent", "journal", "folio", "cgroup", "namespace", "skb", "netdev",
};
static const char *const verbs3[] = {
	"frees", "allocates", "releases", "takes", "drops", "accesses", "updates", "clears",
	"resets", "reads", "writes", "checks", "returns", "schedules", "cancels", "queues",
	"maps", "unmaps", "initializes", "registers", "walks", "modifies", "overwrites",
};
static const char *const pasts[] = {
	"freed", "allocated", "released", "initialized", "registered", "unmapped", "cancelled",
	"reset", "cleared", "queued", "completed", "detached", "disabled", "torn down",
};
static const char *const gerunds[] = {
	"taking", "dropping", "checking", "clearing", "moving", "deferring", "validating",
	"resetting", "holding", "releasing", "initializing", "flushing", "cancelling",
};
static const char *const contexts[] = {
	"atomic", "interrupt", "softirq", "process", "RCU read-side", "NMI",
};
static const char *const tools[] = {
	"syzkaller", "KASAN", "smatch", "Coverity", "code inspection", "lockdep", "KCSAN",
	"the kernel test robot", "a fuzzer", "UBSAN", "kmemleak", "sparse",
};
static const char *const platforms[] = {
	"arm64", "x86_64", "ppc64le", "s390", "riscv", "i386", "mips",
};
static const char *const tasks[] = {
	"kworker/0:1", "syz-executor", "systemd-udevd", "ip", "modprobe", "kswapd0", "fio",
};

static void name_of(uint32_t who, const char **first, const char **last, const char **dom)
{
	uint64_t r = stream(SALT_MISC, who);

	*first = PICK(&r, first_names);
	*last = PICK(&r, last_names);
	*dom = PICK(&r, domains);
}

static void email_lower(struct sb *b, const char *s)
{
	for (; *s; s++)
		if (*s != ' ')
			sb_putc(b, (*s >= 'A' && *s <= 'Z') ? (char)(*s - 'A' + 'a') : *s);
}

/* "First Last <first.last@domain>" */
static void person(struct sb *b, uint32_t who)
{
	const char *f, *l, *d;

	name_of(who, &f, &l, &d);
	sb_printf(b, "%s %s <", f, l);
	email_lower(b, f);
	sb_putc(b, '.');
	email_lower(b, l);
	sb_printf(b, "@%s>", d);
}

/* ------------------------------------------------------------------ mainline model */

enum {
	F_RELEASE = 1,		/* initial, -rc and release commits: never backported */
	F_TAGGED = 2,		/* Fixes: <id> ("subject") */
	F_NONSHA = 4,		/* Fixes: <url> */
	F_REVERT = 8,		/* Revert "..." / This reverts commit <id>. */
	F_CC = 16,		/* Cc: stable@vger.kernel.org */
	F_REVTGT = 32,		/* target of a mainline revert: no series may take it */
	F_MERGE = 64,		/* --merges: a merge (also F_RELEASE: never taken, never named) */
};

struct cfg {
	uint32_t n;		/* mainline commits */
	uint32_t series_commits, releases;
	uint32_t extend;	/* --extend E: emit only one more release of E commits */
	const char *planted;
	int plan_only;
	int merges;		/* --merges: the merge-heavy history */
};
static struct cfg cfg;

static uint32_t N, I;			/* mainline commits, commits per release */
static uint8_t *mflags;
static int32_t *mtarget;		/* Fixes: or revert target, -1: none/unassigned */
static int32_t *fixer_of;		/* the one mainline commit whose Fixes: names it, or -1 */
static uint8_t (*mid)[20];		/* mainline ids, filled while emitting */
static int64_t T0 = 1309478400;		/* 2011-07-01 */
static double DT;			/* seconds per mainline commit */
static uint32_t rel_idx[NREL], rc_idx[NREL][NRC];

static void version(int r, int *maj, int *min)
{
	if (r < 20)
		*maj = 3, *min = r;
	else if (r < 41)
		*maj = 4, *min = r - 20;
	else if (r < 61)
		*maj = 5, *min = r - 41;
	else
		*maj = 6, *min = r - 61;
}

/* The release or rc a mainline index carries: 0 none, else fills name. */
static int mainline_tag(uint32_t i, char *name, size_t len, int *is_final)
{
	int r = (int)(i / I);

	if (r >= NREL)
		return 0;
	int maj, min;
	version(r, &maj, &min);
	if (rel_idx[r] == i) {
		snprintf(name, len, "v%d.%d", maj, min);
		*is_final = 1;
		return 1;
	}
	for (int k = 0; k < NRC; k++)
		if (rc_idx[r][k] == i) {
			snprintf(name, len, "v%d.%d-rc%d", maj, min, k + 1);
			*is_final = 0;
			return 1;
		}
	return 0;
}

static int64_t mtime(uint32_t i)
{
	return T0 + (int64_t)((double)i * DT);
}

/*
 * --merges: the shape of the mainline (plan_shape).  Every index is still one
 * commit, emitted in index order, but a commit is one of
 *   K_MASTER   on master's first-parent line (the import, releases, -rcs, a
 *              few direct commits): parent the previous master commit;
 *   K_TOPIC    on a topic branch forked from an older master commit;
 *   K_SUBMERGE a subsystem tree's merge of a topic (the tree itself forked
 *              from an older master commit);
 *   K_LMERGE   on master: Linus's merge of a subsystem tree or of a topic.
 * A pull (a subsystem tree with its topics, or one topic) occupies
 * consecutive indices ending with its K_LMERGE, and never spans a tag, so the
 * ancestors of a master commit are exactly the smaller indices, and
 * `master ^vX.Y` is exactly the indices after the tag's.  Topic commits are
 * dated between their fork point and their merge (older than their index);
 * a few (K_SKEW) are dated before their parent.
 */
enum { K_MASTER, K_TOPIC, K_SUBMERGE, K_LMERGE };
#define K_KIND 15
#define K_START 16		/* first commit of its topic, first merge of its tree */
#define K_SKEW 32		/* committer date before its parent's */
#define NONE32 UINT32_MAX

static uint8_t *mkind;
static uint32_t *mp1, *mp2;		/* first and second parent (NONE32: none) */
static int64_t *mdate_v;		/* committer dates */
static uint32_t *fp, nfp;		/* master's first-parent line, in order */
static uint16_t *fork_uses;		/* topics and trees still to fork from each commit */
static long n_merges, n_skewed, n_pulls, n_topics;

/* The committer date of mainline commit i (before any uniqueness bump). */
static int64_t mdate(uint32_t i)
{
	return cfg.merges ? mdate_v[i] : mtime(i);
}

/* The last first-parent commit at or before index x. */
static uint32_t fp_at_or_before(uint32_t x)
{
	uint32_t lo = 0, hi = nfp;

	while (hi - lo > 1) {
		uint32_t m = lo + (hi - lo) / 2;
		if (fp[m] <= x)
			lo = m;
		else
			hi = m;
	}
	return fp[lo];
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * --merges: draw the shape of the mainline (see above).  Pulls: 80% a
 * subsystem tree of 1-4 topics, each merged into it, then the tree merged by
 * Linus; 20% one topic merged by Linus.  A topic has 1-47 commits (most
 * short); the tree forks I/75 to I/75 + 0.4 I commits back (I: commits per
 * release; full size: 200 to 6,200), each topic at the tree's fork point or
 * up to I/5 (3,000) commits before it.  8% of the steps are a commit on
 * master itself; so are the tags.  0.3% of topic commits are dated 1 hour to
 * 3 days before their parent.
 */
static void plan_shape(void)
{
	uint64_t r = stream(SALT_SHAPE, 0);
	uint32_t tags[NREL * (NRC + 1)], ntags = 0, nt = 0, tip = 0, i = 1;

	for (int k = 0; k < NREL; k++) {
		tags[ntags++] = rel_idx[k];
		for (int c = 0; c < NRC; c++)
			tags[ntags++] = rc_idx[k][c];
	}
	qsort(tags, ntags, sizeof(*tags), cmp_u32);
	mkind = xcalloc(N, 1);
	mp1 = xcalloc(N, sizeof(*mp1));
	mp2 = xcalloc(N, sizeof(*mp2));
	memset(mp1, 0xff, N * sizeof(*mp1));
	memset(mp2, 0xff, N * sizeof(*mp2));
	mdate_v = xcalloc(N, sizeof(*mdate_v));
	fp = xcalloc(N, sizeof(*fp));
	fork_uses = xcalloc(N, sizeof(*fork_uses));
	mkind[0] = K_MASTER;
	mdate_v[0] = mtime(0);
	fp[nfp++] = 0;
	while (i < N) {
		while (nt < ntags && tags[nt] < i)
			nt++;
		uint32_t room = (nt < ntags ? tags[nt] : N) - i;
		if (room < 4 || runif(&r) < 0.08) {
			/* On master itself: a tag, or a commit applied directly. */
			mkind[i] = K_MASTER;
			mp1[i] = tip;
			mdate_v[i] = mtime(i);
			tip = fp[nfp++] = i++;
			continue;
		}
		int sub = runif(&r) < 0.8;
		uint32_t T = sub ? 1 + rbelow(&r, 4) : 1, k[4], total = 1;
		for (uint32_t t = 0; t < T; t++) {
			double u = runif(&r);
			k[t] = 1 + (uint32_t)(46.0 * u * u);
			total += k[t] + (uint32_t)sub;
		}
		while (T > 1 && total > room)
			total -= k[--T] + (uint32_t)sub;
		if (total > room && sub)
			sub = 0, total--;
		if (total > room)
			k[0] = room - 1;
		double u = runif(&r);
		uint32_t back = I / 75 + (uint32_t)(0.4 * I * u * u);
		uint32_t base = fp_at_or_before(i > back ? i - back : 0), subtip = base;
		if (sub)
			fork_uses[base]++;
		for (uint32_t t = 0; t < T; t++) {
			uint32_t f = base;
			if (runif(&r) < 0.5) {
				uint32_t more = rbelow(&r, I / 5);
				f = fp_at_or_before(base > more ? base - more : 0);
			}
			fork_uses[f]++;
			int64_t df = mdate_v[f], de = mtime(i + k[t]);
			for (uint32_t j = 0; j < k[t]; j++, i++) {
				mkind[i] = K_TOPIC | (j ? 0 : K_START);
				mp1[i] = j ? i - 1 : f;
				int64_t d = df + (int64_t)((double)(de - df) * (j + 1) / (k[t] + 1));
				if (runif(&r) < 0.003) {
					d = mdate_v[mp1[i]] - 3600 - (int64_t)rbelow(&r, 3 * 86400);
					mkind[i] |= K_SKEW;
					n_skewed++;
				}
				mdate_v[i] = d;
			}
			n_topics++;
			if (sub) {
				mkind[i] = K_SUBMERGE | (t ? 0 : K_START);
				mp1[i] = subtip;
				mp2[i] = i - 1;
				mdate_v[i] = mtime(i);
				subtip = i++;
				n_merges++;
			}
		}
		mkind[i] = K_LMERGE;
		mp1[i] = tip;
		mp2[i] = sub ? subtip : i - 1;
		mdate_v[i] = mtime(i);
		tip = fp[nfp++] = i++;
		n_merges++;
		n_pulls++;
	}
}

static uint32_t leaf_of(uint32_t i)
{
	uint64_t r = stream(SALT_FILES, i);

	/* Skewed: drivers and fs dominate, like the real tree. */
	uint32_t a = rbelow(&r, NLEAVES), b = rbelow(&r, NLEAVES);
	return a < b ? a : b;
}

/* Files a mainline commit touches (1 or 2). */
static int files_of(uint32_t i, int out[2])
{
	uint64_t r = stream(SALT_FILES, i);
	uint32_t a = rbelow(&r, NLEAVES), b = rbelow(&r, NLEAVES);
	uint32_t l = a < b ? a : b;
	int n = 1;

	out[0] = leaf_first[l] + (int)rbelow(&r, (uint32_t)leaf_nfiles[l]);
	if (runif(&r) < 0.3) {
		int f = runif(&r) < 0.5 ? include_first + (int)rbelow(&r, NINCLUDE)
					: leaf_first[l] + (int)rbelow(&r, (uint32_t)leaf_nfiles[l]);
		if (f != out[0])
			out[n++] = f;
	}
	return n;
}

static void symbol(struct sb *b, uint64_t *r, uint32_t l)
{
	sb_printf(b, "%s_%s()", leaves[l].sym, PICK(r, funcwords));
}

/* The subject of an ordinary mainline commit (no release, no revert). */
static void plain_subject(struct sb *b, uint32_t i)
{
	uint64_t r = stream(SALT_SUBJ, i);
	uint32_t l = leaf_of(i);

	sb_printf(b, "%s: ", leaves[l].prefix);
	switch (rbelow(&r, 12)) {
	case 0: case 1: case 2:
		sb_printf(b, "fix %s in ", PICK(&r, problems));
		symbol(b, &r, l);
		break;
	case 3:
		sb_printf(b, "fix %s %s", PICK(&r, problems), PICK(&r, situations));
		break;
	case 4:
		sb_printf(b, "avoid %s in ", PICK(&r, problems));
		symbol(b, &r, l);
		break;
	case 5:
		sb_printf(b, "don't reset %s %s", PICK(&r, objects), PICK(&r, situations));
		break;
	case 6:
		sb_puts(b, "add missing check in ");
		symbol(b, &r, l);
		break;
	case 7:
		sb_printf(b, "check %s before use", PICK(&r, objects));
		break;
	case 8:
		sb_printf(b, "release %s %s", PICK(&r, objects), PICK(&r, situations));
		break;
	case 9:
		sb_printf(b, "correct %s calculation", PICK(&r, objects));
		break;
	case 10:
		sb_printf(b, "prevent %s %s", PICK(&r, problems), PICK(&r, situations));
		break;
	default:
		sb_puts(b, "handle errors from ");
		symbol(b, &r, l);
		break;
	}
}

static void subject_of(struct sb *b, uint32_t i)
{
	char name[32];
	int fin;

	if (i == 0) {
		sb_puts(b, "Import the kernel tree");
	} else if (mainline_tag(i, name, sizeof(name), &fin)) {
		sb_printf(b, "Linux %s", name + 1);
	} else if (mflags[i] & F_REVERT) {
		sb_puts(b, "Revert \"");
		plain_subject(b, (uint32_t)mtarget[i]);
		sb_putc(b, '"');
	} else {
		plain_subject(b, i);
	}
}

/* "a deadlock", "an integer overflow" (in a static buffer: one use at a time). */
static const char *a_problem(uint64_t *r)
{
	static char buf[64];
	const char *p = PICK(r, problems);

	snprintf(buf, sizeof(buf), "%s %s", strchr("aeiou", p[0]) ? "an" : "a", p);
	return buf;
}

/* One sentence of plausible prose. */
static void sentence(struct sb *b, uint64_t *r, uint32_t l)
{
	switch (rbelow(r, 12)) {
	case 0:
		sb_puts(b, "The ");
		symbol(b, r, l);
		sb_printf(b, " function %s the %s without holding the %s lock.",
			  PICK(r, verbs3), PICK(r, nouns), PICK(r, nouns));
		break;
	case 1:
		sb_puts(b, "If ");
		symbol(b, r, l);
		sb_printf(b, " fails, the %s is never %s, which leads to %s.",
			  PICK(r, nouns), PICK(r, pasts), a_problem(r));
		break;
	case 2:
		sb_printf(b, "This was found by %s.", PICK(r, tools));
		break;
	case 3:
		sb_printf(b, "Fix it by %s the %s before %s the %s.", PICK(r, gerunds),
			  PICK(r, nouns), PICK(r, gerunds), PICK(r, nouns));
		break;
	case 4:
		sb_puts(b, "Since ");
		symbol(b, r, l);
		sb_printf(b, " can be called from %s context, the %s may already be %s at this point.",
			  PICK(r, contexts), PICK(r, nouns), PICK(r, pasts));
		break;
	case 5:
		sb_printf(b, "On %s systems this results in %s when the %s is %s.",
			  PICK(r, platforms), a_problem(r), PICK(r, nouns), PICK(r, pasts));
		break;
	case 6:
		sb_puts(b, "Move the call to ");
		symbol(b, r, l);
		sb_printf(b, " after the %s has been %s.", PICK(r, nouns), PICK(r, pasts));
		break;
	case 7:
		sb_printf(b, "Meanwhile the %s %s the %s %s, so %s can change underneath it.",
			  PICK(r, nouns), PICK(r, verbs3), PICK(r, nouns), PICK(r, situations),
			  PICK(r, objects));
		break;
	case 8:
		sb_printf(b, "No functional change is intended for other %ss.", PICK(r, nouns));
		break;
	case 9:
		sb_printf(b, "The %s %s %s, but nothing checks %s afterwards.", PICK(r, nouns),
			  PICK(r, verbs3), PICK(r, objects), PICK(r, objects));
		break;
	case 10:
		sb_printf(b, "As a result the %s is %s twice and the %s is left in an inconsistent state.",
			  PICK(r, nouns), PICK(r, pasts), PICK(r, nouns));
		break;
	default:
		sb_printf(b, "Make sure %s is valid before %s the %s %s.", PICK(r, objects),
			  PICK(r, gerunds), PICK(r, nouns), PICK(r, situations));
		break;
	}
}

/* Append text to out wrapped at 72 columns. */
static void wrap(struct sb *out, const char *text)
{
	size_t col = 0;
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, " ");
		if (col && col + 1 + n > 72) {
			sb_putc(out, '\n');
			col = 0;
		} else if (col) {
			sb_putc(out, ' ');
			col++;
		}
		sb_putn(out, p, n);
		col += n;
		p += n;
		p += strspn(p, " ");
	}
	sb_putc(out, '\n');
}

static struct sb para_buf;

static void paragraph(struct sb *out, uint64_t *r, uint32_t l)
{
	int n = 2 + (int)rbelow(r, 4);

	sb_reset(&para_buf);
	for (int k = 0; k < n; k++) {
		if (k)
			sb_putc(&para_buf, ' ');
		sentence(&para_buf, r, l);
	}
	wrap(out, para_buf.p);
}

static void oops_block(struct sb *out, uint64_t *r, uint32_t l)
{
	sb_printf(out, "  BUG: KASAN: %s in %s_%s+0x%x/0x%x\n", PICK(r, problems),
		  leaves[l].sym, PICK(r, funcwords), 0x10 + rbelow(r, 0x400), 0x400 + rbelow(r, 0x800));
	sb_printf(out, "  Read of size %u at addr ffff8880%08x by task %s/%u\n",
		  1u << rbelow(r, 4), (unsigned)(sm64(r) & 0xffffffffu), PICK(r, tasks),
		  100 + rbelow(r, 30000));
	sb_puts(out, "\n  Call Trace:\n   <TASK>\n   dump_stack_lvl+0x48/0x70\n");
	int n = 3 + (int)rbelow(r, 5);
	for (int k = 0; k < n; k++)
		sb_printf(out, "   %s_%s+0x%x/0x%x\n", leaves[l].sym, PICK(r, funcwords),
			  0x10 + rbelow(r, 0x300), 0x300 + rbelow(r, 0x600));
	sb_puts(out, "   </TASK>\n");
}

/* Fixes: line naming mainline commit x (id must be known). */
static void fixes_line(struct sb *b, uint32_t x, uint64_t *r)
{
	char h[41];
	double u = runif(r);

	hex(mid[x], h);
	if (u < 0.90)
		sb_printf(b, "Fixes: %.12s (\"", h);
	else if (u < 0.94)
		sb_printf(b, "Fixes: %.16s (\"", h);
	else if (u < 0.97)
		sb_printf(b, "Fixes: %s (\"", h);
	else
		sb_printf(b, "Fixes: commit %.12s (\"", h);
	plain_subject(b, x);
	sb_puts(b, "\")\n");
}

/*
 * The whole mainline message of commit i ("subject\n\nbody...trailers\n").
 * Needs mid[] of its Fixes:/revert target.
 */
/* The trailer block of mainline commit i. */
static void trailers(struct sb *t, uint32_t i, uint32_t l, uint64_t *r)
{
	if (mflags[i] & F_TAGGED)
		fixes_line(t, (uint32_t)mtarget[i], r);
	if (mflags[i] & F_NONSHA)
		sb_printf(t, "Fixes: https://bugzilla.kernel.org/show_bug.cgi?id=%u\n",
			  200000 + rbelow(r, 20000));
	if (mflags[i] & F_CC) {
		int maj, min;
		version((int)(i / I) > 1 ? (int)(i / I) - 1 - (int)rbelow(r, 2) : 0, &maj, &min);
		sb_printf(t, "Cc: stable@vger.kernel.org # v%d.%d+\n", maj, min);
	}
	if (runif(r) < 0.25) {
		if (runif(r) < 0.5)
			sb_printf(t, "Reported-by: syzbot+%016llx%04x@syzkaller.appspotmail.com\n",
				  (unsigned long long)sm64(r), rbelow(r, 65536));
		else {
			sb_puts(t, "Reported-by: ");
			person(t, rbelow(r, 5000));
			sb_putc(t, '\n');
		}
	}
	uint64_t q = stream(SALT_AUTH, i);
	uint32_t author = (uint32_t)(sm64(&q) % 5000);	/* as author_of() */
	sb_puts(t, "Signed-off-by: ");
	person(t, author);
	sb_putc(t, '\n');
	int nrev = (int)rbelow(r, 3);
	for (int k = 0; k < nrev; k++) {
		sb_puts(t, PICK(r, ((const char *const[]){ "Reviewed-by: ", "Acked-by: ",
							     "Reviewed-by: ", "Tested-by: " })));
		person(t, rbelow(r, 5000));
		sb_putc(t, '\n');
	}
	if (runif(r) < 0.7) {
		const char *f, *ln, *d;
		name_of(author, &f, &ln, &d);
		sb_printf(t, "Link: https://lore.kernel.org/r/%lld.%u-1-", (long long)mtime(i),
			  1000 + rbelow(r, 90000));
		email_lower(t, f);
		sb_printf(t, "@%s\n", d);
	}
	sb_puts(t, "Signed-off-by: ");
	person(t, 9000 + l);
	sb_putc(t, '\n');
}

/* The first commit of the topic that ends at mainline commit t. */
static uint32_t topic_start(uint32_t t)
{
	while (!(mkind[t] & K_START))
		t--;
	return t;
}

/*
 * --merges: the message of a merge, Linux's forms: Linus's pull of a
 * subsystem tree (`Merge tag ...`, with its shortlog) or of a topic, or the
 * tree's merge of a topic (`Merge branch ...`, the cover letter).  Prose and
 * subjects only, nothing that names a commit (regtrace reads no merge).
 */
static void merge_message(struct sb *b, uint32_t i)
{
	uint64_t r = stream(SALT_MERGEMSG, i);
	int kind = mkind[i] & K_KIND, maj, min;
	uint32_t from = kind == K_LMERGE ? mp1[i] + 1 : topic_start(mp2[i]);
	uint32_t l = leaf_of(from), rel = i / I < NREL ? i / I : NREL - 1;
	uint64_t q = stream(SALT_AUTH, from);
	uint32_t author = (uint32_t)(sm64(&q) % 5000);	/* as author_of() */
	const char *f, *last, *d;
	char name[96];

	version((int)rel, &maj, &min);
	name_of(9000 + l, &f, &last, &d);
	if (kind == K_LMERGE && (mkind[mp2[i]] & K_KIND) == K_SUBMERGE) {
		snprintf(name, sizeof(name), "%s-for-v%d.%d-%u", leaves[l].sym, maj, min, i % 1000);
		sb_printf(b, "Merge tag '%s' of git://git.kernel.org/pub/scm/linux/kernel/git/", name);
		email_lower(b, last);
		sb_printf(b, "/%s\n\nPull %s updates from %s %s:\n\n", leaves[l].sym, leaves[l].prefix, f, last);
		paragraph(b, &r, l);
		sb_printf(b, "\n* tag '%s' of git://git.kernel.org/pub/scm/linux/kernel/git/", name);
		email_lower(b, last);
		sb_printf(b, "/%s:\n", leaves[l].sym);
	} else {
		snprintf(name, sizeof(name), "%s-%s", leaves[l].sym, PICK(&r, funcwords));
		sb_printf(b, "Merge branch '%s'\n\n", name);
		if (kind == K_SUBMERGE) {
			person(b, author);
			sb_puts(b, " says:\n\n====================\n");
			paragraph(b, &r, l);
			sb_puts(b, "====================\n\nLink: https://lore.kernel.org/r/");
			name_of(author, &f, &last, &d);
			sb_printf(b, "%lld.%u-0-", (long long)mtime(i), 1000 + rbelow(&r, 90000));
			email_lower(b, f);
			sb_printf(b, "@%s\nSigned-off-by: ", d);
			person(b, 9000 + l);
			sb_putc(b, '\n');
			return;
		}
		sb_printf(b, "Merge %s fixes from ", leaves[l].prefix);
		person(b, author);
		sb_puts(b, ":\n\n");
		paragraph(b, &r, l);
		sb_printf(b, "\n* %s:\n", name);
	}
	/* The shortlog: the subjects of the commits merged, at most 20. */
	int shown = 0;
	for (uint32_t j = from; j < i; j++) {
		if (mflags[j] & F_MERGE)
			continue;
		if (shown++ == 20) {
			sb_puts(b, "  ...\n");
			break;
		}
		sb_puts(b, "  ");
		subject_of(b, j);
		sb_putc(b, '\n');
	}
}

static void mainline_message(struct sb *b, uint32_t i)
{
	char name[32];
	int fin;
	uint64_t r = stream(SALT_BODY, i);
	uint32_t l = leaf_of(i);

	sb_reset(b);
	if (i == 0) {
		sb_puts(b, "Import the kernel tree\n\nThe starting point of the generated history.\n");
		return;
	}
	if (mainline_tag(i, name, sizeof(name), &fin)) {
		sb_printf(b, "Linux %s\n", name + 1);
		return;
	}
	if (mflags[i] & F_MERGE) {
		merge_message(b, i);
		return;
	}
	subject_of(b, i);
	sb_puts(b, "\n\n");
	/* Length aimed at: 0.5 to 3 KB, most near 1 KB. */
	double u = runif(&r);
	size_t want = 500 + (size_t)(2500.0 * u * u * u);
	if (mflags[i] & F_REVERT) {
		char h[41];
		hex(mid[mtarget[i]], h);
		sb_printf(b, "This reverts commit %s.\n\n", h);
	}
	uint64_t q = stream(SALT_TRAIL, i);
	static struct sb trl;
	sb_reset(&trl);
	trailers(&trl, i, l, &q);
	/* Paragraphs until the aim is reached, none that would pass 3,000 bytes. */
	int block = runif(&r) < 0.12;
	while (b->n + trl.n < want) {
		size_t before = b->n;
		paragraph(b, &r, l);
		sb_putc(b, '\n');
		if (block) {
			oops_block(b, &r, l);
			sb_putc(b, '\n');
			block = 0;
		}
		if (b->n + trl.n > 3000 && before + trl.n >= 500) {
			b->n = before;
			b->p[b->n] = '\0';
			break;
		}
	}
	sb_putn(b, trl.p, trl.n);
}

/* ------------------------------------------------------------------ stable plan */

enum { SC_BACKPORT, SC_GREVERT, SC_REAPPLY, SC_RELEASE, SC_MERGE };

struct sc {
	uint8_t kind;
	uint8_t form;		/* BACKPORT: 0 "commit X upstream.", 1 "[ Upstream commit X ]" */
	uint16_t rel;		/* release number 1..R */
	uint32_t up;		/* BACKPORT: the mainline commit */
	int32_t rev;		/* GREVERT/REAPPLY: the stable commit reverted; MERGE: the topic */
	uint8_t used;		/* planning: already the target of a planted role */
	uint16_t topic;		/* --merges: 0 on the branch, else the topic it is on */
	uint8_t id[20];
};

/*
 * --merges: a topic of a stable series, forked from a mainline commit
 * before the series' base (an ancestor of BASE, as git's maint merges
 * topics forked from older releases), merged into the branch within one
 * release.  Its commits are the plan's [first, merge), all on the topic.
 */
struct stopic {
	uint32_t fork;		/* mainline index of the fork point */
	uint32_t first, merge;	/* plan indices: the first commit, the merge */
};

struct counts {
	long commits, tagged, fixes, reverts, same_release, visible, pairs, regressions;
	long duplicates, reapplies, ambiguous, preemptive, fixes_outside, nonsha_fixes_lines;
	long unfixed;
};

struct series {
	int base_r;		/* mainline release index */
	uint32_t b;		/* mainline index of the base release commit */
	char base[16], branch[24];
	struct sc *sc;
	uint32_t n;
	uint8_t *taken;		/* per mainline commit: backported here */
	uint8_t *forbid;	/* per mainline commit: must never be backported here */
	struct counts want;	/* planned roles, for the log */
	struct counts got;	/* by README's rules: the planted numbers */
	uint8_t tip[20];
	struct tree tree;
	uint32_t releases;	/* releases emitted (cfg.releases, one more when extended) */
	double tagfrac, fixfrac;	/* the role proportions drawn by plan_series */
	int64_t last_t;		/* committer date of the last commit emitted */
	uint32_t ext_first;	/* --extend: index of the first commit of the new release */
	uint8_t ext_from[20];	/* --extend: the tip before the new release */
	struct stopic *tp;	/* --merges: topics 1..ntp-1 (0 unused: "on the branch") */
	uint32_t ntp, cap;	/* topics + 1; plan entries allocated */
	uint32_t ext_fork;	/* --merges --extend: the new release's topic's fork point */
	/* --merges, by evaluate(): fixes on topics (of earlier commits of their
	 * topic, so same release), and fixes on the branch of topic commits
	 * (merged before them), same-release ones among those.  Informational. */
	long fixes_on_topics, fixes_of_topics, same_of_topics;
};

static const int series_base_r[NSERIES] = { 34, 39, 45, 51, 56 }; /* v4.14 v4.19 v5.4 v5.10 v5.15 */
static struct series S[NSERIES];

struct vec {
	uint32_t *v;
	size_t n, cap;
};

static void vec_push(struct vec *v, uint32_t x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n++] = x;
}

static int usable_target(uint32_t x)
{
	return !(mflags[x] & (F_RELEASE | F_REVERT)) && fixer_of[x] < 0;
}

static void assign_fix(uint32_t m, uint32_t x)
{
	mtarget[m] = (int32_t)x;
	fixer_of[x] = (int32_t)m;
}

/* Is some series (other than skip) backporting x? */
static int taken_anywhere(uint32_t x, int skip)
{
	for (int s = 0; s < NSERIES; s++)
		if (s != skip && S[s].taken && S[s].taken[x])
			return 1;
	return 0;
}

/* A random element of v, biased to recent ones, not yet used; -1 if none. */
static int64_t pick_elig(struct series *s, struct vec *v, uint64_t *r, int untagged_only)
{
	for (int tries = 0; tries < 40 && v->n; tries++) {
		double u = runif(r);
		size_t k = v->n - 1 - (size_t)((double)v->n * u * u * u);
		if (k >= v->n)
			k = v->n - 1;
		uint32_t j = v->v[k];
		if (s->sc[j].used) {
			v->v[k] = v->v[--v->n];
			continue;
		}
		if (untagged_only && (mflags[s->sc[j].up] & F_TAGGED))
			continue;
		return j;
	}
	return -1;
}

/* R_PREEMPT (--merges only): on a topic, the backport of the mainline fix of
 * a copy outside the topic, so not in its history: a preemptive reference. */
enum role { R_UNTAGGED, R_TAGOUT, R_REGFIX, R_GREVERT, R_UPREVERT, R_DUP, R_REAPPLY, R_PREEMPT,
	    R_NROLES };

/* cnt[k] slots of each role k (slots in all), in a random order drawn from r. */
static uint8_t *shuffled_roles(const long *cnt, size_t slots, uint64_t *r)
{
	uint8_t *roles = xcalloc(slots, 1);
	size_t at = 0;

	for (int k = 0; k < R_NROLES; k++)
		for (long j = 0; j < cnt[k]; j++)
			roles[at++] = (uint8_t)k;
	for (size_t j = slots; j > 1; j--) {
		size_t q = rbelow(r, (uint32_t)j);
		uint8_t t = roles[j - 1];
		roles[j - 1] = roles[q];
		roles[q] = t;
	}
	return roles;
}

struct planner {
	struct series *s;
	int si;
	uint64_t r;
	uint32_t k, fk;		/* current release and its mainline frontier */
	struct vec elig, elig_cur, greverts;
	long pending[R_NROLES];
	long done[R_NROLES];
	long same_planned;
	/* --merges: the topic being planned (0: none).  Only the topic's own
	 * earlier commits are in its history, so while on a topic every target
	 * is drawn from elig_topic / greverts_topic; at its merge they join the
	 * release's (elig_cur, greverts). */
	uint32_t topic, topic_left;
	struct vec elig_topic, greverts_topic;
};

static struct sc *add_sc(struct planner *p, uint8_t kind)
{
	struct series *s = p->s;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->sc = xrealloc(s->sc, (size_t)s->cap * sizeof(*s->sc));
	}
	struct sc *c = &s->sc[s->n++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->rel = (uint16_t)p->k;
	c->rev = -1;
	c->topic = (uint16_t)p->topic;
	return c;
}

static void add_backport(struct planner *p, uint32_t m, int eligible)
{
	struct sc *c = add_sc(p, SC_BACKPORT);

	c->up = m;
	c->form = runif(&p->r) < 0.8 ? 0 : 1;
	p->s->taken[m] = 1;
	if (eligible)
		vec_push(p->topic ? &p->elig_topic : &p->elig_cur, p->s->n - 1);
}

/* Where targets in the history of the next commit are drawn from: the
 * current release's copies (same) or the earlier releases'; on a topic,
 * the topic's. */
static struct vec *targets(struct planner *p, int same)
{
	return p->topic ? &p->elig_topic : same ? &p->elig_cur : &p->elig;
}

/* --merges: the next n commits are a topic forked from mainline commit fork. */
static void start_topic(struct planner *p, uint32_t fork, uint32_t n)
{
	struct series *s = p->s;

	if (!s->ntp)
		s->ntp = 1;
	s->tp = xrealloc(s->tp, (size_t)(s->ntp + 1) * sizeof(*s->tp));
	if (s->ntp >= 65535)
		die("too many topics");
	s->tp[s->ntp] = (struct stopic){ fork, s->n, 0 };
	p->topic = s->ntp++;
	p->topic_left = n;
	p->elig_topic.n = p->greverts_topic.n = 0;
}

/* After each commit: the topic's merge when its last commit is planned. */
static void topic_step(struct planner *p)
{
	if (!p->topic || --p->topic_left)
		return;
	uint32_t t = p->topic;
	p->topic = 0;
	add_sc(p, SC_MERGE)->rev = (int32_t)t;
	p->s->tp[t].merge = p->s->n - 1;
	for (size_t j = 0; j < p->elig_topic.n; j++)
		vec_push(&p->elig_cur, p->elig_topic.v[j]);
	for (size_t j = 0; j < p->greverts_topic.n; j++)
		vec_push(&p->greverts, p->greverts_topic.v[j]);
}

static int pool_ok(struct planner *p, uint32_t m)
{
	return !p->s->taken[m] && !p->s->forbid[m] && !(mflags[m] & (F_RELEASE | F_REVERT | F_REVTGT));
}

/* Scan for a mainline commit passing ok(), starting recent-biased in (b, fk]. */
static int64_t scan_pool(struct planner *p, int (*ok)(struct planner *, uint32_t))
{
	uint32_t lo = p->s->b + 1, hi = p->fk;
	double u = runif(&p->r);
	uint32_t start = hi - (uint32_t)((double)(hi - lo) * u * u);

	for (uint32_t m = start; m <= hi; m++)
		if (ok(p, m))
			return m;
	for (uint32_t m = start; m-- > lo;)
		if (ok(p, m))
			return m;
	return -1;
}

static int ok_untagged(struct planner *p, uint32_t m)
{
	return pool_ok(p, m) && !(mflags[m] & F_TAGGED);
}

static int ok_tagout(struct planner *p, uint32_t m)
{
	if (!pool_ok(p, m) || !(mflags[m] & F_TAGGED))
		return 0;
	if (mtarget[m] >= 0 && p->s->taken[mtarget[m]])
		return 0;	/* would be an unplanned regression fix */
	return 1;
}

static int try_untagged(struct planner *p)
{
	int64_t m = scan_pool(p, ok_untagged);

	if (m < 0)
		return 0;
	add_backport(p, (uint32_t)m, 1);
	return 1;
}

static int try_tagout(struct planner *p)
{
	struct series *s = p->s;
	int64_t m = scan_pool(p, ok_tagout);

	if (m < 0)
		return 0;
	if (mtarget[m] < 0) {
		/* Choose what it fixes: mostly a commit older than the base. */
		int64_t x = -1;
		if (runif(&p->r) < 0.35 && (uint32_t)m > s->b + 2) {
			uint32_t c = s->b + 1 + rbelow(&p->r, (uint32_t)m - s->b - 1);
			for (uint32_t t = c; t < (uint32_t)m && x < 0; t++)
				if (usable_target(t) && !s->taken[t] && !taken_anywhere(t, -1))
					x = t;
		}
		if (x < 0) {
			uint32_t span = s->b > 6 * I ? 6 * I : s->b - 1;
			uint32_t c = s->b - 1 - rbelow(&p->r, span);
			for (uint32_t t = c; t >= 1 && x < 0; t--)
				if (usable_target(t))
					x = t;
		}
		if (x < 0)
			return 0;
		assign_fix((uint32_t)m, (uint32_t)x);
	}
	if ((uint32_t)mtarget[m] > s->b)
		s->forbid[mtarget[m]] = 1;
	add_backport(p, (uint32_t)m, 1);
	return 1;
}

/* A regression fix: the backport of a mainline fix of an earlier copy. */
static int try_regfix(struct planner *p, int same)
{
	struct series *s = p->s;

	for (int tries = 0; tries < 8; tries++) {
		struct vec *v = targets(p, same);
		int64_t j = pick_elig(s, v, &p->r, 0);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		int64_t m = -1;
		if (fixer_of[u] >= 0) {
			/* Its one mainline fix already exists: take it if we can. */
			m = fixer_of[u];
			if ((uint32_t)m > p->fk || !pool_ok(p, (uint32_t)m))
				m = -1;
		} else if (u + 1 <= p->fk) {
			uint32_t span = p->fk - u;
			uint32_t lim = span < 2 * I ? span : 2 * I;
			uint32_t start = u + 1 + rbelow(&p->r, lim);
			for (uint32_t k = 0; k < span && m < 0; k++) {
				uint32_t t = u + 1 + (start - u - 1 + k) % span;
				if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && pool_ok(p, t))
					m = t;
			}
			if (m >= 0)
				assign_fix((uint32_t)m, u);
		}
		if (m < 0)
			continue;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 1);
		p->same_planned += same || p->topic;
		return 1;
	}
	return 0;
}

static int try_grevert(struct planner *p, int same)
{
	int64_t j = pick_elig(p->s, targets(p, same), &p->r, 0);

	if (j < 0)
		return 0;
	p->s->sc[j].used = 1;
	struct sc *c = add_sc(p, SC_GREVERT);
	c->rev = (int32_t)j;
	vec_push(p->topic ? &p->greverts_topic : &p->greverts, p->s->n - 1);
	p->same_planned += same || p->topic;
	return 1;
}

/* The backport of a mainline revert of an earlier copy. */
static int try_uprevert(struct planner *p, int same)
{
	struct series *s = p->s;

	for (int tries = 0; tries < 8; tries++) {
		int64_t j = pick_elig(s, targets(p, same), &p->r, 1);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		if (taken_anywhere(u, p->si))
			continue;	/* keep `unfixed` unambiguous in the other series */
		int64_t m = -1;
		for (uint32_t t = u + 1; t <= p->fk && m < 0; t++)
			if ((mflags[t] & F_REVERT) && mtarget[t] < 0 && !s->taken[t] && !s->forbid[t])
				m = t;
		if (m < 0)
			continue;
		mtarget[m] = (int32_t)u;
		mflags[u] |= F_REVTGT;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 0);
		p->same_planned += same || p->topic;
		return 1;
	}
	return 0;
}

static int try_dup(struct planner *p)
{
	struct vec *v = runif(&p->r) < 0.5 ? &p->elig_cur : &p->elig;
	int64_t j = pick_elig(p->s, p->topic ? &p->elig_topic : v, &p->r, 1);

	if (j < 0)
		return 0;
	p->s->sc[j].used = 1;
	add_backport(p, p->s->sc[j].up, 0);
	return 1;
}

static int try_reapply(struct planner *p)
{
	struct vec *gv = p->topic ? &p->greverts_topic : &p->greverts;

	while (gv->n) {
		uint32_t k = rbelow(&p->r, (uint32_t)gv->n);
		uint32_t g = gv->v[k];
		gv->v[k] = gv->v[--gv->n];
		if (p->s->sc[g].used)
			continue;
		p->s->sc[g].used = 1;
		struct sc *c = add_sc(p, SC_REAPPLY);
		c->rev = (int32_t)g;
		return 1;
	}
	return 0;
}

/*
 * --merges, on a topic: the backport of the one mainline fix of a copy
 * outside the topic (the branch, or an earlier topic), so in no history the
 * fix has: its reference is preemptive.  The copy must be the only one of
 * its upstream commit and no planted role's target, and is none afterwards.
 */
static int try_preempt(struct planner *p)
{
	struct series *s = p->s;

	if (!p->topic)
		return 0;
	for (int tries = 0; tries < 8; tries++) {
		int64_t j = pick_elig(s, runif(&p->r) < 0.5 ? &p->elig_cur : &p->elig, &p->r, 0);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		int64_t m = -1;
		if (fixer_of[u] >= 0) {
			m = fixer_of[u];
			if ((uint32_t)m > p->fk || !pool_ok(p, (uint32_t)m))
				m = -1;
		} else {
			for (uint32_t t = u + 1; t <= p->fk && m < 0; t++)
				if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && pool_ok(p, t))
					m = t;
			if (m >= 0)
				assign_fix((uint32_t)m, u);
		}
		if (m < 0)
			continue;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 0);
		return 1;
	}
	return 0;
}

static int try_role(struct planner *p, int role)
{
	int same = runif(&p->r) < 1.0 / 3.0;

	switch (role) {
	case R_UNTAGGED: return try_untagged(p);
	case R_TAGOUT: return try_tagout(p);
	case R_REGFIX: return try_regfix(p, same) || try_regfix(p, !same);
	case R_GREVERT: return try_grevert(p, same) || try_grevert(p, !same);
	case R_UPREVERT: return try_uprevert(p, same) || try_uprevert(p, !same);
	case R_DUP: return try_dup(p);
	case R_REAPPLY: return try_reapply(p);
	case R_PREEMPT: return try_preempt(p);
	}
	return 0;
}

static long lround_pos(double x)
{
	return x <= 0 ? 0 : (long)(x + 0.5);
}

/* Release sizes: `slots` backports spread unevenly over R releases. */
static uint32_t *release_sizes(struct planner *p, uint32_t R, uint32_t slots)
{
	double *w = xcalloc(R, sizeof(double)), sum = 0;
	for (uint32_t k = 0; k < R; k++)
		sum += (w[k] = 0.4 + 1.2 * runif(&p->r) + (k < R / 20 ? 1.5 : 0));
	uint32_t *size = xcalloc(R, sizeof(uint32_t));
	double acc = 0;
	uint32_t prev = 0;
	for (uint32_t k = 0; k < R; k++) {
		acc += w[k];
		uint32_t upto = k == R - 1 ? slots : (uint32_t)(acc / sum * slots);
		size[k] = upto - prev;
		prev = upto;
	}
	free(w);
	return size;
}

/* The role of each of the `slots` backports of a series of C commits, in
 * proportion (README of bench: the seed article's numbers), shuffled. */
static uint8_t *series_roles(struct planner *p, uint32_t C, uint32_t slots)
{
	struct series *s = p->s;
	double tagfrac = 0.42 + 0.16 * runif(&p->r);
	double fixfrac = 0.03 + 0.02 * runif(&p->r);
	s->tagfrac = tagfrac;
	s->fixfrac = fixfrac;
	long nfix = lround_pos(fixfrac * C);
	long nrev = lround_pos(nfix / 6.0);
	long nup = nrev / 8;
	long cnt[R_NROLES] = { 0 };
	cnt[R_UPREVERT] = nup;
	cnt[R_GREVERT] = nrev - nup;
	cnt[R_REGFIX] = nfix - nrev;
	cnt[R_DUP] = lround_pos(0.002 * C) ? lround_pos(0.002 * C) : 1;
	cnt[R_REAPPLY] = lround_pos(0.001 * C) ? lround_pos(0.001 * C) : 1;
	cnt[R_TAGOUT] = lround_pos(tagfrac * C) - cnt[R_REGFIX];
	if (cfg.merges)
		cnt[R_PREEMPT] = lround_pos(0.002 * C) ? lround_pos(0.002 * C) : 1;
	long rest = (long)slots;
	for (int k = 1; k < R_NROLES; k++)
		rest -= cnt[k];
	if (rest < 0)
		die("series too small for its roles");
	cnt[R_UNTAGGED] = rest;
	return shuffled_roles(cnt, slots, &p->r);
}

/* --merges: about 8% of the commits come on topics of 3-22 commits, each
 * within one release (`left` commits left in it), forked 1/20 to 2 mainline
 * releases before the base. */
static void maybe_start_topic(struct planner *p, uint64_t *tr, uint32_t left)
{
	if (!cfg.merges || p->topic || left < 3 || runif(tr) >= 0.007)
		return;
	uint32_t len = 3 + rbelow(tr, 20), back = I / 20 + rbelow(tr, 2 * I);
	if (len > left)
		len = left;
	uint32_t f = fp_at_or_before(p->s->b - back);
	fork_uses[f]++;
	start_topic(p, f, len);
}

/* One backport of the plan, drawn as `role`: a role that could not be placed
 * earlier goes first (and `role` waits in its place), then `role` itself,
 * else an untagged or tagged-outside backport (and `role` waits). */
static void place_role(struct planner *p, int role)
{
	for (int q = R_NROLES - 1; q > 0; q--)
		if (p->pending[q] && try_role(p, q)) {
			p->pending[q]--;
			p->done[q]++;
			if (role != R_UNTAGGED)
				p->pending[role]++;
			return;
		}
	if (try_role(p, role)) {
		p->done[role]++;
		return;
	}
	if (role != R_UNTAGGED)
		p->pending[role]++;
	if (try_untagged(p))
		p->done[R_UNTAGGED]++;
	else if (try_tagout(p))
		p->done[R_TAGOUT]++;
	else
		die("%s: mainline window exhausted at release %u", p->s->base, p->k);
}

/* A few mainline fixes of backported commits that the series never takes:
 * how many were planted. */
static long plant_unfixed(struct planner *p, uint32_t C)
{
	struct series *s = p->s;
	long want_unfixed = lround_pos(0.01 * C), planted = 0;
	for (long tries = 0; planted < want_unfixed && tries < 50 * want_unfixed; tries++) {
		uint32_t j = rbelow(&p->r, s->n);
		struct sc *c = &s->sc[j];
		if (c->kind != SC_BACKPORT || c->used || fixer_of[c->up] >= 0 ||
		    (mflags[c->up] & (F_REVERT | F_RELEASE)))
			continue;
		uint32_t hi = c->up + 3 * I < N ? c->up + 3 * I : N - 1;
		uint32_t start = c->up + 1 + rbelow(&p->r, hi - c->up);
		for (uint32_t t = start; t <= hi; t++)
			if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && !s->taken[t]) {
				assign_fix(t, c->up);
				planted++;
				break;
			}
	}
	return planted;
}

static void plan_series(int si)
{
	struct series *s = &S[si];
	struct planner p = { .s = s, .si = si };
	uint32_t C = cfg.series_commits, R = cfg.releases, slots = C - R;

	p.r = stream(SALT_PLAN, (uint64_t)si);
	s->cap = cfg.merges ? C + C / 3 + 16 : C;
	s->sc = xcalloc(s->cap, sizeof(*s->sc));
	s->taken = xcalloc(N, 1);
	s->forbid = xcalloc(N, 1);
	uint32_t *size = release_sizes(&p, R, slots);
	s->releases = R;
	uint8_t *roles = series_roles(&p, C, slots);
	size_t at = 0;
	uint64_t tr = stream(SALT_STOPIC, (uint64_t)si);	/* --merges: the topics */
	uint32_t W = WINDOW_RELEASES * I;

	for (p.k = 1; p.k <= R; p.k++) {
		p.fk = s->b + (uint32_t)((uint64_t)W * p.k / R);
		p.elig_cur.n = 0;
		for (uint32_t j = 0; j < size[p.k - 1]; j++, at++) {
			maybe_start_topic(&p, &tr, size[p.k - 1] - j);
			place_role(&p, roles[at]);
			topic_step(&p);
		}
		add_sc(&p, SC_RELEASE);
		for (size_t j = 0; j < p.elig_cur.n; j++)
			vec_push(&p.elig, p.elig_cur.v[j]);
	}
	if (s->n != C + (s->ntp ? s->ntp - 1 : 0))
		die("internal: planned %u commits, wanted %u", s->n, C);
	for (int k = 1; k < R_NROLES; k++)
		if (p.pending[k])
			fprintf(stderr, "bench-gen: %s: %ld planned role-%d commits could not be placed\n",
				s->base, p.pending[k], k);
	long planted = plant_unfixed(&p, C);

	s->want.commits = C;
	s->want.fixes = p.done[R_REGFIX] + p.done[R_GREVERT] + p.done[R_UPREVERT];
	s->want.reverts = p.done[R_GREVERT] + p.done[R_UPREVERT];
	s->want.tagged = p.done[R_REGFIX] + p.done[R_TAGOUT] + p.done[R_PREEMPT];
	s->want.same_release = p.same_planned;
	s->want.duplicates = p.done[R_DUP];
	s->want.reapplies = p.done[R_REAPPLY];
	s->want.preemptive = p.done[R_PREEMPT];
	s->want.unfixed = planted;
	free(size);
	free(roles);
	free(p.elig.v);
	free(p.elig_cur.v);
	free(p.greverts.v);
	free(p.elig_topic.v);
	free(p.greverts_topic.v);
}

/* Targets of the mainline Fixes: and reverts no series planned. */
static void finish_mainline(void)
{
	uint64_t r = stream(SALT_FINAL, 0);

	for (uint32_t i = 1; i < N; i++) {
		if (mtarget[i] >= 0 || !(mflags[i] & (F_TAGGED | F_REVERT)))
			continue;
		int revert = (mflags[i] & F_REVERT) != 0;
		int64_t x = -1;
		for (int tries = 0; tries < 64 && x < 0; tries++) {
			uint32_t t;
			if (revert || runif(&r) < 0.6) {
				uint32_t span = i - 1 < 2 * I ? i - 1 : 2 * I;
				t = i - 1 - rbelow(&r, span);
			} else {
				t = 1 + rbelow(&r, i - 1);
			}
			if (t == 0 || t >= i || !usable_target(t) || taken_anywhere(t, -1))
				continue;
			if (revert && (mflags[t] & (F_TAGGED | F_NONSHA | F_REVTGT)))
				continue;
			x = t;
		}
		if (x < 0) {
			/* Give up on this one: drop its tag. */
			mflags[i] &= (uint8_t)~(F_TAGGED | F_REVERT);
			continue;
		}
		if (revert) {
			mtarget[i] = (int32_t)x;
			mflags[x] |= F_REVTGT;
		} else {
			assign_fix(i, (uint32_t)x);
		}
	}
}

/* ------------------------------------------------------------------ extension */

/*
 * --extend E: one more release of series si, of E commits (the last one the
 * "Linux X.Y.N" release commit), planned after everything else, from its own
 * random stream, so the base history (plan, ids, stream) stays exactly what it
 * is without --extend.  The mainline is already complete: every mainline
 * Fixes: and revert has its target (finish_mainline), so the new release
 * only chooses among existing commits, and keeps the invariants of
 * bench/README.md:
 *
 *   untagged / tagged backports: the same pool as plan_series (pool_ok: not
 *     taken, not forbidden, no release, revert or revert target; a tagged one
 *     only if its target is not in the series, which is then forbidden);
 *   regression fix: the backport of the one mainline fix of a live copy that
 *     is the only copy of its upstream commit and no planted role's target yet
 *     (these are the series' `unfixed` commits whose fix is in the pool);
 *   Greg revert: of such a copy (by stable id);
 *   duplicate: a second copy of such a copy's untagged upstream commit;
 *   reapply: of a Greg revert not reapplied yet.
 *
 * No mainline revert is taken (an upstream revert would need a mainline revert
 * with no target yet; there is none left).  The planted numbers of the
 * extended range are then evaluate()'s, over the whole extended series.
 */
static uint16_t *ncopies;	/* per mainline commit: copies in the series being extended */

static int ext_target_ok(struct series *s, uint32_t j)
{
	struct sc *c = &s->sc[j];

	return c->kind == SC_BACKPORT && !c->used && ncopies[c->up] == 1 &&
	       !(mflags[c->up] & F_REVERT);
}

/* A random element of the candidates in [from, s->n) passing ok, or -1. */
static int64_t ext_pick(struct planner *p, uint32_t from,
			int (*ok)(struct planner *, uint32_t), struct vec *tmpv)
{
	tmpv->n = 0;
	for (uint32_t j = from; j < p->s->n; j++)
		if (ok(p, j))
			vec_push(tmpv, j);
	if (!tmpv->n)
		return -1;
	return tmpv->v[rbelow(&p->r, (uint32_t)tmpv->n)];
}

static int ok_ext_regfix(struct planner *p, uint32_t j)
{
	struct series *s = p->s;
	int32_t m;

	if (!ext_target_ok(s, j) || (m = fixer_of[s->sc[j].up]) < 0)
		return 0;
	return (uint32_t)m <= p->fk && pool_ok(p, (uint32_t)m);
}

static int ok_ext_grevert(struct planner *p, uint32_t j)
{
	return ext_target_ok(p->s, j);
}

static int ok_ext_dup(struct planner *p, uint32_t j)
{
	return ext_target_ok(p->s, j) && !(mflags[p->s->sc[j].up] & F_TAGGED);
}

static int ok_ext_reapply(struct planner *p, uint32_t j)
{
	return p->s->sc[j].kind == SC_GREVERT && !p->s->sc[j].used;
}

static struct vec ext_tmp;

static int try_ext_role(struct planner *p, int role, uint32_t first)
{
	struct series *s = p->s;
	int same = runif(&p->r) < 1.0 / 3.0;
	int64_t j = -1;

	/* --merges: the new release's topic has only backports from the pool
	 * (nothing before it is in its history); the other roles wait. */
	if (p->topic && role != R_UNTAGGED && role != R_TAGOUT)
		return 0;
	switch (role) {
	case R_UNTAGGED:
		if (!try_untagged(p))
			return 0;
		ncopies[s->sc[s->n - 1].up]++;
		return 1;
	case R_TAGOUT:
		if (!try_tagout(p))
			return 0;
		ncopies[s->sc[s->n - 1].up]++;
		return 1;
	case R_REGFIX:
	case R_GREVERT: {
		int (*ok)(struct planner *, uint32_t) = role == R_REGFIX ? ok_ext_regfix : ok_ext_grevert;
		if (same)
			j = ext_pick(p, first, ok, &ext_tmp);
		if (j < 0)
			j = ext_pick(p, 0, ok, &ext_tmp);
		if (j < 0)
			return 0;
		s->sc[j].used = 1;
		if (role == R_REGFIX) {
			uint32_t m = (uint32_t)fixer_of[s->sc[j].up];
			add_backport(p, m, 1);
			ncopies[m]++;
		} else {
			add_sc(p, SC_GREVERT)->rev = (int32_t)j;
		}
		p->same_planned += (uint32_t)j >= first;
		return 1;
	}
	case R_DUP:
		if ((j = ext_pick(p, 0, ok_ext_dup, &ext_tmp)) < 0)
			return 0;
		s->sc[j].used = 1;
		add_backport(p, s->sc[j].up, 0);
		ncopies[s->sc[j].up]++;
		return 1;
	case R_REAPPLY:
		if ((j = ext_pick(p, 0, ok_ext_reapply, &ext_tmp)) < 0)
			return 0;
		s->sc[j].used = 1;
		add_sc(p, SC_REAPPLY)->rev = (int32_t)j;
		return 1;
	}
	return 0;
}

static void plan_extension(int si, uint32_t E)
{
	struct series *s = &S[si];
	struct planner p = { .s = s, .si = si };
	uint32_t first = s->n, slots = E - 1;

	for (uint32_t m = 1; m < N; m++)
		if ((mflags[m] & F_TAGGED) && mtarget[m] < 0)
			die("internal: mainline commit %u has Fixes: without a target", m);
	p.r = stream(SALT_EXT, (uint64_t)si);
	p.k = s->releases + 1;
	p.fk = s->b + (uint32_t)((uint64_t)WINDOW_RELEASES * I * p.k / cfg.releases);
	if (p.fk >= N)
		p.fk = N - 1;
	s->sc = xrealloc(s->sc, (size_t)(s->n + E) * sizeof(*s->sc));
	s->cap = s->n + E;
	s->ext_first = first;
	ncopies = xcalloc(N, sizeof(*ncopies));
	for (uint32_t j = 0; j < s->n; j++)
		if (s->sc[j].kind == SC_BACKPORT)
			ncopies[s->sc[j].up]++;

	/* The series' own proportions; at least 3 regression fixes and a revert. */
	long nfix = lround_pos(s->fixfrac * E);
	if (nfix < 4)
		nfix = 4;
	long cnt[R_NROLES] = { 0 };
	cnt[R_GREVERT] = lround_pos(nfix / 6.0) ? lround_pos(nfix / 6.0) : 1;
	cnt[R_REGFIX] = nfix - cnt[R_GREVERT];
	cnt[R_DUP] = lround_pos(0.002 * E) ? lround_pos(0.002 * E) : 1;
	cnt[R_REAPPLY] = lround_pos(0.001 * E) ? lround_pos(0.001 * E) : 1;
	cnt[R_TAGOUT] = lround_pos(s->tagfrac * E) - cnt[R_REGFIX];
	long rest = (long)slots;
	for (int k = 1; k < R_NROLES; k++)
		rest -= cnt[k];
	if (rest < 0 || cnt[R_TAGOUT] < 0)
		die("--extend %u: too small for its roles", E);
	cnt[R_UNTAGGED] = rest;
	uint8_t *roles = shuffled_roles(cnt, slots, &p.r);
	size_t at = 0;
	/* --merges: a tenth of the new release (3 commits at least) comes on a
	 * topic forked before the base, from a third of the way in. */
	uint32_t tstart = slots / 3, tlen = E / 10 < 3 ? 3 : E / 10;
	if (tlen > slots - tstart)
		tlen = slots - tstart;
	/* As plan_series: a role that cannot be placed is tried again later. */
	for (at = 0; at < slots; at++) {
		int role = roles[at], ok = 0;
		if (cfg.merges && at == tstart)
			start_topic(&p, s->ext_fork, tlen);
		for (int q = R_NROLES - 1; q > 0 && !ok; q--)
			if (p.pending[q] && try_ext_role(&p, q, first)) {
				p.pending[q]--;
				p.done[q]++;
				if (role != R_UNTAGGED)
					p.pending[role]++;
				ok = 1;
			}
		if (!ok && try_ext_role(&p, role, first)) {
			p.done[role]++;
			ok = 1;
		}
		if (!ok) {
			if (role != R_UNTAGGED)
				p.pending[role]++;
			if (try_ext_role(&p, R_UNTAGGED, first))
				p.done[R_UNTAGGED]++;
			else if (try_ext_role(&p, R_TAGOUT, first))
				p.done[R_TAGOUT]++;
			else
				die("%s: mainline window exhausted in the extension", s->base);
		}
		topic_step(&p);
	}
	add_sc(&p, SC_RELEASE);
	s->releases = p.k;
	if (s->n != first + E + (cfg.merges ? 1 : 0))
		die("internal: extension of %u commits, wanted %u", s->n - first, E);
	for (int k = 1; k < R_NROLES; k++)
		if (p.pending[k])
			fprintf(stderr, "bench-gen: extension: %ld planned role-%d commits could not be placed\n",
				p.pending[k], k);
	fprintf(stderr, "bench-gen: extension %s.%u: %u commits: untagged %ld tagged-outside %ld "
		"regression-fixes %ld greg-reverts %ld (same release %ld) duplicates %ld reapplies %ld\n",
		s->base, p.k, E, p.done[R_UNTAGGED], p.done[R_TAGOUT], p.done[R_REGFIX],
		p.done[R_GREVERT], p.same_planned, p.done[R_DUP], p.done[R_REAPPLY]);
	if (!p.done[R_REGFIX] || !p.done[R_GREVERT])
		die("extension: no regression fix or no revert could be placed");
	free(roles);
	free(ncopies);
	free(p.elig.v);
	free(p.elig_cur.v);
	free(p.elig_topic.v);
	free(p.greverts_topic.v);
	free(ext_tmp.v);
}

/* ------------------------------------------------------------------ evaluation */

/*
 * README.md's rules, specialised to this history: linear series, every
 * reference a full 40-hex id or a prefix of 12+ digits that is unique among
 * all commit ids, aliases all 40 hex.  So a reference to mainline commit X
 * matches exactly the series copies of X, and a reference to a stable
 * commit matches exactly that commit.
 */
struct evalx {
	struct series *s;
	int32_t *copy_head, *copy_next;		/* per mainline X: copies in history order */
	int32_t *rv_head, *rv_next;		/* per stable commit: commits reverting it */
	uint8_t *is_revert;			/* has a revert reference */
};

/*
 * Is plan entry x a proper ancestor of f (f >= s->n: the tip)?  Parents come
 * before children in the plan.  A linear series: x < f.  With --merges'
 * topics: on the branch, everything before (a merged topic included); on a
 * topic, only its own earlier commits (it forked before the base).
 */
static int anc(const struct series *s, uint32_t x, uint32_t f)
{
	if (x >= f)
		return 0;
	if (f >= s->n)
		return 1;
	uint32_t tx = s->sc[x].topic, tf = s->sc[f].topic;
	if (tx == tf)
		return 1;
	return tx && !tf && s->tp[tx].merge < f;
}

static int live(struct evalx *e, uint32_t c, uint32_t f)
{
	for (int32_t v = e->rv_head[c]; v >= 0; v = e->rv_next[v])
		if (anc(e->s, (uint32_t)v, f) && live(e, (uint32_t)v, f))
			return 0;
	return 1;
}

/* Target of a reference to mainline commit x from commit f, -1 outside, -2 preemptive. */
static int64_t resolve_x(struct evalx *e, uint32_t x, uint32_t f)
{
	int64_t latest = -1;
	int any = 0;

	for (int32_t c = e->copy_head[x]; c >= 0; c = e->copy_next[c]) {
		if ((uint32_t)c == f)
			continue;
		any = 1;
		if (!anc(e->s, (uint32_t)c, f))
			continue;
		if (live(e, (uint32_t)c, f))
			return c;
		latest = c;
	}
	return !any ? -1 : latest >= 0 ? latest : -2;
}

/* e's lists for series s: the copies of each mainline commit in history
 * order, and no revert yet. */
static void evalx_init(struct evalx *e, struct series *s)
{
	uint32_t n = s->n;

	e->s = s;
	e->copy_head = xcalloc(N, sizeof(int32_t));
	memset(e->copy_head, 0xff, N * sizeof(int32_t));
	e->copy_next = xcalloc(n, sizeof(int32_t));
	e->rv_head = xcalloc(n, sizeof(int32_t));
	e->rv_next = xcalloc(n, sizeof(int32_t));
	e->is_revert = xcalloc(n, 1);
	memset(e->rv_head, 0xff, n * sizeof(int32_t));
	memset(e->rv_next, 0xff, n * sizeof(int32_t));
	int32_t *tail = xcalloc(N, sizeof(int32_t));
	for (uint32_t i = 0; i < n; i++) {
		e->copy_next[i] = -1;
		if (s->sc[i].kind != SC_BACKPORT)
			continue;
		uint32_t x = s->sc[i].up;
		if (e->copy_head[x] < 0)
			e->copy_head[x] = (int32_t)i;
		else
			e->copy_next[tail[x]] = (int32_t)i;
		tail[x] = (int32_t)i;
	}
	free(tail);
}

static void evalx_release(struct evalx *e)
{
	free(e->copy_head);
	free(e->copy_next);
	free(e->rv_head);
	free(e->rv_next);
	free(e->is_revert);
}

/* The references of backport i: what its Fixes: and its revert reference
 * resolve to (-3: no such reference); counts the duplicates, the tagged and
 * the Fixes: lines without an id. */
static void backport_refs(struct evalx *e, uint32_t i, int64_t *fix_t, int64_t *rev_t)
{
	struct series *s = e->s;
	struct counts *g = &s->got;
	uint32_t m = s->sc[i].up;

	/* duplicate: an earlier copy live here */
	for (int32_t d = e->copy_head[m]; d >= 0 && (uint32_t)d < i; d = e->copy_next[d])
		if (anc(s, (uint32_t)d, i) && live(e, (uint32_t)d, i)) {
			g->duplicates++;
			break;
		}
	if (mflags[m] & F_NONSHA)
		g->nonsha_fixes_lines++;
	if (mflags[m] & F_TAGGED) {
		g->tagged++;
		*fix_t = resolve_x(e, (uint32_t)mtarget[m], i);
	}
	if (mflags[m] & F_REVERT) {
		e->is_revert[i] = 1;
		*rev_t = resolve_x(e, (uint32_t)mtarget[m], i);
	}
}

/* Commit i of the series by README's rules: its references resolved, its
 * links counted, its targets marked in is_target. */
static void evaluate_commit(struct evalx *e, uint32_t i, uint8_t *is_target)
{
	struct series *s = e->s;
	struct counts *g = &s->got;
	struct sc *c = &s->sc[i];
	int64_t fix_t = -3, rev_t = -3;	/* -3: no such reference */

	if (c->kind == SC_MERGE)
		return;	/* not counted, not read */
	g->commits++;
	if (c->kind == SC_BACKPORT) {
		backport_refs(e, i, &fix_t, &rev_t);
	} else if (c->kind == SC_GREVERT || c->kind == SC_REAPPLY) {
		e->is_revert[i] = 1;
		/* full id of an earlier commit: matches it alone */
		rev_t = anc(s, (uint32_t)c->rev, i) ? c->rev : -2;
	}
	g->fixes_outside += (fix_t == -1) + (rev_t == -1);
	g->preemptive += (fix_t == -2) + (rev_t == -2);
	if (fix_t >= 0 && fix_t == rev_t)
		fix_t = -3;	/* one link, of the revert kind */
	int nlinks = 0, nrevert = 0, same = 1;
	if (fix_t >= 0) {
		nlinks++;
		same &= s->sc[fix_t].rel == c->rel;
		is_target[fix_t] = 1;
	}
	if (rev_t >= 0) {
		if (e->is_revert[rev_t]) {
			g->reapplies++;
		} else {
			nlinks++, nrevert++;
			same &= s->sc[rev_t].rel == c->rel;
			is_target[rev_t] = 1;
		}
		e->rv_next[i] = e->rv_head[rev_t];
		e->rv_head[rev_t] = (int32_t)i;
	}
	if (!nlinks)
		return;
	g->fixes++;
	g->pairs += nlinks;
	g->reverts += nrevert > 0;
	g->same_release += same;
	if (c->topic) {
		s->fixes_on_topics++;
	} else if ((fix_t >= 0 && s->sc[fix_t].topic) ||
		   (rev_t >= 0 && !e->is_revert[rev_t] && s->sc[rev_t].topic)) {
		s->fixes_of_topics++;
		s->same_of_topics += same;
	}
}

static void evaluate(struct series *s)
{
	struct evalx e;
	struct counts *g = &s->got;
	uint32_t n = s->n;
	uint8_t *is_target = xcalloc(n, 1);

	memset(g, 0, sizeof(*g));
	s->fixes_on_topics = s->fixes_of_topics = s->same_of_topics = 0;
	evalx_init(&e, s);
	for (uint32_t i = 0; i < n; i++)
		evaluate_commit(&e, i, is_target);
	for (uint32_t i = 0; i < n; i++)
		g->regressions += is_target[i];
	g->visible = g->fixes - g->same_release;

	/* unfixed: upstream commits with a copy live at the tip whose one mainline
	 * fix (Fixes: naming them) is not backported here. */
	uint8_t *seen = xcalloc(N, 1);
	for (uint32_t i = 0; i < n; i++) {
		struct sc *c = &s->sc[i];
		if (c->kind != SC_BACKPORT || seen[c->up] || fixer_of[c->up] < 0)
			continue;
		if (!live(&e, i, n))
			continue;	/* a later copy may be live: checked at that copy */
		seen[c->up] = 1;
		g->unfixed += !s->taken[fixer_of[c->up]];
	}
	free(seen);
	free(is_target);
	evalx_release(&e);
}

/* ------------------------------------------------------------------ emission */

struct ident {
	struct sb who;
	int64_t t;
	const char *tz;
};

static struct sb msg, tmp, out_buf;
static uint32_t next_mark;
static uint64_t blob_serial;

static void out_flush(void)
{
	if (out_buf.n && fwrite(out_buf.p, 1, out_buf.n, stdout) != out_buf.n)
		die("write error");
	sb_reset(&out_buf);
}

/*
 * One commit: apply the file changes to t, hash everything, emit.  Bumps the
 * dates by a second until the id's first 12 hex digits are new.
 */
/*
 * The id of a commit of tree t (hashed) with parents p1 and p2 (either may be
 * NULL): bumps the dates by a second until its first 12 hex digits are new.
 */
static void commit_id(struct tree *t, const uint8_t *p1, const uint8_t *p2, struct ident *a,
		      struct ident *c, const struct sb *message, uint8_t id[20])
{
	char th[41], ph[41], ph2[41];

	tree_hash_dir(t, 0);
	hex(t->dir_oid[0], th);
	if (p1)
		hex(p1, ph);
	if (p2)
		hex(p2, ph2);
	for (;;) {
		sb_reset(&tmp);
		sb_printf(&tmp, "tree %s\n", th);
		if (p1)
			sb_printf(&tmp, "parent %s\n", ph);
		if (p2)
			sb_printf(&tmp, "parent %s\n", ph2);
		sb_printf(&tmp, "author %s %lld %s\ncommitter %s %lld %s\n\n", a->who.p,
			  (long long)a->t, a->tz, c->who.p, (long long)c->t, c->tz);
		char hdr[48];
		int hn = snprintf(hdr, sizeof(hdr), "commit %zu", tmp.n + message->n);
		struct sha1 h;
		sha1_init(&h);
		sha1_update(&h, hdr, (size_t)hn + 1);
		sha1_update(&h, tmp.p, tmp.n);
		sha1_update(&h, message->p, message->n);
		sha1_final(&h, id);
		if (pset_insert(prefix48(id)))
			break;
		a->t++, c->t++;
	}
}

static void emit_header(const char *ref, uint32_t mark, struct ident *a, struct ident *c,
			const struct sb *message, const char *from)
{
	sb_printf(&out_buf, "commit %s\n", ref);
	if (mark)
		sb_printf(&out_buf, "mark :%u\n", mark);
	sb_printf(&out_buf, "author %s %lld %s\ncommitter %s %lld %s\ndata %zu\n", a->who.p,
		  (long long)a->t, a->tz, c->who.p, (long long)c->t, c->tz, message->n);
	sb_putn(&out_buf, message->p, message->n);
	sb_putc(&out_buf, '\n');
	if (from)
		sb_printf(&out_buf, "from %s\n", from);
}

static void emit_commit(const char *ref, uint32_t mark, const char *from, struct tree *t,
			const uint8_t *parent, struct ident *a, struct ident *c,
			const struct sb *message, const int *fl, int nf, uint8_t id[20])
{
	char content[320];
	size_t clen[3];
	char cbuf[3][320];

	for (int k = 0; k < nf; k++) {
		blob_serial++;
		int n = snprintf(content, sizeof(content), "/* %s */\nrevision %llu\n",
				 files[fl[k]].path, (unsigned long long)blob_serial);
		memcpy(cbuf[k], content, (size_t)n);
		clen[k] = (size_t)n;
		tree_set(t, fl[k], content, (size_t)n);
	}
	commit_id(t, parent, NULL, a, c, message, id);
	if (cfg.plan_only)
		return;
	emit_header(ref, mark, a, c, message, from);
	for (int k = 0; k < nf; k++) {
		sb_printf(&out_buf, "M 100644 inline %s\ndata %zu\n", files[fl[k]].path, clen[k]);
		sb_putn(&out_buf, cbuf[k], clen[k]);
		sb_putc(&out_buf, '\n');
	}
	sb_putc(&out_buf, '\n');
	if (out_buf.n > (1 << 20))
		out_flush();
}

static void emit_tag(const char *name, uint32_t mark, const char *tagger, int64_t t,
		     const char *message)
{
	if (cfg.plan_only)
		return;
	sb_printf(&out_buf, "tag %s\nfrom :%u\ntagger %s %lld +0000\ndata %zu\n%s\n", name, mark,
		  tagger, (long long)t, strlen(message), message);
}

static const char *LINUS = "Linus Torvalds <torvalds@linux-foundation.org>";
static const char *GREG = "Greg Kroah-Hartman <gregkh@linuxfoundation.org>";

static struct ident A, Cm;

static void author_of(uint32_t i, struct ident *a)
{
	uint64_t q = stream(SALT_AUTH, i);

	sb_reset(&a->who);
	person(&a->who, (uint32_t)(sm64(&q) % 5000));
	a->tz = PICK(&q, tzs);
	a->t = mdate(i) - (int64_t)rbelow(&q, 20 * 86400);
	if (a->t < T0 - 30 * 86400)
		a->t = T0 - 30 * 86400;
}

static uint32_t *marks_of_main;	/* per mainline index: its mark (tags; --merges: fork points) */

/* --merges: the files a branch changed since its fork point, which its merge
 * takes (the merge's tree: the first parent's with those files). */
struct changed {
	uint8_t *in;		/* per file */
	int *v, n;
};

static void changed_init(struct changed *c)
{
	c->in = xcalloc((size_t)nfiles, 1);
	c->v = xcalloc((size_t)nfiles, sizeof(int));
	c->n = 0;
}

static void changed_reset(struct changed *c)
{
	for (int k = 0; k < c->n; k++)
		c->in[c->v[k]] = 0;
	c->n = 0;
}

static void changed_add(struct changed *c, const int *fl, int nf)
{
	for (int k = 0; k < nf; k++)
		if (!c->in[fl[k]]) {
			c->in[fl[k]] = 1;
			c->v[c->n++] = fl[k];
		}
}

/*
 * A merge commit on ref: first parent p1 (ref's tip, or `from`), second p2,
 * the tip of branch `merge` (named: fast-import resolves no id of its own
 * stream); its tree is t with the files in ch taken from src's tree (the
 * merged branch's): `M 100644 <blob id>` lines, blobs fast-import already has.
 */
static void emit_merge(const char *ref, uint32_t mark, const char *from, struct tree *t,
		       const uint8_t *p1, const char *merge, const uint8_t *p2,
		       const struct changed *ch, const struct tree *src, struct ident *a,
		       struct ident *c, const struct sb *message, uint8_t id[20])
{
	char h[41];

	for (int k = 0; k < ch->n; k++) {
		int f = ch->v[k];
		memcpy(t->file_oid[f], src->file_oid[f], 20);
		for (int d = files[f].dir; d >= 0; d = dirs[d].parent)
			t->dirty[d] = 1;
	}
	commit_id(t, p1, p2, a, c, message, id);
	if (cfg.plan_only)
		return;
	emit_header(ref, mark, a, c, message, from);
	sb_printf(&out_buf, "merge %s\n", merge);
	for (int k = 0; k < ch->n; k++) {
		hex(src->file_oid[ch->v[k]], h);
		sb_printf(&out_buf, "M 100644 %s %s\n", h, files[ch->v[k]].path);
	}
	sb_putc(&out_buf, '\n');
	if (out_buf.n > (1 << 20))
		out_flush();
}

/* --merges: the trees of master at the fork points still to be used. */
static uint32_t *snap_slot;		/* per mainline index: slot + 1, or 0 */
static struct tree *snap_pool;
static uint32_t nsnap, *snap_free, nsnap_free;

static void snap_take(uint32_t i, const struct tree *t)
{
	uint32_t k;

	if (nsnap_free) {
		k = snap_free[--nsnap_free];
	} else {
		snap_pool = xrealloc(snap_pool, (size_t)(nsnap + 1) * sizeof(*snap_pool));
		snap_free = xrealloc(snap_free, (size_t)(nsnap + 1) * sizeof(*snap_free));
		tree_alloc(&snap_pool[k = nsnap++]);
	}
	tree_copy(&snap_pool[k], t);
	snap_slot[i] = k + 1;
}

/* The tree of fork point i into to: one use of its snapshot. */
static void snap_use(uint32_t i, struct tree *to)
{
	if (!snap_slot[i])
		die("internal: no tree kept for fork point %u", i);
	uint32_t k = snap_slot[i] - 1;
	tree_copy(to, &snap_pool[k]);
	if (--fork_uses[i] == 0) {
		snap_slot[i] = 0;
		snap_free[nsnap_free++] = k;
	}
}

/* `from` of a branch's first commit at fork point i (mark, or id in the repository). */
static void from_fork(char *from, size_t len, uint32_t i)
{
	if (marks_of_main[i] && !cfg.extend)
		snprintf(from, len, ":%u", marks_of_main[i]);
	else
		hex(mid[i], from);
}

/* --merges: the branches of the mainline being emitted besides master. */
static struct tree mtt, mst;		/* the topic's and the subsystem tree's trees */
static struct changed mtch, msch;	/* their files changed since their fork points */

/* --merges: one commit of a topic or subsystem tree, or one of Linus's merges. */
static void emit_shaped(uint32_t i, struct tree *t)
{
	int kind = mkind[i] & K_KIND, fl[2], nf;
	char from[48];
	int start = (mkind[i] & K_START) != 0;

	if (start)
		from_fork(from, sizeof(from), mp1[i]);
	if (kind == K_TOPIC) {
		if (start) {
			snap_use(mp1[i], &mtt);
			changed_reset(&mtch);
		}
		nf = files_of(i, fl);
		emit_commit("refs/gen/topic", 0, start ? from : NULL, &mtt, mid[mp1[i]], &A, &Cm,
			    &msg, fl, nf, mid[i]);
		changed_add(&mtch, fl, nf);
	} else if (kind == K_SUBMERGE) {
		if (start) {
			snap_use(mp1[i], &mst);
			changed_reset(&msch);
		}
		emit_merge("refs/gen/sub", 0, start ? from : NULL, &mst, mid[mp1[i]], "refs/gen/topic",
			   mid[mp2[i]], &mtch, &mtt, &A, &Cm, &msg, mid[i]);
		changed_add(&msch, mtch.v, mtch.n);
	} else {
		int sub = (mkind[mp2[i]] & K_KIND) == K_SUBMERGE;
		uint32_t mark = fork_uses[i] ? ++next_mark : 0;
		emit_merge("refs/heads/master", mark, NULL, t, mid[mp1[i]],
			   sub ? "refs/gen/sub" : "refs/gen/topic", mid[mp2[i]], sub ? &msch : &mtch,
			   sub ? &mst : &mtt, &A, &Cm, &msg, mid[i]);
		marks_of_main[i] = mark;
	}
}

/* The author and committer (A, Cm) of mainline commit i. */
static void mainline_idents(uint32_t i, int tagged, int kind)
{
	if (i == 0 || tagged || kind == K_LMERGE) {
		sb_reset(&A.who);
		sb_puts(&A.who, LINUS);
		A.t = mtime(i);
		A.tz = "-0700";
	} else if (kind == K_SUBMERGE) {
		sb_reset(&A.who);
		person(&A.who, 9000 + leaf_of(topic_start(mp2[i])));
		A.t = mdate(i);
		A.tz = tzs[i % 3];
	} else {
		author_of(i, &A);
	}
	sb_reset(&Cm.who);
	if (i == 0 || tagged || kind == K_LMERGE)
		sb_puts(&Cm.who, LINUS);
	else if (kind == K_SUBMERGE)
		sb_puts(&Cm.who, A.who.p);
	else
		person(&Cm.who, 9000 + leaf_of(i));
	Cm.t = mdate(i);
	Cm.tz = tagged || kind == K_LMERGE ? "-0700" : tzs[i % 3];
	if (Cm.t < A.t)
		Cm.t = A.t;
}

/* The initial commit (message in msg) adds every file: its id is hashed and
 * its stream written by hand, with explicit M lines. */
static void emit_initial(struct tree *t)
{
	for (int f = 0; f < nfiles; f++) {
		int n = snprintf(NULL, 0, "/* %s */\n", files[f].path);
		char *c = xcalloc((size_t)n + 1, 1);
		snprintf(c, (size_t)n + 1, "/* %s */\n", files[f].path);
		tree_set(t, f, c, (size_t)n);
		free(c);
	}
	tree_hash_dir(t, 0);
	char th[41];
	hex(t->dir_oid[0], th);
	sb_reset(&tmp);
	sb_printf(&tmp, "tree %s\nauthor %s %lld %s\ncommitter %s %lld %s\n\n", th,
		  A.who.p, (long long)A.t, A.tz, Cm.who.p, (long long)Cm.t, Cm.tz);
	char hdr[48];
	int hn = snprintf(hdr, sizeof(hdr), "commit %zu", tmp.n + msg.n);
	struct sha1 h;
	sha1_init(&h);
	sha1_update(&h, hdr, (size_t)hn + 1);
	sha1_update(&h, tmp.p, tmp.n);
	sha1_update(&h, msg.p, msg.n);
	sha1_final(&h, mid[0]);
	pset_insert(prefix48(mid[0]));
	if (!cfg.plan_only) {
		sb_printf(&out_buf, "commit refs/heads/master\nmark :%u\n", ++next_mark);
		sb_printf(&out_buf, "author %s %lld %s\ncommitter %s %lld %s\ndata %zu\n",
			  A.who.p, (long long)A.t, A.tz, Cm.who.p, (long long)Cm.t,
			  Cm.tz, msg.n);
		sb_putn(&out_buf, msg.p, msg.n);
		sb_putc(&out_buf, '\n');
		for (int f = 0; f < nfiles; f++)
			sb_printf(&out_buf, "M 100644 inline %s\ndata %zu\n/* %s */\n\n",
				  files[f].path, strlen(files[f].path) + 7, files[f].path);
		sb_putc(&out_buf, '\n');
	}
	marks_of_main[0] = next_mark;
	if (cfg.merges && fork_uses[0])
		snap_take(0, t);
}

static void emit_mainline(void)
{
	struct tree t;
	int fl[2], nf;

	tree_alloc(&t);
	for (int k = 0; k < NSERIES; k++)
		tree_alloc(&S[k].tree);
	marks_of_main = xcalloc(N, sizeof(uint32_t));
	if (cfg.merges) {
		snap_slot = xcalloc(N, sizeof(*snap_slot));
		tree_alloc(&mtt);
		tree_alloc(&mst);
		changed_init(&mtch);
		changed_init(&msch);
	}
	for (uint32_t i = 0; i < N; i++) {
		char name[32];
		int fin = 0, tagged = mainline_tag(i, name, sizeof(name), &fin);
		int kind = cfg.merges ? mkind[i] & K_KIND : K_MASTER;
		mainline_message(&msg, i);
		mainline_idents(i, tagged, kind);
		if (i == 0) {
			emit_initial(&t);
			continue;
		}
		if (kind != K_MASTER) {
			emit_shaped(i, &t);
			if (kind == K_LMERGE && fork_uses[i])
				snap_take(i, &t);
			continue;
		}
		if (tagged) {
			fl[0] = makefile_idx;
			nf = 1;
		} else {
			nf = files_of(i, fl);
		}
		uint32_t mark = tagged || (cfg.merges && fork_uses[i]) ? ++next_mark : 0;
		emit_commit("refs/heads/master", mark, NULL, &t, mid[cfg.merges ? mp1[i] : i - 1], &A,
			    &Cm, &msg, fl, nf, mid[i]);
		marks_of_main[i] = mark;
		if (cfg.merges && fork_uses[i])
			snap_take(i, &t);
		if (tagged) {
			char tm[64];
			snprintf(tm, sizeof(tm), "Linux %s", name + 1);
			emit_tag(name, mark, LINUS, Cm.t, tm);
			for (int k = 0; k < NSERIES; k++)
				if (S[k].b == i)
					tree_copy(&S[k].tree, &t);
		}
	}
	out_flush();
	free(t.file_oid);
	free(t.dir_oid);
	free(t.dirty);
}

static void stable_message(struct sb *b, struct series *s, uint32_t j, uint64_t *r)
{
	struct sc *c = &s->sc[j];
	char h[41], h2[41];
	int maj, min;

	version(s->base_r, &maj, &min);
	sb_reset(b);
	switch (c->kind) {
	case SC_RELEASE:
		sb_printf(b, "Linux %d.%d.%u\n", maj, min, c->rel);
		return;
	case SC_MERGE: {
		/* As git's maint merges a topic: named after its first commit. */
		const struct stopic *tp = &s->tp[c->rev];
		uint32_t l = leaf_of(s->sc[tp->first].kind == SC_BACKPORT ? s->sc[tp->first].up : tp->fork);
		sb_printf(b, "Merge branch '%s/%s-%u' into linux-%d.%d.y\n\n", leaves[l].sym,
			  PICK(r, funcwords), (unsigned)c->rev, maj, min);
		sb_reset(&para_buf);
		sb_printf(&para_buf, "Backports for %s collected on a branch started before v%d.%d, "
			  "%u changes.", leaves[l].prefix, maj, min, c->rev ? (unsigned)(j - tp->first) : 0u);
		wrap(b, para_buf.p);
		return;
	}
	case SC_BACKPORT: {
		mainline_message(&tmp, c->up);
		const char *body = strstr(tmp.p, "\n\n");
		hex(mid[c->up], h);
		sb_putn(b, tmp.p, (size_t)(body - tmp.p));
		if (c->form == 0)
			sb_printf(b, "\n\ncommit %s upstream.\n\n", h);
		else
			sb_printf(b, "\n\n[ Upstream commit %s ]\n\n", h);
		sb_puts(b, body + 2);
		if (c->form == 1)
			sb_puts(b, "Signed-off-by: Sasha Levin <sashal@kernel.org>\n");
		else if (runif(r) < 0.3)
			sb_printf(b, "Signed-off-by: Sasha Levin <sashal@kernel.org>\n");
		sb_printf(b, "Signed-off-by: %s\n", GREG);
		return;
	}
	case SC_GREVERT: {
		struct sc *t = &s->sc[c->rev];
		sb_puts(b, "Revert \"");
		plain_subject(b, t->up);
		hex(t->id, h);
		hex(mid[t->up], h2);
		sb_printf(b, "\"\n\nThis reverts commit %s which is\ncommit %s upstream.\n\n", h, h2);
		sb_reset(&para_buf);
		sb_printf(&para_buf, "It causes %s on some %s systems, as reported by several "
			  "users, and the fix for that is not yet merged, so revert it for now.",
			  a_problem(r), PICK(r, platforms));
		wrap(b, para_buf.p);
		sb_printf(b, "\nReported-by: ");
		person(b, rbelow(r, 5000));
		sb_printf(b, "\nSigned-off-by: %s\n", GREG);
		return;
	}
	case SC_REAPPLY: {
		struct sc *g = &s->sc[c->rev];
		struct sc *t = &s->sc[g->rev];
		sb_puts(b, "Revert \"Revert \"");
		plain_subject(b, t->up);
		hex(g->id, h);
		sb_printf(b, "\"\"\n\nThis reverts commit %s.\n\n", h);
		wrap(b, "The problem has been resolved by the follow-up changes, so this "
		     "change is needed again.");
		sb_printf(b, "\nSigned-off-by: %s\n", GREG);
		return;
	}
	}
}

/* Greg as author or committer, at t. */
static void greg_ident(struct ident *a, int64_t t)
{
	sb_reset(&a->who);
	sb_puts(&a->who, GREG);
	a->t = t;
	a->tz = "+0100";
}

/* The date of stable commit c after one dated prev_t: release k goes out a
 * day after mainline reaches its frontier, a backport never before its
 * upstream commit. */
static int64_t stable_date(struct series *s, const struct sc *c, int64_t prev_t, uint64_t *r)
{
	uint32_t fk = s->b + (uint32_t)((uint64_t)WINDOW_RELEASES * I * c->rel / cfg.releases);
	int64_t rel_t = mtime(fk) + 86400;
	int64_t t = prev_t + 1 + (int64_t)rbelow(r, 3600);

	if (t < prev_t + 1)
		t = prev_t + 1;
	if (c->kind == SC_BACKPORT && t < mtime(c->up) + 86400)
		t = mtime(c->up) + 86400;
	if (c->kind == SC_RELEASE && t < rel_t)
		t = rel_t;
	return t;
}

/* The author (A) of stable commit c dated t, and the files it changes. */
static int stable_author(struct series *s, const struct sc *c, int64_t t, int fl[2])
{
	if (c->kind == SC_BACKPORT) {
		author_of(c->up, &A);
		return files_of(c->up, fl);
	}
	greg_ident(&A, t);
	if (c->kind == SC_RELEASE) {
		fl[0] = makefile_idx;
		return 1;
	}
	return files_of(s->sc[c->kind == SC_GREVERT ? c->rev : s->sc[c->rev].rev].up, fl);
}

/* --merges: the topic being emitted (on refs/gen/topic), its tree, its
 * files changed since its fork point. */
static struct tree stt;
static struct changed stch;

/*
 * Series commits [first, s->n): the whole series (first 0, from the mark of
 * its base), or the new release of --extend (from the id of the old tip,
 * which fast-import finds in the repository).
 */
static void emit_series(int si, uint32_t first)
{
	struct series *s = &S[si];
	uint64_t r = first ? stream(SALT_EXT_EMIT, (uint64_t)si) : stream(SALT_STABLE, (uint64_t)si);
	int maj, min, fl[2], nf;
	char ref[64], from[48], name[32], tm[96];
	const uint8_t *parent = first ? s->sc[first - 1].id : mid[s->b];
	int64_t prev_t = first ? s->last_t : mtime(s->b) + 86400;
	const uint8_t *tparent = NULL;	/* --merges: the topic's tip */
	char tfrom[48];
	int need_from = 1;	/* the branch's first commit in this stream says where it starts */

	if (cfg.merges && !stt.file_oid) {
		tree_alloc(&stt);
		changed_init(&stch);
	}
	version(s->base_r, &maj, &min);
	snprintf(ref, sizeof(ref), "refs/heads/%s", s->branch);
	if (first)
		hex(parent, from);
	else
		snprintf(from, sizeof(from), ":%u", marks_of_main[s->b]);
	for (uint32_t j = first; j < s->n; j++) {
		struct sc *c = &s->sc[j];
		if (c->kind == SC_MERGE) {
			int64_t t = prev_t + 1 + (int64_t)rbelow(&r, 3600);
			stable_message(&msg, s, j, &r);
			greg_ident(&A, t);
			greg_ident(&Cm, t);
			emit_merge(ref, 0, need_from ? from : NULL, &s->tree, parent, "refs/gen/topic",
				   tparent, &stch, &stt, &A, &Cm, &msg, c->id);
			need_from = 0;
			prev_t = Cm.t;
			parent = c->id;
			continue;
		}
		int64_t t = stable_date(s, c, prev_t, &r);
		prev_t = t;
		stable_message(&msg, s, j, &r);
		nf = stable_author(s, c, t, fl);
		greg_ident(&Cm, t > A.t ? t : A.t);
		if (c->topic) {
			/* On a topic: the first commit starts it at its fork point. */
			int start = j == s->tp[c->topic].first;
			if (start) {
				snap_use(s->tp[c->topic].fork, &stt);
				changed_reset(&stch);
				from_fork(tfrom, sizeof(tfrom), s->tp[c->topic].fork);
				tparent = mid[s->tp[c->topic].fork];
			}
			emit_commit("refs/gen/topic", 0, start ? tfrom : NULL, &stt, tparent, &A, &Cm,
				    &msg, fl, nf, c->id);
			changed_add(&stch, fl, nf);
			prev_t = Cm.t;
			tparent = c->id;
			continue;
		}
		uint32_t mark = c->kind == SC_RELEASE ? ++next_mark : 0;
		emit_commit(ref, mark, need_from ? from : NULL, &s->tree, parent, &A, &Cm, &msg, fl,
			    nf, c->id);
		need_from = 0;
		prev_t = Cm.t;
		parent = c->id;
		if (c->kind == SC_RELEASE) {
			snprintf(name, sizeof(name), "v%d.%d.%u", maj, min, c->rel);
			snprintf(tm, sizeof(tm), "This is the %d.%d.%u stable release", maj, min, c->rel);
			emit_tag(name, mark, GREG, Cm.t, tm);
		}
	}
	memcpy(s->tip, parent, 20);
	s->last_t = prev_t;
	out_flush();
}

/* ------------------------------------------------------------------ main */

static long topic_commits(const struct series *s)
{
	long n = 0;

	for (uint32_t j = 0; j < s->n; j++)
		n += s->sc[j].topic != 0;
	return n;
}

static long stable_merges(const struct series *s)
{
	long n = 0;

	for (uint32_t j = 0; j < s->n; j++)
		n += s->sc[j].kind == SC_MERGE;
	return n;
}

static void write_planted(void)
{
	FILE *f = fopen(cfg.planted, "w");
	char h[41];

	if (!f)
		die("cannot write %s", cfg.planted);
	hex(mid[N - 1], h);
	fprintf(f, "{\n  \"generator\": {\"seed\": %llu, \"commits\": %u, \"series_commits\": %u, "
		"\"releases\": %u", (unsigned long long)g_seed, N, cfg.series_commits, cfg.releases);
	if (cfg.extend)
		fprintf(f, ", \"extend\": %u", cfg.extend);
	if (cfg.merges)
		fprintf(f, ", \"merges\": true");
	fprintf(f, "},\n");
	if (cfg.extend) {
		/* What the extension stream adds, and to what. */
		struct series *s = &S[NSERIES - 1];
		char from[41], tip[41];
		hex(s->ext_from, from);
		hex(s->tip, tip);
		fprintf(f, "  \"extension\": {\"branch\": \"%s\", \"from_tip\": \"%s\", "
			"\"from_range\": \"%s..%s.%u\", \"range\": \"%s..%s.%u\", \"tag\": \"%s.%u\", "
			"\"tip\": \"%s\", \"commits\": %u%s},\n", s->branch, from, s->base, s->base,
			s->releases - 1, s->base, s->base, s->releases, s->base, s->releases, tip,
			cfg.extend, cfg.merges ? ", \"merges\": 1" : "");
	}
	fprintf(f, "  \"master\": {\"branch\": \"master\", \"tip\": \"%s\", \"commits\": %u, "
		"\"releases\": %d, \"tags\": %d", h, N, NREL, NREL * (NRC + 1));
	if (cfg.merges) {
		/* What `git rev-list master ^BASE` holds for the oldest base: every
		 * index after it (no pull spans a tag). */
		uint32_t b = S[0].b;
		long after = 0;
		for (uint32_t i = b + 1; i < N; i++)
			after += (mflags[i] & F_MERGE) != 0;
		fprintf(f, ", \"merges\": %ld, \"first_parent\": %u, \"skewed\": %ld,\n"
			"             \"after_oldest_base\": {\"base\": \"%s\", \"commits\": %u, "
			"\"merges\": %ld}", n_merges, nfp, n_skewed, S[0].base, N - 1 - b, after);
	}
	fprintf(f, "},\n");
	fprintf(f, "  \"series\": [\n");
	for (int k = 0; k < NSERIES; k++) {
		struct series *s = &S[k];
		struct counts *g = &s->got;
		int maj, min;
		version(s->base_r, &maj, &min);
		hex(s->tip, h);
		fprintf(f, "    {\"range\": \"%s..%s.%u\", \"base\": \"%s\", \"tip\": \"%s.%u\", "
			"\"branch\": \"%s\", \"branch_tip\": \"%s\",\n", s->base, s->base,
			s->releases, s->base, s->base, s->releases, s->branch, h);
		fprintf(f, "     \"commits\": %ld, \"tagged\": %ld, \"fixes\": %ld, \"reverts\": %ld, "
			"\"same_release\": %ld, \"visible\": %ld,\n", g->commits, g->tagged,
			g->fixes, g->reverts, g->same_release, g->visible);
		fprintf(f, "     \"pairs\": %ld, \"regressions\": %ld, \"duplicates\": %ld, "
			"\"reapplies\": %ld, \"ambiguous\": %ld, \"preemptive\": %ld,\n", g->pairs,
			g->regressions, g->duplicates, g->reapplies, g->ambiguous, g->preemptive);
		fprintf(f, "     \"fixes_outside\": %ld, \"nonsha_fixes_lines\": %ld, \"unfixed\": %ld",
			g->fixes_outside, g->nonsha_fixes_lines, g->unfixed);
		if (cfg.merges)
			fprintf(f, ",\n     \"merges\": %ld, \"topic_commits\": %ld, \"fixes_on_topics\": %ld, "
				"\"fixes_of_topic_commits\": %ld, \"same_release_of_topic_commits\": %ld",
				stable_merges(s), topic_commits(s), s->fixes_on_topics, s->fixes_of_topics,
				s->same_of_topics);
		fprintf(f, "}%s\n", k + 1 < NSERIES ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
	if (fclose(f))
		die("cannot write %s", cfg.planted);
}

static uint64_t parse_num(const char *opt, const char *v)
{
	char *end;
	unsigned long long x;

	if (!v)
		die("%s needs a value", opt);
	x = strtoull(v, &end, 10);
	if (*end || end == v)
		die("%s: not a number: %s", opt, v);
	return x;
}

static void usage(void)
{
	fputs("usage: bench-gen [--small] [--merges] [--commits N] [--series-commits C]\n"
	      "                 [--releases R] [--seed S] [--extend E] [--planted FILE] [--plan-only]\n",
	      stderr);
	exit(2);
}

/* The options into cfg and g_seed; the sizes derived from them. */
static void parse_options(int argc, char **argv)
{
	int small = 0;
	uint64_t n = 0, sc = 0, rel = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--small"))
			small = 1;
		else if (!strcmp(a, "--commits"))
			n = parse_num(a, v), i++;
		else if (!strcmp(a, "--series-commits"))
			sc = parse_num(a, v), i++;
		else if (!strcmp(a, "--releases"))
			rel = parse_num(a, v), i++;
		else if (!strcmp(a, "--seed"))
			g_seed = parse_num(a, v), i++;
		else if (!strcmp(a, "--extend"))
			cfg.extend = (uint32_t)parse_num(a, v), i++;
		else if (!strcmp(a, "--planted")) {
			if (!v)
				die("--planted needs a file");
			cfg.planted = v, i++;
		} else if (!strcmp(a, "--plan-only"))
			cfg.plan_only = 1;
		else if (!strcmp(a, "--merges"))
			cfg.merges = 1;
		else
			usage();
	}
	cfg.n = (uint32_t)(n ? n : small ? 50000 : 1200000);
	int big = small ? 0 : n ? cfg.n >= 600000 : 1;
	cfg.series_commits = (uint32_t)(sc ? sc : big ? 15000 : 1500);
	cfg.releases = (uint32_t)(rel ? rel : big ? 200 : 40);
	if (cfg.n < 20000 || cfg.n > 50000000)
		die("--commits must be between 20000 and 50000000");
	if (cfg.releases < 2 || cfg.releases > 60000 || cfg.series_commits < 4 * cfg.releases)
		die("need --releases >= 2 and --series-commits >= 4 * releases");
	if (cfg.extend && (cfg.extend < 20 || cfg.extend > 100000))
		die("--extend must be between 20 and 100000");
}

/* The mainline's tags, tree and shape, and its skeleton: what kind each
 * mainline commit is. */
static void plan_mainline(void)
{
	N = cfg.n;
	I = N / NREL;
	DT = 15.0 * 365.25 * 86400.0 / N;
	if ((uint64_t)cfg.series_commits * 4 > (uint64_t)WINDOW_RELEASES * I)
		die("--series-commits too large for %u mainline commits", N);
	for (int r = 0; r < NREL; r++) {
		rel_idx[r] = (uint32_t)(r + 1) * I - 1;
		for (int k = 0; k < NRC; k++)
			rc_idx[r][k] = (uint32_t)r * I + (uint32_t)((double)I * (0.66 + 0.045 * k));
	}
	tree_layout();
	if (cfg.merges)
		plan_shape();

	mflags = xcalloc(N, 1);
	mtarget = xcalloc(N, sizeof(int32_t));
	fixer_of = xcalloc(N, sizeof(int32_t));
	memset(fixer_of, 0xff, N * sizeof(int32_t));
	mid = xcalloc(N, 20);
	memset(mtarget, 0xff, N * sizeof(int32_t));
	for (uint32_t i = 0; i < N; i++) {
		char name[32];
		int fin;
		uint64_t r = stream(SALT_FLAGS, i);
		if (i == 0 || mainline_tag(i, name, sizeof(name), &fin)) {
			mflags[i] = F_RELEASE;
			continue;
		}
		if (cfg.merges && (mkind[i] & K_KIND) >= K_SUBMERGE) {
			mflags[i] = F_RELEASE | F_MERGE;
			continue;
		}
		double u = runif(&r);
		if (u < 0.20)
			mflags[i] = F_TAGGED;
		else if (u < 0.203)
			mflags[i] = F_NONSHA;
		else if (u < 0.206)
			mflags[i] = F_REVERT;
		if (runif(&r) < 0.05)
			mflags[i] |= F_CC;
	}
}

/* Every series planned and evaluated, with a line each on stderr. */
static void plan_all_series(void)
{
	for (int k = 0; k < NSERIES; k++) {
		int maj, min;
		S[k].base_r = series_base_r[k];
		S[k].b = rel_idx[S[k].base_r];
		version(S[k].base_r, &maj, &min);
		snprintf(S[k].base, sizeof(S[k].base), "v%d.%d", maj, min);
		snprintf(S[k].branch, sizeof(S[k].branch), "linux-%d.%d.y", maj, min);
		plan_series(k);
	}
	finish_mainline();
	for (int k = 0; k < NSERIES; k++)
		evaluate(&S[k]);

	for (int k = 0; k < NSERIES; k++) {
		struct counts *w = &S[k].want, *g = &S[k].got;
		fprintf(stderr, "bench-gen: %s..%s.%u commits %ld tagged %ld/%ld fixes %ld/%ld "
			"reverts %ld/%ld same %ld/%ld dup %ld/%ld reapply %ld/%ld outside %ld "
			"nonsha %ld unfixed %ld (planted %ld) preemptive %ld\n", S[k].base, S[k].base,
			cfg.releases, g->commits, g->tagged, w->tagged, g->fixes, w->fixes,
			g->reverts, w->reverts, g->same_release, w->same_release, g->duplicates,
			w->duplicates, g->reapplies, w->reapplies, g->fixes_outside,
			g->nonsha_fixes_lines, g->unfixed, w->unfixed, g->preemptive);
		if (cfg.merges)
			fprintf(stderr, "bench-gen:   %u topics, %ld commits on them, %ld fixes on them, "
				"%ld fixes of their commits after their merge (%ld same release), "
				"preemptive %ld/%ld\n", S[k].ntp ? S[k].ntp - 1 : 0, topic_commits(&S[k]),
				S[k].fixes_on_topics, S[k].fixes_of_topics, S[k].same_of_topics,
				g->preemptive, w->preemptive);
		/* Preemptive references: only the planted ones (--merges, on topics). */
		if (g->preemptive != w->preemptive || g->ambiguous)
			die("internal: the plan has unplanned preemptive or ambiguous references");
	}
	if (cfg.merges)
		fprintf(stderr, "bench-gen: mainline %u commits: %ld merges (%.1f%%), %ld pulls, %ld topics, "
			"%u on the first-parent line, %ld dated before their parent\n", N, n_merges,
			100.0 * (double)n_merges / N, n_pulls, n_topics, nfp, n_skewed);
	if (cfg.merges && cfg.extend) {
		/* The new release's topic forks from here (kept while the base is hashed). */
		struct series *s = &S[NSERIES - 1];
		uint64_t r = stream(SALT_EXT_TOPIC, 0);
		s->ext_fork = fp_at_or_before(s->b - I / 20 - rbelow(&r, 2 * I));
		fork_uses[s->ext_fork]++;
	}
}

/* --extend: the new release planned, evaluated and emitted (plan_only: as
 * the options said). */
static void extend_newest(int plan_only)
{
	struct series *s = &S[NSERIES - 1];
	struct counts *g = &s->got;

	memcpy(s->ext_from, s->tip, 20);
	plan_extension(NSERIES - 1, cfg.extend);
	evaluate(s);
	fprintf(stderr, "bench-gen: extended %s..%s.%u commits %ld tagged %ld fixes %ld "
		"reverts %ld same %ld dup %ld reapply %ld outside %ld nonsha %ld unfixed %ld "
		"preemptive %ld\n", s->base, s->base, s->releases, g->commits, g->tagged,
		g->fixes, g->reverts, g->same_release, g->duplicates, g->reapplies,
		g->fixes_outside, g->nonsha_fixes_lines, g->unfixed, g->preemptive);
	if (g->preemptive != s->want.preemptive || g->ambiguous)
		die("internal: the extension has preemptive or ambiguous references");
	cfg.plan_only = plan_only;
	next_mark = 0;		/* marks are per fast-import run */
	emit_series(NSERIES - 1, s->ext_first);
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	plan_mainline();
	plan_all_series();

	static char obuf[1 << 20];
	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	/* With --extend, the base history is only hashed (its ids are needed), not emitted. */
	int plan_only = cfg.plan_only;
	if (cfg.extend)
		cfg.plan_only = 1;
	emit_mainline();
	for (int k = 0; k < NSERIES; k++)
		emit_series(k, 0);
	if (cfg.extend)
		extend_newest(plan_only);
	if (!cfg.plan_only) {
		if (cfg.merges)	/* no trace of the scratch branches */
			sb_puts(&out_buf, "reset refs/gen/topic\nfrom 0000000000000000000000000000000000000000\n\n"
				"reset refs/gen/sub\nfrom 0000000000000000000000000000000000000000\n\n");
		sb_puts(&out_buf, "done\n");
		out_flush();
		if (fflush(stdout))
			die("write error");
	}
	if (cfg.planted)
		write_planted();
	return 0;
}
