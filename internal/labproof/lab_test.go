//go:build lab

package labproof

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"
	"github.com/kdomanski/iso9660"
	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

const (
	agentChannel  = "org.qemu.guest_agent.0"
	poolRunning   = 2 // VIR_STORAGE_POOL_RUNNING
	proxyUserData = "#!/bin/sh\ntinyproxy -c /etc/tinyproxy.conf\n"
)

// labEnv is what tools/lab/up.sh writes to .lab/env.
type labEnv struct {
	Host, User, Key, KnownHosts, Socket string
	Port                                int
	Pool, TinyPool, Network             string
	ImagePath, ProxyPort                string
}

func loadEnv(t *testing.T) labEnv {
	t.Helper()
	e := loadHostEnv(t, "KVM2_TEST_")
	e.TinyPool = mustEnv(t, "KVM2_TEST_TINY_POOL")
	return e
}

// loadHostEnv reads one lab host's variables (prefix KVM2_TEST_ for host 1,
// KVM2_TEST_HOST2_ for host 2) and the image both hosts share.
func loadHostEnv(t *testing.T, prefix string) labEnv {
	t.Helper()
	if os.Getenv(prefix+"SSH_HOST") == "" {
		t.Skipf("lab env absent (%sSSH_HOST): run tools/lab/up.sh (make lab-up), then `source .lab/env`", prefix)
	}
	port, err := strconv.Atoi(mustEnv(t, prefix+"SSH_PORT"))
	if err != nil {
		t.Fatalf("%sSSH_PORT: %v", prefix, err)
	}
	return labEnv{
		Host: mustEnv(t, prefix+"SSH_HOST"), Port: port, User: mustEnv(t, prefix+"SSH_USER"),
		Key: mustEnv(t, prefix+"SSH_KEY"), KnownHosts: mustEnv(t, prefix+"KNOWN_HOSTS"),
		Socket: mustEnv(t, prefix+"SOCKET"), Pool: mustEnv(t, prefix+"POOL"),
		Network:   mustEnv(t, prefix+"NETWORK"),
		ImagePath: mustEnv(t, "KVM2_TEST_IMAGE_PATH"), ProxyPort: mustEnv(t, "KVM2_TEST_PROXY_PORT"),
	}
}

func mustEnv(t *testing.T, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Fatalf("%s is empty; is .lab/env complete?", name)
	}
	return v
}

func (e labEnv) addr() string { return net.JoinHostPort(e.Host, strconv.Itoa(e.Port)) }

// dialSSH opens an SSH client to the lab, verifying the host key against
// knownHostsFile.
func dialSSH(e labEnv, knownHostsFile string) (*ssh.Client, error) {
	pem, err := os.ReadFile(e.Key)
	if err != nil {
		return nil, fmt.Errorf("read client key: %w", err)
	}
	signer, err := ssh.ParsePrivateKey(pem)
	if err != nil {
		return nil, fmt.Errorf("parse client key: %w", err)
	}
	db, err := knownhosts.NewDB(knownHostsFile)
	if err != nil {
		return nil, fmt.Errorf("known_hosts: %w", err)
	}
	cfg := &ssh.ClientConfig{
		User:              e.User,
		Auth:              []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback:   db.HostKeyCallback(),
		HostKeyAlgorithms: db.HostKeyAlgorithms(e.addr()),
		Timeout:           10 * time.Second,
	}
	return ssh.Dial("tcp", e.addr(), cfg)
}

// lab is one SSH client with a libvirt connection over its forwarded socket
// (or, execOnly, over an exec channel: the host's sshd refuses forwarding).
type lab struct {
	env      labEnv
	ssh      *ssh.Client
	lv       *libvirt.Libvirt
	execOnly bool
}

func connect(t *testing.T, e labEnv) *lab {
	t.Helper()
	client, err := dialSSH(e, e.KnownHosts)
	if err != nil {
		t.Fatalf("ssh %s: %v", e.addr(), err)
	}
	conn, err := client.Dial("unix", e.Socket)
	if err != nil {
		client.Close()
		t.Fatalf("forward to %s: %v", e.Socket, err)
	}
	lv := libvirt.NewWithDialer(dialers.NewAlreadyConnected(conn))
	if err := lv.Connect(); err != nil {
		client.Close()
		t.Fatalf("libvirt connect: %v", err)
	}
	t.Cleanup(func() {
		_ = lv.Disconnect()
		client.Close()
	})
	return &lab{env: e, ssh: client, lv: lv}
}

func TestLibvirtOverSSH(t *testing.T) {
	e := loadEnv(t)
	start := time.Now()
	l := connect(t, e)
	t.Logf("SSH + libvirt connect: %s", time.Since(start).Round(time.Millisecond))

	ver, err := l.lv.ConnectGetLibVersion()
	if err != nil {
		t.Fatalf("ConnectGetLibVersion: %v", err)
	}
	if ver < 1_000_000 {
		t.Fatalf("libvirt version %d, want a real one (>= 1.0.0)", ver)
	}
	t.Logf("libvirt %d.%d.%d", ver/1_000_000, ver/1000%1000, ver%1000)

	tests := []struct {
		name        string
		maxCapacity uint64 // 0: no upper bound
	}{
		{name: e.Pool},
		// Quota tests need the tiny pool to be really small.
		{name: e.TinyPool, maxCapacity: 64 << 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pool, err := l.lv.StoragePoolLookupByName(tc.name)
			if err != nil {
				t.Fatalf("StoragePoolLookupByName: %v", err)
			}
			state, capacity, allocation, available, err := l.lv.StoragePoolGetInfo(pool)
			if err != nil {
				t.Fatalf("StoragePoolGetInfo: %v", err)
			}
			if state != poolRunning {
				t.Errorf("pool state %d, want running (%d)", state, poolRunning)
			}
			if capacity == 0 || available > capacity {
				t.Errorf("pool capacity %d, available %d: not a real pool", capacity, available)
			}
			if tc.maxCapacity > 0 && capacity > tc.maxCapacity {
				t.Errorf("pool capacity %d MiB, want at most %d MiB", capacity>>20, tc.maxCapacity>>20)
			}
			t.Logf("capacity %d MiB, allocation %d MiB, available %d MiB", capacity>>20, allocation>>20, available>>20)
		})
	}
}

func TestWrongHostKeyIsRefused(t *testing.T) {
	e := loadEnv(t)
	_, other, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	otherPub, err := ssh.NewPublicKey(other.Public())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		knownHosts string
		want       func(error) bool
	}{
		{
			name:       "different ed25519 key for the same host and port",
			knownHosts: knownhosts.Line([]string{e.addr()}, otherPub) + "\n",
			want:       knownhosts.IsHostKeyChanged,
		},
		{
			name:       "host absent from known_hosts",
			knownHosts: "",
			want:       knownhosts.IsHostUnknown,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "known_hosts")
			if err := os.WriteFile(file, []byte(tc.knownHosts), 0o600); err != nil {
				t.Fatal(err)
			}
			client, err := dialSSH(e, file)
			if err == nil {
				client.Close()
				t.Fatal("SSH handshake succeeded; want a host key error")
			}
			if !tc.want(err) {
				t.Fatalf("error %q is not the expected host key error", err)
			}
		})
	}
}

// TestGuestBootsAndReports boots one guest per firmware, one after the other:
// TCG guests share the host's few cores, and a parallel boot would measure
// contention rather than the guest.
func TestGuestBootsAndReports(t *testing.T) {
	t.Parallel() // each guest's names are its own; guests boot side by side
	e := loadEnv(t)
	for _, firmware := range []string{"bios", "uefi"} {
		t.Run(firmware, func(t *testing.T) {
			t.Parallel()
			l := connect(t, e)
			g := newGuest(t, l, firmware)
			g.create(t)
			ip, took := g.waitForAgent(t)
			t.Logf("%s: agent reports IPv4 %s and hostname %s %s after start", firmware, ip, g.name, took.Round(100*time.Millisecond))
			g.checkProxy(t, ip)
			g.remove(t)
			g.assertGone(t)
		})
	}
}

// guest is one proof domain with its volumes.
type guest struct {
	l                            *lab
	firmware                     string
	name                         string
	pool                         libvirt.StoragePool
	base, overlay, seed          string // volume names
	overlayPath, seedPath, nvram string
}

func newGuest(t *testing.T, l *lab, firmware string) *guest {
	t.Helper()
	suffix := make([]byte, 4)
	if _, err := rand.Read(suffix); err != nil {
		t.Fatal(err)
	}
	name := "kvm2-proof-" + firmware + "-" + hex.EncodeToString(suffix)
	pool, err := l.lv.StoragePoolLookupByName(l.env.Pool)
	if err != nil {
		t.Fatalf("pool %s: %v", l.env.Pool, err)
	}
	g := &guest{
		l: l, firmware: firmware, name: name, pool: pool,
		base: name + "-base.qcow2", overlay: name + ".qcow2", seed: name + "-seed.iso",
	}
	// Runs on failure too; after a successful remove it finds nothing to do.
	t.Cleanup(func() { g.remove(t) })
	return g
}

func (g *guest) create(t *testing.T) {
	t.Helper()
	image, err := os.ReadFile(g.l.env.ImagePath)
	if err != nil {
		t.Fatalf("lab image: %v", err)
	}
	basePath := g.upload(t, g.base, image)

	overlayXML, err := (&libvirtxml.StorageVolume{
		Name:     g.overlay,
		Capacity: &libvirtxml.StorageVolumeSize{Unit: "bytes", Value: 64 << 20},
		Target:   &libvirtxml.StorageVolumeTarget{Format: &libvirtxml.StorageVolumeTargetFormat{Type: "qcow2"}},
		BackingStore: &libvirtxml.StorageVolumeBackingStore{
			Path:   basePath,
			Format: &libvirtxml.StorageVolumeTargetFormat{Type: "qcow2"},
		},
	}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	vol, err := g.l.lv.StorageVolCreateXML(g.pool, overlayXML, 0)
	if err != nil {
		t.Fatalf("create overlay: %v", err)
	}
	if g.overlayPath, err = g.l.lv.StorageVolGetPath(vol); err != nil {
		t.Fatal(err)
	}

	iso := seedISO(t, g.name)
	g.seedPath = g.upload(t, g.seed, iso)

	domXML, err := g.domainXML()
	if err != nil {
		t.Fatal(err)
	}
	dom, err := g.l.lv.DomainDefineXMLFlags(domXML, 0)
	if err != nil {
		t.Fatalf("define: %v", err)
	}
	if err := g.l.lv.DomainCreate(dom); err != nil {
		t.Fatalf("start: %v", err)
	}
	if g.firmware == "uefi" {
		g.nvram = nvramPath(t, g.l.lv, dom)
	}
}

// upload creates a raw volume of len(data) bytes and streams data into it.
func (g *guest) upload(t *testing.T, name string, data []byte) string {
	t.Helper()
	xml, err := (&libvirtxml.StorageVolume{
		Name:     name,
		Capacity: &libvirtxml.StorageVolumeSize{Unit: "bytes", Value: uint64(len(data))},
		Target:   &libvirtxml.StorageVolumeTarget{Format: &libvirtxml.StorageVolumeTargetFormat{Type: "raw"}},
	}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	vol, err := g.l.lv.StorageVolCreateXML(g.pool, xml, 0)
	if err != nil {
		t.Fatalf("create volume %s: %v", name, err)
	}
	start := time.Now()
	if err := g.l.lv.StorageVolUpload(vol, bytes.NewReader(data), 0, uint64(len(data)), 0); err != nil {
		t.Fatalf("upload %s: %v", name, err)
	}
	t.Logf("uploaded %s (%d KiB) in %s", name, len(data)>>10, time.Since(start).Round(time.Millisecond))
	path, err := g.l.lv.StorageVolGetPath(vol)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func seedISO(t *testing.T, hostname string) []byte {
	t.Helper()
	w, err := iso9660.NewWriter()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Cleanup()
	files := map[string]string{
		"meta-data": fmt.Sprintf("instance-id: %s\nlocal-hostname: %s\n", hostname, hostname),
		"user-data": proxyUserData,
	}
	for name, content := range files {
		if err := w.AddFile(strings.NewReader(content), name); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := w.WriteTo(&buf, "cidata"); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func (g *guest) domainXML() (string, error) {
	osSpec := &libvirtxml.DomainOS{
		Type:        &libvirtxml.DomainOSType{Arch: "x86_64", Machine: "q35", Type: "hvm"},
		BootDevices: []libvirtxml.DomainBootDevice{{Dev: "hd"}},
	}
	if g.firmware == "uefi" {
		osSpec.Firmware = "efi"
		osSpec.FirmwareInfo = &libvirtxml.DomainOSFirmwareInfo{
			Features: []libvirtxml.DomainOSFirmwareFeature{{Name: "secure-boot", Enabled: "no"}},
		}
	}
	fileDisk := func(device, format, path, dev, bus string) libvirtxml.DomainDisk {
		return libvirtxml.DomainDisk{
			Device: device,
			Driver: &libvirtxml.DomainDiskDriver{Name: "qemu", Type: format},
			Source: &libvirtxml.DomainDiskSource{File: &libvirtxml.DomainDiskSourceFile{File: path}},
			Target: &libvirtxml.DomainDiskTarget{Dev: dev, Bus: bus},
		}
	}
	seed := fileDisk("cdrom", "raw", g.seedPath, "sda", "sata")
	seed.ReadOnly = &libvirtxml.DomainDiskReadOnly{}
	dom := &libvirtxml.Domain{
		Type:     "qemu", // TCG: the lab has no usable KVM
		Name:     g.name,
		Memory:   &libvirtxml.DomainMemory{Value: 192, Unit: "MiB"},
		VCPU:     &libvirtxml.DomainVCPU{Value: 1},
		OS:       osSpec,
		Features: &libvirtxml.DomainFeatureList{ACPI: &libvirtxml.DomainFeature{}},
		Devices: &libvirtxml.DomainDeviceList{
			Disks: []libvirtxml.DomainDisk{fileDisk("disk", "qcow2", g.overlayPath, "vda", "virtio"), seed},
			Interfaces: []libvirtxml.DomainInterface{{
				Source: &libvirtxml.DomainInterfaceSource{Network: &libvirtxml.DomainInterfaceSourceNetwork{Network: g.l.env.Network}},
				Model:  &libvirtxml.DomainInterfaceModel{Type: "virtio"},
			}},
			Channels: []libvirtxml.DomainChannel{{
				Source: &libvirtxml.DomainChardevSource{UNIX: &libvirtxml.DomainChardevSourceUNIX{Mode: "bind"}},
				Target: &libvirtxml.DomainChannelTarget{VirtIO: &libvirtxml.DomainChannelTargetVirtIO{Name: agentChannel}},
			}},
			Serials: []libvirtxml.DomainSerial{{Source: &libvirtxml.DomainChardevSource{Pty: &libvirtxml.DomainChardevSourcePty{}}}},
		},
	}
	return dom.Marshal()
}

func nvramPath(t *testing.T, lv *libvirt.Libvirt, dom libvirt.Domain) string {
	t.Helper()
	xml, err := lv.DomainGetXMLDesc(dom, 0)
	if err != nil {
		t.Fatal(err)
	}
	var d libvirtxml.Domain
	if err := d.Unmarshal(xml); err != nil {
		t.Fatal(err)
	}
	if d.OS == nil || d.OS.NVRam == nil || d.OS.NVRam.NVRam == "" {
		t.Fatalf("UEFI domain has no NVRAM file in its XML")
	}
	return d.OS.NVRam.NVRam
}

// waitForAgent polls the guest agent until it reports a non-loopback IPv4
// address and the hostname from the seed, within budget.LabGuestBoot of the
// start (stretched by the machine's load).
func (g *guest) waitForAgent(t *testing.T) (string, time.Duration) {
	t.Helper()
	dom, err := g.l.lv.DomainLookupByName(g.name)
	if err != nil {
		t.Fatal(err)
	}
	w := budget.LabGuestBoot.Start()
	var ip, host string
	var lastErr error
	for !w.Over() {
		time.Sleep(500 * time.Millisecond)
		ifaces, err := g.l.lv.DomainInterfaceAddresses(dom, uint32(libvirt.DomainInterfaceAddressesSrcAgent), 0)
		if err != nil {
			lastErr = err // the agent is not up yet
			continue
		}
		ip = firstIPv4(ifaces)
		if host, err = g.l.lv.DomainGetHostname(dom, libvirt.DomainGetHostnameAgent); err != nil {
			lastErr = err
			continue
		}
		if ip != "" && host == g.name {
			if note := w.Note(); note != "" {
				t.Log(note)
			}
			return ip, w.Elapsed()
		}
	}
	t.Fatal(w.Errorf("IPv4 %q, hostname %q (want %q), last error: %v", ip, host, g.name, lastErr))
	return "", 0
}

func firstIPv4(ifaces []libvirt.DomainInterface) string {
	for _, iface := range ifaces {
		for _, a := range iface.Addrs {
			ip := net.ParseIP(a.Addr)
			if a.Type == int32(libvirt.IPAddrTypeIpv4) && ip != nil && !ip.IsLoopback() {
				return a.Addr
			}
		}
	}
	return ""
}

// checkProxy proves the user-data script ran: tinyproxy in the guest answers
// an HTTP proxy request (reached through the lab's SSH, like a remote host).
func (g *guest) checkProxy(t *testing.T, ip string) {
	t.Helper()
	addr := net.JoinHostPort(ip, g.l.env.ProxyPort)
	w := budget.LabGuestProxy.Start()
	var lastErr error
	for !w.Over() {
		status, err := proxyRequest(g.l, addr)
		if err == nil {
			if !strings.HasPrefix(status, "HTTP/1.") {
				t.Fatalf("proxy at %s answered %q, want an HTTP status line", addr, status)
			}
			t.Logf("proxy at %s answers: %s", addr, status)
			return
		}
		lastErr = err
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatal(w.Errorf("no HTTP proxy at %s: %v", addr, lastErr))
}

// dialTCP reaches addr from the lab host: through a forwarded channel, or nc
// in an exec channel where the host's sshd refuses forwarding.
func (l *lab) dialTCP(addr string) (net.Conn, error) {
	if !l.execOnly {
		return l.ssh.Dial("tcp", addr)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	return execStream(l.ssh, "nc -w 10 "+host+" "+port)
}

// proxyRequest asks the proxy for a URL on a closed port of the lab's own
// bridge address; any proxy answers with an error status line.
func proxyRequest(l *lab, addr string) (string, error) {
	conn, err := l.dialTCP(addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second)) // not honoured by SSH channels; the deadline loop bounds the wait
	if _, err := io.WriteString(conn, "GET http://127.0.0.1:9/ HTTP/1.0\r\n\r\n"); err != nil {
		return "", err
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(line), nil
}

// remove destroys and undefines the domain (with its NVRAM) and deletes its
// volumes; what is already gone is skipped.
func (g *guest) remove(t *testing.T) {
	t.Helper()
	lv := g.l.lv
	if dom, err := lv.DomainLookupByName(g.name); err == nil {
		if err := lv.DomainDestroy(dom); err != nil && !isCode(err, libvirt.ErrOperationInvalid) {
			t.Errorf("destroy %s: %v", g.name, err)
		}
		if err := lv.DomainUndefineFlags(dom, libvirt.DomainUndefineNvram); err != nil {
			t.Errorf("undefine %s: %v", g.name, err)
		}
	} else if !libvirt.IsNotFound(err) {
		t.Errorf("lookup %s: %v", g.name, err)
	}
	for _, name := range []string{g.overlay, g.seed, g.base} {
		vol, err := lv.StorageVolLookupByName(g.pool, name)
		if isCode(err, libvirt.ErrNoStorageVol) {
			continue
		}
		if err != nil {
			t.Errorf("lookup volume %s: %v", name, err)
			continue
		}
		if err := lv.StorageVolDelete(vol, 0); err != nil {
			t.Errorf("delete volume %s: %v", name, err)
		}
	}
}

func (g *guest) assertGone(t *testing.T) {
	t.Helper()
	if _, err := g.l.lv.DomainLookupByName(g.name); !libvirt.IsNotFound(err) {
		t.Errorf("domain %s still there (lookup error %v)", g.name, err)
	}
	for _, name := range []string{g.overlay, g.seed, g.base} {
		if _, err := g.l.lv.StorageVolLookupByName(g.pool, name); !isCode(err, libvirt.ErrNoStorageVol) {
			t.Errorf("volume %s still there (lookup error %v)", name, err)
		}
	}
	if g.nvram != "" {
		// The NVRAM file lives on the lab host: look through SSH.
		session, err := g.l.ssh.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer session.Close()
		if err := session.Run("test ! -e '" + g.nvram + "'"); err != nil {
			t.Errorf("NVRAM file %s still there", g.nvram)
		}
	}
}

func isCode(err error, code libvirt.ErrorNumber) bool {
	var lerr libvirt.Error
	return errors.As(err, &lerr) && lerr.Code == uint32(code)
}
