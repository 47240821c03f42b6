#!/bin/sh
# usage: scripts/static-libs.sh CC PKG_CONFIG PACKAGE...
#
# The linker arguments that link PACKAGEs from their archives (libNAME.a, found where CC finds
# libraries), with the C library's own parts (libm, librt, libdl, libpthread) left shared.
# Prints nothing and exits 1 when pkg-config does not know a package or one archive is not
# installed: the Makefile then links the shared libraries (its STATIC).
cc=$1 pc=$2
shift 2
flags=$("$pc" --static --libs "$@" 2>/dev/null) || exit 1
out=""
for f in $flags; do
	case $f in
	-lm | -lrt | -ldl | -lpthread | -lc) ;;
	-l*)
		a=$("$cc" -print-file-name="lib${f#-l}.a")
		# (the bare name when CC finds none)
		case $a in
		/*) [ -f "$a" ] || exit 1 ;;
		*) exit 1 ;;
		esac
		f=$a
		;;
	esac
	out="$out $f"
done
echo "$out"
