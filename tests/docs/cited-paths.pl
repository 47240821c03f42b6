#!/usr/bin/perl
# tests/docs/cited-paths.pl FILE... — every path of the tree a Markdown file cites in backticks,
# one "FILE:LINE PATH" a line (run by tests/docs/check-docs.sh, which fails on each that does not
# exist).
#
# A path is a word of a code span (`...`, also in a command such as `bench/run --small`) that
# starts with src/, tests/, scripts/, bench/ or fuzz/; trailing punctuation and a :LINE suffix
# are dropped.  Fenced blocks are skipped.  Not a path of the tree, so skipped: patterns and
# placeholders, a word with * ? < > { } [ ] $ or ... in it, or an upper-case placeholder after
# an underscore or as a whole part (src/cmd/cmd_NAME.c, fuzz/corpus/NAME).
use strict;
use warnings;

for my $file (@ARGV) {
	open(my $fh, '<', $file) or die "cited-paths.pl: $file: $!\n";
	my $text = do { local $/; <$fh> };
	close $fh;
	# Fenced blocks become blank lines, so line numbers stay right.
	$text =~ s{^```.*?^```[^\n]*$}{ (my $m = $&) =~ s/[^\n]//g; $m }gmse;
	while ($text =~ /(`+)(.+?)\1/gs) {
		my ($span, $at) = ($2, $-[0]);
		my $line = 1 + (substr($text, 0, $at) =~ tr/\n//);
		for my $w (split /\s+/, $span) {
			next unless $w =~ m{^(?:src|tests|scripts|bench|fuzz)/};
			next if $w =~ m{[*?<>{}\[\]\$…]|\.\.\.};
			$w =~ s/:\d.*$//;
			$w =~ s/[:,;.)]+$//;
			next if $w =~ m{_[A-Z]{2,}|(?:^|/)[A-Z][A-Z0-9_]*(?:/|$)};
			print "$file:$line $w\n";
		}
	}
}
