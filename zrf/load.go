// This file defines loading a rule file: read, expand macros, split it into
// games and variants, apply variant inheritance, lower and compile each one.

package zrf

import (
	"fmt"
	"strings"
)

// LoadFile reads the rule file at path (with its includes), expands its macros
// and lowers every game and variant in it.
//
// When some games or variants fail, the returned error is an ErrorList (sorted,
// capped when printed) and the returned File still holds every game and variant
// that lowered without error, so callers can use what works. A nil File means
// the file could not be read or parsed at all.
//
// An include must name a file in the rule file's folder or below it
// (Options.IncludeAnywhere lifts this).
func LoadFile(path string) (*File, error) {
	return LoadFileWith(path, Options{})
}

// Options changes how a rule file is read.
type Options struct {
	// IncludeAnywhere lets (include ...) name files outside the rule
	// file's folder tree. Off, such an include is an error: a rule file
	// from elsewhere must not read (and quote in its errors) files such
	// as /etc/passwd. Zillions resolves includes in the rule file's
	// folder, and the rule files published for it include only there.
	IncludeAnywhere bool
}

// LoadFileWith is LoadFile with options.
func LoadFileWith(path string, opt Options) (*File, error) {
	forms, warnings, err := readForms(path, nil, opt)
	if err != nil {
		return nil, err
	}
	return loadForms(path, forms, warnings)
}

// Load is LoadFile for source text already in memory; includes are resolved
// relative to path's directory. The partial-result contract is LoadFile's.
func Load(path string, src []byte) (*File, error) {
	return LoadWith(path, src, Options{})
}

// LoadWith is Load with options.
func LoadWith(path string, src []byte, opt Options) (*File, error) {
	forms, warnings, err := readForms(path, src, opt)
	if err != nil {
		return nil, err
	}
	return loadForms(path, forms, warnings)
}

// loadForms lowers the macro-free top-level forms of a file.
func loadForms(path string, forms []*Node, warnings []*Error) (*File, error) {
	f := &File{Path: path, Warnings: warnings}
	var errs ErrorList
	// A variant inherits from the most recent game above it; variants above
	// every game (Walhall.zrf, margo.zrf) inherit from the file's first game.
	game := firstGame(forms)
	c := newFileCache(forms)
	// The blocks are planned first and lowered after, so that the cache
	// knows which piece sections later blocks inherit (countPieceUses).
	var steps []func()
	lower := func(form *Node, secs []*Node, isVariant bool) {
		c.countPieceUses(secs)
		steps = append(steps, func() { lowerBlock(f, c, form, secs, isVariant, &errs) })
	}
	for _, form := range forms {
		switch form.Head() {
		case "version":
			// Informational only.
		case "game":
			if game != nil && game != form && isFragment(form) {
				// A later game with neither players nor board (Dagaz's
				// column-checkers.zrf) only makes sense as a variant.
				steps = append(steps, func() {
					f.Warnings = append(f.Warnings, errorAt(form, "game without players and board: read as a variant of the game above"))
				})
				lower(form, mergeVariant(game.Args(), form.Args()), true)
				continue
			}
			game = form
			lower(form, form.Args(), false)
		case "variant":
			if isSeparator(form) {
				continue
			}
			if game == nil {
				steps = append(steps, func() {
					errs.Add(errorAt(form, "variant in a file without a game: a variant inherits from a game"))
				})
				continue
			}
			lower(form, mergeVariant(game.Args(), form.Args()), true)
		default:
			steps = append(steps, func() {
				errs.Add(errorAt(form, "unexpected top-level form %s: expected game, variant, define, include or version%s",
					describe(form), hint(form.Head(), []string{"game", "variant", "define", "include", "version"})))
			})
		}
	}
	for _, step := range steps {
		step()
	}
	if game == nil && len(errs) == 0 {
		// An include library (defines only) is not wrong, just not playable.
		f.Warnings = append(f.Warnings, &Error{Pos: Pos{File: path, Line: 1, Col: 1}, Msg: "no (game ...) in file"})
	}
	return f, capErrors(errs).Err()
}

// boardNames collects the direction, zone and explicit position names of
// every board in the file (grid position names are left out: they would
// need the grids built).
func boardNames(forms []*Node) map[string]bool {
	names := map[string]bool{}
	var walk func(n *Node, head string)
	walk = func(n *Node, head string) {
		for _, e := range n.Args() {
			switch h := e.Head(); {
			case head == "directions" || head == "positions":
				if e.Kind == List && len(e.Elems) > 0 {
					names[e.Elems[0].Text] = true
				} else if e.Kind == Atom {
					names[e.Text] = true
				}
			case head == "dummy" && e.Kind == Atom:
				names[e.Text] = true
			case (head == "links" || head == "name") && e.Kind == Atom:
				names[e.Text] = true
				return
			case e.Kind == List && h != "":
				walk(e, h)
			}
		}
	}
	for _, f := range forms {
		if h := f.Head(); h != "game" && h != "variant" {
			continue
		}
		for _, s := range f.Args() {
			if s.Head() == "board" {
				walk(s, "board")
			}
		}
	}
	return names
}

// isFragment reports whether a game block lacks both players and board.
func isFragment(g *Node) bool {
	for _, s := range g.Args() {
		if h := s.Head(); h == "players" || h == "board" {
			return false
		}
	}
	return true
}

func firstGame(forms []*Node) *Node {
	for _, f := range forms {
		if f.Head() == "game" {
			return f
		}
	}
	return nil
}

// lowerBlock lowers one game or variant (its sections already merged) and
// compiles it; the result goes into f when it has no errors.
func lowerBlock(f *File, c *fileCache, block *Node, sections []*Node, isVariant bool, errs *ErrorList) {
	gd, moves, lerrs := lowerGame(block, sections, isVariant, c)
	if len(lerrs) == len(gd.Skipped) && gd.Game.Engine == "" {
		// Errors confined to move definitions left those definitions out;
		// compile errors do the same (compileGame drops the definition).
		gd.Skipped = append(gd.Skipped, compileBlock(gd, c, moves)...)
		lerrs = gd.Skipped
	}
	if len(lerrs) > len(gd.Skipped) {
		*errs = append(*errs, lerrs...)
		// Keep the failed block's warnings: they often explain the errors.
		f.Warnings = append(f.Warnings, gd.Warnings...)
		return
	}
	*errs = append(*errs, gd.Skipped...)
	readDagaz(gd, block)
	findStubs(gd, block, sections)
	numberMoveTypes(gd.Game, sections, c.atoms)
	numberAttributes(gd.Game, sections)
	f.Games = append(f.Games, gd)
}

// capErrors keeps a pathological file from producing millions of errors; the
// ErrorList printer caps what is shown, this caps what is kept.
func capErrors(errs ErrorList) ErrorList {
	const keep = 1000
	if len(errs) > keep {
		errs.Sort()
		errs = errs[:keep]
	}
	return errs
}

// isSeparator reports whether a variant is a menu separator: (variant (title "-")).
func isSeparator(v *Node) bool {
	for _, s := range v.Args() {
		if s.Head() == "title" && len(s.Args()) == 1 && strings.TrimSpace(s.Args()[0].Text) == "-" {
			return true
		}
	}
	return false
}

// mergeVariant applies Z2J inheritance: every section of the variant replaces
// the game's sections with the same key; the others are inherited. Replaced
// sections keep the game's place (so a replaced piece keeps its type number);
// sections new to the variant are appended in variant order.
func mergeVariant(game, variant []*Node) []*Node {
	groups := map[string][]*Node{}
	var order []string
	for _, s := range variant {
		k := sectionKey(s)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], s)
	}
	used := map[string]bool{}
	var out []*Node
	for _, s := range game {
		k := sectionKey(s)
		if k == "default" {
			continue // (default) marks one variant; it is not inherited
		}
		if vs, ok := groups[k]; ok {
			if !used[k] {
				out = append(out, vs...)
				used[k] = true
			}
			continue
		}
		out = append(out, s)
	}
	for _, k := range order {
		if !used[k] {
			out = append(out, groups[k]...)
		}
	}
	return out
}

// sectionKey is the inheritance key of a game section: its head, plus the
// name of a piece (name X) or of an option, so pieces and options are replaced
// one by one. Every other section kind (all win-conditions together, the
// board, players, ...) is one key.
func sectionKey(s *Node) string {
	h := s.Head()
	switch h {
	case "option":
		if a := s.Args(); len(a) > 0 {
			return "option\x00" + a[0].Text
		}
	case "":
		return "\x00" + s.String()
	}
	for _, e := range s.Args() {
		if e.Head() == "name" && len(e.Args()) > 0 {
			return h + "\x00" + e.Args()[0].Text
		}
	}
	return h
}

// describe names a node for an error message.
func describe(n *Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == Atom:
		return n.Text
	case n.Kind == String:
		return fmt.Sprintf("%q", n.Text)
	case n.Head() != "":
		return "(" + n.Head() + " ...)"
	}
	return "list"
}

// readForms reads a file (from disk when src is nil), splices its includes
// and expands its macros.
func readForms(path string, src []byte, opt Options) ([]*Node, []*Error, error) {
	r := &includer{anywhere: opt.IncludeAnywhere}
	if shareDefs {
		r.lazies = map[*Node]*lazyBody{}
	}
	var forms []*Node
	var warnings []*Error
	var err error
	if src == nil {
		forms, warnings, err = r.readFile(path)
	} else {
		// ReadFile's include splicing, for text already in memory.
		forms, warnings, err = r.readTop(path, src)
	}
	if err != nil {
		return nil, warnings, err
	}
	if len(forms) == 0 {
		// Nothing at all (an empty file, or blanks and comments only)
		// is no rule file, not a library of defines that loads with a
		// warning: "zrun check" must fail on it, not pass it.
		return nil, warnings, &Error{Pos: Pos{File: path, Line: 1, Col: 1}, Msg: "no game in file: it holds no forms, only blanks and comments"}
	}
	if !shareDefs {
		out, xw, err := Expand(forms)
		return out, append(warnings, xw...), err
	}
	out, xw, err := expandShared(forms, r.lazies)
	if err != nil {
		return nil, append(warnings, xw...), err
	}
	return materialize(out), append(warnings, xw...), nil
}
