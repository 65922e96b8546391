package gamestore

import (
	"errors"
	"testing"
	"time"
)

// A game put, closed and opened again reads back whole.
func TestStoreReopen(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{ID: "abc", Rules: "chess.zrf", Variant: "Chess", Setup: "start",
		Moves:   []Move{{Coord: "e2e4", Left: []int64{1000, 2000}}},
		Seats:   []Seat{{Name: "White", TokenHash: HashToken("t1")}, {Name: "Black", Engine: true}},
		Clock:   &ClockData{Mode: Fischer, Base: 60000, Extra: 1000, Left: []int64{1000, 2000}, Mover: 1, Spent: 300},
		Updated: time.Now().UTC().Truncate(time.Second)}
	if err := s.Put(g); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get("abc")
	if err != nil {
		t.Fatal(err)
	}
	if got.Moves[0].Coord != "e2e4" || got.Clock.Spent != 300 || got.Seats[0].TokenHash != HashToken("t1") || !got.Updated.Equal(g.Updated) {
		t.Errorf("read back %+v", got)
	}
	if _, err := s.Get("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get of a missing game: %v", err)
	}
	list, _ := s.List()
	if len(list) != 1 {
		t.Errorf("List: %d games", len(list))
	}
}

// A second server on the same folder is refused, not left waiting.
func TestStoreLocked(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s2, err := Open(dir); err == nil {
		s2.Close()
		t.Fatal("a second Open of the same folder succeeded")
	}
}

func TestMemoryStore(t *testing.T) {
	s := Memory()
	s.Put(&Game{ID: "a", Updated: time.Unix(1, 0)})
	s.Put(&Game{ID: "b", Updated: time.Unix(2, 0)})
	list, _ := s.List()
	if len(list) != 2 || list[0].ID != "b" {
		t.Errorf("List: %+v", list)
	}
	if s.Persistent() {
		t.Error("memory store says it is persistent")
	}
}
