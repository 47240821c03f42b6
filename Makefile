# regtrace — see README.md.  `make`, `make check`, `make demo`, `make install PREFIX=...`.
# SANITIZE=1 builds into build-san/ with AddressSanitizer and UndefinedBehaviorSanitizer.

PREFIX   ?= /usr/local
CC       ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS   ?= -O2 -g
ifeq ($(SANITIZE),1)
B        ?= build-san
CFLAGS   += -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS  += -fsanitize=address,undefined
else
B        ?= build
endif
WARN     = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -D_POSIX_C_SOURCE=200809L
# Recursively expanded: pkg-config runs only once the dependencies are installed.
GIT_CFLAGS = $(shell $(PKG_CONFIG) --cflags libgit2 jansson)
GIT_LIBS   = $(shell $(PKG_CONFIG) --libs libgit2 jansson)
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka)

# Pure modules: no libgit2, no stdio output; unit-tested and fuzzable alone.
PURE   = util message graph release resolve census lifetime timeline saga unfixed breakdown channel
# Modules that touch libgit2 or produce output.
OUTER  = repo discover mainline cmd_unfixed paths config series_set render_text render_csv render_json cli cmd_census
PURE_OBJ  = $(PURE:%=$(B)/obj/%.o)
OUTER_OBJ = $(OUTER:%=$(B)/obj/%.o)
UNIT   = $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))
SCEN_SRC = tests/scenario/scenario.c tests/scenario/build.c
SCENARIOS = $(sort $(wildcard tests/scenarios/*.scenario))

.PHONY: all check demo install deps binaries unit e2e clean
all:
	@scripts/install-deps.sh
	@$(MAKE) --no-print-directory binaries

binaries: $(B)/regtrace

check:
	@scripts/install-deps.sh --test
	@$(MAKE) --no-print-directory unit e2e

demo:
	@scripts/install-deps.sh
	@$(MAKE) -s --no-print-directory $(B)/regtrace $(B)/mkscenario
	@rm -rf $(B)/demo-repo
	@$(B)/mkscenario tests/scenarios/acpica-tangle.scenario $(B)/demo-repo >/dev/null
	@for cmd in stats fixes sagas; do \
		echo "\$$ regtrace -C $(B)/demo-repo $$cmd v4.19..v4.19.35"; \
		$(B)/regtrace -C $(B)/demo-repo $$cmd v4.19..v4.19.35 || exit 1; echo; \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(B)/regtrace $(DESTDIR)$(PREFIX)/bin/regtrace

$(B)/obj/%.o: src/%.c src/*.h | $(B)/obj
	$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -c -o $@ $<

$(B)/regtrace: src/main.c $(PURE_OBJ) $(OUTER_OBJ)
	$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -o $@ $^ $(LDFLAGS) $(GIT_LIBS)

$(B)/test_%: tests/unit/test_%.c $(PURE_OBJ) src/*.h tests/unit/*.h | $(B)/obj
	$(CC) $(WARN) $(CFLAGS) $(CMOCKA_CFLAGS) -Isrc -o $@ $< $(PURE_OBJ) $(LDFLAGS) $(CMOCKA_LIBS)

$(B)/mkscenario: tests/scenario/mkscenario.c $(SCEN_SRC) tests/scenario/*.h | $(B)/obj
	$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -o $@ tests/scenario/mkscenario.c $(SCEN_SRC) $(LDFLAGS) $(GIT_LIBS)

$(B)/e2e: tests/scenario/e2e.c $(SCEN_SRC) tests/scenario/*.h | $(B)/obj
	$(CC) $(WARN) $(CFLAGS) $(GIT_CFLAGS) -o $@ tests/scenario/e2e.c $(SCEN_SRC) $(LDFLAGS) $(GIT_LIBS)

$(B)/obj:
	mkdir -p $@

unit: $(UNIT:%=$(B)/%)
	@set -e; for t in $^; do echo "== $$t"; $$t; done

e2e: $(B)/regtrace $(B)/e2e
	$(B)/e2e --regtrace $(B)/regtrace --work $(B)/e2e-work $(SCENARIOS)

clean:
	rm -rf build build-san
