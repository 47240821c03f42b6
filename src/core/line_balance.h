/*
 * line_balance.h — a number that two changes with the same patch-id share,
 * worked out from the files' two versions without a diff.
 *
 * A patch-id (git's `patch-id`, libgit2's git_diff_patchid) hashes a text
 * diff's lines, each with its white space removed and cut at a NUL byte.
 * Whatever diff is made between two versions of a file, the lines it adds
 * less the lines it removes are the new version's lines less the old
 * one's.  So the balance
 *
 *     sum of h(line) over the new version - sum over the old version
 *
 * (mod 2^64; h a 64-bit hash of a line's text without white space, up to
 * its first NUL) is a function of the lines the diff adds and removes:
 * two text changes whose balances differ have different patch-ids.  Equal
 * balances say nothing (the patch-id decides).  The one way round it: the
 * patch-id hashes its lines one after the other with no separator, so two
 * diffs whose lines spell the same text cut differently ("+a" "+b" and a
 * line "a+b") share a patch-id but not, as a rule, a balance.
 *
 * A line is the text up to and including a '\n', or the text after the
 * last '\n'; white space is ' ', '\t', '\n', '\v', '\f', '\r' (the
 * patch-id's).  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_LINE_BALANCE_H
#define REGTRACE_LINE_BALANCE_H

#include <stddef.h>
#include <stdint.h>

/* The sum of h(line) over the lines of text[0..len) (0 for no line). */
uint64_t line_balance_sum(const char *text, size_t len);

#endif
