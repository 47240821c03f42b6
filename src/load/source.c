/* source.c — see source.h. */
#include "load/source.h"

#include <stdarg.h>
#include <stdio.h>

#define HOOK(src, name) ((src)->hooks && (src)->hooks->name)

struct segcache *source_mainline_cache(const struct load_source *src)
{
	return HOOK(src, mainline_cache) ? src->hooks->mainline_cache(src->ctx) : NULL;
}

struct outside_db *source_outside_db(const struct load_source *src)
{
	return HOOK(src, outside_db) ? src->hooks->outside_db(src->ctx) : NULL;
}

struct infercache *source_infer_cache(const struct load_source *src)
{
	return HOOK(src, infer_cache) ? src->hooks->infer_cache(src->ctx) : NULL;
}

struct summaries *source_summaries(const struct load_source *src)
{
	return HOOK(src, summaries) ? src->hooks->summaries(src->ctx) : NULL;
}

void source_cache_save_wait(const struct load_source *src)
{
	if (HOOK(src, cache_save_wait))
		src->hooks->cache_save_wait(src->ctx);
}

void source_cache_save_soon(const struct load_source *src)
{
	if (HOOK(src, cache_save_soon))
		src->hooks->cache_save_soon(src->ctx);
}

void source_skipped(const struct load_source *src, const char *series, const char *why)
{
	if (HOOK(src, skipped))
		src->hooks->skipped(src->ctx, series, why);
}

void source_warn(const struct load_source *src, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	if (!HOOK(src, warn))
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	src->hooks->warn(src->ctx, text);
}

const struct progress *source_phase_begin(const struct load_source *src, const char *what,
					const char *unit, size_t total)
{
	return HOOK(src, phase_begin) ? src->hooks->phase_begin(src->ctx, what, unit, total)
				      : NULL;
}

void source_phase_end(const struct load_source *src)
{
	if (HOOK(src, phase_end))
		src->hooks->phase_end(src->ctx);
}
