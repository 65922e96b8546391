// This file defines tests of the reader (Parse) and of ReadFile's includes,
// and the whole-corpus load test.

package zrf

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// dumpForms prints forms with each node's position: atoms as text@line:col,
// strings as "text"@line:col, lists as (@line:col elems )@endline:endcol.
func dumpForms(forms []*Node) string {
	var b strings.Builder
	for i, f := range forms {
		if i > 0 {
			b.WriteByte(' ')
		}
		dumpFormNode(&b, f)
	}
	return b.String()
}

func dumpFormNode(b *strings.Builder, n *Node) {
	switch n.Kind {
	case Atom:
		fmt.Fprintf(b, "%s@%d:%d", n.Text, n.Pos.Line, n.Pos.Col)
	case String:
		fmt.Fprintf(b, "%q@%d:%d", n.Text, n.Pos.Line, n.Pos.Col)
	case List:
		fmt.Fprintf(b, "(@%d:%d", n.Pos.Line, n.Pos.Col)
		for _, e := range n.Elems {
			b.WriteByte(' ')
			dumpFormNode(b, e)
		}
		fmt.Fprintf(b, " )@%d:%d", n.End.Line, n.End.Col)
	}
}

// Expected positions below were counted by hand from the inputs (columns
// count characters, starting at 1).
var parseTests = []struct {
	name, src, want string
}{
	{"empty", "", ""},
	{"atoms", "a bc\n  -1", "a@1:1 bc@1:3 -1@2:3"},
	{"list", "(a (b c) d)", "(@1:1 a@1:2 (@1:4 b@1:5 c@1:7 )@1:8 d@1:10 )@1:11"},
	{"empty list", "()", "(@1:1 )@1:2"},
	{"string", `(title "Tic Tac")`, `(@1:1 title@1:2 "Tic Tac"@1:8 )@1:17`},
	{"comment", "; header\n(a ; trailing ( \" )\n b) ; after", "(@2:1 a@2:2 b@3:2 )@3:3"},
	{"comment at EOF without newline", "a ;x", "a@1:1"},
	{"string across lines with backslashes",
		"(d \"Pawn\\A pawn\nmoves \\\\ \"x)",
		`(@1:1 d@1:2 "Pawn\\A pawn\nmoves \\\\ "@1:4 x@2:11 )@2:12`},
	{"string glued to atoms", `a"s"b`, `a@1:1 "s"@1:2 b@1:5`},
	{"punctuation atoms", "($1w I$1 never-moved? ?Dice 1A)",
		"(@1:1 $1w@1:2 I$1@1:6 never-moved?@1:10 ?Dice@1:23 1A@1:29 )@1:31"},
	{"CRLF and tabs", "(a\r\n\tb)", "(@1:1 a@1:2 b@2:2 )@2:3"},
	{"BOM", "\ufeff(a)", "(@1:1 a@1:2 )@1:3"},
	{"non-ASCII counts one column", `("é" x)`, `(@1:1 "é"@1:2 x@1:6 )@1:7`},
	// A top-level define's body is lexed apart (tokBody); nodes come out the same.
	{"define", "(define m ($1 \"s\")\n  (b)) x",
		`(@1:1 define@1:2 m@1:9 (@1:11 $1@1:12 "s"@1:15 )@1:18 (@2:3 b@2:4 )@2:5 )@2:6 x@2:8`},
	{"define without a body", "(define m ; c\n) (define)", "(@1:1 define@1:2 m@1:9 )@2:1 (@2:3 define@2:4 )@2:10"},
	{"define inside a list", "((define m (a)))", "(@1:1 (@1:2 define@1:3 m@1:10 (@1:12 a@1:13 )@1:14 )@1:15 )@1:16"},
	{"define named by a string", `(define "m" (a))`, `(@1:1 define@1:2 "m"@1:9 (@1:13 a@1:14 )@1:15 )@1:16`},
	{"define body of atoms", "(define m a ; (\n b)", "(@1:1 define@1:2 m@1:9 a@1:11 b@2:2 )@2:3"},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			forms, warns, err := Parse("t.zrf", []byte(tt.src))
			if err != nil || len(warns) > 0 {
				t.Fatalf("Parse: err %v, warnings %v", err, warns)
			}
			if got := dumpForms(forms); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			for _, f := range forms {
				if f.Pos.File != "t.zrf" {
					t.Errorf("Pos.File = %q", f.Pos.File)
				}
			}
		})
	}
}

// Problems: err is a regexp for the error (with its position), warn for the
// single warning; "" means none is expected.
var parseProblemTests = []struct {
	name, src, err, warn string
}{
	{"unclosed at EOF", "(a)\n  (b (c)\n", "", `^t.zrf:2:3: '\(' is never closed`},
	{"stray paren", "(a))\n", `^t.zrf:1:4: unexpected '\)'`, ""},
	{"stray paren first", ")", `^t.zrf:1:1: unexpected '\)'`, ""},
	{"unterminated string", "(a\n  \"abc\n def", `^t.zrf:2:3: unterminated string`, ""},
	{"too deep", strings.Repeat("(", maxNesting+1), `^t.zrf:1:1001: lists nested too deeply`, ""},
	{"unterminated string in a define", "(define m (a \"x)\n", `^t.zrf:1:14: unterminated string`, ""},
	{"too deep in a define", "(define m " + strings.Repeat("(", maxNesting), `^t.zrf:1:1010: lists nested too deeply`, ""},
	{"stray paren after a define", "(define m (a)))", `^t.zrf:1:15: unexpected '\)'`, ""},
}

func TestParseProblems(t *testing.T) {
	for _, tt := range parseProblemTests {
		t.Run(tt.name, func(t *testing.T) {
			_, warns, err := Parse("t.zrf", []byte(tt.src))
			checkSyntaxErr(t, err, tt.err)
			if tt.warn == "" {
				if len(warns) > 0 {
					t.Errorf("unexpected warnings %v", warns)
				}
				return
			}
			if len(warns) == 0 || !regexp.MustCompile(tt.warn).MatchString(warns[0].Error()) {
				t.Errorf("warnings %v, want first to match %q", warns, tt.warn)
			}
		})
	}
}

func TestParseTwoUnclosed(t *testing.T) {
	_, warns, err := Parse("t.zrf", []byte("(a (b"))
	if err != nil || len(warns) != 2 {
		t.Fatalf("err %v, warnings %v; want 2 warnings", err, warns)
	}
	got := map[string]bool{warns[0].Pos.String(): true, warns[1].Pos.String(): true}
	if !got["t.zrf:1:1"] || !got["t.zrf:1:4"] {
		t.Errorf("warnings at %v, want t.zrf:1:1 and t.zrf:1:4", got)
	}
}

// An unclosed define reports the lists open in its body too, innermost first.
func TestParseUnclosedDefine(t *testing.T) {
	forms, warns, err := Parse("t.zrf", []byte("(define m (a (b)\n  (c"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.Pos.String())
	}
	if want := "t.zrf:2:3 t.zrf:1:11 t.zrf:1:1"; strings.Join(got, " ") != want {
		t.Errorf("warnings at %v, want %s", got, want)
	}
	if d, want := dumpForms(forms), "(@1:1 define@1:2 m@1:9 (@1:11 a@1:12 (@1:14 b@1:15 )@1:16 (@2:3 c@2:4 )@0:0 )@0:0 )@0:0"; d != want {
		t.Errorf("got  %s\nwant %s", d, want)
	}
}

// Loading leaves the bodies of top-level defines unread until their macro
// is called; read, they are the nodes Parse makes (the same hand-counted
// positions as TestParse).
func TestParseLazyDefines(t *testing.T) {
	src := "(define m ($1 \"s\")\n  (b)) x (define n) (q (define p y))"
	lazies := map[*Node]*lazyBody{}
	forms, warns, err := parse("t.zrf", []byte(src), lazies)
	if err != nil || len(warns) > 0 {
		t.Fatalf("err %v, warnings %v", err, warns)
	}
	if got, want := dumpForms(forms), "(@1:1 define@1:2 m@1:9 )@2:6 x@2:8 (@2:10 define@2:11 n@2:18 )@2:19 (@2:21 q@2:22 (@2:24 define@2:25 p@2:32 y@2:34 )@2:35 )@2:36"; got != want {
		t.Errorf("before reading:\ngot  %s\nwant %s", got, want)
	}
	if len(lazies) != 1 || lazies[forms[0]] == nil {
		t.Fatalf("lazies %v, want the first define only", lazies)
	}
	if got, want := dumpForms(lazies[forms[0]].read(nil)), `(@1:11 $1@1:12 "s"@1:15 )@1:18 (@2:3 b@2:4 )@2:5`; got != want {
		t.Errorf("body:\ngot  %s\nwant %s", got, want)
	}
}

// checkErr checks that err matches the regexp want, or is nil when want is "".
func checkSyntaxErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("unexpected error %v", err)
	case want != "" && err == nil:
		t.Errorf("no error, want %q", want)
	case want != "" && !regexp.MustCompile(want).MatchString(err.Error()):
		t.Errorf("error %q, want match for %q", err, want)
	}
}

func corpusRoot(t testing.TB) string {
	dir := filepath.Join("..", "..", "shared", "zrf-corpus")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus %s not present (%v); skipping", dir, err)
	}
	return dir
}

func TestGinsengUnclosed(t *testing.T) {
	path := filepath.Join(corpusRoot(t), "DagazProject+DagazProject.github.io", "races", "zrf", "ginseng.zrf")
	_, warns, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Pos.Line != 8 || warns[0].Pos.Col != 1 || warns[0].Pos.File != path {
		t.Errorf("warnings %v, want one at %s:8:1", warns, path)
	}
}

func TestReadFileIncludes(t *testing.T) {
	dir := filepath.Join("testdata", "read")
	tests := []struct {
		file string
		want string // forms printed, or "" when an error is expected
		err  string // regexp
	}{
		// main includes LEVEL.inc (really level.inc), which includes sub\Deep.zrf (really Sub/deep.zrf).
		{"main.zrf", `(define from-main x) (define level-macro (a $1)) (define deep-macro d) (game (title "Main"))`, ""},
		{"missing.zrf", "", `missing.zrf:3:3: included file "nothere.zrf" not found`},
		{"cycle_a.zrf", "", `cycle_b.zrf:3:4: include cycle: "CYCLE_A.zrf"`},
		{"badinc.zrf", "", `broken.inc:2:6: unexpected '\)'`},
		{"nosuchfile.zrf", "", `nosuchfile.zrf:1:1: cannot read file`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			forms, _, err := ReadFile(filepath.Join(dir, tt.file))
			checkSyntaxErr(t, err, tt.err)
			var got []string
			for _, f := range forms {
				got = append(got, f.String())
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
}

func TestReadFileIncludePositions(t *testing.T) {
	forms, _, err := ReadFile(filepath.Join("testdata", "read", "main.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	// (define deep-macro d) is line 2 of Sub/deep.zrf.
	p := forms[2].Pos
	if filepath.Base(p.File) != "deep.zrf" || filepath.Base(filepath.Dir(p.File)) != "Sub" || p.Line != 2 || p.Col != 1 {
		t.Errorf("included form at %s, want .../Sub/deep.zrf:2:1", p)
	}
}

// TestReadExpandCorpus loads and expands every corpus file. Only ginseng.zrf's
// unclosed '(' is an expected problem.
func TestReadExpandCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("whole-corpus load skipped in -short mode")
	}
	dir := corpusRoot(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".zrf") {
			files = append(files, p)
		}
		return nil
	})
	var readTime, expandTime time.Duration
	nwarn, maxWork := 0, 0
	for _, f := range files {
		t0 := time.Now()
		forms, warns, err := ReadFile(f)
		readTime += time.Since(t0)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if len(warns) > 0 && !strings.HasSuffix(f, "ginseng.zrf") {
			t.Errorf("unexpected warnings: %v", warns)
		}
		t1 := time.Now()
		x := newExpander()
		var out []*Node
		err = x.run(x.collect(forms), &out)
		expandTime += time.Since(t1)
		if err == nil {
			err = x.errs.Err()
		}
		if err != nil {
			t.Errorf("expand: %v", err)
		}
		nwarn += len(x.warnings)
		maxWork = max(maxWork, x.work)
	}
	t.Logf("%d files: read %v, expand %v; %d expansion warnings; largest expansion %d work units (limit %d)",
		len(files), readTime, expandTime, nwarn, maxWork, maxExpandWork)
	if len(files) < 600 {
		t.Errorf("found only %d .zrf files", len(files))
	}
}

// corpusSources returns the name and contents of every corpus .zrf file.
func corpusSources(b *testing.B) (names []string, srcs [][]byte) {
	dir := corpusRoot(b)
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".zrf") {
			if data, err := os.ReadFile(p); err == nil {
				names, srcs = append(names, p), append(srcs, data)
			}
		}
		return nil
	})
	return names, srcs
}

// BenchmarkParseCorpus parses every corpus file once per iteration.
func BenchmarkParseCorpus(b *testing.B) {
	names, srcs := corpusSources(b)
	b.ResetTimer()
	for range b.N {
		for i, src := range srcs {
			Parse(names[i], src)
		}
	}
}

// BenchmarkExpandCorpus expands every (already read) corpus file once per
// iteration.
func BenchmarkExpandCorpus(b *testing.B) {
	names, _ := corpusSources(b)
	var all [][]*Node
	for _, n := range names {
		if forms, _, err := ReadFile(n); err == nil {
			all = append(all, forms)
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, forms := range all {
			Expand(forms)
		}
	}
}
