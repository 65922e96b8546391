package proto

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestLineWriterWholeLines: lines printed from many goroutines at once reach
// the writer whole, each on its own line (the CECP and UCI specifications
// make a GUI read the engine's output line by line).
func TestLineWriterWholeLines(t *testing.T) {
	var buf bytes.Buffer
	lw := NewLineWriter(&buf)
	const writers, each = 8, 200
	long := strings.Repeat("x", 4000) // several writes' worth for an unlocked writer
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				lw.Printf("info %d %d %s", w, i, long)
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != writers*each {
		t.Fatalf("%d lines, want %d", len(lines), writers*each)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var w, i int
		var rest string
		if n, err := fmt.Sscanf(l, "info %d %d %s", &w, &i, &rest); n != 3 || err != nil || rest != long {
			t.Fatalf("a line came out broken: %.60q...", l)
		}
		seen[l[:len(l)-len(long)]] = true
	}
	if len(seen) != writers*each {
		t.Errorf("%d distinct lines, want %d", len(seen), writers*each)
	}
}

// TestReadLines: lines come out without their end (LF or CRLF, as Windows
// GUIs send), the last one without an end too, and one longer than
// bufio's default 64 KiB token (a long "setboard" or move list) whole.
func TestReadLines(t *testing.T) {
	long := strings.Repeat("e2e4 ", 30000) // 150 000 bytes
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"lf", "xboard\nprotover 2\n", []string{"xboard", "protover 2"}},
		{"crlf", "uci\r\nisready\r\n", []string{"uci", "isready"}},
		{"no final end", "quit", []string{"quit"}},
		{"empty lines kept", "a\n\nb\n", []string{"a", "", "b"}},
		{"none", "", nil},
		{"long", "position startpos moves " + long + "\ngo\n", []string{"position startpos moves " + long, "go"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for l := range ReadLines(strings.NewReader(c.in)) {
				got = append(got, l)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %d lines %.80q, want %d %.80q", len(got), got, len(c.want), c.want)
			}
		})
	}
}

// TestServe: each line reaches the handler trimmed, until the handler says
// stop ("quit") or the input ends; done runs either way, once.
func TestServe(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"quit stops", "  new  \nquit\nafter quit\n", []string{"new", "quit"}},
		{"end of input", "\tgo\n", []string{"go"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			done := 0
			Serve(strings.NewReader(c.in), func(l string) bool {
				got = append(got, l)
				return l != "quit"
			}, func() { done++ })
			if !slices.Equal(got, c.want) || done != 1 {
				t.Errorf("handled %q, done %d times; want %q, once", got, done, c.want)
			}
		})
	}
}
