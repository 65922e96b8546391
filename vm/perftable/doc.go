// Package perftable reads published perft tables (tab-separated, plain or
// gzipped, with a header row naming the columns fen, depth and nodes), checks
// their rows against vm.State.Perft, and splits the work into shards that any
// batch runner can run apart (GNU parallel on one machine, a Slurm array or a
// Kubernetes Indexed Job on many) and whose outputs merge into one verdict.
//
// A shard is "i/n": it takes the rows whose 0-based index is i-1 modulo n, so
// neighbouring rows (one Musketeer piece pair, similar in cost) spread over
// all shards and every shard costs about the same. A shard's output is text:
// a header naming the table, its row count and the shard, one line per row
// checked, and a closing "# done" line, so a merge can tell a finished shard
// from one that was cut off and which rows are missing.
//
// It imports only vm: the command line loads the rule file and prints.
//
// # Files
//
//	table.go  reading a perft table
//	check.go  rows checked against the VM; a shard's output written
//	shard.go  shards: disjoint parts of a table's rows
//	merge.go  shard outputs merged into one verdict
package perftable
