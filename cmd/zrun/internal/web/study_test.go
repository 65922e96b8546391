// Tests of the study API without a browser: the editor's check answers as
// setboard does (play.Game.SetPosition on a game opened here), bad input is
// refused with a 4xx and a message, a refused position leaves the game as
// it was, the analysis and the game tree work and bear concurrent use.

package web

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
)

// setboardAnswer is what the REPL's setboard says of fen: "" when it takes
// it, else its error (play.Game.SetPosition, on a game opened from path).
func setboardAnswer(t *testing.T, path, fen string) string {
	t.Helper()
	g, err := play.Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetPosition(fen); err != nil {
		return err.Error()
	}
	return ""
}

func (c *client) position(body string) (int, positionJSON, string) {
	c.t.Helper()
	code, b := c.do("POST", "/api/g/0/position", body, "Content-Type", "application/json")
	var out positionJSON
	json.Unmarshal([]byte(b), &out)
	return code, out, b
}

func TestPositionCheckIsSetboards(t *testing.T) {
	chess := filepath.Join(gamesDir, "chess.zrf")
	cases := []struct{ file, fen string }{
		{chess, "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1"},  // KQ v K
		{chess, "8/8/8/4k3/8/8/8/3QK3 b - - 0 1"},  // KQ v K, Black to move
		{chess, "8/8/8/4k3/8/8/8/3QKK2 w - - 0 1"}, // two white kings
		{chess, "8/8/8/8/8/8/8/3QK3 w - - 0 1"},    // no black king
		{chess, "4k3/8/8/8/8/8/8/4KQ2 b - - 0 1"},  // white king attacked, Black to move: fine
		{chess, "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"}, // black king attacked, White to move
		{chess, "4k3/8/8/8/8/8/8/4K3 w - - 0"},     // short FEN (setboard takes it)
		{chess, "4k3/8/8/8/8/8/8 w - - 0 1"},       // a rank short
		{chess, "4k3/8/8/8/8/8/8/4K2Z w - - 0 1"},  // unknown letter
		{corpus(t, "GufuuShogi/GufuuShogi.zrf"), "sw6/en4SW/6EN[MMm] w - - 0 1"},
		{corpus(t, "ToguzKumalak/ToguzKumalak.zrf"), "hhhhahhhh/HHHHHHHHA b - - 0 1"},
		{corpus(t, "ToguzKumalak/ToguzKumalak.zrf"), "hhhhhhhhh/HHHHHHHHH/HH w - - 0 1"},
	}
	clients := map[string]*client{}
	for _, tc := range cases {
		c := clients[tc.file]
		if c == nil {
			c = newClient(t, tc.file)
			clients[tc.file] = c
		}
		want := setboardAnswer(t, tc.file, tc.fen)
		body, _ := json.Marshal(map[string]string{"text": tc.fen})
		code, got, raw := c.position(string(body))
		if code != 200 {
			t.Errorf("%s: %d %s", tc.fen, code, raw)
			continue
		}
		if got.OK != (want == "") || got.Reason != want {
			t.Errorf("%s: page says ok=%v %q; setboard says %q", tc.fen, got.OK, got.Reason, want)
		}
		// Set up in the game only when setboard takes it; a refused one
		// leaves the game as it was.
		before := c.state()
		body, _ = json.Marshal(map[string]string{"text": tc.fen, "apply": "play"})
		code, _, raw = c.position(string(body))
		after := c.state()
		if want == "" {
			if code != 200 || !strings.Contains(raw, `"note":"Position set up from the editor"`) {
				t.Errorf("%s: play from here: %d %.200s", tc.fen, code, raw)
			}
		} else {
			if code != 422 || !strings.Contains(raw, want) {
				t.Errorf("%s: play from here of a refused position: %d %.200s", tc.fen, code, raw)
			}
			if fmt.Sprint(before.Board) != fmt.Sprint(after.Board) || before.Gen != after.Gen {
				t.Errorf("%s: a refused position changed the game", tc.fen)
			}
		}
	}
}

// TestPositionFromPieces: the editor's pieces make the same FEN a person
// writes, hands included, and castling as asked.
func TestPositionFromPieces(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	// Positions index a8=0 ... h1=63 in chess.zrf (the state's cells).
	idx := map[string]int{}
	for _, cell := range c.state().Layout.Cells {
		idx[cell.N] = cell.P
	}
	body := fmt.Sprintf(`{"board":[[%d,5,0],[%d,3,0],[%d,5,1]],"mover":0,"castling":"K"}`, idx["e1"], idx["h1"], idx["e8"])
	code, got, raw := c.position(body)
	if code != 200 || !got.OK || got.Text != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Fatalf("%d %s", code, raw)
	}
	g := newClient(t, corpus(t, "GufuuShogi/GufuuShogi.zrf"))
	code, got, raw = g.position(`{"text":"sw6/en4SW/6EN[MMm] w - - 0 1"}`)
	if code != 200 || fmt.Sprint(got.Hands) != "[[0 0 2] [1 0 1]]" {
		t.Fatalf("Gufuu hands: %d %s", code, raw)
	}
	// The pieces read back make the same text.
	b, _ := json.Marshal(map[string]any{"board": got.Board, "hands": got.Hands, "mover": got.Mover})
	code, again, raw := g.position(string(b))
	if code != 200 || again.Text != "sw6/en4SW/6EN[MMm] w - - 0 1" {
		t.Fatalf("Gufuu from pieces: %d %s", code, raw)
	}
}

// TestPositionCompactText: a Toguz Kumalak position with seeds in a store
// (off FEN's grid) has a compact text, which sets the same pieces up again.
func TestPositionCompactText(t *testing.T) {
	c := newClient(t, corpus(t, "ToguzKumalak/ToguzKumalak.zrf"))
	idx := map[string]int{}
	for _, cell := range c.state().Layout.Cells {
		idx[cell.N] = cell.P
	}
	// P09 (type 8) is nine seeds; a P03 (type 2) in the store a10.
	body := fmt.Sprintf(`{"board":[[%d,8,0],[%d,8,1],[%d,2,0]],"mover":1}`, idx["a1"], idx["a2"], idx["a10"])
	code, got, raw := c.position(body)
	if code != 200 || !strings.HasPrefix(got.Text, play.CompactPrefix) {
		t.Fatalf("%d %s", code, raw)
	}
	b, _ := json.Marshal(map[string]string{"text": got.Text})
	code, again, raw := c.position(string(b))
	if code != 200 || fmt.Sprint(again.Board) != fmt.Sprint(got.Board) || again.Mover != 1 || again.Text != got.Text {
		t.Fatalf("compact text read back: %d %s", code, raw)
	}
	if want := setboardAnswer(t, corpus(t, "ToguzKumalak/ToguzKumalak.zrf"), got.Text); want != got.Reason {
		t.Fatalf("compact text: page %q, setboard %q", got.Reason, want)
	}
}

// TestPosition960: the start arrays by Scharnagl's numbers: 518 is the
// orthodox array, 0 is BBQNNRKR (the published table's first).
func TestPosition960(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess960.zrf"))
	for n, back := range map[int]string{518: "RNBQKBNR", 0: "BBQNNRKR", 959: "RKRNNQBB"} {
		code, got, raw := c.position(fmt.Sprintf(`{"start960":%d}`, n))
		if code != 200 || !got.OK || !strings.HasPrefix(got.Text, strings.ToLower(back)+"/pppppppp/8/8/8/8/PPPPPPPP/"+back+" w ") {
			t.Errorf("array %d: %d %s", n, code, raw)
		}
	}
	_, ed := c.do("GET", "/api/g/0/editor", "")
	if !strings.Contains(ed, `"has960":true`) {
		t.Errorf("chess960.zrf: editor %s", ed)
	}
	o := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	if code, b := o.do("POST", "/api/g/0/position", `{"start960":3}`, "Content-Type", "application/json"); code != 400 || !strings.Contains(b, "no Chess960") {
		t.Errorf("chess.zrf start960: %d %s", code, b)
	}
}

func TestStudyBadInput(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	before := c.state()
	cases := []struct {
		path, body string
		code       int
		msg        string
	}{
		{"position", `{}`, 400, "no position given"},
		{"position", `{"apply":"nuke","text":"8/8/8/8/8/8/8/8 w - - 0 1"}`, 400, "want check, play or analyse"},
		{"position", `{"text":"` + strings.Repeat("8/", 9000) + `"}`, 413, "too large"},
		{"position", `{"text":"` + strings.Repeat("8", 8000) + `"}`, 200, "ranks"},
		{"position", `{"mover":0,"board":[[64,0,0]]}`, 400, "no position 64"},
		{"position", `{"mover":0,"board":[[0,99,0]]}`, 400, "no piece type 99"},
		{"position", `{"mover":0,"board":[[0,1,5]]}`, 400, "no player 5"},
		{"position", `{"mover":0,"board":[[0,1,0],[0,2,0]]}`, 400, "two pieces on a8"},
		{"position", `{"mover":7,"board":[]}`, 400, "no player 7 to move"},
		{"position", `{"mover":0,"board":[],"hands":[[0,0,-1]]}`, 400, "in hand"},
		{"position", `{"mover":0,"board":[],"castling":"K Q"}`, 400, "castling"},
		{"position", `{"start960":2000}`, 400, "no Chess960"},
		{"position", `{"text":"8/8/8/8/8/8/8/8 w - - 0 1","apply":"play"}`, 422, "White has no King"},
		{"position", `{"text":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","apply":"analyse","multipv":99}`, 400, "multipv 99"},
		{"analyse", `{"multipv":0}`, 400, "want 1 to 8"},
		{"analyse", `{"multipv":9}`, 400, "want 1 to 8"},
		{"analyse", `{"multipv":"3"}`, 400, "malformed JSON"},
		{"tree", `{"op":"goto","id":77}`, 404, "no move [77]"},
		{"tree", `{"op":"promote"}`, 409, "main line"},
		{"tree", `{"op":"delete"}`, 409, "main line"},
		{"tree", `{"op":"fly"}`, 400, "want goto, promote or delete"},
		{"loadpgn", ``, 400, "empty PGN"},
		{"loadpgn", `1. e4 e5 2. Ke3 *`, 400, "Ke3"},
		{"loadpgn", `[Variant "shogi"] 1. e4 *`, 400, "the PGN game is"},
	}
	for _, tc := range cases {
		code, body := c.do("POST", "/api/g/0/"+tc.path, tc.body, "Content-Type", "application/json")
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("POST %s %.80s: %d %.300s; want %d with %q", tc.path, tc.body, code, body, tc.code, tc.msg)
		}
	}
	after := c.state()
	if fmt.Sprint(before.Board) != fmt.Sprint(after.Board) || before.Gen != after.Gen {
		t.Errorf("bad requests changed the game: gen %d -> %d", before.Gen, after.Gen)
	}
}

// TestAnalysisAndTree: the analysis gives three lines, goes on after a
// move (on the new position) and stops on request; a move after going back
// is a variation, promoted, saved in PGN and loaded again the same.
func TestAnalysisAndTree(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	post := func(path, body string) string {
		t.Helper()
		code, b := c.do("POST", "/api/g/0/"+path, body, "Content-Type", "application/json")
		if code != 200 {
			t.Fatalf("POST %s %s: %d %s", path, body, code, b)
		}
		return b
	}
	analysis := func() analysisJSON {
		_, b := c.do("GET", "/api/g/0/analysis", "")
		var a analysisJSON
		json.Unmarshal([]byte(b), &a)
		return a
	}
	waitLines := func(n int) analysisJSON {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if a := analysis(); len(a.Lines) >= n && a.Lines[n-1].Depth >= 2 {
				return a
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("no %d lines: %+v", n, analysis())
		return analysisJSON{}
	}
	post("analyse", `{"multipv":3}`)
	a := waitLines(3)
	if !a.Analysing || a.Lines[0].PV == "" || !strings.HasPrefix(a.Lines[0].PV, "1. ") {
		t.Fatalf("analysis: %+v", a)
	}
	post("move", `{"text":"e4"}`) // stops it, and it goes on after the move
	a = waitLines(3)
	if !a.Analysing || !strings.HasPrefix(a.Lines[0].PV, "1... ") {
		t.Fatalf("analysis after a move: %+v", a)
	}
	start := time.Now()
	post("analyse", `{"stop":true}`)
	took := time.Since(start)
	if a := analysis(); a.Analysing || c.state().Thinking {
		t.Fatalf("still analysing after stop: %+v", a)
	}
	t.Logf("stop answered in %v", took)
	post("move", `{"text":"e5"}`)
	post("tree", `{"op":"goto","id":1}`)
	post("move", `{"text":"c5"}`) // a variation after 1. e4
	tree := post("tree", `{"op":"promote"}`)
	if !strings.Contains(tree, `"text":"c5"`) {
		t.Fatalf("tree: %s", tree)
	}
	_, pgn := c.do("GET", "/api/g/0/save.pgn", "")
	if !strings.Contains(pgn, "1. e4 c5 (1... e5) *") {
		t.Fatalf("PGN: %s", pgn)
	}
	_, before := c.do("GET", "/api/g/0/tree", "")
	post("new", `{}`)
	code, b := c.do("POST", "/api/g/0/loadpgn", pgn, "Content-Type", "application/octet-stream")
	if code != 200 {
		t.Fatalf("loadpgn: %d %s", code, b)
	}
	_, after := c.do("GET", "/api/g/0/tree", "")
	var tb, ta treeJSON
	json.Unmarshal([]byte(before), &tb)
	json.Unmarshal([]byte(after), &ta)
	if treeShape(tb.Lines) != treeShape(ta.Lines) || treeShape(ta.Lines) != "1. e4 c5* (1... e5)" {
		t.Fatalf("tree after reloading its PGN:\n%s\nwas\n%s", after, before)
	}
}

// treeShape writes a move list as PGN does, the current move marked *
// (node IDs, which a reload renumbers, left out).
func treeShape(lines []play.TreeMove) string {
	var parts []string
	for _, m := range lines {
		w := m.Text
		if m.Num != "" {
			w = m.Num + " " + w
		}
		if m.Current {
			w += "*"
		}
		parts = append(parts, w)
		for _, v := range m.Vars {
			parts = append(parts, "("+treeShape(v)+")")
		}
	}
	return strings.Join(parts, " ")
}

// TestStudyConcurrent: the study API from many requests at once (run with
// -race): position checks, analysis started and stopped, moves, tree
// steps, all on one game.
func TestStudyConcurrent(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	var wg sync.WaitGroup
	reqs := []struct{ method, path, body string }{
		{"POST", "position", `{"text":"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1"}`},
		{"POST", "analyse", `{"multipv":2}`},
		{"POST", "move", `{"text":"e4"}`},
		{"POST", "undo", `{}`},
		{"POST", "tree", `{"op":"goto","id":0}`},
		{"POST", "analyse", `{"stop":true}`},
		{"GET", "tree", ``},
		{"GET", "analysis", ``},
		{"GET", "editor", ``},
		{"POST", "position", `{"text":"4k3/8/8/8/8/8/8/4KQ2 b - - 0 1","apply":"analyse","multipv":2}`},
	}
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 12; i++ {
				r := reqs[(w*3+i)%len(reqs)]
				code, b := c.do(r.method, "/api/g/0/"+r.path, r.body, "Content-Type", "application/json")
				if code >= 500 {
					t.Errorf("%s %s: %d %s", r.method, r.path, code, b)
				}
			}
		}(w)
	}
	wg.Wait()
	if code, b := c.do("POST", "/api/g/0/analyse", `{"stop":true}`, "Content-Type", "application/json"); code != 200 {
		t.Fatalf("stop: %d %s", code, b)
	}
}
