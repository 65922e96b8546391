package main

import (
	"bytes"
	"encoding/xml"
	"image"
	_ "image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// xmlSummary parses a document strictly and counts what the tests look at.
type xmlSummary struct {
	root      string
	svgs      int
	classes   map[string]int // class attribute -> elements
	texts     []string       // character data of <text> elements
	h1        string
	rectCount []int // <rect> elements per top-level <svg>
}

func parseXML(t *testing.T, what string, data []byte) *xmlSummary {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	sum := &xmlSummary{classes: map[string]int{}}
	var stack []string
	depthSVG := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", what, err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if sum.root == "" {
				sum.root = e.Name.Local
			}
			stack = append(stack, e.Name.Local)
			for _, a := range e.Attr {
				if a.Name.Local == "class" {
					sum.classes[a.Value]++
				}
			}
			switch e.Name.Local {
			case "svg":
				sum.svgs++
				depthSVG++
				if depthSVG == 1 {
					sum.rectCount = append(sum.rectCount, 0)
				}
			case "rect":
				if depthSVG > 0 {
					sum.rectCount[len(sum.rectCount)-1]++
				}
			}
		case xml.EndElement:
			if e.Name.Local == "svg" {
				depthSVG--
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				switch stack[len(stack)-1] {
				case "text":
					sum.texts = append(sum.texts, string(e))
				case "h1":
					sum.h1 += string(e)
				}
			}
		}
	}
	return sum
}

func countText(texts []string, s string) int {
	n := 0
	for _, x := range texts {
		if x == s {
			n++
		}
	}
	return n
}

// TestDocPagesForAllGames generates the HTML page of every game and variant
// of every games/*.zrf file and checks that each is well-formed XHTML with a
// start diagram and a movement diagram per piece.
func TestDocPagesForAllGames(t *testing.T) {
	files, _ := filepath.Glob("../../games/*.zrf")
	if len(files) == 0 {
		t.Fatal("no games/*.zrf files")
	}
	for _, file := range files {
		dir := t.TempDir()
		var out, errb bytes.Buffer
		if code := runMain([]string{"doc", "-o", dir, file}, &out, &errb); code != 0 {
			t.Errorf("%s: zrun doc exit %d: %s", file, code, errb.String())
			continue
		}
		pages := strings.Fields(out.String())
		games, err := play.LoadGames(file, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != len(games) {
			t.Errorf("%s: %d pages for %d games", file, len(pages), len(games))
			continue
		}
		for i, page := range pages {
			data, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			g := games[i]
			sum := parseXML(t, page, data)
			if sum.root != "html" || sum.h1 != g.Title {
				t.Errorf("%s: root %q, h1 %q, want html and %q", page, sum.root, sum.h1, g.Title)
			}
			// Start position + one icon and one movement diagram per piece.
			if want := 1 + 2*len(g.Pieces); sum.svgs != want {
				t.Errorf("%s: %d svg elements, want %d", page, sum.svgs, want)
			}
			s, _ := vm.NewState(g)
			pieces := 0
			for _, c := range s.Board {
				if c != vm.Empty {
					pieces++
				}
			}
			for _, n := range s.Hands {
				if n > 0 {
					pieces++ // one icon per type in hand
				}
			}
			// Pieces on the start diagram, plus one icon and one diagram piece per type.
			if got, want := sum.classes["piece"], pieces+2*len(g.Pieces); got != want {
				t.Errorf("%s: %d pieces drawn, want %d", page, got, want)
			}
			if !bytes.Contains(data, []byte("<code>")) {
				t.Errorf("%s: no Betza string", page)
			}
		}
	}
}

func TestDocMarkdown(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runMain([]string{"doc", "--format", "md", "-o", dir, "--variant", "Chess", "../../games/chess.zrf"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	files := strings.Fields(out.String())
	// chess.md, the start diagram and six movement diagrams.
	if len(files) != 8 || !strings.HasSuffix(files[0], "chess.md") {
		t.Fatalf("files %v", files)
	}
	md, _ := os.ReadFile(files[0])
	for _, want := range []string{"# Chess", "| **Knight** (N) |", "`N`", "`KisO2`", "![Chess: start position](chess-start.svg)"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("chess.md lacks %q", want)
		}
	}
	for _, f := range files[1:] {
		data, _ := os.ReadFile(f)
		if sum := parseXML(t, f, data); sum.root != "svg" {
			t.Errorf("%s: root %s", f, sum.root)
		}
	}
}

func TestDiagramCommand(t *testing.T) {
	cases := []struct {
		args          []string
		pieces, cells int
		glyphs        map[string]int
	}{
		// Independent facts: chess starts with 32 men on 64 squares, 8 of
		// them white pawns; Schoolbook with 40 on 80, its A and M as discs.
		{[]string{"../../games/chess.zrf"}, 32, 64, map[string]int{"♙": 8, "♟": 8, "♔": 1, "♛": 1}},
		{[]string{"../../games/schoolbook.zrf"}, 40, 80, map[string]int{"♙": 10, "A": 2, "M": 2}},
		{[]string{"--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "../../games/chess.zrf"}, 2, 64, map[string]int{"♔": 1, "♚": 1}},
		{[]string{"--variant", "capablanca", "../../../shared/fmax/fmax.ini"}, 40, 80, map[string]int{"♙": 10, "A": 2, "C": 2}},
	}
	for _, c := range cases {
		if strings.HasSuffix(c.args[len(c.args)-1], ".ini") {
			if _, err := os.Stat(c.args[len(c.args)-1]); err != nil {
				t.Logf("skipping %v: %v", c.args, err)
				continue
			}
		}
		var out, errb bytes.Buffer
		if code := runMain(append([]string{"diagram"}, c.args...), &out, &errb); code != 0 {
			t.Errorf("%v: exit %d: %s", c.args, code, errb.String())
			continue
		}
		sum := parseXML(t, strings.Join(c.args, " "), out.Bytes())
		if sum.root != "svg" || sum.classes["piece"] != c.pieces || sum.rectCount[0] != c.cells {
			t.Errorf("%v: root %s, %d pieces, %d cells; want svg, %d, %d", c.args, sum.root, sum.classes["piece"],
				sum.rectCount[0], c.pieces, c.cells)
		}
		for g, n := range c.glyphs {
			if got := countText(sum.texts, g); got != n {
				t.Errorf("%v: %d × %q, want %d", c.args, got, g, n)
			}
		}
	}
	var errb bytes.Buffer
	if code := runMain([]string{"diagram", "--fen", "garbage", "../../games/chess.zrf"}, io.Discard, &errb); code == 0 {
		t.Error("a bad FEN was accepted")
	}
}

// TestSchoolbookScreenshot renders the Schoolbook page in headless Chromium
// and checks the PNG is a real rendering (not blank).
func TestSchoolbookScreenshot(t *testing.T) {
	const chromium = "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("%s not installed", chromium)
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runMain([]string{"doc", "-o", dir, "--variant", "Schoolbook", "../../games/schoolbook.zrf"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	page, _ := filepath.Abs(strings.TrimSpace(out.String()))
	png := filepath.Join(dir, "schoolbook.png")
	if keep := os.Getenv("ZRUN_SCREENSHOT"); keep != "" {
		png = keep
	}
	cmd := exec.Command(chromium, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--screenshot="+png, "--window-size=1200,2000", "file://"+page)
	done := make(chan error, 1)
	var cerr bytes.Buffer
	cmd.Stderr = &cerr
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start chromium: %v", err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("chromium: %v\n%s", err, cerr.String())
		}
	case <-time.After(90 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("chromium took more than 90 s")
	}
	f, err := os.Open(png)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, cerr.String())
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bnd := img.Bounds()
	if bnd.Dx() != 1200 || bnd.Dy() != 2000 {
		t.Errorf("screenshot is %v, want 1200x2000", bnd.Size())
	}
	// The board's light and dark squares must both be there, in quantity.
	light, dark := 0, 0
	for y := bnd.Min.Y; y < bnd.Max.Y; y += 2 {
		for x := bnd.Min.X; x < bnd.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			switch {
			case near(r, 0xf0, g, 0xd9, b, 0xb5):
				light++
			case near(r, 0xb5, g, 0x88, b, 0x63):
				dark++
			}
		}
	}
	if light < 5000 || dark < 5000 {
		t.Errorf("screenshot has %d light and %d dark board pixels (sampled): the board is not rendered", light, dark)
	}
}

func near(r uint32, r0 int, g uint32, g0 int, b uint32, b0 int) bool {
	d := func(v uint32, w int) bool { x := int(v>>8) - w; return x > -6 && x < 6 }
	return d(r, r0) && d(g, g0) && d(b, b0)
}

// TestDocBoardWithoutGrid draws a board given only as positions with screen
// rectangles (Shisima from the corpus: eight points around a centre), as
// points joined by its lines.
func TestDocBoardWithoutGrid(t *testing.T) {
	const file = "../../../shared/zrf-corpus/Shisima/shisima.zrf"
	if _, err := os.Stat(file); err != nil {
		t.Skipf("%s not available: %v", file, err)
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"diagram", file}, &out, &errb); code != 0 {
		t.Fatalf("diagram: exit %d: %s", code, errb.String())
	}
	// Nine points on the board's lines (eight spokes from the centre and
	// the octagon's eight sides), three men a side.
	if sum := parseXML(t, "shisima diagram", out.Bytes()); sum.classes["cell point"] != 9 || sum.classes["link"] != 16 || sum.classes["piece"] != 6 {
		t.Errorf("shisima: %d points, %d lines, %d pieces; want 9, 16 and 6", sum.classes["cell point"], sum.classes["link"], sum.classes["piece"])
	}
	dir := t.TempDir()
	out.Reset()
	if code := runMain([]string{"doc", "-o", dir, file}, &out, &errb); code != 0 {
		t.Fatalf("doc: exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(strings.TrimSpace(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	sum := parseXML(t, "shisima page", data)
	// From the centre a man moves to any of the eight points around it
	// (there are no captures in Shisima).
	if sum.classes["move-only"] != 8 || sum.classes["capture-only"]+sum.classes["move-capture"] != 0 {
		t.Errorf("shisima movement diagram: %v", sum.classes)
	}
	if !bytes.Contains(data, []byte("approximate: the board has no 2-D grid")) {
		t.Error("the page does not say Betza is unavailable")
	}
}
