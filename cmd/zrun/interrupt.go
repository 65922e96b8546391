// This file lets long batch commands stop cleanly on Ctrl-C.

package main

import (
	"os"
	"os/signal"
	"sync/atomic"
)

// exitInterrupted is the exit status of a command stopped by Ctrl-C, as a
// shell reports a process killed by SIGINT (128 + 2).
const exitInterrupted = 130

// onInterrupt returns a flag that becomes true at the first Ctrl-C, so a
// batch command (check over a corpus, a perft table shard) finishes the
// item in hand and prints what it has; a second Ctrl-C kills the process
// as usual. release undoes it.
func onInterrupt() (stop *atomic.Bool, release func()) {
	stop = new(atomic.Bool)
	sig := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sig, os.Interrupt)
	go func() {
		select {
		case <-sig:
			stop.Store(true)
			signal.Reset(os.Interrupt)
		case <-done:
		}
	}()
	return stop, func() {
		signal.Stop(sig)
		close(done)
	}
}
