// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package planmodifiers contains plan modifiers for testing.
package planmodifiers
