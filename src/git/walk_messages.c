/*
 * walk_messages.c — the messages of the commits in range that the walk did
 * not read (walker.h): those the commit-graph walked past, read by several
 * threads in id order (git_odb is safe to share for reading), each thread
 * a slice; the error reported is the one the walk's own order meets first.
 */
#include "git/walker.h"
#include "base/error.h"
#include "base/radix.h"
#include "base/threads.h"
#include "base/util.h"
#include "git/parallel.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	struct walker *w;
	const uint32_t *list;
	size_t n, start, step;
	int rc;
	char err[512];
};

/* Slice r of the list, read through a repository handle of this thread's
 * own (parallel.h) when it is not the walk's thread (slice 0): threads that
 * share one git_odb wait on its lock at every read (on Open vSwitch with a
 * commit-graph, two readers spent most of their time in futex calls). */
static void *read_messages(void *arg)
{
	struct reader *r = arg;
	struct raw_commit rc;
	struct commit_bytes hold;
	git_repository *own = r->start && r->w->repo_path ?
				      parallel_handle_take(r->w->repo_path) : NULL;
	git_odb *odb = NULL;

	if (own && git_repository_odb(&odb, own) < 0)
		odb = NULL;
	for (size_t k = r->start; k < r->n && !r->rc; k += r->step) {
		struct node *n = &r->w->nodes[r->list[k]];
		if ((r->rc = walker_read_object_in(r->w, odb ? odb : r->w->odb, n->oid, &rc, &hold,
						   r->err, sizeof(r->err))))
			break;
		if (r->w->meta) {	/* the commit-graph's date is the committer's */
			rc.time = n->time;
		}
		walker_parse(r->w, n, &rc);
		walker_object_free(&hold);
	}
	git_odb_free(odb);
	if (own)
		parallel_handle_give(r->w->repo_path, own);
	return NULL;
}

/* A commit of the list and the first 8 bytes of its id, most significant
 * first: ids in order by their first 8 bytes. */
struct by_id {
	uint64_t key;
	uint32_t node, pad;
};

/* list[0..n) in id order (by the ids' first 8 bytes: ties stay in list
 * order): libgit2 finds each object by a binary search of the pack's
 * index, and searches for ids in order share most of their path through it
 * (far fewer cache misses than the walk's order).  A radix sort: qsort()
 * with memcmp() was 5 ms of Open vSwitch's mainline walk, on one core. */
static uint32_t *in_id_order(const struct walker *w, const uint32_t *list, size_t n)
{
	struct by_id *v = xmalloc((n + 1) * sizeof(*v));
	uint32_t *out = xmalloc((n + 1) * sizeof(uint32_t));

	for (size_t k = 0; k < n; k++)
		v[k] = (struct by_id){ id_prefix_value(w->nodes[list[k]].oid), list[k], 0 };
	radix_sort(v, n, sizeof(*v), offsetof(struct by_id, key), 8);
	for (size_t k = 0; k < n; k++)
		out[k] = v[k].node;
	free(v);
	return out;
}

/* The error that reading list[0..n) by nt threads in list order reports:
 * slice t (k = t, t + nt, ...) stops at its first unreadable commit, and
 * the lowest slice that failed is reported. */
static int first_error(const struct walker *w, const uint32_t *list, size_t n, size_t nt,
		       char *err, size_t errlen)
{
	struct raw_commit rc;
	struct commit_bytes hold;

	for (size_t t = 0; t < nt; t++)
		for (size_t k = t; k < n; k += nt) {
			if (walker_read_object(w, w->nodes[list[k]].oid, &rc, &hold, err, errlen))
				return RT_EFAIL;
			walker_object_free(&hold);
		}
	return RT_OK;
}

/* Threads for this much work: at most the caller's limit. */
static size_t walk_threads(const struct walker *w, size_t work)
{
	size_t t = thread_count(work / 64 + 1);

	if (w->threads && t > w->threads)
		t = w->threads;
	return t;
}

/*
 * The messages of the commits in range not read yet: those the
 * commit-graph walked past, read by several threads (git_odb is safe to
 * share for reading), and those read while no range wanted them (several
 * ranges: one reaches a commit after another hid it).
 */
int walker_read_messages(struct walker *w, char *err, size_t errlen)
{
	struct u32s list = { 0 };
	struct reader r[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	size_t nt, started = 0;
	int rc = RT_OK;

	for (uint32_t i = 0; i < w->n && !w->headers_only; i++) {
		struct node *n = &w->nodes[i];
		if (!(n->flags & F_PARSED) || (n->flags & (F_UNINTERESTING | F_SIFTED)) || n->data)
			continue;
		struct cache_hit h;
		if ((n->flags & F_CACHED) && !(n->flags & F_HEADS) && cache_lookup(w->cache, n->oid, &h))
			walker_from_hit(w, n, &h);
		else
			u32s_push(&list, i);
	}
	nt = walk_threads(w, list.n);
	uint32_t *ordered = in_id_order(w, list.v, list.n);
	for (size_t t = 0; t < nt; t++) {
		r[t] = (struct reader){ w, ordered, list.n, t, nt, 0, "" };
		if (t == 0 || thread_start(&tid[t], read_messages, &r[t]) != 0)
			continue;
		started |= (size_t)1 << t;
	}
	/* this thread takes slice 0, and any slice whose thread did not start */
	for (size_t t = 0; t < nt; t++)
		if (!(started & ((size_t)1 << t)))
			read_messages(&r[t]);
	for (size_t t = 0; t < nt; t++) {
		if (started & ((size_t)1 << t))
			pthread_join(tid[t], NULL);
		if (r[t].rc && !rc) {
			rc = r[t].rc;
			snprintf(err, errlen, "%s", r[t].err);
		}
	}
	if (rc)	/* the error the walk's order reports (else the one met here) */
		first_error(w, list.v, list.n, nt, err, errlen);
	free(ordered);
	u32s_release(&list);
	return rc;
}

