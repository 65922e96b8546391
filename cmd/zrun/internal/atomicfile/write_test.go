package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: a write that succeeds replaces the file (or makes it); one
// that fails, at any point the writer can fail, leaves the old file byte
// for byte and no temporary file in the folder.
func TestWrite(t *testing.T) {
	errDiskFull := errors.New("no space left on device")
	tests := []struct {
		name    string
		old     string // "" for no file before
		write   func(io.Writer) error
		want    string // the file's content after
		wantErr error
	}{
		{"replace", "old table\n", func(w io.Writer) error { _, err := io.WriteString(w, "new table\n"); return err }, "new table\n", nil},
		{"create", "", func(w io.Writer) error { _, err := io.WriteString(w, "first\n"); return err }, "first\n", nil},
		{"fails at once", "old table\n", func(io.Writer) error { return errDiskFull }, "old table\n", errDiskFull},
		{"fails half way", "old table\n", func(w io.Writer) error {
			io.WriteString(w, "half of a new")
			return errDiskFull
		}, "old table\n", errDiskFull},
		{"fails half way, no file before", "", func(w io.Writer) error {
			io.WriteString(w, "half")
			return errDiskFull
		}, "", errDiskFull},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "status.md")
			if tc.old != "" {
				if err := os.WriteFile(path, []byte(tc.old), 0o640); err != nil {
					t.Fatal(err)
				}
			}
			err := Write(path, 0o644, tc.write)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Write: %v, want %v", err, tc.wantErr)
			}
			got, rerr := os.ReadFile(path)
			switch {
			case tc.want == "" && !os.IsNotExist(rerr):
				t.Errorf("a failed write left a file: %q, %v", got, rerr)
			case tc.want != "" && string(got) != tc.want:
				t.Errorf("file %q (%v), want %q", got, rerr, tc.want)
			}
			entries, _ := os.ReadDir(dir)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if want := map[bool]int{true: 0, false: 1}[tc.want == ""]; len(names) != want {
				t.Errorf("folder holds %v, want only status.md", names)
			}
			if tc.want != "" {
				fi, _ := os.Stat(path)
				wantMode := os.FileMode(0o644)
				if tc.old != "" {
					wantMode = 0o640 // a file replaced keeps its mode
				}
				if fi.Mode().Perm() != wantMode {
					t.Errorf("mode %v, want %v", fi.Mode().Perm(), wantMode)
				}
			}
		})
	}
}
