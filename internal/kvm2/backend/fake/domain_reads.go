package fake

import (
	"context"
	"fmt"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"
)

// ConnectListAllDomains lists domains sorted by name, filtered like libvirt by the
// active/inactive and persistent/transient flags.
func (b *Backend) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) (_ []libvirt.Domain, err error) {
	defer b.observe(ctx, "ConnectListAllDomains", time.Now(), &err)
	if err = b.begin(ctx, "ConnectListAllDomains", ""); err != nil {
		return nil, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	var out []libvirt.Domain
	for _, name := range sortedKeys(b.st.domains) {
		d := b.st.domains[name]
		if listed(d, flags) {
			out = append(out, d.ref())
		}
	}
	return out, nil
}

func listed(d *Domain, flags libvirt.ConnectListAllDomainsFlags) bool {
	if flags&(libvirt.ConnectListDomainsActive|libvirt.ConnectListDomainsInactive) != 0 {
		if active(d.State) && flags&libvirt.ConnectListDomainsActive == 0 {
			return false
		}
		if !active(d.State) && flags&libvirt.ConnectListDomainsInactive == 0 {
			return false
		}
	}
	// As libvirt's virDomainObjListFilter: a state flag set keeps the domains in one of its
	// states, OTHER being every state but running, paused and shut off.
	const states = libvirt.ConnectListDomainsRunning | libvirt.ConnectListDomainsPaused |
		libvirt.ConnectListDomainsShutoff | libvirt.ConnectListDomainsOther
	if flags&states != 0 {
		var in libvirt.ConnectListAllDomainsFlags
		switch d.State {
		case libvirt.DomainRunning:
			in = libvirt.ConnectListDomainsRunning
		case libvirt.DomainPaused:
			in = libvirt.ConnectListDomainsPaused
		case libvirt.DomainShutoff:
			in = libvirt.ConnectListDomainsShutoff
		default:
			in = libvirt.ConnectListDomainsOther
		}
		if flags&in == 0 {
			return false
		}
	}
	if flags&(libvirt.ConnectListDomainsAutostart|libvirt.ConnectListDomainsNoAutostart) != 0 {
		if d.Autostart && flags&libvirt.ConnectListDomainsAutostart == 0 {
			return false
		}
		if !d.Autostart && flags&libvirt.ConnectListDomainsNoAutostart == 0 {
			return false
		}
	}
	if flags&(libvirt.ConnectListDomainsPersistent|libvirt.ConnectListDomainsTransient) != 0 {
		if !d.Transient && flags&libvirt.ConnectListDomainsPersistent == 0 {
			return false
		}
		if d.Transient && flags&libvirt.ConnectListDomainsTransient == 0 {
			return false
		}
	}
	return true
}

// ConnectGetAllDomainStats answers the block group (DomainStatsBlock) of every domain, sorted by
// name, as libvirt 9.0 does for the disks of its current definition: block.count, and per disk
// block.N.name (its target) and block.N.path (its file, when it has one), and, when that file
// exists (a volume of any pool, active or not: libvirt reads the file, not the pool), its
// block.N.allocation, block.N.capacity and block.N.physical. A missing file has no sizes, running
// or not (the fake has no QEMU that would still hold it open). With ConnectGetAllDomainsStatsBacking
// every backing image the definition records follows its disk as an entry of its own, with the
// disk's target and the image's path and sizes, and no block.N.backingIndex unless the definition
// gives the image an index, as libvirt lists the chain of a domain that does not run. A file
// declared raw that is a volume of another format has its length (the fake's allocation) for
// capacity, as libvirt reads it. With ConnectGetAllDomainsStatsInactive only the domains that do
// not run are answered. Other groups, and flags but these and ConnectGetAllDomainsStatsNowait, are
// refused (ErrArgumentUnsupported), so no test leans on what the fake does not model.
func (b *Backend) ConnectGetAllDomainStats(ctx context.Context, stats libvirt.DomainStatsTypes, flags libvirt.ConnectGetAllDomainStatsFlags) (_ []libvirt.DomainStatsRecord, err error) {
	defer b.observe(ctx, "ConnectGetAllDomainStats", time.Now(), &err)
	if err = b.begin(ctx, "ConnectGetAllDomainStats", ""); err != nil {
		return nil, err
	}
	modelled := libvirt.ConnectGetAllDomainsStatsNowait | libvirt.ConnectGetAllDomainsStatsBacking | libvirt.ConnectGetAllDomainsStatsInactive
	if stats != libvirt.DomainStatsBlock || flags&^modelled != 0 {
		return nil, LibvirtError(libvirt.ErrArgumentUnsupported,
			"fake: only the block statistics group without flags but nowait, backing and inactive is modelled (stats %d, flags %d)", stats, flags)
	}
	backing, inactive := flags&libvirt.ConnectGetAllDomainsStatsBacking != 0, flags&libvirt.ConnectGetAllDomainsStatsInactive != 0
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	var out []libvirt.DomainStatsRecord
	for _, name := range sortedKeys(b.st.domains) {
		d := b.st.domains[name]
		if inactive && active(d.State) {
			continue
		}
		out = append(out, libvirt.DomainStatsRecord{Dom: d.ref(), Params: b.st.blockStats(d.XML, backing)})
	}
	return out, nil
}

// blockStats is the block group of the domain whose current definition is x, with the backing
// images it records when backing; callers hold st.mu.
func (s *state) blockStats(x string, backing bool) []libvirt.TypedParam {
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(x); err != nil || dom.Devices == nil {
		return []libvirt.TypedParam{uintParam("block.count", 0)}
	}
	var params []libvirt.TypedParam
	n := 0
	entry := func(target string, index uint, format string, src *libvirtxml.DomainDiskSource) {
		prefix := fmt.Sprintf("block.%d.", n)
		n++
		if target != "" {
			params = append(params, stringParam(prefix+"name", target))
		}
		if index > 0 {
			params = append(params, uintParam(prefix+"backingIndex", uint64(index)))
		}
		p, err := s.sourcePath(src)
		if err != nil || p == "" {
			return
		}
		params = append(params, stringParam(prefix+"path", p))
		if v := s.volumeAt(p); v != nil {
			capacity := v.Capacity
			if format == "raw" && v.Format != "raw" {
				capacity = v.Allocation // libvirt reads a file declared raw as its length
			}
			params = append(params, ullongParam(prefix+"allocation", v.Allocation),
				ullongParam(prefix+"capacity", capacity), ullongParam(prefix+"physical", v.Allocation))
		}
	}
	for _, disk := range dom.Devices.Disks {
		target, format := "", ""
		if disk.Target != nil {
			target = disk.Target.Dev
		}
		if disk.Driver != nil {
			format = disk.Driver.Type
		}
		entry(target, 0, format, disk.Source)
		for l := disk.BackingStore; backing && l != nil && !emptySource(l.Source); l = l.BackingStore {
			format = ""
			if l.Format != nil {
				format = l.Format.Type
			}
			entry(target, l.Index, format, l.Source) // no backingIndex unless the definition gives one
		}
	}
	return append([]libvirt.TypedParam{uintParam("block.count", uint64(n))}, params...)
}

// emptySource says src names no image: the empty <backingStore/> that ends a recorded chain.
func emptySource(src *libvirtxml.DomainDiskSource) bool {
	return src == nil || src.File == nil && src.Block == nil && src.Dir == nil && src.Network == nil &&
		src.Volume == nil && src.NVME == nil && src.VHostUser == nil && src.VHostVDPA == nil
}

func uintParam(field string, v uint64) libvirt.TypedParam {
	return libvirt.TypedParam{Field: field, Value: libvirt.TypedParamValue{D: uint32(libvirt.TypedParamUint), I: uint32(v)}}
}

func ullongParam(field string, v uint64) libvirt.TypedParam {
	return libvirt.TypedParam{Field: field, Value: libvirt.TypedParamValue{D: uint32(libvirt.TypedParamUllong), I: v}}
}

func stringParam(field, v string) libvirt.TypedParam {
	return libvirt.TypedParam{Field: field, Value: libvirt.TypedParamValue{D: uint32(libvirt.TypedParamString), I: v}}
}

// DomainLookupByName finds a domain; a missing one is ErrNoDomain.
func (b *Backend) DomainLookupByName(ctx context.Context, name string) (_ libvirt.Domain, err error) {
	defer b.observe(ctx, "DomainLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "DomainLookupByName", name); err != nil {
		return libvirt.Domain{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	d, err := b.st.domain(name)
	if err != nil {
		return libvirt.Domain{}, err
	}
	return d.ref(), nil
}

// DomainGetState reports state and reason.
func (b *Backend) DomainGetState(ctx context.Context, dom libvirt.Domain) (_ int32, _ int32, err error) {
	defer b.observe(ctx, "DomainGetState", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetState", dom)
	if err != nil {
		return 0, 0, err
	}
	defer unlock()
	return int32(d.State), d.Reason, nil
}

// DomainGetXMLDesc returns the domain's current definition; for a running domain, with the
// backing chain of each disk libvirt would report (see withBackingChains). With
// DomainXMLInactive it returns the persistent definition (a transient domain's live one) as
// defined, without a detected chain.
func (b *Backend) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (_ string, err error) {
	defer b.observe(ctx, "DomainGetXMLDesc", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetXMLDesc", dom)
	if err != nil {
		return "", err
	}
	defer unlock()
	if flags&libvirt.DomainXMLInactive != 0 {
		return d.persistentXML(), nil
	}
	if active(d.State) {
		return withLiveID(b.st.withBackingChains(d.XML)), nil
	}
	return d.XML, nil
}

// withLiveID gives the root element of x the id attribute libvirt gives the live definition of
// an active domain, unless it has one.
func withLiveID(x string) string {
	i := strings.Index(x, "<domain")
	if i < 0 {
		return x
	}
	end := strings.IndexByte(x[i:], '>')
	if end < 0 || strings.Contains(x[i:i+end], " id=") {
		return x
	}
	at := i + len("<domain")
	return x[:at] + " id='1'" + x[at:]
}

// DomainIsPersistent reports whether the domain has a persistent definition.
func (b *Backend) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (_ bool, err error) {
	defer b.observe(ctx, "DomainIsPersistent", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainIsPersistent", dom)
	if err != nil {
		return false, err
	}
	defer unlock()
	return !d.Transient, nil
}

// DomainGetAutostart reports the domain's autostart flag (false for a transient domain).
func (b *Backend) DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (_ bool, err error) {
	defer b.observe(ctx, "DomainGetAutostart", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetAutostart", dom)
	if err != nil {
		return false, err
	}
	defer unlock()
	return d.Autostart, nil
}

// DomainInterfaceAddresses reports the addresses known to source for an active domain.
func (b *Backend) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) (_ []libvirt.DomainInterface, err error) {
	defer b.observe(ctx, "DomainInterfaceAddresses", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainInterfaceAddresses", dom)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if !active(d.State) {
		return nil, notRunning()
	}
	switch source {
	case libvirt.DomainInterfaceAddressesSrcAgent:
		if d.Agent == nil {
			return nil, LibvirtError(libvirt.ErrAgentUnresponsive,
				"Guest agent is not responding: QEMU guest agent is not connected")
		}
		return append([]libvirt.DomainInterface(nil), d.Agent...), nil
	case libvirt.DomainInterfaceAddressesSrcLease:
		// As libvirt: the leases its networks hold for the domain's MACs, whoever took them
		// (AddNetworkLease: a lease an earlier domain with the same MAC left).
		out := append([]libvirt.DomainInterface(nil), d.Lease...)
		for network, leases := range b.st.leases {
			macs := networkMACs(d.XML, network)
			for _, l := range leases {
				if len(l.Mac) > 0 && macs[strings.ToLower(l.Mac[0])] {
					out = append(out, libvirt.DomainInterface{Name: "vnet", Hwaddr: l.Mac,
						Addrs: []libvirt.DomainIPAddr{{Type: l.Type, Addr: l.Ipaddr, Prefix: l.Prefix}}})
				}
			}
		}
		return out, nil
	}
	return nil, nil
}

// domainCall starts method on the domain dom refers to: it records the call and runs its faults
// (begin, keyed by dom's name), then returns the domain with the host state locked; unlock
// releases it. On error nothing is left locked.
//
// A reference is resolved as libvirt resolves it: by its UUID, whatever name it carries, so a
// reference built from a UUID alone reaches the domain that holds the UUID, and one whose UUID
// no domain holds is ErrNoDomain even when its name exists. A reference without a UUID (only
// tests build those) is resolved by name.
func (b *Backend) domainCall(ctx context.Context, method string, dom libvirt.Domain) (*Domain, func(), error) {
	if err := b.begin(ctx, method, dom.Name); err != nil {
		return nil, nil, err
	}
	b.st.mu.Lock()
	d, err := b.st.resolve(dom)
	if err != nil {
		b.st.mu.Unlock()
		return nil, nil, err
	}
	d.settle()
	return d, b.st.mu.Unlock, nil
}
