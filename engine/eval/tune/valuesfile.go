// This file writes the tuned-values file that package eval reads
// (eval.ReadTuned): piece values per game that "zrun tune" learnt, kept next
// to the rule file (CHESS.values beside CHESS.zrf).
//
//	# comment
//	[Chess]
//	Pawn 100 ± 4
//	Knight 312 ± 15

package tune

import (
	"fmt"
	"io"
	"math"
	"strings"

	"zrun/engine/eval"
	"zrun/vm"
)

// ReplaceTuned returns the values file old (nil: none yet) with game g's
// section, and the comment lines just above it, replaced by WriteTuned's,
// or with it added at the end: tuning one game of a rule file keeps the
// values of the file's other games and variants.
func ReplaceTuned(old []byte, g *vm.Game, fit Fitted, comment string) ([]byte, error) {
	if _, err := eval.ReadTuned(strings.NewReader(string(old)), "values"); err != nil {
		return nil, err
	}
	var kept, pending []string // pending: comments and blanks not yet placed
	drop := false
	for _, l := range strings.SplitAfter(string(old), "\n") {
		if l == "" {
			continue
		}
		text := strings.TrimSpace(l)
		if text == "" || strings.HasPrefix(text, "#") {
			pending = append(pending, l)
			continue
		}
		if strings.HasPrefix(text, "[") {
			drop = text[1:len(text)-1] == g.Title
		}
		// A header or value line places the comments above it with it.
		if !drop {
			kept = append(kept, pending...)
			kept = append(kept, l)
		}
		pending = pending[:0]
	}
	kept = append(kept, pending...) // comments after the last section
	for len(kept) > 0 && strings.TrimSpace(kept[len(kept)-1]) == "" {
		kept = kept[:len(kept)-1]
	}
	for len(kept) > 0 && strings.TrimSpace(kept[0]) == "" {
		kept = kept[1:]
	}
	var b strings.Builder
	for _, l := range kept {
		b.WriteString(l)
	}
	if b.Len() > 0 {
		if !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if err := WriteTuned(&b, g, fit, comment); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// WriteTuned writes the values of the types fit tuned for game g under its
// title, after a comment line, with their error bars, and the weights of
// the terms it tuned ("@name percent ± error").
func WriteTuned(w io.Writer, g *vm.Game, fit Fitted, comment string) error {
	if _, err := fmt.Fprintf(w, "# %s\n[%s]\n", comment, g.Title); err != nil {
		return err
	}
	for t, p := range g.Pieces {
		if !fit.Tuned[t] {
			continue
		}
		if _, err := fmt.Fprintf(w, "%s %d ± %d\n", p.Name, int(math.Round(max(fit.Values[t], 1))), int(math.Round(fit.StdErr[t]))); err != nil {
			return err
		}
	}
	for k, tuned := range fit.WeightTuned {
		if !tuned {
			if k < len(fit.WeightFixed) && fit.WeightFixed[k] && fit.Weights[k] != float64(eval.DefaultWeight(eval.Term(k))) {
				if _, err := fmt.Fprintf(w, "@%s %d\n", eval.Term(k), int(math.Round(fit.Weights[k]))); err != nil {
					return err
				}
			}
			continue
		}
		if _, err := fmt.Fprintf(w, "@%s %d ± %d\n", eval.Term(k), int(math.Round(fit.Weights[k])), int(math.Round(fit.WeightErr[k]))); err != nil {
			return err
		}
	}
	return nil
}
