// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package float64default provides default values for types.Float64 attributes.
package float64default
