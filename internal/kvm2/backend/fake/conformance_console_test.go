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

func TestConsoleAndAgentAnswerAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, consoleScenarios)
}

// refreshWhenFree refreshes pool, trying again while libvirt refuses because a volume of the pool
// is being built ("has asynchronous jobs running": the tiers run their packages at once, and
// another test's create builds volumes in the same pool), as the core's refreshPool does.
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
