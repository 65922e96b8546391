// This file finds and reads the pictures a rule file names: the board's
// and the pieces' bitmaps, resolved as Zillions resolves them and made
// transparent where Zillions draws them so.

package boardgeom

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/bmp"
)

// Transparent is the colour Zillions does not draw in a piece's bitmap:
// pure green. Of the 5,951 bitmaps the corpus packages ship, 4,943 have it
// in all four corners; Yonin and Gufuu Shogi's pentagons have it in the
// top corners for one player's pieces and the bottom ones for the other's
// (so neither "the top-left pixel" nor "the bottom-left pixel" is the
// rule), and the two "pass" buttons have 0x00FE00 in one corner beside
// 0x00FF00 in the others (so a near green is drawn). Board pictures are
// drawn whole: Elementals' board has pure green squares of its own.
var Transparent = color.NRGBA{0, 255, 0, 255}

// Limits on what a picture may cost: a rule file is input from anyone, and
// a bitmap's header can claim any size.
const (
	MaxPictureBytes  = 32 << 20
	MaxPicturePixels = 4096 * 4096
)

// PackageRoot is the folder a rule file's pictures may come from: the
// folder above the rule file's when that holds an Images folder (a
// Zillions install or package: Rules/ and Images/ side by side), else the
// rule file's own folder.
func PackageRoot(ruleFile string) string {
	dir := filepath.Dir(ruleFile)
	parent := filepath.Dir(dir)
	if parent == dir {
		return dir
	}
	if ents, err := os.ReadDir(parent); err == nil {
		for _, e := range ents {
			if e.IsDir() && strings.EqualFold(e.Name(), "images") {
				return parent
			}
		}
	}
	return dir
}

// Resolver finds pictures named by one rule file, remembering the folders
// it has listed (a shogi variant names hundreds of pictures in a few
// folders).
type Resolver struct {
	dir, root string
	lists     map[string][]os.DirEntry
}

// NewResolver returns a resolver for the pictures of ruleFile.
func NewResolver(ruleFile string) *Resolver {
	abs, err := filepath.Abs(ruleFile)
	if err != nil {
		abs = ruleFile
	}
	return &Resolver{dir: filepath.Dir(abs), root: PackageRoot(abs), lists: map[string][]os.DirEntry{}}
}

// ErrOutside refuses a name that leads out of the rule file's package.
var ErrOutside = errors.New("the picture's name leads outside the rule file's package")

// Resolve finds the file a rule file's picture name means, as Zillions
// does: backslashes are separators, names match in any case, and the name
// is looked up relative to the rule file's folder, then to the package
// root. A name that is absolute or climbs out of the package is refused
// (the server reads these files for anyone).
func (r *Resolver) Resolve(name string) (string, error) {
	n := strings.ReplaceAll(strings.TrimSpace(name), `\`, "/")
	if n == "" || strings.HasPrefix(n, "/") || len(n) >= 2 && n[1] == ':' {
		return "", fmt.Errorf("%q: %w", name, ErrOutside)
	}
	var parts []string
	for _, p := range strings.Split(n, "/") {
		switch p {
		case "", ".":
		case "..":
			parts = append(parts, p)
		default:
			parts = append(parts, p)
		}
	}
	bases := []string{r.dir}
	if r.root != r.dir {
		bases = append(bases, r.root)
	}
	outside := false
	for _, base := range bases {
		p, ok, out := r.lookup(base, parts)
		outside = outside || out
		if ok {
			return p, nil
		}
	}
	if outside {
		return "", fmt.Errorf("%q: %w", name, ErrOutside)
	}
	return "", fmt.Errorf("%q: %w", name, os.ErrNotExist)
}

// lookup walks parts from base, each part matching its exact name first,
// then any name equal to it but for case. out: a ".." left the package.
func (r *Resolver) lookup(base string, parts []string) (path string, ok, out bool) {
	cur := base
	for i, p := range parts {
		if p == ".." {
			cur = filepath.Dir(cur)
			if !within(cur, r.root) {
				return "", false, true
			}
			continue
		}
		ents, err := r.list(cur)
		if err != nil {
			return "", false, false
		}
		found := ""
		for _, e := range ents {
			if e.Name() == p {
				found = p
				break
			}
		}
		if found == "" {
			for _, e := range ents {
				if strings.EqualFold(e.Name(), p) {
					found = e.Name()
					break
				}
			}
		}
		if found == "" {
			return "", false, false
		}
		cur = filepath.Join(cur, found)
		if i < len(parts)-1 {
			continue
		}
	}
	// A symbolic link may point anywhere: the file it names must still be
	// in the package.
	real, err := filepath.EvalSymlinks(cur)
	rootReal, err2 := filepath.EvalSymlinks(r.root)
	if err != nil || err2 != nil || !within(real, rootReal) {
		return "", false, err == nil && err2 == nil
	}
	if st, err := os.Stat(real); err != nil || !st.Mode().IsRegular() {
		return "", false, false
	}
	return cur, true, false
}

func (r *Resolver) list(dir string) ([]os.DirEntry, error) {
	if l, ok := r.lists[dir]; ok {
		return l, nil
	}
	l, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	r.lists[dir] = l
	return l, nil
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// ReadPicture reads a bitmap (BMP, any bit depth, RLE-compressed or not)
// as Zillions draws it: a piece's pure green pixels become transparent; a
// board's picture stays whole.
func ReadPicture(path string, piece bool) (*image.NRGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxPictureBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxPictureBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", filepath.Base(path), MaxPictureBytes)
	}
	img, err := DecodeBMP(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	if piece {
		KeyOut(img, Transparent)
	}
	return img, nil
}

// KeyOut makes every pixel of colour key fully transparent.
func KeyOut(img *image.NRGBA, key color.NRGBA) {
	px := img.Pix
	for i := 0; i+3 < len(px); i += 4 {
		if px[i] == key.R && px[i+1] == key.G && px[i+2] == key.B {
			px[i], px[i+1], px[i+2], px[i+3] = 0, 0, 0, 0
		}
	}
}

// DecodeBMP decodes a Windows bitmap. golang.org/x/image/bmp reads the
// uncompressed ones; Zillions packages also ship 8-bit run-length encoded
// boards (Afrika's, Dakon's, Senet's pieces), which rle.go reads.
func DecodeBMP(data []byte) (*image.NRGBA, error) {
	h, err := parseBMPHeader(data)
	if err != nil {
		return nil, err
	}
	if h.width <= 0 || h.height == 0 || int64(h.width)*int64(abs(h.height)) > MaxPicturePixels {
		return nil, fmt.Errorf("bitmap of %dx%d pixels refused (at most %d pixels)", h.width, abs(h.height), MaxPicturePixels)
	}
	if h.compression == 1 || h.compression == 2 {
		return decodeRLE(data, h)
	}
	img, err := bmp.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	// BMP's fourth byte is unused by the bitmaps of this era (often 0):
	// every pixel is opaque until keyed out, so the colours are read
	// without their alpha.
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			var c color.NRGBA
			switch m := img.(type) {
			case *image.NRGBA:
				c = m.NRGBAAt(b.Min.X+x, b.Min.Y+y)
			case *image.RGBA:
				rc := m.RGBAAt(b.Min.X+x, b.Min.Y+y)
				c = color.NRGBA{rc.R, rc.G, rc.B, 255}
			default:
				r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				c = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
			}
			c.A = 255
			out.SetNRGBA(x, y, c)
		}
	}
	return out, nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// PictureSize reads a bitmap's width and height from its header alone.
func PictureSize(path string) (w, h int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	head := make([]byte, 54)
	if _, err := io.ReadFull(f, head); err != nil {
		return 0, 0, errBMP
	}
	le := func(b []byte) int {
		return int(int32(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24))
	}
	if head[0] != 'B' || head[1] != 'M' {
		return 0, 0, errBMP
	}
	return le(head[18:]), abs(le(head[22:])), nil
}
