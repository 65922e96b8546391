// This file defines "zrun design": the inventor's workbench, what a rule
// change does to a game, measured by self-play (package design).

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"zrun/design"
	"zrun/vm/perftable"
)

func init() {
	register("design", "[--variant V] [--games N] [--depth D | --movetime MS] [--seed S] [--shard i/n --data OUT] [--html OUT.html] FILE | --compare A B | --merge DATA...: self-play figures of a game's rules with 95% intervals", runDesign)
}

// variants collects --variant, which --compare may give twice.
type variants []string

func (v *variants) String() string     { return strings.Join(*v, ",") }
func (v *variants) Set(s string) error { *v = append(*v, s); return nil }

const designUsage = `usage: zrun design [flags] FILE
       zrun design [flags] --compare A.zrf B.zrf   (or --variant V1 --variant V2 FILE)
       zrun design [--html OUT.html] --merge DATA...
flags go before the files`

func runDesign(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("design", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var vs variants
	fs.Var(&vs, "variant", "game or variant title (twice with --compare: two variants of one file)")
	games := fs.Int("games", 100, "self-play games in all (over all shards)")
	depth := fs.Int("depth", 2, "search depth of each move")
	movetime := fs.Int("movetime", 0, "milliseconds a move instead of a depth (games are then not reproducible)")
	seed := fs.Uint64("seed", 1, "base seed: game k's opening depends on it and k alone")
	random := fs.Int("random", 4, "plies played at random to open a randomised game")
	startEvery := fs.Int("start-every", 0, "every Nth game starts from the start position itself (0: game 1 alone; at a fixed depth such games repeat)")
	maxPlies := fs.Int("max-plies", 300, "a game still going after this many plies is cut (counted apart)")
	shard := fs.String("shard", "1/1", "play only shard i of n of the games (write them with --data, report with --merge)")
	data := fs.String("data", "", "write the games' raw data (JSON lines) to this file")
	merge := fs.Bool("merge", false, "report the run whose shard data files are the arguments")
	compare := fs.Bool("compare", false, "run two rule files (or two --variant of one) on the same seeds, side by side")
	htmlOut := fs.String("html", "", "also write the report as an HTML page with plots")
	jobs := fs.Int("j", 1, "games played at once")
	every := fs.Int("progress", 10, "a progress line on stderr every N games (0: none)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	sh, err := perftable.ParseShard(*shard)
	if err != nil {
		fmt.Fprintln(stderr, "zrun design:", err)
		return 2
	}
	shardI, shardN := sh.I, sh.N
	if *merge {
		if fs.NArg() == 0 || *compare {
			fmt.Fprintln(stderr, designUsage)
			return 2
		}
		h, recs, err := design.Merge(fs.Args())
		if err != nil {
			fmt.Fprintln(stderr, "zrun design:", err)
			return 1
		}
		return designReport(h, recs, *htmlOut, stdout, stderr)
	}
	if *games < 1 || *depth < 1 || *movetime < 0 || *random < 0 || *maxPlies < 1 || *jobs < 1 {
		fmt.Fprintln(stderr, "zrun design: --games, --depth, --max-plies and -j must be at least 1, --movetime and --random at least 0")
		return 2
	}
	if shardN > 1 && *data == "" {
		fmt.Fprintln(stderr, "zrun design: a shard writes its games with --data; report the shards together with --merge")
		return 2
	}
	// runs: the file and variant of each run (two with --compare).
	type run struct{ file, variant string }
	var runs []run
	switch {
	case *compare && fs.NArg() == 2 && len(vs) <= 1:
		v := strings.Join(vs, "")
		runs = []run{{fs.Arg(0), v}, {fs.Arg(1), v}}
	case *compare && fs.NArg() == 1 && len(vs) == 2:
		runs = []run{{fs.Arg(0), vs[0]}, {fs.Arg(0), vs[1]}}
	case !*compare && fs.NArg() == 1 && len(vs) <= 1:
		runs = []run{{fs.Arg(0), strings.Join(vs, "")}}
	default:
		fmt.Fprintln(stderr, designUsage)
		return 2
	}
	if *compare && (shardN > 1 || *data != "") {
		fmt.Fprintln(stderr, "zrun design: --compare runs whole; shard each file's run and --merge them apart")
		return 2
	}
	stop, release := onInterrupt()
	defer release()
	var reports []*design.Report
	stopped := false
	for i, r := range runs {
		start := time.Now()
		label := r.file
		if r.variant != "" {
			label += " (" + r.variant + ")"
		}
		if len(runs) == 2 {
			label = "AB"[i:i+1] + ": " + label
		}
		opt := design.Options{File: r.file, Variant: r.variant, Games: *games, Depth: *depth,
			MoveTime: time.Duration(*movetime) * time.Millisecond, Seed: *seed, RandomPlies: *random,
			StartEvery: *startEvery, MaxPlies: *maxPlies, Shard: shardI, Of: shardN, Jobs: *jobs, Stop: stop,
			Progress: func(done, total int, recs []*design.GameRecord) {
				if *every > 0 && (done%*every == 0 || done == total) {
					fmt.Fprintf(stderr, "%s: %d/%d games, %s, %v\n", label, done, total, design.Tally(recs), time.Since(start).Round(time.Second))
				}
			}}
		h, recs, err := design.Run(opt)
		if errors.Is(err, design.ErrStopped) {
			// One run stopped with games finished reports them (as the
			// report says, stopped early); a comparison or a shard's
			// data would be half of something and is not written.
			if len(runs) == 2 || *data != "" || len(recs) == 0 {
				fmt.Fprintln(stderr, "zrun design: stopped; nothing written")
				return exitInterrupted
			}
			fmt.Fprintf(stderr, "zrun design: stopped; the report of the %d games finished follows\n", len(recs))
			stopped = true
			err = nil
		}
		if err != nil {
			fmt.Fprintln(stderr, "zrun design:", err)
			return 1
		}
		if *data != "" {
			if err := writeFileWith(*data, func(w io.Writer) error { return design.WriteData(w, h, recs) }); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			fmt.Fprintf(stderr, "wrote %s (%d games)\n", *data, len(recs))
			if shardN > 1 {
				return 0
			}
		}
		ld, err := design.Load(r.file, r.variant)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		reports = append(reports, design.Analyse(h, recs, ld))
	}
	if len(reports) == 2 {
		design.WriteCompare(stdout, reports[0], reports[1])
	} else {
		reports[0].WriteText(stdout)
	}
	code := designHTML(*htmlOut, reports, stdout, stderr)
	if stopped && code == 0 {
		return exitInterrupted
	}
	return code
}

// designReport prints the report of merged shards.
func designReport(h *design.Header, recs []*design.GameRecord, htmlOut string, stdout, stderr io.Writer) int {
	ld, err := design.Load(h.File, h.Variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	rp := design.Analyse(h, recs, ld)
	rp.WriteText(stdout)
	return designHTML(htmlOut, []*design.Report{rp}, stdout, stderr)
}

func designHTML(path string, reports []*design.Report, stdout, stderr io.Writer) int {
	if path == "" {
		return 0
	}
	if err := writeFileWith(path, func(w io.Writer) error { return design.WriteHTML(w, reports...) }); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return 0
}
