// A four-player corpus game played in a room: two people through the API
// and two engine seats, for 20 moves, in the turn order the rule file
// publishes.

package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"zrun/gamestore"
)

func TestRoomFourPlayersTwoEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the engines think 20 moves")
	}
	file := corpus(t, "YoninShogi/YoninShogi.zrf")
	s, err := New([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	s.SetStore(gamestore.Memory())
	_, url := serveServer(t, s)
	// South and North are people; West and East the engine, a fifth of a
	// second a move; each side has 10 minutes and 5 s a move.
	inv, seat, watcher := invite(t, url, `{"engine":[false,true,false,true],"engineMs":200,"clock":{"mode":"fischer","baseMs":600000,"extraMs":5000}}`)
	order := []string{"South", "West", "North", "East"} // (turn-order South West North East)
	for i, sl := range inv.Seats {
		if sl.Name != order[i] || sl.Engine != (i%2 == 1) {
			t.Fatalf("seat %d: %+v", i, sl)
		}
	}
	rng := rand.New(rand.NewPCG(46, 4))
	deadline := time.Now().Add(90 * time.Second)
	refusedOnce := false
	for {
		st := rstate(t, watcher, inv.ID)
		if st.Room.Over {
			t.Fatalf("the game ended after %d moves: %s", len(st.History), st.Room.Result)
		}
		if len(st.History) >= 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d moves after 90 s; to move: %s", len(st.History), st.Room.Turn)
		}
		p := st.Room.ToMove
		if p%2 == 1 { // an engine's turn: it moves by itself
			time.Sleep(20 * time.Millisecond)
			continue
		}
		other := seat[2-p]
		if !refusedOnce {
			// The other person may not move for this one.
			post(t, other, inv.ID, "move", `{"index":0,"gen":1000000}`, http.StatusConflict)
			refusedOnce = true
		}
		me := rstate(t, seat[p], inv.ID)
		if me.Room.ToMove != p || len(me.Legal) == 0 {
			continue // the state moved on between the two reads
		}
		i := rng.IntN(len(me.Legal))
		post(t, seat[p], inv.ID, "move", fmt.Sprintf(`{"index":%d,"gen":%d}`, i, me.Gen), http.StatusOK)
	}
	st := rstate(t, watcher, inv.ID)
	for i, m := range st.History[:20] {
		if m.Player != order[i%4] {
			t.Errorf("move %d (%s) was %s's, want %s's", i+1, m.Zil, m.Player, order[i%4])
		}
	}
	// The stored game replays to the same moves (its .zsg, Zillions' own
	// format, names the variant and every move).
	code, zsg := watcher.do("GET", "/api/r/"+inv.ID+"/save.zsg", "")
	if code != 200 || !strings.Contains(zsg, "Yonin Shogi") || strings.Count(zsg, "\n") < 6 {
		t.Errorf("save.zsg: %d %.300s", code, zsg)
	}
	js, _ := json.Marshal(st.Room.Clock.Left)
	t.Logf("20 moves (10 by the engine seats); clocks left %s ms", js)
}
