// This file matches a multi-leg move by the squares it passes through.

package cecp

import (
	"regexp"
	"slices"
	"strings"

	"zrun/vm"
)

// legSquare is one square name in a leg: letters then digits.
var legSquare = regexp.MustCompile(`[a-z]+[0-9]+`)

// maxChainParts bounds the parts of one turn followed while matching: no
// draughts capture has more than a few dozen jumps.
const maxChainParts = 64

// makeByStops plays the whole turn (every part of a multi-part move) whose
// stops, in XBoard's eyes, run from the first square of text to its last
// and pass through every square text names, in order. XBoard 4.9 shortens a
// long capture chain as it relays it: a triple jump g1xe3xc5xe7, picked up
// and put down at every stop, reaches us as "g1c5,c5d6,d6e7", so the legs
// do not name parts one by one. The turn is played only when one board can
// result; otherwise (no such turn, or two that end differently) nothing
// changes and it reports false.
func (c *Session) makeByStops(text string) (bool, error) {
	text = strings.ToLower(text)
	want := dedupStops(legSquare.FindAllString(text, -1))
	if len(want) < 2 {
		return false, nil
	}
	suffix := text[strings.LastIndex(text, want[len(want)-1])+len(want[len(want)-1]):]
	s := c.g.S
	mover := s.Mover()
	var found []string // the chain's parts in the rule file's coordinates
	var foundHash uint64
	ambiguous := false
	var path []string
	var walk func(stops []string) error
	walk = func(stops []string) error {
		if ambiguous || len(path) > maxChainParts {
			return nil
		}
		ml := &vm.MoveList{}
		if err := s.Generate(ml); err != nil {
			return err
		}
		for i := range ml.Moves {
			m := &ml.Moves[i]
			st := stops
			mt := c.board.moveText(s, m)
			for _, p := range c.board.stops(s, m) {
				st = append(st[:len(st):len(st)], c.board.sq(p))
			}
			if len(st) == 0 {
				continue
			}
			st = dedupStops(st)
			if st[0] != want[0] {
				continue
			}
			coord := s.CoordString(m)
			if err := s.Make(m); err != nil {
				s.Unmake()
				continue
			}
			path = append(path, coord)
			if s.Mover() == mover && s.Partial != vm.NoPos {
				if err := walk(st); err != nil {
					s.Unmake()
					return err
				}
			} else if st[len(st)-1] == want[len(want)-1] && isSubsequence(want, st) && strings.HasSuffix(mt, suffix) {
				switch {
				case found == nil:
					found = slices.Clone(path)
					foundHash = s.Hash()
				case s.Hash() != foundHash:
					ambiguous = true
				}
			}
			path = path[:len(path)-1]
			s.Unmake()
		}
		return nil
	}
	if err := walk(nil); err != nil {
		return false, err
	}
	if found == nil || ambiguous {
		return false, nil
	}
	// The moves were generated in positions since unmade: replay the
	// chain part by part from the legal lists, as makeCECP does.
	for i, coord := range found {
		ml, err := c.g.Legal()
		if err != nil {
			c.undoN(i)
			return false, err
		}
		var same *vm.Move
		for j := range ml.Moves {
			if c.g.S.CoordString(&ml.Moves[j]) == coord {
				same = &ml.Moves[j]
				break
			}
		}
		if same == nil {
			c.undoN(i)
			return false, nil
		}
		if err := c.g.Make(same, coord); err != nil {
			c.undoN(i)
			return false, err
		}
	}
	return true, nil
}

// dedupStops drops a square repeated right after itself (one leg's target
// is the next leg's start).
func dedupStops(sq []string) []string {
	return slices.Compact(sq)
}

// isSubsequence reports whether every element of sub appears in seq in order.
func isSubsequence(sub, seq []string) bool {
	i := 0
	for _, x := range seq {
		if i < len(sub) && sub[i] == x {
			i++
		}
	}
	return i == len(sub)
}
