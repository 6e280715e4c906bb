//go:build integration

package backend

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// labConfig reads the lab host from KVM2_TEST_* (written by tools/lab/up.sh to .lab/env),
// skipping when the lab is not configured.
func labConfig(tb testing.TB) (sshx.Config, string) {
	tb.Helper()
	host := os.Getenv("KVM2_TEST_SSH_HOST")
	if host == "" {
		tb.Skip("KVM2_TEST_SSH_HOST is unset: start the lab with tools/lab/up.sh and source .lab/env")
	}
	port, err := strconv.Atoi(os.Getenv("KVM2_TEST_SSH_PORT"))
	if err != nil {
		tb.Fatalf("KVM2_TEST_SSH_PORT: %v", err)
	}
	pool := os.Getenv("KVM2_TEST_POOL")
	if pool == "" {
		pool = "default"
	}
	return sshx.Config{
		Address:        host,
		Port:           port,
		User:           os.Getenv("KVM2_TEST_SSH_USER"),
		PrivateKeyFile: os.Getenv("KVM2_TEST_SSH_KEY"),
		KnownHostsFile: os.Getenv("KVM2_TEST_KNOWN_HOSTS"),
		Socket:         os.Getenv("KVM2_TEST_SOCKET"),
	}, pool
}

func labCtx(tb testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	tb.Cleanup(cancel)
	return ctx
}

func TestIntegration_connectVersionAndPool(t *testing.T) {
	cfg, pool := labConfig(t)
	ctx := labCtx(t)
	rec := &recorder{}
	b, err := Connect(ctx, "lab", cfg, PoolOptions{Observer: rec})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	defer b.Close()

	v, err := b.ConnectGetLibVersion(ctx)
	if err != nil || v < 1_000_000 {
		t.Fatalf("ConnectGetLibVersion = %d, %v", v, err)
	}
	t.Logf("libvirt %d.%d.%d", v/1_000_000, v/1_000%1_000, v%1_000)
	p, err := b.StoragePoolLookupByName(ctx, pool)
	if err != nil {
		t.Fatalf("StoragePoolLookupByName(%s): %v", pool, err)
	}
	if _, err := b.StoragePoolLookupByName(ctx, "kvm2-no-such-pool"); !kvmerr.IsNotFound(err) {
		t.Errorf("missing pool: err = %v, want NotFound (libvirt code visible)", err)
	}
	capacity, _, available, err := b.StoragePoolGetInfo(ctx, p)
	if err != nil || capacity == 0 || available > capacity {
		t.Errorf("StoragePoolGetInfo = %d/%d, %v", available, capacity, err)
	}
	if len(rec.methods()) < 5 {
		t.Errorf("observer saw %v, want a line per RPC", rec.methods())
	}
}

func TestIntegration_poolAcquire(t *testing.T) {
	cfg, pool := labConfig(t)
	ctx := labCtx(t)
	p := NewSSHPool(map[string]sshx.Config{"lab": cfg}, nil, PoolOptions{})
	defer p.Close()

	b, release, err := p.Acquire(ctx, "lab")
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	defer release()
	if _, err := b.StoragePoolLookupByName(ctx, pool); err != nil {
		t.Fatalf("pool lookup over the pooled connection: %v", err)
	}
	ded, err := p.Dedicated(ctx, "lab")
	if err != nil {
		t.Fatalf("Dedicated: %v", err)
	}
	defer ded.Close()
	if ded == b {
		t.Error("Dedicated returned the pooled connection")
	}
	if _, err := ded.ConnectGetLibVersion(ctx); err != nil {
		t.Errorf("version over the dedicated connection: %v", err)
	}
}

func TestIntegration_dialFailures(t *testing.T) {
	cfg, _ := labConfig(t)
	_, stranger, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	strangerKey, err := ssh.NewSignerFromKey(stranger)
	if err != nil {
		t.Fatal(err)
	}
	wrongKnownHosts := filepath.Join(t.TempDir(), "known_hosts")
	addr := net.JoinHostPort(cfg.Address, strconv.Itoa(cfg.Port))
	line := knownhosts.Line([]string{addr}, strangerKey.PublicKey()) + "\n"
	if err := os.WriteFile(wrongKnownHosts, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := closed.Addr().(*net.TCPAddr).Port
	_ = closed.Close()

	tests := []struct {
		name  string
		edit  func(c *sshx.Config)
		stage kvmerr.Stage
		class kvmerr.Class
	}{
		{"wrong known_hosts", func(c *sshx.Config) { c.KnownHostsFile = wrongKnownHosts }, kvmerr.StageHostKey, kvmerr.Permanent},
		{"closed port", func(c *sshx.Config) { c.Address, c.Port = "127.0.0.1", closedPort }, kvmerr.StageTCP, kvmerr.Transient},
		// sshd answers "connect failed" for a socket that is not there: libvirtd restarting.
		{"wrong socket", func(c *sshx.Config) { c.Socket = "/nonexistent/libvirt-sock" }, kvmerr.StageSocket, kvmerr.Transient},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cfg
			tt.edit(&c)
			b, err := Connect(labCtx(t), "lab", c, PoolOptions{})
			if err == nil {
				_ = b.Close()
				t.Fatal("Connect succeeded")
			}
			var de *kvmerr.DialError
			if !errors.As(err, &de) || de.Stage != tt.stage || kvmerr.Classify(err) != tt.class {
				t.Fatalf("err = %v (class %v), want a DialError at stage %s, class %v", err, kvmerr.Classify(err), tt.stage, tt.class)
			}
		})
	}
}

// BenchmarkRPCRoundTrip times ConnectGetLibVersion over an established SSH link.
func BenchmarkRPCRoundTrip(b *testing.B) {
	cfg, _ := labConfig(b)
	ctx := context.Background()
	be, err := Connect(ctx, "lab", cfg, PoolOptions{})
	if err != nil {
		b.Fatalf("Connect: %v", err)
	}
	defer be.Close()
	b.ResetTimer()
	for b.Loop() {
		if _, err := be.ConnectGetLibVersion(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConnect times a full fresh connection: TCP, SSH handshake and auth, socket
// forward, libvirt connect (what each health check and each upload pays once).
func BenchmarkConnect(b *testing.B) {
	cfg, _ := labConfig(b)
	ctx := context.Background()
	for b.Loop() {
		be, err := Connect(ctx, "lab", cfg, PoolOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = be.Close()
	}
}

// labBackend connects to the lab for one test.
func labBackend(t *testing.T) (Backend, string, context.Context) {
	t.Helper()
	cfg, pool := labConfig(t)
	ctx := labCtx(t)
	b, err := Connect(ctx, "lab", cfg, PoolOptions{})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b, pool, ctx
}

// withFreshConnection runs cleanup on a new connection: the test's own may be the thing that
// failed, and what it created must not outlive the test.
func withFreshConnection(t *testing.T, cleanup func(context.Context, Backend)) {
	cfg, _ := labConfig(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := Connect(ctx, "lab", cfg, PoolOptions{})
	if err != nil {
		t.Logf("cleanup could not connect: %v", err)
		return
	}
	defer b.Close()
	cleanup(ctx, b)
}

// uniqueName returns a name no earlier run left behind.
func uniqueName(prefix string) string {
	return prefix + strconv.FormatInt(time.Now().UnixNano(), 36)
}

func TestIntegration_volumeUploadDownload(t *testing.T) {
	b, poolName, ctx := labBackend(t)
	pool, err := b.StoragePoolLookupByName(ctx, poolName)
	if err != nil {
		t.Fatal(err)
	}
	const size = 3<<20 + 12345 // not a multiple of go-libvirt's stream chunk
	name := uniqueName("kvm2-it-vol-")
	vol, err := b.StorageVolCreateXML(ctx, pool,
		"<volume><name>"+name+"</name><capacity unit='bytes'>"+strconv.Itoa(size)+"</capacity><target><format type='raw'/></target></volume>")
	if err != nil {
		t.Fatalf("StorageVolCreateXML: %v", err)
	}
	t.Cleanup(func() {
		withFreshConnection(t, func(c context.Context, fresh Backend) {
			if p, err := fresh.StoragePoolLookupByName(c, poolName); err == nil {
				if v, err := fresh.StorageVolLookupByName(c, p, name); err == nil {
					_ = fresh.StorageVolDelete(c, v)
				}
			}
		})
	})

	data := make([]byte, size)
	if _, err := rand.Read(data); err != nil {
		t.Fatal(err)
	}
	if err := b.StorageVolUpload(ctx, vol, bytes.NewReader(data), size); err != nil {
		t.Fatalf("StorageVolUpload: %v", err)
	}
	var got bytes.Buffer
	if err := b.StorageVolDownload(ctx, vol, &got, size); err != nil {
		t.Fatalf("StorageVolDownload: %v", err)
	}
	if !bytes.Equal(got.Bytes(), data) {
		t.Fatalf("downloaded %d bytes differing from the %d uploaded", got.Len(), size)
	}
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil || capacity != size {
		t.Errorf("StorageVolGetInfo capacity = %d, %v; want %d", capacity, err, size)
	}
	if path, err := b.StorageVolGetPath(ctx, vol); err != nil || path == "" {
		t.Errorf("StorageVolGetPath = %q, %v", path, err)
	}
	if err := b.StorageVolDelete(ctx, vol); err != nil {
		t.Fatalf("StorageVolDelete: %v", err)
	}
	if _, err := b.StorageVolLookupByName(ctx, pool, name); !kvmerr.IsNotFound(err) {
		t.Errorf("lookup after delete: err = %v, want NotFound", err)
	}
}

func TestIntegration_domainMetadataInactiveAndRunning(t *testing.T) {
	b, _, ctx := labBackend(t)
	const uri = "https://example.invalid/kvm2-it/v1"
	name := uniqueName("kvm2-it-dom-")
	dom, err := b.DomainDefineXML(ctx, "<domain type='qemu'><name>"+name+"</name><memory unit='MiB'>32</memory>"+
		"<os><type arch='x86_64'>hvm</type></os><devices></devices></domain>")
	if err != nil {
		t.Fatalf("DomainDefineXML: %v", err)
	}
	t.Cleanup(func() {
		withFreshConnection(t, func(c context.Context, fresh Backend) {
			if d, err := fresh.DomainLookupByName(c, name); err == nil {
				_ = fresh.DomainDestroy(c, d)
				_ = fresh.DomainUndefine(c, d, 0)
			}
		})
	})

	// Inactive: only the persistent definition exists.
	if err := b.DomainSetMetadata(ctx, dom, "<it v='1'/>", "it", uri, libvirt.DomainAffectCurrent); err != nil {
		t.Fatalf("DomainSetMetadata on an inactive domain: %v", err)
	}
	if md, err := b.DomainGetMetadata(ctx, dom, uri); err != nil || !bytes.Contains([]byte(md), []byte("v=\"1\"")) {
		t.Fatalf("DomainGetMetadata = %q, %v", md, err)
	}

	if err := b.DomainCreate(ctx, dom); err != nil {
		t.Fatalf("DomainCreate: %v", err)
	}
	if state, _, err := b.DomainGetState(ctx, dom); err != nil || state != int32(libvirt.DomainRunning) {
		t.Fatalf("DomainGetState = %d, %v; want running", state, err)
	}
	// Running and persistent: current is the live definition only; live|config reaches both.
	if err := b.DomainSetMetadata(ctx, dom, "<it v='2'/>", "it", uri, libvirt.DomainAffectCurrent); err != nil {
		t.Fatalf("DomainSetMetadata on a running domain: %v", err)
	}
	inactiveXML, err := b.DomainGetXMLDesc(ctx, dom, libvirt.DomainXMLInactive)
	if err != nil || bytes.Contains([]byte(inactiveXML), []byte("v=\"2\"")) {
		t.Errorf("current on a running domain reached the persistent definition (err %v)", err)
	}
	if err := b.DomainSetMetadata(ctx, dom, "<it v='3'/>", "it", uri, libvirt.DomainAffectLive|libvirt.DomainAffectConfig); err != nil {
		t.Fatalf("DomainSetMetadata live|config on a running domain: %v", err)
	}
	inactiveXML, err = b.DomainGetXMLDesc(ctx, dom, libvirt.DomainXMLInactive)
	if err != nil || !bytes.Contains([]byte(inactiveXML), []byte("v=\"3\"")) {
		t.Errorf("persistent definition lacks the live|config metadata (err %v)", err)
	}
	if persistent, err := b.DomainIsPersistent(ctx, dom); err != nil || !persistent {
		t.Errorf("DomainIsPersistent = %v, %v", persistent, err)
	}
	if err := b.DomainDestroy(ctx, dom); err != nil {
		t.Fatalf("DomainDestroy: %v", err)
	}
	if err := b.DomainUndefine(ctx, dom, 0); err != nil {
		t.Fatalf("DomainUndefine: %v", err)
	}
	if _, err := b.DomainLookupByName(ctx, name); !kvmerr.IsNotFound(err) {
		t.Errorf("lookup after undefine: err = %v, want NotFound", err)
	}
}

// BenchmarkVolumeUpload streams 64 MiB into a raw volume over SSH per iteration; the MB/s
// figure is the transport's upload line rate.
func BenchmarkVolumeUpload(b *testing.B) {
	const size = 64 << 20
	cfg, poolName := labConfig(b)
	ctx := context.Background()
	be, err := Connect(ctx, "lab", cfg, PoolOptions{})
	if err != nil {
		b.Fatalf("Connect: %v", err)
	}
	defer be.Close()
	pool, err := be.StoragePoolLookupByName(ctx, poolName)
	if err != nil {
		b.Fatal(err)
	}
	name := uniqueName("kvm2-it-bench-")
	vol, err := be.StorageVolCreateXML(ctx, pool,
		"<volume><name>"+name+"</name><capacity unit='bytes'>"+strconv.Itoa(size)+"</capacity><target><format type='raw'/></target></volume>")
	if err != nil {
		b.Fatalf("StorageVolCreateXML: %v", err)
	}
	defer func() { _ = be.StorageVolDelete(ctx, vol) }()
	data := make([]byte, size)
	if _, err := rand.Read(data); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		if err := be.StorageVolUpload(ctx, vol, bytes.NewReader(data), size); err != nil {
			b.Fatal(err)
		}
	}
}
