package tune_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zrun/engine/eval"
	"zrun/engine/eval/tune"
	"zrun/gamefile"
)

// TestValuesFileRoundTrip: the values files shipped in games/ were written
// by "zrun tune" before tuning left package eval. Their values and error
// bars, given back to tune's writer, must give each file byte for byte; and
// the file written, read by eval beside a rule file (ApplyTunedFor), must
// give the game the values it states, as the evaluation's piece values.
func TestValuesFileRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../../games/*.values")
	if err != nil || len(files) == 0 {
		t.Fatalf("no values files in games/ (%v)", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			comment, title, vals, errs := parseOneSection(t, want)
			rules := strings.TrimSuffix(path, ".values") + ".zrf"
			g, err := gamefile.LoadGame(rules, title)
			if err != nil {
				t.Fatal(err)
			}
			n := len(g.Pieces)
			fit := tune.Fitted{Values: make([]float64, n), StdErr: make([]float64, n), Tuned: make([]bool, n)}
			for name, v := range vals {
				i, ok := g.PieceIndex(name)
				if !ok {
					t.Fatalf("%s names %s, which %s lacks", path, name, title)
				}
				fit.Values[i], fit.StdErr[i], fit.Tuned[i] = float64(v), float64(errs[name]), true
			}
			got, err := tune.ReplaceTuned(nil, g, fit, comment)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("written:\n%s\nthe file:\n%s", got, want)
			}

			// Read back by the evaluation, beside a rule file of its name.
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(path)), got, 0o644); err != nil {
				t.Fatal(err)
			}
			g2, err := gamefile.LoadGame(rules, title)
			if err != nil {
				t.Fatal(err)
			}
			if err := eval.ApplyTunedFor(filepath.Join(dir, filepath.Base(rules)), g2); err != nil {
				t.Fatal(err)
			}
			ev, err := eval.Derive(g2)
			if err != nil {
				t.Fatal(err)
			}
			for name, v := range vals {
				i, _ := g2.PieceIndex(name)
				if ev.Value(i) != v {
					t.Errorf("%s: the evaluation values it %d, the file %d", name, ev.Value(i), v)
				}
			}
		})
	}
}

// parseOneSection reads a values file of one game's section, as the file
// format states it ("# comment", "[Title]", "Piece value ± error"),
// independently of eval's reader: the comment, the title and the values and
// error bars by piece name.
func parseOneSection(t *testing.T, b []byte) (comment, title string, vals, errs map[string]int) {
	t.Helper()
	vals, errs = map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# "):
			comment = line[2:]
		case strings.HasPrefix(line, "["):
			title = strings.Trim(line, "[]")
		default:
			f := strings.Split(line, " ")
			if len(f) != 4 || f[2] != "±" {
				t.Fatalf("line %q: want \"Piece value ± error\"", line)
			}
			v, err1 := strconv.Atoi(f[1])
			e, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil {
				t.Fatalf("line %q: bad numbers", line)
			}
			vals[f[0]], errs[f[0]] = v, e
		}
	}
	return comment, title, vals, errs
}
