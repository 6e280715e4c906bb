package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/defaults"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// NewServer returns the provider's protocol server factory for main: the framework's server,
// with the plan of an unchanged kvm2_proxy_vm answered directly (see server).
func NewServer(version string) func() tfprotov6.ProviderServer {
	return func() tfprotov6.ProviderServer { return newServer(New(version)()) }
}

// frameworkServer is every protocol interface the framework's server implements. tf6server
// finds list resources, actions and state stores by asserting their methods on the server it
// serves, so the wrapper has to carry each of them.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

var _ frameworkServer = (*server)(nil)

// newServer serves p through the framework, except for the one request it answers itself.
func newServer(p provider.Provider) tfprotov6.ProviderServer {
	fw, ok := providerserver.NewProtocol6(p)().(frameworkServer)
	if !ok {
		panic("the framework's protocol server no longer serves list resources, actions and state stores")
	}
	s := &server{frameworkServer: fw}
	if kp, ok := p.(*kvm2Provider); ok {
		s.data = &kp.configured
	}
	return s
}

// newServerWithError is newServer in the form terraform-plugin-testing's factories take.
func newServerWithError(p provider.Provider) func() (tfprotov6.ProviderServer, error) {
	return func() (tfprotov6.ProviderServer, error) { return newServer(p), nil }
}

// server is the framework's protocol server with one shortcut: the plan of a kvm2_proxy_vm
// whose proposed new state is its prior state, byte for byte, and whose configuration asks for
// nothing the framework or ModifyPlan would change (see unchangedVMPlan).
//
// That is the plan of every VM of a fleet with no change, and the framework's own answer to it
// costs about 1 MB of allocations and 2 ms of CPU per VM on a schema of this size: it resolves
// every attribute by path in config, plan and state, and each resolution copies the schema's
// attribute map. Its answer is known without that work: the proposed state unchanged, the
// prior private state with the VM's UID noted for a replacement's plan (noteReplacedUID), the
// prior identity. Any request that does not meet every condition goes to the framework.
// TestServer_unchangedPlanMatchesTheFramework compares both answers.
type server struct {
	frameworkServer
	data *atomic.Pointer[providerData] // the provider's configuration; nil when not a kvm2Provider
}

func (s *server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if resp := s.unchangedVMPlan(req); resp != nil {
		return resp, nil
	}
	return s.frameworkServer.PlanResourceChange(ctx, req)
}

// proxyVMDefaults are the defaults of kvm2_proxy_vm's schema, read from the schema itself: an
// attribute left out of the configuration plans to its default, so an unchanged plan needs the
// prior value to be it. ok is false when an attribute's default is of a kind this does not
// read; the server then leaves every plan to the framework.
var proxyVMDefaults = sync.OnceValues(func() (map[string]tftypes.Value, bool) {
	ctx := context.Background()
	var resp resource.SchemaResponse
	(&proxyVMResource{}).Schema(ctx, resource.SchemaRequest{}, &resp)
	out := map[string]tftypes.Value{}
	for name, a := range resp.Schema.Attributes {
		switch a := a.(type) {
		case schema.StringAttribute:
			if a.Default != nil {
				var r defaults.StringResponse
				a.Default.DefaultString(ctx, defaults.StringRequest{}, &r)
				out[name] = tftypes.NewValue(tftypes.String, r.PlanValue.ValueString())
			}
		case schema.Int64Attribute:
			if a.Default != nil {
				var r defaults.Int64Response
				a.Default.DefaultInt64(ctx, defaults.Int64Request{}, &r)
				out[name] = tftypes.NewValue(tftypes.Number, r.PlanValue.ValueInt64())
			}
		case schema.BoolAttribute:
			if a.Default != nil {
				var r defaults.BoolResponse
				a.Default.DefaultBool(ctx, defaults.BoolRequest{}, &r)
				out[name] = tftypes.NewValue(tftypes.Bool, r.PlanValue.ValueBool())
			}
		default:
			if hasDefault(a) {
				return nil, false
			}
		}
	}
	return out, true
})

// hasDefault reports whether a, an attribute of a kind proxyVMDefaults does not read, has a
// default (every attribute kind of the framework that can have one has a Default field).
func hasDefault(a schema.Attribute) bool {
	v := reflect.ValueOf(a)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return true // cannot tell: treat as having one
	}
	d := v.FieldByName("Default")
	return d.IsValid() && !d.IsZero()
}

// unchangedVMPlan answers the plan of an unchanged kvm2_proxy_vm, or returns nil for the
// framework to answer. It answers only when:
//   - the provider is configured and the VM's host is one of its hosts;
//   - the proposed new state is the prior state (the same bytes), and both are known and not null;
//   - the configuration is known and sets no user_data_wo (whose hash ModifyPlan computes);
//   - every attribute with a default that the configuration leaves out has it in the prior state;
//   - the prior state is not one that must be replaced (mustReplace);
//   - the prior private state, if any, decodes as the framework's.
func (s *server) unchangedVMPlan(req *tfprotov6.PlanResourceChangeRequest) *tfprotov6.PlanResourceChangeResponse {
	if s.data == nil || req.TypeName != proxyVMTypeName || req.PriorState == nil || req.ProposedNewState == nil ||
		req.Config == nil || len(req.PriorState.MsgPack) == 0 || !bytes.Equal(req.PriorState.MsgPack, req.ProposedNewState.MsgPack) {
		return nil
	}
	data := s.data.Load()
	if data == nil {
		return nil
	}
	typ := proxyVMValueType()
	prior, ok := knownObject(req.PriorState, typ)
	if !ok {
		return nil
	}
	config, ok := knownObject(req.Config, typ)
	if !ok || !config["user_data_wo"].IsNull() {
		return nil
	}
	defs, ok := proxyVMDefaults()
	if !ok {
		return nil
	}
	for name, def := range defs {
		if config[name].IsNull() && !prior[name].Equal(def) {
			return nil
		}
	}
	var host, state, uid string
	if prior["host"].As(&host) != nil || prior["state"].As(&state) != nil || prior["uid"].As(&uid) != nil {
		return nil
	}
	if _, ok := data.hosts[host]; !ok || mustReplace(state) {
		return nil
	}
	private, ok := withReplacedUID(req.PriorPrivate, uid)
	if !ok {
		return nil
	}
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: private}
	if req.PriorIdentity != nil && req.PriorIdentity.IdentityData != nil {
		resp.PlannedIdentity = req.PriorIdentity
	} else {
		resp.PlannedIdentity = nullProxyVMIdentity()
	}
	return resp
}

// knownObject decodes v as an object of typ, if it is one, known and not null.
func knownObject(v *tfprotov6.DynamicValue, typ tftypes.Type) (map[string]tftypes.Value, bool) {
	val, err := v.Unmarshal(typ)
	if err != nil || val.IsNull() || !val.IsFullyKnown() {
		return nil, false
	}
	var attrs map[string]tftypes.Value
	if val.As(&attrs) != nil {
		return nil, false
	}
	return attrs, true
}

// withReplacedUID is the framework's encoding of private state (a JSON object of JSON values,
// see privatestate.Data.Bytes) with uid noted under privateReplacedUID, as noteReplacedUID
// notes it. An empty uid notes nothing. ok is false for private state the framework would not
// decode as its own.
func withReplacedUID(prior []byte, uid string) ([]byte, bool) {
	keys := map[string][]byte{}
	if len(prior) > 0 {
		if err := json.Unmarshal(prior, &keys); err != nil {
			return nil, false
		}
	}
	if uid != "" {
		v, err := json.Marshal(uid)
		if err != nil {
			return nil, false
		}
		keys[privateReplacedUID] = v
	}
	for k, v := range keys {
		if len(v) == 0 {
			delete(keys, k)
		} else if !json.Valid(v) {
			return nil, false
		}
	}
	if len(keys) == 0 {
		return nil, true
	}
	out, err := json.Marshal(keys)
	return out, err == nil
}

// proxyVMTypeName is the resource type name of kvm2_proxy_vm.
const proxyVMTypeName = "kvm2_proxy_vm"

// proxyVMValueType is the value type of kvm2_proxy_vm's schema.
var proxyVMValueType = sync.OnceValue(func() tftypes.Type {
	ctx := context.Background()
	var resp resource.SchemaResponse
	(&proxyVMResource{}).Schema(ctx, resource.SchemaRequest{}, &resp)
	return resp.Schema.Type().TerraformType(ctx)
})

// nullProxyVMIdentity is the identity the framework plans for a VM whose prior state carries
// none (Terraform before 1.12, or state written before identities): a null identity value.
var nullProxyVMIdentity = sync.OnceValue(func() *tfprotov6.ResourceIdentityData {
	ctx := context.Background()
	var resp resource.IdentitySchemaResponse
	(&proxyVMResource{}).IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &resp)
	typ := resp.IdentitySchema.Type().TerraformType(ctx)
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, nil))
	if err != nil {
		panic(err) // a null value of a schema's own type always encodes
	}
	return &tfprotov6.ResourceIdentityData{IdentityData: &dv}
})
