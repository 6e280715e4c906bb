// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package int32planmodifier provides plan modifiers for types.Int32 attributes.
package int32planmodifier
