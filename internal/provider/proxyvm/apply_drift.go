package proxyvm

import (
	"fmt"
	"strings"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// changedDuringApply reports what the host says after an apply that differs from what the plan
// said it would be: something outside the apply changed the VM while it ran (an administrator
// stopped it, the host killed its QEMU, the host restarted). The state then records what the
// host has, and the error is what keeps Terraform from calling that difference a provider bug
// ("inconsistent result after apply"): the next plan shows it and applying again repairs it.
func changedDuringApply(op, id string, planned, got proxyVMModel) diag.Diagnostics {
	var diags diag.Diagnostics
	var changed []string
	for _, a := range []struct {
		name      string
		plan, got attr.Value
	}{
		{"running", planned.Running, got.Running},
		{"autostart", planned.Autostart, got.Autostart},
		{"vcpus", planned.VCPUs, got.VCPUs},
		{"memory_mib", planned.MemoryMiB, got.MemoryMiB},
		{"disk_gib", planned.DiskGiB, got.DiskGiB},
		{"tag", planned.Tag, got.Tag},
	} {
		if !a.plan.IsUnknown() && !a.plan.IsNull() && !a.plan.Equal(a.got) {
			changed = append(changed, fmt.Sprintf("%s is %s on the host, the plan said %s", a.name, a.got, a.plan))
		}
	}
	if len(changed) == 0 {
		return diags
	}
	diags.AddError(corecall.ErrorSummary(op, proxyVMKind, id),
		fmt.Sprintf("The VM changed on the host while this apply ran: %s. Something outside this apply changed it "+
			"(the VM was stopped or killed on the host, or the host restarted). The state records what the host has; "+
			"the next plan shows the difference, and applying again makes the change.", strings.Join(changed, "; ")))
	return diags
}
