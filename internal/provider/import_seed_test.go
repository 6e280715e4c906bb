package provider

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// Import and the seed's digest in the mark (issue 22, items 3 and 6).

const oobSeed = "egress-1.oob-egress-1.cidata.iso"

// editMark applies re to every match in the definition of egress-1 on the fake host.
func editMark(h *fakeHost, re, with string) {
	h.FB.UpdateDomain("egress-1", func(d *fake.Domain) {
		d.XML = regexp.MustCompile(re).ReplaceAllString(d.XML, with)
	})
}

// TestProxyVM_importWriteOnlyVMWithEditedSourceNeverReadsUserData: an administrator edits the
// mark of a VM made with user_data_wo to say user_data. Neither an import {} block nor the
// import command puts its user data in state: the seed digest in the mark binds the source
// the VM was made with.
func TestProxyVM_importWriteOnlyVMWithEditedSourceNeverReadsUserData(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const sentinel = "wo-edited-source-sentinel-71d3"
	userData := "#!/bin/sh\necho " + sentinel + "\n"
	cfg := importUserDataConfig(h, "user_data_wo = "+hclString(userData))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					h.CreateOutOfBandWith("egress-1", "", userData, func(r *kvm2.CreateRequest) { r.WriteOnlyUserData = true })
					editMark(h, `<kvm2:user-data-source>user_data_wo<`, `<kvm2:user-data-source>user_data<`)
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					// User data read into the imported state would show as an update to null.
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error { return stateLacks(s, sentinel) },
			},
			{
				ResourceName:  vmAddr,
				ImportState:   true,
				ImportStateId: "lab/egress-1",
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					for _, s := range states {
						for k, v := range s.Attributes {
							if strings.Contains(v, sentinel) {
								return fmt.Errorf("the import command put the write-only user data in %s", k)
							}
						}
					}
					return nil
				},
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// selfContinuingCE returns iso with a SUSP "CE" entry in the root directory's "." record that
// continues into itself (the reader of github.com/kdomanski/iso9660 recurses on it until the
// stack overflows); the user data the ISO 9660 records name is unchanged.
func selfContinuingCE(t testing.TB, iso []byte) []byte {
	t.Helper()
	out := bytes.Clone(iso)
	rootLBA := binary.LittleEndian.Uint32(out[16*2048+156+2:])
	sector := out[rootLBA*2048 : rootLBA*2048+2048]
	both := func(v uint32) []byte {
		return binary.BigEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, v), v)
	}
	ce := append(append(append([]byte{'C', 'E', 28, 1}, both(rootLBA)...), both(34)...), both(28)...)
	dotLen, end := int(sector[0]), 0
	for sector[end] != 0 {
		end += int(sector[end])
	}
	rebuilt := append(append(bytes.Clone(sector[:dotLen]), ce...), sector[dotLen:end]...)
	rebuilt[0] = byte(dotLen + len(ce))
	copy(sector, rebuilt)
	return out
}

// TestProxyVM_importUnvouchedSeedUpdatesInPlace: a VM whose seed was replaced by a crafted one
// (the user data in it unchanged) or whose mark records no seed digest (a build before the
// digest) imports without user data, the apply takes the configured value in place, never
// replacing the VM, and the next plan is empty. The crafted seed is read (to check its
// digest) but never parsed; a mark without a digest has its seed never read.
func TestProxyVM_importUnvouchedSeedUpdatesInPlace(t *testing.T) {
	t.Parallel()
	const userData = "#!/bin/sh\necho imported\n"
	for _, tc := range []struct {
		name   string
		change func(h *fakeHost)
		reads  int
	}{
		{"seed replaced by a crafted one", func(h *fakeHost) {
			v, ok := h.FB.Volume(fake.DefaultPool, oobSeed)
			if !ok {
				h.T.Fatal("no seed volume")
			}
			v.Content = selfContinuingCE(h.T, v.Content)
			v.SHA256 = ""
			h.FB.AddVolume(fake.DefaultPool, v)
		}, 1},
		{"mark without a seed digest", func(h *fakeHost) {
			editMark(h, `<kvm2:seed-digest>[^<]*</kvm2:seed-digest>`, "")
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			cfg := importUserDataConfig(h, "user_data = "+hclString(userData))
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNoDomains,
				Steps: []resource.TestStep{
					{
						PreConfig: func() {
							h.CreateOutOfBand("egress-1", "", userData)
							tc.change(h)
						},
						Config: cfg,
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
						}},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.StringExact("oob-egress-1")),
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.StringExact(userData)),
						},
						Check: func(*terraform.State) error {
							if n := h.SeedReads(); n != tc.reads {
								return fmt.Errorf("the seed was read %d times, want %d", n, tc.reads)
							}
							return nil
						},
					},
					{Config: cfg, PlanOnly: true},
				},
			})
		})
	}
}
