//go:build integration

package kvm2

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestLabReadUserData_seedProvenByIdentity: on the lab host, the import's read of a VM's user
// data takes it from the VM's own seed only. The seed the definition names, under its UID name,
// is read and matches; a copy of that very seed under another name, named by the definition
// instead, is not read; and a same-named domain without our mark, beside a seed volume under the
// name ours would have, is refused before any volume is read.
func TestLabReadUserData_seedProvenByIdentity(t *testing.T) {
	const name, p = "kvm2-imp-rud", "kvm2-imp-rud"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()
	id := rules.FormatID("lab", name)
	userData := []byte("#!/bin/sh\necho kvm2-imp-rud\n")

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	req := owRequest(name, base.ID)
	req.UserData, req.Running = userData, false
	inst, err := c.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.ReadUserData(ctx, id, inst.UID)
	if err != nil || string(got) != string(userData) {
		t.Fatalf("ReadUserData of our own seed: %d bytes, %v", len(got), err)
	}

	// A copy of our seed under the name earlier versions gave it, named by the definition.
	dom, err := l.DomainLookupByName(name)
	if err != nil {
		t.Fatal(err)
	}
	x, err := l.DomainGetXMLDesc(dom, libvirt.DomainXMLInactive)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := l.StoragePoolLookupByName(env.pool)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := l.StorageVolLookupByName(pool, rules.SeedName(name, inst.UID))
	if err != nil {
		t.Fatal(err)
	}
	ownPath, err := l.StorageVolGetPath(seed)
	if err != nil {
		t.Fatal(err)
	}
	copyName := rules.LegacySeedName(name)
	cp, err := l.StorageVolCreateXMLFrom(pool, fmt.Sprintf(
		`<volume><name>%s</name><capacity unit="bytes">1</capacity><target><format type="raw"/></target></volume>`, copyName), seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	copyPath, err := l.StorageVolGetPath(cp)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(x, ownPath) {
		t.Fatalf("the definition does not name the seed %s:\n%s", ownPath, x)
	}
	if _, err := l.DomainDefineXML(strings.ReplaceAll(x, ownPath, copyPath)); err != nil {
		t.Fatal(err)
	}
	if got, err := c.ReadUserData(ctx, id, inst.UID); got != nil || !errors.Is(err, ErrSeedNotOurs) {
		t.Fatalf("ReadUserData of a seed not named with the UID: %d bytes, %v; want ErrSeedNotOurs", len(got), err)
	}
	if _, err := l.DomainDefineXML(x); err != nil { // ours again, so Delete proves and removes it
		t.Fatal(err)
	}
	if err := c.Delete(ctx, id, inst.UID); err != nil {
		t.Fatal(err)
	}

	// A same-named domain without our mark, and a seed volume under the name ours had.
	foreign, err := l.StorageVolCreateXMLFrom(pool, fmt.Sprintf(
		`<volume><name>%s</name><capacity unit="bytes">1</capacity><target><format type="raw"/></target></volume>`,
		rules.SeedName(name, inst.UID)), cp, 0)
	if err != nil {
		t.Fatal(err)
	}
	foreignPath, err := l.StorageVolGetPath(foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.DomainDefineXML(fmt.Sprintf(`<domain type="qemu"><name>%s</name><memory unit="MiB">64</memory>`+
		`<os><type>hvm</type></os><devices><disk type="file" device="cdrom"><source file="%s"/>`+
		`<target dev="sda" bus="sata"/><readonly/></disk></devices></domain>`, name, foreignPath)); err != nil {
		t.Fatal(err)
	}
	if got, err := c.ReadUserData(ctx, id, inst.UID); got != nil || !errors.Is(err, ownership.ErrNotManaged) {
		t.Fatalf("ReadUserData of a same-named domain without our mark: %d bytes, %v; want ownership.ErrNotManaged", len(got), err)
	}
	if _, err := c.Get(ctx, id, ""); !errors.Is(err, ownership.ErrNotManaged) {
		t.Fatalf("import of a same-named domain without our mark: %v, want ownership.ErrNotManaged", err)
	}
}
