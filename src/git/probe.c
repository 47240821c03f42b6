/* probe.c — see probe.h. */
#include "git/probe.h"

#include "base/util.h"

#include <string.h>

static int has_entry(git_tree *tree, const char *name)
{
	return git_tree_entry_byname(tree, name) != NULL;
}

/* TIP's tree has MAINTAINERS and Kbuild at the top. */
static int linux_tree(git_repository *repo, const char *tip_id)
{
	git_oid oid;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	int yes = 0;

	if (!tip_id || git_oid_fromstr(&oid, tip_id) < 0)
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
 * A plain iterator rather than git_remote_list(), whose regex matching
 * leaks in libgit2 1.5 (pcre2 match data, libgit2 PR #6382).
 */
int probe_remote_has(git_repository *repo, const char *word)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *e;
	int yes = 0;

	if (git_repository_config_snapshot(&cfg, repo) == 0 &&
	    git_config_iterator_new(&it, cfg) == 0)
		while (!yes && git_config_next(&e, it) == 0)
			yes = remote_url(e->name) && e->value && strstr(e->value, word);
	git_config_iterator_free(it);
	git_config_free(cfg);
	return yes;
}

int probe_is_linux(git_repository *repo, const char *tip_id)
{
	return linux_tree(repo, tip_id) || probe_remote_has(repo, "linux");
}

char *probe_remote_url(git_repository *repo)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *e;
	char *first = NULL, *origin = NULL;

	if (git_repository_config_snapshot(&cfg, repo) == 0 &&
	    git_config_iterator_new(&it, cfg) == 0)
		while (!origin && git_config_next(&e, it) == 0) {
			if (!remote_url(e->name) || !e->value)
				continue;
			if (!strcmp(e->name, "remote.origin.url"))
				origin = xstrdup(e->value);
			else if (!first)
				first = xstrdup(e->value);
		}
	git_config_iterator_free(it);
	git_config_free(cfg);
	if (origin) {
		free(first);
		return origin;
	}
	return first;
}
