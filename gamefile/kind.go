// This file defines the kinds of rule file zrun reads.

package gamefile

import (
	"path/filepath"
	"strings"
)

// Kind is which reader a rule file needs.
type Kind int

const (
	Unknown Kind = iota // not a rule file zrun reads
	ZRF                 // a Zillions rule file (.zrf) or a file one includes (.inc)
	Ini                 // a Fairy-Max table (fmax.ini and others of its format)
)

// String names the kind as the file extensions that have it.
func (k Kind) String() string {
	switch k {
	case ZRF:
		return ".zrf"
	case Ini:
		return ".ini"
	}
	return "unknown"
}

// KindOf tells a rule file's kind by its name's extension, in any case
// (Zillions ran on Windows, where CHESS.ZRF and Chess.zrf are one file).
func KindOf(path string) Kind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".zrf", ".inc":
		return ZRF
	case ".ini":
		return Ini
	}
	return Unknown
}

// IsGameFile reports whether path names a rule file that stands alone as
// games to play: a .zrf or an .ini. An .inc file loads too, but is written
// to be included by a .zrf, so a list of games to choose from leaves it out.
func IsGameFile(path string) bool {
	return KindOf(path) == Ini || strings.EqualFold(filepath.Ext(path), ".zrf")
}
