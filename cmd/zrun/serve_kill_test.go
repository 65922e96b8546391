// This file tests that zrun serve --data survives SIGKILL: 20 shared games
// with running clocks, the server killed without warning in the middle,
// restarted on the same data folder; every game resumes with its moves,
// its seats and the time its clocks had.

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/cookiejar"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/roomclient"
	"zrun/cmd/zrun/internal/testbin"
)

// server is a running zrun serve.
type server struct {
	cmd   *exec.Cmd
	url   string
	ready time.Time // when it printed its address (its games resumed)
}

func startServe(t *testing.T, bin, dir string) *server {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", dir, "../../games/chess.zrf")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "zrun: serving on "); ok {
			go io.Copy(io.Discard, out)
			return &server{cmd: cmd, url: strings.TrimSuffix(u, "/"), ready: time.Now()}
		}
	}
	t.Fatalf("zrun serve printed no address; stderr:\n%s", stderr.String())
	return nil
}

// killedGame is one game as its seats saw it just before the kill.
type killedGame struct {
	seats []*roomclient.Client
	moves []string
	left  []float64 // each seat's time at the kill, ms
	mover int
	read  time.Time // when the clock was read before the kill
}

func TestServeSIGKILLResumesGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the SIGKILL restart test builds and runs zrun serve (about 15 s)")
	}
	bin := testbin.Zrun(t)
	dir := t.TempDir()
	srv := startServe(t, bin, dir)
	line := strings.Fields("e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5")
	modes := []string{"fischer", "bronstein", "delay", "permove"}
	games := make([]*killedGame, 20)
	for i := range games {
		jar, _ := cookiejar.New(nil)
		host := &http.Client{Jar: jar}
		if _, err := host.Get(srv.url + "/"); err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf(`{"clock":{"mode":%q,"baseMs":%d,"extraMs":2000}}`, modes[i%4], 300000+i*1000)
		resp, err := host.Post(srv.url+"/api/g/0/invite", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var inv struct{ Seats []struct{ Link string } }
		json.NewDecoder(resp.Body).Decode(&inv)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated || len(inv.Seats) != 2 {
			t.Fatalf("invite %d: %s", i, resp.Status)
		}
		g := &killedGame{}
		for _, s := range inv.Seats {
			c, err := roomclient.Join(srv.url + s.Link)
			if err != nil {
				t.Fatal(err)
			}
			g.seats = append(g.seats, c)
		}
		// Game i gets i%7+1 moves, a few milliseconds apart.
		for k := 0; k <= i%7; k++ {
			if _, err := g.seats[k%2].Move(line[k]); err != nil {
				t.Fatalf("game %d move %d: %v", i, k+1, err)
			}
			g.moves = append(g.moves, line[k])
		}
		games[i] = g
	}
	// The clocks run; then each game's clock is read and the server
	// killed at once, between two moves of its players.
	time.Sleep(1500 * time.Millisecond)
	for i, g := range games {
		st, err := g.seats[0].State()
		if err != nil {
			t.Fatal(err)
		}
		if len(st.History) != len(g.moves) || !st.Room.Clock.Running {
			t.Fatalf("game %d before the kill: %d moves, running %v", i, len(st.History), st.Room.Clock.Running)
		}
		g.mover, g.read = st.Room.Clock.Mover, st.At
		for _, ms := range st.Room.Clock.Left {
			g.left = append(g.left, float64(ms))
		}
	}
	if err := srv.cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	killed := time.Now()
	srv.cmd.Wait()
	for _, g := range games {
		g.left[g.mover] -= float64(killed.Sub(g.read).Milliseconds())
	}
	time.Sleep(2 * time.Second) // down for a while: that time is nobody's

	srv = startServe(t, bin, dir)
	var devs []float64
	for i, g := range games {
		for p, c := range g.seats {
			c.SetServer(srv.url) // the same seat's cookies, the new address
			st, err := c.State()
			if err != nil {
				t.Fatalf("game %d after the restart: %v", i, err)
			}
			if st.Room.You != p {
				t.Errorf("game %d: seat %d's holder is now seat %d", i, p, st.Room.You)
			}
			if got := strings.Join(st.Coords(), " "); got != strings.Join(g.moves, " ") {
				t.Errorf("game %d: moves %q, want %q", i, got, strings.Join(g.moves, " "))
			}
			ck := st.Room.Clock
			if ck == nil || !ck.Running || ck.Mover != g.mover {
				t.Fatalf("game %d: clock after the restart %+v", i, ck)
			}
			for q, ms := range ck.Left {
				want := g.left[q]
				if q == g.mover {
					// It ran again from when the server came back.
					want -= float64(st.At.Sub(srv.ready).Milliseconds())
				} else if float64(ms) != want {
					t.Errorf("game %d: the waiting seat %d has %d ms, had %.0f", i, q, ms, want)
				}
				if q == g.mover && p == 0 {
					d := float64(ms) - want
					devs = append(devs, d)
					if math.Abs(d) > 1000 {
						t.Errorf("game %d: the mover's clock is %d ms, want %.0f (±1 s)", i, ms, want)
					}
				}
			}
		}
		if _, err := g.seats[g.mover].Move(line[len(g.moves)]); err != nil {
			t.Errorf("game %d: a move after the restart: %v", i, err)
		}
	}
	sort.Float64s(devs)
	t.Logf("20 games resumed; the mover's clock against the time it had at the kill (ms, + is time given back): min %.0f, median %.0f, max %.0f",
		devs[0], devs[len(devs)/2], devs[len(devs)-1])
}
