// This file tests the Dagaz stub warnings (dagaz.go) on toy rule files, one
// pattern per row, and GameDef.WhyNoStartMoves on the toys that cannot start.

package zrf

import (
	"fmt"
	"strings"
	"testing"
)

// toyRules is a complete little drop-and-step game on a 3x3 grid: X and O
// each have 3 Stones in hand; a Stone is dropped on an empty square or steps
// north; a player left without pieces loses. Each test row replaces one %s slot: extra game
// sections, the pieces, the setup, the goals.
const toyRules = `(game
  (title "Toy")
  (players X O)
  (turn-order X O)
  %s
  (board
    (grid
      (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0))))
%s
%s
%s
)
`

const (
	toyPiece = `  (piece (name Stone)
    (drops ((verify empty?) add))
    (moves (n (verify empty?) add)))`
	toySetup = `  (board-setup (X (Stone off 3)) (O (Stone off 3)))`
	toyGoal  = `  (loss-condition (X O) (pieces-remaining 0))`
)

// toyFile fills toyRules; an empty argument keeps the default for that slot,
// "-" leaves the slot out.
func toyFile(extra, pieces, setup, goals string) string {
	pick := func(s, def string) string {
		switch s {
		case "":
			return def
		case "-":
			return ""
		}
		return s
	}
	return fmt.Sprintf(toyRules, extra, pick(pieces, toyPiece), pick(setup, toySetup), pick(goals, toyGoal))
}

// posOf returns "toy.zrf:line:col" of the first occurrence of mark in src,
// counted here from the text, independently of the reader's positions.
func posOf(t *testing.T, src, mark string) string {
	t.Helper()
	i := strings.Index(src, mark)
	if i < 0 {
		t.Fatalf("mark %q not in source", mark)
	}
	line := strings.Count(src[:i], "\n") + 1
	col := i - strings.LastIndex(src[:i], "\n")
	return fmt.Sprintf("toy.zrf:%d:%d", line, col)
}

func TestDagazStubs(t *testing.T) {
	tests := []struct {
		name                        string
		extra, pieces, setup, goals string
		kind                        StubKind // the one stub expected (ignored when none)
		none                        bool     // no stub at all
		at                          string   // mark whose position the warning has
		msg                         string   // part of the warning
	}{
		{name: "complete game", none: true},
		{name: "Dagaz display option", extra: `(option "smart-moves" from)`, none: true},
		{name: "extension option", extra: `(option "reversi-extension" true)`, kind: StubOption,
			at: `(option "reversi-extension"`, msg: `option "reversi-extension" selects rules written in Dagaz's JavaScript, which are missing here`},
		{name: "invariant option", extra: `(option "chess invariant" true)`, kind: StubOption,
			at: `(option "chess invariant"`, msg: "Dagaz's JavaScript"},
		{name: "ko option", extra: `(option "ko" situation)`, kind: StubOption, at: `(option "ko"`, msg: "Dagaz's JavaScript"},
		{name: "shared pieces is honoured", extra: `(option "shared pieces" true)`, none: true},
		{name: "non-boolean attribute", pieces: `  (piece (name Stone) (attribute weight 77)
    (drops ((verify empty?) add)))`, kind: StubAttribute, at: `77`, msg: "attribute weight has the non-boolean value 77"},
		{name: "no goal", goals: "-", kind: StubNoGoal, at: "(game", msg: "no win-, loss-, draw- or count-condition"},
		{name: "draw goal only is a goal", goals: `  (draw-condition (X O) stalemated)`, none: true},
		{name: "no setup", setup: "-", pieces: `  (piece (name Stone) (moves (n (verify empty?) add)))`,
			kind: StubNoSetup, at: "(game", msg: "no board-setup: no piece starts on the board or in hand, so Stone can never move"},
		{name: "setup on positions the board lacks", setup: `  (board-setup (X (Stone z9)) (O (Stone z8)))`,
			pieces: `  (piece (name Stone) (moves (n (verify empty?) add)))`, kind: StubSetupLost, at: "(board-setup",
			msg: "board-setup places no piece: none of the positions it names is on this board"},
		{name: "drops without supply", setup: `  (board-setup (X (Stone a1 off 0) (Rock off 0)) (O (Stone off 0) (Rock off 0)))`,
			pieces: `  (piece (name Stone) (drops ((verify empty?) add)))
  (piece (name Rock) (drops ((verify empty?) add)))`,
			kind: StubNoSupply, at: "(piece (name Stone)", msg: "drops are defined for Stone, Rock, but board-setup gives no player any of them off the board"},
		{name: "recycled captures can supply drops", extra: `(option "recycle captures" true)`, setup: `  (board-setup (X (Stone a1)) (O (Stone c3)))`, none: true},
		{name: "one type in hand is a supply", setup: `  (board-setup (X (Stone off 1)) (O (Stone off 1)))`,
			pieces: toyPiece + "\n  (piece (name Flag) (drops ((verify empty?) add)))", none: true},
		{name: "pieces without definitions", setup: `  (board-setup (X (Tile a1 b1)) (O (Stone c3)))`,
			pieces: `  (piece (name Tile))
  (piece (name Stone) (moves (n (verify empty?) add)))`, kind: StubNoMoveDefs, at: "(piece (name Tile))",
			msg: "X takes turns, but none of its pieces (Tile) can ever move: those on the board have no move definitions"},
		{name: "no definitions at all", setup: "-", pieces: `  (piece (name Ant))
  (piece (name Bee))`, kind: StubNoMoveDefs, at: "(game", msg: "no piece has a move or drop definition, so nobody can ever move"},
		{name: "pieces in hand without drops", setup: `  (board-setup (X (Stone off 2)) (O (Stone c3)))`,
			pieces: `  (piece (name Stone) (moves (n (verify empty?) add)))`, kind: StubNoMoveDefs, at: "(piece (name Stone)",
			msg: "X takes turns, but none of its pieces (Stone) can ever move"},
		{name: "passing needs no definitions", extra: `(option "pass turn" true)`, setup: "-",
			pieces: `  (piece (name Ant))`, goals: `  (draw-condition (X O) repetition)`, none: true},
		{name: "random players' pieces need no definitions", extra: "(players X O ?Dice) (turn-order X ?Dice O ?Dice)",
			setup:  `  (board-setup (X (Stone off 3)) (O (Stone off 3)) (?Dice (Die b2)))`,
			pieces: toyPiece + "\n  (piece (name Die))", none: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := toyFile(tc.extra, tc.pieces, tc.setup, tc.goals)
			f, err := Load("toy.zrf", []byte(src))
			if err != nil || len(f.Games) != 1 {
				t.Fatalf("load: %v\n%s", err, src)
			}
			gd := f.Games[0]
			if tc.none {
				if len(gd.Stubs) != 0 || len(gd.Warnings) != 0 {
					t.Errorf("stubs %v, warnings %v; want none", gd.Stubs, gd.Warnings)
				}
				return
			}
			if len(gd.Stubs) != 1 {
				t.Fatalf("stubs = %v, want one %v", gd.Stubs, tc.kind)
			}
			st := gd.Stubs[0]
			if st.Kind != tc.kind || st.Warning.Pos.String() != posOf(t, src, tc.at) ||
				!strings.Contains(st.Warning.Msg, tc.msg) || !strings.HasSuffix(st.Warning.Msg, "the game will not play as intended") {
				t.Errorf("stub = %v %v, want %v at %s containing %q", st.Kind, st.Warning, tc.kind, posOf(t, src, tc.at), tc.msg)
			}
			if !containsWarning(gd.Warnings, st.Warning) {
				t.Errorf("the stub's warning is not among the game's warnings %v", gd.Warnings)
			}
		})
	}
}

func containsWarning(ws []*Error, e *Error) bool {
	for _, w := range ws {
		if w == e {
			return true
		}
	}
	return false
}

// TestWhyNoStartMoves checks the start-position explanation, with the stub
// behind it when the file has one.
func TestWhyNoStartMoves(t *testing.T) {
	tests := []struct {
		name                 string
		extra, pieces, setup string
		want                 []string // parts of the explanation; nil: the game can start
		at                   string   // mark of the stub the explanation cites
	}{
		{name: "complete game"},
		{name: "no setup", setup: "-", pieces: `  (piece (name Stone) (moves (n (verify empty?) add)))`,
			want: []string{"X has no pieces on the board and nothing in hand (the game has no board-setup)",
				"the setup lives in Dagaz's JavaScript"}, at: "(game"},
		{name: "no supply", setup: `  (board-setup (X (Stone off 0)) (O (Stone off 0)))`, pieces: `  (piece (name Stone) (drops ((verify empty?) add)))`,
			want: []string{"X has no pieces on the board and nothing in hand",
				"the pieces to drop come into hand only from Dagaz's JavaScript"}, at: "(piece (name Stone)"},
		{name: "no supply with a piece on the board", setup: `  (board-setup (X (Stone a1 off 0)) (O (Stone c3 off 0)))`,
			pieces: `  (piece (name Stone) (drops ((verify empty?) add)))`,
			want: []string{`X's pieces on the board (Stone) have no move definitions; drops are defined for Stone, but X has none of them in hand`,
				"the pieces to drop come into hand only from Dagaz's JavaScript"}},
		{name: "pieces without definitions", setup: `  (board-setup (X (Tile b1)) (O (Tile c3)))`, pieces: `  (piece (name Tile))`,
			want: []string{"X's pieces on the board (Tile) have no move definitions", "the pieces' moves live in Dagaz's JavaScript"}},
		{name: "blocked, no stub", setup: `  (board-setup (X (Stone a3)) (O (Stone c3)))`,
			pieces: `  (piece (name Stone) (moves (n (verify empty?) add)))`,
			want:   []string{"X's pieces (Stone) have move definitions, but none of them can move in this position"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := toyFile(tc.extra, tc.pieces, tc.setup, "")
			f, err := Load("toy.zrf", []byte(src))
			if err != nil || len(f.Games) != 1 {
				t.Fatalf("load: %v", err)
			}
			got, err := f.Games[0].WhyNoStartMoves()
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == nil && got != "" {
				t.Errorf("WhyNoStartMoves = %q, want \"\"", got)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("WhyNoStartMoves = %q, want it to contain %q", got, w)
				}
			}
			if tc.at != "" && !strings.HasSuffix(got, " ("+posOf(t, src, tc.at)+")") {
				t.Errorf("WhyNoStartMoves = %q, want it to cite %s", got, posOf(t, src, tc.at))
			}
			if tc.name == "blocked, no stub" && strings.Contains(got, "Dagaz") {
				t.Errorf("WhyNoStartMoves = %q blames Dagaz for a position that is merely blocked", got)
			}
		})
	}
}
