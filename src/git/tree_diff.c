/* tree_diff.c — see tree_diff.h. */
#include "git/tree_diff.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define MODE_TREE 040000u

static int is_tree(unsigned mode)
{
	return (mode & 0170000u) == MODE_TREE;
}

int tree_next(const uint8_t **p, const uint8_t *end, struct tree_entry *e)
{
	const uint8_t *q = *p, *nul;
	unsigned mode = 0;

	if (q >= end)
		return 0;
	for (; q < end && *q >= '0' && *q <= '7' && mode < 01000000u; q++)
		mode = mode * 8 + (unsigned)(*q - '0');
	if (q == *p || q >= end || *q != ' ')
		return -1;
	q++;
	if (!(nul = memchr(q, '\0', (size_t)(end - q))) || nul == q || end - nul < 21)
		return -1;
	e->name = (const char *)q;
	e->len = (size_t)(nul - q);
	e->mode = mode;
	e->oid = nul + 1;
	*p = nul + 21;
	return 1;
}

int tree_entry_cmp(const struct tree_entry *a, const struct tree_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);

	if (c)
		return c;
	unsigned ca = a->len > n ? (unsigned char)a->name[n] : is_tree(a->mode) ? '/' : 0;
	unsigned cb = b->len > n ? (unsigned char)b->name[n] : is_tree(b->mode) ? '/' : 0;
	return ca < cb ? -1 : ca > cb;
}

void tree_dirs_release(struct tree_dirs *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i]);
	free(d->v);
	memset(d, 0, sizeof(*d));
}

static void add_dir(struct tree_dirs *d, const char *dir, size_t len)
{
	for (size_t i = 0; i < d->n; i++)
		if (strlen(d->v[i]) == len && !memcmp(d->v[i], dir, len))
			return;
	ARRAY_GROW(d->v, d->n, d->cap);
	d->v[d->n++] = xstrndup(dir, len);
}

struct differ {
	const struct tree_source *src;
	struct tree_dirs *dirs;
	char path[TREE_DIFF_DIR_MAX + 1];
};

static int diff(struct differ *x, const uint8_t *a, const uint8_t *b, size_t plen);

/* An entry of one side only (sa or sb NULL), or of both. */
static int entry(struct differ *x, const struct tree_entry *ea, const struct tree_entry *eb,
		 size_t plen)
{
	const struct tree_entry *e = ea ? ea : eb;

	if (ea && eb && ea->mode == eb->mode && !memcmp(ea->oid, eb->oid, 20))
		return 0;	/* the same */
	if (!is_tree(e->mode)) {
		add_dir(x->dirs, x->path, plen);
		return 0;
	}
	if (plen + e->len + 1 > TREE_DIFF_DIR_MAX) {	/* too deep: counted here */
		add_dir(x->dirs, x->path, plen);
		return 0;
	}
	memcpy(x->path + plen, e->name, e->len);
	x->path[plen + e->len] = '/';
	return diff(x, ea ? ea->oid : NULL, eb ? eb->oid : NULL, plen + e->len + 1);
}

static int diff(struct differ *x, const uint8_t *a, const uint8_t *b, size_t plen)
{
	const uint8_t *da = NULL, *db = NULL, *pa, *pb, *enda, *endb;
	size_t la = 0, lb = 0;
	void *ha = NULL, *hb = NULL;
	struct tree_entry ea, eb;
	int rc = 0, ra, rb;

	if (a && x->src->read(x->src->ctx, a, &da, &la, &ha) < 0)
		return -1;
	if (b && x->src->read(x->src->ctx, b, &db, &lb, &hb) < 0) {
		if (a)
			x->src->release(x->src->ctx, ha);
		return -1;
	}
	pa = da;
	enda = da ? da + la : NULL;
	pb = db;
	endb = db ? db + lb : NULL;
	ra = da ? tree_next(&pa, enda, &ea) : 0;
	rb = db ? tree_next(&pb, endb, &eb) : 0;
	while (!rc && (ra > 0 || rb > 0)) {
		int c = ra <= 0 ? 1 : rb <= 0 ? -1 : tree_entry_cmp(&ea, &eb);
		rc = entry(x, c <= 0 ? &ea : NULL, c >= 0 ? &eb : NULL, plen);
		if (c <= 0)
			ra = tree_next(&pa, enda, &ea);
		if (c >= 0)
			rb = tree_next(&pb, endb, &eb);
	}
	if (ra < 0 || rb < 0)
		rc = -1;	/* a malformed tree */
	if (a)
		x->src->release(x->src->ctx, ha);
	if (b)
		x->src->release(x->src->ctx, hb);
	return rc;
}

int tree_diff_dirs(const struct tree_source *src, const uint8_t *a, const uint8_t *b,
		   struct tree_dirs *dirs)
{
	struct differ *x = xmalloc(sizeof(*x));
	int rc;

	x->src = src;
	x->dirs = dirs;
	x->path[0] = '\0';
	rc = (a && b && !memcmp(a, b, 20)) ? 0 : diff(x, a, b, 0);
	free(x);
	return rc;
}
