// This file derives a push model of a puzzle from its rules, by asking the
// rules' own moves: a game whose only goal is (pieces-remaining 0 T...), with
// one piece that moves (the player) and goal pieces that do not move of
// their own (Sokoban's boxes), is taken to be a floor on which the player
// walks and pushes boxes. Everything is learned from vm moves made on
// positions built from the start: the squares the player may stand on and
// each move of the player alone (walks), the squares a box may stand on and
// what it shows there (a box on a target becomes another piece: the square
// is a target when that piece is not counted by the goal), the pushes (the
// player on one square moves the box of another to a third), and, for every
// walk and push, the squares a second box must not stand on (a box put on
// each square in turn and the moves generated again). The model is checked
// while it is learned: every position the moves lead to must be the floor
// with the player and the boxes on it, and no move may appear that the
// model does not know (a push of two boxes); otherwise the model does not
// apply and the search keeps to the vm's moves one at a time. A solution
// found on the model is replayed by the rules (pushPath), so a model that
// missed something gives an error, never a wrong answer.

package solve

import (
	"context"
	"fmt"

	"zrun/vm"
)

// maxModelSquares bounds the boards a push model is derived for (the probes
// cost squares² move generations).
const maxModelSquares = 1024

// walkEdge is one move of the player alone, from the square it is listed
// under to to; no box may stand on any of blk (an index range in
// pushModel.blk).
type walkEdge struct {
	to           int32
	blkOf, blkTo int32
}

// pushEdge is one push from the square it is listed under: the box on box
// goes to to, the player to player; no other box may stand on blk.
type pushEdge struct {
	box, to, player int32
	blkOf, blkTo    int32
}

// pushModel is a puzzle seen as a player pushing boxes on a fixed floor.
type pushModel struct {
	n int
	// floor[p] is what square p shows with neither player nor box on it;
	// playerCell[p] and boxCell[p] what it shows with the player or a box
	// (Empty where the player or a box never stands).
	floor, playerCell, boxCell []vm.Cell
	stand, boxOK               []bool // the player may stand there; a box may
	target                     []bool // a box there is not counted by the goal
	walks                      [][]walkEdge
	pushes                     [][]pushEdge
	blk                        []int32
	boxes0                     []int32 // the start's boxes
	player0                    int32
	targets                    []int32
	// leftOut counts the moves met while the model was learned that lead
	// to positions it cannot hold: its searches are then not complete.
	leftOut int
	// base is the start position the model renders on (hands, variables,
	// turn).
	base *vm.State
}

// modelReject says why a push model does not apply.
type modelReject string

func (r modelReject) Error() string { return string(r) }

// derivePushModel learns the push model of s's game for player pl, or
// says why it does not apply.
func derivePushModel(ctx context.Context, s *vm.State, pl int) (*pushModel, error) {
	g := s.Game()
	cond, ok := pieceGoal(g, pl)
	if !ok || cond.N != 0 || len(g.Goals) != 1 {
		return nil, modelReject("the only goal is not (pieces-remaining 0 ...)")
	}
	if len(s.Board) > maxModelSquares {
		return nil, modelReject("board too large")
	}
	if s.Partial != vm.NoPos {
		return nil, modelReject("a move is in progress")
	}
	isX := make([]bool, len(g.Pieces))
	for _, t := range cond.Types {
		isX[t] = true
		if len(g.Pieces[t].Moves) > 0 {
			return nil, modelReject("a goal piece moves of its own")
		}
	}
	movable := func(c vm.Cell) bool { return c != vm.Empty && len(g.Pieces[c.Type()].Moves) > 0 }
	goalPiece := func(c vm.Cell) bool { return c != vm.Empty && c.Owner() == pl && isX[c.Type()] }
	n := len(s.Board)
	m := &pushModel{n: n, floor: make([]vm.Cell, n), playerCell: make([]vm.Cell, n), boxCell: make([]vm.Cell, n),
		stand: make([]bool, n), boxOK: make([]bool, n), target: make([]bool, n),
		walks: make([][]walkEdge, n), pushes: make([][]pushEdge, n), player0: -1, base: s.Clone()}
	copy(m.floor, s.Board)
	for p, c := range s.Board {
		switch {
		case goalPiece(c):
			m.boxes0 = append(m.boxes0, int32(p))
			m.boxCell[p], m.boxOK[p] = c, true
			m.floor[p] = vm.Empty
		case movable(c):
			if m.player0 >= 0 || c.Owner() != pl {
				return nil, modelReject("more than one piece moves")
			}
			m.player0 = int32(p)
			m.playerCell[p], m.stand[p] = c, true
		}
	}
	if m.player0 < 0 || len(m.boxes0) == 0 {
		return nil, modelReject("no player or no goal piece")
	}
	floorKnown := make([]bool, n)
	for p := range floorKnown {
		floorKnown[p] = p != int(m.player0)
	}
	w := s.Clone()
	var ml vm.MoveList

	// The player alone: its squares, what they show, its walks.
	type pos struct{ box, player int32 }
	seenP := make([]bool, n)
	queue := []int32{m.player0}
	seenP[m.player0] = true
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		m.render(w, nil, p)
		if err := w.Generate(&ml); err != nil {
			return nil, err
		}
		for k := range ml.Moves {
			if err := w.Make(&ml.Moves[k]); err != nil {
				continue
			}
			q := int32(-1)
			for x, c := range w.Board {
				if movable(c) {
					if q >= 0 {
						return nil, modelReject("a move made a second moving piece")
					}
					q = int32(x)
				}
			}
			if q < 0 || !m.sameRest(w, s) {
				return nil, modelReject("a move of the player alone changed more than the player")
			}
			// What the squares show now: the player's on q, the floor elsewhere.
			for x, c := range w.Board {
				switch {
				case int32(x) == q:
					if m.stand[q] && m.playerCell[q] != c {
						return nil, modelReject("the player shows two ways on one square")
					}
					m.playerCell[q], m.stand[q] = c, true
				case !floorKnown[x]:
					m.floor[x], floorKnown[x] = c, true
				case m.floor[x] != c:
					return nil, modelReject("a walk changed a square it left behind")
				}
			}
			if q != p {
				m.walks[p] = appendWalk(m.walks[p], q)
			}
			if !seenP[q] {
				seenP[q] = true
				queue = append(queue, q)
			}
			w.Unmake()
		}
	}
	if !floorKnown[m.player0] {
		return nil, modelReject("the player never leaves its square")
	}

	// One box at a time: the squares a box may stand on, what it shows
	// there, and the pushes. A box's state holds what it shows, for the
	// rules may show a box two ways on one square (the corpus's Sokoban: a
	// box pushed off a target stays marked as on one); the model keeps, on
	// each square, what a goal piece pushed there shows, and leaves out the
	// pushes to or from the other.
	type bstate struct {
		box, player int32
		cell        vm.Cell
	}
	type trans struct {
		from, to bstate
	}
	seenB := map[bstate]bool{}
	var bq []bstate
	var ts []trans
	for _, b := range m.boxes0 {
		if !m.stand[b] {
			// The player alone never stood on a box's start square: walls or
			// rules the model does not know.
			return nil, modelReject("a box stands where the player cannot")
		}
		st := bstate{b, m.player0, s.Board[b]}
		if !seenB[st] {
			seenB[st] = true
			bq = append(bq, st)
		}
	}
	for len(bq) > 0 {
		cur := bq[0]
		bq = bq[1:]
		m.render(w, nil, cur.player)
		w.Board[cur.box] = cur.cell
		w.Rehash()
		if err := w.Generate(&ml); err != nil {
			return nil, err
		}
		for k := range ml.Moves {
			if err := w.Make(&ml.Moves[k]); err != nil {
				continue
			}
			next := bstate{-1, -1, vm.Empty}
			ok := m.sameRest(w, s)
			for x, c := range w.Board {
				if !ok {
					break
				}
				switch {
				case movable(c):
					ok = next.player < 0 && m.stand[x] && m.playerCell[x] == c
					next.player = int32(x)
				case c != m.floor[x]:
					ok = next.box < 0 && c != vm.Empty && m.stand[x]
					next.box, next.cell = int32(x), c
				}
			}
			w.Unmake()
			if !ok || next.player < 0 || next.box < 0 {
				// A position the model cannot hold (the corpus's Sokoban:
				// a player on a target pushing a box off one stays marked
				// as on a target, and leaves a target behind when it walks
				// on): the model leaves the move out.
				m.leftOut++
				continue
			}
			if next.box == cur.box && next.cell == cur.cell {
				if !hasWalk(m.walks[cur.player], next.player) {
					return nil, modelReject("a walk next to a box that the player alone did not have")
				}
			} else {
				ts = append(ts, trans{cur, next})
			}
			if !seenB[next] {
				seenB[next] = true
				bq = append(bq, next)
			}
		}
	}
	for _, t := range ts {
		if goalPiece(t.from.cell) && !m.boxOK[t.to.box] {
			m.boxCell[t.to.box], m.boxOK[t.to.box] = t.to.cell, true
		}
	}
	for _, t := range ts {
		if !m.boxOK[t.to.box] {
			m.boxCell[t.to.box], m.boxOK[t.to.box] = t.to.cell, true
		}
	}
	for _, t := range ts {
		if t.from.box == t.to.box || t.from.cell != m.boxCell[t.from.box] || t.to.cell != m.boxCell[t.to.box] {
			m.leftOut++
			continue
		}
		if !hasPush(m.pushes[t.from.player], t.from.box, t.to.box, t.to.player) {
			m.pushes[t.from.player] = append(m.pushes[t.from.player], pushEdge{box: t.from.box, to: t.to.box, player: t.to.player})
		}
	}
	for p, c := range m.boxCell {
		if c != vm.Empty {
			m.target[p] = !goalPiece(c)
			if m.target[p] {
				m.targets = append(m.targets, int32(p))
			}
		}
	}
	if len(m.targets) < len(m.boxes0) {
		return nil, modelReject("fewer targets than boxes")
	}

	// The blockers: a second box on each square a box may stand on.
	var boxSq []int32
	for p, ok := range m.boxOK {
		if ok {
			boxSq = append(boxSq, int32(p))
		}
	}
	var two [2]int32
	for p := range m.walks {
		if !m.stand[p] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		walks := m.walks[p]
		blockers := make([][]int32, len(walks))
		for _, r := range boxSq {
			if r == int32(p) {
				continue
			}
			m.render(w, []int32{r}, int32(p))
			if err := w.Generate(&ml); err != nil {
				return nil, err
			}
			kept := make([]bool, len(walks))
			for k := range ml.Moves {
				if err := w.Make(&ml.Moves[k]); err != nil {
					continue
				}
				box, player, ok := m.read(w, s, movable, 1)
				switch {
				case !ok:
					// As below: left out with one box, or not a position
					// of the model.
				case box[0] == r:
					i := walkIndex(walks, player)
					if i < 0 {
						return nil, modelReject("a box on the board gave the player a walk it did not have")
					}
					kept[i] = true
				}
				// A push the model does not have is from a box and player
				// that one box alone never leads to (each box of a position
				// and the player are where that box alone could bring
				// them): no position of the model has it.
				w.Unmake()
			}
			for i, k := range kept {
				if !k {
					blockers[i] = append(blockers[i], r)
				}
			}
		}
		for i := range walks {
			walks[i].blkOf = int32(len(m.blk))
			m.blk = append(m.blk, blockers[i]...)
			walks[i].blkTo = int32(len(m.blk))
		}
	}
	for a := range m.pushes {
		pushes := m.pushes[a]
		if len(pushes) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		blockers := make([][]int32, len(pushes))
		for i, e := range pushes {
			for _, r := range boxSq {
				if r == e.box || r == int32(a) {
					continue
				}
				two[0], two[1] = e.box, r
				m.render(w, two[:], int32(a))
				if err := w.Generate(&ml); err != nil {
					return nil, err
				}
				kept := false
				for k := range ml.Moves {
					if err := w.Make(&ml.Moves[k]); err != nil {
						continue
					}
					box, player, ok := m.read(w, s, movable, 2)
					if !ok {
						// Not a position of the model: the same move of one
						// box alone was left out already, or the two are
						// where no position of the model has them.
						w.Unmake()
						continue
					}
					// One of the two stays; the other stays too (a walk) or
					// is pushed.
					from := int32(0)
					switch {
					case box[0] == two[0] || box[0] == two[1] || box[1] == two[0] || box[1] == two[1]:
					default:
						from = -2 // two boxes moved
					}
					if from == -2 {
						m.leftOut++ // a move of two boxes
						w.Unmake()
						continue
					}
					if player == e.player && (box[0] == e.to && box[1] == r || box[1] == e.to && box[0] == r) {
						kept = true
					}
					w.Unmake()
				}
				if !kept {
					blockers[i] = append(blockers[i], r)
				}
			}
		}
		for i := range pushes {
			pushes[i].blkOf = int32(len(m.blk))
			m.blk = append(m.blk, blockers[i]...)
			pushes[i].blkTo = int32(len(m.blk))
		}
	}
	return m, nil
}

func appendWalk(ws []walkEdge, q int32) []walkEdge {
	if hasWalk(ws, q) {
		return ws
	}
	return append(ws, walkEdge{to: q})
}

func hasWalk(ws []walkEdge, q int32) bool { return walkIndex(ws, q) >= 0 }

func walkIndex(ws []walkEdge, q int32) int {
	for i, e := range ws {
		if e.to == q {
			return i
		}
	}
	return -1
}

func hasPush(ps []pushEdge, box, to, player int32) bool {
	for _, e := range ps {
		if e.box == box && e.to == to && e.player == player {
			return true
		}
	}
	return false
}

// render sets w to the start position's floor with the boxes and the player.
func (m *pushModel) render(w *vm.State, boxes []int32, player int32) {
	w.Clear()
	copy(w.Board, m.floor)
	for _, b := range boxes {
		w.Board[b] = m.boxCell[b]
	}
	w.Board[player] = m.playerCell[player]
	copy(w.Hands, m.base.Hands)
	copy(w.Vars, m.base.Vars)
	w.Turn, w.LastFrom, w.LastTo = m.base.Turn, m.base.LastFrom, m.base.LastTo
	w.Rehash()
}

// sameRest reports whether w's hands, variables and turn are s's.
func (m *pushModel) sameRest(w, s *vm.State) bool {
	if w.Partial != vm.NoPos || w.Turn != s.Turn {
		return false
	}
	for i := range w.Hands {
		if w.Hands[i] != s.Hands[i] {
			return false
		}
	}
	for i := range w.Vars {
		if w.Vars[i] != s.Vars[i] {
			return false
		}
	}
	return true
}

// read finds, in w, the player and the want boxes (squares whose contents
// are neither the floor's nor the player's, and show what the model's boxes
// show there); ok is false when w is not such a position.
func (m *pushModel) read(w, s *vm.State, movable func(vm.Cell) bool, want int) (boxes []int32, player int32, ok bool) {
	if !m.sameRest(w, s) {
		return nil, -1, false
	}
	player = -1
	var buf [2]int32
	var cells [2]vm.Cell
	nb := 0
	for x, c := range w.Board {
		if movable(c) {
			if player >= 0 || !m.stand[x] || m.playerCell[x] != c {
				return nil, -1, false
			}
			player = int32(x)
			continue
		}
		if c == m.floor[x] {
			continue
		}
		if c == vm.Empty || nb == want || !m.stand[x] {
			return nil, -1, false
		}
		buf[nb], cells[nb] = int32(x), c
		nb++
	}
	if player < 0 || nb != want {
		return nil, -1, false
	}
	for i := range nb {
		if !m.boxOK[buf[i]] || m.boxCell[buf[i]] != cells[i] {
			return nil, -1, false
		}
	}
	return buf[:nb], player, true
}

// String describes the model for the solver's report.
func (m *pushModel) String() string {
	nb, np := 0, 0
	for p := range m.stand {
		if m.stand[p] {
			np++
		}
		if m.boxOK[p] {
			nb++
		}
	}
	return fmt.Sprintf("%d boxes, %d targets, %d squares for the player, %d for a box", len(m.boxes0), len(m.targets), np, nb)
}
