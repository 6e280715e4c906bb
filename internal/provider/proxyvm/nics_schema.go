package proxyvm

import (
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

// The schema of a VM's network interfaces (`network_interfaces`), its IPv6 address and what an
// apply waits for (`wait_for_ip_family`, `wait_for_ip_interface`).

// nicAttributes are the attributes proxyVMResource.Schema adds for the NICs.
func nicAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"network_interfaces": schema.ListNestedAttribute{
			MarkdownDescription: "The VM's network interfaces, in the order the guest sees them: " + rules.NICsRule + ". " +
				"The first is the one `network`, `bridge`, `mac_address`, `ipv4_address` and `ipv6_address` describe, " +
				"which are enough for a VM with one NIC; set with this list too (as generated configuration does), " +
				"they must say what its first element says. A change of a NIC's network, bridge or " +
				"configured MAC, and adding or removing a NIC, replace the VM; `bandwidth` changes in place. Unset, it " +
				"shows the VM's NICs and the first follows the top-level attributes. When the host answers at plan time, " +
				"each NIC's network must exist and be active (a bridge must exist), and each configured MAC must be free " +
				"on the host.",
			Optional: true,
			Computed: true,
			NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"network": schema.StringAttribute{
					MarkdownDescription: "libvirt network of this NIC (" + rules.NetworkNameRule + "). Conflicts with " +
						"`bridge`. Default: the host's `network` (or `bridge`).",
					Optional:   true,
					Computed:   true,
					Validators: []validator.String{validators.NetworkName()},
				},
				"bridge": schema.StringAttribute{
					MarkdownDescription: "Host bridge of this NIC, instead of a libvirt network (" + rules.BridgeNameRule + ").",
					Optional:            true,
					Computed:            true,
					Validators:          []validator.String{validators.BridgeName()},
				},
				"mac_address": schema.StringAttribute{
					MarkdownDescription: "MAC address of this NIC: " + rules.MACAddressRule + "; no two NICs of the VM " +
						"may share one. Default: a random address in QEMU's prefix `52:54:00`, kept while the VM lives.",
					Optional:   true,
					Computed:   true,
					Validators: []validator.String{validators.MACAddress()},
				},
				"bandwidth": schema.SingleNestedAttribute{
					MarkdownDescription: "Rate limits of this NIC (libvirt's `<bandwidth>`), each direction seen from the " +
						"guest. Changes in place, on the running VM and its definition; the " +
						"host's limits are read back, so a limit changed outside Terraform shows as drift. " +
						rules.OutboundPeakNote + ". Default: none.",
					Optional: true,
					Attributes: map[string]schema.Attribute{
						"inbound":  rateAttribute("the traffic the guest receives"),
						"outbound": rateAttribute("the traffic the guest sends"),
					},
				},
				"ipv4_addresses": schema.ListAttribute{
					MarkdownDescription: "IPv4 addresses of this NIC, as `ipv4_address` is found (loopback and link-local never).",
					ElementType:         types.StringType,
					Computed:            true,
				},
				"ipv6_addresses": schema.ListAttribute{
					MarkdownDescription: "IPv6 addresses of this NIC, global ones before unique-local ones, link-local never: " +
						"from the network's DHCPv6 lease, else the guest agent (on a network that serves IPv6 by router " +
						"advertisements only, and on a bridge, the agent alone can tell).",
					ElementType: types.StringType,
					Computed:    true,
				},
			}},
			Validators: []validator.List{validators.NICs()},
		},
		"ipv6_address": schema.StringAttribute{
			MarkdownDescription: "The first NIC's first IPv6 address, global before unique-local, never link-local; empty " +
				"when none is known.",
			Computed: true,
		},
		"wait_for_ip_family": schema.StringAttribute{
			MarkdownDescription: "Which address the wait of `wait_for_ip` waits for: " + rules.IPWaitFamilyRule + ". " +
				"Changes in place (it only steers the provider); recorded in the VM's mark, so an import reads it back.",
			Optional:   true,
			Validators: []validator.String{validators.IPWaitFamily()},
		},
		"wait_for_ip_interface": schema.Int64Attribute{
			MarkdownDescription: "The index in `network_interfaces` of the NIC whose address `wait_for_ip` " +
				"waits for (" + rules.IPWaitInterfaceRule + ", and below the VM's number of NICs). Default: any NIC. Changes " +
				"in place; recorded in the VM's mark.",
			Optional:   true,
			Validators: []validator.Int64{validators.IPWaitInterface()},
		},
	}
}

func rateAttribute(what string) schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		MarkdownDescription: "Limit of " + what + ": " + rules.RateRule + ".",
		Optional:            true,
		Validators:          []validator.Object{validators.Rate()},
		Attributes: map[string]schema.Attribute{
			"average_kibps": schema.Int64Attribute{
				MarkdownDescription: "Average rate in KiB/s: " + rules.Average.Text() + ".",
				Required:            true,
				Validators:          []validator.Int64{validators.Average()},
			},
			"peak_kibps": schema.Int64Attribute{
				MarkdownDescription: "Peak rate in KiB/s: " + rules.Peak.Text() + ". Default: none.",
				Optional:            true,
				Validators:          []validator.Int64{validators.Peak()},
			},
			"burst_kib": schema.Int64Attribute{
				MarkdownDescription: "KiB that may pass at the peak rate: " + rules.Burst.Text() + ". Default: none.",
				Optional:            true,
				Validators:          []validator.Int64{validators.Burst()},
			},
		},
	}
}

// The object types of network_interfaces, for values built outside a plan or state.
var (
	rateAttrTypes      = map[string]attr.Type{"average_kibps": types.Int64Type, "peak_kibps": types.Int64Type, "burst_kib": types.Int64Type}
	bandwidthAttrTypes = map[string]attr.Type{
		"inbound": types.ObjectType{AttrTypes: rateAttrTypes}, "outbound": types.ObjectType{AttrTypes: rateAttrTypes},
	}
	nicAttrTypes = map[string]attr.Type{
		"network": types.StringType, "bridge": types.StringType, "mac_address": types.StringType,
		"bandwidth":      types.ObjectType{AttrTypes: bandwidthAttrTypes},
		"ipv4_addresses": types.ListType{ElemType: types.StringType},
		"ipv6_addresses": types.ListType{ElemType: types.StringType},
	}
	nicObjectType = types.ObjectType{AttrTypes: nicAttrTypes}
)
