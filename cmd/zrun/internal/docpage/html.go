// This file writes a game page as XHTML-compatible HTML5 with inline SVG, so
// the page is one self-contained file that XML parsers also read.

package docpage

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"zrun/vm"
)

const pageCSS = `body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222;line-height:1.4}
h1{margin-bottom:0.2em}.source{color:#666;font-size:0.9em;margin-top:0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:6px;vertical-align:top;text-align:left}
th{background:#eee}code{font-size:1.1em;background:#f4f4f4;padding:1px 4px}.approx{color:#a35;font-size:0.85em}
.english{font-style:italic}.legend{color:#555;font-size:0.9em}figure{margin:0.5em 0}
svg[role=img]{max-width:100%;height:auto}`

func writeHTMLPage(w io.Writer, pg *Page) {
	g := pg.g
	t := xmlText
	fmt.Fprintln(w, `<!DOCTYPE html>`)
	fmt.Fprintln(w, `<html xmlns="http://www.w3.org/1999/xhtml" lang="en">`)
	fmt.Fprintf(w, "<head><meta charset=\"utf-8\"/><title>%s</title><style>%s</style></head>\n", t(g.Title), pageCSS)
	fmt.Fprintln(w, "<body>")
	pg.pics.writeDefs(w)
	fmt.Fprintf(w, "<h1>%s</h1>\n", t(g.Title))
	fmt.Fprintf(w, "<p class=\"source\">From %s (%s)</p>\n", t(filepath.Base(pg.file)), t(g.Source))
	writeHTMLSection(w, "", g.Description)
	fmt.Fprintln(w, "<h2>Start position</h2>")
	fmt.Fprint(w, "<figure>")
	pg.writeBoard(w)
	fmt.Fprintf(w, "<figcaption>%s</figcaption></figure>\n", t(pg.summary()))
	if m := pg.missingNote(); m != "" {
		fmt.Fprintf(w, "<p class=\"missing\">%s</p>\n", t(m))
	}
	writeHTMLSection(w, "History", g.History)
	writeHTMLSection(w, "Strategy", g.Strategy)
	fmt.Fprintln(w, "<h2>Pieces</h2>")
	fmt.Fprintf(w, "<p class=\"legend\">%s</p>\n", t(legendText))
	fmt.Fprintln(w, "<table><thead><tr><th>Piece</th><th>How it moves</th><th>Betza</th><th>Movement</th></tr></thead><tbody>")
	for _, pi := range pg.pieces {
		writeHTMLPieceRow(w, pg, pi)
	}
	fmt.Fprintln(w, "</tbody></table>")
	fmt.Fprintln(w, "</body></html>")
}

func writeHTMLSection(w io.Writer, heading, text string) {
	ps := paragraphs(text)
	if len(ps) == 0 {
		return
	}
	if heading != "" {
		fmt.Fprintf(w, "<h2>%s</h2>\n", xmlText(heading))
	}
	for _, p := range ps {
		fmt.Fprintf(w, "<p>%s</p>\n", xmlText(p))
	}
}

func writeHTMLPieceRow(w io.Writer, pg *Page, pi pieceInfo) {
	g, d := pg.g, pi.desc
	t := xmlText
	fmt.Fprint(w, "<tr><td>")
	pieceIcon(w, g, pg.pics, vm.MakeCell(pi.t, pi.player, 0), 40)
	fmt.Fprintf(w, "<br/><strong>%s</strong>", t(g.Pieces[pi.t].Name))
	if l := svgPieceLetter(g, pi.t); l != "" {
		fmt.Fprintf(w, " (%s)", t(l))
	}
	fmt.Fprint(w, "</td><td>")
	for _, h := range pi.help {
		fmt.Fprintf(w, "<p>%s</p>", t(h))
	}
	fmt.Fprintf(w, "<p class=\"english\">%s</p>", t(d.English))
	fmt.Fprint(w, "</td><td>")
	if d.Betza != "" {
		fmt.Fprintf(w, "<code>%s</code>", t(d.Betza))
		if pi.player != 0 {
			fmt.Fprintf(w, " (%s's piece, seen from %s's side)", t(g.Players[pi.player].Name), t(g.Players[pi.player].Name))
		}
	} else {
		fmt.Fprint(w, "—")
	}
	if !d.Exact {
		fmt.Fprintf(w, "<br/><span class=\"approx\">approximate: %s</span>", t(strings.Join(d.Notes, "; ")))
	}
	fmt.Fprint(w, "</td><td>")
	if !pg.writeMovement(w, pi) {
		fmt.Fprint(w, "no diagram")
	}
	fmt.Fprintln(w, "</td></tr>")
}
