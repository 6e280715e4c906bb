package kvm2

import (
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// The Client's ways into a VM's guest (the work is package guest's): cloud-init's result through
// the guest agent (CloudInit), and a VM's TCP port reached from its host (backend.GuestPorts: a
// direct-tcpip channel over the host's SSH connection, or nc run on the host where sshd refuses
// forwarding): the wait for a port after a start (ProbePort: a connect, nothing sent), and one
// HTTP request through a VM's proxy (Egress). Each proves the VM by its mark first, so a VM that
// is not ours is never read or connected to; ProbePort and Egress read the VM as Get does and
// connect only to an address the host reports for it.

const (
	opCloudInit = "read cloud-init's result in"
	opProbePort = "connect to a port of a proxy VM on"
	opEgress    = "send a request through a proxy VM on"
)

// PortProbe is one connect to a VM's port from its host.
type PortProbe struct {
	// Address is what was tried; invalid when the VM had no address to try.
	Address netip.AddrPort
	// Via is the way the host reached it: sshx's direct-tcpip or exec:nc.
	Via string
	// Open is a connect that succeeded.
	Open bool
	// Reason says why it is not open: no address yet, or what the host said of the connect.
	Reason string
}

// ProbePort reads VM id with uid (its mark proven), takes the address w chooses (IPWait.Address)
// and connects once to port on it from the host, within rules.PortProbeTimeout, sending nothing.
// A port that did not accept, and a VM without the address yet, are a PortProbe that is not
// open, not an error. A VM that does not run, and a host that cannot reach its guests, are
// Permanent; a link that broke or a channel the host dropped are Transient.
func (c *Client) ProbePort(ctx context.Context, id, uid string, w IPWait, port int) (Instance, PortProbe, error) {
	if err := rules.WaitPort.Check(int64(port)); err != nil {
		return Instance{}, PortProbe{}, kvmerr.New(kvmerr.Permanent, opProbePort, "", err)
	}
	inst, ap, b, release, err := c.guestTarget(ctx, opProbePort, id, uid, func(Instance) IPWait { return w }, port)
	if err != nil {
		return inst, PortProbe{}, err
	}
	if release == nil {
		return inst, PortProbe{Reason: "the VM does not have " + w.Describe() + " yet"}, nil
	}
	defer release()
	via, err := b.ProbeGuestPort(ctx, ap, rules.PortProbeTimeout)
	probe := PortProbe{Address: ap, Via: via, Open: err == nil}
	switch {
	case err == nil:
		return inst, probe, nil
	case errors.Is(err, sshx.ErrPortClosed):
		probe.Reason = err.Error()
		return inst, probe, nil
	}
	probe.Reason = err.Error()
	return inst, probe, kvmerr.New(guestErrorClass(err), opProbePort, inst.Host, err)
}

// guestErrorClass: nothing on the host to reach guests with is Permanent (no later try works);
// anything else (a link that broke, a channel dropped) may pass.
func guestErrorClass(err error) kvmerr.Class {
	if errors.Is(err, sshx.ErrNoConnectHelper) || errors.Is(err, backend.ErrNoGuestReach) {
		return kvmerr.Permanent
	}
	return kvmerr.Transient
}

// guestTarget reads VM id with uid on a connection it acquires and returns the address that the
// wait choose gives for it picks (IPWait.Address), with port, and that connection's guest ports
// and its release. A VM with no such address yet returns a nil release and no error. uid is
// required: a VM is connected to only once its mark proves it ours.
func (c *Client) guestTarget(ctx context.Context, op, id, uid string, choose func(Instance) IPWait, port int) (Instance, netip.AddrPort, backend.GuestPorts, func(), error) {
	none := netip.AddrPort{}
	host, name, err := rules.ParseID(id)
	if err != nil {
		return Instance{}, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return Instance{}, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, err)
	}
	if _, err := c.host(op, host); err != nil {
		return Instance{}, none, nil, nil, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return Instance{}, none, nil, nil, kvmerr.Wrap(op, host, err)
	}
	inst, err := c.getOn(ctx, b, host, name, uid)
	if err != nil {
		release()
		return inst, none, nil, nil, kvmerr.Wrap(op, host, err)
	}
	if inst.State != StateRunning {
		release()
		return inst, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, fmt.Errorf("domain %s is %s, not running", name, inst.State))
	}
	addr, ok := choose(inst).Address(inst)
	if !ok {
		release()
		return inst, none, nil, nil, nil
	}
	g := backend.GuestPortsOf(b)
	if g == nil {
		release()
		return inst, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, backend.ErrNoGuestReach)
	}
	return inst, netip.AddrPortFrom(addr, uint16(port)), g, release, nil
}

// Egress reads VM id with uid (its mark proven), and sends one GET of req.TargetURL through the
// proxy on req.ProxyPort of the address the VM's own wait chooses (the IPWait its mark records),
// from the host, within req.Timeout: an absolute-form GET to the proxy for an http URL, a CONNECT
// tunnel for an https one. At most rules.EgressBodyBytes of the body are read; the rest is never
// read and the connection is closed. A proxy that does not answer is a result, not an error;
// errors are the VM's read (not ours, gone, not running) and a host that cannot reach guests.
func (c *Client) Egress(ctx context.Context, id, uid string, req guest.EgressRequest) (guest.EgressResult, error) {
	if err := errors.Join(rules.ProxyPort.Check(int64(req.ProxyPort)), rules.ValidateEgressTargetURL(req.TargetURL)); err != nil {
		return guest.EgressResult{}, kvmerr.New(kvmerr.Permanent, opEgress, "", err)
	}
	ctx, cancel := context.WithTimeout(ctx, req.Timeout)
	defer cancel()
	inst, ap, g, release, err := c.guestTarget(ctx, opEgress, id, uid, func(inst Instance) IPWait { return IPWaitOf(inst.Steering) }, req.ProxyPort)
	if err != nil {
		return guest.EgressResult{}, err
	}
	if release == nil {
		return guest.EgressResult{Error: "the VM does not have " + IPWaitOf(inst.Steering).Describe()}, nil
	}
	defer release()
	return guest.Egress(ctx, g, ap, req), nil
}

// CloudInit looks once at cloud-init in the guest of VM id with uid. Not done yet (no agent
// connected or answering, no result written) is a state, not an error. Done with errors is a
// *CloudInitError (Permanent), with the state. A VM that does not run, a result larger than
// rules.CloudInitFileMaxBytes or that does not parse, and an agent that refuses to read files are
// Permanent; a host that does not answer is Transient, as for any read.
func (c *Client) CloudInit(ctx context.Context, id, uid string) (guest.CloudInitState, error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return guest.CloudInitState{}, kvmerr.New(kvmerr.Permanent, opCloudInit, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return guest.CloudInitState{}, kvmerr.New(kvmerr.Permanent, opCloudInit, host, err)
	}
	if _, err := c.host(opCloudInit, host); err != nil {
		return guest.CloudInitState{}, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return guest.CloudInitState{}, kvmerr.Wrap(opCloudInit, host, err)
	}
	defer release()
	st, err := guest.CloudInit(ctx, b, host, name, uid)
	return st, kvmerr.Wrap(opCloudInit, host, err)
}
