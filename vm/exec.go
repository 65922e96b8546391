// This file defines the interpreter: one run of a move program from a start
// square, emitting a move at every add.

package vm

import "fmt"

// generator holds the registers of one program run and the scratch space to
// build moves. A State keeps one per nesting level (attack queries run enemy
// programs while a run is in progress), reused so runs allocate nothing.
type generator struct {
	s     *State
	g     *Game
	pre   *prepared
	links []int32
	// plinks: the link table with the player's symmetry applied (prepared.plinks)
	plinks []int32
	n      int32
	level  int

	runRegs
	moveAssembly

	ml *MoveList

	noisyMode

	// interp: the interpreter has emitted a move in this generation (the
	// list may then hold duplicates; generate.go).
	interp bool
	// sens: the paths of the attacks on the royal square the check
	// filter reads at this level (legal.go).
	sens pathSets

	pieceSets
	queryMode

	err error
}

// runRegs are the registers of one program run, all set by run.
type runRegs struct {
	prog     *Program
	player   int32
	cursor   int32
	mark     int32
	start    int32
	hand     Cell
	hasHand  bool
	handFrom int32
	isDrop   bool
	dropType int32
	mainTo   int32
	// putByTo: the last piece put down was put there by to, with no from or
	// cascade since; another to moves it on (relocate).
	putByTo  bool
	moveType int32
	// gateType >= 0 while OpAddGate emits: the held type placed on gatePos.
	gateType int32
	gatePos  int32
	flags    uint64
}

// moveAssembly is the move a run is building: its pending changes and the
// overlay of the board they make (emit.go turns them into a Move at add).
type moveAssembly struct {
	posFlags   []uint64
	posFlagSet []int32 // indices of posFlags words written this run

	vacate  []int32
	changes []change
	attach  []change
	acts    []Act
	// attachSpent: an add has emitted the move built so far; the next add or
	// change first drops what it spent (dropSpent).
	attachSpent bool

	// overlay of the board while a move is being assembled
	ov      []Cell
	ovStamp []uint32
	ovHit   []uint32 // stamp when a capture or placement wrote the slot
	ovVac   []uint32 // stamp when the slot was vacated by a moving piece
	ovFull  []uint32 // stamp when a capture of the slot is written (dropEmptyCaptures)
	stamp   uint32
	touched []int32
	// reCaught: pieces this move put down and a later capture or create of
	// the same move removed (they go to their owner's hand with "recycle
	// captures").
	reCaught []Cell
}

// noisyMode is the state of noisy-only and captures-only generation
// (noisy.go).
type noisyMode struct {
	// skipQuiet: noisy-only generation; emit records simple quiet moves in
	// quietSigs instead of building them.
	skipQuiet bool
	// dropQuiet: noisy moves alone, not even counted (GenerateCaptures):
	// emit and emitSpec drop the simple quiet moves skipQuiet records.
	dropQuiet bool
	quietSigs []quietSig
	sigTab    []int32
	// countAll: with skipQuiet, the simple quiet moves of the pieces
	// whose blocks all run specialised are only counted (quietCount), not
	// recorded by signature (State.mayCountQuiet says when they may be);
	// runBlocks sets countQuiet for each piece.
	countAll, countQuiet bool
	quietCount           int
}

// pieceSets are the square sets runBlocks finds once per generation, where
// the board fits a squareSet; the tables that read them
// (leapGroup.lands, blockPre.mustEmpty, blockPre.lastFrom) exist only on
// such boards.
type pieceSets struct {
	// enemySet and occSet: the squares of the mover's enemies and of all
	// pieces.
	enemySet, occSet squareSet
	// ownSet is occSet's squares of the mover's pieces.
	ownSet squareSet
	// worth: in captures-only generation, the types whose capture is
	// built (bit t: type t); a capture of another type that promotes
	// nothing is left out (GenerateCapturesAbove). All ones elsewhere.
	// worthSet is enemySet's squares of those types.
	worth    uint64
	worthSet squareSet
	// onto: in captures-only generation, the one square whose captures
	// are wanted (GenerateCapturesOnto): worthSet keeps only it, so the
	// pieces that cannot capture there are not visited. -1 elsewhere.
	onto int32
	// lastOK[t], for the types of prepared.lastSets, is where their en
	// passant blocks may run from in this generation.
	lastOK []squareSet
}

// queryMode is the state of an attack query: does some move capture on
// target? (attack.go)
type queryMode struct {
	query  bool
	target int32
	hit    bool
	// occupied: in a query on a board of at most maxSetSquares squares,
	// the squares holding a piece as the query sees the board, once
	// occupiedOK (slideHits).
	occupied   squareSet
	occupiedOK bool
	// skip: the query skips of the program a query runs (queryskip.go),
	// or nil; read only in query mode.
	skip      []int32
	skipSpent bool
}

type changeKind uint8

const (
	chCapture changeKind = iota
	chPlace
	chCreate
	chSetAttr
	chChangeType
	chChangeOwner
	chFlip
)

type change struct {
	kind changeKind
	pos  int32
	cell Cell  // chPlace, chCreate
	a, b int32 // attribute and value, type, owner
}

func (gn *generator) init(s *State, level int) {
	gn.s, gn.g, gn.pre, gn.level = s, s.g, s.pre, level
	gn.links = s.g.Board.links
	gn.n = int32(s.g.Board.N())
	gn.worth, gn.onto = allTypes, -1
	n := s.g.Board.N()
	gn.posFlags = make([]uint64, len(s.g.PosFlags)*s.pre.posFlagWords)
	gn.ov = make([]Cell, n)
	gn.ovStamp = make([]uint32, n)
	gn.ovHit = make([]uint32, n)
	gn.ovVac = make([]uint32, n)
	gn.ovFull = make([]uint32, n)
}

// RunError is a failure while running a move program: the step budget ran
// out, or too many moves were produced.
type RunError struct {
	Src string // "file:line:col" of the statement
	Msg string
}

func (e *RunError) Error() string { return e.Src + ": " + e.Msg }

// RunProgram runs one move program from square from, as a move of type
// moveType for player pl, on the position as it stands, and appends the
// moves it emits to ml. It is the interpreter alone: no turn order, no move
// priorities, duplicate removal or check filter, no pass. Analyses of what a
// piece's programs do (package describe) use it; play uses Generate.
func (s *State) RunProgram(prog *Program, from int32, pl, moveType int, ml *MoveList) error {
	gn := s.genAt(0)
	gn.ml, gn.err, gn.query = ml, nil, false
	gn.run(prog, from, int32(pl), int32(moveType), false, 0)
	return gn.err
}

// run executes prog from square start for player pl and appends the moves it
// emits to gn.ml (or, in query mode, sets gn.hit).
func (gn *generator) run(prog *Program, start int32, pl int32, moveType int32, drop bool, dropType int32) {
	gn.plinks = gn.pre.plinks[pl]
	var hand Cell
	handFrom := start
	if drop {
		hand, handFrom = MakeCell(int(dropType), int(pl), gn.pre.defaults[dropType]), NoPos
	} else {
		hand = gn.s.Board[start]
	}
	gn.runRegs = runRegs{prog: prog, player: pl, cursor: start, mark: start, start: start,
		hand: hand, hasHand: true, handFrom: handFrom, isDrop: drop, dropType: dropType,
		mainTo: NoPos, moveType: moveType, gateType: -1}
	for _, w := range gn.posFlagSet {
		gn.posFlags[w] = 0
	}
	gn.posFlagSet = gn.posFlagSet[:0]
	gn.vacate = gn.vacate[:0]
	gn.changes = gn.changes[:0]
	gn.attach = gn.attach[:0]
	gn.attachSpent = false
	gn.acts = gn.acts[:0]
	gn.exec()
}

// budgetOut fails the run at pc for exceeding the step budget.
func (gn *generator) budgetOut(pc, limit int) {
	gn.fail(pc, fmt.Sprintf("step budget of %d instructions exhausted (endless loop?)", limit))
}

func (gn *generator) fail(pc int, msg string) {
	if gn.err == nil {
		gn.err = &RunError{Src: gn.prog.SrcAt(pc), Msg: fmt.Sprintf("%s (in %s)", msg, gn.prog.Name)}
	}
}

// locate resolves an instruction's location operand; ok is false when it leads
// off the board (the run then dies).
func (gn *generator) locate(in *Inst) (int32, bool) { return gn.locateAt(in, gn.cursor) }

// locateAt is locate with the cursor at cur (exec keeps it in a local).
func (gn *generator) locateAt(in *Inst, cur int32) (int32, bool) {
	switch in.Loc {
	case LocCursor:
		return cur, true
	case LocDir:
		t := gn.plinks[in.L*gn.n+cur]
		return t, t >= 0
	case LocPos:
		return in.L, true
	default: // LocOpposite
		o := gn.g.Board.Opposite[in.L]
		if o < 0 {
			return NoPos, false
		}
		t := gn.plinks[int32(o)*gn.n+cur]
		return t, t >= 0
	}
}

// exec runs gn.prog from its first instruction. The tests that most
// programs run at every step (the square's occupant, run and position
// flags, zones, directions on the board) are cases of the one dispatch
// switch, so each costs one indirect jump; the rarer ones go through test.
// A test off the board is false and the run goes on (doc.go).
func (gn *generator) exec() {
	code := gn.prog.runCode(gn.s.DisableSpecialised)
	board := gn.s.Board
	limit := gn.s.Limit.StepsPerRun
	plinks, n := gn.plinks, gn.n
	// The cursor lives in cur; every change is written through to
	// gn.cursor, which the helpers read (slide moves it: cur is reloaded).
	cur := gn.cursor
	steps := 0
	pc := 0
	for {
		steps++
		if steps > limit {
			gn.budgetOut(pc, limit)
			return
		}
		in := &code[pc]
		switch in.Op {
		case OpEmpty:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && occupantTest(OpEmpty, board[p], gn.player, 0), pc)
			continue
		case OpFriend:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && occupantTest(OpFriend, board[p], gn.player, 0), pc)
			continue
		case OpEnemy:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && occupantTest(OpEnemy, board[p], gn.player, 0), pc)
			continue
		case OpPiece:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && occupantTest(OpPiece, board[p], gn.player, in.A), pc)
			continue
		case OpAttr:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && occupantTest(OpAttr, board[p], gn.player, in.A), pc)
			continue
		case OpInZone:
			p, ok := gn.locateAt(in, cur)
			pc = branch(in, ok && gn.g.Board.InZone(int(in.A), int(gn.player), int(p)), pc)
			continue
		case OpPosFlag:
			p, ok := gn.locateAt(in, cur)
			r := false
			if ok {
				w := in.A*int32(gn.pre.posFlagWords) + p/64
				r = gn.posFlags[w]&(1<<uint(p%64)) != 0
			}
			pc = branch(in, r, pc)
			continue
		case OpFlag:
			pc = branch(in, gn.flags&(1<<uint(in.A)) != 0, pc)
			continue
		case OpOnBoard:
			pc = branch(in, plinks[in.A*n+cur] >= 0, pc)
			continue
		case OpConst:
			pc = branch(in, in.A != 0, pc)
			continue
		case OpScan:
			// The loop of scan.go: on-board? d, step d, the test, and
			// L more (the jump back) a square, counted as the
			// interpreter counts them. A position-flag test, the
			// commonest, is read here without a call.
			test := &code[pc+2]
			exit := pc + 3
			link := plinks[in.A*n : (in.A+1)*n]
			perSquare := 3 + int(in.L)
			var flags []uint64
			if test.Op == OpPosFlag {
				w := int32(gn.pre.posFlagWords)
				flags = gn.posFlags[test.A*w : (test.A+1)*w]
			}
			for {
				t := link[cur]
				if t < 0 {
					exit = int(in.B)
					break
				}
				cur = t
				var r bool
				if flags != nil {
					r = has(flags, t)
				} else {
					r = gn.scanOccupant(test, t)
				}
				if r != test.Jt {
					steps += 2
					break
				}
				if steps += perSquare; steps > limit {
					break
				}
			}
			gn.cursor = cur
			if steps > limit {
				gn.budgetOut(pc, limit)
				return
			}
			pc = exit
			continue
		case OpNeutral, OpOnBoardO, OpPosition, OpLastFrom, OpLastTo, OpAttacked, OpDefended, OpMarked, OpAdjEnemy:
			pc = branch(in, gn.test(in, board), pc)
			continue
		case OpNop:
		case OpStep:
			t := plinks[in.A*n+cur]
			if t < 0 {
				return
			}
			cur, gn.cursor = t, t
		case OpJump:
			cur, gn.cursor = in.A, in.A
		case OpOpposite:
			o := gn.g.Board.Opposite[in.A]
			if o < 0 {
				return
			}
			t := plinks[int32(o)*n+cur]
			if t < 0 {
				return
			}
			cur, gn.cursor = t, t
		case OpMark:
			gn.mark = cur
			if gn.query && gn.skip != nil && gn.skip[pc] >= 0 && (!gn.attachSpent || gn.skipSpent) {
				// The region up to its back cannot change the answer
				// (queryskip.go): go on after it, the mark set.
				pc = int(gn.skip[pc])
				continue
			}
		case OpBack:
			cur, gn.cursor = gn.mark, gn.mark
		case OpGo:
			t := gn.goTarget(in.A)
			if t < 0 {
				return
			}
			cur, gn.cursor = t, t
		case OpJmp:
			pc = int(in.B)
			continue
		case OpDie, OpEnd:
			return
		case OpSlide:
			if !gn.slide(in.A, board) {
				return
			}
			cur = gn.cursor
		case OpAdd, OpAddCopy, OpAddPartial, OpAddCopyPartial:
			cont := int32(-1)
			if in.Op == OpAddPartial || in.Op == OpAddCopyPartial {
				cont = in.B
			}
			copyMove := in.Op == OpAddCopy || in.Op == OpAddCopyPartial
			gn.dropSpent()
			if gn.query {
				if gn.capturesTarget() && !gn.landsSameType(in.A) {
					gn.hit = true
					return
				}
			} else {
				if in.A < 0 {
					gn.emit(-1, cont, copyMove)
				} else {
					for _, t := range gn.prog.Lists[in.A] {
						gn.emit(t, cont, copyMove)
					}
				}
				if gn.err != nil {
					return
				}
			}
			gn.attachSpent = true
		case OpAddGate:
			if gn.query {
				// The gated piece lands on a vacated square: it captures
				// nothing the move itself does not.
				if gn.capturesTarget() {
					gn.hit = true
					return
				}
				break
			}
			gn.addGate(in)
			if gn.err != nil {
				return
			}
		case OpFrom:
			c := board[cur]
			gn.hand, gn.hasHand, gn.handFrom = c, c != Empty, cur
			gn.putByTo = false
		case OpTo:
			if gn.hasHand {
				gn.putDown()
				gn.putByTo = true
			} else if gn.putByTo {
				gn.relocate()
			}
		case OpCascade:
			gn.putDown()
			gn.putByTo = false
			c := board[cur]
			gn.hand, gn.hasHand, gn.handFrom = c, c != Empty, cur
		case OpCapture:
			p, ok := gn.locateAt(in, cur)
			if !ok {
				// Off the board it captures nothing and the run goes on
				// (doc.go; Ragnarok's fire next to the board's edge).
				break
			}
			gn.dropSpent()
			gn.changes = append(gn.changes, change{kind: chCapture, pos: p})
			// Zillions writes a capture even where the square is empty
			// (Luzhanqi's "South Start c5 x c5").
			gn.acts = append(gn.acts, Act{Kind: ActCapture, From: p, To: NoPos, Type: int16(board[p].Type())})
		case OpCreate:
			p, ok := gn.locateAt(in, cur)
			if !ok {
				return
			}
			owner := gn.player
			if in.B >= 0 {
				owner = in.B
			}
			c := MakeCell(int(in.A), int(owner), gn.pre.defaults[in.A])
			gn.dropSpent()
			gn.changes = append(gn.changes, change{kind: chCreate, pos: p, cell: c})
			gn.acts = append(gn.acts, Act{Kind: ActCreate, To: p, From: NoPos, Type: int16(in.A), Arg: int16(owner)})
		case OpChangeType, OpChangeOwner, OpFlip, OpSetAttr:
			p, ok := gn.locateAt(in, cur)
			if !ok {
				return
			}
			gn.attachChange(in, p)
		case OpSetFlag:
			if in.B != 0 {
				gn.flags |= 1 << uint(in.A)
			} else {
				gn.flags &^= 1 << uint(in.A)
			}
		case OpSetPosFlag:
			p, ok := gn.locateAt(in, cur)
			if !ok {
				// Off the board it sets nothing and the run goes on
				// (doc.go; Gufuu Shogi's check-attacked-kaze).
				break
			}
			w := in.A*int32(gn.pre.posFlagWords) + p/64
			if in.B != 0 {
				gn.posFlags[w] |= 1 << uint(p%64)
			} else {
				gn.posFlags[w] &^= 1 << uint(p%64)
			}
			gn.posFlagSet = append(gn.posFlagSet, w)
		default:
			gn.fail(pc, "unknown instruction "+in.Op.String())
			return
		}
		pc++
	}
}

func (gn *generator) attachChange(in *Inst, p int32) {
	gn.dropSpent()
	ch := change{pos: p}
	act := Act{From: p, To: NoPos}
	switch in.Op {
	case OpChangeType:
		ch.kind, ch.a = chChangeType, in.A
		act.Kind, act.Type = ActChangeType, int16(in.A)
	case OpChangeOwner:
		ch.kind, ch.a = chChangeOwner, gn.player
		act.Kind, act.Arg = ActChangeOwner, int16(gn.player)
	case OpFlip:
		ch.kind = chFlip
		act.Kind = ActFlip
	case OpSetAttr:
		ch.kind, ch.a, ch.b = chSetAttr, in.A, in.B
		act.Kind, act.Type, act.Arg = ActSetAttr, int16(in.A), int16(in.B)
	}
	gn.attach = append(gn.attach, ch)
	gn.acts = append(gn.acts, act)
}

// dropSpent runs, before the first change or add after an add, what that add
// spent. Its captures and creations leave the run: each belongs to the add
// that follows it only (doc.go; Zillions' Focus, Shafran Checkers and Ko
// Shogi saves). Its position-attached changes (attributes, type, owner) leave
// the notation: a later add still applies them but writes only those made
// after it (doc.go; Zillions' Northern Checkers saves). A gate move
// (add-gate) right after its add is the same move with a piece gated and
// keeps them all.
func (gn *generator) dropSpent() {
	if !gn.attachSpent {
		return
	}
	gn.attachSpent = false
	kept := gn.changes[:0]
	for _, ch := range gn.changes {
		if ch.kind != chCapture && ch.kind != chCreate {
			kept = append(kept, ch)
		}
	}
	gn.changes = kept
	out := gn.acts[:0]
	for _, a := range gn.acts {
		switch a.Kind {
		case ActSetAttr, ActChangeType, ActChangeOwner, ActFlip, ActCapture, ActCreate:
		default:
			out = append(out, a)
		}
	}
	gn.acts = out
}

// slide runs "step d; while empty? { add; step d }" and leaves the cursor on
// the first occupied square. It returns false when the run dies off the board.
func (gn *generator) slide(d int32, board []Cell) bool {
	off := d * gn.n
	t := gn.plinks[off+gn.cursor]
	for {
		if t < 0 {
			return false
		}
		gn.cursor = t
		if board[t] != Empty {
			return true
		}
		gn.dropSpent()
		if gn.query {
			if gn.capturesTarget() {
				gn.hit = true
				return false
			}
		} else {
			gn.emit(-1, -1, false)
			if gn.err != nil {
				return false
			}
		}
		gn.attachSpent = true
		t = gn.plinks[off+t]
	}
}

func (gn *generator) goTarget(k int32) int32 {
	switch k {
	case GoFrom:
		if gn.handFrom >= 0 {
			return gn.handFrom
		}
		return gn.start
	case GoTo:
		return gn.mainTo
	case GoLastFrom:
		return gn.s.LastFrom
	case GoLastTo:
		return gn.s.LastTo
	default:
		return gn.mark
	}
}

// putDown places the piece in hand at the cursor (to).
func (gn *generator) putDown() {
	if !gn.hasHand {
		return
	}
	c := gn.s.Board[gn.cursor]
	gn.recordPlacement(gn.hand, gn.cursor, c)
	gn.hasHand = false
}

// relocate moves the piece the last to put down on to the cursor: a to with
// nothing in hand re-marks where the move's piece lands, and (go to) follows
// it. Tenjiku Shogi's generals range-jump this way ("to back (if
// promote-rule? ...) (go to) add", repeated at every square of the jump, an
// add between each): every to names the square of the move added next, and
// the squares passed over keep their pieces. Were the later to ignored,
// (go to) would send the cursor back to the first square and the jump would
// never end.
func (gn *generator) relocate() {
	for i := len(gn.changes) - 1; i >= 0; i-- {
		ch := &gn.changes[i]
		if ch.kind != chPlace {
			continue
		}
		if gn.mainTo == ch.pos {
			gn.mainTo = gn.cursor
		}
		ch.pos = gn.cursor
		break
	}
	occupant := gn.s.Board[gn.cursor]
	for i := len(gn.acts) - 1; i >= 0; i-- {
		a := &gn.acts[i]
		if a.Kind != ActMove && a.Kind != ActDrop {
			continue
		}
		a.To = gn.cursor
		a.Captures = occupant != Empty && (a.Kind == ActDrop || a.From != gn.cursor)
		break
	}
}

func (gn *generator) recordPlacement(piece Cell, to int32, occupant Cell) {
	if gn.handFrom >= 0 {
		gn.vacate = append(gn.vacate, gn.handFrom)
		gn.acts = append(gn.acts, Act{Kind: ActMove, From: gn.handFrom, To: to, Type: int16(piece.Type()),
			Captures: occupant != Empty && to != gn.handFrom})
	} else {
		gn.acts = append(gn.acts, Act{Kind: ActDrop, From: NoPos, To: to, Type: int16(piece.Type()), Captures: occupant != Empty})
	}
	gn.changes = append(gn.changes, change{kind: chPlace, pos: to, cell: piece})
	if gn.mainTo < 0 {
		gn.mainTo = to
	}
}

// branch is the next pc after a test whose result is r: its target when r
// is the instruction's Jt, else the next instruction.
func branch(in *Inst, r bool, pc int) int {
	if r == in.Jt {
		return int(in.B)
	}
	return pc + 1
}

// test evaluates the tests exec does not dispatch itself (the rarer ones);
// a test whose location is off the board is false.
func (gn *generator) test(in *Inst, board []Cell) bool {
	switch in.Op {
	case OpNeutral:
		return false // every piece has an owner
	case OpMarked:
		return gn.cursor == gn.mark
	case OpOnBoardO:
		o := gn.g.Board.Opposite[in.A]
		return o >= 0 && gn.plinks[int32(o)*gn.n+gn.cursor] >= 0
	case OpPosition:
		return gn.cursor == in.A
	}
	p, ok := gn.locate(in)
	if !ok {
		return false
	}
	switch in.Op {
	case OpLastFrom:
		return p == gn.s.LastFrom
	case OpLastTo:
		return p == gn.s.LastTo
	case OpAttacked, OpDefended:
		if gn.query {
			// An attack query does not nest: inside one, attacked?/defended? are false.
			return false
		}
		virtual := gn.hand
		if !gn.hasHand {
			virtual = MakeCell(0, int(gn.player), 0)
		}
		return gn.s.attackedBy(p, int(gn.player), in.Op == OpAttacked, virtual, gn.level+1)
	case OpAdjEnemy:
		for d := range gn.g.Board.Dirs {
			t := gn.links[int32(d)*gn.n+p]
			if t >= 0 && board[t] != Empty && int32(board[t].Owner()) != gn.player {
				return true
			}
		}
		return false
	}
	return false
}

// landsSameType reports whether the piece in hand lands on the target and
// the add (type list index types, -1 for none) names only the target piece's
// own type: such a capture leaves as many pieces of that type on the board
// as before, and Zillions does not count it as a threat. Its saved Passive
// Chess game (PassiveChess.zrf, "with checkmated") has Black play "Cannon b7
// x b1 = Horse" with its General on d8 open to "Cannon d3 x d8 = General",
// which Red then plays.
func (gn *generator) landsSameType(types int32) bool {
	return gn.hasHand && gn.cursor == gn.target && gn.specSameType(types)
}

// capturesTarget reports whether the move assembled so far would remove the
// piece standing on the query target.
func (gn *generator) capturesTarget() bool {
	if gn.hasHand && gn.cursor == gn.target {
		return true
	}
	for i := range gn.changes {
		if gn.changes[i].pos == gn.target {
			return true
		}
	}
	return false
}
