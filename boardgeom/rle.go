// This file reads run-length encoded Windows bitmaps (BI_RLE8 and
// BI_RLE4), which golang.org/x/image/bmp does not: Zillions packages ship
// some (Afrika's and Dakon's boards, Senet's and Ur's pieces).

package boardgeom

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
)

// bmpHeader is what the decoders need of a bitmap's headers.
type bmpHeader struct {
	width, height int // height < 0: rows top to bottom
	bpp           int
	compression   uint32
	pixOffset     int
	palette       []color.NRGBA
}

var errBMP = errors.New("not a Windows bitmap, or a damaged one")

func parseBMPHeader(d []byte) (bmpHeader, error) {
	var h bmpHeader
	if len(d) < 54 || d[0] != 'B' || d[1] != 'M' {
		return h, errBMP
	}
	le := binary.LittleEndian
	h.pixOffset = int(le.Uint32(d[10:]))
	infoSize := int(le.Uint32(d[14:]))
	if infoSize < 40 || 14+infoSize > len(d) {
		return h, errBMP
	}
	h.width = int(int32(le.Uint32(d[18:])))
	h.height = int(int32(le.Uint32(d[22:])))
	h.bpp = int(le.Uint16(d[28:]))
	h.compression = le.Uint32(d[30:])
	if h.bpp <= 8 {
		n := int(le.Uint32(d[46:]))
		if n == 0 || n > 1<<h.bpp {
			n = 1 << h.bpp
		}
		at := 14 + infoSize
		if at+4*n > len(d) {
			return h, errBMP
		}
		for i := 0; i < n; i++ {
			q := d[at+4*i:]
			h.palette = append(h.palette, color.NRGBA{q[2], q[1], q[0], 255})
		}
	}
	return h, nil
}

// decodeRLE decodes BI_RLE8 (compression 1, 8 bits a pixel) and BI_RLE4
// (compression 2, 4 bits): pairs (count, index) repeat a colour; (0, 0)
// ends a row, (0, 1) the picture, (0, 2, dx, dy) skips pixels (left as
// palette colour 0, as Windows leaves them in a fresh bitmap), and (0, n)
// gives n literal pixels, padded to a word.
func decodeRLE(d []byte, h bmpHeader) (*image.NRGBA, error) {
	if h.compression == 1 && h.bpp != 8 || h.compression == 2 && h.bpp != 4 || len(h.palette) == 0 || h.height < 0 {
		return nil, errors.New("unsupported run-length encoded bitmap")
	}
	w, ht := h.width, h.height
	img := image.NewNRGBA(image.Rect(0, 0, w, ht))
	idx := make([]byte, w*ht)
	x, y := 0, 0 // y counts rows from the bottom
	put := func(v byte) {
		if x < w && y < ht {
			idx[y*w+x] = v
		}
		x++
	}
	four := h.compression == 2
	i := h.pixOffset
	if i < 0 || i > len(d) {
		return nil, errBMP
	}
loop:
	for i+1 < len(d) {
		n, v := int(d[i]), d[i+1]
		i += 2
		if n > 0 {
			for k := 0; k < n; k++ {
				if four {
					if k%2 == 0 {
						put(v >> 4)
					} else {
						put(v & 15)
					}
				} else {
					put(v)
				}
			}
			continue
		}
		switch v {
		case 0:
			x, y = 0, y+1
		case 1:
			break loop
		case 2:
			if i+1 >= len(d) {
				break loop
			}
			x, y = x+int(d[i]), y+int(d[i+1])
			i += 2
		default:
			m := int(v)
			nbytes := m
			if four {
				nbytes = (m + 1) / 2
			}
			if i+nbytes > len(d) {
				return nil, errBMP
			}
			for k := 0; k < m; k++ {
				if four {
					b := d[i+k/2]
					if k%2 == 0 {
						put(b >> 4)
					} else {
						put(b & 15)
					}
				} else {
					put(d[i+k])
				}
			}
			i += nbytes + nbytes%2
		}
		if y >= ht {
			break
		}
	}
	for yy := 0; yy < ht; yy++ {
		for xx := 0; xx < w; xx++ {
			c := color.NRGBA{0, 0, 0, 255}
			if v := int(idx[yy*w+xx]); v < len(h.palette) {
				c = h.palette[v]
			}
			img.SetNRGBA(xx, ht-1-yy, c)
		}
	}
	return img, nil
}
