package imagecache

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/keylock"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestEnsureBaseImage_downloadsVerifiesAndCaches(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	want := imagetest.Digest(imgSize)

	img, err := e.ensure(context.Background(), imgRequest(srv, strings.ToUpper(want)))
	if err != nil {
		t.Fatal(err)
	}
	wantImg := BaseImage{
		ID: imgHost + "/" + imgPool + "/" + imgName, Host: imgHost, Pool: imgPool, Name: imgName,
		Path: fake.DefaultPoolPath + "/" + imgName, Format: "qcow2", SizeBytes: imgSize,
		SHA256: want, SourceURL: srv.URL(),
	}
	if img != wantImg {
		t.Errorf("image = %+v\nwant    %+v", img, wantImg)
	}
	vol, _ := e.fb.Volume(imgPool, imgName)
	if vol.SHA256 != want || vol.Allocation != imgSize {
		t.Errorf("stored volume sha %s, %d bytes; want %s, %d", vol.SHA256, vol.Allocation, want, imgSize)
	}
	marker, ok := e.fb.Volume(imgPool, imgMarker(want))
	if !ok || len(marker.Content) != 0 || marker.Capacity != 0 || marker.Format != "raw" {
		t.Errorf("digest marker = %+v (present %v), want an empty raw volume", marker, ok)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(want)}) {
		t.Errorf("volumes = %v, want the image and its digest marker (the claim deleted)", v)
	}
	for _, enc := range srv.Encodings {
		if enc != "identity" {
			t.Errorf("request sent Accept-Encoding %q, want identity", enc)
		}
	}
	if h, g := srv.Heads.Load(), srv.Gets.Load(); h != 1 || g != 1 {
		t.Errorf("server saw %d HEAD and %d GET, want 1 and 1", h, g)
	}
}

func TestEnsureBaseImage_withoutExpectedDigestRecordsObserved(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	img, err := e.ensure(context.Background(), imgRequest(srv, ""))
	if err != nil {
		t.Fatal(err)
	}
	if want := imagetest.Digest(imgSize); img.SHA256 != want {
		t.Errorf("SHA256 = %s, want the observed %s", img.SHA256, want)
	}
}

func TestEnsureBaseImage_cacheHitMakesNoHTTPRequest(t *testing.T) {
	for _, tc := range []struct {
		name     string
		expected func(digest string) string
	}{
		{"expected digest given", func(d string) string { return d }},
		{"no expected digest", func(string) string { return "" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			digest := e.seedCached([]byte("cached image bytes"))

			img, err := e.ensure(context.Background(), imgRequest(srv, tc.expected(digest)))
			if err != nil {
				t.Fatal(err)
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests on a cache hit, want 0", n)
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 {
				t.Errorf("%d dedicated connections opened on a cache hit, want 0", n)
			}
			if n := e.fb.Count("StorageVolDownload"); n != 0 {
				t.Errorf("%d volume reads on a cache hit, want 0", n)
			}
			if img.SHA256 != digest || img.SizeBytes != uint64(len("cached image bytes")) || img.Format != "qcow2" {
				t.Errorf("image = %+v, want the cached one (sha %s)", img, digest)
			}
		})
	}
}

// TestBaseImage_lookupWithKnownDigestIsNameLookups: with the digest known (the request's, or
// the state's), finding the image lists no pool and reads no volume.
func TestBaseImage_lookupWithKnownDigestIsNameLookups(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	digest := e.seedCached([]byte("cached image bytes"))
	if _, err := e.ensure(context.Background(), imgRequest(srv, digest)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.get(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"StoragePoolListAllVolumes", "StorageVolDownload"} {
		if n := e.fb.Count(m); n != 0 {
			t.Errorf("%s called %d times, want 0", m, n)
		}
	}
	var lookups []string
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolLookupByName" {
			lookups = append(lookups, c.Target)
		}
	}
	want := []string{imgPool + "/" + imgMarker(digest), imgPool + "/" + imgName}
	if !slices.Equal(lookups, append(slices.Clone(want), want...)) {
		t.Errorf("volume lookups = %v, want %v twice", lookups, want)
	}
}

func TestEnsureBaseImage_claimFirstDigestLastUploadOnDedicated(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolCreateXML" || c.Method == "StorageVolUpload" || c.Method == "StorageVolDownload" {
			t.Errorf("pooled connection ran %s; writes belong on the dedicated one, and nothing is read", c.Method)
		}
	}
	ded := e.pool.DedicatedBackends(imgHost)
	if len(ded) != 1 {
		t.Fatalf("%d dedicated connections, want 1", len(ded))
	}
	var writes []fake.Call
	for _, c := range ded[0].Calls() {
		switch c.Method {
		case "StorageVolCreateXML", "StorageVolUpload", "StoragePoolRefresh", "StorageVolDelete", "Close":
			writes = append(writes, c)
		}
	}
	want := []fake.Call{
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgClaim},
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgName},
		{Method: "StorageVolUpload", Target: imgPool + "/" + imgName},
		{Method: "StoragePoolRefresh", Target: imgPool},
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgMarker(imagetest.Digest(imgSize))},
		{Method: "StorageVolDelete", Target: imgPool + "/" + imgClaim},
		{Method: "Close"},
	}
	if !slices.Equal(writes, want) {
		t.Errorf("dedicated writes = %v\nwant %v (claim first, digest marker last, claim deleted, connection closed)", writes, want)
	}
}

func TestEnsureBaseImage_digestMismatchIsPermanentAndLeavesNothing(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	wrong := strings.Repeat("ab", 32)

	_, err := e.ensure(context.Background(), imgRequest(srv, wrong))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), wrong) || !strings.Contains(err.Error(), imagetest.Digest(imgSize)) {
		t.Errorf("error %q should name the expected and the observed digest", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after a mismatch: %v", v)
	}
}

func TestEnsureBaseImage_cachedWithOtherDigestIsPermanent(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	cached := e.seedCached([]byte("an older image"))

	_, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize)))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), cached) || !strings.Contains(err.Error(), "another name") {
		t.Errorf("error %q should name the cached digest and ask for another name", err)
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(cached)}) {
		t.Errorf("volumes = %v; the cached image must stay", v)
	}
}

func TestEnsureBaseImage_debrisIsReplaced(t *testing.T) {
	digest := imagetest.Digest(imgSize)
	stale := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Add(-2*time.Hour).Unix(), 10)
	partial := fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")}
	cases := []struct {
		name string
		seed func(fb *fake.Backend)
	}{
		{"stale claim and a partial image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, partial)
			fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
		}},
		{"stale claim without image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
		}},
		{"digest marker without image (an interrupted delete)", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(strings.Repeat("ab", 32)), Format: "raw"})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			tc.seed(e.fb)

			img, err := e.ensure(context.Background(), imgRequest(srv, digest))
			if err != nil {
				t.Fatal(err)
			}
			if srv.Gets.Load() != 1 || img.SHA256 != digest {
				t.Errorf("GETs = %d, sha = %s; want a refetch verified as %s", srv.Gets.Load(), img.SHA256, digest)
			}
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
				t.Errorf("volumes = %v, want the fresh image and its digest marker only", v)
			}
			if len(e.log.Matching("deleting an unfinished base image before fetching it again")) != 1 {
				t.Errorf("debris deletion was not logged:\n%s", e.log.Text())
			}
		})
	}
}

func TestEnsureBaseImage_leftoverClaimBesideAVerifiedImageIsDeleted(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	digest := e.seedCached([]byte("cached"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "raw"})

	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; want the cache hit with its leftover claim deleted", v, srv.Requests())
	}
}

// TestEnsureBaseImage_liveClaimOfAnotherWriterIsWaitedFor: a claim another process made
// recently is a fetch in progress: nothing is deleted or fetched, and the error is Transient.
func TestEnsureBaseImage_liveClaimOfAnotherWriterIsWaitedFor(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	other := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Add(-time.Minute).Unix(), 10)
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("half")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: other, Format: "raw"})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if !strings.Contains(err.Error(), "another apply") || !strings.Contains(err.Error(), other) {
		t.Errorf("error %q should say another apply holds claim %s", err, other)
	}
	if v := e.volumes(); len(v) != 2 || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; the other fetch must be left alone", v, srv.Requests())
	}
}

func TestEnsureBaseImage_volumeWithoutMarkerIsNotTouched(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("someone's")})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	assertForeign(t, err, imgName)
	if !strings.Contains(err.Error(), "another name") {
		t.Errorf("error %q should suggest another name", err)
	}
	if e.content(imgName) != "someone's" || len(e.volumes()) != 1 {
		t.Errorf("volumes = %v; a volume the cache did not write must stay as it was", e.volumes())
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
}

func TestEnsureBaseImage_debrisUnderADomainIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	stale := imgName + rules.PendingInfix + "1600000000"
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
	e.fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(fake.DefaultPoolPath+"/"+imgName))})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	var inUse *BaseImageInUseError
	if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{"vm1"}) {
		t.Errorf("err = %v, want a *BaseImageInUseError naming vm1", err)
	}
	if v := e.volumes(); len(v) != 2 || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; nothing may be deleted or fetched", v, srv.Requests())
	}
}

func TestEnsureBaseImage_failedLookupIsAnErrorNotDebris(t *testing.T) {
	for _, method := range []string{"StoragePoolListAllVolumes", "StorageVolGetInfo"} {
		t.Run(method, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			digest := e.seedCached([]byte("cached"))
			e.fb.FailAlways(method, rpcError(libvirt.ErrRPC))

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, kvmerr.Transient)
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
				t.Errorf("volumes = %v; a failed lookup must not delete the cache", v)
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests, want 0", n)
			}
		})
	}
}

func TestEnsureBaseImage_failureAfterCreateDeletesEverything(t *testing.T) {
	rpc := rpcError(libvirt.ErrRPC)
	digestMarker := imgMarker(imagetest.Digest(imgSize))
	cases := []struct {
		name   string
		inject func(b *fake.Backend)
		want   kvmerr.Class
	}{
		{"claim create done but its reply lost", func(b *fake.Backend) {
			b.Inject("StorageVolCreateXML", func(context.Context, fake.Call) error {
				b.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "raw"})
				return nil
			})
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgClaim, rpc)
		}, kvmerr.Transient},
		{"image create fails", func(b *fake.Backend) {
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgName, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"upload fails", func(b *fake.Backend) { b.FailAlways("StorageVolUpload", rpc) }, kvmerr.Transient},
		{"refresh fails", func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpc) }, kvmerr.Transient},
		{"digest marker create fails", func(b *fake.Backend) {
			b.FailFor("StorageVolCreateXML", imgPool+"/"+digestMarker, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"digest marker created but its reply lost", func(b *fake.Backend) {
			b.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
				if c.Target == imgPool+"/"+digestMarker {
					b.AddVolume(imgPool, fake.Volume{Name: digestMarker, Format: "raw"})
					return rpc
				}
				return nil
			})
		}, kvmerr.Transient},
		{"reading the result back fails", func(b *fake.Backend) { b.FailAlways("StorageVolGetXMLDesc", rpc) }, kvmerr.Transient},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			e.pool.OnDedicated(tc.inject)

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if v := e.volumes(); len(v) != 0 {
				t.Errorf("volumes left: %v", v)
			}
		})
	}
}

// appearsMeanwhile makes the create of the last of names find it taken, as when another writer
// made it (and the others) between the cache lookup and the create. A claim appears empty.
func appearsMeanwhile(b *fake.Backend, names ...string) {
	last := names[len(names)-1]
	b.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
		if c.Target != imgPool+"/"+last {
			return nil
		}
		for _, name := range names {
			if strings.Contains(name, rules.PendingInfix) {
				b.AddVolume(imgPool, fake.Volume{Name: name, Format: "raw"})
			} else {
				b.AddVolume(imgPool, fake.Volume{Name: name, Format: "raw", Capacity: 65, Content: []byte("theirs")})
			}
		}
		return fake.LibvirtError(libvirt.ErrStorageVolExist, "storage volume '%s' exists already", last)
	})
}

func TestEnsureBaseImage_volumesAnotherWriterCreatedAreNotDeleted(t *testing.T) {
	otherClaim := imgName + rules.PendingInfix + "1699999990"
	cases := []struct {
		name    string
		appears []string
		want    kvmerr.Class
		left    []string
		foreign bool
	}{
		{"claim: another writer caches the same image in the same second", []string{imgClaim}, kvmerr.Transient, []string{imgClaim}, false},
		{"image: a foreign volume took the name", []string{imgName}, kvmerr.Permanent, []string{imgName}, true},
		{"image with another writer's claim: a race to wait out", []string{otherClaim, imgName}, kvmerr.Transient, []string{imgName, otherClaim}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			e.pool.OnDedicated(func(b *fake.Backend) { appearsMeanwhile(b, tc.appears...) })

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), "appeared") {
				t.Errorf("error %q should say the volume appeared meanwhile", err)
			}
			if tc.foreign {
				assertForeign(t, err, imgName)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v: only what this fetch created may be deleted", v, tc.left)
			}
			for _, name := range tc.appears {
				if v, _ := e.fb.Volume(imgPool, name); !strings.Contains(name, rules.PendingInfix) && string(v.Content) != "theirs" {
					t.Errorf("the other writer's %s was changed", name)
				}
			}
		})
	}
}

func TestEnsureBaseImage_failedCleanupIsLoggedAndRetryCompletes(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.pool.OnDedicated(func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpcError(libvirt.ErrRPC)) })
	e.fb.FailAlways("StorageVolDelete", rpcError(libvirt.ErrRPC))

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if len(e.log.Matching("could not delete a partly written base image; the next ensure deletes it")) != 1 {
		t.Errorf("failed cleanup not logged:\n%s", e.log.Text())
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgClaim}) {
		t.Fatalf("volumes = %v, want the unfinished image and its claim left by the failed cleanup", v)
	}

	// The claim is this process's own, so the retry takes it for debris at once, though young.
	e.pool.OnDedicated(nil)
	e.fb.ClearFaults("")
	img, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize)))
	if err != nil {
		t.Fatal(err)
	}
	if img.SHA256 != imagetest.Digest(imgSize) || srv.Gets.Load() != 2 {
		t.Errorf("retry: sha %s after %d GETs; want a fresh verified fetch", img.SHA256, srv.Gets.Load())
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(imagetest.Digest(imgSize))}) {
		t.Errorf("volumes = %v after the retry", v)
	}
}

func TestEnsureBaseImage_dedicatedDialFailureWritesNothing(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.pool.FailDedicated(imgHost, &kvmerr.DialError{Host: imgHost, Stage: kvmerr.StageTCP, Err: errors.New("connection refused")})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if n := e.fb.Count("StorageVolDelete"); n != 0 || len(e.volumes()) != 0 {
		t.Errorf("deletes = %d, volumes = %v; nothing should exist to clean", n, e.volumes())
	}
}

func TestEnsureBaseImage_quotaPrecheck(t *testing.T) {
	cases := []struct {
		name string
		cfg  imagetest.ServerConfig
		gets int32
	}{
		{"size from HEAD: no GET at all", imagetest.ServerConfig{Size: imgSize}, 0},
		{"size from GET after a refused HEAD", imagetest.ServerConfig{Size: imgSize, HeadStatus: 405}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, tc.cfg)
			e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = imgSize - 1 })

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, kvmerr.QuotaExceeded)
			var q *kvmerr.QuotaError
			if !errors.As(err, &q) || q.Pool != imgPool || q.Available != imgSize-1 || q.Needed != imgSize || q.Host != imgHost {
				t.Fatalf("err = %v, want a QuotaError for pool %s with %d free and %d needed", err, imgPool, imgSize-1, imgSize)
			}
			for _, s := range []string{imgPool, strconv.Itoa(imgSize - 1), strconv.Itoa(imgSize)} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q should name %s", err, s)
				}
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 || e.fb.Count("StorageVolCreateXML") != 0 {
				t.Errorf("a write was attempted despite the full pool (%d dedicated connections)", n)
			}
			if g := srv.Gets.Load(); g != tc.gets {
				t.Errorf("GETs = %d, want %d", g, tc.gets)
			}
		})
	}
}

func TestEnsureBaseImage_exactFitPasses(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = imgSize })
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureBaseImage_invalidRequests(t *testing.T) {
	okURL := "http://images.example/debian.qcow2"
	cases := []struct {
		name string
		req  BaseImageRequest
		text string
	}{
		{"empty name", BaseImageRequest{SourceURL: okURL}, "base image name"},
		{"slash in name", BaseImageRequest{Name: "a/b", SourceURL: okURL}, "base image name"},
		{"legacy marker suffix", BaseImageRequest{Name: "x" + rules.LegacyMarkerSuffix, SourceURL: okURL}, "reserved"},
		{"marker namespace", BaseImageRequest{Name: "x.kvm2-y", SourceURL: okURL}, "reserved"},
		{"too long for its markers", BaseImageRequest{Name: strings.Repeat("a", rules.MaxBaseImageNameLen+1), SourceURL: okURL}, "base image name"},
		{"format", BaseImageRequest{Name: imgName, SourceURL: okURL, Format: "vmdk"}, "format"},
		{"short digest", BaseImageRequest{Name: imgName, SourceURL: okURL, SHA256: "abc"}, "sha256"},
		{"ftp URL", BaseImageRequest{Name: imgName, SourceURL: "ftp://x/y"}, "source URL"},
		{"relative URL", BaseImageRequest{Name: imgName, SourceURL: "/images/y"}, "source URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			tc.req.Host = imgHost
			_, err := e.ensure(context.Background(), tc.req)
			assertClass(t, err, kvmerr.Permanent)
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q should mention %q", err, tc.text)
			}
			if n := len(e.fb.Calls()); n != 0 {
				t.Errorf("%d RPCs for an invalid request, want 0", n)
			}
		})
	}
}

func TestEnsureBaseImage_missingPoolIsPermanent(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	req := imgRequest(srv, "")
	req.Pool = "nosuchpool"
	_, err := e.ensure(context.Background(), req)
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "nosuchpool") {
		t.Errorf("error %q should name the pool", err)
	}
}

func TestEnsureBaseImage_rawFormatAndPoolFromRequest(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.fb.AddPool(fake.StoragePool{Name: "images", Active: true, Capacity: 1 << 30, Available: 1 << 30})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	req := imgRequest(srv, "")
	req.Pool, req.Format = "images", "raw"

	img, err := e.ensure(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if img.Pool != "images" || img.Format != "raw" || img.ID != imgHost+"/images/"+imgName {
		t.Errorf("image = %+v, want raw in pool images", img)
	}
	if v := e.fb.VolumeNames("images"); !slices.Equal(v, []string{imgName, imgMarker(imagetest.Digest(imgSize))}) {
		t.Errorf("volumes of pool images = %v", v)
	}
}

func TestEnsureBaseImage_secondCallerWaitsThenHitsTheCache(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	req := imgRequest(srv, imagetest.Digest(imgSize))

	type result struct {
		img BaseImage
		err error
	}
	first := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		first <- result{img, err}
	}()
	<-srv.Held
	second := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		second <- result{img, err}
	}()
	waitForLockRefs(t, e.ic.locks, imgHost+"/"+imgPool+"/"+imgName, 2)
	srv.Unblock()

	r1, r2 := <-first, <-second
	if r1.err != nil || r2.err != nil {
		t.Fatalf("errors: %v, %v", r1.err, r2.err)
	}
	if r1.img != r2.img {
		t.Errorf("second caller got %+v, want the first's %+v", r2.img, r1.img)
	}
	if g := srv.Gets.Load(); g != 1 {
		t.Errorf("GETs = %d, want 1: the second caller must hit the cache", g)
	}
}

// waitForLockRefs waits until key has want holders and waiters.
func waitForLockRefs(t *testing.T, l *keylock.Locks, key string, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		n := l.Refs(key)
		if n == want {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("lock %s never reached %d holders and waiters", key, want)
}

func TestEnsureBaseImage_waiterGivesUpWithItsContext(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	req := imgRequest(srv, "")
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), req)
		first <- err
	}()
	<-srv.Held

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := e.ensure(ctx, req)
	assertClass(t, err, kvmerr.Transient)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "waiting for another operation") {
		t.Errorf("err = %v, want the waiter's deadline while waiting for the lock", err)
	}
	srv.Unblock()
	if err := <-first; err != nil {
		t.Fatalf("first caller: %v", err)
	}
}

func TestEnsureBaseImage_differentImagesDoNotWaitForEachOther(t *testing.T) {
	e := newImgEnv(t, Options{})
	held := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	free := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), imgRequest(held, ""))
		first <- err
	}()
	<-held.Held

	other := BaseImageRequest{Host: imgHost, Name: "alpine", SourceURL: free.URL()}
	if _, err := e.ensure(context.Background(), other); err != nil {
		t.Fatalf("an unrelated image waited or failed: %v", err)
	}
	held.Unblock()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

// TestBaseImage_foreignVolumesAreNeverAdoptedDeletedOrDownloadedOver puts beside (or under)
// the image's name what administrators and other tools leave there, and checks that ensure
// neither adopts nor replaces it, get does not read it as an image, and delete leaves it.
func TestBaseImage_foreignVolumesAreNeverAdoptedDeletedOrDownloadedOver(t *testing.T) {
	admin := []byte("QFI\xfb an administrator's image")
	adminDigest := digestOf(admin)
	adminImage := fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(admin)), Content: admin}
	cases := []struct {
		name    string
		seed    func(fb *fake.Backend)
		foreign []string // the volumes named as not ours
		// byListingOnly: only a lookup that lists the pool sees what is wrong (with the digest
		// known, the image and that digest's marker prove themselves); stateProves: the old
		// marker holds the digest, which with state's record is the proof of an earlier version.
		byListingOnly, stateProves bool
	}{
		{"image and a sha256sum-format checksum file", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			sum := adminDigest + "  " + imgName + "\n"
			fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: uint64(len(sum)), Content: []byte(sum)})
		}, []string{imgName, imgLegacy}, false, false},
		{"image and a bare-digest checksum file", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 65, Content: []byte(adminDigest + "\n")})
		}, []string{imgName, imgLegacy}, false, true},
		{"a volume named like the claim, without the image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "qcow2", Capacity: 1 << 20, Content: []byte("theirs")})
		}, []string{imgClaim}, false, false},
		{"image and a volume named like its digest marker that is not empty", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(adminDigest), Format: "raw", Capacity: 65, Content: []byte(adminDigest + "\n")})
		}, []string{imgMarker(adminDigest)}, false, false},
		{"image and a name in the markers' namespace of no form of ours", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgName + ".kvm2-sha256-" + strings.ToUpper(adminDigest), Format: "raw"})
		}, []string{imgName + ".kvm2-sha256-" + strings.ToUpper(adminDigest)}, false, false},
		{"image and two digest markers", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(adminDigest), Format: "raw"})
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(strings.Repeat("0", 64)), Format: "raw"})
		}, []string{imgMarker(adminDigest), imgMarker(strings.Repeat("0", 64))}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			tc.seed(e.fb)
			before := map[string]string{}
			for _, v := range e.volumes() {
				before[v] = e.content(v)
			}
			unchanged := func(step string) {
				t.Helper()
				after := e.volumes()
				if len(after) != len(before) {
					t.Fatalf("after %s: volumes = %v, want %v untouched", step, after, before)
				}
				for _, v := range after {
					if c, ok := before[v]; !ok || c != e.content(v) {
						t.Fatalf("after %s: volume %s changed or appeared", step, v)
					}
				}
			}

			shas := []string{"", adminDigest}
			if tc.byListingOnly {
				shas = shas[:1]
			}
			for _, sha := range shas {
				_, err := e.ensure(context.Background(), imgRequest(srv, sha))
				assertClass(t, err, kvmerr.Permanent)
				assertForeign(t, err, tc.foreign...)
				unchanged("ensure")
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests: a foreign volume was downloaded over", n)
			}
			gets := [][]BaseImageOption{nil}
			if !tc.byListingOnly && !tc.stateProves {
				gets = append(gets, []BaseImageOption{Recorded(adminDigest, fake.DefaultPoolPath+"/"+imgName)})
			}
			for _, opts := range gets {
				_, err := e.get(opts...)
				assertClass(t, err, kvmerr.NotFound)
				unchanged("get")
			}
			if err := e.remove(); err != nil && !errors.As(err, new(*ForeignImageError)) {
				t.Fatalf("remove = %v, want nil or a refusal", err)
			}
			unchanged("remove")
		})
	}
}

// TestBaseImage_aUserVolumeUnderTheOldMarkerNameIsNotOurs: "<name>.sha256" beside an image of
// today's cache (or alone) is someone else's file: the cache neither needs nor touches it.
func TestBaseImage_aUserVolumeUnderTheOldMarkerNameIsNotOurs(t *testing.T) {
	userFile := fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 6, Content: []byte("notes\n")}
	t.Run("beside a cached image", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
		digest := e.seedCached([]byte("base"))
		e.fb.AddVolume(imgPool, userFile)
		if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.get(); err != nil {
			t.Fatal(err)
		}
		if err := e.remove(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
			t.Fatal(err)
		}
		if v := e.volumes(); !slices.Equal(v, []string{imgLegacy}) || e.content(imgLegacy) != "notes\n" {
			t.Errorf("volumes = %v; the user's %s must stay as it was", v, imgLegacy)
		}
	})
	t.Run("alone", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
		e.fb.AddVolume(imgPool, userFile)
		img, err := e.ensure(context.Background(), imgRequest(srv, ""))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.remove(); err != nil {
			t.Fatal(err)
		}
		if v := e.volumes(); !slices.Equal(v, []string{imgLegacy}) || e.content(imgLegacy) != "notes\n" || img.SHA256 == "" {
			t.Errorf("volumes = %v; the user's %s must stay as it was", v, imgLegacy)
		}
	})
}

// TestBaseImage_oldMarkerLeftByAFailedMoveIsDeletedWithTheImage: the move creates today's
// marker before it deletes the old one; when that delete fails, the refresh says so (and
// retries), and the resource's delete removes the old marker once its content proves it.
func TestBaseImage_oldMarkerLeftByAFailedMoveIsDeletedWithTheImage(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest, path := e.seedLegacy([]byte("cached"))
	e.fb.FailFor("StorageVolDelete", imgPool+"/"+imgLegacy, rpcError(libvirt.ErrRPC))
	_, err := e.get(Recorded(digest, path))
	assertClass(t, err, kvmerr.Transient)
	e.fb.ClearFaults("")
	if _, err := e.get(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest), imgLegacy}) {
		t.Fatalf("volumes = %v", v)
	}
	if err := e.remove(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_refusesARedirectFromHTTPSToHTTP(t *testing.T) {
	plain := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/same-scheme" {
			http.Redirect(w, r, "/image", http.StatusFound)
			return
		}
		if r.URL.Path == "/image" {
			plain.ServeHTTP(w, r)
			return
		}
		http.Redirect(w, r, plain.URL(), http.StatusFound)
	}))
	t.Cleanup(tlsSrv.Close)

	e := newImgEnv(t, Options{HTTPClient: tlsSrv.Client()})
	_, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: tlsSrv.URL + "/downgrade"})
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "redirect from https") {
		t.Errorf("error %q should say the redirect to http was refused", err)
	}
	if n := plain.Requests(); n != 0 {
		t.Errorf("the http server saw %d requests, want 0", n)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}

	// A redirect that stays on https is followed.
	if _, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: tlsSrv.URL + "/same-scheme"}); err != nil {
		t.Fatalf("https to https redirect: %v", err)
	}
}

// The refresh after an upload is refused while another upload or create builds a volume in the
// pool (the lab's tiers met it): it is tried again, and the image is cached.
func TestEnsureBaseImage_aBusyPoolIsRefreshedOnceFree(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	busy := fake.LibvirtError(libvirt.ErrInternalError, "internal error: pool 'default' has asynchronous jobs running.")
	e.pool.OnDedicated(func(b *fake.Backend) { // the upload's connection
		b.FailNth("StoragePoolRefresh", 1, busy)
		b.FailNth("StoragePoolRefresh", 1, busy) // counts from the second call
	})
	if _, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize))); err != nil {
		t.Fatal(err)
	}
	ded := e.pool.DedicatedBackends(imgHost)
	if len(ded) != 1 {
		t.Fatalf("%d dedicated connections, want the upload's", len(ded))
	}
	if n := ded[0].Count("StoragePoolRefresh"); n != 3 {
		t.Fatalf("%d refreshes, want 3", n)
	}
}
