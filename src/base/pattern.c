/* pattern.c — see pattern.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "base/pattern.h"
#include "base/util.h"

#include <pcre2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pattern {
	pcre2_general_context *mem;	/* PCRE2 allocates through xmalloc */
	pcre2_code *code;
	pcre2_match_context *limits;
	char *src;
	_Atomic unsigned long limit_hits;
};

static void *pcre_alloc(PCRE2_SIZE n, void *data)
{
	(void)data;
	return xmalloc(n);	/* out of memory: said once, the run ends (util.h) */
}

static void pcre_free(void *p, void *data)
{
	(void)data;
	free(p);
}

static int compile_error(const char *src, int code, size_t offset, char *err, size_t errlen)
{
	PCRE2_UCHAR why[256];

	if (pcre2_get_error_message(code, why, sizeof(why)) < 0)
		snprintf((char *)why, sizeof(why), "error %d", code);
	snprintf(err, errlen, "bad pattern '%.200s': %s (at byte %zu)", src, (const char *)why,
		 offset);
	return -1;
}

int pattern_compile(struct pattern **out, const char *src, size_t min_groups, char *err,
		    size_t errlen)
{
	struct pattern *p = xcalloc(1, sizeof(*p));
	pcre2_compile_context *cc;
	uint32_t ngroups = 0;
	int code;
	PCRE2_SIZE offset;

	*out = NULL;
	p->mem = pcre2_general_context_create(pcre_alloc, pcre_free, NULL);
	cc = pcre2_compile_context_create(p->mem);
	pcre2_set_max_pattern_length(cc, PATTERN_MAX_LEN);
	pcre2_set_parens_nest_limit(cc, 50);
	p->code = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, 0, &code, &offset, cc);
	pcre2_compile_context_free(cc);
	if (!p->code) {
		pattern_free(p);
		return compile_error(src, code, offset, err, errlen);
	}
	pcre2_pattern_info(p->code, PCRE2_INFO_CAPTURECOUNT, &ngroups);
	if (ngroups < min_groups) {
		pattern_free(p);
		snprintf(err, errlen, "pattern '%.200s' needs %zu capture group%s", src, min_groups,
			 min_groups == 1 ? "" : "s");
		return -1;
	}
	p->src = xstrdup(src);
	p->limits = pcre2_match_context_create(p->mem);
	pcre2_set_match_limit(p->limits, PATTERN_MATCH_LIMIT);
	pcre2_set_depth_limit(p->limits, PATTERN_MATCH_LIMIT);
	pcre2_set_heap_limit(p->limits, PATTERN_HEAP_LIMIT);
	*out = p;
	return 0;
}

/*
 * Match data, one per thread, kept between matches: PCRE2 keeps its
 * backtracking frames in it (20 KB at least), so a match data made for each
 * match cost an allocation of that size for every line a pattern is tried
 * on.  Freed when the thread ends (the main thread's at exit, reachable).
 */
struct thread_md {
	pcre2_match_data *md;
	uint32_t pairs;		/* the ovector's pairs */
};

static pthread_key_t md_key;
static pthread_once_t md_once = PTHREAD_ONCE_INIT;
static pcre2_general_context *md_mem;

static void md_free(void *v)
{
	struct thread_md *t = v;

	pcre2_match_data_free(t->md);
	free(t);
}

static void md_init(void)
{
	md_mem = pcre2_general_context_create(pcre_alloc, pcre_free, NULL);
	if (pthread_key_create(&md_key, md_free))
		abort();
}

/* This thread's match data, with room for the groups of p. */
static pcre2_match_data *match_data(const struct pattern *p)
{
	uint32_t groups = 0;

	pthread_once(&md_once, md_init);
	struct thread_md *t = pthread_getspecific(md_key);
	if (!t) {
		t = xcalloc(1, sizeof(*t));
		pthread_setspecific(md_key, t);
	}
	pcre2_pattern_info(p->code, PCRE2_INFO_CAPTURECOUNT, &groups);
	if (!t->md || t->pairs < groups + 1) {
		pcre2_match_data_free(t->md);
		t->pairs = groups + 1 > PATTERN_MAX_GROUPS + 1 ? groups + 1 : PATTERN_MAX_GROUPS + 1;
		t->md = pcre2_match_data_create(t->pairs, md_mem);	/* (xmalloc: never NULL) */
	}
	return t->md;
}

int pattern_exec(const struct pattern *p, const char *s, size_t len, struct pattern_group *m,
		  size_t n)
{
	pcre2_match_data *md = match_data(p);
	int rc = pcre2_match(p->code, (PCRE2_SPTR)s, len, 0, 0, md, p->limits);

	if (rc > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		for (size_t i = 0; i < n; i++) {
			int set = i < (size_t)rc && ov[2 * i] != PCRE2_UNSET;
			m[i].so = set ? (long)ov[2 * i] : -1;
			m[i].eo = set ? (long)ov[2 * i + 1] : -1;
		}
	} else if (rc != PCRE2_ERROR_NOMATCH) {
		/* a limit (match, depth, heap): never a silent "no" */
		atomic_fetch_add(&((struct pattern *)p)->limit_hits, 1);
	}
	return rc > 0;
}

size_t pattern_groups(const struct pattern *p)
{
	uint32_t n = 0;

	pcre2_pattern_info(p->code, PCRE2_INFO_CAPTURECOUNT, &n);
	return n;
}

unsigned long pattern_limit_hits(const struct pattern *p)
{
	return atomic_load(&((struct pattern *)p)->limit_hits);
}

const char *pattern_source(const struct pattern *p)
{
	return p->src;
}

void pattern_free(struct pattern *p)
{
	if (!p)
		return;
	pcre2_code_free(p->code);
	pcre2_match_context_free(p->limits);
	pcre2_general_context_free(p->mem);
	free(p->src);
	free(p);
}
