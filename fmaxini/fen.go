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
// It is the lowered game's vm.Game.ReadFEN, so every s.SetFEN (CECP
// setboard, UCI position fen, the REPL, --fen) reads FEN this way. On error
// s is unchanged.
func (sec *Section) SetFEN(s *vm.State, fen string) error {
	fields := strings.Fields(fen)
	vmFEN := fen
	if gatingSection(sec) && len(fields) >= 3 {
		// The field doubles as the gate list; vm would read its file
		// letters as castling rooks. The rights are set below.
		f := append([]string(nil), fields...)
		f[2] = "-"
		vmFEN = strings.Join(f, " ")
	}
	if err := s.SetGenericFEN(vmFEN); err != nil {
		return err
	}
	l := &lowering{sec: sec, g: sec.Game}
	black := l.letterMeaning(1)
	g := sec.Game
	// A piece stands on its start square when the setup puts a piece of its
	// letter there: Black's setup numbers may name the first piece of a
	// letter (seirawan's king) where Black's FEN letter means the last.
	inSetup := map[[3]int]bool{}
	for _, it := range g.Setup {
		if it.Pos >= 0 {
			inSetup[[3]int{it.Player, int(sec.Pieces[it.Type].Letter | 0x20), it.Pos}] = true
		}
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
		if len(g.Pieces[t].Attrs) > 0 && inSetup[[3]int{o, int(sec.Pieces[t].Letter | 0x20), p}] {
			attrs = 1
		}
		s.Board[p] = vm.MakeCell(t, o, attrs)
	}
	sec.blackHoldings(s, black)
	switch {
	case len(fields) < 3:
	case gatingSection(sec):
		sec.gateRights(s, fields[2])
	default:
		sec.castlingRights(s, fields[2])
	}
	s.Rehash()
	return nil
}

// castlingRights keeps the never-moved bit of royal pieces and corner pieces
// only as the FEN castling field allows (KQkq or file letters).
func (sec *Section) castlingRights(s *vm.State, field string) {
	for pl := range 2 {
		files, _ := sec.castlingFiles(field, pl)
		sec.clearVirgins(s, pl, func(f int, royal bool) bool {
			if royal {
				return len(files) > 0
			}
			return !(f == 0 || f == sec.W-1) || files[f]
		})
	}
}

// castlingFiles reads player pl's letters of a castling field (upper case for
// White): the first-rank files it names (K = the last file, Q = the first)
// and whether it holds K or Q.
func (sec *Section) castlingFiles(field string, pl int) (files map[int]bool, kq bool) {
	files = map[int]bool{}
	for _, ch := range field {
		up := ch >= 'A' && ch <= 'Z'
		if up != (pl == 0) {
			continue
		}
		switch lc := ch | 0x20; {
		case lc == 'k':
			files[sec.W-1], kq = true, true
		case lc == 'q':
			files[0], kq = true, true
		case lc >= 'a' && int(lc-'a') < sec.W:
			files[int(lc-'a')] = true
		}
	}
	return files, kq
}

// clearVirgins drops the never-moved bit of player pl's first-rank pieces
// for which keep(file, royal) is false.
func (sec *Section) clearVirgins(s *vm.State, pl int, keep func(f int, royal bool) bool) {
	rank := 1
	if pl == 1 {
		rank = sec.H
	}
	for f := 0; f < sec.W; f++ {
		p := (rank-1)*sec.W + f
		c := s.Board[p]
		if c == vm.Empty || c.Owner() != pl || !c.Attr(0) {
			continue
		}
		if !keep(f, sec.Pieces[c.Type()].Value < 0) {
			s.Board[p] = c.WithAttr(0, false)
		}
	}
}

// blackHoldings gives Black's held pieces their Black meaning: vm read every
// holdings letter as its first type.
func (sec *Section) blackHoldings(s *vm.State, black map[byte]int) {
	nT := len(sec.Pieces)
	moved := make([]int64, nT)
	for t := 0; t < nT; t++ {
		moved[black[sec.Pieces[t].Letter|0x20]] += s.Hands[nT+t]
	}
	copy(s.Hands[nT:], moved)
}

// gateRights reads a gating section's castling field as Fairy-Stockfish
// writes it for Seirawan: K and Q (k, q) are castling rights and make the
// king's and that rook's squares gates; any other file letter makes that
// first-rank square a gate. A first-rank piece keeps its never-moved bit
// (castling and gate rights at once) only when its square is named so.
func (sec *Section) gateRights(s *vm.State, field string) {
	for pl := range 2 {
		named, king := sec.castlingFiles(field, pl)
		sec.clearVirgins(s, pl, func(f int, royal bool) bool {
			return named[f] || royal && king
		})
	}
}
