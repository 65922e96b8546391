package axiom

import "testing"

// TestSquash: a scaled script score is kept below the knee, bounded
// beyond it, and its order is not lost where the scripts' scores lie
// (Gwyddbwyll's sides read some 60,000 once scaled; a Squire is 30).
func TestSquash(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 30, -9999, scoreKnee, -scoreKnee} {
		if got := squash(v); got != int(v) {
			t.Errorf("squash(%d) = %d, want it unchanged", v, got)
		}
	}
	prev := squash(scoreKnee)
	for v := int64(scoreKnee + 30); v <= 70000+scoreKnee; v += 30 {
		got := squash(v)
		if got <= prev {
			t.Fatalf("squash(%d) = %d, not above squash(%d) = %d", v, got, v-30, prev)
		}
		if got >= maxScriptScore {
			t.Fatalf("squash(%d) = %d, not below the bound %d", v, got, maxScriptScore)
		}
		if squash(-v) != -got {
			t.Fatalf("squash(%d) = %d, not -squash(%d)", -v, squash(-v), v)
		}
		prev = got
	}
	for _, v := range []int64{1 << 31 * scriptScale, -(1 << 31) * scriptScale} {
		if got := squash(v); got >= maxScriptScore || got <= -maxScriptScore {
			t.Errorf("squash(%d) = %d, outside ±%d", v, got, maxScriptScore)
		}
	}
}
