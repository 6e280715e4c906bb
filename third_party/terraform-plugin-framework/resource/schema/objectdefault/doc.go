// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package objectdefault provides default values for types.Object attributes.
package objectdefault
