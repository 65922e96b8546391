// This file defines LineWriter and ReadLines.

package proto

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
)

// LineWriter writes whole lines under a lock: the search goroutine (thinking
// output, moves) and the command loop (pong, errors) share the GUI's pipe,
// and a GUI must never see two lines interleaved.
type LineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewLineWriter writes lines to w.
func NewLineWriter(w io.Writer) *LineWriter { return &LineWriter{w: w} }

// Printf writes one line (the newline is added).
func (lw *LineWriter) Printf(format string, args ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	fmt.Fprintf(lw.w, format+"\n", args...)
}

// ReadLines delivers the lines of in on a channel, read by a goroutine so a
// protocol loop can handle them while a search runs; the channel closes at
// the end of input.
func ReadLines(in io.Reader) <-chan string {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// Serve reads the lines of in (ReadLines) and hands each, trimmed, to
// handle until it returns false ("quit") or the input ends; then done runs
// (stopping a search the session may still run).
func Serve(in io.Reader, handle func(line string) bool, done func()) {
	for line := range ReadLines(in) {
		if !handle(strings.TrimSpace(line)) {
			break
		}
	}
	done()
}
