/*
 * mkscenario FILE DIR — build the repository a scenario file describes.
 *
 * DIR must not exist or be empty.  Prints one "LABEL ID" line per commit, in
 * file order.  Exit status: 0 on success, 1 on any error (one line on
 * stderr), 2 on a usage error.
 */
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "scenario.h"

static int build(const char *file, const char *dir)
{
	struct scenario s;
	struct build_ids ids = { NULL, 0 };
	char err[512];
	size_t i;
	int r = 1;

	if (build_load(file, &s, err, sizeof err) ||
	    build_repo(&s, dir, &ids, err, sizeof err)) {
		fprintf(stderr, "mkscenario: %s: %s\n", file, err);
		goto out;
	}
	for (i = 0; i < ids.n; i++)
		printf("%s %s\n", scenario_label(&s, i), ids.hex[i]);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "mkscenario: cannot write to standard output\n");
		goto out;
	}
	r = 0;
out:
	build_ids_release(&ids);
	scenario_release(&s);
	return r;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (argv[1][0] == '-' && argv[1][1])) {
		fprintf(stderr, "usage: mkscenario FILE DIR\n");
		return 2;
	}
	return build(argv[1], argv[2]);
}
