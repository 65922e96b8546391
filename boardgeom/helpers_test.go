package boardgeom

import (
	"os"
	"testing"

	"zrun/gamefile"
)

// drawnCells counts the cells a layout draws as squares to play on.
func drawnCells(t *testing.T, rel string) (int, map[string]bool) {
	t.Helper()
	path := corpus + "/" + rel
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	games, err := gamefile.LoadGames(path, "")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	l := NewFor(g, 48, FindPictures(path, g))
	names := map[string]bool{}
	for _, c := range l.Cells {
		if !c.Helper {
			names[c.Name] = true
		}
	}
	return len(names), names
}

// TestSplutDiamond: Splut! is played on a diamond of 41 squares (rows of
// 1, 3, 5, 7, 9, 7, 5, 3, 1: the published board); the rule file's 9x10
// grid keeps turn markers in the corners and a row 0 of helpers, which
// only its invisible marker pieces reach.
func TestSplutDiamond(t *testing.T) {
	n, names := drawnCells(t, "Splut/08.Splut.zrf")
	if n != 41 {
		t.Errorf("%d squares drawn, want the published 41", n)
	}
	files := "abcdefghi"
	for r := 1; r <= 9; r++ {
		half := 4 - abs(5-r) // squares either side of file e
		for f := 0; f < 9; f++ {
			want := abs(f-4) <= half
			if name := string(files[f]) + string(rune('0'+r)); names[name] != want {
				t.Errorf("%s drawn: %v, want %v", name, names[name], want)
			}
		}
	}
}

// TestThudOctagon: Thud's board is the 15x15 square with its corners cut
// (triangles of 5, 4, 3, 2, 1 squares): 225 - 4*15 = 165 squares, the
// centre one the Thudstone's, which no piece may enter and the rule file
// removes; so 164 squares are drawn, and no other.
func TestThudOctagon(t *testing.T) {
	n, names := drawnCells(t, "Thud/Thud.zrf")
	if n+1 != 165 {
		t.Errorf("%d squares drawn and the Thudstone's, want the published 165", n)
	}
	files := "abcdefghijklmno"
	for r := 1; r <= 15; r++ {
		for f := 0; f < 15; f++ {
			// Distance into a corner triangle: the cut squares have
			// min(f, 14-f) + min(r-1, 15-r) < 5.
			cut := min(f, 14-f)+min(r-1, 15-r) < 5
			want := !cut && !(f == 7 && r == 8)
			name := string(files[f]) + itoa(r)
			if names[name] != want {
				t.Errorf("%s drawn: %v, want %v", name, names[name], want)
			}
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
