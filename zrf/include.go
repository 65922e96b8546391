// This file defines ReadFile, which reads a file and splices its (include ...) forms.

package zrf

import (
	"os"
	"path/filepath"
	"strings"
)

// ReadFile reads and parses path and splices every top-level (include "name") with the
// named file's forms (path relative to the including file's directory, matched
// case-insensitively as on Windows; '\' and '/' both separate; include cycles and missing files are errors
// at the include's position). Warnings are non-fatal problems (e.g. a '(' never closed).
//
// Includes are confined to path's folder tree, as LoadFile's are.
func ReadFile(path string) (forms []*Node, warnings []*Error, err error) {
	return (&includer{}).readFile(path)
}

// readFile reads path as ReadFile does.
func (r *includer) readFile(path string) (forms []*Node, warnings []*Error, err error) {
	src, rerr := os.ReadFile(path)
	if rerr != nil {
		return nil, nil, &Error{Pos: Pos{File: path, Line: 1, Col: 1}, Msg: "cannot read file: " + shortIOError(rerr)}
	}
	return r.readTop(path, src)
}

// readTop reads src, the rule file at path, and splices its includes.
func (r *includer) readTop(path string, src []byte) (forms []*Node, warnings []*Error, err error) {
	// The folder the rule file is named in, symbolic links resolved: its
	// includes are resolved there, so they are confined there.
	r.root = canonical(filepath.Dir(path))
	forms, err = r.read(path, src, []string{canonical(path)})
	return forms, r.warnings, err
}

// maxIncludeDepth bounds include chains even when paths differ (e.g. through
// symbolic links that defeat the cycle check).
const maxIncludeDepth = 50

type includer struct {
	// anywhere lets includes leave root (Options.IncludeAnywhere).
	anywhere bool
	// root is the rule file's folder, canonical: includes must stay in
	// its tree unless anywhere is set.
	root     string
	warnings []*Error
	// lazies, when not nil, receives the defines read lazily (parse).
	lazies map[*Node]*lazyBody
}

// read parses src (the contents of path) and splices its includes. stack
// holds the canonical paths of the files being read, outermost first, to
// detect cycles.
func (r *includer) read(path string, src []byte, stack []string) ([]*Node, error) {
	forms, warnings, err := parse(path, src, r.lazies)
	r.warnings = append(r.warnings, warnings...)
	if err != nil {
		return nil, err
	}
	var out []*Node
	var errs ErrorList
	for _, f := range forms {
		if f.Head() != "include" {
			out = append(out, f)
			continue
		}
		inc, err := r.include(path, f, stack)
		if err != nil {
			addError(&errs, err)
			continue
		}
		out = append(out, inc...)
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	return out, nil
}

// include returns the forms of the file named by the (include ...) form f,
// which appears in the file from.
func (r *includer) include(from string, f *Node, stack []string) ([]*Node, error) {
	args := f.Args()
	if len(args) != 1 || args[0].Kind == List || args[0].Text == "" {
		return nil, errorAt(f, "include needs exactly one file name, as in (include \"file.zrf\")")
	}
	if len(stack) >= maxIncludeDepth {
		return nil, errorAt(f, "includes nested more than %d deep", maxIncludeDepth)
	}
	name := args[0].Text
	// The name is checked before any folder is looked into: resolving
	// "/etc/pas" would list /etc in its "did you mean" hint.
	if !r.anywhere && !r.inside(lexicalInclude(filepath.Dir(from), name)) {
		return nil, r.refuse(f, name)
	}
	path, err := resolveInclude(filepath.Dir(from), name)
	if err != nil {
		return nil, errorAt(f, "%s", err.Msg)
	}
	c := canonical(path)
	// Again with symbolic links resolved: a link in the folder may point
	// out of it.
	if !r.anywhere && !r.inside(c) {
		return nil, r.refuse(f, name)
	}
	for _, s := range stack {
		if s == c {
			return nil, errorAt(f, "include cycle: %q includes itself (through %s)", args[0].Text, strings.Join(baseNames(stack), " -> "))
		}
	}
	src, rerr := os.ReadFile(path)
	if rerr != nil {
		return nil, errorAt(f, "cannot read included file %q: %s", args[0].Text, shortIOError(rerr))
	}
	return r.read(path, src, append(stack[:len(stack):len(stack)], c))
}

// lexicalInclude is the absolute path name names relative to dir, with
// ".." taken lexically and dir's symbolic links resolved (as root's are);
// '\' separates as '/' does.
func lexicalInclude(dir, name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(name, "/") {
		return filepath.Clean(filepath.FromSlash(name))
	}
	return filepath.Join(canonical(dir), filepath.FromSlash(name))
}

// inside reports whether path is root or in root's tree.
func (r *includer) inside(path string) bool {
	rel, err := filepath.Rel(r.root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// refuse is the error for an include of name outside root. It names the
// file as the include wrote it and nothing of its content, which is never
// read.
func (r *includer) refuse(f *Node, name string) error {
	return errorAt(f, "include %q refused: it is outside the rule file's folder %s (zrun's --include-any flag allows includes from anywhere)", name, r.root)
}

// resolveInclude finds name relative to dir. Both '\' and '/' separate
// components and each component is matched case-insensitively when no exact
// match exists, because the files were written on Windows.
func resolveInclude(dir, name string) (string, *Error) {
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' })
	if len(parts) == 0 {
		return "", &Error{Msg: "include needs a file name"}
	}
	p := dir
	if strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) {
		p = string(filepath.Separator)
	}
	for _, part := range parts {
		next, err := matchEntry(p, part)
		if err != nil {
			return "", err
		}
		p = next
	}
	return p, nil
}

// matchEntry returns dir/name, or the entry of dir whose name equals name
// case-insensitively.
func matchEntry(dir, name string) (string, *Error) {
	exact := filepath.Join(dir, name)
	if name == "." || name == ".." {
		return exact, nil
	}
	if _, err := os.Stat(exact); err == nil {
		return exact, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", &Error{Msg: "included file " + quote(name) + " not found: " + shortIOError(err)}
	}
	var names []string
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) {
			return filepath.Join(dir, e.Name()), nil
		}
		names = append(names, e.Name())
	}
	msg := "included file " + quote(name) + " not found in " + dir
	if near := nearest(name, names); near != "" {
		msg += " (did you mean " + quote(near) + "?)"
	}
	return "", &Error{Msg: msg}
}

// canonical returns a key identifying the file at path, for cycle detection.
func canonical(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return path
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// shortIOError drops the path that *PathError repeats, since our messages
// already name the file.
func shortIOError(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

func quote(s string) string { return `"` + s + `"` }

// addError adds err (an *Error or an ErrorList) to errs.
func addError(errs *ErrorList, err error) {
	switch e := err.(type) {
	case *Error:
		errs.Add(e)
	case ErrorList:
		*errs = append(*errs, e...)
	default:
		errs.Add(&Error{Msg: err.Error()})
	}
}
