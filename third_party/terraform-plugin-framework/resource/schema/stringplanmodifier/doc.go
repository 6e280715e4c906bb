// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package stringplanmodifier provides plan modifiers for types.String attributes.
package stringplanmodifier
