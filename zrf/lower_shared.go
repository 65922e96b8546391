// This file defines how the shared nodes of move definitions (Node.shared)
// are lowered: once per game or variant (defMemo), every definition
// reaching the same node taking the statements of its first lowering
// instead of lowering it again. Focus.zrf reaches 1,600 shared nodes
// 210,000 times from its definitions; tavreli.zrf, 700 nodes 260,000 times.
//
// A node lowers the same in every definition of the block but for the
// positions taken from the definition's call position (Node.callPosIn,
// lowerer.srcPos): those are not written into the statements and
// conditions, which say they are at the call position instead (Stmt.PosIn),
// so the same statements serve every definition.

package zrf

// sharedLow is the lowering of a shared node, with what lowering it asked
// and changed (its trace: see lowerTrace).
type sharedLow[T any] struct {
	v    T
	asks []ask
	// piece: the lowering names the piece whose move it is (create without
	// a type), so it holds for that piece only.
	piece bool
}

// sharedMemo holds the lowerings of shared nodes of one kind (statements,
// conditions or statement sequences): those of the definition being lowered
// (def, by node) and those kept for the block's later definitions (block).
type sharedMemo[T any] struct {
	def   map[*Node]*sharedLow[T]
	block map[blockKey]*sharedLow[T]
}

// blockKey keys a kept lowering: the node, and the piece when the lowering
// holds for one piece only (the entry under the node alone then says so).
type blockKey struct {
	n     *Node
	piece string
}

// defMemo holds the lowerings of the shared nodes (Node.shared) of the move
// definition being lowered, and of the definitions of the block before it.
// A node reached again in the same definition lowers to the same statement
// or condition, which is shared rather than made again (Focus.zrf reaches
// 2.9 million nodes of move definitions, 1.2 million distinct). Lowering a
// node asks its questions and makes its changes to the tables the first
// time; asking again in the same block gets the same answers (the memo is
// dropped when the tables grow: tablesVersion) and changes nothing.
// Lowerings with errors or warnings are not kept, so each place reports
// them.
type defMemo struct {
	stmts sharedMemo[*Stmt]
	exprs sharedMemo[*Expr]
	seqs  sharedMemo[[]*Stmt]
	// version is tablesVersion when block was last found valid.
	version [3]int
}

// reset empties the memo of the definition for the next one.
func (m *defMemo) reset() {
	resetMap(&m.stmts.def)
	resetMap(&m.exprs.def)
	resetMap(&m.seqs.def)
}

// tablesVersion changes when lowering a move definition adds to the name
// tables (a move type named by add-partial, a zone of another board): the
// answers kept lowerings got may then differ.
func (l *lowerer) tablesVersion() [3]int {
	return [3]int{len(l.g.MoveTypes), len(l.g.Board.Zones), len(l.g.Attributes)}
}

// checkVersion drops the block's kept lowerings when the tables grew.
func (l *lowerer) checkVersion() {
	if v := l.tablesVersion(); v != l.once.version {
		l.once.version = v
		resetMap(&l.once.stmts.block)
		resetMap(&l.once.exprs.block)
		resetMap(&l.once.seqs.block)
	}
}

// lowerShared lowers the shared node n (whose context is the definition's
// own) with lower, or takes its lowering from m.
func lowerShared[T any](l *lowerer, n *Node, m *sharedMemo[T], lower func(*Node) T) T {
	if s, ok := m.def[n]; ok {
		l.reuseShared(s.asks, s.piece, false)
		return s.v
	}
	if m.def == nil {
		m.def = map[*Node]*sharedLow[T]{}
	}
	l.checkVersion()
	if m.block == nil {
		m.block = map[blockKey]*sharedLow[T]{}
	}
	s := m.block[blockKey{n, ""}]
	if s != nil && s.piece {
		s = m.block[blockKey{n, l.curPiece}]
	}
	if s != nil {
		l.reuseShared(s.asks, s.piece, true)
		m.def[n] = s
		return s.v
	}
	errs, warns, version := len(l.errs), len(l.gd.Warnings), l.once.version
	parent, piece := l.sub, l.pieceDep
	l.sub, l.pieceDep = l.subTrace(), false
	v := lower(n)
	s = &sharedLow[T]{v: v, asks: append([]ask(nil), l.sub.asks...), piece: l.pieceDep}
	l.subDepth--
	l.sub, l.pieceDep = parent, piece || s.piece
	l.sub.addAll(s.asks, nil)
	if len(l.errs) != errs || len(l.gd.Warnings) != warns {
		return v
	}
	m.def[n] = s
	if l.tablesVersion() != version {
		return v // lowering it changed the tables, so the answers it got
	}
	if s.piece {
		if m.block[blockKey{n, ""}] == nil {
			m.block[blockKey{n, ""}] = &sharedLow[T]{piece: true}
		}
		m.block[blockKey{n, l.curPiece}] = s
	} else {
		m.block[blockKey{n, ""}] = s
	}
	return v
}

// subTrace returns an empty trace for recording a shared node's lowering,
// one per nesting depth, reused.
func (l *lowerer) subTrace() *lowerTrace {
	if l.subDepth == len(l.subs) {
		l.subs = append(l.subs, &lowerTrace{})
	}
	t := l.subs[l.subDepth]
	l.subDepth++
	t.reset()
	return t
}

// reuseShared asks and changes what lowering a shared node did, for the
// lowering being recorded (and, when the node was lowered in another
// definition, for the definition's trace).
func (l *lowerer) reuseShared(asks []ask, piece, inTrace bool) {
	if piece {
		l.pieceDep = true
	}
	l.sub.addAll(asks, nil)
	if inTrace && l.trace != nil {
		l.trace.addAll(asks, &l.defCtx)
	}
}

// addAll adds asks to the trace; with ctx, the flag references relative to
// the definition's call position are placed at ctx.
func (t *lowerTrace) addAll(asks []ask, ctx *Pos) {
	if t == nil {
		return
	}
	for _, a := range asks {
		if a.rel && ctx != nil {
			a.ctx, a.rel = *ctx, false
		}
		t.add(a)
	}
}
