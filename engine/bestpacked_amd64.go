package engine

import "golang.org/x/sys/cpu"

// haveMaxPacked: maxPackedVector runs here (AVX2: four packed scores
// compared and kept at once).
var haveMaxPacked = cpu.X86.HasAVX2

// maxPackedVector is bestPacked for at least four scores, in AVX2: pick
// scans the quiet moves' scores for each quiet move it picks, and four
// lanes of compare-and-keep take a quarter of the scalar loop's steps.
//
//go:noescape
func maxPackedVector(rest []int64) int64
