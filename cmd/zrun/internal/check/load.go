// This file defines the load report: each rule file's games and variants
// with their shape, or the errors that keep them from loading.

package check

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"
	"zrun/axiom"

	"zrun/fmaxini"
	"zrun/gamefile"
	"zrun/vm"
	"zrun/zrf"
)

// Result is how a check ended, for the command's exit status.
type Result int

const (
	OK          Result = iota
	Failed             // a file failed to load, a violation, an error
	Interrupted        // stopped by Ctrl-C after reporting what was done
)

// checkTotals accumulates the final summary line.
type checkTotals struct {
	files, failed, partial, games, variants, errors, warnings int
}

// Load loads each file and prints its report, then a summary line; with
// quiet only errors and the summary. stop (Ctrl-C) ends it before the next
// file.
func Load(files []string, quiet bool, stop *atomic.Bool, stdout, stderr io.Writer) Result {
	start := time.Now()
	var tot checkTotals
	for i, file := range files {
		if stop.Load() {
			fmt.Fprintf(stdout, "interrupted after %d of %d files\n", i, len(files))
			break
		}
		checkFile(file, quiet, stdout, &tot)
		// Progress for long runs goes to stderr so stdout stays a clean report.
		if len(files) >= 50 && (i+1)%50 == 0 {
			fmt.Fprintf(stderr, "checked %d/%d files\n", i+1, len(files))
		}
	}
	fmt.Fprintf(stdout, "%d files (%d failed, %d loaded with move definitions left out), %d games, %d variants, %d errors, %d warnings in %v\n",
		tot.files, tot.failed, tot.partial, tot.games, tot.variants, tot.errors, tot.warnings, time.Since(start).Round(time.Millisecond))
	switch {
	case stop.Load():
		return Interrupted
	case tot.failed > 0 || tot.partial > 0:
		return Failed
	}
	return OK
}

// checkFile loads one file and prints its report.
func checkFile(file string, quiet bool, w io.Writer, tot *checkTotals) {
	tot.files++
	if gamefile.KindOf(file) == gamefile.Ini {
		checkIni(file, quiet, w, tot)
		return
	}
	// Any other file is read as Zillions rules: check reports what the
	// reader makes of it rather than refusing it by its name.
	f, err := gamefile.LoadZRF(file)
	if !quiet {
		fmt.Fprintln(w, file)
	}
	if f != nil {
		tot.warnings += len(f.Warnings)
		printWarnings(w, quiet, f.Warnings)
		for _, gd := range f.Games {
			if gd.Game.Engine != "" {
				_ = axiom.Attach(gd.Game, file) // the reason, if any, is in EngineErr
			}
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
	if g.Engine != "" && g.Moves == nil {
		return fmt.Sprintf("moves come from an external engine (%s); not playable here: %s", path.Base(strings.ReplaceAll(g.Engine, `\`, "/")), g.EngineErr)
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

// RuleFiles expands the command's arguments: a directory stands for every
// .zrf file under it, in sorted order; a file stands for itself.
func RuleFiles(args []string) ([]string, error) {
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
