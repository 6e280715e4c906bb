//go:build ownership

package kvm2

import (
	"encoding/binary"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// Downloads that would make the host open a file of its own choosing are refused on the real
// host before anything is written: a qcow2 image whose header names a backing file, and an
// https URL that redirects to http.
func TestLabOwnership_downloadsThatNameHostFilesAreRefused(t *testing.T) {
	withBacking := imagetest.QCOW2With(func(h []byte) {
		binary.BigEndian.PutUint64(h[8:], 112)
		binary.BigEndian.PutUint32(h[16:], 11)
	})
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(withBacking)))
		_, _ = w.Write(withBacking)
	}))
	t.Cleanup(plain.Close)
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), http.StatusFound)
	}))
	t.Cleanup(secure.Close)

	port, err := strconv.Atoi(imgLabEnv(t, "KVM2_TEST_SSH_PORT"))
	if err != nil {
		t.Fatal(err)
	}
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{imgLabHost: {
		Address: imgLabEnv(t, "KVM2_TEST_SSH_HOST"), Port: port, User: os.Getenv("KVM2_TEST_SSH_USER"),
		PrivateKeyFile: imgLabEnv(t, "KVM2_TEST_SSH_KEY"), KnownHostsFile: imgLabEnv(t, "KVM2_TEST_KNOWN_HOSTS"),
		Socket: os.Getenv("KVM2_TEST_SOCKET"), Pool: pool,
	}}}, WithHTTPClient(secure.Client())) // trusts the test server's certificate
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := imgLabCtx(t, 2*time.Minute)
	for _, tc := range []struct{ what, url, text string }{
		{"qcow2 with a backing file", plain.URL + "/backed.qcow2", "backing file"},
		{"https redirected to http", secure.URL + "/image.qcow2", "redirect from https to http"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			name := imgLabName(t, "img-it-refused")
			_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: tc.url})
			if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("err = %v, want a Permanent refusal mentioning %q", err, tc.text)
			}
			t.Logf("refused: %v", err)
			if left := volumesOf(t, pool, name); len(left) != 0 {
				t.Fatalf("left in pool %s: %v", pool, left)
			}
		})
	}
}
