// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package objectplanmodifier provides plan modifiers for types.Object attributes.
package objectplanmodifier
