//go:build slow

package zrf

// With -tags slow, TestDraughtsPerftTables runs every depth of the published
// tables (depth 8: about half a minute of CPU in all).
func init() { draughtsAllDepths = true }
