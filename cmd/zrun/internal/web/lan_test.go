package web

import (
	"encoding/json"
	"net"
	"net/http"
	"reflect"
	"testing"
	"time"

	"zrun/gamestore"
)

func ifaceAddrs(cidrs ...string) []net.Addr {
	var out []net.Addr
	for _, c := range cidrs {
		ip, n, err := net.ParseCIDR(c)
		if err != nil {
			panic(err)
		}
		n.IP = ip
		out = append(out, n)
	}
	return out
}

func TestLANOrigins(t *testing.T) {
	ifs := ifaceAddrs("127.0.0.1/8", "::1/128", "fd00::2/64", "192.0.2.2/24", "fe80::1/64", "198.51.100.7/24")
	for _, tc := range []struct {
		listen string
		want   []string
	}{
		{"[::]:8080", []string{"http://192.0.2.2:8080", "http://198.51.100.7:8080", "http://[fd00::2]:8080"}},
		{"0.0.0.0:9000", []string{"http://192.0.2.2:9000", "http://198.51.100.7:9000"}},
	} {
		addr, _ := net.ResolveTCPAddr("tcp", tc.listen)
		if !AllInterfaces(addr) {
			t.Errorf("%s: not all interfaces", tc.listen)
		}
		if got := LANOrigins(addr, ifs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.listen, got, tc.want)
		}
	}
	if lo, _ := net.ResolveTCPAddr("tcp", "127.0.0.1:8080"); AllInterfaces(lo) {
		t.Error("127.0.0.1 taken for all interfaces")
	}
}

// An invitation made from a page on this machine (localhost) of a server
// on the network gives links at the network address.
func TestInviteLANOrigin(t *testing.T) {
	s, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	s.SetLANOrigin("http://192.0.2.2:8080")
	host := browser(t, url)
	code, body := host.do("POST", "/api/g/0/invite", `{}`, "Content-Type", "application/json")
	var inv inviteJSON
	if code != http.StatusCreated || json.Unmarshal([]byte(body), &inv) != nil || inv.Origin != "http://192.0.2.2:8080" {
		t.Errorf("invite: %d %s, want the network origin", code, body)
	}
	if o := s.inviteOrigin("192.0.2.2:8080"); o != "" {
		t.Errorf("a page opened at the network address is told %q", o)
	}
}
