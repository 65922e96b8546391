// This file defines --cpuprofile, which bench, xboard and uci share.

package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startCPUProfile starts writing a CPU profile to file; stop ends it and
// closes the file, reporting a failure on stderr. The build's
// profile-guided optimisation reads such a profile (cmd/zrun/default.pgo).
func startCPUProfile(file string, stderr io.Writer) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile %s: %v", file, err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintln(stderr, err)
		}
	}, nil
}
