//go:build lab

package labproof

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"
	"golang.org/x/crypto/ssh"
	"libvirt.org/go/libvirtxml"
)

// loadHost2Env reads the second lab host's KVM2_TEST_HOST2_* variables and
// its hostname.
func loadHost2Env(t *testing.T) (labEnv, string) {
	t.Helper()
	return loadHostEnv(t, "KVM2_TEST_HOST2_"), mustEnv(t, "KVM2_TEST_HOST2_HOSTNAME")
}

// execConn is a libvirt RPC stream over the stdio of an SSH exec channel, as
// libvirt's own qemu+ssh transport uses it.
type execConn struct {
	sess *ssh.Session
	r    io.Reader
	w    io.WriteCloser
}

func (c *execConn) Read(p []byte) (int, error)  { return c.r.Read(p) }
func (c *execConn) Write(p []byte) (int, error) { return c.w.Write(p) }
func (c *execConn) Close() error {
	_ = c.w.Close()
	return c.sess.Close()
}
func (c *execConn) LocalAddr() net.Addr              { return &net.UnixAddr{Name: "exec", Net: "unix"} }
func (c *execConn) RemoteAddr() net.Addr             { return &net.UnixAddr{Name: "exec", Net: "unix"} }
func (c *execConn) SetDeadline(time.Time) error      { return nil }
func (c *execConn) SetReadDeadline(time.Time) error  { return nil }
func (c *execConn) SetWriteDeadline(time.Time) error { return nil }

// execStream runs command in a new exec channel and returns its stdio.
func execStream(client *ssh.Client, command string) (*execConn, error) {
	sess, err := client.NewSession()
	if err != nil {
		return nil, err
	}
	w, err := sess.StdinPipe()
	if err == nil {
		var r io.Reader
		if r, err = sess.StdoutPipe(); err == nil {
			if err = sess.Start(command); err == nil {
				return &execConn{sess: sess, r: r, w: w}, nil
			}
		}
	}
	sess.Close()
	return nil, fmt.Errorf("exec %q: %w", command, err)
}

// connectExec opens libvirt on host e through an exec channel running command.
func connectExec(t *testing.T, e labEnv, command string) *lab {
	t.Helper()
	client, err := dialSSH(e, e.KnownHosts)
	if err != nil {
		t.Fatalf("ssh %s: %v", e.addr(), err)
	}
	conn, err := execStream(client, command)
	if err != nil {
		client.Close()
		t.Fatal(err)
	}
	lv := libvirt.NewWithDialer(dialers.NewAlreadyConnected(conn))
	if err := lv.Connect(); err != nil {
		client.Close()
		t.Fatalf("libvirt connect over exec %q: %v", command, err)
	}
	t.Cleanup(func() {
		_ = lv.Disconnect()
		client.Close()
	})
	return &lab{env: e, ssh: client, lv: lv, execOnly: true}
}

// TestHost2GuestBoots boots a guest on host 2's pool and network through an
// exec channel and reaches its proxy with nc on host 2 (no forwarding there).
func TestHost2GuestBoots(t *testing.T) {
	t.Parallel() // beside host 1's guests
	e, _ := loadHost2Env(t)
	l := connectExec(t, e, "virt-ssh-helper qemu:///system")
	g := newGuest(t, l, "bios")
	g.create(t)
	ip, took := g.waitForAgent(t)
	t.Logf("host 2: agent reports IPv4 %s and hostname %s %s after start", ip, g.name, took.Round(100*time.Millisecond))
	g.checkProxy(t, ip)
	g.remove(t)
	g.assertGone(t)
}

// TestHost2VirshOverExec connects to host 2 with stock virsh the way libvirt
// users do. Both of libvirt's SSH transports reach the daemon through an exec
// channel (virt-ssh-helper, else nc -U), so they work through an sshd that
// refuses forwarding; the host key is checked against host 2's known_hosts.
func TestHost2VirshOverExec(t *testing.T) {
	e, hostname := loadHost2Env(t)
	if _, err := exec.LookPath("virsh"); err != nil {
		t.Skip("virsh not installed")
	}
	// OpenSSH's ssh ignores libvirt's known_hosts parameter (it reads
	// ~/.ssh/known_hosts); the command parameter stands in for a user's
	// ~/.ssh/config entry pinning host 2's known_hosts.
	wrapper := filepath.Join(t.TempDir(), "ssh")
	script := fmt.Sprintf("#!/bin/sh\nexec ssh -o UserKnownHostsFile=%s -o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes \"$@\"\n", e.KnownHosts)
	if err := os.WriteFile(wrapper, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	wrongKnownHosts := filepath.Join(t.TempDir(), "known_hosts")
	if err := os.WriteFile(wrongKnownHosts, []byte(otherHostKeyLine(t, e)), 0o600); err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("root@%s/system?keyfile=%s&no_verify=0", e.addr(), e.Key)
	tests := []struct {
		name, uri string
		wantErr   string // "" when the connection must work
	}{
		{name: "libssh", uri: "qemu+libssh://" + base + "&known_hosts=" + e.KnownHosts + "&known_hosts_verify=normal&sshauth=privkey"},
		{name: "openssh", uri: "qemu+ssh://" + base + "&known_hosts=" + e.KnownHosts + "&command=" + wrapper},
		{
			name:    "libssh with another host's key in known_hosts",
			uri:     "qemu+libssh://" + base + "&known_hosts=" + wrongKnownHosts + "&known_hosts_verify=normal&sshauth=privkey",
			wantErr: "HOST KEY VERIFICATION FAILED",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command("virsh", "-q", "-c", tc.uri, "hostname; net-list --all --name; pool-list --all --name")
			out, err := cmd.CombinedOutput()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(string(out), tc.wantErr) {
					t.Fatalf("virsh: err %v, output %q; want a failure naming %q", err, out, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("virsh -c %s: %v\n%s", tc.uri, err, out)
			}
			fields := strings.Fields(string(out))
			if len(fields) < 3 || fields[0] != hostname {
				t.Fatalf("virsh output %q, want hostname %q then host 2's network and pool", out, hostname)
			}
			if !contains(fields[1:], e.Network) || !contains(fields[1:], e.Pool) {
				t.Fatalf("virsh lists %q, want network %s and pool %s", fields[1:], e.Network, e.Pool)
			}
			t.Logf("%s: %s in %s", tc.name, fields, time.Since(start).Round(time.Millisecond))
		})
	}
}

// otherHostKeyLine is a known_hosts line giving host 2's address host 1's key.
func otherHostKeyLine(t *testing.T, host2 labEnv) string {
	t.Helper()
	host1 := loadEnv(t)
	data, err := os.ReadFile(host1.KnownHosts)
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(data))
	if len(fields) < 3 {
		t.Fatalf("host 1 known_hosts %q: want one key line", data)
	}
	return fmt.Sprintf("[%s]:%d %s %s\n", host2.Host, host2.Port, fields[1], fields[2])
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestHost2RefusesForwarding shows host 2's sshd refuses direct-streamlocal
// (and direct-tcpip) channels where host 1's accepts them, while its exec
// channels run in host 2's own namespace, where the socket is host 2's.
func TestHost2RefusesForwarding(t *testing.T) {
	h2, hostname := loadHost2Env(t)
	h1 := loadEnv(t)
	nsOf := map[string]string{}
	for _, tc := range []struct {
		name        string
		env         labEnv
		wantRefused bool
	}{
		{name: "host 1", env: h1, wantRefused: false},
		{name: "host 2", env: h2, wantRefused: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			client, err := dialSSH(tc.env, tc.env.KnownHosts)
			if err != nil {
				t.Fatalf("ssh %s: %v", tc.env.addr(), err)
			}
			defer client.Close()
			for _, ch := range []struct{ network, addr string }{
				{"unix", tc.env.Socket},
				{"tcp", tc.env.addr()},
			} {
				conn, err := client.Dial(ch.network, ch.addr)
				if conn != nil {
					conn.Close()
				}
				// OpenSSH answers a refused streamlocal forward as a failed
				// connect; the exec below shows the socket is there.
				var open *ssh.OpenChannelError
				refused := errors.As(err, &open)
				if refused != tc.wantRefused {
					t.Errorf("forward to %s %s: err %v; want the channel refused=%v", ch.network, ch.addr, err, tc.wantRefused)
				}
			}
			sess, err := client.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			defer sess.Close()
			out, err := sess.Output("readlink /proc/self/ns/mnt; hostname; test -S " + tc.env.Socket + " && echo socket")
			if err != nil {
				t.Fatalf("exec: %v (%s)", err, out)
			}
			f := strings.Fields(string(out))
			if len(f) != 3 || f[2] != "socket" {
				t.Fatalf("exec output %q: want namespace, hostname and the socket present", out)
			}
			if tc.wantRefused && f[1] != hostname {
				t.Errorf("exec on host 2 runs with hostname %q, want %q", f[1], hostname)
			}
			nsOf[tc.name] = f[0]
		})
	}
	if nsOf["host 1"] == "" || nsOf["host 1"] == nsOf["host 2"] {
		t.Fatalf("exec sessions run in mount namespaces %v; want two different ones", nsOf)
	}
}

// TestHostsAreApart connects to host 1 through a forwarded socket and to host
// 2 through an exec channel (virt-ssh-helper, and nc -U as libvirt's
// fallback), and shows objects made on one are not seen on the other, even
// in pools of the same name.
func TestHostsAreApart(t *testing.T) {
	h2env, hostname := loadHost2Env(t)
	h1 := connect(t, loadEnv(t))
	for _, helper := range []struct{ name, command string }{
		{"virt-ssh-helper", "virt-ssh-helper qemu:///system"},
		{"nc", "nc -U " + h2env.Socket},
	} {
		t.Run(helper.name, func(t *testing.T) {
			h2 := connectExec(t, h2env, helper.command)
			assertApart(t, h1, h2, hostname)
		})
	}
}

func assertApart(t *testing.T, h1, h2 *lab, hostname2 string) {
	t.Helper()
	name1, err := h1.lv.ConnectGetHostname()
	if err != nil {
		t.Fatal(err)
	}
	name2, err := h2.lv.ConnectGetHostname()
	if err != nil {
		t.Fatal(err)
	}
	if name2 != hostname2 || name1 == name2 {
		t.Errorf("hostnames %q and %q; want host 2 to be %q and differ from host 1", name1, name2, hostname2)
	}
	uuid1, uuid2 := hostUUID(t, h1), hostUUID(t, h2)
	if uuid1 == uuid2 {
		t.Errorf("both hosts report host UUID %s", uuid1)
	}
	t.Logf("host 1: %s %s; host 2: %s %s", name1, uuid1, name2, uuid2)

	suffix := make([]byte, 4)
	if _, err := rand.Read(suffix); err != nil {
		t.Fatal(err)
	}
	tag := "kvm2-h2-apart-" + hex.EncodeToString(suffix)
	pool1, pool2 := lookupPool(t, h1, h1.env.Pool), lookupPool(t, h2, h2.env.Pool)
	if pool1.UUID == pool2.UUID {
		t.Errorf("pools %s and %s share UUID %x", h1.env.Pool, h2.env.Pool, pool1.UUID)
	}
	for _, tc := range []struct {
		name, suffix   string
		maker, other   *lab
		makePool, pool libvirt.StoragePool
		net            string
	}{
		{"made on host 2", "h2", h2, h1, pool2, pool1, h2.env.Network},
		{"made on host 1", "h1", h1, h2, pool1, pool2, h1.env.Network},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := tag + "-" + tc.suffix
			makeVolume(t, tc.maker, tc.makePool, name+".img")
			if _, err := tc.other.lv.StorageVolLookupByName(tc.pool, name+".img"); !isCode(err, libvirt.ErrNoStorageVol) {
				t.Errorf("volume %s seen in the other host's pool %s: err %v", name+".img", tc.other.env.Pool, err)
			}
			defineDomain(t, tc.maker, name)
			if _, err := tc.other.lv.DomainLookupByName(name); !libvirt.IsNotFound(err) {
				t.Errorf("domain %s seen on the other host: err %v", name, err)
			}
			if _, err := tc.maker.lv.NetworkLookupByName(tc.net); err != nil {
				t.Errorf("network %s absent on its own host: %v", tc.net, err)
			}
			if _, err := tc.other.lv.NetworkLookupByName(tc.net); !isCode(err, libvirt.ErrNoNetwork) {
				t.Errorf("network %s seen on the other host: err %v", tc.net, err)
			}
		})
	}
}

func hostUUID(t *testing.T, l *lab) string {
	t.Helper()
	raw, err := l.lv.ConnectGetCapabilities()
	if err != nil {
		t.Fatal(err)
	}
	var caps libvirtxml.Caps
	if err := caps.Unmarshal(raw); err != nil {
		t.Fatal(err)
	}
	return caps.Host.UUID
}

func lookupPool(t *testing.T, l *lab, name string) libvirt.StoragePool {
	t.Helper()
	pool, err := l.lv.StoragePoolLookupByName(name)
	if err != nil {
		t.Fatalf("pool %s: %v", name, err)
	}
	return pool
}

func makeVolume(t *testing.T, l *lab, pool libvirt.StoragePool, name string) {
	t.Helper()
	xml, err := (&libvirtxml.StorageVolume{
		Name:     name,
		Capacity: &libvirtxml.StorageVolumeSize{Unit: "bytes", Value: 1 << 20},
		Target:   &libvirtxml.StorageVolumeTarget{Format: &libvirtxml.StorageVolumeTargetFormat{Type: "raw"}},
	}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	vol, err := l.lv.StorageVolCreateXML(pool, xml, 0)
	if err != nil {
		t.Fatalf("create volume %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := l.lv.StorageVolDelete(vol, 0); err != nil {
			t.Errorf("delete volume %s: %v", name, err)
		}
	})
}

// defineDomain defines (never starts) a minimal domain.
func defineDomain(t *testing.T, l *lab, name string) {
	t.Helper()
	xml, err := (&libvirtxml.Domain{
		Type: "qemu", Name: name,
		Memory: &libvirtxml.DomainMemory{Value: 64, Unit: "MiB"},
		OS:     &libvirtxml.DomainOS{Type: &libvirtxml.DomainOSType{Arch: "x86_64", Type: "hvm"}},
	}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	dom, err := l.lv.DomainDefineXML(xml)
	if err != nil {
		t.Fatalf("define %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := l.lv.DomainUndefine(dom); err != nil {
			t.Errorf("undefine %s: %v", name, err)
		}
	})
}
