// This file defines spelling suggestions for "did you mean X?" hints.

package zrf

// nearest returns the candidate closest to s by edit distance, or "" when none
// is close enough to be a plausible typo (distance at most a third of s's length,
// and at least 1 edit allowed).
func nearest(s string, candidates []string) string {
	best, bestD := "", len(s)/3+1
	for _, c := range candidates {
		if c == s {
			continue
		}
		if d := editDistance(s, c, bestD); d < bestD || (d == bestD && best == "" && d <= len(s)/3) {
			best, bestD = c, d
		}
	}
	if bestD > len(s)/3 && bestD > 1 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance, giving up (returning max+1) once it
// must exceed max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
