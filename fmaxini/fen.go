// This file defines SetFEN for lowered sections: vm's FEN reader gives every
// letter its first type, but in Fairy-Max a letter means the first piece with
// it for white and the last for black (pawns 1/2, makruk Khons), and castling
// needs a never-moved corner piece.

package fmaxini

import (
	"strings"

	"zrun/vm"
)

// SetFEN sets s (a state of sec.Game) from fen with Fairy-Max's letter
// meanings; castling rights mark the king and the corner piece never-moved.
func (sec *Section) SetFEN(s *vm.State, fen string) error {
	if err := s.SetFEN(fen); err != nil {
		return err
	}
	l := &lowering{sec: sec, g: sec.Game}
	black := l.letterMeaning(1)
	g := sec.Game
	inSetup := map[[3]int]bool{}
	for _, it := range g.Setup {
		inSetup[[3]int{it.Player, it.Type, it.Pos}] = true
	}
	for p, c := range s.Board {
		if c == vm.Empty {
			continue
		}
		t, o := c.Type(), c.Owner()
		if o == 1 {
			t = black[sec.Pieces[t].Letter|0x20]
		}
		var attrs uint64
		if len(g.Pieces[t].Attrs) > 0 && inSetup[[3]int{o, t, p}] {
			attrs = 1
		}
		s.Board[p] = vm.MakeCell(t, o, attrs)
	}
	fields := strings.Fields(fen)
	if len(fields) >= 3 {
		sec.castlingRights(s, fields[2])
	}
	s.Rehash()
	return nil
}

// castlingRights keeps the never-moved bit of royal pieces and corner pieces
// only as the FEN castling field allows (KQkq or file letters).
func (sec *Section) castlingRights(s *vm.State, field string) {
	for pl, rank := range [2]int{1, sec.H} {
		right := map[int]bool{}
		for _, ch := range field {
			up := ch >= 'A' && ch <= 'Z'
			if up != (pl == 0) {
				continue
			}
			switch lc := ch | 0x20; {
			case lc == 'k':
				right[sec.W-1] = true
			case lc == 'q':
				right[0] = true
			case lc >= 'a' && int(lc-'a') < sec.W:
				right[int(lc-'a')] = true
			}
		}
		for f := 0; f < sec.W; f++ {
			p := (rank-1)*sec.W + f
			c := s.Board[p]
			if c == vm.Empty || c.Owner() != pl || !c.Attr(0) {
				continue
			}
			royal := sec.Pieces[c.Type()].Value < 0
			corner := f == 0 || f == sec.W-1
			if (royal && len(right) == 0) || (corner && !royal && !right[f]) {
				s.Board[p] = c.WithAttr(0, false)
			}
		}
	}
}
