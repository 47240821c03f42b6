/*
 * age.h — series compared at the same age (doc/age.md): where a series
 * stood N days or N releases after its base, how much of what it brought
 * had been found by then, and what that says about younger series.
 *
 * The age of release k of a series is counted from its base: in days,
 * whole days from the base's date (the BASE tag's date: tagger's date of
 * an annotated tag, else the commit's) to the release's date, 0 when the
 * release is dated before its base; in releases, k + 1 (its position).
 * A series' observed age is its last release's age (0 without releases):
 * regtrace knows nothing of the calendar beyond the history it reads.
 *
 * The discovery of a series at release k counts visible regression fixes
 * (README "What each number means"): `found` those released up to k (the
 * Visible of `stats BASE..<release k>`), `known` those, anywhere up to
 * TIP, of regressions brought by releases up to k (the Visible of
 * `stats --introduced-until <release k>`).  found <= known.
 *
 * The projection of a series of age a uses the other series of the set
 * whose observed age is greater than a (the curve's sources): share =
 * sum of found / sum of known at the age a of each source; the projected
 * visible regressions are visible / share.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_AGE_H
#define REGTRACE_AGE_H

#include <stddef.h>
#include <stdint.h>

struct series;

enum age_unit { AGE_DAYS, AGE_RELEASES };

struct age_spec {
	enum age_unit unit;
	long n;
};

/* "N" (days) or "Nr" (releases), N decimal from 0 to 100000: 0, else -1. */
int age_parse(const char *arg, struct age_spec *out);

/* The age of release k (an index of s->rels). */
long age_of_release(const struct series *s, size_t k, enum age_unit u);
/* The age of the series' last release; 0 when it has none. */
long age_observed(const struct series *s, enum age_unit u);
/* The last release (highest index) whose age is at most a; -1 when none. */
int age_cut(const struct series *s, long a, enum age_unit u);

struct discovery {
	size_t found, known;
};

/* Discovery at release index k (k < 0: nothing brought yet, both 0). */
struct discovery age_discovery(const struct series *s, int k);

/* What stats --at-age and --projected add to a series (series.h: age). */
struct age_row {
	int at_age;		/* --at-age given: the fields below are set */
	long days, releases;	/* the age of the state shown */
	int younger;		/* observed age below the age asked for */
	int projected;		/* --projected given: the fields below are set */
	size_t found, known;	/* summed over the sources */
	double share;		/* found / known; < 0 when undefined */
	double visible;		/* projected visible regressions; < 0 undefined */
	double low_rate, high_rate;	/* visible / commits, / tagged; < 0 undefined */
	char **sources;		/* labels of the curve's source series, owned */
	size_t nsources;
};

/*
 * Project s (whose census is as it stood at age a) from the series of
 * set[0..n-1] other than set[self] (self >= n: none excluded) whose
 * observed age is greater than a.  Fills the projection fields of row.
 */
void age_project(const struct series *s, long a, enum age_unit u, const struct series *set,
		 size_t n, size_t self, struct age_row *row);

void age_row_release(struct age_row *row);

#endif
