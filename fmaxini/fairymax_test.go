// This file checks the fmax.ini front end against the real Fairy-Max: for a
// position, every move of the side to move's pieces to every square (and,
// for pawns reaching the promotion zone, every promotion letter of the
// section) is fed to /usr/games/fairymax in force mode; the moves it accepts
// must be exactly the moves zrun generates, apart from the differences
// listed with their reasons. Positions: special ones
// (castling, promotion choice, e.p., Berolina pawns, the cylinder, Spartan
// duple check, promotion by file, Seirawan gating) and start positions (a spread of variants
// by default; with -args -slow every section Fairy-Max can load, along a
// 12-ply game for both sides). Skips when fairymax is absent.

package fmaxini

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/vm"
)

// fairyMax is the Debian fairymax binary the comparison drives.
const fairyMax = "/usr/games/fairymax"

// slowFairyMax compares every section Fairy-Max can load along a 12-ply game
// (go test ./fmaxini -run TestFairyMax -args -slow).
var slowFairyMax = flag.Bool("slow", false, "compare every fmax.ini section with the real Fairy-Max")

// fairyMaxIni is the ini file the Debian fairymax reads; the comparison is
// only meaningful when it is the one fmaxini reads.
const fairyMaxIni = "/usr/share/games/fairymax/fmax.ini"

// fmEngine is a running fairymax in force mode.
type fmEngine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	ping  int
	// tenRanks: CECP numbers the ranks 0..9 on boards with ten ranks.
	tenRanks bool
}

func startFairyMax(t *testing.T) *fmEngine {
	t.Helper()
	if _, err := os.Stat(fairyMax); err != nil {
		t.Skipf("Fairy-Max not installed (%s): %v", fairyMax, err)
	}
	if _, err := os.Stat(shippedIni); err != nil {
		t.Skipf("Fairy-Max's fmax.ini not found (../shared absent): %v", err)
	}
	a, errA := os.ReadFile(fairyMaxIni)
	b, errB := os.ReadFile(shippedIni)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Skipf("fairymax's %s is not the same file as %s", fairyMaxIni, shippedIni)
	}
	cmd := exec.Command(fairyMax)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &fmEngine{t: t, cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	e.send("xboard", "protover 2")
	e.sync()
	return e
}

func (e *fmEngine) send(lines ...string) {
	for _, l := range lines {
		if _, err := fmt.Fprintln(e.in, l); err != nil {
			e.t.Fatalf("writing to fairymax: %v", err)
		}
	}
}

// sync sends a ping and returns the lines fairymax printed before the pong.
func (e *fmEngine) sync() []string {
	e.ping++
	e.send(fmt.Sprintf("ping %d", e.ping))
	want := fmt.Sprintf("pong %d", e.ping)
	var got []string
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("fairymax exited; last lines %q", got)
			}
			if l == want {
				return got
			}
			got = append(got, l)
		case <-time.After(20 * time.Second):
			e.t.Fatalf("fairymax did not answer %q; lines %q", want, got)
		}
	}
}

// accepts plays a move and reports whether fairymax took it as legal; a
// legal move is taken back unless keep.
func (e *fmEngine) accepts(move string, keep bool) bool {
	e.send(move)
	for _, l := range e.sync() {
		if strings.HasPrefix(l, "Illegal move") {
			return false
		}
		if strings.HasPrefix(l, "Error") {
			e.t.Fatalf("fairymax after %s: %s", move, l)
		}
	}
	if !keep {
		e.send("undo")
	}
	return true
}

// acceptsAll asks about each move in the current position and reports which
// fairymax takes as legal. Moves go out in pipelined chunks, each with its
// own ping; after a chunk, every accepted move is taken back, and the moves
// after the first accepted one (asked in the wrong position) are asked again.
func (e *fmEngine) acceptsAll(moves []string) []bool {
	const chunk = 48
	out := make([]bool, len(moves))
	for i := 0; i < len(moves); {
		n := min(chunk, len(moves)-i)
		first := e.ping + 1
		for _, m := range moves[i : i+n] {
			e.ping++
			e.send(e.cecp(m), fmt.Sprintf("ping %d", e.ping))
		}
		legal := make([]bool, n)
		for k := range legal {
			legal[k] = true
		}
		k := 0
		for k < n {
			select {
			case l, ok := <-e.lines:
				if !ok {
					e.t.Fatal("fairymax exited")
				}
				switch {
				case strings.HasPrefix(l, "Illegal move"):
					legal[k] = false
				case strings.HasPrefix(l, "Error"):
					e.t.Fatalf("fairymax after %s: %s", moves[i+k], l)
				case l == fmt.Sprintf("pong %d", first+k):
					k++
				}
			case <-time.After(20 * time.Second):
				e.t.Fatalf("fairymax did not answer about %s", moves[i+k])
			}
		}
		made, firstLegal := 0, -1
		for k, ok := range legal {
			if ok {
				made++
				if firstLegal < 0 {
					firstLegal = k
				}
			}
		}
		for ; made > 0; made-- {
			e.send("undo")
		}
		if firstLegal < 0 {
			i += n
			continue
		}
		out[i+firstLegal] = true
		i += firstLegal + 1
	}
	return out
}

var coordRE = regexp.MustCompile(`^([a-z])(\d+)([a-z])(\d+)(.*)$`)

// cecp turns zrun's coordinate move text into CECP's (ranks 0..9 on ten-rank boards).
func (e *fmEngine) cecp(coord string) string {
	m := coordRE.FindStringSubmatch(coord)
	if m == nil || !e.tenRanks {
		return coord
	}
	r1, _ := strconv.Atoi(m[2])
	r2, _ := strconv.Atoi(m[4])
	return fmt.Sprintf("%s%d%s%d%s", m[1], r1-1, m[3], r2-1, m[5])
}

func (e *fmEngine) square(sec *Section, p int) string {
	f, r := p%sec.W, p/sec.W+1
	if e.tenRanks {
		r--
	}
	return fmt.Sprintf("%c%d", 'a'+f, r)
}

// fmPosition is one position compared with Fairy-Max.
type fmPosition struct {
	variant string
	fen     string   // "" for the start position
	pre     []string // moves played first by both (zrun coordinates)
	extra   []string // further candidate moves to ask about (e.g. gating suffixes)
	// known lists the moves on which Fairy-Max and zrun are known to
	// disagree, with the reason; the test fails if they do not.
	known map[string]string
	why   string
}

var fmSpecial = []fmPosition{
	{variant: "capablanca", fen: "r4k3r/1P8/10/10/10/10/7p2/R4K3R w KQkq - 0 1",
		why: "castling three squares both ways with attacked transit squares; promotion choice (Fairy-Max also offers its piece 10 e, not in the setup; FSF does not)"},
	{variant: "normal", fen: "4k3/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
		why: "castling; promotion choice includes the second queen type S (section normal), unlike FSF"},
	{variant: "normal", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", pre: []string{"d7d5"}, why: "en passant"},
	{variant: "shatranj", fen: "4k3/1P6/8/8/8/8/P7/4K3 w - - 0 1", why: "no double step; promotion to the ferz only"},
	{variant: "makruk", fen: "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", why: "promotion on the 6th rank"},
	{variant: "berolina", fen: "4k3/8/8/3p4/4P3/8/1P6/4K3 w - - 0 1", why: "Berolina pawns: diagonal moves and double steps, straight captures"},
	{variant: "cylinder", fen: "4k3/8/8/8/8/8/8/R3K2B w Q - 0 1", why: "files wrap around; castling"},
	{variant: "seirawan", extra: []string{"g1f3h", "g1f3e", "b1c3h", "b1c3e"},
		why: "Seirawan gating: every first move of a back-rank piece may gate in the held Hawk or Elephant"},
	// No gating in pre: Fairy-Max's undo (after every accepted candidate)
	// replays the game and loses the gated piece's identity (checked by
	// hand: after g1f3 g8f6 g2g3 b8c6h f1g2e d7d6 e2e3 undo it accepts b1c3e
	// and rejects b1c3h, the reverse of before the undo).
	{variant: "seirawan", pre: []string{"g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7"},
		extra: []string{"e1g1h", "e1g1e", "h1e1h", "h1e1e", "f3g5h", "g2h3e", "h1f1h"},
		why:   "Seirawan castling with gating on the king's square (e1g1h) or the rook's (h1e1h); no gates left on g1 and f1"},
	{variant: "spartan", fen: "3kk3/8/8/8/8/8/8/3RK3 b - - 0 1",
		why: "two Spartan kings, one attacked: it may stay attacked while the other is safe (Fairy-Max's -435 kings, vm's SpareRoyals)"},
	{variant: "spartan", fen: "3k1k2/8/8/8/8/8/8/3R1RK1 b - - 0 1",
		why: "both Spartan kings attacked (duple check): every move must leave at most one attacked"},
	{variant: "almost-wildebeest", fen: "5k5/P10/11/11/11/11/11/11/11/5K5 w - - 0 1",
		why: "promotion on a ten-rank board (CECP ranks 0..9): no choice of the pieces whose value ends in 3 (c n b R)"},
	{variant: "grande-acedrex", fen: "6k5/1P10/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1",
		why: "promotion by file: only the piece that starts on the pawn's file"},
	{variant: "knightmate", fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", why: "royal knights castling"},
}

func TestFairyMaxSpecialPositions(t *testing.T) {
	e := startFairyMax(t)
	f, err := LoadFile(shippedIni)
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range fmSpecial {
		t.Run(pos.variant+" "+pos.fen, func(t *testing.T) {
			e.t = t
			s, sec := fmSetUp(t, e, f, pos)
			if s == nil {
				return
			}
			fmCompare(t, e, sec, s, pos.extra, pos.known)
		})
	}
}

// TestFairyMaxStartPositions compares start positions; with -args -slow,
// every variant Fairy-Max offers along a 12-ply game.
func TestFairyMaxStartPositions(t *testing.T) {
	e := startFairyMax(t)
	f, err := LoadFile(shippedIni)
	if err != nil {
		t.Fatal(err)
	}
	// Fairy-Max's undo replays the game (about 13 ms), and every accepted
	// move is undone, so the default run compares White's start position of
	// a spread of variants; -args -slow takes every variant along a game.
	plies, variants := 1, fmQuickVariants
	if *slowFairyMax {
		plies, variants = 12, fmVariants(t, e)
	}
	for _, v := range variants {
		t.Run(v, func(t *testing.T) {
			e.t = t
			pos := fmPosition{variant: v}
			s, sec := fmSetUp(t, e, f, pos)
			if s == nil {
				return
			}
			for ply := 0; ply < plies; ply++ {
				moves := fmCompare(t, e, sec, s, nil, nil)
				if t.Failed() || len(moves) == 0 {
					return
				}
				if o, _ := s.Outcome(nil); o.Over {
					return
				}
				var ml vm.MoveList
				if err := s.Generate(&ml); err != nil {
					t.Fatal(err)
				}
				// Fairy-Max's undo, after every accepted candidate, replays
				// the game and loses gated pieces (see the seirawan entry of
				// fmSpecial), so the walk plays no gating move.
				pick := (ply*31 + 7) % len(moves)
				m := moves[pick]
				for i := 1; fmGates(&ml.Moves[m.index]) && i < len(moves); i++ {
					m = moves[(pick+i)%len(moves)]
				}
				if !e.accepts(e.cecp(m.coord), true) {
					t.Fatalf("ply %d: fairymax rejects %s", ply, m.coord)
				}
				if err := s.Make(&ml.Moves[m.index]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// fmQuickVariants cover the board sizes and rule families: FIDE, shatranj
// and makruk pawns, 12-file courier, 10x8 compounds, berolina pawns, the
// cylinder, two-king Spartans, 10-rank boards (CECP ranks 0..9), 12x12, and
// a Chess with Different Armies pairing (forward-leaning per-colour pieces).
var fmQuickVariants = []string{"normal", "shatranj", "makruk", "courier", "capablanca", "berolina",
	"cylinder", "spartan", "super", "roman", "grande-acedrex", "fairy/Nutters-Clobberers"}

// fmSelect gives the commands that load a section: "variant X" for the
// variants Fairy-Max announces; the fairy/... sections and the capitalised
// makruk sections are picked by an engine option first.
func fmSelect(section string) []string {
	if sub, ok := strings.CutPrefix(section, "fairy/"); ok {
		return []string{"option Variant fairy selects=" + sub, "new", "variant fairy"}
	}
	switch section {
	case "Cambodian", "Ai-wok":
		return []string{"option Makruk rules=" + section, "new", "variant makruk"}
	case "makruk":
		return []string{"option Makruk rules=makruk", "new", "variant makruk"}
	}
	return []string{"new", "variant " + section}
}

// fmVariants lists the sections to walk with -args -slow: the variants
// fairymax announces (but "fairy" itself), and the sections its combo
// options select.
func fmVariants(t *testing.T, e *fmEngine) []string {
	e.send("xboard", "protover 2")
	for _, l := range e.sync() {
		if m := regexp.MustCompile(`variants="([^"]*)"`).FindStringSubmatch(l); m != nil {
			var out []string
			for _, v := range strings.Split(m[1], ",") {
				if v != "fairy" {
					out = append(out, v)
				}
			}
			for _, sub := range []string{"FIDE-Clobberers", "Clobberers-FIDE", "FIDE-Nutters", "Nutters-FIDE",
				"Clobberers-Nutters", "Nutters-Clobberers", "FIDE-Rookies", "Rookies-FIDE",
				"Clobberers-Rookies", "Rookies-Clobberers", "Nutters-Rookies", "Rookies-Nutters"} {
				out = append(out, "fairy/"+sub)
			}
			return append(out, "Cambodian", "Ai-wok")
		}
	}
	t.Fatal("fairymax announced no variants")
	return nil
}

// fmSetUp sets up pos in both: fairymax by new/variant/force and, for a FEN,
// edit mode (after one move from the start when Black is to move, since
// edit keeps the side to move); zrun from the section and FEN.
func fmSetUp(t *testing.T, e *fmEngine, f *File, pos fmPosition) (*vm.State, *Section) {
	sec, err := f.Section(pos.variant)
	if err != nil {
		t.Fatal(err)
	}
	e.tenRanks = sec.H == 10
	s, err := vm.NewState(sec.Game)
	if err != nil {
		t.Fatal(err)
	}
	e.send(fmSelect(pos.variant)...)
	e.send("force")
	if lines := e.sync(); len(lines) > 0 {
		for _, l := range lines {
			if strings.HasPrefix(l, "Error") {
				t.Fatalf("variant %s: %s", pos.variant, l)
			}
		}
	}
	if pos.fen != "" {
		if strings.Fields(pos.fen)[1] == "b" {
			var ml vm.MoveList
			if err := s.Generate(&ml); err != nil || len(ml.Moves) == 0 {
				t.Fatalf("no first move: %v", err)
			}
			if !e.accepts(e.cecp(s.CoordString(&ml.Moves[0])), true) {
				t.Fatalf("fairymax rejects the first move %s", s.CoordString(&ml.Moves[0]))
			}
		}
		if err := sec.SetFEN(s, pos.fen); err != nil {
			t.Fatal(err)
		}
		cmds := []string{"edit", "#"}
		for _, pl := range []int{0, 1} {
			if pl == 1 {
				cmds = append(cmds, "c")
			}
			for p, c := range s.Board {
				if c != vm.Empty && c.Owner() == pl {
					cmds = append(cmds, fmt.Sprintf("%c%s", sec.Pieces[c.Type()].Letter&^0x20, e.square(sec, p)))
				}
			}
		}
		e.send(append(cmds, ".")...)
		for _, l := range e.sync() {
			if strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "Illegal") {
				t.Fatalf("edit: %s", l)
			}
		}
	}
	for _, m := range pos.pre {
		if err := s.PlayCoords(m); err != nil || !e.accepts(e.cecp(m), true) {
			t.Fatalf("setup move %s not legal in both (zrun: %v)", m, err)
		}
	}
	return s, sec
}

type fmMove struct {
	coord string
	index int
}

// fmCompare asks fairymax about every candidate move in s and compares the
// accepted ones with zrun's legal moves; it returns zrun's moves, sorted.
func fmCompare(t *testing.T, e *fmEngine, sec *Section, s *vm.State, extra []string, known map[string]string) []fmMove {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	var moves []fmMove
	promoTo := map[[2]int]bool{} // from, to of our promotions
	for i := range ml.Moves {
		c := s.CoordString(&ml.Moves[i])
		ours[c] = true
		moves = append(moves, fmMove{c, i})
		if m := coordRE.FindStringSubmatch(c); m != nil && m[5] != "" {
			promoTo[[2]int{fmSq(sec, m[1], m[2]), fmSq(sec, m[3], m[4])}] = true
		}
	}
	sort.Slice(moves, func(i, j int) bool { return moves[i].coord < moves[j].coord })
	var letters []byte // promotion letters worth asking about: every non-pawn piece's
	for i, p := range sec.Pieces {
		if l := p.Letter | 0x20; i > 1 && !slices.Contains(letters, l) {
			letters = append(letters, l)
		}
	}
	cands := map[string]bool{}
	for c := range ours {
		cands[c] = true
	}
	for _, c := range extra {
		cands[c] = true
	}
	name := func(p int) string { return fmt.Sprintf("%c%d", 'a'+p%sec.W, p/sec.W+1) }
	mover := s.Mover()
	for from, c := range s.Board {
		if c == vm.Empty || c.Owner() != mover {
			continue
		}
		for to := range s.Board {
			if to == from {
				continue
			}
			if t := s.Board[to]; t != vm.Empty && t.Owner() == mover && sec.Pieces[t.Type()].Value < 0 {
				// Fairy-Max reads "piece takes own king" as castling
				// input (its rook-takes-king notation) and is lax about
				// it (berolina accepts b2e1 with a pawn on b2), so its
				// answer says nothing about the rules; zrun writes
				// castling as the king's move, asked about like any other.
				continue
			}
			mv := name(from) + name(to)
			if promoTo[[2]int{from, to}] {
				// Fairy-Max ignores a suffix it cannot use and promotes to its
				// default piece without one, so only suffixed forms are asked.
				for _, l := range letters {
					cands[mv+string(l)] = true
				}
				continue
			}
			cands[mv] = true
		}
	}
	var order []string
	for c := range cands {
		order = append(order, c)
	}
	sort.Strings(order)
	accepted := e.acceptsAll(order)
	var onlyFM, onlyZrun []string
	for i, c := range order {
		acc := accepted[i]
		if acc == ours[c] {
			if why, ok := known[c]; ok {
				t.Errorf("%s: listed as a known difference (%s) but both agree now (legal=%v)", c, why, acc)
			}
			continue
		}
		if why, ok := known[c]; ok {
			t.Logf("%s: known difference: %s", c, why)
			continue
		}
		if acc {
			onlyFM = append(onlyFM, c)
		} else {
			onlyZrun = append(onlyZrun, c)
		}
	}
	if len(onlyFM)+len(onlyZrun) > 0 {
		fen, _ := s.FEN()
		t.Errorf("%s: Fairy-Max accepts moves zrun lacks %v; zrun has moves Fairy-Max rejects %v", fen, onlyFM, onlyZrun)
	}
	return moves
}

// fmGates reports whether m gates a held piece in (Seirawan).
func fmGates(m *vm.Move) bool {
	for _, a := range m.Actions(nil) {
		if a.Kind == vm.ActDrop && !m.Drop {
			return true
		}
	}
	return false
}

func fmSq(sec *Section, file, rank string) int {
	r, _ := strconv.Atoi(rank)
	return (r-1)*sec.W + int(file[0]-'a')
}
