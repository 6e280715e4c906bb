package kvm2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/userdata"
)

// secretUserData is user data a test must never find in a log line or an error.
const secretUserData = "#cloud-config\nwrite_files:\n  - path: /etc/secret\n    content: s3cr3t-token-42\n"

func withSecretUserData(r *CreateRequest) { r.UserData = []byte(secretUserData) }

// seedDownloads counts the seed reads on the pooled and on the dedicated connections.
func seedDownloads(h *coreHarness) (pooled, dedicated int) {
	for _, d := range h.pool.DedicatedBackends(labHost) {
		dedicated += d.Count("StorageVolDownload")
	}
	return h.fb.Count("StorageVolDownload"), dedicated
}

// assertNoSecret fails when the user data shows in err or in any log line.
func assertNoSecret(t *testing.T, h *coreHarness, err error) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("error carries the user data: %v", err)
	}
	if strings.Contains(h.log.text(), "s3cr3t") {
		t.Errorf("a log line carries the user data:\n%s", h.log.text())
	}
}

func TestCreate_marksTheUserDataSource(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  func(*CreateRequest)
		want string
	}{
		{"user data", withSecretUserData, UserDataStored},
		{"write-only user data", func(r *CreateRequest) { withSecretUserData(r); r.WriteOnlyUserData = true }, UserDataWriteOnly},
		{"write-only, empty", func(r *CreateRequest) { r.UserData = nil; r.WriteOnlyUserData = true }, UserDataWriteOnly},
		{"no user data", func(r *CreateRequest) { r.UserData = nil }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			inst := h.create(tc.req)
			if inst.UserDataSource != tc.want {
				t.Fatalf("created instance says source %q, want %q", inst.UserDataSource, tc.want)
			}
			got, err := h.c.Get(context.Background(), vmID, "")
			if err != nil || got.UserDataSource != tc.want {
				t.Fatalf("import read source %q (%v), want %q", got.UserDataSource, err, tc.want)
			}
			d, _ := h.fb.Domain(vmName)
			if !strings.Contains(d.XML, "<kvm2:user-data-source>"+tc.want+"</kvm2:user-data-source>") {
				t.Errorf("definition lacks the source %q:\n%s", tc.want, d.XML)
			}
		})
	}
}

func TestReadUserData_matchingSeedOnADedicatedConnection(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	h.fb.ResetCalls()
	got, err := h.c.ReadUserData(context.Background(), vmID, inst.UID)
	if err != nil {
		t.Fatalf("ReadUserData: %v", err)
	}
	if string(got) != secretUserData {
		t.Fatalf("read back %d bytes, want the %d bytes created with", len(got), len(secretUserData))
	}
	pooled, dedicated := seedDownloads(h)
	if pooled != 0 || dedicated != 1 {
		t.Fatalf("seed read %d times on the pooled connection and %d on dedicated ones, want 0 and 1", pooled, dedicated)
	}
	assertNoSecret(t, h, nil)
}

// replaceSeedContent gives the seed volume of the VM iso as its content.
func replaceSeedContent(t *testing.T, h *coreHarness, iso []byte) {
	t.Helper()
	v, ok := h.fb.Volume(fake.DefaultPool, labSeed)
	if !ok {
		t.Fatal("no seed volume")
	}
	v.Content, v.SHA256, v.Capacity, v.Allocation = iso, "", uint64(len(iso)), uint64(len(iso))
	h.fb.AddVolume(fake.DefaultPool, v)
}

func TestReadUserData_refusals(t *testing.T) {
	otherSeed, err := definition.SeedISO(definition.SeedSpec{InstanceID: labUID, Hostname: vmName, UserData: []byte("#cloud-config\nother: 1\n")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		req        func(*CreateRequest)
		change     func(t *testing.T, h *coreHarness)
		want       error
		downloaded bool // the seed was read before the refusal
	}{
		{"seed content replaced: digest mismatch", withSecretUserData, func(t *testing.T, h *coreHarness) {
			replaceSeedContent(t, h, otherSeed)
		}, ErrSeedMismatch, true},
		{"seed content is no ISO", withSecretUserData, func(t *testing.T, h *coreHarness) {
			junk := bytes.Repeat([]byte("x"), 64<<10)
			replaceSeedContent(t, h, junk)
			// The mark vouches for the junk: only then is a byte of it parsed.
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
				d.XML = seedDigestElement.ReplaceAllLiteralString(d.XML,
					"<kvm2:seed-digest>"+rules.SeedDigest(UserDataStored, junk)+"</kvm2:seed-digest>")
			})
		}, ErrSeedUnreadable, true},
		{"seed volume gone", withSecretUserData, func(t *testing.T, h *coreHarness) {
			h.fb.RemoveVolume(fake.DefaultPool, labSeed)
		}, ErrSeedMissing, false},
		{"seed volume larger than a seed", withSecretUserData, func(t *testing.T, h *coreHarness) {
			v, _ := h.fb.Volume(fake.DefaultPool, labSeed)
			v.Capacity = MaxSeedBytes + 1
			h.fb.AddVolume(fake.DefaultPool, v)
		}, ErrSeedTooLarge, false},
		{"definition names a seed that is not the UID-named volume", withSecretUserData, func(t *testing.T, h *coreHarness) {
			// A copy of our very seed under another name: matching content proves nothing.
			v, _ := h.fb.Volume(fake.DefaultPool, labSeed)
			v.Name, v.Path = rules.LegacySeedName(vmName), ""
			foreign := h.fb.AddVolume(fake.DefaultPool, v)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
				d.XML = strings.ReplaceAll(d.XML, fake.DefaultPoolPath+"/"+labSeed, foreign)
			})
		}, ErrSeedNotOurs, false},
		{"created with write-only user data", func(r *CreateRequest) { withSecretUserData(r); r.WriteOnlyUserData = true },
			nil, ErrUserDataNotStored, false},
		{"mark of an earlier version (no source)", withSecretUserData, func(t *testing.T, h *coreHarness) {
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
				d.XML = regexp.MustCompile(`<kvm2:user-data-source>[^<]*</kvm2:user-data-source>`).ReplaceAllString(d.XML, "")
			})
		}, ErrUserDataNotStored, false},
		{"no user data", func(r *CreateRequest) { r.UserData = nil }, nil, ErrUserDataNotStored, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			inst := h.create(tc.req)
			if tc.change != nil {
				tc.change(t, h)
			}
			h.fb.ResetCalls()
			got, err := h.c.ReadUserData(context.Background(), vmID, inst.UID)
			if !errors.Is(err, tc.want) || got != nil {
				t.Fatalf("ReadUserData = %d bytes, %v; want no data and %v", len(got), err, tc.want)
			}
			if kvmerr.Classify(err) != kvmerr.Permanent {
				t.Errorf("class %v, want Permanent", kvmerr.Classify(err))
			}
			if _, dedicated := seedDownloads(h); (dedicated > 0) != tc.downloaded {
				t.Errorf("seed read %d times, want read: %v", dedicated, tc.downloaded)
			}
			assertNoSecret(t, h, err)
		})
	}
}

func TestReadUserData_refusesWhatIsNotThisVM(t *testing.T) {
	const otherUID = "fedcba98-7654-4321-8fed-cba987654321"
	for _, tc := range []struct {
		name  string
		setup func(h *coreHarness)
		want  func(error) bool
	}{
		{"a same-named domain without a mark", func(h *coreHarness) {
			h.unmarkedDomain(vmName, libvirt.DomainRunning)
			// A seed volume named as ours beside it does not make it ours.
			seed, _ := definition.SeedISO(definition.SeedSpec{InstanceID: labUID, Hostname: vmName, UserData: []byte(secretUserData)})
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed, Format: "raw", Content: seed})
		}, func(err error) bool { return errors.Is(err, ownership.ErrNotManaged) }},
		{"a same-named domain of another configuration", func(h *coreHarness) {
			h.markedDomain(vmName, otherUID, "other", libvirt.DomainRunning)
		}, func(err error) bool { var o *ownership.OwnedError; return errors.As(err, &o) }},
		{"no such domain", func(*coreHarness) {}, kvmerr.IsNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			tc.setup(h)
			h.fb.ResetCalls()
			got, err := h.c.ReadUserData(context.Background(), vmID, labUID)
			if got != nil || !tc.want(err) {
				t.Fatalf("ReadUserData = %d bytes, %v", len(got), err)
			}
			if _, dedicated := seedDownloads(h); dedicated != 0 {
				t.Errorf("a seed was read %d times for a VM that is not ours", dedicated)
			}
			assertNoSecret(t, h, err)
		})
	}
}

func TestReadUserData_rejectsBadArgumentsBeforeAnyRPC(t *testing.T) {
	h := newCore(t)
	for _, tc := range []struct{ id, uid string }{{"no-slash", labUID}, {vmID, ""}, {vmID, "bad uid"}, {"elsewhere/" + vmName, labUID}} {
		if _, err := h.c.ReadUserData(context.Background(), tc.id, tc.uid); kvmerr.Classify(err) != kvmerr.Permanent {
			t.Errorf("ReadUserData(%q, %q) = %v, want Permanent", tc.id, tc.uid, err)
		}
	}
	if n := len(h.fb.Calls()); n != 0 {
		t.Fatalf("%d RPCs for refused arguments", n)
	}
}

func TestReadUserData_hungReadIsRetriedOnANewConnection(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	h.c.seedReadBudget = 20 * time.Millisecond
	var reads atomic.Int32
	h.pool.OnDedicated(func(d *fake.Backend) {
		d.Inject("StorageVolDownload", func(ctx context.Context, c fake.Call) error {
			if reads.Add(1) > 1 {
				return nil
			}
			<-ctx.Done() // the stream hung: only the budget ends it
			return kvmerr.New(kvmerr.Transient, c.Method, labHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
		})
	})
	start := time.Now()
	got, err := h.c.ReadUserData(context.Background(), vmID, inst.UID)
	if err != nil || string(got) != secretUserData {
		t.Fatalf("ReadUserData = %d bytes, %v", len(got), err)
	}
	if reads.Load() != 2 || time.Since(start) > 5*time.Second {
		t.Fatalf("%d reads in %v, want the hung one abandoned after its budget and one more", reads.Load(), time.Since(start))
	}
	conns := 0
	for _, d := range h.pool.DedicatedBackends(labHost) {
		if d.Count("StorageVolDownload") > 0 {
			conns++
		}
	}
	if conns != 2 {
		t.Fatalf("seed read on %d connections, want a new one for the retry", conns)
	}
}

func TestReadUserData_readsThatAlwaysHangEndInBoundedTime(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	h.c.seedReadBudget = 20 * time.Millisecond
	var reads atomic.Int32
	h.pool.OnDedicated(func(d *fake.Backend) {
		d.Inject("StorageVolDownload", func(ctx context.Context, c fake.Call) error {
			reads.Add(1)
			<-ctx.Done()
			return kvmerr.New(kvmerr.Transient, c.Method, labHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
		})
	})
	start := time.Now()
	got, err := h.c.ReadUserData(context.Background(), vmID, inst.UID)
	if got != nil || !errors.Is(err, kvmerr.ErrAbandoned) {
		t.Fatalf("ReadUserData = %d bytes, %v; want the abandoned read's error", len(got), err)
	}
	if took := time.Since(start); took > 5*time.Second || reads.Load() != userdata.ReadAttempts {
		t.Fatalf("%d reads in %v, want %d, each within its budget", reads.Load(), took, userdata.ReadAttempts)
	}
	if n := h.log.count("seed read hung or returned nothing; reading again on a new connection"); n != userdata.ReadAttempts-1 {
		t.Errorf("%d warnings of a read again for %d hung reads", n, userdata.ReadAttempts)
	}
}

func TestReadUserData_emptyReadIsReadAgain(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	var reads atomic.Int32
	seed, _ := h.fb.Volume(fake.DefaultPool, labSeed)
	h.pool.OnDedicated(func(d *fake.Backend) {
		d.Inject("StorageVolDownload", func(context.Context, fake.Call) error {
			v := seed
			if reads.Add(1) == 1 {
				v.Content = []byte{} // the first read sees nothing
			}
			h.fb.AddVolume(fake.DefaultPool, v)
			return nil
		})
	})
	got, err := h.c.ReadUserData(context.Background(), vmID, inst.UID)
	if err != nil || string(got) != secretUserData || reads.Load() != 2 {
		t.Fatalf("ReadUserData = %d bytes, %v after %d reads", len(got), err, reads.Load())
	}
}
