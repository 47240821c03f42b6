/* warnings.c — see warnings.h. */
#include "cmd/warnings.h"
#include "base/util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void warn_add(struct warnings *w, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	ARRAY_GROW(w->v, w->n, w->cap);
	w->v[w->n++] = xstrdup(line);
}

int warn_print(const struct warnings *w, FILE *out)
{
	for (size_t i = 0; i < w->n; i++)
		fprintf(out, "regtrace: warning: %s\n", w->v[i]);
	return fflush(out) || ferror(out) ? -1 : 0;
}

void warn_release(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof(*w));
}
