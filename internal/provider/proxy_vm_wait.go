package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// The wait for a VM's address after a create or a start, and the error that explains a wait
// that ended without one.

// waitForIP polls the VM until it has the address w waits for (kvm2.IPWait.Ready), counting
// how long the NICs w waits on have had an IPv6 address alone, or ctx ends. It returns the last
// instance read, so the caller can record the VM even when the wait fails.
func (r *proxyVMResource) waitForIP(ctx context.Context, inst kvm2.Instance, w kvm2.IPWait) (kvm2.Instance, error) {
	ticker := time.NewTicker(r.data.retry.Poll)
	defer ticker.Stop()
	var ipv6Since time.Time
	for {
		now := r.data.retry.now()
		switch {
		case !w.IPv6Only(inst):
			ipv6Since = time.Time{}
		case ipv6Since.IsZero():
			ipv6Since = now
		}
		var since time.Duration
		if !ipv6Since.IsZero() {
			since = now.Sub(ipv6Since)
		}
		if w.Ready(inst, since) {
			return inst, nil
		}
		select {
		case <-ctx.Done():
			return inst, ctx.Err()
		case <-ticker.C:
		}
		got, err := r.data.client.GetWithDisk(ctx, inst.ID, inst.UID)
		switch {
		case err == nil:
			inst = got
		case errors.Is(err, kvmerr.ErrTransient):
			// The host was slow to answer; keep polling within the timeout.
		default:
			return inst, err
		}
	}
}

// ipWaitDiagnostic explains a create (or start) whose VM exists but reported no address.
func ipWaitDiagnostic(action, id string, timeout time.Duration, inst kvm2.Instance, w kvm2.IPWait, err error) diag.Diagnostic {
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return errorDiagnostic(action, proxyVMKind, id, err)
	}
	if errors.Is(err, context.Canceled) {
		return diag.NewErrorDiagnostic(errorSummary(action, proxyVMKind, id),
			fmt.Sprintf("The wait for "+w.Describe()+" was interrupted: Terraform asked the provider to stop (as Ctrl-C "+
				"does). The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.", inst.State))
	}
	network := inst.Network
	if network == "" {
		network = "bridge " + inst.Bridge
	} else {
		network = "network " + network
	}
	return diag.NewErrorDiagnostic(errorSummary(action, proxyVMKind, id),
		fmt.Sprintf("No %s was reported within %s; the guest agent or DHCP did not answer. "+
			"The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.\n\n"+
			"Check that the image starts qemu-guest-agent or requests a DHCP lease on %s, raise timeouts.create, "+
			"or set wait_for_ip = false.", strings.TrimPrefix(w.Describe(), "an "), timeout, inst.State, network))
}
