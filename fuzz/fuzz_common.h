/* fuzz_common.h — shared by the fuzz/ harnesses: a property check that aborts. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "PROPERTY FAILED (%s:%d): %s: ", __FILE__, __LINE__, \
				#cond); \
			fprintf(stderr, __VA_ARGS__); \
			fputc('\n', stderr); \
			abort(); \
		} \
	} while (0)

/* id is min..max lower-case hex digits. */
static inline int fuzz_is_hex_id(const char *id, size_t min, size_t max)
{
	size_t n = strnlen(id, max + 1);

	if (n < min || n > max)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
			return 0;
	return 1;
}

#endif
