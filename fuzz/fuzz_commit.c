/*
 * fuzz_commit.c — libFuzzer harness for src/git/commit_parse.c (the header of a
 * raw commit object, read by the walk instead of libgit2).
 *
 * Checked: commit_parse gives -1 or a result whose message lies inside the
 * buffer and holds no NUL (doc/rules.md "Limits": read up to the first NUL),
 * as do the author's name and email;
 * nparents <= all_parents and <= COMMIT_MAX_PARENTS, every kept parent the
 * 20 bytes of a "parent <hex>" line; on success the text starts with a tree
 * line.  commit_hex_to_oid agrees with a reference on the first 40 bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "git/commit_parse.h"
#include "fuzz_common.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;	/* git writes lower case only */
}

static void check_hex(const uint8_t *data, size_t size)
{
	uint8_t got[20], want[20];
	int ok = size >= 40;

	if (size < 40)
		return;
	for (int i = 0; i < 20 && ok; i++) {
		int hi = hexval(data[2 * i]), lo = hexval(data[2 * i + 1]);
		ok = hi >= 0 && lo >= 0;
		want[i] = (uint8_t)(hi * 16 + lo);
	}
	int r = commit_hex_to_oid((const char *)data, got);
	/* upper case may be accepted too; lower case must be, and exactly */
	if (ok)
		CHECK(r == 0 && !memcmp(got, want, 20), "hex of lower-case digits");
	else if (r == 0)
		for (int i = 0; i < 40; i++)
			CHECK(hexval(data[i] | 0x20) >= 0, "non-hex byte accepted at %d", i);
}

static int same_oid(const uint8_t *a, const uint8_t *b)
{
	for (int i = 0; i < 20; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct raw_commit rc;

	check_hex(data, size);
	if (commit_parse(buf, size, &rc) < 0)
		return 0;
	CHECK(size >= 46 && !memcmp(buf, "tree ", 5), "accepted without a tree line");
	CHECK(rc.message >= buf && rc.message <= buf + size &&
	      rc.message_len <= (size_t)(buf + size - rc.message), "message outside the buffer");
	CHECK(!memchr(rc.message, '\0', rc.message_len), "NUL inside the message");
	CHECK(!rc.author_name_len || (rc.author_name >= buf &&
				      rc.author_name_len <= (size_t)(buf + size - rc.author_name)),
	      "author name outside the buffer");
	CHECK(!rc.author_email_len || (rc.author_email >= buf &&
				       rc.author_email_len <= (size_t)(buf + size - rc.author_email)),
	      "author email outside the buffer");
	CHECK(rc.nparents <= rc.all_parents && rc.nparents <= COMMIT_MAX_PARENTS, "%u of %u parents",
	      rc.nparents, rc.all_parents);
	/*
	 * Each kept parent is some "parent <hex>\n" line of the header.  The
	 * lines are collected in one pass (a byte test first, no memcmp per
	 * position), then each kept parent is looked up among them: linear in
	 * the input, where searching the buffer again for every parent was
	 * 64 x 4096 memcmp calls at worst.
	 */
	static uint8_t (*lines)[20];
	static size_t cap;
	size_t nlines = 0;
	if (cap < size / 48 + 1) {
		cap = size / 48 + 1;
		lines = realloc(lines, cap * sizeof(*lines));
		CHECK(lines != NULL, "out of memory");
	}
	for (size_t i = 0; i + 48 <= size; i++) {
		const char *p = buf + i;
		if (p[0] == 'p' && p[6] == ' ' && p[47] == '\n' && !strncmp(p, "parent ", 7) &&
		    commit_hex_to_oid(p + 7, lines[nlines]) == 0)
			nlines++;
	}
	for (unsigned k = 0; k < rc.nparents; k++) {
		int found = 0;
		for (size_t l = 0; !found && l < nlines; l++)
			found = same_oid(lines[l], rc.parents[k]);
		CHECK(found, "parent %u not in the header", k);
	}
	CHECK(rc.time >= 0, "time %lld", (long long)rc.time);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
