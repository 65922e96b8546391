package forth

import (
	"errors"
	"strings"
	"testing"
)

// FuzzInterpret feeds arbitrary source text to a machine with a small
// step budget: whatever the text, Interpret must return (an error or not)
// without panicking or hanging, and the machine must stay usable.
func FuzzInterpret(f *testing.F) {
	for _, c := range langCases {
		f.Add(c.src)
	}
	for _, s := range []string{
		": t BEGIN AGAIN ; t",
		": r RECURSE ; r",
		"DEFER d ' d IS d d",
		"-1 ALLOT HERE 100 ERASE",
		"CONTEXT @ 0 SWAP !  DUP",
		"LATEST 12 + 0 SWAP ! LATEST NFA>CFA EXECUTE",
		": x [ HERE ] ; 5 ENDIF",
		"S\" abc",
		"( unterminated",
		": t 10 0 ?DO I LOOP ; t",
		"HEX FFFFFFFF 1+ DECIMAL 1.5 F. 0. F>S",
		"CURRENT @ CONTEXT ! DP @ 4 - DP !",
		"LOAD x",
		"1 LOAD self.4th",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var out strings.Builder
		m := New(Config{MemSize: 256 << 10, StepLimit: 20000, StackDepth: 64, ReturnDepth: 64, Out: &out,
			ReadFile: func(dir, name string) (string, string, error) {
				if name == "self.4th" {
					return src, name, nil // LOAD of itself: nesting is bounded
				}
				return "", name, errors.New("no files while fuzzing")
			}})
		// A failure is the machine's own error, never a Go panic it
		// recovered (an index out of range in the inner interpreter).
		if err := m.Interpret("fuzz.4th", src); err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q: %v", src, err)
		}
		// The text may have wrecked the dictionary (Forth lets it), so this
		// may fail; it must not panic or hang either.
		if err := m.Interpret("after", "1 2 + DROP"); err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q, then 1 2 + DROP: %v", src, err)
		}
	})
}
