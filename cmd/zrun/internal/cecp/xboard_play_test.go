// This file plays whole games between XBoard's user side (a scripted
// mouse) and zrun under real XBoard: English checkers from the corpus,
// whose second player (Black) moves first and whose men no Betza string
// describes, so that XBoard must accept zrun's moves with the colours
// swapped and wildcard images (colors.go, setup.go). A mirror session in
// the test follows the game to choose the user's moves and their legs;
// the debug log must show no illegal move, forfeit or error. A short game
// runs by default when xboard and Xvfb are installed; -slow plays 20 moves
// a side.

package cecp

import (
	"io"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
)

var englishCheckers = xbGame{"../../../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf",
	"checkers-(english-draughts)", 8, 8}

func TestRealXBoardEnglishCheckers(t *testing.T) {
	moves := 3 // a side, by default: a quick check that no move is refused
	if *slow {
		moves = 20
	}
	playXBoardGame(t, "english-checkers", englishCheckers, moves)
}

// playXBoardGame plays moves moves a side: the user (XBoard's White, the
// side that moves first) picks up a piece, passes through each stop zrun
// highlights in cyan, and puts it down; zrun answers.
func playXBoardGame(t *testing.T, name string, game xbGame, moves int) {
	if !fileExists(game.rules) {
		t.Skipf("%s not found", game.rules)
	}
	cat, err := play.LoadCatalog([]string{game.rules})
	if err != nil {
		t.Fatal(err)
	}
	mirror, err := New(cat, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	mirror.cmdVariant(game.variant)
	mirror.force = true
	u := launchXBoard(t, name, game, "-searchDepth", "2")
	// XBoard takes the first click only once it is idle after the setup.
	time.Sleep(2 * time.Second)
	for i := 0; i < moves; i++ {
		if o := mirror.g.Outcome(); o.Over {
			t.Logf("game over after %d moves: %s", i, mirror.g.ResultText(o))
			break
		}
		// The user's move, all its parts (a multiple jump): each part
		// is played in the mirror as it is chosen, then the mouse goes
		// through every stop of every part.
		user := mirror.g.S.Chooser()
		var legs []string
		for {
			text, more := userChoice(t, mirror)
			if err := mirror.makeLegs(text); err != nil {
				t.Fatalf("move %d: the mirror refuses the user's %s: %v", i+1, text, err)
			}
			legs = append(legs, strings.Split(text, ",")...)
			if !more || mirror.g.S.Chooser() != user || mirror.g.Outcome().Over {
				break
			}
		}
		text := strings.Join(legs, ",")
		u.lift(legs[0][:2], "")
		for _, leg := range legs[:len(legs)-1] {
			u.hop(leg[:2], leg[2:4])
		}
		last := legs[len(legs)-1]
		u.drop(last[:2], last[2:4])
		if o := mirror.g.Outcome(); o.Over {
			break
		}
		reply := u.reply()
		for strings.HasSuffix(reply, ",") {
			reply += u.reply()
		}
		t.Logf("move %d: user %s, zrun %s", i+1, text, reply)
		if err := mirror.makeLegs(reply); err != nil {
			t.Fatalf("move %d: zrun's reply %s is not legal: %v", i+1, reply, err)
		}
	}
	time.Sleep(time.Second)
	u.shot("end")
}

// userChoice picks the user's move as a player would, by a shallow search
// of the mirror (so that the game lasts and both sides meet multiple jumps
// and crowning, not only the engine); more says that the move goes on with
// another part.
func userChoice(t *testing.T, c *Session) (text string, more bool) {
	t.Helper()
	ml, err := c.g.Legal()
	if err != nil || len(ml.Moves) == 0 {
		t.Fatalf("no legal move for the user: %v", err)
	}
	i, err := c.g.Search(ml, engine.Limits{Depth: 4}, nil)
	if err != nil {
		t.Fatalf("the user's search: %v", err)
	}
	m := &ml.Moves[i]
	return c.board.moveText(c.g.S, m), c.continues(m)
}

// Xiangqi from the corpus (Dagaz's file), which XBoard plays by its own
// rules: the user's and zrun's moves must pass XBoard's own legality test.
func TestRealXBoardXiangqi(t *testing.T) {
	if !*slow {
		t.Skip("real-XBoard game: run with -args -slow")
	}
	playXBoardGame(t, "xiangqi", xbGame{"../../../../../shared/zrf-corpus/GlukKazan+Dagaz/src/debug/games/xiangqi/xiangqi.zrf",
		"xiangqi", 9, 10}, 20)
}
