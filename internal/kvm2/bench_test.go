package kvm2

import (
	"context"
	"fmt"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
)

// BenchmarkGet reports the RPCs one Get of a running guest with an agent address costs, and
// the core's own time per Get on the in-memory fake (no network).
func BenchmarkGet(b *testing.B) {
	fb := fake.New(labHost)
	kvmtest.AddMarkedDomain(b, fb, vmName, labUID, "", libvirt.DomainRunning)
	agentAddress(fb, vmName, markedMAC, "192.168.122.10")
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig()}}, WithPool(fake.NewPool(fb)))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	fb.ResetCalls()
	for b.Loop() {
		if _, err := c.Get(ctx, vmID, labUID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(fb.Calls()))/float64(b.N), "RPCs/op")
}

// BenchmarkListByTag reports RPCs and the core's time for ListByTag over 50 marked domains on
// the fake.
func BenchmarkListByTag(b *testing.B) {
	fb := fake.New(labHost)
	for i := range 50 {
		kvmtest.AddMarkedDomain(b, fb, fmt.Sprintf("vm-%02d", i), fmt.Sprintf("u%d", i), "bench", libvirt.DomainShutoff)
	}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig()}}, WithPool(fake.NewPool(fb)))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	fb.ResetCalls()
	for b.Loop() {
		if got, err := c.ListByTag(ctx, "bench"); err != nil || len(got) != 50 {
			b.Fatalf("%d, %v", len(got), err)
		}
	}
	b.ReportMetric(float64(len(fb.Calls()))/float64(b.N), "RPCs/op")
}
