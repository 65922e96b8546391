// This file defines --watch: when a served rule file, or any rule or
// include file in its folder, changes on disk, the games in progress reload
// their rules (replaying their moves while they stay legal) or show the
// errors and keep the old rules.

package web

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"zrun/gamefile"
	"zrun/vm"

	"github.com/fsnotify/fsnotify"
)

// Watch reloads rules as files change until the watcher fails. Folders are
// watched rather than files because editors save by writing a new file and
// renaming it over the old one, which ends a watch on the file itself.
func (s *Server) Watch() error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	dirs := map[string]bool{}
	for _, f := range s.files {
		d := filepath.Dir(f.Path)
		if !dirs[d] {
			dirs[d] = true
			if err := w.Add(d); err != nil {
				w.Close()
				return err
			}
		}
	}
	go func() {
		defer w.Close()
		// Editors write a file in several steps; wait for quiet before
		// reloading so a half-written file is not reported.
		pending := map[string]bool{}
		var timer <-chan time.Time
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				// Any rule file: a served one, or an include of one.
				if gamefile.KindOf(ev.Name) == gamefile.Unknown {
					continue
				}
				if ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) != 0 {
					pending[filepath.Dir(ev.Name)] = true
					timer = time.After(150 * time.Millisecond)
				}
			case <-s.done:
				return
			case <-timer:
				for d := range pending {
					s.reloadDir(d)
				}
				pending = map[string]bool{}
			case err, ok := <-w.Errors:
				if !ok {
					return
				}
				s.logf("watch: %v", err)
			}
		}
	}()
	return nil
}

func (s *Server) logf(format string, a ...any) {
	if s.Log != nil {
		fmt.Fprintf(s.Log, format+"\n", a...)
	}
}

// reloadDir reloads the rules of every game whose file is in dir: a rule
// file there may include another from the same folder. Each file is read
// once, with no game locked (a large file takes seconds); then each game in
// progress swaps the new rules in, which takes only a replay of its moves.
func (s *Server) reloadDir(dir string) {
	s.loadCatalog(dir)
	for _, se := range s.sessionList() {
		if filepath.Dir(se.entry.Path) == dir {
			vg, ferr := s.rulesOf(se.entry)
			se.reload(vg, ferr)
		}
	}
}

// rulesOf returns the rules of e's game as its file last loaded, or why
// there are none: the file did not load, or no longer has the game.
func (s *Server) rulesOf(e *Entry) (*vm.Game, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.files[e.File]
	if f.Err != "" {
		return nil, f.Err
	}
	if !slices.Contains(f.Entries, e) {
		return nil, fmt.Sprintf("%s no longer has a game called %q", filepath.Base(f.Path), e.Title)
	}
	return e.game, ""
}

// reload swaps the rules vg in (ruleErr: why there are none). On an error
// the game goes on with the rules it has, and the page shows the error
// until a good load.
func (se *session) reload(vg *vm.Game, ruleErr string) {
	unlock := se.lockIdle()
	defer unlock()
	if ruleErr != "" {
		se.ruleErr = ruleErr
		se.srv.logf("%s: %s", se.entry.Path, ruleErr)
		se.changed()
		return
	}
	replayed, total, stoppedAt, err := se.g.ReloadWith(vg)
	if err != nil {
		se.ruleErr = err.Error()
		se.srv.logf("%s: %v", se.entry.Path, err)
		se.changed()
		return
	}
	se.ruleErr = ""
	se.note = "Rules reloaded"
	if stoppedAt != "" {
		se.note = fmt.Sprintf("Rules reloaded; %d of %d moves replayed (%s is no longer legal)", replayed, total, stoppedAt)
	}
	se.srv.logf("%s: reloaded (%d of %d moves replayed)", se.entry.Path, replayed, total)
	if err := se.retext(); err != nil {
		se.note += "; " + err.Error()
	}
	se.changed()
}
