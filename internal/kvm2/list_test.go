package kvm2

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// twoHosts is a Client over hosts "a" and "b" with marked and unmarked domains:
// a/p1 (tag x), a/p2 (tag y), a/foreign (unmarked), b/p3 (tag x, running), b/p4 (tag "").
func twoHosts(t *testing.T) (*Client, *fake.Backend, *fake.Backend, *fake.Pool, *recLogger) {
	t.Helper()
	a, b := fake.New("a"), fake.New("b")
	kvmtest.AddMarkedDomain(t, a, "p1", "u1", "x", libvirt.DomainShutoff)
	kvmtest.AddMarkedDomain(t, a, "p2", "u2", "y", libvirt.DomainShutoff)
	a.AddDomain(fake.Domain{Name: "foreign", XML: "<domain><name>foreign</name></domain>"})
	kvmtest.AddMarkedDomain(t, b, "p3", "u3", "x", libvirt.DomainRunning)
	kvmtest.AddMarkedDomain(t, b, "p4", "u4", "", libvirt.DomainShutoff)
	a.ResetCalls()
	b.ResetCalls()
	pool := fake.NewPool(a, b)
	log := &recLogger{}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"a": labHostConfig(), "b": labHostConfig()}}, WithPool(pool), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if pool.Outstanding() != 0 {
			t.Errorf("%d connections not released", pool.Outstanding())
		}
	})
	return c, a, b, pool, log
}

func ids(insts []Instance) string {
	var out []string
	for _, i := range insts {
		out = append(out, i.ID)
	}
	return strings.Join(out, ",")
}

func TestListByTag_filtersSortsAndSkipsForeignDomains(t *testing.T) {
	tests := []struct {
		tag   string
		hosts []string
		want  string
	}{
		{"x", nil, "a/p1,b/p3"},
		{"y", nil, "a/p2"},
		{"", nil, "a/p1,a/p2,b/p3,b/p4"},
		{"x", []string{"b"}, "b/p3"},
		{"nope", nil, ""},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q %v", tt.tag, tt.hosts), func(t *testing.T) {
			c, _, _, _, _ := twoHosts(t)
			got, err := c.ListByTag(context.Background(), tt.tag, tt.hosts...)
			if err != nil || ids(got) != tt.want {
				t.Fatalf("ListByTag = %s, %v; want %s", ids(got), err, tt.want)
			}
		})
	}
}

func TestListByTag_buildsInstancesFromMark(t *testing.T) {
	c, a, _, _, _ := twoHosts(t)
	got, err := c.ListByTag(context.Background(), "y")
	if err != nil || len(got) != 1 {
		t.Fatalf("%v, %v", got, err)
	}
	d, _ := a.Domain("p2")
	i := got[0]
	if i.UID != "u2" || i.Tag != "y" || i.Host != "a" || i.Name != "p2" || i.BaseImageID != labBaseID ||
		i.VCPUs != 1 || i.MemoryMiB != 128 || i.DiskGiB != 4 || i.CreatedAt.IsZero() || i.DomainUUID != ownership.FormatUUID(d.UUID) ||
		i.State != StateUnknown {
		t.Fatalf("instance %+v", i)
	}
}

// The listing says which domains are active from the list itself (an inactive domain has no
// ID), so a bulk import block can set running per VM without a state read per domain.
func TestListByTag_activeFromTheListing(t *testing.T) {
	c, _, _, _, _ := twoHosts(t)
	got, err := c.ListByTag(context.Background(), "x")
	if err != nil || ids(got) != "a/p1,b/p3" {
		t.Fatalf("ListByTag = %s, %v", ids(got), err)
	}
	if got[0].Active || !got[1].Active {
		t.Fatalf("active: a/p1 (shut off) %v, b/p3 (running) %v; want false, true", got[0].Active, got[1].Active)
	}
}

func TestListByTag_doesNotReadStateOrAddresses(t *testing.T) {
	c, a, b, _, _ := twoHosts(t)
	if _, err := c.ListByTag(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	for _, fb := range []*fake.Backend{a, b} {
		for _, call := range fb.Calls() {
			if call.Method != "ConnectListAllDomains" && call.Method != "DomainGetMetadata" {
				t.Fatalf("host %s: ListByTag called %s", fb.Host(), call.Method)
			}
		}
	}
	if a.Count("DomainGetMetadata") != 3 || b.Count("DomainGetMetadata") != 2 {
		t.Fatalf("metadata reads a=%d b=%d", a.Count("DomainGetMetadata"), b.Count("DomainGetMetadata"))
	}
}

func TestListByTag_oneFailingHostFailsTheCall(t *testing.T) {
	tests := []struct {
		name   string
		inject func(a *fake.Backend, p *fake.Pool)
		want   kvmerr.Class
	}{
		{"list fails", func(a *fake.Backend, _ *fake.Pool) { a.FailAlways("ConnectListAllDomains", errors.New("eof")) }, kvmerr.Transient},
		{"unreachable", func(_ *fake.Backend, p *fake.Pool) {
			p.FailAcquire("a", &kvmerr.DialError{Host: "a", Stage: kvmerr.StageTCP, Err: errors.New("refused")})
		}, kvmerr.Transient},
		{"auth", func(_ *fake.Backend, p *fake.Pool) {
			p.FailAcquire("a", &kvmerr.DialError{Host: "a", Stage: kvmerr.StageAuth, Err: errors.New("denied")})
		}, kvmerr.Permanent},
		{"transport fails mid-domain", func(a *fake.Backend, _ *fake.Pool) {
			a.FailFor("DomainGetMetadata", "p2", kvmerr.ErrAbandoned)
		}, kvmerr.Transient},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, a, _, pool, _ := twoHosts(t)
			tt.inject(a, pool)
			got, err := c.ListByTag(context.Background(), "x")
			if got != nil || classOfErr(t, err) != tt.want {
				t.Fatalf("ListByTag = %v, %v; want class %v", got, err, tt.want)
			}
		})
	}
}

func TestListByTag_unreadableDomainIsSkippedAndLogged(t *testing.T) {
	tests := []struct {
		name   string
		inject func(a *fake.Backend)
	}{
		{"vanished", func(a *fake.Backend) { a.FailFor("DomainGetMetadata", "p1", lverr(libvirt.ErrNoDomain)) }},
		{"libvirt refuses", func(a *fake.Backend) { a.FailFor("DomainGetMetadata", "p1", lverr(libvirt.ErrInternalError)) }},
		{"mark does not parse", func(a *fake.Backend) {
			a.UpdateDomain("p1", func(d *fake.Domain) {
				d.Metadata["https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1"] = "<instance><uid></uid></instance>"
			})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, a, _, _, log := twoHosts(t)
			tt.inject(a)
			got, err := c.ListByTag(context.Background(), "x")
			if err != nil || ids(got) != "b/p3" {
				t.Fatalf("ListByTag = %s, %v", ids(got), err)
			}
			if log.count("skipping unreadable domain") != 1 || !strings.Contains(log.text(), "p1") {
				t.Fatalf("log:\n%s", log.text())
			}
		})
	}
}

func TestListByTag_unknownHostIsPermanent(t *testing.T) {
	c, a, _, _, _ := twoHosts(t)
	_, err := c.ListByTag(context.Background(), "x", "a", "nowhere")
	if classOfErr(t, err) != kvmerr.Permanent || len(a.Calls()) != 0 {
		t.Fatalf("err = %v, calls %v", err, a.Methods())
	}
}

func TestListByTag_manyDomainsOnOneHost(t *testing.T) {
	fb := fake.New(labHost)
	for i := range 60 {
		kvmtest.AddMarkedDomain(t, fb, fmt.Sprintf("vm-%02d", i), fmt.Sprintf("u%d", i), []string{"even", "odd"}[i%2], libvirt.DomainShutoff)
	}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig()}}, WithPool(fake.NewPool(fb)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.ListByTag(context.Background(), "odd")
	if err != nil || len(got) != 30 || got[0].Name != "vm-01" || got[29].Name != "vm-59" {
		t.Fatalf("%d instances, %v", len(got), err)
	}
}

func TestListByTag_repeatedHostListedOnce(t *testing.T) {
	c, a, _, _, _ := twoHosts(t)
	got, err := c.ListByTag(context.Background(), "x", "a", "a")
	if err != nil || ids(got) != "a/p1" || a.Count("ConnectListAllDomains") != 1 {
		t.Fatalf("ListByTag = %s, %v; lists %d", ids(got), err, a.Count("ConnectListAllDomains"))
	}
}

// A clone of one of our VMs (its mark copied under another UUID) beside the VM: only the VM is
// listed, and the clone is logged.
func TestListByTag_skipsCopiedMark(t *testing.T) {
	const uid = "5f0c9a5e-1b2c-4d3e-8f4a-6b7c8d9e0f1a" // a UID of today's form, which is the domain UUID
	h := newCore(t)
	h.markedDomain(vmName, uid, "x", libvirt.DomainShutoff)
	x, err := h.fb.DomainGetXMLDesc(context.Background(), libvirt.Domain{Name: vmName}, 0)
	if err != nil {
		t.Fatal(err)
	}
	clone := strings.Replace(x, "<name>"+vmName+"</name>", "<name>clone</name>", 1)
	clone = strings.Replace(clone, rules.DomainUUID(uid), "0b2f1a6e-3c4d-4e5f-8a9b-0c1d2e3f4a5b", 1)
	if clone == x || !strings.Contains(clone, "0b2f1a6e") {
		t.Fatalf("could not make the clone's definition from %s", x)
	}
	if _, err := h.fb.DomainDefineXML(context.Background(), clone); err != nil {
		t.Fatal(err)
	}
	got, err := h.c.ListByTag(context.Background(), "x")
	if err != nil || ids(got) != vmID {
		t.Fatalf("ListByTag = %s, %v; want only %s", ids(got), err, vmID)
	}
}
