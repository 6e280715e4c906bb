package kvm2

import (
	"context"
	"errors"
	"fmt"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostmacs"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A VM's network interfaces at create: the host's attachment for a NIC that names none, the
// MACs pinned in the request locked (and checked against every domain of the host: package
// hostmacs), and an address drawn for each NIC that pins none.

// normalizeNICs is the NICs a create asks for: one when none is given, each without a network
// or bridge on the host's, and each MAC in lower case (rules.ValidateNICs then checks them).
func normalizeNICs(nics []definition.NIC, hc hostconfig.HostConfig) []definition.NIC {
	if len(nics) == 0 {
		nics = []definition.NIC{{}}
	}
	out := slices.Clone(nics)
	for i := range out {
		out[i].Network, out[i].Bridge = attachment(out[i].Network, out[i].Bridge, hc)
		if mac, err := rules.NormalizeMACAddress(out[i].MAC); err == nil {
			out[i].MAC = mac
		}
	}
	return out
}

// lockMACs holds every MAC nics pin on host until the returned func is called: two creates of
// this client asking for one address run one after the other, and the second finds it taken.
func (c *Client) lockMACs(ctx context.Context, host string, nics []definition.NIC) (func(), error) {
	var unlocks []func()
	unlockAll := func() {
		for _, u := range slices.Backward(unlocks) {
			u()
		}
	}
	for _, mac := range hostmacs.Pinned(nics) {
		unlock, err := c.locks.Lock(ctx, macLockKey(host, mac))
		if err != nil {
			unlockAll()
			return nil, fmt.Errorf("waiting for another create with mac address %s: %w", mac, err)
		}
		unlocks = append(unlocks, unlock)
	}
	return unlockAll, nil
}

// withMACs gives every NIC that pins no MAC a random one, distinct from the VM's other NICs'.
func withMACs(nics []definition.NIC) ([]definition.NIC, error) {
	out := slices.Clone(nics)
	for i := range out {
		for out[i].MAC == "" {
			mac, err := rules.NewMAC()
			if err != nil {
				return nil, err
			}
			if rules.DuplicateMACs(append(slices.Clone(out[:i]), definition.NIC{MAC: mac})) == nil {
				out[i].MAC = mac
			}
		}
	}
	return out, nil
}

const opSetBandwidth = "set the bandwidth of"

// SetBandwidth sets the rate limits of the VM's NICs to limits, one per NIC in the guest's order
// (rules.ValidateBandwidth each), on the running domain and its definition, and returns the VM
// as read afterwards. Only a NIC whose limits differ is written, so a retry converges; the
// domain must carry uid's mark, as every change. Asking for another number of NICs than the
// domain has is Permanent: the plan replaces a VM whose NICs are added or removed.
func (c *Client) SetBandwidth(ctx context.Context, id, uid string, limits []definition.Bandwidth) (Instance, error) {
	for i, bw := range limits {
		if err := rules.ValidateBandwidth(bw); err != nil {
			host, _, _ := rules.ParseID(id)
			return Instance{}, kvmerr.New(kvmerr.Permanent, opSetBandwidth, host, fmt.Errorf("network interface %d: %w", i, err))
		}
	}
	return c.onMarked(ctx, opSetBandwidth, id, uid, func(b backend.Backend, dom libvirt.Domain, _ definition.Mark) error {
		x, err := b.DomainGetXMLDesc(ctx, dom, 0)
		if err != nil {
			return err
		}
		facts, err := definition.ParseDomain(x)
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		if len(facts.NICs) != len(limits) {
			return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the domain has %d network interfaces, the request %d", len(facts.NICs), len(limits)))
		}
		for i, n := range facts.NICs {
			if n.Bandwidth.Equal(limits[i]) {
				continue
			}
			if err := setInterfaceBandwidth(ctx, b, dom, n.MAC, limits[i]); err != nil {
				return fmt.Errorf("network interface %d (%s): %w", i, n.MAC, err)
			}
		}
		return nil
	})
}

// setInterfaceBandwidth writes bw as the limits of dom's interface mac, every field of both
// directions (0: none), in both definitions of a running persistent domain, else in the one it
// has (as setMark).
func setInterfaceBandwidth(ctx context.Context, b backend.Backend, dom libvirt.Domain, mac string, bw definition.Bandwidth) error {
	var params []libvirt.TypedParam
	for _, d := range []struct {
		dir  string
		rate *definition.Rate
	}{{"inbound", bw.Inbound}, {"outbound", bw.Outbound}} {
		var r definition.Rate
		if d.rate != nil {
			r = *d.rate
		}
		for _, f := range []struct {
			name string
			v    uint
		}{{"average", r.Average}, {"peak", r.Peak}, {"burst", r.Burst}} {
			params = append(params, libvirt.TypedParam{Field: d.dir + "." + f.name, Value: *libvirt.NewTypedParamValueUint(uint32(f.v))})
		}
	}
	err := b.DomainSetInterfaceParameters(ctx, dom, mac, params, libvirt.DomainAffectLive|libvirt.DomainAffectConfig)
	if kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		err = b.DomainSetInterfaceParameters(ctx, dom, mac, params, libvirt.DomainAffectCurrent)
	}
	return err
}

const opCheckAttachment = "check network or bridge"

// AttachmentError is the host's answer that a VM's NIC could not be attached as asked: the
// network does not exist or is not active, or the bridge does not exist. It is Permanent until
// someone changes the host or the configuration.
type AttachmentError struct {
	Host    string
	Network string // set when the attachment is a network
	Bridge  string // set when it is a bridge
	Problem string // "does not exist" or "is not active"
}

func (e *AttachmentError) Error() string {
	if e.Bridge != "" {
		return fmt.Sprintf("bridge %q %s on host %q", e.Bridge, e.Problem, e.Host)
	}
	return fmt.Sprintf("network %q %s on host %q", e.Network, e.Problem, e.Host)
}

// Problems an AttachmentError reports.
const (
	AttachmentMissing  = "does not exist"
	AttachmentInactive = "is not active"
)

// CheckAttachment asks host whether a VM's NIC can be attached to network or bridge (when both
// are empty, the host's default, as Create would choose): the network must exist and be
// active, the bridge must exist. A refusal is an *AttachmentError (Permanent); any other error
// means the host could not tell, and is classified as usual.
//
// A bridge is looked up through libvirt's interface driver, which on libvirt 9.0 (udev
// backend) finds bridges whatever their carrier; existence is all it can vouch for, since a
// bridge without carrier reads as inactive yet serves guests. A host without the interface
// driver answers with another error, which the caller treats as "cannot tell".
func (c *Client) CheckAttachment(ctx context.Context, host, network, bridge string) error {
	hc, err := c.host(opCheckAttachment, host)
	if err != nil {
		return err
	}
	network, bridge = attachment(network, bridge, hc)
	if err := rules.ValidateAttachment(network, bridge); err != nil {
		return kvmerr.New(kvmerr.Permanent, opCheckAttachment, host, err)
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return kvmerr.Wrap(opCheckAttachment, host, err)
	}
	defer release()
	if bridge != "" {
		err = checkBridge(ctx, b, host, bridge)
	} else {
		err = checkNetwork(ctx, b, host, network)
	}
	var refused *AttachmentError
	if errors.As(err, &refused) {
		return kvmerr.New(kvmerr.Permanent, "", "", err) // its text names host and object already
	}
	return kvmerr.Wrap(opCheckAttachment, host, err)
}

// checkNetwork reports a network that is missing or not active.
func checkNetwork(ctx context.Context, b backend.Backend, host, name string) error {
	n, err := b.NetworkLookupByName(ctx, name)
	if kvmerr.HasCode(err, libvirt.ErrNoNetwork) {
		return &AttachmentError{Host: host, Network: name, Problem: AttachmentMissing}
	}
	if err != nil {
		return err
	}
	active, err := b.NetworkIsActive(ctx, n)
	if err != nil {
		return err
	}
	if !active {
		return &AttachmentError{Host: host, Network: name, Problem: AttachmentInactive}
	}
	return nil
}

// checkBridge reports a bridge the host does not have.
func checkBridge(ctx context.Context, b backend.Backend, host, name string) error {
	_, err := b.InterfaceLookupByName(ctx, name)
	if kvmerr.HasCode(err, libvirt.ErrNoInterface) {
		return &AttachmentError{Host: host, Bridge: name, Problem: AttachmentMissing}
	}
	return err
}

// attachment is the network or bridge a VM's NIC uses: the requested one, else the host's.
func attachment(network, bridge string, hc hostconfig.HostConfig) (string, string) {
	if network == "" && bridge == "" {
		return hc.Network, hc.Bridge
	}
	return network, bridge
}
