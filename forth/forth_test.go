package forth

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// coreDir is a corpus package with the framework files; the language
// tests run a second time with its CORE.4TH loaded, whose Forth
// redefinitions of IF, DO, CONSTANT, S" ... must behave as the built-ins.
const coreDir = "../../shared/zrf-corpus/Senet/Axiom/Senet"

type langCase struct {
	src  string
	want []int32 // the data stack afterwards, bottom first
	out  string  // what it printed, when checked
}

// langCases check each word against standard Forth semantics
// (Forth-2012, forth-standard.org, section numbers given for the subtle
// ones) or, where Axiom differs, against what its framework files show.
var langCases = []langCase{
	// stack words (Forth-2012 6.1)
	{src: "1 2 3", want: []int32{1, 2, 3}},
	{src: "1 DUP", want: []int32{1, 1}},
	{src: "1 2 DROP", want: []int32{1}},
	{src: "1 2 SWAP", want: []int32{2, 1}},
	{src: "1 2 OVER", want: []int32{1, 2, 1}},
	{src: "1 2 3 ROT", want: []int32{2, 3, 1}},
	{src: "1 2 3 -ROT", want: []int32{3, 1, 2}},
	{src: "1 2 NIP", want: []int32{2}},
	{src: "1 2 TUCK", want: []int32{2, 1, 2}},
	{src: "10 20 30 0 PICK", want: []int32{10, 20, 30, 30}}, // 6.2.2030: 0 PICK is DUP
	{src: "10 20 30 2 PICK", want: []int32{10, 20, 30, 10}},
	{src: "10 20 30 2 ROLL", want: []int32{20, 30, 10}}, // 6.2.2150: 2 ROLL is ROT
	{src: "10 20 30 0 ROLL", want: []int32{10, 20, 30}},
	{src: "1 2 2DUP", want: []int32{1, 2, 1, 2}},
	{src: "1 2 3 2DROP", want: []int32{1}},
	{src: "1 2 3 4 2SWAP", want: []int32{3, 4, 1, 2}},
	{src: "1 2 3 4 2OVER", want: []int32{1, 2, 3, 4, 1, 2}},
	{src: "0 ?DUP 5 ?DUP", want: []int32{0, 5, 5}},
	{src: "1 2 DEPTH", want: []int32{1, 2, 2}},
	{src: ": t 5 >R 6 R@ R> ; t", want: []int32{6, 5, 5}},
	// arithmetic, 32-bit wrapping cells
	{src: "2 3 + 2 3 - 2 3 *", want: []int32{5, -1, 6}},
	{src: "2147483647 1 +", want: []int32{-2147483648}},
	{src: "7 2 / 7 2 MOD", want: []int32{3, 1}},
	// Symmetric (truncating) division: Forth-2012 6.1.0240 lets the system
	// choose floored or symmetric; fig-Forth and C truncate. -7 2 / is -3
	// (floored would give -4) and MOD takes the dividend's sign.
	{src: "-7 2 / -7 2 MOD", want: []int32{-3, -1}},
	{src: "7 -2 / 7 -2 MOD", want: []int32{-3, 1}},
	{src: "-7 2 /MOD", want: []int32{-1, -3}}, // 6.1.0250: ( n1 n2 -- rem quot )
	{src: "10 3 4 */", want: []int32{7}},
	{src: "-2147483648 -1 /", want: []int32{-2147483648}},
	{src: "5 NEGATE -5 ABS 3 7 MIN 3 7 MAX", want: []int32{-5, 5, 3, 7}},
	{src: "5 1+ 5 1- 5 2* -5 2/", want: []int32{6, 4, 10, -3}}, // 6.1.0330: 2/ is an arithmetic shift
	{src: "12 10 AND 12 10 OR 12 10 XOR 0 INVERT", want: []int32{8, 14, 6, -1}},
	{src: "1 4 LSHIFT -1 28 RSHIFT 1 32 LSHIFT", want: []int32{16, 15, 0}}, // 6.1.2162: RSHIFT is logical
	{src: "1 2 = 2 2 = 1 2 <> 1 2 < 1 2 > 2 2 <= 2 2 >=", want: []int32{0, -1, -1, -1, 0, -1, -1}},
	{src: "0 0= 5 0= -5 0< 5 0> 5 0<>", want: []int32{-1, 0, -1, -1, -1}},
	{src: "-1 1 U< TRUE FALSE", want: []int32{0, -1, 0}},
	{src: "5 NOT 0 NOT", want: []int32{0, -1}}, // logical NOT (axiom.4th's verify)
	// numbers and bases
	{src: "HEX FF 03FF FFFFFFFF DECIMAL 10", want: []int32{255, 1023, -1, 10}},
	{src: "BINARY 101 OCTAL 17 DECIMAL", want: []int32{5, 15}},
	{src: "-2140000000", want: []int32{-2140000000}},
	{src: "16 BASE ! a DECIMAL", want: []int32{10}},
	// memory
	{src: "VARIABLE v 5 v ! v @ 3 v +! v @ v ++ v @ v -- v @", want: []int32{5, 8, 9, 8}},
	{src: "VARIABLE v v ON v @ v OFF v @", want: []int32{-1, 0}},
	{src: "HERE 7 , HERE SWAP - ", want: []int32{4}},
	{src: "HERE 65 C, C@", want: []int32{65}},
	{src: "HERE 3 CELLS ALLOT HERE SWAP -", want: []int32{12}},
	{src: "CREATE b 8 ALLOT b 8 7 FILL b C@ b 7 + C@ b 4 ERASE b C@", want: []int32{7, 7, 0}},
	{src: "CREATE a 1 , 2 , CREATE c 0 , 0 , a c 8 MOVE c @ c CELL+ @", want: []int32{1, 2}},
	{src: "5 CONSTANT five five five +", want: []int32{10}},
	{src: "CELLSIZE 3 CELLS", want: []int32{4, 12}},
	// [] arrays: CORE.4TH's "<BUILDS CELLS ALLOT DOES> SWAP CELLS +"
	{src: "10 [] arr 42 3 arr ! 3 arr @ 4 arr 3 arr -", want: []int32{42, 4}},
	// colon definitions, IMMEDIATE, RECURSE, EXIT
	{src: ": sq DUP * ; 7 sq", want: []int32{49}},
	{src: ": f DUP 1 > IF DUP 1- RECURSE * ENDIF ; 5 f", want: []int32{120}},
	{src: ": t 1 EXIT 2 ; t", want: []int32{1}},
	{src: ": lit3 3 ; IMMEDIATE : t lit3 LITERAL ; t", want: []int32{3}},
	{src: ": t [ 2 3 + ] LITERAL ; t", want: []int32{5}},
	{src: ": a 1 ; : a a 10 + ; a", want: []int32{11}}, // the new a is hidden until ;
	// control flow
	{src: ": t IF 1 ELSE 2 ENDIF ; 0 t 5 t", want: []int32{2, 1}},
	{src: ": t IF 1 ELSE 2 THEN ; 0 t -1 t", want: []int32{2, 1}},
	{src: ": t 0 BEGIN 1+ DUP 5 = UNTIL ; t", want: []int32{5}},
	{src: ": t 0 BEGIN DUP 3 < WHILE 1+ REPEAT ; t", want: []int32{3}},
	{src: ": t 0 BEGIN 1+ DUP 4 = IF EXIT ENDIF AGAIN ; t", want: []int32{4}},
	{src: ": t 0 5 0 DO I + LOOP ; t", want: []int32{10}},
	{src: ": t 0 10 0 DO I + 3 +LOOP ; t", want: []int32{18}},  // 0 3 6 9
	{src: ": t 0 0 10 DO I + -3 +LOOP ; t", want: []int32{22}}, // fig: 10 7 4 1 (while index > limit)
	{src: ": t 0 0 0 DO 1+ LOOP ; t", want: []int32{1}},        // fig: runs once
	{src: ": t 3 0 DO 2 0 DO J 10 * I + LOOP LOOP ; t", want: []int32{0, 1, 10, 11, 20, 21}},
	{src: ": t 0 10 0 DO 1+ I 3 = IF LEAVE ENDIF LOOP ; t", want: []int32{4}},
	{src: ": t 0 SWAP 0 ?DO 1+ LOOP ; 0 t 3 t", want: []int32{0, 3}},
	{src: ": t 5 0 DO I 2 = IF I UNLOOP EXIT ENDIF LOOP 99 ; t", want: []int32{2}},
	// defining words
	{src: ": const <BUILDS , DOES> @ ; 9 const nine nine", want: []int32{9}},
	{src: ": arr <BUILDS CELLS ALLOT DOES> SWAP CELLS + ; 4 arr x 6 2 x ! 2 x @", want: []int32{6}},
	{src: "S\" named\" HEADER 3 , : t named @ ; t", want: []int32{3}},
	{src: "DEFER d : one 1 ; ' one IS d d", want: []int32{1}},
	{src: "DEFER d : two 2 ; : set ['] two IS d ; set d", want: []int32{2}},
	{src: ": t 4 ; ' t EXECUTE", want: []int32{4}},
	{src: ": t ['] DUP ; 3 t EXECUTE", want: []int32{3, 3}},
	{src: "-FIND DUP -FIND nosuchword", want: nil, out: ""}, // checked by hand below
	// header fields (CORE.4TH layout)
	{src: ": t ; ' t CFA>NFA NFA>CFA ' t = LATEST ' t CFA>NFA =", want: []int32{-1, -1}},
	{src: "VARIABLE v ' v CFA>PFA v =", want: []int32{-1}},
	{src: "5 CONSTANT k ' k CFA>NFA @ \"COUNT", want: []int32{1}},
	// strings and output
	{src: ": t .\" hi\" ; t 65 EMIT CR", out: "hiA\n"},
	{src: ": t S\" abc\" ; t \"COUNT t C@", want: []int32{3, 97}},
	{src: "S\" xyz\" TYPE", out: "xyz"},
	{src: ".\" interp\" ", out: "interp"},
	{src: "-12 . HEX FF . DECIMAL", out: "-12 FF "},
	{src: "ASCII a : t ASCII b ; t", want: []int32{97, 98}},
	{src: ": t S\" ab\" S\" ab\" \"= ; t", want: []int32{-1}},
	{src: "42 (NUMBER) PAD \"COUNT PAD C@", want: []int32{2, '4'}},
	{src: "( a comment ) 1 \\ a line comment 2\n3", want: []int32{1, 3}},
	{src: "( multi\nline ) 4", want: []int32{4}},
	{src: "0 ABORT\" not raised\" 6", want: []int32{6}},
	{src: ": t ABORT\" no\" 7 ; 0 t", want: []int32{7}},
	// floats: one 32-bit float per cell
	{src: "1 S>F 2 S>F F+ F>S 7 S>F 2 S>F F/ F>S", want: []int32{3, 3}},
	{src: "1.5 2.5 F* F>S 3 S>F 1 S>F F- F>S", want: []int32{3, 2}},
	{src: "1 S>F 2 S>F F< 1 S>F 2 S>F F> 0. F0= -1 S>F F0<", want: []int32{-1, 0, -1, -1}},
	{src: "1 S>F FDUP F+ F>S 2.5 F.", want: []int32{2}, out: "2.5 "},
	// random numbers stay in range
	{src: ": t 100 0 DO 3 7 RAND-WITHIN DUP 3 < SWAP 7 > OR IF 1 ENDIF LOOP ; 1 SEED! t DEPTH", want: []int32{0}},
}

func runCase(t *testing.T, withCore bool, c langCase) {
	t.Helper()
	var out strings.Builder
	m := New(Config{Out: &out})
	if withCore {
		if err := m.LoadFile(filepath.Join(coreDir, "CORE.4TH")); err != nil {
			t.Fatalf("CORE.4TH: %v", err)
		}
	}
	if err := m.Interpret("case", c.src); err != nil {
		t.Fatalf("%q: %v", c.src, err)
	}
	if c.src == "-FIND DUP -FIND nosuchword" {
		st := m.Stack()
		if len(st) != 2 || st[0] == 0 || st[1] != 0 {
			t.Errorf("-FIND: stack %v, want nfa 0", st)
		}
		return
	}
	if got := m.Stack(); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
		t.Errorf("%q: stack %v, want %v", c.src, got, c.want)
	}
	if c.out != "" && out.String() != c.out {
		t.Errorf("%q: printed %q, want %q", c.src, out.String(), c.out)
	}
}

func TestLanguage(t *testing.T) {
	for _, c := range langCases {
		runCase(t, false, c)
	}
}

// TestLanguageWithCore runs the same cases after CORE.4TH has redefined
// the control words, CONSTANT, VARIABLE, S" and the rest in Forth.
func TestLanguageWithCore(t *testing.T) {
	if _, err := os.Stat(coreDir); err != nil {
		t.Skipf("corpus not found at %s: %v", coreDir, err)
	}
	for _, c := range langCases {
		runCase(t, true, c)
	}
}

func wantErr(t *testing.T, cfg Config, src, word, msg string, line int) *Error {
	t.Helper()
	m := New(cfg)
	err := m.Interpret("test.4th", src)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v, want *Error", src, err)
	}
	if e.File != "test.4th" || (line > 0 && e.Line != line) || (word != "*" && e.Word != word) || !strings.Contains(e.Msg, msg) {
		t.Errorf("%q: got %s (file %q line %d word %q), want line %d word %q msg ~%q", src, e, e.File, e.Line, e.Word, line, word, msg)
	}
	if m.Depth() != 0 {
		t.Errorf("%q: stack not cleared after the error", src)
	}
	return e
}

func TestErrors(t *testing.T) {
	wantErr(t, Config{}, "1 2\n+ +", "+", "underflow", 2)
	wantErr(t, Config{}, ": t DROP ;\n\nt", "DROP", "underflow", 3)
	e := wantErr(t, Config{}, "1 2\n: t\n  nosuch ;", "nosuch", "unknown word", 3)
	var u *UnknownWord
	if !errors.As(e, &u) || u.Name != "nosuch" {
		t.Errorf("unknown word cause: %v", e.Err)
	}
	wantErr(t, Config{}, "' nosuch", "nosuch", "unknown word", 1)
	wantErr(t, Config{}, "1 0 /", "/", "division by zero", 1)
	wantErr(t, Config{}, "1 0 MOD", "MOD", "division by zero", 1)
	wantErr(t, Config{}, "-5 @", "@", "outside memory", 1)
	wantErr(t, Config{}, "1 2000000000 !", "!", "outside memory", 1)
	wantErr(t, Config{}, "2000000000 ALLOT", "ALLOT", "outside the dictionary", 1)
	wantErr(t, Config{}, ": t BEGIN AGAIN ;\nt", "BRANCH", "step budget", 2)
	wantErr(t, Config{StepLimit: 1000}, ": t 0 BEGIN 1+ 0 UNTIL ; t", "*", "step budget", 1)
	e = wantErr(t, Config{}, ": r RECURSE ;\n r", "r", "return stack overflow", 2)
	if len(e.Trace) == 0 || e.Trace[0] != "r" {
		t.Errorf("trace %v, want r first", e.Trace)
	}
	wantErr(t, Config{StackDepth: 10}, ": t BEGIN 1 0 UNTIL ; t", "LIT", "data stack overflow", 1)
	wantErr(t, Config{}, ": t", "t", "missing ;", 0)
	wantErr(t, Config{}, "ENDIF", "ENDIF", "underflow", 1)
	wantErr(t, Config{}, ": t [ 5 ] ENDIF ;", "ENDIF", "unbalanced", 1)
	wantErr(t, Config{}, "1 ABORT\" it failed\"", "ABORT\"", "it failed", 1)
	wantErr(t, Config{}, "DEFER d d", "ABORT", "ABORT", 1)
	wantErr(t, Config{}, "DEFER d ' d IS d d", "d", "nested", 1)
	wantErr(t, Config{}, "123 EXECUTE", "EXECUTE", "not an executable word", 1)
	wantErr(t, Config{}, "LIT", "LIT", "outside a colon definition", 1)
	wantErr(t, Config{}, "LOAD nosuchfile.4th", "LOAD", "no such file", 1)
	wantErr(t, Config{}, "VARIABLE", "VARIABLE", "missing name", 1)
	wantErr(t, Config{}, "1.5e999", "1.5e999", "unknown word", 1)
	wantErr(t, Config{}, "99999999999", "99999999999", "unknown word", 1)
}

// TestNatives checks the host interface: a native runs with the stacks,
// an Unavailable one compiles but names itself when run, and Resolve
// supplies natives lazily without breaking the definition being compiled.
func TestNatives(t *testing.T) {
	m := New(Config{})
	if err := m.Define("double", func(m *Machine) error { m.Push(2 * m.Pop()); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := m.Define("game-word", Unavailable("game-word")); err != nil {
		t.Fatal(err)
	}
	if err := m.Interpret("n", ": t double 1+ ; 5 t : u game-word ;"); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); !slices.Equal(got, []int32{11}) {
		t.Errorf("stack %v", got)
	}
	err := m.Execute("u")
	var e *Error
	if !errors.As(err, &e) || e.Word != "game-word" || !strings.Contains(e.Msg, "native word game-word not available") || len(e.Trace) == 0 || e.Trace[0] != "u" {
		t.Errorf("running an unavailable native: %v", err)
	}
	var asked []string
	m = New(Config{Resolve: func(n string) Native {
		asked = append(asked, n)
		return func(m *Machine) error { m.Push(100); return nil }
	}})
	if err := m.Interpret("r", ": t 1 later 2 ; t"); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); !slices.Equal(got, []int32{1, 100, 2}) || !slices.Contains(asked, "later") {
		t.Errorf("resolve: stack %v asked %v", got, asked)
	}
	// a Forth definition shadows a native of the same name
	if err := m.Interpret("r", ": later 7 ; later"); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); got[len(got)-1] != 7 {
		t.Errorf("shadowing: %v", got)
	}
}

// TestPanicRecovered checks that a panic in a host native (a bug) comes
// back as an error naming it, not a crash.
func TestPanicRecovered(t *testing.T) {
	m := New(Config{})
	_ = m.Define("boom", func(m *Machine) error { var p *int; _ = *p; return nil })
	err := m.Interpret("p", "1 boom")
	if err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Fatalf("got %v", err)
	}
	if err := m.Interpret("p", "1 2 +"); err != nil {
		t.Fatalf("machine unusable after a recovered panic: %v", err)
	}
}

// TestLoad checks LOAD: relative to the loading file, any case of the
// name (as on Windows), and bounded nesting.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.4th", "LOAD PARTS.4TH\n: both part 1+ ;\nboth\n")
	write("parts.4th", "( a part )\n: part 41 ;\n")
	write("loop.4th", "LOAD loop.4th\n")
	m := New(Config{})
	if err := m.LoadFile(filepath.Join(dir, "main.4th")); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); !slices.Equal(got, []int32{42}) {
		t.Errorf("stack %v", got)
	}
	err := m.LoadFile(filepath.Join(dir, "loop.4th"))
	if err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("self-LOAD: %v", err)
	}
}

// TestRuntimeErrorLine checks that a failure in a word the host runs
// names the file:line of the word that failed in its definition.
func TestRuntimeErrorLine(t *testing.T) {
	m := New(Config{})
	if err := m.Interpret("game.4th", ": inner ( -- )\n  1 0\n  /\n;\n: outer inner ;\n"); err != nil {
		t.Fatal(err)
	}
	err := m.Execute("outer")
	var e *Error
	if !errors.As(err, &e) || e.File != "game.4th" || e.Line != 3 {
		t.Fatalf("error %v, want one at game.4th:3", err)
	}
}
