// This file defines "zrun doc": a page per game or variant (package docpage).

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
	register("doc", "[--variant NAME] [--format html|md] [-o DIR] FILE: write a page per game (diagrams, pieces, Betza)", runDoc)
}

func runDoc(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "only this game or variant (default: every game of the file)")
	format := fs.String("format", "html", "html (one self-contained file per game) or md (Markdown plus SVG files)")
	dir := fs.String("o", ".", "directory to write the pages to")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*format != "html" && *format != "md") {
		fmt.Fprintln(stderr, "usage: zrun doc [--variant NAME] [--format html|md] [-o DIR] FILE")
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
		files, err := docpage.WritePage(*dir, slug, *format, fs.Arg(0), g)
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
