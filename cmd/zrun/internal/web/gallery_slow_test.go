//go:build slow

package web

import (
	"fmt"
	"os"
	"testing"
)

// TestGallery draws the start position of every board kind of the corpus
// (go test -tags slow -run TestGallery ./cmd/zrun/internal/web;
// ZRUN_WEB_GALLERY=DIR keeps the PNGs).
func TestGallery(t *testing.T) {
	chromiumPath(t)
	reportGallery(t, runGallery(t, galleryAll))
}

// TestPictureGallery opens every corpus game that names pictures; those
// whose package has them all are checked (ZRUN_IMG_SHOTS=DIR keeps
// screenshots with and without the pictures). ZRUN_GALLERY_SHARD=I/N
// checks only the I-th of N shares of the list (I from 1), so that the
// run can be split over several processes or sessions.
func TestPictureGallery(t *testing.T) {
	chromiumPath(t)
	files := completePackages(t)
	if spec := os.Getenv("ZRUN_GALLERY_SHARD"); spec != "" {
		var i, n int
		if _, err := fmt.Sscanf(spec, "%d/%d", &i, &n); err != nil || n < 1 || i < 1 || i > n {
			t.Fatalf("ZRUN_GALLERY_SHARD=%q: want I/N with 1 <= I <= N", spec)
		}
		files = shard(files, i, n)
	}
	runPictureGallery(t, files)
}

// shard is the i-th (from 1) of n nearly equal consecutive shares of files.
func shard(files []string, i, n int) []string {
	return files[len(files)*(i-1)/n : len(files)*i/n]
}

// pictureShowcase are the games whose pictures the closing notes describe
// side by side with the plain drawing: two chess variants among them
// (Cubic Chess, African Chess) ship their own piece pictures.
var pictureShowcase = []string{"Kamisado/kamisado.zrf", "Senet/Senet.zrf", "Ur/Ur.zrf", "Afrika/Afrika.zrf",
	"ToguzKumalak/ToguzKumalak.zrf", "Splut/08.Splut.zrf", "Focus/Focus.zrf", "Chase/Chase.zrf", "Thud/Thud.zrf",
	"CubicChess/CubicChess.zrf", "GlukKazan+ZoG/Rules/AfricanChess.zrf"}

// TestPictureShowcase checks the showcase games as the gallery does;
// with ZRUN_IMG_SHOTS=DIR it saves each with and without its pictures.
func TestPictureShowcase(t *testing.T) {
	chromiumPath(t)
	runPictureGallery(t, pictureShowcase)
}
