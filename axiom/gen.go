package axiom

import (
	"fmt"
	"slices"

	"zrun/forth"
	"zrun/vm"
)

// sync writes the VM position into the machine: the board, the turn
// ($SetTurn of the turn-order entry, which sets $player, $forPlayer,
// $ofType and the symmetries' $playerOffset) and the turn number.
func (src *Source) sync(s *vm.State) error { return src.syncTurn(s, s.Turn) }

// syncTurn is sync with the turn-order entry turn in place of s's.
func (src *Source) syncTurn(s *vm.State, turn int) error {
	m := src.m
	board := m.Fetch(src.aBoard)
	for i, p := range src.posVM {
		if p < 0 {
			m.Store(board+int32(i)*cellSize, 0)
			continue
		}
		code, err := src.axCode(s.Board[p])
		if err != nil {
			return err
		}
		m.Store(board+int32(i)*cellSize, code)
	}
	if len(s.Vars) != src.nVars {
		return fmt.Errorf("the position has %d game variables, the script's board %d", len(s.Vars), src.nVars)
	}
	for i, v := range s.Vars {
		m.Store(board+int32(src.nPos+i)*cellSize, int32(v))
	}
	m.Push(int32(turn * turnCells * cellSize))
	if err := m.ExecuteCFA(src.setTurn); err != nil {
		return err
	}
	m.Store(src.aTurnNumber, int32(s.Ply))
	m.Store(src.aPartial, 0)
	m.Store(src.aPassed, 0)
	return nil
}

// axCode is the Axiom piece of a VM cell: type number | player code |
// attribute bits above bit 16.
func (src *Source) axCode(c vm.Cell) (int32, error) {
	if c == vm.Empty {
		return 0, nil
	}
	t := src.typeAx[c.Type()]
	if t == 0 {
		return 0, fmt.Errorf("piece %s is not one of the script's pieces", src.g.Pieces[c.Type()].Name)
	}
	return t | src.plAx[c.Owner()]&maskPlayer | int32(c.Attrs()<<16), nil
}

// vmCell is the VM cell of an Axiom piece.
func (src *Source) vmCell(code int32) (vm.Cell, error) {
	if code == 0 {
		return vm.Empty, nil
	}
	t, ok := src.typeVM[code&maskType]
	if !ok {
		for _, p := range src.pieces {
			if p.code == code&maskType {
				return 0, fmt.Errorf("a move puts piece %s on the board, which the rule file does not define", p.name)
			}
		}
		// QXO's drop-piece makes "get-curr-type DIM +": the classical
		// piece of a tenth turn, past its X5 (type 19)
		return 0, fmt.Errorf("a move puts piece number %d on the board, which neither the script's %d {pieces} nor the rule file define", code&maskType, len(src.pieces))
	}
	pl, ok := src.plVM[code&maskPlayer]
	if !ok {
		return 0, fmt.Errorf("piece code %#x has no player", code)
	}
	return vm.MakeCell(t, pl, uint64(uint32(code)>>16)), nil
}

// Generate runs the script's move words for the player to move
// (vm.MoveSource). As Axiom does, a piece's {moves} run from every
// position holding a piece of that type of the player to move, and
// {drops} from every position; the turn's {of-type} admits only moves of
// that type, {move-priorities} keep the best-ranked, and with
// $passTurnForced a player without moves passes.
func (src *Source) Generate(s *vm.State, ml *vm.MoveList) error {
	src.mu.Lock()
	defer src.mu.Unlock()
	return src.generate(s, ml)
}

func (src *Source) generate(s *vm.State, ml *vm.MoveList) error {
	if e := src.cached(s); e != nil {
		for _, b := range e.moves {
			ml.AddMove(b.m, b.eff, b.acts)
		}
		return nil
	}
	m := src.m
	if err := src.sync(s); err != nil {
		return err
	}
	// Scripts may draw random numbers while generating (Filler's
	// colours): the same position must give the same moves.
	m.Seed(s.Hash())
	g := &src.gen
	g.s, g.ml, g.moves, g.active = s, ml, g.moves[:0], true
	defer func() { g.active = false }()
	call := func(cfa int32) error {
		_, err := m.ExecuteCatch(cfa)
		return err
	}
	if err := src.collect(src.moverPieces(), m.Fetch(src.aOfType), call); err != nil {
		return err
	}
	best := int32(noPriority + 1)
	prio := m.Fetch(src.aPriorities)
	rank := func(t int32) int32 {
		if prio == 0 || t < 0 || t >= 128 {
			return noPriority
		}
		return m.Fetch(prio + t*cellSize)
	}
	for _, b := range g.moves {
		best = min(best, rank(b.mtype))
	}
	var kept []built
	for _, b := range g.moves {
		if rank(b.mtype) == best {
			kept = append(kept, b)
		}
	}
	if len(kept) == 0 && m.Fetch(src.aPassForced) != 0 {
		kept = append(kept, built{m: vm.PassMove()})
	}
	for _, b := range kept {
		ml.AddMove(b.m, b.eff, b.acts)
	}
	src.remember(s, kept)
	return nil
}

// moverPieces is the player whose pieces move this turn: $forPlayer, which
// the turn's {for-player} sets ("Player makes moves for this player",
// axiom.4th; {turn} alone makes it the player itself). AbstractMancala's
// First and Second sow the seeds of ?C ("{turn} First {for-player} ?C",
// as its rule file's "(First ?C)"), Jofur's Light and Dark move ?Owner's
// pieces, MarGo's and Chase's random players clear for W, B, White, Red.
func (src *Source) moverPieces() int32 {
	if p := src.m.Fetch(src.aForPlayer) & maskPlayer; p != 0 {
		return p
	}
	return src.curPlayer()
}

// cacheSize is how many positions' move lists a Source keeps. A script's
// move words are slow next to compiled programs (Game of Life runs its
// whole life tick for each of its drops), and the VM asks for the same
// position's moves several times in a row (legal and pseudo-legal moves,
// the outcome, a playout's checks, a search's re-visits).
const cacheSize = 64

// cacheEntry is one position's moves: the position is known by its hash,
// and compared whole (board, turn, ply: turn-number) so that a hash
// collision cannot give another position's moves.
type cacheEntry struct {
	hash  uint64
	turn  int
	ply   int
	board []vm.Cell
	vars  []int64
	moves []built
	// outcome is OnIsGameOver's answer here (nil: not asked yet), for
	// nLegal legal moves (move-count).
	outcome *cachedOutcome
	nLegal  int
}

func (src *Source) cached(s *vm.State) *cacheEntry {
	h := s.Hash()
	for i := range src.cache {
		e := &src.cache[i]
		if e.board != nil && e.hash == h && e.turn == s.Turn && e.ply == s.Ply && slices.Equal(e.board, s.Board) && slices.Equal(e.vars, s.Vars) {
			return e
		}
	}
	return nil
}

func (src *Source) remember(s *vm.State, moves []built) {
	e := &src.cache[src.cacheNext]
	src.cacheNext = (src.cacheNext + 1) % cacheSize
	e.hash, e.turn, e.ply = s.Hash(), s.Turn, s.Ply
	e.board = append(e.board[:0], s.Board...)
	e.vars = append(e.vars[:0], s.Vars...)
	e.moves = moves
	e.outcome = nil
}

// collect runs the move words of player pl's pieces and every piece's
// drops into src.gen.moves, admitting moves of type ofType (0: any), each
// word through call.
func (src *Source) collect(pl, ofType int32, call func(int32) error) error {
	m := src.m
	board := m.Fetch(src.aBoard)
	for pos := 0; pos < src.nScan; pos++ {
		c := m.Fetch(board + int32(pos)*cellSize)
		if c == 0 || c&maskPlayer != pl {
			continue
		}
		for _, p := range src.pieces {
			if p.code == c&maskType && p.moves != 0 {
				if err := src.runList(p.moves, int32(pos), c&maskPiece, false, ofType, call); err != nil {
					return err
				}
			}
		}
	}
	for _, p := range src.pieces {
		if p.drops == 0 {
			continue
		}
		for pos := 0; pos < src.nScan; pos++ {
			if err := src.runList(p.drops, int32(pos), p.code|pl, true, ofType, call); err != nil {
				return err
			}
		}
	}
	return nil
}

// spareCells is how many cells a move word finds below its stack.
const spareCells = 4

// runList runs each move word of a {moves ... moves} list from pos: the
// list's word has the count in its parameter field, then (word, type)
// pairs.
func (src *Source) runList(list, pos, piece int32, drop bool, ofType int32, call func(int32) error) error {
	m := src.m
	pfa := list + cellSize
	n := m.Fetch(pfa)
	for i := int32(0); i < n; i++ {
		word := m.Fetch(pfa + cellSize + i*2*cellSize)
		mtype := m.Fetch(pfa + cellSize + i*2*cellSize + cellSize)
		if ofType != 0 && mtype != ofType {
			continue
		}
		m.Store(src.aFrom, pos)
		m.Store(src.aPos, pos)
		m.Store(src.aPiece, piece)
		m.Store(src.aPartial, 0)
		src.gen.edits = src.gen.edits[:0]
		src.gen.drop, src.gen.mtype = drop, mtype
		// Axiom does not check its data stack for underflow: MarGo's
		// clear-f DROPs a cell it never pushed ("captured-tiles @ 0> IF
		// ... ELSE DROP ENDIF") and goes on to add its move. A move word
		// gets a few zero cells below its own to take, as it would find
		// on Axiom's stack, and the stack is cut back after it.
		depth := m.Depth()
		for i := 0; i < spareCells; i++ {
			m.Push(0)
		}
		src.gen.code = m.Here()
		err := call(word)
		m.SetHere(src.gen.code)
		if err != nil {
			return err
		}
		for m.Depth() > depth { // a word that leaves cells behind
			m.Pop()
		}
	}
	return nil
}

// addMove finishes the move being built: its edits are played on a copy
// of the board to give the VM's effects (each position's new cell, in
// order) and acts, and the edit list starts again empty, since scripts
// add several moves from one word ("from here move add-move" in a loop,
// Ordo's Common.4th).
func (src *Source) addMove() error {
	g := &src.gen
	if !g.active {
		return fmt.Errorf("used outside move generation")
	}
	if src.m.Fetch(src.aPartial) != 0 {
		return fmt.Errorf("partial moves are not implemented")
	}
	m := src.m
	board := m.Fetch(src.aBoard)
	// the cells the edits changed so far, (position, piece) pairs: a
	// move changes a few, so a list beats a map (and allocates nothing)
	sim := src.sim[:0]
	defer func() { src.sim = sim[:0] }()
	get := func(p int32) int32 {
		for i := len(sim) - 1; i >= 0; i-- {
			if sim[i][0] == p {
				return sim[i][1]
			}
		}
		return m.Fetch(board + p*cellSize)
	}
	var eff []vm.Effect
	var acts []vm.Act
	set := func(p, c int32) error {
		sim = append(sim, [2]int32{p, c})
		if src.posVM[p] < 0 {
			if c == 0 {
				return nil
			}
			return fmt.Errorf("a move puts a piece on %s, which the rule file's board does not have", src.posName[p])
		}
		cell, err := src.vmCell(c)
		if err != nil {
			return err
		}
		eff = append(eff, vm.Effect{Pos: src.posVM[p], Kind: vm.EffCell, Val: cell})
		return nil
	}
	typ := func(c int32) int16 {
		if t, ok := src.typeVM[c&maskType]; ok {
			return int16(t)
		}
		return -1
	}
	mv := vm.Move{From: vm.NoPos, To: vm.NoPos, Continue: -1, Piece: typ(src.curPiece()), Drop: g.drop}
	for _, e := range g.edits {
		switch e.kind {
		case eMove:
			c := get(e.from)
			if c == 0 {
				continue // nothing to move: Axiom moves nothing
			}
			if get(e.to) != 0 && e.to != e.from {
				mv.Captures++
			}
			// Written "x" when the destination held a piece before the
			// move, as the VM's own moves are: Zillions' Ordo/Crazy.zsg
			// writes Ordo's group step "Man c7 - d7 Man b7 x c7 Man a7 x
			// b7", each man landing where the one ahead stood.
			took := m.Fetch(board+e.to*cellSize) != 0 && e.to != e.from
			if err := set(e.from, 0); err != nil {
				return err
			}
			if err := set(e.to, c); err != nil {
				return err
			}
			acts = append(acts, vm.Act{Kind: vm.ActMove, Captures: took, Type: typ(c), From: src.posVM[e.from], To: src.posVM[e.to]})
			if mv.From == vm.NoPos {
				mv.From, mv.To = src.posVM[e.from], src.posVM[e.to]
			}
		case eCapture:
			c := get(e.to)
			if c == 0 {
				// Zillions writes Axiom's capture of an empty square:
				// Ur.4th's "r5 capture-at" clears its marker square on
				// every move, and the saved games show "init i1 - l2 x
				// q5" from the start position, where q5 is empty.
				if src.posVM[e.to] >= 0 {
					acts = append(acts, vm.Act{Kind: vm.ActCapture, Type: -1, From: src.posVM[e.to], To: vm.NoPos})
				}
				continue
			}
			mv.Captures++
			if err := set(e.to, 0); err != nil {
				return err
			}
			acts = append(acts, vm.Act{Kind: vm.ActCapture, Type: typ(c), From: src.posVM[e.to], To: vm.NoPos})
		case ePut:
			if err := set(e.to, e.code); err != nil {
				return err
			}
			pl, _ := src.plVM[e.code&maskPlayer]
			kind := vm.ActCreate
			if g.drop && mv.To == vm.NoPos {
				kind = vm.ActDrop
				mv.To = src.posVM[e.to]
			}
			acts = append(acts, vm.Act{Kind: kind, Type: typ(e.code), Arg: int16(pl), From: vm.NoPos, To: src.posVM[e.to]})
		case eChange:
			c := get(e.to)
			if c == 0 {
				continue
			}
			n := c&^maskType | e.code
			kind, arg := vm.ActChangeType, int16(0)
			if e.code&ownerFlag != 0 {
				n = c&^maskPlayer | e.code&maskPlayer
				kind = vm.ActChangeOwner
				arg = int16(src.plVM[e.code&maskPlayer])
			}
			if err := set(e.to, n); err != nil {
				return err
			}
			acts = append(acts, vm.Act{Kind: kind, Type: typ(n), Arg: arg, From: src.posVM[e.to], To: vm.NoPos})
		}
	}
	g.edits = g.edits[:0]
	if err := src.runCode(set, &eff); err != nil {
		return err
	}
	if len(eff) == 0 { // Pass, or a move that changes nothing
		mv = vm.PassMove()
	} else if mv.To == vm.NoPos {
		mv.To = eff[len(eff)-1].Pos
	}
	g.moves = append(g.moves, built{m: mv, eff: eff, acts: acts, mtype: g.mtype})
	return nil
}

// Outcome runs the script's OnIsGameOver for the player to move
// (vm.MoveSource): #WinScore, #LossScore and #DrawScore are that player's
// win, loss and a draw; #UnknownScore leaves the game to go on (or to the
// rule file's goals, when the player has no move).
func (src *Source) Outcome(s *vm.State, legal *vm.MoveList) (vm.Outcome, bool, error) {
	src.mu.Lock()
	defer src.mu.Unlock()
	e := src.cached(s)
	if e != nil && e.outcome != nil && e.nLegal == len(legal.Moves) {
		return e.outcome.o, e.outcome.decided, nil
	}
	o, decided, err := src.outcome(s, legal)
	if e != nil && err == nil {
		e.outcome, e.nLegal = &cachedOutcome{o, decided}, len(legal.Moves)
	}
	return o, decided, err
}

// cachedOutcome is a position's OnIsGameOver, as Outcome gave it.
type cachedOutcome struct {
	o       vm.Outcome
	decided bool
}

func (src *Source) outcome(s *vm.State, legal *vm.MoveList) (vm.Outcome, bool, error) {
	none := vm.Outcome{Winner: -1, Loser: -1}
	if err := src.sync(s); err != nil {
		return none, false, err
	}
	m := src.m
	m.Store(src.movesBuf+cellSize, int32(len(legal.Moves)))
	m.Seed(s.Hash())
	// The spare cells a move word gets (runList) go below OnIsGameOver's
	// stack too: QXO's AI-Loosing.4th DROPs one cell more than it has
	// ("2DROP DROP DROP #WinScore") before it leaves its result. The
	// result is the top cell; what a script leaves below it is dropped.
	// The spare cells hold #UnknownScore, so that a script that left no
	// result reads as no decision rather than a draw (#DrawScore is 0).
	for i := 0; i < spareCells; i++ {
		m.Push(unknownScore)
	}
	if err := m.ExecuteCFA(src.gameOver); err != nil {
		return none, false, err
	}
	if m.Depth() == 0 {
		return none, false, fmt.Errorf("%s: OnIsGameOver left no result", src.files.Script)
	}
	r := m.Pop()
	for m.Depth() > 0 {
		m.Pop()
	}
	// OnIsGameOver speaks for current-player, $player: the player whose
	// turn it is (the VM's Chooser; AbstractMancala's First and Second
	// sow ?C's seeds, and ?C is the turn's As)
	mover := s.Chooser()
	o := vm.Outcome{Over: true, Winner: -1, Loser: -1, Source: src.files.Script}
	switch r {
	case winScore:
		o.Winner, o.Loser, o.Kind, o.Reason = mover, src.opponent(mover), vm.WinGoal, "OnIsGameOver: a win for the player to move"
	case lossScore:
		o.Winner, o.Loser, o.Kind, o.Reason = src.opponent(mover), mover, vm.LossGoal, "OnIsGameOver: a loss for the player to move"
	case drawScore:
		o.Kind, o.Reason = vm.DrawGoal, "OnIsGameOver: a draw"
	case unknownScore:
		return none, false, nil
	default:
		return none, false, fmt.Errorf("%s: OnIsGameOver returned %d, not a game result", src.files.Script, r)
	}
	return o, true, nil
}

// opponentCode is the Axiom player code of the one other player who
// takes turns and is not a random player (opponent), or pl itself where
// there is none such (a puzzle of one player, Splut's four players).
func (src *Source) opponentCode(pl int32) int32 {
	p, ok := src.plVM[pl&maskPlayer]
	if !ok {
		return pl
	}
	if o := src.opponent(p); o >= 0 {
		return src.plAx[o] & maskPlayer
	}
	return pl
}

// opponent is the one other player who takes turns and is not a random
// player (dice, Fox Hunting's ?S), or -1.
func (src *Source) opponent(pl int) int {
	other := -1
	for _, t := range src.g.TurnOrder {
		if t.Mover == pl || src.g.Players[t.Mover].Random {
			continue
		}
		if other >= 0 && other != t.Mover {
			return -1
		}
		other = t.Mover
	}
	return other
}

// generateMoves is the native $GenerateMoves ( player flag 0 -- ): the
// scripts' mobility terms run "move-count current-player TRUE 0
// $GenerateMoves move-count - $DeallocateMoves" (Viruses' AI.4th,
// Filler's F-AI.4th, Gwidwill.4th, Chase's and Ordo's AI.4th): it
// generates moves on the board as the script sees it into a new moves
// list that move-count reads, and $DeallocateMoves returns to the list
// before. Whose moves, the flag says. In OnEvaluate the moves list is
// current-player's (axiom.4th: "stalemate? ... Stalemate if the current
// player has no moves. Used within OnEvaluate"), and the scripts add the
// difference to a score for current-player (Ordo's AI.4th negates its
// board terms for Dark, then adds mobility): so with TRUE the moves are
// those of player's opponent (the other player who chooses moves,
// opponentCode), and the term is current-player's moves minus the
// opponent's; were they player's own, every such term would be 0.
// splut's own search passes FALSE with the player of the turn it
// searches, whose moves it then walks: with FALSE they are player's own.
// The 0 is not revealed by any script (all pass 0). Every move counts,
// of any type. The moves are counted, not kept: no script in the corpus
// walks a list it generated this way except splut's and
// Ur-[aggressive]'s search engines, which zrun does not run.
func (src *Source) generateMoves(m *forth.Machine) error {
	if len(src.lists) >= maxLists {
		return fmt.Errorf("more than %d nested moves lists", maxLists)
	}
	m.Pop()
	opp := m.Pop() != 0
	pl := m.Pop() & maskPlayer
	if opp {
		pl = src.opponentCode(pl)
	}
	g := &src.gen
	saved := struct {
		edits         []edit
		moves         []built
		drop, active  bool
		mtype         int32
		from, pos, pc int32
		player, forPl int32
	}{g.edits, g.moves, g.drop, g.active, g.mtype, m.Fetch(src.aFrom), m.Fetch(src.aPos), m.Fetch(src.aPiece), m.Fetch(src.aPlayer), m.Fetch(src.aForPlayer)}
	g.edits, g.moves, g.active = nil, nil, true
	m.Store(src.aPlayer, pl)
	m.Store(src.aForPlayer, pl)
	err := src.collect(pl, 0, func(cfa int32) error {
		m.Catch(cfa)
		return nil
	})
	n := int32(len(g.moves))
	g.edits, g.moves, g.drop, g.active, g.mtype = saved.edits, saved.moves, saved.drop, saved.active, saved.mtype
	m.Store(src.aFrom, saved.from)
	m.Store(src.aPos, saved.pos)
	m.Store(src.aPiece, saved.pc)
	m.Store(src.aPlayer, saved.player)
	m.Store(src.aForPlayer, saved.forPl)
	if err != nil {
		return err
	}
	// A list record like the VM's: its count in the second cell; the
	// previous list's address in the first, for $DeallocateMoves.
	rec := src.listAt(len(src.lists))
	src.lists = append(src.lists, m.Fetch(src.aMovesList))
	m.Store(rec, 0)
	m.Store(rec+cellSize, n)
	m.Store(rec+2*cellSize, 0)
	m.Store(src.aMovesList, rec)
	return nil
}

// deallocateMoves is the native $DeallocateMoves: back to the moves list
// $GenerateMoves replaced.
func (src *Source) deallocateMoves(m *forth.Machine) error {
	if len(src.lists) == 0 {
		return fmt.Errorf("no moves list to deallocate")
	}
	n := len(src.lists) - 1
	m.Store(src.aMovesList, src.lists[n])
	src.lists = src.lists[:n]
	return nil
}

// maxLists bounds the nesting of $GenerateMoves.
const maxLists = 16

// listAt is the address of the i-th nested moves list record: they sit
// after the one the VM's count uses, laid down at load (maxLists).
func (src *Source) listAt(i int) int32 {
	return src.movesBuf + int32(3*cellSize*(i+1))
}

// runCode runs what the move word COMPILEd into the move (Ur's "COMPILE
// WhitePieces++", axiom.4th's partial and remove-from-reserve): in Axiom a
// move is code run on a copy of the board when it is made. It runs here
// on the board as it stood before the move (the scripts' compiled words
// change board variables, which the edits do not touch), and what it
// changes becomes the move's effects: positions after the edits' (set),
// variables as EffVar. The machine's board is then put back: the board
// does not change while moves are generated.
func (src *Source) runCode(set func(p, c int32) error, eff *[]vm.Effect) error {
	m := src.m
	start := src.gen.code
	if m.Here() == start {
		return nil
	}
	m.EndThread()
	board := m.Fetch(src.aBoard)
	n := src.nPos + src.nVars
	saved := slices.Grow(src.saved[:0], n)[:n]
	src.saved = saved
	for i := range saved {
		saved[i] = m.Fetch(board + int32(i)*cellSize)
	}
	from, pos := m.Fetch(src.aFrom), m.Fetch(src.aPos)
	m.Store(src.aPartial, 0)
	m.RunThread(start)
	partial := m.Fetch(src.aPartial) != 0
	m.Store(src.aPartial, 0)
	m.Store(src.aFrom, from)
	m.Store(src.aPos, pos)
	m.SetHere(start)
	var err error
	for i, old := range saved {
		a := board + int32(i)*cellSize
		now := m.Fetch(a)
		m.Store(a, old)
		if now == old || err != nil {
			continue
		}
		if i < src.nPos {
			err = set(int32(i), now)
		} else {
			*eff = append(*eff, vm.Effect{Pos: int32(i - src.nPos), Kind: vm.EffVar, Val: vm.Cell(int64(now) - int64(old))})
		}
	}
	if m.Exiting() {
		// the compiled code ran verify and failed: the move word is
		// abandoned (add-move returns, and its Catch unwinds)
		return errExit
	}
	if partial {
		return fmt.Errorf("partial moves are not implemented")
	}
	return err
}
