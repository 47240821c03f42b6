/* release.c — see release.h. */
#include "core/release.h"
#include "base/util.h"

#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *release_base_name(const char *base)
{
	if (!strncmp(base, "refs/tags/", 10))
		return base + 10;
	if (!strncmp(base, "tags/", 5))
		return base + 5;
	return base;
}

int release_number(const char *base, const char *tag, unsigned long *n)
{
	size_t bl = strlen(base);
	const char *p;
	unsigned long v = 0;

	if (!bl || strncasecmp(tag, base, bl) || tag[bl] != '.')
		return 0;
	p = tag + bl + 1;
	if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '\0'))
		return 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		if (v > (ULONG_MAX - (unsigned long)(*p - '0')) / 10)
			return 0;
		v = v * 10 + (unsigned long)(*p - '0');
	}
	*n = v;
	return 1;
}

/* Group n of a match as a new string, or NULL. */
static char *group(const char *s, const struct pattern_group *m, int n)
{
	if (m[n].so < 0)
		return NULL;
	return xstrndup(s + m[n].so, (size_t)(m[n].eo - m[n].so));
}

/* Under a pattern: the key and number of a tag; 0 if it does not match. */
static int pattern_match(const struct pattern *re, const char *tag, char **key, unsigned long *n)
{
	struct pattern_group m[3];
	char *num;

	if (!pattern_exec(re, tag, strlen(tag), m, 3))
		return 0;
	*key = group(tag, m, 1);
	num = group(tag, m, 2);
	char buf[64];
	/* the number obeys the built-in rule: decimal, no leading zero */
	int ok = *key && num && strlen(num) < 40 &&
		 snprintf(buf, sizeof(buf), "x.%s", num) > 0 && release_number("x", buf, n);
	free(num);
	if (!ok) {
		free(*key);
		*key = NULL;
	}
	return ok;
}

static void find_rereleases(struct release_matcher *m, char *const *tags, size_t ntags);

/* Is some tag "<key>.<N>", whatever N? */
static int any_number(const char *key, char *const *tags, size_t ntags)
{
	unsigned long n;

	for (size_t i = 0; i < ntags; i++)
		if (release_number(key, tags[i], &n))
			return 1;
	return 0;
}

/* Is some tag "<key>.<N>" with N > above (above 0: any release)? */
static int release_above(const char *key, unsigned long above, char *const *tags, size_t ntags)
{
	unsigned long n;

	for (size_t i = 0; i < ntags; i++)
		if (release_number(key, tags[i], &n) && n > above)
			return 1;
	return 0;
}

/* m->key (BASE, with no release BASE.N) a point release P.M of a series P
 * with releases above M: P, and m->above M (release.h). */
static void point_release_key(struct release_matcher *m, char *const *tags, size_t ntags)
{
	char *dot = strrchr(m->key, '.');
	unsigned long num;

	if (!dot || dot == m->key)
		return;
	char *p = xstrndup(m->key, (size_t)(dot - m->key));
	if (strchr(p, '.') && release_number(p, m->key, &num) &&
	    release_above(p, num, tags, ntags)) {
		free(m->key);
		m->key = p;
		m->above = num;
		return;
	}
	free(p);
}

void release_matcher_init(struct release_matcher *m, const char *base, const struct pattern *re,
			  char *const *tags, size_t ntags)
{
	unsigned long n;
	size_t len = strlen(base);

	m->re = re;
	m->key = NULL;
	m->above = 0;
	m->rerelease = NULL;
	m->rerelease_n = NULL;
	m->nrerelease = 0;
	if (re) {
		if (!pattern_match(re, base, &m->key, &n))
			m->key = xstrdup(base);
		return;
	}
	m->key = xstrdup(base);
	if (len > 2 && !strcmp(base + len - 2, ".0") && strchr(base, '.') != base + len - 2 &&
	    !release_above(base, 0, tags, ntags)) {
		m->key[len - 2] = '\0';
		if (!release_above(m->key, 0, tags, ntags))
			m->key[len - 2] = '.';
	} else if (!any_number(base, tags, ntags)) {
		point_release_key(m, tags, ntags);
	}
	find_rereleases(m, tags, ntags);
}

/* Is some tag other than self a "<p>.<M>"? */
static int other_release(const char *p, const char *self, char *const *tags, size_t ntags)
{
	unsigned long m;

	for (size_t i = 0; i < ntags; i++)
		if (strcmp(tags[i], self) && release_number(p, tags[i], &m))
			return 1;
	return 0;
}

static int is_tag(const char *name, char *const *tags, size_t ntags)
{
	for (size_t i = 0; i < ntags; i++)
		if (!strcmp(tags[i], name))
			return 1;
	return 0;
}

/* Is some release key.M, M != n, the base of releases key.M.K (K > 0)? */
static int numbered_releases(const char *key, unsigned long n, char *const *tags, size_t ntags)
{
	unsigned long m, k;
	int found = 0;

	for (size_t i = 0; i < ntags && !found; i++) {
		const char *dot = strrchr(tags[i], '.');
		if (!dot)
			continue;
		char *q = xstrndup(tags[i], (size_t)(dot - tags[i]));
		found = release_number(key, q, &m) && m != n && release_number(q, tags[i], &k) &&
			k > 0;
		free(q);
	}
	return found;
}

/* The fix re-releases of m->key among tags (struct release_matcher): of
 * its highest release only (v4.19.1.1 beside v4.19.3 is none), and not when
 * other releases have releases of their own (git's v1.5.x.y). */
static void find_rereleases(struct release_matcher *m, char *const *tags, size_t ntags)
{
	size_t cap = 0, capn = 0, nn = 0;
	unsigned long n, top = 0;

	for (size_t i = 0; i < ntags; i++)
		if (release_number(m->key, tags[i], &n) && n > top)
			top = n;
	for (size_t i = 0; i < ntags; i++) {
		size_t len = strlen(tags[i]);
		if (len < 3 || strcmp(tags[i] + len - 2, ".1"))
			continue;
		char *p = xstrndup(tags[i], len - 2);
		if (release_number(m->key, p, &n) && n == top && is_tag(p, tags, ntags) &&
		    !other_release(p, tags[i], tags, ntags) && !numbered_releases(m->key, n, tags, ntags)) {
			ARRAY_GROW(m->rerelease, m->nrerelease, cap);
			ARRAY_GROW(m->rerelease_n, nn, capn);
			m->rerelease[m->nrerelease++] = xstrdup(tags[i]);
			m->rerelease_n[nn++] = n;
		}
		free(p);
	}
}

int release_match(const struct release_matcher *m, const char *tag, unsigned long *n)
{
	char *key;

	if (!m->re) {
		if (release_number(m->key, tag, n) && (!m->above || *n > m->above))
			return 1;
		for (size_t i = 0; i < m->nrerelease; i++)
			if (!strcmp(m->rerelease[i], tag))
				return *n = m->rerelease_n[i], 1;
		return 0;
	}
	if (!pattern_match(m->re, tag, &key, n))
		return 0;
	int same = !strcmp(key, m->key);
	free(key);
	return same;
}

void release_matcher_release(struct release_matcher *m)
{
	for (size_t i = 0; i < m->nrerelease; i++)
		free(m->rerelease[i]);
	free(m->rerelease);
	free(m->rerelease_n);
	m->rerelease = NULL;
	m->rerelease_n = NULL;
	m->nrerelease = 0;
	free(m->key);
	m->key = NULL;
}

void release_list_init(struct release_list *l)
{
	memset(l, 0, sizeof(*l));
}

void release_list_add(struct release_list *l, const char *name,
		      unsigned long number, uint32_t commit)
{
	ARRAY_GROW(l->r, l->n, l->cap);
	l->r[l->n].name = xstrdup(name);
	l->r[l->n].number = number;
	l->r[l->n].commit = commit;
	l->r[l->n].date = 0;
	l->n++;
}

void release_list_release(struct release_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->r[i].name);
	free(l->r);
	memset(l, 0, sizeof(*l));
}

static int cmp_release(const void *pa, const void *pb)
{
	const struct release *a = pa, *b = pb;

	if (a->number != b->number)
		return a->number < b->number ? -1 : 1;
	return strcmp(a->name, b->name);
}

/*
 * Releases in ascending order each claim the unclaimed part of their
 * history.  A claimed commit's whole history is claimed already (by a
 * release no higher), so the search stops there: each commit is visited
 * once over all releases.
 */
void release_attribute(struct release_list *l, struct graph *g)
{
	uint32_t *stack = xmalloc((g->n + 1) * sizeof(uint32_t));

	if (l->n)
		qsort(l->r, l->n, sizeof(*l->r), cmp_release);
	for (size_t i = 0; i < g->n; i++)
		g->c[i].release = RELEASE_NONE;
	for (size_t r = 0; r < l->n; r++) {
		uint32_t top = 0, start = l->r[r].commit;
		if (start >= g->n || g->c[start].release != RELEASE_NONE)
			continue;
		g->c[start].release = (int)r;
		stack[top++] = start;
		while (top) {
			const struct graph_commit *c = &g->c[stack[--top]];
			for (uint32_t k = 0; k < c->nparents; k++) {
				uint32_t p = c->parents[k];
				if (g->c[p].release != RELEASE_NONE)
					continue;
				g->c[p].release = (int)r;
				stack[top++] = p;
			}
		}
	}
	free(stack);
}

const char *release_name(const struct release_list *l, int release)
{
	if (release < 0 || (size_t)release >= l->n)
		return "unreleased";
	return l->r[release].name;
}

int release_find(const struct release_list *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->r[i].name, name))
			return (int)i;
	return -1;
}

int release_version_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
			if (la != lb)
				return la < lb ? -1 : 1;
			int c = strncmp(a, b, la);
			if (c)
				return c;
			a += la, b += lb;
		} else {
			if (*a != *b)
				return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
			a++, b++;
		}
	}
	return (*a != 0) - (*b != 0);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int has_tag(char **sorted, size_t n, const char *name)
{
	return bsearch(&name, sorted, n, sizeof(char *), cmp_str) != NULL;
}

/* Keep for each base its highest release; bases are owned by out. */
static void note_release(struct series_name **out, size_t *n, size_t *cap, char *base,
			 const char *tag, unsigned long num)
{
	for (size_t i = 0; i < *n; i++) {
		if (strcmp((*out)[i].base, base))
			continue;
		if (num > (*out)[i].top) {
			free((*out)[i].tip);
			(*out)[i].tip = xstrdup(tag);
			(*out)[i].top = num;
		}
		free(base);
		return;
	}
	ARRAY_GROW(*out, *n, *cap);
	(*out)[*n].base = base;
	(*out)[*n].tip = xstrdup(tag);
	(*out)[*n].top = num;
	(*n)++;
}

/* A word of letters in a version (after its first digit) that marks a
 * pre-release: 4.9.0-rc1, v2.0-beta2, 1.0pre3. */
int release_is_prerelease(const char *tag)
{
	static const char *const marks[] = { "rc", "pre", "alpha", "beta", "dev" };
	const char *p = tag;

	while (*p && (*p < '0' || *p > '9'))
		p++;
	while (*p) {
		size_t n = 0;
		while (p[n] && ((p[n] | 0x20) >= 'a' && (p[n] | 0x20) <= 'z'))
			n++;
		for (size_t k = 0; n && k < sizeof(marks) / sizeof(*marks); k++)
			if (strlen(marks[k]) == n && !strncasecmp(p, marks[k], n))
				return 1;
		p += n ? n : 1;
	}
	return 0;
}

int release_is_snapshot(unsigned long prev, unsigned long n)
{
	return prev <= (ULONG_MAX - RELEASE_SNAPSHOT_GAP) / RELEASE_SNAPSHOT_FACTOR &&
	       n > RELEASE_SNAPSHOT_FACTOR * prev + RELEASE_SNAPSHOT_GAP;
}

/* Under a pattern: group by key; base = the tag named key, else the
 * lowest-numbered tag; a series needs a release after its base. */
static size_t pattern_series(char **sorted, size_t ntags, const struct pattern *re,
			     struct series_name **out)
{
	size_t n = 0, cap = 0, k = 0;
	unsigned long num;
	char *key;

	for (size_t i = 0; i < ntags; i++) {
		if (!pattern_match(re, sorted[i], &key, &num))
			continue;
		note_release(out, &n, &cap, key, sorted[i], num);
	}
	for (size_t i = 0; i < n; i++) {
		struct series_name *s = &(*out)[i];
		struct release_matcher m = { .key = s->base, .re = re };
		unsigned long low = ULONG_MAX;
		const char *low_tag = NULL;
		for (size_t t = 0; t < ntags; t++)
			if (release_match(&m, sorted[t], &num) && (!low_tag || num < low))
				low = num, low_tag = sorted[t];
		char *base = has_tag(sorted, ntags, s->base) ? xstrdup(s->base) : xstrdup(low_tag);
		if (!has_tag(sorted, ntags, s->base) && low == s->top) {
			free(base);
			free(s->base);
			free(s->tip);
			continue;	/* one tag only: nothing after the base */
		}
		free(s->base);
		s->base = base;
		(*out)[k++] = *s;
	}
	return k;
}

/* The series a pattern finds among sorted tags (release.h); how many. */
size_t release_pattern_series(char **sorted, size_t ntags, const struct pattern *re,
			      struct series_name **out)
{
	return pattern_series(sorted, ntags, re, out);
}

void release_series_names_free(struct series_name *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(s[i].base);
		free(s[i].tip);
	}
	free(s);
}

/* ---- the tag index ---- */

static int lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* strncmp of a and b with ASCII letters lowered (as release_number()
 * compares a base's letters). */
static int cmp_folded(const char *a, const char *b, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		int x = lower((unsigned char)a[i]), y = lower((unsigned char)b[i]);
		if (x != y || !x)
			return x - y;
	}
	return 0;
}

struct named { const char *name; uint32_t i; };

static int cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = cmp_folded(x->name, y->name, SIZE_MAX);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

void tag_index_init(struct tag_index *ix, char *const *names, size_t n)
{
	struct named *v = xmalloc((n + 1) * sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = (struct named){ names[i], (uint32_t)i };
	if (n)
		qsort(v, n, sizeof(*v), cmp_named);
	ix->names = names;
	ix->n = n;
	ix->order = xmalloc((n + 1) * sizeof(*ix->order));
	for (size_t i = 0; i < n; i++)
		ix->order[i] = v[i].i;
	free(v);
}

void tag_index_release(struct tag_index *ix)
{
	free(ix->order);
	memset(ix, 0, sizeof(*ix));
}

static int cmp_u32_plain(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The indexes of the names starting with prefix[0..len) (letters in any
 * case), in names' order, into a new array; how many. */
static size_t with_prefix(const struct tag_index *ix, const char *prefix, size_t len,
			  uint32_t **out)
{
	size_t lo = 0, hi = ix->n, k = 0;

	while (lo < hi) {	/* the first name not below the prefix */
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_folded(ix->names[ix->order[mid]], prefix, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	uint32_t *at = xmalloc((ix->n - lo + 1) * sizeof(*at));
	for (size_t i = lo; i < ix->n && !cmp_folded(ix->names[ix->order[i]], prefix, len); i++)
		at[k++] = ix->order[i];
	if (k)
		qsort(at, k, sizeof(*at), cmp_u32_plain);	/* names' order */
	*out = at;
	return k;
}

/* Is one of the names at[0..k) a release "<key>.<N>"? */
static int releases_among(const struct tag_index *ix, const uint32_t *at, size_t k,
			  const char *key)
{
	unsigned long n;

	for (size_t i = 0; i < k; i++)
		if (release_number(key, ix->names[at[i]], &n))
			return 1;
	return 0;
}

char **release_candidates(const struct tag_index *ix, const char *base, size_t *count)
{
	size_t len = strlen(base), k;
	char *prefix = xmalloc(len + 2), *dot;
	uint32_t *at;

	memcpy(prefix, base, len + 1);
	if (len > 2 && !strcmp(base + len - 2, ".0"))	/* (the X.Y.0 -> X.Y.N form) */
		len -= 2;
	prefix[len++] = '.';
	prefix[len] = '\0';
	k = with_prefix(ix, prefix, len, &at);
	prefix[len - 1] = '\0';
	/* none BASE.N: BASE may be a point release P.M (release_matcher) */
	if (!releases_among(ix, at, k, prefix) && (dot = strrchr(prefix, '.')) && dot != prefix) {
		free(at);
		dot[1] = '\0';
		k = with_prefix(ix, prefix, (size_t)(dot + 1 - prefix), &at);
	}
	free(prefix);
	char **out = xmalloc((k + 1) * sizeof(*out));
	for (size_t i = 0; i < k; i++)
		out[i] = ix->names[at[i]];
	free(at);
	*count = k;
	return out;
}
