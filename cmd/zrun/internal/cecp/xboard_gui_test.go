// This file defines the end-to-end test with the real XBoard (Debian
// xboard 4.9.1) under Xvfb: XBoard loads Schoolbook as an engine-defined
// variant from "zrun xboard", a scripted user (xdotool) picks up the
// archbishop and the marshall, zrun answers XBoard's "lift" with the legal
// target squares, the user drops the piece on one of them and zrun replies
// with its move, for several moves. The protocol debug log is checked and
// screenshots are saved. It runs only with
//
//	go test ./cmd/zrun -run RealXBoard -args -slow
//
// and skips when xboard, Xvfb, xdotool or ImageMagick's import is missing.
// Set ZRUN_XBOARD_OUT=DIR to keep the screenshots and the debug logs there.

package cecp

import (
	"fmt"
	"image"
	"image/color"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"zrun/cmd/zrun/internal/testbin"
)

// Flat square colours (no textures) let the test find the board on the
// screenshot by colour.
const (
	xbLight = "#C8C365"
	xbDark  = "#77A26D"
)

// xbUser is the scripted user: the X display, XBoard's debug log and
// where the board is on the screen.
type xbUser struct {
	t       *testing.T
	display string
	out     string // directory for screenshots
	debug   string // XBoard's debug file
	// Board geometry on the root window, found on a screenshot.
	x0, y0, sq    int
	files, ranks  int
	shots         int
	logSeenOffset int
	held          bool // the mouse button is down on a lifted piece
}

// xbGame is the game XBoard plays with zrun: a rule file, the variant name
// zrun announces it under, and the board size.
type xbGame struct {
	rules, variant string
	files, ranks   int
}

var schoolbook = xbGame{"../../../../games/schoolbook.zrf", "schoolbook", 10, 8}

// startXBoard starts Xvfb and XBoard with "zrun xboard RULES" as its
// engine, waits until zrun has described the variant and finds the board
// on the screen. It skips without -slow or without the programs.
// Screenshots and the debug log go to $ZRUN_XBOARD_OUT/name, or a
// temporary directory.
func startXBoard(t *testing.T, name string, game xbGame, extra ...string) *xbUser {
	if !*slow {
		t.Skip("real-XBoard test: run with -args -slow")
	}
	return launchXBoard(t, name, game, extra...)
}

// launchXBoard is startXBoard for the short check that runs by default.
func launchXBoard(t *testing.T, name string, game xbGame, extra ...string) *xbUser {
	tools := map[string]string{}
	for _, prog := range []string{"xboard", "Xvfb", "xdotool", "import"} {
		p, err := exec.LookPath(prog)
		if err != nil {
			if p2 := "/usr/games/" + prog; fileExists(p2) {
				p, err = p2, nil
			}
		}
		if err != nil {
			t.Skipf("%s not installed", prog)
		}
		tools[prog] = p
	}
	out := t.TempDir()
	if dir := os.Getenv("ZRUN_XBOARD_OUT"); dir != "" {
		out = filepath.Join(dir, name)
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := testbin.Zrun(t)
	rules, err := filepath.Abs(game.rules)
	if err != nil {
		t.Fatal(err)
	}
	if !fileExists(rules) {
		t.Skipf("%s not found", rules)
	}

	display := freeDisplay(t)
	xvfb := exec.Command(tools["Xvfb"], display, "-screen", "0", "1024x768x24", "-nolisten", "tcp")
	if err := xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { xvfb.Process.Kill(); xvfb.Wait() })
	waitFor(t, 10*time.Second, "Xvfb socket", func() bool {
		return fileExists("/tmp/.X11-unix/X" + strings.TrimPrefix(display, ":"))
	})

	u := &xbUser{t: t, display: display, out: out, debug: filepath.Join(out, "xboard.debug"), files: game.files, ranks: game.ranks}
	// A fixed search depth keeps zrun's replies quick and the same from
	// run to run, so the scripted user's moves stay legal.
	xb := exec.Command(tools["xboard"],
		"-fcp", bin+" xboard "+rules, "-fd", out, "-variant", game.variant,
		"-debugMode", "true", "-nameOfDebugFile", u.debug,
		"-showTargetSquares", "true", "-highlightLastMove", "true",
		"-useBoardTexture", "false", "-lightSquareColor", xbLight, "-darkSquareColor", xbDark,
		"-saveSettingsOnExit", "false", "-tc", "5", "-searchDepth", "4", "-showThinking", "true",
		"-popupExitMessage", "false", "-autoCallFlag", "false")
	xb.Args = append(xb.Args, extra...)
	xb.Env = append(os.Environ(), "DISPLAY="+display)
	xb.Dir = out
	if err := xb.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		xb.Process.Kill()
		xb.Wait()
		log, _ := os.ReadFile(u.debug)
		for _, bad := range []string{"Illegal move", "Error (", "tellusererror", "Forfeit", "illegal-move claim"} {
			if strings.Contains(string(log), bad) {
				t.Errorf("debug log contains %q", bad)
			}
		}
		t.Logf("screenshots and debug log in %s", out)
	})

	// XBoard has negotiated and zrun has described the variant.
	if !knownVariants[game.variant] { // XBoard's own variants get no setup
		u.waitLog(fmt.Sprintf(`<first : setup \(\S+\) %dx%d\+0_fairy `, game.files, game.ranks), 20*time.Second)
	}
	u.waitLog(`<first : pong \d+`, 10*time.Second)
	time.Sleep(time.Second) // let the board be drawn
	u.findBoard(u.shot("start"))
	return u
}

// lift presses the mouse on square from and returns the targets zrun
// highlights in answer to XBoard's "lift"; shot names a screenshot taken
// with the targets shown ("" for none).
func (u *xbUser) lift(from, shot string) []colorTarget {
	u.t.Helper()
	x, y := u.px(from)
	u.xdo("mousemove", x, y, "mousedown", "1")
	u.held = true
	hl := u.waitLog(`(?s)>first : lift `+from+`\b.*?<first : highlight (\S+)`, 10*time.Second)
	if shot != "" {
		time.Sleep(500 * time.Millisecond) // the dots are drawn
		u.shot(shot)
	}
	return colorTargets(hl[1], u.files)
}

// release puts the piece down on square to: the end of a drag, or, after
// XBoard has lifted the piece again at a stop of a multi-leg move, a click.
func (u *xbUser) release(to string) {
	u.t.Helper()
	x, y := u.px(to)
	if u.held {
		u.xdo("mousemove", x, y, "sleep", "0.3", "mouseup", "1")
		u.held = false
		return
	}
	u.xdo("mousemove", x, y, "sleep", "0.3", "click", "1")
}

// drop releases the lifted piece on square to and checks that XBoard sends
// the move, which ends with the leg from-to.
func (u *xbUser) drop(from, to string) {
	u.t.Helper()
	u.release(to)
	u.waitLog(`>first : (usermove )?(\S+,)?`+from+to+`\b`, 10*time.Second)
}

// reply waits for zrun's move.
func (u *xbUser) reply() string {
	u.t.Helper()
	return u.waitLog(`<first : move (\S+)`, 60*time.Second)[1]
}

func targeted(ts []colorTarget, sq string) bool {
	for _, t := range ts {
		if t.sq == sq {
			return true
		}
	}
	return false
}

// The user picks up the archbishop and the marshall in turn; each time zrun
// highlights their targets, the user drops the piece on one of them and
// zrun answers.
func TestRealXBoardSchoolbook(t *testing.T) {
	u := startXBoard(t, "pieces", schoolbook)
	pieces := []struct{ name, sq string }{{"archbishop", "e1"}, {"marshall", "i1"}}
	const moves = 4
	for i := 0; i < moves; i++ {
		pc := &pieces[i%2]
		if pc.sq == "" {
			pc = &pieces[1-i%2]
		}
		if pc.sq == "" {
			t.Fatalf("move %d: both pieces were captured", i+1)
		}
		targets := u.lift(pc.sq, fmt.Sprintf("lift-%d-%s-%s", i+1, pc.name, pc.sq))
		if len(targets) == 0 {
			t.Fatalf("move %d: no targets highlighted for the %s on %s", i+1, pc.name, pc.sq)
		}
		// A quiet move forward within White's half keeps the piece on the
		// board for the next lift; any target will do when there is none.
		to := targets[0]
		for _, tg := range targets {
			if tg.color == 'Y' && tg.sq[1] >= '3' && tg.sq[1] <= '4' && tg.sq != pc.sq {
				to = tg // the last such: towards the h..j files, away from the centre
			}
		}
		u.drop(pc.sq, to.sq)
		reply := u.reply()
		t.Logf("move %d: %s %s%s (highlighted %v), zrun %s", i+1, pc.name, pc.sq, to.sq, targets, reply)
		pc.sq = to.sq
		for j := range pieces {
			if pieces[j].sq != "" && strings.HasSuffix(reply, pieces[j].sq) {
				pieces[j].sq = "" // the engine captured it
			}
		}
	}
	time.Sleep(time.Second)
	u.shot("end")
}

// Schoolbook castling (the king goes three squares, "piece K& KisO3"): in
// Edit Game mode (zrun in force mode, the user moves both sides) the user
// clears f1..j1, zrun highlights i1 for the king, XBoard sends f1i1 and
// moves the rook to h1 itself, where the user can pick it up.
func TestRealXBoardSchoolbookCastling(t *testing.T) {
	u := startXBoard(t, "castling", schoolbook, "-initialMode", "EditGame")
	for _, mv := range []string{"h2h4", "a7a6", "g1h2", "b7b6", "h1g3", "c7c6", "i1j3", "d7d6"} {
		from, to := mv[:2], mv[2:]
		if ts := u.lift(from, ""); !targeted(ts, to) {
			t.Fatalf("%s not highlighted for %s: %v", to, from, ts)
		}
		u.drop(from, to)
	}
	ts := u.lift("f1", "lift-king-f1")
	if !targeted(ts, "i1") {
		t.Fatalf("castling f1i1 not highlighted: %v", ts)
	}
	u.drop("f1", "i1")
	time.Sleep(time.Second)
	u.shot("castled")
	// XBoard sends "lift h1" only if it shows a piece there: the rook moved.
	if ts := u.lift("e7", ""); !targeted(ts, "e6") {
		t.Fatalf("e7e6 not highlighted: %v", ts)
	}
	u.drop("e7", "e6")
	if ts := u.lift("h1", "lift-rook-h1"); !targeted(ts, "g1") {
		t.Fatalf("rook on h1 after castling: targets %v", ts)
	}
	x, y := u.px("h1")
	u.xdo("mousemove", x, y, "mouseup", "1") // put it back: no move
}

// freeDisplay picks an X display number no server uses.
func freeDisplay(t *testing.T) string {
	for n := 91; n < 140; n++ {
		if !fileExists(fmt.Sprintf("/tmp/.X11-unix/X%d", n)) && !fileExists(fmt.Sprintf("/tmp/.X%d-lock", n)) {
			return ":" + strconv.Itoa(n)
		}
	}
	t.Skip("no free X display number")
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// waitLog waits until the debug log, past what earlier waits consumed,
// matches re; it returns the submatches and consumes the log up to the match.
func (u *xbUser) waitLog(re string, d time.Duration) []string {
	u.t.Helper()
	rx := regexp.MustCompile(re)
	var m []string
	waitFor(u.t, d, "XBoard debug log to match "+re, func() bool {
		data, err := os.ReadFile(u.debug)
		if err != nil || len(data) < u.logSeenOffset {
			return false
		}
		rest := string(data[u.logSeenOffset:])
		loc := rx.FindStringSubmatchIndex(rest)
		if loc == nil {
			return false
		}
		m = nil
		for i := 0; i < len(loc); i += 2 {
			if loc[i] < 0 {
				m = append(m, "")
				continue
			}
			m = append(m, rest[loc[i]:loc[i+1]])
		}
		u.logSeenOffset += loc[1]
		return true
	})
	return m
}

func (u *xbUser) xdo(args ...string) {
	u.t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+u.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		u.t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
}

// shot saves a screenshot of the whole screen and returns its path.
func (u *xbUser) shot(name string) string {
	u.t.Helper()
	u.shots++
	p := filepath.Join(u.out, fmt.Sprintf("%02d-%s.png", u.shots, name))
	cmd := exec.Command("import", "-window", "root", p)
	cmd.Env = append(os.Environ(), "DISPLAY="+u.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		u.t.Fatalf("import: %v\n%s", err, out)
	}
	return p
}

// findBoard locates the board on a screenshot: the bounding box of the
// pixels in the two square colours.
func (u *xbUser) findBoard(png string) {
	u.t.Helper()
	f, err := os.Open(png)
	if err != nil {
		u.t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		u.t.Fatal(err)
	}
	light, dark := hexColor(xbLight), hexColor(xbDark)
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, -1, -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c == light || c == dark {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	if maxX < 0 {
		u.t.Fatalf("%s: no board squares in the colours %s/%s", png, xbLight, xbDark)
	}
	u.x0, u.y0 = minX, minY
	u.sq = (maxX - minX + 1) / u.files
	if h := (maxY - minY + 1) / u.ranks; h < u.sq-2 || h > u.sq+2 {
		u.t.Fatalf("board %dx%d px is not %dx%d squares", maxX-minX+1, maxY-minY+1, u.files, u.ranks)
	}
}

func hexColor(h string) color.RGBA {
	v, _ := strconv.ParseUint(strings.TrimPrefix(h, "#"), 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// px returns the screen coordinates of a square's centre as xdotool args.
func (u *xbUser) px(sq string) (string, string) {
	file := int(sq[0] - 'a')
	rank, _ := strconv.Atoi(sq[1:]) // ranks 1..n, but 0..9 on ten ranks (CECP)
	if u.ranks == 10 {
		rank++
	}
	x := u.x0 + file*u.sq + u.sq/2
	y := u.y0 + (u.ranks-rank)*u.sq + u.sq/2
	return strconv.Itoa(x), strconv.Itoa(y)
}

// colorTarget is one marked square of a highlight COLORFEN.
type colorTarget struct {
	sq    string
	color byte
}

func (c colorTarget) String() string { return c.sq + ":" + string(c.color) }

// colorTargets reads a COLORFEN (top rank first, ranks 1..n) into squares.
func colorTargets(fen string, files int) []colorTarget {
	rows := strings.Split(fen, "/")
	var out []colorTarget
	for r, row := range rows {
		f := 0
		for i := 0; i < len(row); {
			if row[i] >= '0' && row[i] <= '9' {
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				n, _ := strconv.Atoi(row[i:j])
				f += n
				i = j
				continue
			}
			if f < files {
				out = append(out, colorTarget{fmt.Sprintf("%c%d", 'a'+f, len(rows)-r), row[i]})
			}
			f++
			i++
		}
	}
	return out
}

// Italian checkers from the corpus: no Betza string describes its jumps,
// so XBoard learns them from the highlight answers alone, with legality
// testing off (XBoard's own rules know no checkers). In Edit Game mode the
// user reaches a double jump. Each jump goes through the square of the man
// it takes: zrun marks each stop where the move goes on cyan, XBoard lifts
// the man again there, and at the end XBoard sends the whole move as legs,
// removing the men on the squares the legs end on.
func TestRealXBoardCheckersMultiLeg(t *testing.T) {
	u := startXBoard(t, "checkers", xbGame{
		"../../../../../shared/zrf-corpus/DagazProject+DagazProject.github.io/checkers/zrf/italian-checkers.zrf",
		"italian-checkers", 8, 8}, "-initialMode", "EditGame", "-testLegality", "false")
	for _, mv := range []string{"b3a4", "a6b5", "d3e4", "b7a6", "e4f5", "g6f5e4"} {
		// Legs: every square after the first is a stop.
		stops := []string{mv[:2]}
		for k := 2; k < len(mv); k += 2 {
			stops = append(stops, mv[k:k+2])
		}
		ts := u.lift(stops[0], "")
		for k, to := range stops[1:] {
			if !targeted(ts, to) {
				t.Fatalf("%s: %s not highlighted: %v", mv, to, ts)
			}
			if k < len(stops)-2 {
				ts = u.hop(stops[k], to)
			}
		}
		u.drop(stops[len(stops)-2], stops[len(stops)-1])
	}
	// The double jump f3xd5xb7: stops e4, d5, c6, b7, all but the last cyan.
	ts := u.lift("f3", "lift-f3")
	var legs []string
	from := "f3"
	for {
		if len(ts) != 1 {
			t.Fatalf("from %s: targets %v, want one", from, ts)
		}
		to := ts[0]
		legs = append(legs, from+to.sq)
		if to.color != 'C' {
			if to.color != 'R' {
				t.Fatalf("last leg %s%s: colour %c, want R", from, to.sq, to.color)
			}
			break
		}
		ts = u.hop(from, to.sq)
		if len(legs) == 2 {
			time.Sleep(500 * time.Millisecond)
			u.shot("next-part")
		}
		from = to.sq
	}
	if want := []string{"f3e4", "e4d5", "d5c6", "c6b7"}; !slices.Equal(legs, want) {
		t.Fatalf("legs %v, want %v", legs, want)
	}
	u.release("b7")
	// XBoard writes the first part from start to target (f3d5), the
	// second through its victim (d5c6,c6b7); zrun accepts either form.
	u.waitLog(`>first : (usermove )?f3(e4,e4)?d5,d5c6,c6b7\b`, 10*time.Second)
	time.Sleep(time.Second)
	u.shot("double-jump")
}

// hop drops the held piece on a stop where the move goes on: XBoard sends
// "put" and lifts it again there; it returns the next highlighted targets.
func (u *xbUser) hop(from, to string) []colorTarget {
	u.t.Helper()
	u.release(to)
	hl := u.waitLog(`(?s)>first : put `+to+`\b.*?>first : lift `+to+`\b.*?<first : highlight (\S+)`, 10*time.Second)
	return colorTargets(hl[1], u.files)
}
