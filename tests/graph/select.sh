# Sourced by tests/graph/compare.sh and tests/graph/ranges.sh: which scenario repositories of
# the end-to-end run's work directory this run reads.
#   SHARD=K/N          the K-th share of N (by position among the directories, 0-based), so
#                      that N runs at once (tests/sharded.sh) read each repository once;
#   GRAPH_SCENARIOS    names of scenarios, separated by spaces: only those (the sanitized
#                      run's sample, Makefile); unset or empty, all.
# scenario_dirs WORK: the selected directories, one per line.
scenario_dirs() {
	local i=0 d name
	for d in "$1"/*/; do
		name=$(basename "$d")
		if [ -n "${GRAPH_SCENARIOS:-}" ]; then
			case " $GRAPH_SCENARIOS " in *" $name "*) ;; *) continue ;; esac
		fi
		if [ -n "${SHARD:-}" ]; then
			[ $((i % ${SHARD#*/})) = "${SHARD%/*}" ] || { i=$((i + 1)); continue; }
			i=$((i + 1))
		fi
		echo "$d"
	done
}
# last_shard: true in the run that also does the checks on no scenario (the last share).
last_shard() {
	[ -z "${SHARD:-}" ] || [ "${SHARD%/*}" = $((${SHARD#*/} - 1)) ]
}
