// This file tests "zrun tune" and "zrun values --selfplay".

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTuneShardsMergeToOneRun: game i of a run is the same game in
// whichever shard plays it, so two shards fitted together give the values
// one run gives; the values file is then what loading the rule file uses.
func TestTuneShardsMergeToOneRun(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "chess.zrf")
	src, err := os.ReadFile("../../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rules, src, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := runMain(append([]string{"tune"}, args...), &out, &errOut); code != 0 {
			t.Fatalf("tune %v: exit %d\n%s%s", args, code, out.String(), errOut.String())
		}
		return out.String()
	}
	common := []string{"--games", "4", "--depth", "1", "--random", "6"}
	one := filepath.Join(dir, "one.values")
	run(append(common, "--out", one, rules)...)
	for _, sh := range []string{"1/2", "2/2"} {
		run(append(common, "--shard", sh, "--data", filepath.Join(dir, "d"+sh[:1]+".tsv"), rules)...)
	}
	out := run("--fit", filepath.Join(dir, "d1.tsv"), filepath.Join(dir, "d2.tsv"))
	values := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := strings.Cut(string(b), "\n") // the comment line differs
		return body
	}
	merged := filepath.Join(dir, "chess.values")
	if values(one) != values(merged) {
		t.Errorf("one run:\n%s\nshards fitted together:\n%s", values(one), values(merged))
	}
	if !strings.Contains(out, "wrote "+merged) || !strings.Contains(values(merged), "[Chess]\nPawn ") {
		t.Errorf("fit output %q, values file:\n%s", out, values(merged))
	}
	// The values file next to the rule file is what loading it uses.
	var vout, verr bytes.Buffer
	if code := runMain([]string{"values", rules}, &vout, &verr); code != 0 {
		t.Fatalf("values: %d %s", code, verr.String())
	}
	first := strings.Fields(strings.Split(values(merged), "\n")[1]) // "Pawn N ± E"
	if !regexp.MustCompile(`(?m)^Pawn\s+` + first[1] + `\s`).MatchString(vout.String()) {
		t.Errorf("values after tuning do not show Pawn %s:\n%s", first[1], vout.String())
	}
	// A missing shard is refused.
	var e1, e2 bytes.Buffer
	if code := runMain([]string{"tune", "--fit", filepath.Join(dir, "d1.tsv")}, &e1, &e2); code == 0 || !strings.Contains(e2.String(), "shards missing (of 2): 2") {
		t.Errorf("fit of one shard of two: exit %d, %s", code, e2.String())
	}
}

// TestTuneTerms: the fit writes the weights of the terms --terms frees as
// @name lines, which loading the rule file then applies; a term not named
// keeps its weight; an unknown term is a usage error.
func TestTuneTerms(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "chess.zrf")
	src, err := os.ReadFile("../../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rules, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := runMain([]string{"tune", "--games", "6", "--depth", "1", "--random", "6", "--terms", "placement,tempo", rules}, &out, &errOut); code != 0 {
		t.Fatalf("tune: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "chess.values"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^@placement -?\d+ ± \d+$`).Match(b) || strings.Contains(string(b), "@king-attack") {
		t.Errorf("values file with --terms placement,tempo:\n%s", b)
	}
	out.Reset()
	errOut.Reset()
	if code := runMain([]string{"tune", "--games", "2", "--depth", "1", "--terms", "kingsafety", rules}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "kingsafety") {
		t.Errorf("unknown term: exit %d, %q", code, errOut.String())
	}
}
