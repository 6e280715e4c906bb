package sshx

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// authListReply is what libvirtd answers to the probe: a reply header, then a list of one auth
// type (none).
func authListReply(procedure, typ uint32) []byte {
	reply := make([]byte, rpcHeaderLen+8)
	for i, v := range []uint32{uint32(len(reply)), rpcProgram, rpcVersion, procedure, typ, 0, 0, 1} {
		binary.BigEndian.PutUint32(reply[4*i:], v)
	}
	return reply
}

// TestDialLibvirt_execSkipsShellOutput: what a login shell prints on stdout before it runs the
// helper (an echo in .bashrc, a motd) is skipped, and the conn starts at the helper's reply's end.
func TestDialLibvirt_execSkipsShellOutput(t *testing.T) {
	motd := strings.Repeat("The programs included with this system are free software.\n", 140) // ~8 KiB
	tests := []struct {
		name    string
		banner  string
		helpers []string
		force   func(ch ssh.Channel) uint32
		want    Transport
	}{
		{name: "echo in .bashrc, virt-ssh-helper", banner: "Welcome to lab\n", helpers: []string{"virt-ssh-helper"},
			want: TransportVirtSSHHelper},
		{name: "motd, nc", banner: motd, helpers: []string{"nc"}, want: TransportNC},
		{name: "three bytes, shorter than a length", banner: "hi\n", helpers: []string{"virt-ssh-helper"},
			want: TransportVirtSSHHelper},
		{
			// Noise and the whole reply arrive in one write: the reply's end is found in the
			// same read and nothing after it is lost.
			name: "noise and reply in one write", helpers: []string{"virt-ssh-helper"},
			force: func(ch ssh.Channel) uint32 {
				call := make([]byte, rpcHeaderLen)
				if _, err := io.ReadFull(ch, call); err != nil {
					return 1
				}
				_, _ = ch.Write(append([]byte("Last login: Fri Dec  4 07:00:00 2026\n"), authListReply(rpcProcAuthLst, 1)...))
				_, _ = io.Copy(ch, ch)
				return 0
			},
			want: TransportVirtSSHHelper,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.refuseForwarding(ssh.ConnectionFailed)
			for _, h := range tt.helpers {
				f.srv.install(h, true)
			}
			f.srv.setBanner(tt.banner)
			if tt.force != nil {
				f.srv.forceCommand(tt.force)
			}
			f.cfg.Socket = DefaultSocket
			conn, err := dial(t, f.cfg)
			if err != nil {
				t.Fatalf("DialLibvirt: %v", err)
			}
			assertEcho(t, conn)
			if got := TransportOf(conn); got != tt.want {
				t.Errorf("transport = %q, want %q", got, tt.want)
			}
		})
	}
}

// dialTimed dials with a budget of 20 s and fails the test when the dial took longer than
// within: a probe failure must not wait for the dial's budget.
func dialTimed(t *testing.T, cfg Config, within time.Duration) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	_, closer, err := DialLibvirt(ctx, "lab", cfg)
	if closer != nil {
		_ = closer.Close()
	}
	if took := time.Since(start); took > within {
		t.Errorf("the dial took %v, want at most %v (err: %v)", took.Round(time.Millisecond), within, err)
	}
	return err
}

// TestDialLibvirt_execNotTheHelper: a command that is not the helper (a ForceCommand, too much
// shell output, an echo, a reply to another call, a helper that cannot run) fails the dial at
// once as Permanent, saying what the host answered and what to do; retrying cannot help.
func TestDialLibvirt_execNotTheHelper(t *testing.T) {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	tests := []struct {
		name   string
		helper string // the one installed; default virt-ssh-helper
		socket bool   // a socket of its own, not the default: only nc is tried
		banner string
		force  func(ch ssh.Channel) uint32
		says   []string
	}{
		{
			name:   "shell output longer than the limit",
			banner: strings.Repeat("Welcome to lab, authorised users only.\n", 2000),
			says:   []string{"printed more than 65536 bytes", "Welcome to lab, authorised users only.", ".bashrc", "[[ $- == *i* ]]"},
		},
		{
			name: "ForceCommand prints and exits",
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.WriteString(ch, "This account is restricted to backups.\n")
				return 0
			},
			says: []string{`"This account is restricted to backups."`, "exited with status 0", "ForceCommand", "command="},
		},
		{
			name:  "ForceCommand echoes (cat)",
			force: func(ch ssh.Channel) uint32 { _, _ = io.Copy(ch, ch); return 0 },
			says:  []string{"echoed the probe back", "ForceCommand"},
		},
		{
			name: "a reply to another call",
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.CopyN(io.Discard, ch, rpcHeaderLen)
				_, _ = ch.Write(authListReply(1, 1))
				_, _ = io.Copy(io.Discard, ch)
				return 0
			},
			says: []string{"not the reply to the probe", "procedure 1", "libvirt"},
		},
		{
			// It ignores its stdin ending, as a script in a loop does: after the limit, the
			// wait for its exit status is bounded, not the dial's budget.
			name: "a command that keeps printing",
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.WriteString(ch, strings.Repeat("spam\n", 20000))
				for {
					if _, err := io.WriteString(ch, "spam\n"); err != nil {
						return 0
					}
					time.Sleep(20 * time.Millisecond)
				}
			},
			says: []string{"printed more than 65536 bytes", `"spam spam spam`},
		},
		{
			name: "output closed, never exits",
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.WriteString(ch, "menu: 1) backups 2) logs\n")
				_ = ch.CloseWrite()
				<-stop
				return 0
			},
			says: []string{`"menu: 1) backups 2) logs"`, "did not exit"},
		},
		{
			name: "helper not executable",
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.WriteString(ch.Stderr(), "sh: 1: virt-ssh-helper: Permission denied\n")
				return 126
			},
			says: []string{"status 126", "Permission denied", "cannot be run"},
		},
		{
			name: "nc without -U (netcat-traditional)", helper: "nc", socket: true,
			force: func(ch ssh.Channel) uint32 {
				_, _ = io.WriteString(ch.Stderr(), "nc: invalid option -- 'U'\nusage: nc [-options] hostname port[s] [ports] ...\n")
				return 1
			},
			says: []string{"no -U", "invalid option -- 'U'", "netcat-openbsd"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.refuseForwarding(ssh.ConnectionFailed)
			f.srv.install(cmp.Or(tt.helper, "virt-ssh-helper"), true)
			f.srv.setBanner(tt.banner)
			if tt.force != nil {
				f.srv.forceCommand(tt.force)
			}
			if !tt.socket {
				f.cfg.Socket = DefaultSocket
			}
			err := dialTimed(t, f.cfg, 8*time.Second)
			if err == nil {
				t.Fatal("DialLibvirt succeeded, want an error")
			}
			t.Logf("error: %v", err)
			if got := kvmerr.Classify(err); got != kvmerr.Permanent {
				t.Errorf("class = %v, want Permanent", got)
			}
			for _, want := range tt.says {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q", want)
				}
			}
			if _, runs := f.srv.counts(); len(runs) != 1 {
				t.Errorf("commands run = %q, want only the first helper: the next would meet the same host", runs)
			}
		})
	}
}

// TestDialLibvirt_execShellOutputStaysTransient: shell output before a helper that cannot reach
// libvirtd, or before a libvirtd that does not answer in time, changes nothing of the class: it
// is Transient, and the error says what the host printed.
func TestDialLibvirt_execShellOutputStaysTransient(t *testing.T) {
	t.Run("libvirtd down", func(t *testing.T) {
		f := newFixture(t)
		f.srv.refuseForwarding(ssh.ConnectionFailed)
		f.srv.install("virt-ssh-helper", true)
		f.srv.setBanner("Welcome to lab\n")
		f.srv.setHelperSocket(filepath.Join(shortDir(t), "gone"))
		f.cfg.Socket = DefaultSocket
		err := dialTimed(t, f.cfg, 8*time.Second)
		if err == nil {
			t.Fatal("DialLibvirt succeeded, want an error")
		}
		t.Logf("error: %v", err)
		if got := stageOf(t, err); got != kvmerr.StageSocket {
			t.Errorf("stage = %q, want socket", got)
		}
		if got := kvmerr.Classify(err); got != kvmerr.Transient {
			t.Errorf("class = %v, want Transient", got)
		}
		for _, want := range []string{"No such file or directory", "status 1", `"Welcome to lab"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error does not say %q", want)
			}
		}
	})
	t.Run("libvirtd silent until the deadline", func(t *testing.T) {
		f := newFixture(t)
		f.srv.refuseForwarding(ssh.ConnectionFailed)
		f.srv.install("virt-ssh-helper", true)
		f.srv.setBanner("Welcome to lab\n")
		f.srv.setHelperSocket(startSilent(t))
		f.cfg.Socket = DefaultSocket
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		_, closer, err := DialLibvirt(ctx, "lab", f.cfg)
		if closer != nil {
			_ = closer.Close()
		}
		if err == nil {
			t.Fatal("DialLibvirt succeeded, want an error")
		}
		t.Logf("error: %v", err)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error does not wrap context.DeadlineExceeded")
		}
		if got := kvmerr.Classify(err); got != kvmerr.Transient {
			t.Errorf("class = %v, want Transient", got)
		}
		if !strings.Contains(err.Error(), `"Welcome to lab"`) {
			t.Errorf("error does not say what the host printed")
		}
	})
}

// TestDialLibvirt_execSessionCutIsTheLinkNotLibvirtd: a session that sshd ends without a word or
// an exit status (the link cut under it, as the chaos walk's link-cut fault does) is Transient
// and blamed on the connection, not on libvirtd's socket.
func TestDialLibvirt_execSessionCutIsTheLinkNotLibvirtd(t *testing.T) {
	f := newFixture(t)
	f.srv.refuseForwarding(ssh.ConnectionFailed)
	f.srv.install("virt-ssh-helper", true)
	f.srv.forceCommand(func(ch ssh.Channel) uint32 {
		_ = ch.Close() // no exit-status reaches the client
		return 0
	})
	f.cfg.Socket = DefaultSocket
	err := dialTimed(t, f.cfg, 8*time.Second)
	if err == nil {
		t.Fatal("DialLibvirt succeeded, want an error")
	}
	t.Logf("error: %v", err)
	if got := kvmerr.Classify(err); got != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", got)
	}
	if !strings.Contains(err.Error(), "the connection to the host broke") || strings.Contains(err.Error(), "libvirtd") {
		t.Errorf("error does not blame the connection alone")
	}
}
