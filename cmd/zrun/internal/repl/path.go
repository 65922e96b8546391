// This file lets a player type a move of several parts (a checkers
// multiple jump: ZRF partial moves) as the squares the piece visits:
// "c3e5g7", "c3-e5-g7" or "c3xe5xg7". Each step is the legal move from one
// square to the next; the steps are played in turn, and if one is not
// legal the steps already played are taken back.

package repl

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	squareRe    = regexp.MustCompile(`[A-Za-z]+[0-9]+`)
	captureXRe  = regexp.MustCompile(`([0-9])[xX:]([A-Za-z])`)
	pathSepRe   = regexp.MustCompile(`^[-,\s]*$`)
	pathSepTrim = "-, \t"
)

// pathSquares splits text into three or more positions of the board, or
// returns nil.
func (r *Session) pathSquares(text string) []int32 {
	text = captureXRe.ReplaceAllString(strings.TrimSpace(text), "$1-$2")
	locs := squareRe.FindAllStringIndex(text, -1)
	if len(locs) < 3 {
		return nil
	}
	var out []int32
	prev := 0
	for _, l := range locs {
		if !pathSepRe.MatchString(text[prev:l[0]]) {
			return nil
		}
		p, ok := r.game.PositionNamed(text[l[0]:l[1]])
		if !ok {
			return nil
		}
		out = append(out, p)
		prev = l[1]
	}
	if strings.Trim(text[prev:], pathSepTrim) != "" {
		return nil
	}
	return out
}

// playPath plays text as a path of squares; ok is false when text is not
// one. A step that names no legal move, or several, takes back the steps
// before it and is the error.
func (r *Session) playPath(text string) (ok bool, err error) {
	squares := r.pathSquares(text)
	if squares == nil {
		return false, nil
	}
	mover := r.game.S.Chooser()
	who := r.game.G.Players[mover].Name
	var texts []string
	for k := 0; k+1 < len(squares); k++ {
		from, to := squares[k], squares[k+1]
		ml, err := r.game.Legal()
		if err != nil {
			r.takeBack(len(texts))
			return true, err
		}
		var found []int
		for i := range ml.Moves {
			if m := &ml.Moves[i]; m.From == from && m.To == to && !m.Drop {
				found = append(found, i)
			}
		}
		b := r.game.G.Board
		// every step is the same player's: the parts of one move
		if len(found) != 1 || r.game.S.Chooser() != mover {
			r.takeBack(len(texts))
			what := "no legal move"
			if len(found) > 1 {
				what = "several moves"
			}
			return true, fmt.Errorf("illegal move %q: %s of %s goes from %s to %s", text, what, who, b.Positions[from].Name, b.Positions[to].Name)
		}
		texts = append(texts, r.game.ShortMoveText(ml, found[0]))
		if err := r.game.Play(ml, found[0], false); err != nil {
			r.takeBack(len(texts) - 1)
			return true, err
		}
	}
	r.report(who, strings.Join(texts, ", then "))
	return true, nil
}

// takeBack undoes n moves played by playPath.
func (r *Session) takeBack(n int) {
	for range n {
		r.game.Undo()
	}
}
