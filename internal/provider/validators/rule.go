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

type stringRule struct{ rule[string] }

type int64Rule struct{ rule[int64] }

var (
	_ validator.String = stringRule{}
	_ validator.Int64  = int64Rule{}
)

// String returns a validator that refuses a known string value check refuses.
func String(description string, check func(string) error) validator.String {
	return stringRule{rule[string]{description: description, check: check}}
}

// Int64 returns a validator that refuses a known number value check refuses.
func Int64(description string, check func(int64) error) validator.Int64 {
	return int64Rule{rule[int64]{description: description, check: check}}
}

func (v stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(req.ConfigValue.ValueString(), known, req.Path, &resp.Diagnostics)
}

func (v int64Rule) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	known := !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown()
	v.validate(req.ConfigValue.ValueInt64(), known, req.Path, &resp.Diagnostics)
}

type listRule struct{ rule[int] }

type objectRule struct {
	rule[map[string]attr.Value]
}

var (
	_ validator.List   = listRule{}
	_ validator.Object = objectRule{}
)

// List returns a validator that refuses a known list whose length check refuses.
func List(description string, check func(int) error) validator.List {
	return listRule{rule[int]{description: description, check: check}}
}

// Object returns a validator that refuses a known object whose attributes check refuses. The
// object is checked only when every attribute is known: an unknown one may settle the rule.
func Object(description string, check func(map[string]attr.Value) error) validator.Object {
	return objectRule{rule[map[string]attr.Value]{description: description, check: check}}
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
