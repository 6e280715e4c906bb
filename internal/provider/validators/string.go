// Package validators holds the schema validators of the kvm2 provider. Each wraps a rule the
// core (package kvm2) exports, so a plan refuses exactly what the core would refuse at apply,
// and carries a description of the rule for humans.
package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// stringRule checks a string attribute with a core rule.
type stringRule struct {
	description string
	check       func(string) error
}

var _ validator.String = stringRule{}

// String returns a validator that refuses a known value check refuses; description says what
// the value must be ("a DNS label: ...").
func String(description string, check func(string) error) validator.String {
	return stringRule{description: description, check: check}
}

func (v stringRule) Description(context.Context) string {
	return "value must be " + v.description
}

func (v stringRule) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := v.check(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid attribute value", detail(err, v.description))
	}
}

// detail renders what is wrong and what the rule is.
func detail(err error, description string) string {
	return fmt.Sprintf("%v.\n\nThe value must be %s.", err, description)
}
