package zrf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoGameInFile: a rule file with no form at all (empty, blanks, ZRF's
// ";" comments) is a load error at file:1:1, so "zrun check" fails on it
// (issue #42: it passed with a warning); a library of defines, which
// other files include, still loads with the warning.
func TestNoGameInFile(t *testing.T) {
	tests := []struct {
		name, src string
		wantErr   bool
	}{
		{"empty", "", true},
		{"blanks", " \n\t\r\n\n", true},
		{"comments", "; Rules of nothing\n  ; by nobody\n", true},
		{"library of defines", "(define step ($1 (verify empty?) add))\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rules.zrf")
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := LoadFile(path)
			if !tc.wantErr {
				if err != nil || f == nil || len(f.Warnings) == 0 || !strings.Contains(f.Warnings[0].Msg, "no (game ...)") {
					t.Fatalf("LoadFile: %v, %v; want a file with the no-game warning", f, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("LoadFile = %v, %v; want an *Error", f, err)
			}
			if want := path + ":1:1: no game in file"; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q, want it to start %q", err, want)
			}
		})
	}
}
