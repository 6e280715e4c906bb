package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kdomanski/iso9660"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// isoFiles returns the label and root files of the ISO at path.
func isoFiles(t *testing.T, path string) (string, map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := iso9660.OpenImage(f)
	if err != nil {
		t.Fatalf("OpenImage: %v", err)
	}
	label, err := img.Label()
	if err != nil {
		t.Fatalf("Label: %v", err)
	}
	root, err := img.RootDir()
	if err != nil {
		t.Fatalf("RootDir: %v", err)
	}
	children, err := root.GetChildren()
	if err != nil {
		t.Fatalf("GetChildren: %v", err)
	}
	files := map[string]string{}
	for _, c := range children {
		data, err := io.ReadAll(c.Reader())
		if err != nil {
			t.Fatalf("read %s: %v", c.Name(), err)
		}
		files[c.Name()] = string(data)
	}
	return label, files
}

func TestRun_writesTheProvidersSeed(t *testing.T) {
	dir := t.TempDir()
	userData := filepath.Join(dir, "user-data")
	netConfig := filepath.Join(dir, "network-config")
	out := filepath.Join(dir, "seed.iso")
	if err := os.WriteFile(userData, []byte("#cloud-config\nruncmd: [[true]]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(netConfig, []byte("version: 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	spec := definition.SeedSpec{InstanceID: "i-1", Hostname: "kvm2-check"}
	if err := run(spec, userData, netConfig, out); err != nil {
		t.Fatalf("run: %v", err)
	}
	label, files := isoFiles(t, out)
	if label != definition.SeedLabel {
		t.Errorf("label = %q, want %q", label, definition.SeedLabel)
	}
	if got := files["user-data"]; got != "#cloud-config\nruncmd: [[true]]\n" {
		t.Errorf("user-data = %q", got)
	}
	if got := files["network-config"]; got != "version: 2\n" {
		t.Errorf("network-config = %q", got)
	}
	if !strings.Contains(files["meta-data"], `local-hostname: "kvm2-check"`) {
		t.Errorf("meta-data = %q, want the hostname", files["meta-data"])
	}
	// The provider's own vendor-data, not a stand-in: it is what starts the agent.
	if !strings.Contains(files["vendor-data"], "qemu-guest-agent") {
		t.Errorf("vendor-data = %q, want the provider's guest agent script", files["vendor-data"])
	}
}

func TestRun_refuses(t *testing.T) {
	dir := t.TempDir()
	ok := definition.SeedSpec{InstanceID: "i-1", Hostname: "h"}
	cases := map[string]struct {
		spec     definition.SeedSpec
		userData string
		out      string
	}{
		"no output":         {ok, "", ""},
		"missing user-data": {ok, filepath.Join(dir, "absent"), filepath.Join(dir, "a.iso")},
		"no hostname":       {definition.SeedSpec{InstanceID: "i-1"}, "", filepath.Join(dir, "b.iso")},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if err := run(c.spec, c.userData, "", c.out); err == nil {
				t.Fatal("run succeeded, want an error")
			}
			if c.out != "" {
				if _, err := os.Stat(c.out); !os.IsNotExist(err) {
					t.Errorf("%s exists after a refused run", c.out)
				}
			}
		})
	}
}
