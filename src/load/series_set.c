/* series_set.c — see series_set.h. */
#include "load/series_set.h"
#include "base/threads.h"
#include "base/at_exit.h"
#include "base/error.h"
#include "base/radix.h"
#include "base/util.h"
#include "core/analyze.h"
#include "git/config.h"
#include "git/infer.h"
#include "git/outside.h"
#include "git/pack_prefetch.h"
#include "git/parallel.h"
#include "git/presets.h"
#include "git/probe.h"
#include "git/ranges_read.h"
#include "git/repo.h"
#include "git/walk_memo.h"
#include "load/summary_use.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct loader {
	const struct load_request *rq;
	const struct load_source *src;
	struct read_options read;
	struct rules rules;
	struct channel_rules channels;	/* --by channel */
	struct series_set *set;
	struct history *h;	/* one per range */
	struct load_error { int rc; char msg[1024]; } *errs;	/* one per range */
	struct range_reading *readings;	/* one per range */
	struct outside_db *outside;	/* the source's, or the loader's own */
	struct infercache *infer_cache;	/* the source's, or NULL */
	const struct progress *progress;	/* the phase's, or NULL */
	int tolerant;		/* a whole-repository run: a range that fails is
				   left out (source_skipped), not the end */
	char *failed;		/* one per range: failed in an earlier phase */
	size_t *work;		/* one per range: what its analysis will cost,
				   roughly (analysis_order) */
	atomic_size_t ties_unread;	/* infer.h: ties a partial clone left */
	struct summaries *sums;	/* rq->summary_run: where summaries are kept */
	const struct summary **kept;	/* one per range: its summary, which holds
					   so far (summary_use.h), or NULL */
	uint8_t (*keys)[20];	/* one per range: its summary's key ... */
	uint8_t *have;		/* ... when it has one */
	uint8_t *skip;		/* one per range: not read (its summary holds) */
};

/* Range i: its history (git layer) from what its walk read. */
static int read_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];
	struct history *h = &l->h[i];

	if (l->failed[i] || l->skip[i])
		return RT_OK;
	/* a commit read from the repository (none the day before) costs the
	 * analysis far more than one from the cache: its ids are looked up
	 * outside the range, where a cached commit's answers are kept */
	l->work[i] = range_reading_commits(&l->readings[i]) +
		     16 * range_reading_fresh(&l->readings[i]);
	e->rc = repo_fill_range(repo, &l->readings[i], &l->read, h, e->msg, sizeof(e->msg));
	range_reading_release(&l->readings[i]);
	if (!e->rc && l->rq->infer)
		infer_keys(h);	/* (here, on the readers' threads: wanted_keys gathers them) */
	if (e->rc)	/* what the series shows of a range it could not read */
		l->set->s[i].name = msg_clean_text(h->name, strlen(h->name), 4096);
	return l->tolerant ? RT_OK : e->rc;	/* (tolerant: every range taken) */
}

/* Range i: upstream ids inferred, ids outside it looked up (git layer),
 * then analysed (core). */
static int analyze_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];
	struct history *h = &l->h[i];
	const struct mainline *m;
	size_t from;
	struct summary_parts parts = { 0 };
	struct u32s keys = { 0 };

	e->rc = RT_OK;
	if (l->failed[i] || l->skip[i])
		return RT_OK;
	if (l->sums && l->have[i])	/* (the keys looked for, before they are found) */
		infer_wanted(h, &keys.v, &keys.n, &keys.cap);
	if (l->rq->infer && l->set->ml) {
		mainline_set_for_inference(l->set->ml, i, &m, &from);
		e->rc = infer_upstream(repo, l->infer_cache, h, m, from, e->msg,
				       sizeof(e->msg));
		atomic_fetch_add(&l->ties_unread, h->ties_unread);
	}
	if (!e->rc)
		e->rc = outside_read(repo, l->read.msg_rules, h, l->outside, e->msg,
				     sizeof(e->msg));
	if (!e->rc && l->sums && l->have[i])
		summary_use_parts(h, &keys, &parts);
	else
		u32s_release(&keys);
	if (!e->rc) {
		e->rc = analyze(h, &l->rules, &l->set->s[i], e->msg, sizeof(e->msg));
		if (!e->rc && l->sums && l->have[i])
			summary_use_keep(l->sums, l->keys[i], &l->set->s[i], &parts, l->set->ml,
					 i, l->rules.series_re);
		if (!e->rc && l->rq->count_open && l->set->ml) {	/* (no round of its own) */
			struct unfixed_against ml = mainline_set_against(l->set->ml, i);
			unfixed_count_open(&l->set->s[i], &ml);
		}
	} else
		l->set->s[i].name = msg_clean_text(h->name, strlen(h->name), 4096);
	summary_use_parts_release(&parts);
	history_release(h);
	progress_done(l->progress, 1);
	return l->tolerant ? RT_OK : e->rc;	/* (tolerant: every range taken) */
}

/* Every range through fn, several at once (parallel.h); ranges never taken
 * stay as they were; every range before a failed one was taken, so the
 * first failure in range order is the one reported, whatever the threads'
 * timing. */
static int each_range(git_repository *repo, struct loader *l, const size_t *order,
		      parallel_fn *fn, char *err, size_t errlen)
{
	size_t n = l->set->ranges.n, todo = 0;
	int rc = RT_OK;

	size_t nfailed = 0;

	for (size_t i = 0; i < n; i++) {
		l->errs[i].rc = RT_OK;
		todo += !l->failed[i] && !l->skip[i];
	}
	if (todo > 1)
		parallel_run_ordered(repo, n, order, fn, l);
	else	/* (one range, or none: no thread to start and wait for) */
		for (size_t i = 0; i < n && !fn(l, repo, i); i++)
			;
	for (size_t i = 0; i < n; i++) {
		if (l->errs[i].rc && l->tolerant)
			l->failed[i] = 1;
		nfailed += l->failed[i];
	}
	if (l->tolerant) {	/* a failure ends the load only when no range is left */
		for (size_t i = 0; i < n && nfailed == n && !rc; i++)
			rc = rt_fail(err, errlen, RT_EFAIL, "%s", l->errs[i].msg);
		return nfailed < n ? RT_OK : rc;
	}
	for (size_t i = 0; i < n && !rc; i++)
		if ((rc = l->errs[i].rc))
			snprintf(err, errlen, "%s", l->errs[i].msg);
	return rc;
}

/*
 * The ranges' commits, read in a few groups of consecutive ranges (which
 * share the most history), one walk and one thread each; then each range
 * made into a history, several at once.  No threads within threads.
 */
static int read_ranges(git_repository *repo, struct loader *l, char *err, size_t errlen)
{
	size_t n = l->set->ranges.n, m = 0;
	int rc;

	/* (those not skipped, side by side for ranges_read, then in place) */
	struct range_reading *todo = xcalloc(n + 1, sizeof(*todo));
	l->readings = xcalloc(n + 1, sizeof(*l->readings));
	for (size_t i = 0; i < n; i++)
		if (!l->skip[i])
			todo[m++].rg = &l->set->ranges.v[i];
	l->progress = source_phase_begin(l->src, "reading", "ranges", m);
	if (ranges_read(repo, todo, m, &l->read, l->progress) > 1)
		l->read.threads = 1;	/* no threads within threads */
	for (size_t i = 0, k = 0; i < n; i++)
		if (!l->skip[i])
			l->readings[i] = todo[k++];
	free(todo);
	source_phase_end(l->src);
	l->progress = NULL;
	if (l->read.paths_depth > 0) {	/* --by path: the files each commit changes */
		size_t commits = 0;
		for (size_t i = 0; i < n; i++)
			commits += range_reading_commits(&l->readings[i]);
		l->read.paths_progress = source_phase_begin(l->src, "reading the files changed",
							  "commits", commits);
	}
	rc = each_range(repo, l, NULL, read_one, err, errlen);
	if (l->read.paths_depth > 0) {
		source_phase_end(l->src);
		l->read.paths_progress = NULL;
	}
	for (size_t i = 0; i < n; i++)	/* (those never taken) */
		range_reading_release(&l->readings[i]);
	free(l->readings);
	return rc;
}

/* The identity keys of every commit to infer an upstream id for, sorted. */
static uint32_t *wanted_keys(const struct loader *l, size_t *n)
{
	uint32_t *keys = NULL;
	size_t cap = 0, k = 0;

	*n = 0;
	for (size_t i = 0; l->rq->infer && i < l->set->ranges.n; i++)
		if (l->kept[i])
			for (size_t j = 0; j < l->kept[i]->nkeys; j++) {
				ARRAY_GROW(keys, *n, cap);
				keys[(*n)++] = l->kept[i]->keys[j];
			}
		else
			infer_wanted(&l->h[i], &keys, n, &cap);
	radix_sort(keys, *n, sizeof(*keys), 0, sizeof(*keys));	/* (hashes: spread) */
	for (size_t i = 0; i < *n; i++)
		if (!k || keys[k - 1] != keys[i])
			keys[k++] = keys[i];
	*n = k;
	return keys;
}

/* A mainline the command compares with shares history with every base:
 * one that shares none, or only the first commit (dpdk-stable's "default",
 * a README on the repository's first commit), could match nothing, and "0
 * commits" would be a wrong answer.  A base of the shared read is on the
 * mainline (mainline_read_set checked the chain); the others are asked.
 * In a whole-repository run such a series is left out, said with the
 * reason (Apache httpd's 1.3, beside trunk); the run fails when none is
 * left, or when the ranges were named. */
static int check_related(struct loader *l, const struct mainline_set *ms, char *err,
			 size_t errlen)
{
	const struct range_list *r = &l->set->ranges;
	size_t left = 0;

	for (size_t i = 0; i < r->n; i++) {
		int seen = ms->m[i] == ms->shared, shares = 1;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(r->v[j].base, r->v[i].base) && !l->failed[j];
		if (!seen && !l->failed[i])
			shares = mainline_shares_history(l->src->repo, ms->ref, r->v[i].base, err,
							 errlen);
		if (shares < 0)
			return RT_EFAIL;
		if (!shares)
			rt_fail(err, errlen, RT_EFAIL,
				"mainline '%s' shares no history with %s (the base of %s), the "
				"first commit at most: name the mainline branch with --mainline REF",
				ms->ref, r->v[i].base, r->v[i].name);
		if (!shares && !l->tolerant)
			return RT_EFAIL;
		if (!shares) {	/* (each_range's next phase keeps it failed, with this) */
			l->failed[i] = 1;
			snprintf(l->errs[i].msg, sizeof(l->errs[i].msg), "%s", err);
		}
		left += !l->failed[i];
	}
	return left || !r->n ? RT_OK : RT_EFAIL;
}

/* Range i's BASE as read (NULL: it failed), or as its summary keeps it. */
static const char *base_of(const struct loader *l, size_t i)
{
	return l->kept[i] ? l->set->ranges.v[i].base : l->h[i].base;
}

/* Does the default branch ref share history with the first series' base
 * that is not failed (dpdk-stable's "default" shares none)? */
static int guess_related(struct loader *l, const char *ref)
{
	char ignored[256];

	for (size_t i = 0; i < l->set->ranges.n; i++)
		if (!l->failed[i])
			return mainline_shares_history(l->src->repo, ref, base_of(l, i), ignored,
						       sizeof(ignored)) > 0;
	return 0;
}

/* The mainline, when the command compares with it or there are upstream
 * ids to infer and a mainline branch to look on (none: no inference). */
static int read_mainline(struct loader *l, char *err, size_t errlen)
{
	struct series_set *set = l->set;
	size_t nwant, n = set->ranges.n;
	uint32_t *want = wanted_keys(l, &nwant);
	int needed = l->rq->needs_mainline, rc;
	char *ref = needed || nwant ? mainline_default_ref(l->src->repo, l->rq->mainline, err,
							   errlen)
				    : NULL;

	if (ref && !l->rq->mainline && mainline_ref_guessed(ref) && !guess_related(l, ref)) {
		free(ref);	/* (a default branch that is no mainline: as none) */
		ref = NULL;
		snprintf(err, errlen, "no mainline branch (master, main, origin/master, "
			 "origin/main; the default branch shares no history with the series): "
			 "name one with --mainline REF");
	}
	if (!ref) {
		free(want);
		return needed ? RT_EFAIL : RT_OK;
	}
	const char **bases = xmalloc((n + 1) * sizeof(char *));
	for (size_t i = 0; i < n; i++)
		bases[i] = base_of(l, i);
	set->ml = xcalloc(1, sizeof(*set->ml));
	rc = mainline_set_read(l->src, ref, bases, n, want, nwant, needed, set->ml, err, errlen);
	free(bases);
	if (!rc && needed)
		rc = check_related(l, set->ml, err, errlen);
	return rc;
}

/* --by channel: the project's channels, and the Linux rules on a Linux
 * tree (git/probe.h: the first range's TIP) unless the project says. */
static void channel_rules_of(struct loader *l)
{
	const struct project_config *p = l->src->project;
	const struct graph *g = &l->h[0].g;
	const struct summary *k = l->set->ranges.n ? l->kept[0] : NULL;
	char tip[41];

	if (g->n)
		memcpy(tip, g->c[g->n - 1].id, sizeof(tip));
	else if (k && k->nids)	/* (its summary's last commit: the same) */
		id_to_hex(tip, k->ids[k->nids - 1]);
	l->channels.names = p ? p->channel_names : NULL;
	l->channels.n = p ? p->rules.nchannels : 0;
	if (p && p->linux_channels >= 0)
		l->channels.linux_rules = p->linux_channels;
	else
		l->channels.linux_rules = probe_is_linux(l->src->repo,
							 g->n || (k && k->nids) ? tip : NULL);
	l->rules.channels = &l->channels;
}

struct piece { size_t work, i; };

static int by_work(const void *pa, const void *pb)
{
	const struct piece *a = pa, *b = pb;

	if (a->work != b->work)
		return a->work < b->work ? 1 : -1;
	return (a->i > b->i) - (a->i < b->i);
}

/* The ranges, the costliest analysis first: five equal pieces of work on
 * two threads leave one alone at the end anyway, but the newest series
 * (last in range order, and the one with a new release's commits) no
 * longer runs alone for twice as long as the others. */
static size_t *analysis_order(const struct loader *l)
{
	size_t n = l->set->ranges.n, *order = xmalloc((n + 1) * sizeof(*order));
	struct piece *p = xmalloc((n + 1) * sizeof(*p));

	for (size_t i = 0; i < n; i++)
		p[i] = (struct piece){ l->work[i], i };
	qsort(p, n, sizeof(*p), by_work);
	for (size_t i = 0; i < n; i++)
		order[i] = p[i].i;
	free(p);
	return order;
}

/* The source's database of the ids outside the ranges, or own, which keeps
 * nothing (opened here: outside_db_close() it when l->outside is own). */
static void open_outside(struct loader *l, struct outside_db *own)
{
	l->outside = source_outside_db(l->src);
	if (!l->outside) {
		char *objects = repo_objects_dir(l->src->repo);
		outside_db_open(own, objects, NULL, 0);
		free(objects);
		l->outside = own;
	}
}

/* Each range analysed (analyze_one), l->outside open. */
static int count_ranges(struct loader *l, char *err, size_t errlen)
{
	git_repository *repo = l->src->repo;
	size_t *order = analysis_order(l);
	int rc;

	if (l->rq->infer && l->set->ml)
		l->infer_cache = source_infer_cache(l->src);
	l->progress = source_phase_begin(l->src, l->rq->infer && l->set->ml
						       ? "inferring upstream ids and counting"
						       : "counting", "ranges", l->set->ranges.n);
	rc = each_range(repo, l, order, analyze_one, err, errlen);
	free(order);
	source_phase_end(l->src);
	l->progress = NULL;
	return rc;
}

/* The summaries that may hold (summary_use.h, steps 1 and 2): their ranges
 * are not read. */
static void find_summaries(struct loader *l)
{
	size_t n = l->set->ranges.n;

	l->kept = xcalloc(n + 1, sizeof(*l->kept));
	l->keys = xcalloc(n + 1, sizeof(*l->keys));
	l->have = xcalloc(n + 1, 1);
	l->skip = xcalloc(n + 1, 1);
	l->sums = l->rq->summary_run ? source_summaries(l->src) : NULL;
	if (!l->sums)
		return;
	summary_use_find(l->src->repo, l->sums, l->rq->summary_run, l->set->ranges.v, n,
			 l->rules.series_re, l->kept, l->keys, l->have);
	for (size_t i = 0; i < n; i++)
		l->skip[i] = l->kept[i] != NULL;
}

/* Once the mainline is read: each summary that still holds (steps 3 and 4)
 * becomes its series; the ranges of the others are read after all (and
 * the rest of them only are skipped from here on).  0, or the error of a
 * question that could not be asked. */
static int use_summaries(struct loader *l, char *err, size_t errlen)
{
	size_t n = l->set->ranges.n, again = 0;
	uint8_t *reused = xcalloc(n + 1, 1);
	int rc = RT_OK;

	for (size_t i = 0; i < n && !rc; i++) {
		if (!l->kept[i])
			continue;
		int holds = summary_use_holds(l->src->repo, l->read.msg_rules, l->outside,
					      l->set->ml, i, l->kept[i], err, errlen);
		if (holds < 0)
			rc = RT_EFAIL;
		else if (holds)
			summary_series(l->kept[i], &l->set->s[i]);
		reused[i] = holds > 0;
		again += !holds;
	}
	/* (the summaries' pointers: not used past here, the summaries grow now) */
	for (size_t i = 0; i < n; i++) {
		l->skip[i] = !(l->kept[i] && !reused[i]);	/* this read: those again */
		l->kept[i] = NULL;
	}
	if (!rc && again) {
		source_cache_save_wait(l->src);	/* (the commit cache is being written) */
		rc = read_ranges(l->src->repo, l, err, errlen);
	}
	memcpy(l->skip, reused, n);	/* counted from here on: all but these */
	free(reused);
	return rc;
}

/* The ranges that failed in a tolerant load, said to the source and taken
 * out of the set (their series released), the others kept in order. */
static void leave_out_failed(struct loader *l)
{
	struct series_set *set = l->set;
	size_t k = 0;

	set->skipped.v = xcalloc(set->n + 1, sizeof(*set->skipped.v));
	for (size_t i = 0; i < set->n; i++) {
		struct range *r = &set->ranges.v[i];
		if (!l->failed[i]) {
			set->s[k] = set->s[i];
			set->ranges.v[k++] = *r;
			continue;
		}
		source_skipped(l->src, r->name, l->errs[i].msg);
		series_release_all(&set->s[i]);
		set->skipped.v[set->skipped.n++] = (struct series_skip){
			r->name, r->base, r->tip, xstrdup(l->errs[i].msg) };
	}
	set->n = set->ranges.n = k;
}

/* Read every range, then the mainline, then analyse each; a failure to
 * read the mainline is reported after the ranges' own failures (as when
 * the mainline was read after them). */
static int load_ranges(struct loader *l, char *err, size_t errlen)
{
	struct series_set *set = l->set;
	struct outside_db own;
	char mlerr[1024] = "";
	int rc, mlrc;

	l->errs = xcalloc(set->ranges.n + 1, sizeof(*l->errs));
	l->failed = xcalloc(set->ranges.n + 1, 1);
	l->work = xcalloc(set->ranges.n + 1, sizeof(*l->work));
	l->h = xcalloc(set->ranges.n + 1, sizeof(*l->h));
	for (size_t i = 0; i < set->ranges.n; i++)
		history_init(&l->h[i]);
	source_cache_save_wait(l->src);	/* (an earlier load's save) */
	find_summaries(l);
	rc = read_ranges(l->src->repo, l, err, errlen);
	pack_prefetch_stop();	/* (the series' walks are done: git/pack_prefetch.h) */
	walk_memo_phase_done();
	if (!rc)	/* the cache is complete: saved while the rest is done */
		source_cache_save_soon(l->src);
	if (!rc)	/* --by channel, and the export's channel of each commit */
		channel_rules_of(l);
	mlrc = rc ? RT_OK : read_mainline(l, mlerr, sizeof(mlerr));
	if (mlrc && set->ml) {	/* analysed as if there were no mainline */
		mainline_set_release(set->ml);
		free(set->ml);
		set->ml = NULL;
	}
	open_outside(l, &own);
	if (!rc)	/* (what the summaries found were made of, against the mainline) */
		rc = use_summaries(l, err, errlen);
	if (!rc)	/* (the upstream inference reads the mainline's candidates) */
		rc = count_ranges(l, err, errlen);
	if (l->outside == &own)
		outside_db_close(&own, 0);
	if (!rc && mlrc)
		rc = rt_fail(err, errlen, mlrc, "%s", mlerr);
	/* ranges never taken stay zeroed (releasing them is harmless) */
	set->n = set->ranges.n;
	for (size_t i = 0; i < set->ranges.n; i++)
		history_release(&l->h[i]);
	if (!rc)
		leave_out_failed(l);
	free(l->h);
	free(l->errs);
	free(l->failed);
	free(l->work);
	free(l->kept);
	free(l->keys);
	free(l->have);
	free(l->skip);
	return rc;
}

static int is_blind(const struct series *s)
{
	return census_mostly_blind(&s->census);
}

#define BLIND_NAMES 5	/* series named in the one summary line, at most */

/* The series mostly without upstream ids (when the request asks): one of
 * them is said with its counts; several in one line for the run, naming the
 * first BLIND_NAMES, not a line each (a repository's hundred series). */
void series_set_warn_blind(const struct load_source *src, const struct series *s, size_t n)
{
	const char *plain = "so fixes naming mainline commits cannot find them: name the mainline "
			    "branch (--mainline REF) or the project's upstream line "
			    "(--upstream-pattern RE)";
	const struct project_config *p = src->project;
	const struct preset *fit = NULL;
	char names[1024] = "", how[512];
	size_t blind = 0, said = 0, at = 0;

	for (size_t i = 0; i < n; i++)
		blind += is_blind(&s[i]);
	/* a recipe that fits the repository and reads more than the built-in
	 * forms, when none is applied: named */
	if (blind && !(p && p->preset) && src->repo)
		fit = preset_fitting(src->repo);
	if (fit && preset_reads_more(fit))
		snprintf(how, sizeof(how), "%s, or apply the recipe of this repository's project "
			 "(--project %s)", plain, fit->name);
	else
		snprintf(how, sizeof(how), "%s", plain);
	for (size_t i = 0; blind == 1 && i < n; i++) {
		const struct census *k = &s[i].census;
		size_t known = k->with_upstream + k->inferred_upstream;
		if (is_blind(&s[i]))
			source_warn(src, "%s: %zu of %zu commits (%.1f%%) have an upstream commit "
				    "id, %s", s[i].name, known, k->commits,
				    100.0 * (double)known / (double)k->commits, how);
	}
	if (blind < 2)
		return;
	for (size_t i = 0; i < n && said < BLIND_NAMES; i++)
		if (is_blind(&s[i]) && at < sizeof(names))
			at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%s",
					       said++ ? ", " : "", s[i].name);
	source_warn(src, "%zu of %zu series: fewer than half their commits have an upstream "
		    "commit id (%s%s), %s", blind, n, names, blind > said ? ", ..." : "", how);
}

int series_set_load(const struct load_request *rq, const struct load_source *src,
		    struct series_set *set, char *err, size_t errlen)
{
	const struct project_config *p = src->project;
	struct loader l = { .rq = rq, .src = src, .set = set, .tolerant = rq->nranges == 0 };
	int rc;

	memset(set, 0, sizeof(*set));
	l.rules.introduced_until = rq->introduced_until;
	l.rules.by = rq->by;
	l.read.paths_depth = l.rules.by && !strcmp(l.rules.by, "path") ? rq->by_depth : 0;
	l.rules.series_re = p && p->has_series ? p->series : NULL;
	l.read.msg_rules = config_msg_rules(p);
	l.read.cache = src->cache;
	rc = discover_ranges(src->repo, rq->ranges, rq->nranges, l.rules.series_re,
			     &set->ranges, err, errlen);
	set->s = xcalloc(set->ranges.n + 1, sizeof(*set->s));
	if (!rc)
		rc = load_ranges(&l, err, errlen);
	set->open_counted = !rc && rq->count_open && set->ml;
	/* a pattern that gave up on a line or a tag may have missed something: that
	 * is the error (it may be why discovery or a range failed) */
	if (p && config_check_limits(p, err, errlen))
		rc = RT_EFAIL;
	for (size_t i = 0; !rc && i < set->n; i++)
		if (set->s[i].rels.n == 0)
			source_warn(src, "no release tags in %s: every commit counts as "
				  "unreleased", set->s[i].name);
	if (!rc)
		shared_find(set->s, set->n, &set->shared);
	if (!rc && rq->warn_blind)
		series_set_warn_blind(src, set->s, set->n);
	if (!rc && l.ties_unread)	/* once per run, not per series */
		source_warn(src, "%zu commit%s left without an upstream id (ambiguous): several "
			    "mainline commits match, and the trees or blobs that would tell them "
			    "apart are not in this partial clone (nothing is fetched); a full "
			    "clone settles them", (size_t)l.ties_unread,
			    l.ties_unread == 1 ? "" : "s");
	return rc;
}

static void *release_mainline(void *ml)
{
	mainline_set_release(ml);
	return NULL;
}

/* The mainline is released in a thread of its own while the series are:
 * most of its memory comes from another malloc arena (the mainline cache's
 * loading thread), so the two do not wait on each other's locks (both
 * series in two threads did: slower). */
void series_set_release(struct series_set *set)
{
	pthread_t tid;
	int threaded = set->ml && thread_start(&tid, release_mainline, set->ml) == 0;

	shared_release(&set->shared, set->s, set->n);
	for (size_t i = 0; i < set->n; i++)
		series_release_all(&set->s[i]);
	free(set->s);
	if (threaded)
		pthread_join(tid, NULL);
	else if (set->ml)
		mainline_set_release(set->ml);
	free(set->ml);
	for (size_t i = 0; i < set->skipped.n; i++) {
		struct series_skip *k = &set->skipped.v[i];
		free(k->name);
		free(k->base);
		free(k->tip);
		free(k->why);
	}
	free(set->skipped.v);
	range_list_release(&set->ranges);
	memset(set, 0, sizeof(*set));
}

void series_set_end(struct series_set *set)
{
	at_exit_keep(set, sizeof(*set));
	memset(set, 0, sizeof(*set));
}
