// This file tests the colour swap for games whose second player moves
// first, against the rule file's own setup and what real XBoard 4.9 was
// seen to do with a setup FEN (it starts with White to move, whatever the
// FEN says; colors.go).

package cecp

import (
	"strings"
	"testing"
)

func TestSwapFEN(t *testing.T) {
	in := "1C1C1C1C/8/c7[Kk] b Kq - 0 1"
	want := "1c1c1c1c/8/C7[kK] w kQ - 0 1"
	if got := swapFEN(in); got != want {
		t.Errorf("swapFEN(%q) = %q, want %q", in, got, want)
	}
	if back := swapFEN(want); back != in {
		t.Errorf("swapFEN is not its own inverse: %q", back)
	}
}

// English checkers in CheckersCollection.zrf: Black moves first from
// a1..h3 (its board-setup and turn-order). XBoard must see the side that
// moves first as White on ranks 1-3, with White to move; a setboard from
// XBoard in those colours gives back the rule file's position, and the
// checkers are drawn with a wildcard image (V, S) since no Betza string
// describes their jumps.
func TestCECPSecondPlayerFirst(t *testing.T) {
	const file = "../../../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf"
	g, c := startCECPWith(t, file)
	g.Send("new", "variant checkers-(english-draughts)")
	setup := g.ExpectMatch(`^setup .*`)
	wantFEN := "1c1c1c1c/c1c1c1c1/1c1c1c1c/8/8/C1C1C1C1/1C1C1C1C/C1C1C1C1 w - - 0 1"
	if !strings.HasSuffix(setup, " "+wantFEN) {
		t.Errorf("setup %q, want the FEN %q", setup, wantFEN)
	}
	if !strings.Contains(setup, "(.................C.K....") {
		t.Errorf("setup %q: Checker and King not on the Falcon and Cobra images", setup)
	}
	g.Send("force", "setboard 1c1c1c1c/c1c1c1c1/1c1c1c1c/8/3C4/C3C1C1/1C1C1C1C/C1C1C1C1 b - - 0 1", "ping 1")
	g.Expect("pong 1")
	// zrun's own FEN: Black (lower case, moved c3d4) and White to move.
	if f := fen(t, c); !strings.HasPrefix(f, "1C1C1C1C/C1C1C1C1/1C1C1C1C/8/3c4/c3c1c1/1c1c1c1c/c1c1c1c1 w") {
		t.Errorf("after setboard: %s", f)
	}
}

// A chess position without a king, or with two white kings, is refused
// with a reason, and the game stays as it was.
func TestCECPSetboardRoyal(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force", "usermove e2e4", "setboard 8/8/8/8/8/8/8/K7 w - - 0 1")
	g.Expect("tellusererror Illegal position: Black has no King: the goals need one (a King checkmated loses)")
	g.Send("setboard 4k3/8/8/8/8/8/8/KK6 w - - 0 1")
	g.Expect("tellusererror Illegal position: White has 2 pieces of type King: the game starts with 1")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq") {
		t.Errorf("position changed by refused setboards: %s", f)
	}
}
