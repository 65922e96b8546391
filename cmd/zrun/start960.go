// This file defines the --start flag: a Chess960 (Fischer Random) start array
// chosen by its number 0..959 or at random, given to the game as a FEN.

package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"zrun/cmd/zrun/internal/play"
)

// startFlag adds --start to a command's flags. The function it returns gives
// the FEN to start from: fen itself without --start, else the array's FEN
// (telling stderr which array a random choice picked).
func startFlag(fs *flag.FlagSet) func(fen string, stderr io.Writer) (string, error) {
	start := fs.String("start", "", "Chess960 start array: a number 0..959 (518 is the orthodox one) or random")
	return func(fen string, stderr io.Writer) (string, error) {
		if *start == "" {
			return fen, nil
		}
		if fen != "" {
			return "", fmt.Errorf("--start and --fen both given")
		}
		n, err := strconv.Atoi(*start)
		switch {
		case *start == "random":
			n = rand.IntN(960)
			back, _ := play.Chess960Array(n)
			fmt.Fprintf(stderr, "Chess960 start array %d: %s\n", n, back)
		case err != nil:
			return "", fmt.Errorf("--start %q: want a number 0..959 or random", *start)
		}
		return play.Chess960FEN(n)
	}
}
