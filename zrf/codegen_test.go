// This file checks compiled programs against golden disassembly listings.

package zrf

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

func TestCodegenGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/codegen/*.zrf")
	if len(files) == 0 {
		t.Fatal("no testdata/codegen/*.zrf")
	}
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var b strings.Builder
		g := f.Games[0].Game
		for _, pt := range g.Pieces {
			for _, blk := range pt.Moves {
				b.WriteString("== " + blk.Prog.Name + "\n")
				b.WriteString(blk.Prog.Disassemble(g))
			}
		}
		golden := strings.TrimSuffix(path, ".zrf") + ".asm"
		if *update {
			if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if b.String() != string(want) {
			t.Errorf("%s: disassembly differs from %s:\n%s", path, golden, b.String())
		}
	}
}
