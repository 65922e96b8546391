// Package web is "zrun serve": a web server that lets people play every game
// zrun loads in a browser, drawn from the rule file's own geometry.
//
// The server keeps one game in progress per browser (a cookie) and game page,
// as a play.Game: history, notation, undo, results, saving and the engine are
// the ones the REPL and the GUI protocols use. The page (assets/, embedded)
// is plain HTML, CSS and JavaScript; it asks /api/g/ID/state for the board's
// layout, the position and the legal moves as JSON, draws them as SVG and
// posts moves back. The engine's progress arrives by Server-Sent Events.
// With --watch, edits to the served rule files reload the rules of every game
// in progress (or show the errors and keep the old rules).
//
// server.go holds the served files, routes and pages; session.go a game in
// progress and the requests that change it; state.go the JSON the page
// reads (pieces, position, legal moves, and the layout converted from
// boardgeom's, the geometry the SVG diagrams of zrun doc draw too); engine.go the engine and
// the event stream; watch.go the file watcher.
//
// Tests drive the page in headless Chromium (chromedp) and skip without
// it; the 60-board gallery runs with -tags slow.
package web
