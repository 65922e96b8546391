// This file tests reserve-chess.zrf against the rules of Reserve Chess
// (shared/seeds/003_*.txt) and the published definitions of its reserve
// pieces: where the reserve piece enters, that King and Rook moves never bring
// it in, entry with a capture and with a promotion, the alternative variant's
// choice, and each reserve piece's moves on an open board.

package games_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/vm"
	"zrun/zrf"
)

const reserveFile = "reserve-chess.zrf"

// reservePiece is the reserve piece type of each game in reserve-chess.zrf.
var reservePiece = map[string]string{
	"Reserve Chess (Chancellor)":     "Chancellor",
	"Reserve Chess (Swedish Cannon)": "Swedish-Cannon",
	"Reserve Chess (Archbishop)":     "Archbishop",
	"Reserve Chess (Amazon)":         "Amazon",
	"Reserve Chess (Mastodon)":       "Mastodon",
	"Reserve Chess (Dimachaer)":      "Dimachaer",
	"Reserve Chess (Kwagga)":         "Kwagga",
	"Reserve Chess (Divaricator)":    "Divaricator",
	"Reserve Chess (Murmillo)":       "Murmillo",
	"Reserve Chess (Culverin)":       "Culverin",
	"Reserve Chess (Adjutant)":       "Adjutant",
	"Reserve Chess (Zeppelin)":       "Zeppelin",
	"Reserve Chess (Consul)":         "Consul",
	"Reserve Chess (Dragonet)":       "Dragonet",
	"Reserve Chess (Camel)":          "Camel",
	"Reserve Chess (Llama)":          "Llama",
	"Reserve Chess (Alpaca)":         "Alpaca",
	"Reserve Chess (Guanaco)":        "Guanaco",
	"Reserve Chess (Vicuna)":         "Vicuna",
	"Reserve Chess (Trebuchet)":      "Trebuchet",
	"Reserve Chess (Belfry)":         "Belfry",
}

const reserveAltTitle = "Reserve Chess, alternative (Chancellor)"

// reserveGames loads the file once per test and returns its games by title.
func reserveGames(t *testing.T) map[string]*vm.Game {
	t.Helper()
	f, err := zrf.LoadFile(reserveFile)
	if err != nil {
		t.Fatalf("load %s: %v", reserveFile, err)
	}
	if len(f.Warnings) > 0 {
		t.Errorf("%s: %d warnings, first: %v", reserveFile, len(f.Warnings), f.Warnings[0])
	}
	out := map[string]*vm.Game{}
	for _, gd := range f.Games {
		out[gd.Game.Title] = gd.Game
	}
	for title := range reservePiece {
		if out[title] == nil {
			t.Fatalf("%s: no game %q", reserveFile, title)
		}
	}
	if out[reserveAltTitle] == nil {
		t.Fatalf("%s: no variant %q", reserveFile, reserveAltTitle)
	}
	for title, g := range out {
		if g.Description == "" {
			t.Errorf("%s: no description", title)
		}
		for _, p := range g.Pieces {
			if p.Help == "" || p.Description == "" {
				t.Errorf("%s: piece %s lacks help or description text", title, p.Name)
			}
		}
	}
	return out
}

// reserveState wraps a state of one Reserve Chess game with helpers that name squares.
type reserveState struct {
	t       *testing.T
	s       *vm.State
	g       *vm.Game
	reserve int // the reserve piece type
}

func newReserveState(t *testing.T, g *vm.Game, reserveName string) *reserveState {
	t.Helper()
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	r := &reserveState{t: t, s: s, g: g, reserve: -1}
	for i, p := range g.Pieces {
		if p.Name == reserveName {
			r.reserve = i
		}
	}
	if r.reserve < 0 {
		t.Fatalf("%s: no piece %s", g.Title, reserveName)
	}
	return r
}

func (r *reserveState) pos(name string) int {
	p, ok := r.g.Board.PositionIndex(name)
	if !ok {
		r.t.Fatalf("no square %s", name)
	}
	return p
}

// at describes what stands on a square: "" when empty, else "White Pawn".
func (r *reserveState) at(sq string) string {
	c := r.s.Board[r.pos(sq)]
	if c == vm.Empty {
		return ""
	}
	return r.g.Players[c.Owner()].Name + " " + r.g.Pieces[c.Type()].Name
}

func (r *reserveState) reserveName() string { return r.g.Pieces[r.reserve].Name }

// waiting reports whether player pl's reserve piece is still in reserve.
func (r *reserveState) waiting(pl int) bool {
	dummy := [2]string{"white-reserve", "black-reserve"}[pl]
	c := r.s.Board[r.pos(dummy)]
	return c != vm.Empty && c.Type() == r.reserve && c.Owner() == pl
}

// countOnBoard counts player pl's pieces of the reserve type on the 64 squares.
func (r *reserveState) countOnBoard(pl int) int {
	n := 0
	for f := 'a'; f <= 'h'; f++ {
		for rank := '1'; rank <= '8'; rank++ {
			c := r.s.Board[r.pos(string(f)+string(rank))]
			if c != vm.Empty && c.Type() == r.reserve && c.Owner() == pl {
				n++
			}
		}
	}
	return n
}

func (r *reserveState) legal() []vm.Move {
	var ml vm.MoveList
	if err := r.s.Generate(&ml); err != nil {
		r.t.Fatal(err)
	}
	return slices.Clone(ml.Moves)
}

// entersWith reports whether move m brings the mover's reserve piece in.
func (r *reserveState) entersWith(m *vm.Move) bool {
	pl := r.s.Mover()
	dummy := r.pos([2]string{"white-reserve", "black-reserve"}[pl])
	for _, e := range m.Effects(nil) {
		if e.Kind == vm.EffCell && int(e.Pos) == dummy && e.Val == vm.Empty {
			return true
		}
	}
	return false
}

// candidates are the legal moves written coord (e2e4, e7e8q).
func (r *reserveState) candidates(coord string) []vm.Move {
	var out []vm.Move
	for _, m := range r.legal() {
		if r.s.CoordString(&m) == coord {
			out = append(out, m)
		}
	}
	return out
}

// play makes the legal move coord; it must be unique.
func (r *reserveState) play(coord string) {
	r.t.Helper()
	c := r.candidates(coord)
	if len(c) != 1 {
		r.t.Fatalf("%s: %d legal moves %s, want 1", r.g.Title, len(c), coord)
	}
	r.make(&c[0])
}

// playChoosing makes the legal move coord that does (enter) or does not bring
// the reserve piece in.
func (r *reserveState) playChoosing(coord string, enter bool) {
	r.t.Helper()
	for _, m := range r.candidates(coord) {
		if r.entersWith(&m) == enter {
			r.make(&m)
			return
		}
	}
	r.t.Fatalf("%s: no legal move %s with entry=%v", r.g.Title, coord, enter)
}

func (r *reserveState) make(m *vm.Move) {
	r.t.Helper()
	if err := r.s.Make(m); err != nil {
		r.t.Fatal(err)
	}
}

// setup sets a FEN position and puts the reserve pieces of the players
// listed back on their dummy squares (FEN does not describe them).
func (r *reserveState) setup(fen string, waitingWhite, waitingBlack bool) {
	r.t.Helper()
	if err := r.s.SetFEN(fen); err != nil {
		r.t.Fatalf("FEN %s: %v", fen, err)
	}
	for pl, w := range []bool{waitingWhite, waitingBlack} {
		p := r.pos([2]string{"white-reserve", "black-reserve"}[pl])
		r.s.Board[p] = vm.Empty
		if w {
			r.s.Board[p] = vm.MakeCell(r.reserve, pl, 0)
		}
	}
	r.s.Rehash()
}

func (r *reserveState) expect(sq, want string) {
	r.t.Helper()
	if got := r.at(sq); got != want {
		r.t.Errorf("%s: %s holds %q, want %q", r.g.Title, sq, got, want)
	}
}

// TestReserveEntrySquare: the reserve piece appears on the square the first
// piece move leaves (1.e4 -> e2, 1...e5 -> e7; Knight moves -> b1/g1/b8/g8),
// in every game, and only once.
func TestReserveEntrySquare(t *testing.T) {
	games := reserveGames(t)
	for title, piece := range reservePiece {
		t.Run(piece, func(t *testing.T) {
			r := newReserveState(t, games[title], piece)
			if !r.waiting(0) || !r.waiting(1) {
				t.Fatal("reserve pieces do not start in reserve")
			}
			r.play("e2e4")
			r.expect("e2", "White "+piece)
			r.expect("e4", "White Pawn")
			if r.waiting(0) || !r.waiting(1) {
				t.Errorf("after 1.e4: white waiting %v, black waiting %v", r.waiting(0), r.waiting(1))
			}
			r.play("e7e5")
			r.expect("e7", "Black "+piece)
			r.expect("e5", "Black Pawn")
			// Later piece moves leave their squares empty: the reserve entered once.
			r.play("g1f3")
			r.expect("g1", "")
			r.play("b8c6")
			r.expect("b8", "")
			if r.countOnBoard(0) != 1 || r.countOnBoard(1) != 1 {
				t.Errorf("reserve pieces on the board: %d white, %d black; want 1 each", r.countOnBoard(0), r.countOnBoard(1))
			}

			// Knight first moves bring it onto the Knight's start square.
			r = newReserveState(t, games[title], piece)
			r.play("b1c3")
			r.expect("b1", "White "+piece)
			r.play("g8f6")
			r.expect("g8", "Black "+piece)
		})
	}
}

// TestReserveBishopQueenEntry: a Bishop's or the Queen's first move brings the
// reserve piece onto the Bishop's or Queen's start square (positions with the
// d- and e-pawns gone and the reserve pieces still waiting).
func TestReserveBishopQueenEntry(t *testing.T) {
	games := reserveGames(t)
	const open = "rnbqkbnr/ppp2ppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 1"
	for _, tc := range []struct{ white, black, fromW, fromB string }{
		{"f1c4", "f8c5", "f1", "f8"},
		{"c1g5", "c8g4", "c1", "c8"},
		{"d1d7", "e8d7", "d1", ""}, // Qxd7+ enters on d1; Kxd7 (a King move) does not
		{"d1h5", "d8h4", "d1", "d8"},
	} {
		r := newReserveState(t, games["Reserve Chess (Archbishop)"], "Archbishop")
		r.setup(open, true, true)
		r.play(tc.white)
		r.expect(tc.fromW, "White Archbishop")
		r.play(tc.black)
		if tc.fromB == "" {
			if !r.waiting(1) {
				t.Errorf("%s %s: a King capture brought Black's reserve in", tc.white, tc.black)
			}
			continue
		}
		r.expect(tc.fromB, "Black Archbishop")
	}
}

// TestReserveKingAndRookNeverEnter: with the reserve waiting, every legal
// King move, castling and Rook move leaves it in reserve, and every other
// piece move brings it onto its start square.
func TestReserveKingAndRookNeverEnter(t *testing.T) {
	games := reserveGames(t)
	const fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	for title, piece := range reservePiece {
		r := newReserveState(t, games[title], piece)
		r.setup(fen, true, true)
		kingRook, others := 0, 0
		for _, m := range r.legal() {
			mover := r.g.Pieces[r.s.Board[m.From].Type()].Name
			enters := r.entersWith(&m)
			switch mover {
			case "King", "Rook":
				kingRook++
				if enters {
					t.Errorf("%s: %s move %s brings the reserve piece in", title, mover, r.s.CoordString(&m))
				}
			default:
				others++
				if !enters {
					t.Errorf("%s: %s move %s does not bring the reserve piece in", title, mover, r.s.CoordString(&m))
				}
			}
		}
		// Kd1 Kf1 O-O O-O-O, Rb1 Rc1 Rd1, Rf1 Rg1.
		if kingRook != 9 || others != 16 {
			t.Errorf("%s: %d King/Rook moves (want 9), %d others (want 16)", title, kingRook, others)
		}
	}
	// After castling both sides the reserve still waits; the next piece move
	// brings it in.
	r := newReserveState(t, games["Reserve Chess (Chancellor)"], "Chancellor")
	r.setup(fen, true, true)
	r.play("e1g1")
	r.play("e8c8")
	r.play("h2h3")
	r.expect("h2", "White Chancellor")
	if !r.waiting(1) {
		t.Error("Black's reserve entered with castling")
	}
	r.play("h8g8")
	if !r.waiting(1) {
		t.Error("Black's reserve entered with a Rook move")
	}
	r.play("a2a3")
	r.play("b7b6")
	r.expect("b7", "Black Chancellor")
}

// TestReserveEntryWithCapture: the first piece move may be a capture; the
// reserve piece still enters on the square the capturing piece left.
func TestReserveEntryWithCapture(t *testing.T) {
	games := reserveGames(t)
	r := newReserveState(t, games["Reserve Chess (Amazon)"], "Amazon")
	// A Black Knight on d3 attacked by the c2 and e2 pawns (and the Queen).
	r.setup("rnbqkb1r/pppppppp/8/8/8/3n4/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, true)
	r.play("e2d3")
	r.expect("e2", "White Amazon")
	r.expect("d3", "White Pawn")
	// Black's first piece move captures a White Knight on a6.
	r = newReserveState(t, games["Reserve Chess (Amazon)"], "Amazon")
	r.setup("rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1", true, true)
	r.play("b7a6")
	r.expect("b7", "Black Amazon")
	r.expect("a6", "Black Pawn")
	r.play("g1f3")
	r.expect("g1", "White Amazon")
	r.play("b8c6") // no second entry
	r.expect("b8", "")
}

// TestReserveEntryWithPromotion: a Pawn move that promotes is a piece move
// like any other; with the reserve still waiting (a composed position) the
// reserve piece appears on the square the Pawn left, and the Pawn promotes
// to one of Queen, Rook, Bishop, Knight as in orthodox chess.
func TestReserveEntryWithPromotion(t *testing.T) {
	games := reserveGames(t)
	r := newReserveState(t, games["Reserve Chess (Camel)"], "Camel")
	r.setup("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", true, true)
	var promos []string
	for _, m := range r.legal() {
		if r.at(r.g.Board.Positions[m.From].Name) == "White Pawn" {
			if !r.entersWith(&m) {
				t.Errorf("Pawn move %s does not bring the reserve piece in", r.s.CoordString(&m))
			}
			promos = append(promos, r.s.CoordString(&m))
		}
	}
	sort.Strings(promos)
	want := []string{"b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r"}
	if !slices.Equal(promos, want) {
		t.Errorf("Pawn moves %v, want %v", promos, want)
	}
	r.play("b7a8n")
	r.expect("a8", "White Knight")
	r.expect("b7", "White Camel")
	if r.waiting(0) {
		t.Error("reserve still waiting after the promotion")
	}
}

// TestReserveAlternativeChoice: in the alternative variant the first piece
// move is offered both with and without the reserve piece; declining once
// makes the second piece move bring it in; King moves never do.
func TestReserveAlternativeChoice(t *testing.T) {
	games := reserveGames(t)
	g := games[reserveAltTitle]
	r := newReserveState(t, g, "Chancellor")
	ms := r.legal()
	if len(ms) != 40 {
		t.Errorf("alternative variant: %d first moves, want 40 (20, each with and without the reserve piece)", len(ms))
	}
	with, without := 0, 0
	for _, m := range ms {
		if r.entersWith(&m) {
			with++
		} else {
			without++
		}
	}
	if with != 20 || without != 20 {
		t.Errorf("first moves: %d bring the reserve in, %d keep it; want 20 and 20", with, without)
	}

	// Enter at once: as in the main game.
	r.playChoosing("e2e4", true)
	r.expect("e2", "White Chancellor")

	// Keep it back on the first piece move: the second must bring it in.
	r = newReserveState(t, g, "Chancellor")
	r.playChoosing("e2e4", false)
	r.expect("e2", "")
	if !r.waiting(0) {
		t.Fatal("White's reserve left the reserve after declining")
	}
	r.playChoosing("e7e5", false)
	for _, m := range r.legal() {
		mover := r.g.Pieces[r.s.Board[m.From].Type()].Name
		if enters := r.entersWith(&m); enters == (mover == "King") {
			t.Errorf("second move %s (%s): entry %v", r.s.CoordString(&m), mover, enters)
		}
	}
	r.play("e1e2") // a King move in between changes nothing
	r.play("g8f6") // Black's second piece move: forced entry on g8
	r.expect("g8", "Black Chancellor")
	r.play("g1f3")
	r.expect("g1", "White Chancellor")
	if r.countOnBoard(0) != 1 || r.countOnBoard(1) != 1 {
		t.Errorf("reserve pieces on the board: %d white, %d black", r.countOnBoard(0), r.countOnBoard(1))
	}

	// The forced second entry may be a capture: 1.e4 (kept) Nf6 2.Ke2 Ng4
	// 3.Ke1 Ne3 4.dxe3, and the reserve enters on d2.
	r = newReserveState(t, g, "Chancellor")
	r.playChoosing("e2e4", false)
	r.playChoosing("g8f6", true)
	r.expect("g8", "Black Chancellor")
	r.play("e1e2")
	r.play("f6g4")
	r.play("e2e1")
	r.play("g4e3")
	r.play("d2e3")
	r.expect("d2", "White Chancellor")
	r.expect("e3", "White Pawn")
}

// TestReservePieceMoves checks each reserve piece's moves from d4 against its
// published definition (seed 003 for Consul, Dragonet and the Llama family;
// Mats Winther's pages for the others). The Kings stand on h1 and b8, out of
// every piece's reach; "n" are enemy Knights, "P" friendly Pawns.
func TestReservePieceMoves(t *testing.T) {
	games := reserveGames(t)
	type tc struct {
		piece string
		fen   string // with the piece as "X"
		want  string // its destinations
		from  string // the piece's square when not d4
	}
	const kings = "1k6/8/8/8/3X4/8/8/7K w - - 0 1"
	cases := []tc{
		// Rook (14) + Knight (8).
		{"Chancellor", kings, "b3 b5 c2 c6 d1 d2 d3 d5 d6 d7 d8 e2 e6 f3 f5 a4 b4 c4 e4 f4 g4 h4", ""},
		// Bishop (13) + Knight (8).
		{"Archbishop", kings, "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b3 b5 c2 c6 e2 e6 f3 f5", ""},
		// King steps (8) and two-square jumps (8).
		{"Mastodon", kings, "c3 c4 c5 d3 d5 e3 e4 e5 b2 b4 b6 d2 d6 f2 f4 f6", ""},
		// (3,1) leaps.
		{"Camel", kings, "a3 a5 c1 c7 e1 e7 g3 g5", ""},
		// Camel + rank/file two at a time on its colour: b4 f4 h4 d2 d6 d8.
		{"Consul", kings, "a3 a5 c1 c7 e1 e7 g3 g5 b4 f4 h4 d2 d6 d8", ""},
		// Bishop + orthogonal colour slides.
		{"Adjutant", kings, "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b4 f4 h4 d2 d6 d8", ""},
		// Flight along ranks and files to every empty square.
		{"Zeppelin", kings, "d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4", ""},
		// Diagonal flights and orthogonal two-square flights.
		{"Dragonet", kings, "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b4 f4 h4 d2 d6 d8", ""},
		// No screen anywhere: Rook moves without capture.
		{"Swedish-Cannon", kings, "d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4", ""},
		// King steps to empty squares only.
		{"Culverin", kings, "c3 c4 c5 d3 d5 e3 e4 e5", ""},
		// One or two squares in the eight directions.
		{"Divaricator", kings, "b2 b4 b6 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6", ""},
		// Bishop moves without capture; no capture possible on an empty board.
		{"Murmillo", kings, "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1", ""},
		// Without a piece to collide with, the Dimachaer cannot move.
		{"Dimachaer", kings, "", ""},
		// Camel jumps; no second jump fits from d4.
		{"Kwagga", kings, "a3 a5 c1 c7 e1 e7 g3 g5", ""},
		{"Llama", kings, "c4 d3 d5 e4 b4 d2 d6 f4", ""},
		{"Alpaca", kings, "c4 d3 d5 e4 b4 d2 d6 f4", ""},
		// Steps, and two-square jumps repeated over empty squares.
		{"Guanaco", kings, "c4 d3 d5 e4 b4 d2 d6 d8 f4 h4", ""},
		{"Vicuna", kings, "c4 d3 d5 e4 b4 d2 d6 d8 f4 h4", ""},

		// Capture-only and move-only parts, with enemy pieces (n) around.
		// Llama: no capture by the step (d5), capture by the jump (d6).
		{"Llama", "1k6/8/3n4/3n4/3X4/8/8/7K w - - 0 1", "c4 d3 e4 b4 d2 d6 f4", ""},
		// Alpaca: capture by the step (d5), the jump cannot land on d6... d6
		// occupied by an enemy: no move there.
		{"Alpaca", "1k6/8/3n4/3n4/3X4/8/8/7K w - - 0 1", "c4 d3 d5 e4 b4 d2 f4", ""},
		// Guanaco: jumps never capture (d6 stops the northern jumps); the step captures d5.
		{"Guanaco", "1k6/8/3n4/3n4/3X4/8/8/7K w - - 0 1", "c4 d3 d5 e4 b4 d2 f4 h4", ""},
		// Vicuna: captures with the first jump (d6) only, never by the step.
		{"Vicuna", "1k6/8/3n4/3n4/3X4/8/8/7K w - - 0 1", "c4 d3 e4 b4 d2 d6 f4 h4", ""},
		// Vicuna: d6 empty, d8 enemy: the second jump cannot capture.
		{"Vicuna", "1k1n4/8/8/8/3X4/8/8/7K w - - 0 1", "c4 d3 d5 e4 b4 d2 d6 f4 h4", ""},
		// Kwagga: captures on the first jump (e7) but cannot jump on from
		// there.
		{"Kwagga", "1k6/4n3/8/8/3X4/8/8/7K w - - 0 1", "a3 a5 c1 c7 e1 e7 g3 g5", ""},
		// Kwagga from b2: b2-c5-d8 repeats the jump over the empty c5;
		// b2-e3-h4 likewise (e1 has no second jump); an enemy on c5 is taken
		// and stops that line.
		{"Kwagga", "1k6/8/8/8/8/8/1X6/7K w - - 0 1", "a5 c5 d8 e1 e3 h4", "b2"},
		{"Kwagga", "1k6/8/8/2n5/8/8/1X6/7K w - - 0 1", "a5 c5 e1 e3 h4", "b2"},
		// Zeppelin: an enemy on d6 is captured by landing on d7 (not on d6
		// itself); a friendly Pawn on f4 is flown over without capture.
		{"Zeppelin", "1k6/8/3n4/8/3X1P2/8/8/7K w - - 0 1", "d1 d2 d3 d5 d7 d8 a4 b4 c4 e4 g4 h4", ""},
		// Dragonet: an enemy on d5 (the other colour) is ignored; one on f4
		// is captured by landing on h4.
		{"Dragonet", "1k6/8/8/3n4/3X1n2/8/8/7K w - - 0 1", "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 b4 h4 d2 d6 d8", ""},
		// Swedish Cannon: a screen on d6 gives jump moves d7 and d8 (capture
		// of the Knight on d8); with a jump move available the plain Rook
		// slides are gone.
		{"Swedish-Cannon", "1k1n4/8/3P4/8/3X4/8/8/7K w - - 0 1", "d7 d8", ""},
		// Culverin: an enemy Pawn as screen limits the shot to d6 (empty, so
		// no capture of d8); a friendly screen lets it take h4.
		{"Culverin", "1k1n4/8/8/3p4/3X1P1n/8/8/7K w - - 0 1", "c3 c4 c5 d3 e3 e4 e5 h4", ""},
		// Divaricator: withdrawal captures do not change the destinations.
		{"Divaricator", "1k6/8/8/2n1n3/3X4/8/8/7K w - - 0 1", "b2 b4 c3 c4 d2 d3 d5 d6 e3 e4 f2 f4", ""},
		// Murmillo: sliding north-east it collides with g7 at f6, turns north
		// and captures f8; it cannot take g7 itself.
		{"Murmillo", "1k3n2/6n1/8/8/3X4/8/8/7K w - - 0 1", "a1 b2 c3 e5 f6 a7 b6 c5 e3 f2 g1 f8", ""},
		// Murmillo on a1-h8's edge: sliding north-west it meets the edge at
		// a7 and turns north to capture a8.
		{"Murmillo", "n3k3/8/8/8/3X4/8/8/7K w - - 0 1", "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 a8", ""},
		// Trebuchet: one or two squares in any direction; going north it
		// slings the Pawn on d3 (no move south: d3 is occupied).
		{"Trebuchet", "1k6/3n4/8/8/3X4/3P4/8/7K w - - 0 1", "d5 d6 e4 f4 c4 b4 e5 f6 c5 b6 e3 f2 c3 b2", ""},
		// Belfry: Rook moves without capture (h4 holds an enemy: no move there).
		{"Belfry", "1k6/8/8/8/3X3n/8/8/7K w - - 0 1", "d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4", ""},
		// Dimachaer: a Pawn on d6 is the screen: from d5 it turns to the
		// diagonals c6-b7-a8 and e6-f7-g8.
		{"Dimachaer", "7k/8/3P4/8/3X4/8/8/K7 w - - 0 1", "a8 b7 c6 e6 f7 g8", ""},
	}
	for _, c := range cases {
		title := ""
		for tt, p := range reservePiece {
			if p == c.piece {
				title = tt
			}
		}
		r := newReserveState(t, games[title], c.piece)
		letter := r.g.Letters[r.reserve]
		fen := strings.Replace(c.fen, "X", letter, 1)
		r.setup(fen, false, false)
		from := c.from
		if from == "" {
			from = "d4"
		}
		d4 := r.pos(from)
		var got []string
		for _, m := range r.legal() {
			if int(m.From) == d4 {
				got = append(got, r.g.Board.Positions[m.To].Name)
			}
		}
		sort.Strings(got)
		want := strings.Fields(c.want)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s in %s: destinations %v, want %v", c.piece, c.fen, got, want)
		}
	}
}

// TestReserveWithdrawalCapture: the Divaricator moving away along a file
// removes the enemies on the two diagonal neighbours behind it, and moving
// away diagonally the enemies on the two orthogonal neighbours behind it.
func TestReserveWithdrawalCapture(t *testing.T) {
	games := reserveGames(t)
	r := newReserveState(t, games["Reserve Chess (Divaricator)"], "Divaricator")
	r.setup("1k6/8/8/2n1n3/3D4/8/8/7K w - - 0 1", false, false)
	r.play("d4d2")
	r.expect("c5", "")
	r.expect("e5", "")
	r.expect("d2", "White Divaricator")

	r.setup("1k6/8/8/3nn3/3D4/8/8/7K w - - 0 1", false, false)
	r.play("d4c3") // moving south-west: removes d5 (north; e4, east, is empty)
	r.expect("d5", "")
	r.expect("e5", "Black Knight")
}

// TestReserveSling: the Trebuchet and the Belfry sling the nearest piece
// behind them to the square beyond their destination: capturing an enemy
// there, promoting a Pawn that lands on its last rank to a Queen, and never
// putting a Pawn on its own first rank.
func TestReserveSling(t *testing.T) {
	games := reserveGames(t)
	r := newReserveState(t, games["Reserve Chess (Trebuchet)"], "Trebuchet")
	r.setup("1k6/3n4/8/8/3T4/3P4/8/7K w - - 0 1", false, false)
	r.play("d4d6")
	r.expect("d6", "White Trebuchet")
	r.expect("d7", "White Pawn")
	r.expect("d3", "")

	r.setup("1k6/3n4/8/8/3T4/3P4/8/7K w - - 0 1", false, false)
	r.play("d4d5")
	r.expect("d6", "White Pawn")
	r.expect("d7", "Black Knight")

	// The nearest piece behind is slung, even from far away and of the
	// other colour: the Black Knight on a4 lands on f4.
	r.setup("1k6/8/8/8/n2T4/8/8/7K w - - 0 1", false, false)
	r.play("d4e4")
	r.expect("f4", "Black Knight")
	r.expect("a4", "")

	b := newReserveState(t, games["Reserve Chess (Belfry)"], "Belfry")
	b.setup("1k6/8/8/8/3E4/3P4/8/7K w - - 0 1", false, false)
	b.play("d4d7")
	b.expect("d8", "White Queen")
	b.expect("d3", "")
	// An enemy Pawn cannot be slung onto its first rank (d8): the Belfry
	// just moves.
	b.setup("1k6/8/8/8/3E4/3p4/8/7K w - - 0 1", false, false)
	b.play("d4d7")
	b.expect("d3", "Black Pawn")
	b.expect("d8", "")
	// A friendly piece on the landing square stops the sling.
	b.setup("1k6/8/3P4/8/3E4/3N4/8/7K w - - 0 1", false, false)
	b.play("d4d5")
	b.expect("d3", "White Knight")
	b.expect("d6", "White Pawn")
}

// reserveFSF is the Debian Fairy-Stockfish binary, the independent reference
// for positions after both reserve pieces have entered (from then on Reserve
// Chess is orthodox chess plus one piece, which Fairy-Stockfish knows for
// its built-in Chancellor, Archbishop and Amazon).
const reserveFSF = "/usr/games/fairy-stockfish"

// reserveFSFPerft runs Fairy-Stockfish's perft on fen in an 8x8 chess
// variant with the extra built-in piece line ("chancellor = c").
func reserveFSFPerft(t *testing.T, pieceLine, fen string, depth int) uint64 {
	t.Helper()
	ini := filepath.Join(t.TempDir(), "reserve.ini")
	if err := os.WriteFile(ini, []byte("[reservecheck:chess]\n"+pieceLine+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, reserveFSF)
	cmd.Stdin = strings.NewReader(fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value reservecheck\nposition fen %s\ngo perft %d\nquit\n", ini, fen, depth))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(strings.TrimSpace(line), "Nodes searched: "); ok {
			v, err := strconv.ParseUint(n, 10, 64)
			if err != nil {
				t.Fatalf("fairy-stockfish: %q", line)
			}
			return v
		}
	}
	t.Fatalf("fairy-stockfish printed no perft count for %s:\n%s", fen, out)
	return 0
}

// TestReservePerftAfterEntry compares perft after both reserve pieces have
// entered with Fairy-Stockfish, for the reserve pieces it has built in. The
// openings bring the pieces in on pawn and Knight squares (the only possible
// first piece moves), and the counts cover castling, en passant and checks
// with the new piece on the board.
func TestReservePerftAfterEntry(t *testing.T) {
	if _, err := os.Stat(reserveFSF); err != nil {
		t.Skipf("%s not found: no independent reference", reserveFSF)
	}
	games := reserveGames(t)
	pieces := []struct{ title, name, fsf string }{
		{"Reserve Chess (Chancellor)", "Chancellor", "chancellor = c"},
		{"Reserve Chess (Archbishop)", "Archbishop", "archbishop = a"},
		{"Reserve Chess (Amazon)", "Amazon", "amazon = a"},
	}
	openings := []string{
		"e2e4 e7e5",
		"g1f3 d7d5 d2d4",
		"e2e4 d7d5 e4d5 g8f6",
		"b1c3 b8c6 e2e4 e7e5 d1h5",
	}
	for _, p := range pieces {
		for _, line := range openings {
			r := newReserveState(t, games[p.title], p.name)
			for _, mv := range strings.Fields(line) {
				r.play(mv)
			}
			if r.waiting(0) || r.waiting(1) {
				t.Fatalf("%s after %s: a reserve piece is still waiting", p.title, line)
			}
			fen, err := r.s.FEN()
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.s.Perft(3)
			if err != nil {
				t.Fatal(err)
			}
			if want := reserveFSFPerft(t, p.fsf, fen, 3); got != want {
				t.Errorf("%s after %s (%s): perft 3 = %d, Fairy-Stockfish %d", p.name, line, fen, got, want)
			}
		}
	}
}

// TestReservePlayouts plays random games in every Reserve Chess game and
// checks the entry rule on every move: while a side's piece waits, each of
// its King and Rook moves leaves it waiting and each other move puts it on
// the square the moving piece left; a side never has more than one reserve
// piece; and unmaking every move restores the start position and its hash.
func TestReservePlayouts(t *testing.T) {
	games := reserveGames(t)
	rng := rand.New(rand.NewSource(3))
	titles := slices.Sorted(maps.Keys(reservePiece))
	for _, title := range titles {
		r := newReserveState(t, games[title], reservePiece[title])
		hash := r.s.Hash()
		for game := 0; game < 12; game++ {
			made := 0
			for ply := 0; ply < 40; ply++ {
				ms := r.legal()
				if len(ms) == 0 {
					break
				}
				m := ms[rng.Intn(len(ms))]
				pl := r.s.Mover()
				mover := r.g.Pieces[r.s.Board[m.From].Type()].Name
				wasWaiting := r.waiting(pl)
				from := r.g.Board.Positions[m.From].Name
				r.make(&m)
				made++
				switch {
				case !wasWaiting:
				case mover == "King" || mover == "Rook":
					if !r.waiting(pl) {
						t.Fatalf("%s: %s move %s brought the reserve piece in", title, mover, from)
					}
				default:
					if r.waiting(pl) || r.at(from) != r.g.Players[pl].Name+" "+r.reserveName() {
						t.Fatalf("%s: %s move from %s: waiting %v, %s holds %q", title, mover, from, r.waiting(pl), from, r.at(from))
					}
				}
				for side := 0; side < 2; side++ {
					n := r.countOnBoard(side)
					if r.waiting(side) {
						n++
					}
					if n > 1 {
						t.Fatalf("%s: player %d has %d reserve pieces", title, side, n)
					}
				}
			}
			for ; made > 0; made-- {
				r.s.Unmake()
			}
			if r.s.Hash() != hash || !r.waiting(0) || !r.waiting(1) {
				t.Fatalf("%s: unmake did not restore the start position", title)
			}
		}
	}
}

// TestReserveAlternativePlayouts: in random games of the alternative variant
// the reserve piece has entered after each side's second piece move at the
// latest, always on the square a piece move left, and King and Rook moves
// never bring it in.
func TestReserveAlternativePlayouts(t *testing.T) {
	games := reserveGames(t)
	rng := rand.New(rand.NewSource(5))
	r := newReserveState(t, games[reserveAltTitle], "Chancellor")
	for game := 0; game < 40; game++ {
		pieceMoves := [2]int{}
		made := 0
		for ply := 0; ply < 16; ply++ {
			ms := r.legal()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.Intn(len(ms))]
			pl := r.s.Mover()
			mover := r.g.Pieces[r.s.Board[m.From].Type()].Name
			from := r.g.Board.Positions[m.From].Name
			wasWaiting := r.waiting(pl)
			r.make(&m)
			made++
			if mover == "King" || mover == "Rook" {
				if wasWaiting && !r.waiting(pl) {
					t.Fatalf("%s move from %s brought the reserve piece in", mover, from)
				}
				continue
			}
			pieceMoves[pl]++
			if wasWaiting && !r.waiting(pl) && r.at(from) != r.g.Players[pl].Name+" Chancellor" {
				t.Fatalf("reserve piece entered, but %s holds %q", from, r.at(from))
			}
			if pieceMoves[pl] >= 2 && r.waiting(pl) {
				t.Fatalf("player %d: reserve still waiting after %d piece moves", pl, pieceMoves[pl])
			}
		}
		for ; made > 0; made-- {
			r.s.Unmake()
		}
	}
}
