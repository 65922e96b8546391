// This file defines the lowering of pieces (names, texts, attributes, move and
// drop definitions), of (board-setup ...) and of options.

package zrf

import (
	"strconv"

	"zrun/vm"
)

// declarePieces creates the piece types and their attributes, so that move
// definitions can name any piece and attribute whatever the file order. It
// returns the piece forms kept, in type order.
func (l *lowerer) declarePieces(pieces []*Node) []*Node {
	var kept []*Node
	for _, pn := range pieces {
		pt := &vm.PieceType{Source: pn.Pos.String()}
		name := pieceName(pn)
		if _, dup := l.pieces[name]; dup && name != "" {
			// Macro-built piece lists repeat a piece (rithmomachia.zrf);
			// the first definition wins.
			l.warnf(pn, "piece %s is defined twice; the later definition is ignored", name)
			continue
		}
		for _, s := range pn.Args() {
			l.pieceForm(pt, s)
		}
		if pt.Name == "" {
			l.errorf(pn, "piece has no (name ...)")
			pt.Name = "?" // keep the index so Moves/Drops stay aligned
		} else {
			l.pieces[pt.Name] = len(l.g.Pieces)
		}
		l.g.Pieces = append(l.g.Pieces, pt)
		kept = append(kept, pn)
	}
	l.gd.Moves = make([][]*MoveDef, len(l.g.Pieces))
	l.gd.Drops = make([][]*MoveDef, len(l.g.Pieces))
	return kept
}

// pieceName returns the X of a piece's (name X), or "".
func pieceName(pn *Node) string {
	for _, s := range pn.Args() {
		if s.Head() == "name" && len(s.Args()) == 1 {
			return s.Args()[0].Text
		}
	}
	return ""
}

// pieceForm reads one sub-form of (piece ...) except moves and drops.
func (l *lowerer) pieceForm(pt *vm.PieceType, s *Node) {
	switch s.Head() {
	case "name":
		if a := s.Args(); len(a) == 1 && a[0].Kind == Atom {
			pt.Name = a[0].Text
		} else {
			l.errorf(s, "piece name must be one atom")
		}
	case "help":
		pt.Help = l.stringArg(s)
	case "description":
		pt.Description = l.stringArg(s)
	case "notation":
		pt.Notation = l.stringArg(s)
	case "attribute":
		l.attribute(pt, s)
	case "moves", "drops":
		// Lowered later; their move types are declared now, because
		// conditions such as (attacked? T) may name them first.
		for _, d := range s.Args() {
			if d.Head() == "move-type" && len(d.Args()) == 1 && d.Args()[0].Kind == Atom {
				l.moveType(d.Args()[0].Text)
			}
		}
	case "image":
		l.pieceImages(pt, s)
	case "glyph", "dummy", "open":
		// Display (glyph is Dagaz's); (dummy) is an Axiom marker.
	default:
		l.errorf(s, "unknown piece form %s%s", describe(s), l.hint(s.Head(), []string{
			"name", "help", "description", "notation", "attribute", "moves", "drops", "image"}))
	}
}

// attribute reads (attribute name default).
func (l *lowerer) attribute(pt *vm.PieceType, s *Node) {
	a := s.Args()
	if len(a) != 2 || a[0].Kind != Atom {
		l.errorf(s, "attribute must be (attribute name true|false)")
		return
	}
	def, ok := boolValue(a[1].Text)
	if !ok || a[1].Kind != Atom {
		// Dagaz attaches numbers and strings to pieces for its JavaScript.
		if !l.attrWarned[a[0].Text] {
			l.attrWarned[a[0].Text] = true
			l.markDagaz(a[1], "a non-boolean attribute value %s", describe(a[1]))
			l.stubf(StubAttribute, a[1], "attribute %s has the non-boolean value %s, which only Dagaz's JavaScript reads (taken as false here)%s",
				a[0].Text, describe(a[1]), notIntended)
		}
	}
	idx, known := l.attrs[a[0].Text]
	if !known {
		idx = len(l.g.Attributes)
		l.attrs[a[0].Text] = idx
		l.g.Attributes = append(l.g.Attributes, a[0].Text)
	}
	pt.Attrs = append(pt.Attrs, vm.AttrDecl{Attr: idx, Default: def})
}

// lowerPieceMoves lowers every piece's (moves ...) and (drops ...).
func (l *lowerer) lowerPieceMoves(pieces []*Node) {
	var key string
	if shareDefs {
		key = l.blockKey(pieces)
		if l.reuseBlock(key) {
			for _, pn := range pieces {
				l.cache.usesLeft[pn]--
			}
			return
		}
		defer l.keepBlock(key, len(l.errs), len(l.gd.Warnings), len(l.g.Board.Zones))
	}
	for i, pn := range pieces {
		l.curPiece = l.g.Pieces[i].Name
		l.cache.usesLeft[pn]--
		l.recording = l.cache.usesLeft[pn] > 0
		for _, s := range pn.Args() {
			switch s.Head() {
			case "moves":
				l.gd.Moves[i] = append(l.gd.Moves[i], l.moveDefs(s)...)
			case "drops":
				l.gd.Drops[i] = append(l.gd.Drops[i], l.moveDefs(s)...)
			}
		}
	}
}

// moveDefs reads a moves/drops list: definitions with (move-type T)
// separators setting the type of the definitions after them.
func (l *lowerer) moveDefs(s *Node) []*MoveDef {
	var out []*MoveDef
	mt := ""
	for _, d := range s.Args() {
		if d.Head() == "move-type" {
			if a := d.Args(); len(a) == 1 && a[0].Kind == Atom {
				mt = a[0].Text
				l.moveType(mt)
			} else {
				l.errorf(d, "move-type takes one move type name")
			}
			continue
		}
		if d.Kind != List {
			l.errorf(d, "move definition must be a list of statements, found %s", describe(d))
			continue
		}
		l.typeDefined[mt] = true
		before := len(l.errs)
		l.once.reset()
		body := l.lowerDef(d)
		if len(l.errs) > before {
			// An error inside one definition leaves that definition out; the
			// error is still reported, and the rest of the game loads.
			l.gd.Skipped = append(l.gd.Skipped, l.errs[before:]...)
			continue
		}
		out = append(out, &MoveDef{Pos: d.Pos, Call: l.defCtx, MoveType: mt, Body: body})
	}
	return out
}

// lowerSetup reads (board-setup (Player (Type item ...) ...) ...); an item is
// a position or "off N".
func (l *lowerer) lowerSetup(s *Node) {
	l.soft = true
	defer func() { l.soft = false }()
	for _, pe := range s.Args() {
		if pe.Kind != List || len(pe.Elems) == 0 {
			l.errorf(pe, "board-setup entry must be (Player (Type position ...) ...), found %s", describe(pe))
			continue
		}
		pl, ok := l.player(pe.Elems[0])
		if !ok {
			continue
		}
		for _, te := range pe.Elems[1:] {
			l.setupType(pl, te)
		}
	}
}

func (l *lowerer) setupType(pl int, te *Node) {
	if te.Kind != List || len(te.Elems) == 0 {
		l.errorf(te, "setup entry must be (Type position ... [off N]), found %s", describe(te))
		return
	}
	t, ok := l.piece(te.Elems[0])
	if !ok {
		return
	}
	items := te.Elems[1:]
	for i := 0; i < len(items); i++ {
		it := items[i]
		if it.IsAtom("off") {
			if i+1 == len(items) {
				l.errorf(it, "off needs a count")
				return
			}
			i++
			if n, ok := l.intArg(items[i], "off count"); ok {
				l.g.Setup = append(l.g.Setup, vm.SetupItem{Player: pl, Type: t, Pos: vm.OffBoard, Count: n})
			}
			continue
		}
		if p, ok := l.position(l.g.Board, it); ok {
			l.g.Setup = append(l.g.Setup, vm.SetupItem{Player: pl, Type: t, Pos: p, Count: 1})
		}
	}
}

// piece resolves a piece type name.
func (l *lowerer) piece(n *Node) (int, bool) {
	if n.Kind == Atom {
		if i, ok := l.pieces[n.Text]; ok {
			l.trace.ask(askPiece, n.Text, true)
			return i, true
		}
	}
	l.lookupFailed(n, "unknown piece type %s%s", describe(n), l.hint(n.Text, keys(l.pieces)))
	return 0, false
}

// Zillions options that only affect the user interface: kept, Known.
var displayOptions = setOf("animate captures", "animate drops", "smart moves", "prevent flipping",
	"highlight goals", "show moves list", "progressive levels", "selection screen",
	"silent ? moves", "discard cascades", "show hints", "show captures", "show blink",
	"allow flipping")

var ruleOptions = []string{"pass turn", "pass partial", "recycle captures", "maximal captures", "include off-pieces",
	"fifty-move rule", "insufficient material"}

// lowerOptions reads (option "name" value) and the legacy (pass-turn v) forms.
func (l *lowerer) lowerOptions(forms []*Node) {
	for _, o := range forms {
		name, val, ok := l.optionNameValue(o)
		if ok {
			l.option(o, name, val)
		}
	}
}

func (l *lowerer) optionNameValue(o *Node) (name string, val *Node, ok bool) {
	a := o.Args()
	if legacy := legacyOptions[o.Head()]; legacy != "" {
		if len(a) != 1 {
			l.errorf(o, "%s takes one value", o.Head())
			return "", nil, false
		}
		return legacy, a[0], true
	}
	if len(a) != 2 || a[0].Kind != String || a[1].Kind == List {
		l.errorf(o, "option must be (option \"name\" value)")
		return "", nil, false
	}
	return a[0].Text, a[1], true
}

// option sets one option: rule options into typed fields, the rest kept.
func (l *lowerer) option(o *Node, name string, val *Node) {
	opts := &l.g.Options
	v := val.Text
	switch name {
	case "pass turn":
		switch v {
		case "true", "1":
			opts.PassTurn = vm.PassAlways
		case "forced", "2":
			opts.PassTurn = vm.PassForced
		default:
			opts.PassTurn = vm.PassNever
			l.checkBool(val, name)
		}
	case "pass partial":
		opts.PassPartial = l.checkBool(val, name)
	case "recycle captures":
		opts.RecycleCaptures = l.checkBool(val, name)
	case "include off-pieces":
		opts.IncludeOffPieces = l.checkBool(val, name)
	case "shared pieces", "shared-pieces":
		// Dagaz's option (its converter writes spaces as dashes, and
		// files use both): the mover may move any player's pieces.
		// Only Dagaz knows it, so it marks the game as Dagaz's too.
		opts.SharedPieces = l.checkBool(val, name)
		l.markDagaz(o, "option %q", name)
	case "maximal captures":
		if v == "2" {
			opts.MaximalCaptures = 2
		} else if l.checkBool(val, name) {
			opts.MaximalCaptures = 1
		} else {
			opts.MaximalCaptures = 0
		}
	// zrun extensions (Zillions ignores unknown options, so files using them
	// still load there): "fifty-move rule" N draws after N moves by each side
	// without a capture or a pawn move (false or 0: off); "insufficient
	// material" true draws when no side can ever checkmate (vm.State.InsufficientMaterial).
	case "fifty-move rule":
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			opts.FiftyMove = n
		} else if !l.checkBool(val, name) {
			opts.FiftyMove = 0
		} else {
			opts.FiftyMove = 50
		}
	case "insufficient material":
		opts.InsufficientMaterial = l.checkBool(val, name)
	default:
		l.otherOption(o, name, v)
	}
}

// otherOption keeps an option without rule meaning, warning unless it is a
// known Zillions display option.
func (l *lowerer) otherOption(o *Node, name, v string) {
	known := displayOptions[name]
	l.g.Options.Other = append(l.g.Options.Other, vm.Option{Name: name, Value: v, Known: known, Source: o.Pos.String()})
	isDagaz, warning := dagazOption(name)
	switch {
	case known:
	case isDagaz:
		l.markDagaz(o, "option %q", name)
		if warning != "" {
			l.stubf(StubOption, o, "%s", warning)
		}
	default:
		all := append(keys(displayOptions), ruleOptions...)
		l.warnf(o, "unknown option %q (ignored)%s", name, l.hint(name, all))
	}
}

// checkBool reads true/false (or 1/0), warning about anything else.
func (l *lowerer) checkBool(val *Node, name string) bool {
	b, ok := boolValue(val.Text)
	if !ok {
		l.warnf(val, "option %q: expected true or false, found %s (taken as false)", name, describe(val))
	}
	return b
}

func boolValue(s string) (bool, bool) {
	switch s {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// pieceImages reads (image P1 "a.bmp" ["a2.bmp" ...] P2 "b.bmp" ...): each
// player's pictures of the piece. Pictures are display only, so a player
// the game does not have is a warning, not an error (Zillions shows the
// piece without a picture).
func (l *lowerer) pieceImages(pt *vm.PieceType, s *Node) {
	player := -1
	for _, a := range s.Args() {
		switch {
		case a.Kind == List:
			l.warnf(a, "piece image: a player or a file name expected, found %s", describe(a))
		case a.Kind == Atom:
			i, ok := l.players[a.Text]
			if !ok {
				i, ok = l.players["?"+a.Text]
			}
			if !ok {
				l.warnf(a, "piece image: unknown player %s", a.Text)
				player = -1
				continue
			}
			player = i
		case player >= 0:
			if len(pt.Images) < len(l.g.Players) {
				pt.Images = append(pt.Images, make([][]string, len(l.g.Players)-len(pt.Images))...)
			}
			pt.Images[player] = append(pt.Images[player], a.Text)
		default:
			l.warnf(a, "piece image: %s names no player", describe(a))
		}
	}
}
