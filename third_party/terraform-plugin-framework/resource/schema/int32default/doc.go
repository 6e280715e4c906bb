// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package int32default provides default values for types.Int32 attributes.
package int32default
