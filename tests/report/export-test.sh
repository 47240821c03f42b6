#!/bin/sh
# export-test.sh REGTRACE MKSCENARIO WORK — end-to-end test of `regtrace export --sqlite`.
#
# Builds the ACPICA scenario (tests/scenarios/acpica-tangle.scenario, the demo) and the report
# scenario (tests/report/report.scenario) into WORK, exports them, and reads the databases back
# with the sqlite3 command-line shell: the hand-worked numbers of the scenarios' comments, the
# example queries of doc/formats.md ("Export schema") against the output shown there, and the
# atomic writing (a failed export leaves an existing file as it was and no temporary file behind).
set -eu
REGTRACE=$(realpath "$1")
MKSCENARIO=$(realpath "$2")
WORK=$3
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
. "$HERE/lib.sh"

rm -rf "$WORK"
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
"$MKSCENARIO" "$TOP/tests/scenarios/acpica-tangle.scenario" "$WORK/acpica" >/dev/null
"$MKSCENARIO" "$HERE/report.scenario" "$WORK/two" >/dev/null

q() {
	sqlite3 -batch -noheader -separator '|' "$DB" "$1"
}

# ---- the ACPICA scenario: hand-worked in its comments ----
DB=$WORK/acpica.db
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$DB"
check_run "export acpica" 0 "wrote $DB" ""
check "user_version" "$(q 'PRAGMA user_version')" 7
check "every series counted: series_not_counted empty" \
	"$(q 'SELECT count(*) FROM series_not_counted')" 0
check "series row" "$(q 'SELECT id, name, label, base, tip, commits, tagged, fixes, reverts,
	same_release, visible, pairs, regressions, duplicates, reapplies, ambiguous, preemptive,
	fixes_outside, nonsha_fixes_lines FROM series')" \
	"1|v4.19..v4.19.35|4.19.35|v4.19|v4.19.35|9|3|2|1|0|2|2|2|1|0|0|0|2|0"
check "rates" "$(q "SELECT printf('%.6f %.6f', low_rate, high_rate) FROM series")" \
	"0.222222 0.666667"
# Wilson's 95 % interval (doc/rules.md), z = 1.96, z² = 3.8416:
#   low rate, 2 of 9: centre = (2 + 1.9208) / 12.8416 = 0.305320,
#     half = 1.96 / 12.8416 * sqrt(2 * 7 / 9 + 0.9604) = 0.152629 * 1.586176 = 0.242097
#   high rate, 2 of 3: centre = 3.9208 / 6.8416 = 0.573083,
#     half = 1.96 / 6.8416 * sqrt(2 * 1 / 3 + 0.9604) = 0.286482 * 1.275565 = 0.365428
check "rate intervals" "$(q "SELECT printf('%.6f %.6f %.6f %.6f', low_rate_ci_low,
	low_rate_ci_high, high_rate_ci_low, high_rate_ci_high) FROM series")" \
	"0.063224 0.547417 0.207655 0.938510"
check "tip_id is the commit of tag v4.19.35" "$(q 'SELECT tip_id FROM series')" \
	"$(git -C "$WORK/acpica" rev-parse 'v4.19.35^{commit}')"
check "releases" "$(q 'SELECT name, number, position FROM releases ORDER BY position' |
	tr '\n' ' ')" "v4.19.1|1|1 v4.19.2|2|2 v4.19.3|3|3 v4.19.6|6|4 v4.19.35|35|5 "
check "release dates in seconds (commit n at 1500000000 + n*86400)" \
	"$(q "SELECT group_concat((date_epoch - 1500000000) / 86400, ' ') FROM
	(SELECT date_epoch FROM releases ORDER BY position)")" "3 5 6 8 11"
check "release dates as YYYY-MM-DD (1500000000 is 2017-07-14 02:40 UTC; + 3 5 6 8 11 days)" \
	"$(q "SELECT group_concat(date, ' ') FROM (SELECT date FROM releases ORDER BY position)")" \
	"2017-07-17 2017-07-19 2017-07-20 2017-07-22 2017-07-25"
check "commits: 9, merges left out" "$(q 'SELECT count(*) FROM commits')" 9
check "commits: sums match the series" \
	"$(q 'SELECT sum(tagged), sum(is_fix), sum(is_revert), sum(same_release),
	sum(is_fix AND NOT same_release) FROM commits')" "3|2|1|0|2"
check "commits: releases" "$(q "SELECT group_concat(release, ' ') FROM
	(SELECT release FROM commits ORDER BY position)")" \
	"v4.19.1 v4.19.2 v4.19.2 v4.19.3 v4.19.6 v4.19.6 v4.19.35 v4.19.35 v4.19.35"
check "commits: the revert has no upstream id (its alias line continues the revert)" \
	"$(q "SELECT count(*) FROM commits WHERE upstream IS NULL AND subject LIKE 'Revert%'")" 1
check "aliases: three copies of 4abb951b73ff" \
	"$(q "SELECT count(*) FROM commit_aliases WHERE upstream_id LIKE '4abb951b73ff%'")" 3
check "links: kinds in order" "$(q "SELECT group_concat(kind, ' ') FROM
	(SELECT kind FROM links ORDER BY position)")" "revert fix duplicate"
check "links: revert bp1rev -> bp1, v4.19.3 vs v4.19.2, 1 release, 1 day" \
	"$(q "SELECT f.release, t.release, l.same_release, l.lifetime_releases, l.lifetime_days
	FROM links l JOIN commits f ON f.series_id = l.series_id AND f.id = l.fix_id
	JOIN commits t ON t.series_id = l.series_id AND t.id = l.target_id
	WHERE l.kind = 'revert'")" "v4.19.3|v4.19.2|0|1|1"
check "links: fix -> bp2 (the live copy), v4.19.35 vs v4.19.6, 1 release, 3 days" \
	"$(q "SELECT f.release, t.release, t.position, l.same_release, l.lifetime_releases,
	l.lifetime_days FROM links l
	JOIN commits f ON f.series_id = l.series_id AND f.id = l.fix_id
	JOIN commits t ON t.series_id = l.series_id AND t.id = l.target_id
	WHERE l.kind = 'fix'")" "v4.19.35|v4.19.6|6|0|1|3"
check "links: duplicate dup -> bp2" \
	"$(q "SELECT t.position FROM links l JOIN commits t ON t.series_id = l.series_id
	AND t.id = l.target_id WHERE l.kind = 'duplicate'")" 6
check "no candidates" "$(q 'SELECT count(*) FROM link_candidates')" 0
check "foreign keys hold" "$(q 'PRAGMA foreign_key_check')" ""
check "integrity" "$(q 'PRAGMA integrity_check')" ok
check "indexes" "$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master
	WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name)")" \
	"commit_aliases_upstream commit_paths_path commits_release commits_upstream link_candidates_commit links_fix links_target regressions_key regressions_series"

# ---- doc/formats.md's examples: each query gives the output shown under it ----
awk -v dir="$WORK" '
	/^## / { in_section = ($0 == "## Export schema") }
	!in_section { next }
	/^```sql$/ { n++; out = dir "/example" n ".sql"; printf "" > out; next }
	/^```text$/ { out = dir "/example" n ".want"; printf "" > out; next }
	/^```$/ { out = ""; next }
	out != "" { print >> out }
' "$TOP/doc/formats.md"
examples=$(ls "$WORK"/example*.sql 2>/dev/null | wc -l)
check "doc/formats.md has 4 example queries" "$examples" 4
for sql in "$WORK"/example*.sql; do
	[ -e "$sql" ] || continue
	name=$(basename "$sql" .sql)
	got=$(sqlite3 -header -column "$DB" <"$sql" 2>&1 | sed 's/[[:space:]]*$//')
	check "doc/formats.md $name" "$got" "$(sed 's/[[:space:]]*$//' "${sql%.sql}.want")"
done

# ---- two series, an ambiguous link ----
DB=$WORK/two.db
run "$REGTRACE" -C "$WORK/two" export --sqlite "$DB"
check_run "export two series" 0 "wrote $DB" ""
check "two series, newest base first" "$(q "SELECT group_concat(name || ':' || visible, ' ')
	FROM (SELECT name, visible FROM series ORDER BY id)")" "v5.10..v5.10.2:1 v5.4..v5.4.3:1"
check "ambiguous link: no target, same_release NULL" \
	"$(q "SELECT count(*) FROM links WHERE kind = 'ambiguous' AND target_id IS NULL
	AND same_release IS NULL AND lifetime_days IS NULL")" 1
check "ambiguous link: its two candidates" \
	"$(q "SELECT group_concat(c.subject, ' / ') FROM (SELECT c.subject FROM link_candidates k
	JOIN links l ON l.id = k.link_id JOIN commits c ON c.series_id = k.series_id
	AND c.id = k.commit_id ORDER BY c.position) c")" \
	"drm: add the gamma tables / drm: add the degamma tables"
check "a subject with markup and quotes is stored as it is" \
	"$(q "SELECT subject FROM commits WHERE series_id = 2 AND position = 1")" \
	"<script>alert(1)</script> \"double\" & 'single' quotes"
check "same-release fix" "$(q "SELECT l.same_release, l.lifetime_releases, l.lifetime_days
	FROM links l WHERE l.series_id = 2 AND l.kind = 'fix'")" "1|0|0"
check "two series: foreign keys hold" "$(q 'PRAGMA foreign_key_check')" ""

# ---- atomic writing and errors ----
DB=$WORK/keep.db
printf 'old contents\n' >"$DB"
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$DB" v4.19..no-such-tag
check_run "failed export" 1 "" "regtrace: unknown revision 'no-such-tag'"
check "failed export: the old file is intact" "$(cat "$DB")" "old contents"
check_no_temp "failed export" "$DB"
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$DB"
check_run "export over an old file" 0 "wrote $DB" ""
check "export over an old file: replaced by the database" "$(q 'SELECT count(*) FROM links')" 3
check_no_temp "export over an old file" "$DB"
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$WORK/no-such-dir/x.db"
check_run "export into a missing directory" 1 "" \
	"regtrace: cannot write '$WORK/no-such-dir/x.db': No such file or directory"
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$WORK"
check_run "export onto a directory" 1 "" "regtrace: cannot write '$WORK': Is a directory"
run "$REGTRACE" -C "$WORK/acpica" export
check_run "export without --sqlite" 2 "" "regtrace: export needs --sqlite FILE"

finish
