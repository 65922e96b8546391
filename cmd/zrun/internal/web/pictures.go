// This file serves the author's pictures: the board's and the pieces'
// bitmaps the rule file names, found as Zillions finds them, converted
// once to PNG with Zillions' transparency and kept in a bounded cache.

package web

import (
	"bytes"
	"container/list"
	"fmt"
	"image/png"
	"net/http"
	"strconv"
	"sync"

	"zrun/boardgeom"
	"zrun/vm"
)

// pictureTable is every picture of one game (boardgeom's, shared with
// the doc pages): a picture's index in it is its URL.
type pictureTable = boardgeom.PictureSet

// picturesOf finds the pictures of g, named by the rule file ruleFile.
func picturesOf(ruleFile string, g *vm.Game) *pictureTable {
	return boardgeom.FindPictures(ruleFile, g)
}

// picturesJSON is what the page needs to draw the author's pictures.
type picturesJSON struct {
	// Board: the board's pictures (Zillions' Board Display choices),
	// each with where it goes in layout units.
	Board []boardPictureJSON `json:"board,omitempty"`
	// Pieces[type][player] are the piece's pictures (its piece sets), nil
	// entries where missing: the page draws its own piece there.
	Pieces [][][]*piecePictureJSON `json:"pieces"`
	// Missing: the names of the pictures not found.
	Missing []string `json:"missing,omitempty"`
}

type boardPictureJSON struct {
	URL string     `json:"u"`
	R   [4]float64 `json:"r"`
}

type piecePictureJSON struct {
	URL string `json:"u"`
	// W, H: the picture's size in layout units on the board picture's
	// scale (0: fitted to the cell, when the board has no picture).
	W float64 `json:"w,omitempty"`
	H float64 `json:"h,omitempty"`
}

// picturesJSONOf places t's pictures on layout l; nil when the game names
// no picture.
func picturesJSONOf(entryID int, t *pictureTable, l *boardgeom.Layout) *picturesJSON {
	if len(t.List) == 0 && len(t.Missing) == 0 {
		return nil
	}
	url := func(i int) string { return fmt.Sprintf("/api/g/%d/picture/%d", entryID, i) }
	pj := &picturesJSON{Missing: t.Missing, Pieces: make([][][]*piecePictureJSON, len(t.Pieces))}
	for _, i := range t.Board {
		p := t.List[i]
		if x, y, w, h, ok := l.FitPicture(p.W, p.H); ok {
			pj.Board = append(pj.Board, boardPictureJSON{url(i), [4]float64{round1(x), round1(y), round1(w), round1(h)}})
		}
	}
	for ty, pls := range t.Pieces {
		if pls == nil {
			continue
		}
		pj.Pieces[ty] = make([][]*piecePictureJSON, len(pls))
		for pl, idx := range pls {
			for _, i := range idx {
				if i < 0 {
					pj.Pieces[ty][pl] = append(pj.Pieces[ty][pl], nil)
					continue
				}
				pp := &piecePictureJSON{URL: url(i)}
				if len(pj.Board) > 0 {
					pp.W, pp.H = round1(float64(t.List[i].W)*l.PixelScale), round1(float64(t.List[i].H)*l.PixelScale)
				}
				pj.Pieces[ty][pl] = append(pj.Pieces[ty][pl], pp)
			}
		}
	}
	return pj
}

// pngCache holds pictures converted to PNG, least recently used first
// out, within a budget of bytes: the server is shared, so one page's
// hundreds of shogi pieces cannot grow it without bound.
type pngCache struct {
	mu       sync.Mutex
	max      int
	used     int
	order    *list.List // of *pngItem, most recent at the front
	items    map[string]*list.Element
	inflight map[string]*pngCall
}

type pngItem struct {
	key  string
	data []byte
}

// pngCall is a conversion in progress: other requests for the same
// picture wait for it rather than converting again.
type pngCall struct {
	done chan struct{}
	data []byte
	err  error
}

// defaultPNGBudget: the PNGs of the largest corpus package (Chu Shogi's
// 415 bitmaps) take about 1 MB; 32 MB keeps many packages at once.
const defaultPNGBudget = 32 << 20

func newPNGCache(max int) *pngCache {
	return &pngCache{max: max, order: list.New(), items: map[string]*list.Element{}, inflight: map[string]*pngCall{}}
}

// get returns the PNG of the picture at path (keyed for a piece),
// converting it on first use.
func (c *pngCache) get(path string, piece bool) ([]byte, error) {
	key := strconv.FormatBool(piece) + "|" + path
	c.mu.Lock()
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*pngItem).data, nil
	}
	if call, ok := c.inflight[key]; ok {
		c.mu.Unlock()
		<-call.done
		return call.data, call.err
	}
	call := &pngCall{done: make(chan struct{})}
	c.inflight[key] = call
	c.mu.Unlock()

	call.data, call.err = toPNG(path, piece)
	close(call.done)

	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.inflight, key)
	if call.err == nil && len(call.data) <= c.max {
		c.items[key] = c.order.PushFront(&pngItem{key, call.data})
		c.used += len(call.data)
		for c.used > c.max {
			e := c.order.Back()
			it := e.Value.(*pngItem)
			c.order.Remove(e)
			delete(c.items, it.key)
			c.used -= len(it.data)
		}
	}
	return call.data, call.err
}

func toPNG(path string, piece bool) ([]byte, error) {
	img, err := boardgeom.ReadPicture(path, piece)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// pictureTableOf returns the pictures of e's current rules, found once per
// load of the rule file.
func (s *Server) pictureTableOf(e *Entry) *pictureTable {
	s.mu.Lock()
	g, t, tg := e.game, e.pics, e.picsOf
	s.mu.Unlock()
	if g == nil {
		return &pictureTable{}
	}
	if t != nil && tg == g {
		return t
	}
	t = picturesOf(e.Path, g)
	s.mu.Lock()
	if e.game == g {
		e.pics, e.picsOf = t, g
	}
	s.mu.Unlock()
	return t
}

// apiPicture answers GET /api/g/{id}/picture/{n}: the n-th picture of the
// game as PNG. The URL carries no path: n indexes the pictures the rule
// file names, each found inside its package, so no request can read
// anything else.
func (s *Server) apiPicture(w http.ResponseWriter, r *http.Request) {
	e, err := s.entry(r)
	if err != nil {
		writeError(w, err)
		return
	}
	t := s.pictureTableOf(e)
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= len(t.List) {
		writeError(w, &httpError{http.StatusNotFound, fmt.Sprintf("no picture %q of game %d", r.PathValue("n"), e.ID)})
		return
	}
	data, err := s.pngs.get(t.List[n].Path, t.List[n].Piece)
	if err != nil {
		writeError(w, &httpError{http.StatusUnprocessableEntity, fmt.Sprintf("picture %s cannot be read: %v", t.List[n].Name, err)})
		return
	}
	w.Header().Set("Content-Type", "image/png")
	// The picture of an index changes only when the rule file is edited
	// (--watch): a short private lifetime keeps pages fast and fresh.
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Write(data)
}
