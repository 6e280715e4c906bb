package kvm2

import (
	"context"
	"errors"
	"path"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const opGet = "read"

// Get reads one instance by ID ("host/name") and the UID recorded for it. It never waits.
//
// The domain under the name is this instance only if its mark carries uid. When it is gone, or
// the name now holds another domain (no mark, or a mark with another UID), Get is NotFound with
// a *GoneError that names the volumes of this instance still on the host. An empty uid is an
// import: any marked domain is read, and one without our mark is Permanent ErrNotManaged.
// UID and created-at are read back from the mark every time. The address comes from the DHCP
// lease on a libvirt network without network_config, else from the guest agent, each falling
// back to the other.
//
// A running guest with an address costs four RPCs: the definition (which carries the mark),
// the state, the autostart flag (which no other read of a domain reports) and one address
// source; a defined one costs three. Persistence costs a fifth only for a running domain whose
// autostart is off (a transient domain never has it on). When several Gets of one host run
// together (a plan's refresh), state, autostart, persistence and the lease come from one
// host-wide read they share (hostwide/reads.go), and such a Get costs one RPC of its own: the
// definition, from which ownership is proven as always.
func (c *Client) Get(ctx context.Context, id, uid string) (Instance, error) {
	return c.get(ctx, id, uid, false)
}

// get is Get, and GetWithDisk when disk is set.
func (c *Client) get(ctx context.Context, id, uid string, disk bool) (Instance, error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, opGet, "", err)
	}
	if uid != "" {
		if err := rules.ValidateUID(uid); err != nil {
			return Instance{}, kvmerr.New(kvmerr.Permanent, opGet, host, err)
		}
	}
	if _, err := c.host(opGet, host); err != nil {
		return Instance{}, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return Instance{}, kvmerr.Wrap(opGet, host, err)
	}
	defer release()
	leave := c.reads.Enter(host)
	defer leave()
	shared := func() *hostwide.Snapshot { return c.reads.Snapshot(ctx, b, host) }
	inst, err := c.readOn(ctx, b, host, name, uid, shared, disk)
	return inst, kvmerr.Wrap(opGet, host, err)
}

// GetWithDisk is Get that also reads the size of the VM's disk: DiskGiB is then the disk's real
// size, rounded up to whole GiB, so a disk grown outside Terraform shows as drift, and
// MarkDiskGiB the size the mark records (the last one asked for). A disk proven gone is 0 GiB;
// one libvirt cannot find in an active pool keeps the mark's size (readDisk). Alone it costs two
// RPCs more (a lookup by the path the definition names, and the volume's info); when Gets share a
// host-wide read (a plan's refresh), none more: the sizes of every domain's disks come from one
// call of that read.
func (c *Client) GetWithDisk(ctx context.Context, id, uid string) (Instance, error) {
	return c.get(ctx, id, uid, true)
}

// readDisk sets inst.DiskGiB from the capacity of the file p, the disk of the domain with uuid,
// keeping the mark's size in inst.MarkDiskGiB: from the host-wide read snap when it has that
// file's size, else from the volume at p. A disk proven gone (diskGone) reads as 0 GiB: the VM
// has no disk. The host-wide read never proves a disk gone: a file whose size it lacks is looked
// up here.
func (c *Client) readDisk(ctx context.Context, b backend.Backend, host string, inst *Instance, uuid libvirt.UUID, p string, snap *hostwide.Snapshot) error {
	inst.MarkDiskGiB = inst.DiskGiB
	if p == "" {
		return nil
	}
	if capacity, ok := snap.DiskCapacity(ctx, b, uuid, p); ok {
		inst.DiskGiB = int(rules.DiskGiBOf(capacity))
		return nil
	}
	vol, err := b.StorageVolLookupByPath(ctx, p)
	if kvmerr.IsNotFound(err) {
		gone, err := c.diskGone(ctx, b, host, p)
		if gone {
			inst.DiskGiB = 0
		}
		return err
	}
	if err != nil {
		return err
	}
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if kvmerr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	inst.DiskGiB = int(rules.DiskGiBOf(capacity))
	return nil
}

// diskGone reports whether the disk at p, which no active pool's lookup by path found, is proven
// gone: the host's pool is active, p is in its directory, and the pool holds no volume of that
// name (a create interrupted before it made the disk, or a disk removed outside Terraform).
// Anything less certain (a stopped pool, a disk outside the pool) is not gone, so a pool an
// administrator stopped never reads as a lost disk, whose plan would replace the VM.
func (c *Client) diskGone(ctx context.Context, b backend.Backend, host, p string) (bool, error) {
	hc, err := c.host(opGet, host)
	if err != nil {
		return false, err
	}
	pool, err := b.StoragePoolLookupByName(ctx, hc.Pool)
	if err != nil {
		return false, kvmerr.IgnoreNotFound(err)
	}
	if active, err := b.StoragePoolIsActive(ctx, pool); err != nil || !active {
		return false, err
	}
	dir, err := c.facts.PoolDir(ctx, b, pool)
	if err != nil || path.Dir(p) != dir {
		return false, err
	}
	vol, err := hostops.LookupVolume(ctx, b, pool, path.Base(p))
	return vol == nil && err == nil, err
}

// getOn is Get's work on a held connection.
//
// With a UID, the definition is first read through a reference to the UUID the UID gives,
// without a lookup by name: libvirt resolves a reference by its UUID, so this reaches only the
// domain holding that UUID, whatever holds the name, and it is read as this instance only when
// it still has the name and its mark carries uid. When no domain holds the UUID (the instance is
// gone, or its domain's UUID was not derived from its UID) or the domain holding it was renamed,
// the name is looked up and whatever holds it is judged by its mark, as for an import.
func (c *Client) getOn(ctx context.Context, b backend.Backend, host, name, uid string) (Instance, error) {
	return c.readOn(ctx, b, host, name, uid, nil, false)
}

// readOn is getOn that takes the state, autostart, persistence and lease of an owned domain from
// the host-wide read shared returns, when it is not nil and that read places the domain, and
// reads the disk's real size when disk is set (GetWithDisk).
func (c *Client) readOn(ctx context.Context, b backend.Backend, host, name, uid string, shared func() *hostwide.Snapshot, disk bool) (Instance, error) {
	dom, facts, err := ownership.FindDomain(ctx, b, name, uid)
	if kvmerr.IsNotFound(err) && uid != "" {
		return Instance{}, c.gone(ctx, b, host, name, uid, nil)
	}
	if err != nil {
		return Instance{}, err
	}
	inst, snap, err := c.readMarked(ctx, b, host, name, uid, dom, facts, shared)
	if err == nil && disk {
		err = c.readDisk(ctx, b, host, &inst, dom.UUID, facts.OverlayPath, snap)
	}
	return inst, err
}

// readMarked finishes a read of dom, whose definition gave facts: the mark must carry uid (any
// mark for an import), then state, autostart, persistence and the address are read.
//
// The host-wide read is asked for only once ownership is proven, so neither a foreign domain nor
// a gone one costs one; its facts are taken by the UUID of the domain whose definition was read.
// It returns the host-wide read it used (nil when none).
func (c *Client) readMarked(ctx context.Context, b backend.Backend, host, name, uid string, dom libvirt.Domain, facts definition.DomainFacts, shared func() *hostwide.Snapshot) (Instance, *hostwide.Snapshot, error) {
	if err := ownership.Claim(host, name, uid, facts); err != nil {
		if uid == "" || errors.Is(err, ownership.ErrMarkRemoved) {
			return Instance{}, nil, kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		return Instance{}, nil, c.gone(ctx, b, host, name, uid, err)
	}
	inst := instanceFromFacts(host, dom, facts)
	var snap *hostwide.Snapshot
	if shared != nil {
		snap = shared()
	}
	var state libvirt.DomainState
	if f, ok := snap.Domain(dom.UUID); ok {
		state, inst.Autostart, inst.Persistent = f.State, f.Autostart, f.Persistent
	} else {
		var err error
		if state, inst.Autostart, inst.Persistent, err = domainFlags(ctx, b, dom); err != nil {
			return Instance{}, nil, err
		}
	}
	inst.State = stateOf(state)
	if state == libvirt.DomainRunning || state == libvirt.DomainBlocked {
		sources := address.Sources(inst.Network, inst.NetworkConfig)
		if facts.AgentDisconnected {
			// libvirt says no agent listens: asking it would only return that error.
			sources = slices.DeleteFunc(sources, func(s libvirt.DomainInterfaceAddressesSource) bool {
				return s == libvirt.DomainInterfaceAddressesSrcAgent
			})
		}
		if err := c.addresses(ctx, b, snap, dom, &inst, sources); err != nil {
			return Instance{}, nil, err
		}
	}
	return inst, snap, nil
}

// domainFlags reads dom's state, autostart flag and persistence, one domain at a time.
func domainFlags(ctx context.Context, b backend.Backend, dom libvirt.Domain) (state libvirt.DomainState, autostart, persistent bool, err error) {
	s, _, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return 0, false, false, err
	}
	if autostart, err = b.DomainGetAutostart(ctx, dom); err != nil {
		return 0, false, false, err
	}
	state = libvirt.DomainState(s)
	// An inactive domain that still exists is defined, and so is one with autostart on (libvirt
	// refuses autostart to a transient domain and clears it when a running one is undefined):
	// only a running domain with autostart off can be transient.
	persistent = true
	if isActive(state) && !autostart {
		if persistent, err = b.DomainIsPersistent(ctx, dom); err != nil {
			return 0, false, false, err
		}
	}
	return state, autostart, persistent, nil
}

// gone is the NotFound answer for the instance with uid under name: the domain is gone, or
// foreign (not nil) holds the name now. It names this instance's volumes still on the host.
func (c *Client) gone(ctx context.Context, b backend.Backend, host, name, uid string, foreign error) error {
	vols, inactive, err := ownedVolumes(ctx, b, name, uid)
	if err != nil {
		return err
	}
	g := &ownership.GoneError{ID: rules.FormatID(host, name), UID: uid, Foreign: foreign}
	for _, v := range vols {
		g.Leftovers = append(g.Leftovers, v.Pool+"/"+v.Name)
	}
	for _, p := range inactive {
		may, err := c.mayHoldVolumes(ctx, b, host, p, nil)
		if err != nil {
			return err
		}
		if may {
			g.Unsearched = append(g.Unsearched, p.Name)
		}
	}
	return kvmerr.New(kvmerr.NotFound, "", "", g)
}

// instanceFromFacts builds an instance from a parsed definition that carries our mark.
func instanceFromFacts(host string, dom libvirt.Domain, facts definition.DomainFacts) Instance {
	inst := instanceFromMark(host, dom, *facts.Mark)
	inst.MAC = facts.MAC
	for _, n := range facts.NICs {
		inst.NICs = append(inst.NICs, address.NIC{NIC: n})
	}
	// The definition is the truth for what can drift on the host; the mark records what was
	// asked for and fills in what the definition does not say.
	if facts.VCPUs > 0 {
		inst.VCPUs = facts.VCPUs
	}
	if facts.MemoryMiB > 0 {
		inst.MemoryMiB = facts.MemoryMiB
	}
	if facts.Network != "" || facts.Bridge != "" {
		inst.Network, inst.Bridge = facts.Network, facts.Bridge
	}
	if facts.Firmware != "" {
		inst.Firmware = rules.Firmware(facts.Firmware)
	}
	return inst
}

// instanceFromMark is everything an instance says that the mark alone knows.
func instanceFromMark(host string, dom libvirt.Domain, m definition.Mark) Instance {
	return Instance{
		ID: rules.FormatID(host, dom.Name), Host: host, Name: dom.Name, DomainUUID: ownership.FormatUUID(dom.UUID),
		UID: m.UID, Tag: m.Tag, CreatedAt: m.CreatedAt, BaseImageID: m.BaseImageID, BaseSHA256: m.BaseSHA256,
		VCPUs: m.VCPUs, MemoryMiB: m.MemoryMiB, DiskGiB: m.DiskGiB, Network: m.Network, Bridge: m.Bridge,
		Firmware: rules.Firmware(m.Firmware), UserDataHash: m.UserDataSHA256, UserDataSource: m.UserDataSource,
		NetworkConfig: m.NetworkConfig,
		Steering:      m.Steering,
	}
}
