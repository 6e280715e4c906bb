package ownership

import (
	"fmt"
	"strconv"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A name taken by a marked domain of another UID, met by a create: which of the settings the
// mark records differ from the request (OwnedError.Differs). The answer only words the refusal
// (the domain is most likely the caller's own VM from a run that ended before it recorded the
// UID, or not); it is never a proof of identity, so nothing is adopted on it.

// SettingDiffs compares what the mark m of the domain whose definition gave facts records with
// a normalized create request: want, the mark it would record, nics, its NICs, and writeOnly,
// whether its user data is write-only. The order is the mark's fields'. Fields a mark of an
// earlier version lacks read as their defaults; the user data source is compared only when the
// mark has one (the digest is compared always).
func SettingDiffs(m definition.Mark, facts definition.DomainFacts, want definition.Mark, nics []definition.NIC, writeOnly bool) []SettingDiff {
	var out []SettingDiff
	text := func(setting, mark, asked string) {
		if mark != asked {
			out = append(out, SettingDiff{Setting: setting, Mark: strconv.Quote(mark), Asked: strconv.Quote(asked)})
		}
	}
	num := func(setting string, mark, asked int) {
		if mark != asked {
			out = append(out, SettingDiff{Setting: setting, Mark: strconv.Itoa(mark), Asked: strconv.Itoa(asked)})
		}
	}
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
		if writeOnly {
			setting = "user_data_wo"
		}
		out = append(out, SettingDiff{Setting: setting})
	}
	if m.NetworkConfig != want.NetworkConfig {
		out = append(out, SettingDiff{Setting: "network_config"})
	}
	if m.NoIPWait != want.NoIPWait {
		out = append(out, SettingDiff{Setting: "wait_for_ip",
			Mark: strconv.FormatBool(!m.NoIPWait), Asked: strconv.FormatBool(!want.NoIPWait)})
	}
	text("user_data_wo_version", m.UserDataWOVersion, want.UserDataWOVersion)
	text("wait_for_cloud_init", m.CloudInitWait, want.CloudInitWait)
	text("name_prefix", m.NamePrefix, want.NamePrefix)
	text("wait_for_ip_family", m.IPWaitFamily, want.IPWaitFamily)
	text("wait_for_ip_interface", m.IPWaitInterface, want.IPWaitInterface)
	text("wait_for_port", m.PortWait, want.PortWait)
	out = append(out, nicDiffs(facts.NICs, nics)...)
	return out
}

// nicDiffs is how a domain's interfaces (have, its definition's) differ from those a create asks
// for: their number, each one's attachment after the first (the mark records the first one's),
// each pinned MAC and each one's limits.
func nicDiffs(have, want []definition.NIC) []SettingDiff {
	if len(have) != len(want) {
		return []SettingDiff{{Setting: "network_interfaces",
			Mark: strconv.Itoa(len(have)) + " NICs", Asked: strconv.Itoa(len(want)) + " NICs"}}
	}
	var out []SettingDiff
	for i, w := range want {
		h, at := have[i], func(s string) string { return nicSetting(i, s) }
		if i > 0 && (h.Network != w.Network || h.Bridge != w.Bridge) {
			out = append(out, SettingDiff{Setting: at("network"),
				Mark: attachmentText(h.Network, h.Bridge), Asked: attachmentText(w.Network, w.Bridge)})
		}
		if w.MAC != "" && !rules.SameMAC(h.MAC, w.MAC) {
			out = append(out, SettingDiff{Setting: at("mac_address"), Mark: h.MAC, Asked: w.MAC})
		}
		if !h.Bandwidth.Equal(w.Bandwidth) {
			out = append(out, SettingDiff{Setting: at("bandwidth")})
		}
	}
	return out
}

// nicSetting names a setting of NIC i as the configuration does: the first NIC's by the VM's
// own attributes.
func nicSetting(i int, setting string) string {
	if i == 0 {
		return setting
	}
	return fmt.Sprintf("network_interfaces[%d].%s", i, setting)
}

func attachmentText(network, bridge string) string {
	if bridge != "" {
		return "bridge " + strconv.Quote(bridge)
	}
	return "network " + strconv.Quote(network)
}
