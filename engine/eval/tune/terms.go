// This file reads which evaluation terms a fit weighs ("zrun tune
// --terms"): all of them, none, or those named.

package tune

import (
	"fmt"
	"strings"

	"zrun/engine/eval"
)

// TermList is a terms list read: every term fitted (All), or only those
// marked in Free (none for "none").
type TermList struct {
	All  bool
	Free [eval.NumTerms]bool
}

// ParseTermList reads "all", "none" or term names separated by commas; an
// unknown name is an error naming the terms there are.
func ParseTermList(list string) (TermList, error) {
	switch list {
	case "all":
		return TermList{All: true}, nil
	case "none":
		return TermList{}, nil
	}
	var l TermList
	for _, name := range strings.Split(list, ",") {
		k, ok := eval.TermByName(strings.TrimSpace(name))
		if !ok {
			return TermList{}, fmt.Errorf("no term %q (terms: all, none, %s)", name, strings.Join(eval.TermNames(), ", "))
		}
		l.Free[k] = true
	}
	return l, nil
}

// Choice is what FitTerms takes for l: nil when every term is fitted;
// otherwise the listed terms are fitted and the others keep ev's weights.
func (l TermList) Choice(ev *eval.Evaluator) *TermChoice {
	if l.All {
		return nil
	}
	ch := TermChoice{Free: l.Free}
	for k := range ch.Fixed {
		ch.Fixed[k] = float64(ev.Weight(eval.Term(k)))
	}
	return &ch
}
