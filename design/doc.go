// Package design is the inventor's workbench: what a game's rules do to
// the game, measured by self-play ("zrun design"). It plays the engine
// against itself at a chosen strength (a depth, or a time a move) from
// the start position and from randomised openings (a few random legal
// plies, seeded) and reports, each figure with its 95% interval:
//
//   - the outcome: wins of each player (the first player's advantage),
//     draws, and by which goal or runtime draw rule (vm's Outcome gives
//     the reason and the goal's source);
//   - game length in plies, its distribution and the games cut at the cap;
//   - branching: legal moves per position, by third of the game and by
//     ply, and how often a player had one move or none;
//   - decisiveness and drama: how often the eventual loser had been ahead
//     by the evaluation (by ClearMargin), how late the result became
//     clear, lead changes and the evaluation's largest one-ply swing;
//   - rule coverage: how often each piece type moved, each move and drop
//     block fired (vm's State.BlockOf names a played move's block) and
//     each goal ended a game; blocks that never fired are named with their
//     file:line;
//   - piece values learnt from the games' quiet positions by tune.Fit,
//     as "zrun values --selfplay" and "zrun tune" learn them.
//
// Intervals: Wilson's score interval for shares of games (right near 0
// and 1, where coverage often is); the normal approximation, mean ± 1.96
// standard errors over games, for means (a game's own mean first where
// a game has many positions, so that positions of one game, which are not
// independent, do not narrow the interval). Compare calls two figures
// different when they differ by more than 1.96 standard errors of the
// difference.
//
// Both sides are the same engine at the same strength, so there is no
// engine to alternate colours between: the first player's advantage is
// read off the wins of each player directly. Game k's seed depends on the
// base seed and k alone (GameSeed), and at a fixed depth the search is
// deterministic, so a game is the same whichever shard or worker plays
// it, and merged shards report exactly as one run. With a time a move,
// games depend on the machine's speed and are not reproducible.
//
// # Data files
//
// "zrun design --shard i/n --data OUT" writes JSON lines: the first line
// the run's Header (format "zrun-design/1", file, variant, games, depth
// or movetime_ms, seed, random_plies, start_every, max_plies, shard and
// of, the players', pieces' names, the blocks with their sources, the
// goals), then one GameRecord a line (game number from 0, seed, plies,
// winner (-1 none), kind and reason of the end and the goal's source,
// legal moves at each ply, the search's score for the first player at
// each searched ply, moves made per piece type and per block, and the
// material differences of the quiet positions). Merge checks the shards
// are of one run and hold every game once.
//
// # Plots
//
// The HTML report's plots are SVG written here (a few rectangles, lines
// and text per plot): no plotting library, so the module gains no
// dependency, the page is one self-contained file with no script, and the
// plots match the report's own figures exactly.
//
// # Files
//
//	play.go     Options, Run: the games of a run or shard, each from its
//	            own seed, on one or more workers; what a game records
//	record.go   Header and GameRecord, the JSON-lines data file, Merge
//	stats.go    Figure: Wilson and normal intervals, Differs
//	report.go   Analyse: the figures of a run's games; WriteText: the tables
//	compare.go  Compare and WriteCompare: two runs side by side
//	live.go     Running: the running figures of a run in progress
//	html.go     WriteHTML: the page with its SVG plots
package design
