package proxyvm

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
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

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

func (r *proxyVMResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replaceString := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An egress proxy VM: a libvirt domain booted from a qcow2 overlay on a " +
			"`kvm2_base_image`, configured by cloud-init (NoCloud) user data, and marked with the provider's " +
			"metadata so it can be imported and is never confused with a domain the provider does not own. " +
			"`running`, `autostart`, `tag`, `vcpus`, `memory_mib` and a growing `disk_gib` change in place; every other input replaces the VM.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "`host/name`, the import id.",
				Computed:            true,
				PlanModifiers:       stable,
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Domain name on the host, also the guest's hostname. It must be " + rules.VMNameRule + ". " +
					"Exactly one of `name` and `name_prefix` is required; with `name_prefix` the name is computed. " +
					"A fixed name cannot be used with `create_before_destroy`: the replacement would need the name " +
					"the VM it replaces still holds.",
				Optional: true,
				Computed: true,
				// A computed name (name_prefix) is kept while the VM lives; a configured one replaces
				// the VM when it changes.
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()},
				Validators: []validator.String{
					validators.VMName(),
					stringvalidator.ExactlyOneOf(path.MatchRoot("name_prefix")),
				},
			},
			"name_prefix": schema.StringAttribute{
				MarkdownDescription: "Makes the VM's name: this prefix and a random suffix, drawn at create and kept while " +
					"the VM lives, so that a replacement can be created before the VM it replaces is destroyed (`lifecycle { " +
					"create_before_destroy = true }`). It must be " + rules.NamePrefixRule + ". Recorded in the VM's " +
					"mark, so an import reads it back. Changing it replaces the VM unless its name already begins " +
					"with the new prefix. Conflicts with `name`.",
				Optional:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(prefixNotOfName, prefixReplaces, prefixReplaces)},
				Validators:    []validator.String{validators.NamePrefix()},
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
				MarkdownDescription: fmt.Sprintf("Number of virtual CPUs, %s. Default: `%d`. ", rules.VCPUsRule, rules.DefaultVCPUs) +
					sizeChangeRestarts,
				Optional:   true,
				Computed:   true,
				Default:    int64default.StaticInt64(rules.DefaultVCPUs),
				Validators: []validator.Int64{validators.VCPUs()},
			},
			"memory_mib": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Memory in MiB, %s. Default: `%d`. ", rules.MemoryMiBRule, rules.DefaultMemoryMiB) +
					sizeChangeRestarts,
				Optional:   true,
				Computed:   true,
				Default:    int64default.StaticInt64(rules.DefaultMemoryMiB),
				Validators: []validator.Int64{validators.MemoryMiB()},
			},
			"disk_gib": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Size of the VM's disk (the overlay's virtual size) in GiB, %s. Default: `%d`. ",
					rules.DiskGiBRule, rules.DefaultDiskGiB) + diskGrowthInPlace,
				Optional:      true,
				Computed:      true,
				Default:       int64default.StaticInt64(rules.DefaultDiskGiB),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplaceIf(diskShrinks, diskShrinkReplaces, diskShrinkReplaces)},
				Validators:    []validator.Int64{validators.DiskGiB()},
			},
			"network": schema.StringAttribute{
				MarkdownDescription: "libvirt network of the VM's NIC (" + rules.NetworkNameRule + "). Conflicts with `bridge`. " +
					"Default: the host's `network` (or `bridge`). When the host answers at plan time, a new VM's network " +
					"must exist there and be active, else the plan fails.",
				Optional: true,
				Computed: true,
				Validators: []validator.String{
					validators.NetworkName(),
					stringvalidator.ConflictsWith(path.MatchRoot("bridge")),
				},
			},
			"bridge": schema.StringAttribute{
				MarkdownDescription: "Host bridge of the VM's NIC, instead of a libvirt network (" + rules.BridgeNameRule + "). " +
					"Conflicts with `network`. Default: the host's. When the host answers at plan time, a new VM's bridge " +
					"must exist there (libvirt's interface driver reports it), else the plan fails.",
				Optional:   true,
				Computed:   true,
				Validators: []validator.String{validators.BridgeName()},
			},
			"firmware": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Boot firmware: %s (`uefi` with secure boot off). Default: `%q`.",
					rules.FirmwareRule, rules.DefaultFirmware),
				Optional:      true,
				Computed:      true,
				Default:       stringdefault.StaticString(string(rules.DefaultFirmware)),
				PlanModifiers: replaceString,
				Validators:    []validator.String{validators.Firmware()},
			},
			"tag": schema.StringAttribute{
				MarkdownDescription: "Free-form label stored in the VM's mark; `kvm2_proxy_vms` lists VMs by it. It must be " +
					rules.TagRule + ". Changes in place. Default: `\"\"`.",
				Optional:   true,
				Computed:   true,
				Default:    stringdefault.StaticString(""),
				Validators: []validator.String{validators.Tag()},
			},
			"user_data": schema.StringAttribute{
				MarkdownDescription: "cloud-init user data (NoCloud), for example a `#cloud-config` document or a `#!/bin/sh` script. " +
					"Sensitive; stored in state. Conflicts with `user_data_wo`. Compared by its sha256. An import reads it back " +
					"from the VM's own seed when the VM's mark records that its user data was given in `user_data` and the " +
					"seed matches the digests in the mark, so the plan after the import shows no change. Otherwise " +
					"(a VM created with `user_data_wo`, or by an earlier version of this provider, whose mark does not record " +
					"where its user data came from or a digest of its seed, or a seed that does not match) the import " +
					"leaves it out of state, and the " +
					"next apply takes the configured value into state in place, without replacing the VM, when its sha256 " +
					"matches. Default: none.",
				Optional:   true,
				Sensitive:  true,
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("user_data_wo"))},
			},
			"user_data_wo": schema.StringAttribute{
				MarkdownDescription: "Write-only cloud-init user data (Terraform 1.11 or later): used at create and never " +
					"stored in plan or state, nor read back by an import. A change of its sha256, or of `user_data_wo_version`, " +
					"replaces the VM.",
				Optional:  true,
				WriteOnly: true,
			},
			"user_data_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Version of `user_data_wo`; changing it replaces the VM. Recorded in the VM's mark, so an " +
					"import reads it back. Default: none.",
				Optional: true,
			},
			"user_data_sha256": schema.StringAttribute{
				MarkdownDescription: "Hex sha256 of the user data the VM was created with (from `user_data` or `user_data_wo`), as recorded in its mark. " +
					"A configured user data of another sha256 replaces the VM; when the VM's user data is not in state (given in " +
					"`user_data_wo`, or not read back by an import), the plan can compare only the digests, and a warning says " +
					"so and what to give.",
				Computed: true,
			},
			"running": schema.BoolAttribute{
				MarkdownDescription: "Whether the VM runs. Changes in place (start, or a hard power-off). A VM stopped outside " +
					"Terraform shows as a change back to `true`. Default: `true`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"autostart": schema.BoolAttribute{
				MarkdownDescription: "Whether libvirtd starts the VM when it starts, as after a host reboot (libvirt's " +
					"autostart flag). Changes in place. Autostart turned off outside Terraform shows as a change back to " +
					"`true`; a VM made before this attribute existed has it off, and the first apply turns it on in place. " +
					"Default: `true`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"wait_for_ip": schema.BoolAttribute{
				MarkdownDescription: "Whether create (and a start) waits, within its timeout, until the VM reports an IPv4 " +
					"address (the DHCP lease first on a libvirt network without `network_config`, else the guest agent). When the wait expires the apply fails and the VM is " +
					"kept in state as tainted, so the next apply replaces it. Recorded in the VM's mark, so an import reads it " +
					"back (a VM made by an earlier version imports with the default). Default: `true`.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"wait_for_cloud_init": schema.BoolAttribute{
				MarkdownDescription: "Whether create (and a start) " + rules.CloudInitWaitText + ", within the " +
					"operation's timeout. cloud-init's errors (a failing `runcmd`, an invalid cloud-config) fail the apply " +
					"with cloud-init's own words and the last lines of the guest's serial console; the VM is kept in state as " +
					"tainted, so the next apply replaces it. Needs qemu-guest-agent in the image, allowed to read files " +
					"(`guest-file-open`). Changes in place (it only steers the provider) and is recorded in the VM's mark, " +
					"so an import reads it back. Default: unset, no wait.",
				Optional: true,
			},
			"uid": schema.StringAttribute{
				MarkdownDescription: "Unique id stored in the VM's mark; a domain under the same name with another uid is never adopted. " +
					"It proves which VM this is, not whose: it is no secret (`kvm2_proxy_vms` lists every configuration's).",
				Computed:      true,
				PlanModifiers: stable,
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
				MarkdownDescription: "IPv4 address the guest has: on a libvirt network without `network_config` its DHCP lease, else what " +
					"the guest agent reports (each falling back to the other; a bridge has no lease); empty " +
					"when none is known. A static address from `network_config` shows here once the agent reports it.",
				Computed: true,
			},
			"mac_address": schema.StringAttribute{
				MarkdownDescription: "MAC address of the VM's NIC: " + rules.MACAddressRule + ". Set it to keep the address " +
					"across replacements, for example for a DHCP reservation (see the static addressing guide); a change " +
					"replaces the VM. When the host answers at plan time, an address that another domain on the host " +
					"already has (running or stopped) fails the plan, naming that domain; apply refuses it too. " +
					"Default: a random address in QEMU's prefix `52:54:00`, kept while the VM lives and new for each " +
					"replacement; removing a configured address keeps the VM and its address.",
				Optional:      true,
				Computed:      true,
				PlanModifiers: stable,
				Validators:    []validator.String{validators.MACAddress()},
			},
			"network_config": schema.StringAttribute{
				MarkdownDescription: "Network configuration for the seed's `network-config` file: " +
					rules.NetworkConfigRule + ". Use it for a static address (see the static addressing guide). " +
					"cloud-init applies it when the instance first boots, so a change replaces the VM. It is recorded " +
					"in the VM's mark, so an import reads it back. Default: none (cloud-init's own default, DHCP on " +
					"the first NIC).",
				Optional:      true,
				PlanModifiers: replaceString,
				Validators:    []validator.String{validators.NetworkConfig()},
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
	for name, a := range nicAttributes() {
		resp.Schema.Attributes[name] = a
	}
	resp.Schema.Attributes["wait_for_port"] = waitForPortAttribute()
}
