package proxyvm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

// What a change of vcpus or memory_mib does, for both descriptions.
var sizeChangeRestarts = fmt.Sprintf("Changes in place: the VM's definition is updated, and a VM that runs is "+
	"restarted to run with it (the guest is asked to power off by the ACPI power button, is powered off hard if "+
	"it has not stopped after %s, and is started again; it has no address while it boots). A stopped VM (`running = false`) is only redefined "+
	"and has the new size at its next start. Nothing changes live without a restart: hot-plugged CPUs and the "+
	"memory balloon depend on drivers and rules inside the guest.", kvm2.RestartShutdownWait)

// What a change of disk_gib does.
const diskGrowthInPlace = "Growing changes in place, without a restart: the volume is resized, through the " +
	"running VM's virtio disk, so the guest sees the new size at once (a stopped VM's guest at its next start). " +
	"Growing the partition and file system is the guest's business (cloud-init's `growpart` and " +
	"`resize_rootfs` do it at boot by default). Shrinking replaces the VM: a disk is never cut. The size is read " +
	"from the disk itself, so a disk grown outside Terraform shows as drift; a smaller `disk_gib` than such a disk " +
	"fails the plan (set the disk's size to keep the VM, or taint it to replace it). A disk gone from the host reads " +
	"as 0 and replaces the VM."

const diskShrinkReplaces = "A smaller `disk_gib` than the VM has replaces the VM; a larger one grows its disk in place. " +
	"A VM whose disk is gone from the host (its state then says `disk_gib = 0`) is replaced."

// diskShrinks plans a replacement when disk_gib goes down (volumes only grow) or the VM's disk is
// gone from the host (read as 0 GiB: there is nothing to grow, and a create that was killed
// before it made the disk leaves such a VM).
func diskShrinks(_ context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	resp.RequiresReplace = req.PlanValue.ValueInt64() < req.StateValue.ValueInt64() || req.StateValue.ValueInt64() == 0
}

// resizeRequest is the size plan asks for.
func resizeRequest(plan proxyVMModel) kvm2.ResizeRequest {
	return kvm2.ResizeRequest{
		VCPUs:     int(plan.VCPUs.ValueInt64()),
		MemoryMiB: int(plan.MemoryMiB.ValueInt64()),
		DiskGiB:   int(plan.DiskGiB.ValueInt64()),
	}
}

// sizesChanged reports whether plan asks for other CPUs, memory or disk than state records.
func sizesChanged(plan, state proxyVMModel) bool {
	return !plan.VCPUs.Equal(state.VCPUs) || !plan.MemoryMiB.Equal(state.MemoryMiB) || !plan.DiskGiB.Equal(state.DiskGiB)
}

// resize applies plan's sizes to the VM, retrying what is transient (each step of a resize is
// skipped once the host has it, so a retry converges).
func (r *proxyVMResource) resize(ctx context.Context, id, uid string, plan proxyVMModel) (kvm2.Instance, kvm2.ResizeResult, diag.Diagnostics) {
	var diags diag.Diagnostics
	req := resizeRequest(plan)
	var res kvm2.ResizeResult
	inst, err := corecall.WithRetry(ctx, r.data.Retry, "resize", func(ctx context.Context) (kvm2.Instance, error) {
		inst, rr, err := r.data.Client.Resize(ctx, id, uid, req)
		res.DiskGrown = res.DiskGrown || rr.DiskGrown
		res.DiskLive = res.DiskLive || rr.DiskLive
		res.Redefined = res.Redefined || rr.Redefined
		res.Restarted = res.Restarted || rr.Restarted
		return inst, err
	})
	if err != nil {
		diags.Append(corecall.ErrorDiagnostic("resize", proxyVMKind, id, err))
	}
	return inst, res, diags
}

// restartWarning tells at plan time that applying it restarts the running VM: its CPUs or
// memory change in place, and it is not being replaced or stopped anyway.
func restartWarning(plan, state proxyVMModel, replace path.Paths) diag.Diagnostics {
	var diags diag.Diagnostics
	if len(replace) > 0 || plan.VCPUs.IsUnknown() || plan.MemoryMiB.IsUnknown() ||
		!state.Running.ValueBool() || !plan.Running.ValueBool() || state.State.ValueString() != string(kvm2.StateRunning) {
		return diags
	}
	var what []string
	if !plan.VCPUs.Equal(state.VCPUs) {
		what = append(what, fmt.Sprintf("vcpus %d -> %d", state.VCPUs.ValueInt64(), plan.VCPUs.ValueInt64()))
	}
	if !plan.MemoryMiB.Equal(state.MemoryMiB) {
		what = append(what, fmt.Sprintf("memory_mib %d -> %d", state.MemoryMiB.ValueInt64(), plan.MemoryMiB.ValueInt64()))
	}
	if len(what) == 0 {
		return diags
	}
	diags.AddWarning(fmt.Sprintf("%s will be restarted", state.ID.ValueString()),
		fmt.Sprintf("Its CPUs or memory change in place (%s): the running VM is redefined, asked to power off "+
			"(forced off after %s) and started again. A VM with running = false is only redefined.",
			strings.Join(what, ", "), kvm2.RestartShutdownWait))
	return diags
}

// privateDiskMarked is the private state key under which Read records the disk size the VM's
// mark holds when the disk on the host is larger: the disk was grown outside Terraform.
const privateDiskMarked = "disk_gib_marked"

// noteDiskGrown records (or clears) in private state the mark's disk size of a VM whose disk is
// larger than its mark says.
func noteDiskGrown(ctx context.Context, private privateState, inst kvm2.Instance) diag.Diagnostics {
	if inst.MarkDiskGiB == 0 || inst.DiskGiB <= inst.MarkDiskGiB {
		return private.SetKey(ctx, privateDiskMarked, nil)
	}
	v, _ := json.Marshal(inst.MarkDiskGiB) // an int always marshals
	return private.SetKey(ctx, privateDiskMarked, v)
}

// checkDiskGrown fails the plan of a disk_gib smaller than the VM's disk when that disk was
// grown outside Terraform (Read noted the mark's smaller size). The schema replaces a VM for a
// smaller disk_gib than Terraform gave it, but here the configuration never asked for the larger
// disk, often did not change at all: replacing the VM would throw away its disk on a plan the
// user did not ask for, and a grow to less than the disk has cannot be applied. So the plan
// stops and says what to do. A tainted VM is planned as a new one and passes.
func checkDiskGrown(ctx context.Context, private privateState, plan, state proxyVMModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if private == nil || plan.DiskGiB.IsNull() || plan.DiskGiB.IsUnknown() || plan.DiskGiB.ValueInt64() >= state.DiskGiB.ValueInt64() {
		return diags
	}
	v, d := private.GetKey(ctx, privateDiskMarked)
	diags.Append(d...)
	var marked int64
	if len(v) == 0 || json.Unmarshal(v, &marked) != nil || marked >= state.DiskGiB.ValueInt64() {
		return diags // a smaller size than Terraform set: the replacement the schema plans
	}
	id, have, want := state.ID.ValueString(), state.DiskGiB.ValueInt64(), plan.DiskGiB.ValueInt64()
	diags.AddAttributeError(path.Root("disk_gib"), corecall.ErrorSummary("plan", proxyVMKind, id), fmt.Sprintf(
		"The disk of %s is %d GiB on the host: it was grown outside Terraform (its mark records %d GiB, the size "+
			"Terraform last set). disk_gib = %d is smaller, and a disk is never cut: the apply could only replace the "+
			"VM, losing its disk, which this configuration never asked for.\n\nSet disk_gib = %d (or more) to keep the "+
			"VM and its disk. To replace it with a new %d GiB disk on purpose, taint it first "+
			"(terraform taint <address>), then apply.", id, have, marked, want, have, want))
	return diags
}
