package axiom

import (
	"fmt"

	"zrun/forth"
)

// searchOnly are the framework natives that only Axiom's own search and
// move-list window run (OnSearch's engines, OnRetractMove, $MoveString,
// the ring-buffer dumps): zrun searches with its own engine and writes
// its own notation, and never calls those words, so they stay
// unavailable and fail by name if a script runs one.
//
// $CloneBoard belongs with them: the scripts that name it (Ur-[aggressive],
// splut's Engine.4th, the AI.4th of Chase, 7Kingdoms, Ordo, Tavreli, ...)
// call it only inside their own search engines, to try a move on a copy of
// the board ("$CloneBoard ... .moveCFA EXECUTE ... $DeallocateBoard").
var searchOnly = []string{
	"$CloneBoard", "$DeallocateBoard", "$DecompileMove", "$NegamaxMove", "$UCTMove", "$Yield",
	"BestMove!", "CurrentMove!", "Depth!", "Nodes!", "Score!",
	"ringbuffer-empty?", "ringbuffer-remove-item", "ringbuffer2-empty?", "ringbuffer2-remove-item",
}

func flag(b bool) int32 {
	if b {
		return -1
	}
	return 0
}

// defineNatives defines the Axiom natives zrun implements, and the
// search-only ones as unavailable, before the framework loads.
func (src *Source) defineNatives() error {
	m := src.m
	def := map[string]forth.Native{
		// board[] ( pos -- addr ): the board is a cell per position at
		// $board (axiom.4th's piece-at is "board[] @").
		"board[]": func(m *forth.Machine) error {
			p := m.Pop()
			if p < 0 || int(p) >= src.nPos {
				return fmt.Errorf("position %d is not on the board (0..%d)", p, src.nPos-1)
			}
			m.Push(m.Fetch(src.aBoard) + p*cellSize)
			return nil
		},
		// OnFriends? ( player1 player2 -- ? ): axiom.4th's friend? is
		// "player current-player OnFriends?"; Axiom has no alliances, so
		// players are friends when they are the same.
		"OnFriends?": func(m *forth.Machine) error {
			a, b := m.Pop(), m.Pop()
			m.Push(flag(a&maskPlayer == b&maskPlayer))
			return nil
		},
		"$Exit": func(m *forth.Machine) error {
			m.Exit()
			return nil
		},
		// ^string ( addr -- ): appends to the move's text, which zrun
		// writes itself from the move's acts.
		"^string": func(m *forth.Machine) error {
			m.Pop()
			return nil
		},
		// $EngineSetTurn ( previousPlayer -- ): tells Zillions whose turn
		// it is; the VM keeps the turn.
		"$EngineSetTurn": func(m *forth.Machine) error {
			m.Pop()
			return nil
		},
		// (add-piece) ( piece pos -- ) and (remove-piece) ( pos -- ):
		// OnEditAdd and OnEditRemove, board edits made outside a move.
		"(add-piece)": func(m *forth.Machine) error {
			p, c := m.Pop(), m.Pop()
			return src.store(p, c)
		},
		"(remove-piece)": func(m *forth.Machine) error {
			return src.store(m.Pop(), 0)
		},
		"move": func(m *forth.Machine) error {
			to, from := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: eMove, from: from, to: to})
		},
		"capture": func(m *forth.Machine) error {
			return src.addEdit(edit{kind: eCapture, to: src.here()})
		},
		"capture-at": func(m *forth.Machine) error {
			return src.addEdit(edit{kind: eCapture, to: m.Pop()})
		},
		// drop: the piece being dropped ($piece, current-piece) enters at
		// here.
		"drop": func(m *forth.Machine) error {
			return src.addEdit(edit{kind: ePut, to: src.here(), code: src.curPiece()})
		},
		"drop-piece": func(m *forth.Machine) error {
			t := m.Pop()
			return src.addEdit(edit{kind: ePut, to: src.here(), code: t&maskType | src.moverPieces()})
		},
		"drop-piece-at": func(m *forth.Machine) error {
			p, t := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: ePut, to: p, code: t&maskType | src.moverPieces()})
		},
		// create...: a piece appears, replacing what stood there
		// (TchukaRuma's sowing re-creates every pit it passes).
		"create": func(m *forth.Machine) error {
			return src.addEdit(edit{kind: ePut, to: src.here(), code: src.curPiece()})
		},
		"create-at": func(m *forth.Machine) error {
			return src.addEdit(edit{kind: ePut, to: m.Pop(), code: src.curPiece()})
		},
		"create-player": func(m *forth.Machine) error {
			a := m.Pop()
			return src.addEdit(edit{kind: ePut, to: src.here(), code: src.curPiece()&maskType | a&maskPlayer})
		},
		"create-player-at": func(m *forth.Machine) error {
			p, a := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: ePut, to: p, code: src.curPiece()&maskType | a&maskPlayer})
		},
		"create-piece-type": func(m *forth.Machine) error {
			t := m.Pop()
			return src.addEdit(edit{kind: ePut, to: src.here(), code: t&maskType | src.moverPieces()})
		},
		"create-piece-type-at": func(m *forth.Machine) error {
			p, t := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: ePut, to: p, code: t&maskType | src.moverPieces()})
		},
		"create-player-piece-type": func(m *forth.Machine) error {
			t, a := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: ePut, to: src.here(), code: t&maskType | a&maskPlayer})
		},
		"create-player-piece-type-at": func(m *forth.Machine) error {
			p, t, a := m.Pop(), m.Pop(), m.Pop()
			return src.addEdit(edit{kind: ePut, to: p, code: t&maskType | a&maskPlayer})
		},
		// change-type and change-owner keep the rest of the piece.
		"change-type": func(m *forth.Machine) error {
			t := m.Pop()
			return src.addEdit(edit{kind: eChange, to: src.here(), code: t & maskType})
		},
		"change-type-at": func(m *forth.Machine) error {
			p, t := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: eChange, to: p, code: t & maskType})
		},
		"change-owner": func(m *forth.Machine) error {
			a := m.Pop()
			return src.addEdit(edit{kind: eChange, to: src.here(), code: a&maskPlayer | ownerFlag})
		},
		"change-owner-at": func(m *forth.Machine) error {
			p, a := m.Pop(), m.Pop()
			return src.addEdit(edit{kind: eChange, to: p, code: a&maskPlayer | ownerFlag})
		},
		// repetition-reset: Ur's OnIsGameOver calls it every time, to
		// keep Axiom from counting repeated positions (dice games repeat
		// them often). zrun draws by repetition only where the rule file's
		// goals say so, so there is no count of its own to reset.
		"repetition-reset": func(m *forth.Machine) error { return nil },
		"$GenerateMoves":   src.generateMoves,
		"$DeallocateMoves": src.deallocateMoves,
		"add-move": func(m *forth.Machine) error {
			if err := src.addMove(); err != errExit {
				return err
			}
			return nil
		},
		// piece-value ( piece -- value ): the {value} of the piece's type
		// (1 when the script gives none, as {piece} lays it down).
		"piece-value": func(m *forth.Machine) error {
			m.Push(src.value(m.Pop()))
			return nil
		},
		// material-balance ( player -- n ): the values of the player's
		// pieces on the board less those of the other players'.
		"material-balance": func(m *forth.Machine) error {
			a := m.Pop() & maskPlayer
			var n int32
			board := m.Fetch(src.aBoard)
			for i := 0; i < src.nPos; i++ {
				c := m.Fetch(board + int32(i)*cellSize)
				if c == 0 {
					continue
				}
				if c&maskPlayer == a {
					n += src.value(c)
				} else {
					n -= src.value(c)
				}
			}
			m.Push(n)
			return nil
		},
	}
	for name, fn := range def {
		if err := m.Define(name, fn); err != nil {
			return err
		}
	}
	return m.DefineUnavailable(searchOnly)
}

// ownerFlag marks a change edit's code as a new owner, not a new type.
const ownerFlag = 1 << 30

func (src *Source) here() int32      { return src.m.Fetch(src.aPos) }
func (src *Source) curPiece() int32  { return src.m.Fetch(src.aPiece) & maskPiece }
func (src *Source) curPlayer() int32 { return src.m.Fetch(src.aPlayer) & maskPlayer }

func (src *Source) value(code int32) int32 {
	t := code & maskType
	for _, p := range src.pieces {
		if p.code == t {
			return p.value
		}
	}
	return 0
}

func (src *Source) store(p, c int32) error {
	if p < 0 || int(p) >= src.nPos {
		return fmt.Errorf("position %d is not on the board (0..%d)", p, src.nPos-1)
	}
	src.m.Store(src.m.Fetch(src.aBoard)+p*cellSize, c)
	return nil
}

func (src *Source) addEdit(e edit) error {
	if !src.gen.active {
		return fmt.Errorf("used outside move generation")
	}
	for _, p := range []int32{e.from, e.to} {
		if p < 0 || int(p) >= src.nPos {
			return fmt.Errorf("position %d is not on the board (0..%d)", p, src.nPos-1)
		}
	}
	src.gen.edits = append(src.gen.edits, e)
	return nil
}
