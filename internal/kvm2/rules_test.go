package kvm2

import (
	"fmt"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestAttachment(t *testing.T) {
	hc := hostconfig.HostConfig{Network: "default"}
	tests := []struct {
		name, network, bridge, wantNetwork, wantBridge, wantErr string
	}{
		{"host default", "", "", "default", "", ""},
		{"own network", "proxies", "", "proxies", "", ""},
		{"own bridge", "", "br0", "", "br0", ""},
		{"both", "proxies", "br0", "proxies", "br0", "at most one of network and bridge"},
		{"bad bridge", "", "br0:1", "", "br0:1", "must not contain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, b := attachment(tt.network, tt.bridge, hc)
			if n != tt.wantNetwork || b != tt.wantBridge {
				t.Fatalf("attachment = %q, %q; want %q, %q", n, b, tt.wantNetwork, tt.wantBridge)
			}
			wantErr(t, rules.ValidateAttachment(n, b), tt.wantErr)
		})
	}
	wantErr(t, rules.ValidateAttachment("", ""), "no network or bridge")
}

// wantErr fails unless err is nil for want "" and otherwise says want.
func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if got := fmt.Sprint(err); (err == nil) != (want == "") || err != nil && !strings.Contains(got, want) {
		t.Fatalf("err = %s, want an error containing %q (none for \"\")", got, want)
	}
}

// TestCreate_acceptsTheBounds: the largest request the rules allow is built, with the disk at
// its full size in bytes.
func TestCreate_acceptsTheBounds(t *testing.T) {
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) {
		r.VCPUs, r.MemoryMiB, r.DiskGiB = rules.MaxVCPUs, rules.MinMemoryMiB, rules.MaxDiskGiB
	})
	if inst.VCPUs != rules.MaxVCPUs || inst.MemoryMiB != rules.MinMemoryMiB || inst.DiskGiB != rules.MaxDiskGiB {
		t.Fatalf("instance %d vcpus, %d MiB, %d GiB", inst.VCPUs, inst.MemoryMiB, inst.DiskGiB)
	}
	vol, ok := h.fb.Volume("default", rules.OverlayName(vmName, labUID))
	if !ok || vol.Capacity != 1<<46 {
		t.Fatalf("overlay capacity = %d (found %v), want 64 TiB", vol.Capacity, ok)
	}
}
