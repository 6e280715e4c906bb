// Package corecall is what every part of the Terraform surface shares to call the core: the
// configured provider's data (Data: the client, the hosts as configured, the retry policy and the
// plan's memoized host look-ups), the retry of Transient failures, the core's log routed to
// tflog, and the one translation of core errors into diagnostics.
package corecall

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Data is what the provider's Configure hands to every resource, data source, list resource and
// action.
type Data struct {
	Client  *kvm2.Client
	Hosts   map[string]hostconfig.HostConfig // as configured, for plan-time checks that need no host
	Retry   RetryPolicy
	Lookups *PlanLookups // plan-time host look-ups, memoized per terraform command
}

// From extracts what Configure stored; nil before the provider is configured.
func From(v any, diags *diag.Diagnostics) *Data {
	if v == nil {
		return nil
	}
	data, ok := v.(*Data)
	if !ok {
		diags.AddError("Unexpected provider data", fmt.Sprintf("Expected *corecall.Data, got %T. Please report this bug.", v))
		return nil
	}
	return data
}

// RequireClient reports an error when the provider could not be configured, because its
// configuration was unknown (derived from resources not yet created).
func RequireClient(data *Data, diags *diag.Diagnostics) bool {
	if data != nil && data.Client != nil {
		return true
	}
	diags.AddError("Provider kvm2 is not configured",
		"The provider block has values that are not known yet, so no host can be reached. "+
			"Apply the resources its values depend on first (for example with -target).")
	return false
}

// CheckHostConfigured reports a host attribute that names no host of the provider block.
func CheckHostConfigured(data *Data, at path.Path, host types.String) diag.Diagnostics {
	var diags diag.Diagnostics
	if host.IsNull() || host.IsUnknown() {
		return diags
	}
	if _, ok := data.Hosts[host.ValueString()]; !ok {
		diags.AddAttributeError(at, "Unknown host "+host.ValueString(),
			fmt.Sprintf("Host %q is not in the provider's hosts (%s). Add it to the provider block or use a configured host.",
				host.ValueString(), strings.Join(slices.Sorted(maps.Keys(data.Hosts)), ", ")))
	}
	return diags
}

// Pool is the storage pool of host that a resource naming none uses.
func (d *Data) Pool(host string) string {
	if p := d.Hosts[host].Pool; p != "" {
		return p
	}
	return rules.DefaultPool
}
