package provider

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/placement"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A documented rule and its enforcement are one thing: every bound or character rule a
// description states is the words of a rule a validator of that attribute checks, and every
// such validator refuses the values just outside what its words state.

// boundRE finds what states a bound in a description: a range, a length, a limit, a refused
// class of characters, a list of allowed values.
var boundRE = regexp.MustCompile(`\d+ to \d+|\bat (most|least)\b|\bbetween\b|\bup to\b|\bmust not\b|` +
	`\bwithout (control|white space|brackets|'|")|control character|white space|\bnot empty\b|\bnon-empty\b|` +
	`\b\d+ (\w+ ){0,2}(bytes|characters|digits|letters)\b|\b(above|below) zero\b|\bno more than\b|\bfewer than\b|` +
	`"[^"\s]+"` + "`?" + `( \([^)]*\))? or `)

// functionRules are the rules the functions' Run checks (a function parameter carries no
// validator of ours): their words, by parameter. TestPlaceFunction_badInput tries the values
// just outside them through Terraform (an empty name; a weight of 0, -2, 1e400).
var functionRules = map[string][]string{
	"function place.name":        {placement.NameRule},
	"function place.hosts":       {placement.WeightRule},
	"function place_group.names": {placement.NameRule},
	"function place_group.hosts": {placement.WeightRule},
}

// ruled is a validator that checks a rule of package rules, whose words it gives.
type ruled interface{ RuleText() string }

// TestSchemas_everyStatedBoundIsARule: in every schema the provider serves, a configurable
// attribute's description states no bound but the words of a rule one of its validators checks,
// and states the words of each rule its validators check.
func TestSchemas_everyStatedBoundIsARule(t *testing.T) {
	attrs := providerAttrs()
	if len(attrs) < 100 {
		t.Fatalf("walked %d attributes; the walk misses schemas", len(attrs))
	}
	rulesSeen := 0
	for _, a := range attrs {
		if !a.configurable {
			continue
		}
		rest := a.description
		texts := append([]string(nil), functionRules[a.path]...)
		for _, v := range a.validators {
			if r, ok := v.(ruled); ok {
				texts = append(texts, r.RuleText())
			}
		}
		for _, text := range texts {
			rulesSeen++
			if !strings.Contains(a.description+a.children, text) {
				t.Errorf("%s: checks %q, which its description does not state: %q", a.path, text, a.description)
			}
			rest = strings.ReplaceAll(rest, text, "")
		}
		for _, text := range a.inherited { // the rules of the object holding it, stated here
			rest = strings.ReplaceAll(rest, text, "")
		}
		for _, m := range boundRE.FindAllString(rest, -1) {
			t.Errorf("%s: description states %q with no rule of a validator behind it: %q", a.path, m, a.description)
		}
	}
	if rulesSeen < 30 {
		t.Fatalf("found %d rules on the schemas; the walk misses validators", rulesSeen)
	}
}

// TestSchemas_everyRuleRefusesJustOutside: each validator of a rule, on each attribute, refuses
// every value just outside the rule's words (below the minimum, above the maximum, zero,
// negative, each refused control character of C0, DEL and C1, white space, each forbidden
// character) and accepts the values at its bounds.
func TestSchemas_everyRuleRefusesJustOutside(t *testing.T) {
	tried := 0
	for _, a := range providerAttrs() {
		for _, v := range a.validators {
			for _, p := range probes(v) {
				tried++
				if refused := p.run(); refused != !p.inside {
					t.Errorf("%s: %s %s: refused %v, want %v", a.path, reflect.TypeOf(v).Name(), p.name, refused, !p.inside)
				}
			}
		}
	}
	if tried < 300 {
		t.Fatalf("tried %d values; the walk misses rules", tried)
	}
}

// probe is one value tried on a validator.
type probe struct {
	name   string
	inside bool        // the rule's words accept it
	run    func() bool // true when the validator refuses it
}

// probes are the values tried on validator v: its rule's Inside and Outside values.
func probes(v any) []probe {
	ctx := context.Background()
	at := path.Root("x")
	var out []probe
	addTexts := func(r rules.Text, refuses func(string) bool) {
		for _, s := range r.Inside() {
			out = append(out, probe{fmt.Sprintf("%q", s), true, func() bool { return refuses(s) }})
		}
		for _, s := range r.Outside() {
			out = append(out, probe{fmt.Sprintf("%q", s), false, func() bool { return refuses(s) }})
		}
	}
	addInts := func(r rules.Ints, refuses func(int64) bool, lo, hi int64) {
		for _, n := range r.Inside() {
			if n >= lo && n <= hi {
				out = append(out, probe{fmt.Sprint(n), true, func() bool { return refuses(n) }})
			}
		}
		for _, n := range r.Outside() {
			if n >= lo && n <= hi {
				out = append(out, probe{fmt.Sprint(n), false, func() bool { return refuses(n) }})
			}
		}
	}
	switch x := v.(type) {
	case interface {
		validator.String
		Rule() rules.Text
	}:
		addTexts(x.Rule(), func(s string) bool {
			var resp validator.StringResponse
			x.ValidateString(ctx, validator.StringRequest{Path: at, ConfigValue: types.StringValue(s)}, &resp)
			return resp.Diagnostics.HasError()
		})
	case interface {
		validator.Int64
		Rule() rules.Ints
	}:
		addInts(x.Rule(), func(n int64) bool {
			var resp validator.Int64Response
			x.ValidateInt64(ctx, validator.Int64Request{Path: at, ConfigValue: types.Int64Value(n)}, &resp)
			return resp.Diagnostics.HasError()
		}, math.MinInt64, math.MaxInt64)
	case interface {
		validator.List
		Rule() rules.Ints
	}:
		addInts(x.Rule(), func(n int64) bool {
			var resp validator.ListResponse
			x.ValidateList(ctx, validator.ListRequest{Path: at, ConfigValue: types.ListValueMust(types.StringType, elems(n))}, &resp)
			return resp.Diagnostics.HasError()
		}, 0, 1000)
	case interface {
		validator.Map
		Rule() rules.Ints
	}:
		addInts(x.Rule(), func(n int64) bool {
			m := map[string]attr.Value{}
			for i, e := range elems(n) {
				m[fmt.Sprint("h", i)] = e
			}
			var resp validator.MapResponse
			x.ValidateMap(ctx, validator.MapRequest{Path: at, ConfigValue: types.MapValueMust(types.StringType, m)}, &resp)
			return resp.Diagnostics.HasError()
		}, 0, 1000)
	case interface {
		validator.Map
		Rule() rules.Text
	}:
		addTexts(x.Rule(), func(s string) bool {
			m := types.MapValueMust(types.StringType, map[string]attr.Value{s: types.StringValue("v")})
			var resp validator.MapResponse
			x.ValidateMap(ctx, validator.MapRequest{Path: at, ConfigValue: m}, &resp)
			return resp.Diagnostics.HasError()
		})
	}
	return out
}

// elems are n string values.
func elems(n int64) []attr.Value {
	out := make([]attr.Value, n)
	for i := range out {
		out[i] = types.StringValue("v")
	}
	return out
}

// schemaAttr is one attribute (or function parameter) of the provider's schemas: where it is,
// what its description says, the validators it carries, whether a configuration sets it, the
// descriptions of its nested attributes and the rule words of the object holding it.
type schemaAttr struct {
	path, description, children string
	validators                  []any
	configurable                bool
	inherited                   []string
}

// providerAttrs walks every schema the provider serves: the provider block, each resource (and
// its identity), data source, list resource and action, and each function's parameters, nested
// attributes included.
func providerAttrs() []schemaAttr {
	ctx := context.Background()
	p := newProvider("test", nil, fastRetry)().(*kvm2Provider)
	var out []schemaAttr
	var ps provider.SchemaResponse
	p.Schema(ctx, provider.SchemaRequest{}, &ps)
	out = walkSchema(out, "provider", ps.Schema, nil)
	for _, f := range p.Resources(ctx) {
		r := f()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		out = walkSchema(out, m.TypeName, s.Schema, nil)
		if ri, ok := r.(resource.ResourceWithIdentity); ok {
			var is resource.IdentitySchemaResponse
			ri.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
			out = walkSchema(out, m.TypeName+" identity", is.IdentitySchema, nil)
		}
	}
	for _, f := range p.DataSources(ctx) {
		d := f()
		var m datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &s)
		out = walkSchema(out, "data "+m.TypeName, s.Schema, nil)
	}
	for _, f := range p.ListResources(ctx) {
		l := f()
		var m resource.MetadataResponse
		l.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s list.ListResourceSchemaResponse
		l.ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &s)
		out = walkSchema(out, "list "+m.TypeName, s.Schema, nil)
	}
	for _, f := range p.Actions(ctx) {
		a := f()
		var m action.MetadataResponse
		a.Metadata(ctx, action.MetadataRequest{ProviderTypeName: "kvm2"}, &m)
		var s action.SchemaResponse
		a.Schema(ctx, action.SchemaRequest{}, &s)
		out = walkSchema(out, "action "+m.TypeName, s.Schema, nil)
	}
	for _, f := range p.Functions(ctx) {
		fn := f()
		var m function.MetadataResponse
		fn.Metadata(ctx, function.MetadataRequest{}, &m)
		var d function.DefinitionResponse
		fn.Definition(ctx, function.DefinitionRequest{}, &d)
		for _, prm := range d.Definition.Parameters {
			out = append(out, schemaAttr{path: "function " + m.Name + "." + prm.GetName(),
				description: prm.GetMarkdownDescription(), configurable: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// walkSchema appends the attribute at, and every attribute nested in it, to out. The
// framework's schema types differ by package but share field names, so they are read by them.
// inherited are the rule words of the object holding it.
func walkSchema(out []schemaAttr, at string, s any, inherited []string) []schemaAttr {
	v := reflect.ValueOf(s)
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return out
	}
	a := schemaAttr{path: at, inherited: inherited, description: structField(v, "MarkdownDescription").String()}
	if a.description == "" && structField(v, "Description").Kind() == reflect.String {
		a.description = structField(v, "Description").String()
	}
	a.configurable = structField(v, "Required").Kind() == reflect.Bool && (structField(v, "Required").Bool() || structField(v, "Optional").Bool())
	a.validators = validatorsOf(structField(v, "Validators"))
	attrs := structField(v, "Attributes")
	if nested := structField(v, "NestedObject"); nested.IsValid() {
		// The element's own validators check the element, whose words its attributes state.
		var words []string
		elem := schemaAttr{path: at + "[]", children: a.description, configurable: a.configurable,
			validators: validatorsOf(structField(nested, "Validators"))}
		for _, val := range elem.validators {
			if r, ok := val.(ruled); ok {
				words = append(words, r.RuleText())
			}
		}
		attrs = structField(nested, "Attributes")
		for _, k := range attrs.MapKeys() {
			elem.children += " " + structField(reflect.ValueOf(attrs.MapIndex(k).Interface()), "MarkdownDescription").String()
		}
		out = append(out, elem)
		inherited = words
	}
	if attrs.IsValid() {
		for _, k := range attrs.MapKeys() {
			a.children += " " + structField(reflect.ValueOf(attrs.MapIndex(k).Interface()), "MarkdownDescription").String()
			out = walkSchema(out, at+"."+k.String(), attrs.MapIndex(k).Interface(), inherited)
		}
	}
	if blocks := structField(v, "Blocks"); blocks.IsValid() {
		for _, k := range blocks.MapKeys() {
			out = walkSchema(out, at+"."+k.String(), blocks.MapIndex(k).Interface(), nil)
		}
	}
	return append(out, a)
}

// structField is the field name of the struct v; the zero Value when v has none.
func structField(v reflect.Value, name string) reflect.Value {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	return v.FieldByName(name)
}

func validatorsOf(f reflect.Value) []any {
	if f.Kind() != reflect.Slice {
		return nil
	}
	out := make([]any, f.Len())
	for i := range out {
		out[i] = f.Index(i).Interface()
	}
	return out
}
