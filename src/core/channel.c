/* channel.c — see channel.h. */
#include "core/channel.h"

enum channel channel_of(const struct msg_facts *f)
{
	if (f->cc_stable)
		return CHANNEL_STABLE_CC;
	if (f->autosel_form)
		return CHANNEL_AUTOSEL;
	if (f->fixes_lines)
		return CHANNEL_FIXES_ONLY;
	return CHANNEL_OTHER;
}

const char *channel_name(enum channel c)
{
	static const char *const names[] = { "stable-cc", "autosel", "fixes-only", "other" };
	return names[c];
}

void channel_groups(const struct graph *g, struct group_map *out)
{
	group_map_init(out, g->n);
	for (int k = CHANNEL_STABLE_CC; k <= CHANNEL_OTHER; k++)
		group_map_group(out, channel_name((enum channel)k));
	for (uint32_t i = 0; i < g->n; i++)
		if (!g->c[i].is_merge)
			group_map_add(out, i, channel_name(channel_of(&g->c[i].facts)));
}
