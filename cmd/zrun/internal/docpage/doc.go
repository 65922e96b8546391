// Package docpage draws games for people outside a session: SVG diagrams of
// a position (zrun diagram) and a page per game (zrun doc, HTML or
// Markdown) with its texts, start diagram and a table of pieces with their
// Betza strings, English sentences and movement diagrams (from vm/describe).
//
// # Files
//
//	svg.go       boards as SVG: any grid shape, coordinates, pieces (chess glyphs
//	             or lettered discs), movement-diagram marks
//	layout.go    the board layout the diagrams use, exported so that the web
//	             server draws boards with the same geometry
//	page.go      a game's page: texts, start diagram, table of pieces
//	html.go      the page as one self-contained HTML5 file with inline SVG
//	markdown.go  the page as Markdown with the diagrams as separate SVG files
package docpage
