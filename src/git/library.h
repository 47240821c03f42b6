/*
 * library.h — libgit2 started and stopped as regtrace reads a repository:
 *  - no object cache: every object is read once, so a cache only costs memory;
 *  - no second hash of each object read: reading only, and it doubles the cost;
 *  - no certificate bundle.  libgit2 built with mbedTLS (Debian's and
 *    Ubuntu's) parses the system's whole CA bundle when it starts: 220 KB of
 *    PEM, 54 M instructions, about 10 ms of every run (a replayed answer
 *    takes 9).  regtrace opens no connection (it never fetches, not even a
 *    partial clone's missing objects), so library.c stands in for mbedTLS's
 *    two loaders and loads no certificate (found first by the dynamic
 *    linker, or, in the statically linked program, through ld's --wrap).
 *    A connection made all the same would fail its certificate check: it
 *    fails closed.  With libgit2 built on OpenSSL or without HTTPS the
 *    stand-ins are never called.
 *  - three repository extensions libgit2 1.5 does not know are accepted:
 *    extensions.partialClone (how git before 2.27 marked a partial clone:
 *    regtrace never fetches a missing object, it degrades as
 *    doc/dialects.md says), extensions.preciousObjects (objects never to be
 *    deleted: regtrace deletes none) and extensions.worktreeConfig (git
 *    sparse-checkout sets it; each worktree's own settings, none about
 *    history).  Any other unknown extension (a reftable's refStorage)
 *    still refuses the repository, as git before it would.
 * Pack windows keep libgit2's defaults, git's own (1 GiB windows on 64-bit
 * systems).  Small windows kept fewer pages of a big pack mapped, but those
 * are the page cache's, shared, not memory regtrace allocates; they cost a
 * map and unmap storm (11,000 munmaps, 10% more CPU on the merge-heavy
 * bench: doc/performance-speed.md).
 */
#ifndef REGTRACE_LIBRARY_H
#define REGTRACE_LIBRARY_H

/* libgit2 started with the settings above; once per process, before any
 * other libgit2 call. */
void library_start(void);

/* libgit2 stopped: the end of library_start's process's use of it. */
void library_stop(void);

/* How many times libgit2 asked mbedTLS for certificates and was given
 * none (by the stand-ins), for the tests: at least 1 after library_start
 * when libgit2 is built with mbedTLS, 0 otherwise. */
unsigned library_certificate_loads(void);

#endif
