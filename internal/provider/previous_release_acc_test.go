//go:build ownership

package provider

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// previousCommit is the last main before VM identity by UID and the new image cache names: the
// release whose objects an upgrade must keep working.
const previousCommit = "ffc321a"

// previousMainCommit is the last main before several NICs per VM (network_interfaces): what it
// put on hosts and in state must plan no change with this build.
const previousMainCommit = "b3913fd"

// previousVersion is the version the previous build is installed as in the mirror, below any
// release of this tree.
const previousVersion = "0.0.1"

// providerAddress is the provider's full source address, the same for Terraform and OpenTofu so
// that state written through the mirror matches the in-process provider's address.
const providerAddress = "registry.terraform.io/egress-proxies/kvm2"

// previousProvider builds the provider at commit into a filesystem mirror (previousBuild),
// writes a CLI configuration that installs the provider from it, and points this test's
// terraform runs at that configuration.
func previousProvider(t *testing.T, commit string) {
	t.Helper()
	mirror, _ := previousBuild(t, commit)
	rc := filepath.Join(t.TempDir(), "terraformrc")
	cfg := fmt.Sprintf(`provider_installation {
  filesystem_mirror {
    path    = %q
    include = [%q]
  }
  direct {
    exclude = [%q]
  }
}
`, mirror, providerAddress, providerAddress)
	if err := os.WriteFile(rc, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	// The in-process provider is served under the same address as the mirrored one, so the state
	// the previous release wrote belongs to it.
	t.Setenv("TF_ACC_PROVIDER_NAMESPACE", "egress-proxies")
	t.Setenv("TF_ACC_PROVIDER_HOST", "registry.terraform.io")
}

// previousBuild builds the provider at commit into a filesystem mirror, once per commit
// (the mirror is cached outside the clone; one build at a time: a second caller waits for the
// first, then finds its binary), and returns the mirror and the binary. It skips when the
// commit is not in the clone's history (a shallow clone).
func previousBuild(t *testing.T, short string) (mirror, binary string) {
	t.Helper()
	commit, err := gitOutput("rev-parse", "--verify", "--quiet", short+"^{commit}")
	if err != nil {
		t.Skipf("commit %s (a previous build) is not in this clone's history, so it cannot be built: "+
			"fetch the full history (git fetch --unshallow) to run the upgrade test", short)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no cache directory for the previous provider build: %v", err)
	}
	mirror = filepath.Join(cache, "kvm2-test", "mirror-"+commit[:12])
	dir := filepath.Join(mirror, providerAddress, previousVersion, runtime.GOOS+"_"+runtime.GOARCH)
	binary = filepath.Join(dir, "terraform-provider-kvm2_v"+previousVersion)
	if err := os.MkdirAll(filepath.Dir(mirror), 0o755); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(mirror+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatalf("lock %s: %v", lock.Name(), err)
	}
	if _, err := os.Stat(binary); err == nil {
		t.Logf("previous provider %s: cached build %s", commit[:12], binary)
	} else {
		start := time.Now()
		if err := buildAt(t, commit, dir, binary); err != nil {
			t.Fatalf("build the provider at %s: %v", short, err)
		}
		t.Logf("previous provider %s: built in %s into %s", commit[:12], time.Since(start).Round(time.Second), binary)
	}
	return mirror, binary
}

// TestAccUpgrade_previousRelease: what the previous release made keeps working with this one
// (upgradeFromPreviousRelease, upgradeResizePreviousReleaseVM). The CLI configuration that
// installs the previous release is process-wide, so it is set once here, and the two run side
// by side under it: each waits on guests, and their objects' names are their own.
func TestAccUpgrade_previousRelease(t *testing.T) {
	newAccLab(t) // skips without TF_ACC, before anything is built
	previousProvider(t, previousCommit)
	t.Run("fromPreviousRelease", func(t *testing.T) {
		t.Parallel()
		upgradeFromPreviousRelease(t)
	})
	t.Run("resizePreviousReleaseVM", func(t *testing.T) {
		t.Parallel()
		upgradeResizePreviousReleaseVM(t)
	})
}

// TestAccUpgrade_previousReleaseBuilds builds the previous release and the previous main the
// upgrade tests install, or finds them built, without the lab: .ci/run starts it early in the
// background (make previous-release), so the ownership tier finds the builds done.
func TestAccUpgrade_previousReleaseBuilds(t *testing.T) {
	for _, commit := range []string{previousCommit, previousMainCommit} {
		_, binary := previousBuild(t, commit)
		fi, err := os.Stat(binary)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
			t.Fatalf("%s is not an executable file: %v", binary, fi.Mode())
		}
	}
}

// buildAt extracts commit into a temporary tree, builds the provider there
// with the shared module and build caches, and renames the binary into place, so a concurrent
// run never sees half a plugin.
func buildAt(t *testing.T, commit, dir, binary string) error {
	src := t.TempDir() // removed when the test ends
	top, err := gitOutput("rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	archive := exec.Command("git", "-C", top, "archive", "--format=tar", commit)
	untar := exec.Command("tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return err
	}
	untar.Stdin = pipe
	var archErr, untarErr bytes.Buffer
	archive.Stderr, untar.Stderr = &archErr, &untarErr
	if err := untar.Start(); err != nil {
		return err
	}
	if err := archive.Run(); err != nil {
		return fmt.Errorf("git archive %s: %w: %s", commit, err, archErr.String())
	}
	if err := untar.Wait(); err != nil {
		return fmt.Errorf("tar -x: %w: %s", err, untarErr.String())
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.tmp%d", binary, os.Getpid())
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version="+previousVersion, "-o", tmp, ".")
	build.Dir = src
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-buildvcs=false")
	if out, err := build.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("go build: %w: %s", err, out)
	}
	t.Logf("built %s from a temporary tree at %s", commit, src)
	return os.Rename(tmp, binary)
}
