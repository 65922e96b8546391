package engine

import (
	"context"
	"testing"
)

// walk is a game on a line: the player to move steps the one token
// forward by 1 or 2 (player 0) or passes (player 1), and the evaluation is
// the token's place for player 0. Its Position remembers the game's earlier
// positions (seen) as a GUI's game does before a search begins.
type walk struct {
	at, turn int
	path     [][2]int
	seen     map[[2]int]bool // positions of the game before the search
}

func (w *walk) Generate(buf []int) []int {
	if w.turn == 1 {
		return append(buf, 0)
	}
	return append(buf, 1, 2)
}

func (w *walk) Make(m int) bool {
	w.path = append(w.path, [2]int{w.at, w.turn})
	w.at += m
	w.turn = 1 - w.turn
	return true
}

func (w *walk) Unmake() {
	p := w.path[len(w.path)-1]
	w.path = w.path[:len(w.path)-1]
	w.at, w.turn = p[0], p[1]
}

func (w *walk) Hash() uint64              { return uint64(w.at*2+w.turn)*0x9e3779b97f4a7c15 + 1 }
func (w *walk) ToMove() int               { return w.turn }
func (w *walk) Random() bool              { return false }
func (w *walk) Outcome() (bool, int, int) { return false, -1, -1 }
func (w *walk) Goals() (bool, int, int)   { return false, -1, -1 }
func (w *walk) NoMoves() (bool, int, int) { return true, -1, -1 }
func (w *walk) Info(m int) MoveInfo       { return MoveInfo{Key: uint64(m + 1)} }
func (w *walk) InCheck() bool             { return false }
func (w *walk) Rules() Rules              { return Rules{} }
func (w *walk) MoveText(m int) string     { return string(rune('0' + m)) }
func (w *walk) Evaluate(pl int) int {
	if pl == 0 {
		return w.at
	}
	return -w.at
}

// remembering is walk with its game's earlier positions told to the
// searcher (RepetitionTester).
type remembering struct{ *walk }

func (r remembering) Repeated() bool {
	here := [2]int{r.at, r.turn}
	if r.seen[here] {
		return true
	}
	for _, p := range r.path {
		if p == here {
			return true
		}
	}
	return false
}

// TestRepetitionOfTheGame: stepping 2 reaches the best-valued place, but
// that position stood earlier in the game, so (as a repetition of the
// search's own path) it is a draw, worth 0 here, and stepping 1 is better.
// A searcher that is not told the game's positions steps 2.
func TestRepetitionOfTheGame(t *testing.T) {
	game := map[[2]int]bool{{2, 1}: true}
	for _, tc := range []struct {
		name string
		pos  Position[int]
		want int
	}{
		{"told the game", remembering{&walk{seen: game}}, 1},
		{"not told", &walk{seen: game}, 2},
	} {
		for depth := 1; depth <= 4; depth++ {
			res := New(tc.pos, 1).Search(context.Background(), Limits{Depth: depth})
			if !res.Found || res.Best != tc.want {
				t.Errorf("%s, depth %d: best %d (score %d), want %d", tc.name, depth, res.Best, res.Score, tc.want)
			}
		}
	}
}
