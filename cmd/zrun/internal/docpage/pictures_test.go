package docpage

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"zrun/boardgeom"
	"zrun/cmd/zrun/internal/play"
)

// xmlNode is an element of a parsed page with its attributes and children.
type xmlNode struct {
	name  string
	attr  map[string]string
	kids  []*xmlNode
	text  string
	outer *xmlNode
}

func parseXML(t *testing.T, data []byte) *xmlNode {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	root := &xmlNode{name: "#root"}
	cur := root
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the page is not well-formed XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: tk.Name.Local, attr: map[string]string{}, outer: cur}
			for _, a := range tk.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			cur.kids = append(cur.kids, n)
			cur = n
		case xml.EndElement:
			cur = cur.outer
		case xml.CharData:
			cur.text += string(tk)
		}
	}
	return root
}

func (n *xmlNode) walk(f func(*xmlNode)) {
	f(n)
	for _, k := range n.kids {
		k.walk(f)
	}
}

// TestDocPagePictures: Kamisado's page shows the author's board under the
// start position and its 16 dragon towers as the author's bitmaps, with
// the pure green of a piece's bitmap transparent (the bitmap read here by
// x/image/bmp, not by boardgeom's decoder).
func TestDocPagePictures(t *testing.T) {
	file := gamePath(t, "Kamisado/kamisado.zrf")
	games, err := play.LoadGames(file, "")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	dir := t.TempDir()
	files, err := WritePage(dir, "k", "html", file, g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	root := parseXML(t, data)
	defs := map[string]string{} // id -> data URL
	var start *xmlNode
	root.walk(func(n *xmlNode) {
		if n.name == "image" && n.attr["id"] != "" {
			defs[n.attr["id"]] = n.attr["href"]
		}
		if n.name == "svg" && start == nil {
			for _, k := range n.kids {
				if k.name == "title" && strings.HasSuffix(k.text, "start position") {
					start = n
				}
			}
		}
	})
	if start == nil {
		t.Fatal("no start-position diagram")
	}
	var boards, pieces []string
	start.walk(func(n *xmlNode) {
		if n.name != "use" && n.name != "image" {
			return
		}
		switch n.attr["class"] {
		case "boardpic":
			boards = append(boards, n.attr["href"])
		case "piece pic":
			pieces = append(pieces, n.attr["href"])
		}
	})
	if len(boards) != 1 || len(pieces) != 16 {
		t.Fatalf("start diagram: %d board pictures and %d piece pictures, want 1 and 16", len(boards), len(pieces))
	}
	set := boardgeom.FindPictures(file, g)
	if !strings.EqualFold(filepath.Base(set.List[set.Board[0]].Path), "board.bmp") {
		t.Errorf("board picture is %s", set.List[set.Board[0]].Path)
	}
	checked := 0
	for _, ref := range append(boards, pieces...) {
		url, ok := defs[strings.TrimPrefix(ref, "#")]
		if !ok || !strings.HasPrefix(url, "data:image/png;base64,") {
			t.Fatalf("picture %s is not embedded as a PNG data URL", ref)
		}
		if checked > 0 || ref == boards[0] {
			continue
		}
		// The first piece: its bitmap's corner is pure green, so the
		// embedded PNG's corner is transparent and its middle is not.
		raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(url, "data:image/png;base64,"))
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		var idx int
		if _, err := fmt.Sscan(strings.TrimPrefix(ref, "#zpic-"), &idx); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(set.List[idx].Path)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := bmp.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, gr, b, _ := ref.At(0, 0).RGBA()
		if r>>8 != 0 || gr>>8 != 255 || b>>8 != 0 {
			t.Fatalf("%s: corner is not pure green", set.List[idx].Path)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("embedded %s: corner alpha %d, want 0", set.List[idx].Name, a)
		}
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		mid := color.NRGBAModel.Convert(img.At(w/2, h/2)).(color.NRGBA)
		r, gr, b, _ = ref.At(w/2, h/2).RGBA()
		if mid.A != 255 || mid.R != uint8(r>>8) || mid.G != uint8(gr>>8) || mid.B != uint8(b>>8) {
			t.Errorf("embedded %s: middle %v, bitmap's %d,%d,%d", set.List[idx].Name, mid, r>>8, gr>>8, b>>8)
		}
		checked++
	}
	if bytes.Contains(data, []byte(`class="missing"`)) {
		t.Errorf("Kamisado's pictures are all shipped, yet the page names missing ones")
	}

	// --plain: our drawing, no picture.
	files, err = WritePage(dir, "p", "html", file, g, Options{Plain: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := os.ReadFile(files[0])
	if bytes.Contains(plain, []byte("<image")) || bytes.Contains(plain, []byte("<use")) {
		t.Error("--plain page draws pictures")
	}

	// Markdown: each SVG file carries the pictures it shows (an SVG
	// shown as an <img>, as Markdown shows it, loads no file it names),
	// and no PNG file is written beside it.
	files, err = WritePage(dir, "m", "md", file, g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".png") {
			t.Errorf("Markdown page wrote %s", f)
		}
		if !strings.HasSuffix(f, ".svg") {
			continue
		}
		svg, _ := os.ReadFile(f)
		refs := regexp.MustCompile(`href="#(zpic-\d+)"`).FindAllSubmatch(svg, -1)
		for _, m := range refs {
			if !bytes.Contains(svg, []byte(`<image id="`+string(m[1])+`"`)) {
				t.Errorf("%s refers to %s without defining it", filepath.Base(f), m[1])
			}
		}
		if bytes.Contains(svg, []byte(`.png"`)) {
			t.Errorf("%s links a PNG file", filepath.Base(f))
		}
		if strings.HasSuffix(f, "m-start.svg") {
			if n := bytes.Count(svg, []byte(`data:image/png;base64,`)); n < 17 {
				t.Errorf("the start diagram embeds %d pictures, want the board and 16 dragons", n)
			}
		}
	}
}

// TestDocPageMissingPicture: a picture the package lacks is drawn our way
// and named once on the page.
func TestDocPageMissingPicture(t *testing.T) {
	src := gamePath(t, "Kamisado/kamisado.zrf")
	dir := t.TempDir()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	// The rule file alone, without its Images folder: every picture is
	// missing.
	file := filepath.Join(dir, "kamisado.zrf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := play.LoadGames(file, "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := WritePage(dir, "k", "html", file, games[0], Options{})
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(files[0])
	if n := bytes.Count(page, []byte(`class="missing"`)); n != 1 {
		t.Fatalf("the missing pictures are named %d times, want once", n)
	}
	if !bytes.Contains(page, []byte("board.bmp")) || bytes.Contains(page, []byte("<use")) {
		t.Error("the note lacks the board's picture, or a missing picture is drawn")
	}
	if !bytes.Contains(page, []byte(`class="piece"`)) {
		t.Error("pieces are not drawn our way")
	}
}
