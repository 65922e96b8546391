// This file fits Betza atoms to what the probe saw: each target becomes a
// leap, a ride of a shorter step, a lame leap or a hop; rides are grouped by
// step with their range; directions become modifiers; W+F and R+B with the
// same modifiers merge into K and Q. The spelling is canonical.

package describe

import (
	"fmt"
	"sort"
	"strings"
)

// betzaToken is one atom of the result with its modifiers.
type betzaToken struct {
	atom    offset // (a, b) with 0 <= a <= b
	merged  bool   // W+F merged into K (or R+B into Q)
	rng     int    // 1 a leap, k > 1 at most k steps, 0 unlimited
	dirs    string // direction modifiers ("" = all directions)
	lame    bool
	hop     byte // 0, 'p' (cannon-like) or 'g' (lands just beyond the screen)
	initial bool
	mode    byte // 0 move and capture, 'm' move only, 'c' capture only
	ep      bool // also captures en passant (on the same squares)
	castle  int  // > 0: castling, the king moving this many squares
}

type betzaFit struct {
	tokens []betzaToken
	notes  []string
	jumps  []string // English for jumping captures (checkers), which Betza does not spell
}

// rideKey groups targets along one step.
type rideKey struct {
	u       offset
	capture bool
	initial bool
}

// fitBetza turns the observation into tokens.
func fitBetza(obs *observation, pr *prober) *betzaFit {
	f := &betzaFit{}
	rides := map[rideKey]map[int]bool{}
	type lameKey struct {
		v                offset
		capture, initial bool
	}
	var lames []lameKey
	for _, m := range obs.moves {
		if m.hop {
			continue
		}
		u, n, ok := decompose(m.v, m.path)
		if !ok {
			if len(m.path) == 1 && m.path[0] == orthFirst(m.v) {
				lames = append(lames, lameKey{m.v, m.capture, m.initial})
				continue
			}
			f.notes = append(f.notes, fmt.Sprintf("the move to (%d,%d) is blocked by pieces on %v: no Betza atom says that", m.v[0], m.v[1], m.path))
			u, n = m.v, 1
		}
		k := rideKey{u, m.capture, m.initial}
		if rides[k] == nil {
			rides[k] = map[int]bool{}
		}
		rides[k][n] = true
	}
	type unit struct {
		atom    offset
		rng     int
		lame    bool
		initial bool
		capture bool
	}
	dirsOf := map[unit]map[string]bool{}
	addDir := func(un unit, v offset) {
		if dirsOf[un] == nil {
			dirsOf[un] = map[string]bool{}
		}
		dirsOf[un][dirName(v)] = true
	}
	keys := make([]rideKey, 0, len(rides))
	for k := range rides {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	for _, k := range keys {
		ns := rides[k]
		have := func(n int) bool {
			if ns[n] {
				return true
			}
			if k.initial { // a first move may extend the piece's usual ride
				return rides[rideKey{k.u, k.capture, false}][n]
			}
			return false
		}
		top := 0
		for have(top + 1) {
			top++
		}
		a := atomOf(k.u)
		switch {
		case k.initial && len(ns) == 1 && ns[2]:
			// a first-move double step: a lame leap of twice the step
			lames = append(lames, lameKey{offset{2 * k.u[0], 2 * k.u[1]}, k.capture, true})
			continue
		case top >= 1:
			rng := top
			if !k.initial && !pr.openAt(offset{(top + 1) * k.u[0], (top + 1) * k.u[1]}) {
				// stopped by the edge: look again from the square with most room
				r, edge := pr.reach(k.u, k.capture)
				switch {
				case r > top && edge, top > 1 && edge && r == top:
					rng = 0
				case r > top:
					rng = r
				}
			}
			addDir(unit{a, rng, false, k.initial, k.capture}, k.u)
		}
		for n := range ns {
			if n > top {
				lames = append(lames, lameKey{offset{n * k.u[0], n * k.u[1]}, k.capture, k.initial})
			}
		}
	}
	for _, l := range lames {
		addDir(unit{atomOf(l.v), 1, true, l.initial, l.capture}, l.v)
	}
	// Tokens per unit, splitting moves and captures.
	type shape struct {
		atom    offset
		rng     int
		lame    bool
		initial bool
	}
	shapes := map[shape][2]map[string]bool{}
	for un, ds := range dirsOf {
		sh := shape{un.atom, un.rng, un.lame, un.initial}
		pair := shapes[sh]
		i := 0
		if un.capture {
			i = 1
		}
		pair[i] = ds
		shapes[sh] = pair
	}
	for sh, pair := range shapes {
		both, monly, conly := map[string]bool{}, map[string]bool{}, map[string]bool{}
		for d := range pair[0] {
			if pair[1][d] {
				both[d] = true
			} else {
				monly[d] = true
			}
		}
		for d := range pair[1] {
			if !pair[0][d] {
				conly[d] = true
			}
		}
		for _, part := range []struct {
			ds   map[string]bool
			mode byte
		}{{both, 0}, {monly, 'm'}, {conly, 'c'}} {
			if len(part.ds) == 0 {
				continue
			}
			if !knownAtom(sh.atom) {
				f.notes = append(f.notes, fmt.Sprintf("leaps of (%d,%d) have no Betza letter", sh.atom[0], sh.atom[1]))
				continue
			}
			for _, mods := range coverDirs(sh.atom, part.ds) {
				f.tokens = append(f.tokens, betzaToken{atom: sh.atom, rng: sh.rng, dirs: mods, lame: sh.lame,
					initial: sh.initial, mode: part.mode})
			}
		}
	}
	f.markEnPassant(obs.ep)
	f.jumpPhrases(obs.jumps)
	f.hopTokens(obs)
	f.castleTokens(obs.castles)
	f.merge()
	sort.SliceStable(f.tokens, func(i, j int) bool { return f.tokens[i].order() < f.tokens[j].order() })
	return f
}

// jumpPhrases describes jumping captures over an adjacent piece to the
// square just beyond it (checkers), grouped like tokens by atom and
// direction, for the English sentence.
func (f *betzaFit) jumpPhrases(jumps [][2]offset) {
	byAtom := map[offset]map[string]bool{}
	for _, j := range jumps {
		over, land := j[0], j[1]
		if land != (offset{2 * over[0], 2 * over[1]}) || iabs(over[0]) > 1 || iabs(over[1]) > 1 {
			f.jumps = append(f.jumps, fmt.Sprintf("capture a piece at (%d,%d) by moving to (%d,%d)", over[0], over[1], land[0], land[1]))
			continue
		}
		a := atomOf(over)
		if byAtom[a] == nil {
			byAtom[a] = map[string]bool{}
		}
		byAtom[a][dirName(over)] = true
	}
	for _, a := range []offset{{0, 1}, {1, 1}} {
		if byAtom[a] == nil {
			continue
		}
		for _, mods := range coverDirs(a, byAtom[a]) {
			f.jumps = append(f.jumps, "capture by jumping over an adjacent piece "+lineWords(betzaToken{atom: a, dirs: mods})+
				" to the empty square beyond it")
		}
	}
	sort.Strings(f.jumps)
}

// markEnPassant adds e to the capturing leap tokens whose squares are
// exactly the en-passant squares (a pawn's fcF becomes fceF); other
// en-passant captures are noted as not spelled.
func (f *betzaFit) markEnPassant(ep []offset) {
	if len(ep) == 0 {
		return
	}
	want := map[string]bool{}
	for _, v := range ep {
		want[dirName(v)] = true
	}
	atom := atomOf(ep[0])
	for _, v := range ep {
		if atomOf(v) != atom {
			f.notes = append(f.notes, "en-passant captures of several kinds")
			return
		}
	}
	for i := range f.tokens {
		t := &f.tokens[i]
		if t.atom != atom || t.rng != 1 || t.initial || t.hop != 0 || t.lame || t.mode == 'm' {
			continue
		}
		if dirSetOf(atom, t.dirs) == fmt.Sprint(sortedKeys(want)) {
			t.ep = true
			return
		}
	}
	f.notes = append(f.notes, "it captures en passant in a way Betza's e cannot attach to")
}

// dirSetOf lists the moves a modifier string of coverDirs selects.
func dirSetOf(atom offset, mods string) string {
	groups, all := diagGroup, diagAll
	switch {
	case atom[0] == 0:
		all = orthAll
	case atom[0] != atom[1]:
		groups, all = oblGroup, oblAll
	}
	set := map[string]bool{}
	switch {
	case mods == "":
		for _, d := range all {
			set[d] = true
		}
	case atom[0] == 0:
		for _, c := range mods {
			switch c {
			case 'v':
				set["f"], set["b"] = true, true
			case 's':
				set["l"], set["r"] = true, true
			default:
				set[string(c)] = true
			}
		}
	default:
		for _, g := range groups {
			if g.mods == mods {
				for _, d := range g.set {
					set[d] = true
				}
			}
		}
		if len(set) == 0 { // a single move
			set[mods] = true
		}
	}
	return fmt.Sprint(sortedKeys(set))
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// decompose finds the longest ride of equal steps u (n of them) that reaches
// v passing exactly path; a leap is n = 1.
func decompose(v offset, path []offset) (offset, int, bool) {
	if len(path) == 0 {
		return v, 1, true
	}
	g := gcd(iabs(v[0]), iabs(v[1]))
	for n := g; n >= 2; n-- {
		if g%n != 0 {
			continue
		}
		u := offset{v[0] / n, v[1] / n}
		if len(path) != n-1 {
			continue
		}
		ok := true
		for k := 1; k < n; k++ {
			if !pathHas(path, offset{k * u[0], k * u[1]}) {
				ok = false
				break
			}
		}
		if ok {
			return u, n, true
		}
	}
	return v, 1, false
}

// orthFirst is the square a lame oblique leap passes first (one step along
// its longer axis), the blocking square of XBetza's nN.
func orthFirst(v offset) offset {
	if iabs(v[0]) > iabs(v[1]) {
		return offset{sign(v[0]), 0}
	}
	if iabs(v[1]) > iabs(v[0]) {
		return offset{0, sign(v[1])}
	}
	return offset{sign(v[0]), sign(v[1])}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func atomOf(v offset) offset {
	a, b := iabs(v[0]), iabs(v[1])
	if a > b {
		a, b = b, a
	}
	return offset{a, b}
}

var atomLetters = map[offset]string{
	{0, 1}: "W", {1, 1}: "F", {0, 2}: "D", {1, 2}: "N", {2, 2}: "A",
	{0, 3}: "H", {1, 3}: "C", {2, 3}: "Z", {3, 3}: "G",
}

var atomOrder = map[string]int{"W": 0, "F": 1, "D": 2, "N": 3, "A": 4, "H": 5, "C": 6, "Z": 7, "G": 8}

func knownAtom(a offset) bool { _, ok := atomLetters[a]; return ok }

// dirName names one move of an atom, for the first player (XBetza): f b l r
// for orthogonal atoms, fl fr bl br for diagonal ones, and for oblique ones
// the pair (f b l r, the move's longer axis) and the member (its shorter).
func dirName(v offset) string {
	x, y := v[0], v[1]
	h := map[bool]string{true: "r", false: "l"}[x > 0]
	vt := map[bool]string{true: "f", false: "b"}[y > 0]
	switch {
	case x == 0:
		return vt
	case y == 0:
		return h
	case iabs(x) == iabs(y):
		return vt + h
	case iabs(y) > iabs(x):
		return h + vt // e.g. rf = (1,2): the right one of the forward pair
	default:
		return vt + h // e.g. fr = (2,1): the forward one of the right pair
	}
}

// dirGroups are the modifier spellings for each atom shape, largest first.
var (
	orthAll  = []string{"f", "b", "l", "r"}
	diagAll  = []string{"fl", "fr", "bl", "br"}
	oblAll   = []string{"lf", "rf", "lb", "rb", "fl", "fr", "bl", "br"}
	oblGroup = []struct {
		mods string
		set  []string
	}{
		{"fh", []string{"lf", "rf", "fl", "fr"}}, {"bh", []string{"lb", "rb", "bl", "br"}},
		{"lh", []string{"fl", "bl", "lf", "lb"}}, {"rh", []string{"fr", "br", "rf", "rb"}},
		{"v", []string{"lf", "rf", "lb", "rb"}}, {"s", []string{"fl", "bl", "fr", "br"}},
		{"f", []string{"lf", "rf"}}, {"b", []string{"lb", "rb"}}, {"l", []string{"fl", "bl"}}, {"r", []string{"fr", "br"}},
		{"fs", []string{"fl", "fr"}}, {"bs", []string{"bl", "br"}}, {"lv", []string{"lf", "lb"}}, {"rv", []string{"rf", "rb"}},
	}
	diagGroup = []struct {
		mods string
		set  []string
	}{
		{"f", []string{"fl", "fr"}}, {"b", []string{"bl", "br"}}, {"l", []string{"fl", "bl"}}, {"r", []string{"fr", "br"}},
	}
)

// coverDirs spells a direction set as one or more modifier strings (each a
// separate token), "" meaning all directions.
func coverDirs(a offset, ds map[string]bool) []string {
	switch {
	case a[0] == 0: // orthogonal: letters combine by union
		if len(ds) == 4 {
			return []string{""}
		}
		s := ""
		switch {
		case ds["f"] && ds["b"]:
			s += "v"
		case ds["f"]:
			s += "f"
		case ds["b"]:
			s += "b"
		}
		switch {
		case ds["l"] && ds["r"]:
			s += "s"
		case ds["l"]:
			s += "l"
		case ds["r"]:
			s += "r"
		}
		return []string{s}
	case a[0] == a[1]:
		if len(ds) == 4 {
			return []string{""}
		}
		return greedyCover(ds, diagGroup, diagAll)
	default:
		if len(ds) == 8 {
			return []string{""}
		}
		return greedyCover(ds, oblGroup, oblAll)
	}
}

func greedyCover(ds map[string]bool, groups []struct {
	mods string
	set  []string
}, all []string) []string {
	left := map[string]bool{}
	for d := range ds {
		left[d] = true
	}
	var out []string
	for _, g := range groups {
		ok := true
		for _, d := range g.set {
			if !left[d] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, g.mods)
			for _, d := range g.set {
				delete(left, d)
			}
		}
	}
	for _, d := range all {
		if left[d] {
			out = append(out, d)
		}
	}
	return out
}

// hopTokens spells the moves that need a screen, per line direction.
func (f *betzaFit) hopTokens(obs *observation) {
	type key struct {
		diag, capture bool
	}
	dirs := map[key]map[string]bool{}
	grass := map[key]bool{}
	for _, m := range obs.moves {
		if !m.hop {
			continue
		}
		d := offset{sign(m.v[0]), sign(m.v[1])}
		k := key{d[0] != 0 && d[1] != 0, m.capture}
		if dirs[k] == nil {
			dirs[k] = map[string]bool{}
			grass[k] = true
		}
		dirs[k][dirName(d)] = true
		j := iabs(m.v[0])
		if j == 0 {
			j = iabs(m.v[1])
		}
		if j != m.screen+1 {
			grass[k] = false
		}
	}
	for _, diag := range []bool{false, true} {
		a := offset{0, 1}
		if diag {
			a = offset{1, 1}
		}
		mk, ck := key{diag, false}, key{diag, true}
		kinds := map[byte]map[string]bool{}
		kindOf := func(k key) byte {
			if grass[k] {
				return 'g'
			}
			return 'p'
		}
		if dirs[mk] != nil && dirs[ck] != nil && kindOf(mk) == kindOf(ck) && sameSet(dirs[mk], dirs[ck]) {
			kinds[0] = dirs[mk]
		} else {
			kinds['m'], kinds['c'] = dirs[mk], dirs[ck]
		}
		for _, mode := range []byte{0, 'm', 'c'} {
			ds := kinds[mode]
			if ds == nil {
				continue
			}
			k := mk
			if mode == 'c' {
				k = ck
			}
			for _, mods := range coverDirs(a, ds) {
				f.tokens = append(f.tokens, betzaToken{atom: a, rng: 0, dirs: mods, hop: kindOf(k), mode: mode})
			}
		}
	}
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func (f *betzaFit) castleTokens(dxs []int) {
	byLen := map[int]string{}
	for _, dx := range dxs {
		if dx < 0 {
			byLen[-dx] += "l"
		} else {
			byLen[dx] += "r"
		}
	}
	for n, s := range byLen {
		if s == "lr" || s == "rl" {
			s = "s"
		}
		f.tokens = append(f.tokens, betzaToken{atom: offset{0, 1}, castle: n, dirs: s, initial: true})
	}
}

// merge joins W and F tokens that differ only in their atom into K (Q for
// rides), when the modifiers mean the same on both (single letters that
// name directions, or none).
func (f *betzaFit) merge() {
	simple := func(m string) bool { return strings.Trim(m, "fblrvs") == "" && len(m) <= 2 && !diagCombo(m) }
	partner := make([]int, len(f.tokens))
	for i := range partner {
		partner[i] = -1
	}
	taken := make([]bool, len(f.tokens))
	for i, a := range f.tokens {
		if a.atom != (offset{0, 1}) || a.castle != 0 || a.lame || !simple(a.dirs) {
			continue
		}
		for j, b := range f.tokens {
			if taken[j] || b.atom != (offset{1, 1}) || b.hop != a.hop || b.lame {
				continue
			}
			if b.rng == a.rng && b.dirs == a.dirs && b.mode == a.mode && b.initial == a.initial {
				partner[i], taken[j] = j, true
				break
			}
		}
	}
	var out []betzaToken
	for i, a := range f.tokens {
		if taken[i] {
			continue
		}
		if partner[i] >= 0 {
			a.merged = true
		}
		out = append(out, a)
	}
	f.tokens = out
}

// diagCombo reports modifier pairs that on a diagonal atom mean one direction
// (fl, rf...): K with those would not mean W plus F with the same letters.
func diagCombo(m string) bool {
	if len(m) != 2 {
		return false
	}
	vert := func(c byte) bool { return c == 'f' || c == 'b' }
	return vert(m[0]) != vert(m[1])
}

func (t betzaToken) letter() string {
	if t.castle > 0 {
		return fmt.Sprintf("O%d", t.castle)
	}
	switch {
	case t.merged:
		return rangeSpell("K", "Q", t.rng)
	case t.atom == offset{0, 1}:
		return rangeSpell("W", "R", t.rng)
	case t.atom == offset{1, 1}:
		return rangeSpell("F", "B", t.rng)
	}
	l := atomLetters[t.atom]
	return rangeSpell(l, l+l, t.rng)
}

func rangeSpell(leap, ride string, rng int) string {
	switch {
	case rng == 1:
		return leap
	case rng == 0:
		return ride
	case len(ride) == 1:
		return fmt.Sprintf("%s%d", ride, rng)
	}
	return fmt.Sprintf("%s%d", leap, rng)
}

func (t betzaToken) String() string {
	var b strings.Builder
	if t.initial {
		b.WriteByte('i')
	}
	b.WriteString(t.dirs)
	if t.mode != 0 {
		b.WriteByte(t.mode)
	}
	if t.ep {
		b.WriteByte('e')
	}
	if t.lame {
		b.WriteByte('n')
	}
	if t.hop != 0 {
		b.WriteByte(t.hop)
	}
	b.WriteString(t.letter())
	return b.String()
}

// order sorts tokens: rides (Q R B, then others), K, leapers by atom, hops,
// first-move-only moves, castling; within an atom plain before m before c.
func (t betzaToken) order() string {
	group := 3
	switch {
	case t.castle > 0:
		group = 7
	case t.initial:
		group = 6
	case t.hop != 0:
		group = 5
	case t.rng != 1 && t.merged:
		group = 0
	case t.rng != 1 && (t.atom == offset{0, 1} || t.atom == offset{1, 1}):
		group = 1
	case t.rng != 1:
		group = 2
	case t.merged:
		group = 3
	}
	ao := atomOrder[atomLetters[t.atom]]
	return fmt.Sprintf("%d%02d%d%c%s", group, ao, t.rng, t.mode+'0', t.dirs)
}

func (f *betzaFit) spell() string {
	var b strings.Builder
	for _, t := range f.tokens {
		b.WriteString(t.String())
	}
	return b.String()
}
