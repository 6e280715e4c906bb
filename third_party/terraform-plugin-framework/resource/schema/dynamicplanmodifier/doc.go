// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package dynamicplanmodifier provides plan modifiers for types.Dynamic attributes.
package dynamicplanmodifier
