/* release_discover.c — see release_discover.h; the rules are in
 * doc/dialects.md "Series discovery". */
#include "core/release_discover.h"
#include "core/release.h"
#include "base/util.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One release of a candidate. */
struct rel {
	const char *tag;
	unsigned long num;
	const struct tag_fact *fact;
};

/* One candidate series: a base with the tags that name its releases. */
struct cand {
	char *base;
	struct rel *rel;
	size_t n, cap;
	int dead;
};

struct ctx {
	struct tag_fact *facts;	/* sorted by name (strcmp) */
	char **sorted;		/* their names, in that order */
	char **folded;		/* the names by strcasecmp */
	size_t n;
	struct cand *c;
	size_t nc, capc;
	struct series_discovery *out;
};

/* ---- decisions ------------------------------------------------------------ */

static void reject(struct series_discovery *d, const char *cand, const char *rule, const char *fmt, ...)
{
	char reason[512];
	va_list ap;

	for (size_t i = 0; i < d->nrejected; i++)
		if (d->rejected[i].rule == rule && !strcmp(d->rejected[i].candidate, cand))
			return;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	ARRAY_GROW(d->rejected, d->nrejected, d->caprejected);
	d->rejected[d->nrejected].candidate = xstrdup(cand);
	d->rejected[d->nrejected].rule = rule;
	d->rejected[d->nrejected++].reason = xstrdup(reason);
}

static void add_found(struct series_discovery *d, const char *base, const char *tip, size_t nrel,
		      unsigned long top, int by_config)
{
	ARRAY_GROW(d->found, d->nfound, d->capfound);
	d->found[d->nfound].top = top;
	d->found[d->nfound].base = xstrdup(base);
	d->found[d->nfound].tip = xstrdup(tip);
	d->found[d->nfound].nreleases = nrel;
	d->found[d->nfound++].by_config = by_config;
}

void discovery_release(struct series_discovery *d)
{
	for (size_t i = 0; i < d->nfound; i++) {
		free(d->found[i].base);
		free(d->found[i].tip);
	}
	for (size_t i = 0; i < d->nrejected; i++) {
		free(d->rejected[i].candidate);
		free(d->rejected[i].reason);
	}
	free(d->found);
	free(d->rejected);
	memset(d, 0, sizeof(*d));
}

/* ---- the name rules ------------------------------------------------------- */

int release_is_downstream(const char *base)
{
	for (const char *p = base; *p; p++)
		if (p > base && p[0] == '-' && p[-1] >= '0' && p[-1] <= '9' && p[1] >= '0' &&
		    p[1] <= '9')
			return 1;
	return 0;
}

/* name from its first digit on: its version whatever its prefix */
static const char *version_part(const char *name)
{
	while (*name && (*name < '0' || *name > '9'))
		name++;
	return name;
}

int release_is_pre_version(const char *key)
{
	size_t len = strlen(key), d = 0;
	const char *v = version_part(key);

	while (d < len && key[len - 1 - d] >= '0' && key[len - 1 - d] <= '9')
		d++;
	if (d != 2 || len < 4 || key[len - 3] != '.' || key[len - 2] != '9')
		return 0;
	/* before 1.0: the first number 0 (tcpdump's 4.99, GCC's 2.95 are releases) */
	return key[len - 4] >= '0' && key[len - 4] <= '9' && v[0] == '0' && v[1] == '.';
}

int release_is_beta_number(unsigned long n)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lu", n);
	return strlen(buf) >= 3 && buf[0] == '9' && buf[1] == '9';
}

void release_prefix(const char *name, char *buf, size_t len)
{
	size_t k = 0;

	for (; *name && (*name < '0' || *name > '9') && k + 1 < len; name++)
		buf[k++] = (char)((*name >= 'A' && *name <= 'Z') ? *name + 32 : *name);
	buf[k] = '\0';
	if (!strcmp(buf, "v"))
		buf[0] = '\0';
}

/* ---- looking tags up ------------------------------------------------------ */

static int cmp_fold(const void *a, const void *b)
{
	return strcasecmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_fact(const void *a, const void *b)
{
	return strcmp(((const struct tag_fact *)a)->name, ((const struct tag_fact *)b)->name);
}

static const struct tag_fact *fact_of(const struct ctx *x, const char *name)
{
	struct tag_fact key = { name, 0, 0 };

	return bsearch(&key, x->facts, x->n, sizeof(key), cmp_fact);
}

/* The tag spelt name in any case (the one spelt so when there is one). */
static const char *tag_folded(const struct ctx *x, const char *name)
{
	char *const *t;

	if (fact_of(x, name))
		return fact_of(x, name)->name;
	t = bsearch(&name, x->folded, x->n, sizeof(char *), cmp_fold);
	return t ? *t : NULL;
}

/* The first tag (x->folded) at or after "<p>." in any case. */
static size_t first_dotted(const struct ctx *x, const char *p, size_t len)
{
	size_t lo = 0, hi = x->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncasecmp(x->folded[mid], p, len);
		if (c < 0 || (!c && (unsigned char)x->folded[mid][len] < '.'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Is folded tag i "<p>.<something>" (p of length len, any case)? */
static int dotted(const struct ctx *x, size_t i, const char *p, size_t len)
{
	return i < x->n && !strncasecmp(x->folded[i], p, len) && x->folded[i][len] == '.';
}

/* Is some tag a release "<base>.<N>", N > 0, of base (release_number:
 * base's letters in any case)? */
static int has_release(const struct ctx *x, const char *base)
{
	size_t len = strlen(base);
	unsigned long num;
	int found = 0;

	for (size_t i = first_dotted(x, base, len); !found && dotted(x, i, base, len); i++)
		found = release_number(base, x->folded[i], &num) && num > 0;
	return found;
}

/* The tags "<p>.<N>" (any case), N > 0 and not a beta's number
 * (release_number): their count, and the lowest and highest numbered. */
struct span {
	const char *low, *high;
	unsigned long nlow, nhigh;
	size_t count;
};

static void release_span(const struct ctx *x, const char *p, struct span *s)
{
	size_t len = strlen(p);
	unsigned long num;

	memset(s, 0, sizeof(*s));
	for (size_t i = first_dotted(x, p, len); dotted(x, i, p, len); i++) {
		if (!release_number(p, x->folded[i], &num) || !num || release_is_beta_number(num))
			continue;
		if (!s->count++ || num < s->nlow)
			s->low = x->folded[i], s->nlow = num;
		if (s->count == 1 || num > s->nhigh)
			s->high = x->folded[i], s->nhigh = num;
	}
}

/* Is some tag "<p>.<M><more>" (any case) a pre-release (release_is_
 * prerelease) with M < below: tor's tor-0.4.7.1-alpha .. tor-0.4.7.6-rc
 * before tor-0.4.7.7? */
static int prereleased_before(const struct ctx *x, const char *p, unsigned long below)
{
	size_t len = strlen(p);

	for (size_t i = first_dotted(x, p, len); dotted(x, i, p, len); i++) {
		const char *t = x->folded[i], *d = t + len + 1;
		unsigned long m = 0;
		if (*d < '0' || *d > '9')
			continue;
		for (; *d >= '0' && *d <= '9' && m < below; d++)
			m = m * 10 + (unsigned long)(*d - '0');
		if (*d && (*d < '0' || *d > '9') && m < below && release_is_prerelease(t))
			return 1;
	}
	return 0;
}

/* The releases P.N of a P with a dot and no '/' that is no tag, nor P.0,
 * into *sp; 1 when they are a series whose base is its first release P.L
 * (two releases or more, and pre-releases P.M-... before it, M < L: tor
 * releases 0.4.7.1-alpha to 0.4.7.6-rc from its main branch, then
 * tor-0.4.7.7 to .13 from maint-0.4.7), 0 else. */
static int first_release_series(const struct ctx *x, const char *p, struct span *sp)
{
	size_t len = strlen(p);
	char *p0 = xmalloc(len + 3);
	int no_base;

	snprintf(p0, len + 3, "%s.0", p);
	no_base = strchr(p, '.') && !strchr(p, '/') && !tag_folded(x, p) && !tag_folded(x, p0);
	free(p0);
	memset(sp, 0, sizeof(*sp));
	if (!no_base)
		return -1;	/* (not base-less: a base of another rule, or none) */
	release_span(x, p, sp);
	return sp->count > 1 && prereleased_before(x, p, sp->nlow);
}

/* Is some tag "<base>.<N>", whatever N (release_number)? */
static int has_number(const struct ctx *x, const char *base)
{
	size_t len = strlen(base);
	unsigned long num;

	for (size_t i = first_dotted(x, base, len); dotted(x, i, base, len); i++)
		if (release_number(base, x->folded[i], &num))
			return 1;
	return 0;
}

/* The key release_matcher_init gives base (release.h: the X.Y.0 form's
 * rule, and a point release's, for a series whose base is its first
 * release), and the number its releases are above (0: any). */
static char *matcher_key(const struct ctx *x, const char *base, unsigned long *above)
{
	size_t len = strlen(base);
	char *key = xstrdup(base), *dot;
	struct span sp;
	unsigned long num;

	*above = 0;
	if (len > 2 && !strcmp(base + len - 2, ".0") && strchr(base, '.') != base + len - 2 &&
	    !has_release(x, base)) {
		key[len - 2] = '\0';
		if (!has_release(x, key))
			key[len - 2] = '.';
	} else if (!has_number(x, base) && (dot = strrchr(key, '.')) && dot != key) {
		*dot = '\0';
		if (strchr(key, '.') && release_number(key, base, &num)) {
			release_span(x, key, &sp);
			if (sp.count && sp.nhigh > num) {
				*above = num;
				return key;
			}
		}
		*dot = '.';
	}
	return key;
}

/*
 * BASE of a tag "P.N": P when P is a tag; else "P.0" when that is a tag
 * other than this one, P has a dot itself and no tag is a "P.0.M" (the
 * X.Y.0 form); else the tag that is P in another case (FRR-3.0.1 of
 * frr-3.0); else, for a series whose base is its first release
 * (first_release_series: tor's), that release; NULL otherwise.
 */
static char *base_of(const struct ctx *x, const char *tag, unsigned long *num)
{
	const char *dot = strrchr(tag, '.'), *folded;

	if (!dot || dot == tag)
		return NULL;
	char *p = xstrndup(tag, (size_t)(dot - tag));
	if (!release_number(p, tag, num)) {
		free(p);
		return NULL;
	}
	if (fact_of(x, p))
		return p;
	size_t len = strlen(p);
	char *p0 = xmalloc(len + 3);
	snprintf(p0, len + 3, "%s.0", p);
	if (*num > 0 && strchr(p0, '.') != strrchr(p0, '.') && fact_of(x, p0) &&
	    !has_release(x, p0)) {
		free(p);
		return p0;
	}
	free(p0);
	folded = tag_folded(x, p);
	struct span sp;
	if (!folded && *num > 0 && first_release_series(x, p, &sp) == 1 && strcmp(sp.low, tag))
		folded = sp.low;	/* (tor's: the base itself is no release) */
	free(p);
	return folded ? xstrdup(folded) : NULL;
}

/* A tag P.N (N > 0 and no beta's number, P with a dot and no '/') of no
 * base, where neither P nor P.0 is a tag: its series is rejected, once,
 * with the range that would count it from its first release (release.h:
 * a point release as BASE), when it has two such releases or more
 * (libgit2's v1.6.1..v1.6.5; NetworkManager's snapshots 0.8.5.90..0.8.5.93,
 * no series either, are said the same way), unless pre-releases before
 * it make it a series (first_release_series).  Said at its lowest
 * release. */
static void note_baseless(struct ctx *x, const char *tag)
{
	const char *dot = strrchr(tag, '.');
	unsigned long num;
	struct span sp;

	if (!dot || dot == tag)
		return;
	char *p = xstrndup(tag, (size_t)(dot - tag));
	if (release_number(p, tag, &num) && num > 0 && !first_release_series(x, p, &sp) &&
	    sp.count > 1 && !strcmp(sp.low, tag))
		reject(x->out, p, RULE_NO_BASE, "no tag %s or %s.0 before its %zu releases %s to "
		       "%s: no base (regtrace.series %s..%s counts those after the first)", p, p,
		       sp.count, sp.low, sp.high, sp.low, sp.high);
	free(p);
}

/* ---- candidates ----------------------------------------------------------- */

static struct cand *cand_of(struct ctx *x, char *base)
{
	for (size_t i = 0; i < x->nc; i++)	/* tags come sorted: the same base is near */
		if (!strcmp(x->c[x->nc - 1 - i].base, base)) {
			free(base);
			return &x->c[x->nc - 1 - i];
		}
	ARRAY_GROW(x->c, x->nc, x->capc);
	memset(&x->c[x->nc], 0, sizeof(x->c[x->nc]));
	x->c[x->nc].base = base;
	return &x->c[x->nc++];
}

static void add_rel(struct cand *c, const char *tag, unsigned long num, const struct tag_fact *f)
{
	ARRAY_GROW(c->rel, c->n, c->cap);
	c->rel[c->n].tag = tag;
	c->rel[c->n].num = num;
	c->rel[c->n++].fact = f;
}

/* 1 when base is refused for its name (a rule says why in x->out). */
static int refuse_base(struct ctx *x, const char *base)
{
	unsigned long above;
	char *key;
	int bad;

	if (release_is_prerelease(base)) {
		reject(x->out, base, RULE_PRERELEASE, "%s is a pre-release: no base", base);
		return 1;
	}
	if (release_is_downstream(base)) {
		reject(x->out, base, RULE_DOWNSTREAM, "%s: a downstream number after the "
		       "version, on no series of this project", base);
		return 1;
	}
	key = matcher_key(x, base, &above);
	bad = release_is_pre_version(key);
	if (bad)
		reject(x->out, base, RULE_PRE_ONE, "%s: a last number of 90 or more, snapshots "
		       "before the next version", key);
	free(key);
	return bad;
}

/* Every base with its release tags, bases refused for their names left out. */
static void collect(struct ctx *x)
{
	unsigned long num;

	for (size_t i = 0; i < x->n; i++) {
		const char *tag = x->sorted[i];
		char *base = base_of(x, tag, &num);
		if (!base) {
			note_baseless(x, tag);
			continue;
		}
		if (strchr(tag, '/')) {
			reject(x->out, base, RULE_NAMESPACE, "tags under a '/' are taken only with "
			       "a series pattern");
			free(base);
		} else if (refuse_base(x, base)) {
			free(base);
		} else {
			add_rel(cand_of(x, base), tag, num, &x->facts[i]);
		}
	}
}

static int cmp_rel(const void *a, const void *b)
{
	const struct rel *r = a, *s = b;

	if (r->num != s->num)
		return r->num < s->num ? -1 : 1;
	return strcmp(r->tag, s->tag);
}

/* Keep the releases release_matcher takes, in number order. */
static void keep_matched(struct ctx *x, struct cand *c)
{
	unsigned long num, above;
	char *key = matcher_key(x, c->base, &above);
	size_t k = 0;

	for (size_t i = 0; i < c->n; i++)
		if (release_number(key, c->rel[i].tag, &num) && (!above || num > above))
			c->rel[k++] = c->rel[i];
	c->n = k;
	free(key);
	if (c->n)
		qsort(c->rel, c->n, sizeof(*c->rel), cmp_rel);
}

/* The releases a rule leaves: the re-tags at the base, the betas, the
 * snapshots (doc/dialects.md). */
static void drop_releases(struct ctx *x, struct cand *c)
{
	const struct tag_fact *bf = fact_of(x, c->base);
	size_t k = 0;

	for (size_t i = 0; i < c->n; i++) {
		const struct rel *r = &c->rel[i];
		if (bf && r->fact->commit == bf->commit)
			reject(x->out, r->tag, RULE_RETAG, "on the commit of %s: no release",
			       c->base);
		else if (release_is_beta_number(r->num))
			reject(x->out, r->tag, RULE_BETA, "numbered 99x: a beta of the next "
			       "version, not a release of %s", c->base);
		else if (k && release_is_snapshot(c->rel[k - 1].num, r->num)) {
			for (size_t j = i; j < c->n; j++)
				reject(x->out, c->rel[j].tag, RULE_SNAPSHOT, "far past %s: a "
				       "snapshot, not a release of %s", c->rel[k - 1].tag, c->base);
			break;
		} else
			c->rel[k++] = *r;
	}
	c->n = k;
	if (!k) {
		c->dead = 1;
		reject(x->out, c->base, RULE_NO_RELEASE, "no release left");
	}
}

/* Is some release of c the base of another live candidate with releases
 * numbered from 1 (as release.c's numbered_releases asks)? */
static int has_base_release(const struct ctx *x, const struct cand *c)
{
	for (size_t j = 0; j < c->n; j++)
		for (size_t i = 0; i < x->nc; i++)
			if (!x->c[i].dead && &x->c[i] != c && x->c[i].n &&
			    x->c[i].rel[x->c[i].n - 1].num > 0 &&
			    !strcmp(x->c[i].base, c->rel[j].tag))
				return 1;
	return 0;
}

/* Does counting take tag as a release of base (release_matcher), with the
 * number *num? */
static int counted_as_release(const struct ctx *x, const char *base, const char *tag,
			      unsigned long *num)
{
	struct release_matcher m;
	int yes;

	release_matcher_init(&m, base, NULL, x->sorted, x->n);
	yes = release_match(&m, tag, num);
	release_matcher_release(&m);
	return yes;
}

/* The release of another live candidate that is tag, or NULL. */
static struct cand *release_holder(struct ctx *x, const struct cand *self, const char *tag)
{
	for (size_t i = 0; i < x->nc; i++) {
		struct cand *c = &x->c[i];
		for (size_t j = 0; c != self && !c->dead && j < c->n; j++)
			if (!strcmp(c->rel[j].tag, tag))
				return c;
	}
	return NULL;
}

/* A base B, itself the highest release of another series G and off the
 * mainline's first-parent line, whose one release is B.1, where no other
 * release of G is the base of a series: a fix re-release of that
 * series (Xen's RELEASE-4.1.6.1; not git's v1.4.1.1, of a feature release). */
static void join_rereleases(struct ctx *x)
{
	for (size_t i = 0; i < x->nc; i++) {
		struct cand *c = &x->c[i], *g;
		const struct tag_fact *bf = fact_of(x, c->base);
		if (c->dead || c->n != 1 || c->rel[0].num != 1 || (bf && bf->first_parent) ||
		    !(g = release_holder(x, c, c->base)))
			continue;
		if (strcmp(g->rel[g->n - 1].tag, c->base))
			continue;	/* a re-release of the highest release only */
		c->dead = 1;	/* (not a base of g's, for the question below) */
		int numbered = has_base_release(x, g);
		c->dead = 0;
		unsigned long num;
		if (numbered || !counted_as_release(x, g->base, c->rel[0].tag, &num))
			continue;	/* g's releases have series: B.1 is B's (git's v1.5.x.y) */
		add_rel(g, c->rel[0].tag, num, c->rel[0].fact);
		qsort(g->rel, g->n, sizeof(*g->rel), cmp_rel);
		c->dead = 1;
		char name[512];
		snprintf(name, sizeof(name), "%s..%s", c->base, c->rel[0].tag);
		reject(x->out, name, RULE_FIX_RERELEASE, "%s is a fix re-release of %s, a release "
		       "of %s: one series", c->rel[0].tag, c->base, g->base);
	}
}

/* A base's releases are decided before it: longer names first, or, in the
 * X.Y.0 form (v8.0.0 -> v8.0.1), as long and greater. */
static int cmp_cand_len(const void *a, const void *b)
{
	const char *x = ((const struct cand *)a)->base, *y = ((const struct cand *)b)->base;
	size_t lx = strlen(x), ly = strlen(y);

	if (lx != ly)
		return lx > ly ? -1 : 1;
	return -strcmp(x, y);
}

/* A candidate's base and index, sorted by base (then index). */
struct base_at {
	const char *base;
	uint32_t i;
};

static int cmp_base_at(const void *a, const void *b)
{
	const struct base_at *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Is tag the base of a live candidate before upto?  (Found by binary search
 * among the bases, not by a scan: a scan made the rule quadratic in the
 * number of series.) */
static int is_live_base(const struct ctx *x, const struct base_at *by, size_t upto,
			const char *tag)
{
	size_t lo = 0, hi = x->nc;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(by[mid].base, tag) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->nc && by[lo].i < upto && !strcmp(by[lo].base, tag); lo++)
		if (!x->c[by[lo].i].dead)
			return 1;
	return 0;
}

/* A release that is the base of a series belongs to that series. */
static void settle_bases(struct ctx *x)
{
	struct base_at *by = xmalloc((x->nc + 1) * sizeof(*by));

	if (x->nc)
		qsort(x->c, x->nc, sizeof(*x->c), cmp_cand_len);
	for (size_t i = 0; i < x->nc; i++)
		by[i] = (struct base_at){ x->c[i].base, (uint32_t)i };
	if (x->nc)
		qsort(by, x->nc, sizeof(*by), cmp_base_at);
	for (size_t i = 0; i < x->nc; i++) {
		struct cand *c = &x->c[i];
		size_t k = 0;
		if (c->dead)
			continue;
		for (size_t j = 0; j < c->n; j++)
			if (!is_live_base(x, by, i, c->rel[j].tag))
				c->rel[k++] = c->rel[j];
		if (!k) {
			c->dead = 1;
			reject(x->out, c->base, RULE_RELEASE_IS_BASE, "every release is the base "
			       "of a series of its own");
		}
		c->n = k;
	}
	free(by);
}

/* ---- rules over the whole set ---------------------------------------------- */

struct prefix_count {
	char prefix[64];
	size_t n;
};

static size_t count_of(const struct prefix_count *v, size_t n, const char *prefix)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].prefix, prefix))
			return v[i].n;
	return 0;
}

/* Release tags per prefix (release_prefix) over the live candidates. */
static size_t count_prefixes(const struct ctx *x, struct prefix_count **out)
{
	size_t n = 0, cap = 0;
	char p[64];

	*out = NULL;
	for (size_t i = 0; i < x->nc; i++) {
		if (x->c[i].dead)
			continue;
		release_prefix(x->c[i].base, p, sizeof(p));
		size_t k = 0;
		while (k < n && strcmp((*out)[k].prefix, p))
			k++;
		if (k == n) {
			ARRAY_GROW(*out, n, cap);
			snprintf((*out)[n++].prefix, sizeof(p), "%s", p);
			(*out)[k].n = 0;
		}
		(*out)[k].n += x->c[i].n;
	}
	return n;
}

/* A prefix with fewer than 1/RELEASE_MINORITY of the release tags of the
 * most used one is a subproject's (git's gitgui-*). */
#define RELEASE_MINORITY 4
/* The highest version (version_part) of a live base with prefix p, or NULL. */
static const char *top_version(const struct ctx *x, const char *p)
{
	const char *best = NULL;
	char q[64];

	for (size_t i = 0; i < x->nc; i++) {
		if (x->c[i].dead)
			continue;
		release_prefix(x->c[i].base, q, sizeof(q));
		if (!strcmp(q, p) && (!best || release_version_cmp(version_part(x->c[i].base),
								   best) > 0))
			best = version_part(x->c[i].base);
	}
	return best;
}

static void drop_subprojects(struct ctx *x)
{
	struct prefix_count *v;
	size_t n = count_prefixes(x, &v), top = 0, top_i = 0;
	char p[64];
	const char *newest;

	for (size_t i = 0; i < n; i++)
		if (v[i].n > top)
			top = v[i].n, top_i = i;
	newest = n ? top_version(x, v[top_i].prefix) : NULL;
	for (size_t i = 0; i < x->nc; i++) {
		struct cand *c = &x->c[i];
		if (c->dead)
			continue;
		release_prefix(c->base, p, sizeof(p));
		if (count_of(v, n, p) * RELEASE_MINORITY >= top)
			continue;
		if (newest && release_version_cmp(version_part(c->base), newest) > 0)
			continue;	/* a newer naming of the same line (LXC's v6.0.0) */
		c->dead = 1;
		reject(x->out, c->base, RULE_SUBPROJECT, "prefix '%s': %zu release tags beside "
		       "%zu of '%s', a subproject's", p, count_of(v, n, p), top, v[top_i].prefix);
	}
	free(v);
}

/* The releases of c on the mainline's first-parent line numbered above
 * every release off it: development releases of the next version. */
static void trim_development(struct ctx *x, struct cand *c)
{
	size_t top = c->n;

	while (top > 0 && c->rel[top - 1].fact->first_parent)
		top--;
	if (!top)
		return;	/* all on the line: the majority rule says */
	for (size_t j = top; j < c->n; j++)
		reject(x->out, c->rel[j].tag, RULE_DEVELOPMENT, "on the mainline's first-parent "
		       "line, after every release of %s off it: a development release", c->base);
	c->n = top;
}

/* The newest base (of any candidate) on the mainline's first-parent line,
 * or NULL. */
static const char *newest_line_base(const struct ctx *x)
{
	const char *best = NULL;

	for (size_t i = 0; i < x->nc; i++) {
		const struct tag_fact *f = fact_of(x, x->c[i].base);
		if (f && f->first_parent && (!best || release_version_cmp(f->name, best) > 0))
			best = f->name;
	}
	return best;
}

/* Where the mainline's first-parent line goes on to a newer base, a series
 * with most of its releases on that line is the development line
 * (PipeWire's 0.3.x), not a stable series.  (A line that ends with the
 * series, as in a repository of one stable branch, is the series'.) */
static void drop_development(struct ctx *x)
{
	const char *newest = newest_line_base(x);

	for (size_t i = 0; newest && i < x->nc; i++) {
		struct cand *c = &x->c[i];
		size_t fp = 0;
		if (c->dead || release_version_cmp(newest, c->base) <= 0)
			continue;
		trim_development(x, c);
		for (size_t j = 0; j < c->n; j++)
			fp += c->rel[j].fact->first_parent != 0;
		if (fp * 2 <= c->n)
			continue;
		c->dead = 1;
		reject(x->out, c->base, RULE_DEVELOPMENT, "%zu of %zu releases on the mainline's "
		       "first-parent line: the development line", fp, c->n);
	}
}

static void emit(struct ctx *x)
{
	for (size_t i = 0; i < x->nc; i++) {
		struct cand *c = &x->c[i];
		if (!c->dead)
			add_found(x->out, c->base, c->rel[c->n - 1].tag, c->n,
				  c->rel[c->n - 1].num, 0);
		free(c->base);
		free(c->rel);
	}
	free(x->c);
	x->c = NULL;
	x->nc = x->capc = 0;
}

/* The built-in rules, in the order doc/dialects.md gives them. */
static void builtin(struct ctx *x)
{
	collect(x);
	for (size_t i = 0; i < x->nc; i++) {
		keep_matched(x, &x->c[i]);
		if (x->c[i].n)
			drop_releases(x, &x->c[i]);
		else
			x->c[i].dead = 1;
	}
	join_rereleases(x);
	settle_bases(x);
	drop_subprojects(x);
	drop_development(x);
	emit(x);
}

/* ---- the project's corrections ---------------------------------------------- */

/* The releases of base up to tip, as counting takes them (release_matcher). */
static size_t count_releases(const struct ctx *x, const char *base, const char *tip,
			     const struct pattern *re)
{
	struct release_matcher m;
	unsigned long num;
	size_t n = 0;

	release_matcher_init(&m, base, re, x->sorted, x->n);
	for (size_t i = 0; i < x->n; i++)
		n += strcmp(x->sorted[i], base) && release_match(&m, x->sorted[i], &num) &&
		     release_version_cmp(x->sorted[i], tip) <= 0;
	release_matcher_release(&m);
	return n;
}

static int excluded(const struct discovery_config *cfg, const char *base)
{
	for (size_t i = 0; i < cfg->nexclude; i++)
		if (!strcmp(cfg->exclude[i], base))
			return 1;
	return 0;
}

static void drop_found(struct series_discovery *d, size_t i)
{
	free(d->found[i].base);
	free(d->found[i].tip);
	memmove(&d->found[i], &d->found[i + 1], (d->nfound - i - 1) * sizeof(*d->found));
	d->nfound--;
}

static void add_configured(struct ctx *x, const char *range, const struct pattern *re)
{
	const char *dots = strstr(range, "..");

	if (!dots || dots == range || !dots[2] || dots[2] == '.') {
		reject(x->out, range, RULE_CONFIG, "regtrace.series: not BASE..TIP");
		return;
	}
	char *base = xstrndup(range, (size_t)(dots - range));
	for (size_t i = 0; i < x->out->nfound; i++)
		if (!strcmp(x->out->found[i].base, base))
			drop_found(x->out, i--);
	add_found(x->out, base, dots + 2, count_releases(x, base, dots + 2, re), 0, 1);
	free(base);
}

static void apply_config(struct ctx *x, const struct discovery_config *cfg,
			 const struct pattern *re)
{
	for (size_t i = 0; i < x->out->nfound; i++) {
		if (!excluded(cfg, x->out->found[i].base))
			continue;
		reject(x->out, x->out->found[i].base, RULE_CONFIG,
		       "excluded by config (regtrace.excludeSeries)");
		drop_found(x->out, i--);
	}
	for (size_t i = 0; i < cfg->nadd; i++)
		add_configured(x, cfg->add[i], re);
}

/* ---- the whole ---------------------------------------------------------------- */

/* Newest first: by the bases' versions whatever their prefixes (LXC's
 * v6.0.0 before lxc-5.0.0), then by name. */
static int cmp_bases_desc(const char *x, const char *y)
{
	int c = release_version_cmp(version_part(y), version_part(x));

	return c ? c : release_version_cmp(y, x);
}

static int cmp_found_desc(const void *a, const void *b)
{
	return cmp_bases_desc(((const struct series_found *)a)->base,
			      ((const struct series_found *)b)->base);
}

/* Under a pattern: release.h's pattern series, with their release counts. */
static void by_pattern(struct ctx *x, const struct pattern *re)
{
	struct series_name *s;
	size_t n;

	release_find_series(x->sorted, x->n, re, &s, &n);
	for (size_t i = 0; i < n; i++)
		add_found(x->out, s[i].base, s[i].tip,
			  count_releases(x, s[i].base, s[i].tip, re), s[i].top, 0);
	release_series_names_free(s, n);
}

void release_discover(const struct tag_fact *tags, size_t ntags, const struct pattern *re,
		      const struct discovery_config *cfg, struct series_discovery *out)
{
	struct ctx x = { 0 };

	memset(out, 0, sizeof(*out));
	x.out = out;
	x.n = ntags;
	x.facts = xmalloc((ntags + 1) * sizeof(*x.facts));
	x.sorted = xmalloc((ntags + 1) * sizeof(char *));
	x.folded = xmalloc((ntags + 1) * sizeof(char *));
	if (ntags)
		memcpy(x.facts, tags, ntags * sizeof(*tags));
	if (ntags)
		qsort(x.facts, ntags, sizeof(*x.facts), cmp_fact);
	x.n = 0;
	for (size_t i = 0; i < ntags; i++)	/* a name given twice is one tag */
		if (!x.n || strcmp(x.facts[x.n - 1].name, x.facts[i].name))
			x.facts[x.n++] = x.facts[i];
	for (size_t i = 0; i < x.n; i++)
		x.sorted[i] = x.folded[i] = (char *)x.facts[i].name;
	if (x.n)
		qsort(x.folded, x.n, sizeof(char *), cmp_fold);
	if (re)
		by_pattern(&x, re);
	else
		builtin(&x);
	if (cfg)
		apply_config(&x, cfg, re);
	if (out->nfound)
		qsort(out->found, out->nfound, sizeof(*out->found), cmp_found_desc);
	free(x.facts);
	free(x.sorted);
	free(x.folded);
}

/* ---- the names-only form (release_discover.h: release_find_series) ---- */

static int cmp_name_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_series_desc(const void *a, const void *b)
{
	return cmp_bases_desc(((const struct series_name *)a)->base,
			      ((const struct series_name *)b)->base);
}

/* The built-in rules with no facts of the repository: each tag on a commit
 * of its own, no mainline (release_discover.h). */
static size_t builtin_series(char **tags, size_t ntags, struct series_name **out)
{
	struct tag_fact *f = xcalloc(ntags + 1, sizeof(*f));
	struct series_discovery d;
	size_t cap = 0, n = 0;

	for (size_t i = 0; i < ntags; i++)
		f[i].name = tags[i], f[i].commit = (uint32_t)i;
	release_discover(f, ntags, NULL, NULL, &d);
	for (size_t i = 0; i < d.nfound; i++) {
		ARRAY_GROW(*out, n, cap);
		(*out)[n].base = d.found[i].base;
		(*out)[n].tip = d.found[i].tip;
		(*out)[n++].top = d.found[i].top;
		d.found[i].base = d.found[i].tip = NULL;
	}
	discovery_release(&d);
	free(f);
	return n;
}

void release_find_series(char **tags, size_t ntags, const struct pattern *re,
			 struct series_name **out, size_t *nout)
{
	char **sorted = xmalloc((ntags + 1) * sizeof(char *));
	size_t n = 0;

	memcpy(sorted, tags, ntags * sizeof(char *));
	if (ntags)
		qsort(sorted, ntags, sizeof(char *), cmp_name_ptr);
	*out = NULL;
	if (re)
		n = release_pattern_series(sorted, ntags, re, out);
	else
		n = builtin_series(sorted, ntags, out);
	*nout = n;
	if (n)
		qsort(*out, n, sizeof(**out), cmp_series_desc);
	free(sorted);
}
