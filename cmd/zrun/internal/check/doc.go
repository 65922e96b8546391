// Package check is what "zrun check" reports: each rule file's games and
// variants with their shape or load errors (Load), random playouts of
// every game under the VM's invariants (Play, with package vm/playout),
// and the corpus status table run (Status, with package status). The
// command line keeps only its flags and exit statuses.
//
// # Files
//
//	load.go      the load report: each game's shape, or its load errors
//	playouts.go  the playout report of zrun check --play
//	status.go    the status table run of zrun check --status: a line per game
//	             as it goes, the Markdown table, a summary
package check
