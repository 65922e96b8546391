// The gallery: the start position of corpus games of every board kind,
// drawn in the browser and checked: every position is visible (a click at
// its centre reaches it), inside the board's area, and not covering
// another position.

package web

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// galleryQuick is the default run's sample: one board of each main kind.
var galleryQuick = []string{
	"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", // 3-D, levels side by side
	"DagazProject+DagazProject.github.io/morris/zrf/3d-morris.zrf",     // a grid a level
	"games/chess.zrf",
	"Shisima/shisima.zrf",                  // points and lines
	"ToguzKumalak/ToguzKumalak.zrf",        // mancala
	"Ur/Ur.zrf",                            // piles of positions stacked 4 px apart
	"GlinskiCheskers/glinski-cheskers.zrf", // hex
	"DagazProject+DagazProject.github.io/checkmate/zrf/dragonfly-hex.zrf", // hex with reserve columns beside it
	"GlukKazan+Dagaz/src/debug/games/shogi-family/hex-kyoto-shogi.zrf",    // hex, reserves packed closer than its cells
	"DobutsuShogi/Dobutsu.zrf", // hands beside the board
}

// galleryAll is the slow gallery (go test -tags slow): 60 files, every
// board kind of the corpus.
var galleryAll = []string{
	// square boards, chess-like
	"games/chess.zrf", "games/schoolbook.zrf", "games/reserve-chess.zrf", "games/capablanca.zrf", "games/musketeer.zrf",
	"GlukKazan+ZoG/Rules/Chess_mandatory.zrf", "edgychess+edgy-chess-com/zillion/Edgy_Chess/Edgy_Chess.zrf",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf", "CubicChess/CubicChess.zrf",
	"FarmersChess/FarmersChess.zrf", "KnightCourt/KnightCourt.zrf", "TransportChess/TransportChess.zrf",
	"fmax:fmax.ini",
	// shogi-like, with hands
	"DobutsuShogi/Dobutsu.zrf", "LittleShogiPack/SimpleShogi.zrf", "ChuShogi/Chu_Shogi_Original_v1.3.zrf",
	"TenjikuShogi/Tenjiku Shogi [No AI].zrf", "YoninShogi/YoninShogi.zrf", "GufuuShogi/GufuuShogi.zrf",
	// xiangqi-like (points on lines)
	"QiguoXiangqi/QiGuo.zrf", "Luzhanqi/Luzhanqi.zrf", "Gwangsanghui/Gwangsanghui.zrf", "ChinesePassiveChess/PassiveChess.zrf",
	// line boards
	"Shisima/shisima.zrf", "Gonu/Gonu.zrf", "GlukKazan+ZoG/Rules/alquerque.zrf", "Bolotoudou/bolotoudou.zrf",
	"Pasang/pasang.zrf", "Makyek/Makyek.zrf", "Puluc/Puluc.zrf",
	// checkers
	"GlukKazan+Dagaz/src/debug/games/checkers/english-checkers.zrf", "CheckersCollection/HuffCheckers.zrf",
	"StavropolCheckers/StavropolCheckers.zrf", "ShafranCheckers/shafran.zrf",
	// mancala
	"Dakon/Dakon.zrf", "ToguzKumalak/ToguzKumalak.zrf", "MancalaKnights/MancalaKnights.zrf",
	// hex and other cell shapes
	"GlinskiCheskers/glinski-cheskers.zrf", "Agon/agon.zrf", "Chase/Chase.zrf", "HiQue/hi-que.zrf", "Anathem/Anathem.zrf",
	// race games and several boards
	"Ur/Ur.zrf", "Daldosa/Daldosa.zrf", "OssetianKena/OssetianKena.zrf",
	// 3-D boards (several levels side by side) and more hex boards
	"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", "DagazProject+DagazProject.github.io/morris/zrf/3d-morris.zrf",
	"DagazProject+DagazProject.github.io/checkmate/zrf/3d-klin-zha.zrf", "DagazProject+DagazProject.github.io/xiangqi/zrf/xiang-hex.zrf",
	"GlukKazan+Dagaz/src/debug/games/shogi-family/hex-kyoto-shogi.zrf", "DagazProject+DagazProject.github.io/checkmate/zrf/dragonfly-hex.zrf",
	// stacks, puzzles and others
	"Focus/Focus.zrf", "Sokoban/levels_01_10.zrf", "Splut/08.Splut.zrf", "Thud/Thud.zrf", "Duel/Duel.zrf",
	"Kamisado/kamisado.zrf", "Mana/Mana.zrf", "Escalation/Escalation.zrf", "Spock/spock.zrf",
}

// galleryPath resolves a gallery entry: "games/..." in the repository,
// "fmax:..." in shared/fmax, else the corpus.
func galleryPath(t *testing.T, rel string) string {
	switch {
	case strings.HasPrefix(rel, "games/"):
		return filepath.Join(gamesDir, strings.TrimPrefix(rel, "games/"))
	case strings.HasPrefix(rel, "fmax:"):
		p := filepath.Join(sharedDir, "fmax", strings.TrimPrefix(rel, "fmax:"))
		if _, err := os.Stat(p); err != nil {
			t.Skipf("reference data %s is absent", p)
		}
		return p
	}
	return corpus(t, rel)
}

// posBox is a drawn position as the browser placed it.
type posBox struct {
	Name       string
	X, Y, W, H float64
	Hit        string // the position a click at its centre reaches
}

const boxesJS = `(() => {
  const out = {svg: [], pos: []};
  for (const e of document.querySelectorAll("#board [data-pos]")) {
    // Page coordinates (scrolled into view to ask what a click there hits).
    e.scrollIntoView({block: "center", inline: "center"});
    const v = e.getBoundingClientRect();
    const h = document.elementFromPoint(v.x + v.width / 2, v.y + v.height / 2);
    const r = {x: v.x + scrollX, y: v.y + scrollY, width: v.width, height: v.height};
    const c = h && h.closest("[data-pos],[data-at]");
    out.pos.push({Name: e.dataset.pos, X: r.x, Y: r.y, W: r.width, H: r.height, Hit: c ? (c.dataset.pos || c.dataset.at) : ""});
  }
  const svg = document.getElementById("board").getBoundingClientRect();
  out.svg = [svg.x + scrollX, svg.y + scrollY, svg.width, svg.height];
  return JSON.stringify(out);
})()`

// checkBoard returns what is wrong with the drawn board (nil: nothing).
func checkBoard(p *page) []string {
	var got struct {
		SVG [4]float64
		Pos []posBox
	}
	if err := json.Unmarshal([]byte(value(p, chromedp.Evaluate[string](boxesJS))), &got); err != nil {
		p.t.Fatal(err)
	}
	var bad []string
	sx, sy, sw, sh := got.SVG[0], got.SVG[1], got.SVG[2], got.SVG[3]
	if len(got.Pos) == 0 {
		return []string{"no positions drawn"}
	}
	for _, b := range got.Pos {
		switch {
		case b.W < 4 || b.H < 4:
			bad = append(bad, fmt.Sprintf("%s is too small to see (%.0fx%.0f px)", b.Name, b.W, b.H))
		case b.X < sx-1 || b.Y < sy-1 || b.X+b.W > sx+sw+1 || b.Y+b.H > sy+sh+1:
			bad = append(bad, fmt.Sprintf("%s lies outside the board's area", b.Name))
		case b.Hit != b.Name:
			bad = append(bad, fmt.Sprintf("%s is hidden under %q", b.Name, b.Hit))
		}
	}
	for i, a := range got.Pos {
		for _, b := range got.Pos[i+1:] {
			ix := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
			iy := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
			if ix > 0 && iy > 0 && ix*iy > 0.25*math.Min(a.W*a.H, b.W*b.H) {
				bad = append(bad, fmt.Sprintf("%s covers %s", a.Name, b.Name))
			}
		}
	}
	return bad
}

// runGallery draws each file's first game and checks it; PNGs go to
// $ZRUN_WEB_GALLERY when set. It returns the problems by file.
func runGallery(t *testing.T, files []string) map[string][]string {
	p := newBrowser(t, 1400, 1000)
	out := os.Getenv("ZRUN_WEB_GALLERY")
	problems := map[string][]string{}
	for _, rel := range files {
		path := galleryPath(t, rel)
		s, err := New([]string{path})
		if err != nil {
			problems[rel] = []string{err.Error()}
			continue
		}
		_, url := serveServer(t, s)
		start := time.Now()
		p.open(url + "/")
		bad := checkBoard(p)
		if len(bad) > 0 {
			problems[rel] = bad
		}
		if out != "" {
			name := strings.NewReplacer("/", "_", " ", "_", ":", "_").Replace(rel) + ".png"
			buf := value(p, chromedp.Screenshot(chromedp.CSS("#board-wrap")))
			if err := os.WriteFile(filepath.Join(out, name), buf, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%-60s %6v  %d problems", rel, time.Since(start).Round(time.Millisecond), len(bad))
		s.Close()
	}
	return problems
}

// galleryKnown lists the boards whose drawing is known to fail a check,
// with the reason; the gallery reports them without failing.
// None is known today: Ur's piles, which were, are spread out
// (docpage's spreadStacks).
var galleryKnown = map[string]string{}

func reportGallery(t *testing.T, problems map[string][]string) {
	for rel, bad := range problems {
		shown := bad
		if len(shown) > 5 {
			shown = append(shown[:5:5], fmt.Sprintf("and %d more", len(bad)-5))
		}
		if why, ok := galleryKnown[rel]; ok {
			t.Logf("%s (known: %s): %s", rel, why, strings.Join(shown, "; "))
			continue
		}
		t.Errorf("%s: %s", rel, strings.Join(shown, "; "))
	}
}

func TestGalleryQuick(t *testing.T) {
	chromiumPath(t)
	reportGallery(t, runGallery(t, galleryQuick))
}
