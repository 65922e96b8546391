// This file defines Build: one row per corpus game, from loading to the
// engine's first move.

package status

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"zrun/axiom"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/gamefile"
	"zrun/vm"
	"zrun/vm/perftable"
	"zrun/vm/playout"
	"zrun/zrf"
)

// Row is one game of one corpus file (or the file alone when it does not load).
type Row struct {
	// Entry is the file's index among the rule files of MANIFEST.tsv:
	// the order of the table, which merged shards are put back in.
	Entry int
	File  string // path relative to the corpus
	Kind  string // MANIFEST.tsv kind: native, embedded, axiom, dagaz
	Game  string // the game's or variant's title; "" when the file has none
	Loads string // "yes", or why not
	// NoStart is why the first player has no legal move at the start, or "".
	NoStart string
	Plays   string // "yes", or why not
	Ends    string // how the playouts ended
	Replays string // the saved games replayed to their end, of those naming this game
	Perft   string // the test that checks perft against a reference, or ""
	Engine  string // "yes", or why not
	// Stats are the playouts' numbers (nil when not played).
	Stats *playout.Stats
	// MovesUnrecorded: the row comes from a table that kept only its
	// total of moves (a Markdown table read back, base.go), so Stats.Moves
	// is 0 and the moves are among TableFile.UnrecordedMoves.
	MovesUnrecorded bool `json:",omitempty"`
}

// Options says how much Build does per game.
type Options struct {
	Playout playout.Options
	// EngineLimits bounds the engine's search from the start position.
	EngineLimits engine.Limits
	// Workers is how many files are checked at once (at least 1).
	Workers int
	// Shard selects the rule files of one shard (every Shard.N-th from
	// the Shard.I-th), so that a batch system can check the corpus in
	// parts on many machines; Merge joins the parts. Zero: every file.
	Shard perftable.Shard
}

// ErrInterrupted is returned by Build with the rows of the files finished
// before Playout.Stop became true.
var ErrInterrupted = errors.New("interrupted")

// manifestEntry is one .zrf row of MANIFEST.tsv.
type manifestEntry struct{ path, kind string }

func readManifest(dir string) ([]manifestEntry, error) {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []manifestEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 || !strings.HasSuffix(cols[0], ".zrf") || cols[1] == "include" {
			continue
		}
		out = append(out, manifestEntry{cols[0], cols[1]})
	}
	return out, sc.Err()
}

// perftChecked names the tests that check a corpus game's perft against an
// independent reference (the published counts of ../shared/perft/perft.tsv,
// or Fairy-Stockfish), by file and game title.
var perftChecked = map[string]string{
	"GlukKazan+ZoG/Rules/Chess_mandatory.zrf|Chess":                          "zrf TestCorpusChessMandatoryWithoutPriorities (perft.tsv chess)",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-a.zrf|":      "zrf TestCorpusSchoolbookStart (perft.tsv schoolbook)",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf|":      "zrf TestCorpusSchoolbookStart, TestSchoolbookCastlingRules (perft.tsv schoolbook)",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-compat.zrf|": "zrf TestCorpusSchoolbookStart, TestSchoolbookCastlingRules (perft.tsv schoolbook)",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook2.zrf|":       "zrf TestCorpusSchoolbookStart (perft.tsv schoolbook)",
}

// perftTest returns the perft test of a file's game (by title, or for the
// file's first game when the table names the file alone).
func perftTest(file, title string, first bool) string {
	if t := perftChecked[file+"|"+title]; t != "" {
		return t
	}
	if first {
		return perftChecked[file+"|"]
	}
	return ""
}

// saveResult is what replaying one .zsg gave.
type saveResult struct {
	path string
	err  error
}

// replaySaves replays the saved games of the corpus whose rule file (path
// relative to dir) is in files, or every saved game when files is nil,
// workers at a time, and groups the results by rule file and game title. A
// shard needs only its own files' saves: a save names its rule file, so the
// others are skipped before anything loads.
func replaySaves(dir string, files map[string]bool, workers int, progress func(string)) map[string][]saveResult {
	var mu sync.Mutex
	out := map[string][]saveResult{}
	loaded := map[string]*zrf.File{}
	loadErr := map[string]error{}
	// Rule files load once, under the lock (a replay never changes its File).
	load := func(rules string) (*zrf.File, error) {
		mu.Lock()
		defer mu.Unlock()
		if f, ok := loaded[rules]; ok {
			return f, loadErr[rules]
		}
		f, err := gamefile.LoadRules(rules) // an Axiom game with its scripts
		loaded[rules], loadErr[rules] = f, err
		return f, err
	}
	var saves []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".zsg") && (files == nil || ofFiles(dir, p, files)) {
			saves = append(saves, p)
		}
		return nil
	})
	sort.Strings(saves)
	add := func(k string, r saveResult) {
		mu.Lock()
		out[k] = append(out[k], r)
		mu.Unlock()
	}
	next := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				replayOne(dir, p, load, add)
			}
		}()
	}
	for _, p := range saves {
		progress("replaying " + p)
		next <- p
	}
	close(next)
	wg.Wait()
	// Saves of one game are listed in path order whatever order they finished in.
	for _, rs := range out {
		sort.Slice(rs, func(i, j int) bool { return rs[i].path < rs[j].path })
	}
	return out
}

// replayOne replays the save at p and adds its result under its game.
func replayOne(dir, p string, load zrf.LoadRules, add func(string, saveResult)) {
	rs, err := zrf.ReplaySaveFile(p, "", historySearch(p), load)
	if rs != nil {
		add(key(dir, rs.Rules, rs.Game.Title), saveResult{p, err})
		return
	}
	// Not matched to a game: attribute it to the game it names.
	var se *zrf.SaveError
	if errors.As(err, &se) && se.Stage != "read" && se.Stage != "rules" {
		if sg, rules, e := namedRules(p); e == nil {
			add(key(dir, rules, sg.VariantName()), saveResult{p, err})
		}
	}
}

// namedRules reads the save at p and finds the rule file it names.
func namedRules(p string) (*zrf.SavedGame, string, error) {
	sg, err := readSave(p)
	if err != nil {
		return nil, "", err
	}
	rules, err := zrf.ResolveRules(p, sg.RulesFile(), historySearch(p))
	return sg, rules, err
}

// ofFiles reports whether the rule file the save at p names is one of files
// (paths relative to dir); a save that cannot be read or whose rule file is
// not found is not (replayOne attributes it to no game either).
func ofFiles(dir, p string, files map[string]bool) bool {
	_, rules, err := namedRules(p)
	return err == nil && files[relPath(dir, rules)]
}

func readSave(p string) (*zrf.SavedGame, error) {
	src, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return zrf.ReadZSG(p, src)
}

// historySearch is where a save in a _history folder finds its rules: the
// same folder outside _history (as the corpus test does).
func historySearch(path string) []string {
	d := filepath.ToSlash(filepath.Dir(path))
	if i := strings.Index(d, "/_history/"); i >= 0 {
		return []string{filepath.FromSlash(d[:i] + d[i+len("/_history"):])}
	}
	return nil
}

func key(dir, rules, title string) string {
	return relPath(dir, rules) + "|" + strings.ToLower(title)
}

// relPath is path relative to dir with forward slashes, as MANIFEST.tsv
// names files (path itself when it is not below dir).
func relPath(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		rel = path
	}
	return filepath.ToSlash(rel)
}

// Build checks every game of the corpus in dir (of opt.Shard's rule files
// only, with a shard). report is called with each row as it is done and
// with progress lines (row nil). total is the number of rule files the
// manifest lists (not includes): what --shard i/n divides.
func Build(dir string, opt Options, report func(*Row, string)) (rows []*Row, total int, err error) {
	entries, err := readManifest(dir)
	if err != nil {
		return nil, 0, err
	}
	total = len(entries)
	index := make([]int, len(entries)) // manifest index of each entry kept
	for i := range index {
		index[i] = i
	}
	var files map[string]bool // the shard's rule files, whose saves it replays; nil: every one
	if sh := opt.Shard; sh.N > 1 {
		var kept []manifestEntry
		index = index[:0]
		files = map[string]bool{}
		for i := sh.I - 1; i < len(entries); i += sh.N {
			kept, index = append(kept, entries[i]), append(index, i)
			files[entries[i].path] = true
		}
		entries = kept
	}
	workers := max(opt.Workers, 1)
	saves := replaySaves(dir, files, workers, func(s string) { report(nil, s) })
	// Files are checked by opt.Workers goroutines (each game's playouts
	// are independent), and reported in manifest order.
	results := make([]chan []*Row, len(entries))
	for i := range results {
		results[i] = make(chan []*Row, 1)
	}
	next := make(chan int)
	go func() {
		for i := range entries {
			next <- i
		}
		close(next)
	}()
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				if stop := opt.Playout.Stop; stop != nil && stop.Load() {
					results[i] <- nil
					continue
				}
				results[i] <- fileRows(dir, entries[i], saves, opt, func(s string) { report(nil, s) })
			}
		}()
	}
	for i, e := range entries {
		report(nil, fmt.Sprintf("file %d/%d: %s", i+1, len(entries), e.path))
		done := <-results[i]
		if stop := opt.Playout.Stop; stop != nil && stop.Load() {
			// The file may have been cut short: it and the rest are left
			// out (the workers skip what is left of the queue).
			return rows, total, fmt.Errorf("%w after %d of %d files", ErrInterrupted, i, len(entries))
		}
		for _, r := range done {
			r.Entry = index[i]
			rows = append(rows, r)
			report(r, "")
		}
	}
	return rows, total, nil
}

// fileRows checks the games of one file.
// progress is called with a line now and then while a slow game plays (from
// the worker's goroutine).
func fileRows(dir string, e manifestEntry, saves map[string][]saveResult, opt Options, progress func(string)) []*Row {
	path := filepath.Join(dir, filepath.FromSlash(e.path))
	f, err := gamefile.LoadZRF(path)
	if f == nil || len(f.Games) == 0 {
		if err == nil {
			err = errors.New("no games")
		}
		return []*Row{{File: e.path, Kind: e.kind, Loads: "no: " + firstLine(err.Error(), dir)}}
	}
	var rows []*Row
	for gi, gd := range f.Games {
		g := gd.Game
		r := &Row{File: e.path, Kind: e.kind, Game: g.Title, Loads: "yes", Perft: perftTest(e.path, g.Title, gi == 0)}
		if len(gd.Skipped) > 0 {
			r.Loads = fmt.Sprintf("partly: %d move definitions left out (%s)", len(gd.Skipped), firstLine(gd.Skipped[0].Error(), dir))
		}
		r.Replays = replayText(dir, saves[e.path+"|"+strings.ToLower(g.Title)])
		switch {
		case g.Engine != "" && axiom.Attach(g, path) != nil:
			why := "no: moves from an external engine (" + filepath.Base(strings.ReplaceAll(g.Engine, `\`, "/")) + "): " + g.EngineErr
			r.Plays, r.Engine = why, why
		default:
			o := opt
			o.Playout.Progress = playout.Every(playout.ProgressEvery, func(p playout.Progress) { progress(fmt.Sprintf("  %s %q: %v", e.path, g.Title, p)) })
			gameRow(r, gd, o)
		}
		rows = append(rows, r)
	}
	return rows
}

// gameRow fills the play, end and engine columns of a loaded game.
func gameRow(r *Row, gd *zrf.GameDef, opt Options) {
	g := gd.Game
	why, err := gd.WhyNoStartMoves()
	if err != nil {
		r.Plays, r.Engine = "no: "+err.Error(), "no"
		return
	}
	if why != "" {
		r.NoStart = why
		r.Plays, r.Engine = "no move at the start", "no move at the start"
		return
	}
	st, err := playout.Run(g, opt.Playout)
	if err != nil {
		r.Plays = "no: " + err.Error()
		return
	}
	if g.Moves != nil && scriptFailed(st) {
		// A game whose moves a script computes (Axiom): an error the
		// script raises while playing is no broken invariant of the VM
		// but a game that does not play yet, said with its file:line.
		r.Plays = fmt.Sprintf("no: its script fails while playing (%d of %d playouts): %s", len(st.Violations), st.Playouts, firstLine(corpusRelative(st.Violations[0].Detail), ""))
		r.Engine = engineText(g, opt.EngineLimits)
		return
	}
	r.Stats = st
	r.Plays = "yes"
	if n := len(st.Violations); n > 0 {
		r.Plays = fmt.Sprintf("VIOLATIONS: %d (%s: %s)", n, st.Violations[0].Check, st.Violations[0].Detail)
	}
	r.Ends = endsText(st)
	r.Engine = engineText(g, opt.EngineLimits)
}

// corpusRelative shortens the corpus paths in msg to paths in the corpus
// (".../zrf-corpus/Senet/Axiom/Senet/axiom.4th" to "Senet/Axiom/Senet/axiom.4th").
func corpusRelative(msg string) string {
	for {
		i := strings.Index(msg, "zrf-corpus/")
		if i < 0 {
			return msg
		}
		j := strings.LastIndexAny(msg[:i], " (") + 1
		msg = msg[:j] + msg[i+len("zrf-corpus/"):]
	}
}

// scriptFailed reports whether the playouts broke off on errors alone (the
// playouts' "budget" check: generating or making a move failed), none on
// a broken invariant.
func scriptFailed(st *playout.Stats) bool {
	if len(st.Violations) == 0 {
		return false
	}
	for _, v := range st.Violations {
		if v.Check != "budget" {
			return false
		}
	}
	return true
}

// endsText sums up how the playouts ended.
func endsText(st *playout.Stats) string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", what, n))
		}
	}
	add(st.Decisive, "goal")
	add(st.Drawn, "draw")
	add(st.Capped, "cap")
	add(st.Timed, "time")
	if len(parts) == 0 {
		return "–"
	}
	return strings.Join(parts, ", ")
}

// engineText runs the engine from the start position within lim and says
// whether it chose a legal move.
func engineText(g *vm.Game, lim engine.Limits) string {
	s, err := vm.NewState(g)
	if err != nil {
		return "no: " + err.Error()
	}
	res, _, err := play.SearchState(s, lim, 1, nil)
	switch {
	case err != nil:
		return "no: " + err.Error()
	case !res.Found:
		return "no: found no move"
	}
	return "yes"
}

// replayText counts the saved games replayed to their end, with the first
// failure.
func replayText(dir string, rs []saveResult) string {
	if len(rs) == 0 {
		return ""
	}
	ok := 0
	var first *saveResult
	for i := range rs {
		if rs[i].err == nil {
			ok++
		} else if first == nil {
			first = &rs[i]
		}
	}
	s := fmt.Sprintf("%d/%d", ok, len(rs))
	if first != nil {
		rel, _ := filepath.Rel(dir, first.path)
		s += fmt.Sprintf(" (%s: %s)", filepath.ToSlash(rel), firstLine(first.err.Error(), dir))
	}
	return s
}

// firstLine shortens an error for a table cell: its first line, with paths
// relative to the corpus directory dir, at most 160 characters.
func firstLine(msg, dir string) string {
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.ReplaceAll(msg, filepath.Clean(dir)+string(filepath.Separator), "")
	if len(msg) > 160 {
		msg = msg[:157] + "..."
	}
	return msg
}
