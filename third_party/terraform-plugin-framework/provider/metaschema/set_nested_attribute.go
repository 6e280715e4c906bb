// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

package metaschema

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/internal/fwschema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Ensure the implementation satisifies the desired interfaces.
var (
	_ NestedAttribute = SetNestedAttribute{}
)

// SetNestedAttribute represents an attribute that is a set of objects where
// the object attributes can be fully defined, including further nested
// attributes. When retrieving the value for this attribute, use types.Set
// as the value type unless the CustomType field is set. The NestedObject field
// must be set. Nested attributes are only compatible with protocol version 6.
//
// Use SetAttribute if the underlying elements are of a single type and do
// not require definition beyond type information.
//
// Terraform configurations configure this attribute using expressions that
// return a set of objects or directly via square and curly brace syntax.
//
//	# set of objects
//	example_attribute = [
//		{
//			nested_attribute = #...
//		},
//	]
//
// Terraform configurations reference this attribute using expressions that
// accept a set of objects. Sets cannot be indexed in Terraform, therefore
// an expression is required to access an explicit element.
type SetNestedAttribute struct {
	// NestedObject is the underlying object that contains nested attributes.
	// This field must be set.
	NestedObject NestedAttributeObject

	// CustomType enables the use of a custom attribute type in place of the
	// default types.SetType of types.ObjectType. When retrieving data, the
	// basetypes.SetValuable associated with this custom type must be used in
	// place of types.Set.
	CustomType basetypes.SetTypable

	// Required indicates whether the practitioner must enter a value for
	// this attribute or not. Required and Optional cannot both be true,
	// and Required and Computed cannot both be true.
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
}

// ApplyTerraform5AttributePathStep returns the Attributes field value if step
// is ElementKeyValue, otherwise returns an error.
func (a SetNestedAttribute) ApplyTerraform5AttributePathStep(step tftypes.AttributePathStep) (interface{}, error) {
	_, ok := step.(tftypes.ElementKeyValue)

	if !ok {
		return nil, fmt.Errorf("cannot apply step %T to SetNestedAttribute", step)
	}

	return a.NestedObject, nil
}

// Equal returns true if the given Attribute is a SetNestedAttribute
// and all fields are equal.
func (a SetNestedAttribute) Equal(o fwschema.Attribute) bool {
	other, ok := o.(SetNestedAttribute)

	if !ok {
		return false
	}

	return fwschema.NestedAttributesEqual(a, other)
}

// GetDeprecationMessage always returns an empty string as there is no
// deprecation validation support for provider meta schemas.
func (a SetNestedAttribute) GetDeprecationMessage() string {
	return ""
}

// GetDescription returns the Description field value.
func (a SetNestedAttribute) GetDescription() string {
	return a.Description
}

// GetMarkdownDescription returns the MarkdownDescription field value.
func (a SetNestedAttribute) GetMarkdownDescription() string {
	return a.MarkdownDescription
}

// GetNestedObject returns the NestedObject field value.
func (a SetNestedAttribute) GetNestedObject() fwschema.NestedAttributeObject {
	return a.NestedObject
}

// GetNestingMode always returns NestingModeSet.
func (a SetNestedAttribute) GetNestingMode() fwschema.NestingMode {
	return fwschema.NestingModeSet
}

// GetType returns SetType of ObjectType or CustomType.
func (a SetNestedAttribute) GetType() attr.Type {
	if a.CustomType != nil {
		return a.CustomType
	}

	return types.SetType{
		ElemType: a.NestedObject.Type(),
	}
}

// IsComputed always returns false as provider schemas cannot be Computed.
func (a SetNestedAttribute) IsComputed() bool {
	return false
}

// IsOptional returns the Optional field value.
func (a SetNestedAttribute) IsOptional() bool {
	return a.Optional
}

// IsRequired returns the Required field value.
func (a SetNestedAttribute) IsRequired() bool {
	return a.Required
}

// IsSensitive always returns false as there is no plan for provider meta
// schema data.
func (a SetNestedAttribute) IsSensitive() bool {
	return false
}

// IsWriteOnly returns false as write-only attributes are not relevant to provider meta schemas,
// as these schemas describe data explicitly not saved to any artifact.
func (a SetNestedAttribute) IsWriteOnly() bool {
	return false
}

// IsRequiredForImport returns false as this behavior is only relevant
// for managed resource identity schema attributes.
func (a SetNestedAttribute) IsRequiredForImport() bool {
	return false
}

// IsOptionalForImport returns false as this behavior is only relevant
// for managed resource identity schema attributes.
func (a SetNestedAttribute) IsOptionalForImport() bool {
	return false
}
