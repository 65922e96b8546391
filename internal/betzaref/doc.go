// Package betzaref is a reference reader of Betza notation for tests: it
// expands a Betza string (XBetza as Fairy-Max and the Chess Variant Pages
// write it: NB2, fmWfceFifmnD, KisO2, llNrrN...) into the set of moves it
// means on a board, so tests can compare the strings vm/describe derives
// with published ones (two spellings of one piece expand to the same set)
// and check the movement diagrams drawn from them (vm/describe's and the
// game pages' of cmd/zrun).
//
// It shares no code with vm/describe, which derives Betza strings from move
// programs: a reference written apart from the code it checks is the point.
// Features it does not model (multi-leg a-moves, cylinder o, ...) are an
// Unsupported error, so a test can set such strings aside rather than
// compare them wrongly.
//
// # Files
//
//	betza.go  Expand: a Betza string as the set of its moves; Same, SameFrom:
//	          two strings compared by those sets
//	frame.go  BoardFrame, FromStart: a game's squares as offsets, seen from
//	          one player's side
package betzaref
