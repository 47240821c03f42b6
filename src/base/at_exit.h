/*
 * at_exit.h — what a run holds at its end, left to the system rather than
 * freed block by block.  Freeing what a warm run's series, mainline and
 * caches hold (some 350,000 blocks) took 10 ms of its 120; the system takes
 * a process's pages back at once.  What is handed over stays reachable from
 * here until the process exits, so a leak checker (valgrind,
 * LeakSanitizer) reports no leak.  Only for what a command holds at its
 * very end: anything that goes on frees what it no longer needs.
 */
#ifndef REGTRACE_AT_EXIT_H
#define REGTRACE_AT_EXIT_H

#include <stddef.h>

/* A copy of the n bytes at p (a structure and, through it, every block it
 * holds), kept until the process exits; the caller forgets *p. */
void at_exit_keep(const void *p, size_t n);

#endif
