//go:build !amd64

package engine

// haveMaxPacked: no vector form is written for this architecture.
const haveMaxPacked = false

func maxPackedVector(rest []int64) int64 { return bestPackedScalar(rest) }
