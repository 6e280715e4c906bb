package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
)

func TestRPCLogger_oneLinePerCall(t *testing.T) {
	tests := []struct {
		name        string
		err         error
		wantOutcome string
	}{
		{"ok", nil, "ok"},
		{"not found", lverr(libvirt.ErrNoDomain), "NotFound"},
		{"permanent", lverr(libvirt.ErrOperationDenied), "Permanent"},
		{"transient", errors.New("eof"), "Transient"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := &recLogger{}
			rpcLogger{log}.RPC(context.Background(), "lab", "DomainLookupByName", 1500*time.Microsecond, tt.err)
			lines := log.all()
			if len(lines) != 1 {
				t.Fatalf("%d lines", len(lines))
			}
			f := lines[0].Fields
			if f["host"] != "lab" || f["method"] != "DomainLookupByName" || f["duration_ms"] != 1.5 || f["outcome"] != tt.wantOutcome {
				t.Fatalf("fields %v", f)
			}
			if _, hasErr := f["error"]; hasErr != (tt.err != nil) {
				t.Fatalf("error field present %v for err %v", hasErr, tt.err)
			}
		})
	}
}

func TestCreateLogsEveryRPCAndNoSecret(t *testing.T) {
	const userSecret = "USERDATA-SENTINEL-7f3a"
	const keySecret = "PRIVATEKEY-SENTINEL-91bc"
	h := newCore(t, func(hc *hostconfig.HostConfig) {
		hc.PrivateKey = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + keySecret + "\n-----END OPENSSH PRIVATE KEY-----"
	})
	inst := h.create(func(r *CreateRequest) { r.UserData = []byte("#cloud-config\npassword: " + userSecret + "\n") })
	if _, err := h.c.Get(context.Background(), inst.ID, inst.UID); err != nil {
		t.Fatal(err)
	}
	text := h.log.text()
	for _, s := range []string{userSecret, keySecret} {
		if strings.Contains(text, s) {
			t.Fatalf("log contains secret %s:\n%s", s, text)
		}
	}
	calls := 0
	for _, c := range h.fb.Calls() {
		if c.Method != "Close" {
			calls++
		}
	}
	for _, d := range h.pool.DedicatedBackends(labHost) {
		calls += len(d.Calls()) - d.Count("Close")
	}
	if got := h.log.count("libvirt call"); got != calls || calls == 0 {
		t.Fatalf("%d libvirt call lines for %d RPCs", got, calls)
	}
}
