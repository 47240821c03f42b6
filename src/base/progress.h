/*
 * progress.h — how a long phase reports how far it got: callbacks that the
 * command layer gives (it draws a line on a terminal, cmd/progress_line.h);
 * the layers below only call them, and never print.  A phase announces the
 * work it finds (progress_more: n more units to do) and the work it finishes
 * (progress_done: n units done).  The callbacks may be called from several
 * threads at once and as often as convenient (the callee limits its rate).
 */
#ifndef REGTRACE_PROGRESS_H
#define REGTRACE_PROGRESS_H

#include <stddef.h>

struct progress {
	void (*more)(void *ctx, size_t n);
	void (*done)(void *ctx, size_t n);
	void *ctx;
};

static inline void progress_more(const struct progress *p, size_t n)
{
	if (p && p->more)
		p->more(p->ctx, n);
}

static inline void progress_done(const struct progress *p, size_t n)
{
	if (p && p->done)
		p->done(p->ctx, n);
}

#endif
