// This file tests, on toy rule files, how a move's own piece, its captures
// and its creations combine, as Zillions' saved games of the corpus show
// (each test names the game that needs it).

package zrf

import (
	"slices"
	"testing"

	"zrun/vm"
)

// pieceOn names what stands on sq ("" when empty, else "Owner Type").
func pieceOn(t *testing.T, g *vm.Game, s *vm.State, sq string) string {
	t.Helper()
	p, ok := g.Board.PositionIndex(sq)
	if !ok {
		t.Fatalf("no square %s", sq)
	}
	c := s.Board[p]
	if c == vm.Empty {
		return ""
	}
	return g.Players[c.Owner()].Name + " " + g.Pieces[c.Type()].Name
}

// handOf is how many pieces of type name player pl holds.
func handOf(g *vm.Game, s *vm.State, pl int, name string) int64 {
	for t, pt := range g.Pieces {
		if pt.Name == name {
			return s.Hands[pl*len(g.Pieces)+t]
		}
	}
	return -1
}

// TestDropCapturedOnItsSquare: a drop that captures on its own square removes
// the dropped piece too, and with "recycle captures" it goes back to the hand.
// Zillions' saved Bolotoudou game drops its Lock with "(verify enemy?) capture
// add" ("White Lock 2d ... x 2d") and drops it again two turns later; its
// saved Dynastic Dispute game (Duke.zrf) drops a Blank on a friend with drop-init
// ("... back capture add", "South Blank c1 x d6 x R11 x c1") and then drops its
// Duke on c1, which drop-home allows only on an empty square.
func TestDropCapturedOnItsSquare(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (option "recycle captures" true)
  ` + toyBoard + `
  (piece (name Lock) (drops ((verify enemy?) capture add)))
  (piece (name Man))
  (board-setup (White (Lock off 1)) (Black (Man b1)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{"White Lock b1 x b1"}, 0)
	if on := pieceOn(t, g, s, "b1"); on != "" {
		t.Errorf("after the drop b1 holds %s, want it empty", on)
	}
	if n := handOf(g, s, 0, "Lock"); n != 1 {
		t.Errorf("White holds %d Locks after the drop, want 1 (the captured Lock recycled)", n)
	}
	if n := handOf(g, s, 1, "Man"); n != 1 {
		t.Errorf("Black holds %d Men after the drop, want 1 (the captured Man recycled)", n)
	}
}

// TestDropReplacedByCreateRecycled: with "recycle captures", a dropped piece
// that a create of the same move replaces goes back to the hand. An older
// MarGo (margo.zrf as GlukKazan/ZoG had it at 10a02613) drops its single
// stone, (M off 1), and creates a tile on its square; Zillions' saved game
// drops an M on every turn.
func TestDropReplacedByCreateRecycled(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (option "recycle captures" true)
  ` + toyBoard + `
  (piece (name Stone) (drops ((verify empty?) (create Tile) add)))
  (piece (name Tile))
  (board-setup (White (Stone off 1)) (Black (Tile e2)))
  (win-condition (White Black) stalemated))`
	g, s, ml, got := toyMoves(t, src)
	i := slices.Index(got, "White Stone a1 White Tile a1")
	if i < 0 {
		t.Fatalf("moves %q lack the drop on a1", got)
	}
	if err := s.Make(&ml.Moves[i]); err != nil {
		t.Fatal(err)
	}
	if on := pieceOn(t, g, s, "a1"); on != "White Tile" {
		t.Errorf("after the drop a1 holds %q, want White Tile", on)
	}
	if n := handOf(g, s, 0, "Stone"); n != 1 {
		t.Errorf("White holds %d Stones after the drop, want 1 (the replaced Stone recycled)", n)
	}
}

// TestMoverPlaysForAnotherPlayer: a turn-order entry (Mover P) naming two
// players lets Mover move P's pieces. Stavropol Checkers
// (CheckersCollection.zrf) gives every piece to Neurtal and plays
// (turn-order (White Neurtal) (Black Neurtal)); Zillions' saved game has
// White and Black move them.
func TestMoverPlaysForAnotherPlayer(t *testing.T) {
	src := `(game (title "T") (players White Black Neutral) (turn-order (White Neutral) (Black Neutral))
  ` + toyBoard + `
  (piece (name Man) (moves (n (verify empty?) add)))
  (board-setup (Neutral (Man a1 c1)))
  (win-condition (White Black) stalemated))`
	expectMoves(t, src, []string{"Man a1 - a2", "Man c1 - c2"})
}

// TestMovingPieceLandsBeforeCreations: the moving piece lands first; a
// creation on its landing square made before the add replaces it. Zillions'
// saved Gufuu Shogi game (GufuuShogi.zrf, add-kaze "... (create North) add")
// writes "NKaze IVc - 1b North NKaze 1b" for a South move, and its next
// support move treats the NKaze on 1b as North's.
func TestMovingPieceLandsBeforeCreations(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Wind) (moves (e (create Black) add)))
  (board-setup (White (Wind a1)) (Black (Wind e2)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{"Wind a1 - b1 Black Wind b1"}, 0)
	if on := pieceOn(t, g, s, "b1"); on != "Black Wind" {
		t.Errorf("after the move b1 holds %q, want Black Wind (the creation applies after the landing)", on)
	}
	if on := pieceOn(t, g, s, "a1"); on != "" {
		t.Errorf("after the move a1 holds %q, want it empty", on)
	}
}

// TestCaptureWithoutMoving: "(create T) step (verify enemy?) capture add"
// captures without moving (Tenjiku Shogi's tetrarch-igui, Ragnarok's
// thor-strike): the piece lands on the enemy's square, the capture there
// removes it with the enemy, and the creation on the start square restores
// it. With the landing last the piece would be on both squares.
func TestCaptureWithoutMoving(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Thor) (moves ((create Thor) e (verify enemy?) capture add)))
  (piece (name Man))
  (board-setup (White (Thor a1)) (Black (Man b1)))
  (win-condition (White Black) stalemated))`
	g, s, ml, _ := toyMoves(t, src)
	if len(ml.Moves) != 1 {
		t.Fatalf("%d moves, want 1", len(ml.Moves))
	}
	if err := s.Make(&ml.Moves[0]); err != nil {
		t.Fatal(err)
	}
	for sq, want := range map[string]string{"a1": "White Thor", "b1": ""} {
		if on := pieceOn(t, g, s, sq); on != want {
			t.Errorf("after the strike %s holds %q, want %q", sq, on, want)
		}
	}
}

// TestTurnInPlaceNotation: a piece that changes type where it stands ("add
// T" without moving) is written "= T on sq" alone. Zillions' saved Gufuu
// Shogi game writes its rotations "4. = EKing on 2c".
func TestTurnInPlaceNotation(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name NKing) (moves ((add EKing))))
  (piece (name EKing))
  (board-setup (White (NKing c1)) (Black (EKing e2)))
  (win-condition (White Black) stalemated))`
	expectMoves(t, src, []string{"= EKing on c1"})
}

// TestSetPositionFlagOffBoard: set-position-flag with a direction that leads
// off the board sets nothing and the run goes on. Gufuu Shogi's check-attacked
// (run by every move) sets is-self? in all three directions of a Kaze, which
// on an edge square lead off the board; Zillions' saved game goes on with
// "EKing 2c - 1c = SKing" where a dying run would leave North no move.
func TestSetPositionFlagOffBoard(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Kaze) (moves ((set-position-flag seen? true n) e (verify (not-position-flag? seen?)) add)))
  (board-setup (White (Kaze a2)) (Black (Kaze e1)))
  (win-condition (White Black) stalemated))`
	expectMoves(t, src, []string{"Kaze a2 - b2"})
}

// TestAddSpendsCapturesAndCreations: the captures and creations of a run
// belong to the next add only; a later add of the same run has only those
// made after the add before it. Zillions' saved Focus game writes "w z7 x g4
// = wbwbw" although the same run passed a stack at d3 whose merge put an
// overflow piece in reserve ((r w) creates it) before its own add; its saved
// Shafran Checkers game has the king's landing on a4 without the capture of
// a2 that long-king-jump made before its first add, on a3 ("partial 4 King a1
// - a4 @ a2 0 1"); its Ko Shogi game's Elephant writes "E 10J x 15O x 15O"
// without the capture check-flame made at an earlier landing. CheckersCollection's
// king-jump walks back and captures the jumped man again before every add.
func TestAddSpendsCapturesAndCreations(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Stone) (moves
     ((create Stone a2) e (while empty? (if (position? c1) (create Stone d2) (capture b2)) add e))))
  (board-setup (White (Stone a1)) (Black (Stone e1 b2)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{
		"Stone a1 - b1 White Stone a2",
		"Stone a1 - c1 White Stone d2 x b2",
		"Stone a1 - d1",
	}, 2)
	for sq, want := range map[string]string{"a2": "", "b2": "Black Stone", "d2": "", "d1": "White Stone"} {
		if on := pieceOn(t, g, s, sq); on != want {
			t.Errorf("after Stone a1 - d1 %s holds %q, want %q", sq, on, want)
		}
	}
}

// TestLaterToMovesThePieceOn: a to with nothing in hand moves the piece the
// last to put down on to the cursor, and (go to) follows it. Tenjiku Shogi's
// Bishop- and Rook-Generals range-jump from their promotion zone with "to
// back (if promote-rule? ...) (go to) add" at every enemy in line: by the
// game's rules a general jumps over any number of lower pieces and captures
// only on the square where it stops. Were the later to ignored, (go to)
// would return to the first enemy and the loop would never end.
func TestLaterToMovesThePieceOn(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name General) (moves (mark e (while enemy? to back (go to) add e))))
  (piece (name Man))
  (board-setup (White (General a1)) (Black (Man b1 c1 d1)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{"General a1 x b1", "General a1 x c1", "General a1 x d1"}, 1)
	for sq, want := range map[string]string{"a1": "", "b1": "Black Man", "c1": "White General", "d1": "Black Man"} {
		if on := pieceOn(t, g, s, sq); on != want {
			t.Errorf("after the jump to c1, %s holds %q, want %q", sq, on, want)
		}
	}
}
