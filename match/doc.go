// Package match plays engine-against-engine matches and judges them: a
// candidate against a base engine (any CECP or UCI programs, each game in
// fresh processes), refereed by zrun's own rules, from seeded random
// openings each played twice with the colours swapped, on a clock or at a
// fixed depth or node count; stopped by a game count or by a sequential
// probability ratio test. Matches split into shards whose pair records
// merge to the totals of one run.
//
// The statistics count game pairs (pentanomial, as fishtest and fastchess
// do) or, on request, single games (trinomial). The SPRT is the generalised
// SPRT of fishtest (the log-likelihood ratio of the maximum-likelihood
// distributions with each hypothesis's mean score), on logistic Elo bounds.
//
// # Files
//
//	stats.go   Elo, its 95% interval, pentanomial and trinomial counts, the
//	           GSPRT (exact, and the normal approximation) with Wald's bounds
//	engine.go  the engine processes: CECP and UCI handshakes, new games,
//	           clocks, depth and node limits, moves asked for
//	game.go    one game refereed by the rules: legal moves only, the rules'
//	           end, resignations, claims, time losses, a ply cap
//	run.go     the match: seeded balanced openings, pairs on workers, shards,
//	           pair records (JSON lines) and their merge, progress lines
package match
