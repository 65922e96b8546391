// This file defines the stored records and the Store that keeps them: a
// bbolt file in a data folder, or a map when the server keeps nothing.

package gamestore

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Seat is one player's place in a game.
type Seat struct {
	Name string `json:"name"` // the player's name in the rules ("White")
	// TokenHash is the SHA-256 (hex) of the seat's token: whoever shows the
	// token holds the seat. The token itself is only ever in the link.
	TokenHash string `json:"tokenHash"`
	Engine    bool   `json:"engine,omitempty"`  // the engine plays this seat
	Claimed   bool   `json:"claimed,omitempty"` // someone opened the seat's link
	Left      bool   `json:"left,omitempty"`    // its holder left it (the link retakes it)
}

// Move is one move played, in coordinate text, with every player's main
// time left once it was made (nil without a clock).
type Move struct {
	Coord string  `json:"coord"`
	Left  []int64 `json:"left,omitempty"` // milliseconds, per player
}

// Game is one shared game as stored.
type Game struct {
	ID          string     `json:"id"`
	Rules       string     `json:"rules"`       // the rule file as pages see it (relative to what is served)
	RulesSHA256 string     `json:"rulesSHA256"` // of the rule file's text when the game was made
	Variant     string     `json:"variant"`     // the game's title in the file
	Setup       string     `json:"setup"`       // "start", or a FEN
	Moves       []Move     `json:"moves"`
	Clock       *ClockData `json:"clock,omitempty"`
	Seats       []Seat     `json:"seats"`
	Public      bool       `json:"public,omitempty"` // listed in the lobby
	// Maker is a hash of the address of the client that made the game
	// (the per-client limit on unfinished games); never the address.
	Maker string `json:"maker,omitempty"`
	// EngineMs is the engine seats' time a move, ms, when the host set one
	// (at most what their clock allows); 0: from the clock.
	EngineMs int64     `json:"engineMs,omitempty"`
	Paused   bool      `json:"paused,omitempty"`
	Over     bool      `json:"over,omitempty"`
	Result   string    `json:"result,omitempty"` // in words: "White wins on time"
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
}

// HashToken is the stored form of a seat token.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ErrNotFound is Get's error for an ID that is not stored.
var ErrNotFound = errors.New("no such game")

// Store keeps games by ID. Its methods are safe for concurrent use.
type Store struct {
	db   *bolt.DB // nil: in memory
	mu   sync.Mutex
	mem  map[string][]byte // the records, JSON, when in memory
	beat []byte            // the heartbeat, when in memory
}

var (
	bucket  = []byte("games")
	meta    = []byte("meta")  // the server's own records
	beatKey = []byte("alive") // the last heartbeat, RFC 3339 with ns
)

// FileName is the database's file in the data folder.
const FileName = "zrun-games.db"

// Open opens (creating) the database in dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName)
	// The timeout turns "another server holds the file" into an error
	// rather than a server that waits for ever.
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("%s is in use by another zrun serve; give each server its own --data folder", path)
		}
		return nil, err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists(bucket); err != nil {
			return err
		}
		_, err := tx.CreateBucketIfNotExists(meta)
		return err
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Store{db: db}, nil
}

// Memory returns a store that keeps games until the process ends. Records
// go through JSON as on disk, so what a game keeps is the same either way.
func Memory() *Store { return &Store{mem: map[string][]byte{}} }

// Persistent reports whether games outlive the process.
func (s *Store) Persistent() bool { return s.db != nil }

// Put stores g (replacing the record of its ID).
func (s *Store) Put(g *Game) error {
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	if s.db == nil {
		s.mu.Lock()
		s.mem[g.ID] = b
		s.mu.Unlock()
		return nil
	}
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Put([]byte(g.ID), b) })
}

// Get returns the game of id, or ErrNotFound.
func (s *Store) Get(id string) (*Game, error) {
	var b []byte
	if s.db == nil {
		s.mu.Lock()
		b = s.mem[id]
		s.mu.Unlock()
	} else {
		err := s.db.View(func(tx *bolt.Tx) error {
			if v := tx.Bucket(bucket).Get([]byte(id)); v != nil {
				b = append([]byte(nil), v...) // v is valid only in the transaction
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if b == nil {
		return nil, ErrNotFound
	}
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return &g, nil
}

// List returns every game, the most recently updated first. A record that
// does not decode is skipped (one bad record does not hide the others).
func (s *Store) List() ([]*Game, error) {
	var out []*Game
	add := func(v []byte) {
		var g Game
		if json.Unmarshal(v, &g) == nil {
			out = append(out, &g)
		}
	}
	if s.db == nil {
		s.mu.Lock()
		for _, v := range s.mem {
			add(v)
		}
		s.mu.Unlock()
	} else {
		err := s.db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucket).ForEach(func(_, v []byte) error { add(v); return nil })
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Updated.After(out[j].Updated) })
	return out, nil
}

// Beat records that the server is alive at t (its heartbeat): a server
// killed without warning is known to have run until its last beat, and
// its running clocks are charged up to then (Resume).
func (s *Store) Beat(t time.Time) error {
	b := []byte(t.UTC().Format(time.RFC3339Nano))
	if s.db == nil {
		s.mu.Lock()
		s.beat = b
		s.mu.Unlock()
		return nil
	}
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(meta).Put(beatKey, b) })
}

// LastBeat is the last heartbeat recorded (the zero time if none).
func (s *Store) LastBeat() (time.Time, error) {
	var b []byte
	if s.db == nil {
		s.mu.Lock()
		b = s.beat
		s.mu.Unlock()
	} else if err := s.db.View(func(tx *bolt.Tx) error {
		b = append([]byte(nil), tx.Bucket(meta).Get(beatKey)...)
		return nil
	}); err != nil {
		return time.Time{}, err
	}
	if len(b) == 0 {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, string(b))
}

// Close closes the database file.
func (s *Store) Close() error {
	if s.db == nil {
		return nil
	}
	return s.db.Close()
}
