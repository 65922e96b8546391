//go:build slow

package web

import "testing"

// TestGallery draws the start position of every board kind of the corpus
// (go test -tags slow -run TestGallery ./cmd/zrun/internal/web;
// ZRUN_WEB_GALLERY=DIR keeps the PNGs).
func TestGallery(t *testing.T) {
	chromiumPath(t)
	reportGallery(t, runGallery(t, galleryAll))
}

// TestPictureGallery opens every corpus game that names pictures; those
// whose package has them all are checked (ZRUN_IMG_SHOTS=DIR keeps
// screenshots with and without the pictures).
func TestPictureGallery(t *testing.T) {
	chromiumPath(t)
	runPictureGallery(t, completePackages(t))
}
