/* cgraph_files.c — see cgraph_files.h. */
#define _DEFAULT_SOURCE
#include "git/cgraph_files.h"
#include "git/cgraph_trust.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Map one commit-graph file and add it as a layer when its checksum holds
 * (cgraph_trust.h); 0 or -1.  A FIFO is not waited on. */
static int map_layer(struct cgraph_files *f, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	void *p;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    f->nmaps >= CGRAPH_MAX_LAYERS ||
	    (p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	close(fd);
	f->maps[f->nmaps].p = p;
	f->maps[f->nmaps++].len = (size_t)st.st_size;
	if (!cgraph_trusted(f->gitdir, path, &st, p, (size_t)st.st_size))
		return -1;
	return cgraph_add_layer(&f->cg, p, (size_t)st.st_size);
}

void cgraph_files_unload(struct cgraph_files *f)
{
	for (int i = 0; i < f->nmaps; i++)
		munmap(f->maps[i].p, f->maps[i].len);
	f->nmaps = 0;
	cgraph_init(&f->cg);
}

/* The split form: commit-graphs/commit-graph-chain lists the layers, base first. */
static int load_chain(struct cgraph_files *f, const char *info)
{
	char path[4300], line[128];
	FILE *fp;
	int rc = 0, fd;
	struct stat st;

	snprintf(path, sizeof(path), "%scommit-graphs/commit-graph-chain", info);
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(fp = fdopen(fd, "r"))) {
		close(fd);	/* (a FIFO is not waited on) */
		return -1;
	}
	while (!rc && fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strlen(line) != 40 || strspn(line, "0123456789abcdef") != 40) {
			rc = -1;
			break;
		}
		snprintf(path, sizeof(path), "%scommit-graphs/graph-%s.graph", info, line);
		rc = map_layer(f, path);
	}
	fclose(fp);
	return f->cg.nlayers ? rc : -1;
}

void cgraph_files_load(struct cgraph_files *f, const char *commondir)
{
	char info[4000], single[4100];

	cgraph_init(&f->cg);
	f->gitdir = commondir;
	if (getenv("REGTRACE_NO_COMMIT_GRAPH"))
		return;
	snprintf(info, sizeof(info), "%sobjects/info/", commondir);
	snprintf(single, sizeof(single), "%scommit-graph", info);
	if (map_layer(f, single) == 0)
		return;
	cgraph_files_unload(f);
	if (load_chain(f, info) < 0)
		cgraph_files_unload(f);
}
