// This file defines cecpSession, the CECP (XBoard/WinBoard protocol v2)
// engine side: it reads GUI commands line by line, keeps the game, and runs
// the search in a goroutine so "?", "ping", "force" and "quit" are answered
// while it thinks. protocols.md §1 describes the protocol.

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"zrun/engine"
	"zrun/vm"
)

// cecpSession is one engine process's conversation with a GUI.
type cecpSession struct {
	out   *lineWriter
	cat   *catalog
	g     *play
	board *cecpBoard // XBoard's square names for g's board

	lifted liftState // the piece the user holds (lift/put/hover)

	force      bool
	post       bool
	hashMB     int
	engineSide int // the player the engine moves for (-1: none)

	// Time control: level MPS BASE INC, st, sd, and the clocks from time/otim.
	mps       int
	base, inc time.Duration
	st        time.Duration
	sd        int
	myTime    time.Duration // -1 until "time" is received
	overhead  time.Duration // kept back per move for pipes and the GUI

	// aborted tells the search goroutine not to play its move: the command
	// loop stopped it for a command that changes the game.
	aborted atomic.Bool
}

// newCECPSession starts with the catalog's default game, as "new" would.
func newCECPSession(cat *catalog, w io.Writer) (*cecpSession, error) {
	c := &cecpSession{out: &lineWriter{w: w}, cat: cat, hashMB: 64, myTime: -1, overhead: 50 * time.Millisecond}
	if err := c.reset(cat.defaultEntry()); err != nil {
		return nil, err
	}
	return c, nil
}

// run reads commands until "quit" or the end of input. Lines are read in a
// goroutine so a search never blocks the reading of "?" or "ping".
func (c *cecpSession) run(in io.Reader) {
	for line := range readLines(in) {
		if !c.handle(strings.TrimSpace(line)) {
			break
		}
	}
	c.halt()
}

// reset starts game e from its start position in the state "new" leaves:
// engine plays the second player, not in force mode.
func (c *cecpSession) reset(e *gameEntry) error {
	c.halt()
	p, err := newPlay(e, c.hashMB)
	if err != nil {
		return err
	}
	c.g, c.force, c.engineSide = p, false, 1
	c.board = newCECPBoard(e.game)
	if c.board != nil {
		c.board.viaVictims = victimLegTypes(e)
	}
	c.lifted = noLift()
	return nil
}

// halt stops a running search without playing its move. Every command
// that changes the game calls it, so it also forgets a half-entered move.
func (c *cecpSession) halt() {
	c.lifted = noLift()
	if c.g != nil && c.g.busy() {
		c.aborted.Store(true)
		c.g.stop()
	}
	c.aborted.Store(false)
}

// cecpHandlers maps command words to handlers; handle falls back to moves.
var cecpHandlers map[string]func(c *cecpSession, arg string)

func init() {
	cecpHandlers = map[string]func(c *cecpSession, arg string){
		"protover": (*cecpSession).features,
		"new":      (*cecpSession).cmdNew,
		"variant":  (*cecpSession).cmdVariant,
		"force":    func(c *cecpSession, _ string) { c.halt(); c.force = true },
		"go":       (*cecpSession).cmdGo,
		"playother": func(c *cecpSession, _ string) {
			c.halt()
			c.force, c.engineSide = false, 1-c.g.s.Chooser()
		},
		"usermove": (*cecpSession).userMove,
		"setboard": (*cecpSession).setBoard,
		"undo":     func(c *cecpSession, _ string) { c.takeBack(1) },
		"remove":   func(c *cecpSession, _ string) { c.takeBack(2) },
		"result":   func(c *cecpSession, _ string) { c.halt(); c.force = true },
		"?":        func(c *cecpSession, _ string) { c.g.stop() },
		"ping":     func(c *cecpSession, arg string) { c.out.printf("pong %s", arg) },
		"post":     func(c *cecpSession, _ string) { c.post = true },
		"nopost":   func(c *cecpSession, _ string) { c.post = false },
		"time":     func(c *cecpSession, arg string) { c.myTime = centis(arg) },
		"level":    (*cecpSession).level,
		"st": func(c *cecpSession, arg string) {
			n, _ := strconv.ParseFloat(arg, 64)
			c.st = time.Duration(n * float64(time.Second))
		},
		"sd":     func(c *cecpSession, arg string) { c.sd, _ = strconv.Atoi(arg) },
		"memory": (*cecpSession).memory,
		"option": (*cecpSession).option,
		"lift":   (*cecpSession).lift,
		"put":    (*cecpSession).put,
		"hover":  (*cecpSession).hover,
	}
	// Commands that need no action from us: the GUI's bookkeeping, pondering
	// switches (we never ponder), and offers we silently decline.
	for _, w := range []string{"xboard", "accepted", "rejected", "otim", "hard", "easy", "cores",
		"random", "computer", "name", "rating", "white", "black", "draw", "hint", "bk", "ics", "nps"} {
		cecpHandlers[w] = func(*cecpSession, string) {}
	}
}

// handle processes one command line; it returns false on "quit".
func (c *cecpSession) handle(line string) bool {
	if line == "" {
		return true
	}
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	if word == "quit" {
		return false
	}
	if h, ok := cecpHandlers[word]; ok {
		h(c, arg)
		return true
	}
	// Without usermove=1 a GUI sends bare moves; anything that looks like a
	// coordinate move is taken as one, everything else is an unknown command.
	if looksLikeMove(line) {
		c.userMove(line)
		return true
	}
	c.out.printf("Error (unknown command): %s", line)
	return true
}

// looksLikeMove matches coordinate moves: a letter and digits twice, an
// optional promotion letter, or a drop "P@e4", or several legs joined by commas.
func looksLikeMove(s string) bool {
	if s == "@@@@" {
		return true
	}
	sq := func(s string) (int, bool) {
		i := 0
		for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			i++
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j, i > 0 && j > i
	}
	if len(s) > 2 && s[1] == '@' {
		n, ok := sq(s[2:])
		return ok && n == len(s)-2
	}
	n1, ok := sq(s)
	if !ok {
		return false
	}
	n2, ok := sq(s[n1:])
	rest := len(s) - n1 - n2
	return ok && (rest == 0 || (rest == 1 && s[len(s)-1] >= 'a' && s[len(s)-1] <= 'z'))
}

// features answers "protover N": everything in one go, ending with done=1.
func (c *cecpSession) features(string) {
	c.out.printf(`feature myname="zrun" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 colors=0 memory=1 smp=1 reuse=1 analyze=0 san=0 debug=1 highlight=1`)
	c.out.printf(`feature variants="%s"`, strings.Join(c.cat.names(false), ","))
	c.out.printf(`feature option="Depth limit -spin 0 0 100"`)
	c.out.printf(`feature option="Move overhead ms -spin %d 0 5000"`, c.overhead.Milliseconds())
	c.out.printf("feature done=1")
}

// cmdNew resets to the default game; per the protocol it also clears sd.
func (c *cecpSession) cmdNew(string) {
	c.sd = 0
	if err := c.reset(c.cat.defaultEntry()); err != nil {
		c.out.printf("tellusererror %v", err)
	}
}

// cmdVariant switches game. Names XBoard knows need nothing more; others get
// a setup line so XBoard draws the right board.
func (c *cecpSession) cmdVariant(name string) {
	e := c.cat.find(name)
	if e == nil {
		c.out.printf("Error (unsupported variant): %s", name)
		return
	}
	force, side := c.force, c.engineSide
	if err := c.reset(e); err != nil {
		c.out.printf("tellusererror %v", err)
		return
	}
	c.force, c.engineSide = force, side
	if e.xboardKnows() {
		return
	}
	lines, err := setupLines(c.g)
	if err != nil {
		c.out.printf("# no setup for %s: %v", e.name, err)
		return
	}
	for _, l := range lines {
		c.out.printf("%s", l)
	}
}

// xboardKnows reports whether XBoard plays e by its own rules, so that no
// setup is sent: an fmax.ini section named like an XBoard variant and
// without its own piece-to-char table (as Fairy-Max has it), or a rule file
// whose title knownNames maps to that variant. A rule file merely titled
// "Shogi" is not assumed to match XBoard's shogi.
func (e *gameEntry) xboardKnows() bool {
	if !knownVariants[e.name] {
		return false
	}
	if e.xb.fromIni {
		return e.xb.ptc == ""
	}
	_, ok := knownNames[strings.ToLower(strings.TrimSpace(e.title))]
	return ok
}

// knownVariants are the variant names XBoard plays by its own rules, without
// a setup command (man xboard, -variant; protocols.md §1.3).
var knownVariants = map[string]bool{
	"normal": true, "wildcastle": true, "nocastle": true, "fischerandom": true, "bughouse": true,
	"crazyhouse": true, "losers": true, "suicide": true, "giveaway": true, "twokings": true,
	"kriegspiel": true, "atomic": true, "3check": true, "shatranj": true, "xiangqi": true, "shogi": true,
	"capablanca": true, "gothic": true, "caparandom": true, "janus": true, "falcon": true, "courier": true,
	"knightmate": true, "berolina": true, "cylinder": true, "super": true, "makruk": true, "asean": true,
	"spartan": true, "great": true, "grand": true, "seirawan": true, "lion": true, "elven": true, "chu": true,
}

// cmdGo makes the engine play the side to move, now.
func (c *cecpSession) cmdGo(string) {
	c.halt()
	c.force = false
	c.engineSide = c.g.s.Chooser()
	c.startThinking()
}

// userMove plays the opponent's move; out of force mode the engine answers.
// Multi-leg moves come as legs joined by commas and are played in turn; if
// one leg is illegal the legs already played are taken back.
func (c *cecpSession) userMove(text string) {
	c.halt()
	if err := c.makeLegs(text); err != nil {
		if err == errNoSuchMove {
			c.out.printf("Illegal move: %s", text)
		} else {
			c.out.printf("Illegal move (%v): %s", err, text)
		}
		return
	}
	if !c.force {
		c.engineSide = c.g.s.Chooser()
		c.startThinking()
	}
}

var errNoSuchMove = errors.New("no such move")

// makeLegs plays a move given as legs joined by commas. One part of a
// multi-part move may take several legs (a capture elsewhere than on the
// target is written through the victim's square), so the longest run of
// legs that names a legal move is played first, then the rest. If some
// legs name no move, everything is taken back.
func (c *cecpSession) makeLegs(text string) error {
	legs := strings.Split(text, ",")
	for i := range legs {
		legs[i] = strings.TrimSpace(legs[i])
	}
	made := 0
	for i := 0; i < len(legs); {
		j := len(legs)
		for ; j > i; j-- {
			ok, err := c.makeCECP(strings.Join(legs[i:j], ","))
			if err != nil {
				c.undoN(made)
				return err
			}
			if ok {
				break
			}
		}
		if j == i {
			c.undoN(made)
			return errNoSuchMove
		}
		made++
		i = j
	}
	return nil
}

func (c *cecpSession) undoN(n int) {
	for range n {
		c.g.undo()
	}
}

// makeCECP plays the legal move whose CECP text is text. A move without
// its suffix letter is taken when exactly one legal move adds a letter to
// it: XBoard leaves the suffix off when it does not know that a piece must
// promote (a single promotion choice) or gate.
func (c *cecpSession) makeCECP(text string) (bool, error) {
	ml, err := c.g.legal()
	if err != nil {
		return false, err
	}
	m := c.board.findCECPMove(c.g.s, ml, text)
	if m == nil {
		for i := range ml.Moves {
			mt := c.board.moveText(c.g.s, &ml.Moves[i])
			if len(mt) == len(text)+1 && strings.EqualFold(mt[:len(text)], text) && mt[len(text)] >= 'a' {
				if m != nil {
					return false, nil // ambiguous: the GUI must say which
				}
				m = &ml.Moves[i]
			}
		}
	}
	if m == nil {
		return false, nil
	}
	return true, c.g.makeMove(m)
}

// setBoard replaces the position; a FEN we cannot read leaves the game as it was.
func (c *cecpSession) setBoard(fen string) {
	c.halt()
	if err := c.g.setFEN(fen); err != nil {
		c.out.printf("tellusererror Illegal position: %v", err)
	}
}

// takeBack undoes plies; the GUI sends undo/remove only in force mode or
// while we wait, so a running search is abandoned.
func (c *cecpSession) takeBack(n int) {
	c.halt()
	for range n {
		if !c.g.undo() {
			c.out.printf("Error (command not legal now): nothing to undo")
			return
		}
	}
}

// level reads "level MPS BASE INC"; BASE is minutes or min:sec.
func (c *cecpSession) level(arg string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		c.out.printf("Error (bad parameters): level %s", arg)
		return
	}
	c.mps, _ = strconv.Atoi(f[0])
	min, sec, _ := strings.Cut(f[1], ":")
	m, _ := strconv.ParseFloat(min, 64)
	s, _ := strconv.ParseFloat(sec, 64)
	c.base = time.Duration((m*60 + s) * float64(time.Second))
	inc, _ := strconv.ParseFloat(f[2], 64)
	c.inc = time.Duration(inc * float64(time.Second))
	c.st = 0
}

// centis parses a clock in centiseconds.
func centis(arg string) time.Duration {
	n, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return -1
	}
	return time.Duration(n) * 10 * time.Millisecond
}

// memory resizes the hash table; it takes effect at once (a new searcher).
func (c *cecpSession) memory(arg string) {
	mb, err := strconv.Atoi(arg)
	if err != nil || mb < 1 {
		c.out.printf("Error (bad parameters): memory %s", arg)
		return
	}
	c.halt()
	c.hashMB = mb
	c.g.se = engine.New[*vm.Move](c.g.pos, mb)
}

// option sets one of the options announced in features.
func (c *cecpSession) option(arg string) {
	name, val, _ := strings.Cut(arg, "=")
	n, err := strconv.Atoi(strings.TrimSpace(val))
	switch {
	case err != nil:
		c.out.printf("Error (bad parameters): option %s", arg)
	case name == "Depth limit":
		c.sd = n
	case name == "Move overhead ms":
		c.overhead = time.Duration(n) * time.Millisecond
	default:
		c.out.printf("Error (unknown option): %s", name)
	}
}

// limits turns the time control into search limits: st is a fixed time per
// move; otherwise the clock from "time" (or the level's base before the
// first "time") with the moves left in this control period.
func (c *cecpSession) limits() engine.Limits {
	lim := engine.Limits{Depth: c.sd}
	switch {
	case c.st > 0:
		lim.MoveTime = max(c.st-c.overhead, c.st/2)
	case c.myTime >= 0 || c.base > 0:
		clock := c.myTime
		if clock < 0 {
			clock = c.base
		}
		lim.Time = max(clock-c.overhead, clock/4, time.Millisecond)
		lim.Inc = c.inc
		if c.mps > 0 {
			lim.MovesToGo = c.mps - (c.g.s.Ply/2)%c.mps
		}
	case c.sd == 0:
		lim.MoveTime = 2 * time.Second
	}
	return lim
}

// startThinking claims the result if the game is already over, else starts
// the search; the goroutine plays and announces the move when it ends.
func (c *cecpSession) startThinking() {
	if c.claimIfOver() {
		return
	}
	g, board := c.g, c.board
	var info func(engine.Info)
	if c.post {
		info = func(in engine.Info) {
			in.PV = []string{board.translatePV(g.s.Game(), in.PV)}
			c.out.printf("%s", thinkingLine(in))
		}
	}
	side := c.engineSide
	g.think(c.limits(), info, func(res engine.Result[*vm.Move], err error) bool {
		if c.aborted.Load() {
			return false
		}
		if err != nil {
			c.out.printf("tellusererror rule error while searching: %v", err)
			return false
		}
		if !res.Found {
			c.claimIfOver()
			return false
		}
		text := board.moveText(g.s, res.Best)
		more := res.Best.Continue >= 0
		if err := g.makeMove(res.Best); err != nil {
			c.out.printf("tellusererror %v", err)
			return false
		}
		// One part of a multi-part move: XBoard wants each leg in its own
		// move command, every leg but the last ending in a comma.
		goesOn := false
		if more && g.s.Chooser() == side {
			if o, err := g.outcome(); err == nil && !o.Over {
				goesOn = true
			}
		}
		legs := strings.Split(text, ",")
		for i, leg := range legs {
			if i < len(legs)-1 || goesOn {
				leg += ","
			}
			c.out.printf("move %s", leg)
		}
		if goesOn {
			return true
		}
		c.claimIfOver()
		return false
	})
}

// claimIfOver sends the result when the game has ended by rule.
func (c *cecpSession) claimIfOver() bool {
	o, err := c.g.outcome()
	if err != nil || !o.Over {
		return false
	}
	c.out.printf("%s", resultText(c.g.s.Game(), o))
	return true
}

// thinkingLine is CECP's "ply score time nodes pv": score in centipawns for
// the engine, time in centiseconds, mates as 100000+N moves.
func thinkingLine(in engine.Info) string {
	score := in.Score
	if plies, ok := engine.MateIn(in.Score); ok {
		if plies > 0 {
			score = 100000 + (plies+1)/2
		} else {
			score = -100000 - (-plies+1)/2
		}
	}
	return fmt.Sprintf("%d %d %d %d %s", in.Depth, score, in.Time.Milliseconds()/10, in.Nodes, strings.Join(in.PV, " "))
}

// readLines delivers the lines of in on a channel, read by a goroutine so a
// protocol loop can handle them while a search runs; the channel closes at
// the end of input.
func readLines(in io.Reader) <-chan string {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}
