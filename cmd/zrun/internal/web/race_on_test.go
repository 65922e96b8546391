//go:build race

package web

// raceEnabled: built with -race, whose checks make everything several
// times slower; timing budgets are reported, not enforced.
const raceEnabled = true
