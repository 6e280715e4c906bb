//go:build integration

package kvm2

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestLabReadUserData_seedDigest: on the lab host, the seed the provider uploads downloads to
// the very bytes its mark's digest was taken of (the read matches); an administrator's upload of
// a crafted seed (a SUSP "CE" entry continuing into itself, the user data unchanged) is refused
// by the digest in bounded time, and the same seed put back reads again; a mark without the
// seed digest is not read; and a write-only VM whose mark's source an administrator edits
// (through libvirt's metadata API, as `virsh metadata --set` does) is not read either.
func TestLabReadUserData_seedDigest(t *testing.T) {
	const p = "kvm2-imp-dig"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: p + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	userData := []byte("#!/bin/sh\necho " + p + "\n")
	create := func(name string, writeOnly bool) (string, Instance) {
		t.Helper()
		req := owRequest(name, base.ID)
		req.UserData, req.Running, req.WriteOnlyUserData = userData, false, writeOnly
		inst, err := c.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return rules.FormatID("lab", name), inst
	}
	read := func(id, uid string) ([]byte, error) {
		t.Helper()
		watchdog := time.AfterFunc(time.Minute, func() { panic(t.Name() + ": ReadUserData did not return within a minute") })
		defer watchdog.Stop()
		return c.ReadUserData(ctx, id, uid)
	}
	// editMark rewrites the domain's mark as an administrator would: read, edit, set back.
	editMark := func(name string, edit func(string) string) {
		t.Helper()
		dom, err := l.DomainLookupByName(name)
		if err != nil {
			t.Fatal(err)
		}
		x, err := l.DomainGetMetadata(dom, int32(libvirt.DomainMetadataElement), libvirt.OptString{definition.MarkNamespace},
			libvirt.DomainAffectConfig)
		if err != nil {
			t.Fatal(err)
		}
		edited := edit(x)
		if edited == x {
			t.Fatalf("the edit changed nothing in the mark:\n%s", x)
		}
		if err := l.DomainSetMetadata(dom, int32(libvirt.DomainMetadataElement), libvirt.OptString{edited},
			libvirt.OptString{definition.MarkPrefix}, libvirt.OptString{definition.MarkNamespace}, libvirt.DomainAffectConfig); err != nil {
			t.Fatal(err)
		}
	}

	// Our seed reads back: the bytes downloaded are the bytes whose digest the mark holds.
	id, inst := create(p+"-ud", false)
	if got, err := read(id, inst.UID); err != nil || !bytes.Equal(got, userData) {
		t.Fatalf("ReadUserData of our own seed: %d bytes, %v", len(got), err)
	}

	// A crafted seed uploaded over it.
	pool, err := l.StoragePoolLookupByName(env.pool)
	if err != nil {
		t.Fatal(err)
	}
	vol, err := l.StorageVolLookupByName(pool, rules.SeedName(p+"-ud", inst.UID))
	if err != nil {
		t.Fatal(err)
	}
	path, err := l.StorageVolGetPath(vol)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	upload := func(img []byte) {
		t.Helper()
		if err := l.StorageVolUpload(vol, bytes.NewReader(img), 0, uint64(len(img)), 0); err != nil {
			t.Fatal(err)
		}
	}
	upload(withSelfContinuingCE(t, ours))
	start := time.Now()
	if got, err := read(id, inst.UID); got != nil || !errors.Is(err, ErrSeedMismatch) {
		t.Fatalf("ReadUserData of a crafted seed: %d bytes, %v; want none and ErrSeedMismatch", len(got), err)
	}
	t.Logf("a crafted seed refused by its digest in %v", time.Since(start).Round(time.Millisecond))
	upload(ours)
	if got, err := read(id, inst.UID); err != nil || !bytes.Equal(got, userData) {
		t.Fatalf("ReadUserData of our seed put back: %d bytes, %v", len(got), err)
	}

	// The mark without its seed digest, as builds before the digest wrote it.
	editMark(p+"-ud", func(x string) string {
		return regexp.MustCompile(`<(kvm2:)?seed-digest>[^<]*</(kvm2:)?seed-digest>`).ReplaceAllString(x, "")
	})
	if got, err := read(id, inst.UID); got != nil || !errors.Is(err, ErrSeedUnverified) {
		t.Fatalf("ReadUserData with no seed digest in the mark: %d bytes, %v; want none and ErrSeedUnverified", len(got), err)
	}

	// A write-only VM whose mark is edited to say user_data.
	woID, wo := create(p+"-wo", true)
	editMark(p+"-wo", func(x string) string {
		return regexp.MustCompile(`<(kvm2:)?user-data-source>user_data_wo</(kvm2:)?user-data-source>`).
			ReplaceAllString(x, "<${1}user-data-source>user_data</${1}user-data-source>")
	})
	if got, err := c.Get(ctx, woID, ""); err != nil || got.UserDataSource != UserDataStored {
		t.Fatalf("the edit did not take: source %q, %v", got.UserDataSource, err)
	}
	if got, err := read(woID, wo.UID); got != nil || !errors.Is(err, ErrSeedMismatch) {
		t.Fatalf("ReadUserData of a write-only VM with an edited source: %d bytes, %v; want none and ErrSeedMismatch", len(got), err)
	}
	for _, v := range []struct{ id, uid string }{{id, inst.UID}, {woID, wo.UID}} {
		if err := c.Delete(ctx, v.id, v.uid); err != nil {
			t.Fatal(err)
		}
	}
}
