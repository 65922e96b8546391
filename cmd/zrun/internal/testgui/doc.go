// Package testgui plays a GUI against a protocol session in tests: commands
// written to its input pipe, reply lines read with a timeout, and the
// session's end awaited when the test finishes.
//
// # Files
//
//	testgui.go  the GUI side: commands written, replies read with a timeout
package testgui
