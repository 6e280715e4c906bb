package imagecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestGetBaseImage(t *testing.T) {
	content := []byte("cached image bytes")
	sum := sha256.Sum256(content)
	digest := hex.EncodeToString(sum[:])
	cases := []struct {
		name   string
		mutate func(fb *fake.Backend)
		want   kvmerr.Class // 0: found
		// wantRecorded is the class with a record, when it differs: its lookup needs no listing.
		wantRecorded *kvmerr.Class
	}{
		{"verified", func(*fake.Backend) {}, 0, nil},
		{"volume missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, kvmerr.NotFound, nil},
		{"marker missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker(digest)) }, kvmerr.NotFound, nil},
		{"marker not empty", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(digest), Format: "raw", Capacity: 5, Content: []byte("oops\n")})
		}, kvmerr.NotFound, nil},
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, kvmerr.NotFound, nil},
		{"listing fails", func(fb *fake.Backend) { fb.FailAlways("StoragePoolListAllVolumes", rpcError(libvirt.ErrRPC)) }, kvmerr.Transient, new(kvmerr.Class)},
		{"volume info fails", func(fb *fake.Backend) { fb.FailAlways("StorageVolGetInfo", rpcError(libvirt.ErrRPC)) }, kvmerr.Transient, nil},
		{"lookup fails", func(fb *fake.Backend) { fb.FailAlways("StorageVolLookupByName", rpcError(libvirt.ErrRPC)) }, 0, &transient},
	}
	for _, tc := range cases {
		for _, rec := range []struct {
			name string
			opts []BaseImageOption
		}{
			{"by listing", nil},
			{"by recorded digest", []BaseImageOption{Recorded(digest, fake.DefaultPoolPath+"/"+imgName)}},
		} {
			t.Run(tc.name+"/"+rec.name, func(t *testing.T) {
				e := newImgEnv(t, Options{})
				e.seedCached(content)
				tc.mutate(e.fb)
				img, err := e.get(rec.opts...)
				wantClass := tc.want
				if rec.opts != nil && tc.wantRecorded != nil {
					wantClass = *tc.wantRecorded
				}
				if wantClass != 0 {
					assertClass(t, err, wantClass)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				want := BaseImage{
					ID: imgHost + "/" + imgPool + "/" + imgName, Host: imgHost, Pool: imgPool, Name: imgName,
					Path: fake.DefaultPoolPath + "/" + imgName, Format: "qcow2", SizeBytes: uint64(len(content)), SHA256: digest,
				}
				if img != want {
					t.Errorf("image = %+v\nwant    %+v", img, want)
				}
				if n := e.fb.Count("StorageVolUpload") + e.fb.Count("StorageVolDelete") + e.fb.Count("StorageVolCreateXML"); n != 0 {
					t.Errorf("get wrote to the pool (%d writes)", n)
				}
			})
		}
	}
}

func TestResolveBase(t *testing.T) {
	cases := []struct {
		name   string
		id     string
		mutate func(e *imgEnv)
		want   kvmerr.Class // 0: resolved
		text   string
	}{
		{"cached", imgHost + "/" + imgPool + "/" + imgName, func(*imgEnv) {}, 0, ""},
		{"not cached", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) { e.fb.RemoveVolume(imgPool, imgName) }, kvmerr.Permanent, "not cached"},
		{"foreign", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) {
			e.fb.RemoveVolume(imgPool, imgMarker(digestOf([]byte("base"))))
		}, kvmerr.Permanent, "kvm2 did not cache"},
		{"other host", "elsewhere/" + imgPool + "/" + imgName, func(*imgEnv) {}, kvmerr.Permanent, "its own host"},
		{"malformed", "nonsense", func(*imgEnv) {}, kvmerr.Permanent, "host/pool/name"},
		{"transient stays transient", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) {
			e.fb.FailAlways("StoragePoolListAllVolumes", rpcError(libvirt.ErrRPC))
		}, kvmerr.Transient, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			digest := e.seedCached([]byte("base"))
			tc.mutate(e)
			e.fb.FailAlways("StorageVolDownload", errors.New("resolveBase must not read a volume"))
			img, err := e.ic.Resolve(context.Background(), e.fb, tc.id)
			if n := len(e.pool.DedicatedBackends(imgHost)) + e.pool.Acquired(imgHost); n != 0 {
				t.Errorf("resolveBase took %d connections of its own, want 0: it works on Create's", n)
			}
			if tc.want == 0 {
				if err != nil || img.SHA256 != digest || img.Path != fake.DefaultPoolPath+"/"+imgName {
					t.Fatalf("resolveBase = %+v, %v; want the cached image", img, err)
				}
				return
			}
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q should mention %q", err, tc.text)
			}
		})
	}
}

// abandonedOnce makes the first call of a method stall until its ctx ends and then fail the way
// the production adapter reports an abandoned call.
func abandonedOnce(b *fake.Backend, method string) {
	var calls atomic.Int32
	b.Inject(method, func(ctx context.Context, c fake.Call) error {
		if calls.Add(1) > 1 {
			return nil
		}
		<-ctx.Done()
		return kvmerr.New(kvmerr.Transient, c.Method, imgHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
	})
}

// emptyReadOnce is a connection whose first marker download delivers nothing, as a download
// whose data packet was taken for the call's reply does.
type emptyReadOnce struct {
	*fake.Backend
	done atomic.Bool
}

func (b *emptyReadOnce) StorageVolDownload(ctx context.Context, v libvirt.StorageVol, w io.Writer, n uint64) error {
	if b.done.CompareAndSwap(false, true) {
		return nil
	}
	return b.Backend.StorageVolDownload(ctx, v, w, n)
}

// singlePool hands out one connection for every request.
type singlePool struct{ b backend.Backend }

func (p singlePool) Acquire(context.Context, string) (backend.Backend, func(), error) {
	return p.b, func() {}, nil
}
func (p singlePool) Dedicated(context.Context, string) (backend.Backend, error) { return p.b, nil }
func (p singlePool) Close() error                                               { return nil }

// imgDomainXML is a domain whose disks are the given file sources.
func imgDomainXML(name string, disks ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<domain type='qemu'><name>%s</name><devices>", name)
	for _, d := range disks {
		b.WriteString(d)
	}
	b.WriteString("</devices></domain>")
	return b.String()
}

func fileDisk(path string) string {
	return fmt.Sprintf("<disk type='file' device='disk'><source file='%s'/></disk>", path)
}

func TestDeleteBaseImage_refusesWhileInUse(t *testing.T) {
	basePath := fake.DefaultPoolPath + "/" + imgName
	otherPath := "/var/lib/other"
	addOther := func(fb *fake.Backend) {
		fb.AddPool(fake.StoragePool{Name: "other", Path: otherPath, Active: true, Capacity: 1 << 30, Available: 1 << 30})
	}
	cases := []struct {
		name    string
		setup   func(fb *fake.Backend)
		domains []string
	}{
		{"stopped domain on an overlay in the image's pool", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: "vm1.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(fake.DefaultPoolPath+"/vm1.qcow2"), fileDisk("/seed/vm1.iso"))})
		}, []string{"vm1"}},
		{"stopped domain on an overlay in another pool", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "vm2.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "vm2", XML: imgDomainXML("vm2", fileDisk(otherPath+"/vm2.qcow2"))})
		}, []string{"vm2"}},
		{"stopped domain on an overlay of an overlay in another pool", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "mid.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddVolume("other", fake.Volume{Name: "top.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: otherPath + "/mid.qcow2"})
			fb.AddDomain(fake.Domain{Name: "deep", XML: imgDomainXML("deep", fileDisk(otherPath+"/top.qcow2"))})
		}, []string{"deep"}},
		{"domain on the image itself", func(fb *fake.Backend) {
			fb.AddDomain(fake.Domain{Name: "raw-user", XML: imgDomainXML("raw-user", fileDisk(basePath))})
		}, []string{"raw-user"}},
		{"running domain whose backing chain reaches the image", func(fb *fake.Backend) {
			disk := fmt.Sprintf("<disk type='file' device='disk'><source file='/not/a/pool/vm3.qcow2'/>"+
				"<backingStore type='file'><format type='qcow2'/><source file='%s'/></backingStore></disk>", basePath)
			fb.AddDomain(fake.Domain{Name: "vm3", State: libvirt.DomainRunning, XML: imgDomainXML("vm3", disk)})
		}, []string{"vm3"}},
		{"domain naming an overlay in another pool by pool and volume", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "vm4.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			disk := "<disk type='volume' device='disk'><source pool='other' volume='vm4.qcow2'/></disk>"
			fb.AddDomain(fake.Domain{Name: "vm4", XML: imgDomainXML("vm4", disk)})
		}, []string{"vm4"}},
		{"several domains, sorted", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "z.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "zeta", XML: imgDomainXML("zeta", fileDisk(otherPath+"/z.qcow2"))})
			fb.AddDomain(fake.Domain{Name: "alpha", XML: imgDomainXML("alpha", fileDisk(basePath))})
			fb.AddDomain(fake.Domain{Name: "bystander", XML: imgDomainXML("bystander", fileDisk("/elsewhere.qcow2"))})
		}, []string{"alpha", "zeta"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			before := e.volumes()

			err := e.remove()
			assertClass(t, err, kvmerr.Permanent)
			var inUse *BaseImageInUseError
			if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, tc.domains) || inUse.ID != e.ref().ID() {
				t.Fatalf("err = %v, want a *BaseImageInUseError of %s naming %v", err, e.ref().ID(), tc.domains)
			}
			if !strings.Contains(err.Error(), strings.Join(tc.domains, ", ")) {
				t.Errorf("error %q should name %v", err, tc.domains)
			}
			if after := e.volumes(); !slices.Equal(after, before) {
				t.Errorf("volumes changed from %v to %v while refusing", before, after)
			}
		})
	}
}

// TestDeleteBaseImage_anOverlayNoDomainUsesDoesNotHoldIt: in use means used by a domain; a
// volume left behind on the image does not keep it.
func TestDeleteBaseImage_anOverlayNoDomainUsesDoesNotHoldIt(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "left.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: fake.DefaultPoolPath + "/" + imgName})
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"left.qcow2"}) {
		t.Errorf("volumes = %v, want only the unused overlay", v)
	}
}

func TestDeleteBaseImage_unreadableDomainRefuses(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "weird", XML: "<domain><devices><disk"})
	err := e.remove()
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "weird") || len(e.volumes()) != 2 {
		t.Errorf("err = %v, volumes %v; want a refusal naming the domain and nothing deleted", err, e.volumes())
	}
}

func TestDeleteBaseImage_domainGoneWhileListingIsSkipped(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "leaving", XML: imgDomainXML("leaving", fileDisk("/x.qcow2"))})
	e.fb.FailFor("DomainGetXMLDesc", "leaving", rpcError(libvirt.ErrNoDomain))
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestDeleteBaseImage_deletesImageThenMarkerAndIsIdempotent(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("base"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "unrelated.qcow2", Format: "qcow2", Capacity: 1})

	for i := range 2 {
		if err := e.remove(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
			t.Fatalf("remove #%d: %v", i+1, err)
		}
	}
	var deletes []string
	for _, c := range e.fb.Calls() {
		// Each remove also takes and releases its host lease (a volume of its own, left out here;
		// the listing below shows it released).
		if c.Method == "StorageVolDelete" && !strings.Contains(c.Target, rules.LeasePrefix) {
			deletes = append(deletes, c.Target)
		}
	}
	if want := []string{imgPool + "/" + imgName, imgPool + "/" + imgMarker(digest)}; !slices.Equal(deletes, want) {
		t.Errorf("deletes = %v, want %v (image, then marker, nothing the second time)", deletes, want)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"unrelated.qcow2"}) {
		t.Errorf("volumes = %v, want only the unrelated one", v)
	}
}

func TestDeleteBaseImage_goneStatesAreFine(t *testing.T) {
	digest := digestOf([]byte("base"))
	cases := []struct {
		name  string
		setup func(fb *fake.Backend)
		left  []string
	}{
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, nil},
		{"only the marker left", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, nil},
		{"a volume without marker is not ours", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker(digest)) }, []string{imgName}},
		{"image deleted by someone else meanwhile", func(fb *fake.Backend) {
			fb.Inject("StorageVolDelete", func(_ context.Context, c fake.Call) error {
				if c.Target == imgPool+"/"+imgName {
					fb.RemoveVolume(imgPool, imgName) // the call itself then finds it gone
				}
				return nil
			})
		}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			if err := e.remove(); err != nil {
				t.Fatalf("remove = %v, want nil", err)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v", v, tc.left)
			}
		})
	}
}

// TestDeleteBaseImage_anotherDigestUnderTheNameIsLeftAlone: the recorded digest is the image
// the resource cached; another image cached under the name since is not its to delete.
func TestDeleteBaseImage_anotherDigestUnderTheNameIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("a newer image"))
	if err := e.remove(Recorded(strings.Repeat("0", 64), fake.DefaultPoolPath+"/"+imgName)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
		t.Errorf("volumes = %v, want the other image untouched", v)
	}
}

// TestDeleteBaseImage_claimOfAnotherWriterIsLeftAlone: without a digest marker the name holds
// another apply's fetch, not the resource's image.
func TestDeleteBaseImage_claimOfAnotherWriterIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	other := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Unix(), 10)
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("half")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: other, Format: "raw"})
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 2 {
		t.Errorf("volumes = %v, want the other fetch untouched", v)
	}
}

func TestDeleteBaseImage_interruptedNeverLeavesAVerifiedClaim(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("base"))
	e.fb.FailFor("StorageVolDelete", imgPool+"/"+imgMarker(digest), rpcError(libvirt.ErrRPC))

	err := e.remove()
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); !slices.Equal(v, []string{imgMarker(digest)}) {
		t.Fatalf("volumes = %v, want the marker alone after the interrupted remove", v)
	}
	_, err = e.get()
	assertClass(t, err, kvmerr.NotFound)

	e.fb.ClearFaults("")
	if err := e.remove(); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after the retry: %v", v)
	}
}

func TestPoolFree(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = 12345 })
	free, err := e.ic.PoolFree(context.Background(), e.pool, imgHost, imgPool)
	if err != nil || free != 12345 {
		t.Errorf("poolFree = %d, %v; want 12345", free, err)
	}
	_, err = e.ic.PoolFree(context.Background(), e.pool, imgHost, "nosuchpool")
	assertClass(t, err, kvmerr.NotFound)
}

// imgSlowReader is an io.Reader that never ends, for the progress reader's counting test.
type imgSlowReader struct{}

func (imgSlowReader) Read(p []byte) (int, error) { return len(p), nil }
