// This file writes a game page as Markdown with the diagrams as separate
// SVG files next to it.

package docpage

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func writeMarkdownPage(dir, slug string, pg *Page) ([]string, error) {
	g := pg.g
	var files []string
	writeSVG := func(name string, draw func(*strings.Builder) bool) (string, error) {
		var b strings.Builder
		if !draw(&b) {
			return "", nil
		}
		b.WriteString("\n")
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(pg.pics.selfContained(b.String())), 0o644); err != nil {
			return "", err
		}
		files = append(files, path)
		return name, nil
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\nFrom %s (%s)\n\n", mdText(g.Title), mdText(filepath.Base(pg.file)), mdText(g.Source))
	mdSection(&md, "", g.Description)
	board, err := writeSVG(slug+"-start.svg", func(b *strings.Builder) bool { pg.writeBoard(b); return true })
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&md, "## Start position\n\n![%s: start position](%s)\n\n%s\n\n", mdText(g.Title), board, mdText(pg.summary()))
	if m := pg.missingNote(); m != "" {
		fmt.Fprintf(&md, "%s\n\n", mdText(m))
	}
	mdSection(&md, "History", g.History)
	mdSection(&md, "Strategy", g.Strategy)
	fmt.Fprintf(&md, "## Pieces\n\n%s\n\n", legendText)
	fmt.Fprintln(&md, "| Piece | How it moves | Betza | Movement |")
	fmt.Fprintln(&md, "|---|---|---|---|")
	for _, pi := range pg.pieces {
		name := g.Pieces[pi.t].Name
		img, err := writeSVG(fmt.Sprintf("%s-%s.svg", slug, UniqueSlug(name, map[string]bool{})),
			func(b *strings.Builder) bool { return pg.writeMovement(b, pi) })
		if err != nil {
			return nil, err
		}
		var moves []string
		for _, h := range pi.help {
			moves = append(moves, mdText(h))
		}
		moves = append(moves, "*"+mdText(pi.desc.English)+"*")
		betza := "—"
		if pi.desc.Betza != "" {
			betza = "`" + pi.desc.Betza + "`"
		}
		if pi.player != 0 {
			betza += fmt.Sprintf(" (%s's piece, seen from %s's side)", g.Players[pi.player].Name, g.Players[pi.player].Name)
		}
		if !pi.desc.Exact {
			betza += " (approximate: " + strings.Join(pi.desc.Notes, "; ") + ")"
		}
		cell := "no diagram"
		if img != "" {
			cell = fmt.Sprintf("![%s moves](%s)", mdText(name), img)
		}
		fmt.Fprintf(&md, "| **%s** (%s) | %s | %s | %s |\n", mdText(name), mdText(svgPieceLetter(g, pi.t)),
			strings.Join(moves, "<br>"), mdCell(betza), cell)
	}
	path := filepath.Join(dir, slug+".md")
	if err := os.WriteFile(path, []byte(md.String()), 0o644); err != nil {
		return nil, err
	}
	return append([]string{path}, files...), nil
}

func mdSection(md *strings.Builder, heading, text string) {
	ps := paragraphs(text)
	if len(ps) == 0 {
		return
	}
	if heading != "" {
		fmt.Fprintf(md, "## %s\n\n", heading)
	}
	for _, p := range ps {
		fmt.Fprintf(md, "%s\n\n", mdText(p))
	}
}

// mdText escapes characters Markdown would read as markup or table cells.
func mdText(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "*", `\*`, "_", `\_`).Replace(s)
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
