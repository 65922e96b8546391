// This file defines nodeAlloc, the block allocator of the macro expander,
// and the generic block helpers lowering uses too.

package zrf

// nodeAlloc carves nodes and element slices out of large blocks instead of
// allocating them one by one: the expander makes millions of small nodes
// for big files (Focus.zrf expands to 2.9 million). Elements
// are gathered on the shared stack buf and moved into an exactly sized slice
// (takeBuf) when their list is complete, so no list grows by appending.
type nodeAlloc struct {
	buf   []*Node
	nodes []Node
	ptrs  []*Node
}

const slabSize = 1024

// newNode returns a zeroed node from the current block.
func (a *nodeAlloc) newNode() *Node { return fromBlock(&a.nodes, slabSize) }

// takeBuf moves buf[start:] into an exactly sized slice (nil when empty) and
// pops it off buf.
func (a *nodeAlloc) takeBuf(start int) []*Node { return popInto(&a.buf, start, &a.ptrs, slabSize) }

// fromBlock returns a zeroed element cut from *block, a block of size
// elements, making a new block when it is used up.
func fromBlock[T any](block *[]T, size int) *T {
	if len(*block) == 0 {
		*block = make([]T, size)
	}
	p := &(*block)[0]
	*block = (*block)[1:]
	return p
}

// popInto moves (*stack)[start:] into an exactly sized slice cut from
// *block (carve) and pops it off the stack.
func popInto[T any](stack *[]T, start int, block *[]T, size int) []T {
	s := carve(block, (*stack)[start:], size)
	clear((*stack)[start:])
	*stack = (*stack)[:start]
	return s
}

// resetMap empties a map reused from one use to the next (a new one when it
// has grown: clearing costs the grown table's size).
func resetMap[K comparable, V any](m *map[K]V) map[K]V {
	if *m == nil || len(*m) > 512 {
		*m = map[K]V{}
	} else {
		clear(*m)
	}
	return *m
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
