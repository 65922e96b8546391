// This file tests games/musketeer.zrf: perft(4) against the published
// Musketeer-chess table (one row per piece pair in the default run), and the
// rules of the seed document shared/seeds/004_*.txt position by position.

package games_test

import (
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"zrun/vm"
	"zrun/vm/perftable"
	"zrun/zrf"
)

const (
	musketeerTable    = "../../shared/perft/musketeer-perft.tsv"
	musketeerTableAll = "../../shared/perft/musketeer-perft-all.tsv.gz"
	musketeerStart    = "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LC****** w KQkq - 0 1"
)

var (
	musketeerOnce sync.Once
	musketeerGame *vm.Game
	musketeerErr  error
)

// musketeerState loads games/musketeer.zrf once and returns a fresh state.
func musketeerState(t testing.TB) *vm.State {
	t.Helper()
	musketeerOnce.Do(func() {
		f, err := zrf.LoadFile("musketeer.zrf")
		if err != nil {
			musketeerErr = err
			return
		}
		musketeerGame = f.Games[0].Game
	})
	if musketeerErr != nil {
		t.Fatalf("load musketeer.zrf: %v", musketeerErr)
	}
	s, err := vm.NewState(musketeerGame)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// musketeerRow is one line of the published table.
type musketeerRow struct {
	pair, fen, source string
	depth             int
	nodes             uint64
}

// readMusketeerRows reads a musketeer perft table (plain or .gz) with
// vm/perftable; it skips the test when the shared reference files are absent.
func readMusketeerRows(t testing.TB, path string) []musketeerRow {
	t.Helper()
	tab, err := perftable.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("Musketeer perft table absent (../shared not present): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) == 0 {
		t.Fatalf("%s: no rows", path)
	}
	rows := make([]musketeerRow, len(tab.Rows))
	for i, r := range tab.Rows {
		rows[i] = musketeerRow{pair: tab.Column(r, "pair"), fen: r.FEN, source: tab.Column(r, "source"), depth: r.Depth, nodes: r.Nodes}
	}
	return rows
}

// checkMusketeerRows runs perft on every row and reports mismatches; it
// returns the nodes counted.
func checkMusketeerRows(t *testing.T, rows []musketeerRow) uint64 {
	t.Helper()
	s := musketeerState(t)
	var total uint64
	start := time.Now()
	failed := 0
	for _, r := range rows {
		if err := s.SetFEN(r.fen); err != nil {
			t.Errorf("%s (%s): SetFEN: %v", r.fen, r.source, err)
			failed++
			continue
		}
		got, err := s.Perft(r.depth)
		if err != nil {
			t.Errorf("%s (%s): perft: %v", r.fen, r.source, err)
			failed++
			continue
		}
		total += got
		if got != r.nodes {
			failed++
			t.Errorf("%s %s (%s): perft(%d) = %d, want %d", r.pair, r.fen, r.source, r.depth, got, r.nodes)
		}
	}
	el := time.Since(start)
	t.Logf("%d rows, %d passed, %d failed; %d nodes in %v (%.0f nodes/s)",
		len(rows), len(rows)-failed, failed, total, el.Round(time.Millisecond), float64(total)/el.Seconds())
	return total
}

// TestMusketeerPerftSample checks perft(4) for the first row of each of the
// 45 piece pairs.
func TestMusketeerPerftSample(t *testing.T) {
	rows := readMusketeerRows(t, musketeerTable)
	seen := map[string]bool{}
	var sample []musketeerRow
	for _, r := range rows {
		if !seen[r.pair] {
			seen[r.pair] = true
			sample = append(sample, r)
		}
	}
	if len(sample) != 45 {
		t.Fatalf("%d pairs in %s, want 45", len(sample), musketeerTable)
	}
	checkMusketeerRows(t, sample)
}

// TestMusketeerFENRoundTrip: the gating ranks are written with `*`.
func TestMusketeerFENRoundTrip(t *testing.T) {
	s := musketeerState(t)
	for _, fen := range []string{
		musketeerStart,
		"*h**s***/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/***F***D b KQkq - 0 1",
		"********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/C**L**** w Kq - 3 7",
	} {
		if err := s.SetFEN(fen); err != nil {
			t.Fatalf("SetFEN(%q): %v", fen, err)
		}
		got, err := s.FEN()
		if err != nil {
			t.Fatal(err)
		}
		if got != fen {
			t.Errorf("FEN round trip:\n got %s\nwant %s", got, fen)
		}
	}
}

// muskLegalAfter returns the coordinate texts of the legal moves, and the FEN after
// each one, keyed by coordinates.
func muskLegalAfter(t *testing.T, s *vm.State) map[string]string {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i := range ml.Moves {
		m := &ml.Moves[i]
		c := s.CoordString(m)
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		fen, err := s.FEN()
		s.Unmake()
		if err != nil {
			t.Fatal(err)
		}
		if _, dup := out[c]; dup {
			t.Errorf("two legal moves print as %s", c)
		}
		out[c] = fen
	}
	return out
}

// muskPlay makes the legal move whose coordinate text is coord.
func muskPlay(t *testing.T, s *vm.State, coord string) {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	var all []string
	for i := range ml.Moves {
		c := s.CoordString(&ml.Moves[i])
		if c == coord {
			if err := s.Make(&ml.Moves[i]); err != nil {
				t.Fatal(err)
			}
			return
		}
		all = append(all, c)
	}
	t.Fatalf("%s is not legal; legal: %v", coord, all)
}

// muskCount is the number of legal moves.
func muskCount(t *testing.T, s *vm.State) int {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	return len(ml.Moves)
}

func muskFEN(t *testing.T, s *vm.State) string {
	t.Helper()
	fen, err := s.FEN()
	if err != nil {
		t.Fatal(err)
	}
	return fen
}

func muskSetFEN(t *testing.T, s *vm.State, fen string) {
	t.Helper()
	if err := s.SetFEN(fen); err != nil {
		t.Fatalf("SetFEN(%q): %v", fen, err)
	}
}

// muskBoard is the placement field of a FEN.
func muskBoard(fen string) string { return strings.Fields(fen)[0] }

// TestMusketeerGatingRules checks the seed's gating examples (section E and
// G.1): a normal gating move, castling gating on the King's file and on the
// Rook's file, the King capturing its attacker with gating, and gating being
// compulsory.
func TestMusketeerGatingRules(t *testing.T) {
	s := musketeerState(t)
	cases := []struct {
		name, fen, move, want string
	}{
		{
			// Seed E: b1c3 gates the Leopard waiting on b0 onto b1.
			"knight gates", "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*L*C**** w KQkq - 0 1",
			"b1c3", "********/rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RLBQKBNR/***C**** b KQkq - 1 1",
		},
		{
			// Seed G.1.b: O-O with the Leopard on the King's file lands it on e1.
			"castle king file", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R/**C*L*** w KQkq - 0 1",
			"e1g1", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3LRK1/**C***** b kq - 1 1",
		},
		{
			// Seed G.1.c: O-O with the Leopard on the Rook's file lands it on h1.
			"castle rook file", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R/**C****L w KQkq - 0 1",
			"e1g1", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKL/**C***** b kq - 1 1",
		},
		{
			// O-O-O with the Cannon on the a-file lands it on a1.
			"queenside castle rook file", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R/C******L w KQkq - 0 1",
			"e1c1", "********/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/C1KR3R/*******L b kq - 1 1",
		},
		{
			// Seed G.1.d: the King in check captures its attacker on f2 and the
			// Leopard enters on e1.
			"king captures with gating", "****k***/rnbq1bnr/pppp1ppp/8/8/8/8/PPPPPnPP/RNBQKBNR/**C*L*** w KQ - 0 1",
			"e1f2", "****k***/rnbq1bnr/pppp1ppp/8/8/8/8/PPPPPKPP/RNBQLBNR/**C***** b - - 0 1",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			muskSetFEN(t, s, c.fen)
			after := muskLegalAfter(t, s)
			got, ok := after[c.move]
			if !ok {
				t.Fatalf("%s is not legal in %s", c.move, c.fen)
			}
			if muskBoard(got) != muskBoard(c.want) {
				t.Errorf("after %s:\n got %s\nwant %s", c.move, got, c.want)
			}
		})
	}
}

// TestMusketeerLosingTheRightToGate: seed G.3.a (the gate helper is captured)
// and G.3.b (the King in check moves without capturing).
func TestMusketeerLosingTheRightToGate(t *testing.T) {
	s := musketeerState(t)

	// G.3.a: Black's Bishop takes the Knight on b1; the Cannon on b0 stays
	// behind, and the Rook that recaptures on b1 and leaves again does not gate
	// it.
	muskSetFEN(t, s, "********/rn1qkbnr/pppppppp/8/5b2/8/8/PP1PPPPP/RN2KBNR/*C****** b KQkq - 0 1")
	muskPlay(t, s, "f5b1")
	if fen := muskFEN(t, s); !strings.HasSuffix(muskBoard(fen), "/Rb2KBNR/*C******") {
		t.Errorf("after Bxb1: %s", fen)
	}
	muskPlay(t, s, "a1b1")
	muskPlay(t, s, "e7e6")
	muskPlay(t, s, "b1c1")
	if fen := muskFEN(t, s); !strings.HasSuffix(muskBoard(fen), "/2R1KBNR/*C******") {
		t.Errorf("a Rook leaving b1 after the helper was captured gated: %s", fen)
	}

	// G.3.b: White's King in check from h4 cannot capture the Queen; Kd2 does
	// not gate, and the Leopard on e0 keeps waiting even when the King has come
	// back to e1 and leaves again.
	muskSetFEN(t, s, "********/rnb1kbnr/pppp1ppp/8/4p3/7q/3P1P2/PPP1P1PP/RNBQKBNR/****L*** w KQkq - 0 1")
	muskPlay(t, s, "e1d2")
	if fen := muskFEN(t, s); muskBoard(fen) != "********/rnb1kbnr/pppp1ppp/8/4p3/7q/3P1P2/PPPKP1PP/RNBQ1BNR/****L***" {
		t.Errorf("after Kd2 out of check: %s; want no gating", fen)
	}
	muskPlay(t, s, "h4h5")
	muskPlay(t, s, "d2e1")
	muskPlay(t, s, "b8c6")
	muskPlay(t, s, "e1f2")
	if fen := muskFEN(t, s); !strings.HasSuffix(muskBoard(fen), "/RNBQ1BNR/****L***") {
		t.Errorf("the King gated after losing the right: %s", fen)
	}

	// Not in check, the King's first step gates (compulsory).
	muskSetFEN(t, s, "********/rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR/****L*** w KQkq - 0 1")
	muskPlay(t, s, "e1e2")
	if fen := muskFEN(t, s); !strings.HasSuffix(muskBoard(fen), "/PPPPKPPP/RNBQLBNR/********") {
		t.Errorf("Ke2 did not gate the Leopard: %s", fen)
	}
}

// TestMusketeerKingGateIsNoShield: the King in check from h1 takes a Knight
// on d1; the Leopard gated onto e1 would screen d1 from the Rook, but as with
// a pinned piece the gated piece does not count, so Kxd1 is illegal.
func TestMusketeerKingGateIsNoShield(t *testing.T) {
	s := musketeerState(t)
	muskSetFEN(t, s, "****k***/8/8/8/8/8/8/8/R2nK2r/****L*** w Q - 0 1")
	after := muskLegalAfter(t, s)
	if fen, ok := after["e1d1"]; ok {
		t.Errorf("Kxd1 is legal (%s)", fen)
	}
	if _, ok := after["e1d2"]; !ok {
		t.Errorf("Kd2 is not legal; legal: %v", muskKeys(after))
	}
}

// TestMusketeerPinnedPieceMayNotGate: seed G.5, the Knight on b1 is pinned by
// the Rook on a1 against the King on e1; gating the Hawk onto b1 would cover
// the check, but the Knight may not move.
func TestMusketeerPinnedPieceMayNotGate(t *testing.T) {
	s := musketeerState(t)
	muskSetFEN(t, s, "****k***/8/8/8/8/8/8/8/rN2K3/*H****** w - - 0 1")
	after := muskLegalAfter(t, s)
	for _, m := range []string{"b1a3", "b1c3", "b1d2"} {
		if _, ok := after[m]; ok {
			t.Errorf("pinned Knight move %s is legal", m)
		}
	}
	if len(after) == 0 {
		t.Fatal("no legal moves; the King should be able to move")
	}
	// The same Knight unpinned (the Rook is on a2) gates normally.
	muskSetFEN(t, s, "****k***/8/8/8/8/8/8/r7/1N2K3/*H****** w - - 0 1")
	after = muskLegalAfter(t, s)
	if fen, ok := after["b1c3"]; !ok || muskBoard(fen) != "****k***/8/8/8/8/8/2N5/r7/1H2K3/********" {
		t.Errorf("unpinned b1c3: legal %v, position %s", ok, fen)
	}
	// A pinned piece still gives check: the pinned Knight on b1 attacks d2,
	// so Black's King may not step there.
	muskSetFEN(t, s, "********/8/8/8/8/8/8/3k4/rN2K3/*H****** b - - 0 1")
	after = muskLegalAfter(t, s)
	for m := range after {
		if strings.HasPrefix(m, "d2") && (strings.HasSuffix(m, "c3") || strings.HasSuffix(m, "a3")) {
			t.Errorf("Black's King may step to %s, attacked by the pinned Knight", m[2:])
		}
	}
}

// TestMusketeerPromotion: seed G.2, a Pawn promotes to N B R Q and the two
// selected types only. The pair comes from the selection record after the
// opening phases, and from the pieces present in a position set by FEN.
func TestMusketeerPromotion(t *testing.T) {
	s := musketeerState(t)
	muskSetFEN(t, s, "********/4k3/1P6/8/8/8/8/8/4K3/*U**S*** w - - 0 1")
	after := muskLegalAfter(t, s)
	var got []string
	for m := range after {
		if strings.HasPrefix(m, "b7b8") {
			got = append(got, m)
		}
	}
	want := map[string]bool{"b7b8n": true, "b7b8b": true, "b7b8r": true, "b7b8q": true, "b7b8u": true, "b7b8s": true}
	if len(got) != len(want) {
		t.Errorf("promotions %v, want %v", got, muskKeys(want))
	}
	for _, m := range got {
		if !want[m] {
			t.Errorf("promotion %s is not allowed with the pair Unicorn+Spider", m)
		}
	}
}

// TestMusketeerOpeningPhases plays the seed's example game (section J):
// 1. leopard cannon 2. L@b0 L@g9 3. C@d0 C@f9 4. d4 Nf6/L, and checks the
// selection and placement rules on the way.
func TestMusketeerOpeningPhases(t *testing.T) {
	s := musketeerState(t)
	if n := muskCount(t, s); n != 10 {
		t.Errorf("White has %d selections, want the 10 types", n)
	}
	muskPlay(t, s, "wlpick1")
	// Black: the 9 other types (the default pair is the same as picking the
	// Cannon once White has taken the Leopard, so it is not offered).
	if n := muskCount(t, s); n != 9 {
		t.Errorf("Black has %d selections, want 9", n)
	}
	muskPlay(t, s, "bcpick2")
	if n := muskCount(t, s); n != 8 {
		t.Errorf("White has %d placements for its first piece, want 8", n)
	}
	muskPlay(t, s, "white-firstb0")
	muskPlay(t, s, "black-firstg9")
	// Second pieces: any free file (the Leopards are on b and g, not a/h/e).
	if n := muskCount(t, s); n != 7 {
		t.Errorf("White has %d placements for its second piece, want 7", n)
	}
	muskPlay(t, s, "white-secondd0")
	muskPlay(t, s, "black-secondf9")
	fen := muskFEN(t, s)
	if want := "*****cl*/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*L*C****"; muskBoard(fen) != want {
		t.Errorf("after the phases: %s, want %s", muskBoard(fen), want)
	}
	if strings.Fields(fen)[1] != "w" {
		t.Errorf("after the phases %s is to move, want White", strings.Fields(fen)[1])
	}
	muskPlay(t, s, "d2d4")
	muskPlay(t, s, "g8f6")
	if want := "*****c**/rnbqkblr/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR/*L*C****"; muskBoard(muskFEN(t, s)) != want {
		t.Errorf("after 4. d4 Nf6/L: %s, want %s", muskBoard(muskFEN(t, s)), want)
	}
}

// TestMusketeerDefaultPair: Black may answer White's choice with the default
// pair Leopard (first) and Cannon (second); promotion then offers those two.
func TestMusketeerDefaultPair(t *testing.T) {
	s := musketeerState(t)
	muskPlay(t, s, "wspick1")
	if n := muskCount(t, s); n != 10 {
		t.Errorf("Black has %d selections, want 9 types and the default pair", n)
	}
	muskPlay(t, s, "bcpick-default")
	muskPlay(t, s, "white-firstb0")
	muskPlay(t, s, "black-firstb9")
	muskPlay(t, s, "white-secondg0")
	muskPlay(t, s, "black-secondg9")
	if want := "*l****c*/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/*L****C*"; muskBoard(muskFEN(t, s)) != want {
		t.Errorf("after the default pair: %s, want %s", muskBoard(muskFEN(t, s)), want)
	}
}

// TestMusketeerPromotionAfterSelection: the pair recorded by the selection
// decides promotion even when no piece of a type is left on the board.
func TestMusketeerPromotionAfterSelection(t *testing.T) {
	s := musketeerState(t)
	for _, m := range []string{"wupick1", "bdpick2", "white-firstc0", "black-firstc9", "white-secondf0", "black-secondf9"} {
		muskPlay(t, s, m)
	}
	// Walk the b-pawn to b7 past nothing: play a short line where White's
	// b-pawn captures its way to the eighth rank.
	for _, m := range []string{"b2b4", "a7a5", "b4a5", "b7b6", "a5b6", "h7h6", "b6b7", "h6h5"} {
		muskPlay(t, s, m)
	}
	var promos []string
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	for i := range ml.Moves {
		if c := s.CoordString(&ml.Moves[i]); strings.HasPrefix(c, "b7a8") {
			promos = append(promos, c)
		}
	}
	want := map[string]bool{"b7a8n": true, "b7a8b": true, "b7a8r": true, "b7a8q": true, "b7a8u": true, "b7a8d": true}
	if len(promos) != len(want) {
		t.Errorf("promotions %v, want %v", promos, muskKeys(want))
	}
	for _, p := range promos {
		if !want[p] {
			t.Errorf("promotion %s is not allowed with the pair Unicorn+Dragon", p)
		}
	}
}

// TestMusketeerPlacementRestriction: with the first piece on the e-file the
// second may not go to the a- or h-file, and the other way round.
func TestMusketeerPlacementRestriction(t *testing.T) {
	s := musketeerState(t)
	moves := func() map[string]bool {
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for i := range ml.Moves {
			out[s.CoordString(&ml.Moves[i])] = true
		}
		return out
	}
	play := func(coord string) { t.Helper(); muskPlay(t, s, coord) }
	play("wspick1")
	play("bhpick2")
	play("white-firste0")
	play("black-firsta9")
	m := moves()
	for _, bad := range []string{"white-seconda0", "white-secondh0", "white-seconde0"} {
		if m[bad] {
			t.Errorf("%s is legal with the first piece on e0", bad)
		}
	}
	if len(m) != 5 {
		t.Errorf("White has %d second placements, want 5 (b c d f g)", len(m))
	}
	play("white-secondb0")
	m = moves()
	for _, bad := range []string{"black-seconde9", "black-seconda9"} {
		if m[bad] {
			t.Errorf("%s is legal with the first piece on a9", bad)
		}
	}
	if len(m) != 6 {
		t.Errorf("Black has %d second placements, want 6 (b c d f g h)", len(m))
	}
}

func muskKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
