// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package numberplanmodifier provides plan modifiers for types.Number attributes.
package numberplanmodifier
