// Package check is what "zrun check" reports: each rule file's games and
// variants with their shape or load errors (Load), random playouts of
// every game under the VM's invariants (Play, with package vm/playout),
// and the corpus status table run (Status, with package status). The
// command line keeps only its flags and exit statuses.
package check
