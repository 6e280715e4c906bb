package sshx

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const (
	runVirtSSHHelper = "virt-ssh-helper qemu:///system"
	runNCDefault     = "nc -U '/var/run/libvirt/libvirt-sock'"
)

// TestDialLibvirt_transports: each way of reaching the socket, chosen by what sshd allows and
// what the host has installed, carries libvirt traffic and says which it is.
func TestDialLibvirt_transports(t *testing.T) {
	tests := []struct {
		name     string
		refuse   ssh.RejectionReason // 0: sshd forwards
		helpers  []string
		socket   func(t *testing.T, f *fixture) string // default: the default socket
		want     Transport
		wantRuns []string // commands run, in order ("" entries: the configured socket's nc)
	}{
		{name: "stream-local forwarding allowed", helpers: []string{"virt-ssh-helper", "nc"},
			socket: func(_ *testing.T, f *fixture) string { return f.srv.socket }, want: TransportStreamLocal},
		{name: "forwarding disabled (connect failed): virt-ssh-helper", refuse: ssh.ConnectionFailed,
			helpers: []string{"virt-ssh-helper", "nc"}, want: TransportVirtSSHHelper, wantRuns: []string{runVirtSSHHelper}},
		{name: "forwarding prohibited: virt-ssh-helper", refuse: ssh.Prohibited,
			helpers: []string{"virt-ssh-helper"}, want: TransportVirtSSHHelper, wantRuns: []string{runVirtSSHHelper}},
		{name: "no virt-ssh-helper: nc", refuse: ssh.ConnectionFailed,
			helpers: []string{"nc"}, want: TransportNC, wantRuns: []string{runVirtSSHHelper, runNCDefault}},
		{
			// virt-ssh-helper would pick the system socket whatever is configured.
			name: "non-default socket goes through nc only", refuse: ssh.ConnectionFailed,
			helpers: []string{"virt-ssh-helper", "nc"},
			socket:  func(_ *testing.T, f *fixture) string { return f.srv.socket },
			want:    TransportNC, wantRuns: []string{""},
		},
		{
			name: "socket path with a quote and a space is quoted", refuse: ssh.Prohibited,
			helpers: []string{"nc"},
			socket: func(t *testing.T, _ *fixture) string {
				path := filepath.Join(shortDir(t), "it's a s")
				serveLibvirtStandIn(t, path)
				return path
			},
			want: TransportNC, wantRuns: []string{""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.refuseForwarding(tt.refuse)
			for _, h := range tt.helpers {
				f.srv.install(h, true)
			}
			f.cfg.Socket = DefaultSocket
			if tt.socket != nil {
				f.cfg.Socket = tt.socket(t, f)
			}
			conn, err := dial(t, f.cfg)
			if err != nil {
				t.Fatalf("DialLibvirt: %v", err)
			}
			assertEcho(t, conn)
			if got := TransportOf(conn); got != tt.want {
				t.Errorf("transport = %q, want %q", got, tt.want)
			}
			want := slices.Clone(tt.wantRuns)
			for i, r := range want {
				if r == "" {
					want[i] = "nc -U " + shellQuote(f.cfg.Socket)
				}
			}
			if _, runs := f.srv.counts(); !slices.Equal(runs, want) {
				t.Errorf("commands run = %q, want %q", runs, want)
			}
		})
	}
}

func TestDialLibvirt_execFailures(t *testing.T) {
	tests := []struct {
		name    string
		refuse  ssh.RejectionReason
		helpers []string
		edit    func(t *testing.T, f *fixture)
		stage   kvmerr.Stage
		class   kvmerr.Class
		says    []string
	}{
		{
			name: "neither helper installed, forwarding prohibited", refuse: ssh.Prohibited,
			stage: kvmerr.StageForward, class: kvmerr.Permanent,
			says: []string{"virt-ssh-helper, nc not found", "AllowStreamLocalForwarding", "install virt-ssh-helper",
				"netcat-openbsd", "administratively prohibited"},
		},
		{
			// AllowStreamLocalForwarding no: OpenSSH says "connect failed". Without a helper
			// the dial used to be retried as a restarting libvirtd until the timeout.
			name: "neither helper installed, forwarding disabled", refuse: ssh.ConnectionFailed,
			stage: kvmerr.StageForward, class: kvmerr.Permanent,
			says: []string{"virt-ssh-helper, nc not found", "AllowStreamLocalForwarding"},
		},
		{
			name: "nc not installed, non-default socket", refuse: ssh.ConnectionFailed, helpers: []string{"virt-ssh-helper"},
			edit:  func(_ *testing.T, f *fixture) { f.cfg.Socket = f.srv.socket },
			stage: kvmerr.StageForward, class: kvmerr.Permanent,
			says: []string{"(nc not found)"},
		},
		{
			name: "virt-ssh-helper finds no socket (libvirtd down)", refuse: ssh.ConnectionFailed,
			helpers: []string{"virt-ssh-helper", "nc"},
			edit: func(t *testing.T, f *fixture) {
				f.srv.setHelperSocket(filepath.Join(shortDir(t), "gone"))
			},
			stage: kvmerr.StageSocket, class: kvmerr.Transient,
			says: []string{"exec:virt-ssh-helper on the host could not reach the libvirt socket", "cannot connect to",
				"No such file or directory", "status 1"},
		},
		{
			name: "nc finds no socket (libvirtd down)", refuse: ssh.ConnectionFailed, helpers: []string{"nc"},
			edit: func(t *testing.T, f *fixture) {
				f.cfg.Socket = filepath.Join(shortDir(t), "gone")
			},
			stage: kvmerr.StageSocket, class: kvmerr.Transient,
			says: []string{"exec:nc on the host", "gone", "No such file or directory", "libvirtd stopped or restarting"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.refuseForwarding(tt.refuse)
			for _, h := range tt.helpers {
				f.srv.install(h, true)
			}
			f.cfg.Socket = DefaultSocket
			if tt.edit != nil {
				tt.edit(t, f)
			}
			_, err := dial(t, f.cfg)
			if err == nil {
				t.Fatal("DialLibvirt succeeded, want an error")
			}
			t.Logf("error: %v", err)
			if got := stageOf(t, err); got != tt.stage {
				t.Errorf("stage = %q, want %q", got, tt.stage)
			}
			if got := kvmerr.Classify(err); got != tt.class {
				t.Errorf("class = %v, want %v", got, tt.class)
			}
			for _, want := range tt.says {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q", want)
				}
			}
		})
	}
}

// TestDialLibvirt_hostKeyCheckedBeforeExec: a changed host key stops the dial before any
// channel, stream-local or exec, is opened.
func TestDialLibvirt_hostKeyCheckedBeforeExec(t *testing.T) {
	f := newFixture(t)
	f.srv.refuseForwarding(ssh.ConnectionFailed)
	f.srv.install("virt-ssh-helper", true)
	f.srv.install("nc", true)
	f.cfg.Socket = DefaultSocket
	other, _ := newEd25519(t)
	f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port(), other.PublicKey())
	_, err := dial(t, f.cfg)
	if err == nil || stageOf(t, err) != kvmerr.StageHostKey {
		t.Fatalf("err = %v, want a hostkey failure", err)
	}
	if forwards, runs := f.srv.counts(); forwards != 0 || len(runs) != 0 {
		t.Errorf("after a host key mismatch: %d forwards asked, commands run %q; want none", forwards, runs)
	}
}

// TestDialLibvirt_execHonoursDeadline: a helper that connects to a libvirtd that never answers
// cannot hold the dial past its ctx.
func TestDialLibvirt_execHonoursDeadline(t *testing.T) {
	f := newFixture(t)
	f.srv.refuseForwarding(ssh.ConnectionFailed)
	f.srv.install("virt-ssh-helper", true)
	f.srv.setHelperSocket(startSilent(t))
	f.cfg.Socket = DefaultSocket

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, closer, err := DialLibvirt(ctx, "lab", f.cfg)
		if closer != nil {
			_ = closer.Close()
		}
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("DialLibvirt still running 5s after its 300ms deadline: the exec probe ignores ctx")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error does not wrap context.DeadlineExceeded: %v", err)
	}
	if got := kvmerr.Classify(err); got != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", got)
	}
}

// TestDialLibvirt_remembersTransport: a host that works over exec is not asked to forward on
// every dial; once its remembered transport fails, the next dial probes in order again.
func TestDialLibvirt_remembersTransport(t *testing.T) {
	f := newFixture(t)
	f.srv.refuseForwarding(ssh.ConnectionFailed)
	f.srv.install("virt-ssh-helper", true)
	f.cfg.Socket, f.cfg.Memory = DefaultSocket, &Memory{}

	for i := range 3 {
		conn, err := dial(t, f.cfg)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		assertEcho(t, conn)
	}
	forwards, runs := f.srv.counts()
	if forwards != 1 || len(runs) != 3 {
		t.Errorf("three dials asked %d forwards and ran %d commands, want 1 and 3", forwards, len(runs))
	}
	if got := f.cfg.Memory.Last(); got != TransportVirtSSHHelper {
		t.Errorf("remembered %q, want %q", got, TransportVirtSSHHelper)
	}

	// The host changes: forwarding allowed, helper gone. The remembered helper fails and the
	// same dial finds stream-local.
	f.srv.install("virt-ssh-helper", false)
	f.srv.refuseForwarding(0)
	f.cfg.Socket = f.srv.socket
	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("dial after the host changed: %v", err)
	}
	assertEcho(t, conn)
	if got := TransportOf(conn); got != TransportStreamLocal {
		t.Errorf("transport = %q, want streamlocal", got)
	}
	if got := f.cfg.Memory.Last(); got != TransportStreamLocal {
		t.Errorf("remembered %q, want streamlocal", got)
	}
}

func TestExecConn_closeAndDeadlines(t *testing.T) {
	f := newFixture(t)
	f.srv.refuseForwarding(ssh.Prohibited)
	f.srv.install("nc", true)
	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("DialLibvirt: %v", err)
	}
	// Like the stream-local channel: no deadlines, so callers bound calls by closing.
	if conn.SetDeadline(time.Now()) == nil || conn.SetReadDeadline(time.Now()) == nil || conn.SetWriteDeadline(time.Now()) == nil {
		t.Error("a deadline was accepted that the exec channel cannot honour")
	}
	if conn.LocalAddr() == nil || conn.RemoteAddr() == nil {
		t.Error("exec conn has no addresses")
	}
	if err := conn.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := conn.Close(); err != nil {
		t.Errorf("second Close: %v, want nil", err)
	}
	if _, err := conn.Write([]byte("x")); err == nil {
		t.Error("write succeeded on a closed exec conn")
	}
}

func TestBoundedBuffer(t *testing.T) {
	b := &boundedBuffer{limit: 8}
	for range 3 {
		if n, err := b.Write([]byte("0123\n56789")); n != 10 || err != nil {
			t.Fatalf("Write = %d, %v; want 10, nil (a full stderr must never block the helper)", n, err)
		}
	}
	if got := b.String(); got != "0123 567" {
		t.Errorf("String = %q, want the first 8 bytes with white space folded", got)
	}
}

// TestShellQuote asks a real shell what the quoted word is.
func TestShellQuote(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on this machine")
	}
	for _, s := range []string{"/var/run/libvirt/libvirt-sock", "/tmp/it's here", "'", "/a b;$(touch x)`id`\\n*"} {
		out, err := exec.Command(sh, "-c", "printf %s "+shellQuote(s)).Output()
		if err != nil || string(out) != s {
			t.Errorf("shellQuote(%q) = %s: the shell read %q (%v)", s, shellQuote(s), out, err)
		}
	}
}
