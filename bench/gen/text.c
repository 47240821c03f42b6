/*
 * bench/gen/text.c — the words: people, time zones, and every commit
 * message (mainline commits and merges, stable backports, reverts, releases).
 */
#include "gen.h"

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
const char *const tzs[] = {
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
void person(struct sb *b, uint32_t who)
{
	const char *f, *l, *d;

	name_of(who, &f, &l, &d);
	sb_printf(b, "%s %s <", f, l);
	email_lower(b, f);
	sb_putc(b, '.');
	email_lower(b, l);
	sb_printf(b, "@%s>", d);
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

void mainline_message(struct sb *b, uint32_t i)
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

void author_of(uint32_t i, struct ident *a)
{
	uint64_t q = stream(SALT_AUTH, i);

	sb_reset(&a->who);
	person(&a->who, (uint32_t)(sm64(&q) % 5000));
	a->tz = PICK(&q, tzs);
	a->t = mdate(i) - (int64_t)rbelow(&q, 20 * 86400);
	if (a->t < T0 - 30 * 86400)
		a->t = T0 - 30 * 86400;
}

void stable_message(struct sb *b, struct series *s, uint32_t j, uint64_t *r)
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
