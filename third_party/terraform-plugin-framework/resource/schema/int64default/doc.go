// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package int64default provides default values for types.Int64 attributes.
package int64default
