// This file defines the Client: a seat (or a spectator's place) in one
// shared game of a zrun server, reached through the link its host gave.

package roomclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Client is one seat's (or a spectator's) connection to a room. Its
// methods are safe for concurrent use (net/http's client and cookie jar
// are).
type Client struct {
	base *url.URL // the server: scheme and host
	id   string   // the room's ID
	hc   *http.Client
}

// Seat is a seat as the room shows it.
type Seat struct {
	Name      string `json:"name"`
	Engine    bool   `json:"engine"`
	Random    bool   `json:"random"`
	Taken     bool   `json:"taken"`
	Open      bool   `json:"open"`
	Connected bool   `json:"connected"`
}

// Clock is the server's clock as of the state's answer.
type Clock struct {
	Mode    string  `json:"mode"`
	BaseMs  int64   `json:"baseMs"`
	ExtraMs int64   `json:"extraMs"`
	Left    []int64 `json:"left"`
	Delay   int64   `json:"delay"`
	Running bool    `json:"running"`
	Mover   int     `json:"mover"`
}

// Offer is a proposal waiting for answers.
type Offer struct {
	Kind     string `json:"kind"`
	From     int    `json:"from"`
	FromName string `json:"fromName"`
}

// Room is the room's part of the state.
type Room struct {
	ID          string `json:"id"`
	Seq         int    `json:"seq"`
	You         int    `json:"you"` // -1: watching
	Seats       []Seat `json:"seats"`
	ToMove      int    `json:"toMove"`
	Turn        string `json:"turn"`
	Spectators  int    `json:"spectators"`
	Clock       *Clock `json:"clock"`
	Paused      bool   `json:"paused"`
	Over        bool   `json:"over"`
	Result      string `json:"result"`
	Offer       *Offer `json:"offer"`
	Note        string `json:"note"`
	Thinking    bool   `json:"thinking"`
	Rules       string `json:"rules"`
	RulesSHA256 string `json:"rulesSHA256"`
	Variant     string `json:"variant"`
	Setup       string `json:"setup"`
}

// Move is a move played, as the server writes it.
type Move struct {
	Player string `json:"player"`
	SAN    string `json:"san"`
	Zil    string `json:"zil"`
	Coord  string `json:"coord"`
}

// State is what the server answers: the moves played and the room. At is
// when it arrived (the clock's times are as of then).
type State struct {
	History []Move `json:"history"`
	Room    Room   `json:"room"`
	At      time.Time
}

// Coords are the moves played, in coordinate text.
func (s *State) Coords() []string {
	out := make([]string, len(s.History))
	for i, m := range s.History {
		out[i] = m.Coord
	}
	return out
}

// YourTurn reports whether the client's seat may move now.
func (s *State) YourTurn() bool {
	r := &s.Room
	return r.You >= 0 && !r.Over && !r.Paused && r.ToMove == r.You && r.You < len(r.Seats) && !r.Seats[r.You].Engine
}

// Error is the server's refusal of a request.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return e.Message }

var roomPath = regexp.MustCompile(`^/r/([0-9a-f]{32})/(join)?$`)

// Join opens the room of link: a seat's link (http://HOST/r/ID/join?t=...)
// takes the seat; the spectators' link (http://HOST/r/ID/) watches.
func Join(link string) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil {
		return nil, fmt.Errorf("link %q: %v", link, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("link %q: want the http:// or https:// link the game's host gave (a seat's, or the spectators')", link)
	}
	m := roomPath.FindStringSubmatch(u.Path)
	if m == nil {
		return nil, fmt.Errorf("link %q is not a shared game's link (want …/r/ID/join?t=TOKEN or …/r/ID/)", link)
	}
	jar, _ := cookiejar.New(nil)
	c := &Client{base: &url.URL{Scheme: u.Scheme, Host: u.Host}, id: m[1], hc: &http.Client{
		Jar: jar,
		// The seat link answers with a cookie and a redirect to the
		// room's page, which a terminal does not need.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
	if m[2] == "join" {
		resp, err := c.hc.Get(u.String())
		if err != nil {
			return nil, unreachable(u.Host, err)
		}
		if err := answer(resp, nil); err != nil {
			return nil, fmt.Errorf("taking the seat: %w", err)
		}
	}
	return c, nil
}

// SetServer points the client at the same room on another address (a
// server restarted elsewhere); the seat's cookie goes along.
func (c *Client) SetServer(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	old := c.base
	c.base = &url.URL{Scheme: u.Scheme, Host: u.Host}
	if jar := c.hc.Jar; jar != nil {
		path := &url.URL{Scheme: old.Scheme, Host: old.Host, Path: "/api/r/" + c.id + "/"}
		jar.SetCookies(&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/api/r/" + c.id + "/"}, jar.Cookies(path))
	}
	return nil
}

// unreachable words a request that found no server.
func unreachable(host string, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return fmt.Errorf("cannot reach the server at %s (is zrun serve running there, and the link right?): %v", host, err)
}

// ID is the room's ID.
func (c *Client) ID() string { return c.id }

// URL is the address of path under the server.
func (c *Client) URL(path string) string { return c.base.String() + path }

// api is the address of the room's API endpoint name.
func (c *Client) api(name string) string { return c.URL("/api/r/" + c.id + "/" + name) }

// answer reads a response: a JSON body into v (when not nil), an error
// status as an *Error with the server's message.
func answer(resp *http.Response, v any) error {
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		var e struct{ Error string }
		if json.Unmarshal(body, &e) != nil || e.Error == "" {
			e.Error = strings.TrimSpace(string(body))
			if len(e.Error) > 200 {
				e.Error = e.Error[:200]
			}
		}
		return &Error{resp.StatusCode, fmt.Sprintf("%s (HTTP %d)", e.Error, resp.StatusCode)}
	}
	if v == nil {
		return nil
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("the server's answer: %v", err)
	}
	return nil
}

// State fetches the room's state.
func (c *Client) State() (*State, error) {
	resp, err := c.hc.Get(c.api("state"))
	if err != nil {
		return nil, unreachable(c.base.Host, err)
	}
	var st State
	if err := answer(resp, &st); err != nil {
		return nil, err
	}
	st.At = time.Now()
	return &st, nil
}

// post sends a JSON request and returns the state the server answers.
func (c *Client) post(name string, req any) (*State, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Post(c.api(name), "application/json", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	var st State
	if err := answer(resp, &st); err != nil {
		return nil, err
	}
	st.At = time.Now()
	return &st, nil
}

// Move plays the seat's move, given as text the server matches (a
// coordinate move is unambiguous).
func (c *Client) Move(text string) (*State, error) {
	return c.post("move", map[string]string{"text": text})
}

// Offer proposes kind: draw, takeback, pause or resume.
func (c *Client) Offer(kind string) (*State, error) {
	return c.post("offer", map[string]string{"kind": kind})
}

// Answer accepts (or declines) the offer waiting.
func (c *Client) Answer(accept bool) (*State, error) {
	return c.post("offer", map[string]bool{"accept": accept, "decline": !accept})
}

// Resign gives up the game.
func (c *Client) Resign() (*State, error) { return c.post("resign", struct{}{}) }

// Leave gives up the seat (its link takes it again).
func (c *Client) Leave() (*State, error) { return c.post("leave", struct{}{}) }

// Rules downloads the room's rule file: its text and its file name.
func (c *Client) Rules() (text []byte, name string, err error) {
	resp, err := c.hc.Get(c.api("rules"))
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", answer(resp, nil)
	}
	text, err = io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, "", err
	}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		name = filepath.Base(filepath.Clean("/" + params["filename"]))
	}
	if name == "" || name == "/" || name == "." {
		name = "rules.zrf"
	}
	return text, name, nil
}
