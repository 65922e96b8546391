// This file defines the playout report of zrun check --play.

package check

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"zrun/gamefile"
	"zrun/vm/playout"
)

// playTotals accumulates the --play summary.
type playTotals struct {
	files, loadFailed, games, engine int
	sum                              playout.Stats
}

// Play runs the playouts of every game of every file and prints a
// line per game, each violation with what reproduces it, and a summary.
func Play(files []string, variant string, opt playout.Options, stdout, stderr io.Writer) Result {
	var tot playTotals
	start := time.Now()
	for i, file := range files {
		if opt.Stop != nil && opt.Stop.Load() {
			fmt.Fprintf(stdout, "interrupted after %d of %d files (the last game's playouts cut short)\n", i, len(files))
			break
		}
		checkPlayFile(file, variant, opt, stdout, stderr, &tot)
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
		return Failed
	case opt.Stop != nil && opt.Stop.Load():
		return Interrupted
	}
	return OK
}

func checkPlayFile(file, variant string, opt playout.Options, w, progress io.Writer, tot *playTotals) {
	tot.files++
	games, err := gamefile.LoadGames(file, variant)
	if len(games) == 0 {
		tot.loadFailed++
		fmt.Fprintf(w, "%s: %v\n", file, err)
		return
	}
	fmt.Fprintln(w, file)
	for n, g := range games {
		if g.Engine != "" && g.Moves == nil {
			tot.engine++
			fmt.Fprintf(w, "  %q: not played, its moves come from an external engine: %s\n", g.Title, g.EngineErr)
			continue
		}
		opt.Progress = playout.Every(playout.ProgressEvery, func(p playout.Progress) { fmt.Fprintf(progress, "  %q: %v\n", g.Title, p) })
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
