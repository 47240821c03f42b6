/* progress_line.c — see progress_line.h. */
#include "cmd/progress_line.h"
#include "base/eta.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SHOW_AFTER 1.0		/* seconds before the line first shows */
#define REDRAW_MS 200

static double since(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* Under the lock. */
static void draw(struct progress_line *p)
{
	struct timespec now;
	char line[512];

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (since(&p->start, &now) < p->after ||
	    (p->shown && since(&p->drawn, &now) * 1000 < REDRAW_MS))
		return;
	eta_line(line, sizeof(line), p->what, p->unit, p->done, p->total,
		 since(&p->start, &now));
	fprintf(stderr, "\rregtrace: %s\033[K", line);
	fflush(stderr);
	p->drawn = now;
	p->shown = 1;
}

static void more(void *ctx, size_t n)
{
	struct progress_line *p = ctx;

	pthread_mutex_lock(&p->lock);
	p->total += n;
	draw(p);
	pthread_mutex_unlock(&p->lock);
}

static void done(void *ctx, size_t n)
{
	struct progress_line *p = ctx;

	pthread_mutex_lock(&p->lock);
	p->done += n;
	draw(p);
	pthread_mutex_unlock(&p->lock);
}

void progress_line_begin(struct progress_line *p, int quiet, const char *what, const char *unit,
			 size_t total)
{
	p->what = what;
	p->unit = unit;
	p->done = 0;
	p->total = total;
	p->shown = 0;
	p->tty = !quiet && isatty(STDERR_FILENO);
	/* REGTRACE_PROGRESS_AFTER (seconds): for tests/progress, whose phases are short */
	const char *after = getenv("REGTRACE_PROGRESS_AFTER");
	p->after = after && *after ? atof(after) : SHOW_AFTER;
	pthread_mutex_init(&p->lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->cb = (struct progress){ p->tty ? more : NULL, p->tty ? done : NULL, p };
}

void progress_line_end(struct progress_line *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	pthread_mutex_destroy(&p->lock);
	p->cb = (struct progress){ NULL, NULL, NULL };
}
