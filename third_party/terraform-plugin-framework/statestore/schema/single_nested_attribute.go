// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

package schema

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/internal/fwschema"
	"github.com/hashicorp/terraform-plugin-framework/internal/fwschema/fwxschema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Ensure the implementation satisifies the desired interfaces.
var (
	_ NestedAttribute                         = SingleNestedAttribute{}
	_ fwxschema.AttributeWithObjectValidators = SingleNestedAttribute{}
)

// SingleNestedAttribute represents an attribute that is a single object where
// the object attributes can be fully defined, including further nested
// attributes. When retrieving the value for this attribute, use types.Object
// as the value type unless the CustomType field is set. The Attributes field
// must be set.
//
// Use ObjectAttribute if the underlying attributes do not require definition
// beyond type information.
//
// Terraform configurations configure this attribute using expressions that
// return an object or directly via curly brace syntax.
//
//	# single object
//	example_attribute = {
//		nested_attribute = #...
//	}
//
// Terraform configurations reference this attribute using expressions that
// accept an object or an attribute name directly via period syntax:
//
//	# object nested_attribute value
//	.example_attribute.nested_attribute
type SingleNestedAttribute struct {
	// Attributes is the mapping of underlying attribute names to attribute
	// definitions. This field must be set.
	Attributes map[string]Attribute

	// CustomType enables the use of a custom attribute type in place of the
	// default basetypes.ObjectType. When retrieving data, the basetypes.ObjectValuable
	// associated with this custom type must be used in place of types.Object.
	CustomType basetypes.ObjectTypable

	// Required indicates whether the practitioner must enter a value for
	// this attribute or not. Required and Optional cannot both be true.
	Required bool

	// Optional indicates whether the practitioner can choose to enter a value
	// for this attribute or not. Optional and Required cannot both be true.
	Optional bool

	// Description is used in various tooling, like the language server, to
	// give practitioners more information about what this attribute is,
	// what it's for, and how it should be used. It should be written as
	// plain text, with no special formatting.
	Description string

	// MarkdownDescription is used in various tooling, like the
	// documentation generator, to give practitioners more information
	// about what this attribute is, what it's for, and how it should be
	// used. It should be formatted using Markdown.
	MarkdownDescription string

	// DeprecationMessage defines warning diagnostic details to display when
	// practitioner configurations use this Attribute. The warning diagnostic
	// summary is automatically set to "Attribute Deprecated" along with
	// configuration source file and line information.
	//
	// Set this field to a practitioner actionable message such as:
	//
	//  - "Configure other_attribute instead. This attribute will be removed
	//    in the next major version of the provider."
	//  - "Remove this attribute's configuration as it no longer is used and
	//    the attribute will be removed in the next major version of the
	//    provider."
	//
	// Across any Terraform version, there are no warnings raised for
	// practitioner configuration values set directly to null, as there is no
	// way for the framework to differentiate between an unset and null
	// configuration due to how Terraform sends configuration information
	// across the protocol.
	DeprecationMessage string

	// Validators define value validation functionality for the attribute. All
	// elements of the slice of AttributeValidator are run, regardless of any
	// previous error diagnostics.
	//
	// Many common use case validators can be found in the
	// github.com/hashicorp/terraform-plugin-framework-validators Go module.
	//
	// If the Type field points to a custom type that implements the
	// xattr.TypeWithValidate interface, the validators defined in this field
	// are run in addition to the validation defined by the type.
	Validators []validator.Object
}

// ApplyTerraform5AttributePathStep returns the Attributes field value if step
// is AttributeName, otherwise returns an error.
func (a SingleNestedAttribute) ApplyTerraform5AttributePathStep(step tftypes.AttributePathStep) (interface{}, error) {
	name, ok := step.(tftypes.AttributeName)

	if !ok {
		return nil, fmt.Errorf("cannot apply step %T to SingleNestedAttribute", step)
	}

	attribute, ok := a.Attributes[string(name)]

	if !ok {
		return nil, fmt.Errorf("no attribute %q on SingleNestedAttribute", name)
	}

	return attribute, nil
}

// Equal returns true if the given Attribute is a SingleNestedAttribute
// and all fields are equal.
func (a SingleNestedAttribute) Equal(o fwschema.Attribute) bool {
	other, ok := o.(SingleNestedAttribute)

	if !ok {
		return false
	}

	return fwschema.NestedAttributesEqual(a, other)
}

// GetAttributes returns the Attributes field value.
func (a SingleNestedAttribute) GetAttributes() fwschema.UnderlyingAttributes {
	return schemaAttributes(a.Attributes)
}

// GetDeprecationMessage returns the DeprecationMessage field value.
func (a SingleNestedAttribute) GetDeprecationMessage() string {
	return a.DeprecationMessage
}

// GetDescription returns the Description field value.
func (a SingleNestedAttribute) GetDescription() string {
	return a.Description
}

// GetMarkdownDescription returns the MarkdownDescription field value.
func (a SingleNestedAttribute) GetMarkdownDescription() string {
	return a.MarkdownDescription
}

// GetNestedObject returns a generated NestedAttributeObject from the
// Attributes, CustomType, and Validators field values.
func (a SingleNestedAttribute) GetNestedObject() fwschema.NestedAttributeObject {
	return NestedAttributeObject{
		Attributes: a.Attributes,
		CustomType: a.CustomType,
		Validators: a.Validators,
	}
}

// GetNestingMode always returns NestingModeSingle.
func (a SingleNestedAttribute) GetNestingMode() fwschema.NestingMode {
	return fwschema.NestingModeSingle
}

// GetType returns ListType of ObjectType or CustomType.
func (a SingleNestedAttribute) GetType() attr.Type {
	if a.CustomType != nil {
		return a.CustomType
	}

	attrTypes := make(map[string]attr.Type, len(a.Attributes))

	for name, attribute := range a.Attributes {
		attrTypes[name] = attribute.GetType()
	}

	return types.ObjectType{
		AttrTypes: attrTypes,
	}
}

// IsComputed always returns false as state store schema attributes cannot be Computed.
func (a SingleNestedAttribute) IsComputed() bool {
	return false
}

// IsOptional returns the Optional field value.
func (a SingleNestedAttribute) IsOptional() bool {
	return a.Optional
}

// IsRequired returns the Required field value.
func (a SingleNestedAttribute) IsRequired() bool {
	return a.Required
}

// IsSensitive always returns false as state store schema attributes cannot be Sensitive.
func (a SingleNestedAttribute) IsSensitive() bool {
	return false
}

// IsWriteOnly always returns false as state store schema attributes cannot be WriteOnly.
func (a SingleNestedAttribute) IsWriteOnly() bool {
	return false
}

// IsRequiredForImport returns false as this behavior is only relevant
// for managed resource identity schema attributes.
func (a SingleNestedAttribute) IsRequiredForImport() bool {
	return false
}

// IsOptionalForImport returns false as this behavior is only relevant
// for managed resource identity schema attributes.
func (a SingleNestedAttribute) IsOptionalForImport() bool {
	return false
}

// ObjectValidators returns the Validators field value.
func (a SingleNestedAttribute) ObjectValidators() []validator.Object {
	return a.Validators
}
