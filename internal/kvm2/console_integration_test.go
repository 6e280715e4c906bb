//go:build integration

package kvm2

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// TestLabConsoleLog_inThePoolReadAndDeletedByIdentity: on the lab host, libvirt (virtlogd)
// accepts a serial console log in the pool's directory and the domain starts; virtlogd writes the
// volume the create made, which libvirt knows with no refresh of the pool; ConsoleTail reads its
// end through a ranged download (the size libvirt reports follows the file); Delete removes it
// and the names of its rotated copies. A same-named log of another UID beside it, and its rotated
// copy, are never read or deleted.
func TestLabConsoleLog_inThePoolReadAndDeletedByIdentity(t *testing.T) {
	const name, p = "kvm2-con-log", "kvm2-con-log"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()
	id := rules.FormatID("lab", name)

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := c.Create(ctx, owRequest(name, base.ID))
	if err != nil {
		t.Fatalf("Create with a console log in the pool's directory: %v", err)
	}
	pool, err := l.StoragePoolLookupByName(env.pool)
	if err != nil {
		t.Fatal(err)
	}
	logName := rules.ConsoleLogName(name, inst.UID)

	// A foreign log of the same VM name (another UID) and its rotated copy.
	const otherUID = "00000000-0000-4000-8000-000000000023"
	foreign := rules.ConsoleLogName(name, otherUID)
	for _, n := range []string{foreign, foreign + ".0"} {
		if _, err := l.StorageVolCreateXML(pool, fmt.Sprintf(
			`<volume><name>%s</name><capacity unit="bytes">0</capacity><target><format type="raw"/></target></volume>`, n), 0); err != nil {
			t.Fatal(err)
		}
	}

	// The guest prints on ttyS0 (the lab image's kernel command line): the log grows.
	var tail, path string
	w := budget.CoreGuestAddress.Start()
	for ; ; time.Sleep(2 * time.Second) {
		tail, path, err = c.ConsoleTail(ctx, id, inst.UID)
		if err != nil {
			t.Fatalf("ConsoleTail: %v", err)
		}
		if tail != "" || w.Over() {
			break
		}
	}
	if !strings.HasSuffix(path, "/"+logName) {
		t.Fatalf("ConsoleTail path %q, want the log %s in the pool", path, logName)
	}
	if tail == "" {
		t.Error(w.Errorf("the console log of %s stayed empty: virtlogd does not write it, or the image prints nothing on ttyS0", name))
	}
	t.Logf("console tail:\n%s", tail)
	v, err := l.StorageVolLookupByName(pool, logName)
	if err != nil {
		t.Fatalf("the console log is no volume with no refresh: %v", err)
	}
	if _, capacity, _, err := l.StorageVolGetInfo(v); err != nil || (tail != "" && capacity == 0) {
		t.Fatalf("the log's size as libvirt reports it: %d, %v", capacity, err)
	}

	if err := c.Delete(ctx, id, inst.UID); err != nil {
		t.Fatal(err)
	}
	_ = l.StoragePoolRefresh(pool, 0)
	for _, n := range rules.ConsoleLogNames(name, inst.UID) {
		if _, err := l.StorageVolLookupByName(pool, n); err == nil {
			t.Fatalf("%s survived the delete", n)
		}
	}
	for _, n := range []string{foreign, foreign + ".0"} {
		if _, err := l.StorageVolLookupByName(pool, n); err != nil {
			t.Fatalf("the foreign %s was deleted: %v", n, err)
		}
	}
}

// TestLabConsoleLog_aVMOfThePreviousBuildLeavesNothing: a VM made before the create made the
// console log's volumes (its log begun anew at each start, and made by virtlogd, so a file
// libvirt does not know) is deleted on the lab host with nothing of its log left: Delete finds
// the names unknown and refreshes the pool once.
func TestLabConsoleLog_aVMOfThePreviousBuildLeavesNothing(t *testing.T) {
	const name, p = "kvm2-con-old", "kvm2-con-old"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := c.Create(ctx, owRequest(name, base.ID))
	if err != nil {
		t.Fatal(err)
	}
	pool, err := l.StoragePoolLookupByName(env.pool)
	if err != nil {
		t.Fatal(err)
	}
	// As the previous build left it: no log volumes, append='off', the log virtlogd's file.
	dom, err := l.DomainLookupByName(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.DomainDestroy(dom); err != nil {
		t.Fatal(err)
	}
	names := rules.ConsoleLogNames(name, inst.UID)
	for _, n := range names {
		if err := l.StorageVolDelete(libvirt.StorageVol{Pool: env.pool, Name: n}, 0); err != nil {
			t.Fatalf("delete the log volume %s: %v", n, err)
		}
	}
	x, err := l.DomainGetXMLDesc(dom, libvirt.DomainXMLInactive)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(x, `append="on"`, `append="off"`, 1)
	old = strings.Replace(old, `append='on'`, `append='off'`, 1)
	if old == x {
		t.Fatalf("the definition has no appended log:\n%s", x)
	}
	if dom, err = l.DomainDefineXML(old); err != nil {
		t.Fatal(err)
	}
	if err := l.DomainCreate(dom); err != nil {
		t.Fatal(err)
	}
	if _, err := l.StorageVolLookupByName(pool, names[0]); err == nil {
		t.Fatal("the log virtlogd made is a volume before any refresh: the test does not make the previous build's VM")
	}

	if err := c.Delete(ctx, rules.FormatID("lab", name), inst.UID); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if err := l.StoragePoolRefresh(pool, 0); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := l.StorageVolLookupByName(pool, n); err == nil {
			t.Errorf("%s survived the delete", n)
		}
	}
}
