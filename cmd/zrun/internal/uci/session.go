// This file defines the UCI session, with the variant
// conventions of Fairy-Stockfish (protocols.md §2.1): a UCI_Variant combo of
// the loaded games, a VariantPath option that loads another rule file, "go
// perft N" and "d".

package uci

import (
	"io"
	"strconv"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/proto"
	"zrun/engine"
	"zrun/vm"
)

// Session is one UCI conversation. Unlike CECP, every search ends with a
// bestmove line, even when stopped, and the GUI owns the game: it sends the
// whole position before each go.
type Session struct {
	out     *proto.LineWriter
	cat     *play.Catalog
	g       *play.Game
	entry   *play.Entry // the catalog entry g plays
	hashMB  int
	player  string // the Player option: alphabeta, mcts or auto ("": alphabeta)
	multiPV int    // the MultiPV option: lines reported per iteration (1: the best)
	// stopReq is closed by "stop" (or quit): an infinite search must not
	// report its best move before it, even if it ran out of depth.
	stopReq chan struct{}
}

// New starts a session on the catalog's default game, replying on w.
func New(cat *play.Catalog, w io.Writer) (*Session, error) {
	u := &Session{out: proto.NewLineWriter(w), cat: cat, hashMB: 64, multiPV: 1}
	if err := u.selectGame(cat.Default()); err != nil {
		return nil, err
	}
	return u, nil
}

// Run reads commands until "quit" or the end of input; lines are read in a
// goroutine so "stop" and "isready" are seen while a search runs.
func (u *Session) Run(in io.Reader) { proto.Serve(in, u.handle, u.stop) }

// handle processes one command; false on "quit".
func (u *Session) handle(line string) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch word {
	case "":
	case "quit":
		return false
	case "uci":
		u.identify()
	case "isready":
		u.out.Printf("readyok")
	case "setoption":
		u.setOption(arg)
	case "ucinewgame":
		u.stop()
		if err := u.selectGame(u.entry); err != nil {
			u.out.Printf("info string %v", err)
		}
	case "position":
		u.stop()
		u.position(arg)
	case "go":
		u.stop()
		u.goCmd(arg)
	case "stop":
		u.stop()
	case "d":
		u.stop()
		u.display()
	case "ponderhit", "debug", "register":
	default:
		u.out.Printf("info string unknown command: %s", line)
	}
	return true
}

// identify answers "uci" with the name and options.
func (u *Session) identify() {
	u.out.Printf("id name zrun")
	u.out.Printf("id author the zrun authors")
	u.out.Printf("option name Hash type spin default %d min 1 max %d", u.hashMB, engine.MaxHashMB)
	var vars strings.Builder
	for _, n := range u.cat.Names(true) {
		vars.WriteString(" var " + n)
	}
	u.out.Printf("option name UCI_Variant type combo default %s%s", u.entry.UCIName(), vars.String())
	u.out.Printf("option name VariantPath type string default <empty>")
	u.out.Printf("option name Player type combo default alphabeta var alphabeta var mcts var auto")
	u.out.Printf("option name MultiPV type spin default 1 min 1 max %d", maxMultiPV)
	u.out.Printf("uciok")
}

// maxMultiPV bounds the MultiPV option: each line is a root search of its
// own, so hundreds would only slow the search down (Stockfish allows 500,
// but a game's root rarely has that many moves worth showing).
const maxMultiPV = 64

// setOption handles "name NAME value VALUE".
func (u *Session) setOption(arg string) {
	rest, ok := strings.CutPrefix(arg, "name ")
	if !ok {
		u.out.Printf("info string bad setoption: %s", arg)
		return
	}
	name, value, _ := strings.Cut(rest, " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	u.stop()
	switch strings.ToLower(name) {
	case "hash":
		mb, err := strconv.Atoi(value)
		if err != nil || mb < 1 {
			u.out.Printf("info string bad Hash value: %s", value)
			return
		}
		// GUIs do not all keep to the announced maximum, and it is no
		// promise the machine has that much: engine.ClampHashMB decides.
		mb, why := engine.ClampHashMB(mb)
		if why != "" {
			u.out.Printf("info string Hash clamped to %d MB (%s)", mb, why)
		}
		u.hashMB = mb
		u.report(u.selectGame(u.entry))
	case "uci_variant":
		e := u.cat.Find(value)
		if e == nil {
			u.out.Printf("info string unknown variant: %s", value)
			return
		}
		u.report(u.selectGame(e))
	case "variantpath":
		u.loadPath(value)
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxMultiPV {
			u.out.Printf("info string bad MultiPV value: %s (1 to %d)", value, maxMultiPV)
			return
		}
		u.multiPV = n
	case "player":
		if err := u.g.SetPlayer(strings.ToLower(value)); err != nil {
			u.out.Printf("info string %v", err)
			return
		}
		u.player = strings.ToLower(value)
	default:
		u.out.Printf("info string unknown option: %s", name)
	}
}

// loadPath adds a rule file's games to the play.Catalog and selects the first of
// them: a GUI cannot re-read the UCI_Variant list, so loading a file is also
// how its game gets played.
func (u *Session) loadPath(path string) {
	if path == "" || path == "<empty>" {
		return
	}
	added, err := u.cat.AddFile(path)
	if err != nil {
		u.out.Printf("info string %v", err)
		return
	}
	names := make([]string, len(added))
	for i, e := range added {
		names[i] = e.UCIName()
	}
	u.out.Printf("info string loaded %s", strings.Join(names, " "))
	u.report(u.selectGame(added[0]))
}

func (u *Session) report(err error) {
	if err != nil {
		u.out.Printf("info string %v", err)
	}
}

// selectGame starts game e afresh and prints Fairy-Stockfish's GUI hint
// line (board size and start position) for it.
func (u *Session) selectGame(e *play.Entry) error {
	g, err := e.NewGame(u.hashMB, u.player)
	if err != nil {
		return err
	}
	u.g, u.entry = g, e
	if fen, err := g.S.FEN(); err == nil {
		w, h := play.FENBoardSize(fen)
		u.out.Printf("info string variant %s files %d ranks %d pocket 0 template fairy startpos %s", e.UCIName(), w, h, fen)
	}
	return nil
}

// position handles "startpos|fen FEN [moves M...]". A bad FEN leaves the
// position as it was; moves stop at the first illegal one.
func (u *Session) position(arg string) {
	setup, moves, _ := strings.Cut(arg, "moves")
	setup = strings.TrimSpace(setup)
	switch {
	case setup == "startpos":
		u.report(u.g.Restart())
	case strings.HasPrefix(setup, "fen "):
		// SetPosition, not SetFEN: a position the rules cannot reach (the
		// side not to move in check) is refused as in every front end.
		if err := u.g.SetPosition(strings.TrimSpace(strings.TrimPrefix(setup, "fen "))); err != nil {
			u.out.Printf("info string bad fen: %v", err)
			return
		}
	default:
		u.out.Printf("info string bad position command: %s", arg)
		return
	}
	for _, m := range strings.Fields(moves) {
		if m == "0000" {
			m = "@@@@"
		}
		if ok, err := u.g.PlayCoord(m); !ok || err != nil {
			u.out.Printf("info string illegal move %s", m)
			return
		}
	}
}

// goCmd starts a search, or counts perft synchronously.
func (u *Session) goCmd(arg string) {
	f := strings.Fields(arg)
	if len(f) == 2 && f[0] == "perft" {
		u.perft(f[1])
		return
	}
	lim, infinite := u.goLimits(f)
	stopReq := make(chan struct{})
	u.stopReq = stopReq
	g := u.g
	err := g.Think(lim, func(in engine.Info) { u.out.Printf("%s", play.InfoLine(in)) }, func(res engine.Result[*vm.Move], err error) bool {
		if infinite {
			<-stopReq // "go infinite" reports only when told to stop
		}
		if err != nil {
			u.out.Printf("info string rule error while searching: %v", err)
		}
		if !res.Found || err != nil {
			u.out.Printf("bestmove 0000")
			return false
		}
		text := g.S.CoordString(res.Best)
		if text == "@@@@" {
			text = "0000"
		}
		u.out.Printf("bestmove %s", text)
		return false
	})
	if err != nil {
		u.out.Printf("info string %v", err)
		u.out.Printf("bestmove 0000")
	}
}

// goLimits reads go's parameters; the clock is the side to move's (player 0
// is white).
func (u *Session) goLimits(f []string) (engine.Limits, bool) {
	lim := engine.Limits{MultiPV: u.multiPV}
	infinite := false
	white := u.g.S.Mover() == 0
	ms := func(s string) time.Duration { n, _ := strconv.Atoi(s); return time.Duration(n) * time.Millisecond }
	for i := 0; i < len(f); i++ {
		val := ""
		if i+1 < len(f) {
			val = f[i+1]
		}
		switch f[i] {
		case "infinite":
			infinite = true
			continue
		case "wtime", "btime":
			if (f[i] == "wtime") == white {
				lim.Time = ms(val)
			}
		case "winc", "binc":
			if (f[i] == "winc") == white {
				lim.Inc = ms(val)
			}
		case "movestogo":
			lim.MovesToGo, _ = strconv.Atoi(val)
		case "movetime":
			lim.MoveTime = ms(val)
		case "depth":
			lim.Depth, _ = strconv.Atoi(val)
		case "nodes":
			n, _ := strconv.ParseUint(val, 10, 64)
			lim.Nodes = n
		default:
			continue
		}
		i++
	}
	return lim, infinite
}

// stop ends a running search; its bestmove line is printed before stop returns.
func (u *Session) stop() {
	if u.stopReq != nil {
		close(u.stopReq)
		u.stopReq = nil
	}
	u.g.Stop()
}

// perft prints a divide (move: count), then the total, as Fairy-Stockfish does.
func (u *Session) perft(arg string) {
	depth, err := strconv.Atoi(arg)
	if err != nil || depth < 1 {
		u.out.Printf("info string bad perft depth: %s", arg)
		return
	}
	_, total, err := u.g.S.Divide(depth, func(l vm.DivideLine) { u.out.Printf("%s: %d", l.Move, l.Nodes) })
	if err != nil {
		u.out.Printf("info string %v", err)
		return
	}
	u.out.Printf("")
	u.out.Printf("Nodes searched: %d", total)
}

// display prints the board as a grid of letters, then the FEN.
func (u *Session) display() {
	fen, err := u.g.S.FEN()
	if err != nil {
		u.out.Printf("info string %v", err)
		return
	}
	board := strings.Fields(fen)[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		board = board[:i]
	}
	w, _ := play.FENBoardSize(fen)
	sep := " " + strings.Repeat("+---", w) + "+"
	u.out.Printf("%s", sep)
	for _, rank := range strings.Split(board, "/") {
		var row strings.Builder
		n := 0
		for _, ch := range rank {
			if ch >= '0' && ch <= '9' {
				n = n*10 + int(ch-'0')
				continue
			}
			row.WriteString(strings.Repeat(" |  ", n))
			n = 0
			row.WriteString(" | " + string(ch))
		}
		row.WriteString(strings.Repeat(" |  ", n))
		u.out.Printf("%s |", row.String())
		u.out.Printf("%s", sep)
	}
	u.out.Printf("")
	u.out.Printf("Fen: %s", fen)
}
