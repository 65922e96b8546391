//go:build slow

// This file checks the corpus games without a legal move at their start
// (perft(2) = 0): the set, and the reason WhyNoStartMoves gives for each,
// so a real regression (a game that stops moving) cannot hide among the
// games that are meant not to move here. It loads every corpus file
// (minutes on a busy machine), so it runs with the slow tag:
//
//	go test -tags slow -run TestNoStartMovesCorpus ./zrf

package zrf

import (
	"path/filepath"
	"strings"
	"testing"

	"zrun/vm"
)

// Why the first player cannot move: phrases WhyNoStartMoves must say. The
// Dagaz ones come from the stub warnings (dagaz.go), which read the files'
// raw text; blocked and secondStuck games carry a note from reading the file.
const (
	setupJS     = "the setup lives in Dagaz's JavaScript"
	movesJS     = "the pieces' moves live in Dagaz's JavaScript"
	setupLost   = "names positions this board does not have"
	blocked     = "none of them can move in this position"
	secondStuck = "after the first move: " // the first player moves; the second then cannot
)

// noStartGames lists the games of the corpus with perft(2) = 0, by file and
// title ("*": every game of the file), the phrase their reason contains and,
// where the stubs do not explain it, what reading the file shows.
var noStartGames = []struct {
	file   string
	titles []string
	why    string
	note   string
}{
	{"GlukKazan+Dagaz/src/debug/games/arrange/l-game.zrf", []string{"L Game"}, movesJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/chess/retrograde-chess.zrf", []string{"Retrograde Chess"}, setupJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/domino/pyramid-solitaire.zrf", []string{"Pyramid"}, setupJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/other-games/find-pair.zrf", []string{"Find Pair"}, movesJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/other-games/klondike.zrf", []string{"Klondike"}, setupJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/other-games/mahjong-solitaire.zrf", []string{"Mahjong solitaire", "Mahjong solitaire"}, setupJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/races/fangyuan-tiaoqi.zrf", []string{"Fangyuan TiaoQi"}, movesJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/xiangqi/banqi.zrf", []string{"Banqi (Taiwanese)", "Banqi (Chinese)", "Banqi (Large)"}, setupJS, ""},
	{"GlukKazan+Dagaz/src/debug/games/xiangqi/chess-go.zrf", []string{"Chess Go", "Chess Go (19x19)", "Chess Go (17x17)"}, blocked, "every piece is dropped onto a friendly Stone, and the Stones have no \"off N\"; the file bears no mark of Dagaz (no Dagaz option or attribute, and its other pieces are in hand), so it is read as Zillions reads it: no Stones in hand (readDagaz)"},
	{"GlukKazan+Dagaz/_history/src/debug/games/go/margo.zrf", []string{"MarGo"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/arrange/zrf/epsilon-64.zrf", []string{"Epsilon 64"}, blocked, "the Stones start on the reserve grid X/Y, which has no directions to the board: Dagaz's JavaScript brings them in"},
	{"DagazProject+DagazProject.github.io/arrange/zrf/fool.zrf", []string{"Fool"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/arrange/zrf/hippos-and-crocodiles.zrf", []string{"Hippos and Crocodiles"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/arrange/zrf/klondike.zrf", []string{"Klondike"}, setupJS, ""},
	{"DagazProject+DagazProject.github.io/breakthrough/zrf/jungle.zrf", []string{"Animal Checkers"}, setupLost, ""},
	{"DagazProject+DagazProject.github.io/checkers-like/zrf/dragon-eyes.zrf", []string{"Dragon Eyes"}, setupJS, ""},
	{"DagazProject+DagazProject.github.io/checkers/zrf/lika.zrf", []string{"Lika"}, blocked, "(symmetry White (nw se) ...) turns White's forward nw/ne into se/sw, off White's own first rank"},
	{"DagazProject+DagazProject.github.io/checkers/zrf/russian-checkers.zrf", []string{"Cossacs"}, blocked, "Cossacs sets White's men on ranks 7 and 8 and moves them nw/ne, off the board: the setup is the wrong way round"},
	{"DagazProject+DagazProject.github.io/checkers/zrf/stapeldammen.zrf", []string{"Frisian Columns"}, secondStuck, "(players White Red), but the setup gives the other side's men to Black: Red has no pieces after White's first move"},
	{"DagazProject+DagazProject.github.io/checkers/zrf/stavropol-adiuh-checkers.zrf", []string{"King Adiuh Checkers (10x10)"}, secondStuck, "the BlackMan's shifts are sw/se, which (symmetry Black (nw se) ...) turns backwards, toward Black's own edge"},
	{"DagazProject+DagazProject.github.io/checkmate/zrf/3d-klin-zha.zrf", []string{"3D Klin Zha"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/checkmate/zrf/cyvasse.zrf", []string{"Nine-Tile Cyvasse"}, blocked, "the pieces start on the reserve grid (X/Y/Z, x/y/z), which has no directions to the board: Dagaz's JavaScript places them"},
	{"DagazProject+DagazProject.github.io/checkmate/zrf/esoteric-fairy-eater.zrf", []string{"Esoteric Fairy Eater"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/checkmate/zrf/klin-zha.zrf", []string{"Klin Zha"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", []string{"Raumschach"}, setupJS, ""},
	{"DagazProject+DagazProject.github.io/elimination/zrf/hive.zrf", []string{"Hive"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/rubik/zrf/rubik-2x2x2.zrf", []string{"Rubik (2x2x2)"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/rubik/zrf/rubik-3x3.zrf", []string{"Rubik (3x3)"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/rubik/zrf/rubik-3x3x3.zrf", []string{"Rubik (3x3x3)"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/rubik/zrf/rubik-4x4x4.zrf", []string{"Rubik (4x4x4)"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/sliding-puzzles/zrf/3d-maze.zrf", []string{"3D Maze"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/sliding-puzzles/zrf/bills-burr.zrf", []string{"Bill's Baffling Burr"}, movesJS, ""},
	{"DagazProject+DagazProject.github.io/xiangqi/zrf/3d-xiangqi.zrf", []string{"3D XiangQi"}, setupJS, ""},
	{"DagazProject+DagazProject.github.io/_history/rubik/zrf/rubik.zrf", []string{"Rubik (3x3)"}, movesJS, ""},
	{"stepney141+Dagaz/_history/refactoring/src/debug/games/xiangqi/chess-go.zrf", []string{"Chess Go", "Chess Go (19x19)", "Chess Go (17x17)"}, blocked, "every piece is dropped onto a friendly Stone, and the Stones have no \"off N\"; the file bears no mark of Dagaz (no Dagaz option or attribute, and its other pieces are in hand), so it is read as Zillions reads it: no Stones in hand (readDagaz)"},
}

// TestNoStartMovesCorpus finds every corpus game (Axiom ones aside) with
// perft(2) = 0 and compares the set and the reasons with noStartGames.
func TestNoStartMovesCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	want := map[string]string{} // file|title -> phrase
	all := map[string]string{}  // file -> phrase, for "*"
	for _, e := range noStartGames {
		for _, title := range e.titles {
			if title == "*" {
				all[e.file] = e.why
			} else {
				want[e.file+"|"+title] = e.why
			}
		}
	}
	found := 0
	seen := map[string]bool{}
	for _, e := range readManifest(t) {
		if e.kind == "include" || e.kind == "axiom" {
			continue
		}
		f, _ := LoadFile(filepath.Join(corpusDir, e.path))
		if f == nil {
			continue
		}
		for _, gd := range f.Games {
			k := e.path + "|" + gd.Game.Title
			phrase, listed := want[k]
			if p, ok := all[e.path]; ok {
				phrase, listed = p, true
			}
			why, stuck := noStartReason(t, gd)
			switch {
			case !stuck && listed:
				t.Errorf("%s %q: listed without a start move (%s), but perft(2) > 0", e.path, gd.Game.Title, phrase)
			case stuck && !listed:
				t.Errorf("%s %q: perft(2) = 0, not listed: %s", e.path, gd.Game.Title, why)
			case stuck && !strings.Contains(why, phrase):
				t.Errorf("%s %q: reason %q, want one saying %q", e.path, gd.Game.Title, why, phrase)
			}
			if stuck {
				found++
			}
			seen[k] = true
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("%s: listed, but no such game loads", k)
		}
	}
	t.Logf("%d corpus games without a legal move in their first two plies", found)
}

// noStartReason reports whether the game's perft(2) is 0 and why: the
// first player's reason (WhyNoStartMoves), or when the first player can
// move, the second player's after the first move.
func noStartReason(t *testing.T, gd *GameDef) (string, bool) {
	t.Helper()
	why, err := gd.WhyNoStartMoves()
	if err != nil {
		t.Fatalf("%q: %v", gd.Game.Title, err)
	}
	if why != "" {
		return why, true
	}
	s, err := vm.NewState(gd.Game)
	if err != nil {
		t.Fatal(err)
	}
	var first, reply vm.MoveList
	if err := s.Generate(&first); err != nil {
		t.Fatal(err)
	}
	for i := range first.Moves {
		if err := s.Make(&first.Moves[i]); err != nil {
			t.Fatal(err)
		}
		err := s.Generate(&reply)
		stuck := err == nil && len(reply.Moves) == 0
		if !stuck {
			s.Unmake()
			return "", false
		}
		if i == len(first.Moves)-1 {
			w, _ := s.WhyNoMoves()
			s.Unmake()
			return secondStuck + w.Msg, true
		}
		s.Unmake()
	}
	return "", false
}
