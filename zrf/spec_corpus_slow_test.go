//go:build slow

package zrf

import (
	"testing"
	"time"
)

// TestCorpusSpecialisedAll compares every corpus file, three plies deep (at most
// 3000 positions or five seconds a game).
func TestCorpusSpecialisedAll(t *testing.T) {
	compareCorpusSpecialised(t, 1, 0, 3, 3000, 5*time.Second)
}
