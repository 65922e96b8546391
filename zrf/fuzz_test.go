// This file defines FuzzParse: Parse and Expand must never panic, every
// error or warning they return must carry a real position, and Parse and
// loading's reader must read what the reference reader does (read_ref_test.go).

package zrf

import (
	"os"
	"path/filepath"
	"testing"
)

func FuzzParse(f *testing.F) {
	var seeds []string
	for _, pat := range []string{"../games/*.zrf", "testdata/read/*.zrf", "testdata/read/*.inc", "testdata/errors/syntax*.zrf"} {
		m, _ := filepath.Glob(pat)
		seeds = append(seeds, m...)
	}
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"", "(", ")", `"`, "(a (b", `(define m ($1 $2w "$3")) (m x (y) z)`,
		"(define r (r)) (r)", "(define m (add $1w)) (x (m (a b)))", "(define) (define (x) y)",
		"\ufeff(a ;c\n b)", "(define m (a $1)) (m)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		forms, warns, err := Parse("fuzz.zrf", src)
		checkPositions(t, "Parse", err, warns)
		if len(src) <= 4096 { // the reference is ten times slower (bigger files: TestParseMatchesReference)
			checkAgainstRef(t, "input", src)
		}
		if err != nil {
			return
		}
		_, warns, err = Expand(forms)
		checkPositions(t, "Expand", err, warns)
	})
}

// checkPositions fails unless err is nil, an *Error or an ErrorList, and
// every error and warning has a valid position.
func checkPositions(t *testing.T, phase string, err error, warns []*Error) {
	t.Helper()
	switch err.(type) {
	case nil, *Error, ErrorList:
	default:
		t.Fatalf("%s: error of type %T: %v", phase, err, err)
	}
	for _, e := range append(errorsOf(err), warns...) {
		if e == nil || !e.Pos.IsValid() || e.Pos.Col <= 0 {
			t.Fatalf("%s: problem without a position: %v", phase, e)
		}
	}
}
