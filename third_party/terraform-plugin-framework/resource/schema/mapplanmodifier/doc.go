// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package mapplanmodifier provides plan modifiers for types.Map attributes.
package mapplanmodifier
