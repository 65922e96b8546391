// This file checks rows against the VM and writes a shard's output.

package perftable

import (
	"errors"
	"fmt"
	"io"
	"time"

	"zrun/vm"
)

// Result is the outcome of one row.
type Result struct {
	Row     Row
	Got     uint64
	Err     error // a FEN the game cannot set up, or a perft error
	Elapsed time.Duration
}

// OK reports whether the row's count was reproduced.
func (r Result) OK() bool { return r.Err == nil && r.Got == r.Row.Nodes }

// Summary totals a run or a merge.
type Summary struct {
	Rows, Passed, Failed int
	Nodes                uint64 // counted by our perft
	Elapsed              time.Duration
}

// Add counts r.
func (sm *Summary) Add(r Result) {
	sm.Rows++
	if r.OK() {
		sm.Passed++
	} else {
		sm.Failed++
	}
	sm.Nodes += r.Got
	sm.Elapsed += r.Elapsed
}

// NodesPerSecond is the perft speed of the rows counted.
func (sm Summary) NodesPerSecond() float64 {
	return float64(sm.Nodes) / max(sm.Elapsed.Seconds(), 1e-9)
}

// Check runs perft on each row from s (one state reused: SetFEN resets it)
// and calls each with every result as it comes. It stops early with the
// error vm.ErrInterrupted when s's interrupt flag is raised, having reported
// the rows finished before.
func Check(s *vm.State, rows []Row, each func(Result)) (Summary, error) {
	var sm Summary
	for _, r := range rows {
		res := Result{Row: r}
		start := time.Now()
		if err := s.SetFEN(r.FEN); err != nil {
			res.Err = fmt.Errorf("FEN: %v", err)
		} else if n, err := s.Perft(r.Depth); errors.Is(err, vm.ErrInterrupted) {
			return sm, err
		} else if err != nil {
			res.Err = err
		} else {
			res.Got = n
		}
		res.Elapsed = time.Since(start)
		sm.Add(res)
		each(res)
	}
	return sm, nil
}

// Header is the first line of a shard's output: what it is part of.
type Header struct {
	Table  string // the table's name as given on the command line
	Select string // "column=value" when rows were selected, else ""
	Rows   int    // rows of the table (after selection), all shards together
	Shard  Shard
}

const (
	headerFormat = "# perftable table=%s select=%s rows=%d shard=%s\n"
	doneFormat   = "# done rows=%d passed=%d failed=%d nodes=%d seconds=%.3f\n"
	columns      = "index\tdepth\twant\tgot\tresult\tseconds\tfen"
)

// WriteHeader writes the header and the column line.
func WriteHeader(w io.Writer, h Header) error {
	_, err := fmt.Fprintf(w, headerFormat+"%s\n", h.Table, h.Select, h.Rows, h.Shard, columns)
	return err
}

// WriteResult writes one row's line: its index in the table, the depth, the
// published and our count, ok or FAIL (with the error), seconds and FEN.
func WriteResult(w io.Writer, r Result) error {
	verdict := "ok"
	if r.Err != nil {
		verdict = "FAIL " + r.Err.Error()
	} else if !r.OK() {
		verdict = "FAIL"
	}
	_, err := fmt.Fprintf(w, "%d\t%d\t%d\t%d\t%s\t%.3f\t%s\n", r.Row.Index, r.Row.Depth, r.Row.Nodes, r.Got, verdict, r.Elapsed.Seconds(), r.Row.FEN)
	return err
}

// WriteDone closes a finished shard's output.
func WriteDone(w io.Writer, sm Summary) error {
	_, err := fmt.Fprintf(w, doneFormat, sm.Rows, sm.Passed, sm.Failed, sm.Nodes, sm.Elapsed.Seconds())
	return err
}
