// This file gathers every picture one game names (its board's and each
// piece's, per player and piece set) in one table, so that the browser's
// page and the doc pages find and fall back the same way.

package boardgeom

import (
	"strconv"
	"sync"

	"zrun/vm"
)

// Picture is one picture a rule file names.
type Picture struct {
	Name  string // as the rule file names it (shown when missing)
	Path  string // the file found
	Piece bool   // a piece's: pure green is keyed out
	W, H  int    // pixels
}

// PictureSet is every picture of one game in a fixed order (the board's
// pictures, then per piece type, player and piece set), so that an index
// names a picture without a path (the server's URLs carry only that).
type PictureSet struct {
	List []Picture
	// Board: indexes of the board's pictures (Zillions' Board Display
	// choices), in the rule file's order.
	Board []int
	// Pieces[type][player]: indexes of the piece's pictures (its piece
	// sets), -1 where the file is missing; nil for a type without images.
	Pieces [][][]int
	// Missing: the names not found, once each.
	Missing []string

	mu     sync.Mutex
	blanks map[int]bool // pictures read for Invisible: wholly transparent
}

// FindPictures finds the pictures of g, named by the rule file ruleFile
// ("" finds none). A picture is missing when its file is not in the
// package or its header is not a bitmap's.
func FindPictures(ruleFile string, g *vm.Game) *PictureSet {
	t := &PictureSet{}
	if ruleFile == "" {
		return t
	}
	r := NewResolver(ruleFile)
	seen := map[string]int{}
	missed := map[string]bool{}
	add := func(name string, piece bool) int {
		key := strconv.FormatBool(piece) + "|" + name
		if i, ok := seen[key]; ok {
			return i
		}
		p := Picture{Name: name, Piece: piece}
		if path, err := r.Resolve(name); err == nil {
			if w, h, err := PictureSize(path); err == nil && w > 0 && h > 0 {
				p.Path, p.W, p.H = path, w, h
			}
		}
		if p.Path == "" {
			if !missed[name] {
				missed[name] = true
				t.Missing = append(t.Missing, name)
			}
			seen[key] = -1
			return -1
		}
		t.List = append(t.List, p)
		seen[key] = len(t.List) - 1
		return len(t.List) - 1
	}
	for _, name := range g.Board.Images {
		if i := add(name, false); i >= 0 {
			t.Board = append(t.Board, i)
		}
	}
	t.Pieces = make([][][]int, len(g.Pieces))
	for ty, p := range g.Pieces {
		if len(p.Images) == 0 {
			continue
		}
		t.Pieces[ty] = make([][]int, len(g.Players))
		for pl := range g.Players {
			if pl < len(p.Images) {
				for _, name := range p.Images[pl] {
					t.Pieces[ty][pl] = append(t.Pieces[ty][pl], add(name, true))
				}
			}
		}
	}
	return t
}

// PieceIndex is the index of the first piece set's picture of type t for
// player pl; -1 when it has none or its file is missing.
func (t *PictureSet) PieceIndex(ty, pl int) int {
	if ty < 0 || ty >= len(t.Pieces) || pl < 0 || pl >= len(t.Pieces[ty]) || len(t.Pieces[ty][pl]) == 0 {
		return -1
	}
	return t.Pieces[ty][pl][0]
}

// Invisible reports whether pieces of type ty cannot be seen: every one
// of its pictures, for every player, is wholly pure green (Splut's turn
// markers). A type without pictures, or with one missing or unreadable,
// is visible: our drawing shows it. Players the type names no picture for
// are not asked.
func (t *PictureSet) Invisible(ty int) bool {
	if ty < 0 || ty >= len(t.Pieces) || len(t.Pieces[ty]) == 0 {
		return false
	}
	any := false
	for _, idx := range t.Pieces[ty] {
		// A player the type names no picture for (Splut's "?C", the
		// random player who moves the markers) has none to show.
		for _, i := range idx {
			any = true
			if i < 0 || !t.blank(i) {
				return false
			}
		}
	}
	return any
}

// blank reports whether picture i is wholly transparent, reading it once.
func (t *PictureSet) blank(i int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.blanks == nil {
		t.blanks = map[int]bool{}
	}
	if b, ok := t.blanks[i]; ok {
		return b
	}
	b := false
	if img, err := ReadPicture(t.List[i].Path, true); err == nil {
		b = true
		for k := 3; k < len(img.Pix); k += 4 {
			if img.Pix[k] != 0 {
				b = false
				break
			}
		}
	}
	t.blanks[i] = b
	return b
}
