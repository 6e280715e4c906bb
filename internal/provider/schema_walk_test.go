package provider

import (
	"context"
	"reflect"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// schemaAttr is one attribute (or function parameter) of the provider's schemas: where it is,
// what its description says and the validators it carries.
type schemaAttr struct {
	path        string
	description string
	validators  []any
}

// providerAttrs walks every schema the provider serves: the provider block, each resource, data
// source, list resource and action, and each function's parameters, nested attributes included.
func providerAttrs() []schemaAttr {
	ctx := context.Background()
	p := newProvider("test", nil, fastRetry)().(*kvm2Provider)
	var out []schemaAttr
	var ps provider.SchemaResponse
	p.Schema(ctx, provider.SchemaRequest{}, &ps)
	out = walkSchema(out, "provider", ps.Schema)
	for _, f := range p.Resources(ctx) {
		r := f()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		out = walkSchema(out, m.TypeName, s.Schema)
		if ri, ok := r.(resource.ResourceWithIdentity); ok {
			var is resource.IdentitySchemaResponse
			ri.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
			out = walkSchema(out, m.TypeName+" identity", is.IdentitySchema)
		}
	}
	for _, f := range p.DataSources(ctx) {
		d := f()
		var m datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		out = walkSchema(out, "data "+m.TypeName, s.Schema)
	}
	for _, f := range p.ListResources(ctx) {
		l := f()
		var m resource.MetadataResponse
		l.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s list.ListResourceSchemaResponse
		l.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &s)
		out = walkSchema(out, "list "+m.TypeName, s.Schema)
	}
	for _, f := range p.Actions(ctx) {
		a := f()
		var m action.MetadataResponse
		a.Metadata(ctx, action.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s action.SchemaResponse
		a.Schema(ctx, action.SchemaRequest{}, &s)
		out = walkSchema(out, "action "+m.TypeName, s.Schema)
	}
	for _, f := range p.Functions(ctx) {
		fn := f()
		var m function.MetadataResponse
		fn.Metadata(ctx, function.MetadataRequest{}, &m)
		var d function.DefinitionResponse
		fn.Definition(ctx, function.DefinitionRequest{}, &d)
		for _, prm := range d.Definition.Parameters {
			out = walkSchema(out, "function "+m.Name+"."+prm.GetName(), prm)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// walkSchema appends the attribute at, and every attribute nested in it, to out. The
// framework's schema types differ by package but share field names, so they are read by them.
func walkSchema(out []schemaAttr, at string, s any) []schemaAttr {
	v := reflect.ValueOf(s)
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return out
	}
	a := schemaAttr{path: at}
	if f := v.FieldByName("MarkdownDescription"); f.IsValid() {
		a.description = f.String()
	}
	if a.description == "" {
		if f := v.FieldByName("Description"); f.IsValid() && f.Kind() == reflect.String {
			a.description = f.String()
		}
	}
	for _, name := range []string{"Validators"} {
		if f := v.FieldByName(name); f.IsValid() && f.Kind() == reflect.Slice {
			for i := range f.Len() {
				a.validators = append(a.validators, f.Index(i).Interface())
			}
		}
	}
	if f := v.FieldByName("NestedObject"); f.IsValid() {
		if nv := f.FieldByName("Validators"); nv.IsValid() {
			for i := range nv.Len() {
				a.validators = append(a.validators, nv.Index(i).Interface())
			}
		}
		out = walkMap(out, at, f.FieldByName("Attributes"))
	}
	out = append(out, a)
	out = walkMap(out, at, v.FieldByName("Attributes"))
	return walkMap(out, at, v.FieldByName("Blocks"))
}

func walkMap(out []schemaAttr, at string, m reflect.Value) []schemaAttr {
	if !m.IsValid() || m.Kind() != reflect.Map {
		return out
	}
	for _, k := range m.MapKeys() {
		out = walkSchema(out, at+"."+k.String(), m.MapIndex(k).Interface())
	}
	return out
}

var _ = strings.Contains
