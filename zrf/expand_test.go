// This file defines tests of macro expansion (Expand): parameters, token
// pasting, dynamic scoping, splicing, positions and the work limits.

package zrf

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// expandString parses src, expands it and prints the result one top-level
// form per line.
func expandString(t *testing.T, src string) (string, []*Error, error) {
	t.Helper()
	forms, _, err := Parse("x.zrf", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	out, warns, err := Expand(forms)
	var lines []string
	for _, f := range out {
		lines = append(lines, f.String())
	}
	return strings.Join(lines, "\n"), warns, err
}

// Every want below was written by hand from zrf-language.md §2.
var expandTests = []struct {
	name, src, want string
	warn            string // regexp matched by the only warning, or "" for none
}{
	{"parameter",
		"(define slide ($1 (while empty? add $1) (verify not-friend?) add))\n(moves (slide n))",
		"(moves (n (while empty? add n) (verify not-friend?) add))", ""},
	{"token pasting in atoms and strings",
		`(define m (add $1w) (add-partial $2-type) (mark I$1) (image "images/Red$1Glyph.bmp"))
		 (x (m bb jump))`,
		`(x (add bbw) (add-partial jump-type) (mark Ibb) (image "images/RedbbGlyph.bmp"))`, ""},
	{"$10 is one parameter",
		"(define m ($10 $1))\n(x (m a b c d e f g h i j))",
		"(x (j a))", ""},
	{"nested calls pass outer values",
		"(define leap1 ($1 add))\n(define leap2 ($1 $2 add))\n(define two (leap2 $1 $2) (leap1 $2))\n(moves (two n e))",
		"(moves (n e add) (e add))", ""},
	{"dynamic scoping (Makyek)",
		`(define common-capture (if (enemy? $2) (capture $2)) (if (enemy? $3) (capture $3)))
		 (define slide-1 ($1 (verify empty?) to (common-capture) add))
		 (moves (slide-1 n w e) (slide-1 s e w))`,
		"(moves (n (verify empty?) to (if (enemy? w) (capture w)) (if (enemy? e) (capture e)) add) " +
			"(s (verify empty?) to (if (enemy? e) (capture e)) (if (enemy? w) (capture w)) add))", ""},
	{"partly bound: $2 from the enclosing call",
		"(define inner ($1 $2))\n(define outer (inner x))\n(f (outer a b))",
		"(f (x b))", ""},
	{"forward reference",
		"(game (m))\n(define m (title \"T\"))",
		`(game (title "T"))`, ""},
	{"multi-form body spliced",
		"(define common (players A B) (turn-order A B))\n(game (common) (board))",
		"(game (players A B) (turn-order A B) (board))", ""},
	{"empty body splices nothing",
		"(define nothing)\n(a (nothing) b)",
		"(a b)", ""},
	{"bare atom not expanded",
		"(define m x)\n(a m (m))",
		"(a m x)", ""},
	{"top-level call",
		"(define g (game (title \"G\")) (variant (title \"V\")))\n(g)",
		"(game (title \"G\"))\n(variant (title \"V\"))", ""},
	{"list argument substitutes the whole form",
		"(define m (if $1 add))\n(x (m (empty? n)))",
		"(x (if (empty? n) add))", ""},
	{"macro call in an argument is expanded first",
		"(define d n)\n(define m ($1 add))\n(x (m (d)))",
		"(x (n add))", ""},
	{"head named by a parameter is rescanned",
		"(define step ($1 add))\n(define apply ($1 n))\n(x (apply step))",
		"(x (n add))", ""},
	{"unbound parameter stays literal",
		"(define m (a $2 b))\n(x (m 1))",
		"(x (a $2 b))", `^x.zrf:2:4: \$2 is not bound .*macro m`},
	{"dollar without digits is text",
		"(define m ($ a$ $0 $x))\n(x (m 1))",
		"(x ($ a$ $0 $x))", ""},
	{"later define wins",
		"(define m a)\n(define m b)\n(x (m))",
		"(x b)", `^x.zrf:2:1: macro m redefined \(previous definition at x.zrf:1:1\)`},
}

func TestExpand(t *testing.T) {
	for _, tt := range expandTests {
		t.Run(tt.name, func(t *testing.T) {
			got, warns, err := expandString(t, tt.src)
			if err != nil {
				t.Fatalf("Expand: %v", err)
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			switch {
			case tt.warn == "" && len(warns) > 0:
				t.Errorf("unexpected warnings %v", warns)
			case tt.warn != "" && (len(warns) != 1 || !regexp.MustCompile(tt.warn).MatchString(warns[0].Error())):
				t.Errorf("warnings %v, want one matching %q", warns, tt.warn)
			}
		})
	}
}

// TestExpandPositions checks the marks on nodes out of macro bodies: Pos in
// the body, CallPos at the user's call, Macro the innermost macro.
func TestExpandPositions(t *testing.T) {
	src := "(define inner (k $1))\n" + // inner body (k ...) at 1:15
		"(define outer (inner z) w)\n" + // (inner z) at 2:15, z at 2:22, w at 2:25
		"(game\n  (outer q))" // call at 4:3, q at 4:10
	forms, _, err := Parse("p.zrf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Expand(forms)
	if err != nil {
		t.Fatal(err)
	}
	game := out[0]
	if game.Macro() != "" || game.Pos.Line != 3 {
		t.Errorf("user node changed: %+v", game)
	}
	// game's elements: (k z) from inner, w from outer.
	k, w := game.Elems[1], game.Elems[2]
	check := func(what string, n *Node, pos, callPos, macro string) {
		t.Helper()
		if n.Pos.String() != pos || n.CallPos().String() != callPos || n.Macro() != macro {
			t.Errorf("%s %s: Pos %s CallPos %s Macro %q; want %s %s %q", what, n, n.Pos, n.CallPos(), n.Macro(), pos, callPos, macro)
		}
	}
	check("list", k, "p.zrf:1:15", "p.zrf:4:3", "inner")
	check("head", k.Elems[0], "p.zrf:1:16", "p.zrf:4:3", "inner")
	check("argument from outer's body", k.Elems[1], "p.zrf:2:22", "p.zrf:4:3", "outer")
	check("atom", w, "p.zrf:2:25", "p.zrf:4:3", "outer")
	e := errorAt(k, "bad")
	if want := "p.zrf:4:3: bad (in macro inner defined at p.zrf:1:15, used at p.zrf:4:3)"; e.Error() != want {
		t.Errorf("errorAt: %s\nwant %s", e, want)
	}
}

// doubling returns defines d0..dn where d(i) is two calls of d(i-1), so
// (dn) would expand to 2^n atoms.
func doubling(n int) string {
	var b strings.Builder
	b.WriteString("(define d0 x)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "(define d%d (d%d) (d%d))\n", i, i-1, i-1)
	}
	return b.String()
}

// emptyFanout returns macros e0..en where e(i) calls e(i-1) ten times and
// e0 is empty: 10^n calls that produce nothing.
func emptyFanout(n int) string {
	var b strings.Builder
	b.WriteString("(define e0)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "(define e%d%s)\n", i, strings.Repeat(fmt.Sprintf(" (e%d)", i-1), 10))
	}
	return b.String()
}

func TestExpandLimits(t *testing.T) {
	tests := []struct{ name, src, err string }{
		{"self-recursive", "(define r (a (r)))\n(game\n (r))",
			`^x.zrf:3:2: macro r \(defined at x.zrf:1:1\) calls itself`},
		{"mutual recursion", "(define a (b))\n(define b (a))\n(x (a))",
			`^x.zrf:3:4: macro [ab] \(defined at x.zrf:[12]:1\) calls itself`},
		{"doubling 40 times", doubling(40) + "(game (d40))",
			`^x.zrf:42:7: expansion of macro d40 \(defined at x.zrf:41:1\) is too large`},
		{"10^30 empty calls", emptyFanout(30) + "(game (e30))",
			`^x.zrf:32:7: expansion of macro e30 .* is too large`},
		{"pasting grows text", "(define p (p $1$1))\n(x (p ab))",
			`^x.zrf:2:4: text built by pasting .* \(in macro p defined at x.zrf:1:14, used at x.zrf:2:4\)`},
		{"list pasted into atom", "(define m (add $1w))\n(x (m (a b)))",
			`^x.zrf:2:4: argument \$1 of macro m is a list`},
		{"define without name", "(define)\n(define (x) y)",
			`^x.zrf:1:1: define needs a macro name(.|\n)*x.zrf:2:1: define needs`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, _, err := expandString(t, tt.src)
			checkSyntaxErr(t, err, tt.err)
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestExpandSharedCopies checks that a parameter-free body reached several
// times still carries the call site of each user call.
func TestExpandSharedCopies(t *testing.T) {
	src := "(define c (k v))\n(define two (c) (c))\n(x (two) (two))" // calls at 3:4 and 3:10
	forms, _, err := Parse("s.zrf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Expand(forms)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out[0].String(), "(x (k v) (k v) (k v) (k v))"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	for i, want := range []string{"s.zrf:3:4", "s.zrf:3:4", "s.zrf:3:10", "s.zrf:3:10"} {
		n := out[0].Elems[i+1]
		if n.CallPos().String() != want || n.Macro() != "c" || n.Pos.String() != "s.zrf:1:11" ||
			n.Elems[1].CallPos().String() != want {
			t.Errorf("copy %d: Pos %s CallPos %s Macro %q; want s.zrf:1:11 %s \"c\"", i, n.Pos, n.CallPos(), n.Macro(), want)
		}
	}
}
