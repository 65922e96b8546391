// This file defines "zrun check": load rule files and report, for each game
// and variant, its shape, or the errors that keep it from loading; with
// --play N, play N random games of each under the VM's invariants
// (package vm/playout).

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/status"
	"zrun/engine"
	"zrun/fmaxini"
	"zrun/vm"
	"zrun/vm/playout"
	"zrun/zrf"
)

func init() {
	register("check", "[-q] [--play N [--seed S] [--cap M] [--time D] [--variant NAME] [--status OUT.md]] FILE|DIR...  load .zrf files and report their games, warnings and errors; --play: N random playouts of each game under the VM's invariants", runCheck)
}

// checkTotals accumulates the final summary line.
type checkTotals struct {
	files, failed, partial, games, variants, errors, warnings int
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print only errors and the totals")
	plays := fs.Int("play", 0, "play N random games of every game and variant, checking the VM's invariants on every move")
	seed := fs.Int64("seed", 1, "with --play: playout i of each game uses seed S+i")
	moveCap := fs.Int("cap", playout.DefaultMaxMoves, "with --play: stop a playout after this many moves (a draw by the cap)")
	variant := fs.String("variant", "", "with --play: only the game or variant of this title or number")
	statusOut := fs.String("status", "", "with --play and the corpus directory: write the corpus status table (Markdown) to this file")
	jobs := fs.Int("j", 1, "with --status: check this many files at once")
	budget := fs.Duration("time", 0, "with --play: at most this long per game (0: no limit); playouts cut short are counted apart")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: zrun check [-q] [--play N [--seed S] [--cap M] [--time D] [--variant NAME] [--status OUT.md]] FILE|DIR...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	stop, release := onInterrupt()
	defer release()
	if *statusOut != "" {
		if *plays <= 0 || fs.NArg() != 1 {
			fmt.Fprintln(stderr, "check: --status needs --play N and one argument, the corpus directory (with MANIFEST.tsv)")
			return 2
		}
		opt := playout.Options{Playouts: *plays, Seed: *seed, MaxMoves: *moveCap, Budget: *budget, Stop: stop}
		return runCheckStatus(fs.Arg(0), *statusOut, opt, *jobs, stdout, stderr)
	}
	files, err := ruleFiles(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *plays > 0 {
		opt := playout.Options{Playouts: *plays, Seed: *seed, MaxMoves: *moveCap, Budget: *budget, Stop: stop}
		return runCheckPlay(files, *variant, opt, stdout, stderr)
	}
	start := time.Now()
	var tot checkTotals
	for i, file := range files {
		if stop.Load() {
			fmt.Fprintf(stdout, "interrupted after %d of %d files\n", i, len(files))
			break
		}
		checkFile(file, *quiet, stdout, &tot)
		// Progress for long runs goes to stderr so stdout stays a clean report.
		if len(files) >= 50 && (i+1)%50 == 0 {
			fmt.Fprintf(stderr, "checked %d/%d files\n", i+1, len(files))
		}
	}
	fmt.Fprintf(stdout, "%d files (%d failed, %d loaded with move definitions left out), %d games, %d variants, %d errors, %d warnings in %v\n",
		tot.files, tot.failed, tot.partial, tot.games, tot.variants, tot.errors, tot.warnings, time.Since(start).Round(time.Millisecond))
	switch {
	case stop.Load():
		return exitInterrupted
	case tot.failed > 0 || tot.partial > 0:
		return 1
	}
	return 0
}

// checkFile loads one file and prints its report.
func checkFile(file string, quiet bool, w io.Writer, tot *checkTotals) {
	tot.files++
	if strings.HasSuffix(strings.ToLower(file), ".ini") {
		checkIni(file, quiet, w, tot)
		return
	}
	f, err := zrf.LoadFile(file)
	if !quiet {
		fmt.Fprintln(w, file)
	}
	if f != nil {
		tot.warnings += len(f.Warnings)
		printWarnings(w, quiet, f.Warnings)
		for _, gd := range f.Games {
			reportGame(w, quiet, gd, tot)
		}
	}
	if err != nil {
		if f.OnlySkipped(err) {
			tot.partial++
		} else {
			tot.failed++
		}
		var el zrf.ErrorList
		if errors.As(err, &el) {
			tot.errors += len(el)
		} else {
			tot.errors++
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, file) {
			msg = file + ": " + msg
		}
		fmt.Fprintln(w, msg)
	}
}

// reportGame prints one game or variant's summary line and warnings.
func reportGame(w io.Writer, quiet bool, gd *zrf.GameDef, tot *checkTotals) {
	g := gd.Game
	kind := "game"
	if g.IsVariant {
		kind = "variant"
		tot.variants++
	} else {
		tot.games++
	}
	tot.warnings += len(gd.Warnings)
	if quiet {
		return
	}
	fmt.Fprintf(w, "  %s %q: %s\n", kind, g.Title, summary(gd))
	if len(gd.Skipped) > 0 {
		fmt.Fprintf(w, "    %d move definitions left out because of errors (below)\n", len(gd.Skipped))
	}
	printWarnings(w, quiet, gd.Warnings)
}

// summary describes a game's shape on one line.
func summary(gd *zrf.GameDef) string {
	g := gd.Game
	if g.Engine != "" {
		return fmt.Sprintf("moves come from an external engine (%s); not playable here", path.Base(strings.ReplaceAll(g.Engine, `\`, "/")))
	}
	board := fmt.Sprintf("%d positions", g.Board.N())
	if dims := gridDims(g.Board); dims != "" {
		board += " (" + dims + ")"
	}
	s := fmt.Sprintf("%s, %d players, %d piece types, %d move blocks, %d drop blocks",
		board, len(g.Players), len(g.Pieces), countDefs(gd.Moves), countDefs(gd.Drops))
	if len(gd.Warnings) > 0 {
		s += fmt.Sprintf(", %d warnings", len(gd.Warnings))
	}
	return s
}

// gridDims prints each grid's size, e.g. "8x8" or "8x8x2+2x1".
func gridDims(b *vm.Board) string {
	var out []string
	for _, g := range b.Grids {
		var d []string
		for _, l := range g.Labels {
			d = append(d, fmt.Sprint(len(l)))
		}
		out = append(out, strings.Join(d, "x"))
	}
	return strings.Join(out, "+")
}

func countDefs(defs [][]*zrf.MoveDef) int {
	n := 0
	for _, d := range defs {
		n += len(d)
	}
	return n
}

func printWarnings(w io.Writer, quiet bool, ws []*zrf.Error) {
	if quiet {
		return
	}
	for _, x := range ws {
		fmt.Fprintf(w, "    warning: %v\n", x)
	}
}

// checkIni lists the sections of a Fairy-Max fmax.ini with board size and
// pieces (index=letter:value, as in fmaxini.md section 11).
func checkIni(file string, quiet bool, w io.Writer, tot *checkTotals) {
	f, err := fmaxini.LoadFile(file)
	if err != nil {
		tot.failed++
		tot.errors++
		fmt.Fprintf(w, "  error: %v\n", err)
		return
	}
	if !quiet {
		fmt.Fprintln(w, file)
	}
	for _, s := range f.Sections {
		tot.games++
		if quiet {
			continue
		}
		var pieces []string
		for i, p := range s.Pieces {
			pieces = append(pieces, fmt.Sprintf("%d=%c:%d", i+1, p.Letter, p.Value))
		}
		fmt.Fprintf(w, "  %s (line %d): %dx%d, %d pieces: %s\n", s.Name, s.Line, s.W, s.H, len(s.Pieces), strings.Join(pieces, " "))
	}
}

// ruleFiles expands the command's arguments: a directory stands for every
// .zrf file under it, in sorted order; a file stands for itself.
func ruleFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".zrf") {
				found = append(found, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// playTotals accumulates the --play summary.
type playTotals struct {
	files, loadFailed, games, engine int
	sum                              playout.Stats
}

// runCheckPlay runs the playouts of every game of every file and prints a
// line per game, each violation with what reproduces it, and a summary.
func runCheckPlay(files []string, variant string, opt playout.Options, stdout, stderr io.Writer) int {
	var tot playTotals
	start := time.Now()
	for i, file := range files {
		if opt.Stop != nil && opt.Stop.Load() {
			fmt.Fprintf(stdout, "interrupted after %d of %d files (the last game's playouts cut short)\n", i, len(files))
			break
		}
		checkPlayFile(file, variant, opt, stdout, &tot)
		if len(files) >= 10 && ((i+1)%10 == 0 || i+1 == len(files)) {
			fmt.Fprintf(stderr, "played %d/%d files, %d violations so far\n", i+1, len(files), len(tot.sum.Violations))
		}
	}
	sum := &tot.sum
	rate := 0.0
	if sum.Elapsed > 0 {
		rate = float64(sum.Moves) / sum.Elapsed.Seconds()
	}
	fmt.Fprintf(stdout, "%d files (%d failed to load), %d games played (%d left out: external engine), %d playouts, %d moves (%.0f moves/s), ended by a goal %d, by a draw rule %d, by the cap %d, cut short by --time or Ctrl-C %d (%d not played); %d violations in %v\n",
		tot.files, tot.loadFailed, tot.games, tot.engine, sum.Playouts, sum.Moves, rate,
		sum.Decisive, sum.Drawn, sum.Capped, sum.Timed, sum.Skipped, len(sum.Violations), time.Since(start).Round(time.Millisecond))
	switch {
	case len(sum.Violations) > 0 || tot.loadFailed > 0:
		return 1
	case opt.Stop != nil && opt.Stop.Load():
		return exitInterrupted
	}
	return 0
}

func checkPlayFile(file, variant string, opt playout.Options, w io.Writer, tot *playTotals) {
	tot.files++
	games, err := play.LoadGames(file, variant)
	if len(games) == 0 {
		tot.loadFailed++
		fmt.Fprintf(w, "%s: %v\n", file, err)
		return
	}
	fmt.Fprintln(w, file)
	for n, g := range games {
		if g.Engine != "" {
			tot.engine++
			fmt.Fprintf(w, "  %q: not played, its moves come from an external engine\n", g.Title)
			continue
		}
		st, err := playout.Run(g, opt)
		if err != nil {
			tot.loadFailed++
			fmt.Fprintf(w, "  %q: %v\n", g.Title, err)
			continue
		}
		tot.games++
		tot.sum.Add(st)
		skipped := ""
		if st.Skipped > 0 {
			skipped = fmt.Sprintf(" (%d more not played: --time or Ctrl-C)", st.Skipped)
		}
		fmt.Fprintf(w, "  %q: %d playouts%s, %d moves, %.0f moves/s; %s\n", g.Title, st.Playouts, skipped, st.Moves,
			float64(st.Moves)/max(st.Elapsed.Seconds(), 1e-9), endsText(st.Ends))
		for _, v := range st.Violations {
			name := variant
			if name == "" {
				name = fmt.Sprint(n + 1)
			}
			fmt.Fprintf(w, "    VIOLATION %s: %s\n      reproduce: zrun check --play 1 --seed %d --cap %d --variant %q %s\n      moves: %s\n",
				v.Check, v.Detail, v.Seed, opt.MaxMoves, name, file, strings.Join(v.Moves, "; "))
		}
	}
}

// endsText lists how the playouts ended, most frequent first.
func endsText(ends map[string]int) string {
	keys := make([]string, 0, len(ends))
	for k := range ends {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if ends[keys[i]] != ends[keys[j]] {
			return ends[keys[i]] > ends[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, ends[k])
	}
	if len(parts) == 0 {
		return "no playout ended"
	}
	return "ended by " + strings.Join(parts, ", ")
}

// statusCommand is the command line that rebuilds a status table with
// these settings, written at the table's top.
func statusCommand(dir, out string, opt playout.Options, jobs int) string {
	cmd := fmt.Sprintf("go run ./cmd/zrun check --play %d", opt.Playouts)
	if opt.Seed != 1 {
		cmd += fmt.Sprintf(" --seed %d", opt.Seed)
	}
	if opt.MaxMoves != playout.DefaultMaxMoves {
		cmd += fmt.Sprintf(" --cap %d", opt.MaxMoves)
	}
	if opt.Budget > 0 {
		cmd += fmt.Sprintf(" --time %v", opt.Budget)
	}
	if jobs > 1 {
		cmd += fmt.Sprintf(" -j %d", jobs)
	}
	return cmd + fmt.Sprintf(" --status %s %s", out, dir)
}

// statusEngine bounds the engine's search per game in the status table:
// enough to show it finds a move, little enough for 1,000 games.
var statusEngine = engine.Limits{Depth: 2, MoveTime: 300 * time.Millisecond}

// runCheckStatus builds the corpus status table (package status), printing
// a line per game as it goes, and writes it to out.
func runCheckStatus(dir, out string, opt playout.Options, jobs int, stdout, stderr io.Writer) int {
	start := time.Now()
	rows, err := status.Build(dir, status.Options{Playout: opt, EngineLimits: statusEngine, Workers: jobs}, func(r *status.Row, progress string) {
		if r == nil {
			fmt.Fprintln(stderr, progress)
			return
		}
		fmt.Fprintf(stdout, "%s %q: loads %s; plays %s; ends %s; saves %s; engine %s\n", r.File, r.Game, r.Loads, r.Plays, r.Ends, r.Replays, r.Engine)
		if r.Stats != nil {
			for _, v := range r.Stats.Violations {
				fmt.Fprintf(stdout, "    VIOLATION %s: %s (seed %d; moves: %s)\n", v.Check, v.Detail, v.Seed, strings.Join(v.Moves, "; "))
			}
		}
	})
	interrupted := errors.Is(err, status.ErrInterrupted)
	if err != nil && !interrupted {
		fmt.Fprintln(stderr, err)
		return 1
	}
	settings := fmt.Sprintf("%d playouts a game from seed %d, at most %d moves each, at most %v a game; engine: depth %d or %v",
		opt.Playouts, opt.Seed, opt.MaxMoves, opt.Budget, statusEngine.Depth, statusEngine.MoveTime)
	if interrupted {
		// What was checked is kept, and the table says it is partial.
		settings += fmt.Sprintf("; %v by Ctrl-C, so the table is partial", err)
		fmt.Fprintf(stderr, "check: %v; writing the rows so far\n", err)
	}
	f, err := os.Create(out)
	if err == nil {
		err = status.WriteMarkdown(f, rows, statusCommand(dir, out, opt, jobs), settings)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	t := status.Sum(rows)
	p := &t.Playouts
	fmt.Fprintf(stdout, "%d files, %d games (%d external engine, %d without a start move), %d played: %d playouts, %d moves, ended by a goal %d, by a draw rule %d, by the cap %d, by --time %d; %d violations; %d/%d saves replayed; wrote %s in %v\n",
		t.Files, t.Games, t.Engine, t.NoStart, t.Played, p.Playouts, p.Moves, p.Decisive, p.Drawn, p.Capped, p.Timed, len(p.Violations), t.SavesOK, t.Saves, out, time.Since(start).Round(time.Second))
	switch {
	case len(p.Violations) > 0:
		return 1
	case interrupted:
		return exitInterrupted
	}
	return 0
}
