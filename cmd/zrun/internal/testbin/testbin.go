// This file defines the helpers of the package.

package testbin

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Zrun builds cmd/zrun into a temporary directory of t and returns its path.
func Zrun(t testing.TB) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	pkg := filepath.Join(filepath.Dir(here), "..", "..") // cmd/zrun
	bin := filepath.Join(t.TempDir(), "zrun")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = pkg
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
