// This file defines the limits on what one client may do to the shared
// games, so that a server reachable from a network stays usable for all:
// how many unfinished games one client address may have made, and how
// many changes a second it may send to one game. A client is the address
// the connection comes from (behind a reverse proxy every client is the
// proxy's: the limits then hold for all together, which errs safe).

package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

const (
	maxGamesPerClient = 32              // unfinished shared games one client address has made
	roomWriteRate     = 10              // changes a second one client may send to one game, sustained
	roomWriteBurst    = 20              // and at once
	limiterIdle       = 2 * time.Minute // a bucket unused this long is forgotten
	limiterMax        = 20000           // buckets kept before the idle ones are swept
)

// clientOf is the request's client address (the connection's IP).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// makerOf is what a stored game keeps of the client that made it: a hash
// of its address (the database keeps no address).
func makerOf(r *http.Request) string {
	h := sha256.Sum256([]byte("zrun maker " + clientOf(r)))
	return hex.EncodeToString(h[:8])
}

// rateLimiter is a token bucket per key (golang.org/x/time/rate's), with
// the buckets of keys unused for a while forgotten so that the map stays
// bounded.
type rateLimiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	rate    rate.Limit // tokens a second
	burst   int
	now     func() time.Time
}

type bucket struct {
	lim *rate.Limiter
	at  time.Time // last asked
}

func newRateLimiter(perSecond float64, burst int) *rateLimiter {
	return &rateLimiter{buckets: map[string]*bucket{}, rate: rate.Limit(perSecond), burst: burst, now: time.Now}
}

// allow takes a token of key's bucket; false: none is left.
func (l *rateLimiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= limiterMax {
			for k, o := range l.buckets {
				if now.Sub(o.at) > limiterIdle {
					delete(l.buckets, k)
				}
			}
			if len(l.buckets) >= limiterMax {
				clear(l.buckets) // a flood of keys: start afresh rather than grow
			}
		}
		b = &bucket{lim: rate.NewLimiter(l.rate, l.burst)}
		l.buckets[key] = b
	}
	b.at = now
	return b.lim.AllowN(now, 1)
}

// roomWriteAllowed refuses a client's change to room id beyond the rate.
func (s *Server) roomWriteAllowed(r *http.Request, id string) error {
	s.roomLimits.once.Do(func() { s.roomLimits.l = newRateLimiter(roomWriteRate, roomWriteBurst) })
	if !s.roomLimits.l.allow(clientOf(r) + " " + id) {
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("too many changes: at most %d a second to one game; wait a moment", roomWriteRate)}
	}
	return nil
}
