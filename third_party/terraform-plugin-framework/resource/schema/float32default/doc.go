// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package float32default provides default values for types.Float32 attributes.
package float32default
