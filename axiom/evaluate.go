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
const maxScriptScore = 25000

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
func (src *Source) Evaluate(s *vm.State, pl int) (int, error) {
	src.mu.Lock()
	defer src.mu.Unlock()
	if src.eval == 0 {
		return 0, fmt.Errorf("%s defines no OnEvaluate", src.files.Script)
	}
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
	v := int(m.Pop())
	for m.Depth() > 0 {
		m.Pop()
	}
	v = max(-maxScriptScore, min(maxScriptScore, v*scriptScale))
	return sign * v, nil
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
