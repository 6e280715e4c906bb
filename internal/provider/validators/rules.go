package validators

import (
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/attr"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// VMName validates a kvm2_proxy_vm name.
func VMName() validator.String { return String(rules.VMNameRule, rules.ValidateVMName) }

// NamePrefix validates a kvm2_proxy_vm name_prefix.
func NamePrefix() validator.String { return String(rules.NamePrefixRule, rules.ValidateNamePrefix) }

// VCPUs validates a number of virtual CPUs.
func VCPUs() validator.Int64 { return Int64(rules.VCPUsRule, rules.ValidateVCPUs) }

// MemoryMiB validates a memory size in MiB.
func MemoryMiB() validator.Int64 { return Int64(rules.MemoryMiBRule, rules.ValidateMemoryMiB) }

// DiskGiB validates a disk size in GiB.
func DiskGiB() validator.Int64 { return Int64(rules.DiskGiBRule, rules.ValidateDiskGiB) }

// Firmware validates a boot firmware.
func Firmware() validator.String {
	return String(rules.FirmwareRule, func(s string) error { return rules.ValidateFirmware(rules.Firmware(s)) })
}

// HostName validates a key of the provider's hosts.
func HostName() validator.String { return String(rules.HostNameRule, rules.ValidateHostName) }

// Address validates a host's SSH address.
func Address() validator.String { return String(rules.AddressRule, rules.ValidateAddress) }

// Port validates a TCP port.
func Port() validator.Int64 { return Int64(rules.PortRule, rules.ValidatePort) }

// MaxConcurrentOperations validates how many operations on one host may run at once.
func MaxConcurrentOperations() validator.Int64 {
	return Int64(rules.MaxConcurrentOperationsRule, rules.ValidateMaxConcurrentOperations)
}

// MaxClientRequests validates how many concurrent requests a host's libvirtd serves per client
// connection.
func MaxClientRequests() validator.Int64 {
	return Int64(rules.MaxClientRequestsRule, rules.ValidateMaxClientRequests)
}

// User validates an SSH user.
func User() validator.String { return String(rules.UserRule, rules.ValidateUser) }

// Socket validates the path of a host's libvirt socket.
func Socket() validator.String { return String(rules.SocketRule, rules.ValidateSocket) }

// NetworkName validates a libvirt network name.
func NetworkName() validator.String { return String(rules.NetworkNameRule, rules.ValidateNetworkName) }

// PoolName validates a storage pool name.
func PoolName() validator.String { return String(rules.PoolNameRule, rules.ValidatePoolName) }

// BridgeName validates a host bridge name.
func BridgeName() validator.String { return String(rules.BridgeNameRule, rules.ValidateBridgeName) }

// BaseImageName validates a kvm2_base_image volume name.
func BaseImageName() validator.String {
	return String(rules.BaseImageNameRule, rules.ValidateBaseImageName)
}

// VMID validates a kvm2_proxy_vm id (host/name).
func VMID() validator.String { return String(rules.IDRule, rules.ValidateID) }

// UID validates a kvm2_proxy_vm uid.
func UID() validator.String { return String(rules.UIDRule, rules.ValidateUID) }

// PowerOperation validates a kvm2_proxy_vm_power operation.
func PowerOperation() validator.String {
	return String(rules.PowerOperationRule, rules.ValidatePowerOperation)
}

// ShutdownTimeout validates a graceful shutdown timeout (a Go duration).
func ShutdownTimeout() validator.String {
	return String(rules.ShutdownTimeoutRule, func(s string) error {
		_, err := rules.ParseShutdownTimeout(s)
		return err
	})
}

// MACAddress validates a NIC's MAC address.
func MACAddress() validator.String { return String(rules.MACAddressRule, rules.ValidateMACAddress) }

// NetworkConfig validates a cloud-init network configuration.
func NetworkConfig() validator.String {
	return String(rules.NetworkConfigRule, rules.ValidateNetworkConfig)
}

// Tag validates a kvm2_proxy_vm tag: what the VM's mark holds as it is.
func Tag() validator.String { return String(rules.TagRule, rules.ValidateTag) }

// JumpHosts validates the length of a host's jump list.
func JumpHosts() validator.List {
	return List(rules.JumpHostsRule, func(n int) error { return rules.ValidateJumpHosts(n) })
}

// HostKeySource validates that a jump host sets at most one of known_hosts_file and host_key.
func HostKeySource() validator.Object {
	return Object(rules.HostKeySourceRule, func(attrs map[string]attr.Value) error {
		return rules.ValidateHostKeySource(stringAttr(attrs, "known_hosts_file"), stringAttr(attrs, "host_key"))
	})
}

// IPWaitFamily validates wait_for_ip_family.
func IPWaitFamily() validator.String {
	return String(rules.IPWaitFamilyRule, func(s string) error { return rules.ValidateIPWaitSteering(s, "") })
}

// IPWaitInterface validates wait_for_ip_interface on its own (the VM's number of NICs is checked
// with the NICs, by rules.ValidateIPWait).
func IPWaitInterface() validator.Int64 {
	return Int64(rules.IPWaitInterfaceRule, func(n int64) error {
		return rules.ValidateIPWaitSteering("", strconv.FormatInt(n, 10))
	})
}
