package forth

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// corpusRoot holds the rule files and the Axiom sources the game packages
// ship (see its README: framework files beside 21 game folders).
const corpusRoot = "../../shared/zrf-corpus"

// framework is one axiom.4th + CORE.4TH pair.
type framework struct{ core, axiom string }

// frameworkIn finds the pair in dir, in any case of the names.
func frameworkIn(dir string) (framework, bool) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return framework{}, false
	}
	var fw framework
	for _, e := range ents {
		switch strings.ToLower(e.Name()) {
		case "core.4th":
			fw.core = filepath.Join(dir, e.Name())
		case "axiom.4th":
			fw.axiom = filepath.Join(dir, e.Name())
		}
	}
	return fw, fw.core != "" && fw.axiom != ""
}

func (fw framework) key() string {
	h := sha256.New()
	for _, p := range []string{fw.core, fw.axiom} {
		b, _ := os.ReadFile(p)
		h.Write(b)
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:12]
}

// newFramework makes a machine with the framework's natives as stand-ins
// and loads the pair.
func newFramework(fw framework, cfg Config) (*Machine, error) {
	m := New(cfg)
	if err := m.DefineUnavailable(FrameworkNatives); err != nil {
		return nil, err
	}
	if err := m.LoadFile(fw.core); err != nil {
		return nil, err
	}
	if err := m.LoadFile(fw.axiom); err != nil {
		return nil, err
	}
	return m, nil
}

// axiomGame is one game or variant of a rule file whose engine is Axiom:
// its title and the script the engine loads for it.
type axiomGame struct {
	zrf, title, script string
}

var (
	zrfComment = regexp.MustCompile(`;[^\n]*`)
	zrfBlock   = regexp.MustCompile(`\((game|variant)\b`)
	zrfTitle   = regexp.MustCompile(`\(title\s+"([^"]*)"`)
	zrfEngine  = regexp.MustCompile(`\(engine\s+"([^"]*)"`)
)

// axiomGames lists every game and variant of the corpus's rule files that
// names an Axiom engine (a variant inherits its game's engine), with the
// script Axiom loads for it: <title with spaces as dashes>.4th in the
// engine's folder (README: "every game and variant title has its script").
func axiomGames(root string) []axiomGame {
	var out []axiomGame
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".zrf") {
			return nil
		}
		b, _ := os.ReadFile(p)
		text := zrfComment.ReplaceAllString(string(b), "")
		if !strings.Contains(strings.ToLower(text), "axiom.dll") {
			return nil
		}
		locs := zrfBlock.FindAllStringIndex(text, -1)
		gameEngine := ""
		for i, l := range locs {
			end := len(text)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			blk := text[l[0]:end]
			engine := ""
			if e := zrfEngine.FindStringSubmatch(blk); e != nil {
				engine = e[1]
			}
			if strings.HasPrefix(blk, "(game") {
				gameEngine = engine
			} else if engine == "" {
				engine = gameEngine
			}
			t := zrfTitle.FindStringSubmatch(blk)
			// a variant titled "-" is a separator line in Zillions' menu
			if engine == "" || t == nil || t[1] == "-" || !strings.Contains(strings.ToLower(engine), "axiom") {
				continue
			}
			dir := filepath.Join(filepath.Dir(p), filepath.Dir(strings.ReplaceAll(engine, "\\", "/")))
			out = append(out, axiomGame{zrf: p, title: t[1], script: filepath.Join(dir, strings.ReplaceAll(t[1], " ", "-")+".4th")})
		}
		return nil
	})
	return out
}

// scriptResult is what loading one game script found.
type scriptResult struct {
	missing []string // natives the script names that neither framework nor language has
	err     error    // nil when it loaded
}

// loadScript loads the framework and then script, supplying an
// Unavailable stand-in for every word the script names that is missing:
// through Resolve for words the outer interpreter meets, and by retrying
// for words named through ' ['] [COMPILE] (which Resolve does not see).
func loadScript(fw framework, script string) scriptResult {
	var named []string
	seen := map[string]bool{}
	for try := 0; try < 200; try++ {
		refs := map[string]bool{}
		m, err := newFramework(fw, Config{Resolve: func(n string) Native {
			refs[n] = true
			return Unavailable(n)
		}})
		if err != nil {
			return scriptResult{err: fmt.Errorf("framework: %w", err)}
		}
		if err := m.DefineUnavailable(named); err != nil {
			return scriptResult{err: err}
		}
		err = m.LoadFile(script)
		var u *UnknownWord
		if errors.As(err, &u) && !seen[u.Name] {
			seen[u.Name] = true
			named = append(named, u.Name)
			continue
		}
		for n := range refs {
			seen[n] = true
		}
		var miss []string
		for n := range seen {
			miss = append(miss, n)
		}
		sort.Strings(miss)
		return scriptResult{missing: miss, err: err}
	}
	return scriptResult{err: errors.New("too many missing words")}
}

// knownDefects are scripts that cannot load as shipped, whatever the
// interpreter: a defect of the source, checked to be reported as such.
var knownDefects = map[string]string{
	// pieces.4th:67 ends ": jump-1-nnw ... 1 jump;" with "jump;" for
	// "jump ;", so the definition runs on to the end of the file.
	"GlukKazan+ZoG/Axiom/ChessCraft/ChessCraft.4th": "not ended (missing ;)",
}

var nativeRunRE = regexp.MustCompile(`native word (\S+) not available`)

// TestCorpus loads every distinct framework pair of the corpus unchanged,
// then every game script beside one, and reports how many load, why the
// others do not, and which missing native words the scripts name (the
// input to the step that implements Axiom's game words).
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusRoot); err != nil {
		t.Skipf("corpus not found at %s (%v): skipping the corpus load test", corpusRoot, err)
	}
	var dirs []string
	_ = filepath.WalkDir(corpusRoot, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			if _, ok := frameworkIn(p); ok {
				dirs = append(dirs, p)
			}
		}
		return nil
	})
	pairs := map[string]framework{}
	for _, d := range dirs {
		fw, _ := frameworkIn(d)
		k := fw.key()
		if _, ok := pairs[k]; ok {
			continue
		}
		pairs[k] = fw
		start := time.Now()
		if _, err := newFramework(fw, Config{}); err != nil {
			t.Errorf("framework %s: %v", d, err)
			continue
		}
		t.Logf("framework pair %s (%s) loads in %v", k, d, time.Since(start).Round(time.Microsecond))
	}
	t.Logf("framework pairs: %d distinct (by bytes) in %d folders, all loaded", len(pairs), len(dirs))

	// The newest framework (axiom.4th #Version 151) stands in for the
	// folders that lack one (17 GlukKazan+ZoG/Axiom/<Game>/, README).
	var newest framework
	for _, fw := range pairs {
		if b, _ := os.ReadFile(fw.axiom); strings.Contains(string(b), "151 CONSTANT #Version") {
			newest = fw
		}
	}
	total, loaded, borrowed, absent := 0, 0, 0, 0
	missing := map[string]int{}
	atLoad := map[string]int{}
	var failures []string
	for _, g := range axiomGames(corpusRoot) {
		rel, _ := filepath.Rel(corpusRoot, g.script)
		if p, ok := foldPath(g.script); ok {
			g.script = p
			rel, _ = filepath.Rel(corpusRoot, p)
		} else {
			absent++
			failures = append(failures, fmt.Sprintf("%s: script not in the corpus (%s %q)", rel, filepath.Base(g.zrf), g.title))
			continue
		}
		total++
		fw, ok := frameworkIn(filepath.Dir(g.script))
		if !ok {
			fw = newest
			borrowed++
		}
		r := loadScript(fw, g.script)
		if r.err == nil || nativeRunRE.MatchString(r.err.Error()) {
			// (a script that failed otherwise names junk: a runaway
			// definition swallows the file as words)
			for _, n := range r.missing {
				missing[n]++
			}
		}
		switch {
		case r.err != nil && knownDefects[filepath.ToSlash(rel)] != "":
			if !strings.Contains(r.err.Error(), knownDefects[filepath.ToSlash(rel)]) {
				t.Errorf("%s: expected the known source defect, got %v", rel, r.err)
			}
			failures = append(failures, fmt.Sprintf("%s: source defect: %v", rel, r.err))
		case r.err == nil:
			loaded++
		case nativeRunRE.MatchString(r.err.Error()):
			n := nativeRunRE.FindStringSubmatch(r.err.Error())[1]
			atLoad[n]++
			failures = append(failures, fmt.Sprintf("%s: runs native %s at load time (%v)", rel, n, r.err))
		default:
			failures = append(failures, fmt.Sprintf("%s: %v", rel, r.err))
			t.Errorf("%s: language failure: %v", rel, r.err)
		}
	}
	t.Logf("Axiom games and variants: %d scripts found (%d of them beside no framework, loaded with the newest), %d titles without a script", total, borrowed, absent)
	t.Logf("game scripts: %d of %d load", loaded, total)
	for _, f := range failures {
		t.Log("  " + f)
	}
	type kv struct {
		n string
		c int
	}
	list := func(m map[string]int) []kv {
		var l []kv
		for n, c := range m {
			l = append(l, kv{n, c})
		}
		sort.Slice(l, func(i, j int) bool { return l[i].c > l[j].c || l[i].c == l[j].c && l[i].n < l[j].n })
		return l
	}
	var b strings.Builder
	for i, e := range list(atLoad) {
		fmt.Fprintf(&b, " %s(%d)", e.n, e.c)
		_ = i
	}
	t.Logf("natives run at load time (scripts):%s", b.String())
	b.Reset()
	l := list(missing)
	for _, e := range l {
		fmt.Fprintf(&b, "\n  %4d %s", e.c, e.n)
	}
	t.Logf("missing native words named by game scripts (%d words; count = scripts naming it; the framework's own %d natives are in FrameworkNatives):%s", len(l), len(FrameworkNatives), b.String())
}

// TestLoadTime measures loading the framework and Senet.4th, which must
// stay well under a second.
func TestLoadTime(t *testing.T) {
	fw, ok := frameworkIn(coreDir)
	if !ok {
		t.Skipf("corpus not found at %s", coreDir)
	}
	start := time.Now()
	m, err := newFramework(fw, Config{Resolve: Unavailable})
	if err != nil {
		t.Fatal(err)
	}
	err = m.LoadFile(filepath.Join(coreDir, "Senet.4th"))
	d := time.Since(start)
	t.Logf("CORE.4TH + axiom.4th + Senet.4th: %v (Senet.4th: %v)", d.Round(time.Microsecond), err)
	if d > 500*time.Millisecond {
		t.Errorf("loading took %v", d)
	}
}
