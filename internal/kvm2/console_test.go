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

var labConsole = rules.ConsoleLogName(vmName, labUID)

const foreignUID = "fedcba9876543210fedcba9876543210"

// A new VM's serial console is logged beside its disks, named with its UID; virtlogd makes the
// file at the start, which the pool lists after a refresh.
func TestCreate_logsTheConsoleBesideTheDisks(t *testing.T) {
	h := newCore(t)
	h.create()
	d, _ := h.fb.Domain(vmName)
	want := fake.DefaultPoolPath + "/" + labConsole
	if !strings.Contains(d.XML, `<log file="`+want+`" append="off">`) {
		t.Fatalf("the definition logs no console at %s:\n%s", want, d.XML)
	}
	if !h.fb.HostFile(want) {
		t.Fatalf("no console log on the host at start: %v", h.fb.HostFiles())
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
}

// Delete removes the log and virtlogd's rotated copies of it, which only a refresh shows.
func TestDelete_removesTheConsoleLogAndItsRotatedCopies(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.WriteConsole(vmName, "boot\n")
	h.fb.RotateConsole(vmName)
	h.fb.WriteConsole(vmName, "more\n")
	h.fb.RotateConsole(vmName)
	if got := len(h.fb.HostFiles()); got != 3 {
		t.Fatalf("host files %v, want the log and two copies", h.fb.HostFiles())
	}
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	assertNoDebris(t, h)
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
// delete still removes the log.
func TestDelete_aBusyPoolIsRefreshedOnceFree(t *testing.T) {
	h := newCore(t)
	h.create()
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
