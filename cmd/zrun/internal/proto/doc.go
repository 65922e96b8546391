// Package proto holds the line plumbing the GUI protocols (CECP, UCI) share:
// commands read by a goroutine so a search never blocks them, and replies
// written whole lines at a time from the command loop and the search alike.
//
// # Files
//
//	lineio.go  LineWriter (whole lines, from any goroutine) and ReadLines
package proto
