/* ref_shadow.c — see ref_shadow.h. */
#include "git/ref_shadow.h"
#include "base/blobfile.h"
#include "base/util.h"
#include "git/packed_refs.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void add(struct ref_shadow *s, const char *name, size_t len)
{
	ARRAY_GROW(s->names, s->n, s->cap);
	s->names[s->n++] = xstrndup(name, len);
}

/* The entries of dir/refs: 0, or -1 when it cannot be listed (a missing
 * one holds none). */
static int read_dir(struct ref_shadow *s, const char *dir)
{
	char *path = path_join(dir, "refs");
	DIR *d = opendir(path);
	struct dirent *e;

	free(path);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			add(s, e->d_name, strlen(e->d_name));
	closedir(d);
	return 0;
}

/* The packed refs named refs/NAME, NAME without '/', of text[0..len). */
static void read_packed_lines(struct ref_shadow *s, const char *text, size_t len)
{
	const char *end = text + len;

	for (const char *p = text; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *sp;
		if (!eol)
			eol = end;
		sp = memchr(p, ' ', (size_t)(eol - p));
		if (*p != '#' && *p != '^' && sp && (size_t)(eol - sp) > 6 &&
		    !memcmp(sp + 1, "refs/", 5) && !memchr(sp + 6, '/', (size_t)(eol - sp - 6)))
			add(s, sp + 6, (size_t)(eol - sp - 6));
		p = eol + 1;
	}
}

/* dir/packed-refs: 0, or -1 when it is there but cannot be read. */
static int read_packed(struct ref_shadow *s, const char *dir)
{
	uint8_t *text;
	size_t len;

	if (packed_refs_map(dir, &text, &len) < 0)
		return -1;
	if (text)
		read_packed_lines(s, (const char *)text, len);
	blobfile_unmap(text, len);
	return 0;
}

void ref_shadow_read(struct ref_shadow *s, const char *gitdir, const char *commondir)
{
	memset(s, 0, sizeof(*s));
	if (!commondir)
		commondir = gitdir;
	s->known = gitdir && read_dir(s, gitdir) == 0 &&
		   (!strcmp(commondir, gitdir) || read_dir(s, commondir) == 0) &&
		   read_packed(s, commondir) == 0;
}

/* All capitals and '_': a name libgit2 may take for a one-level ref. */
static int one_level_form(const char *name)
{
	for (const char *p = name; *p; p++)
		if ((*p < 'A' || *p > 'Z') && *p != '_')
			return 0;
	return 1;
}

int ref_shadow_clear(const struct ref_shadow *s, const char *name)
{
	if (!s->known || !*name || strchr(name, '/') || one_level_form(name))
		return 0;
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->names[i], name))
			return 0;
	return 1;
}

void ref_shadow_release(struct ref_shadow *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->names[i]);
	free(s->names);
	memset(s, 0, sizeof(*s));
}
