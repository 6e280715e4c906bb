// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package numberdefault provides default values for types.Number attributes.
package numberdefault
