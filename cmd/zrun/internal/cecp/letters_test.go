package cecp

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseLetterMap(t *testing.T) {
	for _, tc := range []struct {
		spec, out, err string // out: each renamed letter as OURS>THEIRS, sorted
	}{
		{"", "", ""},
		{"M=C", "C>M M>C", ""},             // the game's C (if any) takes the free M
		{"m = c", "C>M M>C", ""},           // either case, spaces
		{"M=C,C=M", "C>M M>C", ""},         // an explicit swap
		{"M=C,C=X", "C>X M>C X>M", ""},     // a chain closes on its free end
		{"M=C,A=X", "A>X C>M M>C X>A", ""}, // two independent renames
		{"M=C,M=X", "", "renamed twice"},
		{"M=C,A=C", "", "two pieces are renamed C"},
		{"MC", "", "not OURS=THEIRS"},
		{"M=CC", "", "not OURS=THEIRS"},
		{"M=1", "", "not OURS=THEIRS"},
	} {
		lm, err := parseLetterMap(tc.spec)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one with %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		var got []string
		for o, th := range lm.out {
			got = append(got, string(o)+">"+string(th))
			if lm.in[th] != o {
				t.Errorf("%q: in[%c] = %c, want %c", tc.spec, th, lm.in[th], o)
			}
		}
		if len(lm.in) != len(lm.out) {
			t.Errorf("%q: %d renames out, %d back", tc.spec, len(lm.out), len(lm.in))
		}
		if s := strings.Join(slices.Sorted(slices.Values(got)), " "); s != tc.out {
			t.Errorf("%q: renames %q, want %q", tc.spec, s, tc.out)
		}
	}
}

func TestRenameMove(t *testing.T) {
	lm, err := parseLetterMap("M=C")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range [][2]string{
		{"e7e8m", "e7e8c"},
		{"e7e8M", "e7e8C"},
		{"M@e4", "C@e4"},
		{"m1m2", "m1m2"},   // file m of a wide board is a square, not a piece
		{"m1m2m", "m1m2c"}, // ... but its suffix is one
		{"h1e1c", "h1e1m"}, // the game's C is written M
		{"f3e4,e4d5", "f3e4,e4d5"},
		{"@@@@", "@@@@"},
	} {
		if got := lm.moveOut(tc[0]); got != tc[1] {
			t.Errorf("moveOut(%q) = %q, want %q", tc[0], got, tc[1])
		}
		if back := lm.moveIn(tc[1]); back != tc[0] {
			t.Errorf("moveIn(%q) = %q, want %q", tc[1], back, tc[0])
		}
	}
}

// TestPieceLettersAgreeWithSjaak checks the option against the engine it
// was made for: with "Piece letters=M=C", the setup zrun sends for its
// Schoolbook 1.0 has the start FEN Sjaak II sends for its own "schoolbook",
// and a promotion Sjaak writes ("a7a8c") makes our Marshall.
func TestPieceLettersAgreeWithSjaak(t *testing.T) {
	const sjaak = "/usr/games/sjaakii"
	if _, err := os.Stat(sjaak); err != nil {
		t.Skipf("Sjaak II is not installed (%v): apt-get install sjaakii", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sjaak)
	cmd.Stdin = strings.NewReader("xboard\nprotover 2\nnew\nvariant schoolbook\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sjaakii: %v", err)
	}
	setup := regexp.MustCompile(`(?m)^setup \(\S+\) \S+ (\S+)`).FindSubmatch(out)
	if setup == nil {
		t.Fatalf("no setup line from Sjaak II:\n%s", out)
	}
	theirs := string(setup[1])

	g, c := startCECP(t)
	g.Send("xboard", "protover 2")
	for l := g.Next(); l != "feature done=1"; l = g.Next() {
	}
	g.Send("option Piece letters=M=C", "new", "variant schoolbook-1.0")
	line := g.ExpectMatch(`^setup `)
	if f := strings.Fields(line); len(f) < 4 || f[3] != theirs {
		t.Fatalf("our setup %q; Sjaak II's start placement is %s", line, theirs)
	}
	g.ExpectMatch(`^piece K& `) // 1.0 castling, which Sjaak II describes too
	// The promotion choice after a put names the Marshall C too.
	g.Send("force", "setboard 4k5/P9/10/10/10/10/10/4K5 w - - 0 1", "lift a7", "put a8")
	g.ExpectMatch(`^highlight `)
	if choice := g.ExpectMatch(`^choice `); !strings.Contains(choice, "C") || strings.Contains(choice, "M") {
		t.Errorf("%q: want the Marshall as C", choice)
	}
	g.Send("usermove a7a8c")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "M3k5/") {
		t.Fatalf("after a7a8c our position is %s, want a Marshall (M) on a8", f)
	}
	// A bad option is refused and keeps the letters in force.
	g.Send("option Piece letters=M=C,C")
	g.ExpectMatch(`^Error \(.*not OURS=THEIRS.*\): option Piece letters=M=C,C$`)
	g.Send("usermove e8d7", "usermove a8a7")
	g.Sync("2")
	g.Send("setboard 4k5/P9/10/10/10/10/10/4K5 w - - 0 1", "usermove a7a8m")
	g.Expect("Illegal move: a7a8m") // m names our C, which Schoolbook lacks
	g.Sync("3")
}
