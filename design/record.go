// This file defines what a run keeps: its header (the options and the
// rules' names) and one record per game, and the shard data file that
// holds them (JSON lines, see the package doc), read back and merged.

package design

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"

	"zrun/vm"
)

// Format names the data file's version (its first line's "format").
const Format = "zrun-design/1"

// Header says what a run played: enough to merge shards and to name the
// rules in the report without the rule file.
type Header struct {
	Format      string      `json:"format"`
	File        string      `json:"file"`
	Variant     string      `json:"variant,omitempty"`
	Title       string      `json:"title"`
	Games       int         `json:"games"`
	Depth       int         `json:"depth,omitempty"`
	MoveTimeMS  int64       `json:"movetime_ms,omitempty"`
	Seed        uint64      `json:"seed"`
	RandomPlies int         `json:"random_plies"`
	StartEvery  int         `json:"start_every"`
	MaxPlies    int         `json:"max_plies"`
	Shard       int         `json:"shard"`
	Of          int         `json:"of"`
	Players     []string    `json:"players"`
	Pieces      []string    `json:"pieces"`
	Blocks      []BlockInfo `json:"blocks"`
	Goals       []GoalInfo  `json:"goals"`
}

// BlockInfo is one move or drop block of a piece type.
type BlockInfo struct {
	Piece  int    `json:"piece"`
	Drop   bool   `json:"drop,omitempty"`
	Index  int    `json:"index"` // in the piece's Moves (or Drops)
	Source string `json:"source"`
}

// GoalInfo is one goal of the game.
type GoalInfo struct {
	Kind   string `json:"kind"`
	Source string `json:"source"`
}

// GameRecord is what one game did.
type GameRecord struct {
	Game        int    `json:"game"` // k, from 0
	Seed        uint64 `json:"seed"`
	RandomPlies int    `json:"random_plies"`
	Plies       int    `json:"plies"`
	Capped      bool   `json:"capped,omitempty"`
	Winner      int    `json:"winner"` // player index, -1: none (a draw, a cut game)
	Kind        string `json:"kind"`   // the goal's kind ("win-condition", ...) or "cap"
	Reason      string `json:"reason"`
	Source      string `json:"source,omitempty"` // the deciding goal's file:line:col ("" for the runtime's draws)
	// Branching: the legal moves of the player to move at each ply, the
	// final position's included (Plies+1 entries).
	Branching []int `json:"branching"`
	// Eval: the search's score, for the first player, of each searched
	// ply (plies RandomPlies to Plies-1), clamped to ±3000.
	Eval       []int `json:"eval"`
	PieceMoves []int `json:"piece_moves"` // moves made by each piece type
	BlockFired []int `json:"block_fired"` // moves played from each block of Header.Blocks
	// Material: per quiet searched position, the first player's pieces
	// less the second's, per type (tune.Fit's samples, labelled with the
	// game's result).
	Material [][]int16 `json:"material"`
}

type blockKey struct {
	piece int
	drop  bool
	index int
}

func (h *Header) blockIndex() map[blockKey]int {
	m := make(map[blockKey]int, len(h.Blocks))
	for i, b := range h.Blocks {
		m[blockKey{b.Piece, b.Drop, b.Index}] = i
	}
	return m
}

func newHeader(g *vm.Game, o Options) *Header {
	h := &Header{Format: Format, File: o.File, Variant: o.Variant, Title: g.Title, Games: o.Games,
		Depth: o.Depth, MoveTimeMS: o.MoveTime.Milliseconds(), Seed: o.Seed, RandomPlies: o.RandomPlies,
		StartEvery: o.StartEvery, MaxPlies: o.MaxPlies, Shard: o.Shard, Of: o.Of}
	if o.MoveTime > 0 {
		h.Depth = 0
	}
	for _, p := range g.Players {
		h.Players = append(h.Players, p.Name)
	}
	for t, p := range g.Pieces {
		h.Pieces = append(h.Pieces, p.Name)
		for i, b := range p.Moves {
			h.Blocks = append(h.Blocks, BlockInfo{Piece: t, Index: i, Source: b.Source})
		}
		for i, b := range p.Drops {
			h.Blocks = append(h.Blocks, BlockInfo{Piece: t, Drop: true, Index: i, Source: b.Source})
		}
	}
	for _, gl := range g.Goals {
		h.Goals = append(h.Goals, GoalInfo{Kind: gl.Kind.String(), Source: gl.Source})
	}
	return h
}

// WriteData writes a run's (or a shard's) header and records as JSON
// lines.
func WriteData(w io.Writer, h *Header, recs []*GameRecord) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	if err := enc.Encode(h); err != nil {
		return err
	}
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadData reads a data file WriteData wrote.
func ReadData(path string) (*Header, []*GameRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	var h Header
	if err := dec.Decode(&h); err != nil {
		return nil, nil, fmt.Errorf("%s: not a design data file: %v", path, err)
	}
	if h.Format != Format {
		return nil, nil, fmt.Errorf("%s: format %q, want %q (a file of \"zrun design --shard ... --data\")", path, h.Format, Format)
	}
	var recs []*GameRecord
	for {
		var r GameRecord
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("%s: game record %d: %v", path, len(recs)+1, err)
		}
		if len(r.PieceMoves) != len(h.Pieces) || len(r.BlockFired) != len(h.Blocks) {
			return nil, nil, fmt.Errorf("%s: game %d does not fit the header's pieces and blocks", path, r.Game+1)
		}
		recs = append(recs, &r)
	}
	return &h, recs, nil
}

// Merge reads the shard files of one run and returns its header (as a
// single run's: shard 1 of 1) and all its games by number. The shards
// must be of one run (same file, options and seed) and hold every game
// once.
func Merge(paths []string) (*Header, []*GameRecord, error) {
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("no data files to merge")
	}
	var h *Header
	var all []*GameRecord
	seen := map[int]string{}
	for _, p := range paths {
		ph, recs, err := ReadData(p)
		if err != nil {
			return nil, nil, err
		}
		one := *ph
		one.Shard, one.Of = 1, 1
		if h == nil {
			h = &one
		} else if !reflect.DeepEqual(*h, one) {
			return nil, nil, fmt.Errorf("%s is not a shard of the same run as %s (file, options, seed or rules differ)", p, paths[0])
		}
		for _, r := range recs {
			if q, dup := seen[r.Game]; dup {
				return nil, nil, fmt.Errorf("game %d is in both %s and %s", r.Game+1, q, p)
			}
			seen[r.Game] = p
			all = append(all, r)
		}
	}
	if len(all) != h.Games {
		return nil, nil, fmt.Errorf("the shards hold %d of the run's %d games: a shard is missing or unfinished", len(all), h.Games)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Game < all[j].Game })
	return h, all, nil
}

// Tally is the running count of results a progress line shows: the
// first player's wins, losses and draws, and the games cut at the cap.
func Tally(recs []*GameRecord) string {
	var w0, w1, d, c int
	for _, r := range recs {
		switch {
		case r.Capped:
			c++
		case r.Winner == 0:
			w0++
		case r.Winner == 1:
			w1++
		default:
			d++
		}
	}
	return fmt.Sprintf("first player +%d -%d =%d, %d cut", w0, w1, d, c)
}
