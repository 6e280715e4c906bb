package proxyvm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

// TestIPWaitDiagnostic_interruptIsNotATimeout: a wait for an address that Terraform stopped is
// reported as interrupted; one that ran out of time points at the agent and DHCP.
func TestIPWaitDiagnostic_interruptIsNotATimeout(t *testing.T) {
	t.Parallel()
	inst := kvm2.Instance{State: "running", Network: "default"}
	stopped := ipWaitDiagnostic("create", "lab/vm", time.Minute, inst, kvm2.IPWait{NIC: -1}, context.Canceled).Detail()
	if !strings.Contains(stopped, "interrupted") || strings.Contains(stopped, "DHCP") {
		t.Errorf("cancelled wait: %q", stopped)
	}
	timedOut := ipWaitDiagnostic("create", "lab/vm", time.Minute, inst, kvm2.IPWait{NIC: -1}, context.DeadlineExceeded).Detail()
	if !strings.Contains(timedOut, "No IPv4 address was reported within 1m0s") || !strings.Contains(timedOut, "network default") {
		t.Errorf("timed-out wait: %q", timedOut)
	}
}
