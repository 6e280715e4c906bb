// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package listdefault provides default values for types.List attributes.
package listdefault
