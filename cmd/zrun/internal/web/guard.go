// This file defines the server's edge: what every request passes before it
// reaches a game, and what every response carries (static files, security
// headers, the Host check against DNS rebinding, the paths pages see).

package web

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
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
		next.ServeHTTP(w, r)
	})
}
