// This file takes stock of the corpus's puzzle solutions: every
// (solution "x.zsg") a rule file of ../shared/zrf-corpus names, whether the
// saved game is there. The ones present are Afrika's two problems and
// Selus's (their replay is tested with the Axiom games); the others are
// named here as missing from the corpus.

package play

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corpusSolutions is what the corpus holds: rule file (relative to the
// corpus), game title, and whether the solution it names exists.
var corpusSolutions = map[string]bool{
	"Afrika/Afrika.zrf | Problem 1":                                                          true,
	"Afrika/Afrika.zrf | Problem 2":                                                          true,
	"Gabata/Selus.zrf | Selus Problem":                                                       true,
	"GlukKazan+ZoG/Rules/Selus.zrf | Selus Problem":                                          true,
	"GlukKazan+ZoG/Rules/Afrika.zrf | Problem 1":                                             false, // Problem-1.zsg
	"GlukKazan+ZoG/Rules/Afrika.zrf | Problem 2":                                             false, // Problem-2.zsg
	"GlukKazan+ZoG/Rules/Chase.zrf | Problem 2":                                              false, // "Problem 2.zsg"
	"GlukKazan+ZoG/Rules/Axiomatic.Chase.zrf | Problem 2":                                    false, // "Problem 2.zsg"
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf | Knight Hunting":      false, // Solutions\Chess\Knight_Hunting.zsg
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-compat.zrf | Knight Hunting": false,
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook2.zrf | Knight Hunting":       false,
}

func TestCorpusSolutions(t *testing.T) {
	root := filepath.Join(sharedDir, "zrf-corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus not available at %s", root)
	}
	found := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".zrf") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || !solutionRe.Match(data) {
			return err
		}
		text := string(data)
		starts := sectionRe.FindAllStringIndex(text, -1)
		rel, _ := filepath.Rel(root, path)
		for k, st := range starts {
			end := len(text)
			if k+1 < len(starts) {
				end = starts[k+1][0]
			}
			sec := text[st[0]:end]
			if !solutionRe.MatchString(sec) {
				continue
			}
			title := ""
			if m := titleRe.FindStringSubmatch(sec); m != nil {
				title = m[1]
			}
			zsg, err := SolutionFile(path, title)
			if err != nil {
				t.Errorf("%s %q: %v", rel, title, err)
				continue
			}
			_, statErr := os.Stat(zsg)
			key := filepath.ToSlash(rel) + " | " + title
			found[key] = statErr == nil
			t.Logf("%s: %q names %s: present %v", rel, title, filepath.Base(zsg), statErr == nil)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range corpusSolutions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		got, ok := found[k]
		switch {
		case !ok:
			t.Errorf("%s: no (solution ...) found", k)
		case got != corpusSolutions[k]:
			t.Errorf("%s: present %v, want %v", k, got, corpusSolutions[k])
		}
	}
	for k := range found {
		if _, ok := corpusSolutions[k]; !ok {
			t.Errorf("%s: a solution not in the list", k)
		}
	}
}
