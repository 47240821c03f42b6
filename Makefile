# regtrace — see README.md.  `make`, `make check`, `make demo`, `make install PREFIX=...`.
# SANITIZE=1 builds into build-san/ with AddressSanitizer and UndefinedBehaviorSanitizer.
# Quiet by default: V=1 shows the compiler lines.  doc/testing.md lists the suites.

PREFIX   ?= /usr/local
# Where `make install` puts README.md and doc/*.md; the help and the report name it, so a
# package builds with the PREFIX it installs to (debian/rules).
DOCDIR   ?= $(PREFIX)/share/doc/regtrace
CC       ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS   ?= -O2 -g
# The end-to-end suite runs its scenarios JOBS at a time (tests/sharded.sh).
JOBS     ?= 2
ifeq ($(SANITIZE),1)
B        ?= build-san
# Sanitized, the graph and range-cache checks (tests/graph/) read a sample of the scenario
# repositories, chosen to reach every cache and reader (doc/testing.md); the plain build
# reads them all.
GRAPH_SCENARIOS ?= acpica-tangle inferred-upstream unfixed-mainline paths revert-of-revert \
	timeline discovery shared-commits merge-in-range ambiguous-unsettled hostile-messages \
	duplicate-backport hostile-tags discovery-release-is-base
CFLAGS   += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS  += -fsanitize=address,undefined
# libgit2's own leaks are suppressed (tests/lsan.supp: its frames only); their stacks run
# through libraries built without frame pointers, so every allocation is unwound in full.
LSAN_OPTIONS ?= suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0
export LSAN_OPTIONS
else
B        ?= build
endif
# The suites' python3 is Debian's own (scripts/install-deps.sh installs it) wherever there is
# one, first in PATH through a link in $(B)/pybin: a version manager's shim found first instead
# (pyenv's) cost 0.35 s a call against 0.03 s, and the range cache's check alone makes a
# hundred calls a share.  Made when the Makefile is read, so every target's scripts find it.
ifneq ($(wildcard /usr/bin/python3),)
PYBIN   := $(abspath $(B))/pybin
$(shell mkdir -p $(PYBIN) && ln -sfn /usr/bin/python3 $(PYBIN)/python3)
ifeq ($(findstring $(PYBIN):,$(PATH)),)
export PATH := $(PYBIN):$(PATH)
endif
endif
DEPFLAGS = -MMD -MP
ifeq ($(V),1)
Q        =
else
Q        = @
MAKEFLAGS += -s
endif
WARN     = -pthread -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -D_POSIX_C_SOURCE=200809L
# Recursively expanded: pkg-config runs only once the dependencies are installed; libm for
# the square root of core/wilson.c.
PACKAGES   = libgit2 jansson sqlite3 libpcre2-8 libcrypto zlib libdeflate
GIT_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PACKAGES))
GIT_LIBS   = $(shell $(PKG_CONFIG) --libs $(PACKAGES)) -lm
# The program links the libraries' archives where every one is installed, as Debian's and
# Ubuntu's -dev packages install them (STATIC=auto; STATIC=0 links the shared ones; the tests
# and fuzzers always do).  The shared libgit2 brings twenty libraries of HTTPS, SSH and
# Kerberos that regtrace never runs, and loading them cost 2.5 ms of every run, a tenth of a
# run after a release (doc/performance.md).  Statically, libgit2's calls to mbedTLS's
# certificate loaders go to library.c's stand-ins (--wrap) and its GSSAPI calls to
# gssapi_stand_ins.c (Kerberos ships no archive).  A static link that fails (another
# system's archives needing more) is said and replaced by the shared one.
STATIC ?= auto
STATIC_LIBS = $(if $(filter 0,$(STATIC)),,$(shell scripts/static-libs.sh "$(CC)" "$(PKG_CONFIG)" $(PACKAGES)))
STATIC_WRAP = -Wl,--wrap=mbedtls_x509_crt_parse_file,--wrap=mbedtls_x509_crt_parse_path
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka)

# The layers (doc/architecture.md): each folder of src/ is one static library; a layer
# includes only the layers below it (base < core < cache < git < load, core < render,
# all < cmd).
LAYERS = base core cache git render load cmd
LIB    = $(foreach l,base core cache git render load,$(B)/lib$(l).a)
# Linking order: a library before the ones it needs.
LINK   = $(B)/libload.a $(B)/librender.a $(B)/libgit.a $(B)/libcache.a $(B)/libcore.a $(B)/libbase.a
obj_of = $(patsubst src/%.c,$(B)/obj/%.o,$(wildcard src/$(1)/*.c))
CMD_OBJ = $(filter-out $(B)/obj/cmd/main.o,$(call obj_of,cmd))
HEADERS = $(wildcard src/*/*.h)
# Header dependencies (-MMD -MP): each object names the headers it includes in a .d beside it.
# They name targets, so the default goal is said here: else a plain `make` after a first build
# made the first target of some .d file, found it up to date, and built nothing.
.DEFAULT_GOAL := all
-include $(shell find $(B) -name '*.d' 2>/dev/null)
# Unit tests: tests/unit/LAYER/test_NAME.c, built as $(B)/test_NAME (names are unique across
# the layers' folders).
UNIT_SRC = $(sort $(wildcard tests/unit/*/test_*.c))
UNIT   = $(sort $(patsubst test_%.c,test_%,$(notdir $(UNIT_SRC))))
unit_src = $(filter %/$(1).c,$(UNIT_SRC))
SCEN_SRC = tests/scenario-engine/scenario.c tests/scenario-engine/build.c
SCENARIOS = $(sort $(wildcard tests/scenarios/*.scenario))

.SECONDEXPANSION:
.SECONDARY:
.PHONY: all check demo install deps binaries test-build layers link-test unit e2e report-test outputs-test clean
all:
	@scripts/install-deps.sh
	@$(MAKE) --no-print-directory binaries

binaries: $(B)/regtrace

# Every suite a change must pass, quiet: one line per suite, the last one "N passed, N failed"
# (scripts/run-suites.sh; each suite's output in $(B)/logs/).  What any suite needs is installed
# first, not halfway.
CHECK_SUITES = test-build layers link-test unit e2e report-test outputs-test docs-test
check:
	@scripts/install-deps.sh --check
	@scripts/run-suites.sh $(B)/logs $(CHECK_SUITES)

# The programs every suite runs, built on both cores.
test-build:
	@$(MAKE) --no-print-directory -j2 $(B)/regtrace $(B)/e2e $(B)/mkscenario $(UNIT:%=$(B)/%)

# The include rules of the layers (doc/architecture.md).
layers:
	scripts/check-layers.sh

# The program linked as STATIC says (tests/build/link.sh).
link-test: $(B)/regtrace
	STATIC=$(STATIC) tests/build/link.sh $(B)/regtrace "$(CC)" "$(PKG_CONFIG)"

demo:
	@scripts/install-deps.sh
	@$(MAKE) -s --no-print-directory $(B)/regtrace $(B)/mkscenario
	@rm -rf $(B)/demo-repo
	@$(B)/mkscenario tests/scenarios/acpica-tangle.scenario $(B)/demo-repo >/dev/null
	@for cmd in stats fixes sagas; do \
		echo "\$$ regtrace -C $(B)/demo-repo $$cmd v4.19..v4.19.35"; \
		$(B)/regtrace -C $(B)/demo-repo $$cmd v4.19..v4.19.35 || exit 1; echo; \
	done

include mk/install.mk

# The objects name DOCDIR (REGTRACE_DOCDIR): a file holding it, rewritten only when it
# changes, makes a build with another PREFIX or DOCDIR rebuild them.
DOCDIR_STAMP := $(B)/obj/docdir
$(shell mkdir -p $(B)/obj && { [ "$$(cat $(DOCDIR_STAMP) 2>/dev/null)" = "$(DOCDIR)" ] || \
	echo "$(DOCDIR)" >$(DOCDIR_STAMP); })

$(B)/obj/%.o: src/%.c $(DOCDIR_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WARN) $(DEPFLAGS) $(CFLAGS) -DREGTRACE_DOCDIR='"$(DOCDIR)"' $(GIT_CFLAGS) -Isrc -c -o $@ $<

$(B)/lib%.a: $$(call obj_of,%)
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

PROGRAM_OBJ = $(B)/obj/cmd/main.o $(CMD_OBJ) $(LINK)
LINK_SHARED = $(CC) $(WARN) $(CFLAGS) -o $@ $(PROGRAM_OBJ) $(LDFLAGS) $(GIT_LIBS)
LINK_STATIC = $(CC) $(WARN) $(CFLAGS) -o $@ $(PROGRAM_OBJ) $(B)/obj/git/gssapi_stand_ins.o \
	$(LDFLAGS) $(STATIC_WRAP) $(STATIC_LIBS) -lm
# (STATIC, kept in a file rewritten when it changes, relinks the program)
LINK_STAMP := $(B)/obj/static
$(shell mkdir -p $(B)/obj && { [ "$$(cat $(LINK_STAMP) 2>/dev/null)" = "$(STATIC)" ] || \
	echo "$(STATIC)" >$(LINK_STAMP); })
$(B)/regtrace: $(B)/obj/cmd/main.o $(CMD_OBJ) $(LIB) $(LINK_STAMP)
	$(Q)$(if $(STATIC_LIBS),$(LINK_STATIC) 2>$@.link.err && rm -f $@.link.err || { \
	echo "regtrace: the static link failed ($@.link.err); linked with the shared libraries" >&2; \
	$(LINK_SHARED); },$(LINK_SHARED))

# The cmd layer without main.o, for the unit tests of its pure parts (cli.c).
$(B)/libcmd.a: $(CMD_OBJ)
	$(Q)rm -f $@
	$(Q)ar rcs $@ $^

# Unit tests link the libraries: only the objects a test uses are taken.
$(B)/test_%: $$(call unit_src,test_$$*) $(LIB) $(B)/libcmd.a | $(B)/obj
	$(Q)$(CC) $(WARN) $(DEPFLAGS) $(CFLAGS) $(CMOCKA_CFLAGS) -Isrc -Itests/unit -o $@ $< $(B)/libcmd.a $(LINK) $(LDFLAGS) $(CMOCKA_LIBS) $(GIT_LIBS)
# Before the layers' folders a test was tests/unit/test_NAME.c, and a build's .d files may
# still name that path: what is not there any more is not needed (the test is rebuilt).
tests/unit/test_%.c: ;
# The tests' dependency files are no tests: without this rule make would try to remake each
# included build/test_NAME.d with the rule above (stem NAME.d) and link a test without main.
$(B)/test_%.d: ;

$(B)/mkscenario: tests/scenario-engine/mkscenario.c $(SCEN_SRC) tests/scenario-engine/*.h | $(B)/obj
	$(Q)$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -o $@ tests/scenario-engine/mkscenario.c $(SCEN_SRC) $(LDFLAGS) $(GIT_LIBS)

$(B)/e2e: tests/scenario-engine/e2e.c $(SCEN_SRC) tests/scenario-engine/*.h | $(B)/obj
	$(Q)$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -o $@ tests/scenario-engine/e2e.c $(SCEN_SRC) $(LDFLAGS) $(GIT_LIBS)

$(B)/obj:
	mkdir -p $@

# Every unit test runs, also after one failed; the status says whether any did.
unit: $(UNIT:%=$(B)/%)
	@bad=0; for t in $^; do echo "== $$t"; $$t || bad=1; done; exit $$bad

e2e: $(B)/regtrace $(B)/e2e $(B)/mkscenario
	tests/sharded.sh $(JOBS) $(B)/e2e --regtrace $(B)/regtrace --work $(B)/e2e-work $(SCENARIOS)
	/usr/bin/python3 tests/terminal/check.py $(B)/regtrace $(B)/mkscenario
	GRAPH_SCENARIOS="$(GRAPH_SCENARIOS)" tests/sharded.sh $(JOBS) \
		tests/graph/compare.sh $(B)/regtrace $(B)/e2e-work tests/scenarios
	GRAPH_SCENARIOS="$(GRAPH_SCENARIOS)" tests/sharded.sh $(JOBS) \
		tests/graph/ranges.sh $(B)/regtrace $(B)/e2e-work tests/scenarios
	/usr/bin/python3 tests/json/validate.py doc/regtrace-output.schema.json $(B)/e2e-work \
		stats fixes timeline sagas unfixed regressions explain series affected
	tests/paths/blobless.sh $(B)/regtrace
	tests/paths/partial-ties.sh $(B)/regtrace
	tests/infer/ties.sh $(B)/regtrace
	tests/graph/mainline-peek.sh $(B)/regtrace
	tests/graph/rev-names.sh $(B)/regtrace
	tests/graph/line-graph.sh $(B)/regtrace
	tests/graph/line-prefetch.sh $(B)/regtrace
	tests/graph/outside-packed.sh $(B)/regtrace
	tests/graph/tails-threads.sh $(B)/regtrace
	tests/replay/replay.sh $(B)/regtrace
	tests/summaries/summaries.sh $(B)/regtrace
	tests/progress/run.sh $(B)/regtrace $(B)/e2e-work

# The export (sqlite3 shell) and report (headless Chromium) end-to-end tests; the browser is
# big, so it is installed only here (install-deps.sh --browser).
report-test: $(B)/regtrace $(B)/mkscenario $(B)/e2e
	@scripts/install-deps.sh --test --browser
	$(B)/e2e --regtrace $(B)/regtrace --work $(B)/report-e2e tests/report/report.scenario
	tests/report/export-test.sh $(B)/regtrace $(B)/mkscenario $(B)/export-test
	tests/report/export-regressions-test.sh $(B)/regtrace $(B)/mkscenario $(B)/export-regressions-test
	tests/report/report-test.sh $(B)/regtrace $(B)/mkscenario $(B)/report-test

# Output files on a full disk (a small tmpfs: needs root, else skipped) and under SIGINT,
# SIGTERM, SIGHUP and SIGPIPE (tests/outputs/run.sh).
outputs-test: $(B)/regtrace
	@scripts/install-deps.sh --test
	$(if $(filter 1,$(SANITIZE)),OUTPUTS_COMMITS=20000 )tests/outputs/run.sh $(B)/regtrace

clean:
	rm -rf build build-san

# ---- Hardening (issue 5): fuzzing, hostile repositories, valgrind --------------------------
# `make fuzz FUZZ_SECONDS=N` builds the libFuzzer harnesses of fuzz/ with clang into
# build/fuzz/ and runs each for N seconds (default 60), first over its seed corpus
# (fuzz/corpus/NAME, read only; new inputs go to build/fuzz/corpus/NAME); any crash, property
# failure, leak, time-out or memory blow-up exits non-zero and leaves the input in
# build/fuzz/NAME-crash-*.  `make fuzz-regress` only replays the seeds (seconds).
# `make hostile` runs tests/hostile/run.sh; `make valgrind` the unit tests and every
# end-to-end regtrace run under valgrind.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   = -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all
FUZZ_B       = build/fuzz
FUZZ_LIBS    = -lpcre2-8
FUZZERS      = message release scenario commit cgraph pack cache segcache tagcache askcache infercache answers \
               summaries
FUZZ_RUN     = -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1
VALGRIND     = valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible --track-origins=yes --quiet

.PHONY: fuzz fuzz-build fuzz-regress fuzz-long hostile valgrind valgrind-all

# Each harness links the real objects of the code it tests, compiled with coverage feedback
# ($(FUZZ_B)/obj), and, where its derived checks need one, a second build of the same source
# without coverage feedback whose every defined symbol is renamed nocov_* ($(FUZZ_B)/nocov):
# the same code, named apart, so nothing in the harness copies or renames it by hand.
FUZZ_NOCOV_FLAGS = -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
               -fno-sanitize-recover=all
fz = $(patsubst %,$(FUZZ_B)/obj/%.o,$(1))
FUZZ_OBJ_message  = $(call fz,core/message core/reported base/util base/pattern base/oidmap) \
                    $(FUZZ_B)/nocov/core/message.o
FUZZ_OBJ_release  = $(call fz,core/release core/release_discover base/util base/pattern) \
                    $(FUZZ_B)/nocov/core/release.o
FUZZ_OBJ_commit   = $(call fz,git/commit_parse)
FUZZ_OBJ_cgraph   = $(call fz,git/cgraph)
FUZZ_OBJ_pack     = $(call fz,git/pack_commits base/blobfile base/radix base/util base/atomic_file base/error)
FUZZ_OBJ_cache    = $(call fz,cache/commits cache/ranges cache/paths base/codec base/blobfile \
                      core/message core/reported core/graph base/util base/atomic_file base/error \
                      base/pattern base/oidmap) $(FUZZ_B)/nocov/cache/commits.o
FUZZ_OBJ_segcache = $(call fz,cache/mainline cache/save cache/commits cache/ranges cache/paths base/codec \
                      base/blobfile core/message core/reported core/graph core/mainline core/resolve \
                      base/radix base/util base/threads \
                      base/atomic_file base/error base/pattern base/oidmap)
FUZZ_OBJ_tagcache = $(call fz,cache/tags base/radix base/codec base/blobfile base/util base/atomic_file \
                      base/error)
FUZZ_OBJ_askcache = $(call fz,cache/outside base/codec base/blobfile base/util base/atomic_file \
                      base/error)
FUZZ_OBJ_infercache = $(call fz,cache/infer cache/save base/codec base/blobfile base/util base/oidmap \
                      base/threads base/atomic_file base/error)
FUZZ_OBJ_answers = $(call fz,cache/answers base/codec base/blobfile base/util base/atomic_file \
                      base/error)
FUZZ_OBJ_summaries = $(call fz,cache/summaries cache/save core/summary core/analyze core/identity \
                      core/graph core/release core/message core/reported core/census core/resolve \
                      core/saga core/timeline core/lifetime core/breakdown core/age core/channel \
                      core/mainline core/history core/shared base/codec base/blobfile base/util \
                      base/threads base/oidmap \
                      base/radix base/pattern base/atomic_file base/error)

$(FUZZ_B)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(WARN) $(DEPFLAGS) $(FUZZ_FLAGS) -Isrc -c -o $@ $<

$(FUZZ_B)/nocov/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(WARN) $(FUZZ_NOCOV_FLAGS) -MMD -MP -MT $@ -MF $@.d -Isrc -c -o $@.in.o $<
	nm -g --defined-only $@.in.o | awk '{ print $$3 " nocov_" $$3 }' > $@.syms
	objcopy --redefine-syms=$@.syms $@.in.o $@
	rm -f $@.in.o $@.syms

$(FUZZ_B)/fuzz_scenario: fuzz/fuzz_scenario.c fuzz/fuzz_common.h tests/scenario-engine/scenario.c tests/scenario-engine/scenario.h
	@mkdir -p $(FUZZ_B)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -Itests/scenario-engine -o $@ fuzz/fuzz_scenario.c tests/scenario-engine/scenario.c

$(FUZZ_B)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h fuzz/fuzz_seal.h $$(FUZZ_OBJ_$$*)
	$(Q)$(FUZZ_CC) $(WARN) $(DEPFLAGS) $(FUZZ_FLAGS) -Isrc -o $@ $< $(FUZZ_OBJ_$*) $(FUZZ_LIBS) -ldeflate

fuzz-build:
	@scripts/install-deps.sh --fuzz
	@$(MAKE) --no-print-directory -j$(JOBS) $(FUZZERS:%=$(FUZZ_B)/fuzz_%)

fuzz: fuzz-build
	@FUZZ_RUN="$(FUZZ_RUN)" tests/sharded.sh $(JOBS) fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS) $(FUZZERS)

# The long runs (not in CI): 10 minutes per harness unless FUZZ_SECONDS says otherwise.
fuzz-long:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(if $(filter command line,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),600)

fuzz-regress: fuzz-build
	@set -e; for h in $(FUZZERS); do \
		echo "== fuzz_$$h: replaying fuzz/corpus/$$h"; \
		$(FUZZ_B)/fuzz_$$h $(FUZZ_RUN) -runs=0 -artifact_prefix=$(FUZZ_B)/$$h-regress- fuzz/corpus/$$h > $(FUZZ_B)/$$h-regress.log 2>&1 || \
			{ tail -n 60 $(FUZZ_B)/$$h-regress.log; exit 1; }; \
	done

hostile: $(B)/regtrace
	@scripts/install-deps.sh --hostile
	$(if $(filter 1,$(SANITIZE)),HOSTILE_NO_RSS=1 HOSTILE_SKIP_SCALE=1 )tests/hostile/run.sh $(B)/regtrace

# valgrind runs the unit tests and a sample of scenarios, one per part of the program (what the
# sanitized suites do not see: uninitialised reads); `make valgrind-all` every scenario and the
# quick hostile suite (doc/testing.md).
VALGRIND_SCENARIOS = $(addprefix tests/scenarios/,acpica-tangle.scenario inferred-upstream.scenario \
	unfixed-mainline.scenario paths.scenario revert-of-revert.scenario timeline.scenario \
	at-age.scenario discovery.scenario ambiguous-unsettled.scenario hostile-messages.scenario) \
	tests/report/report.scenario
valgrind:
	@scripts/install-deps.sh --test --valgrind
	@$(MAKE) --no-print-directory -j2 B=build SANITIZE= build/regtrace build/e2e $(UNIT:%=build/%)
	@printf '%s\n' $(UNIT:%=build/%) | xargs -P $(JOBS) -I{} sh -c \
		'out=$$($(VALGRIND) {} 2>&1) && echo "== valgrind {}: ok" || { echo "== valgrind {}: FAILED"; echo "$$out"; exit 1; }'
	VALGRIND_REGTRACE=build/regtrace tests/sharded.sh $(JOBS) build/e2e \
		--regtrace tests/hostile/valgrind-regtrace --work build/e2e-valgrind $(VALGRIND_SCENARIOS)
valgrind-all: valgrind
	VALGRIND_REGTRACE=build/regtrace tests/sharded.sh $(JOBS) build/e2e \
		--regtrace tests/hostile/valgrind-regtrace --work build/e2e-valgrind $(SCENARIOS)
	HOSTILE_QUICK=1 HOSTILE_NO_RSS=1 VALGRIND_REGTRACE=build/regtrace tests/hostile/run.sh tests/hostile/valgrind-regtrace

# ---- Speed (issue 4): a generated linux-stable-like history, see bench/README.md ----------
.PHONY: bench bench-small
bench-small: $(B)/regtrace
	REGTRACE=$(B)/regtrace bench/run --small
bench: $(B)/regtrace
	REGTRACE=$(B)/regtrace bench/run
