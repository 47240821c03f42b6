#!/bin/sh
# check-layers.sh: the include rules of src/ (doc/architecture.md).  Each layer includes
# only itself and the layers below it: base < core < cache < git < load, core < render,
# everything < cmd; git2.h only in src/git, src/load and src/cmd; nothing in src/core,
# src/cache or src/base
# prints.  Exit 1 with one line per broken rule.
cd "$(dirname "$0")/../src" || exit 2
allowed() {	# layer -> layers it may include
	case $1 in
	base) echo "base" ;;
	core) echo "base core" ;;
	cache) echo "base core cache" ;;
	git) echo "base core cache git" ;;
	render) echo "base core render" ;;
	load) echo "base core cache git load" ;;
	cmd) echo "base core cache git render load cmd" ;;
	esac
}
bad=0
for f in */*.c */*.h; do
	layer=${f%%/*}
	ok=$(allowed "$layer")
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([a-z]*\)\/.*/\1/p' "$f"); do
		case " $ok " in *" $inc "*) ;; *) echo "$f includes $inc/ (a $layer file may include: $ok)"; bad=1 ;; esac
	done
	if grep -q '#[[:space:]]*include[[:space:]]*<git2.h>' "$f"; then
		case $layer in git|load|cmd) ;; *) echo "$f includes git2.h (only src/git, src/load and src/cmd may)"; bad=1 ;; esac
	fi
	if grep -Eq '#[[:space:]]*include[[:space:]]*"[^/]*"' "$f"; then
		echo "$f: an include without its layer folder"; bad=1
	fi
	case $layer in core|cache|base)
		if grep -nE '\b(printf|puts|fputs|fprintf|putchar|perror|exit)[[:space:]]*\(' "$f" |
			grep -v 'snprintf\|vsnprintf\|layers: allowed' | grep -q .; then
			echo "$f prints or exits (a $layer file must not)"; bad=1
		fi ;;
	esac
done
exit $bad
