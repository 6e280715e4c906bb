package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// VMName validates a kvm2_proxy_vm name.
func VMName() validator.String { return String(rules.VMName) }

// NamePrefix validates a kvm2_proxy_vm name_prefix.
func NamePrefix() validator.String { return String(rules.NamePrefix) }

// VCPUs validates a number of virtual CPUs.
func VCPUs() validator.Int64 { return Int64(rules.VCPUs) }

// MemoryMiB validates a memory size in MiB.
func MemoryMiB() validator.Int64 { return Int64(rules.MemoryMiB) }

// DiskGiB validates a disk size in GiB.
func DiskGiB() validator.Int64 { return Int64(rules.DiskGiB) }

// Firmware validates a boot firmware.
func Firmware() validator.String { return String(rules.BootFirmware) }

// Hosts validates the provider's hosts map: how many, and each key (a host name).
func Hosts() []validator.Map {
	return []validator.Map{MapSize(rules.Hosts), MapKeys(rules.HostName)}
}

// Address validates a host's SSH address.
func Address() validator.String { return String(rules.Address) }

// Port validates a TCP port.
func Port() validator.Int64 { return Int64(rules.Port) }

// MaxConcurrentOperations validates how many operations on one host may run at once.
func MaxConcurrentOperations() validator.Int64 { return Int64(rules.MaxConcurrentOperations) }

// MaxClientRequests validates how many concurrent requests a host's libvirtd serves per client
// connection.
func MaxClientRequests() validator.Int64 { return Int64(rules.MaxClientRequests) }

// User validates an SSH user.
func User() validator.String { return String(rules.User) }

// Socket validates the path of a host's libvirt socket.
func Socket() validator.String { return String(rules.Socket) }

// NetworkName validates a libvirt network name.
func NetworkName() validator.String { return String(rules.NetworkName) }

// PoolName validates a storage pool name.
func PoolName() validator.String { return String(rules.PoolName) }

// BridgeName validates a host bridge name.
func BridgeName() validator.String { return String(rules.BridgeName) }

// BaseImageName validates a kvm2_base_image volume name.
func BaseImageName() validator.String { return String(rules.BaseImageName) }

// SHA256 validates a kvm2_base_image sha256.
func SHA256() validator.String { return String(rules.SHA256) }

// ImageFormat validates a kvm2_base_image format.
func ImageFormat() validator.String { return String(rules.ImageFormat) }

// SourceURL validates a kvm2_base_image source_url.
func SourceURL() validator.String { return String(rules.SourceURL) }

// VMID validates a kvm2_proxy_vm id (host/name).
func VMID() validator.String { return String(rules.ID) }

// UID validates a kvm2_proxy_vm uid.
func UID() validator.String { return String(rules.UID) }

// PowerOperation validates a kvm2_proxy_vm_power operation.
func PowerOperation() validator.String { return String(rules.Power) }

// ShutdownTimeout validates a graceful shutdown timeout (a Go duration).
func ShutdownTimeout() validator.String { return String(rules.ShutdownTimeout) }

// MACAddress validates a NIC's MAC address.
func MACAddress() validator.String { return String(rules.MACAddress) }

// NetworkConfig validates a cloud-init network configuration.
func NetworkConfig() validator.String { return String(rules.NetworkConfig) }

// Tag validates a kvm2_proxy_vm tag: what the VM's mark holds as it is.
func Tag() validator.String { return String(rules.Tag) }

// JumpHosts validates the length of a host's jump list.
func JumpHosts() validator.List { return List(rules.JumpHosts) }

// NICs validates the length of a VM's network_interfaces.
func NICs() validator.List { return List(rules.NICCount) }

// HostKeySource validates that a jump host sets at most one of known_hosts_file and host_key.
func HostKeySource() validator.Object {
	return Object(rules.HostKeySourceRule, func(attrs map[string]attr.Value) error {
		return rules.ValidateHostKeySource(stringAttr(attrs, "known_hosts_file"), stringAttr(attrs, "host_key"))
	})
}

// Average, Peak and Burst validate the bounds of a NIC's limit in one direction.
func Average() validator.Int64 { return Int64(rules.Average) }
func Peak() validator.Int64    { return Int64(rules.Peak) }
func Burst() validator.Int64   { return Int64(rules.Burst) }

// Rate validates what binds one direction's limits together (rules.RateRule); each limit's own
// bounds are its attribute's.
func Rate() validator.Object {
	return Object(rules.RateRule, func(attrs map[string]attr.Value) error {
		n := func(name string) int64 {
			v, _ := attrs[name].(types.Int64)
			return v.ValueInt64() // 0 when null: not set
		}
		return rules.CheckPeak(n("average_kibps"), n("peak_kibps"))
	})
}

// WaitPort validates wait_for_port on its own (that it needs wait_for_ip is rules.ValidatePortWait).
func WaitPort() validator.Int64 { return Int64(rules.WaitPort) }

// ProxyPort validates the proxy port of kvm2_egress_check.
func ProxyPort() validator.Int64 { return Int64(rules.ProxyPort) }

// EgressTargetURL validates the target URL of kvm2_egress_check.
func EgressTargetURL() validator.String { return String(rules.EgressTargetURL) }

// EgressPattern validates the expected-body pattern of kvm2_egress_check.
func EgressPattern() validator.String { return String(rules.EgressPattern) }

// EgressFirstLine validates first_line_bytes of kvm2_egress_check.
func EgressFirstLine() validator.Int64 { return Int64(rules.EgressFirstLine) }

// EgressTimeout validates timeout_seconds of kvm2_egress_check.
func EgressTimeout() validator.Int64 { return Int64(rules.EgressTimeout) }

// EgressPerHost validates concurrency_per_host of kvm2_egress_check.
func EgressPerHost() validator.Int64 { return Int64(rules.EgressPerHost) }

// IPWaitFamily validates wait_for_ip_family.
func IPWaitFamily() validator.String { return String(rules.WaitFamily) }

// IPWaitInterface validates wait_for_ip_interface on its own (the VM's number of NICs is checked
// with the NICs, by rules.ValidateIPWait).
func IPWaitInterface() validator.Int64 { return Int64(rules.IPWaitInterface) }
