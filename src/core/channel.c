/* channel.c — see channel.h. */
#include "core/channel.h"

#include <stdint.h>

#define CHANNEL_UNKNOWN "unknown"

enum channel channel_linux(const struct msg_facts *f)
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

const char *channel_of(const struct msg_facts *f, const struct channel_rules *r)
{
	for (size_t i = 0; r && i < r->n && i < MSG_CHANNELS_MAX; i++)
		if (f->channels & (UINT32_C(1) << i))
			return r->names[i];
	if (!r || r->linux_rules)
		return channel_name(channel_linux(f));
	return CHANNEL_UNKNOWN;
}

void channel_groups(const struct graph *g, const struct channel_rules *r,
		    struct group_map *out)
{
	group_map_init(out, g->n);
	for (size_t i = 0; r && i < r->n && i < MSG_CHANNELS_MAX; i++)
		group_map_group(out, r->names[i]);
	if (!r || r->linux_rules)
		for (int k = CHANNEL_STABLE_CC; k <= CHANNEL_OTHER; k++)
			group_map_group(out, channel_name((enum channel)k));
	else
		group_map_group(out, CHANNEL_UNKNOWN);
	for (uint32_t i = 0; i < g->n; i++)
		if (!g->c[i].is_merge)
			group_map_add(out, i, channel_of(&g->c[i].facts, r));
}
