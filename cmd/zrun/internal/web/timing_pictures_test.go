// This file times the largest boards drawn with their author's pictures:
// Ko Shogi (19x19, 180 pieces, the largest image board of the corpus) and
// Tenjiku Shogi (16x16, 156 pieces). The page must be interactive within
// 1 s and a click must show the move within 100 ms (no engine), with the
// pictures on, from a fresh server whose PNG cache is empty. It runs with
// -web.strict, on a quiet machine (the default run keeps Tenjiku's check,
// TestTenjikuUsable, with its pictures on):
//
//	go test ./cmd/zrun/internal/web -run LargestPicture -v -args -web.strict

package web

import (
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pickMoveJS names a plain move of the position (from and to, one legal
// move between them: no promotion choice), "" when there is none.
const pickMoveJS = `(() => {
  const st = window.zrunState(), name = {};
  for (const c of st.layout.cells) name[c.p] = c.n;
  const key = (m) => m.f + ">" + m.t, count = {};
  for (const m of st.legal) count[key(m)] = (count[key(m)] || 0) + 1;
  const m = st.legal.find((m) => !m.d && !m.pass && !m.cont && m.f >= 0 && m.f !== m.t && count[key(m)] === 1 && name[m.f] && name[m.t]);
  return m ? name[m.f] + " " + name[m.t] : "";
})()`

func TestLargestPictureBoardsTiming(t *testing.T) {
	if !*strictTiming {
		t.Skip("timing on a quiet machine: -args -web.strict")
	}
	chromiumPath(t)
	for _, tc := range []struct{ name, rel string }{
		{"Ko Shogi", "KoShogi/KoShogi.zrf"},
		{"Tenjiku Shogi", "TenjikuShogi/Tenjiku Shogi [No AI].zrf"},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", ""), func(t *testing.T) {
			_, url := serve(t, corpus(t, tc.rel))
			p := newBrowser(t, 1280, 900)
			ready := p.open(url + "/")
			pieces := value(p, chromedp.Evaluate[int](`document.querySelectorAll('#board .pieces [data-at]').length`))
			pics := value(p, chromedp.Evaluate[int](`document.querySelectorAll('#board .pieces [data-pic]').length`))
			board := value(p, chromedp.Evaluate[int](`document.querySelectorAll('#board image.boardpic, #board .boardpic').length`))
			t.Logf("%s: interactive after %v with pictures on; %d pieces, %d drawn from pictures; board pictures %d",
				tc.name, ready, pieces, pics, board)
			if pics == 0 || pics != pieces {
				t.Fatalf("%d of %d pieces drawn from pictures: the pictures are not on", pics, pieces)
			}
			withinBudget(t, tc.name+" interactive (pictures on)", float64(ready.Milliseconds()), 1000, "ms")
			var times []float64
			for len(times) < 3 {
				mv := value(p, chromedp.Evaluate[string](pickMoveJS))
				if mv == "" {
					// A turn of the order with nothing to do (Tenjiku's
					// burning turn): pass it.
					g := p.gen()
					p.run(chromedp.Click(chromedp.CSS(`#pass`)))
					p.waitGen(g)
					continue
				}
				from, to, _ := strings.Cut(mv, " ")
				p.move(from, to)
				ms := value(p, chromedp.Evaluate[float64](`window.zrunTimes.lastMoveMs`))
				t.Logf("%s-%s shown %.1f ms after the click (server %.1f ms, drawing %.1f ms)", from, to, ms,
					value(p, chromedp.Evaluate[float64](`window.zrunTimes.lastFetchMs`)), value(p, chromedp.Evaluate[float64](`window.zrunTimes.lastRenderMs`)))
				times = append(times, ms)
			}
			if n := value(p, chromedp.Evaluate[int](`document.querySelectorAll('#board .pieces [data-pic]').length`)); n == 0 {
				t.Errorf("after the moves no piece is drawn from its picture")
			}
			sort.Float64s(times)
			withinBudget(t, tc.name+" click to move shown, median (pictures on)", times[1], 100, "ms")
		})
	}
}
