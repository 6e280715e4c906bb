package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

func TestCheckAttachment(t *testing.T) {
	tests := []struct {
		name            string
		host            func(*hostconfig.HostConfig)
		network, bridge string
		setup           func(h *coreHarness)
		want            string // "" accepts; else the AttachmentError text
		wantProblem     string
	}{
		{name: "host default network", want: ""},
		{name: "own network", network: "proxies", setup: func(h *coreHarness) { h.fb.AddNetwork("proxies", true) }},
		{name: "unknown network", network: "nope", want: `network "nope" does not exist on host "lab"`, wantProblem: AttachmentMissing},
		{name: "inactive network", network: "proxies", setup: func(h *coreHarness) { h.fb.AddNetwork("proxies", false) },
			want: `network "proxies" is not active on host "lab"`, wantProblem: AttachmentInactive},
		{name: "host default network removed", setup: func(h *coreHarness) { h.fb.RemoveNetwork("default") },
			want: `network "default" does not exist on host "lab"`, wantProblem: AttachmentMissing},
		{name: "bridge present", bridge: "br0", setup: func(h *coreHarness) { h.fb.AddBridge("br0") }},
		{name: "unknown bridge", bridge: "br9", want: `bridge "br9" does not exist on host "lab"`, wantProblem: AttachmentMissing},
		{name: "host default bridge missing", host: func(hc *hostconfig.HostConfig) { hc.Bridge = "br0" },
			want: `bridge "br0" does not exist on host "lab"`, wantProblem: AttachmentMissing},
		{name: "host default bridge present", host: func(hc *hostconfig.HostConfig) { hc.Bridge = "br0" },
			setup: func(h *coreHarness) { h.fb.AddBridge("br0") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mut []func(*hostconfig.HostConfig)
			if tt.host != nil {
				mut = append(mut, tt.host)
			}
			h := newCore(t, mut...)
			if tt.setup != nil {
				tt.setup(h)
			}
			err := h.c.CheckAttachment(context.Background(), labHost, tt.network, tt.bridge)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var refused *AttachmentError
			if !errors.As(err, &refused) || refused.Problem != tt.wantProblem || !errors.Is(err, kvmerr.ErrPermanent) {
				t.Fatalf("err = %v, want a Permanent *AttachmentError %q", err, tt.wantProblem)
			}
			if err.Error() != tt.want {
				t.Fatalf("err = %q, want %q", err, tt.want)
			}
		})
	}
}

// TestCheckAttachment_cannotTell: a host that fails to answer, or has no interface driver, is
// not a refusal: the caller must not read it as a missing network or bridge.
func TestCheckAttachment_cannotTell(t *testing.T) {
	tests := []struct {
		name, method, bridge string
		err                  error
	}{
		{"network lookup times out", "NetworkLookupByName", "", kvmerr.ErrAbandoned},
		{"network state unreadable", "NetworkIsActive", "", lverr(libvirt.ErrRPC)},
		{"no interface driver", "InterfaceLookupByName", "br0", lverr(libvirt.ErrNoSupport)},
		{"interface lookup times out", "InterfaceLookupByName", "br0", kvmerr.ErrAbandoned},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.fb.FailAlways(tt.method, tt.err)
			err := h.c.CheckAttachment(context.Background(), labHost, "", tt.bridge)
			var refused *AttachmentError
			if err == nil || errors.As(err, &refused) {
				t.Fatalf("err = %v, want an error that is not a refusal", err)
			}
			if !strings.Contains(err.Error(), "check network or bridge on lab") {
				t.Fatalf("err = %v, want the operation and host named", err)
			}
		})
	}
}

func TestCheckAttachment_refusesBadRequestWithoutRPC(t *testing.T) {
	tests := []struct{ name, network, bridge, host, want string }{
		{"both", "default", "br0", labHost, "at most one of network and bridge"},
		{"bad bridge name", "", "br0:1", labHost, "must not contain"},
		{"unknown host", "", "", "elsewhere", "not configured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			err := h.c.CheckAttachment(context.Background(), tt.host, tt.network, tt.bridge)
			if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want Permanent containing %q", err, tt.want)
			}
			if n := len(h.fb.Calls()); n != 0 {
				t.Fatalf("%d RPCs made: %v", n, h.fb.Methods())
			}
		})
	}
}
