package play

import (
	"path/filepath"
	"strings"
	"testing"
)

// Sjaak II knows Schoolbook by the 1.0 rules as "schoolbook": Rename gives
// our 1.0 variant that name, and the game that had it stays reachable.
func TestCatalogRename(t *testing.T) {
	cat, err := LoadCatalog([]string{filepath.Join("../../../../games", "schoolbook.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cat.Names(false), ","); got != "schoolbook,schoolbook-1.0" {
		t.Fatalf("names %s", got)
	}
	if err := cat.Rename("schoolbook", "schoolbook 1.0"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cat.Names(false), ","); got != "schoolbook-2,schoolbook" {
		t.Errorf("names after the rename: %s", got)
	}
	// The name wins over the other game's title, which spells the same.
	for name, title := range map[string]string{"schoolbook": "Schoolbook 1.0", "SCHOOLBOOK-2": "Schoolbook", "Schoolbook 1.0": "Schoolbook 1.0"} {
		if e := cat.Find(name); e == nil || e.Title != title {
			t.Errorf("Find(%q) = %v, want %q", name, e, title)
		}
	}
	for _, bad := range [][2]string{{"x", "Schoolbook 2.0"}, {"two words", "Schoolbook"}, {"a,b", "Schoolbook"}, {"", "Schoolbook"}} {
		if err := cat.Rename(bad[0], bad[1]); err == nil {
			t.Errorf("Rename(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if got := strings.Join(cat.Names(false), ","); got != "schoolbook-2,schoolbook" {
		t.Errorf("names after refused renames: %s", got)
	}
}
