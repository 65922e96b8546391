// This file defines nodeAlloc, the block allocator of the reader and the
// macro expander.

package zrf

// nodeAlloc carves nodes and element slices out of large blocks instead of
// allocating them one by one: the reader and the expander make millions of
// small nodes for big files (Focus.zrf expands to 2.9 million). Elements
// are gathered on the shared stack buf and moved into an exactly sized slice
// (takeBuf) when their list is complete, so no list grows by appending.
type nodeAlloc struct {
	buf   []*Node
	nodes []Node
	ptrs  []*Node
}

const slabSize = 1024

// newNode returns a zeroed node from the current block.
func (a *nodeAlloc) newNode() *Node {
	if len(a.nodes) == 0 {
		a.nodes = make([]Node, slabSize)
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// takeBuf moves buf[start:] into an exactly sized slice (nil when empty) and
// pops it off buf.
func (a *nodeAlloc) takeBuf(start int) []*Node {
	s := carve(&a.ptrs, a.buf[start:], slabSize)
	clear(a.buf[start:])
	a.buf = a.buf[:start]
	return s
}

// carve copies src into a slice cut from *block, a block of size elements
// (a slice of its own when src is long). Its capacity is its length, so
// appending to it copies instead of writing over a neighbour in the block.
func carve[T any](block *[]T, src []T, size int) []T {
	k := len(src)
	if k == 0 {
		return nil
	}
	var s []T
	if k > size/4 {
		s = make([]T, k)
	} else {
		if len(*block) < k {
			*block = make([]T, size)
		}
		s = (*block)[:k:k]
		*block = (*block)[k:]
	}
	copy(s, src)
	return s
}
