/*
 * mainline_alone.h — the mainline REF ^BASE of the bases that have no place
 * in a chain of mainline tags or of bases (mainline_read.h): a project
 * that tags each release on its own branch (Open vSwitch's v3.4.0 on
 * branch-3.4, Xen, FRR, systemd-stable) has bases off the mainline, and
 * each base's mainline is the history of REF its own base does not reach.
 *
 * They are read together, in one walk (walk.h: each commit read once
 * however many bases' mainlines hold it), and each is kept in the mainline
 * cache (cache/mainline.h) as the tail segment TIP ^BASE (a segment from a
 * base to the branch tip means what it means for a tag: that history), so
 * that a warm run reads none of them and a run after the branch moved walks
 * only the new commits and extends each tail (mainline_alone.c: appended,
 * or merged into the old order as mainline_extend.h merges a chain's tail,
 * from the commit dates the tail keeps), reading whole only what cannot be
 * extended (no dates in an older file, the branch rewound).  A base's mainline that
 * holds a mainline tag's commit (vX.Y[-rcN]) is not taken from the cache
 * when the caller needs its commits named by the first such tag that
 * contains each (the tail keeps no names; mainline_read names them): the
 * caller reads it alone.  Inferring upstream ids needs no names: then the
 * tail is taken from the cache all the same.
 * Part of the git layer's mainline reader; mainline_read.c uses it.
 */
#ifndef REGTRACE_MAINLINE_ALONE_H
#define REGTRACE_MAINLINE_ALONE_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "cache/mainline.h"
#include "core/mainline.h"
#include "git/mainline_read.h"
#include "git/tags.h"
#include "git/walk.h"

/*
 * For each i with todo[i]: make cache hold the tail tip ^base[i] (found
 * there, or read: the missing ones in one walk) and set ok[i] when it
 * does and, with labels, no mainline tag of t names one of its commits.  A walk that
 * fails leaves ok[i] clear (read alone, each base gets its own error).
 * link, when not NULL, tells for each base whose tail this call read whole
 * whether base[i] is a parent of one of its commits (1), so an ancestor of
 * tip, or not (0: no link of a chain to tip); -1 for the others (found in
 * the cache, extended, repeated, empty, not to do).
 * Nothing is moved out of the cache: call before saving it.
 */
void mainline_alone_fill(git_repository *repo, const struct tag_table *t,
			 const uint8_t tip[20], const uint8_t (*base)[20], const int *todo,
			 size_t n, int labels, struct segcache *cache, const struct mainline_walks *mw,
			 int *ok, int *link);

/* out (initialised, its want set) from the cache's tail tip ^base, which
 * mainline_alone_fill made sure of: the facts held by the tail are moved
 * out of the cache, those it shares with other tails (the file's pool)
 * borrowed (call after saving it, once per tail); *ncommits is its
 * length.  fix_at and ident_at (or NULL), with room for the tail's fixes
 * and commits and one more: out->n and out->nidents before each of them
 * was taken, and at the end. */
void mainline_alone_take(struct segcache *cache, const uint8_t base[20], const uint8_t tip[20],
			 struct mainline *out, size_t *ncommits, size_t *fix_at, size_t *ident_at);

/* What mainline_read.c's walks keep of each mainline commit (shared), with
 * what mw (or NULL) gives them (mainline_read.h). */
struct walk_options mainline_walk_options(const struct mainline_walks *mw);
/* s's commits from their walk (as these walks read them: mainline_walk_
 * options): every commit's identity (its first 8 bytes and key) and, with
 * keep_facts, the facts of those that name others (the others' released);
 * the meta and facts are taken out of w (released by the caller). */
void mainline_take_walk(struct segment *s, struct walk_result *w, int keep_facts);
/* s->time from the dates of w's commits, in w's order (before
 * mainline_take_walk takes the rest): what lets the next run extend the
 * tail (mainline_extend.h). */
void mainline_take_times(struct segment *s, const struct walk_result *w);
/* Is (time, oid) after (t, id) in history order's ties (topo.h: the
 * oldest first, then the lowest id)?  A base's own tail's newest commit is
 * its greatest this way. */
int mainline_later(int64_t time, const uint8_t oid[20], int64_t t, const uint8_t id[20]);
/* A walked commit's meta, not kept (its identity key was taken). */
void mainline_drop_meta(struct walk_commit *c);
/* One of a segment's commits that name others into out (mainline_add),
 * with release: its facts taken over, or borrowed when the cache's pool
 * holds them (seg_fix.shared: mainline_add_borrowed). */
void mainline_take_fix(struct mainline *out, struct seg_fix *f, const char *release);

#endif
