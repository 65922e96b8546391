package vm

import (
	"testing"
	"unsafe"
)

// TestMoveFitsACacheLine: a generated list is written whole and read move by
// move at every search node; a Move of one cache line (64 bytes) is what
// moving the effects and acts behind one pointer (moveLists) bought, and a
// field added carelessly would lose it.
func TestMoveFitsACacheLine(t *testing.T) {
	if size := unsafe.Sizeof(Move{}); size > 64 {
		t.Errorf("Move is %d bytes, more than a 64-byte cache line", size)
	}
}
