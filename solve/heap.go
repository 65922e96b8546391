// This file defines the binary heap the searches keep their open items in.

package solve

// minHeap is a binary heap whose first item is the least by less. The A*
// open lists (Puzzle's, its macro form's, the push search's) and the pair
// deadlock search each keep theirs in one, with their own order; among
// items less does not tell apart, the order is the heap's.
type minHeap[T any] struct {
	items []T
	less  func(a, b T) bool
}

func (q *minHeap[T]) len() int { return len(q.items) }

func (q *minHeap[T]) push(x T) {
	q.items = append(q.items, x)
	i := len(q.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.less(q.items[i], q.items[p]) {
			break
		}
		q.items[i], q.items[p] = q.items[p], q.items[i]
		i = p
	}
}

func (q *minHeap[T]) pop() T {
	h := q.items
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && q.less(h[l], h[m]) {
			m = l
		}
		if r < len(h) && q.less(h[r], h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	q.items = h
	return top
}
