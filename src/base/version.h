/*
 * version.h — regtrace's version: printed by --version, written into both
 * caches (a cache of another version is not read) and the report.
 */
#ifndef REGTRACE_VERSION_H
#define REGTRACE_VERSION_H

#define REGTRACE_VERSION "0.2.0"

#endif
