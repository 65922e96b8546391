package cecp

import "testing"

// XBoard reads a lone direction on K and Q the narrow way (engine-intf
// §piece; moves.c: fK is one step straight forward), so describe's merged
// tokens are written as their W/F (R/B) parts. Expected strings follow
// XBoard's Betza page: the Shogi Gold is WfF, the Silver FfW.
func TestXBoardBetza(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fmQ", "fmRfmB"},          // Kamisado's dragon: forward slides, no capture
		{"fmQ3fcW", "fmR3fmB3fcW"}, // a sumo's range with its push
		{"fK", "fWfF"},             // forward step, three ways
		{"WfF", "WfF"},             // the Gold, already XBoard's way
		{"K", "K"},                 // no directions: all eight
		{"Q", "Q"},                 //
		{"KisO3", "KisO3"},         // castling stays
		{"ifmK", "ifmWifmF"},       // the initial-move mark stays in front
		{"bsmRmBbscWcFifmR14ifcW", "bsmRmBbscWcFifmR14ifcW"}, // Thud's dwarf: no K or Q
		{"vK2", "vR2vB2"}, // a two-step ride
		{"mNcQ", "mNcQ"},  // a mode alone is not a direction
		{"", ""},
	} {
		if got := xboardBetza(c.in); got != c.want {
			t.Errorf("xboardBetza(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
