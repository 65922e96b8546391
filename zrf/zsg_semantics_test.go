// This file tests, on toy rule files, ZRF semantics that Zillions' own saved
// games of the corpus decided (each test names the game that needs it).

package zrf

import (
	"slices"
	"testing"

	"zrun/vm"
)

// toyMoves loads a one-game rule file and returns its start position and the
// legal moves there in Zillions notation.
func toyMoves(t *testing.T, src string) (*vm.Game, *vm.State, *vm.MoveList, []string) {
	t.Helper()
	f, err := Load("t.zrf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(f.Games[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	ml := &vm.MoveList{}
	if err := s.Generate(ml); err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := range ml.Moves {
		got = append(got, s.MoveString(&ml.Moves[i]))
	}
	return f.Games[0].Game, s, ml, got
}

// expectMoves checks that the game in src offers exactly the moves want, in
// that order, written as Zillions writes them.
func expectMoves(t *testing.T, src string, want []string) {
	t.Helper()
	if _, _, _, got := toyMoves(t, src); !slices.Equal(got, want) {
		t.Fatalf("moves %q, want %q", got, want)
	}
}

// expectMoveSet is expectMoves for a set of moves: the order is not checked.
// why, if not empty, says what the set shows.
func expectMoveSet(t *testing.T, src string, want []string, why string) {
	t.Helper()
	_, _, _, got := toyMoves(t, src)
	got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(got, want) {
		if why != "" {
			why = " (" + why + ")"
		}
		t.Fatalf("moves %q, want %q%s", got, want, why)
	}
}

// playToyMove checks that the game in src offers exactly the moves want, in
// that order, makes want[i] and returns the game and the position after it.
func playToyMove(t *testing.T, src string, want []string, i int) (*vm.Game, *vm.State) {
	t.Helper()
	g, s, ml, got := toyMoves(t, src)
	if !slices.Equal(got, want) {
		t.Fatalf("moves %q, want %q", got, want)
	}
	if err := s.Make(&ml.Moves[i]); err != nil {
		t.Fatal(err)
	}
	return g, s
}

// toyBoard is a 5x2 board a1..e2 with directions n, e.
const toyBoard = `(board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c/d/e" (50 0)) ("2/1" (0 50))) (directions (n 0 -1) (e 1 0))))`

// TestLaterAddsWriteOnlyNewAttachedChanges: an attribute set before a loop of
// adds is written with the first move only; the later adds still apply it.
// Zillions' saved Northern Checkers and Northern Kings games
// (CheckersCollection.zrf) write "King a1 - b2 @ e1 0 0" for a one-step king
// move but "King a1 - e5" with no attribute for a longer one, although
// north-king-shift clears the checkers' captured? attribute once, before its
// (while (empty? $1) $1 add) loop.
func TestLaterAddsWriteOnlyNewAttachedChanges(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name King) (moves ((set-attribute marked? false a2) (while (empty? e) e add))))
  (piece (name Man) (attribute marked? true))
  (board-setup (White (King a1) (Man a2)) (Black (Man e2)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{"King a1 - b1 @ a2 0 0", "King a1 - c1", "King a1 - d1", "King a1 - e1"}, 2)
	a2, _ := g.Board.PositionIndex("a2")
	if c := s.Board[a2]; c.Attr(0) {
		t.Errorf("after King a1 - d1 the Man on a2 still has marked? true: the change must still apply")
	}
}

// TestMaximalCapturesCountsChangedEnemies: "maximal captures" keeps the
// moves that capture the most, counting an enemy piece a move changes in
// place (here a king demoted with change-type) like a captured one, and
// leaves the moves that capture nothing. Zillions' saved Ossetian Checkers
// games open with a quiet move while a capture is available.
func TestMaximalCapturesCountsChangedEnemies(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (option "maximal captures" true)
  ` + toyBoard + `
  (piece (name Hero) (moves
     (n (verify enemy?) add)
     (e (verify enemy?) (change-type Man) e (verify enemy?) add)
     (n e e e add)))
  (piece (name Man))
  (piece (name Lord))
  (board-setup (White (Hero a1)) (Black (Man a2) (Lord b1) (Man c1)))
  (win-condition (White Black) stalemated))`
	expectMoveSet(t, src, []string{"Hero a1 x c1 = Man on b1", "Hero a1 - d2"},
		"the single capture Hero a1 x a2 removed, the quiet move kept")
}

// TestAddTypeRetypesPutDownPiece: an add naming a type after to has put the
// moving piece down retypes that piece on its square. Zillions' saved
// Soulbringer game (ResurrectionChess.zrf) writes "Bishop f1a x d3a White
// Bishop f1a = Knight on d3a" for a resurrect-slide that ends "to ... back
// (create Bishop) ... (add Knight)".
func TestAddTypeRetypesPutDownPiece(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Bishop) (moves (mark e e to back (create Bishop) e e (add Knight))))
  (piece (name Knight))
  (board-setup (White (Bishop a1)) (Black (Knight e2)))
  (win-condition (White Black) stalemated))`
	g, s := playToyMove(t, src, []string{"Bishop a1 - c1 White Bishop a1 = Knight on c1"}, 0)
	for sq, typ := range map[string]string{"a1": "Bishop", "c1": "Knight"} {
		p, _ := g.Board.PositionIndex(sq)
		if c := s.Board[p]; c == 0 || g.Pieces[c.Type()].Name != typ {
			t.Errorf("after the move %s holds %v, want a %s", sq, c, typ)
		}
	}
}

// TestLinksAndUnlinkInTextOrder: links and unlink forms apply in the order
// written, so a link made after an unlink survives. Chessence.zrf unlinks its
// reserve squares and then chains them with (links to-reserve ...); Zillions'
// saved Free Chessence game sends captured men along that chain.
func TestLinksAndUnlinkInTextOrder(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c/d/e" (50 0)) ("2/1" (0 50))) (directions (n 0 -1) (e 1 0)))
    (unlink a1 c1) (links e (a1 c1)) (links e (c1 d1)) (unlink (c1 d1)))
  (piece (name King) (moves (e add) (e e add)))
  (board-setup (White (King a1)) (Black (King e2)))
  (win-condition (White Black) stalemated))`
	_, _, _, got := toyMoves(t, src)
	want := []string{"King a1 - c1"}
	if !slices.Equal(got, want) {
		t.Fatalf("moves %q, want %q (a1 -e-> c1 linked after the unlink; c1 -e-> d1 unlinked after the link)", got, want)
	}
}

// TestAttributeNumbersReadPiecesBackwards: Zillions numbers attributes in the
// order it meets their declarations reading the pieces from the last to the
// first and each piece's declarations from the last to the first. Zillions'
// saved KoShogi game writes enemy-pass? as 4 ("@ 12F 4 1"): the first pieces
// of KoShogi.zrf declare igui? and step-mover?, later ones enemy-pass? and
// is-bow?, and the CA (late in the file) from-enemy?; YoninShogi.zsg (one
// piece declaring South West North East) writes East 0 and South 3.
func TestAttributeNumbersReadPiecesBackwards(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name G) (attribute igui? true))
  (piece (name P) (attribute step-mover? true))
  (piece (name EC) (attribute enemy-pass? false) (attribute step-mover? false) (attribute is-bow? false)
    (moves (n (set-attribute enemy-pass? true) (set-attribute step-mover? true) add)))
  (piece (name CA) (attribute igui? true) (attribute from-enemy? false))
  (piece (name V) (attribute step-mover? false))
  (board-setup (White (EC a1)))
  (win-condition (White Black) stalemated))`
	g, _, _, got := toyMoves(t, src)
	want := map[string]int{"step-mover?": 0, "from-enemy?": 1, "igui?": 2, "is-bow?": 3, "enemy-pass?": 4}
	for i, a := range g.Attributes {
		if g.AttributeNumbers[i] != want[a] {
			t.Errorf("attribute %s is number %d, want %d", a, g.AttributeNumbers[i], want[a])
		}
	}
	if w := []string{"EC a1 - a2 @ a2 4 1 @ a2 0 1"}; !slices.Equal(got, w) {
		t.Errorf("moves %q, want %q", got, w)
	}
}

// TestCapturesOfEmptySquaresNotWritten: a capture of a square that held no
// piece before the move and holds none when the capture applies is not
// written; one of the square the moving piece left, or of one the move put a
// piece on, is. Zillions' saved KoShogi game writes "E 10J x 15O x 15O" for
// an Elephant whose g-slide captured each burned square it passed (the empty
// 14N too) and "EN 16M - 15N x 15O x 16M x 14O = PF on 15N" for a burn that
// includes the square the Engine left; Luzhanqi's "South Start c5 x c5"
// drops a piece and captures it.
func TestCapturesOfEmptySquaresNotWritten(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name E) (moves ((capture a2) capture e capture add e add)))
  (piece (name Start) (drops ((verify (position? b2)) capture add)))
  (board-setup (White (E a1) (Start off 1)) (Black (E e2)))
  (win-condition (White Black) stalemated))`
	// The second add has none of the captures: the first add spent them (an
	// add spends the run's captures and creations, docs/vm-language.md).
	expectMoveSet(t, src, []string{"E a1 - b1 x a1 x b1", "E a1 - c1", "White Start b2 x b2"}, "")
}

// TestConsecutiveChangesToOneTypeShareTheirText: changes of several pieces to
// the same type (or owner) one after the other are written "= T on sq sq".
// Zillions' saved KoShogi game writes the Clerk's promote-guards, which turns
// two RGs into EVs and two AGs into HVs, as "CL 17H - 17F = EV on 1F 19J = HV
// on 19N 1P = MA on 17F".
func TestConsecutiveChangesToOneTypeShareTheirText(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name CL) (moves (n (change-type EV b1) (change-type EV c1) (change-type HV d1)
      (change-owner b2) (change-owner c2) (change-type HV e1) (add MA))))
  (piece (name RG)) (piece (name AG)) (piece (name EV)) (piece (name HV)) (piece (name MA))
  (board-setup (White (CL a1) (RG b1 c1) (AG d1 e1)) (Black (RG b2 c2)))
  (win-condition (White Black) stalemated))`
	expectMoves(t, src, []string{"CL a1 - a2 = EV on b1 c1 = HV on d1 = White on b2 c2 = HV on e1 = MA on a2"})
}

// TestNoOpAttributeChangeMakesAnotherMove: two definitions that produce the
// same effects are one move only when they are written the same; a
// set-attribute that changes nothing still makes a move of its own. Zillions'
// saved TransportChess game moves rooks that have moved (never-moved? false)
// along an empty rank with "Rook e8 - d8" (slide-join's move, which sets no
// attribute) and with "Rook f8 - e8 @ e8 0 0" (rook-slide's).
func TestNoOpAttributeChangeMakesAnotherMove(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Rook) (attribute never-moved? false)
    (moves (e (set-attribute never-moved? false) add) (e add) (e add)))
  (board-setup (White (Rook a1)) (Black (Rook e2)))
  (win-condition (White Black) stalemated))`
	_, _, _, got := toyMoves(t, src)
	want := []string{"Rook a1 - b1 @ b1 0 0", "Rook a1 - b1"}
	if !slices.Equal(got, want) {
		t.Fatalf("moves %q, want %q (the two plain moves are one)", got, want)
	}
}

// TestRepeatedAttributeChangeWrittenEachTime: an attribute change made twice
// on one square is written both times, in program order (a capture or
// creation made twice is written once). Zillions' saved Gwangsanghui game
// (GlukKazan's Gwangsanghui.zrf) writes kill-intruder's owner and attribute
// changes and then clear-flags' attribute changes: "= South on h7 @ h7 2 0 =
// South on l6 @ l6 2 0 ... @ h7 2 0 @ l6 2 0".
func TestRepeatedAttributeChangeWrittenEachTime(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Warrior) (moves (n
     (change-owner b1) (set-attribute traitor? false b1)
     (change-owner c1) (set-attribute traitor? false c1)
     (set-attribute traitor? false b1) (set-attribute traitor? false c1) add)))
  (piece (name Man) (attribute traitor? true))
  (board-setup (White (Warrior a1)) (Black (Man b1 c1)))
  (win-condition (White Black) stalemated))`
	expectMoves(t, src, []string{"Warrior a1 - a2 = White on b1 @ b1 0 0 = White on c1 @ c1 0 0 @ b1 0 0 @ c1 0 0"})
}
