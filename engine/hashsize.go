// This file defines how large a transposition table may be: every size a
// user or GUI asks for (XBoard's memory, UCI's Hash, a --hash flag) passes
// through ClampHashMB, so a typo of a few digits neither panics the table's
// allocation nor takes the machine's memory.

package engine

import "fmt"

// MaxHashMB is the largest table anyone may ask for, whatever the machine:
// the size zrun announces to UCI GUIs as Hash's maximum.
const MaxHashMB = 4096

// ClampHashMB returns the table size in megabytes that mb asks for, made
// at least 1, at most MaxHashMB and at most half of the machine's physical
// memory (where it is known): the rest is left to the system and to the
// game's own states. why says what was changed and why, for the front end
// to tell its user; it is empty when mb is used as asked.
func ClampHashMB(mb int) (clamped int, why string) {
	if mb < 1 {
		return 1, fmt.Sprintf("%d MB is too small; the least is 1 MB", mb)
	}
	limit, what := MaxHashMB, fmt.Sprintf("the most zrun allows is %d MB", MaxHashMB)
	if phys := physicalMemory(); phys > 0 {
		if half := phys / 2 >> 20; half < uint64(limit) {
			limit = max(int(half), 1)
			what = fmt.Sprintf("half of the machine's %d MB of memory", phys>>20)
		}
	}
	if mb > limit {
		return limit, fmt.Sprintf("%d MB asked, %s", mb, what)
	}
	return mb, ""
}
