// This file defines "zrun serve": play the games of rule files in a web
// browser (package web).

package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"zrun/cmd/zrun/internal/web"
	"zrun/gamestore"
)

func init() {
	register("serve", "[--addr HOST:PORT] [--allow-host NAME[,NAME]] [--data DIR] [--engines N] [--open] [--watch] FILE|DIR...: play the games in a web browser", runServe)
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (localhost by default: anyone who reaches it can play)")
	open := fs.Bool("open", false, "open the page in the default browser")
	watch := fs.Bool("watch", false, "reload a rule file when it changes on disk")
	// Without --data shared games live in memory: a quick server leaves
	// no files behind, and two servers never fight over one database.
	data := fs.String("data", "", "`DIR` to keep shared games in (a database file made there), so a restart resumes them; none: in memory")
	engines := fs.Int("engines", web.DefaultEngines, "games whose engine may hold a transposition table at once (16 MB each); more wait")
	// Requests must name the host listened on (a defence against DNS
	// rebinding); a server reached by another name, through a proxy, a
	// tunnel or a LAN name, must be told it.
	var allowHosts []string
	fs.Func("allow-host", "further `NAME[:PORT][,...]` the server answers to (a LAN name, a proxy's); repeatable", func(v string) error {
		allowHosts = append(allowHosts, strings.Split(v, ",")...)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: zrun serve [--addr HOST:PORT] [--allow-host NAME[,NAME]] [--data DIR] [--engines N] [--open] [--watch] FILE|DIR...")
		return 2
	}
	srv, err := web.New(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := srv.AllowHosts(*addr, allowHosts); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	srv.Log = stderr
	if *engines < 1 || *engines > 256 {
		fmt.Fprintf(stderr, "--engines must be 1 to 256, not %d\n", *engines)
		return 2
	}
	srv.Engines = *engines
	store := gamestore.Memory()
	if *data != "" {
		if store, err = gamestore.Open(*data); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer store.Close()
	}
	srv.SetStore(store)
	// On an interrupt the shared games' clocks are stopped and stored, so
	// a restart counts the time the side to move had used.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		srv.Close()
		store.Close()
		os.Exit(0)
	}()
	if *watch {
		if err := srv.Watch(); err != nil {
			fmt.Fprintln(stderr, "watch:", err)
			return 1
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintln(stdout, "zrun: serving on", url)
	if web.AllInterfaces(ln.Addr()) {
		// The addresses others on the network open, and the warning.
		ifaces, _ := net.InterfaceAddrs()
		origins := web.LANOrigins(ln.Addr(), ifaces)
		for _, o := range origins {
			fmt.Fprintf(stdout, "zrun: on the network: %s/ (lobby: %s/lobby)\n", o, o)
		}
		if len(origins) > 0 {
			srv.SetLANOrigin(origins[0])
		}
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		fmt.Fprintln(stderr, web.LANWarning(port))
	}
	if *open {
		openBrowser(url)
	}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// openBrowser asks the desktop to show url; failing to is not an error
// (the address is printed).
func openBrowser(url string) {
	cmd := "xdg-open"
	switch runtime.GOOS {
	case "darwin":
		cmd = "open"
	case "windows":
		exec.Command("rundll32", "url.dll,FileProtocolHandler", url).Start()
		return
	}
	exec.Command(cmd, url).Start()
}
