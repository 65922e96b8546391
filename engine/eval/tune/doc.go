// Package tune learns a game's piece values offline from games the engine
// plays against itself (the Texel method), for "zrun tune" and "zrun values
// --selfplay"; it is kept apart from package eval, whose evaluation runs at
// every node of the search, because none of it runs while the engine plays.
//
// SelfPlay plays fast games between two copies of the alpha-beta searcher
// with eval's evaluation and keeps each quiet position with the game's
// result (a Sample). Fit finds the piece values that best predict the
// results from the material differences (logistic regression by Newton's
// method, with error bars), starting from and pulled towards the values
// eval derives (StartValues); MirrorTypes ties the two sides' types of one
// piece (Fairy-Max's per-colour pawns) so they learn one value. Each
// sample also carries the evaluation's terms unweighted (eval.Features:
// placement, shelter, king attack, threats, passers, tempo), and Fit
// weighs them with the values in the same regression, so one run tunes
// the whole evaluation; the values file keeps the weights as "@name"
// lines.
//
// Sharded runs (GNU parallel, a Slurm array) write their samples with
// WriteSamples, and ReadSampleFiles merges every shard of one run for one
// fit. ReplaceTuned and WriteTuned write the fitted values into the values
// file beside the rule file; reading it is eval's (eval.ReadTuned,
// eval.ApplyTunedFor), since the evaluation applies it when a game loads.
//
// # Files
//
//	tune.go        SelfPlay, Fit, MirrorTypes, StartValues and the table of
//	               fitted values (WriteTable)
//	terms.go       which evaluation terms a fit weighs (--terms): all, none,
//	               or those named
//	samplesfile.go self-play samples written and read, so sharded tuning runs
//	               merge into one fit
//	valuesfile.go  the fitted values written into the values file beside the
//	               rule file, keeping its other games' sections
package tune
