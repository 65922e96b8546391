// This file defines "zrun doc": a page per game or variant (package docpage).
//
// It also holds the file list of command zrun, whose package comment is in
// main.go. Each command's file registers it (register, main.go); the work
// is done by the packages under internal/ and by the module's libraries.
//
// # Files
//
//	main.go         the package comment, the command table and "zrun help"
//	play.go         "zrun play" (also "zrun FILE"): the REPL at a terminal or
//	                reading a script
//	serve.go        "zrun serve": the games in a web browser (package web)
//	join.go         "zrun join": a seat of a shared game played from the REPL
//	xboard.go       "zrun xboard": the CECP engine mode (package cecp)
//	uci.go          "zrun uci": the UCI engine mode (package uci)
//	engineflags.go  the command line xboard and uci share: rule files and
//	                protocol names for their games
//	doc.go          "zrun doc": a page per game (package docpage)
//	diagram.go      "zrun diagram": one position as an SVG image
//	moves.go        "zrun moves": the legal moves of a position
//	go.go           "zrun go": search one position, print the best move
//	solve.go        "zrun solve": a forced win of the side to move; --show replays a rule file's solution
//	perft.go        "zrun perft": leaf counts of the legal-move tree
//	perft_table.go  "zrun perft --table" and "--merge": a published perft
//	                table checked in shards
//	replay.go       "zrun replay": a Zillions saved game replayed against our
//	                rules; the .zsg loading and saving the REPL shares
//	check.go        "zrun check": load reports, random playouts, the corpus
//	                status table (package check)
//	bench.go        "zrun bench": a search signature and speed (package bench)
//	tune.go         "zrun tune": piece values learnt from self-play
//	values.go       "zrun values": the piece values the evaluation derives
//	design.go       "zrun design": self-play figures of a game's rules, compared
//	                and sharded (package design)
//	match.go        "zrun match": engine against engine (CECP or UCI), stopped
//	                by an SPRT or a game count; shards merged (package match)
//	posflags.go     --variant, --fen and --start, shared by the batch commands
//	start960.go     --start: a Chess960 start array by number or at random
//	profile.go      --cpuprofile, shared by bench, xboard and uci
//	interrupt.go    long batch commands stop cleanly on Ctrl-C

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"zrun/cmd/zrun/internal/docpage"
	"zrun/cmd/zrun/internal/play"
)

func init() {
	register("doc", "[--variant NAME] [--format html|md] [-o DIR] [--plain] FILE: write a page per game (diagrams, pieces, Betza)", runDoc)
}

func runDoc(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "only this game or variant (default: every game of the file)")
	format := fs.String("format", "html", "html (one self-contained file per game) or md (Markdown plus SVG files)")
	dir := fs.String("o", ".", "directory to write the pages to")
	plain := fs.Bool("plain", false, "draw our plain board and pieces, not the pictures the rule file names")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*format != "html" && *format != "md") {
		fmt.Fprintln(stderr, "usage: zrun doc [--variant NAME] [--format html|md] [-o DIR] [--plain] FILE")
		return 2
	}
	games, err := play.LoadGames(fs.Arg(0), *variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	status := 0
	used := map[string]bool{}
	for _, g := range games {
		slug := docpage.UniqueSlug(g.Title, used)
		files, err := docpage.WritePage(*dir, slug, *format, fs.Arg(0), g, docpage.Options{Plain: *plain})
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
			continue
		}
		for _, f := range files {
			fmt.Fprintln(stdout, f)
		}
	}
	return status
}
