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
