package proxyvm

import (
	"context"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// str is a tftypes string, or null for nil.
func str(s *string) tftypes.Value {
	if s == nil {
		return tftypes.NewValue(tftypes.String, nil)
	}
	return tftypes.NewValue(tftypes.String, *s)
}

func ptr(s string) *string { return &s }

type listed struct {
	ids       []string
	names     []string // from the full objects
	prefixes  []string
	uids      []string
	errors    []string
	resources int
}

// runList runs the list resource with host and tag (nil: not set) as `terraform query` would.
func runList(t *testing.T, data *corecall.Data, host, tag *string, include bool, limit int64) listed {
	t.Helper()
	ctx := context.Background()
	l := &proxyVMListResource{data: data}
	var sr list.ListResourceSchemaResponse
	l.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &sr)
	r := &proxyVMResource{data: data}
	var rs resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &rs)
	var is resource.IdentitySchemaResponse
	r.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
	cfg := tfsdk.Config{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx),
		map[string]tftypes.Value{"host": str(host), "tag": str(tag)})}
	stream := &list.ListResultsStream{}
	l.List(ctx, list.ListRequest{Config: cfg, IncludeResource: include, Limit: limit,
		ResourceSchema: rs.Schema, ResourceIdentitySchema: is.IdentitySchema}, stream)
	var out listed
	for res := range stream.Results {
		for _, d := range res.Diagnostics.Errors() {
			out.errors = append(out.errors, d.Summary()+": "+d.Detail())
		}
		if res.Identity == nil || res.Identity.Raw.IsNull() {
			continue
		}
		var ident proxyVMIdentity
		if d := res.Identity.Get(ctx, &ident); d.HasError() {
			t.Fatal(d)
		}
		out.ids = append(out.ids, ident.Host.ValueString()+"/"+ident.Name.ValueString())
		if res.Resource != nil && !res.Resource.Raw.IsNull() {
			var m proxyVMModel
			if d := res.Resource.Get(ctx, &m); d.HasError() {
				t.Fatal(d)
			}
			out.resources++
			out.names = append(out.names, m.Name.ValueString())
			out.prefixes = append(out.prefixes, m.NamePrefix.ValueString())
			out.uids = append(out.uids, m.UID.ValueString())
		}
	}
	return out
}

func TestProxyVMList(t *testing.T) {
	t.Parallel()
	h := providertest.NewFakeHost(t)
	h.CreateOutOfBand("vm-a", "x", "")
	h.CreateOutOfBand("vm-b", "y", "")
	h.CreateOutOfBand("vm-c", "x", "")
	h.CreateOutOfBand("vm-d", "", "")
	// An unmarked domain beside ours is never listed.
	h.FB.AddDomain(fake.Domain{Name: "foreign", State: libvirt.DomainRunning, XML: "<domain type='qemu'><name>foreign</name></domain>"})
	data := h.Data()

	tests := []struct {
		name      string
		host, tag *string
		include   bool
		limit     int64
		want      string
	}{
		{"by tag", nil, ptr("x"), false, 0, "lab/vm-a,lab/vm-c"},
		{"every tag on one host", ptr("lab"), nil, false, 0, "lab/vm-a,lab/vm-b,lab/vm-c,lab/vm-d"},
		{"untagged", nil, ptr(""), false, 0, "lab/vm-d"},
		{"with resources", nil, ptr("x"), true, 0, "lab/vm-a,lab/vm-c"},
		{"limit", nil, nil, false, 2, "lab/vm-a,lab/vm-b"},
		{"no match", nil, ptr("nope"), false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runList(t, data, tt.host, tt.tag, tt.include, tt.limit)
			if len(got.errors) > 0 || strings.Join(got.ids, ",") != tt.want {
				t.Fatalf("listed %v, errors %v; want %s", got.ids, got.errors, tt.want)
			}
			if !tt.include && got.resources != 0 {
				t.Fatalf("%d full objects without include_resource", got.resources)
			}
			if tt.include {
				for i, id := range got.ids {
					name := strings.TrimPrefix(id, "lab/")
					if got.names[i] != name || got.uids[i] != "oob-"+name {
						t.Fatalf("result %s carries name %q uid %q", id, got.names[i], got.uids[i])
					}
				}
			}
		})
	}

	// A VM named from a name_prefix is listed without its drawn name in the full object, so the
	// configuration generated from it says name_prefix (name and name_prefix are exclusive).
	t.Run("named from a prefix", func(t *testing.T) {
		h.CreateOutOfBandWith("pre-k3x9ab2q", "p", "", func(r *kvm2.CreateRequest) { r.NamePrefix = "pre-" })
		got := runList(t, data, nil, ptr("p"), true, 0)
		if len(got.errors) > 0 || strings.Join(got.ids, ",") != "lab/pre-k3x9ab2q" || got.resources != 1 ||
			got.names[0] != "" || got.prefixes[0] != "pre-" {
			t.Fatalf("listed %v (names %q, prefixes %q), errors %v", got.ids, got.names, got.prefixes, got.errors)
		}
	})

	t.Run("unknown host", func(t *testing.T) {
		got := runList(t, data, ptr("elsewhere"), nil, false, 0)
		if len(got.ids) != 0 || len(got.errors) != 1 || !strings.Contains(got.errors[0], "not in the provider's hosts") {
			t.Fatalf("listed %v, errors %v", got.ids, got.errors)
		}
	})
}

// runPower invokes kvm2_proxy_vm_power with the given configuration and returns its error
// diagnostics and progress messages.
func runPower(t *testing.T, data *corecall.Data, id, uid, op string, shutdownTimeout *string) (errs, progress []string) {
	t.Helper()
	ctx := context.Background()
	a := &proxyVMPowerAction{data: data}
	var sr action.SchemaResponse
	a.Schema(ctx, action.SchemaRequest{}, &sr)
	cfg := tfsdk.Config{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), map[string]tftypes.Value{
		"id": str(&id), "uid": str(&uid), "operation": str(&op), "shutdown_timeout": str(shutdownTimeout)})}
	resp := &action.InvokeResponse{SendProgress: func(e action.InvokeProgressEvent) { progress = append(progress, e.Message) }}
	a.Invoke(ctx, action.InvokeRequest{Config: cfg}, resp)
	for _, d := range resp.Diagnostics.Errors() {
		errs = append(errs, d.Summary()+": "+d.Detail())
	}
	return errs, progress
}

func TestProxyVMPowerAction(t *testing.T) {
	t.Parallel()
	h := providertest.NewFakeHost(t)
	h.CreateOutOfBand("vm-a", "", "")
	data := h.Data()
	state := func(name string) libvirt.DomainState {
		d, ok := h.FB.Domain(name)
		if !ok {
			t.Fatalf("domain %s gone", name)
		}
		return d.State
	}

	if errs, p := runPower(t, data, "lab/vm-a", "oob-vm-a", "stop", nil); len(errs) > 0 || state("vm-a") != libvirt.DomainShutoff ||
		h.FB.Count("DomainShutdown") != 1 || h.FB.Count("DomainDestroy") != 0 {
		t.Fatalf("stop: errors %v, state %v, progress %q, calls %v", errs, state("vm-a"), p, h.FB.Methods())
	}
	if errs, p := runPower(t, data, "lab/vm-a", "oob-vm-a", "stop", nil); len(errs) > 0 || !strings.Contains(strings.Join(p, "\n"), "already stopped") {
		t.Fatalf("second stop: errors %v, progress %q", errs, p)
	}
	if errs, _ := runPower(t, data, "lab/vm-a", "oob-vm-a", "start", nil); len(errs) > 0 || state("vm-a") != libvirt.DomainRunning {
		t.Fatalf("start: errors %v, state %v", errs, state("vm-a"))
	}
	h.FB.UpdateDomain("vm-a", func(d *fake.Domain) { d.IgnoresShutdown = true })
	h.FB.ResetCalls()
	errs, p := runPower(t, data, "lab/vm-a", "oob-vm-a", "reboot", ptr("50ms"))
	if len(errs) > 0 || state("vm-a") != libvirt.DomainRunning || h.FB.Count("DomainDestroy") != 1 || h.FB.Count("DomainCreate") != 1 ||
		!strings.Contains(strings.Join(p, "\n"), "powered off hard") {
		t.Fatalf("reboot: errors %v, state %v, progress %q, calls %v", errs, state("vm-a"), p, h.FB.Methods())
	}

	// Identity, not name: the uid of another configuration, and a same-named unmarked domain,
	// are refused and left running.
	h.FB.ResetCalls()
	if errs, _ := runPower(t, data, "lab/vm-a", "oob-vm-other", "stop", nil); len(errs) != 1 || state("vm-a") != libvirt.DomainRunning ||
		h.FB.Count("DomainShutdown")+h.FB.Count("DomainDestroy") != 0 {
		t.Fatalf("stop with another uid: errors %v, state %v, calls %v", errs, state("vm-a"), h.FB.Methods())
	}
	h.FB.AddDomain(fake.Domain{Name: "foreign", State: libvirt.DomainRunning, XML: "<domain type='qemu'><name>foreign</name></domain>"})
	if errs, _ := runPower(t, data, "lab/foreign", "oob-foreign", "stop", ptr("0s")); len(errs) != 1 || state("foreign") != libvirt.DomainRunning {
		t.Fatalf("stop of an unmarked domain: errors %v, state %v", errs, state("foreign"))
	}
}

// A transient failure after a power operation took effect never repeats it: a reboot whose read
// after the start fails once reboots the VM once (item 9 of issue 22), and so does one whose
// start's wait fails once.
func TestProxyVMPowerActionRetriesOnlyWhatDidNotHappen(t *testing.T) {
	for _, tt := range []struct{ name, method string }{
		{"read after the action", "DomainGetXMLDesc"},
		{"wait after the start", "DomainGetState"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := providertest.NewFakeHost(t)
			h.CreateOutOfBand("vm-a", "", "")
			data := h.Data()
			h.FB.ResetCalls()
			failed := false
			h.FB.Inject(tt.method, func(context.Context, fake.Call) error {
				if h.FB.Count("DomainCreate") > 0 && !failed {
					failed = true
					return fake.LibvirtError(libvirt.ErrInternalError, "daemon busy")
				}
				return nil
			})
			errs, p := runPower(t, data, "lab/vm-a", "oob-vm-a", "reboot", ptr("5s"))
			d, _ := h.FB.Domain("vm-a")
			if len(errs) > 0 || !failed || d.State != libvirt.DomainRunning ||
				h.FB.Count("DomainShutdown") != 1 || h.FB.Count("DomainDestroy") != 0 || h.FB.Count("DomainCreate") != 1 {
				t.Fatalf("reboot: errors %v, failure injected %v, state %v, progress %q, calls %v", errs, failed, d.State, p, h.FB.Methods())
			}
		})
	}
}
