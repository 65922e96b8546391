// This file defines PGN export for chess-like games: the seven-tag roster,
// a Variant tag for games other than Chess, SetUp/FEN when the game starts
// from another position, and the moves in SAN with the result; a game tree
// is written with its variations in parentheses (RAV) and its comments and
// NAGs, as the PGN standard (section 8.2.5) has them.

package play

import (
	"fmt"
	"io"
	"strings"

	"zrun/vm"
)

// PGNGame is what a PGN export needs: the position the moves start from
// (untouched; it is cloned) and the moves, each generated for the position
// it was played in.
type PGNGame struct {
	Start *vm.State
	Moves []vm.Move
	// StartFEN is the FEN of a start position other than the game's own
	// ("" when the game starts from its setup).
	StartFEN string
	// Root, when set, is a game tree written instead of Moves: its main
	// line, with the variations (the result is the main line's).
	Root *Node
}

// WritePGN writes the game as PGN. It fails for games SAN cannot write
// (not chess-like, or positions not named file+rank) and for moves that are
// not legal where they are played.
func WritePGN(w io.Writer, pg PGNGame) error {
	s := pg.Start.Clone()
	g := s.Game()
	view := vm.NewGridView(g)
	if !SANSupported(g, view) {
		return fmt.Errorf("%s: PGN needs a chess-like game (royal pieces, piece letters, squares named file+rank)", g.Title)
	}
	if len(g.Players) != 2 {
		return fmt.Errorf("%s: PGN is for two-player games", g.Title)
	}
	var tokens []string
	if pg.Root != nil {
		w := treeWriter{s: s, view: view, first: fenMoveNumber(pg.StartFEN), white0: pg.Start.Mover() == 0}
		if err := w.line(pg.Root, 0, true); err != nil {
			return err
		}
		tokens = w.out
		for n := pg.Root; len(n.Children) > 0; n = n.Children[0] {
			if err := s.Make(&n.Children[0].Move); err != nil {
				return err
			}
		}
	} else {
		var sans []string
		for i := range pg.Moves {
			san, m, err := sanIn(s, &pg.Moves[i], view)
			if err != nil {
				return fmt.Errorf("move %d %v", i+1, err)
			}
			sans = append(sans, san)
			if err := s.Make(m); err != nil {
				return err
			}
		}
		tokens = pgnMoveText(sans, pg.Start.Mover() != 0, fenMoveNumber(pg.StartFEN))
	}
	result := PGNResult(s)
	tags := [][2]string{
		{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "?"}, {"Black", "?"}, {"Result", result},
	}
	if !strings.EqualFold(g.Title, "Chess") {
		tags = append(tags, [2]string{"Variant", g.Title})
	}
	if pg.StartFEN != "" {
		tags = append(tags, [2]string{"SetUp", "1"}, [2]string{"FEN", pg.StartFEN})
	}
	var b strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %q]\n", t[0], t[1])
	}
	b.WriteString("\n")
	b.WriteString(wrapPGN(tokens, result))
	_, err := io.WriteString(w, b.String())
	return err
}

// sanIn is the SAN (with its check mark) of m in s, and m as generated
// there.
func sanIn(s *vm.State, m *vm.Move, view *vm.GridView) (string, *vm.Move, error) {
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		return "", nil, err
	}
	k := FindSame(&ml, m)
	if k < 0 {
		return "", nil, fmt.Errorf("(%s) is not legal in its position", s.MoveString(m))
	}
	gm := &ml.Moves[k]
	san := SANOf(s, &ml, k, view)
	if san == "" {
		return "", nil, fmt.Errorf("(%s) has no SAN", s.MoveString(gm))
	}
	return san + CheckSuffix(s, gm), gm, nil
}

// treeWriter writes a game tree's movetext: each position's main move,
// then its alternatives each in parentheses, then the main line goes on.
type treeWriter struct {
	s      *vm.State
	view   *vm.GridView
	first  int  // the start's full-move number
	white0 bool // White moves at the start
	out    []string
}

// line writes the main line from n (whose position s holds, ply plies
// after the start); number forces the first move's number (the start of
// the movetext or of a variation, or after a variation or comment).
func (w *treeWriter) line(n *Node, ply int, number bool) error {
	made := 0
	defer func() {
		for ; made > 0; made-- {
			w.s.Unmake()
		}
	}()
	for len(n.Children) > 0 {
		main := n.Children[0]
		gm, after, err := w.move(main, ply, number, false)
		if err != nil {
			return err
		}
		mainMove := gm.Clone() // the variations below generate again at this ply
		number = after
		for _, v := range n.Children[1:] {
			gv, vAfter, err := w.move(v, ply, true, true)
			if err != nil {
				return err
			}
			if err := w.s.Make(gv); err != nil {
				w.s.Unmake()
				return err
			}
			err = w.line(v, ply+1, vAfter)
			w.s.Unmake()
			if err != nil {
				return err
			}
			w.out[len(w.out)-1] += ")"
			number = true
		}
		if err := w.s.Make(&mainMove); err != nil {
			w.s.Unmake()
			return err
		}
		made++
		n, ply = main, ply+1
	}
	return nil
}

// move writes n's move (played ply plies after the start; open: it starts
// a variation) with its number when White moves or number is set, then its
// NAGs and comment. It returns the move as generated in s and whether the
// next move needs its number (after a comment).
func (w *treeWriter) move(n *Node, ply int, number, open bool) (*vm.Move, bool, error) {
	white := (ply%2 == 0) == w.white0
	full := w.first + (ply+boolInt(!w.white0))/2
	san, gm, err := sanIn(w.s, &n.Move, w.view)
	if err != nil {
		return nil, false, fmt.Errorf("move %d %v", full, err)
	}
	var toks []string
	switch {
	case white:
		toks = append(toks, fmt.Sprintf("%d.", full))
	case number:
		toks = append(toks, fmt.Sprintf("%d...", full))
	}
	toks = append(toks, san)
	if open {
		toks[0] = "(" + toks[0]
	}
	for _, nag := range n.NAGs {
		toks = append(toks, fmt.Sprintf("$%d", nag))
	}
	next := false
	if n.Comment != "" {
		// A brace cannot be escaped inside a comment (section 8.2.5).
		c := strings.NewReplacer("{", "(", "}", ")").Replace(n.Comment)
		toks = append(toks, strings.Fields("{"+c+"}")...)
		next = true
	}
	w.out = append(w.out, toks...)
	return gm, next, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pgnMoveText numbers the SAN moves: "1. e4 e5 2. Nf3", or "1... e5" when
// Black moves first.
func pgnMoveText(sans []string, blackFirst bool, first int) []string {
	var out []string
	n := first
	white := !blackFirst
	for i, san := range sans {
		switch {
		case white:
			out = append(out, fmt.Sprintf("%d.", n))
		case i == 0:
			out = append(out, fmt.Sprintf("%d...", n))
		}
		out = append(out, san)
		if !white {
			n++
		}
		white = !white
	}
	return out
}

// fenMoveNumber is the full-move number of a FEN (1 when absent).
func fenMoveNumber(fen string) int {
	f := strings.Fields(fen)
	n := 1
	if len(f) >= 6 {
		fmt.Sscan(f[5], &n)
	}
	if n < 1 {
		n = 1
	}
	return n
}

// wrapPGN joins the move tokens and the result into lines of at most 79
// characters, as the PGN standard recommends.
func wrapPGN(tokens []string, result string) string {
	tokens = append(tokens, result)
	var b strings.Builder
	line := 0
	for _, t := range tokens {
		if line > 0 && line+1+len(t) > 79 {
			b.WriteString("\n")
			line = 0
		}
		if line > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n")
	return b.String()
}

// PGNResult is "1-0", "0-1", "1/2-1/2" or "*" (game not over).
func PGNResult(s *vm.State) string {
	o, err := s.Outcome(nil)
	if err != nil || !o.Over {
		return "*"
	}
	switch {
	case o.Winner == 0 || o.Winner < 0 && o.Loser == 1:
		return "1-0"
	case o.Winner == 1 || o.Winner < 0 && o.Loser == 0:
		return "0-1"
	}
	return "1/2-1/2"
}
