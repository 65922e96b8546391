// Package status builds the corpus status table: for every rule file of the
// shared corpus (MANIFEST.tsv) and every game in it, whether it loads, plays
// (random playouts under the invariants of vm/playout), ends (by a goal, a
// draw rule or the move cap), replays its Zillions saved games, has its
// perft checked by a test against an independent reference, and lets the
// engine move, with the reason where not. cmd/zrun's "check --status"
// writes it as Markdown (docs/corpus-status.md), or in shards (every n-th
// rule file, as JSON) that Merge joins, so that batch systems can share
// the run.
//
// # Files
//
//	status.go    Build: one row per corpus game, from loading to the engine's
//	             first move
//	markdown.go  the table as Markdown
//	shard.go     shards: one part's rows as JSON, and Merge (MergePart for a
//	             rerun of some files)
//	base.go      the base of a partial rerun: an earlier table's rows (its
//	             row file, or its Markdown read back), OverBase
package status
