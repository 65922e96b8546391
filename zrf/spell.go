// This file defines nearest, the edit-distance "did you mean X?" helper.

package zrf

import "strings"

// nearest returns the candidate closest to s by edit distance (for "did you mean X?" hints), or "" if none is close enough.
//
// Case is ignored, since a wrong case is the commonest typo in names that
// Windows users typed. A candidate is close enough when fewer than half of
// s's characters must change (as in starlark's spell.Nearest); ties go to
// the earliest candidate, so the result is deterministic.
func nearest(s string, candidates []string) string {
	x := strings.ToLower(s)
	best, bestD := "", (len([]rune(x))+1)/2
	for _, c := range candidates {
		if c == s {
			continue
		}
		if d := editDistance(x, strings.ToLower(c), bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance returns the Levenshtein distance between a and b, in runes,
// or any value >= max once it is known to reach max (to keep long
// candidate lists cheap).
func editDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
