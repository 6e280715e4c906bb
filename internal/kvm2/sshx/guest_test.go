package sshx

import (
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// guestListener is a guest's TCP port on 127.0.0.1: it records, for each connection, the bytes
// it received before the peer closed, and answers each with reply (nothing when empty).
type guestListener struct {
	ap       netip.AddrPort
	received chan string
}

func listenGuest(t *testing.T, reply string) *guestListener {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	g := &guestListener{ap: l.Addr().(*net.TCPAddr).AddrPort(), received: make(chan string, 16)}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				if reply != "" {
					buf := make([]byte, 64)
					n, _ := c.Read(buf)
					_, _ = c.Write([]byte(reply))
					g.received <- string(buf[:n])
					return
				}
				b, _ := io.ReadAll(c)
				g.received <- string(b)
			}()
		}
	}()
	return g
}

// closedPort is a port of 127.0.0.1 nothing listens on.
func closedPort(t *testing.T) netip.AddrPort {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ap := l.Addr().(*net.TCPAddr).AddrPort()
	_ = l.Close()
	return ap
}

func guestReach(t *testing.T, f *fixture) GuestReach {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, closer, err := DialLibvirt(ctx, "lab", f.cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(); _ = closer.Close() })
	g, ok := closer.(GuestReach)
	if !ok {
		t.Fatalf("the closer of DialLibvirt (%T) cannot reach guests", closer)
	}
	return g
}

// TestProbeTCP: a connect to a guest's port from the host, over a direct-tcpip channel where
// sshd forwards and by nc -z where it refuses, tells an open port (nothing is sent to it: the
// guest reads end-of-stream at once) from a closed one, and a host without nc from both.
func TestProbeTCP(t *testing.T) {
	tests := []struct {
		name      string
		forward   bool // sshd permits the direct-tcpip channel
		nc        bool
		open      bool
		want      Transport
		wantErr   error
		wantWords string
	}{
		{name: "forwarding, open", forward: true, open: true, want: TransportDirectTCPIP},
		{name: "forwarding, closed", forward: true, want: TransportDirectTCPIP, wantErr: ErrPortClosed, wantWords: "sshd could not connect"},
		{name: "forwarding refused, nc, open", nc: true, open: true, want: TransportExecConnect},
		{name: "forwarding refused, nc, closed", nc: true, want: TransportExecConnect, wantErr: ErrPortClosed, wantWords: "Connection refused"},
		{name: "forwarding refused, no nc", open: true, want: TransportExecConnect, wantErr: ErrNoConnectHelper},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			ap := closedPort(t)
			var g *guestListener
			if tt.open {
				g = listenGuest(t, "")
				ap = g.ap
			}
			if tt.forward {
				f.srv.permit(ap.String())
			}
			f.srv.install("nc", tt.nc)
			reach := guestReach(t, f)
			for range 2 { // the second try goes the way the first found
				via, err := reach.ProbeTCP(context.Background(), ap, 3*time.Second)
				if via != tt.want || !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) ||
					!strings.Contains(errText(err), tt.wantWords) {
					t.Fatalf("ProbeTCP = %s, %v; want %s, %v (%q)", via, err, tt.want, tt.wantErr, tt.wantWords)
				}
				if g != nil && err == nil {
					select {
					case got := <-g.received:
						if got != "" {
							t.Fatalf("the probe sent %q to the port; it must only connect", got)
						}
					case <-time.After(5 * time.Second):
						t.Fatal("the guest's port saw no connection end")
					}
				}
			}
			forwards, _, _ := f.srv.jumpCounts()
			if !tt.forward && len(forwards) != 1 {
				t.Fatalf("direct-tcpip asked %d times; a refusal is remembered for the connection", len(forwards))
			}
		})
	}
}

// TestDialTCP: a stream to a guest's port carries what is written and answered, both ways; the
// exec way's stream to a closed port ends with the port's error, not as an empty answer.
func TestDialTCP(t *testing.T) {
	for _, forward := range []bool{true, false} {
		f := newFixture(t)
		g := listenGuest(t, "pong")
		closed := closedPort(t)
		if forward {
			f.srv.permit(g.ap.String())
			f.srv.permit(closed.String())
		}
		f.srv.install("nc", true)
		reach := guestReach(t, f)
		conn, via, err := reach.DialTCP(context.Background(), g.ap, 3*time.Second)
		if err != nil {
			t.Fatalf("forward %v: %v", forward, err)
		}
		want := map[bool]Transport{true: TransportDirectTCPIP, false: TransportExecConnect}[forward]
		if via != want {
			t.Fatalf("forward %v: via %s, want %s", forward, via, want)
		}
		if _, err := conn.Write([]byte("ping")); err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(conn)
		_ = conn.Close()
		if string(got) != "pong" || err != nil || <-g.received != "ping" {
			t.Fatalf("forward %v: read %q, %v", forward, got, err)
		}
		conn, _, err = reach.DialTCP(context.Background(), closed, 3*time.Second)
		if err == nil {
			_, err = io.ReadAll(conn)
			_ = conn.Close()
		}
		if !errors.Is(err, ErrPortClosed) {
			t.Fatalf("forward %v: a closed port gave %v, want ErrPortClosed", forward, err)
		}
	}
}

// TestConnectCommand: the address nc is given is quoted as one shell word, and the bound is whole
// seconds, at least one.
func TestConnectCommand(t *testing.T) {
	got := connectCommand(netip.MustParseAddrPort("[fd6b:766d:7a03::7]:8888"), 300*time.Millisecond, true)
	if want := "nc -z -w 1 'fd6b:766d:7a03::7' 8888"; got != want {
		t.Fatalf("connectCommand = %q, want %q", got, want)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
