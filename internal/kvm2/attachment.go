package kvm2

import (
	"context"
	"errors"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

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
func attachment(network, bridge string, hc HostConfig) (string, string) {
	if network == "" && bridge == "" {
		return hc.Network, hc.Bridge
	}
	return network, bridge
}
