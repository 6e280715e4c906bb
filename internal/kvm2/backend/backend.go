// Package backend owns the one narrow seam between the kvm2 core and libvirt: the Backend
// interface (every libvirt RPC the core makes, each bound to a context), the production adapter
// over go-libvirt with its abandon policy, and the per-host connection pool.
//
// The core never touches go-libvirt's client directly; every core branch can therefore be
// driven by the in-memory fake in package backend/fake.
package backend

import (
	"context"
	"io"

	libvirt "github.com/digitalocean/go-libvirt"
)

// Backend is every libvirt call the core makes. Each call is bounded by ctx (and by a per-call
// budget in the production adapter): a call that outlives either is abandoned, the link is
// closed, and the call returns an error that kvmerr classifies as Transient.
//
// Errors from libvirt itself are returned as go-libvirt's libvirt.Error so that kvmerr can
// classify them by code (libvirt.ErrNoDomain and friends).
type Backend interface {
	// Host is the configured host name this backend talks to (for logs and errors).
	Host() string

	ConnectGetLibVersion(ctx context.Context) (uint64, error)
	ConnectGetCapabilities(ctx context.Context) (string, error)
	ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) ([]libvirt.Domain, error)
	// ConnectGetAllDomainStats returns the statistics groups stats names of every domain of the
	// host, running or not, one record per domain (virConnectGetAllDomainStats). The block group
	// (DomainStatsBlock) gives each disk's block.N.path and, when libvirt can read its file (QEMU's
	// view for a running domain, the image's header for one that is not), block.N.capacity; a
	// file that is missing has no capacity. With ConnectGetAllDomainsStatsNowait a running domain
	// busy with a job is answered from its files instead of waiting for QEMU.
	ConnectGetAllDomainStats(ctx context.Context, stats libvirt.DomainStatsTypes, flags libvirt.ConnectGetAllDomainStatsFlags) ([]libvirt.DomainStatsRecord, error)
	// NodeGetInfo describes the host machine: its CPUs and memory.
	NodeGetInfo(ctx context.Context) (NodeInfo, error)

	DomainLookupByName(ctx context.Context, name string) (libvirt.Domain, error)
	DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error)
	DomainCreate(ctx context.Context, dom libvirt.Domain) error
	DomainGetState(ctx context.Context, dom libvirt.Domain) (state int32, reason int32, err error)
	DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (string, error)
	DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (bool, error)
	// DomainGetAutostart reports whether libvirtd starts the domain when it starts (false for a
	// transient domain).
	DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (bool, error)
	// DomainSetAutostart sets that flag; libvirt refuses it for a transient domain with
	// ErrOperationInvalid.
	DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) error
	// DomainGetMetadata returns the element stored under namespace uri (DomainAffectCurrent).
	DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (string, error)
	// DomainSetMetadata replaces the element under namespace uri, prefix key, in the definitions
	// flags name (live, config, or the current one). libvirt refuses live|config for a domain
	// that lacks one of them with ErrOperationInvalid.
	DomainSetMetadata(ctx context.Context, dom libvirt.Domain, xml, key, uri string, flags libvirt.DomainModificationImpact) error
	// DomainSetInterfaceParameters sets the rate limits (inbound.average, outbound.burst, ...;
	// unsigned values) of dom's interface device (its MAC address) in the definitions flags
	// name, as `virsh domiftune` does; an average of 0 removes that direction's limit.
	DomainSetInterfaceParameters(ctx context.Context, dom libvirt.Domain, device string, params []libvirt.TypedParam, flags libvirt.DomainModificationImpact) error
	DomainDestroy(ctx context.Context, dom libvirt.Domain) error
	// DomainShutdown asks the guest to power off (ACPI power button); it returns at once, and
	// the domain stops only when the guest complies. A domain that is not running is
	// ErrOperationInvalid.
	DomainShutdown(ctx context.Context, dom libvirt.Domain) error
	// DomainBlockResize grows the disk at target (e.g. "vda") of an active domain to size bytes
	// through QEMU, so the guest sees the new size at once. An inactive domain is
	// ErrOperationInvalid.
	DomainBlockResize(ctx context.Context, dom libvirt.Domain, target string, size uint64) error
	DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error
	DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) ([]libvirt.DomainInterface, error)
	// QEMUDomainAgentCommand sends cmd, one guest agent command as JSON, to the agent of a
	// running domain and returns its JSON reply, waiting at most timeoutSec seconds for the agent.
	// The core sends only guest-file-open (read-only), guest-file-read and guest-file-close. No
	// agent connected is ErrAgentUnresponsive; an error the agent returns (a missing file) is
	// ErrInternalError with the agent's text; a domain that does not run is ErrOperationInvalid.
	QEMUDomainAgentCommand(ctx context.Context, dom libvirt.Domain, cmd string, timeoutSec int32) (string, error)

	// ConnectListAllStoragePools lists the storage pools of the host that flags select: 0 lists
	// every pool, ConnectListStoragePoolsActive or ConnectListStoragePoolsInactive the active or
	// inactive ones only.
	ConnectListAllStoragePools(ctx context.Context, flags libvirt.ConnectListAllStoragePoolsFlags) ([]libvirt.StoragePool, error)
	StoragePoolLookupByName(ctx context.Context, name string) (libvirt.StoragePool, error)
	StoragePoolIsActive(ctx context.Context, pool libvirt.StoragePool) (bool, error)
	// StoragePoolGetInfo returns capacity, allocation and available bytes.
	StoragePoolGetInfo(ctx context.Context, pool libvirt.StoragePool) (capacity, allocation, available uint64, err error)
	StoragePoolRefresh(ctx context.Context, pool libvirt.StoragePool) error
	// StoragePoolGetXMLDesc returns the pool's definition (its type and target directory).
	StoragePoolGetXMLDesc(ctx context.Context, pool libvirt.StoragePool) (string, error)
	StoragePoolListAllVolumes(ctx context.Context, pool libvirt.StoragePool) ([]libvirt.StorageVol, error)

	StorageVolLookupByName(ctx context.Context, pool libvirt.StoragePool, name string) (libvirt.StorageVol, error)
	// StorageVolLookupByPath finds the volume whose target is the file path, in any pool.
	StorageVolLookupByPath(ctx context.Context, path string) (libvirt.StorageVol, error)
	StorageVolCreateXML(ctx context.Context, pool libvirt.StoragePool, xml string) (libvirt.StorageVol, error)
	StorageVolGetPath(ctx context.Context, vol libvirt.StorageVol) (string, error)
	// StorageVolGetInfo returns capacity and allocation bytes.
	StorageVolGetInfo(ctx context.Context, vol libvirt.StorageVol) (capacity, allocation uint64, err error)
	StorageVolGetXMLDesc(ctx context.Context, vol libvirt.StorageVol) (string, error)
	StorageVolDelete(ctx context.Context, vol libvirt.StorageVol) error
	// StorageVolResize sets vol's capacity to capacity bytes (growth only: no shrink flag).
	// libvirt cannot resize an image a running QEMU holds (ErrInternalError: "Failed to get
	// write lock"); DomainBlockResize does that.
	StorageVolResize(ctx context.Context, vol libvirt.StorageVol, capacity uint64) error
	// StorageVolUpload streams r into vol from offset 0 for length bytes. It is exempt from the
	// per-call budget (uploads are long) but still bound to ctx.
	StorageVolUpload(ctx context.Context, vol libvirt.StorageVol, r io.Reader, length uint64) error
	// StorageVolDownload copies at most length bytes of vol into w (used for small markers).
	StorageVolDownload(ctx context.Context, vol libvirt.StorageVol, w io.Writer, length uint64) error
	// StorageVolDownloadRange copies at most length bytes of vol from offset into w (the tail of a
	// VM's console log).
	StorageVolDownloadRange(ctx context.Context, vol libvirt.StorageVol, w io.Writer, offset, length uint64) error

	NetworkLookupByName(ctx context.Context, name string) (libvirt.Network, error)
	NetworkIsActive(ctx context.Context, net libvirt.Network) (bool, error)
	// NetworkGetXMLDesc returns net's definition (its address ranges tell which families it serves).
	NetworkGetXMLDesc(ctx context.Context, net libvirt.Network) (string, error)
	// NetworkGetDHCPLeases lists every current DHCP lease of net (libvirt drops expired ones).
	NetworkGetDHCPLeases(ctx context.Context, net libvirt.Network) ([]libvirt.NetworkDhcpLease, error)
	// InterfaceLookupByName finds a host interface (a bridge, for one) through libvirt's
	// interface driver; a missing one is ErrNoInterface. It reports existence only: the udev
	// backend reads a bridge without carrier as inactive although guests can use it.
	InterfaceLookupByName(ctx context.Context, name string) (libvirt.Interface, error)

	// Close ends the connection (bounded; never blocks past a few seconds).
	Close() error
}

// NodeInfo is what libvirt's virNodeGetInfo reports about the host machine.
type NodeInfo struct {
	Model     string // CPU model, e.g. "x86_64"
	MemoryKiB uint64 // memory size
	CPUs      int    // active CPUs
	MHz       int    // expected CPU frequency
	Nodes     int    // NUMA nodes (1 for uniform memory access)
	Sockets   int    // CPU sockets per node
	Cores     int    // cores per socket
	Threads   int    // threads per core
}

// Pool hands out connections to configured hosts.
//
// Acquire returns the pooled connection for host (dialing it if needed), waiting for the
// host's semaphore at most until ctx ends; release must be called exactly once. Dedicated
// returns a fresh connection that nobody else uses (uploads, health checks); the caller closes it.
type Pool interface {
	Acquire(ctx context.Context, host string) (b Backend, release func(), err error)
	Dedicated(ctx context.Context, host string) (Backend, error)
	// Close closes every pooled connection.
	Close() error
}

// Liveness is implemented by backends that can tell whether their link still works. The pool
// redials a pooled backend that reports false; a backend without it is taken as alive.
type Liveness interface {
	Alive() bool
}

// TransportReporter is implemented by backends that know how their link reaches libvirtd:
// one of sshx's transport names (streamlocal, exec:virt-ssh-helper, exec:nc), or "" when the
// link came from elsewhere.
type TransportReporter interface {
	Transport() string
}

// TransportOf returns b's transport, or "" when b cannot tell.
func TransportOf(b Backend) string {
	if t, ok := b.(TransportReporter); ok {
		return t.Transport()
	}
	return ""
}

// LinkAlive reports whether b says its link works; a backend that cannot tell is trusted.
func LinkAlive(b Backend) bool {
	l, ok := b.(Liveness)
	return !ok || l.Alive()
}
