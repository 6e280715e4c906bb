// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package stringdefault provides default values for types.String attributes.
package stringdefault
