package kvm2

import (
	"strconv"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A name taken by a marked domain of another UID, met by Create: which of the settings the
// mark records differ from the request. The answer only words the refusal (the domain is most
// likely the caller's own VM from a run that ended before it recorded the UID, or not); it is
// never a proof of identity, so nothing is adopted on it.

// settingDiffs compares what the mark m of the domain whose definition gave facts records with
// the normalized create request req, in the order of the mark's fields. Fields a mark of an
// earlier version lacks read as their defaults; the user data source is compared only when the
// mark has one (the digest is compared always).
func settingDiffs(m definition.Mark, facts definition.DomainFacts, req CreateRequest) []ownership.SettingDiff {
	var out []ownership.SettingDiff
	text := func(setting, mark, asked string) {
		if mark != asked {
			out = append(out, ownership.SettingDiff{Setting: setting, Mark: strconv.Quote(mark), Asked: strconv.Quote(asked)})
		}
	}
	num := func(setting string, mark, asked int) {
		if mark != asked {
			out = append(out, ownership.SettingDiff{Setting: setting, Mark: strconv.Itoa(mark), Asked: strconv.Itoa(asked)})
		}
	}
	want := requestMark(req)
	text("tag", m.Tag, want.Tag)
	text("base_image_id", m.BaseImageID, want.BaseImageID)
	num("vcpus", m.VCPUs, want.VCPUs)
	num("memory_mib", m.MemoryMiB, want.MemoryMiB)
	num("disk_gib", m.DiskGiB, want.DiskGiB)
	text("network", m.Network, want.Network)
	text("bridge", m.Bridge, want.Bridge)
	text("firmware", m.Firmware, want.Firmware)
	digest := m.UserDataSHA256
	if digest == "" { // a mark of an earlier version records no digest for no user data
		digest = rules.UserDataSHA256(nil)
	}
	if digest != want.UserDataSHA256 || (m.UserDataSource != "" && m.UserDataSource != want.UserDataSource) {
		setting := "user_data"
		if req.WriteOnlyUserData {
			setting = "user_data_wo"
		}
		out = append(out, ownership.SettingDiff{Setting: setting})
	}
	if m.NetworkConfig != want.NetworkConfig {
		out = append(out, ownership.SettingDiff{Setting: "network_config"})
	}
	if m.NoIPWait != want.NoIPWait {
		out = append(out, ownership.SettingDiff{Setting: "wait_for_ip",
			Mark: strconv.FormatBool(!m.NoIPWait), Asked: strconv.FormatBool(!want.NoIPWait)})
	}
	text("user_data_wo_version", m.UserDataWOVersion, want.UserDataWOVersion)
	text("wait_for_cloud_init", m.CloudInitWait, want.CloudInitWait)
	text("name_prefix", m.NamePrefix, want.NamePrefix)
	text("wait_for_ip_family", m.IPWaitFamily, want.IPWaitFamily)
	text("wait_for_ip_interface", m.IPWaitInterface, want.IPWaitInterface)
	text("wait_for_port", m.PortWait, want.PortWait)
	out = append(out, nicDiffs(facts.NICs, req.NICs)...)
	return out
}
