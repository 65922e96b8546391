// This file defines the tests over the shipped fmax.ini: every section loads,
// and the listing of sections with board size and pieces.

package fmaxini

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

const shippedIni = "../../shared/fmax/fmax.ini"

// loadShipped loads the shipped file or skips the test when it is absent.
func loadShipped(t testing.TB) *File {
	t.Helper()
	if _, err := os.Stat(shippedIni); err != nil {
		t.Skipf("shipped fmax.ini not available at %s: %v", shippedIni, err)
	}
	f, err := LoadFile(shippedIni)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestShippedSections(t *testing.T) {
	f := loadShipped(t)
	if len(f.Sections) != 43 {
		t.Fatalf("got %d sections, want 43", len(f.Sections))
	}
	for _, s := range f.Sections {
		var pieces []string
		for i, p := range s.Pieces {
			pieces = append(pieces, fmt.Sprintf("%d=%c:%d", i+1, p.Letter, p.Value))
		}
		t.Logf("%-26s %dx%d  %s", s.Name, s.W, s.H, strings.Join(pieces, " "))
		if s.Game == nil || len(s.Game.Pieces) != len(s.Pieces) {
			t.Errorf("%s: not lowered", s.Name)
		}
	}
}

// TestSectionNames: a section is found by its name in any case when no
// other section has that name in another case ("Capablanca", "NORMAL");
// the shipped file's Cambodian and cambodian are two games, so "CAMBODIAN"
// names neither and the error lists the sections.
func TestSectionNames(t *testing.T) {
	f := loadShipped(t)
	for _, tc := range []struct{ ask, want string }{
		{"capablanca", "capablanca"}, {"Capablanca", "capablanca"}, {"NORMAL", "normal"},
		{"Cambodian", "Cambodian"}, {"cambodian", "cambodian"},
	} {
		s, err := f.Section(tc.ask)
		if err != nil || s.Name != tc.want {
			t.Errorf("Section(%q) = %v, %v; want %s", tc.ask, s, err, tc.want)
		}
	}
	_, err := f.Game("CAMBODIAN")
	if err == nil || !strings.Contains(err.Error(), `"CAMBODIAN" not found`) || !strings.Contains(err.Error(), "normal, nocastle") {
		t.Fatalf("got %v, want a not-found error listing the sections", err)
	}
	if _, err := f.Game("no-such-game"); err == nil {
		t.Fatal("an unknown name was found")
	}
}
