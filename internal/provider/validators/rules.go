package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

// VMName validates a kvm2_proxy_vm name.
func VMName() validator.String { return String(kvm2.VMNameRule, kvm2.ValidateVMName) }

// VCPUs validates a number of virtual CPUs.
func VCPUs() validator.Int64 { return Int64(kvm2.VCPUsRule, kvm2.ValidateVCPUs) }

// MemoryMiB validates a memory size in MiB.
func MemoryMiB() validator.Int64 { return Int64(kvm2.MemoryMiBRule, kvm2.ValidateMemoryMiB) }

// DiskGiB validates a disk size in GiB.
func DiskGiB() validator.Int64 { return Int64(kvm2.DiskGiBRule, kvm2.ValidateDiskGiB) }

// Firmware validates a boot firmware.
func Firmware() validator.String {
	return String(kvm2.FirmwareRule, func(s string) error { return kvm2.ValidateFirmware(kvm2.Firmware(s)) })
}

// HostName validates a key of the provider's hosts.
func HostName() validator.String { return String(kvm2.HostNameRule, kvm2.ValidateHostName) }

// Address validates a host's SSH address.
func Address() validator.String { return String(kvm2.AddressRule, kvm2.ValidateAddress) }

// Port validates a TCP port.
func Port() validator.Int64 { return Int64(kvm2.PortRule, kvm2.ValidatePort) }

// MaxConcurrentOperations validates how many operations on one host may run at once.
func MaxConcurrentOperations() validator.Int64 {
	return Int64(kvm2.MaxConcurrentOperationsRule, kvm2.ValidateMaxConcurrentOperations)
}

// MaxClientRequests validates how many concurrent requests a host's libvirtd serves per client
// connection.
func MaxClientRequests() validator.Int64 {
	return Int64(kvm2.MaxClientRequestsRule, kvm2.ValidateMaxClientRequests)
}

// User validates an SSH user.
func User() validator.String { return String(kvm2.UserRule, kvm2.ValidateUser) }

// Socket validates the path of a host's libvirt socket.
func Socket() validator.String { return String(kvm2.SocketRule, kvm2.ValidateSocket) }

// NetworkName validates a libvirt network name.
func NetworkName() validator.String { return String(kvm2.NetworkNameRule, kvm2.ValidateNetworkName) }

// PoolName validates a storage pool name.
func PoolName() validator.String { return String(kvm2.PoolNameRule, kvm2.ValidatePoolName) }

// BridgeName validates a host bridge name.
func BridgeName() validator.String { return String(kvm2.BridgeNameRule, kvm2.ValidateBridgeName) }

// BaseImageName validates a kvm2_base_image volume name.
func BaseImageName() validator.String {
	return String(kvm2.BaseImageNameRule, kvm2.ValidateBaseImageName)
}

// VMID validates a kvm2_proxy_vm id (host/name).
func VMID() validator.String { return String(kvm2.IDRule, kvm2.ValidateID) }

// UID validates a kvm2_proxy_vm uid.
func UID() validator.String { return String(kvm2.UIDRule, kvm2.ValidateUID) }

// PowerOperation validates a kvm2_proxy_vm_power operation.
func PowerOperation() validator.String {
	return String(kvm2.PowerOperationRule, kvm2.ValidatePowerOperation)
}

// ShutdownTimeout validates a graceful shutdown timeout (a Go duration).
func ShutdownTimeout() validator.String {
	return String(kvm2.ShutdownTimeoutRule, func(s string) error {
		_, err := kvm2.ParseShutdownTimeout(s)
		return err
	})
}

// MACAddress validates a NIC's MAC address.
func MACAddress() validator.String { return String(kvm2.MACAddressRule, kvm2.ValidateMACAddress) }

// NetworkConfig validates a cloud-init network configuration.
func NetworkConfig() validator.String {
	return String(kvm2.NetworkConfigRule, kvm2.ValidateNetworkConfig)
}
