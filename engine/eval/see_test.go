// This file checks the static exchange evaluation (see.go) on published
// exchanges: the chessprogramming wiki's SEE examples (a pawn won by a rook
// nothing defends; a knight lost for a pawn where the exchange behind it,
// x-rays included, would lose more) and a defender pinned to its king, which
// an attack count would let recapture (where the mover defends the square:
// an undefended piece is scored as lost without playing the exchange out).

package eval_test

import (
	"math/rand/v2"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
)

func TestExchangeAtLeast(t *testing.T) {
	const file = "../../games/chess.zrf"
	s0, err := tunedState(file, "", "")
	if err != nil {
		t.Fatal(err)
	}
	pos0, err := eval.PositionFor(s0)
	if err != nil {
		t.Fatal(err)
	}
	val := map[string]int{}
	for _, name := range []string{"Pawn", "Knight", "Bishop", "Rook", "Queen"} {
		ty, ok := s0.Game().PieceIndex(name)
		if !ok {
			t.Fatalf("no piece %s", name)
		}
		val[name] = pos0.Evaluator().Value(ty)
	}
	for _, c := range []struct {
		name, fen, move string
		want            int // the exchange's value for the mover, in the game's piece values
	}{
		// https://www.chessprogramming.org/SEE_-_The_Swap_Algorithm: Rxe5 wins a pawn.
		{"undefended", "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", val["Pawn"]},
		// The same page: Nxe5 Nxe5 and White stops (Rxe5 Bxe5 Qxe5 Qxe5): a knight for a pawn.
		{"x-rays", "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", val["Pawn"] - val["Knight"]},
		// The knight on d7 is pinned to its king by the bishop on b5: the
		// queen, which the rook on h5 defends, keeps the pawn.
		{"pinned defender", "4k3/3n4/8/1B2p2R/8/8/8/4QK2 w - - 0 1", "e1e5", val["Pawn"]},
		// Where nothing defends the queen the exchange is not played out
		// (the attack queries say it ends there): it is scored as lost,
		// pinned knight or not.
		{"pinned, undefended", "4k3/3n4/8/1B2p3/8/8/8/4QK2 w - - 0 1", "e1e5", val["Pawn"] - val["Queen"]},
		// Unpinned, it takes the queen back.
		{"defended", "4k3/3n4/8/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", val["Pawn"] - val["Queen"]},
		// A quiet move onto a square a pawn guards loses the piece.
		{"quiet en prise", "4k3/8/3p4/8/8/8/8/2R1K3 w - - 0 1", "c1c5", -val["Rook"]},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := tunedState(file, "", c.fen)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			hash := s.Hash()
			var found bool
			for _, m := range pos.Generate(nil) {
				if s.CoordString(m) != c.move {
					continue
				}
				found = true
				if !pos.ExchangeAtLeast(m, c.want) {
					t.Errorf("%s: exchange below %d", c.move, c.want)
				}
				if pos.ExchangeAtLeast(m, c.want+1) {
					t.Errorf("%s: exchange above %d", c.move, c.want)
				}
				if s.Hash() != hash {
					t.Errorf("%s: the position changed", c.move)
				}
				// The lists have grown: the search's hot path allocates nothing here.
				if n := testing.AllocsPerRun(20, func() { pos.ExchangeAtLeast(m, c.want) }); n != 0 {
					t.Errorf("%s: %v allocations an exchange", c.move, n)
				}
			}
			if !found {
				t.Fatalf("%s is not a move of %s", c.move, c.fen)
			}
		})
	}
}

// refExchange is the exchange on m's landing square by brute force: every
// legal move list generated in full (vm.State.Generate, no adapter), the
// least valuable capturer of each side taken in turn, each side free to
// stop, no cut. It returns the value for the player making m.
func refExchange(s *vm.State, ev *eval.Evaluator, m *vm.Move) int {
	victim := 0
	if took, _, _ := m.Simple(); took != vm.Empty {
		victim = ev.Material(took.Type())
	}
	if _, retype, _ := m.Simple(); retype >= 0 {
		victim += max(ev.Material(retype)-ev.Material(int(m.Piece)), 0)
	}
	to := m.To
	if err := s.Make(m); err != nil {
		panic(err)
	}
	defer s.Unmake()
	return victim - refReply(s, ev, to)
}

// refVictim is what m takes, and gains by promoting, in material.
func refVictim(ev *eval.Evaluator, m *vm.Move) int {
	victim := 0
	if took, _, _ := m.Simple(); took != vm.Empty {
		victim = ev.Material(took.Type())
	}
	if _, retype, _ := m.Simple(); retype >= 0 {
		victim += max(ev.Material(retype)-ev.Material(int(m.Piece)), 0)
	}
	return victim
}

// landedType is the type m's piece stands as on its landing square.
func landedType(m *vm.Move) int {
	if _, retype, _ := m.Simple(); retype >= 0 {
		return retype
	}
	return int(m.Piece)
}

// refReply is what the player to move gains at best by capturing on to
// with its least valuable piece (or stopping: 0).
func refReply(s *vm.State, ev *eval.Evaluator, to int32) int {
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		panic(err)
	}
	var best *vm.Move
	for i := range ml.Moves {
		r := &ml.Moves[i]
		if _, _, simple := r.Simple(); !simple || r.To != to || r.Drop || r.From == r.To || r.Piece < 0 {
			continue
		}
		if best == nil || ev.Material(int(r.Piece)) < ev.Material(int(best.Piece)) {
			best = r
		}
	}
	if best == nil {
		return 0
	}
	won := ev.Material(s.Board[to].Type())
	if err := s.Make(best); err != nil {
		panic(err)
	}
	defer s.Unmake()
	return max(0, won-refReply(s, ev, to))
}

// TestExchangeMatchesBruteForce compares ExchangeAtLeast with refExchange
// on every simple capture, and every quiet move onto an attacked square, of
// positions of random chess and Capablanca games.
func TestExchangeMatchesBruteForce(t *testing.T) {
	for _, file := range []string{"../../games/chess.zrf", "../../games/capablanca.zrf"} {
		t.Run(file, func(t *testing.T) {
			s, err := tunedState(file, "", "")
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			ev := pos.Evaluator()
			rng := rand.New(rand.NewPCG(27, 1))
			checked, undefendedBelow := 0, 0
			for game := 0; game < 12; game++ {
				plies := 0
				var line []string
				for ; plies < 70; plies++ {
					var ml vm.MoveList
					if err := s.Generate(&ml); err != nil {
						t.Fatal(err)
					}
					if len(ml.Moves) == 0 {
						break
					}
					for i := range ml.Moves {
						m := &ml.Moves[i]
						took, _, simple := m.Simple()
						if !simple || m.Drop || (took == vm.Empty && !s.LandingAttacked(m)) {
							continue
						}
						want := refExchange(s, ev, m)
						hash := s.Hash()
						// A piece that can be taken and that nothing of the
						// mover's defends on the board after m is scored
						// as lost (its victim less itself): at most what
						// the exchange is worth, less where the recapture
						// is pinned or opens a line to the square.
						if s.LandingAttacked(m) && !s.LandingDefended(m) {
							lost := refVictim(ev, m) - ev.Material(landedType(m))
							if lost > want {
								t.Fatalf("%s after %s: %s scored as lost (%d) is above the exchange's %d", file, line, s.CoordString(m), lost, want)
							}
							if lost < want {
								undefendedBelow++
							}
							want = lost
						}
						if !pos.ExchangeAtLeast(m, want) || pos.ExchangeAtLeast(m, want+1) {
							t.Fatalf("%s after %s: exchange of %s is %d by brute force; ExchangeAtLeast(%d) %v, (%d) %v",
								file, line, s.CoordString(m), want, want, pos.ExchangeAtLeast(m, want), want+1, pos.ExchangeAtLeast(m, want+1))
						}
						if s.Hash() != hash {
							t.Fatalf("the position changed")
						}
						checked++
					}
					m := &ml.Moves[rng.IntN(len(ml.Moves))]
					line = append(line, s.CoordString(m))
					if err := s.Make(m); err != nil {
						t.Fatal(err)
					}
				}
				for ; plies > 0; plies-- {
					s.Unmake()
				}
			}
			t.Logf("%d moves checked; %d undefended pieces scored as lost where a pinned recapture or a line it opens saves them", checked, undefendedBelow)
			if checked < 100 {
				t.Errorf("only %d moves checked", checked)
			}
			if undefendedBelow*50 > checked {
				t.Errorf("%d of %d exchanges scored below their value", undefendedBelow, checked)
			}
		})
	}
}
