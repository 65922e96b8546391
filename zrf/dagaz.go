// This file defines the detection of Dagaz stubs: rule files written as input
// for Dagaz (a JavaScript ZRF engine) that leave part of their rules to
// Dagaz's JavaScript. Such a file loads, but plays wrongly here (a Reversi
// that never flips, a Hex with nothing to drop), so each gap is reported as a
// warning at load and recorded in GameDef.Stubs for tools; WhyNoStartMoves
// explains a start position without moves with the same knowledge.
//
// The patterns and their counts come from the shared corpus (zrf/dagaz_test.go
// counts them; docs/zrf-corpus-stats.md section 2 describes the dialect):
// Dagaz-only options, non-boolean attributes, games without goals, games
// without a setup (or with one on positions the board lacks), drops of pieces
// nobody has in hand, and players whose pieces have no move definitions.

package zrf

import (
	"fmt"
	"strings"

	"zrun/vm"
)

// StubKind is one way a rule file leaves part of its rules to code outside it.
type StubKind uint8

const (
	// StubOption: an option only Dagaz understands; it selects rules written
	// in Dagaz's JavaScript (an "... extension", "... invariant", "ko", ...)
	// or a Dagaz-only rule zrun does not implement ("shared pieces").
	StubOption StubKind = iota
	// StubAttribute: a piece attribute with a non-boolean value, which only
	// Dagaz's JavaScript reads.
	StubAttribute
	// StubNoGoal: no win-, loss-, draw- or count-condition.
	StubNoGoal
	// StubNoSetup: no piece starts on the board or in hand although pieces
	// have moves: Dagaz places them from JavaScript (a FEN or setup script).
	StubNoSetup
	// StubNoSupply: drops are defined but no player starts with any piece
	// in hand and captures are not recycled, so nothing can ever be dropped.
	// A missing "off N" is an unlimited hand in Dagaz, and such a game is
	// read as Dagaz's (readDagaz), so this remains where the file names
	// every hand with "off 0": Dagaz's JavaScript fills those.
	StubNoSupply
	// StubNoMoveDefs: no piece of the game has a move or drop definition,
	// or a player who takes turns starts with pieces none of which has one
	// it could use: their moves live in JavaScript.
	StubNoMoveDefs
	// StubSetupLost: a board-setup exists, but every position it names is
	// missing from the board (Dagaz's jungle.zrf sets up on positions its
	// variant removed with kill-positions, which Dagaz only unlinks).
	StubSetupLost
	numStubKinds
)

var stubKindNames = [numStubKinds]string{"Dagaz option", "non-boolean attribute", "no goal", "no setup",
	"drops without supply", "pieces without move definitions", "setup off the board"}

func (k StubKind) String() string {
	if k < numStubKinds {
		return stubKindNames[k]
	}
	return fmt.Sprintf("StubKind(%d)", k)
}

// Stub is one part of a game's rules that is missing from the file. Warning
// is the same value GameDef.Warnings holds, so front ends that print warnings
// already show it.
type Stub struct {
	Kind    StubKind
	Warning *Error
}

// notIntended ends every stub warning: the file loads, but plays otherwise
// than its author meant.
const notIntended = "; the game will not play as intended"

// dagazJSOptions are the option names (spaces written as dashes) that select
// JavaScript in Dagaz, besides every "...-extension" and "...-invariant". Dagaz's
// zrf-model.js (Dagaz.Model.checkVersion) fails a design with an option
// outside its built-in list unless an extension script claims the name, so
// each of these stands for a script. The list is what the corpus uses.
var dagazJSOptions = setOf("ko", "deferred-captures", "board-model", "zrf-advanced", "sliding-puzzle",
	"pente-restrictions", "kamisado-setup")

// dagazUIOptions are Dagaz's built-in display options (zrf-model.js's list)
// that Zillions spells otherwise: they change no rule, so they are kept
// without a warning.
var dagazUIOptions = setOf("smart-moves", "show-drops", "drag-n-drop", "advisor-wait", "promote-dialog",
	"animate-redo", "show-lose")

// dagazOption classifies an option name unknown to Zillions: whether it is
// Dagaz's, whether it leaves rules out, and the warning for it ("" for a
// display option).
func dagazOption(name string) (isDagaz bool, warning string) {
	key := strings.ReplaceAll(name, " ", "-")
	switch {
	case dagazUIOptions[key]:
		return true, ""
	case dagazJSOptions[key] || strings.HasSuffix(key, "-extension") || strings.HasSuffix(key, "-invariant"):
		return true, fmt.Sprintf("option %q selects rules written in Dagaz's JavaScript, which are missing here%s", name, notIntended)
	}
	return false, ""
}

// markDagaz records the first mark that the game was written for Dagaz
// (GameDef.Dagaz): what it is and where.
func (l *lowerer) markDagaz(n *Node, format string, args ...any) {
	if l.gd.Dagaz == "" {
		l.gd.Dagaz = fmt.Sprintf(format, args...) + " at " + n.Pos.String()
	}
}

// readDagaz applies the rules of the Dagaz dialect that its converter and
// runtime (zrf-model.js) document and the ZRF text itself carries, to a
// game written for Dagaz. A game is read so when it carries a mark only a
// file for Dagaz has:
//
//   - an option only Dagaz knows (dagazOption, "shared pieces"), marked
//     while lowering;
//   - a piece attribute with a non-boolean value, marked while lowering;
//   - a game without any goal whose drops Zillions could never make:
//     drops are defined, but no setup item puts any piece in anyone's
//     hand ("off N", N > 0) and captures are not recycled (drySupply).
//     Zillions counts a missing "off N" as none, so there such a game has
//     neither a drop nor an end. Both halves are needed: native Zillions
//     files with goals do define drops no hand supplies (Focus and
//     Ragnarok create their pieces on the board instead; the Duke's Flag
//     sits beside types that are in hand), while the Dagaz files of this
//     kind keep their goals in JavaScript.
//
// The dialect's rule read here: Dagaz's converter writes "off N" as a
// reserve of N pieces of that type for that player, and its runtime
// (noReserve, decReserve) lets a player drop a type with no reserve
// without limit and never counts it down. So every (player, type with
// drops) pair that no "off N" names, not even "off 0", gets an unlimited
// hand (vm.Options.UnlimitedHand). Games whose moves come from an
// external engine are left alone.
func readDagaz(gd *GameDef, block *Node) {
	g := gd.Game
	if g.Engine != "" {
		return
	}
	if gd.Dagaz == "" {
		dry := drySupply(g)
		if len(dry) == 0 || len(g.Goals) > 0 {
			return
		}
		gd.Dagaz = fmt.Sprintf("no goal, and drops of %s that no player ever holds (no \"off N\" in the setup) at %s",
			g.TypeNames(dry), block.Pos.String())
	}
	nT := len(g.Pieces)
	named := make([]bool, len(g.Players)*nT)
	for _, it := range g.Setup {
		if it.Pos == vm.OffBoard {
			named[it.Player*nT+it.Type] = true
		}
	}
	var unlimited []bool
	for t, pt := range g.Pieces {
		if len(pt.Drops) == 0 {
			continue
		}
		for pl := range g.Players {
			if named[pl*nT+t] {
				continue
			}
			if unlimited == nil {
				unlimited = make([]bool, len(g.Players)*nT)
			}
			unlimited[pl*nT+t] = true
		}
	}
	g.Options.UnlimitedHand = unlimited
}

// addStub records a stub of gd and its warning at n.
func addStub(gd *GameDef, kind StubKind, n *Node, format string, args ...any) {
	e := errorAt(n, format, args...)
	gd.Warnings = append(gd.Warnings, e)
	gd.Stubs = append(gd.Stubs, Stub{Kind: kind, Warning: e})
}

// stubf records a stub met while lowering.
func (l *lowerer) stubf(kind StubKind, n *Node, format string, args ...any) {
	addStub(l.gd, kind, n, format, args...)
}

// findStubs adds the stubs that show only in the lowered game as a whole (no
// goal, no setup, no supply, pieces without definitions) to gd. block is the
// game's or variant's form, sections its sections merged with its game's.
// Games whose moves come from an external engine are left alone: their
// rules are knowingly elsewhere, and check reports that already.
func findStubs(gd *GameDef, block *Node, sections []*Node) {
	g := gd.Game
	if g.Engine != "" {
		return
	}
	if len(g.Goals) == 0 {
		addStub(gd, StubNoGoal, block, "no win-, loss-, draw- or count-condition: nobody can win, and the game ends only in a draw "+
			"when a player has no move (files written for Dagaz keep their goals, and often more of their rules, in its JavaScript)%s", notIntended)
	}
	if len(g.Setup) == 0 {
		moving := typesWith(g, func(pt *vm.PieceType) bool { return len(pt.Moves) > 0 })
		switch setup := lastSection(sections, "board-setup"); {
		case len(moving) == 0:
		case setup != nil && len(setup.Args()) > 0:
			addStub(gd, StubSetupLost, setup, "board-setup places no piece: none of the positions it names is on this board "+
				"(see the warnings at them), so %s can never move%s", g.TypeNames(moving), notIntended)
		default:
			addStub(gd, StubNoSetup, block, "no board-setup: no piece starts on the board or in hand, so %s can never move "+
				"(files written for Dagaz place the pieces from JavaScript)%s", g.TypeNames(moving), notIntended)
		}
	}
	if dry := drySupply(g); len(dry) > 0 {
		addStub(gd, StubNoSupply, pieceForm(sections, g.Pieces[dry[0]].Name, block),
			"drops are defined for %s, but board-setup gives no player any of them off the board (\"off 0\") and captures "+
				"are not recycled, so nothing can ever be dropped (files written for Dagaz fill such hands from JavaScript)%s",
			g.TypeNames(dry), notIntended)
	}
	defined := typesWith(g, func(pt *vm.PieceType) bool { return len(pt.Moves) > 0 || len(pt.Drops) > 0 })
	if len(defined) == 0 && len(g.Pieces) > 0 && g.Options.PassTurn != vm.PassAlways {
		// Hive: five piece types, not one definition; every move is JavaScript.
		addStub(gd, StubNoMoveDefs, block, "no piece has a move or drop definition, so nobody can ever move "+
			"(files written for Dagaz move them from JavaScript)%s", notIntended)
		return
	}
	for _, o := range idleOwners(g) {
		addStub(gd, StubNoMoveDefs, pieceForm(sections, g.Pieces[o.types[0]].Name, block),
			"%s takes turns, but none of its pieces (%s) can ever move: those on the board have no move definitions, "+
				"those in hand no drop definitions "+
				"(files written for Dagaz move them from JavaScript)%s", g.Players[o.player].Name, g.TypeNames(o.types), notIntended)
	}
}

// drySupply returns the types with drop definitions when none of them can
// ever be in anyone's hand: no setup item puts any piece off the board and
// captured pieces do not go back to the hand. When some type has a supply
// (Duke's Flag has none, its other pieces do), the game can still drop, and
// native Zillions files do define such spare drops.
func drySupply(g *vm.Game) []int {
	if g.Options.RecycleCaptures || g.Options.UnlimitedHand != nil {
		return nil
	}
	for _, it := range g.Setup {
		if it.Pos == vm.OffBoard && it.Count > 0 {
			return nil
		}
	}
	return typesWith(g, func(pt *vm.PieceType) bool { return len(pt.Drops) > 0 })
}

// idleOwner is a player and the types of its pieces at the start.
type idleOwner struct {
	player int
	types  []int
}

// idleOwners lists, in player order, the players who take turns (random
// players aside: dice are dropped, not moved) and start with pieces, none of
// which has a definition they could use. With shared pieces a player may
// move every piece on the board, so those count as its own.
func idleOwners(g *vm.Game) []idleOwner {
	shared := g.Options.SharedPieces
	var out []idleOwner
	for pl, p := range g.Players {
		if p.Random || !takesTurn(g, pl) {
			continue
		}
		var types []int
		seen := map[int]bool{}
		usable := false
		for _, it := range g.Setup {
			if it.Player != pl && (!shared || it.Pos == vm.OffBoard) {
				continue
			}
			// On the board a piece moves by its moves; a type with drops
			// there is a drop game's stone, and whether more can be
			// dropped is drySupply's question. In hand only drops count
			// (Fangyuan TiaoQi holds pieces that have moves but no drops).
			pt := g.Pieces[it.Type]
			if len(pt.Drops) > 0 || (it.Pos != vm.OffBoard && len(pt.Moves) > 0) {
				usable = true
				break
			}
			if !seen[it.Type] {
				seen[it.Type] = true
				types = append(types, it.Type)
			}
		}
		if !usable && len(types) > 0 {
			out = append(out, idleOwner{pl, types})
		}
	}
	return out
}

func takesTurn(g *vm.Game, pl int) bool {
	for _, t := range g.TurnOrder {
		if t.As == pl {
			return true
		}
	}
	return false
}

func typesWith(g *vm.Game, ok func(*vm.PieceType) bool) []int {
	var out []int
	for t, pt := range g.Pieces {
		if ok(pt) {
			out = append(out, t)
		}
	}
	return out
}

// lastSection returns the last section with the head, or nil.
func lastSection(sections []*Node, head string) *Node {
	var out *Node
	for _, s := range sections {
		if s.Head() == head {
			out = s
		}
	}
	return out
}

// pieceForm finds the (piece (name NAME) ...) section, so a warning points at
// the piece; without one it points at the block.
func pieceForm(sections []*Node, name string, block *Node) *Node {
	for _, s := range sections {
		if s.Head() != "piece" {
			continue
		}
		for _, e := range s.Args() {
			if e.Head() == "name" && len(e.Args()) > 0 && e.Args()[0].Text == name {
				return s
			}
		}
	}
	return block
}

// WhyNoStartMoves explains why the game has no legal move at its start
// position, or returns "" when the first player can move. The reason comes
// from vm.State.WhyNoMoves; when a stub of the file accounts for it (a setup
// or goal left to Dagaz's JavaScript), that is said too, so a front end can
// tell "this file is incomplete" from "this position is blocked".
func (gd *GameDef) WhyNoStartMoves() (string, error) {
	s, err := vm.NewState(gd.Game)
	if err != nil {
		return "", err
	}
	why, err := s.WhyNoMoves()
	if err != nil || why.Kind == vm.HasMoves {
		return "", err
	}
	msg := why.Msg
	if cause := gd.stubCause(why.Kind); cause != "" {
		msg += ": " + cause
	}
	return msg, nil
}

// stubCause names the stub behind a kind of missing start move, if the file has one.
func (gd *GameDef) stubCause(k vm.NoMoveKind) string {
	var want []StubKind
	switch k {
	case vm.NoMoveSupply:
		want = []StubKind{StubNoSupply}
	case vm.NoMovePieces:
		want = []StubKind{StubNoSetup, StubSetupLost, StubNoSupply, StubNoMoveDefs, StubOption}
	case vm.NoMoveDefs, vm.NoMoveTurnType:
		want = []StubKind{StubNoMoveDefs, StubOption}
	case vm.NoMoveBlocked:
		want = []StubKind{StubOption}
	}
	for _, w := range want {
		for _, st := range gd.Stubs {
			if st.Kind == w {
				return stubCauses[w] + " (" + st.Warning.Pos.String() + ")"
			}
		}
	}
	return ""
}

var stubCauses = map[StubKind]string{
	StubNoSetup:    "the setup lives in Dagaz's JavaScript",
	StubSetupLost:  "the setup names positions this board does not have",
	StubNoSupply:   "the pieces to drop come into hand only from Dagaz's JavaScript",
	StubNoMoveDefs: "the pieces' moves live in Dagaz's JavaScript",
	StubOption:     "the file relies on a Dagaz-only option",
}
