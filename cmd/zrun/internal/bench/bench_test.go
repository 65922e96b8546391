package bench

import (
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
)

const gamesDir = "../../../../games"

// TestDefaultPositions: every bench position loads and its moves are legal
// there; its FEN read back gives the same position (same FEN, and the
// same moves two plies deep). Two of them are positions with published FENs: the chess start
// and the Closed Ruy Lopez after 5...Be7.
func TestDefaultPositions(t *testing.T) {
	known := map[string]string{
		"chess-start":     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"chess-ruy-lopez": "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6",
	}
	for _, p := range Default {
		t.Run(p.Name, func(t *testing.T) {
			s, err := play.NewState(gamesDir+"/"+p.File, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.PlayCoords(p.Moves); err != nil {
				t.Fatal(err)
			}
			fen, err := s.FEN()
			if err != nil {
				t.Fatal(err)
			}
			if want, ok := known[p.Name]; ok && fen != want {
				t.Errorf("FEN %s, published %s", fen, want)
			}
			back, err := play.NewState(gamesDir+"/"+p.File, "", fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if got, err := back.FEN(); err != nil || got != fen {
				t.Errorf("read back: %s %v, was %s", got, err, fen)
			}
			// The hash may differ: it also keeps what a FEN does not say
			// (which pieces have moved), so the moves are what to compare.
			n1, err1 := s.Perft(2)
			n2, err2 := back.Perft(2)
			if err1 != nil || err2 != nil || n1 != n2 || n1 == 0 {
				t.Errorf("moves: %d (%v) after the moves, %d (%v) from the FEN", n1, err1, n2, err2)
			}
		})
	}
}

// TestPerft: chess perft(3) from the start is 8,902 (the published count,
// Chess Programming Wiki "Perft Results").
func TestPerft(t *testing.T) {
	r, err := Perft(gamesDir, 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 3 || r.Nodes != 8902 {
		t.Errorf("perft(%d) = %d, want 8902", r.Depth, r.Nodes)
	}
}

// TestSearchFindsFoolsMate: a bench run searches each position and
// reports its best move: after 1.f3 e5 2.g4 it is Black's Qh4 mate.
func TestSearchFindsFoolsMate(t *testing.T) {
	var lines []Line
	sum, err := Search(gamesDir, "", []Position{{Name: "fool", File: "chess.zrf", Moves: "f2f3 e7e5 g2g4", Depth: 2}},
		func(l Line) { lines = append(lines, l) })
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || lines[0].Best != "d8h4" {
		t.Fatalf("lines %+v, want one with best move d8h4", lines)
	}
	if sum.Nodes != lines[0].Nodes || sum.Nodes == 0 {
		t.Errorf("summary %d nodes, the line %d", sum.Nodes, lines[0].Nodes)
	}
}

// TestForFile: a user's file gets its start and the positions 10 and 20
// plies on, whose moves are legal from the start.
func TestForFile(t *testing.T) {
	ps, err := ForFile(gamesDir+"/chess.zrf", "", 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 {
		t.Fatalf("%d positions, want 3: %+v", len(ps), ps)
	}
	for i, p := range ps {
		if n := len(strings.Fields(p.Moves)); n != 10*i || p.Depth != 4 || p.File != "chess.zrf" {
			t.Errorf("position %d: %d moves, depth %d, file %s", i, n, p.Depth, p.File)
		}
		s, err := play.NewState(gamesDir+"/chess.zrf", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PlayCoords(p.Moves); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
	again, _ := ForFile(gamesDir+"/chess.zrf", "", 4)
	if again[2].Moves != ps[2].Moves {
		t.Error("a second call chose other moves: the bench must be the same every run")
	}
}
