// This file defines Session, the CECP (XBoard/WinBoard protocol v2)
// engine side: it reads GUI commands line by line, keeps the game, and runs
// the search in a goroutine so "?", "ping", "force" and "quit" are answered
// while it thinks. protocols.md §1 describes the protocol.

package cecp

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/proto"
	"zrun/engine"
	"zrun/vm"
)

// Session is one engine process's conversation with a GUI.
type Session struct {
	out   *proto.LineWriter
	cat   *play.Catalog
	g     *play.Game
	entry *play.Entry // the catalog entry g plays
	board *cecpBoard  // XBoard's square names for g's board
	swap  bool        // XBoard's White is g's second player (colors.go)

	lifted liftState // the piece the user holds (lift/put/hover)

	force      bool
	post       bool
	hashMB     int
	player     string    // the Player option: alphabeta, mcts or auto ("": alphabeta)
	letters    letterMap // the Piece letters option (letters.go)
	engineSide int       // the player the engine moves for (-1: none)

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

// New starts a session on the catalog's default game, as "new" would,
// replying on w.
func New(cat *play.Catalog, w io.Writer) (*Session, error) {
	c := &Session{out: proto.NewLineWriter(w), cat: cat, hashMB: 64, myTime: -1, overhead: 50 * time.Millisecond}
	if err := c.reset(cat.Default()); err != nil {
		return nil, err
	}
	return c, nil
}

// Run reads commands until "quit" or the end of input. Lines are read in a
// goroutine so a search never blocks the reading of "?" or "ping".
func (c *Session) Run(in io.Reader) { proto.Serve(in, c.handle, c.halt) }

// reset starts game e from its start position in the state "new" leaves:
// engine plays the second player, not in force mode.
func (c *Session) reset(e *play.Entry) error {
	c.halt()
	g, err := e.NewGame(c.hashMB, c.player)
	if err != nil {
		return err
	}
	c.g, c.entry, c.force, c.engineSide = g, e, false, 1
	c.swap = swapColors(g, e)
	c.board = newCECPBoard(e.Game)
	if c.board != nil {
		c.board.viaVictims = victimLegTypes(e)
		if shuffleVariants[e.Name] {
			c.board.castles = vm.NewGridView(e.Game)
		}
	}
	c.lifted = noLift()
	return nil
}

// halt stops a running search without playing its move. Every command
// that changes the game calls it, so it also forgets a half-entered move.
func (c *Session) halt() {
	c.lifted = noLift()
	if c.g != nil && c.g.Busy() {
		c.aborted.Store(true)
		c.g.Stop()
	}
	c.aborted.Store(false)
}

// cecpHandlers maps command words to handlers; handle falls back to moves.
var cecpHandlers map[string]func(c *Session, arg string)

func init() {
	cecpHandlers = map[string]func(c *Session, arg string){
		"protover": (*Session).features,
		"new":      (*Session).cmdNew,
		"variant":  (*Session).cmdVariant,
		"force":    func(c *Session, _ string) { c.halt(); c.force = true },
		"go":       (*Session).cmdGo,
		"playother": func(c *Session, _ string) {
			c.halt()
			c.force, c.engineSide = false, 1-c.g.S.Chooser()
		},
		"usermove": (*Session).userMove,
		"setboard": (*Session).setBoard,
		"undo":     func(c *Session, _ string) { c.takeBack(1) },
		"remove":   func(c *Session, _ string) { c.takeBack(2) },
		"result":   func(c *Session, _ string) { c.halt(); c.force = true },
		"?":        func(c *Session, _ string) { c.g.Stop() },
		"ping":     func(c *Session, arg string) { c.out.Printf("pong %s", arg) },
		"post":     func(c *Session, _ string) { c.post = true },
		"nopost":   func(c *Session, _ string) { c.post = false },
		"time":     func(c *Session, arg string) { c.myTime = centis(arg) },
		"level":    (*Session).level,
		"st": func(c *Session, arg string) {
			n, _ := strconv.ParseFloat(arg, 64)
			c.st = time.Duration(n * float64(time.Second))
		},
		"sd":     func(c *Session, arg string) { c.sd, _ = strconv.Atoi(arg) },
		"memory": (*Session).memory,
		"option": (*Session).option,
		"lift":   (*Session).lift,
		"put":    (*Session).put,
		"hover":  (*Session).hover,
	}
	// Commands that need no action from us: the GUI's bookkeeping, pondering
	// switches (we never ponder), and offers we silently decline.
	for _, w := range []string{"xboard", "accepted", "rejected", "otim", "hard", "easy", "cores",
		"random", "computer", "name", "rating", "white", "black", "draw", "hint", "bk", "ics", "nps"} {
		cecpHandlers[w] = func(*Session, string) {}
	}
}

// handle processes one command line; it returns false on "quit".
func (c *Session) handle(line string) bool {
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
	c.out.Printf("Error (unknown command): %s", line)
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
func (c *Session) features(string) {
	c.out.Printf(`feature myname="zrun" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 colors=0 memory=1 smp=1 reuse=1 analyze=0 san=0 debug=1 highlight=1`)
	c.out.Printf(`feature variants="%s"`, strings.Join(c.cat.Names(false), ","))
	c.out.Printf(`feature option="Depth limit -spin 0 0 100"`)
	c.out.Printf(`feature option="Move overhead ms -spin %d 0 5000"`, c.overhead.Milliseconds())
	c.out.Printf(`feature option="Player -combo *alphabeta /// mcts /// auto"`)
	c.out.Printf(`feature option="Piece letters -string "`)
	c.out.Printf("feature done=1")
}

// cmdNew resets to the default game; per the protocol it also clears sd.
func (c *Session) cmdNew(string) {
	c.sd = 0
	if err := c.reset(c.cat.Default()); err != nil {
		c.out.Printf("tellusererror %v", err)
	}
}

// cmdVariant switches game. Names XBoard knows need nothing more; others get
// a setup line so XBoard draws the right board.
func (c *Session) cmdVariant(name string) {
	e := c.cat.Find(name)
	if e == nil {
		c.out.Printf("Error (unsupported variant): %s", name)
		return
	}
	force, side := c.force, c.engineSide
	if err := c.reset(e); err != nil {
		c.out.Printf("tellusererror %v", err)
		return
	}
	c.force, c.engineSide = force, side
	if xboardKnows(e) {
		return
	}
	// A game XBoard cannot draw would come up as a chess board: the user
	// is told why instead.
	why := ""
	if !e.XB.FromIni {
		why = xboardCannot(e.Game)
	}
	lines, err := setupLines(c.g, c.entry, c.swap)
	if why == "" && err != nil {
		why = err.Error()
	}
	if why != "" {
		c.out.Printf("tellusererror XBoard cannot show %s: %s", e.Name, why)
		return
	}
	for _, l := range lines {
		c.out.Printf("%s", c.letters.setupOut(l))
	}
}

// xboardKnows reports whether XBoard plays e by its own rules, so that no
// setup is sent: an fmax.ini section named like an XBoard variant and
// without its own piece-to-char table (as Fairy-Max has it), or a rule file
// whose title knownNames maps to that variant. A rule file merely titled
// "Shogi" is not assumed to match XBoard's shogi.
func xboardKnows(e *play.Entry) bool {
	if !knownVariants[e.Name] {
		return false
	}
	if e.XB.FromIni {
		return e.XB.PTC == ""
	}
	return e.HasKnownName()
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
func (c *Session) cmdGo(string) {
	c.halt()
	c.force = false
	c.engineSide = c.g.S.Chooser()
	c.startThinking()
}

// userMove plays the opponent's move; out of force mode the engine answers.
// Multi-leg moves come as legs joined by commas and are played in turn; if
// one leg is illegal the legs already played are taken back.
func (c *Session) userMove(text string) {
	c.halt()
	if err := c.makeLegs(c.letters.moveIn(text)); err != nil {
		if err == errNoSuchMove {
			c.out.Printf("Illegal move: %s", text)
		} else {
			c.out.Printf("Illegal move (%v): %s", err, text)
		}
		return
	}
	if !c.force {
		c.engineSide = c.g.S.Chooser()
		c.startThinking()
	}
}

var errNoSuchMove = errors.New("no such move")

// makeLegs plays a move given as legs joined by commas. One part of a
// multi-part move may take several legs (a capture elsewhere than on the
// target is written through the victim's square), so the longest run of
// legs that names a legal move is played first, then the rest. If some
// legs name no move, everything is taken back.
func (c *Session) makeLegs(text string) error {
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
			// XBoard relays a long capture chain shortened: match the
			// whole turn by the squares it passes through.
			if ok, err := c.makeByStops(text); err != nil || ok {
				return err
			}
			return errNoSuchMove
		}
		made++
		i = j
	}
	return nil
}

func (c *Session) undoN(n int) {
	for range n {
		c.g.Undo()
	}
}

// makeCECP plays the legal move whose CECP text is text. A move without
// its suffix letter is taken when exactly one legal move adds a letter to
// it: XBoard leaves the suffix off when it does not know that a piece must
// promote (a single promotion choice) or gate.
func (c *Session) makeCECP(text string) (bool, error) {
	// XBoard 4.9.1 writes a promotion it has no letter for as '.'
	// ("c7d8." for a checkers crowning after our "choice K", observed):
	// the move without a suffix, taken when only one promotion fits.
	text = strings.TrimSuffix(text, ".")
	ml, err := c.g.Legal()
	if err != nil {
		return false, err
	}
	m := c.board.findCECPMove(c.g.S, ml, text)
	if m == nil {
		for i := range ml.Moves {
			mt := c.board.moveText(c.g.S, &ml.Moves[i])
			if len(mt) == len(text)+1 && strings.EqualFold(mt[:len(text)], text) && mt[len(text)] >= 'a' {
				if m != nil {
					return false, nil // ambiguous: the GUI must say which
				}
				m = &ml.Moves[i]
			}
		}
	}
	if m == nil {
		// Not CECP's from-to text: SAN ("O-O", "Nf3", which XBoard sends
		// with -oldSAN or from a PGN) when it names exactly one move. Not the
		// rule file's own coordinates: on ten-rank boards XBoard's b1c3 is
		// another move than the file's.
		if cands := c.g.MatchSAN(ml, text); len(cands) == 1 {
			m = &ml.Moves[cands[0]]
		}
	}
	if m == nil {
		return false, nil
	}
	return true, c.g.Make(m, c.g.S.CoordString(m))
}

// setBoard replaces the position; a FEN we cannot read leaves the game as it
// was. Out of force mode, the engine then moves if its side is to move.
func (c *Session) setBoard(fen string) {
	c.halt()
	fen = c.letters.fenIn(fen)
	if c.swap {
		fen = swapFEN(fen)
	}
	vmFEN, ok, err := fenFromXB(c.g, fen)
	switch {
	case err == nil && ok:
		err = c.g.SetPosition(vmFEN)
	case err == nil:
		// Pieces vm's reader has no letter for (Kamisado's dressed IDs).
		err = c.g.SetPositionIDs(fen)
	}
	if err != nil {
		c.out.Printf("tellusererror Illegal position: %v", err)
		return
	}
	// Out of force mode with its own side to move, the engine plays, as
	// after a usermove: XBoard relays a null move ("@@@@", Kamisado's
	// forced pass) to the other engine of a two-engine game as a
	// setboard, and then waits for that engine's move (observed: the
	// game hung).
	if !c.force && c.engineSide == c.g.S.Chooser() {
		c.startThinking()
	}
}

// takeBack undoes plies; the GUI sends undo/remove only in force mode or
// while we wait, so a running search is abandoned.
func (c *Session) takeBack(n int) {
	c.halt()
	for range n {
		if _, ok := c.g.Undo(); !ok {
			c.out.Printf("Error (command not legal now): nothing to undo")
			return
		}
	}
}

// level reads "level MPS BASE INC"; BASE is minutes or min:sec.
func (c *Session) level(arg string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		c.out.Printf("Error (bad parameters): level %s", arg)
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
// XBoard's memory has no upper bound: a size beyond what the engine allows
// (engine.ClampHashMB) is clamped and the user told, the session goes on.
func (c *Session) memory(arg string) {
	mb, err := strconv.Atoi(arg)
	if err != nil || mb < 1 {
		c.out.Printf("Error (bad parameters): memory %s", arg)
		return
	}
	c.halt()
	mb, why := engine.ClampHashMB(mb)
	if why != "" {
		c.out.Printf("telluser Hash clamped to %d MB (%s)", mb, why)
	}
	c.hashMB = mb
	c.g.SetHash(mb)
}

// option sets one of the options announced in features.
func (c *Session) option(arg string) {
	name, val, _ := strings.Cut(arg, "=")
	if name == "Player" {
		// The engine's way of choosing moves (package play's SetPlayer);
		// it holds for the games that follow too.
		c.halt()
		if err := c.g.SetPlayer(strings.TrimSpace(val)); err != nil {
			c.out.Printf("Error (%v): option %s", err, arg)
			return
		}
		c.player = strings.TrimSpace(val)
		return
	}
	if name == "Piece letters" {
		lm, err := parseLetterMap(val)
		if err != nil {
			c.out.Printf("Error (%v): option %s", err, arg)
			return
		}
		c.letters = lm
		return
	}
	n, err := strconv.Atoi(strings.TrimSpace(val))
	switch {
	case err != nil:
		c.out.Printf("Error (bad parameters): option %s", arg)
	case name == "Depth limit":
		c.sd = n
	case name == "Move overhead ms":
		c.overhead = time.Duration(n) * time.Millisecond
	default:
		c.out.Printf("Error (unknown option): %s", name)
	}
}

// limits turns the time control into search limits: st is a fixed time per
// move; otherwise the clock from "time" (or the level's base before the
// first "time") with the moves left in this control period.
func (c *Session) limits() engine.Limits {
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
			lim.MovesToGo = c.mps - (c.g.S.Ply/2)%c.mps
		}
	case c.sd == 0:
		lim.MoveTime = 2 * time.Second
	}
	return lim
}

// startThinking claims the result if the game is already over, else starts
// the search; the goroutine plays and announces the move when it ends.
func (c *Session) startThinking() {
	if c.claimIfOver() {
		return
	}
	g, board, letters := c.g, c.board, c.letters
	var info func(engine.Info)
	if c.post {
		info = func(in engine.Info) {
			in.PV = []string{board.translatePV(g.S.Game(), in.PV)}
			c.out.Printf("%s", thinkingLine(in))
		}
	}
	side := c.engineSide
	err := g.Think(c.limits(), info, func(res engine.Result[*vm.Move], err error) bool {
		if c.aborted.Load() {
			return false
		}
		if err != nil {
			c.out.Printf("tellusererror rule error while searching: %v", err)
			return false
		}
		if !res.Found {
			c.claimIfOver()
			return false
		}
		text := letters.moveOut(board.moveText(g.S, res.Best))
		more := res.Best.Continue >= 0
		if err := g.Make(res.Best, g.S.CoordString(res.Best)); err != nil {
			c.out.Printf("tellusererror %v", err)
			return false
		}
		// One part of a multi-part move: XBoard wants each leg in its own
		// move command, every leg but the last ending in a comma.
		goesOn := false
		if more && g.S.Chooser() == side {
			if o, err := g.S.Outcome(nil); err == nil && !o.Over {
				goesOn = true
			}
		}
		legs := strings.Split(text, ",")
		for i, leg := range legs {
			if i < len(legs)-1 || goesOn {
				leg += ","
			}
			c.out.Printf("move %s", leg)
		}
		if goesOn {
			return true
		}
		c.claimIfOver()
		return false
	})
	if err != nil {
		c.out.Printf("tellusererror %v", err)
	}
}

// claimIfOver sends the result when the game has ended by rule.
func (c *Session) claimIfOver() bool {
	o, err := c.g.S.Outcome(nil)
	if err != nil || !o.Over {
		return false
	}
	res := resultText(c.g.S.Game(), o)
	if c.swap {
		res = swapScore(res)
	}
	c.out.Printf("%s", res)
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
