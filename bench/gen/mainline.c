/*
 * bench/gen/mainline.c — the mainline model: sizes, tags, dates, the kind of
 * each commit (--merges: topics, subsystem trees and merges), the files a
 * commit touches.
 */
#include "gen.h"

struct cfg cfg;

uint32_t N, I;			/* mainline commits, commits per release */
uint8_t *mflags;
int32_t *mtarget;		/* Fixes: or revert target, -1: none/unassigned */
int32_t *fixer_of;		/* the one mainline commit whose Fixes: names it, or -1 */
uint8_t (*mid)[20];		/* mainline ids, filled while emitting */
int64_t T0 = 1309478400;		/* 2011-07-01 */
double DT;			/* seconds per mainline commit */
uint32_t rel_idx[NREL], rc_idx[NREL][NRC];

void version(int r, int *maj, int *min)
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
int mainline_tag(uint32_t i, char *name, size_t len, int *is_final)
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

int64_t mtime(uint32_t i)
{
	return T0 + (int64_t)((double)i * DT);
}

#define K_SKEW 32		/* committer date before its parent's */
#define NONE32 UINT32_MAX

uint8_t *mkind;
uint32_t *mp1, *mp2;		/* first and second parent (NONE32: none) */
static int64_t *mdate_v;		/* committer dates */
uint32_t *fp, nfp;		/* master's first-parent line, in order */
uint16_t *fork_uses;		/* topics and trees still to fork from each commit */
long n_merges, n_skewed, n_pulls, n_topics;

/* The committer date of mainline commit i (before any uniqueness bump). */
int64_t mdate(uint32_t i)
{
	return cfg.merges ? mdate_v[i] : mtime(i);
}

/* The last first-parent commit at or before index x. */
uint32_t fp_at_or_before(uint32_t x)
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
void plan_shape(void)
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

uint32_t leaf_of(uint32_t i)
{
	uint64_t r = stream(SALT_FILES, i);

	/* Skewed: drivers and fs dominate, like the real tree. */
	uint32_t a = rbelow(&r, NLEAVES), b = rbelow(&r, NLEAVES);
	return a < b ? a : b;
}

/* Files a mainline commit touches (1 or 2). */
int files_of(uint32_t i, int out[2])
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

/* The first commit of the topic that ends at mainline commit t. */
uint32_t topic_start(uint32_t t)
{
	while (!(mkind[t] & K_START))
		t--;
	return t;
}
