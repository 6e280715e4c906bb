package main

import (
	"context"
	"fmt"
	"math/big"
	"reflect"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	kvm2provider "github.com/egress-proxies/terraform-provider-kvm2/internal/provider"
)

// copied is the resource whose schema the floor serves, by its type name in kvm2.
const copied = "kvm2_proxy_vm"

// schemas are the floor resource's schema and identity schema.
type schemas struct {
	resource schema.Schema
	identity *identityschema.Schema
}

// proxyVMSchemas takes kvm2_proxy_vm's schema (and identity schema) from kvm2's own provider and
// keeps of its validators and plan modifiers only the framework's and HashiCorp's libraries'
// (RequiresReplace, UseStateForUnknown, ExactlyOneOf, ...): kvm2's own (its rules' validators,
// its conditional replaces) are our code, which the floor leaves out. What Terraform sees of the
// schema (types, nesting, required, optional, computed, sensitive, write-only, defaults,
// descriptions) is the same; schema_test.go holds the two to that over the plugin protocol.
func proxyVMSchemas(ctx context.Context) (schemas, error) {
	p := kvm2provider.New("floor")()
	for _, f := range p.Resources(ctx) {
		r := f()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "kvm2"}, &md)
		if md.TypeName != copied {
			continue
		}
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		if sr.Diagnostics.HasError() {
			return schemas{}, fmt.Errorf("%s schema: %v", copied, sr.Diagnostics)
		}
		out := schemas{resource: frameworkOnly(reflect.ValueOf(sr.Schema)).Interface().(schema.Schema)}
		if ri, ok := r.(resource.ResourceWithIdentity); ok {
			var ir resource.IdentitySchemaResponse
			ri.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &ir)
			if ir.Diagnostics.HasError() {
				return schemas{}, fmt.Errorf("%s identity schema: %v", copied, ir.Diagnostics)
			}
			out.identity = &ir.IdentitySchema
		}
		return out, nil
	}
	return schemas{}, fmt.Errorf("kvm2 has no resource %s", copied)
}

// frameworkOnly is a copy of v (a schema, attribute, block or nested object) whose Validators
// and PlanModifiers, at every depth, hold only values of HashiCorp's packages.
func frameworkOnly(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(frameworkOnly(v.Elem()))
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), frameworkOnly(it.Value()))
		}
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			switch f.Name {
			case "Validators", "PlanModifiers":
				out.Field(i).Set(hashicorpOnly(v.Field(i)))
			case "Attributes", "Blocks", "NestedObject":
				out.Field(i).Set(frameworkOnly(v.Field(i)))
			}
		}
		return out
	}
	return v
}

// hashicorpOnly is the slice s of interface values without those whose type is not HashiCorp's.
func hashicorpOnly(s reflect.Value) reflect.Value {
	if s.Kind() != reflect.Slice || s.IsNil() {
		return s
	}
	out := reflect.MakeSlice(s.Type(), 0, s.Len())
	for i := 0; i < s.Len(); i++ {
		if ofHashiCorp(s.Index(i)) {
			out = reflect.Append(out, s.Index(i))
		}
	}
	return out
}

func ofHashiCorp(v reflect.Value) bool {
	t := v.Type()
	if v.Kind() == reflect.Interface && !v.IsNil() {
		t = v.Elem().Type()
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.HasPrefix(t.PkgPath(), "github.com/hashicorp/")
}

// item is floor_proxy_vm: it stores its configuration.
type item struct{ s schemas }

var _ resource.ResourceWithIdentity = item{}

func (item) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vm"
}

func (r item) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.s.resource
}

func (r item) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	if r.s.identity != nil {
		resp.IdentitySchema = *r.s.identity
	}
}

func (r item) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.State.Raw = known(req.Plan.Raw)
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

// Read keeps the state as it is (the response starts as a copy of it) and, as kvm2's does,
// records the identity.
func (r item) Read(ctx context.Context, _ resource.ReadRequest, resp *resource.ReadResponse) {
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

func (r item) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = known(req.Plan.Raw)
	resp.Diagnostics.Append(r.setIdentity(ctx, resp.State, resp.Identity)...)
}

// setIdentity sets each identity attribute from the state attribute of its name (kvm2's: host
// and name), when Terraform asked for an identity.
func (r item) setIdentity(ctx context.Context, state tfsdk.State, identity *tfsdk.ResourceIdentity) diag.Diagnostics {
	var diags diag.Diagnostics
	if identity == nil || r.s.identity == nil {
		return diags
	}
	for name := range r.s.identity.Attributes {
		var v types.String
		if diags.Append(state.GetAttribute(ctx, path.Root(name), &v)...); diags.HasError() {
			return diags
		}
		diags.Append(identity.SetAttribute(ctx, path.Root(name), v)...)
	}
	return diags
}

// Delete has nothing to remove: the framework drops the state.
func (item) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// known is a planned value with every unknown (a computed attribute) made known: a primitive
// its zero value ("floor" for a string), anything else null.
func known(v tftypes.Value) tftypes.Value {
	out, err := tftypes.Transform(v, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		switch t := v.Type(); {
		case t.Is(tftypes.String):
			return tftypes.NewValue(t, "floor"), nil
		case t.Is(tftypes.Number):
			return tftypes.NewValue(t, big.NewFloat(0)), nil
		case t.Is(tftypes.Bool):
			return tftypes.NewValue(t, false), nil
		default:
			return tftypes.NewValue(t, nil), nil
		}
	})
	if err != nil {
		return v
	}
	return out
}
