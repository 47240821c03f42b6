/*
 * age_set.h — a request's at_age and projected (stats --at-age and
 * --projected) over a loaded set of series (doc/age.md; the rules are
 * core/age.h's).
 *
 * With at_age, each series is replaced by itself as it stood at that age:
 * BASE..R, read and analysed again, R its last release within the age; a
 * series with no release by then is BASE alone (all counts 0).  Each gets
 * an age row (series.h: age) saying its age there and whether it is
 * younger than asked.  With projected, each gets its projection from the
 * other series of the set as read in full (the curve's sources).  Errors
 * as in series_set.h; the set stays releasable either way.
 */
#ifndef REGTRACE_AGE_SET_H
#define REGTRACE_AGE_SET_H

#include <stddef.h>

#include "load/request.h"
#include "load/series_set.h"
#include "load/source.h"

/* rq->at_age and rq->projected over set, loaded with rq (the cuts are
 * loaded with rq too, their ranges only changed). */
int age_set_apply(const struct load_request *rq, const struct load_source *src,
		  struct series_set *set, char *err, size_t errlen);

#endif
