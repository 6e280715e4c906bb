package kvm2

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The seed's digest in the mark (issue 22, items 3 and 6): read-back checks the whole seed
// against it before any byte is parsed, and the digest binds the user data's source.

var seedDigestElement = regexp.MustCompile(`<kvm2:seed-digest>[^<]*</kvm2:seed-digest>`)

// seedContent is the content of the VM's seed volume.
func seedContent(t *testing.T, h *coreHarness) []byte {
	t.Helper()
	v, ok := h.fb.Volume(fake.DefaultPool, labSeed)
	if !ok {
		t.Fatal("no seed volume")
	}
	return v.Content
}

// withSelfContinuingCE returns iso with a SUSP "CE" entry in its root directory's "." record
// whose continuation area is that entry itself: github.com/kdomanski/iso9660 recurses into it
// until the stack overflows. The ISO 9660 records, and so the user data, are unchanged.
func withSelfContinuingCE(t *testing.T, iso []byte) []byte {
	t.Helper()
	out := bytes.Clone(iso)
	rootLBA := binary.LittleEndian.Uint32(out[16*2048+156+2:])
	sector := out[rootLBA*2048 : rootLBA*2048+2048]
	both := func(v uint32) []byte {
		b := binary.LittleEndian.AppendUint32(nil, v)
		return binary.BigEndian.AppendUint32(b, v)
	}
	ce := append([]byte{'C', 'E', 28, 1}, both(rootLBA)...)
	ce = append(append(ce, both(34)...), both(28)...)
	dotLen, end := int(sector[0]), 0
	for sector[end] != 0 {
		end += int(sector[end])
	}
	rebuilt := append(append(bytes.Clone(sector[:dotLen]), ce...), sector[dotLen:end]...)
	rebuilt[0] = byte(dotLen + len(ce))
	copy(sector, rebuilt)
	return out
}

// readUserDataWithin is ReadUserData, failing the test (by a panic that names it, as nothing
// else stops a reader that hangs) when it does not return within a few seconds.
func readUserDataWithin(t *testing.T, h *coreHarness, uid string) ([]byte, error) {
	t.Helper()
	watchdog := time.AfterFunc(5*time.Second, func() { panic(t.Name() + ": ReadUserData did not return within 5s") })
	defer watchdog.Stop()
	return h.c.ReadUserData(context.Background(), vmID, uid)
}

func TestCreate_marksTheSeedDigest(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  func(*CreateRequest)
	}{
		{"user data", withSecretUserData},
		{"write-only user data", func(r *CreateRequest) { withSecretUserData(r); r.WriteOnlyUserData = true }},
		{"no user data", func(r *CreateRequest) { r.UserData = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			inst := h.create(tc.req)
			want := rules.SeedDigest(inst.UserDataSource, seedContent(t, h))
			d, _ := h.fb.Domain(vmName)
			if got := seedDigestElement.FindString(d.XML); got != "<kvm2:seed-digest>"+want+"</kvm2:seed-digest>" {
				t.Fatalf("mark holds %q, want the digest %s of the seed uploaded:\n%s", got, want, d.XML)
			}
			assertNoSecret(t, h, nil)
		})
	}
}

// TestReadUserData_craftedSeedIsNeverParsed: a seed replaced by one that kills a SUSP reader
// (its user data unchanged, so only the digest of the whole seed tells) fails the digest
// check before any parse, and the read ends promptly with no user data.
func TestReadUserData_craftedSeedIsNeverParsed(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	replaceSeedContent(t, h, withSelfContinuingCE(t, seedContent(t, h)))
	got, err := readUserDataWithin(t, h, inst.UID)
	if got != nil || !errors.Is(err, ErrSeedMismatch) || kvmerr.Classify(err) != kvmerr.Permanent {
		t.Fatalf("ReadUserData = %d bytes, %v; want none and a Permanent ErrSeedMismatch", len(got), err)
	}
	if !strings.Contains(err.Error(), "seed") || !strings.Contains(err.Error(), "not read back") {
		t.Errorf("error %q does not say the seed was changed and is not read back", err)
	}
	assertNoSecret(t, h, err)
}

// TestReadUserData_writeOnlyStaysUnreadWhenTheSourceIsEdited: an administrator who edits the
// mark of a VM made with write-only user data to say user_data does not get it read: the
// digest binds the source it was made with (issue 22, item 6).
func TestReadUserData_writeOnlyStaysUnreadWhenTheSourceIsEdited(t *testing.T) {
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) { withSecretUserData(r); r.WriteOnlyUserData = true })
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.XML = strings.Replace(d.XML, "<kvm2:user-data-source>user_data_wo<", "<kvm2:user-data-source>user_data<", 1)
	})
	if got, err := h.c.Get(context.Background(), vmID, ""); err != nil || got.UserDataSource != UserDataStored {
		t.Fatalf("the edit did not take: source %q, %v", got.UserDataSource, err)
	}
	got, err := readUserDataWithin(t, h, inst.UID)
	if got != nil || !errors.Is(err, ErrSeedMismatch) {
		t.Fatalf("ReadUserData = %d bytes, %v; want none and ErrSeedMismatch", len(got), err)
	}
	assertNoSecret(t, h, err)
}

// TestReadUserData_markWithoutSeedDigest: a mark that records user_data but no seed digest (as
// builds before the digest wrote it) is not read back, and its seed is never downloaded.
func TestReadUserData_markWithoutSeedDigest(t *testing.T) {
	h := newCore(t)
	inst := h.create(withSecretUserData)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.XML = seedDigestElement.ReplaceAllString(d.XML, "") })
	h.fb.ResetCalls()
	got, err := readUserDataWithin(t, h, inst.UID)
	if got != nil || !errors.Is(err, ErrSeedUnverified) || kvmerr.Classify(err) != kvmerr.Permanent {
		t.Fatalf("ReadUserData = %d bytes, %v; want none and a Permanent ErrSeedUnverified", len(got), err)
	}
	if _, dedicated := seedDownloads(h); dedicated != 0 {
		t.Errorf("the seed was read %d times", dedicated)
	}
}

// previousReleaseMark is a mark as the previous release (ffc321a) wrote it: no source, no
// network config, no seed digest, a 26-character UID.
const previousReleaseMark = `<kvm2:instance xmlns:kvm2="https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1">` +
	`<kvm2:uid>abcdefghijklmnopqrstuvwxyz</kvm2:uid><kvm2:tag>old</kvm2:tag>` +
	`<kvm2:created-at>2026-11-01T10:00:00Z</kvm2:created-at><kvm2:base-image-id>` + labBaseID + `</kvm2:base-image-id>` +
	`<kvm2:base-sha256></kvm2:base-sha256><kvm2:vcpus>1</kvm2:vcpus><kvm2:memory-mib>128</kvm2:memory-mib>` +
	`<kvm2:disk-gib>4</kvm2:disk-gib><kvm2:network>default</kvm2:network><kvm2:bridge></kvm2:bridge>` +
	`<kvm2:firmware>bios</kvm2:firmware><kvm2:user-data-sha256>%s</kvm2:user-data-sha256></kvm2:instance>`

// TestReadUserData_vmOfThePreviousRelease: a VM with the previous release's mark, names and
// seed still imports (Get with no UID reads it as ours), and its user data is not read back:
// nothing in its mark says where it came from, and nothing vouches for its seed.
func TestReadUserData_vmOfThePreviousRelease(t *testing.T) {
	h := newCore(t)
	const oldUID = "abcdefghijklmnopqrstuvwxyz"
	seed, err := definition.SeedISO(definition.SeedSpec{InstanceID: oldUID, Hostname: vmName, UserData: []byte(secretUserData)})
	if err != nil {
		t.Fatal(err)
	}
	overlay, seedName := rules.LegacyOverlayName(vmName), rules.LegacySeedName(vmName)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: overlay, Format: "qcow2", Capacity: 4 << 30, BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: seedName, Format: "raw", Content: seed})
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: vmName, Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 128, Firmware: definition.FirmwareBIOS,
		OverlayPath: fake.DefaultPoolPath + "/" + overlay, SeedPath: fake.DefaultPoolPath + "/" + seedName,
		NICs: []definition.NIC{{Network: "default", MAC: "52:54:00:aa:bb:cc"}}, Mark: definition.Mark{UID: oldUID},
	})
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(previousReleaseMark, "%s", rules.UserDataSHA256([]byte(secretUserData)), 1)
	x = regexp.MustCompile(`(?s)<kvm2:instance .*</kvm2:instance>`).ReplaceAllLiteralString(x, old)
	if _, err := h.fb.DomainDefineXML(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	h.fb.SetDomainState(vmName, libvirt.DomainRunning)
	inst, err := h.c.Get(context.Background(), vmID, "")
	if err != nil || inst.UID != oldUID || inst.UserDataSource != "" || inst.UserDataHash != rules.UserDataSHA256([]byte(secretUserData)) {
		t.Fatalf("import read %+v, %v", inst, err)
	}
	h.fb.ResetCalls()
	got, err := readUserDataWithin(t, h, oldUID)
	if got != nil || !errors.Is(err, ErrUserDataNotStored) {
		t.Fatalf("ReadUserData = %d bytes, %v; want none and ErrUserDataNotStored", len(got), err)
	}
	if _, dedicated := seedDownloads(h); dedicated != 0 {
		t.Errorf("the seed was read %d times", dedicated)
	}
}
