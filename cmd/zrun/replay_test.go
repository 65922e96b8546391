// This file tests the "zrun replay" command. References: the well-known FEN
// of Fool's mate and saved games written by hand.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const zsgTestdata = "../../zrf/testdata/zsg"

func TestReplayCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMain([]string{"replay", "--path", "../../games", filepath.Join(zsgTestdata, "foolsmate.zsg")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"4 of 4 moves replayed",
		"FEN: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		"Result: Black wins by checkmate",
		"4  . . . . . . P q", // 2.g4 Qh4#: plain ASCII off a terminal
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// Chessence.zsg goes on after Black is stalemated (a loss under its rules):
// the result is the stalemate, and the report says where the game ended.
func TestReplayCommandPlayAfterTheEnd(t *testing.T) {
	game := "../../../shared/zrf-corpus/Chessence/Chessence.zsg"
	if _, err := os.Stat(game); err != nil {
		t.Skipf("corpus game absent: %v", err)
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"replay", game}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"83 of 83 moves replayed",
		"The game ended after move line 81 of 83 (stalemated); the 2 lines after it were played after the end",
		"Result: White wins by stalemate",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReplayCommandIllegal(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMain([]string{"replay", "--rules", "../../games/chess.zrf", filepath.Join(zsgTestdata, "illegal.zsg")}, &out, &errb)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if e := errb.String(); !strings.Contains(e, "illegal.zsg:6:1: move 2 \"Pawn e4 - e5\" is not a legal move; the 29 legal moves are:\n  Pawn a2 - a3\n") {
		t.Errorf("stderr:\n%s", e)
	}
	// The position where it stopped is shown.
	if !strings.Contains(out.String(), "2 of 3 moves replayed") || !strings.Contains(out.String(), "FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") {
		t.Errorf("stdout:\n%s", out.String())
	}
	code = runMain([]string{"replay", filepath.Join(zsgTestdata, "movesonly.zsg")}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "no RulesFile= line") {
		t.Errorf("moves-only file without --rules: exit %d, %s", code, errb.String())
	}
}

func TestReplaySaveRoundTrip(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.zsg")
	var o, e bytes.Buffer
	in := filepath.Join(zsgTestdata, "setup.zsg")
	if code := runMain([]string{"replay", "--path", "../../games", "--save", out, in}, &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile(in)
	if !bytes.Equal(got, want) {
		t.Errorf("saved:\n%s\nwant:\n%s", got, want)
	}
}
