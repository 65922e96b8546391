// Package games holds the rule files zrun ships (*.zrf, written by us in the
// Zillions rules language, and musketeer-gating.ini in Fairy-Max's table
// format) and, in its tests, the checks that each file plays
// its game by the published rules: perft against independent tables, and
// rule-by-rule positions taken from the seed documents.
//
// The package has no code of its own; the rule files are plain text that
// users read and edit, loaded at run time like any other .zrf.
//
// # Files
//
// No Go file but this one: the package's code is its tests.
package games
