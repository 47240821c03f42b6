/*
 * channel.h — how each backport was selected for the series, read from
 * its message (which carries the upstream message):
 *   stable-cc   a "Cc: ...stable@..." line: the author asked for it;
 *   autosel     no stable Cc, and the upstream id in the automated
 *               selection's form "[ Upstream commit <id> ]";
 *   fixes-only  neither, but a Fixes: tag naming an id;
 *   other       the rest.
 * The first that applies wins.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CHANNEL_H
#define REGTRACE_CHANNEL_H

#include "core/breakdown.h"
#include "core/message.h"

enum channel { CHANNEL_STABLE_CC, CHANNEL_AUTOSEL, CHANNEL_FIXES_ONLY, CHANNEL_OTHER };

enum channel channel_of(const struct msg_facts *f);
const char *channel_name(enum channel c);
/* Every non-merge commit in the group of its channel (all four groups
 * exist, in the order above, even when empty). */
void channel_groups(const struct graph *g, struct group_map *out);

#endif
