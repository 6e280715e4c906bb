// Package validators holds the schema validators of the kvm2 provider. Each wraps a rule of
// package rules, so a plan refuses exactly what the core would refuse at apply, and carries a
// description of the rule for humans.
package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// rule checks a known value of type T with a core rule; description says what the value must
// be ("1 to 255", "a DNS label: ...").
type rule[T any] struct {
	description string
	check       func(T) error
}

func (v rule[T]) Description(context.Context) string {
	return "value must be " + v.description
}

func (v rule[T]) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

// validate refuses value when it is known and the rule refuses it. A null or unknown value is
// left to the framework (required attributes) and to apply.
func (v rule[T]) validate(value T, known bool, at path.Path, diags *diag.Diagnostics) {
	if !known {
		return
	}
	if err := v.check(value); err != nil {
		diags.AddAttributeError(at, "Invalid attribute value", fmt.Sprintf("%v.\n\nThe value must be %s.", err, v.description))
	}
}

// stringRule checks a string by a rules.Text; int64Rule a number, and listRule a list's length,
// by a rules.Ints. Each gives its rule back (Rule), so a test can try the values its words
// refuse.
type stringRule struct {
	rule[string]
	r rules.Text
}

type int64Rule struct {
	rule[int64]
	r rules.Ints
}

var (
	_ validator.String = stringRule{}
	_ validator.Int64  = int64Rule{}
)

// Rule is the rule the validator checks.
func (v stringRule) Rule() rules.Text { return v.r }

// Rule is the rule the validator checks.
func (v int64Rule) Rule() rules.Ints { return v.r }

// RuleText is the words of the rule the validator checks, as the description says them.
func (v rule[T]) RuleText() string { return v.description }

// String returns a validator that refuses a known string r refuses.
func String(r rules.Text) validator.String {
	return stringRule{rule[string]{description: r.Text(), check: r.Check}, r}
}

// Int64 returns a validator that refuses a known number r refuses.
func Int64(r rules.Ints) validator.Int64 {
	return int64Rule{rule[int64]{description: r.Text(), check: r.Check}, r}
}

func (v stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(req.ConfigValue.ValueString(), known, req.Path, &resp.Diagnostics)
}

func (v int64Rule) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(req.ConfigValue.ValueInt64(), known, req.Path, &resp.Diagnostics)
}

type listRule struct {
	rule[int]
	r rules.Ints
}

type mapSizeRule struct {
	rule[int]
	r rules.Ints
}

// mapKeysRule checks every key of a map by a rules.Text.
type mapKeysRule struct {
	rule[string]
	r rules.Text
}

type objectRule struct {
	rule[map[string]attr.Value]
}

var (
	_ validator.List   = listRule{}
	_ validator.Map    = mapSizeRule{}
	_ validator.Map    = mapKeysRule{}
	_ validator.Object = objectRule{}
)

// Rule is the rule the validator checks.
func (v listRule) Rule() rules.Ints { return v.r }

// Rule is the rule the validator checks.
func (v mapSizeRule) Rule() rules.Ints { return v.r }

// Rule is the rule the validator checks.
func (v mapKeysRule) Rule() rules.Text { return v.r }

// List returns a validator that refuses a known list whose length r refuses.
func List(r rules.Ints) validator.List {
	return listRule{rule[int]{description: r.Text(), check: func(n int) error { return r.Check(int64(n)) }}, r}
}

// MapSize returns a validator that refuses a known map whose number of elements r refuses.
func MapSize(r rules.Ints) validator.Map {
	return mapSizeRule{rule[int]{description: r.Text(), check: func(n int) error { return r.Check(int64(n)) }}, r}
}

// MapKeys returns a validator that refuses a known map with a key r refuses.
func MapKeys(r rules.Text) validator.Map {
	return mapKeysRule{rule[string]{description: r.Text(), check: r.Check}, r}
}

// Object returns a validator that refuses a known object whose attributes check refuses. The
// object is checked only when every attribute is known: an unknown one may settle the rule.
func Object(description string, check func(map[string]attr.Value) error) validator.Object {
	return objectRule{rule[map[string]attr.Value]{description: description, check: check}}
}

func (v mapSizeRule) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(len(req.ConfigValue.Elements()), known, req.Path, &resp.Diagnostics)
}

func (v mapKeysRule) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for k := range req.ConfigValue.Elements() {
		v.validate(k, true, req.Path.AtMapKey(k), &resp.Diagnostics)
	}
}

func (v listRule) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(len(req.ConfigValue.Elements()), known, req.Path, &resp.Diagnostics)
}

func (v objectRule) ValidateObject(_ context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	attrs := req.ConfigValue.Attributes()
	for _, a := range attrs {
		if a.IsUnknown() {
			known = false
		}
	}
	v.validate(attrs, known, req.Path, &resp.Diagnostics)
}

// stringAttr is the value of a known string attribute of attrs; "" when null, unknown or absent.
func stringAttr(attrs map[string]attr.Value, name string) string {
	if s, ok := attrs[name].(types.String); ok {
		return s.ValueString()
	}
	return ""
}
