// Package testbin builds the zrun binary for tests that drive it as a user
// or a GUI would (transcripts through a pipe, tmux, XBoard, match scripts).
//
// # Files
//
//	testbin.go  Zrun: cmd/zrun built into a test's temporary directory
package testbin
