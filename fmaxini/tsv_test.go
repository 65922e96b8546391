// This file defines the perft test against the reference table
// ../../shared/perft/perft.tsv (Fairy-Stockfish counts) for the variants
// whose rules coincide with Fairy-Max's.

package fmaxini

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"zrun/vm"
)

const perftTSV = "../../shared/perft/perft.tsv"

// tsvRow is one line of perft.tsv.
type tsvRow struct {
	id, variant, fen string
	depth            int
	nodes            uint64
}

func readTSV(t *testing.T) []tsvRow {
	t.Helper()
	fh, err := os.Open(perftTSV)
	if err != nil {
		t.Skipf("reference perft table not available at %s: %v", perftTSV, err)
	}
	defer fh.Close()
	var rows []tsvRow
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 5 || f[0] == "id" {
			continue
		}
		d, _ := strconv.Atoi(f[3])
		n, _ := strconv.ParseUint(f[4], 10, 64)
		rows = append(rows, tsvRow{f[0], f[1], f[2], d, n})
	}
	return rows
}

// tsvVariant maps a perft.tsv variant to the section with the same rules.
type tsvVariant struct {
	section string            // "(default)" is the nameless FIDE body
	letters map[string]string // FSF FEN letter -> Fairy-Max letter
	// allDepths runs every row in the default test, however many nodes.
	allDepths bool
	why       string
}

var tsvVariants = map[string]tsvVariant{
	// The nameless default body: FIDE chess with promotion to n b R Q, as
	// FSF. (Section "normal" adds a second queen type S, so promotions differ.)
	"chess":  {section: "(default)", why: "FIDE rules"},
	"gothic": {section: "gothic", why: "Gothic rules; promotion n b R Q A C as FSF"},
	"janus":  {section: "janus", letters: map[string]string{"j": "a", "J": "A"}, why: "Janus rules; FSF's janus j is Fairy-Max's A"},
	// Capablanca: Fairy-Max also accepts promotion to its piece 10 'e'
	// (not in the setup), so only rows without promotions are compared.
	"capablanca": {section: "capablanca", why: "Capablanca rules"},
	// Seirawan: FSF's FEN holdings [HEhe] and gate letters in the castling
	// field are read by Section.SetFEN; every row (at most 782,599 nodes,
	// under a second) runs by default.
	"seirawan": {section: "seirawan", allDepths: true, why: "Seirawan rules: optional gating of H/E on a back-rank piece's first move, castling on either square"},
}

// tsvUnmatched says, for each perft.tsv variant without a section above,
// why its rows cannot be compared with a fmax.ini section.
var tsvUnmatched = map[string]string{
	"chess960": "fmax.ini has no Fischer Random section (games/chess960.zrf plays it)",
	"embassy":  "fmax.ini has no Embassy section (its 43 sections are listed by zrun check)",
	"grand":    "fmax.ini has no Grand Chess section (10x10 with promotion to captured pieces only)",
	"schoolbook": "fmax.ini has no Schoolbook section (games/schoolbook.zrf plays it; Fairy-Max " +
		"does not list it, see docs/protocols.md)",
}

// skipRows lists rows where Fairy-Max's rules differ from FSF's; the
// hand-derived Fairy-Max count is in startPerfts/fenPerfts instead.
var skipRows = map[string]string{
	"capablanca-hand-promo-castle": "Fairy-Max also accepts promotion to its piece 10 e (checked: fairymax accepts b7b8e); see fenPerfts",
}

// maxNodes keeps the default test run fast; deeper rows are in the slow tag.
const maxNodes = 300000

func TestPerftTable(t *testing.T) {
	runPerftTable(t, 0, maxNodes)
}

func runPerftTable(t *testing.T, lo, hi uint64) {
	f := loadShipped(t)
	for _, row := range readTSV(t) {
		v, ok := tsvVariants[row.variant]
		if !ok {
			continue
		}
		if v.allDepths {
			// Run once, in the default test (lo == 0).
			if lo > 0 {
				continue
			}
		} else if row.nodes <= lo || row.nodes > hi {
			continue
		}
		if why, skip := skipRows[row.id]; skip {
			t.Logf("%s: skipped: %s", row.id, why)
			continue
		}
		sec := f.Default
		if v.section != "(default)" {
			var err error
			if sec, err = f.Section(v.section); err != nil {
				t.Fatal(err)
			}
		}
		fen := row.fen
		for from, to := range v.letters {
			fen = strings.ReplaceAll(fen, from, to)
		}
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.SetFEN(s, fen); err != nil {
			t.Errorf("%s: %v", row.id, err)
			continue
		}
		n, err := s.Perft(row.depth)
		if err != nil {
			t.Errorf("%s perft %d: %v", row.id, row.depth, err)
			continue
		}
		if n != row.nodes {
			t.Errorf("%s (%s as %s) perft %d = %d, want %d (%s)", row.id, row.variant, sec.Name, row.depth, n, row.nodes, v.why)
		}
	}
}

// TestPerftTableCoverage: every variant of perft.tsv is compared with a
// section or has a written reason why not.
func TestPerftTableCoverage(t *testing.T) {
	for _, row := range readTSV(t) {
		_, mapped := tsvVariants[row.variant]
		why, unmatched := tsvUnmatched[row.variant]
		switch {
		case mapped && unmatched:
			t.Errorf("%s: both compared and listed as unmatched (%s)", row.variant, why)
		case !mapped && !unmatched:
			t.Errorf("%s (row %s): neither compared with a section nor explained in tsvUnmatched", row.variant, row.id)
		}
	}
	f := loadShipped(t)
	for v := range tsvUnmatched {
		if _, err := f.Section(v); err == nil {
			t.Errorf("%s: listed as having no section, but fmax.ini has one", v)
		}
	}
}
