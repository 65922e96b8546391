// Package docpage draws games for people outside a session: SVG diagrams of
// a position (zrun diagram) and a page per game (zrun doc, HTML or
// Markdown) with its texts, start diagram and a table of pieces with their
// Betza strings, English sentences and movement diagrams (from vm/describe).
//
// Where positions go and in what shape (squares, hexagons, points on lines,
// levels side by side) is boardgeom's layout, the one the browser draws
// too; this package only renders it.
//
// # Files
//
//	svg.go       renders a boardgeom layout and a position as SVG: cells,
//	             labels, lines, pieces (chess glyphs or lettered discs),
//	             movement-diagram marks
//	page.go      a game's page: texts, start diagram, table of pieces; WriteDiagram
//	html.go      the page as one self-contained HTML5 file with inline SVG
//	markdown.go  the page as Markdown with the diagrams as separate SVG files
//	pictures.go  the author's pictures on the diagrams (boardgeom finds
//	             them): embedded once in an HTML page and referred to,
//	             embedded in each Markdown SVG that shows them; --plain without
package docpage
