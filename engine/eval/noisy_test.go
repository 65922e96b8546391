// This file checks noisy-only generation (vm.State.GenerateNoisy, the
// adapter's engine.NoisyGenerator) against full generation: over walks of
// our games and corpus games the noisy list must be exactly the noisy
// subset of the full list, in order, with the full list's length; and
// fixed-depth searches must come out the same with and without it.

package eval_test

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/internal/benchpos"
	"zrun/vm"
)

// noisyGames are walked by TestGenerateNoisyMatchesFull: captures by landing
// and by capture instructions, promotions, drops, partial moves, move
// priorities, maximal captures, recycled captures, games without royals.
var noisyGames = []struct {
	file, variant, fen string
	perft, playouts    int // 0: 2 plies, 12 games
}{
	{file: "../../games/chess.zrf", variant: "", fen: ""},
	{file: "../../games/chess.zrf", variant: "", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{file: "../../games/chess.zrf", variant: "", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
	{file: "../../games/capablanca.zrf", variant: "", fen: ""},
	{file: "../../games/schoolbook.zrf", variant: "", fen: ""},
	{file: "../../games/reserve-chess.zrf", variant: "", fen: ""},
	{file: "../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf", variant: "Turkish Dama", fen: ""},
	{file: "../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf", variant: "Bahrain Dama", fen: ""},
	{file: "../../../shared/zrf-corpus/DobutsuShogi/Dobutsu.zrf", variant: "Dobutsu Shogi (original)", fen: ""},
	{file: "../../../shared/zrf-corpus/LittleShogiPack/SimpleShogi.zrf", variant: "", fen: ""},
	{file: "../../../shared/zrf-corpus/Chase/Chase.zrf", variant: "", fen: ""},
	{file: "../../../shared/zrf-corpus/Gwangsanghui/Gwangsanghui.zrf", variant: "", fen: ""},
	{file: "../../../shared/zrf-corpus/ShafranCheckers/shafran.zrf", variant: "Shafran's Checkers", fen: ""},
	{file: "../../../shared/zrf-corpus/Bolotoudou/bolotoudou.zrf", variant: "Bolotoudou", fen: ""},
	{file: "../../../shared/zrf-corpus/TransportChess/TransportChess.zrf", variant: "", fen: ""},
	{file: "../../../shared/zrf-corpus/KoShogi/KoShogi.zrf", perft: 1, playouts: 2}, // 300 moves a position: slow
}

func TestGenerateNoisyMatchesFull(t *testing.T) {
	for _, ng := range noisyGames {
		name := ng.file + "/" + ng.variant
		if ng.fen != "" {
			name += "/" + ng.fen
		}
		t.Run(name, func(t *testing.T) {
			if _, err := os.Stat(ng.file); err != nil {
				t.Skipf("%s absent (shared/ not here?): %v", ng.file, err)
			}
			s, err := tunedState(ng.file, ng.variant, ng.fen)
			if err != nil {
				t.Fatal(err)
			}
			p, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			c := &noisyChecker{t: t, s: s, p: p}
			// Every position two plies from the start, then random games.
			depth, games := cmp.Or(ng.perft, 2), cmp.Or(ng.playouts, 12)
			c.perft(depth)
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			for range games {
				c.playout(rng, 80)
			}
			t.Logf("%d positions, %d moves, %d noisy", c.positions, c.moves, c.noisy)
			if c.noisy == 0 {
				t.Errorf("no noisy move met: the walk tests nothing")
			}
		})
	}
}

type noisyChecker struct {
	t                       *testing.T
	s                       *vm.State
	p                       *eval.Position
	full, part              vm.MoveList
	ptrs                    []*vm.Move
	infos                   []engine.MoveInfo
	positions, moves, noisy int
}

// checkInfos compares the adapter's Infos, written over a reused list of
// stale facts, with Info move by move.
func (c *noisyChecker) checkInfos() {
	c.ptrs = c.ptrs[:0]
	for i := range c.full.Moves {
		c.ptrs = append(c.ptrs, &c.full.Moves[i])
	}
	c.infos = slices.Grow(c.infos[:0], len(c.ptrs))[:len(c.ptrs)]
	for i := range c.infos {
		c.infos[i] = engine.MoveInfo{Key: 3, Victim: -7, Attacker: -7, Noisy: true, Continues: true}
	}
	c.p.Infos(c.ptrs, c.infos)
	for i, m := range c.ptrs {
		if got, want := c.infos[i], c.p.Info(m); got != want {
			c.t.Fatalf("%s: %s: Infos wrote %+v, Info says %+v", c.where(), c.s.MoveString(m), got, want)
		}
	}
	// The deferred keys: a quiet move's is 0 until FillKeys, then all is
	// as Info says but a quiet move's Attacker, left 0 (QuietKeyDeferrer).
	for i := range c.infos {
		c.infos[i] = engine.MoveInfo{Key: 3, Victim: -7, Attacker: -7, Noisy: true, Continues: true}
	}
	for _, noisyKeys := range []bool{true, false} {
		listed := c.p.InfosDeferred(c.ptrs, c.infos, noisyKeys, []int32{-1})
		var places []int32
		for i, m := range c.ptrs {
			if c.p.Info(m).Noisy {
				places = append(places, int32(i))
			}
		}
		if !slices.Equal(listed[1:], places) || listed[0] != -1 {
			c.t.Fatalf("%s: InfosDeferred(noisyKeys %v) listed %v after the buffer's -1, the noisy moves are at %v", c.where(), noisyKeys, listed, places)
		}
		for i, m := range c.ptrs {
			want := c.p.Info(m)
			if !want.Noisy {
				want.Attacker = 0
			}
			if !want.Noisy || !noisyKeys {
				want.Key = 0
			}
			if got := c.infos[i]; got != want {
				c.t.Fatalf("%s: %s: InfosDeferred(noisyKeys %v) wrote %+v, want %+v", c.where(), c.s.MoveString(m), noisyKeys, got, want)
			}
		}
		c.p.FillKeys(c.ptrs, c.infos)
		for i, m := range c.ptrs {
			want := c.p.Info(m)
			if !want.Noisy {
				want.Attacker = 0
			}
			if got := c.infos[i]; got != want {
				c.t.Fatalf("%s: %s: after FillKeys %+v, Info says %+v", c.where(), c.s.MoveString(m), got, want)
			}
		}
	}
}

// check compares, in the current position, GenerateNoisy with the noisy
// subset of the full generation, both legal and pseudo-legal, and the
// adapter's Info with IsNoisy.
func (c *noisyChecker) check() {
	t, s := c.t, c.s
	c.positions++
	for _, legal := range []bool{false, true} {
		gen := s.GeneratePseudo
		if legal {
			gen = s.Generate
		}
		if err := gen(&c.full); err != nil {
			t.Fatalf("%s: %v", c.where(), err)
		}
		n, err := s.GenerateNoisy(&c.part, legal)
		if err != nil {
			t.Fatalf("%s: GenerateNoisy: %v", c.where(), err)
		}
		c.checkInfos()
		if n != c.full.Len() {
			t.Fatalf("%s (legal %v): GenerateNoisy counts %d moves, generation lists %d", c.where(), legal, n, c.full.Len())
		}
		j := 0
		for i := range c.full.Moves {
			m := &c.full.Moves[i]
			noisy := s.IsNoisy(m)
			if info := c.p.Info(m); info.Noisy != noisy {
				t.Fatalf("%s: %s: Info.Noisy %v, IsNoisy %v", c.where(), s.MoveString(m), info.Noisy, noisy)
			}
			if !noisy {
				continue
			}
			if !legal {
				c.noisy++
			}
			if j >= c.part.Len() {
				t.Fatalf("%s (legal %v): noisy %s missing from GenerateNoisy", c.where(), legal, s.MoveString(m))
			}
			if o := &c.part.Moves[j]; !sameMove(m, o) {
				t.Fatalf("%s (legal %v): noisy move %d is %s, GenerateNoisy has %s", c.where(), legal, j, s.MoveString(m), s.MoveString(o))
			}
			j++
		}
		if j != c.part.Len() {
			t.Fatalf("%s (legal %v): GenerateNoisy lists %d moves, %d noisy in the full list", c.where(), legal, c.part.Len(), j)
		}
		if !legal {
			c.moves += n
		}
	}
}

// where names the current position for a failure message.
func (c *noisyChecker) where() string {
	if f, err := c.s.FEN(); err == nil {
		return f
	}
	return fmt.Sprintf("ply %d", c.s.Ply)
}

func sameMove(a, b *vm.Move) bool {
	return slices.Equal(a.Effects(nil), b.Effects(nil)) && slices.Equal(a.Actions(nil), b.Actions(nil)) && a.Type == b.Type && a.Piece == b.Piece &&
		a.From == b.From && a.To == b.To && a.Continue == b.Continue && a.Pass == b.Pass && a.Drop == b.Drop &&
		a.Captures == b.Captures && a.Kings == b.Kings && a.Struck == b.Struck
}

// legalMoves returns detached copies of the legal moves here.
func (c *noisyChecker) legalMoves() []vm.Move {
	var ml vm.MoveList
	if err := c.s.Generate(&ml); err != nil {
		c.t.Fatal(err)
	}
	out := make([]vm.Move, ml.Len())
	for i := range ml.Moves {
		out[i] = ml.Moves[i].Clone()
	}
	return out
}

func (c *noisyChecker) perft(depth int) {
	c.check()
	if depth == 0 {
		return
	}
	for _, m := range c.legalMoves() {
		if err := c.s.Make(&m); err != nil {
			c.t.Fatal(err)
		}
		c.perft(depth - 1)
		c.s.Unmake()
	}
}

// playout plays up to plies random legal moves, checking every position,
// preferring noisy moves half the time so captures and promotions recur,
// then takes them back.
func (c *noisyChecker) playout(rng *rand.Rand, plies int) {
	made := 0
	for ; made < plies; made++ {
		c.check()
		if o, err := c.s.Outcome(nil); err != nil || o.Over {
			break
		}
		moves := c.legalMoves()
		if len(moves) == 0 {
			break
		}
		m := &moves[rng.IntN(len(moves))]
		if rng.IntN(2) == 0 {
			for i := range moves {
				if c.s.IsNoisy(&moves[i]) {
					m = &moves[i]
					break
				}
			}
		}
		if err := c.s.Make(m); err != nil {
			c.t.Fatal(err)
		}
	}
	for ; made > 0; made-- {
		c.s.Unmake()
	}
}

// fullGenPos hides the adapter's NoisyGenerator, so the searcher generates
// every move in quiescence.
type fullGenPos struct {
	engine.Position[*vm.Move]
	engine.NullMover
}

// noisyOnlyPos hides the adapter's CaptureGenerator, so quiescence counts
// every move (GenerateNoisy) in games with royal pieces too.
type noisyOnlyPos struct {
	engine.Position[*vm.Move]
	engine.NullMover
	engine.NoisyGenerator[*vm.Move]
}

// filteredPos lists noisy moves by generating every move and keeping those
// Info marks Noisy: an independent GenerateNoisy and GenerateCaptures. Its
// Recapturable makes the move and asks Attacked of the landing square. It
// drops the moves that cannot evade a check as the adapter does (the
// adapter's LegalityGuard and EvasionFilter): which moves stay in a list
// decides the order of equally scored ones. It plays exchanges with the
// adapter's (ExchangeEvaluator, see_test.go checks it apart) and tells
// the moves that give no check as the adapter does (CheckPredictor: with
// losing captures put after the quiet moves, the searcher's shortcut that
// drops the futile quiet moves giving no check at once, and its test of
// such moves one by one, no longer visit exactly the same nodes).
type filteredPos struct {
	engine.Position[*vm.Move]
	engine.NullMover
	engine.LegalityGuard
	engine.EvasionFilter[*vm.Move]
	engine.ExchangeEvaluator[*vm.Move]
	engine.CheckPredictor[*vm.Move]
	s *vm.State
}

func (f filteredPos) Recapturable(m *vm.Move) bool {
	if _, _, ok := m.Simple(); !ok || m.Drop || m.From == m.To {
		return false
	}
	pl := f.s.Mover()
	if err := f.s.Make(m); err != nil {
		panic(err)
	}
	hit := f.s.Attacked(int(m.To), pl)
	f.s.Unmake()
	return hit
}

func (f filteredPos) GenerateNoisy(buf []*vm.Move) ([]*vm.Move, int) {
	all := f.Generate(nil)
	for _, m := range all {
		if f.Info(m).Noisy {
			buf = append(buf, m)
		}
	}
	return buf, len(all)
}

func (f filteredPos) GenerateCaptures(buf []*vm.Move) []*vm.Move {
	buf, _ = f.GenerateNoisy(buf)
	return buf
}

// TestSearchSameWithNoisyGeneration searches positions to a fixed depth in
// pairs that must agree on best move, score and node count:
//   - noisy-only generation in quiescence (GenerateNoisy) and every move
//     generated there: the searcher sees the same noisy moves in the same
//     order and the same mobility counts;
//   - the adapter as it is (GenerateCaptures in games with royal pieces,
//     GenerateCapturesAbove where delta pruning would skip captures worth
//     little) and noisy moves filtered out of the full generation.
func TestSearchSameWithNoisyGeneration(t *testing.T) {
	cases := []struct {
		name, file, variant, fen, moves string
		depth                           int
	}{
		{"chess-start", "../../games/chess.zrf", "", "", "", 6},
		{"chess-kiwipete", "../../games/chess.zrf", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "", 5},
		{"chess-pos6", "../../games/chess.zrf", "", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "", 5},
		{"capablanca-start", "../../games/capablanca.zrf", "", "", "", 5},
		{"capablanca-mid", "../../games/capablanca.zrf", "", "", benchpos.Default[3].Moves, 5},
		{"capablanca-rand1", "../../games/capablanca.zrf", "", "rn1b1k1c1r/p3p1p1pp/ap5nb1/1Qpp1p4/1P2P1pP2/N4P1N2/P1PPA3PP/R2B1KBC1R b KQkq - 0 12", "", 4},
		{"schoolbook-start", "../../games/schoolbook.zrf", "", "", "", 5},
		{"schoolbook-rand1", "../../games/schoolbook.zrf", "", "r2b1kb2r/pn1pp1p1pn/5p1m1p/1pp4p2/PP2Aq2P1/1Q5M2/2PPPPPP1P/R1NB1KBN1a w Qkq - 2 14", "", 4},
		{"turkish-dama", "../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf", "Turkish Dama", "", "", 6},
		{"simple-shogi", "../../../shared/zrf-corpus/LittleShogiPack/SimpleShogi.zrf", "", "", "", 5},
		{"dobutsu", "../../../shared/zrf-corpus/DobutsuShogi/Dobutsu.zrf", "Dobutsu Shogi (original)", "", "", 7},
		{"chase", "../../../shared/zrf-corpus/Chase/Chase.zrf", "", "", "", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.file); err != nil {
				t.Skipf("%s absent (shared/ not here?): %v", tc.file, err)
			}
			var res [4]engine.Result[*vm.Move]
			var best [4]string
			for i := range res {
				s, err := tunedState(tc.file, tc.variant, tc.fen)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.PlayCoords(tc.moves); err != nil {
					t.Fatal(err)
				}
				p, err := eval.PositionFor(s)
				if err != nil {
					t.Fatal(err)
				}
				var pos engine.Position[*vm.Move]
				switch i {
				case 0:
					pos = noisyOnlyPos{p, p, p}
				case 1:
					pos = fullGenPos{p, p}
				case 2:
					pos = p
				case 3:
					pos = filteredPos{p, p, p, p, p, p, p.State()}
				}
				res[i] = engine.New(pos, 16).Search(context.Background(), engine.Limits{Depth: tc.depth})
				if p.Err() != nil {
					t.Fatal(p.Err())
				}
				if res[i].Found {
					best[i] = s.CoordString(res[i].Best)
				}
			}
			for i, what := range []string{"noisy generation / every move", "captures / filtered from every move"} {
				a, b := 2*i, 2*i+1
				t.Logf("%s, depth %d: %s score %d, %d nodes / %s score %d, %d nodes", what,
					tc.depth, best[a], res[a].Score, res[a].Nodes, best[b], res[b].Score, res[b].Nodes)
				if best[a] != best[b] || res[a].Score != res[b].Score || res[a].Nodes != res[b].Nodes {
					t.Errorf("%s: the searches differ: %s %d (%d nodes) vs %s %d (%d nodes)", what,
						best[a], res[a].Score, res[a].Nodes, best[b], res[b].Score, res[b].Nodes)
				}
			}
		})
	}
}

// TestGenerateNoisyAllocatesNothing: once its buffers have grown, noisy
// generation (signatures, their table, the move list) allocates nothing.
func TestGenerateNoisyAllocatesNothing(t *testing.T) {
	for _, bp := range benchpos.Default {
		p := benchPosition(t, bp.File, bp.Moves)
		var buf []*vm.Move
		n := 0
		allocs := testing.AllocsPerRun(50, func() {
			buf, n = p.GenerateNoisy(buf[:0])
		})
		if allocs != 0 {
			t.Errorf("%s: GenerateNoisy allocates %v times a call", bp.Name, allocs)
		}
		if n == 0 {
			t.Errorf("%s: no moves counted", bp.Name)
		}
		allocs = testing.AllocsPerRun(50, func() {
			buf = p.GenerateCaptures(buf[:0])
			p.PrepareChecks()
			p.GuardMoves(false)
			for _, m := range buf {
				_ = p.MayGiveCheck(m)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: GenerateCaptures and the guards allocate %v times a call", bp.Name, allocs)
		}
	}
}

// TestSearchAllocatesNothingPerNode: once a searcher's buffers have grown,
// a search allocates only per iteration (its principal variation, info),
// not per node.
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	for _, bp := range benchpos.Default {
		p := benchPosition(t, bp.File, bp.Moves)
		se := engine.New[*vm.Move](p, 16)
		const nodes = 30000
		se.Search(context.Background(), engine.Limits{Nodes: nodes}) // grows the buffers
		allocs := testing.AllocsPerRun(2, func() {
			se.Search(context.Background(), engine.Limits{Nodes: nodes})
		})
		t.Logf("%s: %v allocations in a %d-node search", bp.Name, allocs, nodes)
		if allocs > nodes/100 {
			t.Errorf("%s: a %d-node search allocates %v times", bp.Name, nodes, allocs)
		}
	}
}
