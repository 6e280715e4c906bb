package imagecache

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

func TestBaseImage_legacyImageWithStateProofMovesToTodaysMarkers(t *testing.T) {
	e := newImgEnv(t, Options{})
	content := []byte("cached by an earlier version")
	digest, path := e.seedLegacy(content)

	img, err := e.get(Recorded(digest, path))
	if err != nil {
		t.Fatal(err)
	}
	want := BaseImage{ID: e.ref().ID(), Host: imgHost, Pool: imgPool, Name: imgName, Path: path, Format: "qcow2",
		SizeBytes: uint64(len(content)), SHA256: digest}
	if img != want {
		t.Errorf("image = %+v\nwant    %+v (what state holds: no change in the plan)", img, want)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
		t.Errorf("volumes = %v, want the image with today's digest marker and the old marker gone", v)
	}
	if vol, _ := e.fb.Volume(imgPool, imgName); string(vol.Content) != string(content) {
		t.Error("the image was replaced")
	}
	// From now on no volume is read: not by the record's lookup, nor by one without a record.
	e.fb.FailAlways("StorageVolDownload", errors.New("no read expected"))
	for _, opts := range [][]BaseImageOption{{Recorded(digest, path)}, nil} {
		if again, err := e.get(opts...); err != nil || again != want {
			t.Errorf("get after the move = %+v, %v", again, err)
		}
	}
	if _, err := e.ic.Resolve(context.Background(), e.fb, e.ref().ID()); err != nil {
		t.Errorf("resolveBase after the move: %v", err)
	}
}

func TestBaseImage_legacyImageWithoutProofIsForeign(t *testing.T) {
	cases := []struct {
		name string
		opts func(digest, path string) []BaseImageOption
	}{
		{"no record", func(string, string) []BaseImageOption { return nil }},
		{"record of another digest", func(_, path string) []BaseImageOption {
			return []BaseImageOption{Recorded(strings.Repeat("1", 64), path)}
		}},
		{"record of another path", func(digest, _ string) []BaseImageOption {
			return []BaseImageOption{Recorded(digest, "/elsewhere/"+imgName)}
		}},
		{"record without path", func(digest, _ string) []BaseImageOption {
			return []BaseImageOption{Recorded(digest, "")}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			digest, path := e.seedLegacy([]byte("cached"))
			opts := tc.opts(digest, path)
			_, err := e.get(opts...)
			assertClass(t, err, kvmerr.NotFound)
			assertForeign(t, err, imgName)
			if err := e.remove(opts...); err != nil {
				t.Fatal(err)
			}
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgLegacy}) {
				t.Errorf("volumes = %v, want both untouched", v)
			}
		})
	}
}

func TestBaseImage_legacyImageWithStateProofIsDeleted(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest, path := e.seedLegacy([]byte("cached"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "unrelated", Format: "raw", Capacity: 1})
	if err := e.remove(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"unrelated"}) {
		t.Errorf("volumes = %v, want the image and its old marker gone", v)
	}
}

// TestBaseImage_legacyMarkerReadFaults: the one read of an old marker is bounded and retried
// once on a fresh connection when it stalls; an empty read is read again; a read that stays
// empty is no verdict (Transient), so the image is neither taken for foreign nor changed.
func TestBaseImage_legacyMarkerReadFaults(t *testing.T) {
	t.Run("stall is retried on a fresh connection", func(t *testing.T) {
		e := newImgEnv(t, Options{MarkerTimeout: 10 * time.Millisecond})
		digest, path := e.seedLegacy([]byte("cached"))
		abandonedOnce(e.fb, "StorageVolDownload")
		if _, err := e.get(Recorded(digest, path)); err != nil {
			t.Fatal(err)
		}
		if n := e.pool.Acquired(imgHost); n != 2 {
			t.Errorf("pooled acquisitions = %d, want 2 (one retry)", n)
		}
	})
	t.Run("two stalls are transient", func(t *testing.T) {
		e := newImgEnv(t, Options{MarkerTimeout: 10 * time.Millisecond})
		digest, path := e.seedLegacy([]byte("cached"))
		abandonedOnce(e.fb, "StorageVolDownload")
		abandonedOnce(e.fb, "StorageVolDownload")
		_, err := e.get(Recorded(digest, path))
		assertClass(t, err, kvmerr.Transient)
		if !errors.Is(err, kvmerr.ErrAbandoned) || len(e.volumes()) != 2 {
			t.Errorf("err = %v, volumes %v; want the abandoned call's error and nothing changed", err, e.volumes())
		}
	})
	t.Run("an empty read is read again", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		digest, path := e.seedLegacy([]byte("cached"))
		b := &emptyReadOnce{Backend: e.fb}
		if _, err := e.ic.Get(context.Background(), singlePool{b}, e.ref(), Recorded(digest, path)); err != nil {
			t.Fatal(err)
		}
		if n := e.fb.Count("StorageVolDownload"); n != 1 {
			t.Errorf("downloads reaching the host = %d, want 1 after the empty one", n)
		}
	})
	t.Run("reads that stay empty are no verdict", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		digest, path := e.seedLegacy([]byte("cached"))
		b := &emptyReads{Backend: e.fb}
		_, err := e.ic.Get(context.Background(), singlePool{b}, e.ref(), Recorded(digest, path))
		assertClass(t, err, kvmerr.Transient)
		if !errors.Is(err, errEmptyLegacyRead) || !slices.Equal(e.volumes(), []string{imgName, imgLegacy}) {
			t.Errorf("err = %v, volumes %v; want a retryable error and nothing changed", err, e.volumes())
		}
	})
}

// emptyReads is a connection whose volume downloads all deliver nothing.
type emptyReads struct{ *fake.Backend }

func (b *emptyReads) StorageVolDownload(context.Context, libvirt.StorageVol, io.Writer, uint64) error {
	return nil
}
