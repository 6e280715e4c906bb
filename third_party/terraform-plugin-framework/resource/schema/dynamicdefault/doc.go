// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package dynamicdefault provides default values for types.Dynamic attributes.
package dynamicdefault
