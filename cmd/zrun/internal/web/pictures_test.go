// This file tests the author's pictures: the PNG cache's bound, the
// picture URLs (no path, nothing outside the package), and in the browser
// that every piece is drawn from its picture with its green keyed out.

package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// pictureQuick is the default run's sample of packages with all their
// pictures: RLE boards (Afrika), piles (Ur), mancala, stacks, shogi.
// Senet and Afrika take their moves from Axiom, which zrun cannot run yet:
// the gallery skips games that do not start.
var pictureQuick = []string{"Kamisado/kamisado.zrf", "Ur/Ur.zrf", "ToguzKumalak/ToguzKumalak.zrf",
	"Focus/Focus.zrf", "Splut/08.Splut.zrf", "Chase/Chase.zrf"}

func TestPNGCacheBounded(t *testing.T) {
	dir := filepath.Join(sharedDir, "zrf-corpus", "Kamisado", "Images", "Kamisado")
	files, _ := filepath.Glob(filepath.Join(dir, "*.bmp"))
	if len(files) < 10 {
		t.Skip("corpus not available")
	}
	one, err := toPNG(files[0], true)
	if err != nil {
		t.Fatal(err)
	}
	c := newPNGCache(3 * len(one))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, f := range files {
				if _, err := c.get(f, true); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.used > c.max || len(c.items) != c.order.Len() {
		t.Errorf("cache holds %d bytes in %d items (list %d), budget %d", c.used, len(c.items), c.order.Len(), c.max)
	}
	sum := 0
	for e := c.order.Front(); e != nil; e = e.Next() {
		sum += len(e.Value.(*pngItem).data)
	}
	if sum != c.used {
		t.Errorf("counted %d bytes, items hold %d", c.used, sum)
	}
}

// TestPictureAPI: pictures come by index as PNG with the key colour
// transparent; anything else is a 4xx with a JSON message, and a rule
// file naming files outside its package gets none of them.
func TestPictureAPI(t *testing.T) {
	tmp := t.TempDir()
	src, err := os.ReadFile(filepath.Join(sharedDir, "zrf-corpus", "Kamisado", "Images", "Kamisado", "bb.bmp"))
	if err != nil {
		t.Skip("corpus not available")
	}
	os.MkdirAll(filepath.Join(tmp, "pkg", "Images"), 0o755)
	os.WriteFile(filepath.Join(tmp, "pkg", "Images", "Man.BMP"), src, 0o644)
	os.WriteFile(filepath.Join(tmp, "secret.bmp"), src, 0o644)
	rules := `(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 37 37) (dimensions ("a/b" (37 0)) ("2/1" (0 37))) (directions (n 0 -1))))
  (piece (name Man) (image White "images\man.bmp" Black "..\secret.bmp") (moves (n add)))
  (board-setup (White (Man a1)) (Black (Man b2)))
  (win-condition (White) (absolute-config Man (b1))))`
	rf := filepath.Join(tmp, "pkg", "t.zrf")
	os.WriteFile(rf, []byte(rules), 0o644)
	s, err := New([]string{rf})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	get := func(path string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp, b.Bytes()
	}
	_, body := get("/api/g/0/state")
	var st struct{ Layout layoutJSON }
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	pj := st.Layout.Pictures
	if pj == nil || pj.Pieces[0][0][0] == nil || pj.Pieces[0][1][0] != nil {
		t.Fatalf("pictures %+v: want White's found, Black's (outside the package) missing", pj)
	}
	if strings.Contains(string(body), tmp) {
		t.Errorf("the state carries a server path")
	}
	if want := []string{`..\secret.bmp`}; fmt.Sprint(pj.Missing) != fmt.Sprint(want) {
		t.Errorf("missing %q, want %q", pj.Missing, want)
	}
	resp, data := get(pj.Pieces[0][0][0].URL)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %d %s", pj.Pieces[0][0][0].URL, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// bb.bmp's corner is srgb(0,255,0) (ImageMagick), its centre a colour.
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("corner alpha %d, want 0", a)
	}
	if _, _, _, a := img.At(18, 18).RGBA(); a != 0xffff {
		t.Errorf("centre alpha %d, want opaque", a)
	}
	for _, bad := range []string{"/api/g/0/picture/1", "/api/g/0/picture/-1", "/api/g/0/picture/x",
		"/api/g/0/picture/..%2f..%2fsecret.bmp", "/api/g/9/picture/0", "/api/g/0/picture/99999999999999999999"} {
		resp, body := get(bad)
		if resp.StatusCode < 400 || resp.StatusCode >= 500 || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%s: %d %s, want a 4xx with a JSON message", bad, resp.StatusCode, body)
		}
	}
}

// pictureCheckJS counts, on the drawn board, the pieces drawn from the
// author's picture and those whose game has a picture for them but drawn
// otherwise, and fetches every picture the board shows.
const pictureCheckJS = `(async () => {
  const st = window.zrunState(), P = st.layout.pictures;
  const out = {pieces: 0, pic: 0, wrong: [], failed: [], boxes: []};
  for (const g of document.querySelectorAll("#board .pieces [data-at]")) {
    out.pieces++;
    const t = +g.dataset.t, o = +g.dataset.o;
    const has = P && P.pieces[t] && P.pieces[t][o] && P.pieces[t][o][0];
    if (g.dataset.pic) {
      out.pic++;
      const r = g.querySelector("image").getBoundingClientRect();
      out.boxes.push([r.x, r.y, r.width, r.height]);
    } else if (has) out.wrong.push(g.dataset.at);
  }
  const urls = [...new Set([...document.querySelectorAll("#board image")].map((i) => i.getAttribute("href")))];
  for (const u of urls) { const r = await fetch(u); if (!r.ok) out.failed.push(u + " " + r.status); }
  out.missing = (P && P.missing) || [];
  return JSON.stringify(out);
})()`

type pictureCheck struct {
	Pieces, Pic   int
	Wrong, Failed []string
	Boxes         [][4]float64
	Missing       []string
	// Samples are the pixels read just inside piece pictures' corners;
	// Clear those that show what lies beneath the piece (the same pixel
	// with the pieces hidden), Green those that showed the key colour the
	// board beneath does not have.
	Samples, Clear, Green int
}

// checkPictures opens a game and checks its pictures; a screenshot shows
// whether the key colour is left anywhere just inside a piece picture's
// box (its corners, where the picture is transparent): pure green there is
// a box drawn around a piece.
func checkPictures(t *testing.T, p *page, url string) (pictureCheck, []string) {
	p.open(url + "/")
	var c pictureCheck
	raw := value(p, chromedp.Evaluate[string](pictureCheckJS, func(e *runtime.EvaluateParams) { yes := true; e.AwaitPromise = &yes }))
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	var bad []string
	if len(c.Wrong) > 0 {
		bad = append(bad, fmt.Sprintf("pieces with a picture drawn otherwise: %v", c.Wrong))
	}
	if len(c.Failed) > 0 {
		bad = append(bad, fmt.Sprintf("pictures failed: %v", c.Failed))
	}
	// A piece in hand is drawn inside its box (Ur's dice pictures are
	// larger than the box: they must be shrunk, not spill over).
	if n := value(p, chromedp.Evaluate[int](`[...document.querySelectorAll('.handitem')].filter(g => {
		const r = g.querySelector('rect').getBBox(), i = g.querySelector('image');
		if (!i) return false;
		const b = i.getBBox();
		return b.width > r.width + 0.5 || b.height > r.height + 0.5;
	}).length`)); n > 0 {
		bad = append(bad, fmt.Sprintf("%d pictures in hand spill over their box", n))
	}
	if len(c.Boxes) > 0 {
		time.Sleep(300 * time.Millisecond) // the pictures decode
		shoot := func() image.Image {
			img, err := png.Decode(bytes.NewReader(value(p, chromedp.CaptureScreenshot())))
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
		// The same screen with the pieces hidden: what lies beneath them.
		with := shoot()
		p.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('#board .pieces').style.visibility = 'hidden'`))
		beneath := shoot()
		p.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('#board .pieces').style.visibility = ''`))
		keyGreen := func(img image.Image, x, y int) bool {
			r, g, bl, _ := img.At(x, y).RGBA()
			return r>>8 < 40 && g>>8 > 220 && bl>>8 < 40
		}
		same := func(x, y int) bool {
			r1, g1, b1, _ := with.At(x, y).RGBA()
			r2, g2, b2, _ := beneath.At(x, y).RGBA()
			d := func(a, b uint32) bool { return a>>8 <= b>>8+6 && b>>8 <= a>>8+6 }
			return d(r1, r2) && d(g1, g2) && d(b1, b2)
		}
		green := 0
		for _, b := range c.Boxes {
			for _, q := range [][2]float64{{b[0] + 1, b[1] + 1}, {b[0] + b[2] - 2, b[1] + 1}, {b[0] + 1, b[1] + b[3] - 2}} {
				x, y := int(q[0]), int(q[1])
				c.Samples++
				if same(x, y) {
					c.Clear++
				}
				// Key green drawn by the piece, not a green board
				// beneath (boards are never keyed: Elementals' squares
				// are green, and so is the pit a utility file of Toguz
				// Kumalak uses as its board).
				if keyGreen(with, x, y) && !keyGreen(beneath, x, y) {
					green++
				}
			}
		}
		c.Green = green
		if green > 0 {
			bad = append(bad, fmt.Sprintf("%d piece corners show the key green", green))
		}
	}
	return c, bad
}

func TestPicturesQuick(t *testing.T) {
	chromiumPath(t)
	runPictureGallery(t, pictureQuick)
}

// galleryTab opens a tab of its own for one game of a gallery, closed
// by the function returned: a tab's context lasts three minutes
// (newBrowser), less than a whole gallery. Chromium must be running.
func galleryTab(t *testing.T, width, height int) (*page, func()) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	ctx, cancel2 := context.WithTimeout(ctx, 3*time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("new tab: %v", err)
	}
	return &page{t, ctx}, func() { cancel2(); cancel() }
}

func runPictureGallery(t *testing.T, files []string) {
	newBrowser(t, 1300, 950) // starts Chromium
	shots := os.Getenv("ZRUN_IMG_SHOTS")
	checked, skipped := 0, 0
	var pieces, pics, failed, samples, clear, green int
	for _, rel := range files {
		s, err := New([]string{corpus(t, rel)})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		_, url := serveServer(t, s)
		if resp, err := http.Get(url + "/api/g/0/state"); err != nil || resp.StatusCode != 200 {
			skipped++
			why := fmt.Sprint(err)
			if resp != nil {
				var b bytes.Buffer
				b.ReadFrom(resp.Body)
				why = resp.Status + " " + strings.TrimSpace(b.String())
				resp.Body.Close()
			}
			t.Logf("%-50s skipped: does not start (%.120s)", rel, why)
			s.Close()
			continue
		}
		p, closeTab := galleryTab(t, 1300, 950)
		c, bad := checkPictures(t, p, url)
		if len(c.Missing) > 0 {
			closeTab()
			skipped++
			t.Logf("%-50s skipped: %d pictures missing", rel, len(c.Missing))
			s.Close()
			continue
		}
		checked++
		pieces, pics, failed, samples, clear, green = pieces+c.Pieces, pics+c.Pic, failed+len(c.Failed), samples+c.Samples, clear+c.Clear, green+c.Green
		if len(bad) > 0 {
			t.Errorf("%s: %s", rel, strings.Join(bad, "; "))
		}
		if c.Pieces > 0 && c.Pic == 0 {
			t.Errorf("%s: no piece drawn from a picture", rel)
		}
		t.Logf("%-50s %d pieces, %d from pictures; corners %d of %d clear", rel, c.Pieces, c.Pic, c.Clear, c.Samples)
		if shots != "" {
			name := strings.NewReplacer("/", "_", " ", "_").Replace(strings.TrimSuffix(rel, ".zrf"))
			p.run(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0,0)`))
			p.screenshot(filepath.Join(shots, name+"-pictures.png"))
			p.run(chromedp.Click(chromedp.CSS(`#use-pics`)))
			p.screenshot(filepath.Join(shots, name+"-plain.png"))
			p.run(chromedp.Click(chromedp.CSS(`#use-pics`)))
		}
		closeTab()
		s.Close()
	}
	t.Logf("%d games checked, %d skipped (missing pictures or not starting); %d pieces, %d from pictures; %d failed image requests; "+
		"%d corner samples: %d show what lies beneath the piece, %d the key green",
		checked, skipped, pieces, pics, failed, samples, clear, green)
}

// completePackages lists the corpus rule files (native ones, not Dagaz's
// or saved games) that MANIFEST-assets.tsv names as users of a picture.
func completePackages(t *testing.T) []string {
	f, err := os.Open(filepath.Join(sharedDir, "zrf-corpus", "MANIFEST-assets.tsv"))
	if err != nil {
		t.Skip("corpus not available")
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 || c[1] != "image" {
			continue
		}
		for _, rf := range strings.Split(c[5], ",") {
			if strings.HasSuffix(strings.ToLower(rf), ".zrf") {
				seen[rf] = true
			}
		}
	}
	var out []string
	for rf := range seen {
		out = append(out, rf)
	}
	sort.Strings(out)
	return out
}
