// This file tests that long batch commands stop cleanly on Ctrl-C.

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/testbin"
)

// TestCheckInterrupt: Ctrl-C in the middle of long playouts ends the run
// within seconds, with the summary of what was played and exit status 130.
func TestCheckInterrupt(t *testing.T) {
	bin := testbin.Zrun(t)
	// Thousands of playouts of two games take minutes: the run is still
	// going when the signal comes.
	cmd := exec.Command(bin, "check", "--play", "5000", "../../games/chess.zrf", "../../games/capablanca.zrf")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || !strings.Contains(lines.Text(), "chess.zrf") {
		t.Fatalf("first line %q, want the first file's name", lines.Text())
	}
	time.Sleep(500 * time.Millisecond)
	sent := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for lines.Scan() {
		out.WriteString(lines.Text() + "\n")
	}
	err = cmd.Wait()
	took := time.Since(sent)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v (signalled: %v), want status %d; output:\n%s", err, exit != nil && exit.Sys().(syscall.WaitStatus).Signaled(), exitInterrupted, out.String())
	}
	if took > 5*time.Second {
		t.Errorf("stopped %v after Ctrl-C, want within seconds", took.Round(time.Millisecond))
	}
	for _, want := range []string{"interrupted after 1 of 2 files", "1 files (0 failed to load), 1 games played"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestDesignInterrupt: Ctrl-C during a long design run ends it within
// seconds with the report of the games finished (marked as stopped early)
// and exit status 130.
func TestDesignInterrupt(t *testing.T) {
	bin := testbin.Zrun(t)
	cmd := exec.Command(bin, "design", "--games", "1000", "--depth", "2", "--progress", "1", "../../games/chess.zrf")
	var out strings.Builder
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), "1/1000 games") {
		t.Fatalf("first progress line %q", lines.Text())
	}
	sent := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var errs strings.Builder
	for lines.Scan() {
		errs.WriteString(lines.Text() + "\n")
	}
	err = cmd.Wait()
	took := time.Since(sent)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v, want status %d; stderr:\n%s", err, exitInterrupted, errs.String())
	}
	if took > 20*time.Second {
		t.Errorf("stopped %v after Ctrl-C, want within seconds", took.Round(time.Millisecond))
	}
	if !strings.Contains(errs.String(), "the report of the") || !strings.Contains(out.String(), "Stopped early: ") ||
		!strings.Contains(out.String(), "of the run's 1000 games were played") {
		t.Errorf("no report of the games finished:\nstdout:\n%s\nstderr:\n%s", out.String(), errs.String())
	}
}
