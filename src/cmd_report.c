/*
 * cmd_report.c — `report` and `export`: every range at once, written to
 * one file that appears whole or not at all (atomic_file.h): an HTML page
 * (report.h) or a SQLite database (export_sqlite.h).  On success the only
 * output is "wrote PATH" on stdout.  Output paths are taken as given
 * (relative to the current directory, not to -C DIR).
 */
#include "atomic_file.h"
#include "commands.h"
#include "export_sqlite.h"
#include "html.h"
#include "report.h"
#include "series_set.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_REPORT "regtrace-report.html"
#define LINUX_COMMIT_URL \
	"https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/commit/?id=%s"

static int has_entry(git_tree *tree, const char *name)
{
	return git_tree_entry_byname(tree, name) != NULL;
}

/* TIP's tree has MAINTAINERS and Kbuild at the top (TIP: the last commit). */
static int linux_tree(git_repository *repo, const struct series *s)
{
	git_oid oid;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	int yes = 0;

	if (!s->g.n || git_oid_fromstr(&oid, s->g.c[s->g.n - 1].id) < 0)
		return 0;
	if (git_commit_lookup(&commit, repo, &oid) == 0 && git_commit_tree(&tree, commit) == 0)
		yes = has_entry(tree, "MAINTAINERS") && has_entry(tree, "Kbuild");
	git_tree_free(tree);
	git_commit_free(commit);
	return yes;
}

/* "remote.<name>.url" (the section and key come lower-cased from libgit2). */
static int remote_url(const char *name)
{
	size_t n = strlen(name);

	return n > 11 && !strncmp(name, "remote.", 7) && !strcmp(name + n - 4, ".url");
}

/*
 * Some remote's URL contains "linux".  A plain iterator rather than
 * git_remote_list(), whose regex matching leaks in libgit2 1.5 (pcre2
 * match data, libgit2 PR #6382).
 */
static int linux_remote(git_repository *repo)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *e;
	int yes = 0;

	if (git_repository_config_snapshot(&cfg, repo) == 0 &&
	    git_config_iterator_new(&it, cfg) == 0)
		while (!yes && git_config_next(&e, it) == 0)
			yes = remote_url(e->name) && e->value && strstr(e->value, "linux");
	git_config_iterator_free(it);
	git_config_free(cfg);
	return yes;
}

/* --commit-url, else git.kernel.org for a Linux repository, else no links. */
static const char *commit_url(const struct cli *c, git_repository *repo,
			      const struct series_set *set)
{
	if (c->commit_url)
		return c->commit_url;
	if ((set->n && linux_tree(repo, &set->s[0])) || linux_remote(repo))
		return LINUX_COMMIT_URL;
	return NULL;
}

static int write_report(const struct cli *c, git_repository *repo,
			const struct series_set *set, struct atomic_file *f,
			char *err, size_t errlen)
{
	if (render_report_html(f->fp, set->s, set->n, commit_url(c, repo, set)) < 0)
		return atomic_file_error(f->path, errno ? errno : EIO, err, errlen);
	return 0;
}

static int write_export(const struct cli *c, git_repository *repo,
			const struct series_set *set, struct atomic_file *f,
			char *err, size_t errlen)
{
	char why[512];

	(void)c;
	(void)repo;
	if (export_sqlite(f->tmp, set->s, set->n, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", f->path, why);
		return -1;
	}
	return 0;
}

typedef int writer_fn(const struct cli *c, git_repository *repo,
		      const struct series_set *set, struct atomic_file *f,
		      char *err, size_t errlen);

/* Open the file first (fail early), load, write, then commit or abort. */
static int run(const struct cli *c, git_repository *repo, const char *path,
	       writer_fn *write, char *err, size_t errlen)
{
	struct atomic_file f;
	struct series_set set;
	struct load_options opt;
	int rc;

	if (atomic_file_open(&f, path, err, errlen) < 0)
		return REPO_EFAIL;
	series_set_options(c, &opt);
	rc = series_set_load(repo, c->ranges, c->nranges, &opt, &set, err, errlen);
	if (!rc && write(c, repo, &set, &f, err, errlen) < 0)
		rc = REPO_EFAIL;
	series_set_release(&set);
	if (rc)
		atomic_file_abort(&f);
	else if (atomic_file_commit(&f, err, errlen) < 0)
		rc = REPO_EFAIL;
	if (!rc && (printf("wrote %s\n", path) < 0 || fflush(stdout) != 0)) {
		snprintf(err, errlen, "cannot write output: %s", strerror(errno));
		rc = REPO_EFAIL;
	}
	return rc;
}

int cmd_report(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	if (c->commit_url && !html_url_template_ok(c->commit_url)) {
		snprintf(err, errlen, "--commit-url '%s' must hold exactly one %%s (the commit "
			 "id) and no other %% directive (write %%%% for a %%)", c->commit_url);
		return REPO_EUSAGE;
	}
	return run(c, repo, c->output ? c->output : DEFAULT_REPORT, write_report, err, errlen);
}

int cmd_export(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	return run(c, repo, c->sqlite, write_export, err, errlen);
}
