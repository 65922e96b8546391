// This file defines what zrun serve says when it listens beyond this
// machine (--addr 0.0.0.0:PORT): its address at each of the machine's
// network addresses, and the warning that anyone who can reach the port
// can watch; invitations made from a page on this machine get links with
// the network address, which the other players can open.

package web

import (
	"fmt"
	"net"
	"net/netip"
	"sort"
	"strconv"
)

// AllInterfaces reports whether addr (a listener's) is every interface's.
func AllInterfaces(addr net.Addr) bool {
	ap, err := netip.ParseAddrPort(addr.String())
	return err == nil && ap.Addr().IsUnspecified()
}

// LANOrigins are http://IP:PORT for each address of the machine's network
// interfaces that others can reach (not loopback, not IPv6 link-local),
// IPv4 first, for a listener on every interface.
func LANOrigins(addr net.Addr, ifaceAddrs []net.Addr) []string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return nil
	}
	port := strconv.Itoa(int(ap.Port()))
	var ips []netip.Addr
	for _, a := range ifaceAddrs {
		p, err := netip.ParsePrefix(a.String())
		if err != nil {
			continue
		}
		ip := p.Addr().Unmap()
		if ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsMulticast() || ip.IsUnspecified() {
			continue
		}
		if ap.Addr().Is4() && !ip.Is4() { // 0.0.0.0 listens on IPv4 only
			continue
		}
		ips = append(ips, ip)
	}
	sort.SliceStable(ips, func(i, j int) bool { return ips[i].Is4() && !ips[j].Is4() })
	var out []string
	for _, ip := range ips {
		out = append(out, "http://"+net.JoinHostPort(ip.String(), port))
	}
	return out
}

// LANWarning is what the server prints when it listens on every interface.
func LANWarning(port string) string {
	return fmt.Sprintf("zrun: warning: listening on every network interface: anyone who can reach port %s of this machine can open its pages, "+
		"watch any shared game whose link they have, and take the free seats of public games. Seat links are the only keys; "+
		"to serve beyond a trusted network put zrun behind a reverse proxy with TLS (README: Playing over a network).", port)
}

// SetLANOrigin makes the invitations made from a page on this machine
// (localhost) give links at origin ("http://192.168.1.5:8080"), an
// address the other players can open. Call it before serving.
func (s *Server) SetLANOrigin(origin string) { s.lanOrigin.Store(&origin) }

// inviteOrigin is the origin of the links an invitation answers: the LAN
// address for a page opened on this machine by its loopback name, else ""
// (the page's own origin).
func (s *Server) inviteOrigin(host string) string {
	o := s.lanOrigin.Load()
	if o == nil {
		return ""
	}
	h, _ := splitHost(host)
	if ip, err := netip.ParseAddr(h); h == "localhost" || err == nil && ip.IsLoopback() {
		return *o
	}
	return ""
}
