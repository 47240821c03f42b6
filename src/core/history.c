/* history.c — see history.h. */
#include "core/history.h"
#include "core/resolve.h"

#include <stdlib.h>
#include <string.h>

void history_init(struct history *h)
{
	memset(h, 0, sizeof(*h));
	graph_init(&h->g);
	outside_init(&h->outside);
}

void history_release(struct history *h)
{
	graph_release(&h->g);
	outside_release(&h->outside);
	free(h->tags);
	free(h->ident_keys);
	if (h->paths)
		group_map_release(h->paths);
	free(h->paths);
	if (h->resolver)
		resolver_release(h->resolver);
	free(h->resolver);
	free(h->name);
	free(h->base);
	free(h->tip);
	memset(h, 0, sizeof(*h));
}
