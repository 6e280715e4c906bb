package kvm2

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

var (
	labConsole     = rules.ConsoleLogName(vmName, labUID)
	labConsoleLogs = rules.ConsoleLogNames(vmName, labUID) // the log and its rotated copies
)

const foreignUID = "fedcba9876543210fedcba9876543210"

// A new VM's serial console is logged beside its disks, named with its UID. The create makes the
// log and its three rotated copies as empty volumes before the start, whether the VM runs or
// not; virtlogd then writes the log in place, a volume the pool lists with no refresh.
func TestCreate_logsTheConsoleBesideTheDisks(t *testing.T) {
	for _, running := range []bool{true, false} {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = running })
		d, _ := h.fb.Domain(vmName)
		want := fake.DefaultPoolPath + "/" + labConsole
		if !strings.Contains(d.XML, `<log file="`+want+`" append="on">`) {
			t.Fatalf("the definition logs no console at %s:\n%s", want, d.XML)
		}
		for _, n := range labConsoleLogs {
			v, ok := h.fb.Volume(fake.DefaultPool, n)
			if !ok || v.Path != fake.DefaultPoolPath+"/"+n || v.Format != "raw" || len(v.Content) != 0 {
				t.Fatalf("running %v: console log volume %s: %+v, %v", running, n, v, ok)
			}
		}
		if files := h.fb.HostFiles(); len(files) != 0 {
			t.Fatalf("running %v: files no pool lists: %v", running, files)
		}
		if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
			t.Fatalf("running %v: %d refreshes", running, n)
		}
		if running && !h.fb.WriteConsole(vmName, "boot\n") {
			t.Fatal("the started domain has no console log")
		}
		if v, _ := h.fb.Volume(fake.DefaultPool, labConsole); running && string(v.Content) != "boot\n" {
			t.Fatalf("the log volume holds %q", v.Content)
		}
	}
}

func TestConsoleTail_readsTheEndOfTheLogCleaned(t *testing.T) {
	h := newCore(t)
	h.create()
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "\x1b[0;32mline %d\x1b[0m\r\n", i)
	}
	h.fb.WriteConsole(vmName, b.String())
	tail, path, err := h.c.ConsoleTail(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	if path != fake.DefaultPoolPath+"/"+labConsole {
		t.Fatalf("path %q", path)
	}
	lines := strings.Split(tail, "\n")
	if len(lines) != rules.ConsoleTailLines || lines[0] != "line 70" || lines[29] != "line 99" {
		t.Fatalf("tail of %d lines: %q", len(lines), tail)
	}
	if strings.ContainsAny(tail, "\x1b\r") {
		t.Fatalf("control characters in %q", tail)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes to read a log the create made", n)
	}

	// More than the read bound: only the end is read, its first cut line dropped.
	h.fb.WriteConsole(vmName, strings.Repeat("z", 20<<10)+"\nend\n")
	h.fb.ResetCalls()
	tail, _, err = h.c.ConsoleTail(context.Background(), vmID, labUID)
	if err != nil || tail != "end" {
		t.Fatalf("tail %q, %v", tail, err)
	}
}

// A VM made by the previous version has no log: no tail, no error, no refresh of its pool.
func TestConsoleTail_aVMOfAnEarlierVersionHasNone(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	tail, path, err := h.c.ConsoleTail(context.Background(), vmID, labUID)
	if err != nil || tail != "" || path != "" {
		t.Fatalf("tail %q path %q err %v", tail, path, err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes for a VM without a log", n)
	}
	// Its delete is what it was: no refresh, no log looked for.
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes deleting a VM without a log", n)
	}
	assertNoDebris(t, h)
}

// The log the definition names is read and deleted only when its name carries this VM's UID: a
// same-named log of another UID (a definition edited to point there) is never read or deleted,
// nor its rotated copy.
func TestConsole_aForeignLogIsNeverReadOrDeleted(t *testing.T) {
	h := newCore(t)
	h.create()
	foreign := rules.ConsoleLogName(vmName, foreignUID)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: foreign, Format: "raw", Content: []byte("another VM's secret\n")})
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: foreign + ".0", Format: "raw", Content: []byte("older\n")})
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.XML = strings.ReplaceAll(d.XML, labConsole, foreign)
		if d.Persistent != nil {
			d.Persistent.XML = strings.ReplaceAll(d.Persistent.XML, labConsole, foreign)
		}
	})
	h.fb.ResetCalls()
	tail, _, err := h.c.ConsoleTail(context.Background(), vmID, labUID)
	if !errors.Is(err, ErrConsoleNotOurs) || tail != "" {
		t.Fatalf("tail %q, err %v; want ErrConsoleNotOurs", tail, err)
	}
	if n := h.fb.Count("StorageVolDownloadRange") + h.fb.Count("StorageVolDownload"); n != 0 {
		t.Fatalf("%d downloads of a foreign log", n)
	}
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{foreign, foreign + ".0"} {
		if _, ok := h.fb.Volume(fake.DefaultPool, v); !ok {
			t.Errorf("the foreign %s was deleted", v)
		}
	}
	if _, ok := h.fb.Domain(vmName); ok {
		t.Fatal("our domain was kept")
	}
	// The log volumes the create made carry this VM's UID: they go, whatever the definition names.
	for _, n := range labConsoleLogs {
		if _, ok := h.fb.Volume(fake.DefaultPool, n); ok {
			t.Errorf("this VM's %s was kept", n)
		}
	}
}

// virtlogd's rotation renames among the log's names, which the create made volumes: the copies
// stay volumes libvirt knows, and Delete removes the log and its copies by name, with no refresh.
// (Before the create made them, each copy was a file only a refresh of the pool showed.)
func TestDelete_removesTheRotatedConsoleLogWithNoRefresh(t *testing.T) {
	h := newCore(t)
	h.create()
	for _, text := range []string{"first\n", "second\n", "third\n"} {
		h.fb.WriteConsole(vmName, text)
		h.fb.RotateConsole(vmName)
	}
	h.fb.WriteConsole(vmName, "now\n")
	if files := h.fb.HostFiles(); len(files) != 0 {
		t.Fatalf("the rotation made files no pool lists: %v", files)
	}
	for i, want := range []string{"now\n", "third\n", "second\n", "first\n"} {
		if v, ok := h.fb.Volume(fake.DefaultPool, labConsoleLogs[i]); !ok || string(v.Content) != want {
			t.Fatalf("%s holds %q (%v), want %q", labConsoleLogs[i], v.Content, ok, want)
		}
	}
	h.fb.ResetCalls()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh") + h.fb.Count("StoragePoolLookupByName"); n != 0 {
		t.Fatalf("the delete looked up or refreshed a pool %d times: %v", n, h.fb.Methods())
	}
	assertNoDebris(t, h)
}

// madeByAnEarlierVersion makes the VM h created look like one of a version that did not make
// the console log's volumes: no such volume, and the log a file virtlogd made, which no pool
// lists until a refresh.
func madeByAnEarlierVersion(h *coreHarness, log string) {
	for _, n := range labConsoleLogs {
		h.fb.RemoveVolume(fake.DefaultPool, n)
	}
	h.fb.AddHostFile(fake.DefaultPoolPath+"/"+labConsole, []byte(log))
}

// A VM made before the create made the log's volumes: its delete misses the log by name,
// refreshes the pool once and deletes what that shows; nothing is left. Its log is also
// read, after one refresh.
func TestDelete_aVMWhoseLogVirtlogdMadeRefreshesOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"log and copies unknown", func(h *coreHarness) {
			h.fb.RotateConsole(vmName)
			h.fb.RotateConsole(vmName)
		}},
		// An earlier refresh (another VM's delete, an image upload) showed the log; the copy
		// rotated since did not.
		{"log known, a copy unknown", func(h *coreHarness) {
			if err := h.fb.StoragePoolRefresh(context.Background(), libvirt.StoragePool{Name: fake.DefaultPool}); err != nil {
				t.Fatal(err)
			}
			h.fb.RotateConsole(vmName)
		}},
		{"log known, no copy", func(h *coreHarness) {
			if err := h.fb.StoragePoolRefresh(context.Background(), libvirt.StoragePool{Name: fake.DefaultPool}); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			h.create()
			madeByAnEarlierVersion(h, "boot\n")
			tc.setup(h)
			h.fb.WriteConsole(vmName, "login:\n")
			h.fb.ResetCalls()
			if tail, _, err := h.c.ConsoleTail(context.Background(), vmID, labUID); err != nil || !strings.HasSuffix(tail, "login:") {
				t.Fatalf("tail %q, %v", tail, err)
			}
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatal(err)
			}
			if n := h.fb.Count("StoragePoolRefresh"); n > 2 {
				t.Fatalf("%d refreshes for a tail and a delete, want at most one each: %v", n, h.fb.Methods())
			}
			assertNoDebris(t, h)
		})
	}
}

// The delete of a VM whose log virtlogd made refreshes the pool once, even when the log is
// unknown to libvirt and nothing else is: the tail is not read first.
func TestDelete_aVMWhoseLogVirtlogdMadeIsDeletedWithOneRefresh(t *testing.T) {
	h := newCore(t)
	h.create()
	madeByAnEarlierVersion(h, "boot\n")
	h.fb.RotateConsole(vmName)
	h.fb.ResetCalls()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 1 {
		t.Fatalf("%d refreshes, want 1: %v", n, h.fb.Methods())
	}
	assertNoDebris(t, h)
}

// A delete cut off once the domain was gone leaves the volumes; the next delete finds the log
// and its copies by name among them and deletes them with no refresh of any pool. For a VM
// whose log virtlogd made, every pool is refreshed first, so the log is not left.
func TestDelete_leftoversAfterTheDomainWent(t *testing.T) {
	for _, earlier := range []bool{false, true} {
		h := newCore(t)
		h.create()
		if earlier {
			madeByAnEarlierVersion(h, "boot\n")
			h.fb.RotateConsole(vmName)
		}
		h.fb.RemoveDomain(vmName)
		h.fb.ResetCalls()
		if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
			t.Fatal(err)
		}
		want := 0
		if earlier {
			want = 1 // the one pool
		}
		if n := h.fb.Count("StoragePoolRefresh"); n != want {
			t.Fatalf("earlier version %v: %d refreshes, want %d: %v", earlier, n, want, h.fb.Methods())
		}
		assertNoDebris(t, h)
	}
}

// A guest that stops right after its start: the create's error ends with what it printed, and
// the cleanup removes the log with the rest.
func TestCreate_aGuestThatStopsShowsItsConsole(t *testing.T) {
	h := newCore(t)
	h.fb.Inject("DomainGetState", func(context.Context, fake.Call) error {
		if h.fb.WriteConsole(vmName, "Kernel panic - not syncing: VFS: Unable to mount root fs\r\n") {
			h.fb.SetDomainState(vmName, libvirt.DomainCrashed)
		}
		return nil
	})
	_, err := h.c.Create(context.Background(), labRequest())
	var boot *BootError
	if !errors.As(err, &boot) || !strings.Contains(err.Error(), "Kernel panic - not syncing") {
		t.Fatalf("err = %v; want a BootError with the console", err)
	}
	if classOfErr(t, err) != classOfErr(t, boot.Err) {
		t.Fatalf("class changed: %v", err)
	}
	h.fb.ClearFaults("DomainGetState")
	assertNoDebris(t, h)
}

// A refresh libvirt refuses while another create builds a volume in the pool is tried again: the
// delete of a VM whose log virtlogd made still removes the log.
func TestDelete_aBusyPoolIsRefreshedOnceFree(t *testing.T) {
	h := newCore(t)
	h.create()
	madeByAnEarlierVersion(h, "boot\n")
	busy := fake.LibvirtError(libvirt.ErrInternalError, "internal error: pool 'default' has asynchronous jobs running.")
	h.fb.FailNth("StoragePoolRefresh", 1, busy)
	h.fb.FailNth("StoragePoolRefresh", 1, busy) // counts from the second call
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 3 {
		t.Fatalf("%d refreshes, want 3", n)
	}
	assertNoDebris(t, h)
}
