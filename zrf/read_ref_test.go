// This file checks the reader against an independent one: participle's own
// regexp lexer and the participle grammar of lists and atoms the reader used
// to be (one grammar element per token). Both must read every input to the
// same nodes, positions, warnings and stray-')' errors.

package zrf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// refLexer spells out the token rules of lex.go as regular expressions:
// whitespace is every ASCII control character, space and DEL; a comment runs
// from ';' to the end of the line; a string has no escapes. (refLexDef drops
// whitespace and comments itself: token captures under participle.Elide
// took the whitespace before the token.)
var refLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Space", Pattern: `[\x00-\x20\x7f]+`},
	{Name: "Comment", Pattern: `;[^\n]*`},
	{Name: "String", Pattern: `"[^"]*"`},
	{Name: "LParen", Pattern: `\(`},
	{Name: "RParen", Pattern: `\)`},
	{Name: "Atom", Pattern: `[^\x00-\x20\x7f()";]+`},
})

type refLexDef struct{ d *lexer.StatefulDefinition }

type refLex struct{ lexer.Lexer }

func (d refLexDef) Symbols() map[string]lexer.TokenType { return d.d.Symbols() }

func (d refLexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	l, err := d.d.Lex(filename, r)
	return refLex{l}, err
}

func (l refLex) Next() (lexer.Token, error) {
	sym := refLexer.Symbols()
	for {
		t, err := l.Lexer.Next()
		if err != nil || t.Type != sym["Space"] && t.Type != sym["Comment"] {
			return t, err
		}
	}
}

type refFile struct {
	Items []*refTop `parser:"@@*"`
}

type refTop struct {
	Node  *refNode     `parser:"  @@"`
	Stray *lexer.Token `parser:"| @RParen"`
}

type refNode struct {
	Tok   *lexer.Token `parser:"  @(Atom | String)"`
	Open  *lexer.Token `parser:"| ( @LParen"`
	Elems []*refNode   `parser:"@@*"`
	Close *lexer.Token `parser:"@RParen? )"`
}

var refParser = participle.MustBuild[refFile](
	participle.Lexer(refLexDef{refLexer}),
	participle.UseLookahead(1),
)

// refRead reads src as dumpForms prints it, followed by the positions of
// the warnings (lists never closed, innermost first) and of the stray ')'
// errors; ok is false when the reference lexer rejects src.
func refRead(src []byte) (dump string, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	f, err := refParser.ParseBytes("t.zrf", src)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	var warns, strays []string
	var node func(n *refNode)
	node = func(n *refNode) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		switch {
		case n.Tok != nil && n.Tok.Type == refLexer.Symbols()["String"]:
			fmt.Fprintf(&b, "%q@%d:%d", strings.Trim(n.Tok.Value, `"`), n.Tok.Pos.Line, n.Tok.Pos.Column)
		case n.Tok != nil:
			fmt.Fprintf(&b, "%s@%d:%d", n.Tok.Value, n.Tok.Pos.Line, n.Tok.Pos.Column)
		default:
			fmt.Fprintf(&b, "(@%d:%d", n.Open.Pos.Line, n.Open.Pos.Column)
			for _, e := range n.Elems {
				node(e)
			}
			end := "0:0"
			if n.Close != nil {
				end = fmt.Sprintf("%d:%d", n.Close.Pos.Line, n.Close.Pos.Column)
			} else {
				warns = append(warns, fmt.Sprintf("%d:%d", n.Open.Pos.Line, n.Open.Pos.Column))
			}
			b.WriteString(" )@" + end)
		}
	}
	for _, it := range f.Items {
		if it.Stray != nil {
			strays = append(strays, fmt.Sprintf("%d:%d", it.Stray.Pos.Line, it.Stray.Pos.Column))
			continue
		}
		node(it.Node)
	}
	if len(strays) > 0 {
		return "strays " + strings.Join(strays, " ") + " warnings " + strings.Join(warns, " "), true
	}
	return b.String() + " warnings " + strings.Join(warns, " "), true
}

// ourRead is refRead's dump of Parse, or of loading's reader (lazy: the
// bodies of top-level defines read afterwards); ok is false on an error
// other than stray ')'s.
func ourRead(src []byte, lazy bool) (dump string, ok bool) {
	var lazies map[*Node]*lazyBody
	if lazy {
		lazies = map[*Node]*lazyBody{}
	}
	forms, warns, err := parse("t.zrf", src, lazies)
	var ws []string
	for _, w := range warns {
		ws = append(ws, fmt.Sprintf("%d:%d", w.Pos.Line, w.Pos.Col))
	}
	if err != nil {
		var strays []string
		for _, e := range errorsOf(err) {
			if !strings.Contains(e.Msg, "unexpected ')'") {
				return "", false
			}
			strays = append(strays, fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Col))
		}
		return "strays " + strings.Join(strays, " ") + " warnings " + strings.Join(ws, " "), true
	}
	for n, b := range lazies {
		n.Elems = append(n.Elems, b.read(nil)...)
	}
	return dumpForms(forms) + " warnings " + strings.Join(ws, " "), true
}

// checkAgainstRef compares both of our readings of src with the reference.
// Nesting deeper than maxNesting is ours alone to refuse (the reference's
// recursion is not bounded), so such inputs are not compared.
func checkAgainstRef(t *testing.T, name string, src []byte) {
	t.Helper()
	if _, _, err := Parse("t.zrf", src); strings.Contains(fmt.Sprint(err), "nested too deeply") {
		return
	}
	want, refOK := refRead(src)
	for _, lazy := range []bool{false, true} {
		got, ok := ourRead(src, lazy)
		switch {
		case ok != refOK:
			t.Errorf("%s (lazy %v): read %v, the reference %v", name, lazy, ok, refOK)
		case ok && got != want:
			t.Errorf("%s (lazy %v):\ngot  %.2000s\nwant %.2000s", name, lazy, got, want)
		}
	}
}

// TestParseMatchesReference reads our rule files, the reader's test inputs
// and a sample of the corpus (one file in fifteen: the reference grammar
// costs microseconds a token) both ways.
func TestParseMatchesReference(t *testing.T) {
	var files []string
	for _, pat := range []string{"../games/*.zrf", "testdata/read/*.zrf", "testdata/read/*.inc", "testdata/errors/*.zrf"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if _, err := os.Stat(corpusDir); err == nil {
		for i, e := range readManifest(t) {
			if i%15 == 0 {
				files = append(files, filepath.Join(corpusDir, e.path))
			}
		}
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstRef(t, f, src)
	}
	for _, tt := range parseTests {
		checkAgainstRef(t, tt.name, []byte(tt.src))
	}
	for _, tt := range parseProblemTests {
		checkAgainstRef(t, tt.name, []byte(tt.src))
	}
	for _, s := range []string{"(define m (a (b)\n  (c", "(define m", "(define m ", "(define m x", "(define m x))", "(define (m) x)", "(define m ; c", ")(define m (a)))"} {
		checkAgainstRef(t, fmt.Sprintf("%q", s), []byte(s))
	}
}
