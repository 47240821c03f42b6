/* at_exit.c — see at_exit.h. */
#include "base/at_exit.h"
#include "base/util.h"

#include <pthread.h>
#include <string.h>

static void **kept;	/* reachable until the process exits */
static size_t nkept, cap;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void at_exit_keep(const void *p, size_t n)
{
	void *copy = xmalloc(n ? n : 1);

	memcpy(copy, p, n);
	pthread_mutex_lock(&lock);
	ARRAY_GROW(kept, nkept, cap);
	kept[nkept++] = copy;
	pthread_mutex_unlock(&lock);
}
