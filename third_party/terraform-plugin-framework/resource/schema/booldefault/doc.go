// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package booldefault provides default values for types.Bool attributes.
package booldefault
