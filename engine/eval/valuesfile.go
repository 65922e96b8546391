// This file reads the tuned-values file: piece values per game that "zrun
// tune" learnt (package tune writes them), kept next to the rule file
// (CHESS.values beside CHESS.zrf), which the front ends apply when they load
// the rule file.
//
//	# comment
//	[Chess]
//	Pawn 100 ± 4
//	Knight 312 ± 15
//	@king-attack 140 ± 20
//
// A line whose name starts with "@" is the weight of an evaluation term
// (terms.go), in percent of its unit; it may be negative. Files
// without such lines keep every term at its default weight.

package eval

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"zrun/vm"
)

// TunedValues maps a game's title to its pieces' values by name.
type TunedValues map[string]map[string]int

// ReadTunedFile reads a values file; a missing file is no values and no
// error (most rule files have none).
func ReadTunedFile(path string) (TunedValues, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadTuned(f, path)
}

// TunedPath is where "zrun tune" keeps the values it learnt for the rule
// file at rulePath: beside it, with the extension .values.
func TunedPath(rulePath string) string {
	return strings.TrimSuffix(rulePath, filepath.Ext(rulePath)) + ".values"
}

// ApplyTunedFor gives games loaded from the rule file at rulePath the
// values tuned for them in its values file (TunedPath), if it has one: the
// loader gives the rules as the file states them, and the values learnt
// for them are the evaluation's to add. A bad values file, or one naming a
// piece a game does not have, is an error naming the values file.
func ApplyTunedFor(rulePath string, games ...*vm.Game) error {
	path := TunedPath(rulePath)
	tv, err := ReadTunedFile(path)
	if err != nil || tv == nil {
		return err
	}
	for _, g := range games {
		if _, err := tv.Apply(g); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	return nil
}

// ReadTuned reads values; errors carry file:line.
func ReadTuned(r io.Reader, name string) (TunedValues, error) {
	out := TunedValues{}
	var cur map[string]int
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if strings.HasPrefix(text, "[") {
			if !strings.HasSuffix(text, "]") || len(text) < 3 {
				return nil, fmt.Errorf("%s:%d: a game's title goes in brackets: [Title]", name, line)
			}
			cur = map[string]int{}
			out[text[1:len(text)-1]] = cur
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("%s:%d: a value before the first [Game title]", name, line)
		}
		f := strings.Fields(strings.ReplaceAll(text, "±", " ± "))
		if len(f) != 2 && !(len(f) == 4 && (f[2] == "±" || f[2] == "+-")) {
			return nil, fmt.Errorf("%s:%d: want \"Piece value\" or \"Piece value ± error\", got %q", name, line, text)
		}
		v, err := strconv.Atoi(f[1])
		term := strings.HasPrefix(f[0], "@")
		if err != nil || v < 0 && !term {
			return nil, fmt.Errorf("%s:%d: bad value %q", name, line, f[1])
		}
		if _, ok := TermByName(f[0][1:]); term && !ok {
			return nil, fmt.Errorf("%s:%d: no evaluation term %q (terms: %s)", name, line, f[0][1:], strings.Join(TermNames(), ", "))
		}
		cur[f[0]] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

// Apply sets g.Values from the values for g's title (so Derive takes them
// as the rule file's own, as fmax.ini's are), and g.Weights from its term
// weights ("@name"), and reports how many it set; a piece name g does not
// have is an error.
func (tv TunedValues) Apply(g *vm.Game) (int, error) {
	vals, ok := tv[g.Title]
	if !ok {
		return 0, nil
	}
	if len(g.Values) < len(g.Pieces) {
		g.Values = append(g.Values, make([]int, len(g.Pieces)-len(g.Values))...)
	}
	n := 0
	for name, v := range vals {
		if term, ok := strings.CutPrefix(name, "@"); ok {
			k, _ := TermByName(term) // ReadTuned checked the name
			if g.Weights == nil {
				g.Weights = map[string]int{}
			}
			g.Weights[k.String()] = v
			n++
			continue
		}
		t, ok := g.PieceIndex(name)
		if !ok {
			return n, fmt.Errorf("tuned values for %q name a piece it does not have: %s", g.Title, name)
		}
		g.Values[t] = max(v, 1)
		n++
	}
	return n, nil
}
