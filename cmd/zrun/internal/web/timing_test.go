package web

import (
	"flag"
	"testing"
)

// strictTiming holds the page to the budgets (interactive within
// 1 s, a move shown within 100 ms). By default the budgets are five times
// larger: the tests share two cores with the rest of the suite, and other
// processes stall any one measurement; the measured times are logged either
// way. go test ./cmd/zrun/internal/web -args -web.strict on a quiet machine.
var strictTiming = flag.Bool("web.strict", false, "hold the page to the exact time budgets")

// withinBudget reports a measurement over its budget (scaled when not strict).
func withinBudget(t *testing.T, what string, got, budget float64, unit string) {
	t.Helper()
	limit := budget
	if !*strictTiming {
		limit *= 5
	}
	if got > limit {
		t.Errorf("%s: %.0f %s, want under %.0f %s (budget %.0f %s; -web.strict holds it exactly)", what, got, unit, limit, unit, budget, unit)
	}
}
