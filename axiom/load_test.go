package axiom_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/axiom"
)

// TestMissingFramework: a GlukKazan+ZoG Axiom folder without the
// framework files is reported with the path looked for and how to name a
// framework folder, and naming one finds them.
func TestMissingFramework(t *testing.T) {
	rule := filepath.Join(corpus, "GlukKazan+ZoG", "Rules", "Axiomatic.GoL.zrf")
	if _, err := os.Stat(rule); err != nil {
		t.Skip("corpus not found")
	}
	axiom.SetFrameworkDir("")
	defer axiom.SetFrameworkDir(framework)
	t.Setenv(axiom.FrameworkEnv, "")
	_, err := axiom.Locate(rule, "../Axiom/GoL/axiom.dll", "Game Of Life")
	want := filepath.Join(corpus, "GlukKazan+ZoG", "Axiom", "GoL", "axiom.4th")
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "--axiom-framework") || !strings.Contains(err.Error(), axiom.FrameworkEnv) {
		t.Fatalf("error %v, want the path %s and how to name a framework", err, want)
	}
	t.Setenv(axiom.FrameworkEnv, framework)
	f, err := axiom.Locate(rule, `..\AXIOM\gol\axiom.dll`, "Game Of Life")
	if err != nil || filepath.Base(f.Script) != "Game-Of-Life.4th" || filepath.Base(f.Axiom) != "axiom.4th" {
		t.Fatalf("with %s set: %+v, %v", axiom.FrameworkEnv, f, err)
	}
}

// TestUnknownNative: a script naming a native word zrun does not have is
// refused at load with the word's name.
func TestUnknownNative(t *testing.T) {
	g := load(t, "TchukaRuma/TchukaRuma.zrf", "")
	dir := t.TempDir()
	script := filepath.Join(dir, "Game.4th")
	if err := os.WriteFile(script, []byte(": try ( -- ) here frobnicate-board ;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := axiom.Load(g, axiom.Files{Dir: dir, Script: script,
		Core: filepath.Join(framework, "CORE.4TH"), Axiom: filepath.Join(framework, "axiom.4th")})
	if err == nil || !strings.Contains(err.Error(), "frobnicate-board") {
		t.Fatalf("error %v, want one naming frobnicate-board", err)
	}
}
