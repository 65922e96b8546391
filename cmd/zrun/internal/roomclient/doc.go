// Package roomclient is a client of zrun serve's shared games (rooms): it
// takes a seat through the seat's link (the token becomes the room's
// cookie, as in a browser), reads the room's state, follows its event
// stream (reconnecting, so no change is missed), and sends moves, offers
// and resignation. "zrun join" plays a seat from the terminal with it
// (package repl's Remote), so a browser and a terminal player meet.
//
// It speaks the JSON API of package web's roomapi.go, with its own types:
// the server's pages and this client are two readers of one API.
//
// # Files
//
//	client.go  Join, the room's state, moves, offers, the rule file
//	events.go  the event stream, reconnected with a back-off
//	clock.go   the server's clock as text ("White 4:58.3 | Black 5:00.0")
package roomclient
