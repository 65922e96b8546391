//go:build slow

// This file runs the three fuzz targets for a fixed budget each:
//
//	go test -tags slow -run TestFuzzBudget -timeout 60m ./zrf -args -fuzz.budget 10m
//
// Each target runs in its own "go test -fuzz" (the testing package fuzzes
// one target per process); inputs that fail are written by Go under
// testdata/fuzz/FuzzName, where they stay as regression seeds.

package zrf

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

var fuzzBudget = flag.String("fuzz.budget", "10m", "how long each fuzz target runs (a go test -fuzztime value)")

func TestFuzzBudget(t *testing.T) {
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		if goCmd, err = exec.LookPath("go"); err != nil {
			t.Skip("no go command to run the fuzzer with")
		}
	}
	for _, target := range []string{"FuzzParse", "FuzzLoad", "FuzzPlayout"} {
		t.Run(target, func(t *testing.T) {
			cmd := exec.Command(goCmd, "test", "-run", "^$", "-fuzz", "^"+target+"$", "-fuzztime", *fuzzBudget, ".")
			out, err := cmd.CombinedOutput()
			t.Logf("%s", out)
			if err != nil {
				t.Fatalf("%s: %v", target, err)
			}
		})
	}
}
