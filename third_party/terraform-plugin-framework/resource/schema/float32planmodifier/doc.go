// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package float32planmodifier provides plan modifiers for types.Float32 attributes.
package float32planmodifier
