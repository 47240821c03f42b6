/*
 * bench/gen/main.c — the options, the order of the steps, and the planted
 * numbers (--planted FILE).
 */
#include "gen.h"

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
