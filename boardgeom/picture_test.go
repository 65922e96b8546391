// This file tests finding the pictures a rule file names and reading them
// as Zillions draws them.

package boardgeom

import (
	"bytes"
	"errors"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

const corpus = "../../shared/zrf-corpus"

func writeFile(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolve(t *testing.T) {
	tmp := t.TempDir()
	// A Zillions install: Rules/ and Images/ side by side; a package with
	// everything in its own folder; a secret beside them.
	writeFile(t, filepath.Join(tmp, "zog", "Rules", "g.zrf"))
	writeFile(t, filepath.Join(tmp, "zog", "Rules", "Local.BMP"))
	writeFile(t, filepath.Join(tmp, "zog", "Images", "Chess", "WKing.bmp"))
	writeFile(t, filepath.Join(tmp, "pkg", "p.zrf"))
	writeFile(t, filepath.Join(tmp, "pkg", "images", "board.bmp"))
	writeFile(t, filepath.Join(tmp, "secret.bmp"))
	if err := os.Symlink(filepath.Join(tmp, "secret.bmp"), filepath.Join(tmp, "pkg", "images", "link.bmp")); err != nil {
		t.Fatal(err)
	}
	zog, pkg := filepath.Join(tmp, "zog", "Rules", "g.zrf"), filepath.Join(tmp, "pkg", "p.zrf")
	tests := []struct {
		rule, name, want string // want "" with err
		err              error
	}{
		{zog, `Images\Chess\WKing.bmp`, "zog/Images/Chess/WKing.bmp", nil},    // package root, backslashes
		{zog, `images\chess\wking.BMP`, "zog/Images/Chess/WKing.bmp", nil},    // any case
		{zog, `local.bmp`, "zog/Rules/Local.BMP", nil},                        // the rule file's folder first
		{zog, `..\Images\Chess\WKing.bmp`, "zog/Images/Chess/WKing.bmp", nil}, // climbing within the package
		{zog, `.\Local.BMP`, "zog/Rules/Local.BMP", nil},                      // a dot
		{zog, `..\..\secret.bmp`, "", ErrOutside},                             // out of the package
		{zog, `Images\..\..\..\secret.bmp`, "", ErrOutside},                   // out, after a detour
		{zog, `/etc/passwd`, "", ErrOutside},                                  // absolute
		{zog, `C:\Zillions\Images\x.bmp`, "", ErrOutside},                     // a drive
		{zog, `Images\Chess\none.bmp`, "", os.ErrNotExist},                    // missing
		{zog, `Images\Chess`, "", os.ErrNotExist},                             // a folder is no picture
		{pkg, `Images\Board.bmp`, "pkg/images/board.bmp", nil},                // own folder is the root
		{pkg, `..\zog\Images\Chess\WKing.bmp`, "", ErrOutside},                // no Images beside: no climbing
		{pkg, `images\link.bmp`, "", ErrOutside},                              // a link leading out
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := NewResolver(tc.rule).Resolve(tc.name)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("Resolve(%q) = %q, %v; want error %v", tc.name, got, err, tc.err)
				}
				return
			}
			if err != nil || got != filepath.Join(tmp, tc.want) {
				t.Fatalf("Resolve(%q) = %q, %v; want %q", tc.name, got, err, filepath.Join(tmp, tc.want))
			}
		})
	}
}

// TestTransparency checks the keying against corner colours read from real
// corpus bitmaps with ImageMagick ("convert F -format %[pixel:p{X,Y}]"):
// Kamisado's bb.bmp has srgb(0,255,0) at (0,0) and srgb(0,54,87) at
// (20,20); Yonin Shogi's SGold.bmp srgb(0,255,0) at (0,0) but
// srgb(111,111,111) at (0,34), its bottom-left corner; Elementals' board
// has srgb(0,255,0) at (380,320), one of its green squares.
func TestTransparency(t *testing.T) {
	tests := []struct {
		file  string
		piece bool
		x, y  int
		want  color.NRGBA
	}{
		{"Kamisado/Images/Kamisado/bb.bmp", true, 0, 0, color.NRGBA{}},
		{"Kamisado/Images/Kamisado/bb.bmp", true, 20, 20, color.NRGBA{0, 54, 87, 255}},
		{"GlukKazan+ZoG/Images/YoninShogi/Chess/SGold.bmp", true, 0, 0, color.NRGBA{}},
		{"GlukKazan+ZoG/Images/YoninShogi/Chess/SGold.bmp", true, 0, 34, color.NRGBA{111, 111, 111, 255}},
		{"Elementals/Images/Elementals/board.bmp", false, 380, 320, color.NRGBA{0, 255, 0, 255}},
	}
	for _, tc := range tests {
		path := filepath.Join(corpus, tc.file)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("corpus not available: %v", err)
		}
		img, err := ReadPicture(path, tc.piece)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.NRGBAAt(tc.x, tc.y); got != tc.want {
			t.Errorf("%s (%d,%d) = %v, want %v", tc.file, tc.x, tc.y, got, tc.want)
		}
	}
}

// TestDecodeMatchesImageMagick decodes bitmaps of every kind the corpus
// ships (run-length encoded 8-bit boards and pieces, 8-bit and 24-bit
// plain ones) and compares every pixel with ImageMagick's reading.
func TestDecodeMatchesImageMagick(t *testing.T) {
	if _, err := exec.LookPath("convert"); err != nil {
		t.Skip("ImageMagick's convert is not installed")
	}
	for _, f := range []string{
		"Afrika/Images/Afrika/2x8.bmp",             // RLE8 board
		"Senet/Images/Senet/b.bmp",                 // RLE8 piece
		"Ur/Images/Ur/binit.bmp",                   // RLE8
		"KnightCourt/Images/KnightCourt/board.bmp", // RLE8 with skips?
		"Kamisado/Images/Kamisado/bb.bmp",          // 8-bit
		"Elementals/Images/Elementals/board.bmp",
		"Splut/Images/splut/board.bmp",
	} {
		path := filepath.Join(corpus, f)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Skipf("corpus not available: %v", err)
		}
		img, err := DecodeBMP(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		out, err := exec.Command("convert", path, "-depth", "8", "rgb:-").Output()
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if len(out) != 3*b.Dx()*b.Dy() {
			t.Errorf("%s: ImageMagick gives %d bytes, we %dx%d pixels", f, len(out), b.Dx(), b.Dy())
			continue
		}
		var ours bytes.Buffer
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				c := img.NRGBAAt(x, y)
				ours.Write([]byte{c.R, c.G, c.B})
			}
		}
		if !bytes.Equal(ours.Bytes(), out) {
			diff := 0
			for i := range out {
				if out[i] != ours.Bytes()[i] {
					diff++
				}
			}
			t.Errorf("%s: %d of %d bytes differ from ImageMagick's", f, diff, len(out))
		}
	}
}

func TestDecodeRefusesHugeHeader(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus, "Kamisado/Images/Kamisado/bb.bmp"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	data = bytes.Clone(data)
	data[18], data[19], data[20] = 0xff, 0xff, 0x7f // width 8 million
	if _, err := DecodeBMP(data); err == nil {
		t.Fatal("a bitmap claiming 8 million columns was decoded")
	}
}
