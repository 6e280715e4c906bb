// Package provider is the Terraform surface of kvm2: the provider block, the kvm2_base_image and
// kvm2_proxy_vm resources and the kvm2_host_health and kvm2_proxy_vms data sources. It holds
// schemas, models and the one translation of core errors into diagnostics; all work on hosts is
// done by the core in package kvm2.
package provider

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

var (
	_ provider.Provider                   = (*kvm2Provider)(nil)
	_ provider.ProviderWithValidateConfig = (*kvm2Provider)(nil)
	_ provider.ProviderWithListResources  = (*kvm2Provider)(nil)
	_ provider.ProviderWithActions        = (*kvm2Provider)(nil)
	_ provider.ProviderWithFunctions      = (*kvm2Provider)(nil)
)

// ClientFactory builds the core client from the provider configuration. It must not dial:
// Configure runs for every plan, including plans that need no host.
type ClientFactory func(cfg kvm2.Config) (*kvm2.Client, error)

// kvm2Provider is the provider implementation.
type kvm2Provider struct {
	version   string
	newClient ClientFactory
	retry     retryPolicy
}

// providerData is what Configure hands to every resource and data source.
type providerData struct {
	client *kvm2.Client
	hosts  map[string]kvm2.HostConfig // as configured, for plan-time checks that need no host
	retry  retryPolicy
	space  *planSpace // plan-time pool space figures, memoized per terraform command
}

// New returns the provider factory used by main.
func New(version string) func() provider.Provider {
	return NewWithClientFactory(version, newCoreClient)
}

// NewWithClientFactory returns a provider whose core client is built by newClient, so tests can
// run the real provider server against a core backed by an in-memory fake.
func NewWithClientFactory(version string, newClient ClientFactory) func() provider.Provider {
	return newProvider(version, newClient, defaultRetryPolicy)
}

// newProvider also lets package tests shorten the retry backoff.
func newProvider(version string, newClient ClientFactory, retry retryPolicy) func() provider.Provider {
	return func() provider.Provider {
		return &kvm2Provider{version: version, newClient: newClient, retry: retry}
	}
}

// newCoreClient is the production factory: a core that logs through tflog.
func newCoreClient(cfg kvm2.Config) (*kvm2.Client, error) {
	return kvm2.New(cfg, coreLoggerOption())
}

func (p *kvm2Provider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "kvm2"
	resp.Version = p.version
}

func (p *kvm2Provider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{newBaseImageResource, newProxyVMResource}
}

// ListResources serves `terraform query` (Terraform 1.14 or later).
func (p *kvm2Provider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{newProxyVMListResource}
}

// Actions serves `action` blocks (Terraform 1.14 or later).
func (p *kvm2Provider) Actions(context.Context) []func() action.Action {
	return []func() action.Action{newProxyVMPowerAction}
}

// Functions serves provider::kvm2::place and place_group (Terraform 1.8, OpenTofu 1.7 or later).
func (p *kvm2Provider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{newPlaceFunction, newPlaceGroupFunction}
}

func (p *kvm2Provider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{newHostHealthDataSource, newProxyVMsDataSource, newEgressCheckDataSource}
}

// providerDataFrom extracts what Configure stored; nil before the provider is configured.
func providerDataFrom(v any, diags *diag.Diagnostics) *providerData {
	if v == nil {
		return nil
	}
	data, ok := v.(*providerData)
	if !ok {
		diags.AddError("Unexpected provider data", fmt.Sprintf("Expected *providerData, got %T. Please report this bug.", v))
		return nil
	}
	return data
}

// requireClient reports an error when the provider could not be configured, because its
// configuration was unknown (derived from resources not yet created).
func requireClient(data *providerData, diags *diag.Diagnostics) bool {
	if data != nil && data.client != nil {
		return true
	}
	diags.AddError("Provider kvm2 is not configured",
		"The provider block has values that are not known yet, so no host can be reached. "+
			"Apply the resources its values depend on first (for example with -target).")
	return false
}

// checkHostConfigured reports a host attribute that names no host of the provider block.
func checkHostConfigured(data *providerData, at path.Path, host types.String) diag.Diagnostics {
	var diags diag.Diagnostics
	if host.IsNull() || host.IsUnknown() {
		return diags
	}
	if _, ok := data.hosts[host.ValueString()]; !ok {
		diags.AddAttributeError(at, "Unknown host "+host.ValueString(),
			fmt.Sprintf("Host %q is not in the provider's hosts (%s). Add it to the provider block or use a configured host.",
				host.ValueString(), strings.Join(sortedKeys(data.hosts), ", ")))
	}
	return diags
}

// sortedKeys returns the keys of m in order, for stable messages.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// stringOr is v as a value, or fallback when v is empty.
func stringOr(v string, fallback types.String) types.String {
	if v == "" {
		return fallback
	}
	return types.StringValue(v)
}
