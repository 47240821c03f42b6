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

	if (!bl || strncmp(tag, base, bl) || tag[bl] != '.')
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
static char *group(const char *s, const regmatch_t *m, int n)
{
	if (m[n].rm_so < 0)
		return NULL;
	return xstrndup(s + m[n].rm_so, (size_t)(m[n].rm_eo - m[n].rm_so));
}

/* Under a pattern: the key and number of a tag; 0 if it does not match. */
static int pattern_match(const regex_t *re, const char *tag, char **key, unsigned long *n)
{
	regmatch_t m[3];
	char *num;

	if (regexec(re, tag, 3, m, 0))
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

static int any_release(const char *key, char *const *tags, size_t ntags)
{
	unsigned long n;

	for (size_t i = 0; i < ntags; i++)
		if (release_number(key, tags[i], &n) && n > 0)
			return 1;
	return 0;
}

void release_matcher_init(struct release_matcher *m, const char *base, const regex_t *re,
			  char *const *tags, size_t ntags)
{
	unsigned long n;
	size_t len = strlen(base);

	m->re = re;
	m->key = NULL;
	if (re) {
		if (!pattern_match(re, base, &m->key, &n))
			m->key = xstrdup(base);
		return;
	}
	m->key = xstrdup(base);
	if (len > 2 && !strcmp(base + len - 2, ".0") && strchr(base, '.') != base + len - 2 &&
	    !any_release(base, tags, ntags)) {
		m->key[len - 2] = '\0';
		if (!any_release(m->key, tags, ntags))
			m->key[len - 2] = '.';
	}
}

int release_match(const struct release_matcher *m, const char *tag, unsigned long *n)
{
	char *key;

	if (!m->re)
		return release_number(m->key, tag, n);
	if (!pattern_match(m->re, tag, &key, n))
		return 0;
	int same = !strcmp(key, m->key);
	free(key);
	return same;
}

void release_matcher_release(struct release_matcher *m)
{
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

/* Is some tag a release "<base>.<N>", N > 0, of base?  (sorted: all tags, by strcmp) */
static int has_release(char **sorted, size_t n, const char *base)
{
	size_t len = strlen(base), lo = 0, hi = n;
	char *prefix = xmalloc(len + 2);
	unsigned long num;
	int found = 0;

	snprintf(prefix, len + 2, "%s.", base);
	while (lo < hi) {	/* the first tag >= "<base>." */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(sorted[mid], prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; !found && lo < n && !strncmp(sorted[lo], prefix, len + 1); lo++)
		found = release_number(base, sorted[lo], &num) && num > 0;	/* as any_release */
	free(prefix);
	return found;
}

/*
 * BASE of a tag "P.N": P when P is a tag, else "P.0" when that is a tag
 * other than this one, P has a dot itself and no tag is a "P.0.M" (the
 * X.Y.0 form: v8.0.0 -> v8.0.1, but never v3.0 -> v3.1, and never beside
 * releases v8.0.0.M: the matcher then takes those, release_matcher_init);
 * NULL otherwise.
 */
static char *base_of(char **sorted, size_t n, const char *tag, unsigned long *num)
{
	const char *dot = strrchr(tag, '.');

	if (!dot || dot == tag)
		return NULL;
	char *p = xstrndup(tag, (size_t)(dot - tag));
	if (!release_number(p, tag, num)) {
		free(p);
		return NULL;
	}
	if (has_tag(sorted, n, p))
		return p;
	size_t len = strlen(p);
	char *p0 = xmalloc(len + 3);
	snprintf(p0, len + 3, "%s.0", p);
	free(p);
	if (*num > 0 && strchr(p0, '.') != strrchr(p0, '.') && has_tag(sorted, n, p0) &&
	    !has_release(sorted, n, p0))
		return p0;
	free(p0);
	return NULL;
}

static int cmp_series_desc(const void *a, const void *b)
{
	return release_version_cmp(((const struct series_name *)b)->base,
				   ((const struct series_name *)a)->base);
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

/* One base found among the tags, with its releases. */
struct found_rel {
	const char *tag;
	unsigned long num;
};

struct found {
	char *base;
	struct found_rel *rel;
	size_t n, cap;
};

static void add_found(struct found **v, size_t *n, size_t *cap, char *base, const char *tag,
		      unsigned long num)
{
	struct found *f = NULL;

	for (size_t i = 0; i < *n && !f; i++)	/* tags come sorted: the same base is near */
		if (!strcmp((*v)[*n - 1 - i].base, base))
			f = &(*v)[*n - 1 - i];
	if (f) {
		free(base);
	} else {
		ARRAY_GROW(*v, *n, *cap);
		f = &(*v)[(*n)++];
		memset(f, 0, sizeof(*f));
		f->base = base;
	}
	ARRAY_GROW(f->rel, f->n, f->cap);
	f->rel[f->n].tag = tag;
	f->rel[f->n++].num = num;
}

static int cmp_num(const void *a, const void *b)
{
	const struct found_rel *x = a, *y = b;

	if (x->num != y->num)
		return x->num < y->num ? -1 : 1;
	return strcmp(x->tag, y->tag);
}

/* The key release_matcher_init gives base (the X.Y.0 form's rule), by
 * binary search in the sorted tags rather than a scan. */
static char *matcher_key(char **sorted, size_t n, const char *base)
{
	size_t len = strlen(base);
	char *key = xstrdup(base);

	if (len > 2 && !strcmp(base + len - 2, ".0") && strchr(base, '.') != base + len - 2 &&
	    !has_release(sorted, n, base)) {
		key[len - 2] = '\0';
		if (!has_release(sorted, n, key))
			key[len - 2] = '.';
	}
	return key;
}

/* Keep the releases that counting takes too (release_match with the
 * matcher of BASE), in number order, without the snapshots. */
static void drop_snapshots(struct found *f, char **sorted, size_t ntags)
{
	char *key = matcher_key(sorted, ntags, f->base);
	unsigned long num;
	size_t k = 0;

	for (size_t i = 0; i < f->n; i++)
		if (release_number(key, f->rel[i].tag, &num))
			f->rel[k++] = f->rel[i];
	f->n = k;
	free(key);
	if (f->n)
		qsort(f->rel, f->n, sizeof(*f->rel), cmp_num);
	for (size_t i = 1; i < f->n; i++)
		if (release_is_snapshot(f->rel[i - 1].num, f->rel[i].num)) {
			f->n = i;
			break;
		}
}

/* A base's releases are decided before it: they are longer names, or, in
 * the X.Y.0 form (v8.0.0 -> v8.0.1), as long and greater. */
static int cmp_found_len(const void *a, const void *b)
{
	const char *x = ((const struct found *)a)->base, *y = ((const struct found *)b)->base;
	size_t lx = strlen(x), ly = strlen(y);

	if (lx != ly)
		return lx > ly ? -1 : 1;
	return -strcmp(x, y);
}

static int is_series_base(const struct series_name *out, size_t k, const char *tag)
{
	for (size_t i = 0; i < k; i++)
		if (!strcmp(out[i].base, tag))
			return 1;
	return 0;
}

/* Into out: each base with its highest release that is not itself the base
 * of a series (such a release belongs to its own series). */
static size_t series_of(struct found *v, size_t n, struct series_name **out)
{
	size_t k = 0, cap = 0;

	if (n)
		qsort(v, n, sizeof(*v), cmp_found_len);
	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		struct found *f = &v[i];
		size_t top = f->n;
		while (top > 0 && is_series_base(*out, k, f->rel[top - 1].tag))
			top--;
		if (!top) {
			free(f->base);
			continue;
		}
		ARRAY_GROW(*out, k, cap);
		(*out)[k].base = f->base;
		(*out)[k].tip = xstrdup(f->rel[top - 1].tag);
		(*out)[k++].top = f->rel[top - 1].num;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].rel);
	return k;
}

/* The built-in rules (release.h): bases and their releases, then the
 * snapshots and the releases that are bases of their own left out. */
static size_t builtin_series(char **sorted, size_t ntags, struct series_name **out)
{
	struct found *v = NULL;
	size_t n = 0, cap = 0, k;
	unsigned long num;

	for (size_t i = 0; i < ntags; i++) {
		if (strchr(sorted[i], '/'))
			continue;	/* a namespace: only with a pattern */
		char *base = base_of(sorted, ntags, sorted[i], &num);
		if (base && release_is_prerelease(base))
			free(base);
		else if (base)
			add_found(&v, &n, &cap, base, sorted[i], num);
	}
	for (size_t i = 0; i < n; i++)
		drop_snapshots(&v[i], sorted, ntags);
	/* a base whose releases are all snapshots is no base */
	k = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].n) {
			v[k++] = v[i];
		} else {
			free(v[i].base);
			free(v[i].rel);
		}
	}
	k = series_of(v, k, out);
	free(v);
	return k;
}

/* Under a pattern: group by key; base = the tag named key, else the
 * lowest-numbered tag; a series needs a release after its base. */
static size_t pattern_series(char **sorted, size_t ntags, const regex_t *re,
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
		struct release_matcher m = { s->base, re };
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

void release_find_series(char **tags, size_t ntags, const regex_t *re,
			 struct series_name **out, size_t *nout)
{
	char **sorted = xmalloc((ntags + 1) * sizeof(char *));
	size_t n = 0;

	memcpy(sorted, tags, ntags * sizeof(char *));
	if (ntags)
		qsort(sorted, ntags, sizeof(char *), cmp_str);
	*out = NULL;
	if (re) {
		n = pattern_series(sorted, ntags, re, out);
	} else {
		n = builtin_series(sorted, ntags, out);
	}
	*nout = n;
	if (n)
		qsort(*out, n, sizeof(**out), cmp_series_desc);
	free(sorted);
}

void release_series_names_free(struct series_name *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(s[i].base);
		free(s[i].tip);
	}
	free(s);
}
