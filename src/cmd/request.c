/* request.c — see request.h. */
#include "cmd/request.h"

#include <string.h>

static unsigned needs(const struct cli *c)
{
	const struct cli_command_row *row = cli_command_of(c->cmd);

	return row ? row->needs : 0;
}

int request_needs_mainline(const struct cli *c)
{
	unsigned n = needs(c);

	return (n & NEEDS_MAINLINE) || (c->mainline && (n & MAINLINE_OPTION));
}

int request_reads_mainline(const struct cli *c)
{
	return request_needs_mainline(c) || !c->no_infer;
}

void request_of(const struct cli *c, struct load_request *rq)
{
	memset(rq, 0, sizeof(*rq));
	rq->ranges = c->ranges;
	rq->nranges = c->nranges;
	rq->introduced_until = c->introduced_until;
	rq->by = c->by;
	rq->by_depth = c->by_depth;
	rq->mainline = c->mainline;
	rq->needs_mainline = request_needs_mainline(c);
	rq->infer = !c->no_infer;
	/* what a reader of the text would miss: not said in a file written */
	rq->warn_blind = c->format == FORMAT_TEXT && !(needs(c) & WRITES_FILE);
	rq->at_age = c->at_age ? &c->age : NULL;
	rq->projected = c->projected;
}

int request_keeps_summaries(const struct cli *c)
{
	return c->cmd == CMD_STATS && !c->mainline && !c->by && !c->at_age && !c->projected &&
	       !c->introduced_until;
}
