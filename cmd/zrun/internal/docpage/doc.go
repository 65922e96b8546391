// Package docpage draws games for people outside a session: SVG diagrams of
// a position (zrun diagram) and a page per game (zrun doc, HTML or
// Markdown) with its texts, start diagram and a table of pieces with their
// Betza strings, English sentences and movement diagrams (from vm/describe).
package docpage
