package doccheck

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// fileName matches a file name in a Files section; the first group is the
// character before it, so names that end a path ("cmd/zrun/x.go") can be
// told apart.
var fileName = regexp.MustCompile(`(^|[^A-Za-z0-9_./-])([a-z0-9_]+\.(?:go|s))\b`)

// TestDocFilesListed checks the rule of the package comment (doc.go) in
// every directory of the module.
func TestDocFilesListed(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	dirs := map[string][]string{} // directory -> its files to be listed
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(name)
		if ext != ".go" && ext != ".s" {
			return nil
		}
		dir := filepath.Dir(path)
		if _, ok := dirs[dir]; !ok {
			dirs[dir] = nil
		}
		if name == "doc.go" || strings.HasSuffix(name, "_test.go") || generated(t, path) {
			return nil
		}
		dirs[dir] = append(dirs[dir], name)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 10 {
		t.Fatalf("found %d package directories under %s; is this the module root?", len(dirs), root)
	}
	keys := make([]string, 0, len(dirs))
	for dir := range dirs {
		keys = append(keys, dir)
	}
	sort.Strings(keys)
	for _, dir := range keys {
		rel, _ := filepath.Rel(root, dir)
		listed, err := filesSection(filepath.Join(dir, "doc.go"))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for _, f := range dirs[dir] {
			if !listed[f] {
				t.Errorf("%s: %s is not listed in doc.go's Files section", rel, f)
			}
		}
		have := map[string]bool{}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			have[e.Name()] = true
		}
		for f := range listed {
			if !have[f] {
				t.Errorf("%s: doc.go's Files section names %s, which is not a file of the package", rel, f)
			}
		}
	}
}

// filesSection returns the file names the Files section of doc.go names.
func filesSection(path string) (map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, cg := range f.Comments {
		if cg.Pos() >= f.Package {
			break
		}
		lines = append(lines, strings.Split(cg.Text(), "\n")...)
	}
	in, found := false, false
	names := map[string]bool{}
	for _, l := range lines {
		if strings.HasPrefix(l, "# ") {
			in = strings.TrimSpace(l) == "# Files"
			found = found || in
			continue
		}
		if !in {
			continue
		}
		for _, m := range fileName.FindAllStringSubmatch(l, -1) {
			names[m[2]] = true
		}
	}
	if !found {
		return nil, errNoFiles
	}
	return names, nil
}

type docError string

func (e docError) Error() string { return string(e) }

const errNoFiles = docError(`doc.go has no "# Files" section above its package clause`)

// generated reports whether the file carries the standard generated-code
// line before its package clause.
func generated(t *testing.T, path string) bool {
	if filepath.Ext(path) != ".go" {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "package ") {
			return false
		}
		if strings.HasPrefix(l, "// Code generated ") && strings.HasSuffix(l, " DO NOT EDIT.") {
			return true
		}
	}
	return false
}
