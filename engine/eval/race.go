// This file derives the race term: in a game whose pieces run along a
// track and leave the board at its end, which the first to bring all its
// pieces off wins (Senet), a piece borne off is progress, not a loss;
// material, which counts the pieces on the board, says the opposite. (The
// Royal Game of Ur is such a race too, but its pieces stack and are moved
// on after they land, so the moves seen show no track; its variables
// count the pieces borne off, which scorevars.go reads.) The term is the pip count of such games: each piece
// on the board counts minus the moves it still needs to leave, one borne
// off counts 0.
//
// Its tables come from the game's own moves, not from lone pieces on an
// empty board: it is derived only for games whose moves a script makes
// (vm.Game.Moves: Axiom), which Derive does not probe (a script's moves
// depend on the whole position: the dice on the board), and which give no
// evaluation of their own (vm.Game.Eval). A few seeded random games are
// played from the start; each move a choosing player makes is recorded
// square to square, or to "off" when the piece moved is not on the board
// afterwards (its move bore it off). The game is a race when both players
// bore pieces off, no move onto an enemy piece took it off the board (a
// race sends pieces back, it does not capture them), and most moves went
// towards the exit. Then each player's number of moves to leave the
// board, square by square, is found from the moves seen (movesToLeave).
// Games it does not apply to have no race term (their tables unchanged).

package eval

import (
	"math"
	"math/rand/v2"
	"time"

	"zrun/vm"
)

const (
	// raceUnit is the race term's value of one move (a throw of Senet's
	// sticks takes a piece 1 to 5 squares on).
	raceUnit = 30
	// raceIterations bounds the iteration that finds the moves to leave
	// the board, and raceFar is where a square counts as never leaving.
	raceIterations = 2000
	raceFar        = 1000
	// racePlies bounds the random games' plies and raceGames their
	// number; observeTime bounds their time.
	racePlies = 4500
	raceGames = 3
	// raceOneWay is the share of moves that must go towards the exit.
	raceOneWay = 0.75
	// raceMinMoves is the least number of own moves seen per player.
	raceMinMoves = 50
)

// raceSeen is what the random games showed of one player's pieces.
type raceSeen struct {
	edges map[[2]int32]int // from, to: how many moves made it
	exits map[int32]int    // squares a piece left the board from: how many times
	types map[int]bool     // the types of the pieces moved
	moves int
}

// race is the derived race term: for each player, the distance to leaving
// the board from each square (moves), and the types that run.
type race struct {
	dist  [][]float64 // by player, square: moves to leave (movesToLeave); -1: not on the track
	far   []float64   // by player: the track's longest distance
	types []map[int]bool
}

// observed is what seeded random games of a script game showed: each
// choosing player's moves square to square (seen, by player), whether a
// move onto an enemy piece took it off the board, and how each game
// variable changed (vars).
type observed struct {
	choosers map[int]bool // the players who choose their moves
	own      bool         // each moves its own pieces (no {for-player})
	seen     []raceSeen
	captured bool
	vars     []varSeen
}

// varSeen is how one game variable (vm.State.Vars) changed in the games:
// the moves of each choosing player that raised it, and the moves that
// lowered it or that a random player made and changed it.
type varSeen struct {
	up          []int // by player
	down, other int
}

// observe plays g's seeded random games, for a game whose moves a script
// makes and that gives no evaluation of its own, of two choosing players;
// nil for other games, and for a script too slow to play them.
func observe(g *vm.Game) *observed {
	if g.Moves == nil || g.Eval != nil {
		return nil
	}
	choosers, own := map[int]bool{}, true
	for _, tu := range g.TurnOrder {
		if !g.Players[tu.Mover].Random {
			choosers[tu.Mover] = true
			own = own && tu.As == tu.Mover
		}
	}
	if len(choosers) != 2 {
		return nil
	}
	ob := &observed{choosers: choosers, own: own, seen: make([]raceSeen, len(g.Players)), vars: make([]varSeen, len(g.Vars))}
	for i := range ob.seen {
		ob.seen[i] = raceSeen{edges: map[[2]int32]int{}, exits: map[int32]int{}, types: map[int]bool{}}
	}
	for i := range ob.vars {
		ob.vars[i].up = make([]int, len(g.Players))
	}
	rng := rand.New(rand.NewPCG(0x5e7e, 0x0b0a7d))
	var ml vm.MoveList
	var acts []vm.Act
	type moved struct {
		from, to int32
		t        int
	}
	var pending []moved
	vars := make([]int64, len(g.Vars))
	start, plies := time.Now(), 0
	for game := 0; game < raceGames && plies < racePlies; game++ {
		if game > 0 && len(g.Vars) == 0 && !ob.exitsSeen() {
			return ob // a whole game and no piece borne off: no race
		}
		s, err := vm.NewState(g)
		if err != nil {
			return nil
		}
		for plies < racePlies {
			if time.Since(start) > observeTime {
				return ob // a slow script: what the games showed so far
			}
			if s.Generate(&ml) != nil || len(ml.Moves) == 0 {
				break
			}
			if o, err := s.Outcome(&ml); err != nil || o.Over {
				break
			}
			m := &ml.Moves[rng.IntN(len(ml.Moves))]
			tu := g.TurnOrder[s.Turn]
			choosing := !g.Players[tu.Mover].Random
			pl := tu.Mover
			pending = pending[:0]
			enemies, onEnemy := 0, false
			if choosing {
				acts = m.Actions(acts)
				for _, a := range acts {
					if a.Kind != vm.ActMove || a.From < 0 || int(a.From) >= len(s.Board) {
						continue
					}
					if c := s.Board[a.From]; c != vm.Empty && c.Owner() == pl {
						pending = append(pending, moved{a.From, a.To, c.Type()})
					}
					if a.To >= 0 && int(a.To) < len(s.Board) {
						if c := s.Board[a.To]; c != vm.Empty && c.Owner() != pl && choosers[c.Owner()] {
							onEnemy = true
						}
					}
				}
				enemies = countOthers(s, pl, choosers)
			}
			copy(vars, s.Vars)
			if s.Make(m) != nil {
				return nil
			}
			plies++
			for i, v := range s.Vars {
				switch vs := &ob.vars[i]; {
				case v == vars[i]:
				case !choosing:
					vs.other++
				case v < vars[i]:
					vs.down++
				default:
					vs.up[pl]++
				}
			}
			if !choosing {
				continue
			}
			if onEnemy && countOthers(s, pl, choosers) < enemies {
				ob.captured = true
			}
			r := &ob.seen[pl]
			for _, mv := range pending {
				r.moves++
				r.types[mv.t] = true
				if mv.to >= 0 && int(mv.to) < len(s.Board) && s.Board[mv.to] != vm.Empty && s.Board[mv.to].Owner() == pl {
					r.edges[[2]int32{mv.from, mv.to}]++
				} else {
					r.exits[mv.from]++
				}
			}
		}
	}
	return ob
}

// exitsSeen reports whether every choosing player bore a piece off.
func (ob *observed) exitsSeen() bool {
	for pl := range ob.choosers {
		if len(ob.seen[pl].exits) == 0 {
			return false
		}
	}
	return true
}

// deriveRace is the race term of the game ob observed, or nil when it is
// no race.
func deriveRace(g *vm.Game, ob *observed) *race {
	if ob == nil || ob.captured || !ob.own {
		return nil
	}
	return judgeRace(g, ob.seen, ob.choosers)
}

// judgeRace makes the race term from what the games showed: nil when they
// show no race.
func judgeRace(g *vm.Game, seen []raceSeen, choosers map[int]bool) (rc *race) {
	n := g.Board.N()
	rc = &race{dist: make([][]float64, len(g.Players)), far: make([]float64, len(g.Players)), types: make([]map[int]bool, len(g.Players))}
	for pl := range choosers {
		r := &seen[pl]
		if len(r.exits) == 0 || r.moves < raceMinMoves {
			return nil
		}
		dist := movesToLeave(n, sharedTrack(seen, choosers, pl))
		towards, all := 0, 0
		for e, k := range r.edges {
			all += k
			if a, b := dist[e[0]], dist[e[1]]; a > 0 && b > 0 && b < a {
				towards += k
			}
		}
		for _, k := range r.exits {
			towards += k
			all += k
		}
		if float64(towards) < raceOneWay*float64(all) {
			return nil
		}
		far := 0.0
		for _, d := range dist {
			far = max(far, d)
		}
		rc.dist[pl], rc.far[pl], rc.types[pl] = dist, far, r.types
	}
	return rc
}

// sharedTrack is what the games showed of pl's moves, with the other
// player's added when both moved from the same squares (Senet's players
// run one track: pooled, their tables are the same, not two samples of
// the same odds, which would make one side's pieces look slower).
func sharedTrack(seen []raceSeen, choosers map[int]bool, pl int) *raceSeen {
	from := func(r *raceSeen) map[int32]bool {
		f := map[int32]bool{}
		for e := range r.edges {
			f[e[0]] = true
		}
		return f
	}
	mine := from(&seen[pl])
	pooled := raceSeen{edges: map[[2]int32]int{}, exits: map[int32]int{}, types: seen[pl].types, moves: seen[pl].moves}
	for q := range choosers {
		if q != pl {
			theirs := from(&seen[q])
			both := 0
			for p := range mine {
				if theirs[p] {
					both++
				}
			}
			if 10*both < 9*max(len(mine), len(theirs)) {
				return &seen[pl]
			}
		}
	}
	for q := range choosers {
		for e, k := range seen[q].edges {
			pooled.edges[e] += k
		}
		for p, k := range seen[q].exits {
			pooled.exits[p] += k
		}
	}
	return &pooled
}

// observeTime bounds the time of the random games: a script slower than
// racePlies in observeTime (Senet plays 25,000 plies a second, Ur 6,000,
// Abstract Mancala about 600; a machine shared with other work a few
// times fewer) is judged on the games played so far, so that its tables
// may then depend on the machine's load. Tests that compare tables raise
// it (SetObserveTime).
var observeTime = 2 * time.Second

// countOthers counts the pieces on s's board of the choosing players
// other than pl.
func countOthers(s *vm.State, pl int, choosers map[int]bool) int {
	k := 0
	for _, c := range s.Board {
		if c != vm.Empty && c.Owner() != pl && choosers[c.Owner()] {
			k++
		}
	}
	return k
}

// movesToLeave is, for each square, the number of its own moves a piece
// standing there takes to leave the board, on average, moving as the
// random games moved (each square's moves in the proportions seen: the
// throws' odds, and back where a piece had no move forward): E(exit) = 0,
// E(p) = 1 + the mean of E over the moves seen from p, solved by
// iteration. -1 for a square no move was seen from or whose moves never
// lead off the board. Unlike the fewest moves, it tells the squares one
// throw apart from each other.
func movesToLeave(n int, r *raceSeen) []float64 {
	type out struct {
		to int32 // n: off the board
		k  float64
	}
	outs := make([][]out, n)
	total := make([]float64, n)
	for e, k := range r.edges {
		if e[0] >= 0 && int(e[0]) < n && e[1] >= 0 && int(e[1]) < n {
			outs[e[0]] = append(outs[e[0]], out{e[1], float64(k)})
			total[e[0]] += float64(k)
		}
	}
	for p, k := range r.exits {
		if p >= 0 && int(p) < n {
			outs[p] = append(outs[p], out{int32(n), float64(k)})
			total[p] += float64(k)
		}
	}
	e := make([]float64, n+1) // e[n]: off the board
	for iter := 0; iter < raceIterations; iter++ {
		change := 0.0
		for p := 0; p < n; p++ {
			if total[p] == 0 {
				continue
			}
			v := 0.0
			for _, o := range outs[p] {
				v += o.k * e[o.to]
			}
			v = 1 + v/total[p]
			change = max(change, v-e[p])
			e[p] = v
		}
		if change < 1e-6 {
			break
		}
	}
	for p := 0; p < n; p++ {
		if total[p] == 0 || e[p] > raceFar {
			e[p] = -1
		}
	}
	return e[:n]
}

// apply writes the race term into ev's tables: a running piece of pl on
// square p counts raceUnit for each move it takes to leave the board, on
// average, negated, in place of its material and placement (a square off
// the track as one move beyond the farthest), and one borne off counts 0;
// the other pieces keep theirs.
func (rc *race) apply(ev *Evaluator) {
	for pl, dist := range rc.dist {
		if dist == nil {
			continue
		}
		for t := range rc.types[pl] {
			row := make([]int, len(dist))
			for p, d := range dist {
				if d < 0 {
					d = rc.far[pl] + 1
				}
				row[p] = -int(math.Round(d*raceUnit)) - ev.value[t]
			}
			ev.pst[pl*ev.nT+t] = row
			ev.pstRaw[pl*ev.nT+t] = row
		}
	}
}
