// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package listplanmodifier provides plan modifiers for types.List attributes.
package listplanmodifier
