// This file defines "zrun match": a candidate engine against a base engine
// (any CECP or UCI programs) on a rule file's game, stopped by an SPRT or a
// game count; shards of one match merge to the totals of a single run
// (package match does the work).

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/match"
	"zrun/vm"
	"zrun/vm/perftable"
)

const matchUsage = `zrun match --cand CMD --base CMD (--tc BASE+INC | --depth N | --nodes N)
	(--games N | --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]) [--shard i/n --out FILE] FILE
zrun match --merge [--sprt ...] SHARDFILE...`

func init() {
	register("match", "--cand CMD --base CMD --tc 10+0.1 --sprt elo0=0,elo1=5 FILE: engine against engine, stopped by an SPRT or a game count; --merge FILES", runMatch)
}

// optFlags collects repeated Name=Value engine options.
type optFlags []string

func (o *optFlags) String() string     { return strings.Join(*o, " ") }
func (o *optFlags) Set(v string) error { *o = append(*o, v); return nil }

func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cand := fs.String("cand", "", `the candidate's command line, "[uci:|xboard:]CMD ARGS" (default protocol xboard)`)
	base := fs.String("base", "", "the base engine's command line, as --cand")
	var candOpts, baseOpts optFlags
	fs.Var(&candOpts, "cand-option", "Name=Value for the candidate (CECP option, UCI setoption; repeatable)")
	fs.Var(&baseOpts, "base-option", "Name=Value for the base engine (repeatable)")
	variant := fs.String("variant", "", "the game or variant of FILE (default: its first)")
	protoVariant := fs.String("proto-variant", "", `the variant name sent to both engines (CECP "variant", UCI_Variant); default none (chess)`)
	tc := fs.String("tc", "", "time control BASE+INC in seconds, e.g. 10+0.1")
	depth := fs.Int("depth", 0, "fixed search depth a move (no clock)")
	nodes := fs.Int64("nodes", 0, "fixed nodes a move (UCI go nodes; CECP nps with st 1)")
	games := fs.Int("games", 0, "games to play (rounded up to whole pairs); with --sprt, the most to play")
	sprtArg := fs.String("sprt", "", "stop by SPRT: elo0=E0,elo1=E1[,alpha=0.05,beta=0.05] (logistic Elo)")
	trinomial := fs.Bool("trinomial", false, "count single games (trinomial) rather than game pairs (pentanomial) in the statistics")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	plies := fs.Int("opening-plies", 4, "random plies of each opening")
	balance := fs.Int("balance", 80, "keep openings a depth-4 search of ours scores within this many centipawns (0: keep all)")
	maxPlies := fs.Int("max-plies", 400, "adjudicate a draw after this many plies past the opening")
	conc := fs.Int("concurrency", 1, "games played at once")
	shard := fs.String("shard", "", "i/n: play only the pairs i, i+n, i+2n, ... (1-based), for merging later")
	out := fs.String("out", "", "write each finished pair (JSON lines) to this file, for --merge")
	merge := fs.Bool("merge", false, "merge shard files (the arguments) and report their totals")
	quiet := fs.Bool("quiet", false, "no progress line per pair")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var sprt *match.SPRT
	if *sprtArg != "" {
		s, err := match.ParseSPRT(*sprtArg)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		sprt = &s
	}
	model := match.Pentanomial
	if *trinomial {
		model = match.Trinomial
	}
	if *merge {
		return mergeMatch(fs.Args(), sprt, model, stdout, stderr)
	}
	if fs.NArg() != 1 || *cand == "" || *base == "" || (*games == 0 && sprt == nil) {
		fmt.Fprintln(stderr, "usage:", matchUsage)
		return 2
	}
	var lim match.Limit
	switch {
	case *depth > 0:
		lim.Depth = *depth
	case *nodes > 0:
		lim.Nodes = *nodes
	case *tc != "":
		var err error
		if lim, err = match.ParseTC(*tc); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	default:
		fmt.Fprintln(stderr, "zrun match: give --tc, --depth or --nodes")
		return 2
	}
	cfg := match.Config{
		Cand: match.ParseSpec("cand", *cand), Base: match.ParseSpec("base", *base),
		Limit: lim, Pairs: (*games + 1) / 2, SPRT: sprt, Model: model, Seed: *seed,
		OpeningPlies: *plies, MaxPlies: *maxPlies, Concurrency: *conc,
	}
	cfg.Cand.Options, cfg.Base.Options = candOpts, baseOpts
	cfg.Cand.Variant, cfg.Base.Variant = *protoVariant, *protoVariant
	if *shard != "" {
		sh, err := perftable.ParseShard(*shard)
		if err != nil {
			fmt.Fprintln(stderr, "zrun match:", err)
			return 2
		}
		cfg.Shard, cfg.Of = sh.I, sh.N
		if *out == "" || cfg.Pairs == 0 {
			fmt.Fprintln(stderr, "--shard needs --out and --games: the shards' files are merged, and each must know where the match ends")
			return 2
		}
	}
	file := fs.Arg(0)
	g, err := play.LoadGame(file, *variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	cfg.Rules = func() (*vm.State, error) { return vm.NewState(g) }
	if *balance > 0 {
		margin := *balance
		cfg.Balanced = func(s *vm.State) bool {
			res, _, err := play.SearchState(s, engine.Limits{Depth: 4}, 4, nil)
			return err == nil && res.Found && res.Score <= margin && res.Score >= -margin
		}
	}
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer f.Close()
		cfg.Out = f
	}
	if !*quiet {
		cfg.Progress = stdout
	}
	fmt.Fprintf(stdout, "match: %s vs %s, %s, %s, %d openings of %d plies (seed %d), %s\n",
		*cand, *base, file, lim, cfg.Pairs, *plies, *seed, match.Describe(sprt, model))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	tot, decision, err := match.Run(ctx, cfg)
	fmt.Fprintln(stdout, "final:", match.Summary(tot, sprt, model))
	if decision != "" {
		fmt.Fprintln(stdout, match.DecisionText(decision))
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if ctx.Err() != nil {
		return exitInterrupted
	}
	return 0
}

// mergeMatch sums shard files' pairs and reports them as one run would.
func mergeMatch(files []string, sprt *match.SPRT, model match.Model, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage:", matchUsage)
		return 2
	}
	recs, missing, err := match.ReadRecords(files)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var tot match.Totals
	for _, r := range recs {
		r.Count(&tot)
	}
	fmt.Fprintf(stdout, "merged %d pairs from %d files, %s\n", len(recs), len(files), match.Describe(sprt, model))
	fmt.Fprintln(stdout, "final:", match.Summary(tot, sprt, model))
	if sprt != nil {
		if d := sprt.Decision(sprt.LLR(tot, model)); d != "" {
			fmt.Fprintln(stdout, match.DecisionText(d))
		}
	}
	if len(missing) > 0 {
		// The totals stand for the pairs read; the match is not complete.
		fmt.Fprintf(stdout, "missing or unfinished shards: %v\n", missing)
		return 1
	}
	return 0
}
