// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package boolplanmodifier provides plan modifiers for types.Bool attributes.
package boolplanmodifier
