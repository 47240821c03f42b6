/* read_plan.c — see read_plan.h. */
#include "git/read_plan.h"
#include "base/threads.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void read_plan_make(const int *cached, size_t n, struct read_plan *p)
{
	size_t k = 0, nwalk, wgroups;

	p->order = xmalloc((n + 1) * sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		if (!cached[i])
			p->order[k++] = i;
	nwalk = k;
	for (size_t i = 0; i < n; i++)
		if (cached[i])
			p->order[k++] = i;
	wgroups = nwalk ? thread_count(nwalk) : 0;
	p->walked = wgroups;
	p->groups = wgroups + (n - nwalk);
	p->first = xmalloc((p->groups + 1) * sizeof(size_t));
	for (size_t g = 0; g <= wgroups; g++)
		p->first[g] = wgroups ? nwalk * g / wgroups : 0;
	for (size_t g = wgroups + 1; g <= p->groups; g++)
		p->first[g] = nwalk + (g - wgroups);
}

void read_plan_release(struct read_plan *p)
{
	free(p->order);
	free(p->first);
	memset(p, 0, sizeof(*p));
}
