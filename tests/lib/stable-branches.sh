# tests/lib/stable-branches.sh — sourced by the shell tests that make the same two stable
# branches on a mainline of their own (tests/graph/line-graph.sh, line-prefetch.sh), in the
# repository $d, one empty commit an hour from hour $n on, each by A <a@example.org>:
#   commit SUBJECT [BODY]  an empty commit at the next hour on the current branch; $last its id
#   merge BRANCH           BRANCH merged (--no-ff) into the current branch at the next hour
#   stable_branches        stable from v1.0: s1 .. s70, tags v1.0.1 (at s35) and v1.0.2 (at
#                          s70); s10 says "Fixes: s5", s40 "Fixes: s20"; with BACKPORTS=1,
#                          s51 .. s55 take the subjects of c101 .. c105 (backports that name
#                          no upstream commit); then stable2 from v1.2: r1 .. r3, tag v1.2.1;
#                          master checked out again
commit() {
	n=$((n + 1))
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$d" commit -q --allow-empty -m "$1" ${2:+-m "$2"}
	last=$(git -C "$d" rev-parse HEAD)
}
merge() {
	n=$((n + 1))
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$d" merge -q --no-ff -m "merge $1" "$1"
}
stable_branches() {
	local i
	local -A s
	git -C "$d" checkout -q -b stable v1.0
	for i in $(seq 1 70); do
		case $i in
		10) commit "s$i: fix" "Fixes: ${s[5]:0:12} (\"s5: change 5\")" ;;
		40) commit "s$i: fix" "Fixes: ${s[20]:0:12} (\"s20: change 20\")" ;;
		5[1-5]) if [ "${BACKPORTS:-0}" = 1 ]; then commit "c$((i + 50)): change $((i + 50))"
			else commit "s$i: change $i"; fi ;;
		*) commit "s$i: change $i" ;;
		esac
		s[$i]=$last
		case $i in 35) git -C "$d" tag v1.0.1 ;; 70) git -C "$d" tag v1.0.2 ;; esac
	done
	git -C "$d" checkout -q -b stable2 v1.2
	for i in 1 2 3; do commit "r$i: change $i"; done
	git -C "$d" tag v1.2.1
	git -C "$d" checkout -q master
}
