// This file defines "zrun perft": leaf counts of the legal-move tree.

package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"zrun/vm"
)

func init() {
	register("perft", "[--variant NAME] [--fen FEN | --start N] [--divide] [--parts] FILE DEPTH: count positions DEPTH moves (whole turns) deep;\n"+
		"           --table TABLE.tsv[.gz] [--select COL=VALUE] [--max-nodes N] [--shard i/n] FILE: check a published table's rows (a shard of them);\n"+
		"           --merge SHARD-OUTPUT...: one verdict from the shards' outputs", runPerft)
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "start from this FEN")
	divide := fs.Bool("divide", false, "print the count below each root move")
	parts := fs.Bool("parts", false, "count each part of a partial move (a checkers multi-jump) as a move, as Zillions does")
	table := fs.String("table", "", "check the rows of this perft table (columns fen, depth, nodes; .gz read as gzip)")
	sel := fs.String("select", "", "with --table: only rows whose column COL equals VALUE (COL=VALUE)")
	shard := fs.String("shard", "1/1", "with --table: check shard i of n (rows i-1, i-1+n, ...)")
	maxNodes := fs.Uint64("max-nodes", 0, "with --table: skip rows whose published count is above this (0: none skipped)")
	merge := fs.Bool("merge", false, "merge the outputs of --table shards given as arguments")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *merge {
		return runPerftMerge(fs.Args(), stdout, stderr)
	}
	if *table != "" {
		return runPerftTable(fs, pf, tableOptions{path: *table, sel: *sel, shard: *shard, maxNodes: *maxNodes}, stdout, stderr)
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(stderr, "usage: zrun perft [--variant NAME] [--fen FEN | --start N] [--divide] [--parts] FILE DEPTH")
		return 2
	}
	depth, err := strconv.Atoi(fs.Arg(1))
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "zrun perft: bad depth %q\n", fs.Arg(1))
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	start := time.Now()
	var nodes uint64
	divideFn, perftFn := s.Divide, s.Perft
	if *parts {
		divideFn, perftFn = s.DivideParts, s.PerftParts
	}
	if *divide && depth > 0 {
		_, nodes, err = divideFn(depth, func(l vm.DivideLine) {
			fmt.Fprintf(stdout, "%s: %d\n", l.Move, l.Nodes)
		})
	} else {
		nodes, err = perftFn(depth)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "time %.3fs, %.0f nodes/s\n", el.Seconds(), float64(nodes)/max(el.Seconds(), 1e-9))
	fmt.Fprintln(stdout, nodes)
	return 0
}
