/*
 * progress_line.h — one line on stderr showing how far a long phase got
 * ("regtrace: reading the mainline: 12/80 segments, about 20 s left"),
 * only when stderr is a terminal and only once the phase has taken a
 * second (REGTRACE_PROGRESS_AFTER sets it, for tests); redrawn at most
 * every REDRAW_MS, from any thread; erased when
 * the phase ends.  Nothing at all when stderr is not a terminal, or with
 * --quiet.  The
 * layers below hear of it through p->cb (base/progress.h).
 */
#ifndef REGTRACE_PROGRESS_LINE_H
#define REGTRACE_PROGRESS_LINE_H

#include <pthread.h>
#include <stddef.h>
#include <time.h>

#include "base/progress.h"

struct progress_line {
	const char *what, *unit;
	struct timespec start, drawn;
	size_t done, total;
	double after;		/* seconds before the line first shows */
	int tty, shown;
	pthread_mutex_t lock;
	struct progress cb;	/* what the layers below call */
};

/* total: the units known at the start (more may be announced); quiet
 * (--quiet): no line at all. */
void progress_line_begin(struct progress_line *p, int quiet, const char *what, const char *unit,
			 size_t total);
void progress_line_end(struct progress_line *p);

#endif
