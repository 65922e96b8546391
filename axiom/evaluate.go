package axiom

import (
	"fmt"

	"zrun/vm"
)

// scriptScale turns a script's scores into the searcher's units: the
// framework's own example gives a Pawn "10 {value}", which zrun's
// evaluation values at 100.
const scriptScale = 10

// maxScriptScore bounds a scaled script score well inside the searcher's
// win scores (engine.Win is 100,000), so that no evaluation reads as a
// forced win.
const maxScriptScore = 40000

// scoreKnee is where bounding a score begins (squash): below it a scaled
// score is kept as it is.
const scoreKnee = 10000

// squash bounds a scaled script score to maxScriptScore without losing
// its order. Axiom's scores are 32-bit (#WinScore is 2,130,000,000) and
// the scripts use the room: Gwyddbwyll's and Gwidwill's Kings are worth
// 700 and the Pendragon 800, three times material-balance, so a side's
// score is some 60,000 once scaled, and a bound that cut scores off there
// made every position of the game read the same. Up to scoreKnee a score
// is unchanged; beyond, it approaches the bound as d/(d+h) does, h
// chosen so that the slope is 1 at the knee (and falls after it, slowly:
// at 70,000 a difference of 30, one of Gwyddbwyll's Squires, is still 3).
func squash(v int64) int {
	const h = maxScriptScore - scoreKnee
	sign := int64(1)
	if v < 0 {
		sign, v = -1, -v
	}
	if v <= scoreKnee {
		return int(sign * v)
	}
	d := v - scoreKnee
	return int(sign * (scoreKnee + h*d/(d+h)))
}

// HasEval reports whether the game's script defines its own OnEvaluate
// (the framework's returns 0), which Attach then gives the game as its
// evaluation (vm.Game.Eval).
func (src *Source) HasEval() bool { return src.eval != 0 }

// Evaluate runs the script's OnEvaluate on s and gives its score for
// player pl (vm.ScriptEvaluator). OnEvaluate scores the position for
// current-player, the player whose turn it is: the scripts that score for
// a fixed side turn it round for the other ("current-player Second = IF
// NEGATE ENDIF": Afrika's and Gabata's AI.4th, Ordo's with Dark), and
// Ohojitxi's "current-player material-balance NEGATE" is good for the
// player to move when that player has fewer seeds, which is how Ohojitxi
// is won. So the script runs with the turn of the player to move, and its
// score is negated when pl is another player; where the player to move is
// a random one (a throw of the dice), it runs with pl's own turn instead.
// move-count (stalemate?, the scripts' mobility terms) is the number of
// moves of the player the script runs for, as Axiom's shared moves list
// ($shareMovesList) gives it.
//
// The score is read from the start position's, which is its zero (zeroOf):
// the rules make the start a fair position, and the searcher weighs the
// evaluation against draws (0: a repetition, a game without moves).
// Where a game gives its sides different armies, a script's material
// term says the start is lost for one of them: Gwyddbwyll's White, with
// one Pendragon of 800 against four Kings of 700, reads -60,000 from its
// first move, and then every draw by repetition looked like a rescue and
// White shuffled a Squire to and fro. In a game whose start the script
// scores 0 (the same armies) nothing changes. A score is then bounded
// without losing its order (squash).
func (src *Source) Evaluate(s *vm.State, pl int) (int, error) {
	src.mu.Lock()
	defer src.mu.Unlock()
	if src.eval == 0 {
		return 0, fmt.Errorf("%s defines no OnEvaluate", src.files.Script)
	}
	v, err := src.evaluate(s, pl)
	if err != nil {
		return 0, err
	}
	z, err := src.zeroOf(pl)
	if err != nil {
		return 0, err
	}
	return squash(v - z), nil
}

// zeroOf is player pl's scaled score of the start position (0 where the
// game gave no start: Attach keeps one), worked out on the first call.
// In a game of two players who choose, the second's zero is the first's
// negated, so that the scores stay each other's negatives (each player's
// own score of the start differs by its mobility there).
func (src *Source) zeroOf(pl int) (int64, error) {
	if src.start == nil || pl < 0 || pl >= len(src.zero) {
		return 0, nil
	}
	if !src.zeroSet[pl] {
		who, sign := pl, int64(1)
		for _, t := range src.g.TurnOrder {
			if first := t.Mover; !src.g.Players[first].Random {
				if first != pl && src.opponent(first) == pl {
					who, sign = first, -1
				}
				break
			}
		}
		z, err := src.evaluate(src.start, who)
		if err != nil {
			return 0, err
		}
		src.zero[pl], src.zeroSet[pl] = sign*z, true
	}
	return src.zero[pl], nil
}

// setStart keeps the start position that zeroOf scores.
func (src *Source) setStart(s *vm.State) {
	src.start = s
	src.zero = make([]int64, len(src.g.Players))
	src.zeroSet = make([]bool, len(src.g.Players))
}

// evaluate is OnEvaluate's score of s for pl, scaled and unbounded.
func (src *Source) evaluate(s *vm.State, pl int) (int64, error) {
	m := src.m
	turn, sign := s.Turn, 1
	var count int32
	if mover := s.Chooser(); src.g.Players[mover].Random {
		turn = -1
		for i, t := range src.g.TurnOrder {
			if t.Mover == pl {
				turn = i
				break
			}
		}
		if turn < 0 {
			return 0, nil // pl never moves: nothing to score for
		}
		if err := src.syncTurn(s, turn); err != nil {
			return 0, err
		}
		n, err := src.countMoves(src.moverPieces())
		if err != nil {
			return 0, err
		}
		count = n
	} else {
		if mover != pl {
			sign = -1
		}
		src.evalML.Reset()
		if err := src.generate(s, &src.evalML); err != nil {
			return 0, err
		}
		count = int32(len(src.evalML.Moves))
		if err := src.sync(s); err != nil {
			return 0, err
		}
	}
	m.Store(src.movesBuf+cellSize, count)
	m.Seed(s.Hash())
	for i := 0; i < spareCells; i++ {
		m.Push(0)
	}
	if err := m.ExecuteCFA(src.eval); err != nil {
		return 0, err
	}
	if m.Depth() == 0 {
		return 0, fmt.Errorf("%s: OnEvaluate left no score", src.files.Script)
	}
	v := int64(m.Pop())
	for m.Depth() > 0 {
		m.Pop()
	}
	return int64(sign) * v * scriptScale, nil
}

// giveValues gives the game's pieces the script's {value}s, scaled as its
// scores are (vm.Game.Values, where the rule file gives none), for the
// searcher's piece values: a game evaluated by its script derives no
// others (package eval).
func (src *Source) giveValues() {
	g := src.g
	if len(g.Values) < len(g.Pieces) {
		g.Values = append(g.Values, make([]int, len(g.Pieces)-len(g.Values))...)
	}
	for _, p := range src.pieces {
		if t, ok := src.typeVM[p.code]; ok && g.Values[t] == 0 && p.value > 0 {
			g.Values[t] = int(p.value) * scriptScale
		}
	}
}

// countMoves is the number of moves player pl (an Axiom player code) has
// on the machine's board, every move of any type, as $GenerateMoves
// counts them.
func (src *Source) countMoves(pl int32) (int32, error) {
	m := src.m
	g := &src.gen
	saved := g.moves
	g.moves, g.edits, g.active = nil, nil, true
	err := src.collect(pl&maskPlayer, 0, func(cfa int32) error {
		_, err := m.ExecuteCatch(cfa)
		return err
	})
	n := int32(len(g.moves))
	g.moves, g.active = saved, false
	return n, err
}

// engineKind names the player an {players ... players} slot asks for: the
// framework's default $NegamaxMove is "" (zrun's own search plays, with
// the script's OnEvaluate), {random} and {first} are vm.PlayerRandom and
// vm.PlayerFirst, {UCT} vm.PlayerUCT, and a {search-engine} of the
// script's own "search-engine WORD".
func (src *Source) engineKind(cfa int32) string {
	name := func(w string) int32 {
		c, _ := src.m.Find(w)
		return c
	}
	switch cfa {
	case 0, name("$NegamaxMove"):
		return ""
	case name("$RandomMoveEngine"):
		return vm.PlayerRandom
	case name("$FirstMoveEngine"):
		return vm.PlayerFirst
	case name("$UCTMove"):
		return vm.PlayerUCT
	}
	return "search-engine " + src.m.String(src.m.Fetch(cfa-3*cellSize))
}
