// This file plays self-play games of the searcher through the adapter on
// real rule files of many kinds: every move it plays must be in the legal
// move list vm generates independently of the search.

package eval_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// selfPlay plays one game with moveTime per move and at most maxPlies plies;
// random players move uniformly at random. Every move played must be in the
// legal move list vm generates independently of the search.
func selfPlay(t *testing.T, path, variant string, moveTime time.Duration, maxPlies int, seed uint64) (string, int) {
	t.Helper()
	s, err := tunedState(path, variant, "")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := eval.PositionFor(s)
	if err != nil {
		t.Fatal(err)
	}
	se := engine.New[*vm.Move](pos, 4)
	rng := rand.New(rand.NewPCG(seed, 7))
	legal := &vm.MoveList{}
	for ply := 0; ply < maxPlies; ply++ {
		if err := s.Generate(legal); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		o, err := s.Outcome(legal)
		if err != nil {
			t.Fatal(err)
		}
		if o.Over {
			return o.Reason, ply
		}
		var m vm.Move
		if pos.Random() {
			m = legal.Moves[rng.IntN(len(legal.Moves))]
		} else {
			res := se.Search(context.Background(), engine.Limits{MoveTime: moveTime})
			if pos.Err() != nil {
				t.Fatalf("ply %d: rule error during search: %v", ply, pos.Err())
			}
			if !res.Found {
				t.Fatalf("ply %d: no move found but the game is not over", ply)
			}
			m = *res.Best
			if err := s.Generate(legal); err != nil {
				t.Fatal(err)
			}
			ok := false
			for i := range legal.Moves {
				if legal.Moves[i].SameAs(&m) {
					m, ok = legal.Moves[i], true
					break
				}
			}
			if !ok {
				t.Fatalf("ply %d: illegal move %s played", ply, s.CoordString(&m))
			}
		}
		if err := s.Make(&m); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	return "move cap", maxPlies
}

// selfPlayGames are the games self-play covers, 22 of different kinds:
// chess and variants (royal pieces, castling, en passant, promotion),
// checkers (partial moves, mandatory captures), shogi-like games (drops),
// dice games (random players), more than two players, placement, custodian
// capture, races to a goal, mancala sowing, hexagonal and irregular boards.
var selfPlayGames = []struct{ path, variant string }{
	{"../../games/chess.zrf", ""},
	{"../../games/capablanca.zrf", ""},
	{"../../games/schoolbook.zrf", ""},
	{corpusDir + "/GlukKazan+ZoG/Rules/Chess_mandatory.zrf", ""},                  // captures forced by move priorities
	{corpusDir + "/GlukKazan+ZoG/External/Checker Games.zrf", "English Draughts"}, // multi-jumps as partial moves
	{corpusDir + "/CheckersCollection/CheckersCollection.zrf", ""},                // Turkish Dama: orthogonal men
	{corpusDir + "/DobutsuShogi/Dobutsu.zrf", ""},                                 // drops
	{corpusDir + "/LittleShogiPack/SimpleShogi.zrf", ""},                          // drops, promotion zones
	{corpusDir + "/Ur/Ur.zrf", ""},                                                // dice: a random player
	{corpusDir + "/Puluc/Puluc.zrf", ""},                                          // dice, stacks
	{corpusDir + "/Splut/08.Splut.zrf", ""},                                       // four players
	{corpusDir + "/_embedded/TicTacToe-zillions-v2.zrf", ""},                      // placement
	{corpusDir + "/Gonu/Gonu.zrf", ""},
	{corpusDir + "/Shisima/shisima.zrf", ""},
	{corpusDir + "/Makyek/Makyek.zrf", ""},                                             // custodian capture
	{corpusDir + "/Agon/agon.zrf", ""},                                                 // hexagonal board
	{corpusDir + "/Thud/Thud.zrf", ""},                                                 // asymmetric sides, 15x15
	{corpusDir + "/ToguzKumalak/ToguzKumalak.zrf", ""},                                 // mancala sowing
	{corpusDir + "/Kamisado/kamisado.zrf", ""},                                         // the opponent's last move picks the piece
	{corpusDir + "/GlukKazan+Dagaz/src/debug/games/breakthrough/breakthrough.zrf", ""}, // race to the last rank
	{corpusDir + "/Duke/Duke.zrf", ""},                                                 // lost when the Duke is captured; tiles drawn by a random player
	{corpusDir + "/Elementals/Elementals.zrf", "Elementals (setup)"},                   // won by holding all four central squares
}

func runSelfPlay(t *testing.T, moveTime time.Duration, maxPlies, games int) {
	for _, sg := range selfPlayGames {
		name := filepath.Base(sg.path)
		if sg.variant != "" {
			name += "/" + sg.variant
		}
		t.Run(name, func(t *testing.T) {
			if _, err := os.Stat(sg.path); err != nil {
				t.Skipf("%s not found (../shared absent?): %v", sg.path, err)
			}
			for i := 0; i < games; i++ {
				start := time.Now()
				reason, plies := selfPlay(t, sg.path, sg.variant, moveTime, maxPlies, uint64(i+1))
				t.Logf("game %d: %s after %d plies (%v)", i+1, reason, plies, time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

// slowSelfPlay selects the long self-play run: go test ./engine/eval -run
// SelfPlay -args -slow (a flag rather than a build tag, so it lives in this file).
var slowSelfPlay = flag.Bool("slow", false, "play long self-play games (1 per game, 1 s a move, 60 plies)")

func TestSelfPlay(t *testing.T) {
	switch {
	case *slowSelfPlay:
		runSelfPlay(t, time.Second, 60, 1)
	case testing.Short():
		t.Skip("self-play in -short")
	default:
		runSelfPlay(t, 5*time.Millisecond, 30, 1)
	}
}
