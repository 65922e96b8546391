// This file defines the chunked error-file reader (style.md §6) and the
// syntax and macro error test that uses it.

package zrf

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A chunk is one input of a chunked error file. Such a file holds several
// small ZRF inputs separated by lines that are exactly "---". A trailing
// comment
//
//	; ERROR "regexp"
//
// on a line says that an error matching regexp must be reported on that
// line (inside the regexp, \" stands for a quote). A line may carry at most
// one mark; lines without marks must get no error.
type chunk struct {
	Name   string // file:line of the chunk's first line, for messages
	File   string
	Source []byte // the chunk, after blank lines so line numbers match File
	Wants  []chunkWant
}

// chunkWant is one expected error.
type chunkWant struct {
	Line    int
	Pattern *regexp.Regexp
}

var chunkMarkRE = regexp.MustCompile(`;\s*ERROR\s+"((?:[^"\\]|\\.)*)"\s*$`)

// readChunks reads the chunked error file at path. Parsing each Source
// with File as the file name makes reported positions refer to path itself.
func readChunks(t *testing.T, path string) []chunk {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var chunks []chunk
	start := 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && strings.TrimSpace(lines[i]) != "---" {
			continue
		}
		chunks = append(chunks, makeChunk(t, path, lines, start, i))
		start = i + 1
	}
	return chunks
}

// makeChunk builds the chunk of lines[start:end] (0-based line indexes).
func makeChunk(t *testing.T, path string, lines []string, start, end int) chunk {
	c := chunk{Name: filepath.ToSlash(path) + ":" + strconv.Itoa(start+1), File: path}
	src := strings.Repeat("\n", start) + strings.Join(lines[start:end], "\n") + "\n"
	c.Source = []byte(src)
	for i := start; i < end; i++ {
		m := chunkMarkRE.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		rx, err := regexp.Compile(strings.ReplaceAll(m[1], `\"`, `"`))
		if err != nil {
			t.Fatalf("%s:%d: bad ERROR regexp: %v", path, i+1, err)
		}
		c.Wants = append(c.Wants, chunkWant{Line: i + 1, Pattern: rx})
	}
	return c
}

// check reports every wanted error that err (nil, an *Error or an
// ErrorList) lacks, and every error of err that no mark on its line wants.
func (c chunk) check(t *testing.T, err error) {
	t.Helper()
	got := errorsOf(err)
	used := make([]bool, len(got))
	for _, w := range c.Wants {
		found := false
		for i, e := range got {
			if e.Pos.Line == w.Line && w.Pattern.MatchString(e.Msg) {
				found, used[i] = true, true
			}
		}
		if !found {
			t.Errorf("%s:%d: no error matching %q (got %v)", c.File, w.Line, w.Pattern, err)
		}
	}
	for i, e := range got {
		if !used[i] {
			t.Errorf("%s: unexpected error %v", c.Name, e)
		}
	}
}

// errorsOf flattens err into its positioned errors.
func errorsOf(err error) []*Error {
	switch e := err.(type) {
	case nil:
		return nil
	case *Error:
		return []*Error{e}
	case ErrorList:
		return e
	}
	return []*Error{{Msg: err.Error()}}
}

// TestSyntaxErrors runs each chunk of testdata/errors/syntax*.zrf through
// Parse and Expand.
func TestSyntaxErrors(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "errors", "syntax*.zrf"))
	if len(files) == 0 {
		t.Fatal("no testdata/errors/syntax*.zrf files")
	}
	for _, path := range files {
		for _, c := range readChunks(t, path) {
			t.Run(c.Name, func(t *testing.T) {
				forms, _, err := Parse(c.File, c.Source)
				if err == nil {
					_, _, err = Expand(forms)
				}
				c.check(t, err)
			})
		}
	}
}
