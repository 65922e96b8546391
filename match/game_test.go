package match

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"zrun/gamefile"
	"zrun/vm"
)

func chessRules(t *testing.T) Rules {
	t.Helper()
	g, err := gamefile.LoadGame("../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	return func() (*vm.State, error) { return vm.NewState(g) }
}

// scripted is a CECP "engine" in sh that plays its moves in order,
// whatever it is told.
func scripted(t *testing.T, name string, moves ...string) *Engine {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	script := `echo "feature usermove=1 done=1"; set -- ` + strings.Join(moves, " ") + `
while read l; do case "$l" in go|usermove*) [ "$l" = go ] && going=1; [ -n "$going" ] && { echo "move $1"; shift; };; esac; done`
	e, err := Start(t.Context(), Spec{Name: name, Command: "sh -c '" + script + "'"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// Fool's mate (1. f3 e5 2. g4 Qh4#): the rules, not the engines, end the
// game, and Black wins by checkmate.
func TestGameRefereedByRules(t *testing.T) {
	white := scripted(t, "white", "f2f3", "g2g4", "a2a3")
	black := scripted(t, "black", "e7e5", "d8h4", "a7a6")
	r, err := PlayGame(chessRules(t), nil, white, black, Limit{Depth: 1}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if r.White != 0 || r.Reason != "checkmated" || r.Plies != 4 {
		t.Errorf("got %+v, want Black winning by checkmate after 4 plies", r)
	}
}

// A move the rules do not allow (a pawn three squares forward) loses the
// game for the side that sent it; an opening move is played for both.
func TestIllegalMoveLoses(t *testing.T) {
	white := scripted(t, "white", "a2a5")
	black := scripted(t, "black", "a7a6")
	r, err := PlayGame(chessRules(t), []string{"e2e4", "e7e5"}, white, black, Limit{Depth: 1}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if r.White != 0 || !strings.Contains(r.Reason, `White illegal move "a2a5"`) {
		t.Errorf("got %+v, want White losing by an illegal move", r)
	}
}

// The ply cap adjudicates a draw.
func TestPlyCapDraw(t *testing.T) {
	white := scripted(t, "white", "g1f3", "f3g1", "g1f3")
	black := scripted(t, "black", "g8f6", "f6g8", "g8f6")
	r, err := PlayGame(chessRules(t), nil, white, black, Limit{Depth: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.White != 0.5 || !strings.Contains(r.Reason, "adjudicated draw after 3 plies") {
		t.Errorf("got %+v, want a draw at the cap", r)
	}
}

// A node limit is refused for a CECP engine that cannot keep one (no
// feature nps=1): a setting of the match, not a game it loses.
func TestNodesNeedNPS(t *testing.T) {
	white := scripted(t, "white", "e2e4")
	black := scripted(t, "black", "e7e5")
	_, err := PlayGame(chessRules(t), nil, white, black, Limit{Nodes: 1000}, 100)
	if !errors.Is(err, ErrUnsupported) {
		t.Errorf("got %v, want ErrUnsupported", err)
	}
}

// Castling written O-O and 0-0-0, as Sjaak II sends it, is the castling
// move (XBoard accepts it so), and the other engine is told the King's
// from-to (e1g1, e8c8: UCI's and CECP's coordinates).
func TestCastlingText(t *testing.T) {
	white := scripted(t, "white", "e2e4", "g1f3", "f1c4", "O-O", "a2a3", "a3a4")
	black := scripted(t, "black", "d7d5", "c8g4", "b8c6", "d8d7", "0-0-0", "a7a6")
	r, err := PlayGame(chessRules(t), nil, white, black, Limit{Depth: 1}, 11)
	if err != nil {
		t.Fatal(err)
	}
	want := "e2e4 d7d5 g1f3 c8g4 f1c4 b8c6 e1g1 d8d7 a2a3 e8c8 a3a4"
	if got := strings.Join(r.Moves, " "); got != want || !strings.Contains(r.Reason, "adjudicated draw") {
		t.Errorf("got %q (%s), want %q played out to the cap", got, r.Reason, want)
	}
}
