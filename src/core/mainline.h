/*
 * mainline.h — the mainline commits that name others (Fixes: lines and
 * reverts), as `unfixed` compares them with a series (unfixed.h): kept
 * stripped to their subject and references, with the first mainline tag
 * that contains each, and indexed by the first digits of the ids they name;
 * and, for inferring upstream ids (identity.h), the identity key and the
 * first 8 bytes of the id of every mainline commit whose key was asked for.
 * Pure data: the git layer fills it (git/mainline_read.h).
 */
#ifndef REGTRACE_MAINLINE_H
#define REGTRACE_MAINLINE_H

#include <stddef.h>
#include <stdint.h>

#include "core/message.h"

/* A mainline commit that names other commits (Fixes: or revert). */
struct mainline_fix {
	char id[41];
	struct msg_facts facts;	/* only the subject and the references */
	const char *release;	/* first mainline tag containing it, or NULL */
	int borrowed;		/* facts another owner keeps (mainline_add_borrowed):
				   not released with m */
};

/* A kept identity by its key: ident_key[pos] == key. */
struct mainline_ident_at {
	uint32_t key, pos;
};

/* Where a mainline commit names an id, by the id's first digits. */
struct mainline_ref_at {
	uint32_t head;		/* resolver_head() of the id */
	uint32_t fix, ref;	/* v[fix].facts.refs[ref] */
};

struct mainline {
	struct mainline_fix *v;	/* in history order, parents first */
	size_t n, cap;
	struct mainline_ref_at *index;	/* by head (mainline_index), or NULL */
	size_t nindex;
	char **tags;		/* the names release points at: the mainline's own
				   tags (mainline_tag) */
	size_t ntags, tags_cap;
	char **found;		/* and the names of other tags found to hold a
				   commit none of those names (mainline_tag_found) */
	size_t nfound, found_cap;
	uint8_t (*ident_oid)[8];	/* per commit kept: its id's first 8 bytes */
	uint32_t *ident_key;	/* ... its identity key; in history order */
	size_t nidents, idents_cap;
	struct mainline_ident_at *ident_index;	/* the identities by (key, pos)
						   (mainline_index), or NULL */
	const uint32_t *want;	/* the keys to keep, sorted (borrowed); none: NULL */
	size_t nwant;
	const uint64_t *want_bits;	/* mainline_want_filter(want), borrowed, or
					   NULL: only a quicker "no" */
};

void mainline_init(struct mainline *m);
/* Keep the facts of one mainline commit (taking them over) if it names
 * commits, stripped to its subject and the ids it names; release is NULL
 * or a name from mainline_tag(). */
void mainline_add(struct mainline *m, const char id[41], struct msg_facts *facts,
		  const char *release);
/* The same for facts another owner keeps, read-only, while m is used (the
 * mainline cache's pool of tails' facts: cache/mainline.h): borrowed when
 * they are stripped already (mainline_stripped), else copied and kept. */
void mainline_add_borrowed(struct mainline *m, const char id[41],
			   const struct msg_facts *facts, const char *release);
/* Room for n more commits naming others (a tail's: no growth step by step). */
void mainline_reserve(struct mainline *m, size_t n);
/* Keep a mainline commit's identity key, if it is one of m->want. */
void mainline_add_ident(struct mainline *m, const uint8_t oid[8], uint32_t key);
/* 1 if key is one of the sorted keys want[0..n). */
int mainline_wants(const uint32_t *want, size_t n, uint32_t key);
/* 1 if key is one of m->want (m->want_bits first, when set). */
int mainline_wants_key(const struct mainline *m, uint32_t key);
/* A filter of want[0..n) for mainline.want_bits (to free): a key whose bit
 * is clear is none of them, so most of a long mainline's keys are turned
 * down without a search. */
uint64_t *mainline_want_filter(const uint32_t *want, size_t n);
/* A copy of a tag name, kept as long as m. */
const char *mainline_tag(struct mainline *m, const char *name);
/* The same for a tag that is not one of the mainline's own but was found to
 * hold one of its commits (git/mainline_tags.h): kept apart from m->tags,
 * which bound where such a tag is looked for. */
const char *mainline_tag_found(struct mainline *m, const char *name);
/* Index the ids the commits of m name, so that unfixed_compute looks at
 * the few that can match a series instead of all, and the identities kept
 * by key, so that a series finds its candidates without going through
 * them all (call after the last add). */
void mainline_index(struct mainline *m);
/* The first identity of m->ident_index with this key at a position from
 * `from` on (the others with it follow, by position), or m->nidents when
 * there is none; m indexed (mainline_index). */
size_t mainline_ident_find(const struct mainline *m, uint32_t key, size_t from);
/* Drop what unfixed never reads: aliases, quoted subjects, flags. */
void mainline_strip(struct msg_facts *f);
/* Are f as mainline_strip leaves them (nothing of the above)? */
int mainline_stripped(const struct msg_facts *f);
void mainline_release(struct mainline *m);

#endif
