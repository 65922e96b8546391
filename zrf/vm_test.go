// This file tests the move VM through real rule files: perft against the
// reference table, make/unmake playouts, and the step budget.

package zrf

import (
	"bufio"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zrun/vm"
	"zrun/vm/playout"
)

const perftTable = "../../shared/perft/perft.tsv"

// refPerft returns the reference counts of a perft.tsv position id by depth.
func refPerft(t *testing.T, id string) (fen string, counts map[int]uint64) {
	t.Helper()
	f, err := os.Open(perftTable)
	if err != nil {
		t.Skipf("reference perft table absent (../shared not present): %v", err)
	}
	defer f.Close()
	counts = map[int]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 5 || cols[0] != id {
			continue
		}
		d, _ := strconv.Atoi(cols[3])
		n, _ := strconv.ParseUint(cols[4], 10, 64)
		fen, counts[d] = cols[2], n
	}
	if len(counts) == 0 {
		t.Fatalf("no rows for %s in %s", id, perftTable)
	}
	return fen, counts
}

func loadState(t *testing.T, path string, src []byte, title string) *vm.State {
	t.Helper()
	var f *File
	var err error
	if src != nil {
		f, err = Load(path, src)
	} else {
		f, err = LoadFile(path)
	}
	if f == nil || len(f.Games) == 0 {
		t.Fatalf("load %s: %v", path, err)
	}
	return startOf(t, f, path, title)
}

// startOf returns the start position of the game or variant of f (loaded
// from path) titled title, or of its first game when title is "".
func startOf(t *testing.T, f *File, path, title string) *vm.State {
	t.Helper()
	g := f.Games[0].Game
	if title != "" {
		g = nil
		for _, gd := range f.Games {
			if gd.Game.Title == title {
				g = gd.Game
			}
		}
		if g == nil {
			t.Fatalf("%s: no game %q", path, title)
		}
	}
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func checkPerft(t *testing.T, s *vm.State, counts map[int]uint64, maxDepth int) {
	t.Helper()
	for d := 1; d <= maxDepth; d++ {
		want, ok := counts[d]
		if !ok {
			continue
		}
		got, err := s.Perft(d)
		if err != nil {
			t.Fatalf("perft(%d): %v", d, err)
		}
		if got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

// Zillions' own Chess.zrf machinery, with its one move-priorities line (which
// makes captures mandatory) removed in memory, plays orthodox chess.
func TestCorpusChessMandatoryWithoutPriorities(t *testing.T) {
	_, counts := refPerft(t, "chess-initial")
	path := "../../shared/zrf-corpus/GlukKazan+ZoG/Rules/Chess_mandatory.zrf"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	var kept []string
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.Contains(line, "(move-priorities") {
			kept = append(kept, line)
		}
	}
	s := loadState(t, path, []byte(strings.Join(kept, "\n")), "")
	checkPerft(t, s, counts, 4)
}

// The corpus' four Schoolbook files agree with Fairy-Stockfish from the start
// position (castling cannot happen within depth 3).
func TestCorpusSchoolbookStart(t *testing.T) {
	_, counts := refPerft(t, "schoolbook-start")
	dir := "../../shared/zrf-corpus/samboy+ChessVariantResearch/Schoolbook/Zillions"
	for _, name := range []string{"Schoolbook-a.zrf", "Schoolbook-b.zrf", "Schoolbook-compat.zrf", "Schoolbook2.zrf"} {
		t.Run(name, func(t *testing.T) {
			s := loadState(t, filepath.Join(dir, name), nil, "")
			checkPerft(t, s, counts, 3)
		})
	}
}

// Castling: Schoolbook2.zrf and our file castle as Schoolbook 2.0 (the king
// goes three squares, as Fairy-Stockfish counts). Schoolbook-b and -compat
// keep the 1.0 rule of seed 000 (king 2 or 3 squares toward the j-rook, 2, 3
// or 4 toward the a-rook): 26 non-castling moves plus 5 castlings = 31.
func TestSchoolbookCastlingRules(t *testing.T) {
	fen, counts := refPerft(t, "schoolbook-hand-castle")
	dir := "../../shared/zrf-corpus/samboy+ChessVariantResearch/Schoolbook/Zillions"
	for _, tc := range []struct {
		path string
		want uint64
	}{
		{"../games/schoolbook.zrf", counts[1]},
		{filepath.Join(dir, "Schoolbook2.zrf"), counts[1]},
		{filepath.Join(dir, "Schoolbook-b.zrf"), counts[1] - 2 + 5},
		{filepath.Join(dir, "Schoolbook-compat.zrf"), counts[1] - 2 + 5},
	} {
		s := loadState(t, tc.path, nil, "")
		if err := s.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		got, err := s.Perft(1)
		if err != nil || got != tc.want {
			t.Errorf("%s: perft(1) = %d (%v), want %d", tc.path, got, err, tc.want)
		}
	}
}

// randomPlayout plays random legal moves, checking the hash after every move, then
// unmakes them all and checks the position is restored bit for bit.
func randomPlayout(t *testing.T, s *vm.State, rng *rand.Rand, plies int) {
	t.Helper()
	board := append([]vm.Cell(nil), s.Board...)
	hands := append([]int64(nil), s.Hands...)
	hash, turn := s.Hash(), s.Turn
	var ml vm.MoveList
	made := 0
	for i := 0; i < plies; i++ {
		if err := s.Generate(&ml); err != nil {
			t.Fatalf("generate: %v", err)
		}
		if len(ml.Moves) == 0 {
			break
		}
		m := ml.Moves[rng.Intn(len(ml.Moves))]
		if err := s.Make(&m); err != nil {
			t.Fatalf("make: %v", err)
		}
		made++
		h := s.Hash()
		s.Rehash()
		if s.Hash() != h {
			t.Fatalf("incremental hash %x != recomputed %x after %d moves", h, s.Hash(), made)
		}
	}
	for ; made > 0; made-- {
		s.Unmake()
	}
	if s.Hash() != hash || s.Turn != turn {
		t.Fatalf("unmake did not restore hash/turn")
	}
	for i := range board {
		if s.Board[i] != board[i] {
			t.Fatalf("unmake did not restore square %d", i)
		}
	}
	for i := range hands {
		if s.Hands[i] != hands[i] {
			t.Fatalf("unmake did not restore hand %d", i)
		}
	}
}

var playoutGames = []string{
	"../games/chess.zrf",
	"../games/capablanca.zrf",
	"../games/schoolbook.zrf",
	"../../shared/zrf-corpus/_embedded/TicTacToe-zillions-v2.zrf",
	"../../shared/zrf-corpus/GlukKazan+ZoG/Rules/Chess_mandatory.zrf",
	"../../shared/zrf-corpus/DobutsuShogi/Dobutsu.zrf",
	"../../shared/zrf-corpus/Gonu/Gonu.zrf",
	"../../shared/zrf-corpus/Ur/Ur.zrf",
}

func TestPlayouts(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for _, path := range playoutGames {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s absent", path)
			}
			s := loadState(t, path, nil, "")
			rng := rand.New(rand.NewSource(1))
			for i := 0; i < n; i++ {
				randomPlayout(t, s, rng, 1+rng.Intn(60))
			}
		})
	}
}

// fuzzPlayoutGames are FuzzPlayout's games: the playout games and corpus
// games with partial moves, drops, dice and multi-part captures, where the
// invariants found violations before.
var fuzzPlayoutGames = append(append([]string(nil), playoutGames...),
	"../../shared/zrf-corpus/GlukKazan+Dagaz/src/debug/games/chess/gravity-chess.zrf",
	"../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf",
	"../../shared/zrf-corpus/ChuShogi/Chu_Shogi_Original_v1.3.zrf",
)

// FuzzPlayout plays one random game (the seed picks the moves, game the
// file) under every invariant of package playout, to a cap of 200 moves.
func FuzzPlayout(f *testing.F) {
	for i := 0; i < len(fuzzPlayoutGames); i++ {
		f.Add(int64(i), uint8(i))
	}
	games := map[int]*vm.Game{}
	f.Fuzz(func(t *testing.T, seed int64, game uint8) {
		i := int(game) % len(fuzzPlayoutGames)
		g := games[i]
		if g == nil {
			path := fuzzPlayoutGames[i]
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s absent (the shared corpus is expected next to the repository)", path)
			}
			g = loadState(t, path, nil, "").Game()
			games[i] = g
		}
		_, v, err := playout.Check(g, seed, playout.Options{MaxMoves: 200})
		if err != nil {
			t.Fatal(err)
		}
		if v != nil {
			t.Fatalf("%s: %v", fuzzPlayoutGames[i], v)
		}
	})
}

// An endless loop in a rule is an error naming the rule, not a hang.
func TestStepBudget(t *testing.T) {
	src := `(game (title "Loop") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b" (1 0)) ("1/2" (0 1))) (directions (n 0 -1))))
  (piece (name P) (moves ((while true mark) add)))
  (board-setup (A (P a2)) (B (P b1))))`
	s := loadState(t, "loop.zrf", []byte(src), "")
	var ml vm.MoveList
	err := s.Generate(&ml)
	if err == nil {
		t.Fatal("endless while: no error")
	}
	if !strings.Contains(err.Error(), "loop.zrf:3:") || !strings.Contains(err.Error(), "step budget") {
		t.Fatalf("error %q does not name the rule's position and the budget", err)
	}
	pieces := 0
	for _, c := range s.Board {
		if c != vm.Empty {
			pieces++
		}
	}
	if pieces != 2 {
		t.Fatalf("state damaged: %d pieces on the board, want 2", pieces)
	}
}
