package fmaxini

import (
	"strings"
	"testing"
)

// TestNoGame: a file of nothing but Fairy-Max's header holds no game
// (fmaxini.md: the header is followed by the default variant's board or by
// Game: sections); loading it is an error at the header, not an empty
// catalog that "zrun check" passes.
func TestNoGame(t *testing.T) {
	tests := []struct{ name, src string }{
		{"header only", "version 4.8(w)"},
		{"header, CRLF", "version 4.8(w)\r"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse("in.ini", []byte(tc.src))
			if err == nil || !strings.HasPrefix(err.Error(), "in.ini:1: no game in file") {
				t.Errorf("Parse(%q) = %v, %v; want in.ini:1: no game in file", tc.src, f, err)
			}
		})
	}
}
