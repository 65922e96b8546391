// This file defines the Monte Carlo tree search player (UCT): for games
// where a static evaluation means little (connection and line games,
// sowing, races, flipping), random playouts to the game's end estimate how
// good a move is, and the tree grows where the estimates are best. It plays
// on the same Position as the alpha-beta Searcher, through Generate, Make
// and Outcome alone, so every rule file gets it.

package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

// Player is a way to choose moves: the alpha-beta Searcher or MCTS.
type Player[M any] interface {
	Search(ctx context.Context, lim Limits) Result[M]
	// SetInfo sets the progress report (nil: none).
	SetInfo(f func(Info))
}

// SetInfo sets OnInfo.
func (s *Searcher[M]) SetInfo(f func(Info)) { s.OnInfo = f }

const (
	// uctC is the exploration constant of UCB1 (sqrt 2 in theory; smaller
	// trusts the playouts more, as most game programs do).
	uctC = 1.0
	// playoutCap bounds a playout; a game still going then is scored by
	// the evaluation.
	playoutCap = 300
	// evalScale turns an evaluation (centipawns) into a win chance.
	evalScale = 400.0
	// mctsReport is how often (in iterations) progress is reported.
	mctsReport = 2000
)

// MCTS is the UCT player. It keeps no tree between searches.
type MCTS[M any] struct {
	pos    Position[M]
	OnInfo func(Info)
	rng    *rand.Rand
	bufs   [][]M // per depth below the root: tree walk and playout
	nodes  uint64
	// deadline: the search's hard limit (zero: none); a playout still
	// going then stops and is scored by the evaluation, as at the cap.
	deadline time.Time
}

// NewMCTS makes a UCT player for pos; seed fixes its random choices, so a
// search with a node limit is repeatable.
func NewMCTS[M any](pos Position[M], seed uint64) *MCTS[M] {
	return &MCTS[M]{pos: pos, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// SetInfo sets OnInfo.
func (t *MCTS[M]) SetInfo(f func(Info)) { t.OnInfo = f }

// mctsNode is a position of the tree: its player, and its children once
// expanded (the legal moves, by their index in Generate's list, which is
// the same every time the position is reached).
type mctsNode struct {
	player   int
	random   bool
	expanded bool
	// over: the game has ended here (winner, loser as Outcome gives).
	over          bool
	winner, loser int
	children      []mctsChild
	visits        float64
}

type mctsChild struct {
	idx    int
	node   *mctsNode
	visits float64
	wins   float64 // for the player who chooses at the parent
}

// outcome is how a playout ended: a result, or an evaluation at the cap.
type outcome struct {
	over          bool
	winner, loser int
	values        map[int]float64 // capped: win chance by player
}

// value is the playout's worth, 0 to 1, to player p.
func (o *outcome) value(p int) float64 {
	switch {
	case !o.over:
		return o.values[p]
	case o.winner >= 0:
		if p == o.winner {
			return 1
		}
		return 0
	case o.loser >= 0:
		if p == o.loser {
			return 0
		}
		return 1
	}
	return 0.5
}

// buf returns the move buffer of depth d.
func (t *MCTS[M]) buf(d int) []M {
	for len(t.bufs) <= d {
		t.bufs = append(t.bufs, nil)
	}
	return t.bufs[d][:0]
}

// Search runs playouts until a limit (Nodes counts positions visited, in
// the tree and in playouts; Depth is ignored: MCTS has none) or the
// context ends, and returns the most visited move. With no limit it runs
// for a second.
func (t *MCTS[M]) Search(ctx context.Context, lim Limits) Result[M] {
	start := time.Now()
	t.nodes = 0
	soft, hard := timeBudget(lim)
	if hard == 0 && lim.Nodes == 0 {
		hard = time.Second
	}
	if soft == 0 {
		soft = hard
	}
	t.deadline = time.Time{}
	if hard > 0 {
		t.deadline = start.Add(hard)
	}
	var res Result[M]
	pos := t.pos
	moves := pos.Generate(t.buf(0))
	t.bufs[0] = moves
	root := &mctsNode{player: pos.ToMove(), random: pos.Random()}
	t.expand(root, moves)
	if len(root.children) == 0 {
		return res
	}
	if len(root.children) > 1 && !root.random {
		for it := 1; ; it++ {
			t.iterate(root)
			if lim.Nodes > 0 && t.nodes >= lim.Nodes || ctx.Err() != nil {
				break
			}
			// the clock at every iteration: one can take a long time where
			// the moves come from a script (a playout of an Axiom game)
			if el := time.Since(start); soft > 0 && el >= soft || hard > 0 && el >= hard {
				break
			}
			if it%mctsReport == 0 && t.OnInfo != nil {
				t.OnInfo(t.info(root, start))
			}
		}
	}
	best := t.best(root)
	// The root's moves are generated again: the tree walk has reused the
	// buffer, and Best must be valid until the next Generate at the root.
	moves = pos.Generate(t.buf(0))
	t.bufs[0] = moves
	res.Best, res.Found = moves[root.children[best].idx], true
	in := t.info(root, start)
	res.Score, res.Depth, res.Nodes, res.Time, res.PV = in.Score, in.Depth, in.Nodes, in.Time, in.PV
	if t.OnInfo != nil {
		t.OnInfo(in)
	}
	return res
}

// expand lists n's legal moves (those Make accepts) and notes whether the
// game is over there; moves must be the position's Generate.
func (t *MCTS[M]) expand(n *mctsNode, moves []M) {
	n.expanded = true
	pos := t.pos
	if over, w, l := pos.Outcome(); over {
		n.over, n.winner, n.loser = true, w, l
		return
	}
	for i := range moves {
		if pos.Make(moves[i]) {
			pos.Unmake()
			n.children = append(n.children, mctsChild{idx: i})
		}
	}
	if len(n.children) == 0 {
		n.over = true
		_, n.winner, n.loser = pos.NoMoves()
	}
}

// iterate walks down the tree by UCB1 from the root, adds one node, plays
// a random game from it, and credits the result along the path.
func (t *MCTS[M]) iterate(root *mctsNode) {
	pos := t.pos
	type step struct {
		n *mctsNode
		c int
	}
	var path [64]step
	walk := path[:0]
	n := root
	depth := 0
	var out outcome
	for {
		if n.over {
			out = outcome{over: true, winner: n.winner, loser: n.loser}
			break
		}
		c := t.choose(n)
		ch := &n.children[c]
		moves := pos.Generate(t.buf(depth))
		t.bufs[depth] = moves
		if ch.idx >= len(moves) || !pos.Make(moves[ch.idx]) {
			// The same position generates the same moves; anything else
			// is a bug of the game's adapter: stop here.
			out = outcome{over: true, winner: -1, loser: -1}
			break
		}
		t.nodes++
		depth++
		walk = append(walk, step{n, c})
		if ch.node == nil {
			child := &mctsNode{player: pos.ToMove(), random: pos.Random()}
			moves := pos.Generate(t.buf(depth))
			t.bufs[depth] = moves
			t.expand(child, moves)
			ch.node = child
			if child.over {
				out = outcome{over: true, winner: child.winner, loser: child.loser}
			} else {
				out = t.playout(depth, root)
			}
			break
		}
		n = ch.node
	}
	for i := len(walk) - 1; i >= 0; i-- {
		pos.Unmake()
		st := walk[i]
		st.n.visits++
		ch := &st.n.children[st.c]
		ch.visits++
		ch.wins += out.value(st.n.player)
	}
}

// choose picks the child to follow: at random for a random player (dice),
// else an unvisited child first, then by UCB1.
func (t *MCTS[M]) choose(n *mctsNode) int {
	if n.random {
		return t.rng.IntN(len(n.children))
	}
	best, bestV := 0, math.Inf(-1)
	logN := math.Log(n.visits + 1)
	for i := range n.children {
		ch := &n.children[i]
		if ch.visits == 0 {
			return i
		}
		v := ch.wins/ch.visits + uctC*math.Sqrt(logN/ch.visits)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// playout plays random legal moves from depth until the game ends or the
// cap, takes them back, and returns how it ended; at the cap each player on
// the path is scored by the evaluation.
func (t *MCTS[M]) playout(depth int, root *mctsNode) outcome {
	pos := t.pos
	made := 0
	var out outcome
	for {
		moves := pos.Generate(t.buf(depth + made))
		t.bufs[depth+made] = moves
		if over, w, l := pos.Outcome(); over {
			out = outcome{over: true, winner: w, loser: l}
			break
		}
		if made >= playoutCap || made&3 == 3 && !t.deadline.IsZero() && time.Now().After(t.deadline) {
			out = outcome{values: map[int]float64{}}
			for _, p := range t.players(root) {
				out.values[p] = 1 / (1 + math.Exp(-float64(pos.Evaluate(p))/evalScale))
			}
			break
		}
		played := false
		for len(moves) > 0 {
			i := t.rng.IntN(len(moves))
			if pos.Make(moves[i]) {
				played = true
				break
			}
			moves[i] = moves[len(moves)-1]
			moves = moves[:len(moves)-1]
		}
		if !played {
			over, w, l := pos.NoMoves()
			out = outcome{over: over, winner: w, loser: l}
			if !over {
				out.winner, out.loser = -1, -1
				out.over = true
			}
			break
		}
		made++
		t.nodes++
	}
	for range made {
		pos.Unmake()
	}
	return out
}

// players lists the players who choose in the tree's first levels, those
// whose values a capped playout must give.
func (t *MCTS[M]) players(root *mctsNode) []int {
	seen := map[int]bool{root.player: true}
	out := []int{root.player}
	for _, ch := range root.children {
		if ch.node != nil && !seen[ch.node.player] {
			seen[ch.node.player] = true
			out = append(out, ch.node.player)
		}
	}
	return out
}

// best is the root's most visited child.
func (t *MCTS[M]) best(root *mctsNode) int {
	best := 0
	for i, ch := range root.children {
		if ch.visits > root.children[best].visits {
			best = i
		}
	}
	return best
}

// info reports the search: the most visited line as the principal
// variation, its length as the depth, and the root's best win rate as a
// score in centipawn-like units.
func (t *MCTS[M]) info(root *mctsNode, start time.Time) Info {
	in := Info{Nodes: t.nodes, Time: time.Since(start)}
	if len(root.children) == 0 {
		return in
	}
	b := t.best(root)
	ch := root.children[b]
	if ch.visits > 0 {
		p := min(max(ch.wins/ch.visits, 0.001), 0.999)
		in.Score = int(math.Round(evalScale * math.Log10(p/(1-p))))
	}
	// Walk the most visited line, naming each move before making it.
	pos := t.pos
	n := root
	made := 0
	for n != nil && len(n.children) > 0 && made < 32 {
		c := t.best(n)
		moves := pos.Generate(t.buf(made))
		t.bufs[made] = moves
		idx := n.children[c].idx
		if n.children[c].visits == 0 || idx >= len(moves) {
			break
		}
		in.PV = append(in.PV, pos.MoveText(moves[idx]))
		if !pos.Make(moves[idx]) {
			break
		}
		made++
		n = n.children[c].node
	}
	for range made {
		pos.Unmake()
	}
	in.Depth = len(in.PV)
	return in
}
