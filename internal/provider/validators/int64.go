package validators

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// int64Rule checks a number attribute with a core rule.
type int64Rule struct {
	description string
	check       func(int64) error
}

var _ validator.Int64 = int64Rule{}

// Int64 returns a validator that refuses a known value check refuses; description says what
// the value must be ("1 to 255").
func Int64(description string, check func(int64) error) validator.Int64 {
	return int64Rule{description: description, check: check}
}

func (v int64Rule) Description(context.Context) string {
	return "value must be " + v.description
}

func (v int64Rule) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v int64Rule) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := v.check(req.ConfigValue.ValueInt64()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid attribute value", detail(err, v.description))
	}
}
