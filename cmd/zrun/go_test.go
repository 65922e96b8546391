// This file tests the searcher on real rule files: short mates it must find
// (with an independent brute-force check of the mating line), the composed
// forced wins of testdata/mates (checked by Fairy-Stockfish or brute force), the derived
// piece values against the Schoolbook seed's table, and self-play games that
// must only ever play legal moves.

package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

const corpusDir = "../../../shared/zrf-corpus"

// goBest runs "zrun go" and returns the bestmove and the output.
func goBest(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	if rc := runMain(append([]string{"go"}, args...), &out, &errb); rc != 0 {
		t.Fatalf("zrun go %v: exit %d: %s", args, rc, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "bestmove ") {
		t.Fatalf("no bestmove line:\n%s", out.String())
	}
	return strings.TrimPrefix(last, "bestmove "), out.String()
}

// forcedWin reports whether the player to move (the attacker) can force a win
// within plies plies, by plain minimax over vm's own rules (no engine code).
func forcedWin(s *vm.State, attacker, plies int) bool {
	ml := &vm.MoveList{}
	if err := s.Generate(ml); err != nil {
		return false
	}
	if o, _ := s.Outcome(ml); o.Over {
		return o.Winner == attacker
	}
	if plies == 0 {
		return false
	}
	moves := append([]vm.Move(nil), ml.Moves...)
	for i := range moves {
		m := moves[i]
		// Regenerate so the move's effect slices are not shared with children.
		_ = s.Generate(ml)
		m = ml.Moves[i]
		s.Make(&m)
		w := forcedWin(s, attacker, plies-1)
		s.Unmake()
		if s.Mover() == attacker && w {
			return true
		}
		if s.Mover() != attacker && !w {
			return false
		}
	}
	return s.Mover() != attacker && len(moves) > 0
}

func TestGoMates(t *testing.T) {
	cases := []struct {
		name, file, fen, moves, want string
		depth, matePlies             int
	}{
		// Fool's mate: 1. f3 e5 2. g4 Qh4#.
		{"fools-mate", "chess.zrf", "", "f2f3 e7e5 g2g4", "d8h4", 4, 1},
		// Schoolbook's fool's mate (seed 000): 1. f3 Ad6 2. Bf2 Axh2#; the
		// archbishop's knight move from h2 checks f1, g1 was left by the bishop.
		{"schoolbook-fools-mate", "schoolbook.zrf", "", "f2f3 e8d6 g1f2", "d6h2", 4, 1},
		// The Schoolbook seed's (000) 4-move bishop mate, found by David
		// Paulowich: 1. e4 g6 2. f4 Kg7? 3. Bf2 Kh6?? 4. Bi5#.
		{"schoolbook-bishop-mate", "schoolbook.zrf", "", "e2e4 g7g6 f2f4 f8g7 g1f2 g7h6", "f2i5", 4, 1},
		// A bishop mate set up for this test: 1. e4 f6 2. Be2 a6 3. d3 g5 4. Bh5#.
		{"bishop-mate", "chess.zrf", "", "e2e4 f7f6 f1e2 a7a6 d2d3 g7g5", "e2h5", 4, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join("../../games", c.file)
			args := []string{"--depth", itoa(c.depth)}
			if c.fen != "" {
				args = append(args, "--fen", c.fen)
			}
			if c.moves != "" {
				args = append(args, "--moves", c.moves)
			}
			best, out := goBest(t, append(args, path)...)
			if best != c.want {
				t.Errorf("bestmove %s, want %s\n%s", best, c.want, out)
			}
			if want := "mate " + itoa((c.matePlies+1)/2); !strings.Contains(out, want) {
				t.Errorf("no %q in the output:\n%s", want, out)
			}
			// Independently: after the move, the defender cannot avoid a
			// win of the attacker within the remaining plies.
			s, err := play.NewState(path, "", c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.PlayCoords(c.moves + " " + c.want); err != nil {
				t.Fatal(err)
			}
			attacker := 1 - s.Mover()
			if !forcedWin(s, attacker, c.matePlies-1) {
				t.Errorf("%s does not force a win in %d plies (brute force)", c.want, c.matePlies)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// mateCase is one line of testdata/mates/mates.tsv.
type mateCase struct {
	name, file, variant, fsfVariant, fen string
	depth, plies                         int
}

// readMateCases reads the composed forced wins; paths become relative to
// this package (games/ in the repository, corpus/ in ../shared/zrf-corpus).
func readMateCases(t *testing.T) []mateCase {
	t.Helper()
	data, err := os.ReadFile("testdata/mates/mates.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var cases []mateCase
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			t.Fatalf("mates.tsv:%d: %d fields, want 7", i+1, len(f))
		}
		c := mateCase{name: f[0], file: f[1], variant: f[2], fsfVariant: f[3], fen: f[4]}
		if c.depth, err = strconv.Atoi(f[5]); err != nil {
			t.Fatalf("mates.tsv:%d: depth: %v", i+1, err)
		}
		if c.plies, err = strconv.Atoi(f[6]); err != nil {
			t.Fatalf("mates.tsv:%d: plies: %v", i+1, err)
		}
		switch {
		case strings.HasPrefix(c.file, "games/"):
			c.file = filepath.Join("../..", c.file)
		case strings.HasPrefix(c.file, "corpus/"):
			c.file = filepath.Join(corpusDir, strings.TrimPrefix(c.file, "corpus/"))
		default:
			t.Fatalf("mates.tsv:%d: file %q is neither games/ nor corpus/", i+1, c.file)
		}
		if c.variant == "-" {
			c.variant = ""
		}
		if c.fsfVariant == "-" {
			c.fsfVariant = ""
		}
		cases = append(cases, c)
	}
	return cases
}

// TestComposedMates: the searcher must report the shortest forced win of
// each composed position, and its move must be proved to win in the rest of
// the plies by a reference that shares no code with it: Fairy-Stockfish for
// games it knows, else the brute-force minimax over the VM's rules.
func TestComposedMates(t *testing.T) {
	for _, c := range readMateCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skipf("%s not found (../shared absent?): %v", c.file, err)
			}
			args := []string{"--depth", itoa(c.depth), "--fen", c.fen}
			if c.variant != "" {
				args = append(args, "--variant", c.variant)
			}
			best, out := goBest(t, append(args, c.file)...)
			infos := strings.Split(strings.TrimSpace(out), "\n")
			last := infos[len(infos)-2]
			if want := "score mate " + itoa((c.plies+1)/2) + " "; !strings.Contains(last, want) {
				t.Fatalf("last info line %q lacks %q\n%s", last, want, out)
			}
			if c.fsfVariant != "" {
				checkMateWithFSF(t, c, best)
				return
			}
			s, err := play.NewState(c.file, c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			attacker := s.Mover()
			if c.plies > 1 && forcedWin(s, attacker, c.plies-2) {
				t.Errorf("a win in %d plies exists: the table's %d is not the shortest", c.plies-2, c.plies)
			}
			if err := s.PlayCoords(best); err != nil {
				t.Fatal(err)
			}
			if !forcedWin(s, attacker, c.plies-1) {
				t.Errorf("%s does not force a win in %d plies (brute force)", best, c.plies)
			}
		})
	}
}

// fairyStockfish is the Debian binary; tests that need it skip without it.
const fairyStockfish = "/usr/games/fairy-stockfish"

var fsfScore = regexp.MustCompile(`\bscore (cp|mate) (-?\d+)`)

// checkMateWithFSF asks Fairy-Stockfish whether the root is a mate in
// exactly n moves, and whether after our move the defender is mated in n-1.
func checkMateWithFSF(t *testing.T, c mateCase, best string) {
	t.Helper()
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skipf("%s not found: cannot verify independently", fairyStockfish)
	}
	n := (c.plies + 1) / 2
	if got := fsfMateScore(t, c.fsfVariant, c.fen, "", fmt.Sprintf("go mate %d", n)); got != fmt.Sprintf("mate %d", n) {
		t.Errorf("Fairy-Stockfish scores the root %q, want mate %d", got, n)
	}
	if got := fsfMateScore(t, c.fsfVariant, c.fen, best, fmt.Sprintf("go depth %d", 2*n+12)); /* deep enough to see the shortest mate */ got != fmt.Sprintf("mate -%d", n-1) && !(n == 1 && got == "mate 0") {
		t.Errorf("after %s Fairy-Stockfish scores the defender %q, want mate -%d", best, got, n-1)
	}
}

// fsfMateScore runs one UCI search and returns the last reported score
// ("mate N" or "cp N").
func fsfMateScore(t *testing.T, variant, fen, moves, goCmd string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, fairyStockfish)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	pos := "position fen " + fen
	if moves != "" {
		pos += " moves " + moves
	}
	fmt.Fprintf(in, "uci\nsetoption name UCI_Variant value %s\nisready\n%s\n%s\n", variant, pos, goCmd)
	score := ""
	sc := bufio.NewScanner(outPipe)
	for sc.Scan() {
		line := sc.Text()
		if m := fsfScore.FindStringSubmatch(line); m != nil {
			score = m[1] + " " + m[2]
		}
		if strings.HasPrefix(line, "bestmove") {
			io.WriteString(in, "quit\n")
			return score
		}
	}
	t.Fatalf("Fairy-Stockfish ended without bestmove (%v)", ctx.Err())
	return ""
}

// TestSchoolbookValues compares the derived values with what the Schoolbook
// seed (000) says all its sources agree on.
func TestSchoolbookValues(t *testing.T) {
	g, err := play.LoadGame("../../games/schoolbook.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	v := map[string]int{}
	for i, pt := range g.Pieces {
		v[pt.Name] = ev.Value(i)
	}
	P, N, B, R, Q, A, M := v["Pawn"], v["Knight"], v["Bishop"], v["Rook"], v["Queen"], v["Archbishop"], v["Marshall"]
	checks := []struct {
		what string
		ok   bool
	}{
		{"a bishop is worth more than a knight, by under a pawn", B > N && B-N < P},
		{"two knights are worth more than a rook", 2*N > R},
		{"an archbishop is worth more than two knights", A > 2*N},
		{"a marshall is worth more than an archbishop", M > A},
		{"a queen is worth more than a marshall", Q > M},
		{"two rooks are worth more than a queen", 2*R > Q},
		{"a marshall is worth more than two bishops", M > 2*B},
		{"a rook and a knight are worth more than an archbishop", R+N > A},
		{"a knight is worth 2.3 to 3.1 pawns", N*10 >= 23*P && N*10 <= 31*P},
		{"a queen is worth 7 to 9.7 pawns", Q*10 >= 70*P && Q*10 <= 97*P},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: P=%d N=%d B=%d R=%d Q=%d A=%d M=%d", c.what, P, N, B, R, Q, A, M)
		}
	}
}

// TestPromotionDistance: a chess pawn's placement grows as it nears the
// eighth rank (goal distance), by a share of the promotion gain, for each
// side toward its own promotion rank; a knight (which never promotes) gets
// no such term.
func TestPromotionDistance(t *testing.T) {
	g, err := play.LoadGame("../../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for i, pt := range g.Pieces {
		types[pt.Name] = i
	}
	at := func(pl int, piece, sq string) int {
		p, ok := g.Board.PositionIndex(sq)
		if !ok {
			t.Fatalf("no square %s", sq)
		}
		return ev.Placement(pl, types[piece], p)
	}
	for _, c := range []struct {
		pl             int
		near, mid, far string
	}{{0, "d7", "d5", "d3"}, {1, "d2", "d4", "d6"}} {
		near, mid, far := at(c.pl, "Pawn", c.near), at(c.pl, "Pawn", c.mid), at(c.pl, "Pawn", c.far)
		t.Logf("player %d pawn placement: %s %d, %s %d, %s %d", c.pl, c.near, near, c.mid, mid, c.far, far)
		if !(near > mid+50 && mid > far) {
			t.Errorf("player %d pawn placement %s=%d %s=%d %s=%d: want rising toward promotion", c.pl, c.near, near, c.mid, mid, c.far, far)
		}
	}
	// The knight's table is symmetric between the 2nd and 7th ranks.
	if a, b := at(0, "Knight", "d7"), at(0, "Knight", "d2"); a != b {
		t.Errorf("knight placement d7=%d d2=%d: a piece that does not promote has no goal distance", a, b)
	}
}

// TestGoalDistance: in Breakthrough (a pawn on the far rank wins: an
// absolute-config goal) a pawn's placement grows as it nears that rank, for
// each side toward its own goal.
func TestGoalDistance(t *testing.T) {
	path := corpusDir + "/GlukKazan+Dagaz/src/debug/games/breakthrough/breakthrough.zrf"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found (../shared absent?): %v", path, err)
	}
	g, err := play.LoadGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	at := func(pl int, sq string) int {
		p, ok := g.Board.PositionIndex(sq)
		if !ok {
			t.Fatalf("no square %s", sq)
		}
		return ev.Placement(pl, 0, p) // Pawn is the only type
	}
	for _, c := range []struct {
		pl             int
		near, mid, far string
	}{{0, "d7", "d5", "d3"}, {1, "d2", "d4", "d6"}} {
		near, mid, far := at(c.pl, c.near), at(c.pl, c.mid), at(c.pl, c.far)
		t.Logf("player %d pawn placement: %s %d, %s %d, %s %d", c.pl, c.near, near, c.mid, mid, c.far, far)
		if !(near > mid+50 && mid > far) {
			t.Errorf("player %d: want placement rising toward the goal rank", c.pl)
		}
	}
}

// selfPlay plays one game with moveTime per move and at most maxPlies plies;
// random players move uniformly at random. Every move played must be in the
// legal move list vm generates independently of the search.
func selfPlay(t *testing.T, path, variant string, moveTime time.Duration, maxPlies int, seed uint64) (string, int) {
	t.Helper()
	s, err := play.NewState(path, variant, "")
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

// slowSelfPlay selects the long self-play run: go test ./cmd/zrun -run
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

// TestPseudoLegalPerft counts perft through the search adapter, which
// generates pseudo-legal moves and rejects illegal ones in Make, and compares
// with the shared perft table (published counts and Fairy-Stockfish's).
func TestPseudoLegalPerft(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedDir, "perft/perft.tsv"))
	if err != nil {
		t.Skipf("perft table not found (../shared absent?): %v", err)
	}
	files := map[string]string{"chess": "chess.zrf", "capablanca": "capablanca.zrf", "schoolbook": "schoolbook.zrf"}
	rows := 0
	for _, line := range strings.Split(string(data), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 5 || files[f[1]] == "" {
			continue
		}
		depth, _ := strconv.Atoi(f[3])
		nodes, _ := strconv.ParseUint(f[4], 10, 64)
		if nodes > 100000 || depth < 2 {
			continue
		}
		rows++
		t.Run(f[0]+"/"+f[3], func(t *testing.T) {
			s, err := play.NewState(filepath.Join("../../games", files[f[1]]), "", f[2])
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			if !pos.PseudoLegal() {
				t.Fatal("the adapter should generate pseudo-legal moves for a game with royal pieces")
			}
			if got := adapterPerft(pos, depth); got != nodes {
				t.Errorf("%s depth %d: %d nodes, want %d", f[2], depth, got, nodes)
			}
		})
	}
	if rows == 0 {
		t.Fatal("no perft rows for chess, capablanca or schoolbook")
	}
}

func adapterPerft(pos *eval.Position, depth int) uint64 {
	var n uint64
	for _, m := range pos.Generate(nil) {
		if !pos.Make(m) {
			continue
		}
		if depth == 1 {
			n++
		} else {
			n += adapterPerft(pos, depth-1)
		}
		pos.Unmake()
	}
	return n
}

// TestGoals checks the outcome the quiescence search reads without moves:
// it sees goals that do not depend on the moves of the player to move
// (a side with no pieces left) but not checkmate, which only Outcome with
// the (empty) legal move list reports.
func TestGoals(t *testing.T) {
	draughts := filepath.Join(corpusDir, "GlukKazan+ZoG/External/Checker Games.zrf")
	cases := []struct {
		name, file, variant, fen string
		goals, outcome           bool
	}{
		{"checkmate", "../../games/chess.zrf", "", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false, true},
		{"playing", "../../games/chess.zrf", "", "", false, false},
		{"no men left", draughts, "English Draughts", "8/8/8/8/8/8/3c4/8 w - - 0 1", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skipf("%s not found (../shared absent?): %v", c.file, err)
			}
			s, err := play.NewState(c.file, c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			g, err := s.Goals()
			if err != nil {
				t.Fatal(err)
			}
			o, err := s.Outcome(nil)
			if err != nil {
				t.Fatal(err)
			}
			if g.Over != c.goals || o.Over != c.outcome {
				t.Errorf("Goals over=%v (%s), Outcome over=%v (%s); want %v, %v", g.Over, g.Reason, o.Over, o.Reason, c.goals, c.outcome)
			}
		})
	}
}

// TestGoHashClamped: "zrun go --hash" takes any number; one beyond what
// the engine allows (issue #42) is clamped with a line saying so, and the
// search runs (a 999999999 MB table used to panic the allocation).
func TestGoHashClamped(t *testing.T) {
	limit, _ := engine.ClampHashMB(engine.MaxHashMB)
	tests := []struct {
		hash, line string // line: the clamp line expected, "" none
	}{
		{"999999999", fmt.Sprintf("info string Hash clamped to %d MB (999999999 MB asked, ", limit)},
		{"0", "info string Hash clamped to 1 MB (0 MB is too small"},
		{"16", ""},
	}
	for _, tc := range tests {
		t.Run(tc.hash, func(t *testing.T) {
			_, out := goBest(t, "--depth", "1", "--hash", tc.hash, filepath.Join("../../games", "chess.zrf"))
			got := strings.Contains(out, "Hash clamped")
			if tc.line == "" && got || tc.line != "" && !strings.Contains(out, tc.line) {
				t.Errorf("--hash %s: want clamp line %q in\n%s", tc.hash, tc.line, out)
			}
		})
	}
}
