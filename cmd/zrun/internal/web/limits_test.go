package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"zrun/gamestore"
)

func TestRateLimiter(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	l := newRateLimiter(10, 20)
	l.now = ft.Now
	n := 0
	for l.allow("a") {
		n++
	}
	if n != 20 || !l.allow("b") {
		t.Fatalf("a burst of %d (want 20); another key refused", n)
	}
	ft.Advance(500 * time.Millisecond) // 5 tokens back
	n = 0
	for l.allow("a") {
		n++
	}
	if n != 5 {
		t.Errorf("after 0.5 s: %d allowed, want 5", n)
	}
}

// One client may send a game at most a burst of changes at once, and may
// have at most maxGamesPerClient unfinished games of its making.
func TestRoomClientLimits(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{}`)
	codes := map[int]int{}
	for range roomWriteBurst + 5 {
		code, _ := seat[1].do("POST", "/api/r/"+inv.ID+"/move", `{"text":"e7e5"}`, "Content-Type", "application/json")
		codes[code]++
	}
	if codes[http.StatusTooManyRequests] != 5 || codes[http.StatusConflict] != roomWriteBurst {
		t.Errorf("answers %v, want %d refusals (not your turn) then 5 of too many", codes, roomWriteBurst)
	}
	host := browser(t, url)
	for i := 1; i < maxGamesPerClient; i++ { // the first was made above
		if code, body := host.do("POST", "/api/g/0/invite", `{}`, "Content-Type", "application/json"); code != http.StatusCreated {
			t.Fatalf("invite %d: %d %s", i+1, code, body)
		}
	}
	code, body := host.do("POST", "/api/g/0/invite", `{}`, "Content-Type", "application/json")
	if code != http.StatusTooManyRequests || !strings.Contains(body, fmt.Sprintf("you have made %d shared games", maxGamesPerClient)) {
		t.Errorf("invite beyond the limit: %d %s", code, body)
	}
}
