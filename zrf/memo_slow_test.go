//go:build slow

// This file checks, over the whole corpus, that sharing lowered and compiled
// move definitions between games and variants changes no result.

package zrf

import (
	"path/filepath"
	"testing"
)

func TestSharedDefsCorpus(t *testing.T) {
	for _, e := range readManifest(t) {
		if e.kind == "include" {
			continue
		}
		checkSharingChangesNothing(t, filepath.Join(corpusDir, e.path), nil)
	}
}
