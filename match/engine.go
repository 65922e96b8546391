// This file defines the engines a match plays: any CECP (XBoard) or UCI
// program, started from a command line and driven through its pipes.

package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Spec names an engine: its command line (split on spaces, with '…' or
// "…" quoting), its protocol, and options set before the first game.
type Spec struct {
	Name    string
	Command string
	UCI     bool     // UCI, else CECP
	Options []string // "Name=Value": CECP "option Name=Value", UCI setoption
	Variant string   // CECP "variant NAME", UCI_Variant; "" or "normal": none sent
}

// ParseSpec reads "[uci:|xboard:]COMMAND": the protocol prefix defaults to
// xboard.
func ParseSpec(name, s string) Spec {
	sp := Spec{Name: name, Command: s}
	if rest, ok := strings.CutPrefix(s, "uci:"); ok {
		sp.UCI, sp.Command = true, rest
	} else if rest, ok := strings.CutPrefix(s, "xboard:"); ok {
		sp.Command = rest
	}
	return sp
}

// Limit is how long each move may think: a clock (Base, Inc), or a fixed
// Depth or node count with no clock at all (so a loaded machine slows a
// match but cannot decide it).
type Limit struct {
	Base, Inc time.Duration
	Depth     int
	Nodes     int64
}

// ParseTC reads "BASE+INC" in seconds ("10+0.1", "60").
func ParseTC(s string) (Limit, error) {
	b, i, _ := strings.Cut(s, "+")
	base, err := strconv.ParseFloat(b, 64)
	if err != nil || base <= 0 {
		return Limit{}, fmt.Errorf("--tc %q: want BASE+INC in seconds, e.g. 10+0.1", s)
	}
	inc := 0.0
	if i != "" {
		if inc, err = strconv.ParseFloat(i, 64); err != nil || inc < 0 {
			return Limit{}, fmt.Errorf("--tc %q: want BASE+INC in seconds, e.g. 10+0.1", s)
		}
	}
	return Limit{Base: time.Duration(base * float64(time.Second)), Inc: time.Duration(inc * float64(time.Second))}, nil
}

func (l Limit) clocked() bool { return l.Depth == 0 && l.Nodes == 0 }

func (l Limit) String() string {
	switch {
	case l.Depth > 0:
		return fmt.Sprintf("depth %d", l.Depth)
	case l.Nodes > 0:
		return fmt.Sprintf("%d nodes", l.Nodes)
	}
	return fmt.Sprintf("%g+%g", l.Base.Seconds(), l.Inc.Seconds())
}

// Engine is a running engine process.
type Engine struct {
	spec  Spec
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	feat  map[string]string // CECP features
	ping  int
	// CECP per game: whether "go" was sent (the engine then plays on after
	// each move it is given).
	going bool
}

// ErrUnsupported is a limit an engine cannot play: the match's setting,
// not a game lost.
var ErrUnsupported = errors.New("unsupported")

// errEngine marks a failure of the engine itself (died, silent, broken
// protocol): the game is lost by that engine.
var errEngine = errors.New("engine failure")

// Start runs the engine and completes the protocol's handshake.
func Start(ctx context.Context, spec Spec) (*Engine, error) {
	argv, err := splitCommand(spec.Command)
	if err != nil || len(argv) == 0 {
		return nil, fmt.Errorf("%s: bad command %q", spec.Name, spec.Command)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", spec.Name, err)
	}
	e := &Engine{spec: spec, cmd: cmd, in: in, lines: make(chan string, 256), feat: map[string]string{}}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			e.lines <- strings.TrimSpace(sc.Text())
		}
		close(e.lines)
	}()
	if spec.UCI {
		err = e.startUCI()
	} else {
		err = e.startCECP()
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Close ends the engine: "quit", then a kill if it lingers.
func (e *Engine) Close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

func (e *Engine) send(format string, args ...any) {
	fmt.Fprintf(e.in, format+"\n", args...)
}

// next returns the next line within d, or errEngine.
func (e *Engine) next(d time.Duration) (string, error) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", fmt.Errorf("%w: %s exited", errEngine, e.spec.Name)
		}
		return l, nil
	case <-t.C:
		return "", fmt.Errorf("%w: %s silent for %v", errEngine, e.spec.Name, d)
	}
}

// waitFor reads lines until one for which match is true.
func (e *Engine) waitFor(d time.Duration, match func(string) bool) (string, error) {
	deadline := time.Now().Add(d)
	for {
		l, err := e.next(time.Until(deadline))
		if err != nil {
			return "", err
		}
		if match(l) {
			return l, nil
		}
	}
}

const handshakeWait = 10 * time.Second

func (e *Engine) startUCI() error {
	e.send("uci")
	if _, err := e.waitFor(handshakeWait, func(l string) bool { return l == "uciok" }); err != nil {
		return err
	}
	if v := e.spec.Variant; v != "" && v != "normal" && v != "chess" {
		e.send("setoption name UCI_Variant value %s", v)
	}
	for _, o := range e.spec.Options {
		n, v, _ := strings.Cut(o, "=")
		e.send("setoption name %s value %s", n, v)
	}
	return e.syncUCI()
}

func (e *Engine) syncUCI() error {
	e.send("isready")
	_, err := e.waitFor(handshakeWait, func(l string) bool { return l == "readyok" })
	return err
}

func (e *Engine) startCECP() error {
	e.send("xboard")
	e.send("protover 2")
	// protover 2 engines answer with features ending in done=1; an older
	// engine says nothing, and two seconds of silence mean it is ready.
	deadline := time.Now().Add(handshakeWait)
	for time.Now().Before(deadline) {
		l, err := e.next(2 * time.Second)
		if err != nil {
			if errors.Is(err, errEngine) && strings.Contains(err.Error(), "silent") && len(e.feat) == 0 {
				break
			}
			return err
		}
		if rest, ok := strings.CutPrefix(l, "feature "); ok {
			for k, v := range parseFeatures(rest) {
				e.feat[k] = v
				e.send("accepted %s", k)
			}
			if e.feat["done"] == "1" {
				break
			}
		}
	}
	for _, o := range e.spec.Options {
		e.send("option %s", o)
	}
	return nil
}

// parseFeatures reads `a=1 b="two words"`.
func parseFeatures(s string) map[string]string {
	out := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		k, rest, ok := strings.Cut(s, "=")
		if !ok {
			break
		}
		var v string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				v, rest = rest[1:], ""
			} else {
				v, rest = rest[1:end+1], rest[end+2:]
			}
		} else {
			v, rest, _ = strings.Cut(rest, " ")
		}
		out[strings.TrimSpace(k)] = v
		s = rest
	}
	return out
}

// syncCECP waits until the engine has read everything sent (ping/pong, if
// it has the feature).
func (e *Engine) syncCECP() error {
	if e.feat["ping"] != "1" {
		return nil
	}
	e.ping++
	want := fmt.Sprintf("pong %d", e.ping)
	e.send("ping %d", e.ping)
	_, err := e.waitFor(handshakeWait, func(l string) bool { return l == want })
	return err
}

// NewGame sets the engine up for a game from the start position followed by
// the opening moves, with lim.
func (e *Engine) NewGame(opening []string, lim Limit) error {
	if e.spec.UCI {
		e.send("ucinewgame")
		return e.syncUCI()
	}
	e.going = false
	e.send("new")
	if v := e.spec.Variant; v != "" && v != "normal" {
		e.send("variant %s", v)
	}
	e.send("force")
	e.send("post")
	switch {
	case lim.Depth > 0:
		e.send("sd %d", lim.Depth)
		// A clock long enough never to hurry the depth.
		e.send("level 0 600 0")
	case lim.Nodes > 0:
		// CECP has no node limit but "nps" with "st": so many nodes a
		// second for one second a move is that many nodes a move. An
		// engine without feature nps=1 would think a second a move
		// instead: refused, not played.
		if e.feat["nps"] != "1" {
			return fmt.Errorf("%w: %s has no CECP feature nps=1, so no node limit (use --depth or --tc, or its UCI mode)", ErrUnsupported, e.spec.Name)
		}
		e.send("nps %d", lim.Nodes)
		e.send("st 1")
	default:
		e.send("level 0 %s %s", minSec(lim.Base), strconv.FormatFloat(lim.Inc.Seconds(), 'f', -1, 64))
	}
	for _, m := range opening {
		e.usermove(m)
	}
	return e.syncCECP()
}

func minSec(d time.Duration) string {
	s := d.Seconds()
	m := int(s) / 60
	return fmt.Sprintf("%d:%s", m, strconv.FormatFloat(s-float64(60*m), 'f', -1, 64))
}

func (e *Engine) usermove(m string) {
	if e.feat["usermove"] == "1" {
		e.send("usermove %s", m)
	} else {
		e.send("%s", m)
	}
}

// Clocks are the times left when a move is asked for.
type Clocks struct {
	Own, Opp time.Duration
	White    bool // the engine plays White (UCI wtime/btime)
}

// Reply is an engine's answer to "your move".
type Reply struct {
	Move   string // coordinates, as the engine wrote them
	Resign bool
	Claim  string // a CECP result claim instead of a move: "1-0", "0-1", "1/2-1/2"
	Why    string
}

// Move asks for the move after history (the whole game so far, opening
// included; last is the opponent's move since the engine last moved, ""
// for none), within timeout.
func (e *Engine) Move(history []string, last string, lim Limit, c Clocks, timeout time.Duration) (Reply, error) {
	if e.spec.UCI {
		return e.moveUCI(history, lim, c, timeout)
	}
	if lim.clocked() {
		e.send("time %d", c.Own.Milliseconds()/10)
		e.send("otim %d", c.Opp.Milliseconds()/10)
	}
	if last != "" {
		e.usermove(last)
	}
	if !e.going {
		e.going = true
		e.send("go")
	}
	for {
		l, err := e.waitFor(timeout, func(string) bool { return true })
		if err != nil {
			return Reply{}, err
		}
		switch {
		case strings.HasPrefix(l, "move "):
			return Reply{Move: strings.TrimSpace(l[5:])}, nil
		case l == "resign" || strings.HasPrefix(l, "tellics resign"):
			return Reply{Resign: true}, nil
		case strings.HasPrefix(l, "1-0"), strings.HasPrefix(l, "0-1"), strings.HasPrefix(l, "1/2-1/2"):
			res, why, _ := strings.Cut(l, " ")
			return Reply{Claim: res, Why: strings.Trim(why, " {}")}, nil
		case strings.HasPrefix(l, "Illegal move"), strings.HasPrefix(l, "Error"):
			return Reply{}, fmt.Errorf("%w: %s: %s", errEngine, e.spec.Name, l)
		}
	}
}

func (e *Engine) moveUCI(history []string, lim Limit, c Clocks, timeout time.Duration) (Reply, error) {
	pos := "position startpos"
	if len(history) > 0 {
		pos += " moves " + strings.Join(history, " ")
	}
	e.send("%s", pos)
	switch {
	case lim.Depth > 0:
		e.send("go depth %d", lim.Depth)
	case lim.Nodes > 0:
		e.send("go nodes %d", lim.Nodes)
	default:
		w, b := c.Own, c.Opp
		if !c.White {
			w, b = b, w
		}
		inc := lim.Inc.Milliseconds()
		e.send("go wtime %d btime %d winc %d binc %d", w.Milliseconds(), b.Milliseconds(), inc, inc)
	}
	l, err := e.waitFor(timeout, func(l string) bool { return strings.HasPrefix(l, "bestmove") })
	if err != nil {
		return Reply{}, err
	}
	f := strings.Fields(l)
	if len(f) < 2 || f[1] == "(none)" || f[1] == "0000" {
		return Reply{Resign: true, Why: "no move"}, nil
	}
	return Reply{Move: f[1]}, nil
}

// splitCommand splits a command line on spaces, keeping '…' and "…"
// quoted parts whole.
func splitCommand(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}
