// This file tests "zrun bench".

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBenchSignature: the bench is a signature (the same node total run
// after run, as it must be to tell a changed search from a changed
// machine) and its perft line counts chess perft(3) = 8,902, the published
// number.
func TestBenchSignature(t *testing.T) {
	total := regexp.MustCompile(`(?m)^Nodes searched  : (\d+)$`)
	var sig []string
	for range 2 {
		var out, errOut bytes.Buffer
		if code := runMain([]string{"bench", "--depth", "3", "--perft", "3"}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
		}
		m := total.FindStringSubmatch(out.String())
		if m == nil || m[1] == "0" {
			t.Fatalf("no node total:\n%s", out.String())
		}
		sig = append(sig, m[1])
		if !strings.Contains(out.String(), "Perft(3) chess   : 8902 nodes") {
			t.Errorf("perft line wrong:\n%s", out.String())
		}
		if n := strings.Count(out.String(), "bestmove "); n != 6 {
			t.Errorf("%d positions searched, want 6:\n%s", n, out.String())
		}
	}
	if sig[0] != sig[1] {
		t.Errorf("node totals %s and %s: the bench is not a signature", sig[0], sig[1])
	}
}

// TestBenchFile: a user's file gets its start and two later positions.
func TestBenchFile(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runMain([]string{"bench", "--depth", "2", "--perft", "0", "../../games/reserve-chess.zrf"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{"reserve-chess.zrf start", "reserve-chess.zrf after 10 plies", "reserve-chess.zrf after 20 plies", "Nodes searched"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Perft(") {
		t.Errorf("--perft 0 still counted perft:\n%s", out.String())
	}
}

// TestBenchCPUProfile: --cpuprofile writes what runtime/pprof writes
// (checkCPUProfile), and a file it cannot create is an error before
// anything runs.
func TestBenchCPUProfile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bench.pgo")
	var out, errOut bytes.Buffer
	if code := runMain([]string{"bench", "--depth", "2", "--perft", "0", "--cpuprofile", file}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	checkCPUProfile(t, file)
	out.Reset()
	errOut.Reset()
	bad := filepath.Join(t.TempDir(), "no-such-dir", "bench.pgo")
	if code := runMain([]string{"bench", "--depth", "2", "--perft", "0", "--cpuprofile", bad}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "no-such-dir") || out.Len() != 0 {
		t.Errorf("unwritable profile: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestEngineCPUProfile: the engine modes' --cpuprofile writes the same kind
// of profile, ended when the GUI quits (stop).
func TestEngineCPUProfile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "xboard.pgo")
	var errOut bytes.Buffer
	cat, stop, ok := engineCatalog("xboard", []string{"--cpuprofile", file, "../../games/chess.zrf"}, &errOut)
	if !ok || cat == nil {
		t.Fatalf("engineCatalog: %s", errOut.String())
	}
	stop()
	checkCPUProfile(t, file)
	if _, _, ok := engineCatalog("uci", []string{"--cpuprofile", filepath.Join(t.TempDir(), "no-such-dir", "p"), "../../games/chess.zrf"}, &errOut); ok || !strings.Contains(errOut.String(), "no-such-dir") {
		t.Errorf("unwritable profile accepted (stderr %q)", errOut.String())
	}
}

// checkCPUProfile requires file to be what runtime/pprof writes: a gzipped
// profile.proto naming its sample type, cpu in nanoseconds (what Go's
// profile-guided optimisation reads as default.pgo).
func checkCPUProfile(t *testing.T, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("profile is not gzipped: %v", err)
	}
	proto, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cpu", "nanoseconds"} {
		if !bytes.Contains(proto, []byte(want)) {
			t.Errorf("profile names no %q", want)
		}
	}
}
