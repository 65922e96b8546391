// Package gamefile reads rule files into games: it is the one place that
// picks the reader by the file's kind (.zrf and .inc: package zrf; .ini:
// package fmaxini) and picks a game or variant of a file by its title or
// number, so every front end (the command's play, REPL and protocols, the
// web server, the tests of other packages) loads a file the same way.
//
// It gives the rules as the file states them and nothing more: the piece
// values "zrun tune" keeps beside a rule file are the evaluation's
// (eval.ApplyTunedFor), applied by the front ends that search.
//
// # Files
//
//	kind.go  the kinds of rule file, told by the file name's extension
//	open.go  Open: a rule file read by its kind's reader; the include rule;
//	         LoadRules: a .zrf's games with their engines attached
//	load.go  LoadGame, LoadGames, NewState: a file's games, one by title or
//	         number, and its start position or a FEN
package gamefile
