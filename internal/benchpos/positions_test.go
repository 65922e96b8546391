package benchpos

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPositions: every default position names a shipped rule file, has a
// unique name and a depth, and its moves are coordinate pairs (from and
// to squares, as UCI and XBoard write them).
func TestPositions(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Default {
		if seen[p.Name] || p.Name == "" {
			t.Errorf("position name %q is empty or repeated", p.Name)
		}
		seen[p.Name] = true
		if _, err := os.Stat(filepath.Join("../../games", p.File)); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if p.Depth < 1 {
			t.Errorf("%s: depth %d", p.Name, p.Depth)
		}
		for _, m := range strings.Fields(p.Moves) {
			if len(m) < 4 || len(m) > 6 {
				t.Errorf("%s: move %q is not a coordinate move", p.Name, m)
			}
		}
	}
}
