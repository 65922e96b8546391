// This file checks the setup lines of games whose pieces the rule file
// cannot all letter (Kamisado's 41 types) or that XBoard draws at sizes
// other than 8x8 (Thud's 15x15): every piece gets a distinct ID in the
// piece-to-char table, the size is the board's, and the FEN decodes back
// to the rule file's board-setup as vm read it.

package cecp

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
)

const (
	kamisadoZRF = "../../../../../shared/zrf-corpus/Kamisado/kamisado.zrf"
	thudZRF     = "../../../../../shared/zrf-corpus/Thud/Thud.zrf"
)

var setupRx = regexp.MustCompile(`^setup \((\S+)\) (\d+)x(\d+)\+(\d+)_(\w+) (\S+) ([wb]) `)

func TestCECPSetupEveryPieceLettered(t *testing.T) {
	for _, tc := range []struct {
		file, variant string
		w, h          int
	}{
		{kamisadoZRF, "kamisado-(non-stop)", 8, 9},
		{kamisadoZRF, "kamisado-(sumo-vs-dragons)", 8, 9},
		{thudZRF, "thud", 15, 15},
		{thudZRF, "koom-valley-thud", 15, 15},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			g, c := startCECPWith(t, tc.file)
			g.Send("variant " + tc.variant)
			line := g.Next()
			m := setupRx.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("not a setup line: %q", line)
			}
			g.Send("ping 1")
			for l := g.Next(); l != "pong 1"; l = g.Next() {
				if !strings.HasPrefix(l, "piece ") {
					t.Errorf("after the setup line: %q", l)
				}
			}
			vg := c.g.S.Game()
			// The table: white half and black half, each slot one ID.
			white := ptcSlots(m[1])
			all := splitIDs(m[1])
			if len(all) != 2*len(white) || len(white) != 22 && len(white) != 44 {
				t.Fatalf("table of %d slots, white half %d: %s", len(all), len(white), m[1])
			}
			for i, id := range all[len(white):] {
				if id != strings.ToLower(white[i]) {
					t.Errorf("black slot %d is %q, white %q", i, id, white[i])
				}
			}
			byID := map[string]int{}
			for slot, id := range white {
				if id == "." {
					continue
				}
				if !regexp.MustCompile(`^[A-Z]['!]?$`).MatchString(id) {
					t.Errorf("slot %d: %q is not a letter or a dressed letter", slot, id)
				}
				if _, dup := byID[id]; dup {
					t.Errorf("ID %s in two slots", id)
				}
				byID[id] = slot
			}
			if len(byID) != len(vg.Pieces) {
				t.Errorf("%d IDs in the table for %d piece types", len(byID), len(vg.Pieces))
			}
			w, _ := strconv.Atoi(m[2])
			h, _ := strconv.Atoi(m[3])
			if w != tc.w || h != tc.h {
				t.Errorf("size %dx%d, want %dx%d", w, h, tc.w, tc.h)
			}
			// The FEN decoded square by square with the grid's own labels
			// (ranks from the highest number down, files in order), against
			// the rule file's board-setup.
			gr := vg.Board.Grids[0]
			files, ranks := gr.Labels[0], gr.Labels[1]
			if _, err := strconv.Atoi(files[0]); err == nil {
				files, ranks = ranks, files
			}
			ranks = slices.Clone(ranks)
			sort.Slice(ranks, func(i, j int) bool { a, _ := strconv.Atoi(ranks[i]); b, _ := strconv.Atoi(ranks[j]); return a > b })
			rows := strings.Split(m[6], "/")
			if len(rows) != h || len(files) != w {
				t.Fatalf("FEN has %d ranks, the grid %dx%d", len(rows), len(files), len(ranks))
			}
			ids := pieceIDs(vg)
			var got []string
			for r, row := range rows {
				f := 0
				for _, tok := range splitIDs(row) {
					if n, err := strconv.Atoi(tok); err == nil {
						f += n
						continue
					}
					owner := 0
					if strings.ToLower(tok) == tok {
						owner = 1
					}
					typ := slices.Index(ids, strings.ToUpper(tok))
					if typ < 0 || f >= w {
						t.Fatalf("rank %s: %q", ranks[r], tok)
					}
					got = append(got, fmt.Sprintf("%s%s %s %s", files[f], ranks[r], vg.Players[owner].Name, vg.Pieces[typ].Name))
					f++
				}
				if f != w {
					t.Errorf("rank %s has %d squares, want %d", ranks[r], f, w)
				}
			}
			var want []string
			for _, it := range vg.Setup {
				if it.Pos >= 0 {
					want = append(want, fmt.Sprintf("%s %s %s", vg.Board.Positions[it.Pos].Name, vg.Players[it.Player].Name, vg.Pieces[it.Type].Name))
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("FEN decodes to\n%v\nboard-setup is\n%v", got, want)
			}
		})
	}
}

// splitIDs splits a FEN rank or a table into tokens: numbers, "/", ".",
// and letters with their dress.
func splitIDs(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i + 1
		switch {
		case s[i] >= '0' && s[i] <= '9':
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
		default:
			for j < len(s) && (s[j] == '\'' || s[j] == '!') {
				j++
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// The FEN the real XBoard 4.9.1 sent zrun in "setboard" during a Kamisado
// game between two zrun engines (debug log, after 1. a1a2 c8c7 2. e1e2
// g8g7 3. a2g8 and a pass), with dressed IDs (B' is the Brown Dragon):
// read back, it is the board those moves reach. Rank 9 is the rule file's
// helper row (a9 holds a marker of the dragon to move next, b9 a Bit):
// zrun's bookkeeping, written by no move XBoard sees, so XBoard's FEN
// leaves it empty and only the eight playing ranks are compared.
func TestCECPSetboardDressedIDs(t *testing.T) {
	const sent = "8/ob1kyzB'b'/2p3g'1/8/8/8/8/4K3/1G'ZY1PBO w - - 0 4"
	g, c := startCECPWith(t, kamisadoZRF)
	// drain reads the replies up to pong n.
	drain := func(n string) []string {
		g.Send("ping " + n)
		var out []string
		for l := g.Next(); l != "pong "+n; l = g.Next() {
			out = append(out, l)
		}
		return out
	}
	g.Send("variant kamisado-(single-round)", "force")
	drain("0")
	g.Send("usermove a1a2", "usermove c8c7", "usermove e1e2", "usermove g8g7", "usermove a2g8")
	for _, l := range drain("1") {
		if !strings.HasPrefix(l, "1-0") {
			t.Errorf("after the moves: %q", l)
		}
	}
	played := slices.Clone(c.g.S.Board)
	g.Send("setboard " + sent)
	if out := drain("2"); len(out) > 0 {
		t.Fatalf("setboard answered %q", out)
	}
	vg := c.g.S.Game()
	for p, cell := range c.g.S.Board {
		if strings.HasSuffix(vg.Board.Positions[p].Name, "9") {
			continue
		}
		if cell.Type() != played[p].Type() || cell.Owner() != played[p].Owner() || (cell == 0) != (played[p] == 0) {
			t.Errorf("%s: setboard put %v, the moves %v", vg.Board.Positions[p].Name, cell, played[p])
		}
	}
	if m := c.g.S.Mover(); m != 0 {
		t.Errorf("player %d to move, want White (w)", m)
	}
	f, err := xbFEN(c.g.S)
	if err != nil || !strings.HasPrefix(f, strings.Fields(sent)[0]+" w ") {
		t.Errorf("written back: %q, %v; want %q", f, err, sent)
	}
	// A FEN naming no piece of the game is refused with the reason.
	g.Send("setboard 8/ob1kyzX!b'/8/8/8/8/8/8/8 w - - 0 1")
	g.ExpectMatch(`^tellusererror Illegal position: .*X!`)
}

// XBoard relays a pass ("move @@@@") to the other engine of a two-engine
// game as "setboard" (debug log of a Kamisado game: "<second: move @@@@",
// then ">first : setboard ...", and nothing more) and waits for that
// engine's move: out of force mode, with its side to move, zrun plays.
func TestCECPSetboardRelaysTurn(t *testing.T) {
	g, _ := startCECP(t)
	g.Send("new", "sd 1", "playother") // the engine plays Black
	g.Sync("1")
	g.Send("setboard 4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
	g.ExpectMatch(`^move e8`)
	// In force mode (XBoard sets up a position) nothing is played.
	g.Send("force", "setboard 4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
	g.Sync("2")
}

// XBoard promotes whatever stands in its Pawn image on the last rank (it
// relayed a Kamisado Purple Dragon's move home as "c6h1q"): in Kamisado's
// table the Pawn image holds no piece that moves, and in chess the pawn.
func TestCECPPawnImage(t *testing.T) {
	for _, tc := range []struct{ file, variant string }{
		{kamisadoZRF, "kamisado-(single-round)"},
		{kamisadoZRF, "kamisado-(non-stop)"},
		{"../../../../games/chess.zrf", ""},
	} {
		cat, err := play.LoadCatalog([]string{tc.file})
		if err != nil {
			t.Skipf("%s: %v", tc.file, err)
		}
		checked := 0
		for _, e := range cat.Entries {
			if tc.variant != "" && e.Name != tc.variant {
				continue
			}
			checked++
			g := e.Game
			ptc, err := pieceToChar(g)
			if err != nil {
				t.Fatalf("%s: %v", e.Name, err)
			}
			pawn := ptcSlots(ptc)[0]
			if pawn == "." {
				continue
			}
			ti := slices.Index(pieceIDs(g), pawn)
			if ti < 0 {
				t.Fatalf("%s: the Pawn image holds %q, no piece", e.Name, pawn)
			}
			if len(g.Pieces[ti].Moves) > 0 && !strings.Contains(strings.ToLower(g.Pieces[ti].Name), "pawn") {
				t.Errorf("%s: the Pawn image holds %s, which moves", e.Name, g.Pieces[ti].Name)
			}
		}
		if checked == 0 {
			t.Errorf("%s: no game %q", tc.file, tc.variant)
		}
	}
}
