/* fuzz_common.h — shared by the fuzz/ harnesses: a property check that aborts. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>

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

#endif
