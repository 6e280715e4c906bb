package fake

import (
	"context"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"
)

// DomainSetInterfaceParameters sets the rate limits of dom's interface with MAC address device
// in the definitions flags name (as libvirt 9.0's qemuDomainSetInterfaceParameters): every
// direction a parameter names is replaced, an average of 0 removes that direction, and one no
// parameter names is kept. An interface the definition lacks is ErrInvalidArg; a value that is
// not an unsigned int is ErrInvalidArg too.
func (b *Backend) DomainSetInterfaceParameters(ctx context.Context, dom libvirt.Domain, device string, params []libvirt.TypedParam, flags libvirt.DomainModificationImpact) (err error) {
	defer b.observe(ctx, "DomainSetInterfaceParameters", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainSetInterfaceParameters", dom)
	if err != nil {
		return err
	}
	defer unlock()
	defs, err := d.affected(flags)
	if err != nil {
		return err
	}
	set := map[string]map[string]uint32{}
	for _, p := range params {
		dir, field, ok := strings.Cut(p.Field, ".")
		v, isUint := p.Value.I.(uint32)
		if !ok || !isUint || (dir != "inbound" && dir != "outbound") {
			return LibvirtError(libvirt.ErrInvalidArg, "invalid argument: parameter '%s' is not an unsigned int of inbound or outbound", p.Field)
		}
		if set[dir] == nil {
			set[dir] = map[string]uint32{}
		}
		set[dir][field] = v
	}
	for _, def := range defs {
		var doc libvirtxml.Domain
		if err := doc.Unmarshal(*def.xml); err != nil || doc.Devices == nil {
			return LibvirtError(libvirt.ErrInternalError, "internal error: cannot parse the definition")
		}
		found := false
		for i := range doc.Devices.Interfaces {
			iface := &doc.Devices.Interfaces[i]
			if iface.MAC == nil || !strings.EqualFold(iface.MAC.Address, device) {
				continue
			}
			found = true
			if iface.Bandwidth == nil {
				iface.Bandwidth = &libvirtxml.DomainInterfaceBandwidth{}
			}
			for dir, fields := range set {
				rate := bandwidthRate(fields)
				if dir == "inbound" {
					iface.Bandwidth.Inbound = rate
				} else {
					iface.Bandwidth.Outbound = rate
				}
			}
			if iface.Bandwidth.Inbound == nil && iface.Bandwidth.Outbound == nil {
				iface.Bandwidth = nil
			}
		}
		if !found {
			return LibvirtError(libvirt.ErrInvalidArg, "invalid argument: cannot find device '%s'", device)
		}
		x, err := doc.Marshal()
		if err != nil {
			return LibvirtError(libvirt.ErrInternalError, "internal error: %v", err)
		}
		*def.xml = x
	}
	return nil
}

// bandwidthRate is one direction's limit from its parameters: none when the average is 0.
func bandwidthRate(fields map[string]uint32) *libvirtxml.DomainInterfaceBandwidthParams {
	if fields["average"] == 0 {
		return nil
	}
	get := func(k string) *int {
		if fields[k] == 0 {
			return nil
		}
		v := int(fields[k])
		return &v
	}
	return &libvirtxml.DomainInterfaceBandwidthParams{Average: get("average"), Peak: get("peak"), Burst: get("burst")}
}
