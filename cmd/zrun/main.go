// Command zrun plays board games defined as text: Zillions rule files (.zrf)
// and Fairy-Max variant tables (fmax.ini).
//
// Usage: zrun COMMAND [flags] ARGS... ; "zrun help" lists the commands.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one zrun subcommand. run gets the arguments after the command name
// and returns the process exit status.
type command struct {
	name  string
	usage string
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

// register adds a subcommand; each command's file calls it from init.
func register(name, usage string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = &command{name: name, usage: usage, run: run}
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

func runMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printUsage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok && isPlayFile(args[0]) {
		// "zrun FILE" plays the file.
		return runPlay(args, stdout, stderr)
	}
	if !ok {
		fmt.Fprintf(stderr, "zrun: unknown command %q (try \"zrun help\")\n", args[0])
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: zrun COMMAND [flags] ARGS...")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].usage)
	}
}
