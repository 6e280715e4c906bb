package fake

import (
	"bytes"
	"context"
	"path"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

// What libvirt 9.0 answers about a serial console logged to a file in a pool's directory (the
// kvm2 console log) and about guest agent commands of a guest whose agent does not answer.

// loggedSerial is a serial port on a pty logged to file (begun anew at each start) and the guest
// agent's channel, as kvm2 defines them.
func loggedSerial(file string) string {
	return "<serial type='pty'><target port='0'/><log file='" + file + "' append='off'/></serial>" +
		"<console type='pty'><target type='serial' port='0'/></console>" +
		"<channel type='unix'><source mode='bind'/><target type='virtio' name='org.qemu.guest_agent.0'/></channel>"
}

// appendedSerial is loggedSerial with the log appended to at each start, as kvm2 defines it.
func appendedSerial(file string) string {
	return strings.Replace(loggedSerial(file), "append='off'", "append='on'", 1)
}

var consoleScenarios = []scenario{
	{"a console log in the pool's directory starts and is a volume after a refresh", func(t *testing.T, tg *target) {
		n := tg.name("con")
		logPath := path.Join(tg.dir, n+".console.log")
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				if d, err := b.DomainLookupByName(ctx, n); err == nil {
					_ = b.DomainDestroy(ctx, d)
				}
				_ = refreshWhenFree(ctx, b, tg.pool)
				if v, err := b.StorageVolLookupByPath(ctx, logPath); err == nil {
					_ = b.StorageVolDelete(ctx, v)
				}
			})
		})
		dom := tg.define(t, n, guest{name: n, devices: loggedSerial(logPath)}.xml())
		tg.start(t, dom)
		ctx := tg.ctx(t)
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		v, err := tg.b.StorageVolLookupByPath(ctx, logPath)
		if err != nil || v.Name != path.Base(logPath) {
			t.Fatalf("the console log after a refresh: %+v, %v", v, err)
		}
		if _, _, err := tg.b.StorageVolGetInfo(ctx, v); err != nil {
			t.Fatalf("StorageVolGetInfo of the log: %v", err)
		}
		var w bytes.Buffer
		if err := tg.b.StorageVolDownloadRange(ctx, v, &w, 0, 4096); err != nil {
			t.Fatalf("StorageVolDownloadRange of the log: %v", err)
		}
	}},
	{"a console log made a volume before the start is the log: the start opens it in place, and deleting the volume leaves no file", func(t *testing.T, tg *target) {
		n := tg.name("pre")
		logPath := path.Join(tg.dir, n+".console.log")
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				if d, err := b.DomainLookupByName(ctx, n); err == nil {
					_ = b.DomainDestroy(ctx, d)
				}
				_ = refreshWhenFree(ctx, b, tg.pool)
				if v, err := b.StorageVolLookupByPath(ctx, logPath); err == nil {
					_ = b.StorageVolDelete(ctx, v)
				}
			})
		})
		ctx := tg.ctx(t)
		made, err := tg.b.StorageVolCreateXML(ctx, tg.pool, emptyRawVolume(path.Base(logPath)))
		if err != nil {
			t.Fatalf("StorageVolCreateXML of the log: %v", err)
		}
		dom := tg.define(t, n, guest{name: n, devices: appendedSerial(logPath)}.xml())
		tg.start(t, dom)
		v, err := tg.b.StorageVolLookupByPath(ctx, logPath)
		if err != nil || v.Name != made.Name {
			t.Fatalf("the log volume by path, with no refresh, while the domain runs: %+v, %v", v, err)
		}
		if _, _, err := tg.b.StorageVolGetInfo(ctx, v); err != nil {
			t.Fatalf("StorageVolGetInfo of the log: %v", err)
		}
		tg.destroy(t, dom)
		// Deleted by pool and name, as Delete does, with no lookup.
		if err := tg.b.StorageVolDelete(ctx, libvirt.StorageVol{Pool: tg.pool.Name, Name: made.Name}); err != nil {
			t.Fatalf("StorageVolDelete of the log by name: %v", err)
		}
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		_, err = tg.b.StorageVolLookupByPath(ctx, logPath)
		wantRefusal(t, "the deleted log after a refresh", err, libvirt.ErrNoStorageVol)
	}},
	{"a start that begins the log anew removes its rotated copies: their volumes stay, deletable, until a refresh drops them", func(t *testing.T, tg *target) {
		n := tg.name("trn")
		logPath := path.Join(tg.dir, n+".console.log")
		names := []string{path.Base(logPath), path.Base(logPath) + ".0", path.Base(logPath) + ".1"}
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				if d, err := b.DomainLookupByName(ctx, n); err == nil {
					_ = b.DomainDestroy(ctx, d)
				}
				_ = refreshWhenFree(ctx, b, tg.pool)
				for _, name := range names {
					_ = b.StorageVolDelete(ctx, libvirt.StorageVol{Pool: tg.pool.Name, Name: name})
				}
			})
		})
		ctx := tg.ctx(t)
		for _, name := range names {
			if _, err := tg.b.StorageVolCreateXML(ctx, tg.pool, emptyRawVolume(name)); err != nil {
				t.Fatalf("StorageVolCreateXML %s: %v", name, err)
			}
		}
		dom := tg.define(t, n, guest{name: n, devices: loggedSerial(logPath)}.xml())
		tg.start(t, dom) // append='off': virtlogd removes the log and its copies, then makes the log
		tg.destroy(t, dom)
		// The copy's file is gone, its volume not: deleting it succeeds.
		if err := tg.b.StorageVolDelete(ctx, libvirt.StorageVol{Pool: tg.pool.Name, Name: names[2]}); err != nil {
			t.Fatalf("StorageVolDelete of a copy whose file virtlogd removed: %v", err)
		}
		if _, err := tg.b.StorageVolLookupByName(ctx, tg.pool, names[1]); err != nil {
			t.Fatalf("the other copy before a refresh: %v", err)
		}
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		_, err := tg.b.StorageVolLookupByName(ctx, tg.pool, names[1])
		wantRefusal(t, "the copy after a refresh", err, libvirt.ErrNoStorageVol)
		if _, err := tg.b.StorageVolLookupByPath(ctx, logPath); err != nil {
			t.Fatalf("the log after a refresh: %v", err)
		}
	}},
	{"a start that appends to the log keeps its rotated copies: after a refresh every name is still a volume", func(t *testing.T, tg *target) {
		n := tg.name("app")
		logPath := path.Join(tg.dir, n+".console.log")
		names := []string{path.Base(logPath), path.Base(logPath) + ".0", path.Base(logPath) + ".1", path.Base(logPath) + ".2"}
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				if d, err := b.DomainLookupByName(ctx, n); err == nil {
					_ = b.DomainDestroy(ctx, d)
				}
				_ = refreshWhenFree(ctx, b, tg.pool)
				for _, name := range names {
					_ = b.StorageVolDelete(ctx, libvirt.StorageVol{Pool: tg.pool.Name, Name: name})
				}
			})
		})
		ctx := tg.ctx(t)
		for _, name := range names {
			if _, err := tg.b.StorageVolCreateXML(ctx, tg.pool, emptyRawVolume(name)); err != nil {
				t.Fatalf("StorageVolCreateXML %s: %v", name, err)
			}
		}
		dom := tg.define(t, n, guest{name: n, devices: appendedSerial(logPath)}.xml())
		tg.start(t, dom)
		tg.destroy(t, dom)
		tg.start(t, dom) // a second start appends again
		tg.destroy(t, dom)
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		for _, name := range names {
			if _, err := tg.b.StorageVolLookupByName(ctx, tg.pool, name); err != nil {
				t.Fatalf("%s after two starts and a refresh: %v", name, err)
			}
			if err := tg.b.StorageVolDelete(ctx, libvirt.StorageVol{Pool: tg.pool.Name, Name: name}); err != nil {
				t.Fatalf("StorageVolDelete of %s by name: %v", name, err)
			}
		}
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		_, err := tg.b.StorageVolLookupByPath(ctx, logPath)
		wantRefusal(t, "the deleted log after a refresh", err, libvirt.ErrNoStorageVol)
	}},
	{"a volume is refused over a file of the pool's directory that the pool does not list, and after a refresh the file is the volume", func(t *testing.T, tg *target) {
		n := tg.name("unk")
		logPath := path.Join(tg.dir, n+".console.log")
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				_ = refreshWhenFree(ctx, b, tg.pool)
				if v, err := b.StorageVolLookupByPath(ctx, logPath); err == nil {
					_ = b.StorageVolDelete(ctx, v)
				}
			})
		})
		dom := tg.define(t, n, guest{name: n, devices: loggedSerial(logPath)}.xml())
		tg.start(t, dom) // virtlogd makes the file
		tg.destroy(t, dom)
		ctx := tg.ctx(t)
		_, err := tg.b.StorageVolCreateXML(ctx, tg.pool, emptyRawVolume(path.Base(logPath)))
		wantRefusal(t, "a volume over virtlogd's file", err, libvirt.ErrOperationInvalid, "already exists")
		if err := refreshWhenFree(ctx, tg.b, tg.pool); err != nil {
			t.Fatalf("StoragePoolRefresh: %v", err)
		}
		if _, err := tg.b.StorageVolLookupByName(ctx, tg.pool, path.Base(logPath)); err != nil {
			t.Fatalf("the file by name after a refresh: %v", err)
		}
		_, err = tg.b.StorageVolCreateXML(ctx, tg.pool, emptyRawVolume(path.Base(logPath)))
		wantRefusal(t, "a volume over the file once the pool lists it", err, libvirt.ErrStorageVolExist)
	}},
	{"an agent command is refused while no agent answers, and on a stopped domain", func(t *testing.T, tg *target) {
		n := tg.name("agt")
		dom := tg.define(t, n, guest{name: n, devices: loggedSerial(path.Join(tg.dir, n+".console.log"))}.xml())
		t.Cleanup(func() {
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				_ = refreshWhenFree(ctx, b, tg.pool)
				if v, err := b.StorageVolLookupByPath(ctx, path.Join(tg.dir, n+".console.log")); err == nil {
					_ = b.StorageVolDelete(ctx, v)
				}
			})
		})
		open := `{"execute":"guest-file-open","arguments":{"path":"/run/cloud-init/result.json","mode":"r"}}`
		_, err := tg.b.QEMUDomainAgentCommand(tg.ctx(t), dom, open, 2)
		wantRefusal(t, "an agent command on a stopped domain", err, libvirt.ErrOperationInvalid, "not running")
		tg.start(t, dom)
		dom, err = tg.b.DomainLookupByName(tg.ctx(t), n)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tg.b.QEMUDomainAgentCommand(tg.ctx(t), dom, open, 2)
		wantRefusal(t, "an agent command with no agent in the guest", err, libvirt.ErrAgentUnresponsive, "not connected")
		tg.destroy(t, dom)
	}},
}

// emptyRawVolume is a volume of capacity 0 in raw format called name, as kvm2 makes the console
// log and its rotated copies (definition.MarkerVolumeXML).
func emptyRawVolume(name string) string {
	return "<volume><name>" + name + "</name><capacity unit='bytes'>0</capacity>" +
		"<target><format type='raw'/></target></volume>"
}

func TestConsoleAndAgentAnswerAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, consoleScenarios)
}

// refreshWhenFree refreshes pool, trying again while libvirt refuses because a volume of the pool
// is being built ("has asynchronous jobs running": the tiers run their packages at once, and
// another test's create builds volumes in the same pool), as the core's hostops.RefreshPool does.
func refreshWhenFree(ctx context.Context, b backend.Backend, pool libvirt.StoragePool) error {
	for {
		err := b.StoragePoolRefresh(ctx, pool)
		if err == nil || !strings.Contains(err.Error(), "asynchronous jobs running") {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(200 * time.Millisecond):
		}
	}
}
