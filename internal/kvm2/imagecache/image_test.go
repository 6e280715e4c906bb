package imagecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	imgHost = "imghost"
	imgPool = fake.DefaultPool
	imgName = "debian-12"
	imgSize = 300 << 10 // several HTTP chunks and several fake upload chunks
)

// imgNow is the clock of the test caches, so claim names are known.
var imgNow = time.Unix(1_700_000_000, 0)

// imgClaim is the claim a fetch of imgName at imgNow creates.
var imgClaim = imgName + rules.PendingInfix + "1700000000"

// imgMarker is the digest marker of imgName for digest.
func imgMarker(digest string) string { return imgName + rules.DigestInfix + digest }

// imgLegacy is the marker name of earlier versions.
const imgLegacy = imgName + rules.LegacyMarkerSuffix

// imgEnv is an image cache on a fake host with one pool.
type imgEnv struct {
	fb   *fake.Backend
	pool *fake.Pool
	ic   *Cache
	log  *imagetest.Log
}

func newImgEnv(t *testing.T, opts Options) *imgEnv {
	t.Helper()
	fb := fake.New(imgHost)
	pool := fake.NewPool(fb)
	log := &imagetest.Log{}
	if opts.Logger == nil {
		opts.Logger = log
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = imagetest.HTTPClient()
	}
	e := &imgEnv{fb: fb, pool: pool, ic: New(opts), log: log}
	e.ic.now = func() time.Time { return imgNow }
	t.Cleanup(func() {
		if n := pool.Outstanding(); n != 0 {
			t.Errorf("%d pooled connections not released", n)
		}
		if n := pool.Unclosed(); n != 0 {
			t.Errorf("%d dedicated connections not closed", n)
		}
		if n := e.ic.locks.Size(); n != 0 {
			t.Errorf("%d image locks left behind", n)
		}
	})
	return e
}

func (e *imgEnv) ensure(ctx context.Context, req BaseImageRequest) (BaseImage, error) {
	return e.ic.Ensure(ctx, e.pool, imgPool, req)
}

func imgRequest(s *imagetest.Server, sha string) BaseImageRequest {
	return BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: s.URL(), SHA256: sha}
}

func (e *imgEnv) volumes() []string { return e.fb.VolumeNames(imgPool) }

// seedCached puts a verified image of content into the pool, as an earlier ensure would.
func (e *imgEnv) seedCached(content []byte) string {
	return imagetest.AddVerifiedBase(e.fb, imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(content)), Content: content})
}

// and "<name>.sha256" holding the digest) and returns its digest and path.
func (e *imgEnv) seedLegacy(content []byte) (digest, path string) {
	sum := sha256.Sum256(content)
	digest = hex.EncodeToString(sum[:])
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(content)), Content: content})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 65, Content: []byte(digest + "\n")})
	return digest, fake.DefaultPoolPath + "/" + imgName
}

// ref is the test image's reference.
func (e *imgEnv) ref() Ref { return Ref{imgHost, imgPool, imgName} }

// get reads the test image, with opts as a caller passes them.
func (e *imgEnv) get(opts ...BaseImageOption) (BaseImage, error) {
	return e.ic.Get(context.Background(), e.pool, e.ref(), opts...)
}

// remove deletes the test image, with opts as a caller passes them.
func (e *imgEnv) remove(opts ...BaseImageOption) error {
	return e.ic.Remove(context.Background(), e.pool, e.ref(), opts...)
}

// content is the stored content of volume name.
func (e *imgEnv) content(name string) string {
	v, _ := e.fb.Volume(imgPool, name)
	return string(v.Content)
}

// assertForeign fails unless err carries a *ForeignImageError naming every one of vols.
func assertForeign(t *testing.T, err error, vols ...string) {
	t.Helper()
	var fe *ForeignImageError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a *ForeignImageError", err)
	}
	for _, v := range vols {
		if !slices.Contains(fe.Volumes, v) {
			t.Errorf("foreign volumes %v should include %s (err %v)", fe.Volumes, v, err)
		}
	}
}

func assertClass(t *testing.T, err error, want kvmerr.Class) {
	t.Helper()
	if err == nil {
		t.Fatalf("err = nil, want %v", want)
	}
	if !errors.Is(err, want.Sentinel()) {
		t.Fatalf("err = %v (class %v), want class %v", err, kvmerr.Classify(err), want)
	}
}

func rpcError(code libvirt.ErrorNumber) error { return fake.LibvirtError(code, "injected") }
