/* warnings.c — see warnings.h. */
#include "cmd/warnings.h"
#include "cmd/say.h"
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

static int print_as(const struct warnings *w, FILE *out, const char *kind)
{
	char line[2048];

	for (size_t i = 0; i < w->n; i++) {
		say_escape(line, sizeof(line), w->v[i]);	/* a name quoted stays on the line */
		fprintf(out, "regtrace: %s: %s\n", kind, line);
	}
	return fflush(out) || ferror(out) ? -1 : 0;
}

int warn_print(const struct warnings *w, FILE *out)
{
	return print_as(w, out, "warning");
}

int warn_print_errors(const struct warnings *w, FILE *out)
{
	return print_as(w, out, "error");
}

void warn_release(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof(*w));
}
