/*
 * channel.h — how each backport was selected for the series, read from
 * its message (which carries the upstream message; doc/dialects.md).
 *
 * A project's own channels come first: a commit with a line matching the
 * channel pattern named NAME (regtrace.channelPattern.NAME; msg_facts bit
 * i for pattern i) is in channel NAME, the first pattern in order that
 * matches winning.  Then, where the Linux rules apply (a Linux tree, or a
 * project that asks for them: channel_rules.linux_rules), the first of
 * these that applies:
 *   stable-cc   a "Cc: ...stable@..." line: the author asked for it;
 *   autosel     no stable Cc, and the upstream id in the automated
 *               selection's form "[ Upstream commit <id> ]";
 *   fixes-only  neither, but a Fixes: tag naming an id;
 *   other       the rest.
 * Elsewhere the channel is "unknown": "[ upstream commit <id> ]" is
 * AUTOSEL's form only in Linux (DPDK writes every backport so).
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CHANNEL_H
#define REGTRACE_CHANNEL_H

#include <stddef.h>

#include "core/breakdown.h"
#include "core/message.h"

enum channel { CHANNEL_STABLE_CC, CHANNEL_AUTOSEL, CHANNEL_FIXES_ONLY, CHANNEL_OTHER };

struct channel_rules {
	int linux_rules;		/* the Linux rules apply */
	char *const *names;		/* the project's channels, one per pattern */
	size_t n;			/* (at most MSG_CHANNELS_MAX) */
};

/* The Linux rules' channel of a message. */
enum channel channel_linux(const struct msg_facts *f);
const char *channel_name(enum channel c);
/* The channel of a message under r. */
const char *channel_of(const struct msg_facts *f, const struct channel_rules *r);
/* Every non-merge commit in the group of its channel.  The groups, even
 * when empty: the project's channels in order, then the four Linux ones in
 * the order above (where they apply) or "unknown". */
void channel_groups(const struct graph *g, const struct channel_rules *r,
		    struct group_map *out);

#endif
