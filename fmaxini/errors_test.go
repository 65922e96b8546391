// This file defines the error tests: chunked inputs from
// testdata/errors.txt with the expected message and line, and FuzzParse.

package fmaxini

import (
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// errChunk is one input of testdata/errors.txt.
type errChunk struct {
	want     string
	wantLine int
	src      string
	at       int // line of the chunk header in errors.txt
}

var wantRE = regexp.MustCompile(`^=== want (\d+): (.*)$`)

func readErrChunks(t *testing.T) []errChunk {
	t.Helper()
	data, err := os.ReadFile("testdata/errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []errChunk
	var cur *errChunk
	for i, line := range strings.Split(string(data), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			out = append(out, errChunk{want: m[2], wantLine: n, at: i + 1})
			cur = &out[len(out)-1]
			continue
		}
		if cur != nil {
			cur.src += line + "\n"
		}
	}
	return out
}

func TestErrors(t *testing.T) {
	for _, c := range readErrChunks(t) {
		_, err := Parse("in.ini", []byte(c.src))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("errors.txt:%d: got %v, want an *Error", c.at, err)
			continue
		}
		if e.Line != c.wantLine || !strings.Contains(e.Msg, c.want) {
			t.Errorf("errors.txt:%d: got %v, want in.ini:%d: ...%s...", c.at, err, c.wantLine, c.want)
		}
		if !strings.HasPrefix(err.Error(), "in.ini:"+strconv.Itoa(e.Line)+": ") {
			t.Errorf("errors.txt:%d: %q does not start with file:line", c.at, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"version 4.8(w)\nGame: a\n8x8\n3 3 3 3 3 3 3 3\n3 3 3 3 3 3 3 3\np:1 -16,24 -15,5\np:1 16,6\nk:-1 1,34 1,3 16,F8 17,1CB8 -16,1070 1,443 14,FFFF1043\n",
		"version 4.8(w)\nGame: b\n6x6=3\n1 2 3 0 0 0\n1 1 1 1 1 1\np:1 -16,424\np:1 16,C24\n#\n# P& fW\n",
	} {
		f.Add([]byte(s))
	}
	if data, err := os.ReadFile(shippedIni); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse("fuzz.ini", data)
		if err == nil {
			return
		}
		var e *Error
		if !errors.As(err, &e) || e.Line < 1 {
			t.Fatalf("error without a line: %v", err)
		}
	})
}
