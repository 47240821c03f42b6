/* series_hint.c — see series_hint.h. */
#include "core/series_hint.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NUMBERS_MAX 8	/* numbers of a tag, at most */
#define DIGITS_MAX 9	/* digits of a number, at most (no overflow) */

/* A tag's form and version. */
struct form {
	const char *name;	/* the form's tag of the highest version */
	size_t prefix;		/* PREFIX's length */
	unsigned k;		/* its numbers */
	unsigned long v[NUMBERS_MAX];
	size_t count;		/* tags of this form */
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int prefix_char(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
	       c == '_';
}

/* name's form into *f (count 0): 1, or 0 when it has none. */
static int form_of(const char *name, struct form *f)
{
	size_t end = strlen(name), at = end;
	unsigned k = 0;

	while (k < NUMBERS_MAX) {	/* numbers from the end, '_' between them */
		size_t digits = 0;
		while (at > 0 && is_digit(name[at - 1]) && digits <= DIGITS_MAX) {
			at--;
			digits++;
		}
		if (!digits || digits > DIGITS_MAX)
			return 0;
		k++;
		if (at < 2 || name[at - 1] != '_' || !is_digit(name[at - 2]))
			break;
		at--;
	}
	if (k < 2 || at == 0 || is_digit(name[at - 1]))
		return 0;
	for (size_t i = 0; i < at; i++)
		if (!prefix_char(name[i]))
			return 0;
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->prefix = at;
	f->k = k;
	for (unsigned i = 0, p = (unsigned)at; i < k; i++) {
		while (is_digit(name[p]))
			f->v[i] = f->v[i] * 10 + (unsigned long)(name[p++] - '0');
		p++;	/* (the '_') */
	}
	return 1;
}

/* Is a's version above b's (numbers in order; more numbers above, at a tie)? */
static int above(const struct form *a, const struct form *b)
{
	for (unsigned i = 0; i < a->k && i < b->k; i++)
		if (a->v[i] != b->v[i])
			return a->v[i] > b->v[i];
	return a->k > b->k;
}

static int same_form(const struct form *a, const struct form *b)
{
	return a->k == b->k && a->prefix == b->prefix && !memcmp(a->name, b->name, a->prefix);
}

void series_hint(char *buf, size_t len, char *const *names, size_t n)
{
	struct form forms[SERIES_HINT_FORMS], f;
	size_t nforms = 0, best = SIZE_MAX;
	char re[256];
	int at;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		if (!form_of(names[i], &f))
			continue;
		while (j < nforms && !same_form(&forms[j], &f))
			j++;
		if (j == nforms && nforms == SERIES_HINT_FORMS)
			continue;
		if (j == nforms) {
			forms[nforms++] = f;
		} else if (above(&f, &forms[j])) {	/* (the example: the highest) */
			f.count = forms[j].count;
			forms[j] = f;
		}
		forms[j].count++;
	}
	for (size_t j = 0; j < nforms; j++)
		if (forms[j].count >= SERIES_HINT_MIN && forms[j].count >= n / SERIES_HINT_SHARE &&
		    (best == SIZE_MAX || above(&forms[j], &forms[best]) ||
		     (!above(&forms[best], &forms[j]) && forms[j].count > forms[best].count)))
			best = j;
	if (best == SIZE_MAX || forms[best].prefix > 64)
		return;
	f = forms[best];
	at = snprintf(re, sizeof(re), "^(%.*s[0-9]+", (int)f.prefix, f.name);
	for (unsigned i = 2; i < f.k; i++)
		at += snprintf(re + at, sizeof(re) - (size_t)at, "_[0-9]+");
	snprintf(re + at, sizeof(re) - (size_t)at, ")_([0-9]+)$");
	snprintf(buf, len, "; %zu tags as %s number releases with '_': try --series-pattern '%s'",
		 f.count, f.name, re);
}
