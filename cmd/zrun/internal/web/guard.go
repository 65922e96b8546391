// This file defines the server's edge: what every request passes before it
// reaches a game, and what every response carries (static files, security
// headers, the Host check against DNS rebinding, the paths pages see).

package web

import (
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// staticFiles serves the embedded assets, files only. http.FileServer
// would answer a directory with a listing or, here, with the raw
// index.html page template; neither is anything a page needs.
func staticFiles() http.Handler {
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		notFound := &httpError{http.StatusNotFound, fmt.Sprintf("no static file %q", name)}
		// ValidPath refuses "", "x/", ".." and the like: a directory or
		// an escape is never a file here.
		if !fs.ValidPath(name) || name == "." {
			writeError(w, notFound)
			return
		}
		f, err := static.Open(name)
		if err != nil {
			writeError(w, notFound)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		rs, seekable := f.(io.ReadSeeker)
		if err != nil || st.IsDir() || !seekable {
			writeError(w, notFound)
			return
		}
		http.ServeContent(w, r, name, st.ModTime(), rs)
	})
}

// contentPolicy lets pages run only the server's own script and style
// files: the assets have no inline script, style or event handler
// attribute (TestAssetsFitContentPolicy keeps it so), the board is SVG
// built by script, and the page talks only to its own origin (fetch and
// the event stream). No site may frame a page (clickjacking a move or
// the engine's button).
const contentPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders are set on every response, errors included.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", contentPolicy},
	{"X-Frame-Options", "DENY"},                   // frame-ancestors for browsers without CSP 2
	{"X-Content-Type-Options", "nosniff"},         // a JSON error echoing input is never run as HTML
	{"Referrer-Policy", "no-referrer"},            // links out do not tell other sites of the game pages
	{"Cross-Origin-Opener-Policy", "same-origin"}, // no other site's window keeps a handle on ours
}

// edgeHandler wraps the routes with what every request passes: the
// security headers, then the Host check.
func (s *Server) edgeHandler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaders {
			h.Set(kv[0], kv[1])
		}
		if err := s.checkHost(r); err != nil {
			writeError(w, err)
			return
		}
		next.ServeHTTP(&pathWriter{w, s}, r)
	})
}

// edge is the server's configuration at its edge.
type edge struct {
	hosts atomic.Pointer[hostPolicy] // nil until AllowHosts: loopback only

	pathsOnce sync.Once
	paths     *strings.Replacer // absolute folder -> as shown (see shownPaths)
	prefix    string            // what shownPath drops from a served file's path
}

// shownPaths works out how paths are shown to pages: relative to the
// folder holding all the served files (the folder given to zrun serve, or
// a file's own), so a page never learns the server's absolute paths (the
// user's name, their folders). The files are fixed once New returns.
func (s *Server) shownPaths() {
	s.edge.pathsOnce.Do(func() {
		var dirs []string
		root := ""
		for _, f := range s.files {
			d := filepath.Dir(f.Path)
			dirs = append(dirs, d)
			if root == "" {
				root = d
			}
			for !within(d, root) {
				root = filepath.Dir(root)
			}
		}
		if root == "" {
			s.edge.paths = strings.NewReplacer()
			return
		}
		if filepath.Dir(root) != root {
			// The usual case: the common folder and what is under it
			// (included files too) are shown relative to it.
			s.edge.prefix = root + string(filepath.Separator)
			s.edge.paths = strings.NewReplacer(s.edge.prefix, "")
			return
		}
		// Files from all over the disk: each file's folder is shown
		// without the root ("/tmp/a.zrf" as "tmp/a.zrf"); replacing the
		// bare root would eat every separator of a message.
		s.edge.prefix = root
		sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) }) // a folder before its parents
		var pairs []string
		for _, d := range dirs {
			if d != root {
				pairs = append(pairs, d+string(filepath.Separator), strings.TrimPrefix(d, root)+string(filepath.Separator))
			}
		}
		s.edge.paths = strings.NewReplacer(pairs...)
	})
}

// within reports whether path is dir or under it.
func within(path, dir string) bool {
	if filepath.Dir(dir) == dir { // the filesystem's root
		return strings.HasPrefix(path, dir)
	}
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// shownPath is a served file's path as pages see it.
func (s *Server) shownPath(abs string) string {
	s.shownPaths()
	return strings.TrimPrefix(abs, s.edge.prefix)
}

// relPaths rewrites the served folders' absolute paths in a message (a
// rule file's file:line:col error, a reload's note) as pages see them.
func (s *Server) relPaths(msg string) string {
	s.shownPaths()
	return s.edge.paths.Replace(msg)
}

// pathWriter is the ResponseWriter handlers get: writeError finds through
// it the server whose paths its messages must not show. It flushes (the
// event stream needs it) and unwraps (http.ResponseController).
type pathWriter struct {
	http.ResponseWriter
	s *Server
}

func (w *pathWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *pathWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// shownError is err's message as the page may see it.
func shownError(w http.ResponseWriter, err error) string {
	if pw, ok := w.(*pathWriter); ok {
		return pw.s.relPaths(err.Error())
	}
	return err.Error()
}

// hostPolicy says which Host names requests may carry. A page of another
// site whose DNS name its owner points at 127.0.0.1 (DNS rebinding) is
// same-origin with the server as far as the browser knows: only its Host
// header, that other name, tells it apart. IP literals cannot be
// rebound, names can.
type hostPolicy struct {
	loopback bool              // localhost and the loopback IPs, at the listened port
	anyIP    bool              // bound to all interfaces: any IP literal, any port
	names    map[string]hostAt // further names: --addr's and --allow-host's
	port     string            // --addr's port, when the connection's is not known
	addr     string            // --addr, for messages
}

// hostAt is the port a name is allowed with.
type hostAt struct {
	anyPort bool   // --allow-host NAME: behind a proxy the port may be any
	port    string // --allow-host NAME:PORT; "" with !anyPort: the listened port
}

// defaultHosts is the policy of a server bound to loopback, as it is by
// default; it is also what tests through httptest meet.
var defaultHosts = &hostPolicy{loopback: true, addr: "127.0.0.1"}

// AllowHosts sets the Host names the server answers to from the address
// it is told to listen on (--addr HOST:PORT) and the further names the
// user gives (--allow-host NAME or NAME:PORT). Bound to loopback it
// answers to localhost, 127.0.0.1 and [::1]; bound to all interfaces
// (":8080", "0.0.0.0", "::") to those and any IP literal; bound to a name
// or address, to it. Call it before serving.
func (s *Server) AllowHosts(addr string, extra []string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v", addr, err)
	}
	if port == "0" {
		port = "" // chosen by the system: the connection tells it
	}
	p := &hostPolicy{names: map[string]hostAt{}, port: port, addr: addr}
	host = strings.ToLower(host)
	ip, ipErr := netip.ParseAddr(host)
	switch {
	case host == "" || ipErr == nil && ip.IsUnspecified():
		p.loopback, p.anyIP = true, true
	case host == "localhost" || ipErr == nil && ip.IsLoopback():
		p.loopback = true
	default:
		p.names[host] = hostAt{}
	}
	for _, e := range extra {
		name, at, err := parseAllowHost(e)
		if err != nil {
			return err
		}
		p.names[name] = at
	}
	s.edge.hosts.Store(p)
	return nil
}

// parseAllowHost reads one --allow-host value: NAME or NAME:PORT (an IPv6
// address in brackets).
func parseAllowHost(v string) (string, hostAt, error) {
	v = strings.TrimSpace(v)
	bad := func(why string) (string, hostAt, error) {
		return "", hostAt{}, fmt.Errorf("--allow-host %q: %s; give a host name as the browser's address bar shows it, e.g. board.lan or board.lan:8080", v, why)
	}
	if v == "" {
		return bad("empty name")
	}
	if strings.Contains(v, "/") {
		return bad("a URL or path, not a host name")
	}
	name, at := v, hostAt{anyPort: true}
	if h, p, err := net.SplitHostPort(v); err == nil {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("port " + strconv.Quote(p) + " is not a number from 1 to 65535")
		}
		name, at = h, hostAt{port: p}
	} else if strings.Count(v, ":") == 1 {
		return bad("port missing after ':'")
	}
	name = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"))
	if name == "" {
		return bad("empty name")
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.ContainsRune("-._:%", c)) {
			return bad(fmt.Sprintf("%q is not a character of a host name", c))
		}
	}
	return name, at, nil
}

// splitHost splits a Host header into its lower-case name (an IPv6
// address without brackets) and port ("80" when none is given: the
// server speaks plain HTTP).
func splitHost(hp string) (host, port string) {
	if h, p, err := net.SplitHostPort(hp); err == nil {
		host, port = h, p
	} else {
		host = strings.TrimSuffix(strings.TrimPrefix(hp, "["), "]")
	}
	if port == "" {
		port = "80"
	}
	return strings.ToLower(host), port
}

// checkHost refuses a request whose Host the server does not answer to.
func (s *Server) checkHost(r *http.Request) error {
	p := s.edge.hosts.Load()
	if p == nil {
		p = defaultHosts
	}
	host, port := splitHost(r.Host)
	// The port the connection came in on (httptest's, or --addr :0's);
	// a request handed to the handler in process has none.
	listened, localIP, where := p.port, netip.Addr{}, p.addr
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if ap, err := netip.ParseAddrPort(la.String()); err == nil {
			listened, localIP, where = strconv.Itoa(int(ap.Port())), ap.Addr().Unmap(), la.String()
		}
	}
	atListened := listened == "" || port == listened
	if at, ok := p.names[host]; ok && (at.anyPort || at.port == port || at.port == "" && atListened) {
		return nil
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		ip = ip.Unmap()
		if p.anyIP || atListened && (ip == localIP || p.loopback && ip.IsLoopback()) {
			return nil
		}
	} else if p.loopback && host == "localhost" && atListened {
		return nil
	}
	name := host
	if strings.Contains(name, ":") {
		name = "[" + name + "]"
	}
	return &httpError{http.StatusMisdirectedRequest, fmt.Sprintf(
		"zrun serve (listening on %s) does not answer to the host name %.100q: a page of another site can point its DNS name at this machine, so only the names zrun listens on are served; if you reach it by this name, start zrun serve with --allow-host %.100s",
		where, r.Host, name)}
}
