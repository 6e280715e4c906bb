package kvm2

import (
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// CreateRequest is everything Create needs to make (or adopt) one proxy VM.
type CreateRequest struct {
	Host        string
	Name        string
	UID         string // caller-chosen unique id; empty: Create generates one
	BaseImageID string // host/pool/name of a kvm2_base_image volume
	VCPUs       int
	MemoryMiB   int
	DiskGiB     int
	// NICs are the VM's network interfaces in the order the guest sees them (rules.ValidateNICs):
	// each on a libvirt network or a host bridge (neither: the host's), with a MAC
	// (ValidateMACAddress; empty: a random one in QEMU's 52:54:00) and rate limits. None: one
	// NIC on the host's network or bridge.
	NICs     []definition.NIC
	Firmware rules.Firmware
	Tag      string
	UserData []byte // secret: never logged; only its sha256 is stored in the mark
	// WriteOnlyUserData says the caller must never get UserData back (Terraform's write-only
	// user_data_wo): the mark records it, and ReadUserData then refuses to read the seed.
	WriteOnlyUserData bool
	Running           bool // start after define (default true at the Terraform layer)
	Autostart         bool // libvirtd starts the domain when it starts (default true at the Terraform layer)
	// NetworkConfig is the cloud-init network configuration (ValidateNetworkConfig) for the seed's
	// network-config file; empty: none, so the guest's cloud-init falls back to DHCP.
	NetworkConfig string
	// Steering is recorded in the mark for an import to read back.
	definition.Steering
}

// State is the core's view of a domain's life.
type State string

const (
	StateRunning   State = "running"
	StateStopped   State = "stopped"
	StatePaused    State = "paused"
	StateSuspended State = "pmsuspended"
	StateCrashed   State = "crashed"
	StateStarting  State = "starting"
	StateUnknown   State = "unknown"
)

// Instance is one marked domain as the host reports it.
type Instance struct {
	ID         string // host/name
	Host       string
	Name       string
	UID        string
	DomainUUID string
	Tag        string
	CreatedAt  time.Time
	State      State
	Persistent bool // false: running but no longer defined
	Autostart  bool // libvirtd starts the domain when it starts (after a host reboot)
	// Active is set by ListByTag only: libvirt lists the domain with an ID, as it does a domain
	// whose QEMU process runs (running, or paused), and never one that is shut off.
	Active bool
	// IPv4 and IPv6 are the first NIC's first address of each family ("" when it has none), and
	// MAC its address.
	IPv4        string
	IPv6        string
	MAC         string
	BaseImageID string
	BaseSHA256  string
	VCPUs       int
	MemoryMiB   int
	// DiskGiB is the disk size the mark records, or with GetWithDisk the disk's real size (0 when
	// the disk is proven gone from the host).
	DiskGiB int
	// MarkDiskGiB is the disk size the mark records, set by GetWithDisk only: a DiskGiB above it
	// is a disk grown outside the provider.
	MarkDiskGiB int
	// Network and Bridge are the first NIC's attachment.
	Network string
	Bridge  string
	// NICs are the VM's network interfaces in the guest's order, from its definition, with the
	// addresses the host reports of each (a running VM's only).
	NICs         []address.NIC
	Firmware     rules.Firmware
	UserDataHash string // hex sha256 of the user data the domain was created with
	// UserDataSource is which input supplied that user data, as the mark records it:
	// UserDataStored, UserDataWriteOnly, or "" (none, or a VM made before the mark recorded it).
	UserDataSource string
	// NetworkConfig is the network configuration the VM's seed holds, as its mark records it.
	NetworkConfig string
	// Steering is what the caller recorded in the mark.
	definition.Steering
}

// The values of Instance.UserDataSource.
const (
	UserDataStored    = definition.UserDataSourceStored    // the caller keeps the value; import may read it back
	UserDataWriteOnly = definition.UserDataSourceWriteOnly // the caller never gets the value back
)

// stateOf maps a libvirt domain state to the core's State.
func stateOf(s libvirt.DomainState) State {
	switch s {
	case libvirt.DomainRunning, libvirt.DomainBlocked:
		// Blocked is a running guest waiting on a resource.
		return StateRunning
	case libvirt.DomainShutdown:
		// Being shut down: the guest is still alive, so it still counts as running.
		return StateRunning
	case libvirt.DomainPaused:
		return StatePaused
	case libvirt.DomainShutoff:
		return StateStopped
	case libvirt.DomainCrashed:
		return StateCrashed
	case libvirt.DomainPmsuspended:
		return StateSuspended
	}
	return StateUnknown
}

// isActive reports whether a domain in state s has a running QEMU process.
func isActive(s libvirt.DomainState) bool {
	switch s {
	case libvirt.DomainRunning, libvirt.DomainBlocked, libvirt.DomainPaused,
		libvirt.DomainShutdown, libvirt.DomainPmsuspended:
		return true
	}
	return false
}
