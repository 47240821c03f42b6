#!/bin/sh
# export-regressions-test.sh REGTRACE MKSCENARIO WORK — what schema version 3 of the export
# added (doc/explain-regressions.md, "Export additions"): authors, dates, channel and reported
# per commit, the source and mainline date of upstream ids, commit paths, the regressions and
# regression_carriers tables; each value worked out by hand from the scenarios, then the
# page's example queries against the output it shows; and the report's reported figure.
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
"$MKSCENARIO" "$TOP/tests/scenarios/regressions-across-series.scenario" "$WORK/rx" >/dev/null

q() {
	sqlite3 -batch -noheader -separator '|' "$DB" "$1"
}

# ---- the demo, no option: commit n of the scenario file is dated 1500000000 + n*86400 ----
DB=$WORK/acpica.db
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$DB"
check_run "export acpica" 0 "wrote $DB" ""
check "user_version" "$(q 'PRAGMA user_version')" 7
check "authors: the scenario's one author" \
	"$(q "SELECT DISTINCT author_name || ' <' || author_email || '>' FROM commits")" \
	"Scenario Author <author@example.org>"
check "dates: author and committer dates of commit n, bp1 = commit 5 of the file" \
	"$(q "SELECT author_date, author_date_epoch, commit_date, commit_date_epoch FROM commits
	WHERE position = 3")" "2017-07-19|1500432000|2017-07-19|1500432000"
check "dates: in history order, commits 3..11 of the file" \
	"$(q "SELECT group_concat((commit_date_epoch - 1500000000) / 86400, ' ') FROM
	(SELECT commit_date_epoch FROM commits ORDER BY position)")" "3 4 5 6 7 8 9 10 11"
# the scenario's tree is no Linux tree (doc/dialects.md "Channels"): every channel unknown
check "channels: no Linux tree, no channel pattern: unknown" \
	"$(q "SELECT group_concat(channel, ' ') FROM (SELECT channel FROM commits ORDER BY position)")" \
	"unknown unknown unknown unknown unknown unknown unknown unknown unknown"
# ... unless the repository asks for the Linux rules
git -C "$WORK/acpica" config regtrace.linuxChannels true
run "$REGTRACE" -C "$WORK/acpica" export --sqlite "$WORK/acpica-linux.db"
check_run "export acpica, Linux channels" 0 "wrote $WORK/acpica-linux.db" ""
DB=$WORK/acpica-linux.db
check "channels: f1, f4, fix carry a Fixes: id (no stable Cc, no [ Upstream commit ]); the rest other" \
	"$(q "SELECT group_concat(channel, ' ') FROM (SELECT channel FROM commits ORDER BY position)")" \
	"fixes-only other other other other other fixes-only fixes-only other"
DB=$WORK/acpica.db
git -C "$WORK/acpica" config --unset regtrace.linuxChannels
check "reported: bp1, bp1rev (quoted), bp2, fix, dup have a bugzilla Link: line" \
	"$(q "SELECT group_concat(reported, '') FROM (SELECT reported FROM commits ORDER BY position)")" \
	"001101011"	# f1 f2 bp1 bp1rev f3 bp2 f4 fix dup
check "series.reported: bp1rev and fix, both visible" "$(q 'SELECT reported FROM series')" 2
check "aliases: all from the message, no mainline date without --mainline" \
	"$(q "SELECT DISTINCT source || ':' || ifnull(mainline_date, 'NULL') || ':' ||
	ifnull(mainline_date_epoch, 'NULL') FROM commit_aliases")" \
	"message:NULL:NULL"
check "no paths without --by path" "$(q 'SELECT count(*) FROM commit_paths')" 0
check "regressions: bp1 (revert in v4.19.3) and bp2 (fix in v4.19.35), one key" \
	"$(q "SELECT group_concat(substr(key, 1, 12) || ':' || kind || ':' || brought_in || '->' ||
	fixed_in || ':' || ifnull(still_carried, 'NULL'), ' ') FROM
	(SELECT * FROM regressions ORDER BY id)")" \
	"4abb951b73ff:revert:v4.19.2->v4.19.3:NULL 4abb951b73ff:fix:v4.19.6->v4.19.35:NULL"
check "regressions: targets and fixes are the links' (bp1rev -> bp1, fix -> bp2)" \
	"$(q "SELECT count(*) FROM regressions g JOIN links l ON l.series_id = g.series_id AND
	l.target_id = g.target_id AND l.fix_id = g.fix_id AND l.kind = g.kind")" 2
check "no carriers without --mainline" "$(q 'SELECT count(*) FROM regression_carriers')" 0
check "acpica: foreign keys hold" "$(q 'PRAGMA foreign_key_check')" ""

# ---- two series with --mainline and --by path ----
DB=$WORK/rx.db
run "$REGTRACE" -C "$WORK/rx" export --sqlite "$DB" --mainline master --by path
check_run "export rx" 0 "wrote $DB" ""
check "series: newest first" "$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM series ORDER BY id)")" \
	"v4.20..v4.20.2 v4.19..v4.19.3"
check "mainline date of up1 (commit 2 of the file) on a1 and b1" \
	"$(q "SELECT DISTINCT mainline_date || ':' || mainline_date_epoch FROM commit_aliases a
	JOIN commits c ON c.series_id = a.series_id AND c.id = a.commit_id
	WHERE c.subject = 'net: add the widget'")" "2017-07-16:1500172800"
check "mainline date of up1fix (commit 4) on a3 and b2" \
	"$(q "SELECT DISTINCT mainline_date_epoch FROM commit_aliases a JOIN commits c ON
	c.series_id = a.series_id AND c.id = a.commit_id WHERE c.subject = 'net: fix the widget'")" \
	1500345600
check "every upstream id is a mainline commit: all dated" \
	"$(q 'SELECT count(*), count(mainline_date), count(mainline_date_epoch) FROM commit_aliases')" \
	"6|6|6"
check "paths: each commit adds files/LABEL, depth 2 is 'files'; 9 non-merge commits" \
	"$(q "SELECT count(*), group_concat(DISTINCT path) FROM commit_paths")" "9|files"
check "regressions: up1 in both, then b4 (v4.20, first seen), then up2 (v4.19)" \
	"$(q "SELECT group_concat(series_id || ':' || kind || ':' || ifnull(substr(upstream_id, 1, 4),
	'NULL') || ':' || still_carried, ' ') FROM (SELECT * FROM regressions ORDER BY id)")" \
	"1:fix:0114:0 2:fix:0114:0 1:revert:NULL:0 2:revert:266f:1"
check "carriers: v4.20 (series 1) carries up2" \
	"$(q "SELECT substr(key, 1, 12) || ':' || series_id FROM regression_carriers")" "266f9bb02b4e:1"
check "b4's key is its own id" "$(q "SELECT count(*) FROM regressions g WHERE
	g.upstream_id IS NULL AND g.key = g.target_id")" 1
check "rx: foreign keys hold" "$(q 'PRAGMA foreign_key_check')" ""
check "rx: integrity" "$(q 'PRAGMA integrity_check')" ok
run "$REGTRACE" -C "$WORK/rx" export --sqlite "$WORK/c.db" --by channel
check_run "export --by channel" 2 "" "regtrace: export --by takes path or path:N"

# ---- the report: the reported figure in each series' facts ----
run "$REGTRACE" -C "$WORK/acpica" report -o "$WORK/acpica.html"
check_run "report acpica" 0 "wrote $WORK/acpica.html" ""
check "report: bp1rev and fix of the 2 visible were reported" \
	"$(grep -o 'Reported: [0-9]* of [0-9]* visible' "$WORK/acpica.html")" "Reported: 2 of 2 visible"

# ---- the page's examples: each query gives the output shown under it ----
awk -v dir="$WORK" '
	/^## / { in_section = ($0 == "## Export additions (schema version 3)") }
	!in_section { next }
	/^```sql$/ { n++; out = dir "/example" n ".sql"; printf "" > out; next }
	/^```text$/ { out = dir "/example" n ".want"; printf "" > out; next }
	/^```$/ { out = ""; next }
	out != "" { print >> out }
' "$TOP/doc/explain-regressions.md"
check "doc/explain-regressions.md has 3 example queries" \
	"$(ls "$WORK"/example*.sql 2>/dev/null | wc -l)" 3
for sql in "$WORK"/example*.sql; do
	[ -e "$sql" ] || continue
	name=$(basename "$sql" .sql)
	got=$(sqlite3 -header -column "$DB" <"$sql" 2>&1 | sed 's/[[:space:]]*$//')
	check "doc $name" "$got" "$(sed 's/[[:space:]]*$//' "${sql%.sql}.want")"
done

finish
