// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

package validator

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Float64 is a schema validator for types.Float64 attributes.
type Float64 interface {
	Describer

	// ValidateFloat64 should perform the validation.
	ValidateFloat64(context.Context, Float64Request, *Float64Response)
}

// Float64Request is a request for types.Float64 schema validation.
type Float64Request struct {
	// Path contains the path of the attribute for validation. Use this path
	// for any response diagnostics.
	Path path.Path

	// PathExpression contains the expression matching the exact path
	// of the attribute for validation.
	PathExpression path.Expression

	// Config contains the entire configuration of the data source, provider, or resource.
	Config tfsdk.Config

	// ConfigValue contains the value of the attribute for validation from the configuration.
	ConfigValue types.Float64

	// ClientCapabilities defines optionally supported protocol features for
	// schema validation RPCs, such as forward-compatible Terraform
	// behavior changes.
	ClientCapabilities ValidateSchemaClientCapabilities
}

// Float64Response is a response to a Float64Request.
type Float64Response struct {
	// Diagnostics report errors or warnings related to validating the data source, provider, or resource
	// configuration. An empty slice indicates success, with no warnings
	// or errors generated.
	Diagnostics diag.Diagnostics
}
