// This file defines the REPL playing a seat of a shared game of a zrun
// server ("zrun join LINK"): the game is the server's; a typed move (or
// "go", the local engine's choice) is sent to it, and the local game
// follows the server's event stream, showing the other players' moves,
// the server's clock, offers and the result. Commands that would change
// the game on their own (new, setboard, load ...) are refused; undo asks
// the other players for a take-back.

package repl

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/roomclient"
)

// joined is the shared game a Session plays a seat of.
type joined struct {
	c      *roomclient.Client
	st     *roomclient.State // the last state applied
	tmp    string            // the downloaded rule file's folder, removed on Close
	cancel context.CancelFunc
	// changed is closed and replaced each time a state is applied, waking
	// the wait command.
	changed chan struct{}
}

// JoinOptions are zrun join's choices.
type JoinOptions struct {
	// Rules is a local copy of the rule file; "" downloads the server's.
	Rules string
	Term  bool // a person at a terminal
	Color bool // ANSI colours
}

// Join opens the REPL on the shared game of link (a seat's link takes the
// seat; the spectators' link watches). Close ends it.
func Join(link string, opt JoinOptions, out io.Writer) (*Session, error) {
	c, err := roomclient.Join(link)
	if err != nil {
		return nil, err
	}
	st, err := c.State()
	if err != nil {
		return nil, err
	}
	j := &joined{c: c, changed: make(chan struct{})}
	path := opt.Rules
	if path == "" {
		text, name, err := c.Rules()
		if err != nil {
			return nil, fmt.Errorf("downloading the game's rule file: %w", err)
		}
		if j.tmp, err = os.MkdirTemp("", "zrun-join-"); err != nil {
			return nil, err
		}
		path = filepath.Join(j.tmp, name)
		if err := os.WriteFile(path, text, 0o600); err != nil {
			os.RemoveAll(j.tmp)
			return nil, err
		}
	} else if b, err := os.ReadFile(path); err != nil {
		return nil, err
	} else if sum := sha256.Sum256(b); st.Room.RulesSHA256 != "" && hex.EncodeToString(sum[:]) != st.Room.RulesSHA256 {
		fmt.Fprintf(out, "Note: %s differs from the rule file the game was made with (%s); the moves may not replay.\n", path, st.Room.Rules)
	}
	r, err := New(path, st.Room.Variant, out, opt.Term, opt.Color)
	if err != nil {
		if j.tmp != "" {
			os.RemoveAll(j.tmp)
			err = fmt.Errorf("%w\n(the server's rule file %s did not load on its own; if it includes other files, give your copy with --rules FILE)", err, st.Room.Rules)
		}
		return nil, err
	}
	r.room = j
	if err := r.apply(st, false); err != nil {
		r.Close()
		return nil, err
	}
	r.greet()
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	go r.follow(ctx)
	return r, nil
}

// Close ends a joined game's event stream and removes its downloaded
// rule file; the seat stays held (its link takes it again).
func (r *Session) Close() {
	if j := r.room; j != nil {
		if j.cancel != nil {
			j.cancel()
		}
		if j.tmp != "" {
			os.RemoveAll(j.tmp)
		}
	}
}

// greet says which game this is and which seat the terminal plays.
func (r *Session) greet() {
	st := r.room.st
	who := "watching (the spectators' link)"
	if y := st.Room.You; y >= 0 && y < len(st.Room.Seats) {
		who = "you play " + st.Room.Seats[y].Name
	}
	fmt.Fprintf(r.out, "Joined %s (%s) at %s: %s. Type help for the commands.\n", st.Room.Variant, st.Room.Rules, r.room.c.URL("/r/"+r.room.c.ID()+"/"), who)
	r.showRoom(false)
}

// follow applies the server's changes as its event stream announces them.
func (r *Session) follow(ctx context.Context) {
	for seq := range r.room.c.Events(ctx) {
		r.mu.Lock()
		stale := r.room.st == nil || seq != r.room.st.Room.Seq
		r.mu.Unlock()
		if !stale {
			continue
		}
		st, err := r.room.c.State()
		r.mu.Lock()
		if r.term && r.prompting {
			// The news goes over the prompt line, and the prompt (who
			// is to move now) is written again below it; liner redraws
			// what was typed at the next key.
			fmt.Fprint(r.out, "\r\033[K")
		}
		if err != nil {
			fmt.Fprintln(r.out, "Server:", err)
		} else if err := r.apply(st, true); err != nil {
			fmt.Fprintln(r.out, "Error:", err)
		}
		if r.term && r.prompting {
			fmt.Fprint(r.out, r.prompt())
		}
		r.mu.Unlock()
	}
}

// apply makes the local game the server's: the new moves are played (and
// reported, when tell), a game taken back is replayed from its start; then
// what changed in the room is said. r.mu is held (or nothing else runs).
func (r *Session) apply(st *roomclient.State, tell bool) error {
	j := r.room
	if j.st != nil && st.Room.Seq < j.st.Room.Seq {
		return nil // an older answer, overtaken
	}
	old := j.st
	coords := st.Coords()
	local := make([]string, len(r.game.History()))
	for i, p := range r.game.History() {
		local[i] = p.Coord
	}
	moved := false
	if len(local) > len(coords) || !slices.Equal(local, coords[:len(local)]) {
		if err := r.game.Restart(); err != nil {
			return err
		}
		if st.Room.Setup != "" && st.Room.Setup != "start" {
			if err := r.game.SetFEN(st.Room.Setup); err != nil {
				return fmt.Errorf("the game's setup: %v", err)
			}
		}
		local = nil
		if tell {
			fmt.Fprintf(r.out, "The game went back to move %d\n", len(coords))
		}
		moved = true
	}
	for i := len(local); i < len(coords); i++ {
		ml, err := r.game.Legal()
		if err != nil {
			return err
		}
		k := -1
		for n := range ml.Moves {
			if r.game.S.CoordString(&ml.Moves[n]) == coords[i] {
				k = n
				break
			}
		}
		if k < 0 {
			return fmt.Errorf("the server's move %d (%s) is not legal here: the rule files differ", i+1, coords[i])
		}
		who := r.game.G.Players[r.game.S.Chooser()].Name
		text := r.game.ShortMoveText(ml, k)
		if err := r.game.Play(ml, k, false); err != nil {
			return err
		}
		if tell && i >= len(coords)-8 {
			fmt.Fprintf(r.out, "%s plays %s\n", who, text)
		}
		moved = true
	}
	j.st = st
	close(j.changed)
	j.changed = make(chan struct{})
	if !tell {
		return nil
	}
	if moved && r.term {
		r.showBoard()
	}
	r.tellRoom(old, moved)
	return nil
}

// tellRoom says what changed in the room since old: an offer made or
// answered, a pause, the result, a note, who came and went, and the clock
// and turn after a move. r.mu is held.
func (r *Session) tellRoom(old *roomclient.State, moved bool) {
	now, was := &r.room.st.Room, &old.Room
	switch {
	case now.Offer != nil && (was.Offer == nil || *was.Offer != *now.Offer):
		if now.Offer.From == now.You {
			fmt.Fprintf(r.out, "You offer %s; waiting for the other players\n", offerWords[now.Offer.Kind])
		} else {
			fmt.Fprintf(r.out, "%s offers %s: type accept or decline\n", now.Offer.FromName, offerWords[now.Offer.Kind])
		}
	case now.Offer == nil && was.Offer != nil && now.Note == "" && !moved:
		fmt.Fprintf(r.out, "The offer of %s is settled\n", offerWords[was.Offer.Kind])
	}
	if now.Note != "" && now.Note != was.Note {
		fmt.Fprintln(r.out, now.Note)
	}
	for i, s := range now.Seats {
		if i < len(was.Seats) && i != now.You && s.Connected != was.Seats[i].Connected && !s.Engine {
			fmt.Fprintf(r.out, "%s %s\n", s.Name, map[bool]string{true: "is here", false: "has left the page"}[s.Connected])
		}
	}
	if moved || now.Over != was.Over || now.Paused != was.Paused {
		r.showRoom(false)
	}
}

var offerWords = map[string]string{"draw": "a draw", "takeback": "to take back a move", "pause": "a pause", "resume": "to resume"}

// showRoom prints the server's clock and whose turn it is (the board too
// at a terminal when board).
func (r *Session) showRoom(board bool) {
	st := r.room.st
	if board && r.term {
		r.showBoard()
	}
	if c := st.ClockText(time.Now()); c != "" {
		fmt.Fprintln(r.out, c)
	}
	if st.Room.Over {
		fmt.Fprintln(r.out, "Game over: "+st.Room.Result)
		return
	}
	if !(board || r.term) || st.Room.Turn != r.game.Status() { // the board's status line said it
		fmt.Fprintln(r.out, st.Room.Turn)
	}
}

// sendMove plays the legal move i's coordinate text through the server;
// the answer's state shows it played. r.mu is held.
func (r *Session) sendMove(coord string) error {
	st, err := r.room.c.Move(coord)
	if err != nil {
		return err
	}
	return r.apply(st, true)
}

// joinCommand runs the commands a joined game adds or changes; ok false:
// not one of them.
func (r *Session) joinCommand(name, args string) (ok bool, err error) {
	j := r.room
	send := func(f func() (*roomclient.State, error)) error {
		st, err := f()
		if err != nil {
			return err
		}
		return r.apply(st, true)
	}
	switch name {
	case "resign":
		return true, send(j.c.Resign)
	case "draw", "pause", "resume", "takeback":
		return true, send(func() (*roomclient.State, error) { return j.c.Offer(name) })
	case "undo":
		return true, send(func() (*roomclient.State, error) { return j.c.Offer("takeback") })
	case "accept", "decline":
		return true, send(func() (*roomclient.State, error) { return j.c.Answer(name == "accept") })
	case "leave":
		return true, send(j.c.Leave)
	case "clock", "who":
		st, err := j.c.State()
		if err != nil {
			return true, err
		}
		if err := r.apply(st, true); err != nil {
			return true, err
		}
		if name == "who" {
			for i, s := range st.Room.Seats {
				var tags []string
				if i == st.Room.You {
					tags = append(tags, "you")
				}
				if s.Engine {
					tags = append(tags, "the engine")
				} else if s.Connected {
					tags = append(tags, "here")
				} else if !s.Taken {
					tags = append(tags, "nobody yet")
				}
				fmt.Fprintf(r.out, "%s: %s\n", s.Name, strings.Join(tags, ", "))
			}
			fmt.Fprintf(r.out, "%d watching\n", st.Room.Spectators)
		}
		r.showRoom(false)
		return true, nil
	case "wait":
		return true, r.waitTurn(args)
	case "go":
		if !j.st.YourTurn() {
			return true, errors.New(notYourTurn(j.st))
		}
		ml, err := r.game.Legal()
		if err != nil {
			return true, err
		}
		i, err := r.think(ml)
		if err != nil {
			return true, err
		}
		return true, r.sendMove(r.game.S.CoordString(&ml.Moves[i]))
	case "redo", "new", "variant", "load", "reload", "setboard", "goto", "promote", "delvar", "loadpgn", "solution":
		return true, fmt.Errorf("%s: the game is the server's; here you play your seat (moves, go, undo asks for a take-back, draw, resign, help)", name)
	}
	return false, nil
}

// joinHelp is what help adds in a joined game.
const joinHelp = `In a shared game (zrun join) the server keeps the game and the clock:
  a move or go (the local engine's choice) is sent to the server when it is your turn;
  wait [SECONDS]: wait until it is your move (scripts); clock, who: the clock, the seats;
  undo or takeback, draw, pause, resume: ask the other players; accept, decline: answer them;
  resign; leave: give up the seat (its link takes it again).
  new, setboard, load, variant, redo, reload, goto, loadpgn, solution are refused: the game is the server's.
`

// notYourTurn words why the seat cannot move now.
func notYourTurn(st *roomclient.State) string {
	switch {
	case st.Room.You < 0:
		return "you are watching this game: only its players move"
	case st.Room.Over:
		return "the game is over: " + st.Room.Result
	}
	return "not your move: " + st.Room.Turn
}

// waitTurn waits until the seat is to move or the game ends (a script's
// way to take turns); "wait N" gives up after N seconds (default 600).
// r.mu is held, and let go while waiting.
func (r *Session) waitTurn(args string) error {
	limit := 600 * time.Second
	if args != "" {
		var s float64
		if _, err := fmt.Sscan(args, &s); err != nil || s <= 0 {
			return fmt.Errorf("usage: wait [SECONDS]")
		}
		limit = time.Duration(s * float64(time.Second))
	}
	deadline := time.After(limit)
	for {
		st := r.room.st
		if st.YourTurn() || st.Room.Over {
			return nil
		}
		if st.Room.You < 0 {
			return errors.New("you are watching: no turn to wait for")
		}
		ch := r.room.changed
		r.mu.Unlock()
		select {
		case <-ch:
			r.mu.Lock()
		case <-deadline:
			r.mu.Lock()
			return fmt.Errorf("still not your move after %v: %s", limit, r.room.st.Room.Turn)
		}
	}
}
