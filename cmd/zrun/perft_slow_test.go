//go:build slow

package main

// With -tags slow, TestPerftTable checks every chess, chess960, capablanca
// and schoolbook row of perft.tsv (the largest has 193,690,690 nodes).
func init() { perftMaxNodes = "0" }
