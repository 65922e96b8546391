// This file defines the side-by-side check of specialised move programs
// (vm/spec.go) against the interpreter.

package playout

import (
	"fmt"
	"time"

	"zrun/vm"
)

// CompareSpecialised walks the tree of moves depth plies deep from s (each
// part of a partial move a ply) and, at every node, generates the legal and
// the pseudo-legal moves with specialised programs and with the
// interpreter alone (vm.State.DisableSpecialised), requiring the same
// moves in the same order, written the same, and asks every square's
// attack test both ways; GenerateNoisy must agree too. It returns the first difference (with the moves
// leading to it), or nil. A generation that fails (a step budget) must
// fail alike both ways; the walk does not go below it. After maxNodes
// positions (0: no limit), or after budget (0: none) has elapsed, the walk
// stops. s is left as it was, DisableSpecialised included. nodes counts the
// positions compared.
func CompareSpecialised(s *vm.State, depth, maxNodes int, budget time.Duration) (nodes int, err error) {
	saved := s.DisableSpecialised
	defer func() { s.DisableSpecialised = saved }()
	c := specCompare{s: s, max: maxNodes}
	if budget > 0 {
		c.deadline = time.Now().Add(budget)
	}
	err = c.walk(depth, nil)
	return c.nodes, err
}

type specCompare struct {
	s      *vm.State
	lists  []*[2]vm.MoveList
	pseudo [2]vm.MoveList
	noisy  [2]vm.MoveList
	nodes  int
	max    int
	// deadline, when set, stops the walk.
	deadline time.Time
}

func (c *specCompare) walk(depth int, line []string) error {
	s := c.s
	if (c.max > 0 && c.nodes >= c.max) || (!c.deadline.IsZero() && time.Now().After(c.deadline)) {
		return nil
	}
	c.nodes++
	for len(c.lists) <= len(line) {
		c.lists = append(c.lists, new([2]vm.MoveList))
	}
	ml := c.lists[len(line)]
	where := func() string {
		if len(line) == 0 {
			return "at the root"
		}
		return fmt.Sprintf("after %v", line)
	}
	var errs [2]error
	for i, off := range []bool{false, true} {
		s.DisableSpecialised = off
		errs[i] = s.Generate(&ml[i])
		if errs[i] == nil {
			errs[i] = s.GeneratePseudo(&c.pseudo[i])
		}
	}
	if errs[0] != nil || errs[1] != nil {
		s.DisableSpecialised = false
		if errs[0] == nil || errs[1] == nil || errs[0].Error() != errs[1].Error() {
			return fmt.Errorf("%s: generation fails differently: specialised %v, interpreted %v", where(), errs[0], errs[1])
		}
		return nil
	}
	if d := diffTexts(s, &ml[1], &ml[0]); d != "" {
		return fmt.Errorf("%s: legal moves, specialised against the interpreter: %s", where(), d)
	}
	if d := diffTexts(s, &c.pseudo[1], &c.pseudo[0]); d != "" {
		return fmt.Errorf("%s: pseudo-legal moves, specialised against the interpreter: %s", where(), d)
	}
	for _, legal := range []bool{true, false} {
		var counts [2]int
		for i, off := range []bool{false, true} {
			s.DisableSpecialised = off
			n, err := s.GenerateNoisy(&c.noisy[i], legal)
			if err != nil {
				s.DisableSpecialised = false
				return fmt.Errorf("%s: noisy generation (interpreter only %v): %v", where(), off, err)
			}
			counts[i] = n
		}
		if counts[0] != counts[1] {
			return fmt.Errorf("%s: GenerateNoisy(legal=%v) counts %d specialised, %d interpreted", where(), legal, counts[0], counts[1])
		}
		if d := diffTexts(s, &c.noisy[1], &c.noisy[0]); d != "" {
			return fmt.Errorf("%s: GenerateNoisy(legal=%v), specialised against the interpreter: %s", where(), legal, d)
		}
		for i, off := range []bool{false, true} {
			s.DisableSpecialised = off
			err := s.GenerateCaptures(&c.noisy[i], legal)
			s.DisableSpecialised = false
			if err != nil {
				return fmt.Errorf("%s: capture generation (interpreter only %v): %v", where(), off, err)
			}
		}
		if d := diffTexts(s, &c.noisy[1], &c.noisy[0]); d != "" {
			return fmt.Errorf("%s: GenerateCaptures(legal=%v), specialised against the interpreter: %s", where(), legal, d)
		}
	}
	for p := range s.Board {
		for pl := range s.Game().Players {
			s.DisableSpecialised = false
			a := s.Attacked(p, pl)
			s.DisableSpecialised = true
			b := s.Attacked(p, pl)
			if a != b {
				return fmt.Errorf("%s: Attacked(%s, %s) is %v specialised, %v interpreted", where(),
					s.Game().Board.Positions[p].Name, s.Game().Players[pl].Name, a, b)
			}
		}
	}
	s.DisableSpecialised = false
	if depth <= 1 {
		return nil
	}
	for i := range ml[0].Moves {
		m := &ml[0].Moves[i]
		text := s.MoveString(m)
		if err := s.Make(m); err != nil {
			s.Unmake()
			return fmt.Errorf("%s: making %s: %v", where(), text, err)
		}
		err := c.walk(depth-1, append(line, text))
		s.Unmake()
		if err != nil {
			return err
		}
	}
	return nil
}

// diffTexts is diffLists that also compares the moves' text.
func diffTexts(s *vm.State, want, got *vm.MoveList) string {
	if d := diffLists(s, want, got); d != "" {
		return d
	}
	for i := range want.Moves {
		if a, b := s.MoveString(&want.Moves[i]), s.MoveString(&got.Moves[i]); a != b {
			return fmt.Sprintf("move %d is written %q, was %q", i, b, a)
		}
	}
	return ""
}
