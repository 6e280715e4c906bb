package provider

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

var (
	_ resource.ResourceWithConfigure   = (*proxyVMResource)(nil)
	_ resource.ResourceWithImportState = (*proxyVMResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*proxyVMResource)(nil)
)

const proxyVMKind = "proxy VM"

// Default operation timeouts; a `timeouts` block overrides them.
const (
	proxyVMCreateTimeout = 10 * time.Minute
	proxyVMReadTimeout   = 2 * time.Minute
	proxyVMUpdateTimeout = 5 * time.Minute
	proxyVMDeleteTimeout = 5 * time.Minute
)

// domainNamePattern keeps names usable as libvirt domain, volume and file names.
var domainNamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$`)

// proxyVMResource is kvm2_proxy_vm: one marked domain with a qcow2 overlay on a base image.
type proxyVMResource struct{ data *providerData }

func newProxyVMResource() resource.Resource { return &proxyVMResource{} }

func (r *proxyVMResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vm"
}

func (r *proxyVMResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *proxyVMResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replaceString := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	replaceInt := []planmodifier.Int64{int64planmodifier.RequiresReplace()}
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An egress proxy VM: a libvirt domain booted from a qcow2 overlay on a " +
			"`kvm2_base_image`, configured by cloud-init (NoCloud) user data, and marked with the provider's " +
			"metadata so it can be imported and is never confused with a domain the provider does not own. " +
			"`running` and `tag` change in place; every other input replaces the VM.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "`host/name`, the import id.",
				Computed:            true,
				PlanModifiers:       stable,
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Domain name on the host (letters, digits, `.`, `_`, `-`; at most 63 characters).",
				Required:            true,
				PlanModifiers:       replaceString,
				Validators: []validator.String{stringvalidator.RegexMatches(domainNamePattern,
					"must start with a letter or digit and hold only letters, digits, '.', '_' and '-', at most 63 characters")},
			},
			"host": schema.StringAttribute{
				MarkdownDescription: "Name of the host (a key of the provider's `hosts`) that runs the VM.",
				Required:            true,
				PlanModifiers:       replaceString,
			},
			"base_image_id": schema.StringAttribute{
				MarkdownDescription: "`id` of the `kvm2_base_image` (`host/pool/name`) the VM's disk is an overlay on. It must be on the VM's host.",
				Required:            true,
				PlanModifiers:       replaceString,
			},
			"vcpus": schema.Int64Attribute{
				MarkdownDescription: "Number of virtual CPUs. Default: `1`.",
				Optional:            true,
				Computed:            true,
				Default:             int64default.StaticInt64(1),
				PlanModifiers:       replaceInt,
				Validators:          []validator.Int64{int64validator.Between(1, 256)},
			},
			"memory_mib": schema.Int64Attribute{
				MarkdownDescription: "Memory, in MiB. Default: `512`.",
				Optional:            true,
				Computed:            true,
				Default:             int64default.StaticInt64(512),
				PlanModifiers:       replaceInt,
				Validators:          []validator.Int64{int64validator.AtLeast(32)},
			},
			"disk_gib": schema.Int64Attribute{
				MarkdownDescription: "Size of the VM's disk (the overlay's virtual size), in GiB. Default: `10`.",
				Optional:            true,
				Computed:            true,
				Default:             int64default.StaticInt64(10),
				PlanModifiers:       replaceInt,
				Validators:          []validator.Int64{int64validator.AtLeast(1)},
			},
			"network": schema.StringAttribute{
				MarkdownDescription: "libvirt network of the VM's NIC. Conflicts with `bridge`. Default: the host's `network` (or `bridge`).",
				Optional:            true,
				Computed:            true,
				Validators:          []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("bridge"))},
			},
			"bridge": schema.StringAttribute{
				MarkdownDescription: "Host bridge of the VM's NIC, instead of a libvirt network. Conflicts with `network`. Default: the host's.",
				Optional:            true,
				Computed:            true,
			},
			"firmware": schema.StringAttribute{
				MarkdownDescription: "Boot firmware: `\"uefi\"` (secure boot off) or `\"bios\"`. Default: `\"uefi\"`.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString("uefi"),
				PlanModifiers:       replaceString,
				Validators:          []validator.String{stringvalidator.OneOf("uefi", "bios")},
			},
			"tag": schema.StringAttribute{
				MarkdownDescription: "Free-form label stored in the VM's mark; `kvm2_proxy_vms` lists VMs by it. Changes in place. Default: `\"\"`.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString(""),
			},
			"user_data": schema.StringAttribute{
				MarkdownDescription: "cloud-init user data (NoCloud), for example a `#cloud-config` document or a `#!/bin/sh` script. " +
					"Sensitive; stored in state. Conflicts with `user_data_wo`. Compared by its sha256: after an import, the " +
					"configured value is taken into state without replacing the VM when its sha256 matches. Default: none.",
				Optional:   true,
				Sensitive:  true,
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("user_data_wo"))},
			},
			"user_data_wo": schema.StringAttribute{
				MarkdownDescription: "Write-only cloud-init user data (Terraform 1.11 or later): used at create and never " +
					"stored in plan or state. A change of its sha256, or of `user_data_wo_version`, replaces the VM.",
				Optional:  true,
				WriteOnly: true,
			},
			"user_data_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Version of `user_data_wo`; changing it replaces the VM. Default: none.",
				Optional:            true,
			},
			"user_data_sha256": schema.StringAttribute{
				MarkdownDescription: "Hex sha256 of the user data the VM was created with (from `user_data` or `user_data_wo`), as recorded in its mark.",
				Computed:            true,
			},
			"running": schema.BoolAttribute{
				MarkdownDescription: "Whether the VM runs. Changes in place (start, or a hard power-off). A VM stopped outside " +
					"Terraform shows as a change back to `true`. Default: `true`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"wait_for_ip": schema.BoolAttribute{
				MarkdownDescription: "Whether create (and a start) waits, within its timeout, until the VM reports an IPv4 " +
					"address (guest agent first, then the DHCP lease). When the wait expires the apply fails and the VM is " +
					"kept in state as tainted, so the next apply replaces it. An import records the default. Default: `true`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"uid": schema.StringAttribute{
				MarkdownDescription: "Unique id stored in the VM's mark; a domain under the same name with another uid is never adopted.",
				Computed:            true,
				PlanModifiers:       stable,
			},
			"domain_uuid": schema.StringAttribute{
				MarkdownDescription: "libvirt UUID of the domain.",
				Computed:            true,
				PlanModifiers:       stable,
			},
			"state": schema.StringAttribute{
				MarkdownDescription: "Domain state as the host reports it: `running`, `stopped`, `paused`, `pmsuspended`, " +
					"`crashed`, `starting`, `unknown`, or `transient` for a VM that still runs but is no longer defined on the " +
					"host (undefined outside Terraform); a `transient` VM is replaced by the next apply.",
				Computed: true,
			},
			"ipv4_address": schema.StringAttribute{
				MarkdownDescription: "IPv4 address reported by the guest agent or the DHCP lease; empty when none is known.",
				Computed:            true,
			},
			"mac_address": schema.StringAttribute{
				MarkdownDescription: "MAC address of the VM's NIC.",
				Computed:            true,
				PlanModifiers:       stable,
			},
			"created_at": schema.StringAttribute{
				MarkdownDescription: "Creation time recorded in the VM's mark, RFC 3339 UTC.",
				Computed:            true,
				PlanModifiers:       stable,
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{
				Create: true, Read: true, Update: true, Delete: true,
				CreateDescription: "Time for create, including the wait for an IPv4 address, as a Go duration. Default: `10m`.",
				ReadDescription:   "Time for a read, as a Go duration. Default: `2m`.",
				UpdateDescription: "Time for an in-place update, as a Go duration. Default: `5m`.",
				DeleteDescription: "Time for delete, as a Go duration. Default: `5m`.",
			}),
		},
	}
}

func (r *proxyVMResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan, cfg proxyVMModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !requireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, proxyVMCreateTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), timeout)
	defer cancel()

	// The write-only user data exists only in the configuration.
	userData, _ := effectiveUserData(cfg)
	// One UID for every attempt: a retried create then adopts what an earlier attempt defined.
	creq := createRequest(plan, rand.Text(), userData)
	id := creq.Host + "/" + creq.Name
	tflog.Info(ctx, "creating proxy VM", map[string]any{"id": id, "uid": creq.UID, "user_data_bytes": len(userData)})
	inst, err := withRetry(ctx, r.data.retry, "create proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
		return r.data.client.Create(ctx, creq)
	})
	if err != nil {
		resp.Diagnostics.Append(errorDiagnostic("create", proxyVMKind, id, r.explainCreateError(ctx, id, err)))
		return
	}
	plan.UserDataSHA256 = types.StringValue(userDataSHA256(userData))
	if plan.Running.ValueBool() && plan.WaitForIP.ValueBool() && inst.IPv4 == "" {
		inst, err = r.waitForIPv4(ctx, inst)
		if err != nil {
			// Keeping the VM in state with an error taints it: it exists, and the next apply
			// replaces it.
			applyInstance(&plan, inst)
			resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
			resp.Diagnostics.Append(ipWaitDiagnostic("create", id, timeout, inst, err))
			return
		}
	}
	applyInstance(&plan, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *proxyVMResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state proxyVMModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !requireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Read(ctx, proxyVMReadTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), timeout)
	defer cancel()
	id := state.ID.ValueString()
	inst, err := r.get(ctx, id)
	if isNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(errorDiagnostic("read", proxyVMKind, id, err))
		return
	}
	applyInstance(&state, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// Update changes what changes in place (tag, running) and reads the VM back; the other inputs
// that may differ without replacement (user_data after an import, wait_for_ip, timeouts) only
// change state.
func (r *proxyVMResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state proxyVMModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !requireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := plan.Timeouts.Update(ctx, proxyVMUpdateTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), timeout)
	defer cancel()
	id := state.ID.ValueString()

	if !plan.Tag.Equal(state.Tag) {
		tag := plan.Tag.ValueString()
		_, err := withRetry(ctx, r.data.retry, "set tag", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.client.SetTag(ctx, id, tag)
		})
		if err != nil {
			resp.Diagnostics.Append(errorDiagnostic("update the tag of", proxyVMKind, id, err))
			return
		}
	}
	started := false
	if !plan.Running.Equal(state.Running) {
		running := plan.Running.ValueBool()
		_, err := withRetry(ctx, r.data.retry, "set running", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.client.SetRunning(ctx, id, running)
		})
		if err != nil {
			action := "stop"
			if running {
				action = "start"
			}
			resp.Diagnostics.Append(errorDiagnostic(action, proxyVMKind, id, err))
			return
		}
		started = running
	}
	inst, err := r.get(ctx, id)
	if err != nil {
		resp.Diagnostics.Append(errorDiagnostic("read back", proxyVMKind, id, err))
		return
	}
	if started && plan.WaitForIP.ValueBool() && inst.IPv4 == "" {
		inst, err = r.waitForIPv4(ctx, inst)
		if err != nil {
			applyInstance(&plan, inst)
			resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
			resp.Diagnostics.Append(ipWaitDiagnostic("start", id, timeout, inst, err))
			return
		}
	}
	applyInstance(&plan, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *proxyVMResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state proxyVMModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !requireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, proxyVMDeleteTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), timeout)
	defer cancel()
	id := state.ID.ValueString()
	err := retryErr(ctx, r.data.retry, "delete proxy VM", func(ctx context.Context) error {
		return r.data.client.Delete(ctx, id)
	})
	if err != nil && !isNotFound(err) {
		resp.Diagnostics.Append(errorDiagnostic("delete", proxyVMKind, id, err))
	}
}

// ImportState accepts "host/name" and reads the VM at once, so that a domain that is missing or
// not ours fails the import with the reason instead of a generic "does not exist".
func (r *proxyVMResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	host, name, ok := strings.Cut(req.ID, "/")
	if !ok || host == "" || name == "" || strings.Contains(name, "/") {
		resp.Diagnostics.AddError("Unable to import proxy VM "+req.ID,
			fmt.Sprintf("The id %q is not of the form host/name, for example lab/egress-1.", req.ID))
		return
	}
	if !requireClient(r.data, &resp.Diagnostics) {
		return
	}
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), proxyVMReadTimeout)
	defer cancel()
	inst, err := r.get(ctx, req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Unable to import proxy VM "+req.ID, importDetail(host, name, err))
		return
	}
	state := proxyVMModel{
		UserData:          types.StringNull(),
		UserDataWO:        types.StringNull(),
		UserDataWOVersion: types.Int64Null(),
		UserDataSHA256:    types.StringNull(),
		WaitForIP:         types.BoolValue(true), // the default, so a configuration without it plans no change
		Timeouts:          timeouts.Value{Object: types.ObjectNull(timeoutsAttrTypes)},
	}
	applyInstance(&state, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// explainCreateError tells an adoption refusal apart from other Permanent failures: our UID was
// fresh, so a domain that is still there under the name after a refused create is someone
// else's (a Get that succeeds shows another UID; one that fails Permanent found no mark). Only
// this error path pays the extra read.
func (r *proxyVMResource) explainCreateError(ctx context.Context, id string, err error) error {
	if !errors.Is(err, kvmerr.ErrPermanent) {
		return err
	}
	_, getErr := r.data.client.Get(ctx, id)
	if getErr == nil || errors.Is(getErr, kvmerr.ErrPermanent) {
		return &adoptionRefusedError{err: err}
	}
	return err
}

// get reads one VM, retrying Transient failures.
func (r *proxyVMResource) get(ctx context.Context, id string) (kvm2.Instance, error) {
	return withRetry(ctx, r.data.retry, "read proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
		return r.data.client.Get(ctx, id)
	})
}

// waitForIPv4 polls the VM until it reports an IPv4 address or ctx ends. It returns the last
// instance read, so the caller can record the VM even when the wait fails.
func (r *proxyVMResource) waitForIPv4(ctx context.Context, inst kvm2.Instance) (kvm2.Instance, error) {
	ticker := time.NewTicker(r.data.retry.Poll)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return inst, ctx.Err()
		case <-ticker.C:
		}
		got, err := r.data.client.Get(ctx, inst.ID)
		switch {
		case err == nil:
			inst = got
			if inst.IPv4 != "" {
				return inst, nil
			}
		case errors.Is(err, kvmerr.ErrTransient):
			// The host was slow to answer; keep polling within the timeout.
		default:
			return inst, err
		}
	}
}

// ipWaitDiagnostic explains a create (or start) whose VM exists but reported no address.
func ipWaitDiagnostic(action, id string, timeout time.Duration, inst kvm2.Instance, err error) diag.Diagnostic {
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return errorDiagnostic(action, proxyVMKind, id, err)
	}
	network := inst.Network
	if network == "" {
		network = "bridge " + inst.Bridge
	} else {
		network = "network " + network
	}
	return diag.NewErrorDiagnostic(errorSummary(action, proxyVMKind, id),
		fmt.Sprintf("No IPv4 address was reported within %s; the guest agent or DHCP did not answer. "+
			"The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.\n\n"+
			"Check that the image starts qemu-guest-agent or requests a DHCP lease on %s, raise timeouts.create, "+
			"or set wait_for_ip = false.", timeout, inst.State, network))
}

// importDetail explains why a VM cannot be imported.
func importDetail(host, name string, err error) string {
	if isNotFound(err) {
		return fmt.Sprintf("Host %q has no domain %q that carries the kvm2 mark (%v). Only domains created by this "+
			"provider can be imported; check the host and the name.", host, name, err)
	}
	if errors.Is(err, kvmerr.ErrPermanent) {
		return fmt.Sprintf("%v\n\nOnly domains created by this provider, which carry its kvm2 mark, can be imported. "+
			"A domain made otherwise must be recreated with kvm2_proxy_vm.", err)
	}
	return errorDetail(err)
}

// timeoutsAttrTypes is the object type of the timeouts block, for a null value at import.
var timeoutsAttrTypes = map[string]attr.Type{
	"create": types.StringType, "read": types.StringType, "update": types.StringType, "delete": types.StringType,
}
