// Package validators holds the schema validators of the kvm2 provider. Each wraps a rule of
// package rules, so a plan refuses exactly what the core would refuse at apply, and carries a
// description of the rule for humans.
package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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
