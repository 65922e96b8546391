// Package eval is the evaluation a game's rules give without per-game code,
// and the adapter through which the game-independent searcher (package
// engine) plays a vm.State.
//
// Derive computes an Evaluator from a vm.Game: piece values from each
// piece's mobility on the game's own board (Zillions' way, with a
// superlinear term for compounds), placement tables from per-square
// mobility, bonuses for the distance to promotion and goal squares, and
// for n-in-a-row goals the open lines each player has started (lines.go),
// and in games of one royal piece each the own pieces next to it
// (shelter.go) and the open lines that lead to it while the enemy has the
// pieces to use them (exposure.go). A game whose moves a script makes, with no evaluation of
// its own, is observed in seeded random games: if its pieces run a track
// and leave the board at its end (Senet), each counts by the moves it
// still needs to leave (race.go); a game variable only one player's
// moves raise is that player's score (Abstract Mancala's seeds taken,
// scorevars.go). Terms read from where the pieces stand against each other
// (threats.go): enemy pieces reaching the royal piece's neighbourhood,
// pieces a cheapest piece attacks, and passers (the passed pawn
// generalised); and the side to move's tempo. Each term has a weight in
// percent of its unit (terms.go), which a values file may set and
// "zrun tune" fits.
// Self-play tuning (package tune, engine/eval/tune) learns piece values
// offline from games the engine plays against itself, and a values file
// beside the rule file keeps them; this package reads that file when a game
// loads (valuesfile.go).
// Values the rule file gives (fmax.ini) win over derived ones. Pieces in
// hand count when the game drops them, or gates them while a piece that
// can gate them stands unmoved (gating.go).
//
// Position adapts a vm.State to engine.Position: per-depth move lists, move
// facts for ordering (victim and attacker values, noisy moves), the rule
// switches of the search (null move, LMR, royal pieces), a null move and the
// evaluation. It lives here, not in engine, because engine knows nothing of
// the VM; and not in the command line, so every front end and the
// searcher's own tests and benchmarks can use it.
//
// # Files
//
//	evaluator.go   Derive and the Evaluator: piece values from mobility, placement
//	               tables, promotion and goal distance bonuses
//	lines.go       the line term: open lines towards an n-in-a-row goal
//	shelter.go     the royal piece's shelter: own pieces next to it
//	exposure.go    the royal piece's exposure: empty squares along the board's
//	               directions from it, weighed by the enemy's dear material
//	threats.go     king attack, threats by the cheapest pieces and passers, from
//	               lone pieces' reach
//	terms.go       the terms' names and weights, and Features: each term unweighted
//	gating.go      pieces in hand of gating games counted as material
//	race.go        script games observed in seeded random games, and the race
//	               term of those whose pieces run a track and leave the board
//	scorevars.go   the score term: game variables that count a player's score
//	valuesfile.go  reading the tuned-values file kept beside the rule file, and
//	               ApplyTunedFor: its values given to the games loaded
//	position.go    Position: the adapter from *vm.State to engine.Position
//	evalcache.go   the adapter's cache of evaluations by position hash
//	see.go         the static exchange evaluation (engine.ExchangeEvaluator): two attack
//	               queries, then (a piece both attacked and defended) played
//	               with the game's own capture moves onto the square
package eval
