// Package provider is the Terraform provider kvm2 and its provider block: the block's schema, its
// checks and its translation into the core's configuration (config.go, jump.go, sshconfig.go),
// and the list of what it serves. Each family it serves is a package of its own: proxyvm
// (kvm2_proxy_vm, its list resource and action, kvm2_proxy_vms), egresscheck (kvm2_egress_check),
// baseimage, hostdata (kvm2_host_health) and functions (place, place_group); what they share to
// call the core is package corecall. All work on hosts is done by the core in package kvm2.
package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/baseimage"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/egresscheck"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/functions"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/hostdata"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/proxyvm"
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
type ClientFactory func(cfg hostconfig.Config) (*kvm2.Client, error)

// kvm2Provider is the provider implementation.
type kvm2Provider struct {
	version   string
	newClient ClientFactory
	retry     corecall.RetryPolicy
}

// New returns the provider factory used by main.
func New(version string) func() provider.Provider {
	return NewWithClientFactory(version, newCoreClient)
}

// NewWithClientFactory returns a provider whose core client is built by newClient, so tests can
// run the real provider server against a core backed by an in-memory fake.
func NewWithClientFactory(version string, newClient ClientFactory) func() provider.Provider {
	return newProvider(version, newClient, corecall.DefaultRetryPolicy)
}

// newProvider also lets package tests shorten the retry backoff.
func newProvider(version string, newClient ClientFactory, retry corecall.RetryPolicy) func() provider.Provider {
	return func() provider.Provider {
		return &kvm2Provider{version: version, newClient: newClient, retry: retry}
	}
}

// newCoreClient is the production factory: a core that logs through tflog.
func newCoreClient(cfg hostconfig.Config) (*kvm2.Client, error) {
	return kvm2.New(cfg, corecall.CoreLoggerOption())
}

func (p *kvm2Provider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "kvm2"
	resp.Version = p.version
}

func (p *kvm2Provider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{baseimage.NewResource, proxyvm.NewResource}
}

// ListResources serves `terraform query` (Terraform 1.14 or later).
func (p *kvm2Provider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{proxyvm.NewListResource}
}

// Actions serves `action` blocks (Terraform 1.14 or later).
func (p *kvm2Provider) Actions(context.Context) []func() action.Action {
	return []func() action.Action{proxyvm.NewPowerAction}
}

// Functions serves provider::kvm2::place and place_group (Terraform 1.8, OpenTofu 1.7 or later).
func (p *kvm2Provider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{functions.NewPlace, functions.NewPlaceGroup}
}

func (p *kvm2Provider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{hostdata.NewHostHealthDataSource, proxyvm.NewProxyVMsDataSource, egresscheck.NewDataSource}
}
