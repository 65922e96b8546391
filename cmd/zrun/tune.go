// This file defines "zrun tune": piece values learnt from self-play.

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/atomicfile"
	"zrun/cmd/zrun/internal/play"
	"zrun/engine/eval"
	"zrun/engine/eval/tune"
	"zrun/vm"
	"zrun/vm/perftable"
)

func init() {
	register("tune", "[--variant NAME] [--games N] [--depth D] [--shard i/n --data OUT] [--fit DATA...] [--out FILE.values] FILE: learn piece values from self-play (Texel method)", runTune)
}

// tuneOptions are tune's flags.
type tuneOptions struct {
	variant, shard, data, out string
	terms                     string
	termList                  tune.TermList // terms read
	games, depth, random      int
	seed                      uint64
	fit                       bool
}

func runTune(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o tuneOptions
	fs.StringVar(&o.variant, "variant", "", "game or variant title")
	fs.IntVar(&o.games, "games", 200, "self-play games in all (over all shards)")
	fs.IntVar(&o.depth, "depth", 2, "search depth of each self-play move")
	fs.IntVar(&o.random, "random", 8, "opening plies played at random, so that games differ")
	fs.Uint64Var(&o.seed, "seed", 1, "game i's random opening uses seed+i")
	fs.StringVar(&o.shard, "shard", "1/1", "play only shard i of n of the games (write them with --data, fit later with --fit)")
	fs.StringVar(&o.data, "data", "", "write the shard's positions to this file instead of fitting")
	fs.BoolVar(&o.fit, "fit", false, "fit the values from the data files given as arguments (all shards of one run)")
	fs.StringVar(&o.terms, "terms", "all", "evaluation terms whose weights (@name lines of the values file) are fitted with the piece values: all, none, or names separated by commas ("+strings.Join(eval.TermNames(), ",")+"); the others keep their weights")
	fs.StringVar(&o.out, "out", "", "where to write the values (default: FILE with the extension .values, which play, serve, xboard, uci and go read)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	terms, err := tune.ParseTermList(o.terms)
	if err != nil {
		fmt.Fprintln(stderr, "zrun tune: --terms:", err)
		return 2
	}
	o.termList = terms
	if o.fit {
		return tuneFit(fs.Args(), o, stdout, stderr)
	}
	if fs.NArg() != 1 || o.games < 1 || o.depth < 1 {
		fmt.Fprintln(stderr, "usage: zrun tune [--variant NAME] [--games N] [--depth D] [--shard i/n --data OUT] [--out FILE.values] FILE\n       zrun tune --fit [--out FILE.values] DATA...")
		return 2
	}
	sh, err := perftable.ParseShard(o.shard)
	if err != nil {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 2
	}
	shard, of := sh.I, sh.N
	if of > 1 && o.data == "" {
		fmt.Fprintln(stderr, "zrun tune: a shard writes its positions with --data; fit the shards together with --fit")
		return 2
	}
	path := fs.Arg(0)
	g, ev, err := play.LoadEvaluated(path, o.variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	stop, release := onInterrupt()
	defer release()
	start := time.Now()
	samples, st, err := tune.SelfPlay(g, ev, tune.SelfPlayOptions{
		Games: o.games, Shard: shard, Of: of, Depth: o.depth, RandomPlies: o.random, Seed: o.seed, Stop: stop,
		Progress: func(done, total int) {
			fmt.Fprintf(stderr, "game %d/%d, %v\n", done, total, time.Since(start).Round(time.Second))
		},
	})
	if err != nil {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 1
	}
	if stop.Load() {
		fmt.Fprintf(stderr, "zrun tune: stopped after %d games; nothing written (run the shard again)\n", st.Games)
		return exitInterrupted
	}
	fmt.Fprintf(stdout, "%d games (first player +%d =%d -%d, %d at the ply cap), %d positions in %v\n",
		st.Games, st.Wins, st.Draws, st.Losses, st.Capped, len(samples), time.Since(start).Round(time.Second))
	if o.data != "" {
		h := tune.SampleHeader{File: path, Variant: g.Title, Games: o.games, Shard: shard, Of: of, Depth: o.depth, Seed: o.seed, Pieces: tune.PieceNames(g)}
		if err := writeFileWith(o.data, func(w io.Writer) error { return tune.WriteSamples(w, h, st, samples) }); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.data)
		return 0
	}
	comment := fmt.Sprintf("zrun tune: %d self-play games at depth %d (seed %d), %d positions", st.Games, o.depth, o.seed, len(samples))
	return tuneWrite(path, g, ev, samples, comment, o, stdout, stderr)
}

// tuneFit fits the values from the data files of a sharded run.
func tuneFit(paths []string, o tuneOptions, stdout, stderr io.Writer) int {
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "usage: zrun tune --fit [--out FILE.values] DATA...")
		return 2
	}
	h, samples, err := tune.ReadSampleFiles(paths)
	if err != nil {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 1
	}
	g, err := play.LoadGame(h.File, h.Variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := h.CheckPieces(g); err != nil {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 1
	}
	ev, err := eval.Derive(g)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	comment := fmt.Sprintf("zrun tune: %d self-play games at depth %d (seed %d) in %d shards, %d positions", h.Games, h.Depth, h.Seed, h.Of, len(samples))
	return tuneWrite(h.File, g, ev, samples, comment, o, stdout, stderr)
}

// tuneWrite fits, prints the values in pawns with their error bars, and
// writes the values file.
func tuneWrite(path string, g *vm.Game, ev *eval.Evaluator, samples []tune.Sample, comment string, o tuneOptions, stdout, stderr io.Writer) int {
	out := o.out
	start, royal, same := tune.StartValues(g, ev)
	fit, err := tune.FitTerms(samples, start, royal, same, o.termList.Choice(ev))
	if err != nil {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 1
	}
	fit.WriteTable(stdout, g, start, royal)
	if out == "" {
		out = eval.TunedPath(path)
	}
	old, err := os.ReadFile(out)
	if err != nil && !os.IsNotExist(err) {
		fmt.Fprintln(stderr, "zrun tune:", err)
		return 1
	}
	// The file's other games keep their values.
	b, err := tune.ReplaceTuned(old, g, fit, comment)
	if err != nil {
		fmt.Fprintf(stderr, "zrun tune: %s: %v\n", out, err)
		return 1
	}
	if err := atomicfile.WriteBytes(out, 0o644, b); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", out)
	return 0
}

// writeFileWith writes path with f, whole or not at all (atomicfile).
func writeFileWith(path string, f func(io.Writer) error) error {
	return atomicfile.Write(path, 0o644, f)
}
