# mk/install.mk — installing regtrace, and the test of its documentation; included by the
# Makefile after its build rules.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=]   the binary, the man page regtrace(1),
#                                                   the bash and zsh completions, and the
#                                                   documentation (README.md, doc/*.md,
#                                                   the report's screenshots doc/*.png) in
#                                                   DOCDIR ($(PREFIX)/share/doc/regtrace),
#                                                   README's links to doc/X.md made X.md
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]   removes exactly those files
#   make docs-test                                  tests/docs/check-docs.sh (part of check)
#
# install only needs the program built (`binaries`, no apt), so a package build can call it
# (debian/rules).  Each directory can be set on its own: Debian's zsh reads packaged
# completions from /usr/share/zsh/vendor-completions, so debian/rules sets ZSHCOMPDIR.

INSTALL     ?= install
BINDIR      ?= $(PREFIX)/bin
MAN1DIR     ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
DOCS        = README.md $(wildcard doc/*.md) $(wildcard doc/*.png)
INSTALLED   = $(BINDIR)/regtrace $(MAN1DIR)/regtrace.1 $(BASHCOMPDIR)/regtrace \
              $(ZSHCOMPDIR)/_regtrace $(addprefix $(DOCDIR)/,$(notdir $(DOCS)))

.PHONY: install uninstall docs-test

install: binaries
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 755 $(B)/regtrace $(DESTDIR)$(BINDIR)/regtrace
	$(INSTALL) -m 644 doc/regtrace.1 $(DESTDIR)$(MAN1DIR)/regtrace.1
	$(INSTALL) -m 644 completions/regtrace.bash $(DESTDIR)$(BASHCOMPDIR)/regtrace
	$(INSTALL) -m 644 completions/_regtrace $(DESTDIR)$(ZSHCOMPDIR)/_regtrace
	$(INSTALL) -m 644 $(filter-out README.md,$(DOCS)) $(DESTDIR)$(DOCDIR)
	sed 's|](doc/|](|g' README.md >$(DESTDIR)$(DOCDIR)/README.md
	chmod 644 $(DESTDIR)$(DOCDIR)/README.md

uninstall:
	rm -f $(INSTALLED:%=$(DESTDIR)%)
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null

docs-test: $(B)/regtrace
	@scripts/install-deps.sh --test --docs
	tests/docs/check-docs.sh $(B)/regtrace
