//go:build integration

package kvm2

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// TestLabConcurrency_connectionsPerHost: ten operations holding the pool at once open
// ceil(operations / requests per connection) SSH connections to the lab host, counted on the
// host's side (sshd's end of each TCP connection of this process), never more while a loop of
// concurrent Gets runs on them; one operation at five requests per connection opens one.
func TestLabConcurrency_connectionsPerHost(t *testing.T) {
	env := loadLab(t)
	tests := []struct {
		name         string
		ops, perConn int
		want         int
	}{
		{"10 operations at 5 requests per connection", 10, 5, 2},
		{"1 operation at 5 requests per connection", 1, 5, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := sshdConnsOfThisProcess(t, env.port)
			c, _ := labClient(t, env, func(h *hostconfig.HostConfig) {
				h.MaxConcurrentOperations, h.MaxClientRequests = tt.ops, tt.perConn
			})
			if got := sshdConnsOfThisProcess(t, env.port) - before; got != 0 {
				t.Fatalf("%d connections before the first operation; New must not dial", got)
			}
			libvirtdBefore := libvirtdClients(t)

			// As many holders as the host allows, all at once, each using its connection.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var wg sync.WaitGroup
			held := make(chan func(), tt.ops)
			for range tt.ops {
				wg.Add(1)
				go func() {
					defer wg.Done()
					b, release, err := c.pool.Acquire(ctx, "lab")
					if err != nil {
						t.Errorf("Acquire: %v", err)
						return
					}
					if _, err := b.ConnectGetLibVersion(ctx); err != nil {
						t.Errorf("RPC on a pooled connection: %v", err)
					}
					held <- release
				}()
			}
			wg.Wait()
			close(held)
			if t.Failed() {
				t.FailNow()
			}
			if got := sshdConnsOfThisProcess(t, env.port) - before; got != tt.want {
				t.Errorf("%d operations holding the host at once: sshd serves %d connections of this process, want %d",
					tt.ops, got, tt.want)
			}
			t.Logf("libvirtd clients: %d before, %d with the holders (the lab is shared: for information)",
				libvirtdBefore, libvirtdClients(t))
			for release := range held {
				release()
			}

			// A real workload: concurrent core operations in a loop stay on those connections.
			name := "lab/" + itPrefix + "conc-absent"
			deadline := time.Now().Add(2 * time.Second)
			ops := 0
			var mu sync.Mutex
			for range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for time.Now().Before(deadline) {
						_, err := c.Get(ctx, name, "")
						if !kvmerr.IsNotFound(err) {
							t.Errorf("Get of an absent VM: err = %v, want NotFound", err)
							return
						}
						mu.Lock()
						ops++
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			if got := sshdConnsOfThisProcess(t, env.port) - before; got != tt.want {
				t.Errorf("after %d concurrent Gets: sshd serves %d connections of this process, want %d", ops, got, tt.want)
			}
			t.Logf("%d Gets in 2 s by 10 goroutines over %d connection(s)", ops, tt.want)

			if err := c.Close(); err != nil {
				t.Fatal(err)
			}
			end := time.Now().Add(5 * time.Second)
			for sshdConnsOfThisProcess(t, env.port) != before && time.Now().Before(end) {
				time.Sleep(50 * time.Millisecond)
			}
			if got := sshdConnsOfThisProcess(t, env.port) - before; got != 0 {
				t.Errorf("%d connections left after Close", got)
			}
		})
	}
}

// sshdConnsOfThisProcess counts the host's ends (the local address on the SSH port) of
// established TCP connections whose other end belongs to this process.
func sshdConnsOfThisProcess(t *testing.T, port int) int {
	t.Helper()
	out, err := exec.Command("ss", "-tnpH", "state", "established").Output()
	if err != nil {
		t.Fatalf("ss: %v", err)
	}
	pid := fmt.Sprintf("pid=%d,", os.Getpid())
	sshPort := ":" + strconv.Itoa(port)
	ours := map[string]bool{}   // local addresses of this process's sockets to the SSH port
	served := map[string]bool{} // peers of the host's ends on the SSH port
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		local, peer := f[2], f[3]
		switch {
		case strings.HasSuffix(peer, sshPort) && strings.Contains(line, pid):
			ours[local] = true
		case strings.HasSuffix(local, sshPort):
			served[peer] = true
		}
	}
	n := 0
	for addr := range ours {
		if served[addr] {
			n++
		}
	}
	return n
}

// libvirtdClients is how many clients the lab's libvirtd serves now, all processes included;
// -1 when virt-admin cannot tell.
func libvirtdClients(t *testing.T) int {
	t.Helper()
	out, err := exec.Command("virt-admin", "srv-clients-list", "libvirtd").Output()
	if err != nil {
		return -1
	}
	n := 0
	for line := range strings.Lines(string(out)) {
		if f := strings.Fields(line); len(f) > 0 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				n++
			}
		}
	}
	return n
}
