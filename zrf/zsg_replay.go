// This file defines replaying a saved game: finding its rule file, setting up
// its start position and matching each move line against the legal moves
// printed in Zillions notation; and recording played moves as move lines.

package zrf

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"zrun/vm"
)

// ResolveRules finds the rule file a saved game names. RulesFile may be a
// Windows path (".\Chess.zrf", "C:\Games\Chess.zrf"); it is looked for, by
// its relative path and then by its base name, first next to the saved game
// and then in each search directory, matching names without regard to case
// (Zillions runs on Windows).
func ResolveRules(zsgPath, rulesFile string, search []string) (string, error) {
	if rulesFile == "" {
		return "", fmt.Errorf("%s: no RulesFile= line; name the rule file explicitly", zsgPath)
	}
	rel := strings.ReplaceAll(rulesFile, `\`, "/")
	rel = strings.TrimPrefix(rel, "./")
	var names []string
	if !strings.Contains(rel, ":") && !strings.HasPrefix(rel, "/") {
		names = append(names, rel)
	}
	if base := filepath.Base(rel); base != rel || len(names) == 0 {
		names = append(names, base)
	}
	dirs := append([]string{filepath.Dir(zsgPath)}, search...)
	for _, d := range dirs {
		for _, n := range names {
			if p, ok := findFold(d, n); ok {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%s: rule file %q not found next to the saved game or in the search path %v", zsgPath, rulesFile, search)
}

// findFold finds the relative path rel under dir, each element matched
// without regard to case.
func findFold(dir, rel string) (string, bool) {
	p := dir
	for _, part := range strings.Split(rel, "/") {
		if part == "" || part == "." {
			continue
		}
		if part == ".." {
			p = filepath.Join(p, "..")
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return "", false
		}
		found := ""
		for _, e := range ents {
			if e.Name() == part {
				found = part
				break
			}
			if found == "" && strings.EqualFold(e.Name(), part) {
				found = e.Name()
			}
		}
		if found == "" {
			return "", false
		}
		p = filepath.Join(p, found)
	}
	st, err := os.Stat(p)
	return p, err == nil && !st.IsDir()
}

// FindGame picks the game or variant a saved game was played in from a loaded
// rule file: by VariantName (case-insensitively), or the first game when the
// file names none.
func (sg *SavedGame) FindGame(f *File) (*vm.Game, error) {
	want := sg.VariantName()
	var titles []string
	for _, gd := range f.Games {
		if want == "" || strings.EqualFold(gd.Game.Title, want) {
			if len(gd.Skipped) > 0 {
				return nil, fmt.Errorf("%s: %q has move definitions with errors:\n%v", f.Path, gd.Game.Title, ErrorList(gd.Skipped))
			}
			return gd.Game, nil
		}
		titles = append(titles, gd.Game.Title)
	}
	return nil, fmt.Errorf("%s: no game or variant %q (have: %s)", f.Path, want, strings.Join(titles, ", "))
}

// Start returns the position the saved game starts from: g's start position
// with the setup edits applied in order (each puts a new piece on its square,
// replacing what stood there, or empties the square).
func (sg *SavedGame) Start(g *vm.Game) (*vm.State, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	for _, st := range sg.Setup {
		if st.Removes() {
			p, ok := g.Board.PositionIndexFold(st.Square)
			if !ok {
				return nil, fmt.Errorf("line %d: setup: no position %q in %s", st.Line, st.Square, g.Title)
			}
			s.Board[p] = vm.Empty
			continue
		}
		pl, ok := g.PlayerIndex(st.Owner)
		if !ok {
			return nil, fmt.Errorf("line %d: setup: no player %q in %s", st.Line, st.Owner, g.Title)
		}
		t, ok := g.PieceIndex(st.Piece)
		if !ok {
			return nil, fmt.Errorf("line %d: setup: no piece type %q in %s", st.Line, st.Piece, g.Title)
		}
		p, ok := g.Board.PositionIndexFold(st.Square)
		if !ok {
			return nil, fmt.Errorf("line %d: setup: no position %q in %s", st.Line, st.Square, g.Title)
		}
		s.Board[p] = vm.MakeCell(t, pl, defaultAttrs(g.Pieces[t]))
	}
	s.Rehash()
	return s, nil
}

// defaultAttrs are the attribute bits a new piece of type pt starts with.
func defaultAttrs(pt *vm.PieceType) uint64 {
	var bits uint64
	for _, a := range pt.Attrs {
		if a.Default {
			bits |= 1 << uint(a.Attr)
		}
	}
	return bits
}

// ReplayError is a move line that matches no legal move.
type ReplayError struct {
	Name   string // the saved game's file name
	Line   int    // line in the file
	Number int    // the move number written on the line
	Ply    int    // 1-based index of the move line
	Text   string // the move as written
	Legal  []string
	Err    error // set when generating or making a move failed
}

func (e *ReplayError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s:%d:1: move %d (%q): %v", e.Name, e.Line, e.Number, e.Text, e.Err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:1: move %d %q is not a legal move; the %d legal moves are:", e.Name, e.Line, e.Number, e.Text, len(e.Legal))
	for _, l := range e.Legal {
		b.WriteString("\n  " + l)
	}
	return b.String()
}

// Replayed is the result of replaying a saved game.
type Replayed struct {
	// Moves are the moves played (copies that own their slices).
	Moves []vm.Move
	// Lines are the moves as we write them, with our move numbers.
	Lines []ZSGMove
	// Loose counts moves that matched only when whitespace is ignored, when
	// square names are read without regard to case (zsg_squarecase.go), or
	// when the order of the words, "on sq" and the number after "partial"
	// are ignored. Lines gives our text for them, so the
	// written file differs from the one read.
	Loose int
	// End is how the game ended, when a goal decided it during the replay
	// or after the last line (End.Over false: the game is not over).
	End vm.Outcome
	// EndedAfter is how many moves had been played when the game ended;
	// the lines after them were played after the end.
	EndedAfter int
}

// AfterEnd is how many of the replayed moves were played after the game had
// ended (Zillions lets play go on).
func (r *Replayed) AfterEnd() int {
	if !r.End.Over {
		return 0
	}
	return len(r.Moves) - r.EndedAfter
}

// Replay plays the saved game's move lines on s (from Start). Each line must
// be the Zillions text of a legal move: compared as written, then ignoring
// whitespace, then reading square names in any case, then ignoring word
// order, "on sq" and the partial number; the
// first legal move that fits is played. On a mismatch it stops, leaving s after the moves that
// matched, and returns them with a *ReplayError.
//
// The goals are tested before each line and after the last. Lines after the
// game has ended are still played, as Zillions lets play go on; then a
// player with no legal move passes when the line says "Pass" (Chessence.zsg
// records a Pass by the stalemated loser and one more move; docs/vm-language.md).
func (sg *SavedGame) Replay(s *vm.State, name string) (*Replayed, error) {
	r := &Replayed{}
	var ml vm.MoveList
	var num moveNumbers
	for k, line := range sg.Moves {
		fail := func(err error, legal []string) error {
			return &ReplayError{Name: name, Line: line.Line, Number: line.Number, Ply: k + 1, Text: line.Text, Legal: legal, Err: err}
		}
		ml.Reset()
		if err := s.Generate(&ml); err != nil {
			return r, fail(err, nil)
		}
		if err := r.testEnd(s, &ml); err != nil {
			return r, fail(err, nil)
		}
		if len(ml.Moves) == 0 && r.End.Over && line.Text == "Pass" {
			ml.Moves = append(ml.Moves, vm.PassMove())
		}
		texts := make([]string, len(ml.Moves))
		pick, loose, parts := -1, -1, -1
		want, wantParts := squashSpace(line.Text), sameParts(line.Text)
		for i := range ml.Moves {
			texts[i] = s.MoveString(&ml.Moves[i])
			if pick < 0 && texts[i] == line.Text {
				pick = i
			}
			if loose < 0 && squashSpace(texts[i]) == want {
				loose = i
			}
			if parts < 0 && sameParts(texts[i]) == wantParts {
				parts = i
			}
		}
		folded := -1
		if pick < 0 && loose < 0 {
			folded = matchSquareCase(s.Game().Board, texts, line.Text)
		}
		switch {
		case pick >= 0:
		case loose >= 0:
			pick = loose
			r.Loose++
		case folded >= 0:
			pick = folded
			r.Loose++
		case parts >= 0:
			pick = parts
			r.Loose++
		}
		if pick < 0 {
			return r, fail(nil, texts)
		}
		m := ml.Moves[pick].Clone()
		n := num.next(s, &m)
		if err := s.Make(&m); err != nil {
			s.Unmake()
			return r, fail(err, nil)
		}
		num.after(s)
		r.Moves = append(r.Moves, m)
		r.Lines = append(r.Lines, ZSGMove{Number: n, Text: texts[pick], Line: line.Line})
	}
	ml.Reset()
	if err := s.Generate(&ml); err != nil {
		return r, err
	}
	return r, r.testEnd(s, &ml)
}

// testEnd records the game's end the first time the goals say it is over;
// legal holds the legal moves in s.
func (r *Replayed) testEnd(s *vm.State, legal *vm.MoveList) error {
	if r.End.Over {
		return nil
	}
	o, err := s.Outcome(legal)
	if err != nil {
		return err
	}
	if o.Over {
		r.End, r.EndedAfter = o, len(r.Moves)
	}
	return nil
}

// RecordMoves plays moves from s (each generated for the position it is
// played in) and returns their move lines as Zillions numbers and writes them.
func RecordMoves(s *vm.State, moves []vm.Move) ([]ZSGMove, error) {
	var out []ZSGMove
	var num moveNumbers
	for i := range moves {
		m := &moves[i]
		text := s.MoveString(m)
		n := num.next(s, m)
		if err := s.Make(m); err != nil {
			s.Unmake()
			return out, err
		}
		num.after(s)
		out = append(out, ZSGMove{Number: n, Text: text})
	}
	return out, nil
}

// WithMoves is a copy of sg's header and setup with other move lines.
func (sg *SavedGame) WithMoves(lines []ZSGMove) *SavedGame {
	c := *sg
	c.Moves = lines
	return &c
}

// moveNumbers numbers plies as Zillions does: every ply of one round of the
// turn order has the same number, and the parts of a partial move share their
// turn's number. The turn-order entries before "repeat" are round 1 (Duke's
// setup turns), so the number also goes up on entering the repeated part.
type moveNumbers struct {
	round int // completed rounds
	turn  int // turn-order index before the move
}

// next is the number of move m, played from s.
func (n *moveNumbers) next(s *vm.State, m *vm.Move) int {
	n.turn = s.Turn
	return n.round + 1
}

// after counts a completed round once a move has been made.
func (n *moveNumbers) after(s *vm.State) {
	if s.Partial == vm.NoPos && (s.Turn <= n.turn || s.Turn == s.Game().RepeatFrom) {
		n.round++
	}
}

// sameParts is a key equal for two move texts that differ only in the order
// of their words, in "on sq" after a change and in the number after
// "partial": the notation rules we
// have not matched yet (the order of several captures, how Zillions numbers
// some continuation move types) do not stop a replay, they show as a
// round-trip difference instead.
func sameParts(t string) string {
	f := strings.Fields(t)
	if len(f) >= 2 && f[0] == "partial" {
		f[1] = "N"
	}
	// "= T on sq" and "= T" (right after the move to sq) are the same change.
	words := f[:0]
	for i := 0; i < len(f); i++ {
		if f[i] == "on" && i+1 < len(f) {
			i++
			continue
		}
		words = append(words, f[i])
	}
	sort.Strings(words)
	return strings.Join(words, " ")
}

// squashSpace removes all whitespace.
func squashSpace(t string) string { return strings.Join(strings.Fields(t), "") }
