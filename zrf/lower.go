// This file defines the lowering of one (game ...) or (variant ...) block to a
// vm.Game: the dispatch over game-level sections and the name tables every
// other lowering step resolves against.

package zrf

import (
	"fmt"
	"sort"
	"strconv"

	"zrun/vm"
)

// lowerer holds the state of lowering one game or variant.
type lowerer struct {
	block *Node
	g     *vm.Game
	gd    *GameDef
	errs  ErrorList

	players   map[string]int
	pieces    map[string]int
	moveTypes map[string]int
	attrs     map[string]int
	// typeDefined records the move types some move or drop definition has, so
	// that types named only in turn-order or move-priorities can be warned about.
	typeDefined map[string]bool
	flagSet     map[flagName]bool
	flagTested  map[flagName]placed
	killed      map[string]bool // positions removed by kill-positions
	boardImages []string        // the (image ...) names of the board block being read
	attrWarned  map[string]bool
	curPiece    string // the piece whose moves or drops are being lowered
	// soft makes unknown names warnings (the item is dropped): set while
	// reading data lists (links, unlink, symmetry, zones, setup), where a
	// stray name affects only itself. Dagaz files have many such slips.
	soft bool
	// elsewhere holds direction, zone and position names defined by any
	// board of the file: move code inherited by a variant may name things
	// its replaced board lacks.
	elsewhere map[string]bool
	// cache is what the games and variants of the file share (memo.go);
	// trace records what lowering one move definition asks and does, while
	// it is lowered for the cache (nil otherwise).
	cache *fileCache
	trace *lowerTrace
	// recording is set while lowering a piece that a later block inherits.
	recording bool
	// kept is the kept moves this block's were taken from or kept as
	// (blockMoves), nil when neither.
	kept *blockMoves
	mem  treeMem
	once defMemo
	// sub records what lowering the shared node being lowered asks and
	// changes (lowerShared), in subs[subDepth-1]; pieceDep is set when that
	// lowering names the piece whose move it is.
	sub      *lowerTrace
	subs     []*lowerTrace
	subDepth int
	pieceDep bool
	// ctx is the call position of the nodes of the move definition being
	// lowered that do not know theirs (Origin.perUse): that of the nearest
	// enclosing node that does (enter). defCtx is the definition's own.
	ctx, defCtx Pos
}

// flagName is a flag, or a position flag, as named in the code.
type flagName struct {
	name   string
	perPos bool
}

func (f flagName) String() string {
	if f.perPos {
		return "position-flag " + f.name
	}
	return f.name
}

// placed is a node with the context its call position comes from.
type placed struct {
	n   *Node
	ctx Pos
}

// enter makes n's call position the context when n knows it, returning the
// context to restore.
func (l *lowerer) enter(n *Node) Pos {
	old := l.ctx
	if o := n.From; o != nil && !o.perUse {
		l.ctx = o.CallPos
	}
	return old
}

// sections groups a block's sections by what they mean.
type sections struct {
	single  map[string]*Node // title, description, players, ... (the last one wins)
	boards  []*Node
	setups  []*Node
	pieces  []*Node
	goals   []*Node
	options []*Node
}

// Game-level forms that only affect display or sound: accepted and ignored.
var cosmeticForms = setOf("image", "opening-sound", "win-sound", "loss-sound", "draw-sound",
	"move-sound", "capture-sound", "drop-sound", "change-sound", "click-sound", "release-sound",
	"music", "solution", "notation", "open", "translate", "version")

// Zillions 1.x spellings of options, kept as game-level forms.
var legacyOptions = map[string]string{
	"pass-turn": "pass turn", "pass-partial": "pass partial",
	"recycle-captures": "recycle captures", "maximal-captures": "maximal captures",
	"animate-captures": "animate captures", "animate-drops": "animate drops",
	"allow-flipping": "allow flipping", "include-off-pieces": "include off-pieces",
	"recycle-promotions": "recycle promotions",
}

var singleForms = setOf("title", "description", "history", "strategy", "players",
	"turn-order", "move-priorities", "engine", "default")

var goalForms = setOf("win-condition", "loss-condition", "draw-condition", "count-condition")

// lowerGame lowers one block whose sections are already merged with its game.
func lowerGame(block *Node, secs []*Node, isVariant bool, cache *fileCache) (*GameDef, *blockMoves, ErrorList) {
	l := &lowerer{
		block: block,
		g: &vm.Game{
			Source:    block.Pos.String(),
			IsVariant: isVariant,
			MoveTypes: []string{""},
		},
		players:     map[string]int{},
		pieces:      map[string]int{},
		moveTypes:   map[string]int{"": 0},
		attrs:       map[string]int{},
		typeDefined: map[string]bool{},
		flagSet:     map[flagName]bool{},
		flagTested:  map[flagName]placed{},
		killed:      map[string]bool{},
		attrWarned:  map[string]bool{},
		elsewhere:   cache.elsewhere,
		cache:       cache,
	}
	l.gd = &GameDef{Game: l.g}
	s := l.group(secs)
	l.lowerAll(s)
	l.errs.Sort()
	return l.gd, l.kept, l.errs
}

// group sorts the sections by kind and reports unknown ones.
func (l *lowerer) group(secs []*Node) *sections {
	s := &sections{single: map[string]*Node{}}
	for _, sec := range secs {
		h := sec.Head()
		switch {
		case singleForms[h]:
			s.single[h] = sec
		case h == "board":
			s.boards = append(s.boards, sec)
		case h == "board-setup":
			s.setups = append(s.setups, sec)
		case h == "piece":
			s.pieces = append(s.pieces, sec)
		case goalForms[h]:
			s.goals = append(s.goals, sec)
		case h == "option" || legacyOptions[h] != "":
			s.options = append(s.options, sec)
		case cosmeticForms[h]:
		case h == "":
			l.errorf(sec, "unexpected %s in game: expected a (section ...)", describe(sec))
		case onlyText(sec):
			// Text cannot carry rules, so a misspelled help section is harmless.
			l.warnf(sec, "unknown game section %s%s holds only text; ignored", h, l.hint(h, gameFormNames()))
		default:
			l.errorf(sec, "unknown game section %s%s", h, l.hint(h, gameFormNames()))
		}
	}
	return s
}

// lowerAll lowers the sections in dependency order: names are declared before
// anything refers to them, whatever order the file uses.
func (l *lowerer) lowerAll(s *sections) {
	l.lowerMeta(s)
	l.lowerPlayers(s.single["players"])
	if len(l.g.Players) == 0 {
		return
	}
	l.lowerBoard(s.boards)
	if l.g.Board == nil {
		return
	}
	s.pieces = l.declarePieces(s.pieces)
	l.lowerTurnOrder(s.single["turn-order"])
	l.lowerPriorities(s.single["move-priorities"])
	l.lowerOptions(s.options)
	if l.g.Engine == "" {
		l.lowerPieceMoves(s.pieces)
	}
	for _, st := range s.setups {
		l.lowerSetup(st)
	}
	for _, gl := range s.goals {
		l.lowerGoal(gl)
	}
	assignLetters(l.g)
	l.checkUnused()
}

// lowerMeta fills the descriptive fields.
func (l *lowerer) lowerMeta(s *sections) {
	l.g.Title = l.stringArg(s.single["title"])
	if s.single["title"] == nil {
		l.errorf(l.block, "missing (title ...)")
	}
	l.g.Description = l.stringArg(s.single["description"])
	l.g.History = l.stringArg(s.single["history"])
	l.g.Strategy = l.stringArg(s.single["strategy"])
	l.g.Engine = l.stringArg(s.single["engine"])
	l.g.Default = s.single["default"] != nil
}

// stringArg returns the text of a (head "text") section; several strings are
// joined, since some files split long help texts.
func (l *lowerer) stringArg(sec *Node) string {
	if sec == nil {
		return ""
	}
	text := ""
	for _, a := range sec.Args() {
		if a.Kind == List {
			l.errorf(a, "%s takes a string, not %s", sec.Head(), describe(a))
			continue
		}
		text += a.Text
	}
	return text
}

// lowerPlayers reads (players P ...); a leading ? makes a random player.
func (l *lowerer) lowerPlayers(sec *Node) {
	if sec == nil {
		l.errorf(l.block, "missing (players ...)")
		return
	}
	for _, a := range sec.Args() {
		if a.Kind != Atom {
			l.errorf(a, "player name expected, found %s", describe(a))
			continue
		}
		if _, dup := l.players[a.Text]; dup {
			l.errorf(a, "player %s listed twice", a.Text)
			continue
		}
		l.players[a.Text] = len(l.g.Players)
		l.g.Players = append(l.g.Players, vm.Player{Name: a.Text, Random: len(a.Text) > 1 && a.Text[0] == '?'})
	}
	if len(l.g.Players) == 0 && len(sec.Args()) == 0 {
		l.errorf(sec, "players lists no player")
	}
}

// player resolves a player name, reporting unknown ones.
func (l *lowerer) player(n *Node) (int, bool) {
	if n.Kind == Atom {
		if i, ok := l.players[n.Text]; ok {
			return i, true
		}
	}
	l.lookupFailed(n, "unknown player %s%s", describe(n), l.hint(n.Text, keys(l.players)))
	return 0, false
}

// playerList resolves a (P1 P2 ...) list, or a single bare player.
func (l *lowerer) playerList(n *Node) []int {
	elems := []*Node{n}
	if n.Kind == List {
		elems = n.Elems
	}
	var out []int
	for _, e := range elems {
		if p, ok := l.player(e); ok {
			out = append(out, p)
		}
	}
	return out
}

// lowerTurnOrder reads the turn sequence; without one, players move in order.
func (l *lowerer) lowerTurnOrder(sec *Node) {
	if sec == nil {
		for i := range l.g.Players {
			l.g.TurnOrder = append(l.g.TurnOrder, vm.Turn{Mover: i, As: i, MoveType: vm.AnyMoveType})
		}
		return
	}
	sawRepeat := false
	for _, e := range sec.Args() {
		if e.IsAtom("repeat") {
			if sawRepeat {
				l.errorf(e, "repeat appears twice in turn-order")
			}
			sawRepeat = true
			l.g.RepeatFrom = len(l.g.TurnOrder)
			continue
		}
		if t, ok := l.turn(e); ok {
			l.g.TurnOrder = append(l.g.TurnOrder, t)
		}
	}
	if len(l.g.TurnOrder) == 0 {
		l.errorf(sec, "turn-order has no turns")
	} else if l.g.RepeatFrom >= len(l.g.TurnOrder) {
		l.errorf(sec, "repeat at the end of turn-order: nothing to repeat")
	}
}

// turn reads one entry: P, (P type) or (M P type).
func (l *lowerer) turn(e *Node) (vm.Turn, bool) {
	if e.Kind == Atom {
		p, ok := l.player(e)
		return vm.Turn{Mover: p, As: p, MoveType: vm.AnyMoveType}, ok
	}
	a := e.Elems
	if e.Kind != List || len(a) < 2 || len(a) > 3 {
		l.errorf(e, "turn-order entry must be P, (P move-type), (Mover P) or (Mover P move-type), found %s", describe(e))
		return vm.Turn{}, false
	}
	m, ok1 := l.player(a[0])
	as, ok2 := m, true
	if len(a) == 2 && a[1].Kind == Atom {
		// (Mover P): Mover moves P's pieces, any move type. Stavropol
		// Checkers gives every piece to a neutral player and plays
		// (turn-order (White Neurtal) (Black Neurtal)); Zillions' saved
		// game has White and Black move them.
		if p, isPlayer := l.players[a[1].Text]; isPlayer {
			return vm.Turn{Mover: m, As: p, MoveType: vm.AnyMoveType}, ok1
		}
	}
	if len(a) == 3 {
		as, ok2 = l.player(a[1])
	}
	mt, ok3 := l.moveTypeRef(a[len(a)-1])
	return vm.Turn{Mover: m, As: as, MoveType: mt}, ok1 && ok2 && ok3
}

// lowerPriorities reads (move-priorities t1 t2 ...).
func (l *lowerer) lowerPriorities(sec *Node) {
	if sec == nil {
		return
	}
	for _, a := range sec.Args() {
		if mt, ok := l.moveTypeRef(a); ok {
			l.g.MovePriorities = append(l.g.MovePriorities, mt)
		}
	}
}

// moveTypeRef resolves a move-type name, creating it on first mention: types
// are declared by use, in move-type separators, turn-order, priorities and
// add-partial alike.
func (l *lowerer) moveTypeRef(n *Node) (int, bool) {
	if n.Kind != Atom || isNumber(n.Text) {
		l.errorf(n, "move type name expected, found %s", describe(n))
		return 0, false
	}
	return l.moveType(n.Text), true
}

func (l *lowerer) moveType(name string) int {
	l.trace.moveType(name)
	l.sub.moveType(name)
	if i, ok := l.moveTypes[name]; ok {
		return i
	}
	l.moveTypes[name] = len(l.g.MoveTypes)
	l.g.MoveTypes = append(l.g.MoveTypes, name)
	return len(l.g.MoveTypes) - 1
}

// checkUnused warns about names that are referred to but never given meaning.
func (l *lowerer) checkUnused() {
	if l.g.Engine != "" {
		return
	}
	for _, mt := range l.g.MoveTypes[1:] {
		if !l.typeDefined[mt] {
			l.warnf(l.block, "move type %s is named but no piece has moves or drops of that type", mt)
		}
	}
	never := map[string]placed{}
	for f, at := range l.flagTested {
		if !l.flagSet[f] {
			never[f.String()] = at
		}
	}
	for _, name := range sortedKeys(never) {
		at := never[name]
		l.gd.Warnings = append(l.gd.Warnings, errorIn(at.n, at.ctx, "flag %s is tested but never set (always false)", name))
	}
}

func (l *lowerer) errorf(n *Node, format string, args ...any) {
	l.errs.Add(errorIn(n, l.ctx, format, args...))
}

// lookupFailed reports an unknown name: an error, or in soft mode a warning
// saying the item is ignored.
func (l *lowerer) lookupFailed(n *Node, format string, args ...any) {
	if l.soft {
		l.warnf(n, format+"; ignored", args...)
		return
	}
	l.errorf(n, format, args...)
}

func (l *lowerer) warnf(n *Node, format string, args ...any) {
	l.gd.Warnings = append(l.gd.Warnings, errorIn(n, l.ctx, format, args...))
}

// hint formats a did-you-mean suffix, or "". Suggestions stop after the
// first errors: only those are printed, and a file that fails wholesale
// would otherwise spend its time comparing every name with every position.
func (l *lowerer) hint(s string, candidates []string) string {
	if len(l.errs) >= MaxErrors {
		return ""
	}
	return hint(s, candidates)
}

// hint formats a did-you-mean suffix, or "".
func hint(s string, candidates []string) string {
	if m := nearest(s, candidates); m != "" && m != s {
		return fmt.Sprintf(" (did you mean %s?)", m)
	}
	return ""
}

func gameFormNames() []string {
	var names []string
	for _, m := range []map[string]bool{singleForms, goalForms, cosmeticForms} {
		names = append(names, keys(m)...)
	}
	names = append(names, "board", "board-setup", "piece", "option")
	return append(names, keys(legacyOptions)...)
}

// onlyText reports whether every argument of a section is a string.
func onlyText(sec *Node) bool {
	for _, a := range sec.Args() {
		if a.Kind != String {
			return false
		}
	}
	return len(sec.Args()) > 0
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// keys returns a map's keys, sorted so hints are deterministic.
func keys[V any](m map[string]V) []string { return sortedKeys(m) }

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// intArg parses an integer atom.
func (l *lowerer) intArg(n *Node, what string) (int, bool) {
	if n.Kind == Atom {
		if v, err := strconv.Atoi(n.Text); err == nil {
			return v, true
		}
	}
	l.errorf(n, "%s: number expected, found %s", what, describe(n))
	return 0, false
}
