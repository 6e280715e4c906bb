package kvm2

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// A start that fails: the cleanup removes the console log volumes with the rest, by name, with
// no refresh of the pool (virtlogd wrote only into volumes the create made).
func TestCreate_aFailedStartRemovesTheConsoleLogsWithNoRefresh(t *testing.T) {
	h := newCore(t)
	h.fb.Inject("DomainCreate", func(context.Context, fake.Call) error {
		h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.StartState = libvirt.DomainShutoff })
		return nil
	})
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes: %v", n, h.fb.Methods())
	}
	assertNoDebris(t, h)
}

// An earlier attempt of this create made the console log volumes (their names carry the UID):
// the create uses them (the start appends to what the earlier attempt's guest wrote), and the
// delete removes them with no refresh.
func TestCreate_reusesTheConsoleLogsOfAnEarlierAttempt(t *testing.T) {
	h := newCore(t)
	for _, n := range labConsoleLogs {
		h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: n, Format: "raw", Content: []byte("earlier\n")})
	}
	h.create()
	if !h.fb.WriteConsole(vmName, "boot\n") {
		t.Fatal("no console log")
	}
	if v, _ := h.fb.Volume(fake.DefaultPool, labConsole); string(v.Content) != "earlier\nboot\n" {
		t.Fatalf("the log holds %q, want the earlier attempt's lines and this boot's after them", v.Content)
	}
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes: %v", n, h.fb.Methods())
	}
	assertNoDebris(t, h)
}

// filesBeforeTheLogs puts files of the given names in the pool's directory that libvirt does not
// know, once the overlay is made (after the seed's upload, whose end refreshes the pool): what
// virtlogd left of an earlier attempt by a version that did not make the log's volumes, when
// libvirt skipped that refresh (it does while a volume of the pool is being built).
func filesBeforeTheLogs(h *coreHarness, names ...string) {
	var once sync.Once
	h.fb.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
		if c.Target == fake.DefaultPool+"/"+labConsole {
			once.Do(func() {
				for _, n := range names {
					h.fb.AddHostFile(fake.DefaultPoolPath+"/"+n, []byte("earlier boot\n"))
				}
			})
		}
		return nil
	})
}

// An earlier attempt by a version that did not make the log's volumes started the domain:
// virtlogd's file is where the log volume goes, and libvirt refuses a volume over it. The create
// refreshes the pool once, and the file is the log volume from then on.
func TestCreate_aLogFileLibvirtDoesNotKnowBecomesTheVolume(t *testing.T) {
	h := newCore(t)
	filesBeforeTheLogs(h, labConsole, labConsoleLogs[1])
	h.create()
	if n := h.fb.Count("StoragePoolRefresh"); n != 1 {
		t.Fatalf("%d refreshes, want 1: %v", n, h.fb.Methods())
	}
	if files := h.fb.HostFiles(); len(files) != 0 {
		t.Fatalf("files no pool lists: %v", files)
	}
	for _, n := range labConsoleLogs {
		if _, ok := h.fb.Volume(fake.DefaultPool, n); !ok {
			t.Fatalf("no volume %s", n)
		}
	}
	h.fb.ResetCalls()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes deleting: %v", n, h.fb.Methods())
	}
	assertNoDebris(t, h)
}

// The refresh that would make such a file a volume fails: the create fails, and its cleanup
// refreshes the pool and removes the file with the rest.
func TestCreate_aFailedRefreshOverALogFileLeavesNothing(t *testing.T) {
	h := newCore(t)
	filesBeforeTheLogs(h, labConsole)
	h.fb.FailNth("StoragePoolRefresh", 1, errors.New("connection reset"))
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	var left *LeftoversError
	if errors.As(err, &left) {
		t.Fatalf("the cleanup reported leftovers: %v", err)
	}
	assertNoDebris(t, h)
}

// The log is appended to, so virtlogd never removes its copies: a refresh of the pool (here the
// one libvirt makes after another VM's seed upload) keeps every name a volume, whether the log
// rotated or not, and the delete removes them all by name with no refresh.
func TestDelete_aRefreshKeepsTheCopiesSoTheDeleteNeedsNone(t *testing.T) {
	for _, rotated := range []bool{false, true} {
		h := newCore(t)
		h.create()
		other := labRequest2("egress-2")
		if _, err := h.c.Create(context.Background(), other); err != nil {
			t.Fatal(err)
		}
		if rotated {
			h.fb.WriteConsole(vmName, "boot\n")
			h.fb.RotateConsole(vmName)
		}
		for _, n := range labConsoleLogs {
			if _, ok := h.fb.Volume(fake.DefaultPool, n); !ok {
				t.Fatalf("rotated %v: %s is no volume after the refresh", rotated, n)
			}
		}
		h.fb.ResetCalls()
		if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
			t.Fatal(err)
		}
		if n := h.fb.Count("StoragePoolRefresh") + h.fb.Count("StorageVolCreateXML"); n != 0 {
			t.Fatalf("rotated %v: %d refreshes or volume creates, want none: %v", rotated, n, h.fb.Methods())
		}
		for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
			if strings.HasPrefix(v, vmName+".") {
				t.Errorf("rotated %v: volume left: %s", rotated, v)
			}
		}
		if files := h.fb.HostFiles(); len(files) != 0 {
			t.Errorf("rotated %v: files left: %v", rotated, files)
		}
	}
}
