// Package docpage draws games for people outside a session: SVG diagrams of
// a position (zrun diagram) and a page per game (zrun doc, HTML or
// Markdown) with its texts, start diagram and a table of pieces with their
// Betza strings, English sentences and movement diagrams (from vm/describe).
//
// Where positions go and in what shape (squares, hexagons, points on lines,
// levels side by side) is boardgeom's layout, the one the browser draws
// too; this package only renders it.
//
// Files:
//   - page.go: a game's page (texts, pieces, diagrams) and WriteDiagram.
//   - html.go: the page as one self-contained XHTML-compatible HTML file.
//   - markdown.go: the page as Markdown with SVG files beside it.
//   - svg.go: rendering a layout and a position as SVG (cells, labels,
//     lines, pieces, movement marks).
package docpage
