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
// Shared games ("rooms", room.go): Invite on a game page (/g/ID/invite,
// POST /api/g/ID/invite) makes a game with a link per seat, holding an
// unguessable token that becomes a cookie for that room's API only, and a
// spectators' link (/r/RID/). The server keeps the clocks and stores every
// change (package gamestore: in memory, or with --data in a bbolt file, so
// a restart resumes the games); pages follow by Server-Sent Events; /lobby
// lists public games. The room's page reuses the board script (app.js),
// pointed at /api/r/RID by the page, with room.js's panel beside it.
//
// The Design tab (design.go, assets/design.js) runs "zrun design" (package
// design) on the open game's rules: POST /api/g/ID/design starts a run
// within bounds (games, depth or time a move; one run per page, a few at
// once on the server, 30 minutes a run), GET polls its running figures, POST .../design/stop
// ends it, and .../design/report is the report with its plots (of the
// games finished, when stopped), shown in a frame under its own content
// policy (no script, sandboxed).
//
// The puzzle tools (solve.go, assets/solve.js): GET /api/g/ID/solution
// sends the saved game a rule file names, (solution "x.zsg"), as a line of
// positions the page steps through without touching the game; POST
// /api/g/ID/solve runs play.Solve (a forced win, or a puzzle's shortest
// solution) on the page's position within bounds (time, positions, one
// per page, a few at once on the server), GET polls its progress, POST
// .../solve/stop ends it, and its answer is a line like the solution's and
// a .zsg; POST /api/g/ID/line takes a line into the game.
//
// Tests drive the page in headless Chromium (chromedp) and skip without
// it; the 60-board gallery runs with -tags slow.
//
// # Files
//
//	server.go   the served files, routes and pages, the JSON API, the
//	            per-browser sessions
//	session.go  a game in progress on one page and the requests that change it
//	state.go    the JSON the page reads (pieces, position, legal moves, and
//	            the layout converted from boardgeom's, the geometry the SVG
//	            diagrams of zrun doc draw too)
//	engine.go   the engine's play on the server and the event stream
//	watch.go    the file watcher of --watch: each file loaded once, off every
//	            game's lock, then swapped into the games in progress
//	pictures.go the author's pictures: found per game, served by index as
//	            PNG (pure green transparent in pieces), a bounded cache
//	room.go     shared games: seats, clocks, offers, the engine's seats,
//	            the rooms in memory and in the store
//	roomapi.go  the rooms' pages, seat links, JSON API, event stream and lobby
//	study.go    the board editor's check and set-up (setboard's), the
//	            analysis board (endless multi-PV search, lines live), the
//	            game tree as a move list (go to, promote, delete), PGN upload
//	design.go   the Design tab's self-play runs: bounds, progress, Stop,
//	            the report
//	solve.go    the puzzle tools: the solution a rule file names as a line
//	            of positions, Solve (play.Solve) in the background with its
//	            bounds, progress, Stop, line and .zsg, a line taken into the game
//	jobs.go     what the Design runs and the solves share: one job a page, a
//	            bound a server, the finished ones kept, Close's stop and wait
//	limits.go   per-client limits: unfinished games made, changes a second
//	            to one game (token buckets)
//	lan.go      serving beyond this machine: the network addresses printed,
//	            the warning, invitation links at the network address
//	guard.go    the server's edge: Host names answered (against DNS
//	            rebinding), security headers, files-only static serving,
//	            server paths shown relative to what is served
package web
