//go:build !amd64

package engine

// prefetch does nothing where no instruction for it is written (see
// prefetch_amd64.go).
func prefetch(addr uintptr) {}
