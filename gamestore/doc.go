// Package gamestore keeps the shared games of "zrun serve" (rooms: seats,
// spectators, clocks) in an embedded database, so a restarted server
// resumes them, and defines their chess clocks.
//
// The database is go.etcd.io/bbolt: one file, pure Go (no cgo, nothing to
// install or set up), ACID transactions, and a key/value model that fits
// what is stored: one JSON record per game, read and written whole, keyed by
// the game's ID. modernc.org/sqlite would also need no set-up, but it is a
// machine-translated C library many times bbolt's size, and no query here
// needs SQL. bbolt locks its file, so two servers cannot share a data
// folder by mistake (the second is told so, after a short wait).
//
// A record names its rule file by the path shown to pages (relative to
// what is served) and the SHA-256 of the file's text, the variant, the
// setup ("start" or a FEN), the moves in coordinate text with the clocks
// after each, the seats (their tokens hashed: the database never holds a
// token that opens a seat) and the result.
//
// # Files
//
//	store.go  the records and the Store: bbolt on disk, or in memory
//	clock.go  the clocks: Fischer increment, Bronstein and simple delay
//	          (FIDE's definitions), fixed time per move; pause and resume
package gamestore
