package definition

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kdomanski/iso9660"
)

// readISO returns the label and the root files of an ISO image.
func readISO(t *testing.T, iso []byte) (string, map[string]string) {
	t.Helper()
	img, err := iso9660.OpenImage(bytes.NewReader(iso))
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
		if c.IsDir() {
			t.Errorf("unexpected directory %q", c.Name())
			continue
		}
		data, err := io.ReadAll(c.Reader())
		if err != nil {
			t.Fatalf("read %s: %v", c.Name(), err)
		}
		files[c.Name()] = string(data)
	}
	return label, files
}

// isolateTempDir points os.TempDir at a fresh directory and returns it.
func isolateTempDir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	return dir
}

func TestSeedISO_contents(t *testing.T) {
	const userData = "#cloud-config\nusers:\n  - name: ops\n"
	const netConfig = "version: 2\nethernets:\n  eth0:\n    dhcp4: true\n"
	cases := []struct {
		name         string
		spec         SeedSpec
		wantMeta     string
		wantUserData string
		wantNetwork  string // "" means the file must be absent
	}{
		{"user data and network config",
			SeedSpec{InstanceID: "u-1", Hostname: "web1", UserData: []byte(userData), NetworkConfig: []byte(netConfig)},
			"instance-id: \"u-1\"\nlocal-hostname: \"web1\"\n", userData, netConfig},
		{"no network config",
			SeedSpec{InstanceID: "u-2", Hostname: "web2", UserData: []byte(userData)},
			"instance-id: \"u-2\"\nlocal-hostname: \"web2\"\n", userData, ""},
		{"empty user data",
			SeedSpec{InstanceID: "u-3", Hostname: "web3"},
			"instance-id: \"u-3\"\nlocal-hostname: \"web3\"\n", "#cloud-config\n{}\n", ""},
		{"quotes stay inside the scalar",
			SeedSpec{InstanceID: `a"b: c`, Hostname: "web4", UserData: []byte("#!/bin/sh\necho hi\n")},
			"instance-id: \"a\\\"b: c\"\nlocal-hostname: \"web4\"\n", "#!/bin/sh\necho hi\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			isolateTempDir(t)
			iso, err := SeedISO(tc.spec)
			if err != nil {
				t.Fatalf("SeedISO: %v", err)
			}
			label, files := readISO(t, iso)
			if label != SeedLabel {
				t.Errorf("label %q, want %q", label, SeedLabel)
			}
			if got := files["meta-data"]; got != tc.wantMeta {
				t.Errorf("meta-data %q, want %q", got, tc.wantMeta)
			}
			if got := files["user-data"]; got != tc.wantUserData {
				t.Errorf("user-data %q, want %q", got, tc.wantUserData)
			}
			got, present := files["network-config"]
			if present != (tc.wantNetwork != "") || got != tc.wantNetwork {
				t.Errorf("network-config present=%v %q, want %q", present, got, tc.wantNetwork)
			}
			wantCount := 3
			if tc.wantNetwork != "" {
				wantCount = 4
			}
			if len(files) != wantCount {
				t.Errorf("%d files %v, want %d", len(files), keys(files), wantCount)
			}
		})
	}
}

func TestSeedISO_vendorDataStartsGuestAgent(t *testing.T) {
	isolateTempDir(t)
	iso, err := SeedISO(SeedSpec{InstanceID: "u-1", Hostname: "web1"})
	if err != nil {
		t.Fatal(err)
	}
	_, files := readISO(t, iso)
	vd := files["vendor-data"]
	for _, want := range []string{
		"apt-get install -y -q qemu-guest-agent",
		"dnf install -y -q qemu-guest-agent",
		"systemctl enable --now qemu-guest-agent",
	} {
		if !strings.Contains(vd, want) {
			t.Errorf("vendor-data lacks %q:\n%s", want, vd)
		}
	}
	// A script, not #cloud-config: user-data keys of the same name would replace the latter.
	if !strings.HasPrefix(vd, "#!/bin/sh\n") {
		t.Errorf("vendor-data must be a shell script:\n%s", vd)
	}
	if out, err := exec.Command("sh", "-n", "-c", vd).CombinedOutput(); err != nil {
		t.Errorf("vendor-data is not valid sh: %v\n%s", err, out)
	}
}

func TestSeedISO_leavesNothingInTempDir(t *testing.T) {
	dir := isolateTempDir(t)
	for i := 0; i < 3; i++ {
		if _, err := SeedISO(SeedSpec{InstanceID: "u", Hostname: "web", NetworkConfig: []byte("version: 2\n")}); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left behind in TMPDIR: %s", e.Name())
	}
}

// TestSeedISO_stagesUnderTempDir proves the previous test looks in the right place: with
// TMPDIR pointing nowhere, staging fails.
func TestSeedISO_stagesUnderTempDir(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	_, err := SeedISO(SeedSpec{InstanceID: "u", Hostname: "web"})
	if err == nil || !strings.Contains(err.Error(), "staging") {
		t.Fatalf("SeedISO = %v, want a staging error", err)
	}
}

func TestSeedISO_rejects(t *testing.T) {
	cases := []struct {
		name    string
		spec    SeedSpec
		wantErr string
	}{
		{"no instance id", SeedSpec{Hostname: "web"}, "instance id is empty"},
		{"blank instance id", SeedSpec{InstanceID: "  ", Hostname: "web"}, "instance id is empty"},
		{"no hostname", SeedSpec{InstanceID: "u"}, "hostname is empty"},
		{"multi-line hostname", SeedSpec{InstanceID: "u", Hostname: "web\nuser-data: x"}, "hostname contains a line break"},
		{"multi-line instance id", SeedSpec{InstanceID: "u\r", Hostname: "web"}, "instance id contains a line break"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := isolateTempDir(t)
			iso, err := SeedISO(tc.spec)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("SeedISO = %v, want error containing %q", err, tc.wantErr)
			}
			if iso != nil {
				t.Error("a rejected seed must return no image")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("rejected seed left %d entries in TMPDIR", len(entries))
			}
		})
	}
}

func TestSeedISO_errorsDoNotEchoUserData(t *testing.T) {
	const secret = "SENTINEL-user-data-secret"
	isolateTempDir(t)
	_, err := SeedISO(SeedSpec{InstanceID: "", Hostname: "web", UserData: []byte(secret)})
	if err == nil {
		t.Fatal("want an error for the missing instance id")
	}
	if strings.Contains(err.Error(), secret) {
		t.Errorf("error %q leaks user data", err)
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestGuestAgentVendorData_leavesARunningAgentAlone runs the vendor-data script against stub
// commands that log their calls: a running agent gets no package manager and no enable, an
// installed but stopped one is enabled and started, a missing one is installed first.
func TestGuestAgentVendorData_leavesARunningAgentAlone(t *testing.T) {
	for _, tc := range []struct {
		name             string
		active, hasAgent bool
		want             []string
	}{
		{"running", true, true, []string{"systemctl is-active --quiet qemu-guest-agent"}},
		{"stopped", false, true, []string{"systemctl is-active --quiet qemu-guest-agent", "systemctl enable --now qemu-guest-agent"}},
		{"missing", false, false, []string{"systemctl is-active --quiet qemu-guest-agent", "apt-get update -q",
			"apt-get install -y -q qemu-guest-agent", "systemctl enable --now qemu-guest-agent"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin, log := t.TempDir(), filepath.Join(t.TempDir(), "calls")
			active := "1"
			if tc.active {
				active = "0"
			}
			stub := func(name, body string) {
				script := "#!/bin/sh\necho \"" + name + " $*\" >> " + log + "\n" + body + "\n"
				if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			stub("systemctl", `[ "$1" = is-active ] && exit `+active+"\nexit 0")
			stub("apt-get", "exit 0")
			if tc.hasAgent {
				stub("qemu-ga", "exit 0")
			}
			// Only the stubs and the shell's own builtins: no real package manager runs.
			cmd := exec.Command("/bin/sh", "-c", guestAgentVendorData)
			cmd.Env = []string{"PATH=" + bin}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("vendor-data: %v\n%s", err, out)
			}
			got, _ := os.ReadFile(log)
			if want := strings.Join(tc.want, "\n") + "\n"; string(got) != want {
				t.Errorf("calls:\n%swant:\n%s", got, want)
			}
		})
	}
}

func TestSeedUserData_readsWhatSeedISOWrote(t *testing.T) {
	isolateTempDir(t)
	for _, ud := range []string{"#cloud-config\nusers:\n  - name: ops\n", "#!/bin/sh\necho hi\n", strings.Repeat("x", 70000)} {
		iso, err := SeedISO(SeedSpec{InstanceID: "u-1", Hostname: "web1", UserData: []byte(ud), NetworkConfig: []byte("version: 2\n")})
		if err != nil {
			t.Fatal(err)
		}
		got, err := SeedUserData(iso)
		if err != nil || string(got) != ud {
			t.Fatalf("SeedUserData = %d bytes, %v; want the %d bytes written", len(got), err, len(ud))
		}
	}
}

func TestSeedUserData_refusesWhatIsNoSeed(t *testing.T) {
	isolateTempDir(t)
	// An ISO without a user-data file.
	w, err := iso9660.NewWriter()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = w.Cleanup() })
	if err := w.AddFile(strings.NewReader("instance-id: x\n"), "meta-data"); err != nil {
		t.Fatal(err)
	}
	var noUserData bytes.Buffer
	if err := w.WriteTo(&noUserData, SeedLabel); err != nil {
		t.Fatal(err)
	}
	good, err := SeedISO(SeedSpec{InstanceID: "u-1", Hostname: "web1", UserData: []byte("#cloud-config\n")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		iso  []byte
	}{
		{"empty", nil},
		{"not an ISO", bytes.Repeat([]byte{0xff}, 64<<10)},
		{"truncated", good[:len(good)/2]},
		{"no user-data file", noUserData.Bytes()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := SeedUserData(tc.iso); err == nil {
				t.Fatalf("SeedUserData = %d bytes, want an error", len(got))
			}
		})
	}
	if _, err := SeedUserData(noUserData.Bytes()); !errors.Is(err, ErrSeedNoUserData) {
		t.Errorf("no user-data: %v, want ErrSeedNoUserData", err)
	}
}
