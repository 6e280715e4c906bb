//go:build integration

package backend

import (
	"errors"
	"os"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// TestIntegration_interfaceLookup proves what libvirt's interface driver can tell about a
// bridge: the lab network's bridge is found by name (although the udev backend reads it as
// inactive without carrier), and a missing name is ErrNoInterface.
func TestIntegration_interfaceLookup(t *testing.T) {
	cfg, _ := labConfig(t)
	network := os.Getenv("KVM2_TEST_NETWORK")
	if network == "" {
		t.Skip("KVM2_TEST_NETWORK is unset")
	}
	ctx := labCtx(t)
	b, err := Connect(ctx, "lab", cfg, PoolOptions{})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	defer b.Close()

	n, err := b.NetworkLookupByName(ctx, network)
	if err != nil {
		t.Fatalf("NetworkLookupByName(%s): %v", network, err)
	}
	bridge, err := b.(*libvirtBackend).l.NetworkGetBridgeName(n)
	if err != nil {
		t.Fatalf("NetworkGetBridgeName: %v", err)
	}
	got, err := b.InterfaceLookupByName(ctx, bridge)
	if err != nil || got.Name != bridge {
		t.Fatalf("InterfaceLookupByName(%s) = %+v, %v; want the network's bridge", bridge, got, err)
	}
	_, err = b.InterfaceLookupByName(ctx, "rl-nobridge0")
	var le libvirt.Error
	if !errors.As(err, &le) || le.Code != uint32(libvirt.ErrNoInterface) {
		t.Fatalf("missing bridge: err = %v, want libvirt ErrNoInterface", err)
	}
	t.Logf("bridge %s found; missing bridge: %v", bridge, err)
}
