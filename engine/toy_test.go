// This file defines toy games for the searcher's tests: tic-tac-toe, Nim with
// an arbitrary turn order (so a player may move several times in a row), and
// a dice race with a random player.

package engine

// ticTacToe is the 3x3 game; player 0 is X and moves first.
type ticTacToe struct {
	board [9]int8 // 0 empty, 1 X, 2 O
	moves []int
	turn  int
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (t *ticTacToe) Generate(buf []int) []int {
	if t.winner() >= 0 {
		return buf
	}
	for i, c := range t.board {
		if c == 0 {
			buf = append(buf, i)
		}
	}
	return buf
}

func (t *ticTacToe) Make(m int) bool {
	t.board[m] = int8(t.turn + 1)
	t.moves = append(t.moves, m)
	t.turn = 1 - t.turn
	return true
}

func (t *ticTacToe) Unmake() {
	m := t.moves[len(t.moves)-1]
	t.moves = t.moves[:len(t.moves)-1]
	t.board[m] = 0
	t.turn = 1 - t.turn
}

func (t *ticTacToe) Hash() uint64 {
	h := uint64(t.turn)
	for _, c := range t.board {
		h = h*3 + uint64(c)
	}
	return h*0x9e3779b97f4a7c15 + 1
}

func (t *ticTacToe) winner() int {
	for _, l := range lines {
		if c := t.board[l[0]]; c != 0 && c == t.board[l[1]] && c == t.board[l[2]] {
			return int(c) - 1
		}
	}
	return -1
}

func (t *ticTacToe) ToMove() int  { return t.turn }
func (t *ticTacToe) Random() bool { return false }
func (t *ticTacToe) Outcome() (bool, int, int) {
	if w := t.winner(); w >= 0 {
		return true, w, 1 - w
	}
	return len(t.moves) == 9, -1, -1
}
func (t *ticTacToe) NoMoves() (bool, int, int) { return t.Outcome() }
func (t *ticTacToe) Goals() (bool, int, int)   { return t.Outcome() }
func (t *ticTacToe) Evaluate(pl int) int       { return 0 }
func (t *ticTacToe) Info(m int) MoveInfo       { return MoveInfo{Key: uint64(m + 1)} }
func (t *ticTacToe) InCheck() bool             { return false }
func (t *ticTacToe) Rules() Rules              { return Rules{} }
func (t *ticTacToe) MoveText(m int) string     { return string(rune('a'+m%3)) + string(rune('1'+m/3)) }
func (t *ticTacToe) String() string            { return "tic-tac-toe" }
func (t *ticTacToe) setup(ms ...int) Position[int] {
	for _, m := range ms {
		t.Make(m)
	}
	return t
}

// nimMove takes n objects from pile p (n == 0: a random player's "no effect").
type nimMove struct{ p, n int }

// nim is normal-play Nim (taking the last object wins) played in the turn
// order order (a player index per turn entry, -1 for a random player who
// takes one object from a random non-empty pile or nothing). maxTake bounds a
// take (0: any amount).
type nim struct {
	piles   []int
	order   []int
	turn    int
	maxTake int
	hist    []nimMove
	lastBy  []int
	// pseudo makes Generate also list moves Make rejects (taking more than
	// a pile holds), as a pseudo-legal generator does.
	pseudo bool
}

func (g *nim) Generate(buf []nimMove) []nimMove {
	if g.empty() {
		return buf
	}
	if g.pseudo {
		for p, n := range g.piles {
			buf = append(buf, nimMove{p, n + 1})
		}
	}
	if g.Random() {
		buf = append(buf, nimMove{0, 0})
		for p, n := range g.piles {
			if n > 0 {
				buf = append(buf, nimMove{p, 1})
			}
		}
		return buf
	}
	for p, n := range g.piles {
		top := n
		if g.maxTake > 0 {
			top = min(n, g.maxTake)
		}
		for k := 1; k <= top; k++ {
			buf = append(buf, nimMove{p, k})
		}
	}
	return buf
}

func (g *nim) empty() bool {
	for _, n := range g.piles {
		if n > 0 {
			return false
		}
	}
	return true
}

func (g *nim) Make(m nimMove) bool {
	if m.n > g.piles[m.p] {
		return false
	}
	g.piles[m.p] -= m.n
	g.hist = append(g.hist, m)
	g.lastBy = append(g.lastBy, g.order[g.turn])
	g.turn = (g.turn + 1) % len(g.order)
	return true
}

func (g *nim) Unmake() {
	m := g.hist[len(g.hist)-1]
	g.hist, g.lastBy = g.hist[:len(g.hist)-1], g.lastBy[:len(g.lastBy)-1]
	g.piles[m.p] += m.n
	g.turn = (g.turn + len(g.order) - 1) % len(g.order)
}

func (g *nim) Hash() uint64 {
	h := uint64(g.turn) + 1
	for _, n := range g.piles {
		h = h*1000003 + uint64(n)
	}
	return h * 0x9e3779b97f4a7c15
}

func (g *nim) ToMove() int  { return max(g.order[g.turn], 0) }
func (g *nim) Random() bool { return g.order[g.turn] < 0 }

// Outcome: the player who took the last object wins. A random player taking
// it wins nobody the game: a draw.
func (g *nim) Outcome() (bool, int, int) {
	if !g.empty() {
		return false, -1, -1
	}
	w := -1
	if len(g.lastBy) > 0 {
		w = g.lastBy[len(g.lastBy)-1]
	}
	return true, w, -1
}
func (g *nim) NoMoves() (bool, int, int) { return g.Outcome() }
func (g *nim) Goals() (bool, int, int)   { return g.Outcome() }
func (g *nim) Evaluate(pl int) int       { return 0 }
func (g *nim) Info(m nimMove) MoveInfo   { return MoveInfo{Key: uint64(m.p*1000+m.n) + 1} }
func (g *nim) InCheck() bool             { return false }
func (g *nim) Rules() Rules              { return Rules{} }
func (g *nim) MoveText(m nimMove) string { return string(rune('a'+m.p)) + string(rune('0'+m.n)) }

// chainMove is a move of the chain game: a part of player 0's three-part
// turn, player 1's wait, or player 0's finishing move.
type chainMove int

// chain is a game whose first turn is a chain of three quiet parts by
// player 0 (as a draughts multi-jump is), then player 1 waits, then player
// 0's move wins: a win two turns ahead of player 0 but five moves deep.
type chain struct {
	made []chainMove
}

func (g *chain) Generate(buf []chainMove) []chainMove {
	if len(g.made) < 5 {
		buf = append(buf, chainMove(len(g.made)))
	}
	return buf
}
func (g *chain) Make(m chainMove) bool { g.made = append(g.made, m); return true }
func (g *chain) Unmake()               { g.made = g.made[:len(g.made)-1] }
func (g *chain) Hash() uint64          { return uint64(len(g.made)) + 1 }
func (g *chain) ToMove() int {
	if len(g.made) == 3 {
		return 1
	}
	return 0
}
func (g *chain) Random() bool { return false }
func (g *chain) Outcome() (bool, int, int) {
	if len(g.made) == 5 {
		return true, 0, 1
	}
	return false, -1, -1
}
func (g *chain) NoMoves() (bool, int, int) { return g.Outcome() }
func (g *chain) Goals() (bool, int, int)   { return g.Outcome() }
func (g *chain) Evaluate(pl int) int       { return 0 }
func (g *chain) Info(m chainMove) MoveInfo {
	return MoveInfo{Key: uint64(m) + 1, Continues: m < 2}
}
func (g *chain) InCheck() bool               { return false }
func (g *chain) Rules() Rules                { return Rules{} }
func (g *chain) MoveText(m chainMove) string { return string(rune('a' + m)) }

// throws is a dice game in miniature: player 0 moves, three throws of a
// die (random plies, two faces each), player 1 waits, three throws, and
// player 0's next move wins. The win lies two turns of player 0 ahead but
// nine plies deep, as in Ur, which throws three dice before every move.
type throws struct {
	made []int
}

var throwsOrder = []int{0, -1, -1, -1, 1, -1, -1, -1, 0}

func (g *throws) Generate(buf []int) []int {
	switch {
	case len(g.made) == len(throwsOrder):
	case g.Random():
		buf = append(buf, 0, 1)
	default:
		buf = append(buf, 0)
	}
	return buf
}
func (g *throws) Make(m int) bool { g.made = append(g.made, m); return true }
func (g *throws) Unmake()         { g.made = g.made[:len(g.made)-1] }
func (g *throws) Hash() uint64    { return uint64(len(g.made)) + 1 }
func (g *throws) ToMove() int     { return max(throwsOrder[min(len(g.made), len(throwsOrder)-1)], 0) }
func (g *throws) Random() bool {
	return len(g.made) < len(throwsOrder) && throwsOrder[len(g.made)] < 0
}
func (g *throws) Outcome() (bool, int, int) {
	if len(g.made) == len(throwsOrder) {
		return true, 0, 1
	}
	return false, -1, -1
}
func (g *throws) NoMoves() (bool, int, int) { return g.Outcome() }
func (g *throws) Goals() (bool, int, int)   { return g.Outcome() }
func (g *throws) Evaluate(pl int) int       { return 0 }
func (g *throws) Info(m int) MoveInfo       { return MoveInfo{Key: uint64(m) + 1} }
func (g *throws) InCheck() bool             { return false }
func (g *throws) Rules() Rules              { return Rules{} }
func (g *throws) MoveText(m int) string     { return string(rune('a' + m)) }
