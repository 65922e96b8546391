// This file defines FEN output for lowered sections: vm's writer finds
// castling rights through the first royal type of each side, but a FEN read
// with Fairy-Max's letters may give Black's king the last type of its letter,
// and Seirawan's gates are written in the castling field as FSF does.

package fmaxini

import (
	"strings"

	"zrun/vm"
)

// FEN writes s (a state of sec.Game) as SetFEN reads it back: KQkq from the
// never-moved bits of a side's royal piece and corner pieces on its back
// rank; in a gating section, for a side with pieces in hand, also the file
// letters of its other never-moved back-rank pieces (the gates), as
// Fairy-Stockfish writes Seirawan FEN ("KQBCDFGkqbcdfg"). It is the lowered
// game's vm.Game.WriteFEN.
func (sec *Section) FEN(s *vm.State) (string, error) {
	fen, err := s.GenericFEN()
	if err != nil {
		return "", err
	}
	fields := strings.Fields(fen)
	if len(fields) < 3 {
		return fen, nil
	}
	fields[2] = sec.castlingField(s)
	return strings.Join(fields, " "), nil
}

// castlingField is the FEN castling field ("-" when empty).
func (sec *Section) castlingField(s *vm.State) string {
	var out []byte
	gating := gatingSection(sec)
	nT := len(sec.Pieces)
	for pl, rank := range [2]int{1, sec.H} {
		case_ := func(ch byte) byte {
			if pl == 1 {
				return ch | 0x20
			}
			return ch &^ 0x20
		}
		virgin := func(f int) (vm.Cell, bool) {
			c := s.Board[(rank-1)*sec.W+f]
			return c, c != vm.Empty && c.Owner() == pl && c.Attr(0)
		}
		king := -1
		for f := 0; f < sec.W; f++ {
			if c, ok := virgin(f); ok && sec.Pieces[c.Type()].Value < 0 {
				king = f
			}
		}
		implied := map[int]bool{}
		if king >= 0 {
			for _, side := range []struct {
				f  int
				ch byte
			}{{sec.W - 1, 'K'}, {0, 'Q'}} {
				if _, ok := virgin(side.f); ok && side.f != king {
					out = append(out, case_(side.ch))
					implied[side.f], implied[king] = true, true
				}
			}
		}
		held := false
		for t := 0; t < nT; t++ {
			held = held || s.HandCount(pl, t) > 0
		}
		if !gating || !held {
			continue
		}
		for f := 0; f < sec.W; f++ {
			if c, ok := virgin(f); ok && !implied[f] && c.Type() > 1 {
				out = append(out, case_(byte('a'+f)))
			}
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}
