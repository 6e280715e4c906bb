//go:build integration

package kvm2

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestBenchImageUpload times one EnsureBaseImage of the image at KVM2_BENCH_IMAGE_URL into the
// lab pool and prints a line tools/bench/upload.sh parses: bytes, seconds, MiB/s and this
// process's peak RSS. It runs only when the script (or a person) sets KVM2_BENCH_IMAGE_URL.
func TestBenchImageUpload(t *testing.T) {
	src := os.Getenv("KVM2_BENCH_IMAGE_URL")
	if src == "" {
		t.Skip("KVM2_BENCH_IMAGE_URL is unset: run tools/bench/upload.sh")
	}
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := strings.TrimSuffix(imgLabName(t, "kvm2-bench-cache"), ".qcow2") + ".img"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	id := rules.FormatBaseImageID(imgLabHost, pool, name)
	t.Cleanup(func() {
		if err := c.DeleteBaseImage(context.Background(), id); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	})

	start := time.Now()
	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{
		Host: imgLabHost, Name: name, SourceURL: src, SHA256: os.Getenv("KVM2_BENCH_IMAGE_SHA256"), Format: "raw",
	})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	hwm, err := peakRSSKiB()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("BENCH cache bytes=%d seconds=%.3f mib_s=%.1f peak_rss_kib=%d\n",
		img.SizeBytes, elapsed.Seconds(), float64(img.SizeBytes)/(1<<20)/elapsed.Seconds(), hwm)
}

// peakRSSKiB reads this process's peak resident set size (VmHWM) in KiB.
func peakRSSKiB() (int, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/self/status")
}
