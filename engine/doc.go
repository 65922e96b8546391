// Package engine is a game-independent searcher. It imports nothing from
// zrun: it declares the Position interface it needs (generic over the move
// type), and package engine/eval adapts *vm.State to it (eval.Position),
// so its tests run on toy games.
//
// # Files
//
// The search features and where they live:
//
//	position.go  Position, NullMover, NoisyGenerator, MoveInfo, Rules, Result; score scale (Win, MateIn)
//	search.go    iterative deepening with aspiration windows; principal
//	             variation search (null windows, re-search); check extension
//	             (games with royal pieces); null-move pruning (verified from
//	             depth 6, for zugzwang; deeper the more the evaluation
//	             exceeds beta), reverse futility, futility and late-move
//	             pruning, logarithmic late-move reductions (one ply more
//	             for moves of negative history), internal iterative
//	             reduction, all switched by Rules; mate distance pruning;
//	             quiescence on noisy moves (captures, promotions) with delta
//	             pruning and losing captures skipped (RecaptureTester, and
//	             ExchangeEvaluator where the position has one; the
//	             captures delta pruning would skip are not even listed
//	             where the Position is a GainFilter),
//	             standing pat before moves are generated (only the noisy
//	             ones, with the count of all, when the Position is a
//	             NoisyGenerator), and every evasion searched when in check;
//	             chance nodes (average of children) for random players;
//	             paranoid multi-player search; repetition draws (a
//	             position met before on the search path or, with a
//	             RepetitionTester, earlier in the game); in check, the
//	             moves that cannot evade it dropped before they are
//	             ordered (EvasionFilter); stopping (context, Stop, the
//	             limits of time.go)
//	stats.go     the search's counters for diagnosis (nodes by kind, table
//	             hits, first-move cutoffs, null-move cutoffs), reported after
//	             each iteration when built with -tags searchstats
//	stats_on.go, stats_off.go
//	             statsOn: the counters on (searchstats) or compiled out
//	time.go      time management: Limits (move time, clock with moves-to-go
//	             and increment, depth, nodes) and the soft and hard limits
//	             they give a search (also MCTS)
//	tt.go        transposition table (size in MB; win scores stored relative to the node)
//	hashsize.go  ClampHashMB: the table sizes a front end may ask for, bounded
//	             by MaxHashMB and half the machine's memory
//	tt_linux.go  a large table mapped apart from the heap, in huge pages (Linux)
//	tt_other.go  the table as an ordinary slice elsewhere
//	prefetch_amd64.go, prefetch_amd64.s
//	             fetch a child's slot as soon as its move is picked
//	             (HashPredictor), and again once it is made (PREFETCHT0)
//	prefetch_other.go
//	             no prefetch on other architectures
//	order.go     move ordering: TT move, MVV-LVA from MoveInfo, two killers per ply, history
//	             (a cutoff's quiet move gains what the quiet moves tried before it lose);
//	             picked lazily, from the few TT and noisy moves alone while any is left
//	bestpacked_amd64.go, bestpacked_amd64.s
//	             scan the quiet moves' scores four at a time (AVX2, when the
//	             processor has it)
//	bestpacked_other.go
//	             the scalar scan on other architectures
//
// Players other than the alpha-beta searcher:
//
//	mcts.go      Monte Carlo tree search (UCT) for games where a static
//	             evaluation means little (connection, line, sowing games)
//	baseline.go  the two baseline players strength is measured against:
//	             random moves, and one move of look-ahead; the first-move
//	             player (an Axiom script's {first})
//
// Moves may be pseudo-legal: Position.Make rejects an illegal one, so the
// legality test (the costliest part of move generation in games with royal
// pieces) runs only for the moves the search plays. A node none of whose
// moves is legal is scored by Position.NoMoves (checkmate, stalemate).
//
// Tests: search_test.go checks exact values on the toy games of toy_test.go
// (tic-tac-toe, Nim under several turn orders, with and without a random
// player) against known facts and an independent brute-force minimax;
// bench_test.go has BenchmarkSearch (nodes/s) and the clock test;
// slowpoll_test.go checks that both searchers keep the time where a node
// costs milliseconds (an Axiom game's script).
//
// # Scores and sides
//
// Scores are for the root player. A node's side is +1 (the root player) or -1
// (any other player: the search is paranoid), and a value is negated only when
// the side changes from a node to its child, so a player moving several times
// in a row (partial moves, double-move turn orders) needs no special case.
// Game ends come from Position.Outcome: a win is Win minus the plies to it, a
// draw 0. The static evaluation is Position.Evaluate plus a mobility term
// (the moves generated for the side to move against those of the other side
// one ply earlier, both already generated; quiescence standing pat before
// generating uses this side's count from two plies up).
//
// A random player's node is a chance node: its value is the average of its
// children, each searched with a full window; it is never cut off and never
// stored in the transposition table.
package engine
