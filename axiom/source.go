package axiom

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"zrun/forth"
	"zrun/vm"
)

// Piece encoding (axiom.4th's constants and its bit diagram).
const (
	maskType     = 0x03FF
	maskPlayer   = 0xFC00
	maskPiece    = 0xFFFF
	playerBase   = 2048
	turnCells    = 3 // #TurnOrderCells
	pieceCells   = 4 // #PieceCells
	cellSize     = 4
	noPriority   = 1000
	unknownScore = -2140000000
	lossScore    = -2130000000
	drawScore    = 0
	winScore     = 2130000000
)

// Source is one Axiom game loaded into a ForthScript machine, supplying
// its moves and its end to the VM (vm.MoveSource). The machine is not safe
// for concurrent use, so every call holds mu.
type Source struct {
	mu    sync.Mutex
	m     *forth.Machine
	g     *vm.Game
	files Files

	// framework variables' addresses
	aBoard, aFrom, aPos, aPiece, aPlayer, aPartial, aPassed, aTurnNumber int32
	aMovesList, aOfType, aPassForced, aTurnOrder, aPieces, aPriorities   int32
	aAddMove, aForPlayer                                                 int32

	nPos      int // $positions: grid and {position}s
	nScan     int // $scanPositions: the positions move generation visits
	nVars     int // board variables, cells after the positions
	posName   []string
	posVM     []int32 // Axiom position -> VM position
	posAx     []int32 // VM position -> Axiom position (-1: none)
	typeVM    map[int32]int
	typeAx    []int32 // VM type -> Axiom type number (0: none)
	plVM      map[int32]int
	plAx      []int32 // VM player -> Axiom player code
	pieces    []axPiece
	setTurn   int32 // $SetTurn's CFA
	gameOver  int32 // OnIsGameOver's CFA
	fwEval    int32 // the framework's OnEvaluate's CFA
	eval      int32 // the script's OnEvaluate's CFA (0: it has none)
	evalML    vm.MoveList
	start     *vm.State // the start position, whose score is the zero (zeroOf)
	zero      []int64   // each player's scaled score of start, once worked out
	zeroSet   []bool
	movesBuf  int32 // the $movesList record move-count reads
	cache     [cacheSize]cacheEntry
	cacheNext int
	lists     []int32 // $GenerateMoves: the lists it replaced, innermost last

	// move generation in progress
	gen struct {
		s      *vm.State
		ml     *vm.MoveList
		edits  []edit
		drop   bool
		mtype  int32
		moves  []built
		active bool
		code   int32 // HERE as the move word began: what it COMPILEs follows
	}
	effBuf []vm.Effect
	actBuf []vm.Act
	sim    [][2]int32 // addMove's cells changed so far
	saved  []int32    // runCode's board before the compiled code ran
}

// axPiece is one {piece} of the script: its type number and the addresses
// of its {moves} and {drops} lists (0: none) and its {value}.
type axPiece struct {
	code         int32
	name         string
	moves, drops int32
	value        int32
}

type editKind uint8

const (
	eMove editKind = iota
	eCapture
	ePut // create, drop: a piece (code) appears at p, replacing what stood there
	eChange
)

// edit is one board change of a move being built, in the order the
// script asked for it.
type edit struct {
	kind     editKind
	from, to int32 // Axiom positions (to alone for capture, put, change)
	code     int32 // the piece for put and change
}

// built is a move add-move finished, with its move type for priorities.
type built struct {
	m     vm.Move
	eff   []vm.Effect
	acts  []vm.Act
	mtype int32
}

// errExit marks the end a move word takes through $Exit (verify).
var errExit = errors.New("$Exit")

// stepLimit is the words a call into the script (one move word, one
// OnIsGameOver, one OnEvaluate) may run before it is stopped as an endless
// loop. Axiom has no such bound (its DLL runs the script natively), so it
// is set above the costliest script of the corpus: MarGo's clear-e, whose
// liberty search is quadratic in its list of live points (not-alive? scans
// the list for every point added), ran up to 25 million words a call in
// 2,000 random plies of the 7x7 and 8x8 boards and 32 million in 700 of
// the 9x9, whose lists of 1,140 points bound it near 300 million. A
// billion words is some 12 s of one core here: the error still comes.
const stepLimit = 1_000_000_000

// Load builds the Source of game g from its files: the framework and the
// game's script loaded into a new machine, and the script's board,
// pieces, players and turn order matched with g's by name.
func Load(g *vm.Game, f Files) (*Source, error) {
	src := &Source{g: g, files: f}
	var unknown []string
	m := forth.New(forth.Config{Out: io.Discard, StepLimit: stepLimit, Resolve: func(name string) forth.Native {
		unknown = append(unknown, name)
		return forth.Unavailable(name)
	}})
	src.m = m
	if err := src.defineNatives(); err != nil {
		return nil, err
	}
	for i, p := range []string{f.Core, f.Axiom, f.Script} {
		if err := m.LoadFile(p); err != nil {
			return nil, err
		}
		if i == 1 {
			// the framework's own OnEvaluate ("0"): a script that
			// defines its own evaluates positions (evaluate.go)
			src.fwEval, _ = m.Find("OnEvaluate")
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("%s names native word(s) zrun does not implement: %s", f.Script, strings.Join(unknown, ", "))
	}
	if err := src.bind(); err != nil {
		return nil, fmt.Errorf("%s: %v", f.Script, err)
	}
	return src, nil
}

// variable returns the address a framework VARIABLE leaves.
func (src *Source) variable(name string) (int32, error) {
	if err := src.m.Execute(name); err != nil {
		return 0, err
	}
	return src.m.Pop(), nil
}

func (src *Source) cfa(name string) (int32, error) {
	c, ok := src.m.Find(name)
	if !ok {
		return 0, fmt.Errorf("word %s not defined", name)
	}
	return c, nil
}

// bind reads what the script defined and matches it with the game.
func (src *Source) bind() error {
	m, g := src.m, src.g
	vars := []struct {
		p    *int32
		name string
	}{
		{&src.aBoard, "$board"}, {&src.aFrom, "$from"}, {&src.aPos, "$pos"}, {&src.aPiece, "$piece"},
		{&src.aPlayer, "$player"}, {&src.aForPlayer, "$forPlayer"}, {&src.aPartial, "$partial"}, {&src.aPassed, "$passed"},
		{&src.aTurnNumber, "$turnNumber"}, {&src.aMovesList, "$movesList"}, {&src.aOfType, "$ofType"},
		{&src.aPassForced, "$passTurnForced"}, {&src.aTurnOrder, "$turnOrder"}, {&src.aPieces, "$pieces"},
		{&src.aPriorities, "$move-priorities"}, {&src.aAddMove, "$add-move"},
	}
	for _, v := range vars {
		a, err := src.variable(v.name)
		if err != nil {
			return err
		}
		*v.p = a
	}
	var err error
	if src.setTurn, err = src.cfa("$SetTurn"); err != nil {
		return err
	}
	if src.gameOver, err = src.cfa("OnIsGameOver"); err != nil {
		return err
	}
	if c, ok := m.Find("OnEvaluate"); ok && c != src.fwEval {
		src.eval = c
	}
	add, err := src.cfa("add-move")
	if err != nil {
		return err
	}
	m.Store(src.aAddMove, add) // Pass runs "$add-move @ EXECUTE"
	if m.Fetch(src.aBoard) == 0 {
		return fmt.Errorf("no {board ... board} defined")
	}
	get := func(name string) int32 {
		a, e := src.variable(name)
		if e != nil {
			err = e
			return 0
		}
		return m.Fetch(a)
	}
	src.nPos = int(get("$positions"))
	src.nScan = int(get("$scanPositions"))
	boardSize := get("$boardSize")
	posNames := get("$posNames")
	nPieces := int(get("$pieceCount"))
	nPlayers := int(get("$playerCount"))
	playersAddr := get("$players")
	turnLimit := get("$turnLimit")
	engines := get("$engines")
	if err != nil {
		return err
	}
	// {variable}, {array} and {carray} keep game state in the board
	// beyond the positions: the VM's position carries it as its Vars, a
	// cell each.
	src.nVars = (int(boardSize) - src.nPos*cellSize + cellSize - 1) / cellSize
	// Positions, by name: the script's grid names come from
	// $IndexToPosition, its {position}s from their constants.
	byName := map[string]int32{}
	for i, p := range g.Board.Positions {
		byName[strings.ToLower(p.Name)] = int32(i)
	}
	src.posVM = make([]int32, src.nPos)
	src.posAx = make([]int32, g.Board.N())
	for i := range src.posAx {
		src.posAx[i] = -1
	}
	for i := 0; i < src.nPos; i++ {
		name := m.String(m.Fetch(posNames + int32(i)*cellSize))
		src.posName = append(src.posName, name)
		p, ok := byName[strings.ToLower(name)]
		if !ok {
			// Splut's grid has the corners its rule file's board leaves
			// out: they stay empty, and a move that puts a piece there
			// is an error (addMove).
			src.posVM[i] = -1
			continue
		}
		src.posVM[i] = p
		src.posAx[p] = int32(i)
	}
	// Pieces, by name.
	src.typeVM = map[int32]int{}
	src.typeAx = make([]int32, len(g.Pieces))
	for i := 0; i < nPieces; i++ {
		a := m.Fetch(src.aPieces) + int32(i*pieceCells*cellSize)
		cfa := m.Fetch(a)
		p := axPiece{moves: m.Fetch(a + cellSize), drops: m.Fetch(a + 2*cellSize), value: m.Fetch(a + 3*cellSize)}
		// {piece} is "$nextPiece @ CONSTANT": running the constant gives
		// the type number, and its name is the piece's.
		if err := m.ExecuteCFA(cfa); err != nil {
			return err
		}
		p.code = m.Pop()
		p.name = m.String(m.Fetch(cfa - 3*cellSize))
		// Names match exactly where they can: QXO has both x1 and X1.
		match := -1
		for t, pt := range g.Pieces {
			if pt.Name == p.name || (match < 0 && strings.EqualFold(pt.Name, p.name)) {
				match = t
			}
		}
		if match >= 0 {
			src.typeVM[p.code] = match
			src.typeAx[match] = p.code
		}
		// A script piece the rule file lacks (Rithmomachy's R0, the base
		// its piece arithmetic counts from) is fine until a move puts
		// one on the board (vmCell).
		src.pieces = append(src.pieces, p)
	}
	// Players, by name.
	src.plVM = map[int32]int{}
	src.plAx = make([]int32, len(g.Players))
	for i := 0; i < nPlayers; i++ {
		cfa := m.Fetch(playersAddr + int32(i)*cellSize)
		if err := m.ExecuteCFA(cfa); err != nil {
			return err
		}
		code := m.Pop()
		name := m.String(m.Fetch(cfa - 3*cellSize))
		found := false
		for p, pl := range g.Players {
			if strings.EqualFold(pl.Name, name) {
				src.plVM[code&maskPlayer] = p
				src.plAx[p] = code
				found = true
				if engines != 0 && !pl.Random {
					g.Players[p].Engine = src.engineKind(m.Fetch(engines + int32(i)*cellSize))
				}
			}
		}
		if !found {
			return fmt.Errorf("player %s is not a player of the rule file", name)
		}
	}
	// The turn order must be the rule file's: the VM keeps the turn, the
	// script is told it.
	nTurns := int(turnLimit / (turnCells * cellSize))
	if nTurns != len(g.TurnOrder) {
		return fmt.Errorf("the script's turn order has %d turns (%s), the rule file's %d (%s); axiom.4th: \"Zillions doesn't allow plug-ins to define the turn order, so the turn order here must be equivalent to the zrf\"",
			nTurns, src.scriptTurns(nTurns), len(g.TurnOrder), ruleTurns(g))
	}
	for i := 0; i < nTurns; i++ {
		cfa := m.Fetch(m.Fetch(src.aTurnOrder) + int32(i*turnCells*cellSize))
		if err := m.ExecuteCFA(cfa); err != nil {
			return err
		}
		code := m.Pop()
		if pl, ok := src.plVM[code&maskPlayer]; !ok || pl != g.TurnOrder[i].Mover {
			return fmt.Errorf("turn %d of the script is not the rule file's", i+1)
		}
	}
	// The list move-count reads: "$movesList @ CELLSIZE + @" is the number
	// of moves, "2 CELLS +" the first (none are kept: the VM has them).
	if err := m.Execute("HERE"); err != nil {
		return err
	}
	src.movesBuf = m.Pop()
	if err := m.Interpret("zrun", fmt.Sprintf("%d CELLS ALLOT", 3*(maxLists+1))); err != nil {
		return err
	}
	m.Store(src.aMovesList, src.movesBuf)
	// A new game: $NewGame clears the board and sets the first turn; the
	// script's OnNewGame runs once (RANDOMIZE, its own variables).
	if err := m.Execute("$NewGame"); err != nil {
		return err
	}
	if err := m.Execute("OnNewGame"); err != nil {
		return err
	}
	g.Vars = make([]int64, src.nVars)
	board := m.Fetch(src.aBoard)
	for i := range g.Vars {
		g.Vars[i] = int64(m.Fetch(board + int32(src.nPos+i)*cellSize))
	}
	return nil
}

// scriptTurns lists the script's {turn-order}: each turn's player, and
// the player it moves for when that is another ("?R for White").
func (src *Source) scriptTurns(n int) string {
	m := src.m
	name := func(cfa int32) string { return m.String(m.Fetch(cfa - 3*cellSize)) }
	var out []string
	for i := 0; i < n; i++ {
		a := m.Fetch(src.aTurnOrder) + int32(i*turnCells*cellSize)
		t := name(m.Fetch(a))
		if f := m.Fetch(a + cellSize); f != 0 && f != m.Fetch(a) {
			t += " for " + name(f)
		}
		out = append(out, t)
	}
	return strings.Join(out, ", ")
}

// ruleTurns lists the rule file's turn order as scriptTurns does.
func ruleTurns(g *vm.Game) string {
	var out []string
	for _, t := range g.TurnOrder {
		s := g.Players[t.Mover].Name
		if t.As != t.Mover {
			s += " for " + g.Players[t.As].Name
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}
