// Package boardgeom owns board geometry: where each position of a game is
// drawn and how. Both front ends draw from it: docpage's SVG diagrams and
// pages ("zrun diagram", "zrun doc") and the browser's board ("zrun
// serve", whose state JSON carries a Layout converted by the web package),
// so a board has one shape whichever way it is shown.
//
// New(g, size) places the positions: from the rule file's screen
// rectangles when it gives them (piles of stacked positions spread apart,
// oversized grid squares shrunk to the grid's step), else from its grid,
// else as rows of named cells; a board whose levels share one screen
// rectangle (Raumschach, 3-D Morris) as its levels side by side. It then
// decides how the positions read: as tiled rectangles, as hexagons (when
// their centres lie on a hexagonal lattice, shaded in three colours) or as
// points joined by the board's lines (line games, positions placed one by
// one), and gives the labels (files, ranks, levels), the zones and the
// positions without a place on screen.
//
// The two front ends used to disagree; the drawing kept is the better of
// the two each time: levels side by side, grid squares fitted to the grid's
// step and coloured by grid coordinates, hexagons and points with lines
// came from the browser (the SVG diagrams drew Raumschach as a list, hex
// boards and line boards as overlapping squares); spreading piles and the
// grid labels came from the diagrams, which the browser already shared.
// Two changes came with the move: oversized grid squares are fitted to
// their grid's step before piles are spread (so Chu and Tenjiku Shogi's
// squares and Toguz Kumalak's stores tile their grid instead of being
// taken for one pile and re-gridded), and hexagons are snapped to an exact
// lattice (a file's whole-pixel rectangles put Glinski's neighbours 80 and
// 79.4 units apart, so equal hexagons overlapped one way and gaped the
// other).
//
// The board's pictures are placed by FitPicture: the rule file's screen
// rectangles are in the pictures' pixels, so a board placed by them knows
// where its picture goes.
//
// # Files
//
//	layout.go  the Layout and Cell types, New, and placing positions by
//	           screen rectangles, grid, levels or list; labels, zones, dummies
//	lines.go   whether a board is drawn as points joined by lines, and which
//	           of its links are lines to draw
//	picture.go finding the pictures a rule file names (backslashes, any
//	           case, the rule file's folder then its package's root, never
//	           outside the package) and reading them as Zillions draws them
//	           (pure green transparent in a piece's bitmap)
//	pictureset.go every picture one game names (board, pieces per player
//	           and piece set) in a fixed order, and the missing ones: what
//	           the browser serves by index and the doc pages embed
//	helpers.go which positions are helpers (turn markers' and counters'
//	           squares no visible piece reaches), by running every move
//	           and drop program abstractly from the squares pieces reach
//	rle.go     reading the run-length encoded bitmaps x/image/bmp does not
//	hex.go     recognising hexagonal lattices, shading their cells, fitting
//	           the hexagons into the board's area and their outlines
package boardgeom
