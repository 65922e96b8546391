// This file defines the reader: a Betza string expanded into the set of
// moves it means, and two strings compared by those sets.

package betzaref

import (
	"fmt"
	"sort"
	"strings"
)

// Move is one move a Betza string allows, relative to the start square:
// mode 'm' (to an empty square), 'c' (capturing), 'O' (castling) or 'p'
// (needs a screen: hops), 'e' (en passant); path lists the squares that must be empty.
type Move struct {
	Dx, Dy  int
	Mode    byte
	Initial bool
	Path    string
}

func (m Move) String() string {
	s := fmt.Sprintf("%c(%d,%d)", m.Mode, m.Dx, m.Dy)
	if m.Initial {
		s = "i" + s
	}
	if m.Path != "" {
		s += "/" + m.Path
	}
	return s
}

// Unsupported marks Betza features this reader does not model
// (multi-leg a-moves, cylinder o, ...): such lines are reported, not compared.
type Unsupported struct{ what string }

func (e Unsupported) Error() string { return "unsupported Betza: " + e.what }

// Expand lists the moves of a Betza string for the first player
// (forward = +dy) on a board where onBoard says which offsets exist.
// Hops are recorded once per direction and mode (dx, dy = unit step).
func Expand(s string, onBoard func(dx, dy int) bool) (map[Move]bool, error) {
	out := map[Move]bool{}
	i := 0
	for i < len(s) {
		j := i
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		if j >= len(s) {
			return nil, fmt.Errorf("%q: modifiers %q without an atom", s, s[i:])
		}
		mods, atom := s[i:j], s[j]
		j++
		rng := 1
		if j < len(s) && s[j] == atom && atom != 'O' {
			rng = 0
			j++
		} else if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			n := 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				n = n*10 + int(s[j]-'0')
				j++
			}
			rng = n
		}
		if err := expandAtom(out, mods, atom, rng, onBoard); err != nil {
			return nil, fmt.Errorf("%q: %w", s, err)
		}
		i = j
	}
	// A first-move copy of a usual move is the usual move.
	for m := range out {
		if m.Initial {
			u := m
			u.Initial = false
			if out[u] {
				delete(out, m)
			}
		}
	}
	return out, nil
}

var bzLeaps = map[byte][2]int{'W': {0, 1}, 'F': {1, 1}, 'D': {0, 2}, 'N': {1, 2}, 'A': {2, 2},
	'H': {0, 3}, 'C': {1, 3}, 'Z': {2, 3}, 'G': {3, 3}}

func expandAtom(out map[Move]bool, mods string, atom byte, rng int, onBoard func(dx, dy int) bool) error {
	var parts []byte // component atoms
	switch atom {
	case 'K':
		parts = []byte{'W', 'F'}
	case 'Q':
		parts, rng = []byte{'W', 'F'}, zeroIfOne(rng)
	case 'R':
		parts, rng = []byte{'W'}, zeroIfOne(rng)
	case 'B':
		parts, rng = []byte{'F'}, zeroIfOne(rng)
	case 'O':
		return expandCastle(out, mods, rng)
	default:
		if _, ok := bzLeaps[atom]; !ok {
			return Unsupported{fmt.Sprintf("atom %c", atom)}
		}
		parts = []byte{atom}
	}
	var dirMods []byte
	modes, initial, lame, hop, ep, hopKind := "", false, false, false, false, ""
	for k := 0; k < len(mods); k++ {
		switch c := mods[k]; c {
		case 'f', 'b', 'l', 'r', 'v', 's', 'h':
			dirMods = append(dirMods, c)
		case 'm', 'c':
			modes += string(c)
		case 'i':
			initial = true
		case 'n':
			lame = true
		case 'p', 'g':
			hop, hopKind = true, "hop-"+string(c)
		case 'e': // en passant: recorded as its own kind of capture
			ep = true
		default:
			return Unsupported{fmt.Sprintf("modifier %c", c)}
		}
	}
	if modes == "" && ep {
		modes = "-" // e alone: en passant only
	}
	if modes == "" || modes == "mc" || modes == "cm" {
		modes = "mc"
	}
	modes = strings.Trim(modes, "-")
	for _, a := range parts {
		l := bzLeaps[a]
		for _, v := range atomVectors(l) {
			if !selected(string(dirMods), l, v) {
				continue
			}
			if hop {
				if rng != 0 || (a != 'W' && a != 'F') {
					return Unsupported{"hopper other than a line hopper"}
				}
				for _, md := range modes {
					out[Move{Dx: v[0], Dy: v[1], Mode: byte(md) - 'a' + 'A', Initial: initial, Path: hopKind}] = true
				}
				continue
			}
			for n := 1; rng == 0 || n <= rng; n++ {
				dx, dy := n*v[0], n*v[1]
				if !onBoard(dx, dy) {
					break
				}
				var path []string
				for k := 1; k < n; k++ {
					path = append(path, fmt.Sprintf("%d,%d", k*v[0], k*v[1]))
				}
				if lame {
					if rng != 1 {
						return Unsupported{"lame rider"}
					}
					path = lamePath(v)
				}
				for _, md := range modes {
					out[Move{Dx: dx, Dy: dy, Mode: byte(md), Initial: initial, Path: strings.Join(path, " ")}] = true
				}
				if ep {
					out[Move{Dx: dx, Dy: dy, Mode: 'e', Initial: initial}] = true
				}
			}
		}
	}
	return nil
}

func zeroIfOne(r int) int {
	if r == 1 {
		return 0
	}
	return r
}

// lamePath is what blocks a lame leap (XBetza n): the squares of its
// straight line, or for an oblique leap the orthogonal first step.
func lamePath(v [2]int) []string {
	ax, ay := abs(v[0]), abs(v[1])
	sx, sy := sgn(v[0]), sgn(v[1])
	var p []string
	if ax == 0 || ay == 0 || ax == ay {
		n := max(ax, ay)
		for k := 1; k < n; k++ {
			p = append(p, fmt.Sprintf("%d,%d", k*sx, k*sy))
		}
		return p
	}
	if ax > ay {
		return []string{fmt.Sprintf("%d,0", sx)}
	}
	return []string{fmt.Sprintf("0,%d", sy)}
}

func sgn(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func atomVectors(l [2]int) [][2]int {
	seen := map[[2]int]bool{}
	var out [][2]int
	for _, p := range [][2]int{{l[0], l[1]}, {l[1], l[0]}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				v := [2]int{p[0] * sx, p[1] * sy}
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// selected applies XBetza direction modifiers to move v of an atom: on
// orthogonal atoms letters add up; on diagonal ones a vertical and a
// horizontal letter together name one move; on oblique ones f b l r name
// the pair nearest that way, two perpendicular letters the member of the
// second letter's pair nearest the first, "h" a half (four moves).
func selected(mods string, l, v [2]int) bool {
	if mods == "" {
		return true
	}
	fwd, back, left, right := v[1] > 0, v[1] < 0, v[0] < 0, v[0] > 0
	in := func(c byte) bool {
		switch c {
		case 'f':
			return fwd
		case 'b':
			return back
		case 'l':
			return left
		case 'r':
			return right
		}
		return false
	}
	// pair(c): the two moves nearest direction c.
	pair := func(c byte) bool {
		switch c {
		case 'f', 'b':
			return in(c) && abs(v[1]) >= abs(v[0])
		default:
			return in(c) && abs(v[0]) >= abs(v[1])
		}
	}
	vert := func(c byte) bool { return c == 'f' || c == 'b' }
	horiz := func(c byte) bool { return c == 'l' || c == 'r' }
	ortho, diag := l[0] == 0, l[0] == l[1]
	for k := 0; k < len(mods); k++ {
		c := mods[k]
		var d byte
		if k+1 < len(mods) {
			d = mods[k+1]
		}
		if ortho {
			switch c {
			case 'v':
				if fwd || back {
					return true
				}
			case 's':
				if left || right {
					return true
				}
			case 'h':
			default:
				if in(c) {
					return true
				}
			}
			continue
		}
		switch {
		case d == 'h':
			k++
			if in(c) {
				return true
			}
		case (vert(c) && horiz(d)) || (horiz(c) && vert(d)):
			k++
			if diag {
				if in(c) && in(d) {
					return true
				}
			} else if pair(d) && in(c) {
				return true
			}
		case vert(c) && d == 's':
			k++
			if diag {
				if in(c) {
					return true
				}
			} else if (pair('l') || pair('r')) && in(c) {
				return true
			}
		case horiz(c) && d == 'v':
			k++
			if diag {
				if in(c) {
					return true
				}
			} else if (pair('f') || pair('b')) && in(c) {
				return true
			}
		case c == d:
			k++
			if pair(c) {
				return true
			}
		case c == 'v':
			if pair('f') || pair('b') {
				return true
			}
		case c == 's':
			if pair('l') || pair('r') {
				return true
			}
		default:
			if pair(c) {
				return true
			}
		}
	}
	return false
}

func expandCastle(out map[Move]bool, mods string, n int) error {
	for _, c := range mods {
		switch c {
		case 'i':
		case 'l':
			out[Move{Dx: -n, Mode: 'O', Initial: true}] = true
		case 'r':
			out[Move{Dx: n, Mode: 'O', Initial: true}] = true
		case 's':
			out[Move{Dx: -n, Mode: 'O', Initial: true}] = true
			out[Move{Dx: n, Mode: 'O', Initial: true}] = true
		default:
			return Unsupported{fmt.Sprintf("castling modifier %c", c)}
		}
	}
	if strings.Trim(mods, "i") == "" {
		out[Move{Dx: -n, Mode: 'O', Initial: true}] = true
		out[Move{Dx: n, Mode: 'O', Initial: true}] = true
	}
	return nil
}

// box is a virtual board reaching r squares every way from the start.
func Box(r int) func(dx, dy int) bool {
	return func(dx, dy int) bool { return abs(dx) <= r && abs(dy) <= r }
}

// Same compares two Betza strings by the moves they mean on a board
// reaching 7 squares every way; it returns a description of the difference.
func Same(got, want string) (string, error) { return SameFrom(got, want, nil) }

// SameFrom is Same where first-move-only moves count only when
// initialOK (the offset stays on the board from the piece's start square):
// Fairy-Max's lines, like GUIs, describe initial moves as seen from there
// ("KiN" for a king whose only initial leaps go forward).
func SameFrom(got, want string, initialOK func(dx, dy int) bool) (string, error) {
	g, err := Expand(got, Box(7))
	if err != nil {
		return "", err
	}
	w, err := Expand(want, Box(7))
	if err != nil {
		return "", err
	}
	for _, set := range []map[Move]bool{g, w} {
		for m := range set {
			if m.Initial && initialOK != nil && !initialOK(m.Dx, m.Dy) {
				delete(set, m)
			}
		}
	}
	var extra, missing []string
	for m := range g {
		if !w[m] {
			extra = append(extra, m.String())
		}
	}
	for m := range w {
		if !g[m] {
			missing = append(missing, m.String())
		}
	}
	if len(extra)+len(missing) == 0 {
		return "", nil
	}
	sort.Strings(extra)
	sort.Strings(missing)
	return fmt.Sprintf("extra %v, missing %v", extra, missing), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
