// This file tests "zrun match" end to end: zrun against itself through the
// CECP pipes, sharded and merged, and scored near zero Elo.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/testbin"
	"zrun/match"
)

// runMatchCmd runs "zrun match" with args, failing the test unless it
// exits 0, and returns its output.
func runMatchCmd(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := runMain(append([]string{"match"}, args...), &out, &errOut); code != 0 {
		t.Fatalf("zrun match %q: exit %d\n%s%s", args, code, out.String(), errOut.String())
	}
	return out.String()
}

func finalLine(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if s, ok := strings.CutPrefix(l, "final: "); ok {
			return s
		}
	}
	t.Fatalf("no final line in\n%s", out)
	return ""
}

// Shards of a match, merged, give the totals and the pair-by-pair results of
// one run: the pairs are numbered, each shard plays its own, every game
// starts fresh processes, and a fixed depth makes zrun deterministic.
func TestMatchShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zrun and plays games")
	}
	bin := testbin.Zrun(t)
	game := "../../games/chess.zrf"
	eng := bin + " xboard " + game
	dir := t.TempDir()
	common := []string{"--cand", eng, "--base", eng, "--depth", "1", "--games", "6", "--seed", "7", "--quiet"}
	whole := filepath.Join(dir, "whole.jsonl")
	one := runMatchCmd(t, append(common, "--out", whole, game)...)
	var shards []string
	for _, sh := range []string{"1/2", "2/2"} {
		f := filepath.Join(dir, strings.ReplaceAll(sh, "/", "of")+".jsonl")
		runMatchCmd(t, append(common, "--shard", sh, "--out", f, game)...)
		shards = append(shards, f)
	}
	merged := runMatchCmd(t, append([]string{"--merge"}, shards...)...)
	if a, b := finalLine(t, one), finalLine(t, merged); a != b {
		t.Errorf("one run: %s\nmerged shards: %s", a, b)
	}
	if !strings.Contains(merged, "merged 3 pairs from 2 files") {
		t.Errorf("merge output:\n%s", merged)
	}
	a, _, err := match.ReadRecords([]string{whole})
	if err != nil {
		t.Fatal(err)
	}
	b, missing, err := match.ReadRecords(shards)
	if err != nil || len(missing) > 0 {
		t.Fatal(err, missing)
	}
	if len(a) != 3 || len(b) != 3 {
		t.Fatalf("pairs: one run %d, shards %d; want 3", len(a), len(b))
	}
	for i := range a {
		if a[i].Pair != b[i].Pair || strings.Join(a[i].Opening, " ") != strings.Join(b[i].Opening, " ") ||
			a[i].Score[0] != b[i].Score[0] || a[i].Score[1] != b[i].Score[1] {
			t.Errorf("pair %d: one run %+v, shards %+v", i, a[i], b[i])
		}
	}
	// A shard file merged twice would count its pairs twice: refused.
	var out, errOut bytes.Buffer
	if code := runMain([]string{"match", "--merge", shards[0], shards[0]}, &out, &errOut); code == 0 {
		t.Errorf("a shard merged twice was accepted:\n%s", out.String())
	}
	// One shard alone: its pairs are reported, and the other is missing.
	out.Reset()
	if code := runMain([]string{"match", "--merge", shards[1]}, &out, &errOut); code != 1 || !strings.Contains(out.String(), "missing or unfinished shards: [1]") {
		t.Errorf("merge of one shard of two: exit %d\n%s", code, out.String())
	}
}

var eloLine = regexp.MustCompile(`Elo (-?[0-9.]+) \[(-?[0-9.]+), (-?[0-9.]+)\]`)

// zrun against itself at depth 2: the same program on both sides of each
// opening plays the same game with the colours swapped, so every pair
// scores exactly one point, the pentanomial count is all in the middle and
// the Elo is 0; the trinomial count of the same games (decisive games do
// happen) puts 0 inside an interval of some width.
func TestMatchSelfPlayNearZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zrun and plays games")
	}
	bin := testbin.Zrun(t)
	game := "../../games/chess.zrf"
	eng := bin + " xboard " + game
	dir := t.TempDir()
	rec := filepath.Join(dir, "self.jsonl")
	out := runMatchCmd(t, "--cand", eng, "--base", eng, "--depth", "2", "--games", "8", "--concurrency", "2",
		"--out", rec, "--sprt", "elo0=0,elo1=5", game)
	final := finalLine(t, out)
	if !strings.Contains(final, "games 8: ") || !strings.Contains(final, "pairs [0 0 4 0 0]") {
		t.Errorf("self-play pairs should all score one point: %s", final)
	}
	// Four pairs of exactly one point each: the score is H0's (Elo 0), so
	// the LLR leans to H0, but four pairs decide nothing: with the zero
	// counts regularised (fishtest) it stays just below 0, inside ±ln 19.
	if m := regexp.MustCompile(`LLR (-?[0-9.]+) \[-2\.94, 2\.94\]`).FindStringSubmatch(final); m == nil {
		t.Errorf("want an LLR with bounds ±ln 19: %s", final)
	} else if llr, _ := strconv.ParseFloat(m[1], 64); llr > 0 || llr < -0.5 {
		t.Errorf("LLR %g: want just below 0 (the score is H0's; four pairs decide nothing): %s", llr, final)
	}
	tri := runMatchCmd(t, "--merge", "--trinomial", rec)
	m := eloLine.FindStringSubmatch(finalLine(t, tri))
	if m == nil {
		// All 8 games drawn: the score is ½ with no variance.
		if !strings.Contains(tri, "D 8") {
			t.Fatalf("no Elo in %s", tri)
		}
		return
	}
	elo, _ := strconv.ParseFloat(m[1], 64)
	lo, _ := strconv.ParseFloat(m[2], 64)
	hi, _ := strconv.ParseFloat(m[3], 64)
	if elo != 0 || lo > 0 || hi < 0 {
		t.Errorf("self-play Elo %g [%g, %g]: want 0 inside the interval", elo, lo, hi)
	}
	if _, err := os.Stat(rec); err != nil {
		t.Error(err)
	}
}

// Both protocols on a clock: zrun's CECP mode against its UCI mode at
// 1+0.05 finishes its games with moves the rules accept (no illegal move,
// no engine failure: time losses are the machine's load, not a protocol
// fault).
func TestMatchCECPAgainstUCIOnClock(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zrun and plays games")
	}
	bin := testbin.Zrun(t)
	game := "../../games/chess.zrf"
	rec := filepath.Join(t.TempDir(), "clock.jsonl")
	out := runMatchCmd(t, "--cand", bin+" xboard "+game, "--base", "uci:"+bin+" uci "+game,
		"--tc", "1+0.05", "--games", "2", "--max-plies", "60", "--out", rec, game)
	if !strings.Contains(finalLine(t, out), "games 2: ") {
		t.Fatalf("two games wanted:\n%s", out)
	}
	recs, _, err := match.ReadRecords([]string{rec})
	if err != nil || len(recs) != 1 {
		t.Fatal(err, recs)
	}
	for _, why := range recs[0].Reasons {
		if strings.Contains(why, "illegal") || strings.Contains(why, "engine failure") || strings.Contains(why, "setup") {
			t.Errorf("protocol problem: %s", why)
		}
	}
	for i, p := range recs[0].Plies {
		if p < 8 {
			t.Errorf("game %d ended after %d plies (%s): the engines hardly played", i, p, recs[0].Reasons[i])
		}
	}
}
