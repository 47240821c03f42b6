/* presets.c — see presets.h. */
#include "git/presets.h"
#include "git/probe.h"

#include <stddef.h>
#include <strings.h>

/* systemd's fix lines: "Follow-up for <id>", "Follow-up to A and B" (every
 * id of a fix line counts: core/message.h), "Follow-ups for <id>",
 * "Fixes a bug introduced by <id>". */
#define SYSTEMD_FOLLOW_UP "[Ff]ollow[- ]?ups? *([Ff]or|[Tt]o):? *([0-9a-f]{7,40})"
#define SYSTEMD_INTRODUCED "([Bb]ug|[Rr]egression) introduced (by|in):? *(commit )?([0-9a-f]{7,40})"

static const struct preset presets[] = {
	{ "linux", NULL, { NULL }, { NULL }, { NULL }, 1, { "MAINTAINERS", "Kbuild" }, "linux" },
	{ "dpdk", NULL, { NULL }, { NULL }, { NULL }, -1,
	  { "usertools/dpdk-devbind.py", NULL }, "dpdk" },
	{ "systemd", NULL, { NULL }, { SYSTEMD_FOLLOW_UP, SYSTEMD_INTRODUCED, NULL }, { NULL }, -1,
	  { "src/systemd/sd-bus.h", NULL }, "systemd" },
	{ "ovs", NULL, { NULL }, { NULL }, { NULL }, -1, { "vswitchd/ovs-vswitchd.c", NULL },
	  "openvswitch" },
	{ "ovn", NULL, { NULL }, { NULL }, { NULL }, -1, { "northd/ovn-northd.c", NULL }, "ovn" },
	{ "xen", "^(RELEASE-[0-9]+\\.[0-9]+)\\.([0-9]+)$", { NULL }, { NULL }, { NULL }, -1,
	  { "xen/include/public/xen.h", NULL }, "xen" },
	{ "frr", "^(frr-[0-9]+\\.[0-9]+)\\.([0-9]+)$", { NULL }, { NULL }, { NULL }, -1,
	  { "bgpd/bgpd.c", NULL }, "frr" },
	{ "qemu", NULL, { NULL }, { NULL }, { NULL }, -1, { "qemu-options.hx", NULL }, "qemu" },
	{ "git", NULL, { NULL }, { NULL }, { NULL }, -1, { "git.c", "revision.c" }, "git/git" },
	/* GNOME's odd minor versions are development snapshots (GLib 2.89.x
	 * toward 2.90): only an even X.Y is a stable series */
	{ "gnome", "^([0-9]+\\.[0-9]*[02468])\\.([0-9]+)$", { NULL }, { NULL }, { NULL }, -1,
	  { "glib/glib.h", NULL }, "gnome" },
};

#define NPRESETS (sizeof(presets) / sizeof(presets[0]))

const struct preset *preset_find(const char *name)
{
	for (size_t i = 0; name && i < NPRESETS; i++)
		if (!strcasecmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}

int preset_reads_more(const struct preset *p)
{
	return p->series || p->upstream[0] || p->fixes[0] || p->reported[0];
}

const char *preset_names(void)
{
	return "linux, dpdk, systemd, ovs, ovn, xen, frr, qemu, git, gnome";
}

static int has_path(const git_tree *tree, const char *path)
{
	git_tree_entry *e = NULL;
	int yes = git_tree_entry_bypath(&e, tree, path) == 0;

	git_tree_entry_free(e);
	return yes;
}

const struct preset *preset_fitting(git_repository *repo)
{
	git_object *obj = NULL;
	const struct preset *hit = NULL;

	if (git_revparse_single(&obj, repo, "HEAD^{tree}") == 0)
		for (size_t i = 0; !hit && i < NPRESETS; i++)
			if (has_path((git_tree *)obj, presets[i].paths[0]) &&
			    (!presets[i].paths[1] || has_path((git_tree *)obj, presets[i].paths[1])))
				hit = &presets[i];
	git_object_free(obj);
	for (size_t i = 0; !hit && i < NPRESETS; i++)
		if (probe_remote_has(repo, presets[i].remote))
			hit = &presets[i];
	git_error_clear();
	return hit;
}
