// Package atomicfile owns writing an output file whole or not at all: the
// files zrun's commands write (zrun tune's tuned values and samples, zrun
// check --status's tables) are written to a temporary file beside the
// target and renamed over it, so a crash, an interrupt or a full disk
// leaves the old file as it was, never half of a new one.
//
// # Files
//
//	write.go  Write and WriteBytes: temporary file, sync, rename
package atomicfile
