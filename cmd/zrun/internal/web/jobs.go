// This file holds what the page's background jobs (the Design tab's runs,
// the puzzle tools' solves) share: one job per page, a bound on the jobs
// running at once on the server, the finished ones kept for their pages.

package web

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
)

// backgroundJob is a page's job as the table sees it.
type backgroundJob interface{ running() bool }

// jobTable is the server's jobs of one kind, one per game page (session).
type jobTable[J backgroundJob] struct {
	mu      sync.Mutex
	jobs    map[*session]J
	order   []*session // oldest first
	running int
	seq     int
	limit   int // jobs at once (the kind's default when 0; tests lower it)
	wg      sync.WaitGroup
}

// admit decides whether se may start a job: not while its page's job runs
// (409, pageBusy), not beyond the server's limit (503, serverBusy with the
// limit), not while the server shuts down (503). On success it returns the
// new job's number and leaves mu held for add.
func (t *jobTable[J]) admit(se *session, defaultLimit int, pageBusy, serverBusy string) (int, error) {
	t.mu.Lock()
	if old, ok := t.jobs[se]; ok && old.running() {
		t.mu.Unlock()
		return 0, conflict("%s", pageBusy)
	}
	limit := t.limit
	if limit <= 0 {
		limit = defaultLimit
	}
	if t.running >= limit {
		t.mu.Unlock()
		return 0, &httpError{http.StatusServiceUnavailable, fmt.Sprintf(serverBusy, limit)}
	}
	select {
	case <-se.srv.done:
		t.mu.Unlock()
		return 0, &httpError{http.StatusServiceUnavailable, "the server is shutting down"}
	default:
	}
	t.seq++
	return t.seq, nil
}

// add keeps job as se's, counts it running and drops the oldest finished
// jobs beyond kept; admit's lock is held and released here. The job's
// goroutine calls ended when it ends.
func (t *jobTable[J]) add(se *session, job J, kept int) {
	if t.jobs == nil {
		t.jobs = map[*session]J{}
	}
	if _, ok := t.jobs[se]; !ok {
		t.order = append(t.order, se)
	}
	t.jobs[se] = job
	t.running++
	for i := 0; i < len(t.order) && len(t.order) > kept; {
		if t.jobs[t.order[i]].running() {
			i++
			continue
		}
		delete(t.jobs, t.order[i])
		t.order = slices.Delete(t.order, i, i+1)
	}
	t.wg.Add(1)
	t.mu.Unlock()
}

// ended counts a job's end (its goroutine's last step).
func (t *jobTable[J]) ended() {
	t.mu.Lock()
	t.running--
	t.mu.Unlock()
	t.wg.Done()
}

// job is se's job (the zero J when it has none).
func (t *jobTable[J]) job(se *session) J {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.jobs[se]
}

// stopAll calls stop on every job and waits for them to end (Close).
func (t *jobTable[J]) stopAll(stop func(J)) {
	t.mu.Lock()
	for _, j := range t.jobs {
		stop(j)
	}
	t.mu.Unlock()
	t.wg.Wait()
}
