// This file draws the author's pictures on a page's diagrams: the board's
// bitmap under its positions and each piece's bitmap in place of our
// drawing, found by boardgeom as the browser finds them and embedded as
// data: URLs: once in an HTML page, and in each SVG file of a Markdown
// page that shows them (an SVG shown as an image, as Markdown shows it,
// loads no file it links to, so a PNG beside it would not be drawn).

package docpage

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"zrun/boardgeom"
)

// pagePictures is one page's pictures, each converted to PNG once however
// many diagrams show it.
type pagePictures struct {
	set *boardgeom.PictureSet
	// ref returns how a diagram refers to picture i (a data: URL or a
	// file name), "" when it cannot be read: then it is drawn our way.
	ref     func(i int) string
	refs    map[int]string
	missing []string // names not found or not readable, once each
	// defs: the pictures as data: URLs by index, written once in an HTML
	// page (writeDefs) or in each Markdown SVG using them (selfContained)
	// and shown by reference: a board picture drawn under forty movement
	// diagrams is embedded once.
	defs map[int]string
}

// newPagePictures finds the pictures of the page's game.
func newPagePictures(pg *Page) *pagePictures {
	pp := &pagePictures{set: pg.set, refs: map[int]string{}, defs: map[int]string{}}
	pp.missing = append(pp.missing, pp.set.Missing...)
	unreadable := map[string]bool{}
	pp.ref = func(i int) string {
		if i < 0 || i >= len(pp.set.List) {
			return ""
		}
		if r, ok := pp.refs[i]; ok {
			return r
		}
		p := pp.set.List[i]
		data, err := pngOf(p)
		r := ""
		switch {
		case err != nil:
			if !unreadable[p.Name] {
				unreadable[p.Name] = true
				pp.missing = append(pp.missing, p.Name)
			}
		default:
			pp.defs[i] = "data:image/png;base64," + base64.StdEncoding.EncodeToString(data)
			r = fmt.Sprintf("#zpic-%d", i)
		}
		pp.refs[i] = r
		return r
	}
	return pp
}

// pngOf reads a picture as Zillions draws it (pure green keyed out of a
// piece) and encodes it as PNG.
func pngOf(p boardgeom.Picture) ([]byte, error) {
	img, err := boardgeom.ReadPicture(p.Path, p.Piece)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// svgPictures is the pictures as one layout draws them.
type svgPictures struct {
	pp *pagePictures
	// board: the board picture's reference and its place in layout units
	// (boardRef "" when the board is drawn our way).
	boardRef string
	boardPic boardgeom.Picture
	board    [4]float64
	scale    float64 // layout units per pixel of the board picture (0: none)
}

// fit places pp's board picture on layout l (widening it when the
// picture reaches beyond the positions).
func (sb *svgBoard) fitPictures(pp *pagePictures) {
	sp := &svgPictures{pp: pp}
	sb.pics = sp
	if len(pp.set.Board) == 0 {
		return
	}
	p := pp.set.List[pp.set.Board[0]]
	x, y, w, h, ok := sb.l.FitPicture(p.W, p.H)
	if !ok {
		return
	}
	if ref := pp.ref(pp.set.Board[0]); ref != "" {
		sp.boardRef, sp.boardPic, sp.board, sp.scale = ref, p, [4]float64{x, y, w, h}, sb.l.PixelScale
	}
}

// piece returns the reference and size (layout units) of the picture of
// type t for player pl drawn in a cell of the given size; ok false when
// it has none, so our drawing stands in.
func (sp *svgPictures) piece(t, pl int, size float64) (p boardgeom.Picture, ref string, w, h float64, ok bool) {
	if sp == nil {
		return p, "", 0, 0, false
	}
	i := sp.pp.set.PieceIndex(t, pl)
	if i < 0 {
		return p, "", 0, 0, false
	}
	ref = sp.pp.ref(i)
	if ref == "" {
		return p, "", 0, 0, false
	}
	p = sp.pp.set.List[i]
	if sp.scale > 0 {
		// On the author's board, at its own size on the board's scale
		// (Zillions draws pieces unscaled on its board), as the browser.
		return p, ref, float64(p.W) * sp.scale, float64(p.H) * sp.scale, true
	}
	return p, ref, size * 0.9, size * 0.9, true
}

// writeDefs writes the embedded pictures once, in an SVG of no size the
// page's diagrams refer to.
func (pp *pagePictures) writeDefs(w io.Writer) {
	if pp == nil || len(pp.defs) == 0 {
		return
	}
	idx := make([]int, 0, len(pp.defs))
	for i := range pp.defs {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	io.WriteString(w, `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true"><defs>`)
	for _, i := range idx {
		p := pp.set.List[i]
		fmt.Fprintf(w, `<image id="zpic-%d" width="%d" height="%d" preserveAspectRatio="none" href="%s"/>`, i, p.W, p.H, pp.defs[i])
	}
	io.WriteString(w, "</defs></svg>\n")
}

// zpicRef finds the references to embedded pictures in a diagram.
var zpicRef = regexp.MustCompile(`href="#zpic-(\d+)"`)

// selfContained returns diagram svg (one <svg> element) with the
// definitions of the pictures it refers to inside it, so that it draws
// them as a file of its own.
func (pp *pagePictures) selfContained(svg string) string {
	if pp == nil {
		return svg
	}
	used := map[int]bool{}
	for _, m := range zpicRef.FindAllStringSubmatch(svg, -1) {
		i, err := strconv.Atoi(m[1])
		if err == nil && pp.defs[i] != "" {
			used[i] = true
		}
	}
	end := strings.IndexByte(svg, '>')
	if len(used) == 0 || !strings.HasPrefix(svg, "<svg") || end < 0 {
		return svg
	}
	idx := make([]int, 0, len(used))
	for i := range used {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var b strings.Builder
	b.WriteString(svg[:end+1])
	b.WriteString("<defs>")
	for _, i := range idx {
		p := pp.set.List[i]
		fmt.Fprintf(&b, `<image id="zpic-%d" width="%d" height="%d" preserveAspectRatio="none" href="%s"/>`, i, p.W, p.H, pp.defs[i])
	}
	b.WriteString("</defs>")
	b.WriteString(svg[end+1:])
	return b.String()
}

// writeImage draws picture ref (of pw×ph pixels) in the box x, y, w, h:
// a reference to the page's definitions, scaled to the box, or an image
// of a file beside the diagram.
func writeImage(w io.Writer, class, ref string, pw, ph int, x, y, bw, bh float64) {
	if strings.HasPrefix(ref, "#") {
		fmt.Fprintf(w, `<use class="%s" href="%s" transform="translate(%.1f %.1f) scale(%.4f %.4f)"/>`,
			class, ref, x, y, bw/float64(max(pw, 1)), bh/float64(max(ph, 1)))
		return
	}
	fmt.Fprintf(w, `<image class="%s" href="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" preserveAspectRatio="none"/>`,
		class, xmlText(ref), x, y, bw, bh)
}
