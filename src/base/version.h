/*
 * version.h — regtrace's version: printed by --version, written into both
 * caches (a cache of another version is not read) and the report.
 */
#ifndef REGTRACE_VERSION_H
#define REGTRACE_VERSION_H

#define REGTRACE_VERSION "0.2.0"

/* Where the documentation is installed (README.md, rules.md, usage.md, ...):
 * the Makefile's DOCDIR, $(PREFIX)/share/doc/regtrace. */
#ifndef REGTRACE_DOCDIR
#define REGTRACE_DOCDIR "/usr/local/share/doc/regtrace"
#endif

#endif
